"""The table page: a person plays against three built-in players. Over the WebSocket (Starlette's test
client) a whole session is played and paid; in headless Chromium a hand is played to its end through
the page's buttons, every message the page receives is checked to hold exactly what the person may
see, the hint panel is checked against ``fanrules analyze``, and the game log replays."""
from __future__ import annotations

import json
import os
import shutil
import urllib.request
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from web_page_helpers import chromium
from fanrules.game import Action, game_rules, observe, read_games
from fanrules.game.log import table_from_header
from fanrules.ruleset import load_ruleset
from fanrules.tools.cli import main
from fanrules.web.app import make_app
from fanrules.web.server import make_server
from fanrules.web.table_play import PERSON, public_action
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

if TYPE_CHECKING:
    from selenium.webdriver.remote.webdriver import WebDriver

ROOT = Path(__file__).resolve().parents[1]
SHOTS = Path(os.environ.get("FANRULES_SCREENSHOTS", ROOT / "build" / "screenshots"))
BROWSER = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver")
FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--hide-scrollbars", "--window-size=1200,1100")
#: Installed in the page before its scripts run: every WebSocket message received is kept for the test.
RECORDER = """window.__received = [];
const NativeSocket = window.WebSocket;
window.WebSocket = function (url, protocols) {
  const socket = new NativeSocket(url, protocols);
  socket.addEventListener("message", (event) => window.__received.push(event.data));
  return socket;
};
Object.assign(window.WebSocket, { CONNECTING: 0, OPEN: 1, CLOSING: 2, CLOSED: 3 });
window.WebSocket.prototype = NativeSocket.prototype;"""


def observations_hold_only_what_the_person_sees(messages: list[dict[str, Any]], log: str) -> int:
    """Check each view of ``messages`` against the logged game replayed to the same step: the person's
    observation exactly, and the actions as the person saw them. Returns the views checked."""
    (head, events), = read_games(log.splitlines())
    table = table_from_header(head, game_rules(head["rules"]))
    actions = [e for e in events if e["type"] == "action"]
    done = checked = 0
    for message in messages:
        view = message.get("view")
        if view is None:
            continue
        assert view["step"] >= done
        while done < view["step"]:
            table.step(Action.from_json(actions[done]))
            done += 1
        assert view["observation"] == json.loads(json.dumps(observe(table, PERSON).to_json()))
        assert view["actions"] == [public_action(e, PERSON) for e in actions[:done]][-40:]
        checked += 1
    return checked


@pytest.mark.slow
def test_a_session_over_the_websocket_is_played_paid_and_logged(tmp_path: Path) -> None:
    with TestClient(make_app(load_ruleset("mcr")), base_url="http://localhost") as client:
        made = client.post("/api/tables", json={"session": True, "seed": 7})
        assert made.status_code == 201
        key = made.json()["id"]
        results = []
        with client.websocket_connect(f"ws://localhost/ws/tables/{key}") as ws:
            view = ws.receive_json()["view"]
            assert ws.send_json({"act": {"action": "fly"}}) is None and "unknown action 'fly'" in ws.receive_json()["error"]["message"]
            for _ in range(5000):
                if view["finished"]:
                    break
                if view["over"]:
                    results.append(view["result"]["outcome"])
                    ws.send_json({"next": True})
                else:
                    legal = view["observation"]["legal"]
                    wins = [a for a in legal if a["action"] == "win"]
                    ws.send_json({"act": (wins or [a for a in legal if a["action"] in ("pass", "discard", "flower")] or legal)[-1]})
                view = ws.receive_json()["view"]
            results.append(view["result"]["outcome"])
        assert view["finished"] and view["session"]["finished"] and len(results) == view["hands"] == 16
        assert sorted(s["place"] for s in view["session"]["standings"]) == [1, 2, 3, 4]
        assert len(view["session"]["events"]) == 16 and all(sum(e["changes"]) == 0 for e in view["session"]["events"])
        log = client.get(f"/api/tables/{key}/log").text
    assert len(list(read_games(log.splitlines()))) == 16
    (tmp_path / "session.jsonl").write_text(log, encoding="utf-8")
    assert main(["replay", str(tmp_path / "session.jsonl")]) == 0


def test_tables_are_bounded_and_refuse_nonsense() -> None:
    app = make_app(load_ruleset("mcr"))
    app.state.tables.tables.limit = 2
    with TestClient(app, base_url="http://localhost") as client:
        assert client.post("/api/tables", json={}).status_code == 201
        assert client.post("/api/tables", json={"rules": "casual"}).status_code == 201
        full = client.post("/api/tables", json={})
        assert full.status_code == 503 and full.json()["error"]["kind"] == "busy"
        for body, words in (({"rules": "nothing"}, "no rule set 'nothing'"), ({"seed": -1}, "seed must be"),
                            ({"session": "yes"}, "session must be"), ({"sesion": True}, "unknown key 'sesion'")):
            error = client.post("/api/tables", json=body).json()["error"]
            assert words in error["message"] and set(error) == {"kind", "message", "field"}
        assert client.get("/api/tables/nothing").status_code == 404
        several = game_rules("mcr")
        app.state.tables.rules["mcr"] = replace(several, procedure=replace(several.procedure, several_wins="all"))
        refused = client.post("/api/tables", json={"rules": "mcr"})
        assert refused.status_code == 422 and "lets several win" in refused.json()["error"]["message"]
        del app.state.tables.rules["mcr"]
        with pytest.raises(WebSocketDisconnect), client.websocket_connect("ws://localhost/ws/tables/nothing") as ws:  # closed before accepted
            ws.receive_json()
        key = client.post("/api/tables", json={}).json()
        assert "error" in key  # still full: tables expire only when left unused
        app.state.tables.tables.idle = 0
        assert client.post("/api/tables", json={}).status_code == 201


def test_what_the_page_may_send_over_the_websocket_is_checked() -> None:
    with TestClient(make_app(load_ruleset("mcr")), base_url="http://localhost") as client:
        key = client.post("/api/tables", json={"seed": 1}).json()["id"]
        with client.websocket_connect(f"ws://localhost/ws/tables/{key}") as ws:
            step = ws.receive_json()["view"]["step"]
            for sent, words in ((b"\x00\x01", "a message is JSON text"), ("{bad", "a message is JSON"), ("[" * 3000, "a message is JSON"),
                                ("x" * 5000, "at most 4096"), ('{"act": {"action": "\\ud800"}}', "unknown action '\\ud800'"),
                                ('{"act": {"action": "discard", "tile": "9z"}}', "9z"), ('{"hint": true, "next": true}', "a message is")):
                if isinstance(sent, bytes):
                    ws.send_bytes(sent)
                else:
                    ws.send_text(sent)
                answer = ws.receive_json()
                assert "error" in answer and words in answer["error"]["message"]
                assert "view" not in answer or answer["view"]["step"] == step
            ws.send_json({"hint": True})
            hint = ws.receive_json()
            assert "view" not in hint and ("shanten" in hint["hint"] if "hint" in hint else "13 or 14 tiles" in hint["error"]["message"])


# --- in the browser ------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def browser() -> Iterator[WebDriver]:
    if BROWSER is None or DRIVER is None:
        pytest.skip("headless Chromium not installed: apt-get install chromium chromium-driver (.ci/run does)")
    yield from chromium(FLAGS, RECORDER)


#: Whether the person may discard now (the page's own tiles are buttons then).
YOUR_TURN = "return document.querySelectorAll('#seat-own button.own-tile:not(:disabled)').length > 0;"
#: The person's choice, clicked in the page in one go (the page redraws between two of Selenium's calls):
#: a win when there is one, a flower, a pass, else the discard of the drawn (rightmost) tile.
CHOOSE = """const acts = {};
for (const b of document.querySelectorAll('#actions button.action')) acts[b.dataset.action] = acts[b.dataset.action] || b;
const own = Array.from(document.querySelectorAll('#seat-own button.own-tile')).filter((b) => !b.disabled);
const choice = acts.win || acts.flower || acts.pass || own[own.length - 1] || Object.values(acts)[0];
if (choice) choice.click();
return choice ? (choice.dataset.action || 'discard') : null;"""


def received(driver: WebDriver) -> list[dict[str, Any]]:
    return [json.loads(m) for m in driver.execute_script("return window.__received;")]


def wait_until(driver: WebDriver, test: Any, seconds: float = 30) -> None:
    from selenium.webdriver.support.ui import WebDriverWait

    WebDriverWait(driver, seconds, poll_frequency=0.02).until(test)


def check_hint(driver: WebDriver, capsys: pytest.CaptureFixture[str]) -> None:
    """The hint panel shows what ``fanrules analyze`` says of the same tiles, tiles in sight and context."""
    head = driver.find_element("id", "hint-head")
    argv = ["analyze", head.get_attribute("data-hand") or "", "--seat", head.get_attribute("data-seat") or "",
            "--round", head.get_attribute("data-round") or "", "--flowers", str(min(8, int(head.get_attribute("data-flowers") or 0))), "--json"]
    if head.get_attribute("data-visible"):
        argv[2:2] = ["--visible", head.get_attribute("data-visible") or ""]
    capsys.readouterr()
    assert main(argv) == 0
    expected = json.loads(capsys.readouterr().out)
    assert driver.find_element("id", "hint-shanten").get_attribute("data-shanten") == str(expected["shanten"])
    rows = driver.find_elements("css selector", "#hint-panel .discard-row")
    if "discards" in expected:
        assert [r.get_attribute("data-tile") for r in rows] == [d["discard"] for d in expected["discards"]]
        best = expected["discards"][0]["best_total"]
        assert best is None or f"up to {best} points" in rows[0].text
    else:
        chips = driver.find_elements("css selector", "#hint-panel .chip")
        assert [(c.get_attribute("data-tile"), c.text.split("×")[-1]) for c in chips] == [(u["tile"], str(u["remaining"])) for u in expected["useful"]]


@pytest.mark.slow
def test_a_hand_played_in_the_browser(browser: WebDriver, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    with make_server(load_ruleset("mcr"), port=0, quiet=True).running() as server:
        base = server.url
        browser.get(base + "table?seed=1&pace=0")  # a hand that ends in a win, for the screenshot
        browser.find_element("id", "hints").click()
        browser.find_element("id", "start").click()
        wait_until(browser, lambda d: d.find_elements("css selector", "#seat-own .seat-tiles"))
        hints = 0
        for _ in range(600):
            if browser.find_elements("css selector", "#outcome"):
                break
            count = len(received(browser))
            if hints < 3 and browser.execute_script(YOUR_TURN):  # the hint for these tiles arrives after the view
                wait_until(browser, lambda d: d.find_element("id", "hint-panel").is_displayed())
                check_hint(browser, capsys)
                hints += 1
                if hints == 1:
                    SHOTS.mkdir(parents=True, exist_ok=True)
                    browser.save_screenshot(str(SHOTS / "table.png"))
                count = len(received(browser))
            browser.execute_script(CHOOSE)
            wait_until(browser, lambda d, n=count: len(received(d)) > n)
        assert browser.find_elements("css selector", "#outcome") and hints
        SHOTS.mkdir(parents=True, exist_ok=True)
        browser.set_window_size(1200, 1500)  # the result, the payments and the standings in one picture
        browser.save_screenshot(str(SHOTS / "table-result.png"))
        browser.set_window_size(1200, 1100)
        key = received(browser)[-1].get("view", received(browser)[0]["view"])["id"]
        request = urllib.request.Request(f"{base}api/tables/{key}/log", headers={"Host": f"localhost:{server.server_address[1]}"})
        with urllib.request.urlopen(request, timeout=10) as answer:
            log = answer.read().decode("utf-8")
    messages = received(browser)
    assert observations_hold_only_what_the_person_sees(messages, log) >= 10
    outcome = browser.find_element("id", "outcome").get_attribute("data-outcome")
    (_, events), = read_games(log.splitlines())
    assert outcome == events[-1]["outcome"]
    if outcome == "win":
        win = next(e for e in events if e["type"] == "win")
        assert browser.find_element("id", "win-total").text == str(win["result"]["total"])
    (tmp_path / "game.jsonl").write_text(log, encoding="utf-8")
    assert main(["replay", str(tmp_path / "game.jsonl")]) == 0


@pytest.mark.slow
def test_a_session_in_the_browser_goes_from_hand_to_hand_with_standings(browser: WebDriver) -> None:
    with make_server(load_ruleset("mcr"), port=0, quiet=True).running() as server:
        browser.get(server.url + "table?pace=0")
        browser.find_element("css selector", "input[name=length][value=session]").click()
        browser.find_element("id", "start").click()
        wait_until(browser, lambda d: d.find_elements("css selector", "#seat-own .seat-tiles"))
        for hand in (1, 2):
            for _ in range(600):
                if browser.find_elements("css selector", "#outcome"):
                    break
                count = len(received(browser))
                browser.execute_script(CHOOSE)
                wait_until(browser, lambda d, n=count: len(received(d)) > n)
            rows = browser.find_elements("css selector", "#standings-table tr[data-player]")
            assert len(rows) == 4 and f"{hand} hand(s) of 16 played" in browser.find_element("id", "standings").text
            view = [m["view"] for m in received(browser) if "view" in m][-1]
            start = view["session"]["standings"][0]["points"] - view["session"]["standings"][0]["change"]
            assert [int(r.find_elements("tag name", "td")[2].text) for r in sorted(rows, key=lambda r: int(r.get_attribute("data-player") or 0))] \
                == [total - start for total in view["session"]["totals"]]
            count = len(received(browser))
            browser.find_element("id", "next-hand").click()
            wait_until(browser, lambda d, n=count: len(received(d)) > n)
            view = [m["view"] for m in received(browser) if "view" in m][-1]
            assert view["hand_number"] == hand + 1 and bool(browser.find_elements("css selector", "#outcome")) == view["over"]
