"""PyMahjongGB's shanten functions over fanrules.analysis, with the binding's signatures and returns
(ailab-pku/PyMahjongGB README.md, "MahjongShanten" and the five shape functions): ``MahjongShanten(pack,
hand)`` the least shanten over the shapes the packs allow; ``RegularShanten(hand)`` and the others
``(shanten, useful)``, the useful tiles (those whose drawing lowers that shape's shanten) as codes in
the C++ tile order (characters, bamboo, dots, winds, dragons). One difference, by design: fanrules
counts a hand that waits only on a tile whose four copies it holds as one from ready (docs/analysis.md),
where the C++ says ready."""
from __future__ import annotations

from collections.abc import Callable

from ..analysis.shanten import shanten, shanten_by_shape
from ..core.blocks import Shape
from ..core.errors import InvalidHandError
from ..core.tiles import COPIES, FIRST_HONOUR, KINDS_COUNT
from .calculator import CalculatorError, Pack, read_hand, read_tile
from .codec import to_botzone

#: The 34 kinds in the C++ order: characters, bamboo, dots, then the honours.
CPP_ORDER: tuple[int, ...] = (*range(9), *range(18, 27), *range(9, 18), *range(FIRST_HONOUR, KINDS_COUNT))


def MahjongShanten(pack: tuple[Pack, ...], hand: tuple[str, ...]) -> int:
    """The least shanten of ``hand`` beside the declared ``pack`` over every shape they allow."""
    _, concealed, packs = read_hand(pack, hand)
    try:
        return shanten(concealed, packs)
    except InvalidHandError:
        raise CalculatorError("ERROR_INVALID_HAND_OR_PACK") from None


def _shape_shanten(shape: Shape, sizes: tuple[int, ...]) -> Callable[[tuple[str, ...]], tuple[int, tuple[str, ...]]]:
    def of(hand: tuple[str, ...]) -> tuple[int, tuple[str, ...]]:
        if not isinstance(hand, tuple):
            raise CalculatorError("Param `hand` must be a tuple!")
        tiles = [read_tile(t) for t in hand]
        if len(tiles) not in sizes:
            raise CalculatorError("ERROR_INVALID_HAND")
        melds = (13 - len(tiles)) // 3
        try:
            now = shanten_by_shape(tiles, melds)[shape]
        except (InvalidHandError, KeyError):
            raise CalculatorError("ERROR_INVALID_HAND") from None
        useful = tuple(to_botzone(t) for t in CPP_ORDER
                       if tiles.count(t) < COPIES and shanten_by_shape([*tiles, t], melds)[shape] < now)
        return now, useful
    of.__name__ = f"{shape.value}_shanten"
    of.__doc__ = f"(shanten, useful tiles) of ``hand`` toward the {shape.value.replace('_', ' ')} shape."
    return of


RegularShanten = _shape_shanten(Shape.STANDARD, (1, 4, 7, 10, 13))
SevenPairsShanten = _shape_shanten(Shape.SEVEN_PAIRS, (13,))
ThirteenOrphansShanten = _shape_shanten(Shape.THIRTEEN_ORPHANS, (13,))
HonorsAndKnittedTilesShanten = _shape_shanten(Shape.HONOURS_AND_KNITTED, (13,))
KnittedStraightShanten = _shape_shanten(Shape.KNITTED_STRAIGHT, (10, 13))
