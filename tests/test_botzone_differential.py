"""fanrules.botzone.MahjongFanCalculator under rules="botzone" against PyMahjongGB 1.4.0 (the C++) on the
generated hands of tests/botzone_hands.py: the C++'s answers on 24,000 of them are recorded in
tests/data/botzone_bots/mahjonggb_generated.jsonl.gz (tests/botzone_record.py), so that the comparison
runs without the C++; with it installed, fresh hands are compared live (slow). Every answer must be the
C++'s: the fans, their points, counts and both names, or the error kind. Also: the three contradictory
flags (scored as the C++ scores them, refused with strict=True), ties settled as the C++ settles them,
and its error kind for a hand that does not win."""
from __future__ import annotations

from collections import Counter
from functools import cache
from pathlib import Path
from typing import Any

import fanrules
import pytest
from botzone_hands import hands
from botzone_record import GENERATED_COUNT, answer, generated
from fanrules.botzone import CalculatorError, MahjongFanCalculator
from fanrules.core.errors import RuleSetError

try:
    import MahjongGB
except ImportError:  # the comparison then runs against the recorded answers only
    MahjongGB = None

live = pytest.mark.skipif(MahjongGB is None, reason="PyMahjongGB is not installed (pip install pymahjonggb)")

SHAPES = ("七对", "连七对", "十三幺", "全不靠", "七星不靠", "九莲宝灯", "组合龙")


@cache
def _record() -> list[tuple[tuple[Any, ...], Any]]:
    return generated()


def _classes(args: tuple[Any, ...], cpp: Any) -> set[str]:
    """The classes of the generator a recorded hand falls in."""
    packs, hand, win, flowers, self_drawn, fourth, kong, last = args[:8]
    names = {fan[2] for fan in cpp} if isinstance(cpp, list) else set()
    out = {f"packs {len(packs)}", *(f"{kind} {offer}" for kind, _, offer in packs)}
    out |= {f"shape {s}" for s in SHAPES if s in names} or ({"shape standard"} if names else {f"refused {cpp['error']}"})
    out |= {flag for flag, on in (("self-drawn", self_drawn), ("last copy", fourth), ("kong", kong), ("last tile", last),
                                  ("flowers", flowers)) if on}
    in_packs = sum(code == win or (kind == "CHI" and abs(int(code[1]) - int(win[1])) == 1 and code[0] == win[0])
                   for kind, code, _ in packs)
    if fourth and win in hand:
        out.add("contradictory: last copy held")
    if kong and not self_drawn and (win in hand or in_packs):
        out.add("contradictory: robbed kong held")
    if kong and self_drawn and not any(kind == "GANG" for kind, _, _ in packs):
        out.add("contradictory: replacement without a kong")
    return out


def test_the_record_holds_every_shape_pack_flag_and_contradiction() -> None:
    record = _record()
    assert len(record) == GENERATED_COUNT >= 20000
    seen = Counter(c for args, cpp in record for c in _classes(args, cpp))
    for shape in ("standard", *SHAPES):
        assert seen[f"shape {shape}"] >= 20, shape
    for n in range(5):
        assert seen[f"packs {n}"] >= 500, n
    for kind, offers in (("CHI", (1, 2, 3)), ("PENG", (1, 2, 3)), ("GANG", (0, 1, 2, 3))):
        assert all(seen[f"{kind} {offer}"] >= 100 for offer in offers), kind
    for flag in ("self-drawn", "last copy", "kong", "last tile", "flowers"):
        assert seen[flag] >= 2000, flag
    for cls in ("last copy held", "robbed kong held", "replacement without a kong"):
        assert seen[f"contradictory: {cls}"] >= 500, cls
    assert seen["refused ERROR_NOT_WIN"] >= 500


def _compare(rows: list[tuple[tuple[Any, ...], Any]]) -> int:
    """Asserts every answer is the recorded C++ one; returns how many of them another tie-break (the
    fans' numbers, the default: rule set mil, which botzone extends) would have answered otherwise."""
    ties = 0
    for args, cpp in rows:
        assert answer(MahjongFanCalculator, args, rules="botzone") == cpp, args
        ties += answer(MahjongFanCalculator, args, rules="mil") != cpp
    return ties


def test_every_answer_is_the_cpps_on_a_tenth_of_the_record() -> None:
    """Fast: every tenth recorded hand (2,400), ties among them."""
    assert _compare(_record()[::10]) >= 5


@pytest.mark.slow
def test_every_answer_is_the_cpps_on_the_whole_record() -> None:
    assert _compare(_record()) >= 50


@live
@pytest.mark.slow
def test_fresh_hands_are_answered_as_the_live_cpp() -> None:
    """Hands the record does not hold (another seed), against the installed C++."""
    for args in hands(7, 5000):
        assert answer(MahjongFanCalculator, args, rules="botzone") == answer(MahjongGB.MahjongFanCalculator, args), args


@live
@pytest.mark.slow
def test_the_record_is_the_installed_cpp() -> None:
    for args, cpp in _record()[::10]:
        assert answer(MahjongGB.MahjongFanCalculator, args) == cpp, args


HAND = ((), ("W4", "W4", "W4", "B2", "B3", "B4", "T3", "T4", "T4", "T5", "T5", "T6", "J2"), "J2", 0)
WINDS = (False, 1, 1)
CONTRADICTORY = [
    ((False, True, False), ((2, 1, "门前清", "Concealed Hand"), (1, 1, "独听・单钓", "Single Wait")),
     "the winning tile F cannot be the last copy while the concealed hand holds another"),
    ((False, False, True), ((2, 1, "门前清", "Concealed Hand"), (1, 1, "独听・单钓", "Single Wait")),
     "robbing a kong of F is impossible while the hand itself holds a F"),
    ((True, False, True), ((4, 1, "不求人", "Fully Concealed Hand"), (1, 1, "独听・单钓", "Single Wait")),
     "a win on a kong replacement tile needs a declared kong in the hand"),
]


@pytest.mark.parametrize(("flags", "cpp", "message"), CONTRADICTORY)
def test_a_contradictory_flag_is_dropped_as_the_cpp_drops_it(flags: tuple[bool, ...], cpp: tuple[Any, ...], message: str) -> None:
    """The issue's example and its two siblings: the C++ scores as if the impossible flag were not set;
    strict=True refuses with the message fanrules' own score gives."""
    args = (*HAND, *flags, *WINDS)
    assert MahjongFanCalculator(*args, verbose=True, rules="botzone") == cpp
    assert MahjongFanCalculator(*args, verbose=True) == cpp  # any rule set
    with pytest.raises(CalculatorError) as raised:
        MahjongFanCalculator(*args, rules="botzone", strict=True)
    assert str(raised.value) == f"ERROR_INVALID_HAND: {message}"
    if MahjongGB is not None:
        assert MahjongGB.MahjongFanCalculator(*args, verbose=True) == cpp


def test_fanrules_own_score_still_refuses_a_contradictory_context() -> None:
    with pytest.raises(fanrules.InvalidHandError, match="cannot be the last copy"):
        fanrules.score("444m234p345567sF F", rules="botzone", last_copy=True)


def test_a_hand_that_does_not_win_is_not_a_win_whatever_its_flags() -> None:
    """The C++'s error kind: the flags are corrected before the shape is looked for."""
    tiles = ("W1", "W2", "W3", "W5", "W6", "W7", "B1", "B2", "B3", "B5", "B6", "T1", "T1")
    for flags in ((False, True, False), (False, False, True), (True, False, True)):
        with pytest.raises(CalculatorError, match=r"^ERROR_NOT_WIN$"):
            MahjongFanCalculator((), tiles, "T1", 0, *flags, False, 0, 0, rules="botzone")


def _reading(hand: str, rules: str, **context: Any) -> list[str]:
    return sorted(str(b) for b in fanrules.score(hand, rules=rules, **context).reading.blocks)


def test_botzone_settles_ties_as_the_cpp_and_mcr_by_the_fans_numbers() -> None:
    """The issue's two examples: a terminal pung over 一般高 (both 7), and a reading of sets over 七对
    (both 49); mcr keeps its own tie-break (docs/rules.md), with the same totals."""
    assert _reading("789m1112233444s1s", "botzone") == ["111s", "123s", "234s", "44s", "789m"]
    assert _reading("789m1112233444s1s", "mcr") == ["11s", "123s", "123s", "444s", "789m"]
    pairs = "55m44556p445566s6p"
    assert fanrules.score(pairs, rules="botzone", self_drawn=True).total == fanrules.score(pairs, rules="mcr", self_drawn=True).total
    assert fanrules.score(pairs, rules="botzone", self_drawn=True).reading.shape == "standard"
    assert fanrules.score(pairs, rules="mcr", self_drawn=True).reading.shape == "seven_pairs"


def test_an_unknown_fan_in_ties_is_reported_where_it_is_written(tmp_path: Path) -> None:
    (tmp_path / "ruleset.yaml").write_text("name: t\nextends: botzone\nties:\n  later_with: [三同刻, 三铜刻]\n", encoding="utf-8")
    with pytest.raises(RuleSetError) as raised:
        fanrules.load_ruleset(tmp_path)
    [diagnostic] = raised.value.diagnostics
    assert (diagnostic.line, diagnostic.code) == (4, "R006") and "三铜刻" in diagnostic.message
