"""The typed view of a rule set's ``procedure:`` section, built from its declaration
(``fanrules.ruleset.procedure_keys``: each key names the attribute it fills)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..core.errors import FanrulesError
from ..core.tiles import COPIES, KINDS_COUNT
from ..ruleset import RulesLike, ruleset_of
from ..ruleset.procedure_keys import PROCEDURE
from ..ruleset.views import section_problems, view_of


class GameError(FanrulesError, ValueError):
    """A table, wall, log or saved state that cannot be made from what was given (seat winds that are
    not E, S, W and N once each, a wall that is not the tile set, a log line that is not JSON...)."""


class ProcedureError(FanrulesError, ValueError):
    """A rule set whose procedure the engine cannot play (no ``procedure:`` section, or values that
    contradict each other)."""


@dataclass(frozen=True, kw_only=True)
class Procedure:
    """How a table plays one hand, read from a rule set. Winds are tiles (``core.tiles.WIND_TILES``)."""

    wall: str
    flowers: int
    stacks_per_side: int
    dice_count: int
    dice_throws: int
    dice_wall: str
    deal_rounds: int
    deal_take: int
    jump_draw: bool
    flower_replace_from: str
    flower_order: tuple[int, ...]
    priority: tuple[str, ...]
    chow_from: tuple[str, ...]
    several_wins: str
    melds_on_last_discard: bool
    kong_replace_from: str
    robbing: tuple[str, ...]
    flowers_count: bool
    tiles_left: int
    minimum: int

    @property
    def tile_count(self) -> int:
        """How many tiles the set holds, flowers included."""
        return KINDS_COUNT * COPIES + self.flowers

    @classmethod
    def of(cls, rules: RulesLike = "mcr") -> Procedure:
        """How a rule set's table plays a hand (its ``procedure:`` section, typed; docs/game.md), without
        making a table: what an app shows or checks before it deals. ``rules`` as everywhere (a name, a
        path, a RuleSet or what holds one). ProcedureError when it has none or it cannot be played
        (which the loader reports where it is written: this guards a section built in Python)."""
        ruleset = ruleset_of(rules)
        data: dict[str, Any] | None = ruleset.sections.get("procedure")
        if data is None:
            raise ProcedureError(f"rule set {ruleset.name} has no procedure: section (see docs/game.md)")
        problems = section_problems("procedure", PROCEDURE, data)
        if problems:
            raise ProcedureError(f"rule set {ruleset.name}: {problems[0]}")
        proc: Procedure = view_of(PROCEDURE, data, {cls.__name__: cls}, flowers_count=ruleset.bonus_toward_minimum,
                                  minimum=ruleset.minimum)
        return proc
