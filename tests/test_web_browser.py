"""The rule book and the playground in a real browser: headless Chromium (Debian's chromium and
chromium-driver) driven by Selenium. Screenshots of the book's index, a fan page and a scored hand go
to $FANRULES_SCREENSHOTS (default build/screenshots); the README's images are made with
``FANRULES_SCREENSHOTS=docs/images python -m pytest tests/test_web_browser.py``."""
from __future__ import annotations

import json
import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from web_page_helpers import chromium
from fanrules.ruleset import load_ruleset
from fanrules.tools.cli import main
from fanrules.web.server import PlaygroundServer, make_server

if TYPE_CHECKING:
    from selenium.webdriver.remote.webdriver import WebDriver


class By:
    """The WebDriver locator strategies used here (selenium is imported only when a test runs, so that
    collecting the suite does not grow the test process: other tests measure their children's memory)."""

    CSS_SELECTOR = "css selector"
    ID = "id"
    CLASS_NAME = "class name"
    TAG_NAME = "tag name"


ROOT = Path(__file__).resolve().parents[1]
SHOTS = Path(os.environ.get("FANRULES_SCREENSHOTS", ROOT / "build" / "screenshots"))
BROWSER = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver")
FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--hide-scrollbars", "--window-size=1100,1000")

pytestmark = [pytest.mark.skipif(BROWSER is None or DRIVER is None,
                                 reason="headless Chromium not installed: apt-get install chromium chromium-driver (.ci/run does)"),
              pytest.mark.slow]  # a browser started, pages loaded and clicked


@pytest.fixture(scope="module")
def browser() -> Iterator[WebDriver]:
    yield from chromium(FLAGS)


@pytest.fixture(scope="module")
def playground() -> Iterator[str]:
    server: PlaygroundServer = make_server(load_ruleset("mcr"), port=0, quiet=True)
    with server.running():
        yield f"http://127.0.0.1:{server.server_address[1]}/"


def cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    capsys.readouterr()
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def click_tiles(driver: WebDriver, mode: str, tiles: list[str]) -> None:
    driver.find_element(By.CSS_SELECTOR, f"input[name=mode][value={mode}]").click()
    for code in tiles:
        driver.find_element(By.CSS_SELECTOR, f"button.pick[data-tile='{code}']").click()


def wait_for(driver: WebDriver, css: str) -> None:
    from selenium.webdriver.support.ui import WebDriverWait

    WebDriverWait(driver, 15).until(lambda d: d.find_elements(By.CSS_SELECTOR, css))


def shown_fans(driver: WebDriver) -> list[tuple[int, str, str]]:
    rows = driver.find_elements(By.CSS_SELECTOR, "#fans li")
    return [(int(r.get_attribute("data-fan") or 0), r.find_element(By.CLASS_NAME, "name").text, r.find_element(By.CLASS_NAME, "pts").text)
            for r in rows]


def test_a_hand_built_by_clicks_scores_as_on_the_command_line(browser: WebDriver, playground: str,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    browser.get(playground)
    click_tiles(browser, "chow", ["1p"])
    browser.find_element(By.ID, "self_drawn").click()
    click_tiles(browser, "tile", ["1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "E", "E"])
    wait_for(browser, "#result")
    hand = browser.find_element(By.ID, "notation").get_attribute("value")
    assert hand == "[123p,1]123456789mEE"
    code, out, _ = cli(capsys, "score", hand, "--self-drawn", "--json")
    expected = json.loads(out)
    assert code == 0
    assert browser.find_element(By.ID, "total").text == str(expected["total"])
    assert shown_fans(browser) == [(f["id"], f"{f['name_zh']} {f['name_en']}", str(f["points"]) + (f" ×{f['count']}" if f["count"] > 1 else ""))
                                   for f in expected["fans"]]
    # the winning tile is marked, the declared chow drawn apart, and pointing at a fan lifts its sets
    assert browser.find_element(By.CSS_SELECTOR, "#result .tile.win").get_attribute("data-tile") == "E"
    declared = browser.find_elements(By.CSS_SELECTOR, "#result .declared-sets .set")
    assert [t.get_attribute("data-tile") for t in declared[0].find_elements(By.CLASS_NAME, "tile")] == ["1p", "2p", "3p"]
    straight = next(r for r in browser.find_elements(By.CSS_SELECTOR, "#fans li") if r.get_attribute("data-sets").count(" ") == 2)
    from selenium.webdriver.common.action_chains import ActionChains

    ActionChains(browser).move_to_element(straight).perform()
    used = browser.find_elements(By.CSS_SELECTOR, "#result .set.used")
    assert sorted(u.get_attribute("data-set") for u in used) == sorted(straight.get_attribute("data-sets").split())
    assert "its sets are part of" in browser.find_element(By.ID, "not-counted").text
    link = straight.find_element(By.CLASS_NAME, "name").get_attribute("href")
    straight_title = f"{straight.get_attribute('data-fan')} {straight.find_element(By.CLASS_NAME, 'name').text}"
    assert link.endswith(f"/book/fan-{straight.get_attribute('data-fan')}.html")
    SHOTS.mkdir(parents=True, exist_ok=True)
    browser.set_window_size(1100, 1180)
    browser.save_screenshot(str(SHOTS / "scored-hand.png"))
    browser.set_window_size(1100, 1000)
    browser.get(link)
    assert browser.find_element(By.TAG_NAME, "h1").text == straight_title  # the fan's page in the served book


def test_declared_kongs_by_clicks(browser: WebDriver, playground: str, capsys: pytest.CaptureFixture[str]) -> None:
    browser.get(playground)
    click_tiles(browser, "concealed_kong", ["8p"])
    click_tiles(browser, "kong", ["S"])
    click_tiles(browser, "pung", ["C"])
    click_tiles(browser, "tile", ["1m", "2m", "3m", "E", "E"])
    wait_for(browser, "#result")
    hand = browser.find_element(By.ID, "notation").get_attribute("value")
    assert hand == "[8888p][SSSS,1][CCC,1]123mEE"
    _, out, _ = cli(capsys, "score", hand, "--json")
    assert browser.find_element(By.ID, "total").text == str(json.loads(out)["total"])
    backs = browser.find_elements(By.CSS_SELECTOR, "#result .declared-sets use[href='#t-back']")
    assert len(backs) == 2 and len(browser.find_elements(By.CSS_SELECTOR, "#result .declared-sets .tile")) == 11


def error_of(browser: WebDriver, key: str) -> str:
    """The error the page shows, as the command line writes it (``kind: message``); the page itself says
    it in words, without the kind's code."""
    box = browser.find_element(By.ID, key)
    kind, message = box.get_attribute("data-kind") or "", box.get_attribute("data-message") or ""
    assert box.text.endswith(message) and kind + ":" not in box.text
    return f"{kind}: {message}"


@pytest.mark.parametrize("typed", ["123m", "11111m2345678999m", "123m456m789m11p24s5s", "1112345678999mX"])
def test_a_bad_hand_shows_the_command_lines_error(browser: WebDriver, playground: str, capsys: pytest.CaptureFixture[str], typed: str) -> None:
    browser.get(playground)
    field = browser.find_element(By.ID, "notation")
    field.send_keys(typed)
    browser.find_element(By.ID, "score").click()
    wait_for(browser, "#error")
    code, _, err = cli(capsys, "score", typed)
    assert code == 1
    assert "fanrules: " + error_of(browser, "error") == err.strip()


def test_clicks_that_make_no_winning_hand_show_the_error(browser: WebDriver, playground: str, capsys: pytest.CaptureFixture[str]) -> None:
    browser.get(playground)
    click_tiles(browser, "tile", ["1m", "4m", "7m", "2p", "5p", "8p", "3s", "6s", "9s", "E", "S", "W", "N", "N"])
    wait_for(browser, "#error")
    _, _, err = cli(capsys, "score", browser.find_element(By.ID, "notation").get_attribute("value"))
    assert "fanrules: " + error_of(browser, "error") == err.strip()


def test_a_typed_hand_and_a_server_that_is_gone(browser: WebDriver, playground: str, capsys: pytest.CaptureFixture[str]) -> None:
    browser.get(playground)
    browser.find_element(By.ID, "notation").send_keys("[123p,1][345s,2][999s,3]78mEE9m")
    browser.find_element(By.ID, "seat_wind").send_keys("S")
    browser.find_element(By.ID, "score").click()
    wait_for(browser, "#result")
    _, out, _ = cli(capsys, "score", "[123p,1][345s,2][999s,3]78mEE9m", "--seat", "S", "--json")
    assert browser.find_element(By.ID, "total").text == str(json.loads(out)["total"])
    assert "seat South" in browser.find_element(By.CSS_SELECTOR, "#result .context").text
    field = browser.find_element(By.ID, "notation")
    field.clear()
    field.send_keys("[123p,1][345p,1]888s999s6m6m\n")  # Enter scores too
    wait_for(browser, "#result .under")
    _, out, _ = cli(capsys, "score", "[123p,1][345p,1]888s999s6m6m", "--seat", "S", "--json")
    assert browser.find_element(By.ID, "total").text == str(json.loads(out)["total"])
    assert "below the minimum of 8" in browser.find_element(By.CSS_SELECTOR, "#result .under").text
    browser.execute_script("window.fetch = () => Promise.reject(new TypeError('network'));")
    browser.find_element(By.ID, "score").click()
    wait_for(browser, "#error")
    assert "did not answer" in browser.find_element(By.ID, "error").text


def test_hands_not_ready_show_how_far_they_are(browser: WebDriver, playground: str, capsys: pytest.CaptureFixture[str]) -> None:
    from fanrules import Scorer
    from fanrules.web.api import answer

    browser.get(playground)
    click_tiles(browser, "tile", ["1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s", "1s", "1s", "E", "W"])
    wait_for(browser, "#analysis #shanten")
    assert browser.find_element(By.ID, "shanten").get_attribute("data-shanten") == "1"
    assert [c.get_attribute("data-tile") for c in browser.find_elements(By.CSS_SELECTOR, "#analysis .chip")] == ["1s", "E", "W"]
    click_tiles(browser, "tile", ["N"])  # fourteen tiles, no win: the error, then what to discard
    wait_for(browser, "#analysis .discard-row")
    hand = browser.find_element(By.ID, "notation").get_attribute("value")
    _, _, err = cli(capsys, "score", hand)
    assert "fanrules: " + error_of(browser, "error") == err.strip()
    expected = answer("/api/analyze", {"hand": hand}, Scorer.of("mcr"))[1]["discards"]
    rows = browser.find_elements(By.CSS_SELECTOR, "#analysis .discard-row")
    assert [r.get_attribute("data-tile") for r in rows] == [d["discard"] for d in expected]  # every discard, as the CLI
    assert f"shanten {expected[0]['shanten']}" in rows[0].text
    assert f"up to {expected[0]['best_total']} points: {', '.join(expected[0]['best_fans'])}" in rows[0].text
    SHOTS.mkdir(parents=True, exist_ok=True)
    browser.save_screenshot(str(SHOTS / "analysis.png"))


def test_thirteen_tiles_show_their_waits(browser: WebDriver, playground: str, capsys: pytest.CaptureFixture[str]) -> None:
    browser.get(playground)
    click_tiles(browser, "tile", ["1m", "1m", "1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "9m", "9m"])
    wait_for(browser, "#wait-table .wait")
    assert browser.find_element(By.ID, "notation").get_attribute("value") == "1112345678999m"
    assert not browser.find_elements(By.CSS_SELECTOR, "#built .tile.win")
    _, out, _ = cli(capsys, "waits", "1112345678999m", "--json")
    chips = browser.find_elements(By.CSS_SELECTOR, "#wait-table .wait")
    assert [(c.get_attribute("data-tile"), c.find_element(By.CLASS_NAME, "discard").text, c.find_element(By.CLASS_NAME, "self").text)
            for c in chips] == [(w["tile"], str(w["discard"]["total"]), str(w["self_drawn"]["total"])) for w in json.loads(out)]
    # clicking a wait wins on it; a fifth copy cannot be clicked
    browser.find_element(By.CSS_SELECTOR, "#wait-table .wait[data-tile='5m']").click()
    wait_for(browser, "#result")
    _, out, _ = cli(capsys, "score", "1112345678999m5m", "--json")
    assert browser.find_element(By.ID, "total").text == str(json.loads(out)["total"])
    assert browser.find_element(By.CSS_SELECTOR, "button.pick[data-tile='1m']").is_enabled()
    browser.find_element(By.ID, "clear").click()
    click_tiles(browser, "tile", ["1m"] * 4)
    assert not browser.find_element(By.CSS_SELECTOR, "button.pick[data-tile='1m']").is_enabled()


def test_a_fifteenth_tile_takes_the_score_away(browser: WebDriver, playground: str) -> None:
    browser.get(playground)
    click_tiles(browser, "tile", ["1m", "1m", "1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "9m", "9m", "5m"])
    wait_for(browser, "#result")
    click_tiles(browser, "tile", ["5p"])
    wait_for(browser, "#error")
    assert not browser.find_elements(By.ID, "result") and "15 tiles" in browser.find_element(By.ID, "error").text


def test_thirteen_typed_tiles_show_their_waits_with_the_pages_context(browser: WebDriver, playground: str,
                                                                       capsys: pytest.CaptureFixture[str]) -> None:
    browser.get(playground)
    browser.find_element(By.ID, "flowers").clear()
    browser.find_element(By.ID, "flowers").send_keys("2")
    browser.find_element(By.ID, "first_turn").click()
    browser.find_element(By.ID, "last_tile").click()
    browser.find_element(By.ID, "self_drawn").click()  # not taken by waits: left out, not refused
    browser.find_element(By.ID, "notation").send_keys("[123p,1]45m99s12sCFPP\n")
    wait_for(browser, "#analysis")  # no waits: how far the hand is instead
    browser.find_element(By.ID, "notation").clear()
    browser.find_element(By.ID, "notation").send_keys("1112345678999m")
    browser.find_element(By.ID, "score").click()
    wait_for(browser, "#wait-table .wait")
    _, out, _ = cli(capsys, "waits", "1112345678999m", "--flowers", "2", "--first-turn", "--last-tile", "--json")
    chips = browser.find_elements(By.CSS_SELECTOR, "#wait-table .wait")
    assert [(c.get_attribute("data-tile"), c.find_element(By.CLASS_NAME, "discard").text, c.find_element(By.CLASS_NAME, "self").text)
            for c in chips] == [(w["tile"], str(w["discard"]["total"]), str(w["self_drawn"]["total"])) for w in json.loads(out)]


def test_the_analysis_counts_the_tiles_in_sight_and_shows_its_errors(browser: WebDriver, playground: str,
                                                                      capsys: pytest.CaptureFixture[str]) -> None:
    browser.get(playground)
    browser.find_element(By.ID, "visible").send_keys("1sEE")
    click_tiles(browser, "tile", ["1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s", "1s", "1s", "E", "W"])
    wait_for(browser, "#analysis .chip")
    _, out, _ = cli(capsys, "analyze", "123m456p11789sEW", "--visible", "1sEE", "--json")
    assert [(c.get_attribute("data-tile"), c.text.split("×")[-1]) for c in browser.find_elements(By.CSS_SELECTOR, "#analysis .chip")] \
        == [(u["tile"], str(u["remaining"])) for u in json.loads(out)["useful"]]
    browser.find_element(By.ID, "visible").send_keys("1s1s")  # a fifth 1s in sight
    browser.find_element(By.ID, "waits").click()
    wait_for(browser, "#analysis-error")
    assert error_of(browser, "analysis-error").startswith("invalid: ")


def test_the_book_from_file_urls(browser: WebDriver, tmp_path: Path) -> None:
    assert main(["book", "-o", str(tmp_path)]) == 0
    browser.get((tmp_path / "index.html").as_uri())
    rows = browser.find_elements(By.CSS_SELECTOR, ".fan-row")
    assert len(rows) == len(load_ruleset("mcr").fans)
    SHOTS.mkdir(parents=True, exist_ok=True)
    browser.save_screenshot(str(SHOTS / "book-index.png"))
    browser.find_element(By.ID, "filter").send_keys("dragons")
    visible = [r.text for r in rows if r.is_displayed()]
    assert visible and all("Dragons" in v for v in visible) and len(visible) < 5
    browser.get((tmp_path / "index.html").as_uri() + "?q=seven")
    assert all("Seven" in r.text for r in browser.find_elements(By.CSS_SELECTOR, ".fan-row") if r.is_displayed())
    browser.find_element(By.CSS_SELECTOR, ".fan-row:not([hidden]) a").click()
    assert "fan-" in browser.current_url and browser.find_elements(By.CSS_SELECTOR, ".example .tile svg")
    browser.get((tmp_path / "fan-28.html").as_uri())
    example = browser.find_element(By.CSS_SELECTOR, ".example")
    used = example.find_elements(By.CSS_SELECTOR, ".set.used")
    assert len(used) == 3 and all(u.size["width"] > 60 for u in used)
    assert example.find_element(By.CSS_SELECTOR, ".tile.win").size["height"] > 30
    browser.set_window_size(1000, 1250)
    browser.save_screenshot(str(SHOTS / "fan-page.png"))
    browser.set_window_size(1100, 1000)


def test_the_playground_switches_to_chinese_and_back(browser: WebDriver, playground: str) -> None:
    """The language switch: the page's lang, its labels and buttons, the scored hand's words, each fan's
    description and its link to the Chinese rule book; the choice is kept across a reload."""
    from selenium.webdriver.support.ui import WebDriverWait

    browser.get(playground)
    browser.execute_script("localStorage.clear()")
    browser.get(playground)
    assert browser.find_element(By.TAG_NAME, "html").get_attribute("lang") == "en"
    browser.find_element(By.ID, "notation").send_keys("[CCC,1]FFFPPP999s5m5m")
    browser.find_element(By.ID, "self_drawn").click()
    browser.find_element(By.ID, "score").click()
    WebDriverWait(browser, 10).until(lambda d: d.find_elements(By.ID, "total"))
    browser.find_element(By.ID, "lang").click()
    assert browser.find_element(By.TAG_NAME, "html").get_attribute("lang") == "zh"
    assert browser.find_element(By.ID, "score").text == "算番" and browser.find_element(By.ID, "lang").text == "English"
    assert browser.find_element(By.CSS_SELECTOR, "label[for=notation]").text == "手牌"
    total = browser.find_element(By.CSS_SELECTOR, "#result .total").text
    assert total.startswith("总计 114"), total
    row = browser.find_element(By.CSS_SELECTOR, "#fans li[data-fan='2']")
    assert row.get_attribute("title").startswith("中、发、白三种箭牌各成刻子")
    link = row.find_element(By.TAG_NAME, "a")
    assert link.text == "大三元" and link.get_attribute("href").endswith("/book/zh/fan-2.html")
    browser.get(link.get_attribute("href"))
    assert browser.find_element(By.TAG_NAME, "html").get_attribute("lang") == "zh"
    assert browser.find_element(By.CSS_SELECTOR, "p.description").text == "中、发、白三种箭牌各成刻子（或杠）。"
    browser.get(playground)  # the choice is remembered
    assert browser.find_element(By.TAG_NAME, "html").get_attribute("lang") == "zh"
    browser.find_element(By.ID, "notation").send_keys("[CCC,1]FFFPPP999s5m5m")
    browser.find_element(By.ID, "score").click()
    WebDriverWait(browser, 10).until(lambda d: d.find_elements(By.ID, "total"))
    SHOTS.mkdir(parents=True, exist_ok=True)
    browser.save_screenshot(str(SHOTS / "playground-zh.png"))
    browser.find_element(By.ID, "lang").click()
    assert browser.find_element(By.TAG_NAME, "html").get_attribute("lang") == "en"
    assert browser.find_element(By.ID, "score").text == "Score"
    assert "Click tiles to build the hand" in browser.find_element(By.CSS_SELECTOR, "p.hint").text
