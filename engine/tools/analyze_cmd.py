"""``fanrules analyze``: shanten, useful tiles, discard advice and the points in reach of a hand."""
from __future__ import annotations

import argparse
import json
import math
from typing import TYPE_CHECKING, Any

from ..core.hand import HandError
from ..core.text import printable
from ..core.tiles import TILE_CODES
from ..scoring import Scorer
from .cli_context import add_hand_args, context_of, load_rules

if TYPE_CHECKING:  # imported by the command when it runs: other commands start without them
    from ..analysis.advice import HandTiles
    from ..scoring.reach import Analysis, Reach
    from ..scoring.scored_waits import WaitScore

SHAPE_LABELS = {"standard": "standard", "seven_pairs": "seven pairs", "thirteen_orphans": "thirteen orphans",
                "honours_and_knitted": "honours and knitted", "knitted_straight": "knitted straight"}


def add_parser(sub: Any) -> None:
    """The ``analyze`` command and its options."""
    p = sub.add_parser(
        "analyze", help="shanten, useful tiles, discard advice and the points in reach of 13 or 14 tiles",
        description="How far a hand of 13 or 14 tiles (declared sets in brackets count 3) is from winning: its "
        "shanten per shape (ready 0, complete -1), the tiles that bring it closer with their unseen copies, for "
        "14 tiles the same after each discard, and the best total reachable (ready and one-from-ready hands), "
        "scored by the rule set. See docs/analysis.md.")
    add_hand_args(p, "13 or 14 tiles, e.g. '123m456p789s1122z3z' or '[123p,1]456s789m11EE'", surface="analyze",
                  records=False)
    p.add_argument("--visible", default="", metavar="TILES",
                   help="tiles in sight besides the hand (discards, others' declared sets), e.g. '1m1mE[789s]'")
    p.add_argument("--no-points", action="store_true", help="leave out the points in reach (no scoring: fast)")
    p.add_argument("--two-from-ready", type=seconds, default=0.0, metavar="SECONDS",
                   help="also search the points in reach of hands two from ready, SECONDS at most for each")
    p.add_argument("--json", action="store_true", help="one JSON object (docs/analysis.md)")
    p.add_argument("--rules", default="mcr", help="rule set: a shipped name (mcr, ...) or a folder/ruleset.yaml path")
    p.set_defaults(run=run)


def seconds(text: str) -> float:
    """A time limit: a finite number of seconds, 0 or more (``nan`` would compare false with every clock
    reading and search without end; a negative one means nothing)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of seconds: {text!r}") from None
    if not math.isfinite(value) or value < 0:
        raise argparse.ArgumentTypeError(f"seconds must be a finite number, 0 or more, not {text!r}")
    return value


def run(args: argparse.Namespace) -> int:
    from ..analysis.advice import analysis_context, read_tiles, read_visible
    from ..scoring.reach import analyze_tiles
    tiles = read_tiles(args.hand)
    context = analysis_context(**context_of(args))
    visible = read_visible(args.visible)
    result = analyze_tiles(tiles, Scorer(load_rules(args.rules)), context, visible, not args.no_points,
                           args.two_from_ready)
    print(json.dumps(result.to_json(), ensure_ascii=False) if args.json else format_analysis(result))
    return 0


def _hand_text(tiles: HandTiles) -> str:
    from ..core.hand import format_meld
    from ..core.tiles import compact

    return "".join(format_meld(m) for m in tiles.melds) + compact(list(tiles.concealed))


def _reach_text(reach: Reach | None, points: bool) -> str:
    if not points:
        return ""
    if reach is None:
        return "- (not searched)"
    if reach.total is None:
        return "no completion left"
    fans = ", ".join(c.fan.name_en + (f" x{c.count}" if c.count > 1 else "") for c in reach.fans)
    return f"{reach.total}{'' if reach.reaches_minimum else ' (under minimum)'}  {fans}"


def _wait_text(w: WaitScore) -> str:
    return f"  {TILE_CODES[w.tile]:>3}  " + "  ".join(wait_cells(w))


def wait_cells(w: WaitScore, minimum: bool = False) -> list[str]:
    """A winning tile's two results as text; a win that is ruled out says why (once, when both are for
    the same reason), and with ``minimum`` a total under the minimum says so."""
    d, s = w.discard, w.self_drawn
    if isinstance(d, HandError) and isinstance(s, HandError) and str(d) == str(s):
        return [printable(f"{d.kind}: {d}")]
    cells = []
    for label, r in (("discard", d), ("self-drawn", s)):
        if isinstance(r, HandError):
            cells.append(printable(f"{label}: {r.kind} ({r})"))
        else:
            cells.append(f"{label}: {r.total}" + (" (under minimum)" if minimum and not r.is_win else ""))
    return cells


def format_analysis(a: Analysis) -> str:
    """The analysis as text: the shanten line, then a table of discards (14 tiles) or the useful
    tiles, waits and points in reach (13 tiles)."""
    shapes = ", ".join(f"{SHAPE_LABELS[s.value]} {n}" for s, n in a.report.shapes.items())
    state = {-1: "complete", 0: "ready"}.get(a.shanten, f"{a.shanten} from ready")
    lines = [f"{_hand_text(a.tiles)}: shanten {a.shanten} ({state}); by shape: {shapes}"]
    points = a.points
    if a.tiles.size == 14:
        rows = [("discard", "shanten", "useful tiles (unseen copies)", "unseen", "best reachable")]
        for d in a.discards:
            useful = " ".join(f"{TILE_CODES[u.tile]}({u.remaining})" for u in d.advice.useful)
            rows.append((TILE_CODES[d.advice.discard], str(d.advice.shanten), useful, str(d.advice.remaining),
                         _reach_text(d.reach, points)))
        widths = [max(len(r[i]) for r in rows) for i in range(4)]
        lines.append("")
        for r in rows:
            lines.append("  ".join([r[0].ljust(widths[0]), r[1].rjust(widths[1]), r[2].ljust(widths[2]),
                                    r[3].rjust(widths[3]), r[4]]).rstrip())
        return "\n".join(lines)
    useful = " ".join(f"{TILE_CODES[u.tile]}({u.remaining})" for u in a.useful)
    lines.append(f"useful tiles (unseen copies): {useful or 'none'}; {sum(u.remaining for u in a.useful)} unseen")
    if a.waits:
        lines.append("waits:")
        lines.extend(_wait_text(w) for w in a.waits)
    if points:
        lines.append(f"best reachable: {_reach_text(a.reach, True)}")
    return "\n".join(lines)
