"""Issue 35, pictures where people look: Hand, Result, WaitScore and Analysis draw themselves in a
notebook (``_repr_svg_``, ``_repr_html_``) with the book's tiles; each SVG is well-formed XML."""
from __future__ import annotations

import xml.etree.ElementTree as ET

import fanrules

SVG = "{http://www.w3.org/2000/svg}"


def _svg(text: str) -> ET.Element:
    root = ET.fromstring(text)  # well-formed, standalone
    assert root.tag == f"{SVG}svg" and root.get("width") and root.get("height")
    return root


def _drawn(root: ET.Element) -> list[str]:
    """The codes of the tiles placed, in order (each <use> has its code as its title)."""
    return [use.findtext(f"{SVG}title") or "" for use in root.iter(f"{SVG}use")]


def test_a_hand_draws_its_tiles_the_winning_one_outlined() -> None:
    hand = fanrules.parse_hand("[EEEE][123p,1]456m77s99s9s")
    root = _svg(hand._repr_svg_())
    assert _drawn(root) == ["E", "E", "E", "E", "1p", "2p", "3p", "4m", "5m", "6m", "7s", "7s", "9s", "9s", "9s"]
    assert sum(1 for use in root.iter(f"{SVG}use") if use.get("href") == "#pt-back") == 2  # a concealed kong's outer tiles
    assert root.get("aria-label") == str(hand) and len(list(root.iter(f"{SVG}rect"))) >= 1
    assert hand._repr_html_().startswith('<div class="fanrules">')


def test_a_result_draws_its_reading_and_each_fan_with_its_sets() -> None:
    result = fanrules.score("[CCC,1]FFFPPP999s5m5m")
    root = _svg(result._repr_svg_())
    texts = [t.text or "" for t in root.iter(f"{SVG}text")]
    assert "大三元 Big Three Dragons  88  ([CCC] FFF PPP)" in texts and texts[-1] == "total 113 (with flowers 113)"
    page = result._repr_html_()
    assert page.count("<svg") == 1 + sum(1 for c in result.fans if result.sets_of(c))  # the hand, then one per fan with sets
    ET.fromstring(f"<div>{page}</div>")


def test_waits_and_analyses_draw_themselves() -> None:
    ready = fanrules.waits("1112345678999m")[0]
    assert "on a discard: " in "".join(t.text or "" for t in _svg(ready._repr_svg_()).iter(f"{SVG}text"))
    ruled_out = fanrules.waits("1111m456p789p123s")[0]
    assert "fifth copy of 1m" in "".join(t.text or "" for t in _svg(ruled_out._repr_svg_()).iter(f"{SVG}text"))
    analysis = fanrules.analyze("1112345678999m", points=False)
    texts = [t.text or "" for t in _svg(analysis._repr_svg_()).iter(f"{SVG}text")]
    assert "shanten 0 (ready)" in texts and any(t.startswith("useful: 1m(1)") for t in texts)
    ET.fromstring(f"<div>{analysis._repr_html_()}{ready._repr_html_()}</div>")
