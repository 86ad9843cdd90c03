"""Fan knowledge lives only in rules/: the Python of engine/ and dsl/ names no fan and no fan number."""
from __future__ import annotations

import re
from pathlib import Path

from fanrules.ruleset import load_ruleset

ROOT = Path(__file__).resolve().parents[1]

#: Words of the contract and the notation (docs/notation.md fields, meld types, docs/principles.md shapes and win
#: context) that some English fan names happen to share; the engine must know these words.
VOCABULARY = {
    "self_drawn", "self-drawn", "last_tile", "last tile", "seat_wind", "seat wind", "prevalent_wind",
    "prevalent wind", "concealed_kong", "concealed kong", "melded kong", "concealed hand", "seven_pairs",
    "seven pairs", "thirteen_orphans", "thirteen orphans", "knitted_straight", "knitted straight", "flower tiles",
}


def _python_sources() -> list[Path]:
    return sorted(p for folder in ("engine", "dsl") for p in (ROOT / folder).rglob("*.py"))


def test_no_fan_name_in_python() -> None:
    fans = load_ruleset("mcr").fans
    names = {f.name_zh for f in fans} | {f.name_en.lower() for f in fans}
    names |= {f.name_en.lower().replace(" ", "_").replace("-", "_") for f in fans}
    names -= VOCABULARY
    # One pattern for every name (the longest first), each a whole word: one pass over each file.
    alternatives = "|".join(re.escape(name) for name in sorted(names, key=len, reverse=True) if len(name) >= 2)
    pattern = re.compile(rf"(?<![\w])(?:{alternatives})(?![\w])")
    offenders = [f"{path.relative_to(ROOT)}: {match.group()}" for path in _python_sources()
                 for match in pattern.finditer(path.read_text(encoding="utf-8").lower())]
    assert offenders == []


def test_no_fan_number_is_compared_in_python() -> None:
    pattern = re.compile(r"(number|\.id|fan)\s*(==|!=|in)\s*\(?\s*\d")
    offenders = [f"{p.relative_to(ROOT)}:{i}" for p in _python_sources()
                 for i, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1) if pattern.search(line)]
    assert offenders == []
