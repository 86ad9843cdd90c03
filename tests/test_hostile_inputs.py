"""Regressions of the second hostile review (issue 30): the cache, numbers, sheets and ports. Each failed before its fix."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from fanrules.dsl import cache

HAND = "[CCC,1]FFFPPP999s5m5m"


def _fanrules(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "fanrules", *args], capture_output=True, text=True, timeout=120,
                          env=None if env is None else {**os.environ, **env})


# --- finding 6: a cache entry is bound to its predicate's text ---------------------------------------


@pytest.mark.slow  # fresh processes
def test_an_entry_copied_over_another_is_a_miss_with_a_notice_never_a_wrong_score(tmp_path: Path) -> None:
    env = {"FANRULES_CACHE_DIR": str(tmp_path), "FANRULES_NO_CACHE": ""}
    first = _fanrules("score", "--self-drawn", "--json", HAND, env=env)
    assert first.returncode == 0 and json.loads(first.stdout)["total"] == 114
    [path] = tmp_path.glob("predicates-*.json")
    data = json.loads(path.read_text(encoding="utf-8"))
    entries = data["entries"]
    # Self-Drawn's tree (true here) over Four Concealed Pungs' (false here): the score rose before.
    [drawn] = [t for t in entries if t.strip() == "self_drawn"]
    [four] = [t for t in entries if t.strip() == "count(p in pungs: concealed(p)) >= 4"]
    entries[four] = dict(entries[drawn])
    path.write_text(json.dumps(data), encoding="utf-8")
    second = _fanrules("score", "--self-drawn", "--json", HAND, env=env)
    assert second.returncode == 0 and json.loads(second.stdout)["total"] == 114
    assert second.stderr.count("\n") == 1 and "predicate cache" in second.stderr and "Traceback" not in second.stderr
    assert json.loads(path.read_text(encoding="utf-8"))["entries"][four]["bound"] == cache.bound_to(four)  # rewritten
    third = _fanrules("score", "--self-drawn", "--json", HAND, env=env)
    assert json.loads(third.stdout)["total"] == 114 and third.stderr == ""
