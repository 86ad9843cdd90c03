"""PyMahjongGB's module name, answered by fanrules.botzone (the drop-in, with Botzone's rule set, the
edition the C++ is compiled for): put this folder first on PYTHONPATH and a bot that imports MahjongGB
scores with fanrules."""
from functools import partial

from fanrules.botzone import (  # noqa: F401 - the names PyMahjongGB exports
    HonorsAndKnittedTilesShanten,
    KnittedStraightShanten,
    MahjongShanten,
    RegularShanten,
    SevenPairsShanten,
    ThirteenOrphansShanten,
)
from fanrules.botzone import MahjongFanCalculator as _calculator

MahjongFanCalculator = partial(_calculator, rules="botzone")
