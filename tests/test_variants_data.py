"""What variants need, as data (issue 48): the combination of fans (cap, multipliers, alone, negative
values), win conditions (shapes, win_requires), principles per rule set, the context the table knows,
Zung Jung v3.3 written from scratch, the club example of docs/variants.md and what a rule set cannot change.
Every rule set here is YAML alone, run through the command line."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from conftest import corpus_path
from fanrules.core.blocks import Shape
from fanrules.core.context import FACTS
from fanrules.core.tiles import FLOWER_CODES, TILE_CODES
from fanrules.tools import cli

ROOT = Path(__file__).resolve().parent.parent
VARIANTS_DOC = ROOT / "docs" / "variants.md"


def _write(root: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = cli.main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def score_json(capsys: pytest.CaptureFixture[str], hand: str, rules: Path | str, *flags: str) -> dict:
    code, out, err = run(capsys, "score", hand, "--rules", str(rules), "--json", *flags)
    assert code == 0, err
    return json.loads(out)


def doc_files(prefix: str) -> dict[str, str]:
    """The YAML blocks of docs/variants.md whose first line names a file under ``prefix``."""
    text = VARIANTS_DOC.read_text(encoding="utf-8")
    out = {}
    for block in re.findall(r"```yaml\n(.*?)```", text, re.S):
        first = block.splitlines()[0]
        if first.startswith(f"# {prefix}/"):
            out[first[2 + len(prefix) + 1:].strip()] = block
    return out


@pytest.fixture()
def club(tmp_path: Path) -> Path:
    files = doc_files("club")
    assert set(files) == {"ruleset.yaml", "fans/90-gang-shang-pao.yaml", "fans/91-concealed-self-draw-doubles.yaml"}
    return _write(tmp_path / "club", files)


# --- finding 1: anything but addition (cap, multiplier, alone) -------------------------------------

def test_the_club_of_the_docs_checks_tests_and_doubles_a_concealed_self_draw(club: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "check", str(club))[0] == 0
    code, out, _ = run(capsys, "test", "--rules", str(club))
    assert code == 0 and " 0 failed" in out and "skipped" in out
    doubled = score_json(capsys, "123m456m789p234s5s5s", club, "--self-drawn")
    assert doubled["total"] == 14 and {"id": 91, "multiplier": 2}.items() <= next(f for f in doubled["fans"] if f["id"] == 91).items()
    assert score_json(capsys, "123m456m789p234s5s5s", club)["total"] == 5  # not doubled on a discard


def test_a_cap_scores_the_cap_and_says_so(club: Path, capsys: pytest.CaptureFixture[str]) -> None:
    four_kongs = score_json(capsys, "[1111m,1][2222p,1][3333s,1][EEEE,1]5s5s", club)
    assert four_kongs["total"] == 88 and four_kongs["capped"]["cap"] == 88 and four_kongs["capped"]["uncapped"] > 88
    code, out, _ = run(capsys, "score", "[1111m,1][2222p,1][3333s,1][EEEE,1]5s5s", "--rules", str(club))
    assert code == 0 and "capped at 88" in out
    assert "capped" not in score_json(capsys, "[1111m,1][2222p,1][3333s,1][EEEE,1]5s5s", "mcr")


def test_a_fan_that_scores_alone_leaves_the_others_out(capsys: pytest.CaptureFixture[str]) -> None:
    winds = score_json(capsys, "EEESSSWWW123mNN", "zung-jung")
    assert [f["name_en"] for f in winds["fans"]] == ["Small Four Winds"] and winds["total"] == 320
    assert {"alone"} == {n["principle"] for n in winds["not_counted"] if n["principle"] != "family_cap"}


# --- finding 5: negative values --------------------------------------------------------------------

PENALTY = {
    "ruleset.yaml": "name: penalty\nextends: mcr\nminimum: 0\n",
    "fans/90-honour-pair-penalty.yaml": """number: 90
name_zh: 箭对罚
name_en: Dragon Pair Penalty
value: -3
description: "A dragon pair costs three points."
predicate: "any(q in pairs: tile(q) in dragons)"
examples:
  - hand: "123m456m789p234sCC"
    count: 1
  - hand: "123m456m789p234s5s5s"
    count: 0
""",
}


def test_a_negative_value_is_a_penalty_and_the_minimum_applies_to_the_total(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rules = _write(tmp_path / "penalty", PENALTY)
    assert run(capsys, "check", str(rules))[0] == 0
    assert run(capsys, "test", "--rules", str(rules))[0] == 0
    plain = score_json(capsys, "123m456m789p234sCC", "mcr")["total"]
    fined = score_json(capsys, "123m456m789p234sCC", rules)
    assert fined["total"] == plain - 3
    strict = _write(tmp_path / "strict", {**PENALTY, "ruleset.yaml": "name: strict\nextends: mcr\nminimum: 1\n"})
    under = score_json(capsys, "[123m,1]456m789p234sCC", strict)  # the penalty takes the total below 1
    assert under["total"] < 1 and under["error"]["kind"] == "under_minimum"


# --- finding 2: win conditions of the rule set's own ------------------------------------------------

def test_a_hand_that_fails_win_requires_is_refused_naming_it(club: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "score", "123m456m789p234s6s6s", "--rules", str(club))
    assert code != 0 and "win_requires" in err and "(2, 5, 8)" in err and "Traceback" not in err
    records = tmp_path / "hands.jsonl"
    records.write_text('{"id": "six", "hand": "123m456m789p234s6s6s"}\n', encoding="utf-8")
    code, out, _ = run(capsys, "batch", "--rules", str(club), "--input", str(records))
    answer = json.loads(out.splitlines()[0])
    assert answer["error"]["kind"] == "not_a_win" and "win_requires" in answer["error"]["message"]


def test_shapes_leave_out_the_knitted_hands_and_the_parents_examples_of_them(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rules = _write(tmp_path / "noknit", {"ruleset.yaml": "name: noknit\nextends: mcr\nshapes: [standard, seven_pairs, thirteen_orphans]\n"})
    code, _, err = run(capsys, "score", "147m258p369sESWNC", "--rules", str(rules))
    assert code != 0 and "no winning shape of noknit" in err and "standard, seven_pairs, thirteen_orphans" in err
    code, out, _ = run(capsys, "test", "--rules", str(rules))
    assert code == 0 and " 0 failed" in out and "skipped" in out


# --- finding 4: principles per rule set -------------------------------------------------------------

def test_principles_are_chosen_per_rule_set(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rules = _write(tmp_path / "none", {"ruleset.yaml": "name: none\nextends: mcr\nprinciples: []\n"})
    assert run(capsys, "check", str(rules))[0] == 0
    counted = {f["name_en"] for f in score_json(capsys, "123m456m789p234s5s5s", rules)["fans"]}
    assert {"All Chows", "No Honors"} <= counted  # 平和 excludes 无字 only under non_repeat
    assert "No Honors" not in {f["name_en"] for f in score_json(capsys, "123m456m789p234s5s5s", "mcr")["fans"]}
    wrong = _write(tmp_path / "wrong", {"ruleset.yaml": "name: wrong\nextends: mcr\nprinciples: [non_repeat, split_once]\n"})
    code, _, err = run(capsys, "check", str(wrong))
    assert code != 0 and "unknown principle 'split_once'" in err


# --- finding 3: the context the table knows ----------------------------------------------------------

FLOWERS = {
    "ruleset.yaml": "name: zhenghua\nextends: mcr\n",
    "fans/90-seat-flowers.yaml": """number: 90
name_zh: 正花
name_en: Seat Flowers
value: 2
bonus: true
description: "Each of the seat's own flowers."
predicate: "seat_flowers"
examples:
  - hand: "123m456m789p234s5s5s"
    flowers: 3
    seat_flowers: 2
    count: 2
  - hand: "123m456m789p234s5s5s"
    flowers: 3
    count: 0
""",
}


def test_the_win_context_has_discard_after_kong_the_discarder_and_seat_flowers(club: Path, tmp_path: Path,
                                                                                capsys: pytest.CaptureFixture[str]) -> None:
    pao = score_json(capsys, "123m456m789p234s5s5s", club, "--discard-after-kong", "--discarder", "left")
    assert 90 in {f["id"] for f in pao["fans"]}
    rules = _write(tmp_path / "zhenghua", FLOWERS)
    assert run(capsys, "check", str(rules))[0] == 0 and run(capsys, "test", "--rules", str(rules))[0] == 0
    code, _, err = run(capsys, "score", "123m456m789p234s5s5s", "--discarder", "behind")
    assert code != 0 and "discarder must be none, left, opposite or right" in err
    code, _, err = run(capsys, "score", "123m456m789p234s5s5s", "--self-drawn", "--discard-after-kong")
    assert code != 0 and "not a self-drawn one" in err


# --- Zung Jung v3.3 ----------------------------------------------------------------------------------

def test_zung_jung_checks_and_passes_its_examples(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "check", "zung-jung")[0] == 0
    code, out, _ = run(capsys, "test", "--rules", "zung-jung")
    assert code == 0 and out.strip().endswith("90 passed, 0 failed")


def test_zung_jung_cites_its_published_pages() -> None:
    folder = ROOT / "rules" / "zung-jung"
    assert "zj-mahjong.info, zj33_rules_eng.html" in (folder / "ruleset.yaml").read_text(encoding="utf-8")
    fans = sorted((folder / "fans").glob("*.yaml"))
    assert len(fans) == 45 and all("zj-mahjong.info, zj33_patterns_eng.html" in f.read_text(encoding="utf-8") for f in fans)


def test_the_public_corpus_under_zung_jung_has_no_total_above_the_limit(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "batch", "--rules", "zung-jung", "--input", str(corpus_path("public.jsonl")))
    answers = [json.loads(line) for line in out.splitlines()]
    totals = [a["total"] for a in answers if "total" in a]
    assert code in (0, 1) and len(answers) == 2000 and len(totals) > 1500
    assert max(totals) == 320 and all(a["capped"]["cap"] == 320 for a in answers if "capped" in a)
    assert any(a.get("capped", {}).get("uncapped", 0) > 320 for a in answers)


# --- docs/variants.md: what a rule set cannot change ---------------------------------------------------

def test_what_a_rule_set_cannot_change_is_true() -> None:
    from fanrules.ruleset.combination import PRINCIPLES

    text = VARIANTS_DOC.read_text(encoding="utf-8")
    section = text[text.index("## What a rule set cannot change"):]
    section = section[:section.index("\n## ", 1)] if "\n## " in section[1:] else section
    assert f"{len(TILE_CODES)} kinds" in section and f"{len(FLOWER_CODES)} flowers" in section
    shapes = re.search(r"that exist: (.*?) \(`shapes:`", section, re.S)
    principles = re.search(r"principles that exist: (.*?)\n  \(`principles:`", section, re.S)
    assert shapes and principles
    assert [w for w in re.findall(r"[a-z_]+", shapes.group(1)) if w != "and"] == [s.value for s in Shape]
    assert [w for w in re.findall(r"[a-z_]+", principles.group(1)) if w != "and"] == list(PRINCIPLES)
    assert "principles, sum, multipliers, cap" in section
    notation = (ROOT / "docs" / "notation.md").read_text(encoding="utf-8")
    assert all(f"| `{fact.name}` |" in notation for fact in FACTS)


# --- finding 7: the book tells each rule set's truth ----------------------------------------------------

def _book(capsys: pytest.CaptureFixture[str], rules: Path | str, out: Path) -> dict[str, str]:
    assert run(capsys, "book", "--rules", str(rules), "-o", str(out))[0] == 0
    return {p.name: p.read_text(encoding="utf-8") for p in out.glob("*.html")}


def test_the_book_tells_families_caps_principles_and_shapes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    book = _book(capsys, "zung-jung", tmp_path / "zj")
    assert "every complete hand is a legal win" in book["index.html"] and "at most <b>320 points</b>" in book["index.html"]
    assert re.search(r"小三元 Small Three Dragons</a>, <a [^>]*>大三元 Big Three Dragons", book["index.html"])  # a family: not both counted
    principles = book["principles.html"]
    assert "take_the_highest" in principles and "Not applied: non_repeat, non_identical, non_split, account_once" in principles
    assert "knitted" not in principles and "thirteen orphans" in principles
    limit = book["fan-333.html"]
    assert "scores it alone" in limit and "3.3 winds" in limit


def test_the_book_says_what_the_club_counts_toward_the_minimum(club: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    book = _book(capsys, club, tmp_path / "club-book")
    assert "(flowers counted toward it)" in book["index.html"] and "flowers not counted" not in book["index.html"]
    assert "<b>6 points</b>" in book["index.html"] and "at most <b>88 points</b>" in book["index.html"]
    assert "Every win must meet: <code>shape != standard or any(q in pairs: rank(q) in (2, 5, 8))</code>" in book["index.html"]
    assert "never count toward" not in book["principles.html"]
    assert "Multiplies the sum of the other fans by <b>2</b>" in book["fan-91.html"]


def test_the_book_says_one_point_and_folds_a_long_exclusion_list(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    many = ", ".join(str(n) for n in range(2, 42))
    rules = _write(tmp_path / "one", {"ruleset.yaml": "name: one\nextends: mcr\nminimum: 1\n",
                                      "fans/01-big-four-winds.yaml": f"number: 1\nexcludes: [{many}]\n"})
    book = _book(capsys, rules, tmp_path / "one-book")
    assert "needs <b>1 point</b>" in book["index.html"] and "1 points" not in book["index.html"]
    assert '<details class="excludes-long"><summary>40 fans (show them)</summary>' in book["fan-1.html"]


# --- finding 6: payments by formula ------------------------------------------------------------------------

def test_zung_jungs_payoff_is_written_as_formulas(capsys: pytest.CaptureFixture[str]) -> None:
    import fanrules

    assert fanrules.settle(40, winner=0, discarder=1, rules="zung-jung") == (120, -70, -25, -25)  # 3 x 40 - 50 over the par
    assert fanrules.settle(20, winner=0, discarder=1, rules="zung-jung") == (60, -20, -20, -20)
    assert fanrules.settle(40, winner=2, rules="zung-jung") == (-40, -40, 120, -40)


def test_mcrs_eight_plus_the_total_written_as_formulas_pays_as_mcr(tmp_path: Path) -> None:
    import fanrules

    rules = _write(tmp_path / "formulas", {"ruleset.yaml": """name: formulas
extends: mcr
settlement:
  pieces:
    with_base: "base + total"
  discard:
    discarder: {base: 0, points: 0, formula: "with_base"}
    others: {base: 0, formula: "base"}
  self_draw:
    others: {base: 0, points: 0, formula: "with_base"}
"""})
    for total in (8, 13, 88):
        for discarder in (None, 1, 3):
            assert fanrules.settle(total, winner=2, discarder=discarder, rules=rules) == fanrules.settle(total, winner=2, discarder=discarder)


def test_a_formula_is_read_never_run_and_a_bad_one_is_located(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for i, formula in enumerate(("__import__('os').getcwd()", "total ** 2", "points + 1", "open(total, 1)")):
        rules = _write(tmp_path / f"bad{i}", {"ruleset.yaml": f'name: bad{i}\nextends: mcr\nsettlement:\n  self_draw:\n    others: {{formula: "{formula}"}}\n'})
        code, _, err = run(capsys, "check", str(rules))
        assert code != 0 and "R024 settlement.self_draw.others.formula" in err and "Traceback" not in err, err


def test_a_rule_set_of_its_own_gets_the_documented_settlement_defaults(tmp_path: Path) -> None:
    import fanrules

    rules = _write(tmp_path / "own", {"ruleset.yaml": 'name: own\ntitle: own\nversion: "1"\nminimum: 0\nsettlement:\n  base: 2\n',
                                      "fans/1-any.yaml": 'number: 1\nname_zh: 和\nname_en: Any Win\nvalue: 1\ndescription: "Any win."\n'
                                                         'predicate: "size(tiles) >= 14"\nexamples:\n  - hand: "123m456m789p234s5s5s"\n    count: 1\n'})
    assert fanrules.settle(5, winner=0, discarder=1, rules=rules) == (5, -5, 0, 0)
    assert fanrules.settle(5, winner=0, rules=rules) == (15, -5, -5, -5)
