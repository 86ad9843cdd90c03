"""Sections of a rule set beyond its fans: checked against their key table with located diagnostics,
merged key by key over the parent's, and shown by ``rules show`` with where each value was written.

The tests register a section table of their own ("table"), so that they hold whatever sections the
shipped rule sets come to have."""
from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from fanrules.dsl import DiagnosticError
from fanrules.ruleset import load_ruleset
from fanrules.ruleset.frozen import FrozenDict, FrozenList
from fanrules.ruleset.declare import Key, need
from fanrules.ruleset.schema import RULESET_KEYS
from fanrules.ruleset.section_keys import SECTIONS
from fanrules.tools.cli import main

TABLE = Key(
    type="object",
    description="A test section.",
    keys={
        "seats": need("integer", "Players at the table.", minimum=2, maximum=4),
        "dice": Key(type="object", description="The dice.", keys={
            "count": Key(type="integer", description="How many dice.", minimum=1),
            "throws": Key(type="integer", description="How many throws.", minimum=1),
        }),
        "order": Key(type="array", description="Seat order.", items=Key(type="string", description="A wind.", enum=("E", "S", "W", "N"))),
        "fines": Key(type="object", description="Fines by kind.", values=Key(type="integer", description="Points."),
                     key_enum=("false_win", "late")),
    },
)


@pytest.fixture(autouse=True)
def table_section(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(SECTIONS, "table", TABLE)
    monkeypatch.setitem(RULESET_KEYS, "table", TABLE)


def write(folder: Path, text: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "ruleset.yaml").write_text(textwrap.dedent(text), encoding="utf-8")
    return folder


def test_a_section_loads_as_plain_data(tmp_path: Path) -> None:
    base = write(tmp_path / "base", """\
        name: base
        extends: mcr
        table:
          seats: 4
          dice: {count: 2, throws: 2}
          order: [E, S, W, N]
          fines: {false_win: 10}
        """)
    ruleset = load_ruleset(base)
    assert ruleset.sections["table"] == {"seats": 4, "dice": {"count": 2, "throws": 2}, "order": ["E", "S", "W", "N"],
                                         "fines": {"false_win": 10}}
    # no position-keeping YAML objects leak out: plain data, read-only (a loaded rule set is shared)
    assert type(ruleset.sections["table"]["dice"]) is FrozenDict and type(ruleset.sections["table"]["order"]) is FrozenList
    assert str(ruleset.origins["table.dice.count"]).endswith("ruleset.yaml:5:17")


def test_a_variant_merges_mappings_key_by_key_and_replaces_lists(tmp_path: Path) -> None:
    write(tmp_path / "base", """\
        name: base
        extends: mcr
        table: {seats: 4, dice: {count: 2, throws: 2}, order: [E, S, W, N]}
        """)
    variant = write(tmp_path / "variant", """\
        name: variant
        extends: ../base
        table:
          dice: {throws: 1}
          order: [E, N]
        """)
    section = load_ruleset(variant).sections["table"]
    assert section == {"seats": 4, "dice": {"count": 2, "throws": 1}, "order": ["E", "N"]}


def test_every_problem_is_reported_at_once_with_its_place(tmp_path: Path) -> None:
    bad = write(tmp_path / "bad", """\
        name: bad
        extends: mcr
        table:
          dice: {count: 0, thrwos: 2}
          order: [E, X]
          fines: {late: ten, early: 5}
        """)
    with pytest.raises(DiagnosticError) as caught:
        load_ruleset(bad)
    found = {(d.line, d.column, d.code): d for d in caught.value.diagnostics}
    assert found[(4, 3, "R023")].message == "missing key 'seats' in 'table'"
    assert found[(4, 17, "R021")].message == "'table.dice.count' must be at least 1, not 0"
    assert found[(4, 20, "R022")].hint == "did you mean 'throws'?"
    assert found[(5, 14, "R021")].message.startswith("'table.order[1]' must be one of E, S, W, N")
    assert found[(6, 17, "R020")].message == "'table.fines.late' must be a whole number, not the text 'ten'"
    assert found[(6, 22, "R022")].message == "unknown key 'early' in 'table.fines'"
    assert len(found) == 6
    assert "ruleset.yaml:4:17: R021" in str(caught.value)


def test_a_section_that_is_not_a_mapping_is_refused(tmp_path: Path) -> None:
    bad = write(tmp_path / "bad", "name: bad\nextends: mcr\ntable: [1, 2]\n")
    with pytest.raises(DiagnosticError) as caught:
        load_ruleset(bad)
    assert [(d.line, d.code) for d in caught.value.diagnostics] == [(3, "R005")]


def test_rules_show_prints_a_section_with_where_each_value_was_written(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write(tmp_path / "base", "name: base\nextends: mcr\ntable: {seats: 4, dice: {count: 2}}\n")
    variant = write(tmp_path / "variant", "name: variant\nextends: ../base\ntable: {dice: {count: 1}}\n")
    assert main(["rules", "show", "table", "--rules", str(variant)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("  table.seats: 4    # ") and "base/ruleset.yaml:3:16" in lines[0]
    assert lines[1].startswith("  table.dice.count: 1    # ") and "variant/ruleset.yaml:3:23" in lines[1]
