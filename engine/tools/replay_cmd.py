"""``fanrules replay LOG``: re-run every game of a log on a fresh table, check each event and score, and
report the first divergence; with ``--rules`` another rule set, report where the scores change."""
from __future__ import annotations

import argparse
import json
from typing import Any

from ..core.errors import CliError


def register(sub: Any) -> None:
    p = sub.add_parser("replay", help="re-run a game log and verify every event and score")
    p.add_argument("log", help="a log written by fanrules simulate --log or the game API (JSON lines)")
    p.add_argument("--rules", help="replay under this rule set instead of the one each header names")
    p.add_argument("--json", action="store_true", help="print one JSON object per game")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from ..game import ProcedureError, game_rules
    from ..game.log import replay_log

    games = failed = changed = 0
    try:
        with open(args.log, encoding="utf-8") as f:
            for rules, report in replay_log(f, lambda head: game_rules(args.rules or head.get("rules_path") or head.get("rules", "mcr"))):
                games += 1
                failed += report.divergence is not None
                changed += bool(report.score_changes)
                label = f"game {report.game}" if report.game is not None else f"game #{games}"
                if args.json:
                    print(json.dumps({"game": report.game, "events": report.events, "divergence": report.divergence,
                                      "score_changes": report.score_changes}, ensure_ascii=False))
                    continue
                if report.divergence:
                    print(f"{label}: diverges at {report.divergence}")
                for change in report.score_changes:
                    was, now = change["logged"], change["replayed"]
                    print(f"{label}: event {change['event']}: player {change['player']}'s win scores "
                          f"{now.get('total')} under {rules.name} (logged {was.get('total')}){_fan_diff(was, now)}")
    except ValueError as err:
        raise CliError(f"{args.log}: {err}") from None
    except ProcedureError as err:
        raise CliError(str(err)) from None
    if not args.json:
        print(f"{games} game(s) replayed: {games - failed} matched the log"
              + (f", {failed} diverged" if failed else "") + (f", {changed} with changed scores" if changed else ""))
    return 1 if failed or changed else 0


def _fan_diff(was: dict[str, Any], now: dict[str, Any]) -> str:
    old = {f["name_zh"]: f["count"] for f in was.get("fans", [])}
    new = {f["name_zh"]: f["count"] for f in now.get("fans", [])}
    gone = [k for k in old if k not in new]
    added = [k for k in new if k not in old]
    parts = ([f"-{k}" for k in gone] + [f"+{k}" for k in added])
    return f": {' '.join(parts)}" if parts else ""
