"""References to fans in rule files (a number, a Chinese or an English name): how they are compared, and
the hint for one that names no fan."""
from __future__ import annotations

from typing import Any

from ..core.text import closest


def norm(ref: Any) -> str:
    """A reference as it is looked up: its text, case folded."""
    return str(ref).casefold()


def ref_hint(ref: Any, by_ref: dict[str, int]) -> str:
    """Every known reference as close as the closest, or how to refer to a fan."""
    close = closest(norm(ref), list(by_ref), cutoff=0.5)
    return f"did you mean {' or '.join(repr(c) for c in close)}?" if close else "refer to a fan by its number, Chinese name or English name"
