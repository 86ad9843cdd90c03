"""``fanrules check``, ``test``, ``rules show`` and ``diff``: the tools of a rule set's maintainer."""
from __future__ import annotations

import argparse
import itertools
import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any

from ..core.errors import CliError, ExitCode, InvalidHandError, UnknownFanError
from ..core.text import printable
from ..ruleset import Fan, RuleSet
from .cli_context import load_rules, remember_options, rules_arg

#: A progress line (on a terminal) every this many lines of a diff.
PROGRESS_EVERY = 200


def register(sub: Any) -> None:
    """The parsers of check, test, rules (show) and diff."""
    p = sub.add_parser("check", help="load and lint a rule set")
    _ruleset_args(p)
    p.set_defaults(run=cmd_check)
    p = sub.add_parser("test", help="run the examples embedded in a rule set's fan files")
    _ruleset_args(p)
    p.add_argument("-k", help="only examples whose id, English name or number matches")
    p.add_argument("--update", action="store_true", help="rewrite stale example counts and totals in place, and print each change")
    p.set_defaults(run=cmd_test)
    p = sub.add_parser("rules", help="show the effective rule set")
    rsub = p.add_subparsers(dest="rules_command", required=True)
    p = rsub.add_parser("show", help="the effective rule set after inheritance, with where each field comes from")
    p.add_argument("fan", nargs="?", help="a fan (number or name), or a section (procedure, settlement); default: everything")
    rules_arg(p)
    p.set_defaults(run=cmd_rules_show)
    p = sub.add_parser("diff", help="score JSONL cases under two rule sets and report what changes")
    p.add_argument("cases", help="JSONL file of input objects")
    rules_arg(p)
    p.add_argument("--against", default="mcr", help="the rule set to compare with (default mcr)")
    p.add_argument("--json", action="store_true", help="a machine-readable report")
    p.add_argument("--verbose", action="store_true", help="list each line that is no valid hand (by default: their count)")
    p.add_argument("--quiet", action="store_true", help="no progress line on stderr")
    p.set_defaults(run=cmd_diff)
    remember_options(rsub)


def _ruleset_args(p: argparse.ArgumentParser) -> None:
    """The rule set of check and test: ``--rules``, as every command, or (as before it) a positional."""
    p.add_argument("ruleset", nargs="?", help="the rule set, as --rules (kept for scripts written before --rules)")
    rules_arg(p, default=None)


def _loaded(args: argparse.Namespace) -> RuleSet:
    """The rule set a rule tool works on; says which file it is, and warns when the checkout around
    the working folder has a different copy of it (docs/rules.md)."""
    if args.ruleset is not None and args.rules is not None and args.ruleset != args.rules:
        raise CliError(f"two rule sets given ({args.ruleset!r} and --rules {args.rules!r}): give one", ExitCode.USAGE)
    ruleset = load_rules(args.rules or args.ruleset or "mcr")
    print(printable(f"rule set {ruleset.name}: {ruleset.path}"))
    from .checkout import checkout_warning

    warning = checkout_warning(ruleset, Path.cwd())
    if warning:
        print(printable(warning), file=sys.stderr)
    return ruleset


def cmd_check(args: argparse.Namespace) -> int:
    ruleset = _loaded(args)
    from ..ruleset.lint import lint

    findings = lint(ruleset)
    for d in findings:
        print(d.format())
    from ..ruleset.documents import status

    info = status(Path(ruleset.path))  # a shipped rule set read from its YAML for want of start-up data
    if info:
        print(printable(info), file=sys.stderr)
    print(printable(f"{ruleset.name}: {len(ruleset.fans)} fans, {len(findings)} finding(s)"))
    return 1 if findings else 0


def cmd_test(args: argparse.Namespace) -> int:
    ruleset = _loaded(args)
    from ..scoring.examples import run_examples

    outcomes = run_examples(ruleset, args.k)
    if not outcomes:
        raise CliError(printable(f"-k {args.k!r} matches no example (it matches a test id such as {ruleset.name}/{ruleset.fans[0].name_zh}[1], "
                                 "an English name or a fan number)" if args.k else f"rule set {ruleset.name} has no examples"),
                       ExitCode.USAGE if args.k else ExitCode.REFUSED)
    failed = [o for o in outcomes if not o.passed]
    for o in failed:
        print(printable(f"{o.example.where}: FAIL {o.test_id} {o.example.hand}: {o.message}"))
    skipped = sum(o.skipped for o in outcomes)
    print(f"{len(outcomes) - len(failed) - skipped} passed, {len(failed)} failed" + (f", {skipped} skipped" if skipped else ""))
    if skipped:
        print(f"skipped: {skipped} example(s) of a parent rule set whose hand {ruleset.name}'s own win condition refuses")
    if args.update and failed:
        from .update_examples import update_examples

        changes = update_examples(ruleset, failed)
        for line in changes:
            print(printable(line))
        updated = sum(" -> " in line for line in changes)
        print(f"updated {updated} value(s) in place; run fanrules test again to see the result")
        return 0 if all(" -> " in line for line in changes) else 1
    return 1 if failed else 0


def _section_lines(value: Any, path: str, origins: dict[str, Any]) -> list[str]:
    """A section's values, one ``path: value    # where`` line each, mappings opened key by key."""
    if isinstance(value, dict) and value:
        return [line for key, item in value.items() for line in _section_lines(item, f"{path}.{key}", origins)]
    where = origins.get(path)
    shown = json.dumps(value, ensure_ascii=False)
    return [f"  {path}: {shown}" + (f"    # {where}" if where else "    # inherited")]


def cmd_rules_show(args: argparse.Namespace) -> int:
    ruleset = load_rules(args.rules)
    if args.fan in ruleset.sections:
        print("\n".join(map(printable, _section_lines(ruleset.sections[args.fan], args.fan, ruleset.origins))))
        return 0
    if args.fan:
        try:
            fans = [ruleset.fan(int(args.fan) if args.fan.isascii() and args.fan.isdigit() else args.fan)]
        except UnknownFanError as err:
            raise CliError(str(err)) from None
    else:
        fans = list(ruleset.fans)
        _show_ruleset(ruleset)
    names = {f.number: f.name_zh for f in ruleset.fans}
    for fan in fans:
        _show_fan(fan, names)
    return 0


def _show_ruleset(ruleset: RuleSet) -> None:
    """The head of ``rules show`` without a fan: the rule set, its chain, settings, families and sections."""
    print(printable(f"rule set {ruleset.name}: {ruleset.title} (version {ruleset.version})"))
    print(printable(f"  chain: {' -> '.join(reversed(ruleset.chain))}"))
    for key in ("minimum",):
        where = ruleset.origins.get(key)
        print(printable(f"  {key}: {getattr(ruleset, key)}    # {where}"))
    names = {f.number: f.name_zh for f in ruleset.fans}
    for family in ruleset.families:
        print(printable(f"  family {family.name}: at most {family.cap} of {', '.join(names[n] for n in sorted(family.fans))}"))
    for name, section in ruleset.sections.items():
        print("\n".join(map(printable, _section_lines(section, name, ruleset.origins))))
    print()


def _show_fan(fan: Fan, names: dict[int, str]) -> None:
    """One fan's keys, each with the file and line it comes from; ``names`` gives the excluded fans' names."""
    print(printable(f"{fan.number} {fan.name_zh} {fan.name_en}"))
    for key, value in (("value", fan.points), ("description", fan.description), ("predicate", " ".join(fan.predicate.split()))):
        print(printable(f"  {key}: {value}    # {fan.origins.get(key, fan.where)}"))
    if fan.excludes:
        parts = []
        for ex in fan.excludes:
            extra = f" x{ex.count}" if ex.count else (" (own sets)" if ex.scope == "own_sets" else "")
            parts.append(names.get(ex.target, str(ex.target)) + extra)
        print(printable(f"  excludes: {', '.join(parts)}    # {fan.origins.get('excludes', fan.where)}"))
    if fan.bonus:
        print("  bonus: true")
    if fan.sources:
        print(f"  sources: {'; '.join(fan.sources)}    # {fan.origins.get('sources', fan.where)}")


def cmd_diff(args: argparse.Namespace) -> int:
    from .batch import parse_line, read_lines
    from .compare import BadLine, compare
    from .progress import Progress, progress_stream

    numbers: list[int] = []  # the line number of each record, as the records are read
    shown = Progress("diff", "lines", progress_stream(args.quiet))

    def records(f: IO[bytes]) -> Iterator[Any]:  # streamed: the cases are never all in memory
        for number, line in read_lines(f):
            if number % PROGRESS_EVERY == 0:
                shown.show(number)
            if line.strip():
                numbers.append(number)
                try:
                    yield parse_line(line, number)
                except InvalidHandError as err:  # its own line in the report, and the diff goes on
                    yield BadLine(number, str(err).removeprefix(f"line {number} ").removeprefix("is "))

    with open(args.cases, "rb") as f:
        report = compare(load_rules(args.rules), load_rules(args.against), records(f), (numbers[i] for i in itertools.count()))
    shown.done()
    print(json.dumps(report.to_json(), ensure_ascii=False) if args.json else report.format(args.verbose))
    return 0
