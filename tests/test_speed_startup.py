"""The shipped rule sets' predicates, compiled once into dsl/shipped_records.py (dsl/prebuilt.py): the
module is what the generator writes from the YAML now, a shipped rule set is built from it, and an
edited predicate (a shipped YAML file changed in a checkout) is not."""
from __future__ import annotations

import shutil
from pathlib import Path

import fanrules
from fanrules.dsl import compile_predicate
from fanrules.dsl.cache import bound_to
from fanrules.dsl.prebuilt import _records, shipped_record
from fanrules.ruleset.loader import load_ruleset, shipped_rulesets
from fanrules.ruleset.prebuild import module_source, shipped_texts

ROOT = Path(__file__).resolve().parents[1]
HAND = "[234s,1][666s,1]33777sFFF"  # green but for the 7s


def test_the_shipped_module_is_what_the_generator_writes_from_the_yaml() -> None:
    written = (ROOT / "dsl" / "shipped_records.py").read_text(encoding="utf-8")
    assert written == module_source(shipped_texts()), "regenerate: python -m fanrules.ruleset.prebuild > dsl/shipped_records.py"


def test_every_shipped_rule_set_is_built_from_the_shipped_records() -> None:
    records = _records()
    for name in shipped_rulesets():
        for fan in load_ruleset(name).fans:
            assert fan.compiled.record is records[bound_to(fan.predicate)], (name, fan.name_en)
    assert len(records) == len(shipped_texts())


def test_a_shipped_record_is_what_compiling_its_text_gives() -> None:
    fan = next(f for f in load_ruleset("mcr").fans if f.name_en == "All Green")
    fresh, _ = compile_predicate(fan.predicate, use_cache=False)
    assert fresh is not None and fresh.record == shipped_record(fan.predicate)


def test_an_edited_shipped_yaml_is_seen(tmp_path: Path) -> None:
    rules = tmp_path / "rules"
    shutil.copytree(ROOT / "rules", rules)
    fan_file = rules / "mcr" / "fans" / "03-all-green.yaml"
    text = fan_file.read_text(encoding="utf-8")
    assert "t in (2s, 3s, 4s, 6s, 8s, F)" in text
    fan_file.write_text(text.replace("t in (2s, 3s, 4s, 6s, 8s, F)", "t in (2s, 3s, 4s, 6s, 7s, 8s, F)"), encoding="utf-8")
    edited = load_ruleset(rules / "mcr")
    green = next(f for f in edited.fans if f.name_en == "All Green")
    assert "7s" in green.predicate and shipped_record(green.predicate) is None
    assert green.compiled.record not in _records().values()
    names = {row.fan.name_en for row in fanrules.score(HAND, rules=rules / "mcr").fans}
    assert "All Green" in names
    assert "All Green" not in {row.fan.name_en for row in fanrules.score(HAND).fans}
