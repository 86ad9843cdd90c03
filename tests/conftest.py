"""Shared test helpers: where the labelled corpora are, and what the reference scorer compared.

The corpora are read from ``tests/data/`` (copies, see tests/data/SOURCE.md), or from
``../shared/corpus/`` when that folder sits beside the repository and its file differs from the copy
(the shared folder is the source). The header of every test run says which file each corpus came from."""
from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any

import pytest

#: The copies kept with the tests, and the shared folder they come from.
DATA = Path(__file__).resolve().parent / "data"
SHARED = Path(__file__).resolve().parents[1].parent / "shared" / "corpus"
CORPUS_FILES = ("public.jsonl", "rulebook.jsonl")
#: The corpora as test cases, each with an id that says what it holds.
CORPORA = [
    pytest.param("public.jsonl", id="public: generated hands of every shape"),
    pytest.param("rulebook.jsonl", id="rulebook: the rule book's worked examples"),
]

# The compiled-predicate cache of this test run (and of the commands it starts) stays out of $HOME.
os.environ.setdefault("FANRULES_CACHE_DIR", tempfile.mkdtemp(prefix="fanrules-test-cache-"))


def corpus_path(name: str) -> Path:
    """The file a corpus is read from: the shared one when it exists and differs from the copy in
    tests/data, else the copy."""
    copy, shared = DATA / name, SHARED / name
    if shared.is_file() and (not copy.is_file() or shared.read_bytes() != copy.read_bytes()):
        return shared
    return copy


def corpus_cases(name: str) -> list[dict[str, Any]]:
    """Every case of a corpus file."""
    return [json.loads(line) for line in corpus_path(name).read_text(encoding="utf-8").splitlines() if line.strip()]


def pytest_report_header(config: pytest.Config) -> list[str]:
    def where(name: str) -> str:
        path = corpus_path(name)
        return "tests/data (the copy)" if path.parent == DATA else f"{path.parent} (differs from tests/data: refresh the copy)"
    return [f"corpus {name}: {where(name)}" for name in CORPUS_FILES]


#: Hands the reference scorer compared with Scorer in this run, by where they came from (summed up at the end).
REFERENCE_COMPARED: dict[str, int] = {}


def pytest_terminal_summary(terminalreporter: Any) -> None:
    if REFERENCE_COMPARED:
        counts = ", ".join(f"{n} {source}" for source, n in sorted(REFERENCE_COMPARED.items()))
        terminalreporter.write_line(f"reference scorer: compared {sum(REFERENCE_COMPARED.values())} hands with Scorer ({counts})")


#: Slow modules whose files name no marker of their own (the game's tests are kept apart): marked here.
SLOW_MODULES = {"test_game_invariants.py": "games simulated from deal to end, hundreds of them"}
#: Slow tests of those files, by name: a session of greedy players played through.
SLOW_TESTS = {("test_game_session.py", "test_a_session_of_greedy_players_is_reproducible")}


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if item.path.name in SLOW_MODULES or (item.path.name, item.name.partition("[")[0]) in SLOW_TESTS:
            item.add_marker(pytest.mark.slow)


def batch_exit(answers: bytes | str) -> int:
    """The exit code ``fanrules batch`` owes for its answers (README's table): 1 when any line was refused
    (an error answer carries the ``line`` it answers), else 0."""
    text = answers.decode("utf-8") if isinstance(answers, bytes) else answers
    return 1 if any("line" in json.loads(row) for row in text.splitlines() if row.strip()) else 0
