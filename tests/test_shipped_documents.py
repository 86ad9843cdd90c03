"""The shipped rule sets as loaded and their scorers' fused functions, generated once into modules of the
package (ruleset/documents.py, dsl/prefused.py): the modules are what the generator writes from the
YAML now, a shipped rule set loads from them as it loads from its YAML, and an edited, added or removed
YAML file (or a changed loader) is seen: the modules are not used for a rule set whose text differs."""
from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from types import CodeType

import pytest

import fanrules
from fanrules.dsl import prefused
from fanrules.dsl.prebuilt import _records
from fanrules.ruleset import documents, loader
from fanrules.ruleset.files import _shipped_root, located
from fanrules.ruleset.loader import _build, load_ruleset, shipped_rulesets
from fanrules.ruleset.prebuild import _Document
from fanrules.scoring import Scorer
from fanrules.scoring.prebuild import generated, stale

ROOT = Path(__file__).resolve().parents[1]
HAND = "[234s,1][666s,1]33777sFFF"  # green but for the 7s
REGENERATE = "regenerate: python -m fanrules.scoring.prebuild"


def test_the_generated_modules_are_what_the_generator_writes_from_the_yaml() -> None:
    written = generated()
    for path, source in written.items():
        assert Path(path).read_text(encoding="utf-8") == source, f"{path} is stale: {REGENERATE}"
    assert not stale(written), REGENERATE


@pytest.mark.parametrize("name", shipped_rulesets())
def test_a_shipped_rule_set_loads_from_its_module_as_from_its_yaml(name: str) -> None:
    path = located(_shipped_root() / name / "ruleset.yaml")
    shipped = documents.shipped_document(path)
    assert shipped is not None, f"the module of {name} does not match its files: {REGENERATE}"
    assert load_ruleset(name) is load_ruleset(name)
    from_yaml = _build(path)
    assert shipped == from_yaml
    render = _Document(str(path.parent.parent), from_yaml.chain, _records()).data
    assert render(shipped) == render(from_yaml)
    assert all(a.compiled.label == b.compiled.label for a, b in zip(shipped.fans, from_yaml.fans, strict=True))


def _same_code(a: CodeType, b: CodeType) -> None:
    for attribute in ("co_code", "co_names", "co_varnames", "co_filename", "co_name", "co_qualname", "co_firstlineno", "co_linetable"):
        assert getattr(a, attribute) == getattr(b, attribute), attribute
    assert list(a.co_positions()) == list(b.co_positions())
    for x, y in zip(a.co_consts, b.co_consts, strict=True):
        if isinstance(x, CodeType):
            _same_code(x, y)
        else:
            assert x == y


@pytest.mark.parametrize("name", ["mcr", "botzone"])
def test_a_scorer_runs_the_shipped_fused_code_as_its_source_compiled_alone(name: str) -> None:
    scorer = Scorer(load_ruleset(name))
    for fused, label in ((scorer.hand_evaluate, f"<fans of the hand: {name}>"), (scorer.reading_evaluate, f"<fans of a reading: {name}>")):
        source = fused.source  # type: ignore[attr-defined]
        alone: dict[str, object] = {}
        exec(compile(source, label, "exec"), alone)  # the generated source, as fuse compiles one it has no module for
        assert prefused.run_shipped(source, label, shipped := {})
        names = [n for n, v in alone.items() if callable(v)]
        assert names and sorted(names) == sorted(shipped)
        for n in names:
            _same_code(shipped[n].__code__, alone[n].__code__)  # type: ignore[attr-defined]
        assert fused.__code__.co_filename == label


def test_a_fused_source_of_no_shipped_rule_set_is_compiled() -> None:
    assert not prefused.run_shipped("def evaluate(f):\n    return []\n", "<test>", {})


@pytest.fixture
def checkout(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A copy of the shipped rule sets standing for the package's folder, as a checkout's would."""
    rules = tmp_path / "rules"
    shutil.copytree(ROOT / "rules", rules)
    monkeypatch.setattr(documents, "_shipped_root", lambda: rules)
    loader._load_cached.cache_clear()
    yield rules
    loader._load_cached.cache_clear()


def test_the_copy_of_an_unedited_rule_set_loads_from_its_module(checkout: Path) -> None:
    ruleset = documents.shipped_document(checkout / "mcr" / "ruleset.yaml")
    assert ruleset is not None and ruleset.path == str(checkout / "mcr" / "ruleset.yaml")
    assert all(f.where.file.startswith(str(checkout)) for f in ruleset.fans)


def test_an_edited_shipped_yaml_file_is_read_from_the_yaml(checkout: Path) -> None:
    fan_file = checkout / "mcr" / "fans" / "03-all-green.yaml"
    text = fan_file.read_text(encoding="utf-8")
    assert "t in (2s, 3s, 4s, 6s, 8s, F)" in text
    fan_file.write_text(text.replace("t in (2s, 3s, 4s, 6s, 8s, F)", "t in (2s, 3s, 4s, 6s, 7s, 8s, F)"), encoding="utf-8")
    assert documents.shipped_document(checkout / "mcr" / "ruleset.yaml") is None
    assert documents.shipped_document(checkout / "mil" / "ruleset.yaml") is None  # mil extends mcr
    assert documents.shipped_document(checkout / "mcr-1998" / "ruleset.yaml") is None
    assert "All Green" in {row.fan.name_en for row in fanrules.score(HAND, rules=checkout / "mcr").fans}


def test_an_edited_value_is_seen_in_the_loaded_rule_set(checkout: Path) -> None:
    fan_file = checkout / "mcr" / "fans" / "03-all-green.yaml"
    fan_file.write_text(fan_file.read_text(encoding="utf-8").replace("value: 88", "value: 87"), encoding="utf-8")
    assert load_ruleset(checkout / "mcr").fan("All Green").value == 87


def test_an_added_or_removed_yaml_file_is_seen(checkout: Path) -> None:
    extra = checkout / "mil" / "fans" / "99-extra.yaml"
    extra.write_text("number: 99\n", encoding="utf-8")
    assert documents.shipped_document(checkout / "mil" / "ruleset.yaml") is None
    assert documents.shipped_document(checkout / "mcr" / "ruleset.yaml") is not None
    extra.unlink()
    assert documents.shipped_document(checkout / "mil" / "ruleset.yaml") is not None
    next((checkout / "mcr" / "fans").glob("43-*.yaml")).unlink()
    assert documents.shipped_document(checkout / "mcr" / "ruleset.yaml") is None


def test_a_changed_loader_is_seen(monkeypatch: pytest.MonkeyPatch) -> None:
    path = located(_shipped_root() / "mcr" / "ruleset.yaml")
    monkeypatch.setattr(documents, "loader_fingerprint", lambda: "another loader")
    assert documents.shipped_document(path) is None


def test_a_user_rule_set_elsewhere_never_loads_from_a_module(tmp_path: Path) -> None:
    shutil.copytree(ROOT / "rules" / "mcr", tmp_path / "mcr")
    assert documents.shipped_document(tmp_path / "mcr" / "ruleset.yaml") is None


def test_the_fused_tile_view_is_the_compilers() -> None:
    from fanrules.dsl import compiler, fused

    assert fused.TILE_VIEW == compiler.TILE_VIEW


@pytest.mark.parametrize("damage", ["", "not JSON\n{}", '{"format": "fanrules shipped rule set 1"}\n{}', "[1]\n[2]"])
def test_a_damaged_document_is_read_from_the_yaml(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, damage: str) -> None:
    path = located(_shipped_root() / "mcr" / "ruleset.yaml")
    good = (Path(documents.__file__).parent / documents.FOLDER / "mcr.json").read_text(encoding="utf-8")
    monkeypatch.setattr(documents, "FOLDER", str(tmp_path))  # an absolute folder: the documents are read from there
    (tmp_path / "mcr.json").write_text(good, encoding="utf-8")
    assert documents.shipped_document(path) is not None
    (tmp_path / "mcr.json").write_text(damage, encoding="utf-8")
    assert documents.shipped_document(path) is None
    loader._load_cached.cache_clear()
    try:
        assert load_ruleset("mcr") == _build(path)
    finally:
        loader._load_cached.cache_clear()
