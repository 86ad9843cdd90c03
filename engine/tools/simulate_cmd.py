"""``fanrules simulate``: play seeded games with built-in players and print what happened (wins,
self-draws, exhaustive draws, average points, how often each fan scored); ``--against`` plays the same
seeds under a second rule set and shows the differences."""
from __future__ import annotations

import argparse
import json
import sys
from contextlib import nullcontext
from typing import Any

from ..core.errors import CliError, ExitCode
from ..core.files import check_output, replaced
from .result_table import pad, width


def register(sub: Any) -> None:
    p = sub.add_parser("simulate", help="play seeded games with built-in players and print statistics")
    p.add_argument("--games", type=int, default=100, help="how many games (default 100)")
    p.add_argument("--seed", type=int, default=0, help="seed of the simulation: game i is played on the wall of seed*1000003+i")
    p.add_argument("--rules", default="mcr", help="rule set: a shipped name or a folder/ruleset.yaml path")
    p.add_argument("--against", help="a second rule set played on the same seeds; the differences are shown")
    p.add_argument("--players", default="greedy", choices=("greedy", "random"), help="built-in players (default greedy)")
    p.add_argument("--jobs", type=int, default=0, help="worker processes (0, the default: every CPU; at most the CPU count); the results do not depend on it")
    p.add_argument("--quiet", action="store_true", help="no progress line on stderr")
    p.add_argument("--plot", metavar="FILE.svg", help="also draw the fan frequencies and the points histogram (both rule sets side by side with --against) as SVG")
    p.add_argument("--log", help="write every game's log (JSON lines; the games under --rules) to this file")
    p.add_argument("--json", action="store_true", help="print the statistics as JSON")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from ..game import ProcedureError, simulate
    from ..game.simulate import Interrupted
    from .batch import usable_jobs

    if args.games < 0:
        raise CliError("--games must be 0 or more", ExitCode.USAGE)
    if args.jobs < 0:
        raise CliError("--jobs must be 0 (all cores) or more", ExitCode.USAGE)
    if args.plot is not None:
        check_output(args.plot, [], "--plot")
    jobs = usable_jobs(args.jobs)
    from .progress import Progress, progress_stream

    shown = Progress("simulate", "games", progress_stream(args.quiet))
    stats = other = None
    try:  # a log is replaced when both rule sets have played every game: a failed run keeps the old one
        with replaced(args.log, "w", what="--log") if args.log is not None else nullcontext(None) as out:
            log = None if out is None else (lambda line: out.write(line + "\n"))
            each = args.games * (2 if args.against else 1)
            stats = simulate(args.rules, args.games, args.seed, args.players, jobs, log=log, progress=lambda s: shown.show(s.games, each))
            other = simulate(args.against, args.games, args.seed, args.players, jobs,
                             progress=lambda s: shown.show(args.games + s.games, each)) if args.against else None
            shown.done()
    except ProcedureError as err:
        shown.done()
        raise CliError(str(err)) from None
    except Interrupted as err:
        # Ctrl-C: the totals of the games played so far, then a notice (batch's exit code for it)
        shown.done()
        stats, other = (err.stats, None) if stats is None else (stats, err.stats)
        _print(args, stats, other)
        print(f"fanrules: simulate {err}", file=sys.stderr)
        return 130
    _print(args, stats, other)
    if args.plot is not None:
        from .plot_svg import plot

        with replaced(args.plot, "w", what="--plot") as out:
            out.write(plot([stats] if other is None else [stats, other], f"{args.players} players, seed {args.seed}, {stats.games} games"))
    return 0


def _print(args: argparse.Namespace, stats: Any, other: Any) -> None:
    from ..game import game_rules  # rule sets whose tiles, stacks or dice differ share the seeds, not the walls
    procs = [game_rules(r).procedure for r in (args.rules, args.against)] if other is not None else []
    walls = "" if len({(p.tile_count, p.stacks_per_side, p.dice_count, p.dice_throws, p.dice_wall) for p in procs}) < 2 else (
        f"same seeds, different walls: {stats.rules} has {procs[0].tile_count} tiles and {procs[0].dice_count} dice, "
        f"{other.rules} {procs[1].tile_count} and {procs[1].dice_count}\n")
    if args.json:
        out_json: dict[str, Any] = {"players": args.players, "seed": args.seed, **stats.to_json()}
        if other is not None:
            out_json = {"players": args.players, "seed": args.seed, "games": stats.games, "same_walls": not walls,
                        "rules": stats.to_json(), "against": other.to_json()}
        print(json.dumps(out_json, ensure_ascii=False))
        return
    sys.stdout.write(format_stats([stats] if other is None else [stats, other], args.players, args.seed) + walls)


def format_stats(all_stats: list[Any], players: str, seed: int) -> str:
    """One column per rule set: the totals, then each fan's count of wins (a third column with the
    difference when two rule sets are compared)."""
    names = [s.rules for s in all_stats]
    rows: list[tuple[str, ...]] = [("", *names, *(["difference"] if len(all_stats) == 2 else []))]

    def row(label: str, values: list[Any]) -> None:
        diff = [f"{values[1] - values[0]:+.2f}" if isinstance(values[0], float) else f"{values[1] - values[0]:+d}"] if len(values) == 2 else []
        rows.append((label, *(f"{v:.2f}" if isinstance(v, float) else str(v) for v in values), *diff))

    row("games", [s.games for s in all_stats])
    row("wins", [s.wins for s in all_stats])
    row("  self-drawn", [s.self_drawn for s in all_stats])
    row("  on a discard", [s.wins - s.self_drawn for s in all_stats])
    row("exhaustive draws", [s.draws for s in all_stats])
    row("average points", [s.average_points for s in all_stats])  # fixed two decimals
    fans = sorted({(n, s.label(n)) for s in all_stats for n in s.fans})
    if fans:
        rows.append(("wins scoring each fan:", *[""] * (len(rows[0]) - 1)))
    for number, label in fans:
        row("  " + label, [s.fans[number] if number in s.fans and s.label(number) == label else 0 for s in all_stats])
    widths = [max(width(r[i]) for r in rows) for i in range(len(rows[0]))]
    lines = [f"{players} players, seed {seed}"]
    for r in rows:
        lines.append("  ".join([pad(r[0], widths[0])] + [pad(c, w, right=True) for c, w in zip(r[1:], widths[1:])]).rstrip())
    return "\n".join(lines) + "\n"
