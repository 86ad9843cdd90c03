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
    graph = {f.number: [ex.target for ex in f.excludes if ex.target != f.number] for f in ruleset.fans}
    colour: dict[int, int] = {}
    stack: list[int] = []
    found: list[list[int]] = []

    def visit(n: int) -> None:
        colour[n] = 1
        stack.append(n)
        for m in graph.get(n, []):
            if colour.get(m) == 1:
                found.append(stack[stack.index(m):])
            elif m not in colour:
                visit(m)
        stack.pop()
        colour[n] = 2

    for n in graph:
        if n not in colour:
            visit(n)
    return found
