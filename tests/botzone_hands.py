"""A generator of calculator calls (the ten arguments of PyMahjongGB's MahjongFanCalculator) for the
differential test of fanrules.botzone against the C++: every winning shape (four sets and a pair,
seven pairs, thirteen orphans, 全不靠 and 七星不靠, nine gates, 组合龙 with a set and a pair), 0-4 packs of
every kind and offer, every flag set at random (so the contradictory ones too: the last copy while the
hand holds another, robbing a kong of a tile the hand holds, a kong replacement without a kong), hands
packed in one suit and a few ranks (where readings tie), and a share of hands one tile off a win.
Deterministic: ``hands(seed, count)`` gives the same calls for the same seed."""
from __future__ import annotations

import random
from typing import Any

from fanrules.botzone import from_botzone, to_botzone

SUITED = range(27)
HONOURS = range(27, 34)
ORPHANS = (0, 8, 9, 17, 18, 26, *HONOURS)
KNITTED = ((0, 3, 6), (1, 4, 7), (2, 5, 8))  # the ranks 147, 258, 369


def _set(rng: random.Random, counts: list[int], pool: list[int]) -> tuple[str, int] | None:
    """A chow or pung of ``pool`` that the counts still allow (chow by its lowest tile), taken from counts."""
    for _ in range(20):
        t = rng.choice(pool)
        if t < 27 and t % 9 < 7 and rng.random() < 0.55 and all(counts[t + i] < 4 for i in range(3)):
            for i in range(3):
                counts[t + i] += 1
            return "CHI", t
        if counts[t] <= 1:
            counts[t] += 3
            return "PENG", t
    return None


def _pool(rng: random.Random) -> list[int]:
    """Where a standard hand's tiles come from: anywhere, or packed in a suit and a few ranks (ties)."""
    style = rng.random()
    if style < 0.3:
        return list(range(34))
    suit = rng.randrange(3) * 9
    low = rng.randrange(7)
    pool = [suit + r for r in range(low, min(9, low + rng.choice((3, 4, 5))))]
    if style < 0.7:
        pool += [rng.randrange(34) for _ in range(2)]
    return pool


def _pack(rng: random.Random, kind: str, low: int, counts: list[int]) -> tuple[str, str, int]:
    if kind == "CHI":
        return "CHI", to_botzone(low + 1), rng.choice((1, 2, 3))
    if counts[low] == 3 and rng.random() < 0.35:
        counts[low] += 1
        return "GANG", to_botzone(low), rng.randrange(4)
    return "PENG", to_botzone(low), rng.choice((1, 2, 3))


def _standard(rng: random.Random) -> tuple[list[tuple[str, str, int]], list[int]] | None:
    counts = [0] * 34
    pool = _pool(rng)
    sets = [_set(rng, counts, pool) for _ in range(4)]
    pairs = [t for t in pool if counts[t] <= 2] or [t for t in range(34) if counts[t] <= 2]
    if None in sets or not pairs:
        return None
    pair = rng.choice(pairs)
    counts[pair] += 2
    melded = rng.choice((0, 0, 1, 1, 2, 2, 3, 4))
    packs = [_pack(rng, kind, low, counts) for kind, low in sets[:melded]]  # type: ignore[misc]
    tiles = [pair, pair]
    for kind, low in sets[melded:]:  # type: ignore[misc]
        tiles += [low, low + 1, low + 2] if kind == "CHI" else [low] * 3
    return packs, tiles


#: Parts of one suit that read two ways of the same total (offsets from a rank): 1111223344 4 reads
#: 111 123 234 44 or 123 123 444 11 (a terminal pung or 一般高); 66778899 reads 678 678 99 or 789 789 66
#: (坎张 or 边张, by the winning tile); 112233 445566 reads as chows or as pairs.
TIE_PARTS = ((0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 3), (0, 0, 1, 1, 2, 2, 3, 3), (0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5))


def _tie(rng: random.Random) -> tuple[list[tuple[str, str, int]], list[int]] | None:
    """A hand built around a part of TIE_PARTS, the rest sets at random (melded or not)."""
    part = rng.choice(TIE_PARTS)
    base = rng.randrange(3) * 9 + rng.randrange(9 - max(part))
    counts = [0] * 34
    tiles = [base + r for r in part]
    for t in tiles:
        counts[t] += 1
    sets = [_set(rng, counts, list(range(34))) for _ in range((14 - len(tiles)) // 3)]
    if len(tiles) % 3 == 0:  # a part of sets only: a pair besides
        pairs = [t for t in range(34) if counts[t] <= 2]
        pair = rng.choice(pairs)
        counts[pair] += 2
        tiles += [pair, pair]
    if None in sets:
        return None
    melded = rng.randrange(len(sets) + 1)
    packs = [_pack(rng, kind, low, counts) for kind, low in sets[:melded]]  # type: ignore[misc]
    for kind, low in sets[melded:]:  # type: ignore[misc]
        tiles += [low, low + 1, low + 2] if kind == "CHI" else [low] * 3
    return packs, tiles


def _seven_pairs(rng: random.Random) -> list[int]:
    if rng.random() < 0.25:  # pairs that are also two chows (ties with a reading of sets)
        suits = [rng.randrange(3) * 9 for _ in range(2)]
        lows = [rng.randrange(7) for _ in range(2)]
        kinds = sorted([s + low + r for s, low in zip(suits, lows) for r in range(3)] + [rng.randrange(34)])
    elif rng.random() < 0.4:  # shifted or packed pairs
        suit = rng.randrange(3) * 9
        low = rng.randrange(3)
        kinds = [suit + low + r for r in range(7)] if rng.random() < 0.4 else [suit + rng.randrange(9) for _ in range(7)]
    else:
        kinds = [rng.randrange(34) for _ in range(7)]
    kinds.sort()
    if any(kinds.count(k) > 2 for k in kinds):
        kinds = rng.sample(range(34), 7)
    return [k for k in kinds for _ in range(2)]


def _knitted(rng: random.Random) -> list[int]:
    suits = rng.sample(range(3), 3)
    return [s * 9 + r for s, ranks in zip(suits, KNITTED) for r in ranks]


def _honours_knitted(rng: random.Random) -> list[int]:
    honours = list(HONOURS) if rng.random() < 0.4 else rng.sample(list(HONOURS), rng.choice((5, 6)))
    return sorted(rng.sample(_knitted(rng), 14 - len(honours)) + honours)


def _special(rng: random.Random) -> tuple[list[tuple[str, str, int]], list[int]] | None:
    shape = rng.randrange(5)
    if shape == 0:
        return [], _seven_pairs(rng)
    if shape == 1:
        return [], [*ORPHANS, rng.choice(ORPHANS)]
    if shape == 2:
        return [], _honours_knitted(rng)
    if shape == 3:
        suit = rng.randrange(3) * 9
        return [], [suit + r for r in (0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 8, 8)] + [suit + rng.randrange(9)]
    counts = [0] * 34
    tiles = _knitted(rng)
    for t in tiles:
        counts[t] += 1
    found = _set(rng, counts, list(range(34)))
    pairs = [t for t in range(34) if counts[t] <= 2]
    if found is None:
        return None
    kind, low = found
    pair = rng.choice(pairs)
    if rng.random() < 0.4:
        return [_pack(rng, kind, low, counts)], tiles + [pair, pair]
    return [], tiles + [pair, pair] + ([low, low + 1, low + 2] if kind == "CHI" else [low] * 3)


def _spoil(rng: random.Random, tiles: list[int], packs: list[tuple[str, str, int]]) -> None:
    """One tile of the hand changed for another, never to a fifth copy: most such hands win no more."""
    held = [t for kind, code, _ in packs for t in ([from_botzone(code)] * 4 if kind != "CHI" else
                                                    [from_botzone(code) + d for d in (-1, 0, 1)])] + tiles
    i = rng.randrange(len(tiles))
    tiles[i] = rng.choice([t for t in range(34) if held.count(t) < 4])


def _flags(rng: random.Random) -> list[Any]:
    p = rng.choice((0.1, 0.3, 0.5))
    return [rng.choice((0, 0, 0, 1, 2, 8)), rng.random() < 0.5, rng.random() < p, rng.random() < p, rng.random() < p,
            rng.randrange(4), rng.randrange(4)]


def call(rng: random.Random) -> tuple[Any, ...]:
    """One calculator call: (pack, hand, winTile, flowerCount, isSelfDrawn, is4thTile, isAboutKong,
    isWallLast, seatWind, prevalentWind)."""
    made = None
    while made is None:
        kind = rng.random()
        made = _standard(rng) if kind < 0.75 else _tie(rng) if kind < 0.83 else _special(rng)
    packs, tiles = made
    if rng.random() < 0.04:
        _spoil(rng, tiles, packs)
    rng.shuffle(tiles)
    win = tiles.pop()
    return (tuple(packs), tuple(to_botzone(t) for t in sorted(tiles)), to_botzone(win), *_flags(rng))


def hands(seed: int, count: int) -> list[tuple[Any, ...]]:
    rng = random.Random(seed)
    return [call(rng) for _ in range(count)]
