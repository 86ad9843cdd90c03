"""Compile time and evaluation speed of representative fan predicates.

Run as ``python bench/bench_dsl.py``. Each figure is the median of 5 runs (time.perf_counter):
compile time per predicate (parse, check and compile), and evaluations per second of each compiled
predicate on one synthetic reading.
"""
from __future__ import annotations

import sys
from types import SimpleNamespace

from common import median_seconds

from fanrules.dsl import Compiled, compile_predicate
from fanrules.core.blocks import Block, Kind
from fanrules.core.tiles import TILE_INDEX, counts_of

RUNS = 5
EVALS = 2000

#: Predicates of the kinds rule files hold: context flags, tile tests, counts, and each rules over sets.
PREDICATES = [
    "self_drawn",
    "last_tile and self_drawn",
    "kong_related and not self_drawn",
    "unique_wait and kind(win_set) == pair",
    "all(t in tiles: t in simples)",
    "all(t in tiles: t not in honours)",
    "size(suits) == 1 and all(t in tiles: t not in honours)",
    "size(suits) == 1 and any(t in tiles: t in honours)",
    "all(s in sets_and_pairs: any(t in s: t in terminals or t in honours))",
    "shape == standard and size(chows) == 4 and all(t in tiles: t not in honours)",
    "count(p in pungs: concealed(p)) >= 3",
    "count(p in pungs: tile(p) in dragons)",
    "count(p in pungs: tile(p) == seat_wind)",
    "each t in tile_kinds where copies(t) == 4 and all(k in kongs: tile(k) != t)",
    "each a, b in chows where tile(a) == tile(b)",
    "each a, b in chows where suit(a) == suit(b) and rank(b) == rank(a) + 3",
    "each a, b in chows where suit(a) != suit(b) and rank(a) == rank(b)",
    "each a, b in chows where suit(a) == suit(b) and rank(a) == 1 and rank(b) == 7",
    "each a, b, c in chows where same(suit(a), suit(b), suit(c)) and rank(a) == 1 and rank(b) == 4 and rank(c) == 7",
    "each a, b, c in chows where distinct(suit(a), suit(b), suit(c)) and rank(a) == 1 and rank(b) == 4 and rank(c) == 7",
    "each a, b, c in chows where same(suit(a), suit(b), suit(c)) and rank(b) == rank(a) + 1 and rank(c) == rank(b) + 1",
    "each a, b, c in pungs where distinct(suit(a), suit(b), suit(c)) and same(rank(a), rank(b), rank(c)) and rank(a) > 0",
    "each a, b, c, d in chows where same(suit(a), suit(b), suit(c), suit(d)) and rank(b) == rank(a) + 1 and rank(c) == rank(b) + 1 and rank(d) == rank(c) + 1",
    "all(t in tiles: rank(t) in (2, 4, 6, 8) or t in (C, F, P))",
    "max(s in sets: rank(s)) - min(s in sets: rank(s)) <= 3 and all(s in sets: suit(s) != suit(E))",
    "fans_counted == 0",
]


def synthetic_reading() -> SimpleNamespace:
    """One reading: 123m 456m 789m (concealed), [123p] claimed, 5s5s, won on 5s by a discard."""
    t = TILE_INDEX
    chows = (Block(Kind.CHOW, t["1m"], True), Block(Kind.CHOW, t["4m"], True), Block(Kind.CHOW, t["7m"], True),
             Block(Kind.CHOW, t["1p"], False, True, True))
    pair = Block(Kind.PAIR, t["5s"], True)
    tiles = tuple(sorted(x for b in chows + (pair,) for x in b.tiles))
    counts = counts_of(tiles)
    held = list(counts)
    held[t["5s"]] -= 1
    return SimpleNamespace(
        tiles=tiles, counts=counts, held=held, suits=(0, 1, 2), win_tile=t["5s"], unique_wait=True, self_drawn=False,
        last_copy=False, kong_related=False, last_tile=False, seat_wind=t["E"], prevalent_wind=t["S"], flowers=0,
        shape="standard", sets=chows, chows=chows, pungs=(), kongs=(), pairs=(pair,), sets_and_pairs=chows + (pair,),
        knitted=(), win_set=pair, fans_counted=2,
    )


def compile_all() -> list[Compiled]:
    out = []
    for text in PREDICATES:
        compiled, diagnostics = compile_predicate(text, use_cache=False)
        if compiled is None:
            raise SystemExit("\n".join(d.format() for d in diagnostics))
        out.append(compiled)
    return out


def main() -> int:
    compile_all()  # builds the parser once, outside the measurement
    compile_s = median_seconds(compile_all)
    compiled = compile_all()
    facts = synthetic_reading()
    print(f"{len(PREDICATES)} predicates, median of {RUNS} runs\n")
    print(f"compile: {compile_s / len(PREDICATES) * 1000:.3f} ms per predicate "
          f"({len(PREDICATES) / compile_s:,.0f} predicates/s)\n")
    print(f"{'evals/s':>12} {'found':>5}  predicate")
    total = 0.0
    for text, rule in zip(PREDICATES, compiled):
        seconds = median_seconds(lambda: [rule.instances(facts) for _ in range(EVALS)])
        total += seconds
        shown = text if len(text) <= 90 else text[:87] + "..."
        print(f"{EVALS / seconds:>12,.0f} {len(rule.instances(facts)):>5}  {shown}")
    print(f"\nall {len(PREDICATES)} predicates on one reading: {EVALS / total:,.0f} readings/s "
          f"({len(PREDICATES) * EVALS / total:,.0f} evaluations/s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
