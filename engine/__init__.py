"""fanrules: score Chinese Official Mahjong (MCR) hands with rules written as data.

    >>> import fanrules
    >>> result = fanrules.score("[123p,1][345s,2][999s,3]6m6pEW1m")   # doctest: +SKIP
"""
from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from importlib import import_module
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .analysis import readings as _readings
from .core import (
    Block,
    CliError,
    Context,
    Diagnostic,
    ErrorKind,
    FanrulesError,
    Hand,
    HandError,
    HandInput,
    InvalidHandError,
    Kind,
    Meld,
    MeldKind,
    NotAWinError,
    Reading,
    RuleSetError,
    Shape,
    UnknownFanError,
    format_hand,
    hand_from_record,
    hand_to_record,
    parse_hand,
    to_hand,
)
from .core.context import keywords_doc
from .core.tiles import NamedTile
from .dsl import DiagnosticError, Level
from .ruleset import Fan, RuleSet, load_ruleset
from .scoring import CountedFan, NotCounted, Principle, Result, Scorer

if TYPE_CHECKING:  # imported when first used (see __getattr__), so that scoring alone starts fast
    from .analysis.advice import DiscardAdvice, HandTiles, ShantenReport, Useful
    from .game import Action, IllegalAction, Observation, Procedure, ProcedureError, Table, observe, simulate
    from .scoring.reach import Analysis, DiscardPath, Reach
    from .scoring.scored_waits import WaitScore
    from .settlement import CompetitionRow, Entry, Seating, Session, Settlement, SettlementError, Standing, competition, seating, settle

#: The names of the facade whose modules are imported on first use, by module. Importing them all up
#: front took more than half of ``import fanrules`` (python -X importtime), which every
#: ``fanrules score`` and ``fanrules batch`` paid without using them.
_LAZY: dict[str, tuple[str, ...]] = {
    ".analysis.advice": ("DiscardAdvice", "HandTiles", "ShantenReport", "Useful"),
    ".game": ("Action", "IllegalAction", "Observation", "ProcedureError", "Table", "observe", "simulate"),
    ".scoring.reach": ("Analysis", "DiscardPath", "Reach"),
    ".scoring.scored_waits": ("WaitScore",),
    ".settlement": ("CompetitionRow", "Entry", "Seating", "Session", "Settlement", "SettlementError", "Standing",
                    "competition", "seating", "settle"),
}
_LAZY_MODULE = {name: module for module, names in _LAZY.items() for name in names}


def __getattr__(name: str) -> Any:
    """A name of the facade whose module is imported on first use; ``__version__``, the installed
    distribution's (pyproject.toml is its one source), read when first asked for."""
    if name == "__version__":
        from importlib.metadata import PackageNotFoundError, version
        try:
            globals()[name] = version("fanrules")
        except PackageNotFoundError:  # the source folder on sys.path, never installed
            globals()[name] = "0+unknown"
        return globals()[name]
    module = _LAZY_MODULE.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(module, __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_LAZY_MODULE))


@lru_cache(maxsize=16)
def scorer(rules: str | Path = "mcr") -> Scorer:
    """The cached Scorer of a rule set (shipped name, folder or ruleset.yaml)."""
    return Scorer(load_ruleset(rules))


@keywords_doc()
def score(hand: HandInput, rules: str | Path = "mcr", **context: Any) -> Result:
    """Score a hand: a hand string (docs/notation.md), a Hand or a JSONL record. The win context comes
    as keywords ({context}; winds as ``"E"``/``"S"``/``"W"``/``"N"``) and replaces what a Hand or
    record carries.

    Returns a Result (``result.is_win`` is false below the minimum). Raises a HandError for a hand
    that cannot be scored: InvalidHandError (``kind`` ``invalid``; an unknown keyword included, named
    with the closest known one) or NotAWinError (``not_a_win``); RuleSetError for a rule set that
    cannot be loaded."""
    return scorer(rules).score(hand, **context)


@keywords_doc("waits")
def waits(hand: HandInput, rules: str | Path = "mcr", **context: Any) -> list[WaitScore]:
    """The winning tiles of a 13-tile hand (a hand string, a record without ``win_tile``, or a Hand's
    tiles before its winning tile), each with its Result on a discard and self-drawn (or the
    HandError that rules that win out), as ``fanrules waits`` prints. Context keywords: {context};
    those that belong to one win (``NOT_TAKEN["waits"]``) are refused with the reason."""
    from .scoring.scored_waits import scored_waits
    return scored_waits(hand, scorer(rules), **context)


@keywords_doc()
def readings(hand: HandInput, **context: Any) -> list[Reading]:
    """Every reading of a complete hand (any form ``score`` takes); empty when it is no winning shape.
    Context keywords: {context}."""
    return _readings(to_hand(hand, **context))


def shanten(hand: Hand | HandTiles | str) -> ShantenReport:
    """The shanten of a hand of 13 or 14 tiles (a hand string with declared sets in brackets, or a
    Hand): ``shanten`` overall (ready 0, complete -1) and ``shapes``, each shape's."""
    from .analysis.advice import read_tiles, shanten_report
    return shanten_report(read_tiles(hand))


@keywords_doc("analyze")
def analyze(hand: Hand | HandTiles | str, visible: str | Sequence[int] = (), rules: str | Path = "mcr",
            points: bool = True, two_from_ready: float = 0.0, **context: Any) -> Analysis:
    """Analyse a hand of 13 or 14 tiles: shanten per shape, useful tiles with their unseen copies
    (``visible``: a tile string or tile numbers of what else is in sight), for 14 tiles the advice
    for each discard, and the points in reach (``points=False`` skips them; hands two from ready only
    with ``two_from_ready`` seconds to search each) winning as the context says (keywords: {context};
    ``NOT_TAKEN["analyze"]`` refused). docs/analysis.md."""
    from .analysis.advice import analysis_context, read_tiles, read_visible
    from .scoring.reach import analyze_tiles
    return analyze_tiles(read_tiles(hand), scorer(rules), analysis_context(**context), read_visible(visible), points,
                         two_from_ready)


def procedure(rules: RuleSet | str | Path = "mcr") -> Procedure:
    """How a rule set's table plays a hand (its ``procedure:`` section, typed; docs/game.md), without
    making a table: what an app shows or checks before it deals. ProcedureError when it has none."""
    from .game import Procedure
    return Procedure.of(rules if isinstance(rules, RuleSet) else load_ruleset(rules))


__all__ = [
    "Action", "IllegalAction", "Observation", "ProcedureError", "Table", "observe", "procedure", "simulate",
    "Analysis", "Block", "CliError", "CompetitionRow", "Context", "CountedFan", "Diagnostic", "DiagnosticError",
    "DiscardAdvice", "DiscardPath", "Entry", "ErrorKind", "Fan", "FanrulesError", "Hand", "HandError", "HandInput", "HandTiles",
    "InvalidHandError", "Kind", "Level", "Meld", "MeldKind", "NamedTile", "NotAWinError", "NotCounted", "Principle", "Reach",
    "Reading", "Result", "RuleSet", "RuleSetError", "Scorer", "Seating", "Session", "Settlement", "SettlementError",
    "Shape", "ShantenReport", "Standing", "UnknownFanError", "Useful", "WaitScore", "analyze", "competition", "format_hand",
    "hand_from_record", "hand_to_record", "load_ruleset", "parse_hand", "readings", "score", "scorer", "seating",
    "settle", "shanten", "waits",
]
