"""An API to freeze at 1.0 (issue 52): one test per finding of the API review, and the leftover of
issue 46 (every function that takes a tile takes its code too)."""
from __future__ import annotations

import subprocess
import sys
import warnings
from pathlib import Path

import fanrules
import pytest
from fanrules import Context, FanrulesError, HandError, Outcome
from fanrules.analysis.shanten import shanten, shanten_by_shape, useful_tiles
from fanrules.game import Table, arranged_wall, greedy_player, play, run_study, simulate
from fanrules.game.winning import game_rules

ROOT = Path(__file__).resolve().parent.parent
HAND = "[CCC,1]FFFPPP999s5m5m"


# --- issue 46's leftover: a tile by its code wherever a tile is taken ---------------------------------

def test_every_function_that_takes_a_tile_takes_its_code() -> None:
    table = Table("mcr", seed=3)
    assert table.visible("3p") == table.visible(11)
    codes = ["1m", "1m", "1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "9m", "9m"]
    numbers = [0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 8, 8]
    assert shanten(codes) == shanten(numbers) == 0
    assert shanten_by_shape(codes) == shanten_by_shape(numbers)
    assert useful_tiles(codes, visible=["5m"]) == useful_tiles(numbers, visible=[4])
    assert fanrules.analysis.winning_tiles(codes) == fanrules.analysis.winning_tiles(numbers)
    a = fanrules.analyze("123m456p789s1122z3z", visible=["E", "E"], points=False)
    assert a.to_json() == fanrules.analyze("123m456p789s1122z3z", visible=[27, 27], points=False).to_json()
    proc = game_rules("mcr").procedure
    hands = [[code for code in ("5s", "6s", "7s") for _ in range(4)] + ["8s", "9s"],
             [code for code in ("1s", "2s", "3s") for _ in range(4)] + ["4s"],
             [code for code in ("2p", "3p", "4p") for _ in range(4)] + ["5p"],
             [code for code in ("6p", "7p", "8p") for _ in range(4)] + ["9p"]]
    by_number = [[fanrules.parse_tile(t) for t in hand] for hand in hands]
    assert arranged_wall(proc, hands, draws=["C"]) == arranged_wall(proc, by_number, draws=[31])
    dealt = Table.from_deal("mcr", hands, [(1, "C", "wall")])
    assert dealt.wall == Table.from_deal("mcr", by_number, [(1, 31, "wall")]).wall
    assert Table("mcr", wall=[fanrules.tile_code(t) for t in dealt.wall]).wall == Table("mcr", wall=dealt.wall).wall
    with pytest.raises(fanrules.InvalidHandError, match="not a tile: '0z'"):
        fanrules.parse_tile("0z")


# --- 1. one rule-set type under one name, accepted everywhere ----------------------------------------

def test_1_a_rule_set_is_passed_one_way_everywhere() -> None:
    mil = fanrules.load_ruleset("mil")
    by_name = fanrules.score(HAND, rules="mil", self_drawn=True)
    assert fanrules.score(HAND, rules=mil, self_drawn=True) == by_name
    assert fanrules.score(HAND, rules=game_rules("mil"), self_drawn=True) == by_name
    assert fanrules.score(HAND, rules=fanrules.Scorer.of("mil"), self_drawn=True) == by_name
    assert fanrules.Scorer.of(mil) is fanrules.Scorer.of(mil)
    assert [w.tile for w in fanrules.waits("1112345678999m", rules=mil)] == [w.tile for w in fanrules.waits("1112345678999m")]
    assert fanrules.analyze("1112345678999m", rules=mil).to_json() == fanrules.analyze("1112345678999m", rules="mil").to_json()
    assert fanrules.settle(24, winner=0, discarder=1, rules=mil) == fanrules.settle(24, winner=0, discarder=1, rules="mil")
    assert fanrules.Procedure.of(game_rules("mil")) == fanrules.Procedure.of("mil")
    assert simulate(mil, 2, seed=4, kind="greedy").to_json() == simulate("mil", 2, seed=4, kind="greedy").to_json()
    assert run_study(mil, 2, seed=4, players="greedy").stats.to_json() == run_study("mil", 2, seed=4, players="greedy").stats.to_json()
    assert play(Table(mil, seed=2), [greedy_player(mil) for _ in range(4)]).events == \
        play(Table("mil", seed=2), [greedy_player("mil") for _ in range(4)]).events
    with pytest.raises(fanrules.RulesTypeError, match="rules must be a rule set's name") as refused:
        fanrules.score(HAND, rules=3)  # type: ignore[arg-type]
    assert isinstance(refused.value, FanrulesError) and isinstance(refused.value, TypeError)


def test_1_a_study_compares_a_rule_set_changed_in_python_with_its_files() -> None:
    mcr = fanrules.load_ruleset("mcr")
    higher = mcr.replace(minimum=16)
    found = run_study(mcr, 3, seed=2, players="greedy", against=higher)
    assert found.other is not None and found.other.rules == "mcr"
    assert found.stats.to_json() != found.other.to_json()  # the two sides are not the same rule set


# --- 2. a loaded rule set is read-only and shared safely ----------------------------------------------

def test_2_a_loaded_rule_set_cannot_be_changed_in_place() -> None:
    before = fanrules.settle(24, winner=0, discarder=1)
    rs = fanrules.load_ruleset("mcr")
    with pytest.raises(fanrules.ReadOnlyError, match="read-only"):
        rs.sections["settlement"]["base"] = 1000
    with pytest.raises(FanrulesError):
        rs.sections["procedure"]["tiles"].clear()
    assert fanrules.settle(24, winner=0, discarder=1) == before == (48, -32, -8, -8)
    edited = fanrules.thawed(rs.sections)
    edited["settlement"]["base"] = 1000
    changed = rs.replace(sections=edited)
    assert fanrules.settle(24, winner=0, discarder=1, rules=changed) == (3024, -1024, -1000, -1000)
    assert fanrules.settle(24, winner=0, discarder=1) == before and fanrules.load_ruleset("mcr") is rs


# --- 3. frozen types are hashable ---------------------------------------------------------------------

def test_3_frozen_objects_hash() -> None:
    result = fanrules.score(HAND, self_drawn=True)
    again = fanrules.score(HAND, self_drawn=True)
    assert hash(result) == hash(again) and result == again and len({result, again}) == 1
    rs = fanrules.load_ruleset("mcr")
    assert hash(rs) == hash(fanrules.load_ruleset("mcr")) and {rs: 1}[rs] == 1
    assert len({fan for fan in rs.fans}) == len(rs.fans)
    assert hash(rs.sections) == hash(rs.sections)
    assert hash(Context(self_drawn=True)) == hash(Context(self_drawn=True))
    assert hash(fanrules.Procedure.of("mcr")) == hash(fanrules.Procedure.of("mcr"))


# --- 4. one outcome model -----------------------------------------------------------------------------

def test_4_a_win_a_hand_under_the_minimum_and_a_hand_that_is_no_win_answer_outcome_alike() -> None:
    assert fanrules.score(HAND, self_drawn=True).outcome is Outcome.WIN
    under = fanrules.score("123m234m345p567s99s")
    assert under.outcome is Outcome.UNDER_MINIMUM and under.error_kind == Outcome.UNDER_MINIMUM.value
    for hand, outcome in (("123m456p789s12345s", Outcome.NOT_A_WIN), ("11111m234p789s11sE", Outcome.INVALID)):
        with pytest.raises(HandError) as refused:
            fanrules.score(hand)
        assert refused.value.outcome is outcome and refused.value.kind == outcome.value
    # a wait's score is a Result or a HandError: each answers .outcome, without an isinstance
    assert [(w.code, w.discard.outcome) for w in fanrules.waits("1111m345p678s999s")] == [("1m", Outcome.INVALID)]
    assert {w.discard.outcome for w in fanrules.waits("1112345678999m")} == {Outcome.WIN}
    analysis = fanrules.analyze("123m456p789s1122z3z", visible="EE", seat_wind="S")
    assert analysis.discards[0].total == 12 and analysis.best_total == max(d.total for d in analysis.discards if d.total is not None)
    assert fanrules.analyze("19m19p19s1234567z", points=False).best_total is None


# --- 5. every error in the family ---------------------------------------------------------------------

def test_5_every_error_a_module_raises_for_people_is_in_the_family() -> None:
    """Records, rosters, the bot's protocol, formulas, backends and checkpoints: each caught by ``except
    fanrules.FanrulesError``, and a ValueError where that is its kind."""
    from fanrules.botzone.botside import ProtocolError
    from fanrules.game.records import RecordError
    from fanrules.game.roster import RosterError
    from fanrules.ruleset.formula import FormulaError
    from fanrules.study import BackendError, CheckpointError

    for error in (RecordError, RosterError, ProtocolError, FormulaError, BackendError, CheckpointError):
        assert issubclass(error, FanrulesError), error
    assert all(issubclass(e, ValueError) for e in (RecordError, RosterError, ProtocolError, FormulaError))
    from fanrules.game import run_study

    with pytest.raises(FanrulesError, match="unknown player 'nobody'"):
        run_study("mcr", 1, players="nobody,greedy,greedy,greedy")


def test_5_errors_of_the_game_are_in_the_family() -> None:
    with pytest.raises(FanrulesError) as bad_winds:
        Table("mcr", seat_winds=("E", "E", "W", "N"))
    assert isinstance(bad_winds.value, ValueError)
    with pytest.raises(FanrulesError):
        Table("mcr", wall=[0] * 144)
    with pytest.raises(FanrulesError):
        Table.from_json({"format": "nothing"})
    with pytest.raises(FanrulesError):
        greedy_player(3.5)  # type: ignore[arg-type]
    with pytest.raises(FanrulesError):
        fanrules.Session(object())  # type: ignore[arg-type]


# --- 6. a typed context, as an object or as keywords --------------------------------------------------

def test_6_the_context_is_an_object_or_typed_keywords() -> None:
    by_keywords = fanrules.score(HAND, self_drawn=True, seat_wind="S")
    assert fanrules.score(HAND, context=Context(self_drawn=True, seat_wind="S")) == by_keywords
    assert fanrules.score(HAND, "mcr", context=Context(seat_wind="S"), self_drawn=True) == by_keywords
    assert [w.tile for w in fanrules.waits("1112345678999m", context=Context(seat_wind="S"))] == \
        [w.tile for w in fanrules.waits("1112345678999m", seat_wind="S")]
    assert fanrules.readings(HAND, context=Context(self_drawn=True)) == fanrules.readings(HAND, self_drawn=True)
    from fanrules.core.context import ALIASES, CONTEXT_NAMES
    assert set(fanrules.ContextKeywords.__annotations__) == {*CONTEXT_NAMES, *ALIASES}


@pytest.mark.slow  # the whole suite runs it; the fast loop stays under three minutes
def test_6_typed_keywords_pass_mypy_strict(tmp_path: Path) -> None:
    program = tmp_path / "facts.py"
    program.write_text(
        "import fanrules\n"
        "facts: fanrules.ContextKeywords = {'self_drawn': True, 'seat_wind': 'S'}\n"
        "print(fanrules.score('[CCC,1]FFFPPP999s5m5m', 'mcr', **facts).total)\n"
        "print(fanrules.score('[CCC,1]FFFPPP999s5m5m', context=fanrules.Context(self_drawn=True)).total)\n",
        encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "mypy", "--config-file", str(ROOT / "pyproject.toml"), "--strict", "--no-error-summary",
                           "--cache-dir", str(tmp_path / ".c"), str(program)], cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout + done.stderr
    bad = tmp_path / "bad.py"
    bad.write_text("import fanrules\nfanrules.score('1112345678999m5m', self_drawm=True)\n", encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "mypy", "--config-file", str(ROOT / "pyproject.toml"), "--strict", "--no-error-summary",
                           "--cache-dir", str(tmp_path / ".c"), str(bad)], cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert done.returncode == 1 and "self_drawm" in done.stdout


# --- 7. seeds as Gymnasium has them -------------------------------------------------------------------

def test_7_no_seed_deals_a_fresh_wall_and_a_seed_the_same_one() -> None:
    walls = {tuple(Table("mcr").wall) for _ in range(4)}
    assert len(walls) > 1
    fresh = Table("mcr")
    assert Table("mcr", seed=fresh.seed).wall == fresh.wall  # the seed drawn is kept, so a log replays
    assert Table("mcr", seed=5).wall == Table("mcr", seed=5).wall


# --- 8. keyword-only beyond the obvious ---------------------------------------------------------------

@pytest.mark.parametrize("call", [
    lambda: fanrules.settle(24, 0, 1),
    lambda: Table("mcr", 1, ("E", "S", "W", "N")),
    lambda: fanrules.analyze("1112345678999m", (), "mcr"),
    lambda: simulate("mcr", 1, 1),
    lambda: run_study("mcr", 1, 1),
    lambda: fanrules.Session("mcr", ("a", "b", "c", "d")),
])
def test_8_past_the_first_parameters_everything_is_keyword_only(call: object) -> None:
    with pytest.raises(TypeError, match="positional argument"):
        call()  # type: ignore[operator]


@pytest.mark.parametrize("record", ["Procedure", "Observation", "Settlement"])
def test_8_records_built_by_the_library_take_keywords_only(record: str) -> None:
    import dataclasses

    from fanrules.game import Observation, Procedure
    from fanrules.settlement import Settlement
    cls = {"Procedure": Procedure, "Observation": Observation, "Settlement": Settlement}[record]
    assert all(f.kw_only for f in dataclasses.fields(cls))


# --- 9. one name per concept, the others deprecated ---------------------------------------------------

@pytest.mark.parametrize("old, new", [
    ("fanrules.Kind", "fanrules.BlockKind"),
    ("fanrules.scorer", "fanrules.Scorer.of"),
    ("fanrules.procedure", "fanrules.Procedure.of"),
    ("fanrules.seating", "fanrules.Seating.of"),
    ("fanrules.game.study", "fanrules.game.run_study"),
])
def test_9_an_old_name_warns_and_gives_the_new_one(old: str, new: str) -> None:
    def get(path: str) -> object:
        module, _, rest = path.partition(".")
        obj: object = sys.modules[module]
        for part in rest.split("."):
            obj = getattr(obj, part)
        return obj
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        get(new)
    with pytest.warns(DeprecationWarning, match=new.replace(".", r"\.")):
        assert get(old) == get(new)


def test_9_deprecated_members_still_answer_with_a_warning() -> None:
    fan = fanrules.load_ruleset("mcr").fan(1)
    with pytest.warns(DeprecationWarning, match="points"):
        assert fan.value == fan.points == 88
    table = Table("mcr", seed=1)
    with pytest.warns(DeprecationWarning, match="wall_left"):
        assert table.remaining == table.wall_left
    with pytest.warns(DeprecationWarning, match="legal"):
        assert table.legal_actions(table.to_act()[0]) == table.legal(table.to_act()[0])
    with pytest.warns(DeprecationWarning, match="winning_tiles"):  # the tiles, where fanrules.waits scores them
        nine_gates = [0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 8, 8]  # 1112345678999m: every character wins
        assert fanrules.analysis.waits(nine_gates) == fanrules.analysis.winning_tiles(nine_gates) == tuple(range(9))
    with pytest.warns(DeprecationWarning, match="Seating.of"):
        assert fanrules.settlement.seating("mcr", 5) == fanrules.Seating.of("mcr", 5)


def test_9_no_two_public_names_differ_only_by_case() -> None:
    from importlib import import_module

    from fanrules.tools.public_surface import PUBLIC_MODULES

    for module in PUBLIC_MODULES:
        names = getattr(import_module(module), "__all__", ())
        assert len({n.lower() for n in names}) == len(names), module


# --- 10. discoverability ------------------------------------------------------------------------------

def test_10_every_public_member_has_a_docstring() -> None:
    from fanrules.tools.public_surface import undocumented
    assert undocumented() == []


def test_10_what_a_user_needs_is_public_and_typed() -> None:
    assert fanrules.shipped_rulesets()[:1] == ["botzone"] and "mcr" in fanrules.shipped_rulesets()
    assert fanrules.tile_code(11) == "3p" and fanrules.parse_tile("3p") == 11
    from fanrules.game import ready_players
    table = Table("mcr", seed=1)
    assert ready_players(table) == []
    import inspect

    from fanrules.env import env
    assert "AECEnv" in str(inspect.signature(env).return_annotation)
    assert "Any" not in str(inspect.signature(play).parameters["players"].annotation)


def test_the_public_surface_is_the_committed_list() -> None:
    from fanrules.tools.public_surface import SURFACE_FILE, surface_lines
    committed = (ROOT / SURFACE_FILE).read_text(encoding="utf-8").splitlines()
    assert surface_lines() == committed, f"the public surface changed: run python -m fanrules.tools.public_surface --write ({SURFACE_FILE})"
