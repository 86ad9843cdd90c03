"""The layers of fanrules, kept by a test on the import graph (docs/architecture.md draws it).

Every import between fanrules modules is read from the source, lazy imports inside functions included,
and checked against ``MAY_IMPORT``; the module graph must have no cycle. A layer not named in the table
(a new subpackage) fails until it is given its place."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow  # reads every import of every module, and imports temporary modules in fresh processes

ROOT = Path(__file__).resolve().parents[1]
#: Where each part of the ``fanrules`` package lives in the source tree.
FOLDERS = {"fanrules": ROOT / "engine", "fanrules.dsl": ROOT / "dsl"}

#: Which layers each layer may import (itself always). ``fanrules`` is the facade (engine/__init__.py);
#: ``fanrules.__main__`` is the ``python -m fanrules`` entry point and only starts the command line.
MAY_IMPORT: dict[str, frozenset[str]] = {
    "core": frozenset(),
    "dsl": frozenset({"core"}),
    "analysis": frozenset({"core"}),
    "ruleset": frozenset({"core", "dsl"}),
    "scoring": frozenset({"core", "analysis", "dsl", "ruleset"}),
    "settlement": frozenset({"core", "analysis", "dsl", "ruleset", "scoring"}),
    "study": frozenset({"core"}),
    "game": frozenset({"core", "analysis", "dsl", "ruleset", "scoring", "settlement", "study"}),
    "web": frozenset({"core", "analysis", "dsl", "ruleset", "scoring", "settlement", "game", "facade"}),
    "botzone": frozenset({"core", "analysis", "dsl", "ruleset", "scoring", "settlement", "game"}),
    "env": frozenset({"core", "analysis", "dsl", "ruleset", "scoring", "settlement", "game"}),
    "facade": frozenset({"core", "analysis", "dsl", "ruleset", "scoring", "settlement", "game"}),
    "__main__": frozenset({"tools"}),
    "tools": frozenset({"core", "analysis", "dsl", "ruleset", "scoring", "settlement", "study", "game", "web", "facade", "botzone"}),
}


def module_files() -> dict[str, Path]:
    """Every module of the package by its dotted name."""
    out: dict[str, Path] = {}
    for package, folder in FOLDERS.items():
        for path in sorted(folder.rglob("*.py")):
            parts = list(path.relative_to(folder).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            out[".".join([package, *parts])] = path
    return out


def imports_of(name: str, path: Path, known: set[str], source: str | None = None) -> set[str]:
    """The fanrules modules (of ``known``) that module ``name`` imports, at any depth of its code."""
    is_package = path.name == "__init__.py"
    tree = ast.parse(source if source is not None else path.read_text(encoding="utf-8"), str(path))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names if alias.name.startswith("fanrules"))
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = name.split(".")
                base = base if is_package else base[:-1]
                base = base[: len(base) - (node.level - 1)]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            if not module.startswith("fanrules"):
                continue
            # ``from package import module`` imports the module; ``from module import name``, the module
            submodules = {f"{module}.{alias.name}" for alias in node.names} & known
            found |= submodules if len(submodules) == len(node.names) else submodules | {module}
    return found


def layer(module: str) -> str:
    """The layer of a dotted module name: ``fanrules.scoring.facts`` is in ``scoring``."""
    parts = module.split(".")
    if len(parts) == 1:
        return "facade"
    return parts[1]


def violations(graph: dict[str, set[str]]) -> list[str]:
    """Each import that crosses the layers the wrong way."""
    out = []
    for module, targets in sorted(graph.items()):
        own = layer(module)
        if own not in MAY_IMPORT:
            out.append(f"{module}: layer {own!r} has no place in MAY_IMPORT")
            continue
        for target in sorted(targets):
            other = layer(target)
            if other != own and other not in MAY_IMPORT[own]:
                out.append(f"{module} imports {target} ({own} may not import {other})")
    return out


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The import cycles between modules (an import of a package counts as one of its __init__)."""
    colour: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        colour[node] = 1
        stack.append(node)
        for nxt in sorted(graph.get(node, ())):
            if colour.get(nxt) == 1:
                found.append(stack[stack.index(nxt):] + [nxt])
            elif nxt not in colour:
                visit(nxt)
        stack.pop()
        colour[node] = 2

    for node in sorted(graph):
        if node not in colour:
            visit(node)
    return found


def import_graph(extra: dict[str, str] | None = None) -> dict[str, set[str]]:
    """The graph of imports between the package's modules; ``extra`` adds modules (name: source)."""
    files = module_files()
    graph: dict[str, set[str]] = {}
    for name, path in files.items():
        graph[name] = {t for t in imports_of(name, path, set(files)) if t in files and t != name}
    for name, source in (extra or {}).items():
        graph[name] = {t for t in imports_of(name, Path(f"{name}.py"), set(files), source) if t in files and t != name}
    return graph


def test_the_layers_hold() -> None:
    assert violations(import_graph()) == []


def test_no_import_cycles_between_modules() -> None:
    assert cycles(import_graph()) == []


@pytest.mark.parametrize(
    "name, source, why",
    [
        ("fanrules.core.extra", "from ..scoring import Scorer\n", "core imports nothing else of fanrules"),
        ("fanrules.dsl.extra", "def f():\n    from ..analysis.readings import readings\n", "a lazy import counts too"),
        ("fanrules.scoring.extra", "from fanrules.tools import cli\n", "nothing outside tools imports tools"),
        ("fanrules.analysis.extra", "import fanrules.ruleset\n", "analysis reads tiles, not rule sets"),
    ],
)
def test_a_forbidden_import_is_caught(name: str, source: str, why: str) -> None:
    """A temporary module with a forbidden import makes the layering check fail."""
    assert violations(import_graph({name: source})), why


def test_a_cycle_is_caught() -> None:
    graph = import_graph({"fanrules.core.extra": "from . import tiles\n"})
    graph["fanrules.core.tiles"] = graph["fanrules.core.tiles"] | {"fanrules.core.extra"}
    assert cycles(graph)


def test_the_package_folder_holds_only_the_facade_and_subpackages() -> None:
    loose = sorted(p.name for p in (ROOT / "engine").glob("*.py") if p.name not in ("__init__.py", "__main__.py"))
    assert loose == []


def test_no_module_is_over_450_lines() -> None:
    long = {str(p.relative_to(ROOT)): n for p in module_files().values()
            if (n := len(p.read_text(encoding="utf-8").splitlines())) > 450}
    assert long == {}


def test_scoring_starts_without_the_game_settlement_and_analysis_layers() -> None:
    """``import fanrules`` and a batch load only what scoring needs; the facade's other names are
    imported on first use, and every name of ``__all__`` resolves."""
    import subprocess
    import sys
    probe = ("import sys, fanrules\n"
             "from fanrules.tools import cli\n"
             "late = ('fanrules.game', 'fanrules.settlement', 'fanrules.analysis.advice', 'fanrules.scoring.reach', 'fanrules.web')\n"
             "print(sorted(m for m in late if m in sys.modules))\n"
             "assert all(getattr(fanrules, name) is not None for name in fanrules.__all__)\n"
             "print(sorted(m for m in late[:4] if m in sys.modules))\n"
             "assert set(fanrules.__all__) <= set(dir(fanrules))\n")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert done.stdout.splitlines() == ["[]", str(sorted(["fanrules.game", "fanrules.settlement", "fanrules.analysis.advice",
                                                           "fanrules.scoring.reach"]))]
