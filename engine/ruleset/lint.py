"""Findings of ``fanrules check`` beyond loading: exclusion cycles, self-exclusion, missing examples."""
from __future__ import annotations

from ..core.errors import HandError
from ..core.notation import parse_hand
from ..dsl import Diagnostic
from .model import RuleSet


def lint(ruleset: RuleSet) -> list[Diagnostic]:
    """Findings of ``fanrules check``: exclusion cycles, self-exclusion, missing examples, bad example hands."""
    out: list[Diagnostic] = []
    by_number = {f.number: f for f in ruleset.fans}
    for fan in ruleset.fans:
        w = fan.origins.get("excludes", fan.where)
        if any(ex.target == fan.number for ex in fan.excludes):
            out.append(Diagnostic(file=w.file, line=w.line, column=w.column, code="L002", message=f"fan {fan} excludes itself",
                                  hint="remove it from its own excludes"))
        if not any(e.count > 0 for e in fan.examples) or not any(e.count == 0 for e in fan.examples):
            w = fan.origins.get("examples", fan.where)
            out.append(Diagnostic(file=w.file, line=w.line, column=w.column, code="L003",
                                  message=f"fan {fan} needs an example that scores and a near miss (count: 0)", hint="add both under examples:"))
        for example in fan.examples:
            try:
                parse_hand(example.hand, **example.context)
            except HandError as err:
                w = example.where
                out.append(Diagnostic(file=w.file, line=w.line, column=w.column, code="L004",
                                      message=f"example hand {example.hand!r} is not valid: {err}"))
    for cycle in _cycles(ruleset):
        fan = by_number[cycle[0]]
        w = fan.origins.get("excludes", fan.where)
        path = " -> ".join(str(by_number[n].name_zh) for n in cycle + [cycle[0]])
        out.append(Diagnostic(file=w.file, line=w.line, column=w.column, code="L001", message=f"exclusion cycle: {path}",
                              hint="a fan that excludes another cannot be excluded by it, directly or through others"))
    return out


def _cycles(ruleset: RuleSet) -> list[list[int]]:
    """Exclusion cycles, found by a depth-first walk kept on an explicit stack (a chain of exclusions
    as long as the rule set never nests Python calls)."""
    graph = {f.number: [ex.target for ex in f.excludes if ex.target != f.number] for f in ruleset.fans}
    colour: dict[int, int] = {}
    found: list[list[int]] = []
    for start in graph:
        if start in colour:
            continue
        colour[start] = 1
        path, todo = [start], [iter(graph[start])]
        while todo:
            m = next(todo[-1], None)
            if m is None:
                colour[path.pop()] = 2
                todo.pop()
            elif colour.get(m) == 1:
                found.append(path[path.index(m):])
            elif m not in colour:
                colour[m] = 1
                path.append(m)
                todo.append(iter(graph.get(m, [])))
    return found
