"""The package layout: the folders engine/, dsl/ and rules/ are only ever imported as fanrules,
fanrules.dsl and fanrules.rules."""
from __future__ import annotations

import ast
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
FOLDERS = ("engine", "dsl", "rules", "tests", "bench")
TOP_LEVEL = frozenset({"engine", "dsl", "rules"})


def top_level_imports(source: str, filename: str) -> list[str]:
    """``line: statement`` for every import of engine, dsl or rules as a top-level module."""
    found: list[str] = []
    for node in ast.walk(ast.parse(source, filename)):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names = [node.module]
        else:
            continue
        if any(name.split(".")[0] in TOP_LEVEL for name in names):
            found.append(f"{node.lineno}: {ast.unparse(node)}")
    return found


@pytest.mark.parametrize(
    "source, bad",
    [
        ("import engine", True),  # a folder name as a package
        ("import os, dsl.parser", True),  # hidden in a list of imports
        ("from rules.mcr import x", True),  # from-import of a folder name
        ("from engine import hand", True),  # from-import of the engine folder
        ("from .hand import Hand", False),  # a relative import is fine
        ("from fanrules.dsl import parse", False),  # the installed name is fine
        ("import fanrules.rules", False),  # the installed rules package is fine
        ("import enginex\nx = 'import engine'", False),  # a longer name, and the words in a string
    ],
)
def test_detector(source: str, bad: bool) -> None:
    assert bool(top_level_imports(source, "<test>")) is bad


@pytest.mark.slow  # every module imported in a fresh process
def test_no_top_level_imports_of_the_source_folders() -> None:
    offenders = [
        f"{path.relative_to(ROOT)}:{hit}"
        for folder in FOLDERS
        for path in sorted((ROOT / folder).rglob("*.py"))
        for hit in top_level_imports(path.read_text(encoding="utf-8"), str(path))
    ]
    assert not offenders, "import these as fanrules, fanrules.dsl or fanrules.rules:\n" + "\n".join(offenders)


def run_import(statement: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """Run ``statement`` in a fresh interpreter from ``cwd``, with no PYTHONPATH: only what is installed."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    return subprocess.run(
        [sys.executable, "-c", statement], cwd=cwd, env=env, capture_output=True, text=True, timeout=60
    )


@pytest.mark.slow  # a fresh process imports the package
def test_installed_package_names_import(tmp_path: Path) -> None:
    result = run_import("import fanrules, fanrules.dsl, fanrules.rules", tmp_path)
    assert result.returncode == 0, result.stderr


# One case per top-level folder (engine, dsl, rules): none may be importable under its folder name.
@pytest.mark.parametrize("name", sorted(TOP_LEVEL))
def test_folder_names_do_not_import(name: str, tmp_path: Path) -> None:
    result = run_import(f"import {name}", tmp_path)
    assert result.returncode != 0
    assert f"No module named '{name}'" in result.stderr


def test_every_folder_python_could_import_is_a_listed_package() -> None:
    """pyproject lists every folder of the installed tree whose name Python could import (the data
    folders of rule sets and the playground's files included), so that building the package gives no
    "package would be ignored" warnings; a new rule set folder must be added there."""
    import tomllib
    listed = set(tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]["packages"])
    roots = {"fanrules": ROOT / "engine", "fanrules.dsl": ROOT / "dsl", "fanrules.rules": ROOT / "rules"}
    importable = set()
    for package, folder in roots.items():
        for path in [folder, *folder.rglob("*")]:
            if path.is_dir() and "__pycache__" not in path.parts and all(p.isidentifier() for p in path.relative_to(folder).parts):
                if any(f.is_file() for f in path.iterdir()):
                    importable.add(".".join([package, *path.relative_to(folder).parts]))
    assert importable - listed == set()


def test_the_type_check_tree_links_every_part_of_the_package() -> None:
    """mypy sees the source through .ci/typecheck/fanrules (pyproject's mypy_path): a module or
    subpackage of engine/ without its link there would go unchecked."""
    tree = ROOT / ".ci" / "typecheck" / "fanrules"
    wanted = {p.name for p in (ROOT / "engine").iterdir()
              if p.suffix in (".py", ".typed") or (p / "__init__.py").exists()} | {"dsl", "rules"}
    links = {p.name: p for p in tree.iterdir()}
    assert set(links) == wanted
    for name, link in links.items():
        assert link.is_symlink() and not os.path.isabs(os.readlink(link)), name
        source = ROOT / ("engine/" + name if name not in ("dsl", "rules") else name)
        assert link.resolve() == source.resolve(), name
