"""A start of ``fanrules`` with a shipped rule set reads its start-up data (ruleset/documents.py: the
package's in an installed wheel, else the cache's after a checkout's first load), not its YAML, and
compiles no predicate; an edited predicate (a shipped YAML file changed in a checkout) is seen."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import fanrules
from fanrules.ruleset import documents
from fanrules.ruleset.loader import load_ruleset

ROOT = Path(__file__).resolve().parents[1]
HAND = "[234s,1][666s,1]33777sFFF"  # green but for the 7s
PROBE = """
import json, sys
import fanrules
from fanrules.ruleset import documents
fanrules.score("[CCC,1]FFFPPP999s5m5m", rules="mcr")
loaded = [l.source for l in documents.LOADED.values()]
print(json.dumps({"loaded": loaded, "yaml": "yaml" in sys.modules, "parser": "fanrules.dsl.parser" in sys.modules,
                  "builder": "fanrules.ruleset.build" in sys.modules}))
"""


@pytest.mark.slow  # fresh processes
def test_a_start_reads_the_start_up_data_not_the_yaml(tmp_path: Path) -> None:
    env = {**os.environ, "FANRULES_CACHE_DIR": str(tmp_path / "cache")}
    env.pop("FANRULES_NO_CACHE", None)
    runs = [json.loads(subprocess.run([sys.executable, "-c", PROBE], env=env, capture_output=True, text=True, check=True, cwd=tmp_path).stdout)
            for _ in range(2)]
    installed = documents.PACKAGE_FOLDER.is_dir()
    assert runs[0]["loaded"] == ["package" if installed else "yaml"]
    assert runs[1] == {"loaded": ["package" if installed else "cache"], "yaml": False, "parser": False, "builder": False}


def test_an_edited_shipped_yaml_is_seen(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("FANRULES_CACHE_DIR", str(tmp_path / "cache"))
    rules = tmp_path / "rules"
    shutil.copytree(ROOT / "rules", rules)
    fan_file = rules / "mcr" / "fans" / "03-all-green.yaml"
    text = fan_file.read_text(encoding="utf-8")
    assert "t in (2s, 3s, 4s, 6s, 8s, F)" in text
    fan_file.write_text(text.replace("t in (2s, 3s, 4s, 6s, 8s, F)", "t in (2s, 3s, 4s, 6s, 7s, 8s, F)"), encoding="utf-8")
    edited = load_ruleset(rules / "mcr")
    green = next(f for f in edited.fans if f.name_en == "All Green")
    assert "7s" in green.predicate
    assert green.compiled.record != load_ruleset("mcr").fan("All Green").compiled.record  # its constants differ
    names = {row.fan.name_en for row in fanrules.score(HAND, rules=rules / "mcr").fans}
    assert "All Green" in names
    assert "All Green" not in {row.fan.name_en for row in fanrules.score(HAND).fans}
