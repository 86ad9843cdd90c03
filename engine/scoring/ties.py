"""How take-the-highest (以高分为原则) settles readings of the same total, as a rule set's ``ties:``
section declares it (engine/ruleset/ties_keys.py). The principle fixes the total only; without the
section (mcr and most rule sets) the reading whose counted fans have the lower numbers wins
(scorer.take_the_highest). ``readings: search`` is the order Botzone's calculator tries readings in
(PyMahjongGB 1.4.0, MahjongGB/mahjong-algorithm/fan_calculator.cpp, calculate_fan and
divide_recursively): the special shapes first, then the readings of sets in the order its search finds
them; a later reading takes a tie only when it counts a fan of ``later_with``, or when the first
reading counted a fan of ``sets_over`` (then the last tying reading of sets wins)."""
from __future__ import annotations

from typing import Any

from ..core.blocks import Kind, Reading, Shape
from ..ruleset import RuleSet
from .tally import Tally

Scored = tuple[Reading, Tally]


def fan_numbers(ruleset: RuleSet, refs: Any) -> frozenset[int]:
    """The numbers of the fans ``refs`` names (a number, a Chinese or English name, an alias); the
    loader reported any unknown one."""
    by_ref: dict[str, int] = {}
    for fan in ruleset.fans:
        for name in (str(fan.number), fan.name_zh, fan.name_en, *fan.aliases):
            by_ref[name.casefold()] = fan.number
    return frozenset(by_ref[str(r).casefold()] for r in refs or () if str(r).casefold() in by_ref)


class SearchOrder:
    """The tie-break of ``readings: search``: readings ranked by the search that finds them, settled
    as the search settles them (``pick``)."""

    def __init__(self, section: dict[str, Any], ruleset: RuleSet) -> None:
        suits = list(section.get("suits") or ("m", "p", "s"))
        #: Each tile's place in the search: the suits in the declared order, then the honours.
        self.rank = [*(suits.index(s) * 9 + r for s in ("m", "p", "s") for r in range(9)), *range(27, 34)]
        self.later_with = fan_numbers(ruleset, section.get("later_with"))
        self.sets_over = fan_numbers(ruleset, section.get("sets_over"))

    def key(self, reading: Reading) -> tuple[int, tuple[tuple[int, int], ...]]:
        """Where the search finds a reading: a special shape first, then the readings of sets by their
        sets found in the hand (not declared), each by its lowest tile and its pung before its chow."""
        if reading.shape is not Shape.STANDARD:
            return (0, ())
        rank = self.rank
        return (1, tuple(sorted((rank[b.tile], 1 if b.kind is Kind.CHOW else 0) for b in reading.sets if not b.declared)))

    def pick(self, scored: list[Scored]) -> Scored:
        """The reading kept: the highest total; on a tie, the search's choice: the first of the tied
        readings in the search's order, or the last later one that counts a fan of ``later_with``, or of
        any shape of sets when a special shape counted a fan of ``sets_over``. Readings of the same sets
        (they differ in the set the winning tile completes) are one reading to the search: of them, the
        one with the lower fan numbers."""
        top = max(tally.total for _, tally in scored)
        tied = [(reading, tally) for reading, tally in scored if tally.total == top]
        if len(tied) == 1:
            return tied[0]
        groups: dict[tuple[int, tuple[tuple[int, int], ...]], Scored] = {}
        for reading, tally in tied:
            k = self.key(reading)
            if k not in groups or tally.numbers() < groups[k][1].numbers():
                groups[k] = (reading, tally)
        over = any(reading.shape is not Shape.STANDARD and any(c.fan.number in self.sets_over for c in tally.counted)
                   for reading, tally in scored)
        ordered = [groups[k] for k in sorted(groups)]
        best = ordered[0]
        for reading, tally in ordered[1:]:
            if reading.shape is Shape.STANDARD and (over or any(c.fan.number in self.later_with for c in tally.counted)):
                best = (reading, tally)
        return best


def tie_break(ruleset: RuleSet) -> SearchOrder | None:
    """The rule set's declared order of readings; None for the default (the fans' numbers)."""
    section = ruleset.sections.get("ties") or {}
    return SearchOrder(section, ruleset) if section.get("readings") == "search" else None
