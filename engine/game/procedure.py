"""The typed view of a rule set's ``procedure:`` section (keys in ``fanrules.ruleset.procedure_keys``)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..core.errors import FanrulesError
from ..core.tiles import TILE_INDEX
from ..ruleset import RuleSet


class ProcedureError(FanrulesError, ValueError):
    """A rule set whose procedure the engine cannot play (no ``procedure:`` section, or values that
    contradict each other)."""


@dataclass(frozen=True)
class Procedure:
    """How a table plays one hand, read from a rule set. Winds are tile numbers (27 = east)."""

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
        return 136 + self.flowers

    @classmethod
    def of(cls, ruleset: RuleSet) -> Procedure:
        """The procedure of a rule set; ProcedureError when it has none or it cannot be played."""
        data: dict[str, Any] | None = ruleset.sections.get("procedure")
        if data is None:
            raise ProcedureError(f"rule set {ruleset.name} has no procedure: section (see docs/game.md)")
        tiles, dice, deal, fl, claims, kongs = (data[k] for k in ("tiles", "dice", "deal", "flowers", "claims", "kongs"))
        proc = cls(
            flowers=tiles["flowers"], stacks_per_side=tiles["stacks_per_side"],
            dice_count=dice["count"], dice_throws=dice["throws"], dice_wall=dice["wall"],
            deal_rounds=deal["rounds"], deal_take=deal["take"], jump_draw=deal["jump_draw"],
            flower_replace_from=fl["replace_from"], flower_order=tuple(TILE_INDEX[w] for w in fl["order"]),
            priority=tuple(claims["priority"]), chow_from=tuple(claims["chow_from"]),
            several_wins=claims["several_wins"], melds_on_last_discard=claims["melds_on_last_discard"],
            kong_replace_from=kongs["replace_from"], robbing=tuple(kongs["robbing"]),
            flowers_count=ruleset.bonus_toward_minimum, tiles_left=data["exhaustive_draw"]["tiles_left"],
            minimum=ruleset.minimum,
        )
        proc._check(ruleset.name)
        return proc

    def _check(self, name: str) -> None:
        where = f"rule set {name}: procedure"
        if self.stacks_per_side * 8 != self.tile_count:
            raise ProcedureError(f"{where}.tiles: {self.tile_count} tiles need {self.tile_count // 8} stacks a side, "
                                 f"not {self.stacks_per_side}")
        if sorted(self.priority) != sorted(("win", "pung", "chow")):
            raise ProcedureError(f"{where}.claims.priority must name win, pung and chow once each, not {list(self.priority)}")
        if sorted(self.flower_order) != [27, 28, 29, 30]:
            raise ProcedureError(f"{where}.flowers.order must name E, S, W and N once each")
        if self.deal_rounds * self.deal_take != 12:
            raise ProcedureError(f"{where}.deal: rounds x take must be 12 tiles before the last draw, not "
                                 f"{self.deal_rounds} x {self.deal_take}")
