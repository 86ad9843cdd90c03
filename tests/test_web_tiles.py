"""The tile pictures: one distinct drawing per tile kind, each placed tile carrying its code as text."""
from __future__ import annotations

import re
import xml.etree.ElementTree as ET

from fanrules.core.tiles import TILE_CODES
from fanrules.web.tiles import sprite, tile_drawing, tile_html


def test_every_tile_kind_has_its_own_drawing() -> None:
    drawings = [tile_drawing(t) for t in range(34)]
    assert len(set(drawings)) == 34


def test_the_sprite_is_well_formed_svg_with_a_symbol_per_tile_and_a_back() -> None:
    root = ET.fromstring(sprite())
    ids = [s.get("id") for s in root.iter("{http://www.w3.org/2000/svg}symbol")]
    assert ids == [f"t-{code}" for code in TILE_CODES] + ["t-back"]
    assert not re.search(r"<image|href=\"http|xlink", sprite())  # drawn, not copied from anywhere


def test_a_placed_tile_has_a_text_fallback() -> None:
    for t, code in enumerate(TILE_CODES):
        html = tile_html(t, "win")
        assert f'data-tile="{code}"' in html and f'<span class="code">{code}</span>' in html
        assert f'href="#t-{code}"' in html and f"({code})" in html and 'class="tile win"' in html
    assert 'href="#t-back"' in tile_html(0, face_down=True) and "face down" in tile_html(0, face_down=True)
