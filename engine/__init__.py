"""fanrules: score Chinese Official Mahjong (MCR) hands with rules written as data.

    >>> import fanrules
    >>> result = fanrules.score("[123p,1][345s,2][999s,3]6m6pEW1m")   # doctest: +SKIP
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any, Sequence

from .analysis import readings, waits
from .analysis.advice import (DiscardAdvice, HandTiles, ShantenReport, Useful, analysis_context, read_tiles,
                              read_visible, shanten_report)
from .core import (Block, CliError, Context, Diagnostic, ErrorKind, FanrulesError, Hand, HandError, InvalidHandError, Kind, Meld,
                   MeldKind, NotAWinError, Reading, RuleSetError, Shape, UnknownFanError, format_hand, hand_from_record,
                   hand_to_record, parse_hand)
from .dsl import DiagnosticError, Level
from .ruleset import Fan, RuleSet, load_ruleset
from .scoring import CountedFan, NotCounted, Principle, Result, Scorer
from .settlement import CompetitionRow, Entry, Seating, Session, Settlement, SettlementError, Standing, competition
from .scoring.reach import Analysis, DiscardPath, Reach, analyze_tiles
from .settlement import seating, settle

__version__ = "0.1.0"


@lru_cache(maxsize=16)
def scorer(rules: str | Path = "mcr") -> Scorer:
    """The cached Scorer of a rule set (shipped name, folder or ruleset.yaml)."""
    return Scorer(load_ruleset(rules))


def score(hand: Hand | str | dict[str, Any], rules: str | Path = "mcr", **context: Any) -> Result:
    """Score a hand given as a Hand, a hand string (context as keyword arguments: self_drawn,
    last_copy, kong_related, last_tile, seat_wind, prevalent_wind, flowers) or a JSONL record.

    Returns a Result (``result.is_win`` is false below the minimum). Raises a HandError for a hand
    that cannot be scored: InvalidHandError (``kind`` ``invalid``) or NotAWinError (``not_a_win``);
    RuleSetError for a rule set that cannot be loaded."""
    if isinstance(hand, str):
        hand = parse_hand(hand, **context)
    elif isinstance(hand, dict):
        hand = hand_from_record(hand)
    return scorer(rules).score(hand)


def shanten(hand: Hand | HandTiles | str) -> ShantenReport:
    """The shanten of a hand of 13 or 14 tiles (a hand string with declared sets in brackets, or a
    Hand): ``shanten`` overall (ready 0, complete -1) and ``shapes``, each shape's."""
    return shanten_report(read_tiles(hand))


def analyze(hand: Hand | HandTiles | str, visible: str | Sequence[int] = (), rules: str | Path = "mcr",
            points: bool = True, two_from_ready: float = 0.0, **context: Any) -> Analysis:
    """Analyse a hand of 13 or 14 tiles: shanten per shape, useful tiles with their unseen copies
    (``visible``: a tile string or tile numbers of what else is in sight), for 14 tiles the advice
    for each discard, and the points in reach (``points=False`` skips them; hands two from ready only
    with ``two_from_ready`` seconds to search each) winning as the context says (keywords self_drawn,
    last_tile, seat_wind, prevalent_wind, flowers). docs/analysis.md."""
    return analyze_tiles(read_tiles(hand), scorer(rules), analysis_context(**context), read_visible(visible), points,
                         two_from_ready)


__all__ = [
    "Analysis", "Block", "CliError", "CompetitionRow", "Context", "CountedFan", "Diagnostic", "DiagnosticError",
    "DiscardAdvice", "DiscardPath", "Entry", "ErrorKind", "Fan", "FanrulesError", "Hand", "HandError", "HandTiles",
    "InvalidHandError", "Kind", "Level", "Meld", "MeldKind", "NotAWinError", "NotCounted", "Principle", "Reach",
    "Reading", "Result", "RuleSet", "RuleSetError", "Scorer", "Seating", "Session", "Settlement", "SettlementError",
    "Shape", "ShantenReport", "Standing", "UnknownFanError", "Useful", "analyze", "competition", "format_hand",
    "hand_from_record", "hand_to_record", "load_ruleset", "parse_hand", "readings", "score", "scorer", "seating",
    "settle", "shanten", "waits",
]
