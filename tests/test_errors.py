"""One error family and one source for each list of values: what the facade exports and what it raises."""
from __future__ import annotations

import json

import pytest

import fanrules
from fanrules.core.blocks import KINDS, NO_SET
from fanrules.dsl import DiagnosticError, Level
from fanrules.dsl.builtins import KIND_VALUES, REGISTRY, SHAPE_VALUES
from fanrules.tools.cli import main


def test_every_exported_name_exists_and_every_public_error_is_exported() -> None:
    for name in fanrules.__all__:
        assert hasattr(fanrules, name), name
    errors = {"FanrulesError", "HandError", "InvalidHandError", "NotAWinError", "RuleSetError", "UnknownFanError", "CliError"}
    assert errors <= set(fanrules.__all__)
    for name in errors:
        assert issubclass(getattr(fanrules, name), fanrules.FanrulesError), name
    assert {"Block", "BlockKind", "Shape", "NotCounted", "Principle", "ErrorKind", "Level"} <= set(fanrules.__all__)


@pytest.mark.parametrize(("hand", "error", "kind"), [
    ("1m2m3m4m5m6m7m8m9m1p2p3p4p8z", fanrules.InvalidHandError, "invalid"),  # 8z is no tile
    ("1m1m1m1m1m2m3m4m5m6m7m8m9m9m", fanrules.InvalidHandError, "invalid"),  # a fifth 1m
    ("1m2m4m5m7m8m1p2p4p5p7p8p1s1s", fanrules.NotAWinError, "not_a_win"),  # fourteen tiles, no winning shape
])
def test_a_hand_error_has_one_subclass_per_kind(hand: str, error: type[fanrules.HandError], kind: str) -> None:
    with pytest.raises(error) as raised:
        fanrules.score(hand)
    assert isinstance(raised.value, ValueError)
    assert raised.value.kind == kind and raised.value.kind is fanrules.ErrorKind(kind)
    assert json.dumps({"kind": raised.value.kind}) == json.dumps({"kind": kind})


def test_an_unknown_fan_is_a_rule_set_error_with_a_did_you_mean() -> None:
    ruleset = fanrules.load_ruleset()
    with pytest.raises(fanrules.UnknownFanError) as raised:
        ruleset.fan("Big Three Dragon")
    err = raised.value
    assert isinstance(err, fanrules.RuleSetError) and isinstance(err, KeyError)
    assert err.suggestion == "Big Three Dragons"
    assert str(err) == "no fan 'Big Three Dragon' in rule set mcr: did you mean 'Big Three Dragons'?"
    with pytest.raises(fanrules.UnknownFanError) as raised:
        ruleset.fan("qqqqqqqq")
    assert raised.value.suggestion is None and str(raised.value) == "no fan 'qqqqqqqq' in rule set mcr"


def test_the_cli_reports_an_unknown_fan_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "show", "Big Three Dragon"]) == 1
    assert capsys.readouterr().err == "fanrules: no fan 'Big Three Dragon' in rule set mcr: did you mean 'Big Three Dragons'?\n"


def test_diagnostic_error_is_the_rule_set_error() -> None:
    assert DiagnosticError is fanrules.RuleSetError
    with pytest.raises(fanrules.RuleSetError) as raised:
        fanrules.load_ruleset("/nonexistent/folder")
    assert [d.code for d in raised.value.diagnostics] == ["R013"]


def test_kinds_and_shapes_of_the_language_come_from_the_core_enums() -> None:
    assert KIND_VALUES == {k.name.lower(): k for k in fanrules.BlockKind}
    assert SHAPE_VALUES == tuple(s.value for s in fanrules.Shape)
    for word, kind in KIND_VALUES.items():
        assert REGISTRY[word].code.value is kind  # type: ignore[union-attr]
    assert fanrules.BlockKind.NO_SET not in KINDS
    assert NO_SET.kind is fanrules.BlockKind.NO_SET and NO_SET.tiles == () and str(NO_SET) == "no set"


def test_levels_are_ordered() -> None:
    assert list(Level) == sorted(Level) == [Level.PURE, Level.HAND, Level.READING, Level.LATE]
    assert Level.PURE < Level.HAND < Level.READING < Level.LATE and max(Level.HAND, Level.PURE) is Level.HAND
