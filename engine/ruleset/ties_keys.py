"""The keys of a rule set's ``ties:`` section: how take-the-highest (以高分为原则) settles readings of
the same total, which the principle itself leaves open. Without the section, the reading whose counted
fans have the lower numbers wins (the mcr rule set's tie-break, docs/rules.md); the botzone rule set
declares the order in which Botzone's calculator tries readings, so that it answers fan for fan like
its judge (engine/scoring/ties.py reads the section; docs/interop.md)."""
from __future__ import annotations

from typing import Any

from .declare import Key
from .refs import norm, ref_hint

SUITS = ("m", "p", "s")

TIES = Key(
    type="object",
    description="How take-the-highest settles readings of the same total: by the fans' numbers (the default), or "
                "by an order of readings that the rule set declares (engine/scoring/ties.py).",
    keys={
        "sources": Key(type="array", description="Texts the order is read from.", default=(),
                       items=Key(type="string", description="A program's file and function, or a book with its page.")),
        "readings": Key(type="string", description="fans: of two readings of the same total, the one whose counted fans "
                        "have the lower numbers; search: the first in the order of a search that tries the special "
                        "shapes first, then sets tile by tile (tiles in the order of 'suits', then the honours; at a "
                        "tile, its pung before its chow), readings of the same sets settled by the fans' numbers.",
                        enum=("fans", "search"), default="fans"),
        "suits": Key(type="array", description="The order the search tries the suits in (m, p, s each once).",
                     default=SUITS, items=Key(type="string", description="A suit: m, p or s.", enum=SUITS)),
        "later_with": Key(type="array", description="Fans with which a reading of sets later in the search takes a tie "
                          "from the reading kept so far.", default=(),
                          items=Key(type="ref", description="A fan's number, Chinese name or English name.")),
        "sets_over": Key(type="array", description="Fans of a special shape from which any reading of sets later in "
                         "the search takes a tie (the last such reading wins).", default=(),
                         items=Key(type="ref", description="A fan's number, Chinese name or English name.")),
    },
)


def check_tie_refs(fields: dict[str, Any], by_ref: dict[str, int]) -> None:
    """An unknown fan in ``ties.later_with`` or ``ties.sets_over`` is an error (R006) at the key that
    the most derived rule file wrote."""
    section = fields.get("sections", {}).get("ties") or {}
    places = fields.get("section_places", {})
    for key in ("later_with", "sets_over"):
        for ref in section.get(key) or ():
            if norm(ref) not in by_ref and f"ties.{key}" in places:
                _, ctx, pos = places[f"ties.{key}"]
                ctx.error(pos, "R006", f"unknown fan {ref!r} in ties.{key}", ref_hint(ref, by_ref))
