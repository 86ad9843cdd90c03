"""What ``fanrules simulate`` prints: the totals of each rule set with the paired differences (rules
minus against, with their 95% intervals and a mark where the interval leaves out zero), each seat's
and each player's results, the players' points per hand, and the players' fan shares beside the human
shares shipped in ``rules/human_shares.yaml``. Every frequency is the simulated players', not MCR's."""
from __future__ import annotations

from importlib.resources import files
from typing import Any

import yaml

from ..core.tiles import WIND_CODES
from ..game.paired import Moments
from ..game.simulate import Study
from ..game.stats import Stats, Totals
from .result_table import pad, width

#: The mark of a difference whose 95% interval leaves out zero.
SIGNIFICANT = "*"
#: The column naming the differences: the same way round as ``fanrules diff``.
DIFFERENCE = "difference (rules - against)"


def _table(rows: list[tuple[str, ...]]) -> list[str]:
    widths = [max(width(r[i]) for r in rows) for i in range(len(rows[0]))]
    return ["  ".join([pad(r[0], widths[0])] + [pad(c, w, right=True) for c, w in zip(r[1:], widths[1:])]).rstrip()
            for r in rows]


def _cell(value: Any) -> str:
    return f"{value:g}" if isinstance(value, float) else str(value)


def _difference(m: Moments) -> tuple[str, str, str]:
    """The total difference over the units, its 95% interval, and the mark."""
    low, high = m.interval
    return (f"{m.total:+g}", f"[{low * m.n:+.1f}, {high * m.n:+.1f}]", SIGNIFICANT if m.significant else "")


def format_totals(study: Study, header: str) -> str:
    """One column per rule set: the totals, then each fan's count of wins; with a second rule set, the
    difference (rules minus against), its 95% interval from the paired units and the mark."""
    all_stats = [study.stats] + ([study.other] if study.other is not None else [])
    paired = study.paired if study.other is not None else None
    extra = [DIFFERENCE, "95% interval", ""] if paired is not None else []
    rows: list[tuple[str, ...]] = [("", *(s.rules for s in all_stats), *extra)]

    def row(label: str, values: list[Any], key: str | None) -> None:
        diff: tuple[str, ...] = ()
        if paired is not None:
            diff = _difference(paired.get(key)) if key is not None else (f"{values[0] - values[1]:+g}", "", "")
        rows.append((label, *(_cell(v) for v in values), *diff))

    rows.append(("games", *(str(s.games) for s in all_stats), *[""] * len(extra)))
    row("wins", [s.wins for s in all_stats], "wins")
    row("  self-drawn", [s.self_drawn for s in all_stats], "self_drawn")
    row("  on a discard", [s.wins - s.self_drawn for s in all_stats], "on_discard")
    row("exhaustive draws", [s.draws for s in all_stats], "draws")
    row("points of the wins", [s.points for s in all_stats], "points")
    row("average points", [round(s.average_points, 2) for s in all_stats], None)
    fans = sorted({(n, s.label(n)) for s in all_stats for n in s.fans})
    if fans:
        rows.append(("wins scoring each fan (the players' frequencies):", *[""] * (len(rows[0]) - 1)))
    for number, label in fans:
        row("  " + label, [s.fans[number] if number in s.fans and s.label(number) == label else 0 for s in all_stats],
            f"fan {number}")
    return "\n".join([header, *_table(rows)]) + "\n"


def _totals_row(label: str, t: Totals) -> tuple[str, ...]:
    average = f"{t.won_points / t.wins:.2f}" if t.wins else "-"
    return (label, str(t.hands), f"{t.rate(t.points):+.3f}", f"{t.rate(t.wins):.3f}", f"{t.rate(t.deal_ins):.3f}", average)


def format_players(stats: Stats) -> str:
    """Each seat's and each player's results, the points per hand of each player with its 95% interval
    (per unit), and with two players the first's margin over the second."""
    head = ("", "hands", "points/hand", "win rate", "deal-in rate", "average win")
    rows = [head] + [_totals_row(f"seat {p} {WIND_CODES[p]}", t) for p, t in enumerate(stats.by_seat)]
    rows += [_totals_row(f"player {i} {name}", t) for i, (name, t) in enumerate(zip(stats.players, stats.by_player))]
    lines = [f"per seat and per player, under {stats.rules}:", *_table(rows)]
    for name, m in stats.strength.items():
        low, high = m.interval
        lines.append(f"points per hand of {name}: {m.mean:+.3f}, 95% interval [{low:+.3f}, {high:+.3f}] over {m.n} units")
    margin = stats.margin()
    if margin is not None:
        first, second, m = margin
        low, high = m.interval
        lines.append(f"{first} minus {second}: {m.mean:+.3f} points per hand, 95% interval [{low:+.3f}, {high:+.3f}]"
                     f"{' ' + SIGNIFICANT + ' significant' if m.significant else ''}")
    return "\n".join(lines) + "\n"


def human_table() -> dict[str, Any]:
    """The human fan shares shipped with fanrules (``rules/human_shares.yaml``), with their source."""
    text = (files("fanrules.rules") / "human_shares.yaml").read_text(encoding="utf-8")
    data: dict[str, Any] = yaml.safe_load(text)
    return data


def compare_human(stats: Stats) -> dict[str, Any]:
    """The players' share of the wins scoring each fan of the human table beside the human share, their
    ratio and whether it is within the band the table gives; the wins per game and the self-drawn share."""
    human = human_table()
    rows = []
    for number, entry in human["fans"].items():
        share = 100 * stats.fans.get(int(number), 0) / stats.wins if stats.wins else 0.0
        ratio = share / entry["share"] if entry["share"] else None
        band = entry.get("within")
        rows.append({"fan": int(number), "name": entry["name"], "players_share": round(share, 3), "human_share": entry["share"],
                     "ratio": None if ratio is None else round(ratio, 3), "within": band,
                     "in_band": None if band is None or ratio is None else band[0] <= ratio <= band[1]})
    return {"source": human["source"], "wins": stats.wins, "games": stats.games,
            "wins_per_game": round(stats.wins / stats.games, 4) if stats.games else 0.0,
            "self_drawn_share": round(stats.self_drawn / stats.wins, 4) if stats.wins else 0.0, "fans": rows}


def format_human(table: dict[str, Any]) -> str:
    rows: list[tuple[str, ...]] = [("fan", "players' share", "human share", "ratio", "band", "")]
    for r in table["fans"]:
        band = "" if r["within"] is None else f"{r['within'][0]:g}-{r['within'][1]:g}"
        mark = "" if r["in_band"] is None else ("in" if r["in_band"] else "OUT")
        rows.append((f"{r['fan']} {r['name']}", f"{r['players_share']:.2f}%", f"{r['human_share']:g}%",
                     "-" if r["ratio"] is None else f"{r['ratio']:.2f}", band, mark))
    lines = [f"the players' fan shares (% of {table['wins']} wins) beside human play ({table['source']}):", *_table(rows),
             f"wins per game {table['wins_per_game']:.3f}, self-drawn share of the wins {table['self_drawn_share']:.3f}"]
    return "\n".join(lines) + "\n"
