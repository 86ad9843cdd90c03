"""``fanrules sheet``: record a session from a score sheet (text lines or JSONL) and print the running
scores and the standings, as a table, JSON or CSV."""
from __future__ import annotations

import argparse
import io
import json
import sys
from typing import TYPE_CHECKING

from ..core.errors import CliError
from ..core.text import printable
from .result_table import pad, width

if TYPE_CHECKING:  # imported by the command when it runs: other commands start without them
    from decimal import Decimal
    from fractions import Fraction

    from ..settlement import Session

#: A score sheet larger than this is refused (a session is a few dozen lines).
MAX_SHEET_BYTES = 1_000_000


def format_table(session: Session) -> str:
    """Each event with every player's change and running total, then the standings."""
    names = session.names
    played = min(session.hand_number, session.length)
    state = "final" if session.finished else f"after {played} of {session.length} hands"
    rows = [("hand", "wind", "dealer", "event", *names)]
    for e in session.entries:
        cells = tuple(f"{c:+d} {t}" for c, t in zip(e.changes, e.totals, strict=True))
        rows.append((str(e.hand_number + 1), e.seating.prevalent_wind, names[e.seating.dealer], e.text, *cells))
    widths = [max(width(r[i]) for r in rows) for i in range(len(rows[0]))]
    name_width = max(6, *(width(n) for n in names))
    lines = [f"session under {session.ruleset.name}, starting at {session.terms.session.start} each ({state})"]
    for r in rows:
        left = [pad(r[0], widths[0], right=True), *(pad(r[i], widths[i]) for i in (1, 2, 3))]
        lines.append("  ".join(left + [pad(r[i], widths[i], right=True) for i in range(4, len(r))]).rstrip())
    lines += ["", f"standings ({state})", "  place  " + pad("player", name_width) + "  points  change  ranking points"]
    for s in session.standings():
        lines.append(f"  {s.place:>5}  {pad(s.name, name_width)}  {s.points:>6}  {s.change:>+6d}  {s.ranking_points}")
    return "\n".join(lines)


#: A cell that starts with one of these is read as a formula by spreadsheets (OWASP, CSV injection).
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def format_csv(session: Session) -> str:
    """One row per event (changes, then running totals), a blank row, then the standings. Text cells
    are quoted, and one that starts like a formula (FORMULA_STARTS) gets a leading ``'`` so that it
    stays text; numbers are bare, ranking points as decimals (``1.5``, not ``3/2``, which opens as a date)."""
    import csv  # here, not at the top: every command registers this module's parser, and only --csv writes CSV

    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n", quoting=csv.QUOTE_NONNUMERIC)
    names = [_text(n) for n in session.names]
    writer.writerow(["hand", "prevalent_wind", "dealer", "event", *(f"{n} change" for n in names), *(f"{n} total" for n in names)])
    for e in session.entries:
        writer.writerow([e.hand_number + 1, e.seating.prevalent_wind, names[e.seating.dealer], _text(e.text), *e.changes, *e.totals])
    writer.writerow([])
    writer.writerow(["place", "player", "points", "change", "ranking_points"])
    for s in session.standings():
        writer.writerow([s.place, _text(s.name), s.points, s.change, decimal(s.ranking_points)])
    return out.getvalue().rstrip("\n")


def _text(cell: str) -> str:
    return "'" + cell if cell.startswith(FORMULA_STARTS) else cell


def decimal(value: Fraction) -> Decimal:
    """Ranking points as a decimal: exact for the halves and quarters of a two- or four-way tie, six
    places for the thirds of a three-way tie (``--json`` keeps the exact fraction)."""
    from decimal import Decimal

    exact = Decimal(value.numerator) / Decimal(value.denominator)
    return exact if value.denominator in (1, 2, 4) else exact.quantize(Decimal("0.000001"))


def _read(path: str) -> str:
    if path == "-":
        data = sys.stdin.read(MAX_SHEET_BYTES + 1)
    else:
        with open(path, encoding="utf-8") as f:
            data = f.read(MAX_SHEET_BYTES + 1)
    if len(data) > MAX_SHEET_BYTES:
        from ..settlement import SettlementError
        raise SettlementError(f"{path}: a score sheet has at most {MAX_SHEET_BYTES} characters")
    return data


def cmd_sheet(args: argparse.Namespace) -> int:
    from ..settlement import SettlementError
    from ..settlement.sheet import read_sheet
    try:
        session = read_sheet(_read(args.sheet), args.rules, source="<stdin>" if args.sheet == "-" else args.sheet)
    except (SettlementError, UnicodeDecodeError) as err:
        raise CliError(printable(err)) from None
    if args.json:
        print(json.dumps(session.to_json(), ensure_ascii=False))
    elif args.csv:
        print(format_csv(session))
    else:
        print(format_table(session))
    return 0


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``fanrules sheet``."""
    p = sub.add_parser("sheet", help="record a session from a score sheet and print running scores and standings")
    p.add_argument("sheet", help="a score sheet: text lines ('E wins 24 from S', 'draw', 'N false-win') or JSONL; - for stdin")
    p.add_argument("--rules", default="mcr", help="rule set: a shipped name (mcr, ...) or a folder/ruleset.yaml path")
    how = p.add_mutually_exclusive_group()
    how.add_argument("--json", action="store_true", help="the session as one JSON object (events, totals, standings)")
    how.add_argument("--csv", action="store_true", help="events and standings as CSV for spreadsheets")
    p.set_defaults(run=cmd_sheet)
