"""The page of ``fanrules review -o FILE.html`` in a real browser (Debian's headless Chromium, driven by
Selenium, as tests/test_web_browser.py): every decision drawn with the book's tiles, the two choices
marked, the list of the largest disagreements jumping to them. The screenshot of the review guide goes to
$FANRULES_SCREENSHOTS (default build/screenshots); docs/images/review-report.png is made with
``FANRULES_SCREENSHOTS=docs/images python -m pytest -m slow tests/test_review_browser.py``."""
from __future__ import annotations

import json
import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from web_page_helpers import chromium
from fanrules.tools.cli import main

if TYPE_CHECKING:
    from selenium.webdriver.remote.webdriver import WebDriver

ROOT = Path(__file__).resolve().parents[1]
SHOTS = Path(os.environ.get("FANRULES_SCREENSHOTS", ROOT / "build" / "screenshots"))
BROWSER = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver")
FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--hide-scrollbars", "--window-size=1100,1000")

pytestmark = [pytest.mark.skipif(BROWSER is None or DRIVER is None,
                                 reason="headless Chromium not installed: apt-get install chromium chromium-driver (.ci/run does)"),
              pytest.mark.slow]  # a browser started, a page loaded and clicked


@pytest.fixture(scope="module")
def browser() -> Iterator[WebDriver]:
    yield from chromium(FLAGS)


def _reviewed(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[Path, list[dict[str, Any]]]:
    """A greedy seat of a simulated game reviewed by the expert: the page and the JSON of its decisions."""
    log, page = tmp_path / "games.jsonl", tmp_path / "review.html"
    assert main(["simulate", "--quiet", "--jobs", "1", "--games", "2", "--seed", "3", "--players", "expert,greedy,greedy,greedy",
                 "--log", str(log)]) == 0
    capsys.readouterr()
    assert main(["review", str(log), "--seat", "1", "--json", "-o", str(page)]) == 0
    return page, [json.loads(line) for line in capsys.readouterr().out.splitlines()][:-1]


def test_every_decision_is_drawn_and_the_disagreements_link_to_theirs(browser: WebDriver, tmp_path: Path,
                                                                    capsys: pytest.CaptureFixture[str]) -> None:
    page, decisions = _reviewed(tmp_path, capsys)
    browser.get(page.as_uri())
    drawn = browser.execute_script(
        "return [...document.querySelectorAll('section.decision')].map(s => ["
        " [...s.querySelectorAll('.hand .tile svg')].filter(t => t.getBoundingClientRect().width > 20).length,"
        " s.querySelectorAll('.hand .tile.taken').length, s.querySelectorAll('.hand .tile.suggested').length,"
        " s.querySelectorAll('table.seats tr').length, s.classList.contains('agree')])")
    assert len(drawn) == len(decisions) > 0
    for (tiles, taken, suggested, rows, agree), d in zip(drawn, decisions):
        assert tiles >= len(d["seen"]["hand"]) > 0  # every tile of the hand drawn, at its size
        assert rows == 5 and agree == d["agree"]  # a row for each player under the head
        assert taken == (d["action"]["action"] in ("discard", "concealed_kong", "added_kong"))
        assert suggested == (d["suggested"]["action"] in ("discard", "concealed_kong", "added_kong"))
    links = browser.find_elements("css selector", "#worst a")
    assert len(links) == min(30, sum(1 for d in decisions if not d["agree"])) > 0
    targets = [link.get_attribute("href").split("#")[1] for link in links]
    for target in targets[:3]:
        browser.find_element("css selector", f"#worst a[href='#{target}']").click()
        top, height, state = browser.execute_script(
            "const s = document.getElementById(location.hash.slice(1));"
            "return [s.getBoundingClientRect().top, window.innerHeight, s.className]")
        assert browser.execute_script("return location.hash") == f"#{target}"
        assert -2 < top < height / 2 and "differ" in state  # the decision jumped to, at the top of the window
    browser.find_element("css selector", f"#worst a[href='#{targets[0]}']").click()
    SHOTS.mkdir(parents=True, exist_ok=True)
    browser.save_screenshot(str(SHOTS / "review-report.png"))
