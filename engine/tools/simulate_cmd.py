"""``fanrules simulate``: play seeded games and print what happened (wins, self-draws, exhaustive draws,
average points, how often each fan scored: the players' frequencies), each seat's and each player's
results; ``--players`` seats built-in players or your own (``module:Name``), ``--duplicate`` plays
each wall four times with the players rotated, ``--against`` plays the same seeds under a second rule
set and shows the paired differences with their 95% intervals, ``--compare-human`` puts the players'
fan shares beside human play's."""
from __future__ import annotations

import argparse
import json
import sys
from contextlib import nullcontext
from typing import Any

from ..core.errors import CliError, ExitCode
from ..core.files import check_output, replaced
from .roster_help import name_players


def register(sub: Any) -> None:
    p = sub.add_parser("simulate", help="play seeded games with built-in players and print statistics")
    p.add_argument("--games", type=int, default=100, help="how many games (with --duplicate: walls, each played four times; default 100)")
    p.add_argument("--seed", type=int, default=0, help="seed of the simulation: game i is played on the wall of seed*1000003+i")
    p.add_argument("--rules", default="mcr", help="rule set: a shipped name or a folder/ruleset.yaml path")
    p.add_argument("--against", help="a second rule set played on the same seeds; the paired differences (rules - against) are shown")
    name_players(p.add_argument("--players", default="expert",
                                help="one player for all four seats or four, comma separated: a built-in player (%(players)s; "
                                     "default expert) or module:Name"))
    p.add_argument("--duplicate", action="store_true", help="play each wall four times, the players rotated one seat each time")
    p.add_argument("--compare-human", action="store_true", help="print the players' fan shares beside human play's (rules/human_shares.yaml)")
    p.add_argument("--explain", action="store_true", help="with --log: each choice's action line carries the player's one-line reason")
    p.add_argument("--jobs", type=int, default=0, help="worker processes (0, the default: every CPU; at most the CPU count); the results do not depend on it")
    p.add_argument("--backend", choices=("local", "ray"), default="local",
                   help="where the chunks of games run: local processes (default) or a Ray cluster (the cluster extra; docs/scale.md); the results do not depend on it")
    p.add_argument("--address", help="with --backend ray: the cluster to join (ray://HOST:10001 or auto); without it, a local Ray cluster of --jobs CPUs")
    p.add_argument("--checkpoint", metavar="DIR", help="keep each finished chunk in DIR; a rerun with the same arguments reuses them (a killed study resumes)")
    p.add_argument("--quiet", action="store_true", help="no progress line on stderr")
    p.add_argument("--plot", metavar="FILE.svg", help="also draw the fan frequencies and the points histogram (both rule sets side by side with --against) as SVG")
    p.add_argument("--report", metavar="FILE.html",
                   help="also write one self-contained HTML page: the rule sets' differences, a corpus scored under both, "
                        "the paired figures, plots, the realism table and the command that reproduces it")
    p.add_argument("--corpus", metavar="FILE.jsonl",
                   help="with --report and --against: the hands to score under both rule sets (default: their fan files' examples)")
    p.add_argument("--log", help="write every game's log (JSON lines; the games under --rules) to this file")
    p.add_argument("--json", action="store_true", help="print the statistics as JSON")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from ..game import ProcedureError
    from ..game.roster import RosterError, players_of
    from ..game.simulate import Interrupted, run_study
    from .batch import usable_jobs

    if args.games < 0:
        raise CliError("--games must be 0 or more", ExitCode.USAGE)
    if args.jobs < 0:
        raise CliError("--jobs must be 0 (all cores) or more", ExitCode.USAGE)
    if args.explain and args.log is None:
        raise CliError("--explain writes the reasons into the log: give --log FILE", ExitCode.USAGE)
    try:
        players_of(args.players)
    except RosterError as err:
        raise CliError(str(err), ExitCode.USAGE) from None
    _check_outputs(args)
    jobs = usable_jobs(args.jobs)
    from ..study import BackendError, CheckpointError, executor
    try:
        run_on = executor(args.backend, jobs, args.address)
    except BackendError as err:
        raise CliError(str(err), ExitCode.USAGE) from None
    from .progress import Progress, progress_stream

    shown = Progress("simulate", "games", progress_stream(args.quiet))
    try:  # a log is replaced when both rule sets have played every game: a failed run keeps the old one
        with replaced(args.log, "w", what="--log") if args.log is not None else nullcontext(None) as out:
            log = None if out is None else (lambda line: out.write(line + "\n"))
            found = run_study(args.rules, args.games, seed=args.seed, players=args.players, jobs=jobs, against=args.against,
                          duplicate=args.duplicate, log=log, explain=args.explain,
                          progress=lambda s: shown.show(s.stats.games, args.games), executor=run_on, checkpoint=args.checkpoint,
                          on_checkpoint=lambda c: print(f"fanrules: simulate reused {c.reused} finished chunks of {args.checkpoint}",
                                                        file=sys.stderr))
            shown.done()
    except CheckpointError as err:
        shown.done()
        raise CliError(str(err), ExitCode.REFUSED) from None
    except ProcedureError as err:
        shown.done()
        raise CliError(str(err)) from None
    except Interrupted as err:
        # Ctrl-C: the totals of the games played so far, then a notice (batch's exit code for it)
        from ..game.simulate import Study
        shown.done()
        _print(args, err.study if err.study is not None else Study(err.stats))
        print(f"fanrules: simulate {err}", file=sys.stderr)
        return 130
    _print(args, found)
    if args.plot is not None:
        from .plot_svg import plot

        stats, other = found.stats, found.other
        with replaced(args.plot, "w", what="--plot") as out:
            out.write(plot([stats] if other is None else [stats, other], f"{args.players} players, seed {args.seed}, {stats.games} games"))
    if args.report is not None:
        _report(args, found)
    return 0


def _corpus_records(path: str) -> list[Any]:
    """The hand records of a JSONL file (a line that is no JSON is kept as the diff keeps it: a bad line)."""
    from ..core.errors import InvalidHandError
    from .batch import parse_line, read_lines
    from .compare import BadLine

    records: list[Any] = []
    try:
        with open(path, "rb") as f:
            for number, line in read_lines(f):
                if line.strip():
                    try:
                        records.append(parse_line(line, number))
                    except InvalidHandError as err:
                        records.append(BadLine(number, str(err)))
    except OSError as err:
        raise CliError(f"--corpus {path}: {err.strerror or err}", ExitCode.USAGE) from None
    return records


def _report(args: argparse.Namespace, found: Any) -> None:
    from .cli_context import load_rules
    from .simulate_html import corpus_comparison, example_records, report_html
    from .simulate_report import compare_human, comparison_rows, rate_rows

    ruleset_a = load_rules(args.rules)
    ruleset_b = load_rules(args.against) if args.against is not None else None
    corpus = None
    if ruleset_b is not None:
        if args.corpus is not None:
            records, source = _corpus_records(args.corpus), args.corpus
        else:
            records, source = example_records((ruleset_a, ruleset_b)), "the examples of both rule sets' fan files"
        corpus = corpus_comparison(ruleset_a, ruleset_b, records, source)
    rows = comparison_rows(found) if found.other is not None else rate_rows(found)
    page = report_html(found, args, rows, (ruleset_a, ruleset_b), corpus, compare_human(found.stats))
    with replaced(args.report, "w", what="--report") as out:
        out.write(page)


def _check_outputs(args: argparse.Namespace) -> None:
    """Refuse, before any game is played, an output that cannot be written or a --corpus with no report to go in."""
    if args.plot is not None:
        check_output(args.plot, [], "--plot")
    if args.report is not None:
        check_output(args.report, [], "--report")
    if args.corpus is not None and (args.report is None or args.against is None):
        raise CliError("--corpus is scored for the report of two rule sets: give --report FILE.html and --against R", ExitCode.USAGE)


def _walls(args: argparse.Namespace, found: Any) -> str:
    """Under --against, what the paired games share: the seeds always; the walls only when both rule
    sets' tables are made alike (tiles, stacks, dice, walls per seat or shared)."""
    from ..game import game_rules

    if found.other is None:
        return ""
    procs = [game_rules(r).procedure for r in (args.rules, args.against)]
    if len({(p.tile_count, p.stacks_per_side, p.dice_count, p.dice_throws, p.dice_wall, p.wall) for p in procs}) < 2:
        return ""
    def table(proc: Any) -> str:
        return f"{proc.tile_count} tiles, " + ("a wall per seat, no dice" if proc.wall == "per_seat" else f"{proc.dice_count} dice, one wall")
    return f"same seeds, different walls: {found.stats.rules} has {table(procs[0])}; {found.other.rules} {table(procs[1])}\n"


def _print(args: argparse.Namespace, found: Any) -> None:
    from .simulate_report import (
        compare_human,
        comparison_rows,
        format_comparison,
        format_human,
        format_players,
        format_rates,
        format_totals,
        human_rows,
        rate_rows,
    )

    stats, other = found.stats, found.other
    rows = comparison_rows(found) if other is not None else rate_rows(found)
    if args.json:
        head = {"players": args.players, "seed": args.seed, "duplicate": args.duplicate,
                "note": "frequencies of the simulated players, not of MCR play"}
        out: dict[str, Any] = {**head, **stats.to_json()}
        if other is not None:
            out = {**head, "games": stats.games, "same_walls": not _walls(args, found), "rules": stats.to_json(), "against": other.to_json(),
                   "differences": {"of": "rules - against", "per": "wall" if args.duplicate else "game",
                                   **{key: m.to_json() for key, m in sorted(found.paired.diffs.items())}}}
        out["comparison" if other is not None else "figures"] = rows
        if args.compare_human:
            out["compare_human"] = compare_human(stats)
            out["human"] = human_rows(out["compare_human"])
        print(json.dumps(out, ensure_ascii=False))
        return
    header = f"{args.players} players, seed {args.seed}" + (", duplicate: each wall four times" if args.duplicate else "")
    text = format_totals(found, header)
    if other is not None:
        text += "\n" + format_comparison(rows, stats.rules, other.rules, args.duplicate, len(found.units))
    else:
        text += "\n" + format_rates(rows, stats.rules, args.duplicate, len(found.units))
    for each in (stats, other):
        if each is not None and each.players:
            text += "\n" + format_players(each)
    if args.compare_human:
        text += "\n" + format_human(compare_human(stats))
    sys.stdout.write(text + _walls(args, found))
