"""``fanrules replay LOG``: re-run every game of a log on a fresh table, check each event and score, and
report the first divergence; with ``--rules`` another rule set, report where the scores change."""
from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from ..core.errors import CliError
from ..core.text import UNSAFE, printable


def register(sub: Any) -> None:
    p = sub.add_parser("replay", help="re-run a game log and verify every event and score")
    p.add_argument("log", help="a log written by fanrules simulate --log or the game API (JSON lines)")
    p.add_argument("--rules", help="replay under this rule set instead of the one each header names")
    p.add_argument("--json", action="store_true", help="print one JSON object per game")
    p.add_argument("--quiet", action="store_true", help="no progress line on stderr")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from ..game import GameRules, ProcedureError, rules_hash
    from ..game.log import check_header, header_rules, replay_log

    games = failed = changed = 0
    warned: set[tuple[str, str]] = set()

    def rules_of(head: dict[str, Any]) -> GameRules:
        try:
            missing = [key for key in ("seed", "rules") if key not in head and not (key == "rules" and args.rules)]
            if missing:  # a default would replay another game than the one logged
                raise ValueError(f"the header has no {' and no '.join(map(repr, missing))}: it is not a header fanrules wrote")
            check_header(head)
            rules = header_rules(head, args.rules)
        except ValueError as err:
            raise ValueError(f"game #{games + 1}: {err}") from None
        _warn_hash(args.log, head, rules.name, rules_hash(rules), warned)
        return rules

    from .progress import Progress, progress_stream

    shown = Progress("replay", "games", progress_stream(getattr(args, "quiet", False)))  # a Namespace made by hand may lack it
    try:
        with open(args.log, encoding="utf-8") as f:
            for rules, report in replay_log(f, rules_of):
                games += 1
                shown.show(games)
                failed += report.divergence is not None
                changed += bool(report.score_changes)
                label = f"game {report.game}" if report.game is not None else f"game #{games}"
                if args.json:
                    print(_safe_json({"game": report.game, "events": report.events, "divergence": report.divergence,
                                      "score_changes": report.score_changes}))
                    continue
                if report.divergence:
                    print(printable(f"{label}: diverges at {report.divergence}"))
                for change in report.score_changes:
                    was, now = change["logged"], change["replayed"]
                    print(printable(f"{label}: event {change['event']}: player {change['player']}'s win scores "
                                    f"{now.get('total')} under {rules.name} (logged {was.get('total')}){_fan_diff(was, now)}"))
    except ValueError as err:
        raise CliError(printable(f"{args.log}: {err}")) from None
    except ProcedureError as err:
        raise CliError(printable(str(err))) from None
    finally:
        shown.done()
    if not games:
        raise CliError(printable(f"{args.log}: no game in the log (a log holds a header line and the events of each game)"))
    if not args.json:
        print(f"{games} game(s) replayed: {games - failed} matched the log"
              + (f", {failed} diverged" if failed else "") + (f", {changed} with changed scores" if changed else ""))
    return 1 if failed or changed else 0


def _warn_hash(log: str, head: dict[str, Any], name: str, mine: str, warned: set[tuple[str, str]]) -> None:
    """One warning line (stderr, once per pair of hashes) when the header's rules hash is not that of
    the rule set replaying it: the rule set changed since the log was written, or is another one. A
    log without a hash (written before hashes) replays without one."""
    logged = head.get("rules_hash")
    if logged is None or logged == mine or (logged, mine) in warned:
        return
    warned.add((logged, mine))
    print(printable(f"fanrules: warning: {log}: the log was written under rules hash {logged[:80]}; "
                    f"{name} hashes to {mine}, so its scores may differ"), file=sys.stderr)


def _safe_json(obj: dict[str, Any]) -> str:
    """A JSON line with every character a terminal may act on written as a JSON escape (the same value)."""
    return UNSAFE.sub(lambda m: f"\\u{ord(m.group()):04x}", json.dumps(obj, ensure_ascii=False))


def _fan_diff(was: dict[str, Any], now: dict[str, Any]) -> str:
    old = {f["name_zh"]: f["count"] for f in was.get("fans", [])}
    new = {f["name_zh"]: f["count"] for f in now.get("fans", [])}
    gone = [k for k in old if k not in new]
    added = [k for k in new if k not in old]
    parts = ([f"-{k}" for k in gone] + [f"+{k}" for k in added])
    return f": {' '.join(parts)}" if parts else ""
