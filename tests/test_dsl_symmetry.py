"""Each rules whose condition does not depend on the order of its names try each group once; the
instances they find are the same as with every order tried."""
from __future__ import annotations

from types import SimpleNamespace

import pytest

from fanrules.dsl import compile_predicate, parse
from fanrules.dsl.compiler import _symmetric
from fanrules.core.blocks import Block, Kind
from fanrules.core.tiles import TILE_INDEX


def chow(code: str) -> Block:
    return Block(Kind.CHOW, TILE_INDEX[code], True)


@pytest.mark.parametrize("text, symmetric", [
    ("each a, b in chows where tile(a) == tile(b)", True),  # == is commutative
    ("each a, b in chows where tile(b) == tile(a) and suit(a) != suit(b)", True),  # operands written in either order
    ("each a, b, c in pungs where tile(a) in dragons and tile(c) in dragons and tile(b) in dragons", True),  # conjuncts in any order
    ("each a, b in chows where rank(a) == 1 and rank(b) == 7", False),  # a and b play different parts
    ("each a, b in chows where rank(b) == rank(a) + 3", False),  # an arithmetic order between them
    ("each a, b, c in chows where distinct(suit(c), suit(a), suit(b)) and same(rank(a), rank(b), rank(c))", True),  # same/distinct take any order
    ("each a, b, c in chows where tile(b) == tile(a) and tile(c) == tile(a)", True),  # equalities chained through a: one class
    ("each a, b, c, d in chows where tile(b) == tile(a) and tile(c) == tile(a) and tile(d) == tile(a)", True),  # four in one class
    ("each a, b, c in chows where rank(b) == rank(a) and rank(c) == rank(a) and distinct(suit(a), suit(b), suit(c))", True),  # a class beside distinct
    ("each a, b, c in chows where rank(b) == rank(a) and rank(c) == rank(a) + 1", False),  # c is not like a and b
    ("each a, b, c in chows where rank(b) == rank(a) and suit(c) == suit(a)", False),  # two classes, a in both: a plays two parts
    ("each a, b in pungs where rank(a) > 0 and rank(a) == rank(b) and suit(a) != suit(b)", True),  # rank(a) is rank(b): a test of the class
    ("each a, b, c in pungs where rank(a) > 0 and rank(b) == rank(a) and rank(c) == rank(a)", True),  # likewise with three
    ("each a, b in pungs where rank(a) > 0 and suit(a) == suit(b)", False),  # rank(a) is in no class: a alone is tested
    ("each a, b in chows where rank(a) > 0 or rank(a) == rank(b)", False),  # an equality inside an or makes no class
])
def test_symmetry_is_recognised(text: str, symmetric: bool) -> None:
    node, _ = parse(text)
    assert _symmetric(node) is symmetric  # type: ignore[arg-type]


def test_symmetric_and_ordered_searches_find_the_same_groups() -> None:
    chows = (chow("1m"), chow("1m"), chow("1p"), chow("1m"), chow("4m"))
    facts = SimpleNamespace(chows=chows)
    symmetric, _ = compile_predicate("each a, b in chows where tile(a) == tile(b)", use_cache=False)
    ordered, _ = compile_predicate("each a, b in chows where tile(a) == tile(b) and rank(a) >= 0", use_cache=False)
    assert symmetric is not None and ordered is not None
    assert "range(i0 + 1, n)" in symmetric.source and "range(i0 + 1, n)" not in ordered.source
    def positions(groups: list[tuple]) -> list[tuple[int, ...]]:
        return [tuple(next(i for i, c in enumerate(chows) if c is b) for b in group) for group in groups]

    found = positions(symmetric.instances(facts))
    assert found == positions(ordered.instances(facts)) == [(0, 1), (0, 3), (1, 3)]
