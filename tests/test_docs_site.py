"""The documentation site (`fanrules docs`, docs/README "Documentation site"): every public name has a
docstring for its reference page, the docstrings' examples run, and, where the docs extra is
installed, the site builds in strict mode and refuses a broken link."""
from __future__ import annotations

import ast
import doctest
import importlib
import importlib.util
import inspect
import itertools
import pkgutil
import shutil
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import fanrules
import pytest
from fanrules.tools import docs_cmd

ROOT = Path(__file__).resolve().parents[1]
HAS_MKDOCS = importlib.util.find_spec("mkdocs") is not None and importlib.util.find_spec("mkdocstrings") is not None


def _public(module: ModuleType) -> list[str]:
    return list(getattr(module, "__all__", ()))


def _modules() -> list[str]:
    """Every module of the package, fanrules.dsl's too (its folder is not under the package's)."""
    found = ["fanrules", "fanrules.dsl"]
    for package in ("fanrules", "fanrules.dsl"):
        path = importlib.import_module(package).__path__
        found += [info.name for info in pkgutil.walk_packages(path, package + ".") if info.name not in found]
    return found


def _attribute_docstring(name: str) -> str | None:
    """The string after ``name = ...`` at the top of any module of the package (how a type alias or a
    constant is documented), or None."""
    for module in _modules():
        spec = importlib.util.find_spec(module)
        if spec is None or spec.origin is None or not spec.origin.endswith(".py"):
            continue
        body = ast.parse(Path(spec.origin).read_text(encoding="utf-8")).body
        for stmt, after in itertools.pairwise(body):
            targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target] if isinstance(stmt, ast.AnnAssign) else []
            if any(isinstance(t, ast.Name) and t.id == name for t in targets) \
                    and isinstance(after, ast.Expr) and isinstance(after.value, ast.Constant) and isinstance(after.value.value, str):
                return after.value.value
    return None


def _documented(owner: ModuleType, name: str) -> bool:
    value = getattr(owner, name)
    if inspect.isclass(value) or inspect.isroutine(value) or inspect.ismodule(value) or hasattr(value, "__wrapped__"):
        return bool(value.__doc__ and value.__doc__.strip())  # (a memoised function keeps its docstring)
    return bool(_attribute_docstring(name))


@pytest.mark.parametrize("module", ["fanrules", *docs_cmd.public_submodules()])
def test_every_public_name_has_a_docstring(module: str) -> None:
    owner = importlib.import_module(module)
    assert owner.__doc__ and owner.__doc__.strip(), module
    undocumented = [name for name in _public(owner) if not _documented(owner, name)]
    assert undocumented == [], f"{module}: no docstring for {undocumented}"


def test_the_reference_has_a_page_for_every_public_name_and_submodule(tmp_path: Path) -> None:
    nav = docs_cmd.write_reference(tmp_path / "reference")
    pages = {p.name for p in (tmp_path / "reference").glob("*.md")}
    assert pages == {"index.md"} | {f"{n}.md" for n in fanrules.__all__} | {f"{m}.md" for m in docs_cmd.public_submodules()}
    assert (tmp_path / "reference" / "Table.md").read_text(encoding="utf-8") == "::: fanrules.Table\n"
    assert [next(iter(entry)) for entry in nav] == ["Overview", "fanrules", "Submodules"]


def test_links_point_at_the_pages_of_the_site(tmp_path: Path) -> None:
    pages = tmp_path / "pages"
    docs_cmd.write_pages(ROOT, pages)
    home = (pages / "index.md").read_text(encoding="utf-8")
    assert "](notation.md)" in home and "](docs/" not in home and "](images/fan-page.png)" in home
    rules = (pages / "rules.md").read_text(encoding="utf-8")
    assert "](game.md#logs)" in rules
    assert "](index.md" in (pages / "zh.md").read_text(encoding="utf-8")  # README.zh.md's link to the README


def test_a_link_to_a_file_outside_the_site_keeps_its_words_and_code_is_left_alone() -> None:
    site_of = {ROOT / "README.md": "index.md", ROOT / "docs" / "game.md": "game.md"}
    text = "[the corpus](../tests/data/public.jsonl), [play](game.md#logs)\n```\n[x](game.md)\n```\n[gone](nowhere.md)"
    out = docs_cmd.relink(text, ROOT / "docs", "reference/x.md", site_of)
    assert out == "the corpus, [play](../game.md#logs)\n```\n[x](game.md)\n```\n[gone](nowhere.md)"


def test_docstring_examples_run() -> None:
    """Every ``>>>`` example in the package's docstrings, run as a doctest (the site shows them)."""
    failures = 0
    for name in _modules():
        if name.endswith("__main__"):  # runs the command line when imported
            continue
        failures += doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS).failed
    assert failures == 0


def test_without_the_docs_extra_the_command_says_how_to_install_it(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    from fanrules.tools.cli import main

    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None if name.startswith("mkdocs") else real(name, *a))
    assert main(["docs", "-o", "unused"]) == 1  # as serve without its extra
    assert capsys.readouterr().err.strip() == f"fanrules: fanrules docs needs MkDocs and mkdocstrings: {docs_cmd.INSTALL}"


@pytest.mark.parametrize("planted", ["notes.txt", ".fanrules-site"])
def test_a_folder_that_is_not_an_earlier_site_is_refused_and_kept(planted: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "site"
    out.mkdir()
    (out / planted).write_text("mine\n", encoding="utf-8")
    with pytest.raises(fanrules.CliError) as refused:
        docs_cmd.check_site_folder(out, force=False)
    assert ("--force" in str(refused.value)) == (planted == docs_cmd.MARKER)
    assert (out / planted).read_text(encoding="utf-8") == "mine\n"


def _fanrules(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "fanrules", *args], capture_output=True, text=True, timeout=300)


@pytest.mark.slow
@pytest.mark.skipif(not HAS_MKDOCS, reason='needs the docs extra: pip install ".[docs]"')
def test_the_site_builds_in_strict_mode_with_every_reference_page(tmp_path: Path) -> None:
    out = tmp_path / "site"
    done = _fanrules("docs", "-o", str(out), "--source", str(ROOT))
    assert done.returncode == 0, done.stderr
    table = (out / "reference" / "Table.html").read_text(encoding="utf-8")
    assert "One hand at a table." in table and "to_act" in table
    for name in fanrules.__all__:
        assert (out / "reference" / f"{name}.html").is_file(), name
    assert (out / "book" / "index.html").is_file() and (out / "zh.html").is_file()
    assert '<html lang="zh"' in (out / "zh.html").read_text(encoding="utf-8")
    assert '<html lang="en"' in (out / "index.html").read_text(encoding="utf-8")
    assert _fanrules("docs", "-o", str(out), "--source", str(ROOT)).returncode == 1  # an earlier site needs --force
    assert _fanrules("docs", "-o", str(out), "--source", str(ROOT), "--force").returncode == 0


@pytest.mark.slow
@pytest.mark.skipif(not HAS_MKDOCS, reason='needs the docs extra: pip install ".[docs]"')
def test_a_broken_link_fails_the_build_and_keeps_the_earlier_site(tmp_path: Path) -> None:
    source = tmp_path / "checkout"
    source.mkdir()
    shutil.copy(ROOT / "README.md", source / "README.md")
    shutil.copytree(ROOT / "docs", source / "docs")
    with open(source / "docs" / "dsl.md", "a", encoding="utf-8") as f:
        f.write("\nSee [the game](game.md#no-such-anchor) and [this](missing.md).\n")
    out = tmp_path / "site"
    out.mkdir()
    (out / docs_cmd.MARKER).write_text("earlier\n", encoding="utf-8")
    done = _fanrules("docs", "-o", str(out), "--source", str(source), "--force")
    assert done.returncode == 1 and "missing.md" in done.stderr and "no-such-anchor" in done.stderr, done.stderr
    assert [p.name for p in out.iterdir()] == [docs_cmd.MARKER]  # the earlier site, as it was
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".site-")]  # no half-built site left beside it


def test_the_chinese_page_of_the_site_says_its_language(tmp_path: Path) -> None:
    (tmp_path / "zh.html").write_text('<!doctype html>\n<html lang="en" class="no-js">\n<p>中文</p>\n', encoding="utf-8")
    (tmp_path / "index.html").write_text('<!doctype html>\n<html lang="en" class="no-js">\n', encoding="utf-8")
    docs_cmd.mark_languages(tmp_path)
    assert (tmp_path / "zh.html").read_text(encoding="utf-8").splitlines()[1] == '<html lang="zh" class="no-js">'
    assert '<html lang="en"' in (tmp_path / "index.html").read_text(encoding="utf-8")


def test_the_readme_stays_a_readme() -> None:
    """Issue 37: the README holds at most 250 lines and no benchmark history (that is docs/benchmarks.md)."""
    lines = (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
    assert len(lines) <= 250, len(lines)
    assert not [line for line in lines if line.startswith("## The round of")]
    assert "## The round of" in (ROOT / "docs" / "benchmarks.md").read_text(encoding="utf-8")
