"""The wall: the tile set, the shuffle, the dice that open the wall, and the deal, as the procedure says.

Tiles are the kinds of ``fanrules.core.tiles`` (0..33) and the flowers after them (34..41, codes ``1f``..``8f``:
spring, summer, autumn, winter, plum, orchid, bamboo, chrysanthemum). The stacks of the four sides form
a ring; the dice pick where it opens; the live wall is the ring read from there in drawing order, so
the front is where players draw and the end is where flower and kong replacements come from."""
from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from ..core.tiles import COPIES, FLOWER_BASE, KINDS_COUNT, TileLike, parse_tile, tile_code, tile_numbers
from .procedure import GameError, Procedure
from .seat import SEAT_COUNT


def tile_set(proc: Procedure) -> list[int]:
    """Every tile of the set, four of each kind and the flowers, in order."""
    return [t for t in range(KINDS_COUNT) for _ in range(COPIES)] + list(range(FLOWER_BASE, FLOWER_BASE + proc.flowers))


@dataclass(frozen=True)
class Opening:
    """The dice thrown (one sum per throw), whose wall was counted (turn offset from the dealer:
    0 dealer, 1 the next, ...) and how many stacks were counted there."""

    throws: tuple[int, ...]
    side: int
    counted: int


def throw_dice(rng: random.Random, proc: Procedure) -> Opening:
    """The dice of the procedure: the first sum points to a seat counting the dealer as 1, 5, 9, ...
    (seed 001); the stacks counted are the sum of all throws, on that seat's wall or the dealer's."""
    throws = tuple(sum(rng.randint(1, 6) for _ in range(proc.dice_count)) for _ in range(proc.dice_throws))
    side = (throws[0] - 1) % SEAT_COUNT if proc.dice_wall == "pointed_seat" else 0
    return Opening(throws, side, sum(throws))


def open_wall(tiles: Sequence[int], proc: Procedure, opening: Opening) -> list[int]:
    """The shuffled stacks (``tiles``: side by side, each side's stacks counted right to left, top tile
    first) read in drawing order from the stack after the counted one. Drawing passes from a side to
    the side of the player before it in turn order, as the seed's 18-count example says."""
    stacks = proc.stacks_per_side
    ring = SEAT_COUNT * stacks
    first = ((-opening.side) % SEAT_COUNT * stacks + opening.counted) % ring
    return list(tiles[2 * first:]) + list(tiles[:2 * first])


def shuffled_wall(rng: random.Random, proc: Procedure) -> tuple[list[int], Opening]:
    """A shuffled tile set, opened by a throw of the dice: the live wall in drawing order. Walls per
    seat throw no dice: the shuffled set is their four walls, each in drawing order."""
    tiles = tile_set(proc)
    rng.shuffle(tiles)
    if proc.wall == "per_seat":
        return tiles, Opening((), 0, 0)
    opening = throw_dice(rng, proc)
    return open_wall(tiles, proc, opening), opening


def wall_bounds(proc: Procedure, count: int) -> tuple[list[int], list[int]]:
    """The fronts and ends of the walls drawn from, as positions in the whole wall: one shared wall, or
    one wall a seat (by turn offset from the dealer), each a quarter of the tiles."""
    if proc.wall == "shared":
        return [0], [count]
    size = count // SEAT_COUNT
    return [size * k for k in range(SEAT_COUNT)], [size * (k + 1) for k in range(SEAT_COUNT)]


def recorded_wall(proc: Procedure, hands: Sequence[Sequence[TileLike]], draws: Sequence[tuple[int, TileLike, str]]) -> list[int]:
    """The whole wall that deals ``hands`` (by turn offset from the dealer) and then gives ``draws`` as
    they come: (turn offset of the drawer, tile, where from: ``wall``, ``kong`` or ``flower``). The
    tiles nobody drew fill the middle of each wall in tile order. ValueError when the tiles are more
    than the set holds or than a wall holds."""
    takers = deal_order(proc)
    dealt_hands = [tile_numbers(h) for h in hands]
    drawn = [(seat, parse_tile(tile) if isinstance(tile, str) else tile, source) for seat, tile, source in draws]
    for seat, hand in enumerate(dealt_hands):
        if len(hand) != takers.count(seat):
            raise GameError(f"hand {seat} has {len(hand)} tiles; the deal gives it {takers.count(seat)}")
    shared = proc.wall == "shared"
    fronts: list[list[int]] = [[] for _ in range(1 if shared else SEAT_COUNT)]
    ends: list[list[int]] = [[] for _ in fronts]
    queues = [list(h) for h in dealt_hands]
    for seat in takers:
        fronts[0 if shared else seat].append(queues[seat].pop(0))
    for seat, tile, source in drawn:
        replace = {"kong": proc.kong_replace_from, "flower": proc.flower_replace_from}.get(source, "front")
        (ends if replace == "end" else fronts)[0 if shared else seat].append(tile)
    rest = tile_set(proc)
    for t in (t for part in (*fronts, *ends) for t in part):
        if t not in rest:
            raise GameError(f"more copies of {tile_code(t)} than the tile set holds")
        rest.remove(t)
    size = proc.tile_count // len(fronts)
    wall: list[int] = []
    for front, end in zip(fronts, ends):
        middle = size - len(front) - len(end)
        if middle < 0:
            raise GameError(f"more draws than a wall of {size} tiles holds")
        wall += front + rest[:middle] + end[::-1]
        rest = rest[middle:]
    return wall


def deal_order(proc: Procedure) -> list[int]:
    """Who takes each tile of the deal from the front of the wall, by turn offset from the dealer."""
    takers: list[int] = []
    for _ in range(proc.deal_rounds):
        for seat in range(SEAT_COUNT):
            takers.extend([seat] * proc.deal_take)
    takers.extend([0, 1, 2, 3, 0] if proc.jump_draw else [0, 1, 2, 3])
    return takers


def arranged_wall(proc: Procedure, hands: Sequence[Sequence[TileLike]], draws: Sequence[TileLike] = (),
                  end: Sequence[TileLike] = ()) -> list[int]:
    """A live wall (drawing order) that deals ``hands`` (by turn offset from the dealer: the dealer's
    14 or 13 tiles first), then gives ``draws`` from the front and ``end`` from the end (first
    replacement first); the rest of the tile set fills the middle in tile order. For scripted games.
    Tiles by number or code."""
    takers = deal_order(proc)
    dealt_hands, drawn, last = [tile_numbers(h) for h in hands], tile_numbers(draws), tile_numbers(end)
    for seat, hand in enumerate(dealt_hands):
        if len(hand) != takers.count(seat):
            raise GameError(f"hand {seat} has {len(hand)} tiles; the deal gives it {takers.count(seat)}")
    queues = [list(h) for h in dealt_hands]
    dealt = [queues[seat].pop(0) for seat in takers]
    rest = tile_set(proc)
    for t in (*dealt, *drawn, *last):
        if t not in rest:
            raise GameError(f"more copies of {tile_code(t)} than the tile set holds")
        rest.remove(t)
    return dealt + list(drawn) + rest + list(reversed(last))
