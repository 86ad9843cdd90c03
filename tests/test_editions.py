"""The shipped editions and the knobs they use: one hand per knob scored under two editions, with the
difference docs/editions.md and docs/variants.md describe; old names; families and the new context facts
as data; docs/editions.md current."""
from __future__ import annotations

import json
import subprocess
import sys
import warnings
from pathlib import Path

import pytest

import fanrules
from fanrules.core.errors import InvalidHandError, RuleSetError
from fanrules.core.jsonio import hand_from_record, hand_to_record
from fanrules.ruleset import load_ruleset, shipped_rulesets
from fanrules.ruleset.lint import lint
from fanrules.scoring import Principle
from fanrules.scoring.examples import run_examples
from conftest import corpus_path
from fanrules.tools import cli, editions_doc

EDITIONS = ("mcr", "mcr-1998", "mil", "mil-online", "green-book", "botzone", "casual")
#: Shipped rule sets of other scoring systems, written from scratch (not MCR editions).
OTHER_SYSTEMS = ("zung-jung",)
KONGS = "[FFFF][9999s,1][123m,1]1456p1p"  # one concealed kong, one melded kong


def _names(result: fanrules.Result) -> set[str]:
    return {c.fan.name_zh for c in result.fans}


def _dropped(result: fanrules.Result) -> dict[str, Principle]:
    return {n.fan.name_zh: n.principle for n in result.not_counted}


# --- every edition ---------------------------------------------------------------------------------

def test_the_shipped_editions_are_these() -> None:
    assert set(shipped_rulesets()) == {*EDITIONS, *OTHER_SYSTEMS}
    assert set(shipped_rulesets(aliases=True)) == {*EDITIONS, *OTHER_SYSTEMS, "strict1998"}


@pytest.mark.parametrize("name", EDITIONS)
def test_edition_loads_lints_clean_and_passes_its_examples(name: str) -> None:
    rs = load_ruleset(name)
    assert rs.name == name and rs.chain[-1] == "mcr"
    assert lint(rs) == []
    failed = [o.message for o in run_examples(rs) if not o.passed]
    assert failed == []
    if name != "mcr":
        assert rs.sources != load_ruleset(rs.chain[1]).sources, "every edition names its own sources"


@pytest.mark.parametrize("name", [e for e in EDITIONS if e != "mcr"])
def test_every_changed_fan_has_an_example_that_the_parent_scores_differently(name: str) -> None:
    """Each divergence from the parent shows in at least one of the edition's own examples: a hand whose
    fan count, total or win status differs under the parent."""
    rs = load_ruleset(name)
    parent = load_ruleset(rs.chain[1])
    own = Path(rs.path).parent / "fans"
    changed = [f for f in rs.fans if f.where.file.startswith(str(own))]
    assert changed or rs.sections != parent.sections or rs.minimum != parent.minimum
    for fan in changed:
        differs = False
        for example in fan.examples:
            if not example.where.file.startswith(str(own)):
                continue
            hand = fanrules.parse_hand(example.hand, **example.context)
            a, b = fanrules.Scorer.of(name).score(hand), fanrules.Scorer.of(rs.chain[1]).score(hand)
            differs |= (a.total, a.total_with_flowers, a.is_win, _names(a)) != (b.total, b.total_with_flowers, b.is_win, _names(b))
        assert differs, f"{name}: no example of {fan} scores differently under {rs.chain[1]}"


# --- one hand per knob, under two editions ------------------------------------------------------------

def test_knob_combined_fan_by_exclusion_green_book_against_mcr() -> None:
    mcr, green = fanrules.score(KONGS), fanrules.score(KONGS, rules="green-book")
    assert {"暗杠", "明杠"} <= _names(mcr) and not mcr.is_win and mcr.total == 7
    assert "明暗杠" in _names(green) and not {"暗杠", "明杠"} & _names(green)
    assert green.total == 7 - 2 - 1 + 6 and green.is_win
    assert _dropped(green)["暗杠"] is Principle.EXCLUDED


def test_knob_family_cap_mil_against_mcr() -> None:
    mcr, mil = fanrules.score(KONGS), fanrules.score(KONGS, rules="mil")
    assert mil.total == 7 - 2 - 1 + 5 and mil.is_win
    dropped = {n.fan.name_zh: n for n in mil.not_counted}
    assert dropped["暗杠"].principle is dropped["明杠"].principle is Principle.FAMILY_CAP
    assert dropped["暗杠"].by is not None and dropped["暗杠"].by.name_zh == "明暗杠"
    assert "明暗杠" in dropped["暗杠"].reason
    assert not mcr.not_counted or all(n.principle is not Principle.FAMILY_CAP for n in mcr.not_counted)


def test_knob_family_cap_keeps_the_highest_members(tmp_path: Path) -> None:
    """A family written in a test: of 暗杠 2 and 明杠 1, a cap of 1 keeps 暗杠; a cap of 2 keeps both."""
    for cap, kept in ((1, {"暗杠"}), (2, {"暗杠", "明杠"})):
        root = tmp_path / f"cap{cap}"
        root.mkdir()
        (root / "ruleset.yaml").write_text(f"name: cap{cap}\nextends: mcr\nfamilies:\n  kongs:\n    fans: [暗杠, 明杠]\n    cap: {cap}\n",
                                           encoding="utf-8")
        result = fanrules.Scorer.of(root).score(fanrules.parse_hand(KONGS))
        assert _names(result) & {"暗杠", "明杠"} == kept


def _variant(root: Path, name: str, ruleset: str, fans: dict[str, str] | None = None) -> Path:
    """A rule set written in a test (``extends: mcr``), with fan files in its fans folder."""
    folder = root / name
    (folder / "fans").mkdir(parents=True)
    (folder / "ruleset.yaml").write_text(f"name: {name}\nextends: mcr\n{ruleset}", encoding="utf-8")
    for file, text in (fans or {}).items():
        (folder / "fans" / file).write_text(text, encoding="utf-8")
    return folder


def test_knob_flowers_toward_the_minimum_a_variant_against_mcr_and_botzone(tmp_path: Path) -> None:
    """The knob, in a rule set written here; Botzone's judge does not count the flowers toward 8
    (judge/main.cpp checkHu: an error under 8 + the flowers), so botzone is mcr's reading now."""
    hand = "[789p,3][456m,2][555s,1][888s,3]5p5p"  # pub-00457: 7 points
    counted = _variant(tmp_path, "counted", "settlement:\n  flowers: {toward_minimum: true}\n")
    mcr, bot, knob = (fanrules.Scorer.of(r).score(fanrules.parse_hand(hand, flowers=1)) for r in ("mcr", "botzone", counted))
    assert (mcr.total, mcr.total_with_flowers) == (bot.total, bot.total_with_flowers) == (knob.total, knob.total_with_flowers) == (7, 8)
    assert not mcr.is_win and not bot.is_win and knob.is_win
    assert mcr.to_json()["error"]["kind"] == bot.to_json()["error"]["kind"] == "under_minimum" and "error" not in knob.to_json()
    assert not fanrules.Scorer.of(counted).score(fanrules.parse_hand(hand)).is_win  # 7 without a flower
    assert load_ruleset("botzone").bonus_toward_minimum is False


def test_knob_flower_replacement_a_variant_against_green_book_and_mcr_1998(tmp_path: Path) -> None:
    """The knob, in a rule set written here; green-book scores a flower replacement self-drawn, as the
    1998 fan table (杠上开花 不包括补花) and EllanServer's Green Book engine do."""
    hand, context = "55777m789s234pFF5m", {"self_drawn": True, "flower_replacement": True, "flowers": 1}
    knob = _variant(tmp_path, "flower46", "", {"46.yaml": "number: 46\npredicate: self_drawn and (kong_related or flower_replacement)\n"})
    old, green = fanrules.score(hand, rules="mcr-1998", **context), fanrules.score(hand, rules="green-book", **context)
    new = fanrules.Scorer.of(knob).score(fanrules.parse_hand(hand, **context))
    for plain in (old, green):
        assert "杠上开花" not in _names(plain) and "不求人" in _names(plain) and not plain.is_win and plain.total == 6
    assert "杠上开花" in _names(new) and new.total == 14 and new.is_win


def test_knob_waits_in_a_knitted_straight_mil_online_against_mil() -> None:
    for hand, wait in (("369m147p258sEE12m3m", "边张"), ("258m147p369sEE46m5m", "坎张"), ("147m258p369sEEE7m7m", "单钓将")):
        mil, online = fanrules.score(hand, rules="mil"), fanrules.score(hand, rules="mil-online")
        assert wait in _names(mil) and wait not in _names(online) and mil.total - online.total == 1
    outside = "147m258p369s13mEE2m"  # the winning 2m is not a tile of the knitted body
    assert "坎张" in _names(fanrules.score(outside, rules="mil-online"))


@pytest.mark.parametrize("context,blessing", [
    ({"self_drawn": True, "first_turn": True}, "天和"),
    ({"self_drawn": True, "first_turn": True, "seat_wind": "S"}, "人和"),
    ({"first_turn": True, "seat_wind": "S"}, "地和"),
])
def test_knob_blessings_casual_against_mcr(context: dict[str, object], blessing: str) -> None:
    hand = "123m456p789s22sCC2s"
    mcr, casual = fanrules.score(hand, **context), fanrules.score(hand, rules="casual", **context)
    assert not {"天和", "人和", "地和"} & _names(mcr)
    assert {"天和", "人和", "地和"} & _names(casual) == {blessing}
    assert not {"不求人", "自摸", "门前清"} & _names(casual)
    assert "门前清" in _names(mcr) or "不求人" in _names(mcr)


# --- the new context facts ------------------------------------------------------------------------------

@pytest.mark.parametrize("context,message", [
    ({"flower_replacement": True, "flowers": 1}, "self-drawn"),
    ({"flower_replacement": True, "self_drawn": True}, "at least one flower"),
    ({"flower_replacement": True, "self_drawn": True, "flowers": 1, "kong_related": True}, "not both"),
])
def test_a_flower_replacement_is_checked(context: dict[str, object], message: str) -> None:
    with pytest.raises(InvalidHandError, match=message):
        fanrules.parse_hand("[6666s]55777m789sFF5m" if context.get("kong_related") else "55777m789s234pFF5m", **context)  # type: ignore[arg-type]


def test_a_first_turn_win_has_no_declared_sets() -> None:
    with pytest.raises(InvalidHandError, match="first go-round"):
        fanrules.parse_hand("[123m,1]456p789s22sCC2s", first_turn=True)


def test_the_new_facts_go_through_jsonl_and_the_cli(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    hand = fanrules.parse_hand("55777m789s234pFF5m", self_drawn=True, flower_replacement=True, flowers=1)
    record = hand_to_record(hand)
    assert record["flower_replacement"] is True and "first_turn" not in record
    assert hand_from_record(json.loads(json.dumps(record))) == hand
    with pytest.raises(InvalidHandError, match="true or false"):
        hand_from_record({**record, "first_turn": "yes"})
    knob = _variant(tmp_path, "flower46", "", {"46.yaml": "number: 46\npredicate: self_drawn and (kong_related or flower_replacement)\n"})
    assert cli.main(["score", "55777m789s234pFF5m", "--self-drawn", "--flower-replacement", "--flowers", "1",
                     "--rules", str(knob), "--json"]) == 0
    assert 46 in {f["id"] for f in json.loads(capsys.readouterr().out)["fans"]}
    assert cli.main(["score", "123m456p789s22sCC2s", "--self-drawn", "--first-turn", "--rules", "casual"]) == 0
    assert "天和" in capsys.readouterr().out


# --- old names ------------------------------------------------------------------------------------------

def test_strict1998_is_an_old_name_of_mcr_1998(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.warns(DeprecationWarning, match="old name of 'mcr-1998'"):
        old = load_ruleset("strict1998")
    assert old.name == "mcr-1998" and old.fans == load_ruleset("mcr-1998").fans
    assert any("strict1998" in n for n in old.notices) and not load_ruleset("mcr-1998").notices
    hand = "[111m,1]111999p1199s1s"
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        assert fanrules.score(hand, rules="strict1998", self_drawn=True).total == fanrules.score(hand, rules="mcr-1998", self_drawn=True).total
    assert cli.main(["score", hand, "--self-drawn", "--rules", "strict1998"]) == 0
    assert "notice: 'strict1998' is an old name of 'mcr-1998'" in capsys.readouterr().err


def test_an_alias_names_nothing_else_and_an_existing_rule_set(tmp_path: Path) -> None:
    (tmp_path / "a").mkdir()
    (tmp_path / "a" / "ruleset.yaml").write_text("name: a\nalias_of: mcr\nminimum: 3\n", encoding="utf-8")
    with pytest.raises(RuleSetError) as err:
        load_ruleset(tmp_path / "a")
    assert [d.code for d in err.value.diagnostics] == ["R003"] and err.value.diagnostics[0].line == 3
    (tmp_path / "b").mkdir()
    (tmp_path / "b" / "ruleset.yaml").write_text("name: b\nalias_of: nowhere\n", encoding="utf-8")
    with pytest.raises(RuleSetError) as err:
        load_ruleset(tmp_path / "b")
    assert [d.code for d in err.value.diagnostics] == ["R013"] and "nowhere" in err.value.diagnostics[0].message


def test_old_names_that_lead_back_to_themselves_are_an_error(tmp_path: Path) -> None:
    for name, other in (("a", "b"), ("b", "a")):
        (tmp_path / name).mkdir()
        (tmp_path / name / "ruleset.yaml").write_text(f"name: {name}\nalias_of: ../{other}\n", encoding="utf-8")
    with pytest.raises(RuleSetError, match="alias_of leads through more than"):
        load_ruleset(tmp_path / "a")


def test_a_deprecated_rule_set_gives_its_notice(tmp_path: Path) -> None:
    (tmp_path / "ruleset.yaml").write_text("name: old\nextends: mcr\ndeprecated: use mcr\n", encoding="utf-8")
    with pytest.warns(DeprecationWarning, match="old: use mcr"):
        assert load_ruleset(tmp_path).notices == ("old: use mcr",)


# --- families as data -----------------------------------------------------------------------------------

@pytest.mark.parametrize("family,code,line", [
    ("  k:\n    fans: [暗杠, 明扛]\n    cap: 1\n", "R006", 5),
    ("  k:\n    fans: [暗杠]\n    cap: 0\n", "R005", 6),
    ("  k:\n    fans: [暗杠]\n", "R004", 5),
    ("  k: 3\n", "R005", 4),
])
def test_a_bad_family_is_located(tmp_path: Path, family: str, code: str, line: int) -> None:
    (tmp_path / "ruleset.yaml").write_text(f"name: f\nextends: mcr\nfamilies:\n{family}", encoding="utf-8")
    with pytest.raises(RuleSetError) as err:
        load_ruleset(tmp_path)
    assert [(d.code, d.line) for d in err.value.diagnostics] == [(code, line)]


def test_a_variant_replaces_a_family_by_name(tmp_path: Path) -> None:
    (tmp_path / "ruleset.yaml").write_text("name: v\nextends: mil\nfamilies:\n  kong_series:\n    fans: [暗杠, 明杠]\n    cap: 2\n",
                                           encoding="utf-8")
    families = {f.name: f for f in load_ruleset(tmp_path).families}
    assert families["kong_series"].cap == 2 and len(families["kong_series"].fans) == 2
    assert families["concealed_pung_series"] == {f.name: f for f in load_ruleset("mil").families}["concealed_pung_series"]


# --- docs/editions.md -----------------------------------------------------------------------------------

def _run(*args: str) -> subprocess.CompletedProcess[str]:
    """A fanrules module run in its own process: scoring the corpus under every edition here would
    grow this test process (and the children it forks later measure their memory from it)."""
    return subprocess.run([sys.executable, "-m", *args], capture_output=True, text=True, timeout=600)


@pytest.mark.slow  # every edition's page written again in a fresh process
def test_docs_editions_md_is_current() -> None:
    proc = _run("fanrules.tools.editions_doc", "--check", "--corpus", str(corpus_path("public.jsonl")))
    assert proc.returncode == 0, proc.stderr + "run: python -m fanrules.tools.editions_doc"


def test_every_cell_of_the_generated_table_has_a_source_or_follows_another_edition() -> None:
    text = editions_doc.DOC.read_text(encoding="utf-8")
    table = [line for line in text.split(editions_doc.BEGIN)[1].split("Sources:")[0].splitlines() if line.startswith("| ")][1:]
    assert table
    for row in table:
        for cell in row.strip("|").split(" | ")[1:]:
            cell = cell.strip()
            assert cell.startswith("as ") or cell.endswith("]") or cell == "none", row


def test_rules_show_gives_families_and_sources(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["rules", "show", "--rules", "mil"]) == 0
    assert "family kong_series: at most 1 of" in capsys.readouterr().out
    assert cli.main(["rules", "show", "82", "--rules", "green-book"]) == 0
    out = capsys.readouterr().out
    assert "value: 6" in out and "sources: EllanServer/mahjong-mcr-java RULE_COVERAGE.md" in out


@pytest.mark.slow  # the corpus scored under two rule sets, in a fresh process
def test_diff_counts_the_totals_that_go_up_and_down() -> None:
    corpus = str(corpus_path("public.jsonl"))
    proc = _run("fanrules", "diff", "--rules", "mil-online", "--against", "mcr", corpus)
    assert "total (or total with flowers) changed: 12 hands (11 up, 1 down)" in proc.stdout, proc.stderr
    report = json.loads(_run("fanrules", "diff", "--rules", "botzone", "--against", "mcr", corpus, "--json").stdout)
    assert report["total_up"]["hands"] == 11 and report["total_down"]["hands"] == 0  # 明暗杠 5 over 暗杠 2 + 明杠 1
    assert report["status_transitions"] == {}  # Botzone's judge: flowers do not count toward 8, as in mcr
