"""Shared test helpers: where the labelled corpora are."""
from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any

import pytest

CORPUS = Path(__file__).resolve().parents[1].parent / "shared" / "corpus"

# The compiled-predicate cache of this test run (and of the commands it starts) stays out of $HOME.
os.environ.setdefault("FANRULES_CACHE_DIR", tempfile.mkdtemp(prefix="fanrules-test-cache-"))


def corpus_cases(name: str) -> list[dict[str, Any]]:
    """Every case of a corpus file; skips the test when ../shared is not beside the repository."""
    path = CORPUS / name
    if not path.is_file():
        pytest.skip(f"{path} not found: the corpora live in ../shared beside the repository")
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
