"""What the browser tests of tests/test_web_players.py share: headless Chromium on a screen of a given size
(a desktop's 1280x800, a phone's 390x844) with every WebSocket message kept, a server of the table, and
the steps of a player (sit down, play until, check that nothing scrolls sideways, take a screenshot)."""
from __future__ import annotations

import json
import os
import shutil
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from fanrules.ruleset import load_ruleset
from fanrules.web.server import make_server

if TYPE_CHECKING:
    from selenium.webdriver.remote.webdriver import WebDriver

ROOT = Path(__file__).resolve().parents[1]
SHOTS = Path(os.environ.get("FANRULES_SCREENSHOTS", ROOT / "build" / "screenshots"))
AXE = ROOT / "tests" / "data" / "axe" / "axe.min.js"
BROWSER = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver")
FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--hide-scrollbars")
#: The screens of the issue: a desktop and a phone (width, height, phone).
#: Both sizes, each a browser session of its own: in the slow tier (the whole suite, as CI runs it), so
#: that the fast loop stays under three minutes.
SCREENS = [pytest.param((1280, 800, False), id="desktop-1280x800", marks=pytest.mark.slow),
           pytest.param((390, 844, True), id="phone-390x844", marks=pytest.mark.slow)]
#: Every WebSocket message the page receives, kept for the test (installed before the page's scripts).
RECORDER = """window.__received = [];
const NativeSocket = window.WebSocket;
window.WebSocket = function (url, protocols) {
  const socket = new NativeSocket(url, protocols);
  socket.addEventListener("message", (event) => window.__received.push(event.data));
  return socket;
};
Object.assign(window.WebSocket, { CONNECTING: 0, OPEN: 1, CLOSING: 2, CLOSED: 3 });
window.WebSocket.prototype = NativeSocket.prototype;
window.__sent = [];
const nativeSend = NativeSocket.prototype.send;
NativeSocket.prototype.send = function (data) { window.__sent.push(data); return nativeSend.call(this, data); };"""
#: The person's move, clicked in one go: a win, a flower, a pass, else the discard of the rightmost tile.
CHOOSE = """const acts = {};
for (const b of document.querySelectorAll('#actions button.action:not(:disabled)')) acts[b.dataset.action] = acts[b.dataset.action] || b;
const own = Array.from(document.querySelectorAll('#seat-own button.own-tile')).filter((b) => !b.disabled);
const choice = acts.win || acts.flower || acts.pass || own[own.length - 1];
if (choice) choice.click();
return choice ? (choice.dataset.action || 'discard') : null;"""


@pytest.fixture(scope="module")
def browser() -> Iterator[WebDriver]:
    if BROWSER is None or DRIVER is None:
        pytest.skip("headless Chromium not installed: apt-get install chromium chromium-driver (.ci/run does)")
    yield from chromium(FLAGS, RECORDER)


def chromium(flags: tuple[str, ...], recorder: str | None = None) -> Iterator[WebDriver]:
    """Headless Chromium with ``flags`` and a profile of its own (removed after), ``recorder`` run before
    each page's scripts: the body of every browser test's ``browser`` fixture."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    profile = tempfile.mkdtemp(prefix="fanrules-chromium-")
    for flag in (*FLAGS, f"--user-data-dir={profile}"):
        options.add_argument(flag)
    options.binary_location = str(BROWSER)
    driver = webdriver.Chrome(service=Service(str(DRIVER)), options=options)
    driver.set_page_load_timeout(30)
    if recorder is not None:
        driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": recorder})
    yield driver
    driver.quit()
    shutil.rmtree(profile, ignore_errors=True)


@pytest.fixture(scope="module")
def base() -> Iterator[str]:
    server = make_server(load_ruleset("mcr"), port=0, quiet=True)
    server.uvicorn.config.app.state.tables.tables.per_client = 64  # this module's client sits down at many tables
    with server.running():
        yield server.url


def open_page(driver: WebDriver, url: str, screen: tuple[int, int, bool], lang: str = "en") -> None:
    """``url`` on a screen of ``screen``'s size (the page's own viewport), in ``lang``, with no table to rejoin."""
    width, height, phone = screen
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": phone})
    driver.get(url)
    driver.execute_script("localStorage.clear(); sessionStorage.clear(); localStorage.setItem('fanrules-lang', arguments[0]);", lang)
    driver.get(url)


def shoot(driver: WebDriver, name: str, height: int | None = None) -> None:
    """A screenshot of the page for docs/web.md (``height``: of the whole page when more than the screen)."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    if height:
        metrics = driver.execute_script("return [window.innerWidth, Math.min(document.documentElement.scrollHeight, arguments[0])];", height)
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": metrics[0], "height": metrics[1], "deviceScaleFactor": 1, "mobile": metrics[0] < 500})
    driver.save_screenshot(str(SHOTS / name))


def wait_until(driver: WebDriver, test: Any, seconds: float = 30) -> Any:
    from selenium.webdriver.support.ui import WebDriverWait

    return WebDriverWait(driver, seconds, poll_frequency=0.02).until(test)


def views(driver: WebDriver) -> list[dict[str, Any]]:
    return [m["view"] for m in map(json.loads, driver.execute_script("return window.__received;")) if "view" in m]


def sit_down(driver: WebDriver, base: str, screen: tuple[int, int, bool], query: str, lang: str = "en", hints: bool = False) -> None:
    open_page(driver, base + "table?" + query, screen, lang)
    if hints:
        driver.find_element("id", "hints").click()
    driver.find_element("id", "start").click()
    wait_until(driver, lambda d: d.find_elements("css selector", "#seat-own .seat-tiles") and views(d))


def play(driver: WebDriver, until: Any, moves: int = 600) -> None:
    """The person's moves (CHOOSE) until ``until(driver)`` holds; each waits for the page's answer."""
    for _ in range(moves):
        if until(driver):
            return
        count = len(views(driver))
        if driver.execute_script(CHOOSE) is None:
            time.sleep(0.05)
            continue
        wait_until(driver, lambda d, n=count: len(views(d)) > n)
    raise AssertionError("the page never got there")


def fits(driver: WebDriver, screen: tuple[int, int, bool]) -> None:
    """Nothing scrolls sideways: the page and every tile of the board lie within the screen's width (a
    phone would widen its layout viewport to hold a wider page, so the screen's own width is the measure)."""
    width = screen[0]
    assert driver.execute_script("return window.innerWidth;") == width
    assert driver.execute_script("return document.documentElement.scrollWidth;") <= width
    rights = driver.execute_script("return Array.from(document.querySelectorAll('.seat, .seat .tile, header, header a, main .tile')).filter((e) => e.offsetParent)"
                                   ".map((e) => e.getBoundingClientRect().right);")
    assert rights and max(rights) <= width + 0.5
