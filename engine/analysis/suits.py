"""The complete patterns of one number suit: the counts of its nine ranks that split into sets only
(chows and pungs), and (worked out from those) that split into sets and one pair.

A pattern is a number, three bits a rank (``pattern``), so that adding a tile of rank r is adding
``1 << 3 * r``. The table holds every pattern of up to four sets, with at most five tiles of a rank
(the thirteen tiles of a hand hold four at most; the waits add one): 3,346 numbers, worked out once by
``work_out`` and shipped as ``suits.json`` beside this module (plain JSON: one string of the numbers
in hex, eight digits each, see ``encode``; tests/test_suit_tables.py checks the file against ``work_out``), so that from its first hand a process
tells a complete suit by a set lookup instead of searching for its splits, and a suit that a tile more
would complete by adding to its number: searching was the largest cost of a first pass over unseen
hands (``bench/callgrind_scoring.py --first-pass``). A second table, of the 26,213 patterns of sets and
a pair, took ten times as long to read, about as much as it saved a first pass over the corpus, so
those are worked out from this one (``with_pair``).

Regenerate the file with ``python -m fanrules.analysis.suits > engine/analysis/suits.json``."""
from __future__ import annotations

import json
import struct
import sys
from functools import lru_cache
from pathlib import Path

#: The most tiles of one rank the tables know.
MOST = 5
#: A tile's number in the pattern of its suit, honours ranked from the east wind; a pair of each rank; the ranks.
ONE = tuple(1 << 3 * (t % 9) for t in range(34))
TWO = tuple(2 << 3 * r for r in range(9))
RANKS = range(9)
#: The ranks by their remainder over 3. A suit's sets hold ranks that sum to a multiple of 3 (a chow's r,
#: r + 1, r + 2: 3r + 3; a pung's: 3r), and a tile's number has its rank's remainder (a suit starts at 0, 9
#: or 18): of tiles that are sets and a pair of rank p, the sum is 2p over 3; a tile of rank t that makes
#: tiles of sum n sets leaves n + t a multiple of 3. So only the three ranks of one class can be the pair,
#: or the tile that completes, and the misses of readings.py and waits.py try those alone.
CLASSES = tuple(tuple(r for r in RANKS if r % 3 == c) for c in range(3))
#: The counts of each set of a suit: the chows from rank 1 to 7, then the pungs.
_SETS = tuple(tuple(int(start <= r <= start + 2) for r in range(9)) for start in range(7)) + \
    tuple(tuple(3 * (r == rank) for r in range(9)) for rank in range(9))


def pattern(counts: tuple[int, ...] | list[int]) -> int:
    """The number of a suit's counts (rank 1 first), three bits a rank."""
    return counts[0] | counts[1] << 3 | counts[2] << 6 | counts[3] << 9 | counts[4] << 12 | counts[5] << 15 \
        | counts[6] << 18 | counts[7] << 21 | counts[8] << 24


def work_out() -> list[int]:
    """The table, sorted: the patterns of up to four sets."""
    frontier: set[tuple[int, ...]] = {(0,) * 9}
    sets = set(frontier)
    for _ in range(4):
        frontier = {grown for counts in frontier for add in _SETS
                    if max(grown := tuple(c + a for c, a in zip(counts, add))) <= MOST}
        sets |= frontier
    return sorted(map(pattern, sets))


def encode(patterns: list[int]) -> str:
    """The patterns as the file holds them: eight hex digits each (four bytes, big-endian), in one string."""
    return "".join(f"{p:08x}" for p in patterns)


def decode(text: str) -> tuple[int, ...]:
    """The patterns of ``encode``'s string, decoded in C: read as a list of JSON numbers, the file cost
    half as much again to load, once per process."""
    return struct.unpack(f">{len(text) // 8}I", bytes.fromhex(text))


@lru_cache(maxsize=1)
def table() -> frozenset[int]:
    """The patterns that are sets only (read from suits.json once)."""
    return frozenset(decode(json.loads(Path(__file__).with_name("suits.json").read_text(encoding="utf-8"))["sets"]))


def with_pair(key: int, sets: frozenset[int]) -> bool:
    """Whether a pattern is sets and one pair: without two tiles of some rank, it is sets only."""
    return any((key >> 3 * r) & 7 >= 2 and key - (2 << 3 * r) in sets for r in range(9))


def complete(counts: tuple[int, ...] | list[int]) -> tuple[bool, bool] | None:
    """Whether a suit's counts split into sets only, and whether into sets and one pair; None when a
    rank holds more tiles than the table knows (no valid hand does)."""
    if max(counts) > MOST:
        return None
    n = sum(counts) % 3
    if n == 1:
        return False, False
    key, sets = pattern(counts), table()
    return (key in sets, False) if n == 0 else (False, with_pair(key, sets))


if __name__ == "__main__":  # pragma: no cover - writes the shipped table
    sys.stdout.write(json.dumps({"sets": encode(work_out())}, separators=(",", ":")) + "\n")
