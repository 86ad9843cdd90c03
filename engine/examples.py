"""Run the examples embedded in fan files, and lint a rule set."""
from __future__ import annotations

import fnmatch
from dataclasses import dataclass

from .dsl import Diagnostic
from .hand import Hand, HandError
from .notation import parse_hand
from .ruleset import Example, Fan, RuleSet
from .scoring import Scorer


@dataclass(frozen=True)
class ExampleOutcome:
    """One example run: its test id (``mcr/<fan name>[1]``), whether it passed and why not."""

    test_id: str
    fan: Fan
    example: Example
    passed: bool
    message: str


def example_hand(example: Example) -> Hand:
    """The Hand of an example (raises HandError)."""
    return parse_hand(example.hand, **example.context)


def run_examples(ruleset: RuleSet, pattern: str | None = None) -> list[ExampleOutcome]:
    """Score every embedded example; ``pattern`` filters on the test id, fan number or names."""
    scorer = Scorer(ruleset)
    out: list[ExampleOutcome] = []
    for fan in ruleset.fans:
        for i, example in enumerate(fan.examples, 1):
            test_id = f"{ruleset.name}/{fan.name_zh}[{i}]"
            if pattern and not any(fnmatch.fnmatch(s.casefold(), f"*{pattern.casefold()}*") for s in (test_id, fan.name_en, str(fan.number))):
                continue
            out.append(_run(scorer, fan, example, test_id))
    return out


def _run(scorer: Scorer, fan: Fan, example: Example, test_id: str) -> ExampleOutcome:
    try:
        result = scorer.score(example_hand(example))
    except HandError as err:
        return ExampleOutcome(test_id, fan, example, False, f"{err.kind}: {err}")
    got = next((c.count for c in result.fans if c.fan.number == fan.number), 0)
    problems = []
    if got != example.count:
        problems.append(f"{fan.name_zh} counts {got}, expected {example.count}")
    if example.total is not None and result.total != example.total:
        problems.append(f"total {result.total}, expected {example.total}")
    if problems:
        fans = ", ".join(f"{c.fan.name_zh}x{c.count}" if c.count > 1 else c.fan.name_zh for c in result.fans)
        return ExampleOutcome(test_id, fan, example, False, "; ".join(problems) + f" (scored: {fans})")
    return ExampleOutcome(test_id, fan, example, True, "")


def lint(ruleset: RuleSet) -> list[Diagnostic]:
    """Findings of ``fanrules check``: exclusion cycles, self-exclusion, missing examples, bad example hands."""
    out: list[Diagnostic] = []
    by_number = {f.number: f for f in ruleset.fans}
    for fan in ruleset.fans:
        w = fan.origins.get("excludes", fan.where)
        if any(ex.target == fan.number for ex in fan.excludes):
            out.append(Diagnostic(w.file, w.line, w.column, "L002", f"fan {fan} excludes itself", "remove it from its own excludes"))
        if not any(e.count > 0 for e in fan.examples) or not any(e.count == 0 for e in fan.examples):
            w = fan.origins.get("examples", fan.where)
            out.append(Diagnostic(w.file, w.line, w.column, "L003", f"fan {fan} needs an example that scores and a near miss (count: 0)",
                                  "add both under examples:"))
        for example in fan.examples:
            try:
                example_hand(example)
            except HandError as err:
                w = example.where
                out.append(Diagnostic(w.file, w.line, w.column, "L004", f"example hand {example.hand!r} is not valid: {err}"))
    for cycle in _cycles(ruleset):
        fan = by_number[cycle[0]]
        w = fan.origins.get("excludes", fan.where)
        path = " -> ".join(str(by_number[n].name_zh) for n in cycle + [cycle[0]])
        out.append(Diagnostic(w.file, w.line, w.column, "L001", f"exclusion cycle: {path}",
                              "a fan that excludes another cannot be excluded by it, directly or through others"))
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
