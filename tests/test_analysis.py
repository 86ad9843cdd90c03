"""Hand analysis on hand strings: shanten per shape and useful tiles pinned by hand, discard advice,
points in reach replayed through ``score``, the ``analyze`` command and its errors."""
from __future__ import annotations

import json
from pathlib import Path

import fanrules
import pytest
from fanrules.analysis.advice import HandTiles, read_tiles
from fanrules.analysis.readings import readings
from fanrules.analysis.waits import winning_tiles
from fanrules.core.hand import Hand, HandError, validate
from fanrules.core.tiles import TILE_CODES, TILE_INDEX
from fanrules.scoring.reach import Reach
from fanrules.scoring.scored_waits import score_waits
from fanrules.tools.cli import main

S = fanrules.Shape

#: hand -> (overall, the shanten of every shape the declared sets allow), worked out by hand.
PINS = {
    # standard, nine gates: ready on all nine
    "1112345678999m": (0, {S.STANDARD: 0, S.SEVEN_PAIRS: 4, S.THIRTEEN_ORPHANS: 10, S.HONOURS_AND_KNITTED: 10,
                           S.KNITTED_STRAIGHT: 5}),
    # thirteen orphans, ready on all thirteen; as sets it is eight away
    "19m19p19sESWNCFP": (0, {S.STANDARD: 8, S.SEVEN_PAIRS: 6, S.THIRTEEN_ORPHANS: 0, S.HONOURS_AND_KNITTED: 4,
                             S.KNITTED_STRAIGHT: 9}),
    # seven pairs ready, two away as sets and a pair
    "1122m3344p5566s7s": (0, {S.STANDARD: 2, S.SEVEN_PAIRS: 0, S.THIRTEEN_ORPHANS: 11, S.HONOURS_AND_KNITTED: 10,
                              S.KNITTED_STRAIGHT: 5}),
    # honours and knitted tiles ready (three honours missing, any completes it)
    "147m258p369sESWN": (0, {S.STANDARD: 8, S.SEVEN_PAIRS: 6, S.THIRTEEN_ORPHANS: 7, S.HONOURS_AND_KNITTED: 0,
                             S.KNITTED_STRAIGHT: 2}),
    # knitted straight + a chow to finish + a pair: ready on 3m
    "147m258p369s12mFF": (0, {S.STANDARD: 5, S.SEVEN_PAIRS: 4, S.THIRTEEN_ORPHANS: 9, S.HONOURS_AND_KNITTED: 3,
                              S.KNITTED_STRAIGHT: 0}),
    # 14 tiles, complete
    "1112345678999m5m": (-1, {S.STANDARD: -1, S.SEVEN_PAIRS: 3, S.THIRTEEN_ORPHANS: 10, S.HONOURS_AND_KNITTED: 10,
                              S.KNITTED_STRAIGHT: 5}),
    # declared sets: only the standard shape; with one set the knitted straight too
    "[123p,1][456s,1][789m,1]EEE5m": (0, {S.STANDARD: 0}),
    "[123p,1]147m258s369pE": (0, {S.STANDARD: 6, S.KNITTED_STRAIGHT: 0}),
    # all four 1m held: the only wait would be a fifth 1m, so the hand is one from ready (waits lists 1m)
    "1111m456p789p123s": (1, {S.STANDARD: 1, S.SEVEN_PAIRS: 4, S.THIRTEEN_ORPHANS: 9, S.HONOURS_AND_KNITTED: 9,
                              S.KNITTED_STRAIGHT: 5}),
    # four each of 4m 5m 6m: seven pairs counts a kind held four times as two pairs
    "4444m5555m6666m7m": (0, {S.STANDARD: 0, S.SEVEN_PAIRS: 0, S.THIRTEEN_ORPHANS: 13, S.HONOURS_AND_KNITTED: 11,
                              S.KNITTED_STRAIGHT: 6}),
}

#: 13-tile hand -> its useful tiles (unseen copies), worked out by hand.
USEFUL = {
    "1112345678999m": "1m1 2m3 3m3 4m3 5m3 6m3 7m3 8m3 9m1",
    "1122m3344p5566s7s": "7s3",
    "147m258p369sESWN": "C4 F4 P4",
    "147m258p369s12mFF": "3m4",
    # a kong of 1m: 4m alone completes 23m
    "[1111m]456p789p99s23m": "4m4",
    # a pung of 1m beside 1m: the fourth copy is in the hand, 3m alone completes 12m
    "[111m,1]456p789p99s1m2m": "3m4",
    # all four 1m: any other tile makes 111m + a single wait on it, so every other kind helps
    "1111m456p789p123s": " ".join(f"{TILE_CODES[t]}{4 - (t in (12, 13, 14, 15, 16, 17, 18, 19, 20))}"
                                  for t in range(1, 34)),
    # 3m (345 444 567 666 55), 7m (seven pairs) and 8m (444 555 456 678 66)
    "4444m5555m6666m7m": "3m4 7m3 8m4",
}


@pytest.mark.parametrize("hand", list(PINS))
def test_shanten_per_shape(hand: str) -> None:
    report = fanrules.shanten(hand)
    overall, shapes = PINS[hand]
    assert (report.shanten, dict(report.shapes)) == (overall, shapes)


@pytest.mark.parametrize("hand", list(USEFUL))
def test_useful_tiles_with_unseen_copies(hand: str) -> None:
    got = " ".join(f"{TILE_CODES[u.tile]}{u.remaining}" for u in fanrules.analyze(hand, points=False).useful)
    assert got == USEFUL[hand]


def test_the_contract_functions_take_tile_numbers() -> None:
    from fanrules.analysis.shanten import shanten, shanten_by_shape, useful_tiles

    tiles = [TILE_INDEX[c] for c in ("1m", "1m", "1m", "1m", "4p", "5p", "6p", "7p", "8p", "9p", "1s", "2s", "3s")]
    assert shanten(tiles) == 1 and shanten_by_shape(tiles)[S.STANDARD] == 1
    assert TILE_INDEX["1m"] in winning_tiles(tuple(tiles))
    assert [t for t, _ in useful_tiles(tiles)] == list(range(1, 34))
    seen = useful_tiles(tiles, visible=[TILE_INDEX["E"]] * 3)
    assert dict(seen)[TILE_INDEX["E"]] == 1 and dict(seen)[TILE_INDEX["2m"]] == 4
    assert shanten(tiles[:10], melds=1) == shanten_by_shape(tiles[:10], 1)[S.STANDARD]
    with pytest.raises(HandError, match="wrong number of tiles"):
        shanten(tiles[:12])
    with pytest.raises(HandError, match="fifth copy"):
        shanten(tiles[:-1] + [0])
    with pytest.raises(HandError, match="from 0 to 33"):
        shanten(tiles[:-1] + [34])


def test_discard_advice_is_ordered_and_counts_unseen_copies() -> None:
    result = fanrules.analyze("123m456p789s1122z3z", points=False, visible="EE")
    first = result.discards[0]
    assert (TILE_CODES[first.advice.discard], first.advice.shanten) == ("W", 0)
    assert [(TILE_CODES[u.tile], u.remaining) for u in first.advice.useful] == [("E", 0), ("S", 2)]
    keys = [(d.advice.shanten, -d.advice.remaining, d.advice.discard) for d in result.discards]
    assert keys == sorted(keys)
    assert len(result.discards) == len(set(read_tiles("123m456p789s1122z3z").concealed))


# --- points in reach -----------------------------------------------------------------------------

READY = ["1112345678999m", "19m19p19sESWNCFP", "1122m3344p5566s7s", "147m258p36sESWNC", "[123p,1][456s,1][789m,1]EEE5m",
         "2345m456p789sCCC", "[1111s,1]23m55p789pCCC", "147m258p369s12mFF"]


def _fans(r: object) -> object:
    return r if isinstance(r, HandError) else (r.total, [c.fan.number for c in r.fans])  # type: ignore[attr-defined]


@pytest.mark.parametrize("hand", READY)
def test_a_ready_hands_waits_and_scores_equal_waits(hand: str) -> None:
    result = fanrules.analyze(hand)
    tiles = fanrules.parse_hand(hand, check=False)
    expected = score_waits(tiles.concealed + (tiles.win_tile,), tiles.melds, fanrules.Context(), fanrules.Scorer.of())
    assert [(w.tile, _fans(w.discard), _fans(w.self_drawn)) for w in result.waits] == \
        [(w.tile, _fans(w.discard), _fans(w.self_drawn)) for w in expected]
    legal = [w.discard.total for w in expected if not isinstance(w.discard, HandError)]
    assert result.reach is not None and result.reach.total == max(legal)


def _replay(reach: Reach, start: list[int], draws: int, **context: object) -> None:
    """The best completion is reached from ``start`` with ``draws`` draws and scores its total again."""
    best = reach.best
    assert best is not None
    again = fanrules.score(fanrules.format_hand(best.hand), **context)  # type: ignore[arg-type]
    assert (again.total, [c.fan.number for c in again.fans]) == (reach.total, [c.fan.number for c in reach.fans])
    complete = list(best.hand.concealed) + [best.hand.win_tile]
    extra = list(complete)
    for t in start:
        if t in extra:
            extra.remove(t)
    assert len(extra) == draws


@pytest.mark.parametrize("hand", ["123m456p789s1122z3z", "2233m4455p66789sE", "147m258p369s13mFPE", "[123p,1]456s78m1199pEE"])
def test_best_totals_of_one_from_ready_hands_replay_through_score(hand: str) -> None:
    result = fanrules.analyze(hand, seat_wind="S", prevalent_wind="E")
    tiles = read_tiles(hand)
    checked = 0
    for path in result.discards:
        if path.advice.shanten > 1:
            assert path.reach is None
            continue
        rest = list(tiles.concealed)
        rest.remove(path.advice.discard)
        assert path.reach is not None
        _replay(path.reach, rest, path.advice.shanten + 1, seat_wind="S", prevalent_wind="E")
        checked += 1
    assert checked


def test_the_best_total_of_a_one_from_ready_hand_is_the_best_of_every_completion() -> None:
    """Every pair of draws and every discard, scored by brute force: none beats the best total."""
    hand = "2233m4455p66789s"
    result = fanrules.analyze(hand, self_drawn=True)
    tiles = read_tiles(hand)
    assert result.shanten == 1 and result.reach is not None
    _replay(result.reach, list(tiles.concealed), 2, self_drawn=True)
    scorer, best = fanrules.Scorer.of(), 0
    ctx = fanrules.Context(self_drawn=True)
    for y in set(tiles.concealed):
        rest = list(tiles.concealed)
        rest.remove(y)
        for t in range(34):
            for w in range(34):
                hand14 = sorted(rest + [t])
                try:
                    full = validate(Hand(tuple(hand14), (), w, ctx))
                except HandError:
                    continue
                if readings(full):
                    best = max(best, scorer.score(full).total)
    assert result.reach.total == best


def test_a_variant_changes_the_points_in_reach(tmp_path: Path) -> None:
    (tmp_path / "fans").mkdir()
    (tmp_path / "ruleset.yaml").write_text("name: bigpairs\nextends: mcr\nminimum: 30\n", encoding="utf-8")
    (tmp_path / "fans" / "19.yaml").write_text("number: 19\nvalue: 48\n", encoding="utf-8")
    mcr, variant = fanrules.analyze("2233m4455p66789s"), fanrules.analyze("2233m4455p66789s", rules=tmp_path)
    assert mcr.reach is not None and variant.reach is not None
    assert variant.reach.total == mcr.reach.total + 24
    assert mcr.reach.reaches_minimum and variant.reach.reaches_minimum
    assert not fanrules.analyze("123m456p789s2355p", rules=tmp_path).reach.reaches_minimum  # type: ignore[union-attr]


def test_a_hand_two_from_ready_is_searched_only_with_time() -> None:
    hand = "2233m4455p68sENW"
    assert fanrules.analyze(hand).reach is None
    result = fanrules.analyze(hand, two_from_ready=120)
    assert result.shanten == 2 and result.reach is not None
    _replay(result.reach, list(read_tiles(hand).concealed), 3)
    assert fanrules.analyze(hand, two_from_ready=1e-9).reach is None  # out of time: not a partial answer
    paths = fanrules.analyze("2233m4455p6678sEN", two_from_ready=120).discards
    assert any(p.advice.shanten == 2 and p.reach is not None for p in paths)


def test_a_hand_three_from_ready_has_no_points_in_reach() -> None:
    result = fanrules.analyze("135m246p789sEESWN")
    assert result.shanten == 3 and all(d.reach is None for d in result.discards)


# --- the command ------------------------------------------------------------------------------------


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_analyze_json_of_14_tiles(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "analyze", "123m456p789s1122z3z", "--visible", "E", "--json")
    data = json.loads(out)
    assert code == 0 and set(data) == {"shanten", "shapes", "discards"}
    assert data["shanten"] == 0 and data["shapes"]["standard"] == 0 and set(data["shapes"]) == {s.value for s in S}
    first = data["discards"][0]
    assert set(first) == {"discard", "shanten", "useful", "best_total", "best_fans"}
    assert first["discard"] == "W" and first["useful"] == [{"tile": "E", "remaining": 1}, {"tile": "S", "remaining": 2}]
    assert first["best_total"] == 14 and "Mixed Straight" in first["best_fans"]
    assert all(d["best_total"] is not None for d in data["discards"])


def test_analyze_json_of_13_tiles(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "analyze", "[123p,1][456s,1][789m,1]EEE5m", "--json")
    assert code == 0 and json.loads(out) == {"shanten": 0, "shapes": {"standard": 0},
                                             "useful": [{"tile": "5m", "remaining": 3}]}


def test_analyze_table(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "analyze", "1112345678999m")
    assert code == 0 and "shanten 0 (ready)" in out and "9m  discard: 106  self-drawn: 107" in out
    assert "best reachable: 106" in out
    code, out, _ = run(capsys, "analyze", "123m456p789s1122z3z", "--no-points")
    assert code == 0 and out.splitlines()[2].startswith("discard  shanten")


@pytest.mark.parametrize("argv, words", [
    (["1m"], "wrong number of tiles: 1"),
    (["11111m2345678p9s"], "fifth copy of 1m"),
    (["123m456p789s1122z", "--visible", "2z2z2z"], "visible tiles: fifth copy of S"),
    (["123m456p789s1122z", "--visible", "9x"], "unknown tile"),
    (["123m456p789s1122z", "--seat", "X"], "seat_wind must be E, S, W or N"),
    (["[124m,1]456p789s1122z"], "is not a chow"),
])
def test_analyze_errors_are_one_line_exit_1(capsys: pytest.CaptureFixture[str], argv: list[str], words: str) -> None:
    code, out, err = run(capsys, "analyze", *argv)
    assert code == 1 and out == "" and words in err and err.count("\n") == 1


def test_analyze_has_help(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["analyze", "--help"])
    out = capsys.readouterr().out
    assert "--visible TILES" in out and "shanten" in out


def test_hand_tiles_from_a_hand_and_from_tiles() -> None:
    hand = fanrules.parse_hand("1112345678999m5m")
    assert read_tiles(hand) == read_tiles("1112345678999m5m") == read_tiles(HandTiles(read_tiles(hand).concealed))
