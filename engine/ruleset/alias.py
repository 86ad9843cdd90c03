"""Old names of rule sets: a ``ruleset.yaml`` with ``alias_of`` stands for another rule set, and loading
it loads that one with a notice (the ``deprecated`` text)."""
from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..core.errors import Diagnostic, RuleSetError
from .families import FileContext
from .files import located, resolve, shipped_rulesets
from .yamlpos import YMap

#: How many old names may lead to a rule set (a longer chain is a mistake, or a loop).
MAX_HOPS = 4

ALIAS_KEYS = ("name", "description", "deprecated", "alias_of")


def alias_target(path: Path, data: YMap, ctx: FileContext) -> tuple[Path, str] | None:
    """The file of the rule set that ``data`` (read from ``path``) stands for, and the notice; None when
    it is no alias. Problems are reported on ``ctx`` (the caller raises them)."""
    if "alias_of" not in data:
        return None
    for key in data:
        if key not in ALIAS_KEYS:
            ctx.error(data.key_pos[key], "R003", f"'{key}' cannot go with alias_of", "an alias only names the rule set it stands for")
    target = data["alias_of"]
    if not isinstance(target, str):
        ctx.error(data.value_pos["alias_of"], "R005", "'alias_of' must be text: a shipped name or a path")
        return path, ""
    if not resolve(target, path.parent).is_file():
        ctx.error(data.value_pos["alias_of"], "R013", f"unknown rule set '{target}' in alias_of", f"shipped rule sets: {', '.join(shipped_rulesets())}")
    name = data.get("name", path.parent.name)
    said = data.get("deprecated") or "an old name"
    return located(resolve(target, path.parent)), f"'{name}' is an old name of '{target}': {said}"


def follow_aliases(path: str, read: Callable[[Path, list[Diagnostic]], tuple[Any, Any]]) -> tuple[str, tuple[str, ...]]:
    """The file a rule-set path stands for after its old names, and their notices. Raises RuleSetError
    for a bad alias or a chain longer than MAX_HOPS."""
    notices: list[str] = []
    while Path(path).is_file():
        sink: list[Diagnostic] = []
        data, ctx = read(Path(path), sink)
        alias = alias_target(Path(path), data, ctx) if isinstance(data, YMap) and ctx else None
        if alias is None:
            break
        if sink or len(notices) >= MAX_HOPS:
            raise RuleSetError(sink or [Diagnostic(file=path, line=1, column=1, code="R013", hint="name the rule set itself",
                                                   message=f"alias_of leads through more than {MAX_HOPS} names")])
        notices.append(alias[1])
        path = str(alias[0])
    return path, tuple(notices)


def deprecation(data: YMap, name: str) -> tuple[str, ...]:
    """The notice of a rule set's ``deprecated`` key, if it has one."""
    said = data.get("deprecated")
    return (f"{name}: {said}",) if isinstance(said, str) else ()
