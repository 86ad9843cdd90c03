"""docs/architecture.md draws the layers that tests/test_architecture.py enforces: its table must say
the same as MAY_IMPORT, so the page cannot go stale."""
from __future__ import annotations

import re
from pathlib import Path

from test_architecture import MAY_IMPORT

DOC = Path(__file__).resolve().parents[1] / "docs" / "architecture.md"


def layer_table() -> dict[str, frozenset[str]]:
    """The page's table of layers: each layer and the layers it may import."""
    out: dict[str, frozenset[str]] = {}
    rows = [line for line in DOC.read_text(encoding="utf-8").splitlines() if line.startswith("| `")]
    for row in rows:
        cells = [c.strip() for c in row.strip("|").split("|")]
        layer, may = cells[0].strip("`"), cells[-1]
        out[layer] = frozenset() if may == "nothing else of fanrules" else frozenset(re.findall(r"`([\w_]+)`", may))
    return out


def test_the_layer_table_is_may_import() -> None:
    assert layer_table() == MAY_IMPORT


def test_the_page_names_only_modules_that_exist() -> None:
    root = DOC.parents[1]
    named = set(re.findall(r"`((?:engine|dsl|tests)/[\w/]+\.(?:py|lark))`", DOC.read_text(encoding="utf-8")))
    assert len(named) > 20
    assert sorted(p for p in named if not (root / p).is_file()) == []
