"""Salasasa (tests/data/salasasa, a public MCR bot) seated through its adapter as a fanrules player:
it plays whole hands at the table with legal actions, under duplicate, and the package never imports it."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest
from fanrules.game import Table, play
from fanrules.game.simulate import run_study
from fanrules.game.winning import game_rules

ROOT = Path(__file__).resolve().parents[1]
SALASASA = ROOT / "tests" / "data" / "salasasa"
NAME = "salasasa_adapter:Salasasa"


@pytest.fixture
def on_path(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.syspath_prepend(str(SALASASA))


@pytest.mark.slow  # whole hands of a pure Python bot
def test_salasasa_plays_whole_hands_at_the_table(on_path: None) -> None:
    from salasasa_adapter import Salasasa, combination, theirs  # type: ignore[import-not-found]
    rules = game_rules("mcr")
    assert sorted(theirs(t) for t in range(34)) == [*range(11, 20), *range(21, 30), *range(31, 40), *range(41, 48)]
    ended = 0
    for seed in range(3):
        table = play(Table(rules, seed), [Salasasa(rules) for _ in range(4)])  # an illegal action would raise
        ended += table.over
        for seat in table.seats:
            assert all(combination(m)[0] in "skgG" for m in seat.melds)
    assert ended == 3


@pytest.mark.slow
def test_salasasa_under_duplicate_against_greedy(on_path: None) -> None:
    found = run_study("mcr", 2, seed=7, players=f"greedy,greedy,{NAME},{NAME}", duplicate=True)
    assert found.stats.games == 8
    assert set(found.stats.strength) == {"greedy", NAME}
    assert sum(t.hands for t in found.stats.by_player) == 32


def test_the_package_never_imports_salasasa() -> None:
    engine = ROOT / "engine"
    assert not [p for p in engine.rglob("*.py") if "salasasa" in p.read_text(encoding="utf-8").lower()]
    assert not any("salasasa" in name for name in sys.modules if name.startswith("fanrules"))
