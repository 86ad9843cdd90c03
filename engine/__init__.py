"""fanrules: score Chinese Official Mahjong (MCR) hands with rules written as data.

    >>> import fanrules
    >>> result = fanrules.score("[123p,1][345s,2][999s,3]6m6pEW1m")   # doctest: +SKIP
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from importlib import import_module
from typing import TYPE_CHECKING, Any, Unpack

from .analysis import readings as _readings
from .core import (
    Block,
    CliError,
    Context,
    ContextKeywords,
    Diagnostic,
    ErrorKind,
    FanrulesError,
    Hand,
    HandError,
    HandInput,
    InvalidHandError,
    Meld,
    MeldKind,
    NotAWinError,
    Outcome,
    Reading,
    RuleSetError,
    Shape,
    TileLike,
    UnknownFanError,
    format_hand,
    hand_from_record,
    hand_to_record,
    parse_hand,
    parse_tile,
    tile_code,
    to_hand,
)
from .core import (
    Kind as BlockKind,
)
from .core.context import keywords_doc
from .core.deprecation import warn_renamed
from .core.tiles import NamedTile
from .dsl import DiagnosticError, Level
from .ruleset import Fan, HasRuleSet, ReadOnlyError, RuleSet, RulesLike, RulesTypeError, load_ruleset, ruleset_of, thawed
from .ruleset import shipped_rulesets as _shipped_rulesets
from .scoring import CountedFan, NotCounted, Principle, Result, Scorer

if TYPE_CHECKING:  # imported when first used (see __getattr__), so that scoring alone starts fast
    from .analysis.advice import DiscardAdvice, HandTiles, ShantenReport, Useful
    from .game import Action, IllegalAction, Observation, Procedure, ProcedureError, Table, observe, simulate
    from .scoring.reach import Analysis, DiscardPath, Reach
    from .scoring.scored_waits import WaitScore
    from .settlement import CompetitionRow, Entry, Seating, Session, Settlement, SettlementError, Standing, competition, settle

#: The names of the facade whose modules are imported on first use, by module. Importing them all up
#: front took more than half of ``import fanrules`` (python -X importtime), which every
#: ``fanrules score`` and ``fanrules batch`` paid without using them.
_LAZY: dict[str, tuple[str, ...]] = {
    ".analysis.advice": ("DiscardAdvice", "HandTiles", "ShantenReport", "Useful"),
    ".game": ("Action", "IllegalAction", "Observation", "Procedure", "ProcedureError", "Table", "observe", "simulate"),
    ".scoring.reach": ("Analysis", "DiscardPath", "Reach"),
    ".scoring.scored_waits": ("WaitScore",),
    ".settlement": ("CompetitionRow", "Entry", "Seating", "Session", "Settlement", "SettlementError", "Standing",
                    "competition", "settle"),
}
_LAZY_MODULE = {name: module for module, names in _LAZY.items() for name in names}


#: The facade's old names, kept one minor version with a DeprecationWarning: old name -> new name, and
#: how to get what it names.
_RENAMED: dict[str, tuple[str, Callable[[], Any]]] = {
    "scorer": ("Scorer.of", lambda: Scorer.of),
    "procedure": ("Procedure.of", lambda: import_module(".game", __name__).Procedure.of),
    "seating": ("Seating.of", lambda: import_module(".settlement", __name__).Seating.of),
    "Kind": ("BlockKind", lambda: BlockKind),
}


def __getattr__(name: str) -> Any:
    """A name of the facade whose module is imported on first use; an old name (``_RENAMED``), with a
    DeprecationWarning; ``__version__``, the installed distribution's (pyproject.toml is its one
    source), read when first asked for."""
    if name in _RENAMED:
        new, get = _RENAMED[name]
        warn_renamed(f"fanrules.{name}", f"fanrules.{new}")
        return get()
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


def _facts(context: Context | None, given: dict[str, Any]) -> dict[str, Any]:
    """The keywords of a call with a ``context=Context(...)``: its facts, then the keywords given."""
    return given if context is None else {**context.facts(), **given}


@keywords_doc()
def score(hand: HandInput, rules: RulesLike = "mcr", *, context: Context | None = None, **facts: Unpack[ContextKeywords]) -> Result:
    """Score a hand: a hand string (docs/notation.md), a Hand or a JSONL record. The win context comes
    as ``context=Context(...)`` and/or as keywords ({context}; winds as ``"E"``/``"S"``/``"W"``/``"N"``),
    the keywords over the Context, both over what a Hand or record carries.

    Returns a Result: ``result.outcome`` is ``Outcome.WIN`` or ``Outcome.UNDER_MINIMUM``. Raises a
    HandError for a hand that cannot be scored, whose ``outcome`` is ``Outcome.INVALID``
    (InvalidHandError; an unknown keyword included, named with the closest known one) or
    ``Outcome.NOT_A_WIN`` (NotAWinError); RuleSetError for a rule set that cannot be loaded."""
    return Scorer.of(rules).score(hand, **_facts(context, dict(facts)))


@keywords_doc("waits")
def waits(hand: HandInput, rules: RulesLike = "mcr", *, context: Context | None = None, **facts: Unpack[ContextKeywords]) -> list[WaitScore]:
    """The winning tiles of a 13-tile hand (a hand string, a record without ``win_tile``, or a Hand's
    tiles before its winning tile), each with its Result on a discard and self-drawn (or the
    HandError that rules that win out: either answers ``.outcome``), as ``fanrules waits`` prints.
    Context keywords: {context}; those that belong to one win (``NOT_TAKEN["waits"]``) are refused
    with the reason."""
    from .scoring.scored_waits import scored_waits
    return scored_waits(hand, Scorer.of(rules), **_facts(context, dict(facts)))


@keywords_doc()
def readings(hand: HandInput, *, context: Context | None = None, **facts: Unpack[ContextKeywords]) -> list[Reading]:
    """Every reading of a complete hand (any form ``score`` takes); empty when it is no winning shape.
    Context keywords: {context}."""
    return _readings(to_hand(hand, **_facts(context, dict(facts))))


def shanten(hand: Hand | HandTiles | str) -> ShantenReport:
    """The shanten of a hand of 13 or 14 tiles (a hand string with declared sets in brackets, or a
    Hand): ``shanten`` overall (ready 0, complete -1) and ``shapes``, each shape's."""
    from .analysis.advice import read_tiles, shanten_report
    return shanten_report(read_tiles(hand))


@keywords_doc("analyze")
def analyze(hand: Hand | HandTiles | str, visible: str | Sequence[TileLike] = (), *, rules: RulesLike = "mcr",
            points: bool = True, two_from_ready: float = 0.0, context: Context | None = None, **facts: Unpack[ContextKeywords]) -> Analysis:
    """Analyse a hand of 13 or 14 tiles: shanten per shape, useful tiles with their unseen copies
    (``visible``: a tile string, or tile numbers or codes, of what else is in sight), for 14 tiles the
    advice for each discard, and the points in reach (``points=False`` skips them; hands two from
    ready only with ``two_from_ready`` seconds to search each) winning as the context says (keywords:
    {context}; ``NOT_TAKEN["analyze"]`` refused). docs/analysis.md."""
    from .analysis.advice import analysis_context, read_tiles, read_visible
    from .scoring.reach import analyze_tiles
    return analyze_tiles(read_tiles(hand), Scorer.of(rules), analysis_context(**_facts(context, dict(facts))), read_visible(visible),
                         points, two_from_ready)


def shipped_rulesets() -> list[str]:
    """The names of the rule sets the package ships (``mcr``, ``mil``, ...), in order: what ``rules``
    takes by name."""
    return _shipped_rulesets()


__all__ = [
    "Action", "IllegalAction", "Observation", "Procedure", "ProcedureError", "Table", "observe", "simulate",
    "Analysis", "Block", "BlockKind", "CliError", "CompetitionRow", "Context", "CountedFan", "Diagnostic", "DiagnosticError",
    "DiscardAdvice", "DiscardPath", "Entry", "ErrorKind", "ContextKeywords", "Fan", "FanrulesError", "Hand", "HandError", "HandInput",
    "HandTiles", "HasRuleSet", "InvalidHandError", "Level", "Meld", "MeldKind", "NamedTile", "NotAWinError", "NotCounted",
    "Outcome", "Principle", "Reach", "Reading", "ReadOnlyError", "Result", "RuleSet", "RuleSetError", "RulesLike", "RulesTypeError",
    "Scorer", "Seating", "Session", "Settlement", "SettlementError", "Shape", "ShantenReport", "Standing", "TileLike",
    "UnknownFanError", "Useful", "WaitScore", "analyze", "competition", "format_hand", "hand_from_record", "hand_to_record",
    "load_ruleset", "parse_hand", "parse_tile", "readings", "ruleset_of", "score", "settle", "shanten",
    "shipped_rulesets", "thawed", "tile_code", "waits",
]
