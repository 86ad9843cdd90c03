"""The corpora kept with the tests: unedited copies, read when ../shared is absent."""
from __future__ import annotations

import hashlib
import re
from pathlib import Path

import conftest
import pytest


@pytest.mark.parametrize("name", conftest.CORPORA)
def test_copies_are_the_files_recorded_in_source(name: str) -> None:
    source = (conftest.DATA / "SOURCE.md").read_text(encoding="utf-8")
    recorded = re.search(rf"`{re.escape(name)}` \| (\d+) \| `([0-9a-f]{{64}})`", source)
    assert recorded, f"tests/data/SOURCE.md does not record {name}"
    data = (conftest.DATA / name).read_bytes()
    assert hashlib.sha256(data).hexdigest() == recorded.group(2), f"tests/data/{name} was edited (or refreshed without SOURCE.md)"
    assert len([line for line in data.splitlines() if line.strip()]) == int(recorded.group(1))


def test_without_the_shared_folder_the_copies_are_read(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(conftest, "SHARED", tmp_path / "no-such-folder")
    assert conftest.corpus_path("public.jsonl") == conftest.DATA / "public.jsonl"
    assert len(conftest.corpus_cases("rulebook.jsonl")) == 132


def test_a_shared_file_that_differs_is_read_instead(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    (tmp_path / "rulebook.jsonl").write_bytes((conftest.DATA / "rulebook.jsonl").read_bytes())
    (tmp_path / "public.jsonl").write_text('{"id": "newer"}\n', encoding="utf-8")
    monkeypatch.setattr(conftest, "SHARED", tmp_path)
    assert conftest.corpus_path("rulebook.jsonl") == conftest.DATA / "rulebook.jsonl"  # the same bytes: the copy
    assert conftest.corpus_cases("public.jsonl") == [{"id": "newer"}]
