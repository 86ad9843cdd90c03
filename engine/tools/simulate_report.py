"""What ``fanrules simulate`` prints: the totals of each rule set with the paired differences (rules
minus against, with their 95% intervals and a mark where the interval leaves out zero), each seat's
and each player's results, the players' points per hand, and the players' fan shares beside the human
shares shipped in ``rules/human_shares.yaml``. Every frequency is the simulated players', not MCR's."""
from __future__ import annotations

import math
from importlib.resources import files
from typing import Any

import yaml

from ..core.tiles import WIND_CODES
from ..game import figures
from ..game.paired import Z95, Moments
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
    for name, m in stats.strength.items() if len(stats.strength) > 1 else ():  # one kind of player: zero-sum, nothing to say
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


#: Wins a fan is expected to score in the sample (at its human share) below which no verdict is given
#: unless the interval misses the band anyway: with fewer, one win more or less moves the ratio past a band.
FEW_EXPECTED = 5.0


def share_interval(count: int, wins: int) -> tuple[float, float]:
    """The 95% Wilson score interval of a share ``count / wins`` (0 to 1), right for small counts too."""
    if not wins:
        return 0.0, 1.0
    p, z2 = count / wins, Z95 * Z95
    centre, spread = p + z2 / (2 * wins), Z95 * math.sqrt(p * (1 - p) / wins + z2 / (4 * wins * wins))
    return max(0.0, (centre - spread) / (1 + z2 / wins)), min(1.0, (centre + spread) / (1 + z2 / wins))


def verdict(interval: tuple[float, float], band: list[float] | None, ratio: float, expected: float) -> str | None:
    """``out`` when the ratio's interval misses the band; ``in`` when the ratio is in the band and the
    sample expected at least FEW_EXPECTED wins of the fan; else ``too few`` (None without a band)."""
    if band is None:
        return None
    if interval[1] < band[0] or interval[0] > band[1]:
        return "out"
    return "in" if band[0] <= ratio <= band[1] and expected >= FEW_EXPECTED else "too few"


def _human_row(number: int, entry: dict[str, Any], stats: Stats) -> dict[str, Any]:
    count, human = stats.fans.get(number, 0), entry["share"] / 100
    share = count / stats.wins if stats.wins else 0.0
    low, high = share_interval(count, stats.wins)
    ratio, band = share / human, entry.get("within")
    interval = (low / human, high / human)
    judged = verdict(interval, band, ratio, human * stats.wins)
    return {"fan": number, "name": entry["name"], "count": count, "players_share": round(100 * share, 3), "human_share": entry["share"],
            "ratio": round(ratio, 3), "interval": [round(interval[0], 3), round(interval[1], 3)], "band": band,
            "expected": round(human * stats.wins, 2), "verdict": judged,
            "within": band, "in_band": None if band is None else band[0] <= ratio <= band[1]}


def compare_human(stats: Stats) -> dict[str, Any]:
    """The players' share of the wins scoring each fan of the human table beside the human share, their
    ratio with its 95% interval (from the fan's count) and the verdict against the band the table
    gives; the wins per game and the self-drawn share."""
    human = human_table()
    rows = [_human_row(int(number), entry, stats) for number, entry in human["fans"].items()]
    return {"source": human["source"], "wins": stats.wins, "games": stats.games,
            "wins_per_game": round(stats.wins / stats.games, 4) if stats.games else 0.0,
            "self_drawn_share": round(stats.self_drawn / stats.wins, 4) if stats.wins else 0.0, "fans": rows}


def human_rows(table: dict[str, Any]) -> list[dict[str, Any]]:
    """The rows of ``--json``'s ``human`` list."""
    keys = ("fan", "ratio", "interval", "band", "verdict")
    return [{**{k: r[k] for k in keys}, "fan": f"{r['fan']} {r['name']}"} for r in table["fans"]]


def format_human(table: dict[str, Any]) -> str:
    rows: list[tuple[str, ...]] = [("fan", "players' share", "human share", "ratio", "95% interval", "band", "")]
    for r in table["fans"]:
        band = "" if r["band"] is None else f"{r['band'][0]:g}-{r['band'][1]:g}"
        rows.append((f"{r['fan']} {r['name']}", f"{r['players_share']:.2f}%", f"{r['human_share']:g}%", f"{r['ratio']:.2f}",
                     f"{r['interval'][0]:.2f}-{r['interval'][1]:.2f}", band, r["verdict"] or ""))
    lines = [f"the players' fan shares (% of {table['wins']} wins) beside human play ({table['source']}):",
             "ratio = players' share / human share; its 95% interval from the fan's count (Wilson); out: the interval misses "
             f"the band; too few: the interval meets the band but fewer than {FEW_EXPECTED:g} wins were expected or the ratio is outside it;",
             *_table(rows),
             f"wins per game {table['wins_per_game']:.3f}, self-drawn share of the wins {table['self_drawn_share']:.3f}"]
    return "\n".join(lines) + "\n"

def fan_labels(study: Study) -> dict[int, str]:
    """Each fan seen under either rule set, named as the report names it."""
    out: dict[int, str] = {}
    for stats in (study.stats, study.other):
        if stats is not None:
            out.update({n: stats.label(n) for n in stats.names})
    return out


def comparison_rows(study: Study) -> list[dict[str, Any]]:
    """The paired rows of a study with a second rule set (game/figures.py)."""
    return figures.comparison(study.units, study.stats.players, fan_labels(study))


def rate_rows(study: Study) -> list[dict[str, Any]]:
    """The figures of a study of one rule set, each with its 95% interval."""
    return figures.rates(study.units, study.stats.players, fan_labels(study))


def unit_words(duplicate: bool) -> str:
    return ("a unit is a wall played four times, the players rotated one seat each time" if duplicate
            else "a unit is one game (a wall dealt once)")


def _num(value: float) -> str:
    return f"{value:.4f}"


def format_comparison(rows: list[dict[str, Any]], a: str, b: str, duplicate: bool, units: int) -> str:
    """The paired rows as text, under a header saying what a unit, the interval and a mark are."""
    marked = sum(r["significant"] for r in rows)
    lines = [f"paired figures, {a} - {b}, over {units} units: {unit_words(duplicate)}, played under both rule sets "
             "with the same walls, seats and players;",
             "the interval is the 95% interval of the difference over the units (normal, from the per-unit linearized "
             f"differences: docs/game.md); {SIGNIFICANT} marks a row whose interval leaves out 0 ({marked} of {len(rows)} "
             f"rows; about {figures.chance_marks(rows):.1f} would be marked by chance alone if the rule sets played alike);",
             "'none larger than' is, for an unmarked row, the smallest difference this run finds 80% of the time."]
    table: list[tuple[str, ...]] = [("figure", a, b, "difference", "95% interval", "", "none larger than")]
    for r in rows:
        low, high = r["interval"]
        table.append((r["figure"], _num(r["a"]), _num(r["b"]), f"{r['difference']:+.4f}", f"[{low:+.4f}, {high:+.4f}]",
                      SIGNIFICANT if r["significant"] else "", "" if r["significant"] else _num(r["detectable"])))
    return "\n".join(lines + _table(table)) + "\n"


def format_rates(rows: list[dict[str, Any]], rules: str, duplicate: bool, units: int) -> str:
    """A single rule set's figures with their 95% intervals."""
    lines = [f"figures under {rules} with their 95% intervals over {units} units ({unit_words(duplicate)}; "
             "normal intervals of ratio estimators, docs/game.md):"]
    table: list[tuple[str, ...]] = [("figure", "value", "95% interval")]
    table += [(r["figure"], _num(r["value"]), f"[{r['interval'][0]:.4f}, {r['interval'][1]:.4f}]") for r in rows]
    return "\n".join(lines + _table(table)) + "\n"
