"""A Result as one line of JSON text, the same text as encoding ``Result.to_json`` (tests hold them
equal on every corpus hand), written from pieces worked out once: the text of each block, of each
counted fan without sets (by the identity of the scorer's shared CountedFan), the head of every other
piece with a template of its sets (``[{0[3]}]`` is the reading's fourth block), and each reading's
opening. Every step is a C call where it can be (``map``, ``str.join``). A batch writes one such line
per hand; what this saves over encoding ``to_json`` is in docs/architecture.md (speed)."""
from __future__ import annotations

import json
from json.encoder import encode_basestring  # the encoder's own, for ensure_ascii=False
from typing import Any

from ..core.blocks import Block, Shape
from ..core.tiles import TILE_CODES
from ..ruleset import Fan
from .principles import NotCounted
from .result import CountedFan, Result, fan_ref

#: The encoder of every answer: the contract's JSON, non-ASCII text as it is.
ENCODER = json.JSONEncoder(ensure_ascii=False, allow_nan=False)
#: The most pieces kept (per kind): past it they are worked out afresh, so memory stays flat.
MOST_PIECES = 1 << 14

#: A piece: its text, or its text up to its sets and the template of its sets.
Piece = str | tuple[str, str]


class Text:
    """Writes Results as JSON lines, keeping the pieces it has written: by the identity of the objects
    they belong to (each kept alive here, so that no other object takes its identity) and by the
    values that shape them."""

    def __init__(self, wire: bool = False) -> None:
        #: Whether lines are written as their UTF-8 bytes, each byte a character (``wire``): see ``raw``.
        self.wire = wire
        #: The text of a counted fan without sets, by the identity of its (shared) CountedFan.
        self.shared: dict[int, str] = {}
        #: Counted fans by (id(fan), count, instances); instances left out by (id(fan), id(by), count,
        #: principle, sets); the brief object of a counted fan by (id(fan), count).
        self.fans: dict[tuple[Any, ...], Piece] = {}
        self.left_out: dict[tuple[Any, ...], Piece] = {}
        self.briefs: dict[tuple[int, int], str] = {}
        #: The JSON string of each block, by identity; the opening of a reading's object by shape, and
        #: what follows its sets by knitted tiles.
        self.names: dict[int, str] = {}
        self.shapes: dict[Shape, str] = {}
        self.knitted: dict[tuple[int, ...], str] = {}
        #: What the identities above belong to, kept alive.
        self.alive: dict[int, object] = {}

    def brief(self, result: Result, answer_id: Any = None) -> str:
        """The contract's output object alone (id, total, total_with_flowers, fans, error), as JSON."""
        briefs = self.briefs
        body = ", ".join([briefs.get((id(c[0]), c[1])) or self._brief(c) for c in result.fans])
        capped = "" if result.uncapped is None else ', "capped": ' + ENCODER.encode(result.capped_json())
        if not result.is_win:
            return f'{self._opening(result, answer_id)}{body}]{capped}, "error": {self.raw(ENCODER.encode(result.error_json()))}}}'
        return f"{self._opening(result, answer_id)}{body}]{capped}}}"

    def line(self, result: Result, answer_id: Any = None) -> str:
        """``ENCODER.encode(result.to_json(answer_id))``, made of known pieces; raises UnicodeEncodeError when
        that is no valid UTF-8 (an id, or a name of a rule file, with a lone surrogate)."""
        shape, sets, pairs, knitted, win = result.reading
        blocks = sets + pairs
        try:
            names = list(map(self.names.__getitem__, map(id, blocks)))
        except KeyError:
            names = list(map(self.block, blocks))
        fans = result.fans
        counted: list[Any] = list(map(self.shared.get, map(id, fans)))
        if None in counted:  # a fan with sets, or one not shared
            counted = [text or self._fan(c, names, result) for text, c in zip(counted, fans)]
        left_out = result.not_counted
        dropped = ", ".join([self._left_out(n, names) for n in left_out]) if left_out else ""
        error = "" if result.is_win else ', "error": ' + self.raw(ENCODER.encode(result.error_json()))
        if result.uncapped is not None:
            error = ', "capped": ' + ENCODER.encode(result.capped_json()) + error
        return "".join((self._opening(result, answer_id), ", ".join(counted), "]", error, self.shapes.get(shape) or self._shape(shape),
                        ", ".join(names), self.knitted.get(knitted) or self._knitted(knitted),
                        "null" if win is None else names[win], '}, "not_counted": [', dropped, "]}"))

    def block(self, block: Block) -> str:
        """A block in hand notation, as a JSON string (blocks are shared: known by identity, and kept)."""
        known = self.names.get(id(block))
        if known is None:
            self._keep(self.names, block)
            known = self.names[id(block)] = self.raw(ENCODER.encode(str(block)))
        return known

    def _fan(self, counted: CountedFan, names: list[str], result: Result) -> str:
        """A counted fan's object, from its piece (made and kept if new); a fan with a ``shows`` rule
        with the sets it names in this reading (``Result.shown``), never shared."""
        fan, count, instances = counted
        if fan.shows is not None:
            instances = result.shown(counted)
        key = (id(fan), count, instances)
        piece = self.fans.get(key)
        if piece is None:
            sets = ", ".join(["[" + ", ".join([f"{{0[{b}]}}" for b in inst]) + "]" for inst in instances if inst])
            head = self.raw(f'{_head(fan)}{count}, "sets": ')
            piece = (head, f"[{sets}]}}}}") if sets else head + "[]}"
            self._keep(self.fans, fan)
            self.fans[key] = piece
        # The scorer shares the CountedFan of a fan counted once without sets (a few made afresh are
        # kept too: about one line in a hundred of the corpus, bounded like every piece).
        if count == 1 and piece.__class__ is str and fan.shows is None:
            self._keep(self.shared, counted)
            self.shared[id(counted)] = piece
        return piece if piece.__class__ is str else piece[0] + piece[1].format(names)

    def _brief(self, counted: CountedFan) -> str:
        fan, count = counted[0], counted[1]
        self._keep(self.briefs, fan)
        known = self.briefs[(id(fan), count)] = self.raw(f"{_head(fan)}{count}}}")
        return known

    def _left_out(self, n: NotCounted, names: list[str]) -> str:
        """One object of ``not_counted``, from its piece (made and kept if new)."""
        fan, count, principle, by, sets, _ = n
        key = (id(fan), id(by), count, principle, sets)
        piece = self.left_out.get(key)
        if piece is None:
            by_text = "null" if by is None else ENCODER.encode(fan_ref(by))
            head = self.raw(f'{ENCODER.encode(fan_ref(fan))[:-1]}, "count": {count}, "principle": {ENCODER.encode(principle)}, '
                         f'"reason": {ENCODER.encode(n.reason)}, "by": {by_text}, "sets": ')
            piece = (head, "[" + ", ".join([f"{{0[{i}]}}" for i in sets]) + "]}}") if sets else head + "[]}"
            self._keep(self.left_out, fan, by)
            self.left_out[key] = piece
        return piece if piece.__class__ is str else piece[0] + piece[1].format(names)

    def _shape(self, shape: Shape) -> str:
        self._keep(self.shapes)
        known = self.shapes[shape] = f', "reading": {{"shape": "{shape.value}", "sets": ['
        return known

    def _knitted(self, knitted: tuple[int, ...]) -> str:
        codes = ", ".join([f'"{TILE_CODES[t]}"' for t in knitted])
        self._keep(self.knitted)
        known = self.knitted[knitted] = f'], "knitted": [{codes}], "winning_set": '
        return known

    def raw(self, text: str) -> str:
        """``text`` as this Text writes it: as it is, or (``wire``) its UTF-8 bytes, each the character of
        that number, so that ``line(...).encode("latin-1")`` is the line's UTF-8, copied rather than
        encoded. Raises UnicodeEncodeError for text that is no valid UTF-8
        (a lone surrogate), checked once per piece."""
        if text.isascii():
            return text
        encoded = text.encode("utf-8")
        return encoded.decode("latin-1") if self.wire else text

    def _opening(self, result: Result, answer_id: Any) -> str:
        """An answer up to its fans: the id (when there is one) and the totals."""
        if answer_id is None:
            return f'{{"total": {result.total}, "total_with_flowers": {result.total_with_flowers}, "fans": ['
        name = self.raw(encode_basestring(answer_id) if answer_id.__class__ is str else ENCODER.encode(answer_id))
        return f'{{"id": {name}, "total": {result.total}, "total_with_flowers": {result.total_with_flowers}, "fans": ['

    def _keep(self, pieces: dict[Any, Any], *things: object) -> None:
        """Make room in ``pieces`` and keep ``things`` alive while pieces are known by their identity;
        past the bound, every piece known by identity is forgotten."""
        if len(self.alive) > MOST_PIECES:
            for known in (self.shared, self.fans, self.left_out, self.briefs, self.names, self.alive):
                known.clear()
        if len(pieces) > MOST_PIECES:
            pieces.clear()
        for thing in things:
            if thing is not None:
                self.alive[id(thing)] = thing


def _head(fan: Fan) -> str:
    """A counted fan's object up to its count: ``{"id": 1, ..., "count": ``."""
    more = {"multiplier": fan.multiplier} if fan.multiplier else {}
    return ENCODER.encode({**fan_ref(fan), "points": fan.points, **more})[:-1] + ', "count": '
