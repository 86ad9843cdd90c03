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


SHIPPED = ["mcr", "mcr-1998", "mil", "mil-online", "green-book", "botzone", "casual"]


@pytest.mark.parametrize("rules", SHIPPED)
def test_every_fan_of_every_shipped_rule_set_has_a_chinese_description(rules: str) -> None:
    assert [f.number for f in load_ruleset(rules).fans if not CJK.search(f.description_zh)] == []


def test_the_book_in_chinese(tmp_path: Path) -> None:
    from fanrules.web.book import book_files
    from fanrules.web.words import ZH

    ruleset = load_ruleset("mil")
    pages = {name: data.decode("utf-8") for name, data in book_files(ruleset, "zh").items() if name.endswith(".html")}
    assert all('<html lang="zh">' in text for text in pages.values())
    for fan in ruleset.fans:
        assert f'<p class="description">{fan.description_zh}</p>' in pages[f"fan-{fan.number}.html"]
    index = pages["index.html"]
    assert "<nav><a href=\"index.html\">番种</a> <a href=\"principles.html\">计番原则</a>" in index
    assert "共 82 个番种" in index and ">Fans<" not in index and "Search fans" not in index
    assert "计番原则" in pages["principles.html"] and "就高不就低" in pages["principles.html"] and "Non-repeat" not in pages["principles.html"]
    assert pages["changes.html"].count("新增") >= 1
    english = {name: data.decode("utf-8") for name, data in book_files(ruleset).items() if name.endswith(".html")}
    assert all('<html lang="en">' in text for text in english.values())
    assert all(phrase.count("{}") == ZH[phrase].count("{}") for phrase in ZH)  # each hole kept


@pytest.mark.parametrize("rules", [*SHIPPED, "zung-jung"])
def test_every_shipped_rule_set_has_a_chinese_title_and_description(rules: str) -> None:
    ruleset = load_ruleset(rules)
    assert CJK.search(ruleset.title_zh) and CJK.search(ruleset.description_zh)


def test_the_chinese_book_index_and_changes_read_the_rule_set_in_chinese() -> None:
    from fanrules.web.book import book_files

    ruleset = load_ruleset("mil")
    pages = {name: data.decode("utf-8") for name, data in book_files(ruleset, "zh").items() if name.endswith(".html")}
    index = pages["index.html"]
    assert f"<h1>{ruleset.title_zh}</h1>" in index and f'<p class="lead">{ruleset.description_zh}' in index
    assert ruleset.title not in index and ruleset.description not in index
    with pytest.warns(DeprecationWarning, match="old name"):  # an old name is the rule set it names
        assert load_ruleset("strict1998").description_zh == load_ruleset("mcr-1998").description_zh
    assert load_ruleset("mcr").title_zh in pages["changes.html"] and ruleset.description_zh in pages["changes.html"]
    english = book_files(ruleset)["index.html"].decode("utf-8")
    assert f"<h1>{ruleset.title}</h1>" in english.replace("&#x27;", "'")


def test_a_variant_that_rewrites_its_description_drops_the_parents_chinese(tmp_path: Path) -> None:
    (tmp_path / "ruleset.yaml").write_text("name: zh-variant\ndescription: another game\nsources: [a test]\nextends: mcr\n",
                                           encoding="utf-8")
    variant, mcr = load_ruleset(tmp_path), load_ruleset("mcr")
    assert variant.title_zh == mcr.title_zh  # the title is the parent's, in both languages
    assert variant.description_zh == ""  # a new description without its Chinese: none, not the parent's


def test_book_lang_on_the_command_line(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "fanrules", "book", "--lang", "zh", "-o", str(tmp_path / "b")],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert '<html lang="zh">' in (tmp_path / "b" / "fan-1.html").read_text(encoding="utf-8")
    bad = subprocess.run([sys.executable, "-m", "fanrules", "book", "--lang", "fr", "-o", str(tmp_path / "c")],
                         capture_output=True, text=True, timeout=120)
    assert bad.returncode == 2 and "invalid choice: 'fr'" in bad.stderr and not (tmp_path / "c").exists()
