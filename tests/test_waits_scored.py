"""Waits with fans: the winning tiles of known 13-tile hands and what a win on each scores."""
from __future__ import annotations

import pytest

import fanrules
from fanrules.core.hand import HandError
from fanrules.core.notation import parse_hand
from fanrules.scoring import Scorer
from fanrules.core.tiles import TILE_CODES
from fanrules.scoring.scored_waits import WaitScore, score_waits


def waits_of(text: str) -> list[WaitScore]:
    """The scored waits of 13 tiles written in hand notation."""
    tiles = parse_hand(text, check=False)
    return score_waits(tiles.concealed + (tiles.win_tile,), tiles.melds, tiles.context, fanrules.Scorer.of("mcr"))


def table(text: str) -> dict[str, tuple[object, object]]:
    """tile -> (total on a discard, total self-drawn), or the error kind."""
    def total(r: object) -> object:
        return r.kind if isinstance(r, HandError) else r.total  # type: ignore[attr-defined]
    return {TILE_CODES[w.tile]: (total(w.discard), total(w.self_drawn)) for w in waits_of(text)}


#: 13 tiles -> their winning tiles, every shape.
WAITS = {
    "1112345678999m": [f"{r}m" for r in range(1, 10)],                      # nine gates: all nine
    "19m19p19sESWNCFP": ["1m", "9m", "1p", "9p", "1s", "9s", "E", "S", "W", "N", "C", "F", "P"],  # thirteen orphans: 13 ways
    "1122m3344p5566s7s": ["7s"],                                             # seven pairs
    "147m258p369sESWN": ["C", "F", "P"],                                      # honours and knitted
    "147m258p36sESWNC": ["9s", "F", "P"],                                     # honours and knitted, 9s also knits
    "1111m2233m456pEE": ["1m", "4m", "E"],                                     # 1m: all four held (RULINGS 3)
    "[123p,1][456s,1][789m,1]EEE5m": ["5m"],                                  # melds, single wait
    "12m456p789sCCCFF": ["3m"],                                               # edge
    "13m456p789sCCCFF": ["2m"],                                               # closed
    "1233m456p789sCCC": ["3m"],                                               # edge and single: one kind
    "2345m456p789sCCC": ["2m", "5m"],                                         # two waits
    "[1111s,1]23m55p789pCCC": ["1m", "4m"],                                   # a kong and a two-sided wait
    "147m258p369s12mFF": ["3m"],                                              # knitted straight + set + pair
    "1112223334445m": ["2m", "3m", "4m", "5m", "6m"] ,                         # many-sided wait in one suit
    "2233445566778m": ["2m", "5m", "8m"],                                     # seven pairs or standard
}


# One case per entry of WAITS (the comment there says which shape or wait it covers).
@pytest.mark.parametrize("text", list(WAITS))
def test_waits(text: str) -> None:
    assert list(table(text)) == WAITS[text]


#: Totals on a discard and self-drawn, checked by hand against the fan table.
TOTALS = {
    # 九莲宝灯 88 + 双暗刻 2 + one 幺九刻 (the other is in 九莲宝灯): 91; self-drawn adds 自摸.
    ("1112345678999m", "5m"): (91, 92),
    # 十三幺 88 (excludes 门前清, 单钓将, 五门齐, 混幺九).
    ("19m19p19sESWNCFP", "E"): (88, 89),
    # 七对 24 + 无字 1.
    ("1122m3344p5566s7s", "7s"): (25, 26),
    # 全不靠 12 + 组合龙 12 with the full knitted straight; 全不靠 alone without it.
    ("147m258p36sESWNC", "9s"): (24, 25),
    ("147m258p36sESWNC", "F"): (12, 13),
    # 花龙 8 + 圈风刻 2 + 门风刻 2 + 单钓将 1.
    ("[123p,1][456s,1][789m,1]EEE5m", "5m"): (13, 14),
    # 花龙 8 + 箭刻 2 + 门前清 2 (self-drawn: 不求人 4) + 边张 1.
    ("12m456p789sCCCFF", "3m"): (13, 15),
    # A fifth 1m cannot be the winning tile.
    ("1111m2233m456pEE", "1m"): ("invalid", "invalid"),
}


# One case per entry of TOTALS (the comment there says which fans make the total).
@pytest.mark.parametrize("text, tile", list(TOTALS))
def test_totals(text: str, tile: str) -> None:
    assert table(text)[tile] == TOTALS[(text, tile)]


def test_minimum_is_marked() -> None:
    low = {TILE_CODES[w.tile]: w for w in waits_of("[1111s,1]23m55p789pCCC")}
    assert not low["1m"].reaches_minimum and not low["4m"].reaches_minimum
    mixed = {TILE_CODES[w.tile]: w for w in waits_of("1111m2233m456pEE")}
    assert not mixed["4m"].discard.is_win and mixed["4m"].self_drawn.is_win  # type: ignore[union-attr]
    assert mixed["4m"].reaches_minimum and not mixed["1m"].reaches_minimum


def test_waits_json_has_both_wins() -> None:
    (row,) = [w.to_json() for w in waits_of("12m456p789sCCCFF")]
    assert row["tile"] == "3m" and row["discard"]["legal"] and row["self_drawn"]["total"] == 15


def test_scorer_is_reused_for_every_wait() -> None:
    scorer = Scorer(fanrules.load_ruleset("mcr"))
    tiles = parse_hand("1112345678999m", check=False)
    assert len(score_waits(tiles.concealed + (tiles.win_tile,), (), tiles.context, scorer)) == 9
