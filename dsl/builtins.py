"""The vocabulary of the predicate language: one registry of builtins that drives type checking,
"did you mean" suggestions, evaluation and the reference in docs/dsl.md.

Builtins are generic words of the game (tiles, suits, ranks, sets and their kinds, pairs, counts, the
winning tile and the wait, the context flags); no builtin knows a fan."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from ..core.blocks import Kind, Shape
from ..core.tiles import DRAGONS, HONOURS, SIMPLES, TERMINALS, WINDS


class Level(StrEnum):
    """What a value depends on, so that the engine evaluates a predicate as rarely as it can: ``pure``
    (nothing), ``hand`` (the tiles and the context), ``reading`` (one reading of the hand), ``late``
    (the other fans already counted in the reading). Ordered as listed: a predicate takes the latest
    level of what it reads (compare levels with each other only)."""

    PURE = "pure"
    HAND = "hand"
    READING = "reading"
    LATE = "late"

    @property
    def rank(self) -> int:
        """The level's place in evaluation order (hand before reading before late)."""
        return _LEVEL_RANK[self]

    def __lt__(self, other: object) -> bool:
        return _LEVEL_RANK[self] < _LEVEL_RANK[other] if isinstance(other, Level) else NotImplemented

    def __le__(self, other: object) -> bool:
        return _LEVEL_RANK[self] <= _LEVEL_RANK[other] if isinstance(other, Level) else NotImplemented

    def __gt__(self, other: object) -> bool:
        return _LEVEL_RANK[self] > _LEVEL_RANK[other] if isinstance(other, Level) else NotImplemented

    def __ge__(self, other: object) -> bool:
        return _LEVEL_RANK[self] >= _LEVEL_RANK[other] if isinstance(other, Level) else NotImplemented


_LEVEL_RANK = {level: rank for rank, level in enumerate(Level)}

#: The words of the set kinds and the shapes, from the enums of fanrules.core: a kind word stands for
#: its Kind (an int), a shape word for the shape's value (what ``Facts.shape`` holds).
KIND_VALUES: dict[str, Kind] = {kind.name.lower(): kind for kind in Kind}
SHAPE_VALUES: tuple[str, ...] = tuple(shape.value for shape in Shape)


@dataclass(frozen=True, slots=True)
class Builtin:
    """One word of the language. A ``constant`` is used without parentheses. ``params`` are type names;
    ``T`` is any one type shared by all arguments, a trailing ``...`` repeats the last parameter.
    ``max_size`` bounds a collection's length (it bounds the cost of quantifiers over it).

    ``code`` says how the compiler writes the builtin in generated Python: a template over ``f`` (the
    facts) and the arguments ``{0}``, ``{1}``..., a dict of templates by argument type, a function of
    the argument codes, or a Const whose value the generated code reads from its namespace."""

    name: str
    params: tuple[str, ...]
    result: str
    level: Level
    doc: str
    example: str
    code: str | dict[str, str] | Callable[[list[str]], str] | Const
    constant: bool = False
    max_size: int = 0

    @property
    def signature(self) -> str:
        if self.constant:
            return f"{self.name}: {self.result}"
        return f"{self.name}({', '.join(self.params)}) -> {self.result}"


REGISTRY: dict[str, Builtin] = {}
"""Every builtin of the predicate language by name, with its parameters, result and meaning."""


@dataclass(frozen=True, slots=True)
class Const:
    """A constant value of a builtin (a tile group, a suit, a kind, a shape)."""

    value: Any


def _add(name: str, params: tuple[str, ...] | None, result: str, level: str, doc: str, example: str,
         code: str | dict[str, str] | Callable[[list[str]], str] | Const, max_size: int = 0) -> None:
    REGISTRY[name] = Builtin(name=name, params=params or (), result=result, level=Level(level), doc=doc, example=example,
                             code=code, constant=params is None, max_size=max_size)


def _const(value: Any) -> Const:
    return Const(value)


def _attr(name: str) -> str:
    return f"f.{name}"


# --- the win context ------------------------------------------------------------------------------
_add("self_drawn", None, "bool", "hand", "The winning tile was drawn by the player, not taken from a discard.", "self_drawn and last_tile", _attr("self_drawn"))
_add("last_copy", None, "bool", "hand", "The winning tile is the last copy not yet visible, as flagged or inferred from the player's own declared sets.", "last_copy", _attr("last_copy"))
_add("kong_related", None, "bool", "hand", "Self-drawn: the winning tile is a kong replacement; on a discard: the winning tile robs a kong.", "kong_related and not self_drawn", _attr("kong_related"))
_add("last_tile", None, "bool", "hand", "Self-drawn: the last tile of the wall; on a discard: the last discard of the game.", "last_tile and self_drawn", _attr("last_tile"))
_add("seat_wind", None, "tile", "hand", "The player's seat wind (门风) as a tile: E, S, W or N.", "tile(p) == seat_wind", _attr("seat_wind"))
_add("prevalent_wind", None, "tile", "hand", "The prevalent (round) wind (圈风) as a tile.", "tile(p) == prevalent_wind", _attr("prevalent_wind"))
_add("flower_replacement", None, "bool", "hand", "Self-drawn: the winning tile replaced a flower (补花).", "self_drawn and (kong_related or flower_replacement)", _attr("flower_replacement"))
_add("first_turn", None, "bool", "hand", "The win comes in the first go-round, before any claim or kong: the dealer's dealt hand, a first draw, or a discard of that go-round.", "first_turn and self_drawn and seat_wind == E", _attr("first_turn"))
_add("flowers", None, "int", "hand", "How many flower tiles the player has (0..8).", "flowers", _attr("flowers"))
_add("seat_flowers", None, "int", "hand", "How many of the player's flowers are the seat's own (正花), 0..2.", "seat_flowers == 2", _attr("seat_flowers"))
_add("discard_after_kong", None, "bool", "hand", "On a discard: the winning tile was discarded right after its discarder's kong replacement draw (杠上炮).",
     "discard_after_kong and not self_drawn", _attr("discard_after_kong"))
_add("discarder", None, "seat", "hand", "Who discarded the winning tile, seen from the winner: left, opposite or right; nobody when self-drawn or not known.",
     "discarder == left", _attr("discarder"))
for _seat, _seat_value in (("left", "left"), ("opposite", "opposite"), ("right", "right"), ("nobody", "none")):
    _add(_seat, None, "seat", "pure", f"The value of discarder when the winning tile came from {'no other seat (self-drawn, or not known)' if _seat == 'nobody' else 'the player ' + ('opposite' if _seat == 'opposite' else 'on the ' + _seat)}.",
         f"discarder == {_seat}", _const(_seat_value))

# --- the tiles of the hand ------------------------------------------------------------------------
_add("tiles", None, "list[tile]", "hand", "Every tile of the hand, the winning tile included (a kong gives four).", "all(t in tiles: t in simples)", _attr("tiles"), 18)
_add("win_tile", None, "tile", "hand", "The winning tile.", "rank(win_tile) == 3", _attr("win_tile"))
_add("unique_wait", None, "bool", "hand", "The 13 tiles before the win wait on exactly one tile kind, counting every shape and kinds the hand already holds four of.", "unique_wait and kind(win_set) == pair", _attr("unique_wait"))
_add("copies", ("tile",), "int", "hand", "How many copies of a tile kind the hand holds, the winning tile included.", "copies(5m) == 4", "f.counts[{0}]")
_add("held", ("tile",), "int", "hand", "How many copies of a tile kind the hand held before the winning tile (concealed and declared).", "held(1m) == 3", "f.held[{0}]")
_add("suits", None, "list[suit]", "hand", "The number suits (characters, dots, bamboo) that appear in the hand.", "size(suits) == 1", _attr("suits"), 3)
_add("kinds", None, "list[tile]", "hand", "The tile kinds the hand holds, each once.", "each t in kinds where copies(t) == 4", _attr("kinds"), 14)
_add("tile_kinds", None, "list[tile]", "pure", "All 34 tile kinds, to count or find kinds (each t in tile_kinds where ...).", "each t in tile_kinds where copies(t) == 4", _const(tuple(range(34))), 34)

# --- tile groups and suits ------------------------------------------------------------------------
_add("terminals", None, "list[tile]", "pure", "The six terminals: 1 and 9 of each number suit.", "t in terminals", _const(TERMINALS), 6)
_add("honours", None, "list[tile]", "pure", "The seven honour tiles: winds and dragons.", "t in honours", _const(HONOURS), 7)
_add("winds", None, "list[tile]", "pure", "The four winds E S W N.", "tile(p) in winds", _const(WINDS), 4)
_add("dragons", None, "list[tile]", "pure", "The three dragons C F P.", "tile(p) in dragons", _const(DRAGONS), 3)
_add("simples", None, "list[tile]", "pure", "The number tiles 2 to 8.", "all(t in tiles: t in simples)", _const(SIMPLES), 21)
_add("characters", None, "suit", "pure", "The characters suit (万, m).", "suit(a) == characters", _const(0))
_add("dots", None, "suit", "pure", "The dots suit (饼, p).", "suit(a) == dots", _const(1))
_add("bamboo", None, "suit", "pure", "The bamboo suit (条, s).", "suit(a) == bamboo", _const(2))

# --- the reading: shape, sets and pairs -----------------------------------------------------------
_add("shape", None, "shape", "reading", "The shape of the reading.", "shape == seven_pairs", _attr("shape"))
for _i, _shape in enumerate(SHAPE_VALUES):
    _add(_shape, None, "shape", "pure", {
        "standard": "Four sets and a pair.",
        "seven_pairs": "Seven pairs (four identical tiles make two pairs).",
        "thirteen_orphans": "One of each terminal and honour plus one more of them.",
        "honours_and_knitted": "Fourteen different tiles from one knitted pattern and the honours.",
        "knitted_straight": "The nine tiles 147/258/369 in three suits, one set and a pair.",
    }[_shape], f"shape == {_shape}", _const(_shape))
_add("sets", None, "list[set]", "reading", "The chows, pungs and kongs of the reading, declared ones included.", "size(sets) == 4", _attr("sets"), 4)
_add("chows", None, "list[set]", "reading", "The chows of the reading.", "each a, b in chows where tile(a) == tile(b)", _attr("chows"), 4)
_add("pungs", None, "list[set]", "reading", "The pungs of the reading, kongs included.", "count(p in pungs: concealed(p)) >= 2", _attr("pungs"), 4)
_add("kongs", None, "list[set]", "reading", "The kongs of the reading.", "size(kongs) == 2", _attr("kongs"), 4)
_add("pairs", None, "list[set]", "reading", "The pairs of the reading: one in most shapes, seven in seven pairs.", "all(p in pairs: rank(p) == 5)", _attr("pairs"), 7)
_add("sets_and_pairs", None, "list[set]", "reading", "The sets and the pairs of the reading together.", "all(s in sets_and_pairs: any(t in s: t in terminals))", _attr("sets_and_pairs"), 7)
_add("knitted", None, "list[tile]", "reading", "The number tiles of a knitted pattern in a knitted shape (empty otherwise).", "size(knitted) == 9", _attr("knitted"), 9)
_add("win_set", None, "set", "reading", "The set or pair that the winning tile completes in this reading; its kind is no_set when it completes a knitted part or a special shape.", "kind(win_set) == chow", _attr("win_set"))
for _kind, _value in KIND_VALUES.items():
    _add(_kind, None, "kind", "pure", {
        "chow": "The kind of a chow.", "pung": "The kind of a pung.", "kong": "The kind of a kong.",
        "pair": "The kind of a pair.", "no_set": "The kind of win_set when the winning tile completes no set or pair.",
    }[_kind], f"kind(win_set) == {_kind}", _const(_value))

# --- properties of sets and tiles -----------------------------------------------------------------
_add("kind", ("set",), "kind", "pure", "The kind of a set: chow, pung, kong or pair.", "kind(win_set) == pair", "{0}.kind")
_add("tile", ("set",), "tile", "pure", "The tile of a pung, kong or pair; the lowest tile of a chow.", "tile(a) == tile(b)", "{0}.tile")
_add("suit", ("tile|set",), "suit", "pure", "The suit of a tile or set (honours have a suit of their own).", "suit(a) == suit(b)", {"tile": "SUIT_OF[{0}]", "set": "SUIT_OF[{0}.tile]"})
_add("rank", ("tile|set",), "int", "pure", "The rank 1..9 of a number tile, of a pung or pair, or of a chow's lowest tile; 0 for honours.", "rank(a) == 1", {"tile": "RANK_OF[{0}]", "set": "RANK_OF[{0}.tile]"})
_add("concealed", ("set",), "bool", "pure", "The set is concealed: not claimed, and for a pung not completed by a discarded winning tile.", "concealed(p)", "{0}.concealed")
_add("melded", ("set",), "bool", "pure", "The set was claimed from another player (chow, pung or melded kong).", "not melded(s)", "{0}.melded")
_add("declared", ("set",), "bool", "pure", "The set was declared during play (claimed sets and concealed kongs).", "not declared(s)", "{0}.declared")

# --- generic helpers ------------------------------------------------------------------------------
_add("size", ("list[T]",), "int", "pure", "How many items a collection has.", "size(chows) == 4", "len({0})")
_add("same", ("T", "T", "..."), "bool", "pure", "All arguments are equal.", "same(suit(a), suit(b), suit(c))", lambda args: "(" + " == ".join(args) + ")")
_add("distinct", ("T", "T", "..."), "bool", "pure", "No two arguments are equal.", "distinct(suit(a), suit(b), suit(c))", lambda args: f"(len({{{', '.join(args)}}}) == {len(args)})")

# --- the scoring so far ---------------------------------------------------------------------------
_add("fans_counted", None, "int", "late", "How many other fans (bonus fans aside) count in this reading; a predicate that uses it is evaluated after all others.", "fans_counted == 0", _attr("fans_counted"))
