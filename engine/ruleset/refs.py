"""References to fans in rule files (a number, a Chinese or an English name): how they are compared, and
the hint for one that names no fan."""
from __future__ import annotations

from typing import Any

from ..core.text import close_matches


def norm(ref: Any) -> str:
    """A reference as it is looked up: its text, case folded."""
    return str(ref).casefold()


def ref_hint(ref: Any, by_ref: dict[str, int]) -> str:
    """The closest known reference, or how to refer to a fan."""
    close = close_matches(norm(ref), list(by_ref), cutoff=0.5)
    return f"did you mean '{close[0]}'?" if close else "refer to a fan by its number, Chinese name or English name"
