"""``fanrules judge --bots CMD1 CMD2 CMD3 CMD4``: four Botzone bot programs play hands at fanrules'
table (fanrules.botzone.judge; docs/interop.md), with per-move time and output limits and the rule
set's penalties; the totals are printed, each hand's log written with --log (``fanrules replay`` reads it)."""
from __future__ import annotations

import argparse
import json
from contextlib import nullcontext
from typing import Any

from ..core.errors import CliError, ExitCode
from ..core.files import replaced


def register(sub: Any) -> None:
    p = sub.add_parser("judge", help="run four Botzone bots over hands at the table and judge them")
    p.add_argument("--bots", nargs=4, required=True, metavar="CMD", help="the four bots' command lines (player 0 is east)")
    p.add_argument("--rules", default="botzone", help="rule set whose table, scoring and penalties apply (default botzone)")
    p.add_argument("--games", type=int, default=1, help="how many hands (default 1)")
    p.add_argument("--seed", type=int, default=0, help="hand i is dealt from the wall of seed*1000003+i")
    p.add_argument("--time-limit", type=float, default=6.0, help="seconds a bot has for each answer (default 6)")
    p.add_argument("--output-limit", type=int, default=65536, help="bytes a bot may print for each answer (default 65536)")
    p.add_argument("--log", help="write each hand's game log (JSON lines) to this file")
    p.add_argument("--json", action="store_true", help="print one JSON object per hand, then the totals")
    p.add_argument("--quiet", action="store_true", help="no progress line on stderr")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from ..botzone.judge import judge_hand
    from ..botzone.process import BotProcess
    from ..game.simulate import game_seed
    from ..game.winning import game_rules

    if args.games < 0 or args.time_limit <= 0 or args.output_limit <= 0:
        raise CliError("--games must be 0 or more, --time-limit and --output-limit more than 0", ExitCode.USAGE)
    rules = game_rules(args.rules)
    from .progress import Progress, progress_stream

    shown = Progress("judge", "hands", progress_stream(args.quiet))
    totals = [0, 0, 0, 0]
    outcomes: dict[str, int] = {}
    with replaced(args.log, "w", what="--log") if args.log is not None else nullcontext(None) as out:
        for game in range(args.games):
            shown.show(game, args.games)
            bots = [BotProcess(cmd, args.time_limit, args.output_limit) for cmd in args.bots]
            try:
                judged = judge_hand(bots, rules, game_seed(args.seed, game), quan=game // 4 % 4)
            finally:
                for bot in bots:
                    bot.close()
            totals = [t + c for t, c in zip(totals, judged.changes)]
            outcomes[judged.outcome] = outcomes.get(judged.outcome, 0) + 1
            if out is not None:
                out.write("\n".join(judged.log(game)) + "\n")
            summary = {"game": game, "outcome": judged.outcome, "changes": list(judged.changes), "turns": judged.turns,
                       **{k: v for k, v in judged.penalty.items() if k != "output"}}
            print(json.dumps(summary, ensure_ascii=False) if args.json else
                  f"hand {game}: {judged.outcome} {list(judged.changes)}" + (f" (player {judged.penalty['offender']}: {judged.penalty['reason']})"
                                                                           if judged.penalty else ""))
    shown.show(args.games, args.games)
    shown.done()
    print(json.dumps({"totals": totals, "outcomes": outcomes}) if args.json else f"totals {totals}; " +
          ", ".join(f"{n} {k}" for k, n in sorted(outcomes.items())))
    return 0
