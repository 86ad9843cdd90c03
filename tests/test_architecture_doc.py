"""docs/architecture.md draws the layers that tests/test_architecture.py enforces: its table must say
the same as MAY_IMPORT, it must name every subpackage of engine/ (a row of the table and a section of
its own), and every module it names must exist, so the page cannot go stale."""
from __future__ import annotations

import re
from pathlib import Path

from test_architecture import MAY_IMPORT

ROOT = Path(__file__).resolve().parents[1]
DOC = ROOT / "docs" / "architecture.md"


def section(title: str, text: str | None = None) -> str:
    """The text of the page's ``## title`` section, up to the next ``## `` heading."""
    text = DOC.read_text(encoding="utf-8") if text is None else text
    start = text.index(f"\n## {title}\n")
    end = text.find("\n## ", start + 1)
    return text[start:] if end < 0 else text[start:end]


def layer_table() -> dict[str, frozenset[str]]:
    """The page's table of layers: each layer and the layers it may import."""
    out: dict[str, frozenset[str]] = {}
    rows = [line for line in section("The layers").splitlines() if line.startswith("| `")]
    for row in rows:
        cells = [c.strip() for c in row.strip("|").split("|")]
        layer, may = cells[0].strip("`"), cells[-1]
        out[layer] = frozenset() if may == "nothing else of fanrules" else frozenset(re.findall(r"`([\w_]+)`", may))
    return out


def subpackages() -> list[str]:
    """The subpackages of engine/ (folders with an ``__init__.py``), by folder name."""
    return sorted(p.parent.name for p in (ROOT / "engine").glob("*/__init__.py"))


def unnamed_subpackages(text: str) -> list[str]:
    """The subpackages of engine/ the page does not name: without a row in the layer table (its folder
    in the row) or without a ``### `engine/<name>/` `` section."""
    rows = section("The layers", text)
    return [name for name in subpackages()
            if f"| `{name}` | `engine/{name}/` |" not in rows or f"\n### `engine/{name}/`" not in text]


def test_the_layer_table_is_may_import() -> None:
    assert layer_table() == MAY_IMPORT


def test_the_page_names_every_subpackage() -> None:
    assert len(subpackages()) >= 11
    assert unnamed_subpackages(DOC.read_text(encoding="utf-8")) == []


def test_a_subpackage_left_out_is_caught() -> None:
    text = DOC.read_text(encoding="utf-8")
    assert unnamed_subpackages(text.replace("\n### `engine/botzone/`", "\n### the bots")) == ["botzone"]
    assert unnamed_subpackages(text.replace("| `env` | `engine/env/` |", "| `env` | elsewhere |")) == ["env"]


def test_the_page_names_only_modules_that_exist() -> None:
    named = set(re.findall(r"`((?:engine|dsl|tests)/[\w/]+\.(?:py|lark))`", DOC.read_text(encoding="utf-8")))
    assert len(named) > 20
    assert sorted(p for p in named if not (ROOT / p).is_file()) == []
