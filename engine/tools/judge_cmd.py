"""``fanrules judge --bots CMD1 CMD2 CMD3 CMD4``: four Botzone bot programs play hands at fanrules'
table (fanrules.botzone.judge; docs/interop.md), with per-move time and output limits and the rule
set's penalties; each hand is printed (who won, on what, with which fans and points, or the penalty; every
player's change beside their number and seat wind), then the totals; each hand's log is written with
--log (``fanrules replay`` reads it). With --duplicate each wall is played four times, the bots rotated
one seat each time, and each bot's results (points per hand with the 95% interval over the walls, win
and deal-in rates, average win) are printed as ``simulate --duplicate`` prints each player's."""
from __future__ import annotations

import argparse
import json
from collections.abc import Sequence
from contextlib import nullcontext
from typing import IO, TYPE_CHECKING, Any

from ..core.errors import CliError, ExitCode
from ..core.files import replaced
from ..core.tiles import WIND_CODES, tile_code

if TYPE_CHECKING:
    from ..botzone.judge import Judged
    from ..game.stats import Stats
    from ..game.winning import GameRules, Win


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
    p.add_argument("--duplicate", action="store_true",
                   help="play each wall four times, the bots rotated one seat each time; each bot's results with 95%% intervals")
    p.add_argument("--quiet", action="store_true", help="no progress line on stderr")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from ..game.roster import seated
    from ..game.seat import SEAT_COUNT as SEATS
    from ..game.stats import Stats
    from ..game.winning import game_rules

    if args.games < 0 or args.time_limit <= 0 or args.output_limit <= 0:
        raise CliError("--games must be 0 or more, --time-limit and --output-limit more than 0", ExitCode.USAGE)
    rules = game_rules(args.rules)
    from .progress import Progress, progress_stream

    shown = Progress("judge", "walls" if args.duplicate else "hands", progress_stream(args.quiet))
    rotations = range(SEATS) if args.duplicate else range(1)
    stats = Stats(rules.name, players=tuple(args.bots))
    totals = [0] * SEATS
    outcomes: dict[str, int] = {}
    winds = WIND_CODES
    with replaced(args.log, "w", what="--log") if args.log is not None else nullcontext(None) as out:
        for game in range(args.games):
            shown.show(game, args.games)
            points, hands = [0] * SEATS, [0] * SEATS
            for rotation in rotations:
                order = seated(rotation)  # seat p holds bot order[p]
                judged = _judged(args, rules, [args.bots[i] for i in order], game)
                stats.add(judged.table, order, paid=judged.changes)
                for p, i in enumerate(order):
                    points[i] += judged.changes[p]
                    hands[i] += 1
                totals = [t + c for t, c in zip(totals, judged.changes)]
                winds = tuple(tile_code(w) for w in judged.table.seat_winds)
                outcomes[judged.outcome] = outcomes.get(judged.outcome, 0) + 1
                _show(args, out, judged, game, rotation if args.duplicate else None)
            stats.unit(points, hands)
    shown.show(args.games, args.games)
    shown.done()
    _conclude(args, stats, totals, outcomes, winds)
    return 0


def _judged(args: argparse.Namespace, rules: GameRules, commands: Sequence[str], game: int) -> Judged:
    """Hand ``game`` (its wall, its prevalent wind) played by the bots ``commands``, seat by seat."""
    from ..botzone.judge import judge_hand
    from ..botzone.process import BotProcess
    from ..game.simulate import game_seed

    bots = [BotProcess(cmd, args.time_limit, args.output_limit) for cmd in commands]
    try:
        return judge_hand(bots, rules, game_seed(args.seed, game), quan=game // 4 % 4)
    finally:
        for bot in bots:
            bot.close()


def _show(args: argparse.Namespace, out: IO[str] | None, judged: Judged, game: int, rotation: int | None) -> None:
    """One hand written to the log and printed (with its rotation, in a duplicate match)."""
    if out is not None:
        out.write("\n".join(judged.log(game, rotation)) + "\n")
    summary = {"game": game, **({} if rotation is None else {"rotation": rotation}), "outcome": judged.outcome,
               "changes": list(judged.changes), "turns": judged.turns, **{k: v for k, v in judged.penalty.items() if k not in ("output", "stderr")}}
    label = f"{game}" if rotation is None else f"{game} rotation {rotation}"
    print(json.dumps(summary, ensure_ascii=False) if args.json else "\n".join(hand_lines(label, judged)))


def _conclude(args: argparse.Namespace, stats: Stats, totals: Sequence[int], outcomes: dict[str, int], winds: Sequence[str]) -> None:
    """The totals per seat and how the hands ended; in a duplicate match, each bot's results as
    ``simulate --duplicate`` gives each player's (points per hand with its 95% interval over the walls)."""
    from ..game.seat import SEAT_COUNT
    from .simulate_report import format_players

    if args.json:
        extra = {k: v for k, v in stats.to_json().items() if k in ("by_player", "points_per_hand", "margin")} if args.duplicate else {}
        print(json.dumps({"totals": list(totals), "outcomes": outcomes, **extra}))
        return
    print(totals_line(totals, outcomes, winds))
    if args.duplicate:
        print(f"duplicate: {stats.games // SEAT_COUNT} walls, each played four times with the bots rotated one seat; a unit is a wall; "
              "bot i is the i-th of --bots")
        print(format_players(stats), end="")


#: How the totals line names each outcome, one and several.
OUTCOME_WORDS = {"win": ("hand won", "hands won"), "draw": ("draw", "draws"), "penalty": ("penalty", "penalties")}


def seats(values: Sequence[int], winds: Sequence[str]) -> str:
    """Each player's signed value beside their number and seat wind: ``0 E -8, 1 S -16, ...``."""
    return ", ".join(f"{p} {winds[p]} {v:+d}" for p, v in enumerate(values))


def hand_lines(game: int | str, judged: Judged) -> list[str]:
    """What ``fanrules judge`` prints for one hand: who won, on what and from whom, with which fans and
    points (or the draw, or who was penalised and why), then every player's change."""
    table = judged.table
    winds = [tile_code(w) for w in table.seat_winds]
    if judged.penalty:
        who = judged.penalty["offender"]
        head = f"penalty on player {who} ({winds[who]}): {judged.penalty['reason']}"
        last = judged.penalty.get("stderr", "").strip().splitlines()[-1:]
        head += "".join(f"\n  its standard error ends: {line[:200]}" for line in last)
    elif table.wins:
        head = "; ".join(_won(win, winds) for win in table.wins)
    else:
        head = "exhaustive draw: nobody won"
    lines = [f"hand {game}: {head}"]
    lines += [f"  {c.fan.name_zh} {c.fan.name_en} {c.points}" + (f" x{c.count}" if c.count > 1 else "")
              for win in ([] if judged.penalty else table.wins) for c in win.result.fans]
    lines.append(f"  changes: {seats(judged.changes, winds)}")
    return lines


def _won(win: Win, winds: Sequence[str]) -> str:
    how = "self-drawn" if win.discarder is None else f"on player {win.discarder} ({winds[win.discarder]})'s discard"
    flowers = win.result.total_with_flowers - win.result.total
    extra = f" and {flowers} for flowers" if flowers else ""
    return f"player {win.player} ({winds[win.player]}) wins on {win.tile}, {how}: {win.result.total} points{extra}"


def totals_line(totals: Sequence[int], outcomes: dict[str, int], winds: Sequence[str]) -> str:
    """The sums over the hands, per player, and how the hands ended."""
    ended = ", ".join(f"{n} {OUTCOME_WORDS.get(k, (k, k))[n != 1]}" for k, n in sorted(outcomes.items()))
    return f"totals: {seats(totals, winds)} ({ended})"
