"""The limits every hand-written unit of fanrules keeps (docs/architecture.md, "Small units"): no function
over 60 lines, no silenced complexity check (``noqa: C901``), and no import of another module's private
name. The source of engine/, dsl/ and bench/ is read, functions inside classes and functions included;
every offender is reported at once, as ``file:line``.

A generated module (its docstring starts with "Generated", as the start-up data's modules say) is not
hand-written and is left out. Importing a public name under a private local name (``import json as
_json``, ``from .x import y as _y``) is fine: the name is private here, not taken from elsewhere."""
from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
#: The folders of hand-written Python the limits hold for.
FOLDERS = ("engine", "dsl", "bench")
#: The most lines a function may have, from its ``def`` to its last line.
MAX_FUNCTION_LINES = 60
SILENCED_COMPLEXITY = re.compile(r"#\s*noqa\b[^\n]*\bC901\b")


def is_generated(tree: ast.Module) -> bool:
    """Whether a module says it was generated (its docstring starts with "Generated")."""
    doc = ast.get_docstring(tree)
    return doc is not None and doc.startswith("Generated")


def is_private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def long_functions(tree: ast.Module) -> list[tuple[int, str]]:
    """(line, message) of each function over MAX_FUNCTION_LINES lines."""
    out = []
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.end_lineno is not None:
            lines = node.end_lineno - node.lineno + 1
            if lines > MAX_FUNCTION_LINES:
                out.append((node.lineno, f"function {node.name} is {lines} lines (at most {MAX_FUNCTION_LINES})"))
    return out


def private_imports(tree: ast.Module) -> list[tuple[int, str]]:
    """(line, message) of each import of another module's private name, at any depth of the code:
    ``from x import _y`` and ``import x._y``."""
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            module = "." * node.level + (node.module or "")
            out += [(node.lineno, f"imports the private name {alias.name} of {module}")
                    for alias in node.names if is_private(alias.name)]
        elif isinstance(node, ast.Import):
            out += [(node.lineno, f"imports the private module {alias.name}")
                    for alias in node.names if any(map(is_private, alias.name.split(".")))]
    return out


def silenced_complexity(source: str) -> list[tuple[int, str]]:
    """(line, message) of each ``noqa`` that silences the complexity check."""
    return [(number, "silences the complexity check (noqa: C901)")
            for number, line in enumerate(source.splitlines(), 1) if SILENCED_COMPLEXITY.search(line)]


def offences(path: str, source: str) -> list[str]:
    """Every offence of one module against the limits, as ``path:line: message``."""
    tree = ast.parse(source, path)
    if is_generated(tree):
        return []
    found = long_functions(tree) + private_imports(tree) + silenced_complexity(source)
    return [f"{path}:{line}: {message}" for line, message in sorted(found)]


def all_offences() -> list[str]:
    out = []
    for folder in FOLDERS:
        for path in sorted((ROOT / folder).rglob("*.py")):
            out += offences(str(path.relative_to(ROOT)), path.read_text(encoding="utf-8"))
    return out


def test_every_hand_written_unit_keeps_the_limits() -> None:
    found = all_offences()
    assert not found, f"{len(found)} offences:\n" + "\n".join(found)


def test_the_scan_reads_the_package() -> None:
    """The limits are checked on the real source: a scan that read nothing would pass."""
    scanned = [p for folder in FOLDERS for p in (ROOT / folder).rglob("*.py")]
    assert len(scanned) > 150
    assert (ROOT / "engine" / "scoring" / "scorer.py") in scanned


LONG = "def f():\n" + "    x = 1\n" * MAX_FUNCTION_LINES


@pytest.mark.parametrize(
    "source, expected",
    [
        (LONG, [f"m.py:1: function f is {MAX_FUNCTION_LINES + 1} lines (at most {MAX_FUNCTION_LINES})"]),
        ("class C:\n    " + LONG.replace("\n", "\n    "), [f"m.py:2: function f is {MAX_FUNCTION_LINES + 1} lines"
                                                          f" (at most {MAX_FUNCTION_LINES})"]),
        ("from .calculator import read_pack, _tile\n", ["m.py:1: imports the private name _tile of .calculator"]),
        ("def f():\n    from fanrules.ruleset.build import _build\n",
         ["m.py:2: imports the private name _build of fanrules.ruleset.build"]),
        ("import fanrules.core._hidden\n", ["m.py:1: imports the private module fanrules.core._hidden"]),
        ("def f():  # noqa: C901\n    pass\n", ["m.py:1: silences the complexity check (noqa: C901)"]),
        ("def f():  # noqa: E501, C901 (why)\n    pass\n", ["m.py:1: silences the complexity check (noqa: C901)"]),
    ],
)
def test_an_offence_is_caught(source: str, expected: list[str]) -> None:
    assert offences("m.py", source) == expected


@pytest.mark.parametrize(
    "source",
    [
        "def f():\n" + "    x = 1\n" * (MAX_FUNCTION_LINES - 1),
        "import json as _json\nfrom .calculator import read_tile as _read_tile\n",
        "from __future__ import annotations\nfrom typing import TYPE_CHECKING\n",
        "def f():  # noqa: BLE001 (any error is reported)\n    pass\n",
        '"""Generated by a build step: do not edit."""\n' + LONG + "from .x import _y\n",
    ],
)
def test_what_keeps_the_limits_passes(source: str) -> None:
    assert offences("m.py", source) == []


def test_every_offence_is_reported_at_once() -> None:
    source = LONG + "from .a import _b, _c\n# noqa: C901\n"
    assert len(offences("m.py", source)) == 4
