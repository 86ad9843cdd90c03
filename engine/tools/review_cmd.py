"""``fanrules review LOG --seat N``: every decision of one seat in a game log beside a reviewer's choice
(the expert by default), weighed from what the seat saw; one line per disagreement (the costliest
first) and a summary, ``--json`` one object per decision and a summary, ``-o FILE.html`` a page."""
from __future__ import annotations

import argparse
import json
from typing import TYPE_CHECKING, Any

from ..core.errors import CliError, ExitCode
from ..core.text import UNSAFE, printable

if TYPE_CHECKING:  # imported by the command when it runs
    from ..game.review import Decision, Summary
    from ..game.winning import GameRules

#: The most decisions one page draws (a larger log: choose its games with --game).
PAGE_DECISIONS = 2000


def register(sub: Any) -> None:
    p = sub.add_parser("review", help="review one seat of a game log decision by decision beside a reviewer's choices",
                       description="Replay every game of a log (simulate --log, judge --log, the table page's, import "
                       "botzone) and put each decision of seat N (a discard, a claim or a pass, a kong, a win or a pass) "
                       "beside the choice a reviewer makes from what the seat saw, both weighed: shanten after, live "
                       "useful copies, points in reach, danger. See docs/review.md.")
    p.add_argument("log", help="a fanrules game log (JSON lines)")
    p.add_argument("--seat", type=int, required=True, choices=range(4), metavar="N", help="the player reviewed, 0..3")
    p.add_argument("--reviewer", default="expert", help="the player whose choices the seat's are put beside: expert "
                   "(the default), greedy, shanten, random, or module:Name")
    p.add_argument("--rules", help="replay under this rule set (default: the shipped one each header names)")
    p.add_argument("--game", help="review only the games whose id (the header's game) is this")
    p.add_argument("--json", action="store_true", help="one JSON object per decision, then one summary object")
    p.add_argument("-o", "--output", metavar="FILE.html", help="also write one self-contained page drawing every decision")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from ..core.files import check_output
    from ..game.review import Summary

    if args.output is not None:
        check_output(args.output, [0, args.log], "--output")
    summary = Summary(args.seat, args.reviewer)
    kept: list[Decision] = []
    lines: list[tuple[float, str]] = []
    for review in _reviews(args):
        summary.add(review)
        for d in review.decisions:
            if args.json:
                print(_safe_json(d.to_json()))
            elif not d.agrees:
                lines.append((-d.cost, line_of(d, args.reviewer)))
        if args.output is not None:
            kept += review.decisions
            if len(kept) > PAGE_DECISIONS:
                raise CliError(f"more than {PAGE_DECISIONS} decisions for one page: choose a game with --game")
    if not summary.games:
        raise CliError(printable(f"{args.log}: " + (f"no game {args.game!r} in the log (--game takes the game id of a header)"
                                                     if args.game is not None else
                                                     "no game in the log (a log holds a header line and the events of each game)")))
    if args.output is not None:
        _write_page(args.output, kept, summary, args.log)
    if args.json:
        print(_safe_json(summary.to_json()))
    else:
        for text in [t for _, t in sorted(lines, key=lambda x: x[0])] + summary_lines(summary):
            print(printable(text))
    return ExitCode.REFUSED if summary.diverged else ExitCode.OK


def _safe_json(obj: dict[str, Any]) -> str:
    """A JSON line with every character a terminal may act on written as a JSON escape (the same value)."""
    return UNSAFE.sub(lambda m: f"\\u{ord(m.group()):04x}", json.dumps(obj, ensure_ascii=False))


def _write_page(path: str, decisions: list[Decision], summary: Summary, log: str) -> None:
    """The page, written through a temporary file renamed over ``path``."""
    from ..core.files import replaced
    from .review_html import review_page

    with replaced(path, "w", what="--output") as out:
        out.write(review_page(decisions, summary, log))


def _reviews(args: argparse.Namespace) -> Any:
    """Each game's review, the errors of the log and the reviewer said in one line."""
    from ..game import ProcedureError
    from ..game.log import check_header, header_rules
    from ..game.review import review_games
    from ..game.roster import RosterError, maker

    try:
        make = maker(args.reviewer)
    except RosterError as err:
        raise CliError(printable(str(err)), ExitCode.USAGE) from None

    def rules_of(head: dict[str, Any]) -> GameRules:
        check_header(head)
        return header_rules(head, args.rules)

    try:
        with open(args.log, encoding="utf-8") as f:
            for review in review_games(f, rules_of, args.seat, lambda rules, game: make(rules, f"review/{game}")):
                if args.game is None or str(review.game) == args.game:
                    yield review
    except ValueError as err:
        raise CliError(printable(f"{args.log}: {err}")) from None
    except ProcedureError as err:
        raise CliError(printable(str(err))) from None


def _pair(a: float | None, b: float | None, digits: int = 0) -> str:
    def shown(x: float | None) -> str:
        return "-" if x is None else f"{x:.{digits}f}"
    return f"{shown(a)}/{shown(b)}"


def line_of(d: Decision, reviewer: str) -> str:
    """One disagreement in a line: where, the seat's tiles, what was done, the reviewer's choice, the cost and what it
    weighs (the action's figure / the reviewer's), the reviewer's reason, what happened."""
    from ..core.tiles import FLOWER_BASE, TILE_CODES
    from ..game.review import action_words

    a, b = d.taken, d.advised
    weighed = (f"from ready {_pair(a.shanten, b.shanten)}, live useful {_pair(a.live, b.live)}, in reach "
               f"{_pair(a.in_reach, b.in_reach)}" + (f", danger {_pair(a.danger, b.danger, 2)}" if a.danger or b.danger else ""))
    hand = "".join(TILE_CODES[t] for t in d.seen.hand if t < FLOWER_BASE)
    return (f"game {d.game} event {d.event} ({d.seen.wall_left} in the wall, hand {hand}): {action_words(d.action)}; {reviewer}: "
            f"{action_words(d.suggested)} | cost {d.cost:.1f} ({weighed})" + (f" | {d.reason}" if d.reason else "")
            + (f" | {d.outcome}" if d.outcome else ""))


def summary_lines(s: Summary) -> list[str]:
    """The summary: decisions, agreement, deal-ins, wins, the live useful copies given up, where to look,
    and the games whose log parts from the table."""
    share = "-" if s.agreement is None else f"{s.agreement:.3f}"
    lines = [f"seat {s.seat} reviewed by {s.reviewer}: {s.decisions} decisions in {s.games} game(s), agreement {share} "
            f"({s.agreed} of {s.decisions}); {s.deal_ins} deal-in(s), {s.wins} win(s); {s.useful_given_up} live useful "
            "copies given up in all"]
    if s.costliest:
        lines.append("look first at: " + ", ".join(f"game {g} event {e} (cost {c:.1f})" for c, g, e in s.costliest))
    return lines + [f"the log parts from the table: {d}" for d in s.diverged]
