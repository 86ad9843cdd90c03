"""A Result as one line of JSON text, the same text as encoding ``Result.to_json`` (tests hold them
equal on every corpus hand), written from pieces worked out once: the head of each fan's object, the
text of each block, the reason of each exclusion.

A batch writes one such line per hand: counted with bench/callgrind_batch.py on the corpus lines (the
explanation worked out included), encoding ``to_json`` took 380,136 instructions a line, these pieces
put together 136,016, then 117,278 with the whole object of a fan without sets kept too."""
from __future__ import annotations

import json
from json.encoder import encode_basestring  # type: ignore[attr-defined]  # the encoder's own, for ensure_ascii=False
from typing import Any

from ..core.blocks import Block, Reading
from ..core.tiles import TILE_CODES
from ..ruleset import Fan
from .scorer import NotCounted, Result, fan_ref

#: The encoder of every answer: the contract's JSON, non-ASCII text as it is.
ENCODER = json.JSONEncoder(ensure_ascii=False, allow_nan=False)
#: The most pieces kept (per kind): past it they are worked out afresh, so memory stays flat.
MOST_PIECES = 1 << 14


class Text:
    """Writes Results as JSON lines, keeping the pieces it has written (by the identity of the fans
    they belong to, each kept alive beside its piece, and by the text of each block)."""

    def __init__(self) -> None:
        #: By fan: its head (up to the count), its whole object when counted once without sets, the fan.
        self.heads: dict[int, tuple[str, str, Fan]] = {}
        self.blocks: dict[int, tuple[Block, str]] = {}
        self.reasons: dict[tuple[int, str, int], tuple[Fan, Fan | None, str, str]] = {}

    def brief(self, result: Result, answer_id: Any = None) -> str:
        """The contract's output object alone (id, total, total_with_flowers, fans, error), as JSON."""
        heads = self.heads
        parts = _opening(result, answer_id)
        fans = []
        for counted in result.fans:
            head = heads.get(id(counted.fan)) or self.head(counted.fan)
            fans.append(f"{head[0]}{counted.count}}}")
        parts += [", ".join(fans), "]"]
        if not result.is_win:
            parts += [', "error": ', ENCODER.encode(result.error_json())]
        return "{" + "".join(parts) + "}"

    def line(self, result: Result, answer_id: Any = None) -> str:
        """``ENCODER.encode(result.to_json(answer_id))``, made of known pieces; raises UnicodeEncodeError when
        that is no valid UTF-8 (an id, or a name of a rule file, with a lone surrogate)."""
        known_blocks, heads = self.blocks, self.heads
        names = []
        for block in result.reading.blocks:
            known = known_blocks.get(id(block))
            names.append(self.block(block) if known is None else known[1])
        parts = _opening(result, answer_id)
        fans = []
        for counted in result.fans:
            fan, instances = counted.fan, counted.instances
            head = heads.get(id(fan)) or self.head(fan)
            if not instances[0]:  # a fan of the whole hand: no sets
                fans.append(head[1] if counted.count == 1 else f'{head[0]}{counted.count}, "sets": []}}')
            else:
                sets = ", ".join(["[" + ", ".join([names[b] for b in inst]) + "]" for inst in instances])
                fans.append(f'{head[0]}{counted.count}, "sets": [{sets}]}}')
        parts += [", ".join(fans), "]"]
        if not result.is_win:
            parts += [', "error": ', ENCODER.encode(result.error_json())]
        parts += [', "reading": ', self.reading(result.reading, names), ', "not_counted": [']
        parts.append(", ".join([self.not_counted(n, names) for n in result.not_counted]))
        parts.append("]}")
        return "{" + "".join(parts)

    def head(self, fan: Fan) -> tuple[str, str, Fan]:
        """A counted fan's object up to its count (``{"id": 1, ..., "count": ``), and its whole object
        when counted once without sets."""
        known = self.heads.get(id(fan))
        if known is None:
            head = _utf8(ENCODER.encode({**fan_ref(fan), "points": fan.value})[:-1] + ', "count": ')
            known = self.heads[id(fan)] = (head, head + '1, "sets": []}', fan)
            _bound(self.heads)
        return known

    def block(self, block: Block) -> str:
        """A block in hand notation, as a JSON string (blocks are shared: known by identity, and kept)."""
        known = self.blocks.get(id(block))
        if known is None:
            known = self.blocks[id(block)] = (block, ENCODER.encode(str(block)))
            _bound(self.blocks)
        return known[1]

    def reading(self, reading: Reading, names: list[str]) -> str:
        """The reading's object (``reading_json``)."""
        knitted = ", ".join([f'"{TILE_CODES[t]}"' for t in reading.knitted])
        win = "null" if reading.win_block is None else names[reading.win_block]
        return (f'{{"shape": "{reading.shape.value}", "sets": [{", ".join(names)}], "knitted": [{knitted}], '
                f'"winning_set": {win}}}')

    def not_counted(self, n: NotCounted, names: list[str]) -> str:
        """One object of ``not_counted``."""
        by = n.by
        key = (id(n.fan), n.principle.value, id(by))
        known = self.reasons.get(key)
        if known is None:
            fan = n.fan
            head = ENCODER.encode(fan_ref(fan))[:-1] + ', "count": '
            by_text = "null" if by is None else ENCODER.encode(fan_ref(by))
            tail = f', "principle": {ENCODER.encode(n.principle)}, "reason": {ENCODER.encode(n.reason)}, "by": {by_text}, "sets": ['
            known = self.reasons[key] = (fan, by, _utf8(head), _utf8(tail))
            _bound(self.reasons)
        return f"{known[2]}{n.count}{known[3]}{', '.join([names[i] for i in n.sets])}]}}"


def _opening(result: Result, answer_id: Any) -> list[str]:
    """The pieces of an answer up to its fans: the id (when there is one) and the totals."""
    parts = [] if answer_id is None else ['"id": ', _utf8(encode_basestring(answer_id) if answer_id.__class__ is str
                                                        else ENCODER.encode(answer_id)), ", "]
    parts += ['"total": ', str(result.total), ', "total_with_flowers": ', str(result.total_with_flowers), ', "fans": [']
    return parts


def _utf8(text: str) -> str:
    """``text``, if it can be written as UTF-8 (checked once per piece, not per line)."""
    if not text.isascii():
        text.encode("utf-8")
    return text


def _bound(pieces: dict[Any, Any]) -> None:
    if len(pieces) > MOST_PIECES:
        pieces.clear()
