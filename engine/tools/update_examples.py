"""``fanrules test --update``: rewrite the stale counts and totals of a rule set's examples in place,
touching only those numbers (comments, layout and every other line stay as they are)."""
from __future__ import annotations

import re
from pathlib import Path

from ..core.files import replaced
from ..ruleset import RuleSet
from ..ruleset.yamlpos import YList, YMap, read_yaml
from ..scoring.examples import ExampleOutcome

_NUMBER = re.compile(r"-?\d+")


def update_examples(ruleset: RuleSet, outcomes: list[ExampleOutcome]) -> list[str]:
    """Rewrite every failed example's count and total to what scoring found; returns one line per
    change (``file:line: count 1 -> 0``) and per example that could not be updated, and why."""
    folder = Path(ruleset.path).resolve().parent
    edits: dict[Path, list[tuple[ExampleOutcome, dict[str, int]]]] = {}
    report: list[str] = []
    for o in outcomes:
        if o.passed:
            continue
        where = o.example.where
        if o.count is None or o.total is None:
            report.append(f"{where}: not updated: {o.message}")
            continue
        path = Path(where.file).resolve()
        if not path.is_relative_to(folder):
            report.append(f"{where}: not updated: the example is inherited from another rule set; override the fan to change it")
            continue
        wanted = {"count": o.count}
        if o.example.total is not None:
            wanted["total"] = o.total
        edits.setdefault(path, []).append((o, wanted))
    for path, items in edits.items():
        report += _rewrite(path, items)
    return report


def _rewrite(path: Path, items: list[tuple[ExampleOutcome, dict[str, int]]]) -> list[str]:
    text = path.read_text(encoding="utf-8")
    data, _ = read_yaml(str(path), text)
    examples = data.get("examples") if isinstance(data, YMap) else None
    found = dict(zip(examples.item_pos, examples)) if isinstance(examples, YList) else {}
    lines = text.split("\n")
    report = []
    for o, wanted in items:
        item = found.get((o.example.where.line, o.example.where.column))
        if not isinstance(item, YMap):
            report.append(f"{o.example.where}: not updated: the example is no longer where it was read")
            continue
        for key, new in wanted.items():
            old = item.get(key)
            if old == new or key not in item.value_pos:
                continue
            line, col = item.value_pos[key]
            match = _NUMBER.match(lines[line - 1], col - 1)
            if not isinstance(old, int) or match is None or int(match.group()) != old:
                report.append(f"{path}:{line}: not updated: {key} is not written as a plain number")
                continue
            lines[line - 1] = lines[line - 1][: match.start()] + str(new) + lines[line - 1][match.end():]
            report.append(f"{path}:{line}: {o.test_id} {key} {old} -> {new}")
    with replaced(str(path), "w", inputs=(), what="a rule file") as out:  # renamed over it when written whole
        out.write("\n".join(lines))
    return report
