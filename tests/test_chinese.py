"""fanrules in Chinese (issue 37): each fan of mcr describes itself in Chinese as well, a variant that
rewrites a fan's meaning does not keep the old Chinese text, and README.zh.md's commands run."""
from __future__ import annotations

import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest
from fanrules import load_ruleset

ROOT = Path(__file__).resolve().parents[1]
CJK = re.compile(r"[\u4e00-\u9fff]")


def test_every_mcr_fan_has_a_chinese_description() -> None:
    fans = load_ruleset("mcr").fans
    assert len(fans) == 81
    missing = [f.number for f in fans if not CJK.search(f.description_zh)]
    assert missing == []
    assert len({f.description_zh for f in fans}) == 81  # each its own, none copied from another


def test_a_variant_inherits_the_chinese_description_unless_it_rewrites_the_fan(tmp_path: Path) -> None:
    (tmp_path / "fans").mkdir()
    (tmp_path / "ruleset.yaml").write_text("name: zh-variant\ntitle: t\nversion: '1'\ndescription: d\nminimum: 8\n"
                                           "sources: [a test]\nextends: mcr\n", encoding="utf-8")
    (tmp_path / "fans" / "02.yaml").write_text("number: 2\nvalue: 64\n", encoding="utf-8")
    (tmp_path / "fans" / "03.yaml").write_text("number: 3\ndescription: Only green tiles, the green dragon optional.\n", encoding="utf-8")
    variant, mcr = load_ruleset(tmp_path), load_ruleset("mcr")
    assert variant.fan(2).description_zh == mcr.fan(2).description_zh  # a new value: the same fan
    assert variant.fan(3).description_zh == ""  # a new meaning without a Chinese text: none, not the old one


def _readme_zh_commands() -> list[str]:
    text = (ROOT / "README.zh.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```sh\n(.*?)```", text, re.DOTALL)
    lines = [line.split("  #")[0].strip() for block in blocks for line in block.splitlines()]
    return [line for line in lines if line.startswith("fanrules ")]


@pytest.mark.parametrize("command", _readme_zh_commands())
def test_the_commands_of_readme_zh_run(command: str, tmp_path: Path) -> None:
    args = shlex.split(command)[1:]
    done = subprocess.run([sys.executable, "-m", "fanrules", *args], cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, (command, done.stderr)
    assert "Traceback" not in done.stderr


def test_the_python_of_readme_zh_runs(capsys: pytest.CaptureFixture[str]) -> None:
    text = (ROOT / "README.zh.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n(.*?)```", text, re.DOTALL)
    assert blocks
    for block in blocks:
        exec(compile(block, "README.zh.md", "exec"), {})  # the README's own example, as a reader runs it
    assert capsys.readouterr().out.startswith("114 True\n")
