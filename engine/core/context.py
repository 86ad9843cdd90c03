"""The win context and its one vocabulary: the names every surface (Python keywords, ``Context``
fields, JSONL keys, CLI flags, YAML examples) uses for the facts of a win, the aliases still accepted,
and the checks every surface shares (docs/notation.md has the table)."""
from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypedDict, TypeVar

from .errors import InvalidHandError
from .text import close_matches
from .tiles import EAST, TILE_CODES, TILE_INDEX, WIND_CODES, WINDS, Tile


@dataclass(frozen=True, slots=True)
class Fact:
    """One fact of the win context: its one name (the Python keyword, ``Context`` field, JSONL and
    HTTP key, YAML example key; the command-line flag is the name with dashes), its kind (``flag``:
    true or false; ``wind``: E, S, W or N; ``count``: a whole number ``0..maximum``), what it says,
    the other spellings still read (``aliases``: the JSONL contract's; ``flags``: the command line's
    extra option names) and its default."""

    name: str
    kind: str
    description: str
    default: Any = False
    aliases: tuple[str, ...] = ()
    flags: tuple[str, ...] = ()
    maximum: int = 0

    @property
    def flag(self) -> str:
        """The command-line option of the fact: its name with dashes."""
        return "--" + self.name.replace("_", "-")


#: The facts of a win, in the order of ``Context``: the one table every surface reads.
FACTS: tuple[Fact, ...] = (
    Fact("self_drawn", "flag", "Won by self-draw (else on a discard)."),
    Fact("last_copy", "flag", "The winning tile is the last copy not yet visible.", aliases=("fourth_tile",),
         flags=("--fourth-tile",)),
    Fact("kong_related", "flag", "Won on a kong replacement (self-drawn) or by robbing a kong (on a discard).",
         flags=("--kong",)),
    Fact("last_tile", "flag", "The last tile of the wall (self-drawn) or the last discard."),
    Fact("seat_wind", "wind", "Seat wind: E, S, W or N (default E).", default=EAST, flags=("--seat",)),
    Fact("prevalent_wind", "wind", "Prevalent (round) wind: E, S, W or N (default E).", default=EAST,
         aliases=("round_wind",), flags=("--round-wind", "--round")),
    Fact("flowers", "count", "Number of flowers, 0..8 (default 0).", default=0, maximum=8),
    Fact("flower_replacement", "flag", "Self-drawn on a flower's replacement tile (needs flowers)."),
    Fact("first_turn", "flag", "Won in the first go-round, before any claim or kong."),
    Fact("discard_after_kong", "flag", "On a discard: the winning tile was discarded right after its discarder's kong replacement draw (杠上炮)."),
    Fact("discarder", "seat", "Who discarded the winning tile, seen from the winner: left, opposite or right; none when self-drawn "
         "or not known (default none).", default="none"),
    Fact("seat_flowers", "count", "How many of the winner's flowers are the seat's own (正花), 0..2 (default 0).", default=0, maximum=2),
)
#: The values of a ``seat`` fact (``discarder``): the seat that discarded, seen from the winner.
SEATS = ("none", "left", "opposite", "right")
FACT_BY_NAME: dict[str, Fact] = {f.name: f for f in FACTS}
CONTEXT_NAMES = tuple(f.name for f in FACTS)
#: The yes/no facts: the four every rule set reads, then those some editions score.
FLAGS = tuple(f.name for f in FACTS[:4])
WIND_NAMES = tuple(f.name for f in FACTS if f.kind == "wind")
EXTRA_FLAGS = ("flower_replacement", "first_turn")
#: The facts a record writes only when they are not their defaults (a table's win fills them).
EXTRA_FACTS = ("discard_after_kong", "discarder", "seat_flowers")
F = TypeVar("F", bound=Callable[..., Any])


class ContextKeywords(TypedDict, total=False):
    """The win context as typed keywords (``score(hand, **facts)``; ``Unpack[ContextKeywords]`` in the signatures):
    FACTS's names and the contract's aliases, each optional (a test keeps it equal to FACTS)."""

    self_drawn: bool
    last_copy: bool
    kong_related: bool
    last_tile: bool
    seat_wind: str | int
    prevalent_wind: str | int
    flowers: int
    flower_replacement: bool
    first_turn: bool
    discard_after_kong: bool
    discarder: str
    seat_flowers: int
    fourth_tile: bool
    round_wind: str | int


def keywords_doc(entry: str | None = None) -> Callable[[F], F]:
    """Fill the ``{context}`` of a function's docstring with the context keywords it takes, from FACTS
    (those of NOT_TAKEN[entry] left out): each entry point's list is generated, never copied."""
    def fill(function: F) -> F:
        left_out = NOT_TAKEN[entry][0] if entry is not None else ()
        names = ", ".join(f"``{f.name}``" for f in FACTS if f.name not in left_out)
        aliases = ", ".join(f"``{a}``" for f in FACTS if f.name not in left_out for a in f.aliases)
        if function.__doc__ is not None:
            function.__doc__ = function.__doc__.replace("{context}", f"{names} (the contract's {aliases} accepted)")
        return function
    return fill


#: Other spellings still accepted: the JSONL contract's names (docs/notation.md), alias -> name.
ALIASES = {alias: f.name for f in FACTS for alias in f.aliases}
#: What a label in a corpus carries beside the hand; passed over by every reader of records
#: (so are ``expected_*`` and ``x_*`` keys).
ANNOTATION_KEYS = ("id", "expected", "expected_alternatives", "tag", "notes", "source")
#: What a fact is when it is not given: a win on a discard, east seat in the east round, no flowers.
DEFAULTS: dict[str, Any] = {f.name: f.default for f in FACTS}
#: The facts an entry point does not take, with the reason its refusal gives: waits and analyses
#: score every winning tile in turn, both ways, so the facts of one particular win do not apply.
NOT_TAKEN: dict[str, tuple[tuple[str, ...], str]] = {
    "waits": (("self_drawn", "kong_related", "last_copy", "flower_replacement"),
              "waits scores each winning tile both on a discard and self-drawn"),
    "analyze": (("last_copy", "kong_related"), "an analysis scores every winning tile in turn"),
}


def not_taken(surface: str, name: str) -> InvalidHandError:
    """The refusal of a fact that ``surface`` (a key of NOT_TAKEN) does not take."""
    return InvalidHandError(f"{NOT_TAKEN[surface][1]}: {name!r} does not apply")


def is_annotation(key: str) -> bool:
    """Whether a record key is a corpus annotation: one of ANNOTATION_KEYS, ``expected_*`` or ``x_*``."""
    return key in ANNOTATION_KEYS or key.startswith(("x_", "expected_"))


def did_you_mean(word: str, known: Iterable[str]) -> str:
    """`` (did you mean 'x'?)`` for the closest known word, or nothing."""
    close = close_matches(word, list(known), cutoff=0.6)
    return f" (did you mean '{close[0]}'?)" if close else ""


def unknown(what: str, word: object, known: Iterable[str]) -> InvalidHandError:
    """The error for a name nobody knows, with the closest known one."""
    known = list(known)
    hint = (did_you_mean(word, known) if isinstance(word, str) else "") or f" (known: {', '.join(known)})"
    return InvalidHandError(f"unknown {what} {word!r}{hint}")


def unknown_key(word: object, known: Iterable[str]) -> InvalidHandError:
    """The one refusal of a key (a record's, a request's, a keyword's, an example's) that no surface
    knows: ``unknown key 'x' (did you mean 'y'?)``. Every surface gives this sentence."""
    return unknown("key", word, known)


def wind_tile(value: Any, name: str) -> Tile:
    """A wind given as ``"E"``/``"S"``/``"W"``/``"N"`` or as its tile, as its tile."""
    if isinstance(value, str) and value in WIND_CODES:
        return TILE_INDEX[value]
    if isinstance(value, int) and not isinstance(value, bool) and value in WINDS:
        return value
    raise InvalidHandError(f"{name} must be E, S, W or N, not {value!r}")


def checked(name: str, value: Any, given: str | None = None) -> Any:
    """``value`` of context fact ``name`` as Context holds it; errors name it as the user wrote it (``given``)."""
    said = given or name
    if name in WIND_NAMES:
        return wind_tile(value, said)
    fact = FACT_BY_NAME[name]
    if fact.kind == "count":
        if isinstance(value, bool) or not isinstance(value, int):
            raise InvalidHandError(f"{name} must be a whole number from 0 to {fact.maximum}, not {value!r}")
        if not 0 <= value <= fact.maximum:
            raise InvalidHandError(f"{name} must be between 0 and {fact.maximum}, not {value}")
        return value
    if fact.kind == "seat":
        if value not in SEATS or not isinstance(value, str):
            raise InvalidHandError(f"{said} must be {', '.join(SEATS[:-1])} or {SEATS[-1]}, not {value!r}{did_you_mean(value, SEATS) if isinstance(value, str) else ''}")
        return value
    if not isinstance(value, bool):
        raise InvalidHandError(f"{said} must be true or false, not {value!r}")
    return value


def same_fact(first: str, second: str) -> InvalidHandError:
    """The refusal of one fact given under two of its names (``first`` and ``second`` as written)."""
    return InvalidHandError(f"{first!r} and {second!r} name the same fact; give one")


def context_values(given: Mapping[str, Any], skip: Sequence[str] = (), also: Sequence[str] = (),
                   surface: str | None = None) -> dict[str, Any]:
    """The context facts of ``given`` (keywords, record or request keys) by their one name, checked;
    keys in ``skip`` are left for the caller. Every surface reads its context here, so each refusal
    reads the same on all of them: an unknown key (``unknown_key``, with the closest of the facts,
    ``skip`` and ``also``), a fact given under two names (``same_fact``), a wrong value (``checked``)
    and, for an entry point of NOT_TAKEN (``surface``), a fact it does not take (``not_taken``)."""
    out: dict[str, Any] = {}
    said: dict[str, str] = {}
    passed = set(skip)
    for key, value in given.items():
        if key in passed:
            continue
        name = ALIASES.get(key, key)
        if name not in FACT_BY_NAME:
            raise unknown_key(key, [*CONTEXT_NAMES, *ALIASES, *skip, *also])
        if name in said:
            raise same_fact(said[name], key)
        if surface is not None and name in NOT_TAKEN[surface][0]:
            raise not_taken(surface, key)
        said[name] = key
        out[name] = checked(name, value, key)
    return out


@dataclass(frozen=True, slots=True, init=False)
class Context:
    """How the hand was won. Winds are held as tiles and may be given as ``"E"``/``"S"``/``"W"``/``"N"``;
    ``fourth_tile`` and ``round_wind`` (the JSONL contract's names) are accepted for ``last_copy`` and
    ``prevalent_wind``. Every value is checked: HandError says which one is wrong. ``flower_replacement``:
    self-drawn, the winning tile replaced a flower; ``first_turn``: the win comes in the first go-round,
    before any claim or kong (the dealer's dealt hand, a first draw, or a discard of that go-round)."""

    self_drawn: bool
    last_copy: bool
    kong_related: bool
    last_tile: bool
    seat_wind: Tile
    prevalent_wind: Tile
    flowers: int
    flower_replacement: bool
    first_turn: bool
    discard_after_kong: bool
    discarder: str
    seat_flowers: int

    def __init__(self, self_drawn: bool = False, last_copy: bool = False, kong_related: bool = False,
                 last_tile: bool = False, seat_wind: Tile | str = EAST, prevalent_wind: Tile | str = EAST,
                 flowers: int = 0, flower_replacement: bool = False, first_turn: bool = False, discard_after_kong: bool = False,
                 discarder: str = "none", seat_flowers: int = 0, **aliases: Any) -> None:
        values = {"self_drawn": self_drawn, "last_copy": last_copy, "kong_related": kong_related, "last_tile": last_tile,
                  "seat_wind": seat_wind, "prevalent_wind": prevalent_wind, "flowers": flowers,
                  "flower_replacement": flower_replacement, "first_turn": first_turn, "discard_after_kong": discard_after_kong,
                  "discarder": discarder, "seat_flowers": seat_flowers}
        for alias, (key, value) in zip(aliases, context_values(aliases).items()):
            if values[key] != DEFAULTS[key]:
                raise same_fact(key, alias)
            values[key] = value
        for name in CONTEXT_NAMES:
            object.__setattr__(self, name, checked(name, values[name]))
        _check_together(self)

    @classmethod
    def of(cls, values: Mapping[str, Any]) -> Context:
        """The Context of facts already checked (by their one names, as ``context_values`` gives them;
        the others as DEFAULTS), shared: there are a few thousand of them at most, and a batch builds
        one a line; a lookup skips the constructor's checks of facts already checked."""
        key = tuple([values.get(name, default) for name, default in DEFAULTS.items()])
        known = _SHARED.get(key)
        if known is None:
            known = _SHARED[key] = cls(**dict(zip(DEFAULTS, key)))
        return known

    def facts(self) -> dict[str, Any]:
        """The facts that differ from their defaults, by their one names: what keywords would say."""
        return {name: value for name in CONTEXT_NAMES for value in (getattr(self, name),) if value != DEFAULTS[name]}

    def __repr__(self) -> str:
        changed = [f"{name}={TILE_CODES[v]!r}" if name in WIND_NAMES else f"{name}={v!r}"
                   for name in CONTEXT_NAMES for v in (getattr(self, name),) if v != DEFAULTS[name]]
        return f"Context({', '.join(changed)})"


def _check_together(ctx: Context) -> None:
    """The checks of facts against each other that need no tiles (the others are the hand's, core/hand.py)."""
    if ctx.self_drawn and (ctx.discard_after_kong or ctx.discarder != "none"):
        raise InvalidHandError(f"{'discard_after_kong' if ctx.discard_after_kong else 'discarder'} describes a win on a discard, not a self-drawn one")
    if ctx.seat_flowers > ctx.flowers:
        raise InvalidHandError(f"seat_flowers ({ctx.seat_flowers}) cannot be more than flowers ({ctx.flowers})")


#: The Contexts made by ``Context.of``, by their values in the order of DEFAULTS (bools, winds and
#: 0..8 flowers: at most 2**7 * 4 * 4 * 4 * 9 * 3 = 221,184 of them, far fewer in practice).
_SHARED: dict[tuple[Any, ...], Context] = {}
