"""Which copy of a rule set a command checked: run inside a fanrules checkout whose ``rules/`` differs
from the installed copy that a shipped name loads, the rule tools say so (docs/rules.md)."""
from __future__ import annotations

import re
from pathlib import Path

from ..ruleset import RuleSet

_NAME = re.compile(r'^\s*name\s*=\s*"fanrules"\s*$', re.MULTILINE)


def checkout_root(start: Path) -> Path | None:
    """The nearest folder at or above ``start`` holding fanrules' pyproject.toml and a rules/ folder."""
    for folder in (start, *start.parents):
        project = folder / "pyproject.toml"
        if (folder / "rules").is_dir() and project.is_file():
            try:
                if _NAME.search(project.read_text(encoding="utf-8", errors="replace")):
                    return folder
            except OSError:
                return None
    return None


def _files(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*.yaml")) if p.is_file()}


def checkout_warning(ruleset: RuleSet, cwd: Path) -> str | None:
    """A warning when ``ruleset`` was loaded from outside the checkout around ``cwd`` while that
    checkout has its own, different copy of it (edits there are not what was checked)."""
    root = checkout_root(cwd.resolve())
    if root is None:
        return None
    loaded = Path(ruleset.path).resolve().parent
    mine = root / "rules" / loaded.name
    if not mine.is_dir() or loaded.is_relative_to(root.resolve()):
        return None
    try:
        if _files(mine) == _files(loaded):
            return None
    except OSError:
        return None
    shown = mine.relative_to(cwd.resolve()) if mine.is_relative_to(cwd.resolve()) else mine
    return (f"warning: this checkout's {shown} differs from the installed copy that was loaded ({loaded}); "
            f"to check your edits run the command on {shown} (or install the checkout with pip install -e .)")
