"""The rules a table plays by (rule set, scorer, procedure), and a win as the table sees it: the hand
with the context derived from the table, scored by the rule set's scorer."""
from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from ..core.context import Context
from ..core.hand import Hand, HandError, Meld, validate
from ..core.jsonio import hand_to_record
from ..core.tiles import NAMED_TILES
from ..ruleset import RuleSet, ruleset_of
from ..ruleset import RulesLike as AnyRules
from ..scoring import Result, Scorer
from .procedure import Procedure

Tiles = tuple[int, ...]


@dataclass(frozen=True)
class GameRules:
    """A rule set ready to play: its scorer and its procedure (what the players remember of it is kept
    apart, in ``weighed.py``)."""

    ruleset: RuleSet
    scorer: Scorer
    procedure: Procedure

    @classmethod
    def of(cls, ruleset: RuleSet) -> GameRules:
        """The GameRules of a loaded rule set: its scorer and procedure made once."""
        return cls(ruleset, Scorer(ruleset), Procedure.of(ruleset))

    @property
    def name(self) -> str:
        """The rule set's name."""
        return self.ruleset.name


@lru_cache(maxsize=8)
def game_rules(rules: RuleSet | str | Path = "mcr") -> GameRules:
    """The cached GameRules of a rule set (shipped name, folder or ruleset.yaml, or a RuleSet)."""
    return GameRules.of(ruleset_of(rules))


def rules_hash(rules: GameRules) -> str:
    """A hash of what the rule set says (fans, values, predicates, exclusions, minimum, sections): two
    rule sets with the same hash score and play alike."""
    rs = rules.ruleset
    content = {
        "minimum": rs.minimum, "sections": rs.sections,
        "fans": [[f.number, f.name_zh, f.name_en, f.points, f.predicate, f.bonus,
                  [[e.target, e.count, e.scope] for e in f.excludes]] for f in rs.fans],
    }
    text = json.dumps(content, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    return "sha256:" + hashlib.sha256(text.encode("utf-8")).hexdigest()[:32]


#: What a table, a player or an environment takes as its rules: the ``rules`` every entry point takes
#: (a shipped rule set's name, a folder or ruleset.yaml, a loaded RuleSet, or what holds one), the
#: GameRules already made of one included.
RulesLike = GameRules | AnyRules


def as_game_rules(rules: RulesLike) -> GameRules:
    """The GameRules of what a caller passed as rules; RulesTypeError (a TypeError) that names what to
    pass otherwise."""
    if isinstance(rules, GameRules):
        return rules
    return game_rules(rules if isinstance(rules, (str, Path)) else ruleset_of(rules))


@dataclass(frozen=True)
class Win:
    """A win found at the table: who, on which tile (a NamedTile), from whom (None: self-drawn), the
    hand with its derived context, its record (the JSONL contract's input object) and the scorer's result."""

    player: int
    tile: int
    discarder: int | None
    hand: Hand
    result: Result

    @property
    def record(self) -> dict[str, Any]:
        """The hand as the JSONL contract's input object."""
        return hand_to_record(self.hand)

    def points(self, flowers_count: bool) -> int:
        """The points the minimum is checked against."""
        return self.result.total_with_flowers if flowers_count else self.result.total

    def to_json(self) -> dict[str, Any]:
        """The win as a log's ``win`` event: who, from whom, the record and the result."""
        return {"type": "win", "player": self.player, "from": self.discarder, "record": self.record,
                "result": self.result.to_json()}


def score_win(rules: GameRules, player: int, discarder: int | None, concealed: list[int], melds: tuple[Meld, ...],
              tile: int, context: Context) -> Win | None:
    """The scored win of ``concealed`` (the tiles before the win) + ``tile``, or None when the tiles form
    no winning shape."""
    try:
        hand = validate(Hand(tuple(concealed), melds, tile, context))
        result = rules.scorer.score(hand)
    except HandError:
        return None
    return Win(player, NAMED_TILES[tile], discarder, hand, result)
