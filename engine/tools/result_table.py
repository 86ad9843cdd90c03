"""The readable table of a Result that ``fanrules score`` and ``fanrules demo`` print."""
from __future__ import annotations

from ..core.hand import Hand
from ..core.notation import format_hand
from ..core.text import printable
from ..core.tiles import code

__all__ = ["format_result", "pad", "width"]
from ..scoring import Result


def _context_line(hand: Hand) -> str:
    ctx = hand.context
    flags = [name for name, on in (("self-drawn", ctx.self_drawn), ("last copy", ctx.last_copy),
                                   ("kong", ctx.kong_related), ("last tile", ctx.last_tile),
                                   ("flower replacement", ctx.flower_replacement), ("first turn", ctx.first_turn)) if on]
    how = ", ".join(flags) if flags else "on a discard"
    return f"{how}; seat {code(ctx.seat_wind)}, round {code(ctx.prevalent_wind)}, flowers {ctx.flowers}"


def format_result(result: Result, written: str | None = None) -> str:
    """A readable table: fan, points, count, the sets each instance used, and the totals; the hand as
    ``written`` (what the user typed, sets in their order) or else in the notation's order."""
    hand = printable(written.strip()) if written is not None else format_hand(result.hand)
    lines = [f"{hand}  ({_context_line(result.hand)})", f"reading: {result.reading}", ""]
    rows = [("#", "fan", "points", "count", "sets")]
    for c in result.fans:
        sets = "; ".join(" ".join(str(b) for b in inst) for inst in result.sets_of(c))
        points = f"x{c.fan.multiplier}" if c.fan.multiplier else str(c.points)
        rows.append((str(c.fan.number), printable(f"{c.fan.name_zh} {c.fan.name_en}"), points, str(c.count), sets))
    widths = [max(width(r[i]) for r in rows) for i in range(4)]
    for r in rows:
        cells = [pad(r[0], widths[0], right=True), pad(r[1], widths[1]), pad(r[2], widths[2], right=True), pad(r[3], widths[3], right=True), r[4]]
        lines.append("  ".join(cells).rstrip())
    if result.not_counted:
        lines += ["", "not counted:"]
        for n in result.not_counted:
            lines.append(printable(f"  {n}"))
    lines.append("")
    status = "" if result.is_win else f"  -- under the minimum of {result.minimum}: not a legal win"
    capped = "" if result.uncapped is None else f", capped at {result.cap} (was {result.uncapped})"
    lines.append(f"total {result.total} (with flowers {result.total_with_flowers}){capped}{status}")
    return "\n".join(lines)


def width(s: str) -> int:
    """The columns ``s`` takes on a terminal: two for a wide or full-width character (Unicode's East
    Asian Width W or F: Chinese, full-width forms), none for a combining mark, one for any other."""
    import unicodedata

    return sum(0 if unicodedata.combining(ch) else 2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in s)


def pad(s: str, columns: int, right: bool = False) -> str:
    """``s`` filled with spaces to ``columns`` terminal columns (width), on the left with ``right``."""
    fill = " " * (columns - width(s))
    return fill + s if right else s + fill
