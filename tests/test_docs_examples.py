"""Every example of README.md and docs/*.md runs, as a reader of a fresh clone would run it: in a new
temporary folder holding what a clone has beside the package (tests/data, tests/fixtures, rules), each
document's Python blocks in one process, its shell commands one by one, and its YAML blocks that name
their file with its folder (a first line ``# myvariant/ruleset.yaml``, ``, continued`` to append) written
where they say (a block headed ``# ruleset.yaml`` alone is a fragment to read, not a file).

What is not run is said where it is: a block after ``<!-- not run by tests/test_docs_examples.py: why -->``
(installing, the test suite itself, a server or a browser), and the commands of NOT_RUN."""
from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCUMENTS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
SKIP_MARK = re.compile(r"<!-- not run by tests/test_docs_examples\.py: .+ -->")
SHELL = ("sh", "bash", "shell", "console")
#: Commands not run, by their first words, and why.
NOT_RUN = {
    "fanrules serve": "serves until stopped; the browser job (tests/test_web_browser.py) starts the playground",
}
#: A command written as a synopsis: optional parts in brackets, alternatives with a bar.
SYNOPSIS = re.compile(r" \[-|\|[a-z]")
#: Shell blocks of documents that are not about this checkout's files are told apart from a synopsis
#: by this: a line of a block without a language is a command when it starts so.
COMMAND = "fanrules "


@dataclass
class Example:
    """A document's examples in order: ("python", code), ("shell", command) or ("file", (path, text, append))."""

    document: Path
    steps: list[tuple[str, object]] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)


def examples(document: Path) -> Example:
    lines = document.read_text(encoding="utf-8").splitlines()
    found = Example(document)
    i = 0
    while i < len(lines):
        fence = re.match(r"^```(\S*)\s*$", lines[i])
        if not fence:
            i += 1
            continue
        end = next(j for j in range(i + 1, len(lines)) if lines[j].startswith("```"))
        lang, body, where = fence.group(1), lines[i + 1 : end], f"{document.name}:{i + 1}"
        marked = i > 0 and SKIP_MARK.search(lines[i - 1])
        if marked:
            found.skipped.append(where)
        elif lang == "python":
            found.steps.append(("python", "\n".join(body)))
        elif lang in SHELL or (lang == "" and body and all(not b.strip() or b.startswith(COMMAND) for b in body)):
            for line in body:
                if not shlex.split(line, comments=True):  # blank, or a comment alone
                    continue
                if SYNOPSIS.search(line.split("  #")[0]) or any(line.startswith(word) for word in NOT_RUN):
                    found.skipped.append(f"{where}: {line.split('  #')[0].strip()}")
                    continue
                found.steps.append(("shell", line))
        elif lang == "yaml" and body and (named := re.match(r"# (\S+/\S+\.yaml)(, continued)?$", body[0])):
            found.steps.append(("file", (named.group(1), "\n".join(body[1:]) + "\n", bool(named.group(2)))))
        i = end + 1
    return found


def _clone(tmp: Path) -> Path:
    """What a clone holds beside the package that examples name: the corpus, the fixtures, the rule files."""
    for part in ("tests/data", "tests/fixtures", "rules"):
        shutil.copytree(ROOT / part, tmp / part)
    return tmp


def _run_shell(command: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}"}
    return subprocess.run(["bash", "-c", "set -e -o pipefail; " + command], cwd=cwd, env=env, capture_output=True, text=True, timeout=600)


@pytest.mark.slow
@pytest.mark.parametrize("document", DOCUMENTS, ids=lambda p: p.name)
def test_every_example_of_the_document_runs(document: Path, tmp_path: Path) -> None:
    found = examples(document)
    folder = _clone(tmp_path)
    python: list[str] = []
    for kind, step in found.steps:
        if kind == "file":
            path, text, append = step  # type: ignore[misc]
            target = folder / path
            target.parent.mkdir(parents=True, exist_ok=True)
            with open(target, "a" if append else "w", encoding="utf-8") as f:
                f.write(text)
        elif kind == "shell":
            done = _run_shell(str(step), folder)
            assert done.returncode == 0 and "Traceback" not in done.stderr, f"{document.name}: {step}\n{done.stderr[-2000:]}"
        else:
            python.append(str(step))
    if python:
        done = subprocess.run([sys.executable, "-c", "\n\n".join(python)], cwd=folder, capture_output=True, text=True, timeout=600)
        assert done.returncode == 0, f"{document.name}: its Python examples\n{done.stderr[-3000:]}"


def test_the_runner_finds_the_examples_and_says_what_it_skips() -> None:
    readme = examples(ROOT / "README.md")
    commands = [step for kind, step in readme.steps if kind == "shell"]
    assert "fanrules waits 1112345678999m                               # winning tiles and what each scores" in commands
    assert any("tests/data/public.jsonl" in str(c) for c in commands)
    assert all(not str(c).startswith("fanrules serve") for c in commands)
    assert any(s.endswith(": fanrules serve") for s in readme.skipped)
    assert sum(": " not in s for s in readme.skipped) == 2  # the blocks marked: the install, the docs extra
    development = examples(ROOT / "docs" / "development.md")
    assert sum(": " not in s for s in development.skipped) == 3  # mypy and ruff, the fast loop, the long runs
    variants = examples(ROOT / "docs" / "variants.md")
    assert [step[0] for kind, step in variants.steps if kind == "file"] == [  # type: ignore[index]
        "myvariant/ruleset.yaml", "myvariant/fans/59-dragon-pung.yaml", "myvariant/fans/90-two-winds.yaml", "myvariant/ruleset.yaml",
        "club/ruleset.yaml", "club/fans/90-gang-shang-pao.yaml", "club/fans/91-concealed-self-draw-doubles.yaml"]
