"""Root causes first: a problem that hides a parent rule set or a whole file makes others appear
(fans that seem missing, with wrong did-you-mean hints). These are left out so the cause stands out."""
from __future__ import annotations

import re
from pathlib import Path

from ..dsl import Diagnostic

#: A parent that cannot be found or leads back to its child: nothing else can be judged without it.
PARENT = "R013"
#: A file that could not be read as YAML (unreadable, syntax, too large, too deep).
UNREAD = frozenset({"R000", "R001", "R010", "R011"})
#: A reference to a fan that is nowhere to be found.
UNKNOWN_FAN = "R006"
_DEFINES = re.compile(r"^(?:number|name_zh|name_en):\s*[\"']?(.*?)[\"']?\s*$", re.MULTILINE)
_REF = re.compile(r"unknown fan '?(.*?)'?(?: in |$)")


def _defined_in(path: str) -> set[str]:
    """The number and names a fan file that could not be parsed gives itself, read line by line."""
    try:
        text = Path(path).read_text(encoding="utf-8", errors="replace")
    except OSError:
        return set()
    return {m.group(1).casefold() for m in _DEFINES.finditer(text)}


def without_cascade(diagnostics: list[Diagnostic]) -> list[Diagnostic]:
    """An unknown or cyclic parent alone; else, when a file could not be read, every problem but the
    references to the fan that file defines."""
    parents = [d for d in diagnostics if d.code == PARENT]
    if parents:
        return parents
    hidden: set[str] = set()
    for d in diagnostics:
        if d.code in UNREAD:
            hidden |= _defined_in(d.file)
    if not hidden:
        return diagnostics
    return [d for d in diagnostics if not (d.code == UNKNOWN_FAN and _ref(d) in hidden)]


def _ref(d: Diagnostic) -> str | None:
    match = _REF.search(d.message)
    return match.group(1).casefold() if match else None
