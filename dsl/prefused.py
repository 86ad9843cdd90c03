"""The fused functions of the shipped rule sets' scorers (dsl/fused.py), generated into modules of the
package ``shipped_fused`` beside this one when the wheel is built, so that making a scorer does not
compile their source (a third of a kilobyte of code per fan: most of what building a scorer did).

Each module is our own generator's output (scoring/prebuild.py, run by the wheel's build: never tracked,
never in a checkout, never in the cache, which holds no code), and imported like any other module
(Python's bytecode cache then applies). A checkout has no such package and compiles every fused source. A fused source is a
run of definitions of functions; each is held word for word, below a short header, by a module named
by the SHA-256 of the whole source and the definition's place in it (one module per definition, so that
no module is longer than the longest function). A fused source found there runs its modules' code with
the namespace the scorer made for it (functions made afresh from the code, not the modules'), given the
file name and lines it would have had compiled on its own; any other source (a user's rule set, an
edited one, a changed generator) finds no module and is compiled as before.
tests/test_shipped_documents.py checks, on an installed package, that the modules are what the generator
makes now and that their code is the source's compiled alone."""
from __future__ import annotations

import hashlib
from importlib import import_module
from types import CodeType, FunctionType
from typing import Any

#: The package of the generated modules.
PACKAGE = "shipped_fused"
#: What a generated module holds before its source's first line (its names are the scorer's: not type-checked,
#: nor linted: pyproject.toml).
HEADER = ('"""Made by the wheel\'s build from a shipped rule set\'s fused source (see dsl/prefused.py)."""',
          "# mypy: ignore-errors")
#: The generated package's __init__.py.
INIT = '"""The fused functions of the shipped rule sets, made by the wheel\'s build (see dsl/prefused.py)."""\n'


def module_name(source: str, part: int = 0) -> str:
    """The name of the generated module of a fused source's definition number ``part``."""
    return f"f_{hashlib.sha256(source.encode()).hexdigest()[:32]}_{part}"


def _parts(source: str) -> list[tuple[int, str]]:
    """The definitions of a fused source, each with the number of lines before it."""
    lines = source.splitlines(keepends=True)
    starts = [i for i, line in enumerate(lines) if line.startswith("def ")]
    if not starts or starts[0] != 0 or any(line[:1] not in (" ", "\n", "d") for line in lines):
        raise ValueError("a fused source is definitions of functions only")
    return [(first, "".join(lines[first:end])) for first, end in zip(starts, [*starts[1:], len(lines)])]


def module_sources(source: str) -> dict[str, str]:
    """The generated modules of ``source`` (a fused source) by name: a definition each, with the number
    of parts and the lines before its own."""
    parts = _parts(source)
    return {module_name(source, k): "\n".join((*HEADER, f"PARTS = {len(parts)}", f"OFFSET = {first}")) + "\n" + text
            for k, (first, text) in enumerate(parts)}


#: The lines of a generated module before its definition: the header, PARTS and OFFSET.
_BEFORE = len(HEADER) + 2


def relabel(code: CodeType, label: str, offset: int) -> CodeType:
    """``code`` (and the code it holds) as compiling the source alone under ``label`` would have named
    and numbered it (its definition has ``offset`` lines of the source before it)."""
    consts = tuple(relabel(c, label, offset) if isinstance(c, CodeType) else c for c in code.co_consts)
    return code.replace(co_filename=label, co_firstlineno=code.co_firstlineno - _BEFORE + offset, co_consts=consts)


def run_shipped(source: str, label: str, namespace: dict[str, Any]) -> bool:
    """Define the functions of ``source`` in ``namespace`` from its generated modules, if there are
    (True); False when there are none (compile the source)."""
    try:
        first = import_module(f"{__package__}.{PACKAGE}.{module_name(source)}")
        modules = [first, *(import_module(f"{__package__}.{PACKAGE}.{module_name(source, k)}") for k in range(1, first.PARTS))]
    except ModuleNotFoundError:
        return False
    for module in modules:
        for name, value in vars(module).items():
            if isinstance(value, FunctionType) and value.__module__ == module.__name__:
                namespace[name] = FunctionType(relabel(value.__code__, label, module.OFFSET), namespace, name)
    return True
