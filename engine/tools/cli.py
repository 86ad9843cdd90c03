"""The ``fanrules`` command line: score, batch, waits, analyze, readings, record, demo, and the parsers of the
other commands' modules (rules_cmd.py: check, test, rules show, diff; simulate, replay, sheet, book, serve)."""
from __future__ import annotations

import argparse
import gc
import json
import os
import sys
from collections.abc import Sequence
from contextlib import nullcontext
from importlib import import_module
from typing import IO

from ..analysis.readings import readings
from ..core.errors import CliError, ExitCode, FanrulesError, HandError, NotAWinError, RuleSetError
from ..core.files import check_output, replaced
from ..core.hand import Hand
from ..core.inputs import to_hand
from ..core.jsonio import canonical_record, hand_to_record
from ..core.text import printable
from ..core.tiles import TILE_CODES
from ..scoring import Scorer
from . import startup
from .cli_context import (
    Parser,
    RawFormatter,
    VersionAction,
    add_hand_args,
    context_of,
    hand_arg,
    load_rules,
    os_error,
    record_help,
    remember_options,
    rules_arg,
    shipped_name,
    unknown_options,
)
from .result_table import format_result

#: The exit codes (core's ExitCode), shown by ``fanrules --help`` and the README.
EXIT_HELP = """\
exit codes: 0 ok; 1 some input refused or a check failed; 2 usage (the command line is wrong);
3 the rule set could not be found or loaded; 4 a file could not be read or written; 130 Ctrl-C
"""
HAND_HELP = "hand string, e.g. '[CCC,1]FFFPPP999s5m5m' (the last tile is the winning tile)"


def _hand(args: argparse.Namespace) -> Hand:
    return to_hand(hand_arg(args.hand), **context_of(args))


def cmd_score(args: argparse.Namespace) -> int:
    result = Scorer(load_rules(args.rules)).score(_hand(args))
    written = args.hand if not args.hand.lstrip().startswith("{") else None  # a record has no written form
    print(json.dumps(result.to_json(), ensure_ascii=False) if args.json else format_result(result, written))
    return 0


def cmd_record(args: argparse.Namespace) -> int:
    load_rules(args.rules)  # a record is the same under every rule set; a bad --rules is still refused
    print(json.dumps(canonical_record(hand_to_record(_hand(args), args.id)), ensure_ascii=False))
    return 0


def _stream(name: str | None, std: object, mode: str) -> IO[bytes]:
    """The file ``name`` opened in binary, or the standard stream (CliError when it is closed)."""
    if name is not None:
        return open(name, mode)
    if std is None or getattr(std, "buffer", None) is None:
        raise CliError(f"standard {'input' if 'r' in mode else 'output'} is closed: give --{'input' if 'r' in mode else 'output'} FILE", ExitCode.IO)
    return std.buffer  # type: ignore[attr-defined, no-any-return]


def cmd_batch(args: argparse.Namespace) -> int:
    if args.output is not None:  # before anything is read: an output that is an input is refused
        check_output(args.output, [0, *([args.input] if args.input is not None else [])], "--output")
    if args.jobs < 0:
        raise CliError("--jobs must be 0 (all cores) or more", ExitCode.USAGE)
    scorer = Scorer(load_rules(args.rules))
    from .batch import Interrupted, usable_jobs  # commands import what only they need: start-up stays short
    from .batch import run as run_batch
    cluster = None
    if args.backend != "local" or args.address is not None:
        from ..study import BackendError, executor
        try:
            cluster = executor(args.backend, usable_jobs(args.jobs), args.address)
        except BackendError as err:
            raise CliError(str(err), ExitCode.USAGE) from None

    inp = _stream(args.input, sys.stdin, "rb")
    refused = [0]
    try:
        gc.freeze()  # the scorer too: start-up ended as its rule set was loaded (tools/startup.py)
        with replaced(args.output, inputs=[0, inp.fileno()], what="--output") if args.output is not None \
                else nullcontext(_stream(None, sys.stdout, "wb")) as out:
            try:
                progress = sys.stderr if sys.stderr is not None and sys.stderr.isatty() and not args.quiet else None
                run_batch(inp, out, scorer, jobs=usable_jobs(args.jobs), progress=progress,
                          explain=not args.brief, cluster=cluster, refused=refused)
            except Interrupted as err:  # the complete lines written so far are kept, as the message says
                print(f"fanrules: batch {err}, each complete", file=sys.stderr)
                return 130
    finally:
        if args.input is not None:
            inp.close()
    return ExitCode.REFUSED if refused[0] else 0  # every line answered; some refused: exit 1, as the table says


def cmd_waits(args: argparse.Namespace) -> int:
    from ..scoring.scored_waits import scored_waits
    from .analyze_cmd import wait_cells

    table = scored_waits(hand_arg(args.hand), Scorer(load_rules(args.rules)), **context_of(args))
    if args.json:
        print(json.dumps([w.to_json() for w in table], ensure_ascii=False))
        return 0
    if not table:
        print("no wait: the hand is not ready")
    for w in table:
        print("  ".join([f"{TILE_CODES[w.tile]:>3}", *wait_cells(w, minimum=True)]))
    return 0


def cmd_readings(args: argparse.Namespace) -> int:
    load_rules(args.rules)  # readings are shapes, the same under every rule set; a bad --rules is still refused
    hand = _hand(args)
    found = readings(hand)
    if not found:
        raise NotAWinError("the tiles form no winning shape")
    for i, r in enumerate(found, 1):
        print(f"{i}. {r}")
    return 0


def cmd_demo(args: argparse.Namespace) -> int:
    from ..scoring.examples import example_hand

    ruleset = load_rules(args.rules)
    scorer = Scorer(ruleset)
    for number in args.fans:
        fan = ruleset.fan(number)
        example = next((e for e in fan.examples if e.count > 0), None)
        if example is None:
            raise CliError(printable(f"fan {fan.number} {fan.name_en} has no example that scores it: nothing to show"))
        print(printable(f"== an example of {fan.name_zh} {fan.name_en} =="))
        print(format_result(scorer.score(example_hand(example))))
        print()
    return 0


#: Modules of fanrules.tools that add commands of their own: each has ``register(subparsers)``, which
#: adds its parser and sets ``run``; each imports what its command needs only when it runs.
COMMAND_MODULES: tuple[str, ...] = ("simulate_cmd", "replay_cmd", "import_cmd", "sheet_cmd", "web_commands", "docs_cmd", "judge_cmd", "bot_cmd",
                                   "review_cmd", "completion")


def _add_score(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("score", help="score one hand and explain it")
    add_hand_args(p, HAND_HELP)
    rules_arg(p)
    p.add_argument("--json", action="store_true", help="print the JSONL contract's output object")
    p.set_defaults(run=cmd_score)


def _add_batch(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("batch", help="score JSONL records (stdin/stdout by default)", epilog=record_help(),
                       formatter_class=RawFormatter)
    p.add_argument("--input", help="input JSONL file")
    p.add_argument("--output", help="output JSONL file")
    p.add_argument("--jobs", type=int, default=1, help="worker processes (default 1; 0: every CPU; at most the CPU count); output order and bytes do not depend on it")
    p.add_argument("--backend", choices=("local", "ray"), default="local", help="local processes (default) or a Ray cluster (the cluster extra; docs/scale.md)")
    p.add_argument("--address", help="with --backend ray: the cluster to join; without it, a local Ray cluster of --jobs CPUs")
    p.add_argument("--quiet", action="store_true", help="no progress line on stderr")
    p.add_argument("--brief", action="store_true",
                   help="answers with the contract's fields only (id, total, total_with_flowers, fans, error): no sets, "
                        "reading or not_counted")
    rules_arg(p)
    p.set_defaults(run=cmd_batch)


def _add_waits(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("waits", help="the tiles that complete a 13-tile hand, with their scores")
    add_hand_args(p, "13 tiles (declared sets count as 3), e.g. 1112345678999m", surface="waits")
    p.add_argument("--json", action="store_true", help="each winning tile with both results as JSON")
    rules_arg(p)
    p.set_defaults(run=cmd_waits)


#: The commands whose parser alone is made when the command line names them (parsing one command needs
#: only its own, and building every other command's parser would add to each start-up of the common ones).
QUICK = {"score": _add_score, "batch": _add_batch, "waits": _add_waits}
#: Every command, in the order build_parser adds them: the usage line of a QUICK one's parser names them all.
COMMANDS = ("score", "batch", "waits", "analyze", "readings", "record", "check", "test", "rules", "diff", "demo", "simulate", "replay",
            "import", "sheet", "book", "serve", "docs", "judge", "bot", "review", "completion")


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The command line's parser: every command, or with ``command`` one of QUICK, that one alone."""
    parser: argparse.ArgumentParser = Parser(prog="fanrules", description="Score Chinese Official Mahjong (MCR) hands with rules written as data.",
                                             epilog=EXIT_HELP, formatter_class=RawFormatter)
    parser.add_argument("--version", action=VersionAction)
    sub = parser.add_subparsers(dest="command", required=True, metavar="{" + ",".join(COMMANDS) + "}" if command in QUICK else None)
    for name, add in QUICK.items():
        if command not in QUICK or command == name:
            add(sub)
    if command not in QUICK:
        _add_others(sub)
    remember_options(sub)
    return parser


def _add_others(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    from . import analyze_cmd  # here: score, batch and waits never build its parser

    analyze_cmd.add_parser(sub)
    p = sub.add_parser("readings", help="every reading of a complete hand (for debugging rules)")
    add_hand_args(p, HAND_HELP)
    rules_arg(p)
    p.set_defaults(run=cmd_readings)
    p = sub.add_parser("record", help="print the JSONL record of a hand (for a batch or a corpus)")
    add_hand_args(p, HAND_HELP)
    p.epilog = f"{record_help()}\n{p.epilog}"
    p.add_argument("--id", help="the record's id")
    rules_arg(p)
    p.set_defaults(run=cmd_record)
    from . import rules_cmd  # here: score, batch and waits never build these parsers

    rules_cmd.register(sub)
    p = sub.add_parser("demo", help="score a few example hands and show the results")
    rules_arg(p)
    p.add_argument("--fans", nargs="*", default=[2, 39, 19, 63], type=int, help="fan numbers whose first example to show")
    p.set_defaults(run=cmd_demo)
    for name in COMMAND_MODULES:
        import_module(f"{__package__}.{name}").register(sub)


def _quiet_stdout() -> None:
    """After a closed pipe, send what is left of stdout nowhere (no error when Python exits)."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (AttributeError, OSError, ValueError):
        pass


def main(argv: Sequence[str] | None = None, thaw: bool = True) -> int:
    """Run a command, the collector paused for its start-up (tools/startup.py); with ``thaw``, what
    start-up froze is thawed at the end, so that a caller in its own process gets its collector back as
    it was."""
    collecting = startup.begin()
    try:
        return _run(argv)
    finally:
        startup.finish(collecting, thaw)


def program() -> int:
    """The ``fanrules`` program and ``python -m fanrules``: main() in a process that ends with it, so
    that what start-up froze stays frozen, and the collections as Python exits walk it no more (work
    that would only delay the exit of a process that is ending anyway)."""
    return main(thaw=False)


def _run(argv: Sequence[str] | None) -> int:
    words = sys.argv[1:] if argv is None else list(argv)
    args = unknown_options(build_parser(words[0] if words else None), argv)
    if sys.stdout is None and not getattr(args, "output", None):
        print("fanrules: standard output is closed", file=sys.stderr)  # printed nowhere if stderr is closed too
        return ExitCode.IO
    if args.run not in (cmd_score, cmd_batch, cmd_waits):  # these end start-up as they load their rule set
        startup.end()
    try:
        for name in ("rules", "against", "ruleset"):  # every rule set named on the command line, in any case
            if isinstance(getattr(args, name, None), str):
                setattr(args, name, shipped_name(getattr(args, name)))
        return int(args.run(args))
    except BrokenPipeError:
        _quiet_stdout()
        return ExitCode.OK
    except KeyboardInterrupt:
        print("fanrules: interrupted", file=sys.stderr)
        return ExitCode.INTERRUPTED
    except (FanrulesError, OSError, KeyError) as err:
        return _failed(err, args.parser)


def _failed(err: Exception, parser: argparse.ArgumentParser) -> ExitCode:
    """Report an error on stderr (one line; a usage error after the command's usage, a rule set's
    diagnostics before their count) and return its exit code (core's ExitCode, README)."""
    if isinstance(err, CliError) and err.code == ExitCode.USAGE:  # as argparse's own
        parser.print_usage(sys.stderr)
        print(f"{parser.prog}: error: {err}", file=sys.stderr)
        return ExitCode.USAGE
    if isinstance(err, RuleSetError) and err.diagnostics:
        print(str(err), file=sys.stderr)
        print(f"fanrules: {len(err.diagnostics)} problem(s) in the rule set", file=sys.stderr)
        return ExitCode.RULES
    if isinstance(err, OSError):
        print(f"fanrules: {os_error(err)}", file=sys.stderr)
        return ExitCode.IO
    # A bad hand, a fan the rule set lacks (an UnknownFanError, without diagnostics), another CliError
    print(f"fanrules: {err.kind}: {err}" if isinstance(err, HandError) else f"fanrules: {err}", file=sys.stderr)
    return err.code if isinstance(err, CliError) else ExitCode.REFUSED
