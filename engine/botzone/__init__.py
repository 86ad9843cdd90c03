"""fanrules in the MCR world: Botzone's tile codes, a drop-in for PyMahjongGB's ``MahjongGB`` module
scored by any rule set, Botzone's bot protocol both ways (a fanrules player as a bot, a bot as a
fanrules player) and its judge. docs/interop.md describes it."""
from __future__ import annotations

from .calculator import CalculatorError, MahjongFanCalculator
from .codec import BOTZONE_CODES, from_botzone, to_botzone
from .player import SubprocessPlayer, subprocess_player
from .shanten import (
    HonorsAndKnittedTilesShanten,
    KnittedStraightShanten,
    MahjongShanten,
    RegularShanten,
    SevenPairsShanten,
    ThirteenOrphansShanten,
)

__all__ = [
    "BOTZONE_CODES", "CalculatorError", "HonorsAndKnittedTilesShanten", "KnittedStraightShanten", "MahjongFanCalculator",
    "MahjongShanten", "RegularShanten", "SevenPairsShanten", "SubprocessPlayer", "ThirteenOrphansShanten", "from_botzone",
    "subprocess_player", "to_botzone",
]
