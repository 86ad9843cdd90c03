"""docs/dsl.md is generated from the grammar, the builtins and the diagnostic codes, and kept up to date."""
from __future__ import annotations

from pathlib import Path

import pytest

from fanrules.dsl import CODES, REGISTRY
from fanrules.tools import dsl_reference as reference


def test_docs_dsl_md_is_up_to_date() -> None:
    assert reference.DOC.resolve() == (Path(__file__).resolve().parents[1] / "docs" / "dsl.md").resolve()
    assert reference.DOC.read_text(encoding="utf-8") == reference.render(), "run: python -m fanrules.tools.dsl_reference"


def test_check_passes_on_the_generated_file() -> None:
    assert reference.main(["--check"]) == 0


def test_check_fails_on_a_stale_or_missing_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    stale = tmp_path / "docs" / "dsl.md"
    monkeypatch.setattr(reference, "DOC", stale)
    assert reference.main(["--check"]) == 1
    assert reference.main([]) == 0
    assert reference.main(["--check"]) == 0
    stale.write_text(stale.read_text(encoding="utf-8") + "edited by hand\n", encoding="utf-8")
    assert reference.main(["--check"]) == 1


def test_the_reference_lists_every_builtin_with_its_example_and_every_code() -> None:
    text = reference.render()
    for b in REGISTRY.values():
        assert f"- `{b.signature}`: {b.doc} Example: `{b.example}`" in text
    for code, meaning in CODES.items():
        assert f"| {code} | {meaning} |" in text


def test_the_reference_shows_a_real_diagnostic() -> None:
    assert "rules/example.yaml:5:15: P102 unknown function 'rnk'" in reference.render()
