"""``simulate --plot FILE.svg``: how often each fan scored and the histogram of the points of the wins,
one panel per rule set side by side (``--against``), written as SVG text directly: no plotting library
to install, and a file any browser or document opens."""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any
from xml.sax.saxutils import escape

from .result_table import width

#: Sizes of the drawing, in SVG user units (pixels): the labels' column is at least LABEL_WIDTH and
#: widened to the longest fan name (CHAR_WIDTH per column of text, a Chinese character two), never cut.
PANEL_WIDTH = 460
LABEL_WIDTH = 190
CHAR_WIDTH = 6.2
BAR_HEIGHT = 14
ROW = 18
HISTOGRAM_HEIGHT = 160
#: The most fans listed per panel (the most frequent first); the rest are counted in a last line.
MAX_FANS = 40
#: The totals of the histogram are grouped in bins this wide (8-9, 10-11, ...), from the rule set's lowest win.
BIN_POINTS = 2
COLOURS = ("#3b6ea5", "#c0504d")


def plot(all_stats: Sequence[Any], title: str) -> str:
    """The SVG of one or two simulations' Stats (game/simulate.py): per rule set, the share of wins that
    scored each fan, then the wins by total points."""
    fans = sorted({n for s in all_stats for n in s.fans}, key=lambda n: (-max(s.fans.get(n, 0) for s in all_stats), n))
    shown, hidden = fans[:MAX_FANS], len(fans) - MAX_FANS
    labels = max((label_width(_label(s, n)) for s in all_stats for n in shown), default=0)
    label_w = max(LABEL_WIDTH, int(labels) + 12)
    panel = PANEL_WIDTH - LABEL_WIDTH + label_w
    bars_height = ROW * (len(shown) + (hidden > 0)) + 30
    height = 40 + bars_height + HISTOGRAM_HEIGHT + 60
    width = panel * len(all_stats) + 20
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" '
             'font-family="sans-serif" font-size="11">',
             f'<rect width="{width}" height="{height}" fill="white"/>',
             f'<text x="10" y="18" font-size="14" font-weight="bold">{escape(title)}</text>']
    top = max((max(s.totals, default=0) for s in all_stats), default=0)
    bottom = min((min(s.totals, default=0) for s in all_stats), default=0)
    for i, stats in enumerate(all_stats):
        x = 10 + i * panel
        colour = COLOURS[i % len(COLOURS)]
        parts += _fan_bars(stats, shown, hidden, x, 40, colour, label_w)
        parts += _histogram(stats, bottom, top, x, 40 + bars_height, colour)
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def label_width(text: str) -> float:
    """How wide ``text`` is drawn at the plot's font size, about: a Chinese character two columns."""
    return CHAR_WIDTH * width(text)


def _label(stats: Any, number: int) -> str:
    return str(stats.label(number)) if number in stats.names else str(number)


def _fan_bars(stats: Any, fans: list[int], hidden: int, x: int, y: int, colour: str, label_w: int) -> list[str]:
    """One bar per fan, its whole name beside it: the share of this rule set's wins in which it scored."""
    out = [f'<text x="{x}" y="{y + 10}" font-weight="bold">{escape(stats.rules)}: {stats.wins} wins in {stats.games} games, '
           f'share of wins scoring each fan</text>']
    span = PANEL_WIDTH - LABEL_WIDTH - 60
    for row, number in enumerate(fans):
        top = y + 20 + row * ROW
        share = stats.fans.get(number, 0) / stats.wins if stats.wins else 0.0
        out.append(f'<text x="{x}" y="{top + 11}">{escape(_label(stats, number))}</text>')
        out.append(f'<rect x="{x + label_w}" y="{top}" width="{share * span:.1f}" height="{BAR_HEIGHT}" fill="{colour}"/>')
        out.append(f'<text x="{x + label_w + share * span + 4:.1f}" y="{top + 11}">{share:.1%}</text>')
    if hidden > 0:
        out.append(f'<text x="{x}" y="{y + 20 + len(fans) * ROW + 11}">and {hidden} rarer fans</text>')
    return out


def _histogram(stats: Any, bottom: int, top: int, x: int, y: int, colour: str) -> list[str]:
    """The wins by total, in bins of BIN_POINTS, on the same axis in every panel."""
    out = [f'<text x="{x}" y="{y + 10}" font-weight="bold">wins by total points</text>']
    bins = max(1, (top - bottom) // BIN_POINTS + 1)
    counts = [0] * bins
    for total, wins in stats.totals.items():
        counts[(total - bottom) // BIN_POINTS] += wins
    highest = max(counts, default=0) or 1
    span = PANEL_WIDTH - 40
    step = span / bins
    base = y + 20 + HISTOGRAM_HEIGHT - 30
    for b, count in enumerate(counts):
        bar = (HISTOGRAM_HEIGHT - 40) * count / highest
        low = bottom + b * BIN_POINTS
        out.append(f'<rect x="{x + b * step:.1f}" y="{base - bar:.1f}" width="{max(step - 1, 1):.1f}" height="{bar:.1f}" '
                   f'fill="{colour}"><title>{low}-{low + BIN_POINTS - 1} points: {count} wins</title></rect>')
    out.append(f'<line x1="{x}" y1="{base}" x2="{x + span}" y2="{base}" stroke="black"/>')
    for b in range(0, bins, max(1, bins // 8)):
        out.append(f'<text x="{x + b * step:.1f}" y="{base + 14}">{bottom + b * BIN_POINTS}</text>')
    out.append(f'<text x="{x}" y="{base + 30}">total points (most wins in one bin: {max(counts, default=0)})</text>')
    return out
