"""The web table as players expect it (issue 53), in headless Chromium at a desktop's 1280x800 and a
phone's 390x844: one test per finding of the issue (phones; flowers; whose turn; claims and hints; the
playground's loose ends; Chinese; keyboard and screen readers; the end of a hand and the session), and
axe-core's rules run in the pages (no violation of the serious or critical kinds)."""
from __future__ import annotations

import json
import time
from typing import TYPE_CHECKING, Any

import pytest
from fanrules import load_ruleset
from web_page_helpers import AXE, CHOOSE, ROOT, SCREENS, base, browser, fits, open_page, play, shoot, sit_down, views, wait_until

if TYPE_CHECKING:
    from selenium.webdriver.remote.webdriver import WebDriver

__all__ = ["base", "browser"]  # the fixtures, used by name


def test_6_every_sentence_of_the_pages_is_in_the_catalogue() -> None:
    """Each sentence the pages' scripts say (``say("...")``, ``t("...")``) and each fixed word of their HTML
    (``data-i18n``) has its Chinese in the one catalogue."""
    import re

    static = ROOT / "engine" / "web" / "static"
    catalogue = json.loads((static / "page_words.zh.json").read_text(encoding="utf-8"))
    said = {m.group(1) for name in ("common.js", "table.js", "table_end.js", "playground.js")
            for m in re.finditer(r'\b(?:say|t)\("((?:[^"\\]|\\.)*)"', (static / name).read_text(encoding="utf-8"))}
    fixed = {m.group(1) for name in ("table.html", "playground.html")
             for m in re.finditer(r'data-i18n(?:-placeholder|-label)?="([^"]*)"', (static / name).read_text(encoding="utf-8"))}
    prefixes = {s for s in said if s.endswith(":") and s.startswith("reason")}  # looked up with the principle after it
    assert len(said) > 100 and sorted((said | fixed) - prefixes - set(catalogue)) == []
    assert all(f"reason:{p}" in catalogue for p in ("excluded", "excluded_count", "own_sets", "identical", "account_once", "family_cap", "alone"))


# ---- 1. phones --------------------------------------------------------------------------------------

@pytest.mark.parametrize("screen", SCREENS)
def test_1_the_table_and_the_playground_fit_the_screen(browser: WebDriver, base: str, screen: tuple[int, int, bool]) -> None:
    sit_down(browser, base, screen, "seed=1&pace=0")
    fits(browser, screen)
    own = browser.find_elements("css selector", "#seat-own .seat-tiles .tile")
    assert len(own) == 14  # the whole hand in sight, none cut
    for paragraph in browser.find_elements("css selector", "#centre p"):  # no word a line
        assert paragraph.size["height"] < 3 * 24, paragraph.text
    open_page(browser, base, screen)
    browser.find_element("id", "notation").send_keys("123m456p789s11pEEE\n")
    wait_until(browser, lambda d: d.find_elements("id", "total"))
    fits(browser, screen)


# ---- 2. flowers -------------------------------------------------------------------------------------

@pytest.mark.parametrize("screen", SCREENS)
def test_2_flowers_in_your_hand_are_drawn_as_tiles(browser: WebDriver, base: str, screen: tuple[int, int, bool]) -> None:
    sit_down(browser, base, screen, "seed=1&pace=0")  # the deal of seed 1 gives the person flowers 3f 4f 5f
    flowers = browser.find_elements("css selector", "#seat-own .tile.flower")
    assert [f.get_attribute("data-tile") for f in flowers] == ["3f", "4f", "5f"]
    own = browser.find_element("css selector", "#seat-own .tile[data-tile='3m']")
    for flower in flowers:
        assert flower.size["height"] >= 0.9 * own.size["height"] and flower.size["width"] >= 0.9 * own.size["width"]
        use = flower.find_element("css selector", "use").get_attribute("href")
        assert browser.find_elements("css selector", f"symbol{use}")  # a picture of the sprite
    assert flowers[0].find_element("css selector", "svg").get_attribute("aria-label") == "autumn"


# ---- 3. whose turn ----------------------------------------------------------------------------------

@pytest.mark.parametrize("screen", SCREENS)
def test_3_turns_you_can_follow(browser: WebDriver, base: str, screen: tuple[int, int, bool]) -> None:
    sit_down(browser, base, screen, "seed=1&pace=250")
    play(browser, lambda d: d.execute_script("return !document.querySelector('#actions button.action[data-action=flower]') && "
                                             "document.querySelectorAll('#seat-own button.own-tile:not(:disabled)').length > 0;"))
    acting = browser.find_elements("css selector", ".seat.to-act")
    assert [s.get_attribute("id") for s in acting] == ["seat-own"] and acting[0].get_attribute("aria-current") == "true"
    # the others' moves come one by one: the log grows in steps, another seat marked to act meanwhile
    before = len(browser.find_elements("css selector", "#history li"))
    browser.execute_script(CHOOSE)
    lengths, others = set(), set()
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        state = browser.execute_script("return [document.querySelectorAll('#history li').length, "
                                       "Array.from(document.querySelectorAll('.seat.to-act')).map((s) => s.id).join()];")
        lengths.add(state[0])
        others.add(state[1])
        if browser.execute_script("return document.querySelectorAll('#seat-own button.own-tile:not(:disabled)').length > 0 || "
                                  "document.querySelectorAll('#actions button.action').length > 0 || !!document.getElementById('outcome');"):
            break
        time.sleep(0.03)
    assert len({n for n in lengths if n > before}) >= 2 and others - {"seat-own", ""}
    # the log in the real order, with seat winds; the last discard large, with who made it
    items = browser.find_elements("css selector", "#history li")
    numbers = [int(li.get_attribute("value") or 0) for li in items]
    assert numbers == list(range(numbers[0], numbers[0] + len(numbers))) and numbers[-1] == views(browser)[-1]["step"]
    assert all(any(w in li.text for w in ("East", "South", "West", "North")) for li in items)
    last = browser.find_element("id", "last-discard")
    assert last.find_element("css selector", ".tile").size["width"] >= 40
    by = last.find_element("css selector", ".by").text
    assert by.startswith("by ") and ("(player" in by or "(you)" in by)
    if screen[2]:
        shoot(browser, "table-phone.png", 1500)


@pytest.mark.slow
@pytest.mark.parametrize("screen", SCREENS)
def test_3_a_finished_hand_replays_step_by_step(browser: WebDriver, base: str, screen: tuple[int, int, bool]) -> None:
    sit_down(browser, base, screen, "seed=1&pace=0")
    play(browser, lambda d: d.find_elements("id", "outcome"))
    browser.find_element("id", "replay-start").click()
    step = wait_until(browser, lambda d: d.find_elements("id", "replay-step"))[0]
    total = int(step.get_attribute("data-step") or 0)
    assert total > 20 and "wins" in step.text
    browser.find_element("id", "replay-back").click()
    step = browser.find_element("id", "replay-step")
    assert step.get_attribute("data-step") == str(total - 1) and f"{total - 1} of {total}" in step.text
    pools = browser.find_elements("css selector", "#replay .replay-seat")
    assert len(pools) == 4 and all(any(w in p.text for w in ("East", "South", "West", "North")) for p in pools)
    fits(browser, screen)
    if not screen[2]:
        browser.execute_script("document.getElementById('replay').scrollIntoView();")
        shoot(browser, "table-replay.png")


# ---- 4. claims and hints ----------------------------------------------------------------------------

#: The person's discard (or flower), never a claim, a pass or a win: the auto toggles decide those.
DISCARD_ONLY = """const flower = document.querySelector('#actions button.action[data-action=flower]:not(:disabled)');
const own = Array.from(document.querySelectorAll('#seat-own button.own-tile')).filter((b) => !b.disabled);
const choice = flower || own[own.length - 1];
if (choice) choice.click();
return !!choice;"""
CLAIM = "return !!document.querySelector('#actions button.action[data-action=chow], #actions button.action[data-action=pung]');"


@pytest.mark.parametrize("screen", SCREENS)
def test_4_claims_and_hints_say_what_they_mean(browser: WebDriver, base: str, screen: tuple[int, int, bool]) -> None:
    sit_down(browser, base, screen, "seed=4&pace=0", hints=True)
    play(browser, lambda d: d.execute_script(CLAIM))
    obs = views(browser)[-1]["observation"]
    discarder, tile = obs["last_discard"]
    wind = {"E": "East", "S": "South", "W": "West", "N": "North"}[obs["seat_winds"][discarder]]
    phase = browser.find_element("id", "phase").text
    assert wind in phase and "claim it or pass" in phase
    claim = browser.find_element("css selector", "#actions button.action[data-action=chow], #actions button.action[data-action=pung]")
    names = browser.execute_script("return window.fanrulesPage.tileName(arguments[0]);", tile)
    assert claim.text.startswith(("chow " + names, "pung " + names))
    advice = wait_until(browser, lambda d: d.find_elements("id", "advice"))[0]
    assert advice.text.startswith("Advice: ") and len(advice.text) > 20
    assert browser.find_element("id", "hint-legend").find_element("tag name", "summary").text == "What the hints mean"
    # the discard hints: every points-in-reach below the minimum says so
    browser.find_element("css selector", "#actions button.action[data-action=pass]").click()
    wait_until(browser, lambda d: d.find_elements("css selector", "#hint-panel .discard-row"))
    for row in browser.find_elements("css selector", "#hint-panel .reach"):
        best = row.get_attribute("data-best")
        if best not in (None, "null") and int(best) < 8:
            assert "below the minimum of 8" in row.text and "under" in (row.get_attribute("class") or "")


@pytest.mark.parametrize("screen", SCREENS)
def test_4_auto_pass_and_auto_win(browser: WebDriver, base: str, screen: tuple[int, int, bool]) -> None:
    open_page(browser, base + "table?seed=4&pace=0", screen)
    browser.find_element("id", "auto-pass").click()
    browser.find_element("id", "auto-win").click()
    browser.find_element("id", "start").click()
    wait_until(browser, lambda d: views(d))
    for _ in range(60):  # the person only discards (and sets flowers aside): the table passes and wins for them
        if browser.find_elements("id", "outcome"):
            break
        count = len(views(browser))
        clicked = browser.execute_script(DISCARD_ONLY)
        assert clicked or browser.find_elements("id", "outcome")
        wait_until(browser, lambda d, n=count: len(views(d)) > n or d.find_elements("id", "outcome"))
    sent = [json.loads(m) for m in browser.execute_script("return window.__sent;")]
    assert any(m.get("act", {}).get("action") == "pass" for m in sent)


# ---- 5. the playground ------------------------------------------------------------------------------

@pytest.mark.parametrize("screen", SCREENS)
def test_5_the_playground_never_shows_an_old_answer(browser: WebDriver, base: str, screen: tuple[int, int, bool]) -> None:
    open_page(browser, base, screen)
    field = browser.find_element("id", "notation")
    field.send_keys("123m456p789s11pEEE")
    assert len(browser.find_elements("css selector", "#built .tile")) == 14 and not browser.find_elements("css selector", "#built .empty")
    field.send_keys("\n")
    context = wait_until(browser, lambda d: d.find_elements("css selector", "#result .context"))[0]
    assert "on a discard" in context.text
    browser.find_element("id", "self_drawn").click()
    wait_until(browser, lambda d: "self drawn" in d.execute_script("const c = document.querySelector('#result .context'); return c ? c.textContent : '';"))
    field.send_keys("9s")  # a new hand: the old result goes
    assert not browser.find_elements("id", "result")
    field.clear()
    field.send_keys("1112345678999mX\n")
    error = wait_until(browser, lambda d: d.find_elements("id", "error"))[0]
    assert error.text.startswith("The hand cannot be read: ") and "invalid" not in error.text
    assert browser.find_element("id", "table-link").get_attribute("href").endswith("/table")
    open_page(browser, base + "table", screen)
    links = [a.get_attribute("href") for a in browser.find_elements("css selector", "header a")]
    assert base in links and base + "book/" in links


# ---- 6. Chinese -------------------------------------------------------------------------------------

@pytest.mark.parametrize("screen", SCREENS)
def test_6_chinese_throughout(browser: WebDriver, base: str, screen: tuple[int, int, bool]) -> None:
    sit_down(browser, base, screen, "seed=1&pace=0", lang="zh")
    assert browser.find_element("tag name", "html").get_attribute("lang") == "zh"
    assert browser.find_element("id", "start").text == "入座"
    heads = [h.text for h in browser.find_elements("css selector", ".seat-head")]
    assert all(any(w in h for w in "东南西北") for h in heads) and not any("East" in h or "player" in h for h in heads)
    assert "牌墙剩" in browser.find_element("id", "centre").text
    play(browser, lambda d: d.execute_script("return document.querySelectorAll('#seat-own button.own-tile:not(:disabled)').length > 0 && "
                                             "document.querySelectorAll('#history li').length > 12;"))
    shoot(browser, "table-phone-zh.png" if screen[2] else "table-zh.png", 1500 if screen[2] else None)
    open_page(browser, base, screen, "zh")
    assert browser.find_element("id", "notation").get_attribute("placeholder").startswith("例如")
    assert browser.find_element("css selector", "#seat_wind option").text == "东"
    assert browser.find_element("id", "ruleset-title").text == load_ruleset("mcr").title_zh  # the rule set's own Chinese
    browser.find_element("id", "notation").send_keys("123m123p123s789m55p\n")  # 平和: 无字 not counted with it
    context = wait_until(browser, lambda d: d.find_elements("css selector", "#result .context"))[0]
    assert "拆法: 标准型" in context.text and "门风 东" in context.text
    reasons = browser.find_element("id", "not-counted").text
    assert "不计" in reasons and "not counted" not in reasons and "All Chows" not in reasons
    browser.find_element("id", "notation").clear()
    browser.find_element("id", "notation").send_keys("123m456p789s1pEWN\n")
    shanten = wait_until(browser, lambda d: d.find_elements("css selector", "#analysis p"))[0].text
    assert "向听数" in shanten and "shanten" not in shanten


# ---- 7. keyboard and screen readers -----------------------------------------------------------------

@pytest.mark.parametrize("screen", SCREENS)
def test_7_the_keyboard_keeps_its_place_and_tiles_have_names(browser: WebDriver, base: str, screen: tuple[int, int, bool]) -> None:
    from selenium.webdriver.common.keys import Keys

    sit_down(browser, base, screen, "seed=1&pace=0")
    assert browser.find_elements("tag name", "h1") and browser.find_elements("css selector", "h2, h3")
    hidden = browser.find_element("css selector", "#seat-right .set.hidden")
    assert hidden.get_attribute("aria-label") == "13 tiles face down" and hidden.get_attribute("role") == "img"
    for _ in range(40):  # by keyboard alone: Enter on what has the focus
        assert browser.execute_script("return document.getElementById('board').contains(document.activeElement);")
        if browser.find_elements("id", "outcome"):
            break
        count = len(views(browser))
        focused = browser.switch_to.active_element
        if focused.get_attribute("data-action") in ("chow", "pung", "kong"):
            focused = browser.find_element("css selector", "#actions button.action[data-action=pass]")
        focused.send_keys(Keys.ENTER)
        wait_until(browser, lambda d, n=count: len(views(d)) > n and d.execute_script(
            "return document.getElementById('board').contains(document.activeElement);"))
    assert browser.find_element("id", "announce").text  # a live region that speaks
    names = browser.execute_script("return Array.from(document.querySelectorAll('#seat-own svg')).map((s) => s.getAttribute('aria-label'));")
    assert names and all(n and "(" not in n and n[0].isalpha() for n in names)
    open_page(browser, base, screen)
    assert browser.find_element("css selector", "button.pick[data-tile='1m']").get_attribute("aria-label") == "add one of characters"
    for code in ("1m", "2m", "3m"):
        browser.find_element("css selector", f"button.pick[data-tile='{code}']").click()
    taken = browser.find_element("css selector", "#built button.taken")
    taken.send_keys(Keys.ENTER)
    assert len(browser.find_elements("css selector", "#built .tile")) == 2
    assert browser.execute_script("return document.getElementById('built').contains(document.activeElement);")


def axe_violations(driver: WebDriver) -> list[dict[str, Any]]:
    """axe-core's serious and critical violations in the page now."""
    driver.execute_script(AXE.read_text(encoding="utf-8"))
    found = driver.execute_async_script("const done = arguments[arguments.length - 1];"
                                        "axe.run(document, { resultTypes: ['violations'] }).then((r) => done(r.violations));")
    return [{"id": v["id"], "impact": v["impact"], "nodes": [n["target"] for n in v["nodes"]][:3]}
            for v in found if v["impact"] in ("serious", "critical")]


@pytest.mark.parametrize("screen", SCREENS)
def test_7_no_serious_accessibility_violation(browser: WebDriver, base: str, screen: tuple[int, int, bool]) -> None:
    browser.set_script_timeout(60)
    open_page(browser, base, screen)
    browser.find_element("id", "notation").send_keys("123m123p123s789m55p\n")
    wait_until(browser, lambda d: d.find_elements("id", "total"))
    assert axe_violations(browser) == []
    sit_down(browser, base, screen, "seed=4&pace=0", hints=True)
    play(browser, lambda d: d.execute_script(CLAIM))
    wait_until(browser, lambda d: d.find_elements("id", "advice"))
    assert axe_violations(browser) == []
    open_page(browser, base + "book/", screen)
    assert axe_violations(browser) == []


# ---- 8. the end of a hand and the session -----------------------------------------------------------

@pytest.mark.slow
@pytest.mark.parametrize("screen", SCREENS)
def test_8_the_end_of_a_hand_and_the_session(browser: WebDriver, base: str, screen: tuple[int, int, bool]) -> None:
    open_page(browser, base + "table?seed=4&pace=0", screen)
    browser.find_element("css selector", "input[name=length][value=session]").click()
    browser.find_element("id", "start").click()
    wait_until(browser, lambda d: views(d))
    play(browser, lambda d: d.find_elements("id", "outcome"))
    result = views(browser)[-1]["result"]
    assert result["outcome"] == "win" and result["winner"] != 0  # seed 4: another player wins, with a flower
    assert not browser.find_elements("css selector", "#win-fans li[data-fan='81']")
    flowers = result["result"]["total_with_flowers"] - result["result"]["total"]
    assert browser.find_element("id", "win-flowers").text.startswith(f"flowers +{flowers}") and flowers > 0
    winner = views(browser)[-1]["observation"]["seat_winds"][result["winner"]]
    named = {"E": "East", "S": "South", "W": "West", "N": "North"}[winner] + f" (player {result['winner']})"
    assert named in browser.find_element("id", "outcome").text and "player 3" not in browser.find_element("id", "outcome").text.replace(named, "")
    rows = browser.find_elements("css selector", "#standings-table tr[data-player]")
    standings = {s["player"]: s for s in views(browser)[-1]["session"]["standings"]}
    for row in rows:
        cells = [c.text for c in row.find_elements("tag name", "td")]
        st = standings[int(row.get_attribute("data-player") or 0)]
        assert int(cells[2]) == st["change"] and "/" not in cells[3]
    assert sum(int(r.find_elements("tag name", "td")[2].text) for r in rows) == 0
    assert browser.find_element("id", "payments").text.startswith(f"Hand 1: {named} wins")
    key = views(browser)[-1]["id"]
    browser.find_element("id", "start").click()  # during a session: asks first
    alert = wait_until(browser, lambda d: d.switch_to.alert)
    alert.dismiss()
    assert views(browser)[-1]["id"] == key
    browser.refresh()  # a reload rejoins the seat
    wait_until(browser, lambda d: views(d))
    assert views(browser)[0]["id"] == key and browser.find_element("id", "outcome")


@pytest.mark.slow
@pytest.mark.parametrize("screen", SCREENS)
def test_8_a_draw_says_who_was_ready(browser: WebDriver, base: str, screen: tuple[int, int, bool]) -> None:
    open_page(browser, base + "table?seed=2&pace=0", screen)  # seed 2: a draw, two players ready
    browser.find_element("css selector", "input[name=length][value=session]").click()
    browser.find_element("id", "start").click()
    wait_until(browser, lambda d: views(d))
    play(browser, lambda d: d.find_elements("id", "outcome"))
    view = views(browser)[-1]
    assert view["result"]["outcome"] == "draw" and view["result"]["ready"]
    winds = {"E": "East", "S": "South", "W": "West", "N": "North"}
    ready = ", ".join(f"{winds[view['observation']['seat_winds'][p]]} (player {p})" for p in view["result"]["ready"])
    assert browser.find_element("id", "outcome").text.endswith(f"Ready when the wall ran out: {ready}.")
    payments = browser.find_element("id", "payments").text
    assert payments.startswith(f"Hand 1: a draw: ready {ready} · payments: ") and "draw ready" not in payments
    fits(browser, screen)
