"""Shanten and useful tiles: exact against two independent brute forces, and pinned by hand.

The first brute force searches completions: every complete target of every shape (sets and a pair
block by block, seven pairs, the thirteen orphans with each duplicate, each knitted pattern with each
choice of tiles) with branch and bound on the tiles to draw, no kind more than four times. Its least
number of tiles to draw, less one, is the shanten. The second walks draws and discards breadth first
from a hand to a complete one, asking ``readings`` (the scorer's own reader) whether a hand is
complete; it is slow, so it runs on hands one or two draws from complete."""
from __future__ import annotations

import os
import random

import pytest
from fanrules.analysis.readings import KNITTED_PATTERNS, readings
from fanrules.analysis.shanten import shanten, shanten_by_shape, useful_tiles
from fanrules.core.blocks import Shape
from fanrules.core.hand import Hand, Meld, MeldKind
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

pytestmark = pytest.mark.slow  # shanten and useful tiles checked against searches of every completion

EXAMPLES = 3000 if os.environ.get("HYPOTHESIS_PROFILE") == "long" else 60
ORPHANS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
HONOURS = tuple(range(27, 34))
#: Every set as its tiles: chows, then pungs.
SETS = [(t, t + 1, t + 2) for t in range(27) if t % 9 < 7] + [(t, t, t) for t in range(34)]


# --- brute force 1: every completion ------------------------------------------------------------


def _blocks_cost(held: list[int], caps: list[int], sets: int) -> int:
    """The fewest tiles to draw so that ``sets`` sets and a pair cover them: a search below a budget
    of 1, 2, ... tiles until one succeeds."""
    budget = 1
    while (found := _blocks_below(held, caps, sets, budget)) >= budget:
        budget += 1
    return found


def _blocks_below(held: list[int], caps: list[int], sets: int, budget: int) -> int:
    """The fewest tiles to draw so that ``sets`` sets and a pair cover them, searched by branch and
    bound below ``budget`` (returned when nothing cheaper exists). Sets and pairs that hold a held
    tile are enumerated; the others hold nothing and cost all their tiles: they go on kinds that
    neither the hand nor the target holds, of which there are always enough (checked)."""
    best = budget
    target = [0] * 34
    touching = [s for s in SETS if any(held[t] for t in s)]
    pairs = [(t, t) for t in range(34) if held[t]]
    assert sum(1 for t in range(34) if not held[t] and caps[t] >= 3) > sets + 1 + 14

    def add(tiles: tuple[int, ...], cost: int) -> int | None:
        """Put a block in the target: the cost with its tiles not held, None past a cap."""
        for t in tiles:
            target[t] += 1
            cost += target[t] > held[t]
        if any(target[t] > caps[t] for t in tiles):
            drop(tiles)
            return None
        return cost

    def drop(tiles: tuple[int, ...]) -> None:
        for t in tiles:
            target[t] -= 1

    def search(start: int, left: int, cost: int, spare: int) -> None:
        """``spare``: the held tiles not yet in the target; at best they fill what is left."""
        nonlocal best
        if cost + max(0, 3 * left + 2 - spare) >= best:
            return
        best = min(best, cost + 3 * left + 2)  # the rest held nowhere
        for pair in pairs:
            c = add(pair, cost)
            if c is not None:
                best = min(best, c + 3 * left)
                drop(pair)
        for i in range(start, len(touching) if left else 0):
            c = add(touching[i], cost)
            if c is None:
                continue
            search(i, left - 1, c, spare - 3 + c - cost)
            drop(touching[i])

    search(0, sets, 0, sum(held))
    return best


def _missing(held: list[int], target: list[int]) -> int:
    return sum(max(0, target[t] - held[t]) for t in range(34))


def brute_shanten(concealed: list[int], melds: int = 0, caps: list[int] | None = None,
                  below: int | None = None) -> dict[Shape, int]:
    """The shanten of each shape by searching every completion; with ``below``, the sets and pairs
    are only searched for a shanten under it (``below`` stands for "not under it")."""
    held = [concealed.count(t) for t in range(34)]
    caps = caps or [4] * 34

    def blocks(held: list[int], caps: list[int], sets: int) -> int:
        return _blocks_cost(held, caps, sets) if below is None else _blocks_below(held, caps, sets, below + 1)

    out = {Shape.STANDARD: blocks(held, caps, 4 - melds) - 1}
    if melds == 0:
        # seven pairs: the seven pairs that keep most, a kind twice at most (its second keeps less)
        pairs = sorted([min(held[t], 2) for t in range(34)] + [max(0, held[t] - 2) for t in range(34)], reverse=True)
        out[Shape.SEVEN_PAIRS] = 14 - sum(pairs[:7]) - 1
        orphans = min(_missing(held, [1 + (t == d) if t in ORPHANS else 0 for t in range(34)]) for d in ORPHANS)
        out[Shape.THIRTEEN_ORPHANS] = orphans - 1
        best = 99
        for pattern in KNITTED_PATTERNS:
            kinds = list(pattern) + list(HONOURS)
            for a in range(16):
                for b in range(a + 1, 16):
                    target = [0] * 34
                    for i, t in enumerate(kinds):
                        if i not in (a, b):
                            target[t] = 1
                    best = min(best, _missing(held, target))
        out[Shape.HONOURS_AND_KNITTED] = best - 1
    if melds <= 1:
        best = 99
        for pattern in KNITTED_PATTERNS:
            rest = list(held)
            cost = 0
            rest_caps = list(caps)
            for t in pattern:
                if rest[t]:
                    rest[t] -= 1
                else:
                    cost += 1
                rest_caps[t] -= 1
            best = min(best, cost + blocks(rest, rest_caps, 1 - melds))
        out[Shape.KNITTED_STRAIGHT] = best - 1
    return out


# --- brute force 2: draws and discards, complete as readings() says ------------------------------


def complete(tiles: list[int], melds: tuple[Meld, ...]) -> bool:
    tiles = sorted(tiles)
    return bool(readings(Hand(tuple(tiles[:-1]), melds, tiles[-1])))


def walk_shanten(concealed: list[int], melds: tuple[Meld, ...] = (), limit: int = 2) -> int | None:
    """The fewest draws (each but the last followed by the best discard) to a complete hand, less
    one; None when more than ``limit`` draws are needed. No kind is ever held five times."""
    in_melds = [sum(m.tiles.count(t) for m in melds) for t in range(34)]
    level = {tuple(sorted(concealed))}
    fourteen = (len(concealed) + 3 * len(melds)) == 14
    for draws in range(limit + 1):
        for hand in level:
            if fourteen and complete(list(hand), melds):
                return draws - 1
        nxt = set()
        for hand in level:
            bases = {hand[:i] + hand[i + 1:] for i in range(len(hand))} if fourteen else {hand}
            for base in bases:
                for t in range(34):
                    if base.count(t) + in_melds[t] < 4:
                        nxt.add(tuple(sorted(base + (t,))))
        level = nxt
        fourteen = True
    return None


# --- random hands ----------------------------------------------------------------------------------


def near_complete(rng: random.Random, size: int, changes: int) -> list[int]:
    """A complete hand of a random shape with ``changes`` tiles replaced by random ones, cut to
    ``size`` tiles; never five of a kind."""
    while True:
        shape = rng.choice(["standard"] * 5 + ["pairs", "orphans", "honours", "knitted"])
        if shape == "standard":
            tiles = [t for _ in range(4) for t in rng.choice(SETS)] + [rng.randrange(34)] * 2
        elif shape == "pairs":
            tiles = [t for _ in range(7) for t in [rng.randrange(34)] * 2]
        elif shape == "orphans":
            tiles = list(ORPHANS) + [rng.choice(ORPHANS)]
        elif shape == "honours":
            tiles = rng.sample(list(rng.choice(KNITTED_PATTERNS)) + list(HONOURS), 14)
        else:
            tiles = list(rng.choice(KNITTED_PATTERNS)) + list(rng.choice(SETS)) + [rng.randrange(34)] * 2
        for _ in range(changes):
            tiles[rng.randrange(len(tiles))] = rng.randrange(34)
        rng.shuffle(tiles)
        tiles = tiles[:size]
        if all(tiles.count(t) <= 4 for t in tiles):
            return tiles


wall_hands = st.lists(st.integers(0, 135), min_size=13, max_size=14, unique=True).map(lambda xs: [x // 4 for x in xs])


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(wall_hands)
def test_shanten_equals_the_completion_search_on_hands_from_a_wall(tiles: list[int]) -> None:
    by_shape = shanten_by_shape(tiles)
    assert by_shape == brute_shanten(tiles)
    assert shanten(tiles) == min(by_shape.values())


@pytest.mark.parametrize("seed", range(4))
def test_shanten_equals_the_completion_search_near_complete_hands(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(25):
        tiles = near_complete(rng, rng.choice((13, 14)), rng.randrange(4))
        expected = brute_shanten(tiles)
        assert shanten_by_shape(tiles) == expected, tiles
        assert shanten(tiles) == min(expected.values())


@pytest.mark.parametrize("seed", range(3))
def test_shanten_with_declared_sets_equals_the_completion_search(seed: int) -> None:
    rng = random.Random(100 + seed)
    for _ in range(40):
        melds = rng.randrange(1, 5)
        tiles = near_complete(rng, rng.choice((13, 14)) - 3 * melds, rng.randrange(3))
        assert shanten_by_shape(tiles, melds) == brute_shanten(tiles, melds), (tiles, melds)


@pytest.mark.parametrize("seed", range(2))
def test_shanten_equals_the_walk_over_draws_and_discards(seed: int) -> None:
    rng = random.Random(200 + seed)
    checked = 0
    while checked < 6:
        tiles = near_complete(rng, 14, rng.randrange(1, 3))
        expected = walk_shanten(tiles, limit=1)
        if expected is None:
            continue
        checked += 1
        assert shanten(tiles) == expected, tiles


@pytest.mark.parametrize("seed", range(3))
def test_useful_tiles_are_the_draws_that_lower_the_shanten(seed: int) -> None:
    rng = random.Random(300 + seed)
    for _ in range(8):
        tiles = near_complete(rng, 13, rng.randrange(4))
        now = min(brute_shanten(tiles).values())
        lower = [t for t in range(34) if tiles.count(t) < 4 and min(brute_shanten(tiles + [t], below=now).values()) < now]
        assert [t for t, _ in useful_tiles(tiles)] == lower, tiles


@pytest.mark.parametrize("seed", range(2))
def test_the_tiles_of_declared_sets_cap_the_target(seed: int) -> None:
    """On hand strings the declared sets' tiles count against the four copies: shanten and useful
    tiles against the completion search with those caps."""
    from fanrules.analysis.advice import HandTiles, shanten_report, useful

    rng = random.Random(400 + seed)
    checked = 0
    while checked < 20:
        sets = [rng.choice(SETS) for _ in range(rng.randrange(1, 3))]
        size = rng.choice((13, 14))
        concealed = near_complete(rng, size - 3 * len(sets), rng.randrange(3))
        in_sets = [sum(s.count(t) for s in sets) for t in range(34)]
        if any(concealed.count(t) + in_sets[t] > 4 for t in range(34)):
            continue
        checked += 1
        melds = tuple(Meld(MeldKind.PUNG if s[0] == s[1] else MeldKind.CHOW, s, "left") for s in sets)
        tiles = HandTiles(tuple(sorted(concealed)), melds)
        caps = [4 - n for n in in_sets]
        expected = brute_shanten(concealed, len(sets), caps)
        assert dict(shanten_report(tiles).shapes) == expected, (concealed, sets)
        if size == 13:
            now = min(expected.values())
            lower = [t for t in range(34) if concealed.count(t) < caps[t]
                     and min(brute_shanten(concealed + [t], len(sets), caps, below=now).values()) < now]
            assert [u.tile for u in useful(tiles)] == lower, (concealed, sets)
