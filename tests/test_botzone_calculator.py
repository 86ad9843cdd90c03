"""fanrules.botzone against PyMahjongGB (module MahjongGB, the C++ calculator): the tile codec, the fan
calculator on every labelled corpus hand (recorded C++ answers in tests/data/botzone_bots/
mahjonggb_public.jsonl, and the live C++ where it is installed), its errors, and the shanten functions."""
from __future__ import annotations

import json
import random
from typing import Any

import fanrules
import pytest
from botzone_record import RECORDED, answer, corpus_args
from fanrules.botzone import (
    BOTZONE_CODES,
    CalculatorError,
    HonorsAndKnittedTilesShanten,
    KnittedStraightShanten,
    MahjongFanCalculator,
    MahjongShanten,
    RegularShanten,
    SevenPairsShanten,
    ThirteenOrphansShanten,
    from_botzone,
    to_botzone,
)
from fanrules.core.tiles import tile_of_code

try:
    import MahjongGB
except ImportError:  # the comparison then runs against the recorded answers only
    MahjongGB = None

live = pytest.mark.skipif(MahjongGB is None, reason="PyMahjongGB is not installed (pip install pymahjonggb)")


def _recorded() -> list[dict[str, Any]]:
    return [json.loads(line) for line in RECORDED.read_text(encoding="utf-8").splitlines()]


def _args(line: dict[str, Any]) -> tuple[Any, ...]:
    packs, hand, *rest = line["args"]
    return (tuple(tuple(p) for p in packs), tuple(hand), *rest)


def _corpus() -> dict[str, dict[str, Any]]:
    from botzone_record import CORPUS
    return {r["id"]: r for r in map(json.loads, CORPUS.read_text(encoding="utf-8").splitlines())}


def test_codec_maps_botzone_letters_to_suits_and_honours() -> None:
    pairs = {"W1": "1m", "W9": "9m", "B1": "1p", "T1": "1s", "T9": "9s", "F1": "E", "F4": "N", "J1": "C", "J2": "F", "J3": "P",
             "H1": "1f", "H8": "8f"}
    for code, ours in pairs.items():
        assert from_botzone(code) == tile_of_code(ours)
        assert to_botzone(tile_of_code(ours)) == code
    assert len(set(BOTZONE_CODES)) == 42
    assert all(from_botzone(to_botzone(t)) == t for t in range(42))
    for bad in ("W0", "B10", "F5", "J4", "H9", "1m", "", "w1"):
        with pytest.raises(ValueError, match="unknown Botzone tile code"):
            from_botzone(bad)


def test_recorded_file_covers_the_corpus() -> None:
    assert [line["id"] for line in _recorded()] == [i for i, _ in corpus_args()]


def test_same_answers_as_the_cpp_under_botzone_rules() -> None:
    """Botzone's rule set is the edition PyMahjongGB is compiled for (明暗杠): every hand both accept
    scores the same, and a hand the C++ refuses fanrules refuses too. The C++ checks neither the copies
    of a tile nor that a chow's middle tile can have neighbours: the few such hands that it scores,
    fanrules refuses (ERROR_TILE_COUNT_GREATER_THAN_4, ERROR_NOT_WIN)."""
    same = refused_fifth = 0
    for line in _recorded():
        ours = answer(MahjongFanCalculator, _args(line), rules="botzone")
        cpp = line["cpp"]
        if isinstance(ours, list) and isinstance(cpp, list):
            assert ours == cpp, line["id"]
            same += 1
        elif isinstance(cpp, dict):
            assert isinstance(ours, dict), line["id"]
        else:
            assert ours in ({"error": "ERROR_TILE_COUNT_GREATER_THAN_4"}, {"error": "ERROR_NOT_WIN"}), line["id"]
            refused_fifth += 1
    assert same > 1800 and refused_fifth < 10


def test_mcr_answers_are_the_cpp_but_for_the_concealed_and_melded_kong() -> None:
    """Under mcr (the default) the answers equal the C++ except on hands where the C++ (compiled with
    明暗杠) counts 明暗杠: there fanrules gives 暗杠 + 明杠, the corpus's label."""
    corpus = _corpus()
    differ = 0
    for line in _recorded():
        ours = answer(MahjongFanCalculator, _args(line))
        cpp = line["cpp"]
        if not (isinstance(ours, list) and isinstance(cpp, list)) or ours == cpp:
            continue
        differ += 1
        assert any(fan[2] == "明暗杠" for fan in cpp), line["id"]
        expected = corpus[line["id"]]["expected"]
        assert sum(p * c for p, c, *_ in ours) == expected["total_with_flowers"]
        assert [(p, c) for p, c, *_ in ours] == [(f["points"], f["count"]) for f in expected["fans"]]
    assert 0 < differ < 20


def test_other_editions_give_their_own_answer() -> None:
    """rules="mil" answers with the MIL rule set's fans, values and names (as fanrules.score does)."""
    corpus = _corpus()
    for line in _recorded()[:300]:
        ours = answer(MahjongFanCalculator, _args(line), rules="mil")
        if isinstance(ours, dict):
            continue
        result = fanrules.score(corpus[line["id"]], rules="mil")
        assert [(p, c) for p, c, *_ in ours] == [(f.points, f.count) for f in sorted(result.fans, key=lambda f: f.fan.number)]
        assert sum(p * c for p, c, *_ in ours) == result.total_with_flowers


def test_short_answers_are_points_times_count() -> None:
    args = _args(_recorded()[0])
    assert MahjongFanCalculator(*args) == tuple((p * c, zh) for p, c, zh, _ in MahjongFanCalculator(*args, verbose=True))


ERRORS = [
    (((), ("W1",) * 12, "W1", 0, False, False, False, False, 0, 0), "ERROR_WRONG_TILES_COUNT"),
    (((), ("X1",) * 13, "W1", 0, False, False, False, False, 0, 0), "ERROE_WRONG_TILE_CODE"),
    (((("PENG", "W1", 4),), ("W2",) * 10, "W3", 0, False, False, False, False, 0, 0), "ERROE_WRONG_OFFER_CODE"),
    (((("PUNG", "W1", 1),), ("W2",) * 10, "W3", 0, False, False, False, False, 0, 0), "ERROE_WRONG_PACK_CODE"),
    (((), ("W1", "W2", "W3", "W5", "W6", "W7", "B1", "B2", "B3", "B5", "B6", "B7", "T1"), "T2", 0, False, False, False, False, 0, 0),
     "ERROR_NOT_WIN"),
    (([], ("W1",) * 13, "W1", 0, False, False, False, False, 0, 0), "Param `pack` must be a tuple!"),
]


@pytest.mark.parametrize(("args", "message"), ERRORS)
def test_errors_are_the_cpp_type_and_message(args: tuple[Any, ...], message: str) -> None:
    with pytest.raises(TypeError) as raised:
        MahjongFanCalculator(*args)
    assert isinstance(raised.value, CalculatorError)
    assert str(raised.value) == message
    if MahjongGB is not None:
        with pytest.raises(TypeError, match=message.replace("(", r"\(").replace("`", ".")):
            MahjongGB.MahjongFanCalculator(*args)


def _random_hands(count: int) -> list[tuple[str, ...]]:
    rng = random.Random(7)
    wall = [c for c in BOTZONE_CODES[:34] for _ in range(4)]
    hands = []
    for _ in range(count):
        rng.shuffle(wall)
        hands.append(tuple(wall[: rng.choice((13, 13, 10, 7, 4, 1))]))
    return hands


SHAPES = (RegularShanten, SevenPairsShanten, ThirteenOrphansShanten, HonorsAndKnittedTilesShanten, KnittedStraightShanten)


def test_shanten_functions_keep_the_cpp_conventions() -> None:
    hand = ("W2", "W3", "W4", "B5", "B5", "B6", "B7", "B8", "T1", "T1", "J1", "J1", "F1")
    assert RegularShanten(hand) == (1, ("T1", "B5", "J1"))  # the C++'s answer: useful tiles in its order W, T, B, F, J
    assert MahjongShanten((("PENG", "W1", 1),), hand[:10]) == 0
    assert ThirteenOrphansShanten(("W1", "W9", "B1", "B9", "T1", "T9", "F1", "F2", "F3", "F4", "J1", "J2", "J3"))[0] == 0
    with pytest.raises(TypeError, match="ERROR_INVALID_HAND"):
        SevenPairsShanten(hand[:10])


@live
@pytest.mark.slow
def test_shanten_equals_the_cpp_on_random_hands() -> None:
    """Equal but where a useful tile's four copies are all in the hand (the C++ lists it; fanrules does
    not, as no fifth copy can be drawn)."""
    for hand in _random_hands(400):
        for ours, theirs in zip(SHAPES, (getattr(MahjongGB, name) for name in ("RegularShanten", "SevenPairsShanten",
                                "ThirteenOrphansShanten", "HonorsAndKnittedTilesShanten", "KnittedStraightShanten"))):
            try:
                expected = theirs(hand)
            except TypeError as err:
                with pytest.raises(TypeError, match=str(err)):
                    ours(hand)
                continue
            got = ours(hand)
            assert got[0] == expected[0]
            assert set(got[1]) == {t for t in expected[1] if hand.count(t) < 4}
        packs = tuple(("PENG", t, 1) for t in ("J1", "J2", "J3", "F1")[: (13 - len(hand)) // 3] if t not in hand)
        if len(packs) * 3 + len(hand) == 13:
            assert MahjongShanten(packs, hand) == MahjongGB.MahjongShanten(packs, hand)


@live
@pytest.mark.slow
def test_recorded_answers_are_the_installed_cpp() -> None:
    for line in _recorded():
        assert answer(MahjongGB.MahjongFanCalculator, _args(line)) == line["cpp"], line["id"]
