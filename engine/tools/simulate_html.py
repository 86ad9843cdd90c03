"""``simulate --report FILE.html``: one self-contained page a variant designer can send (no script, no
style sheet or font fetched, the plots as inline SVG): what differs between the two rule sets (as
``fanrules diff`` lists it, sections included), what that does to a corpus of hands (by default the
examples of both rule sets' fan files), the paired figures of the simulation with their intervals, the
plots (each fan's share under both rule sets with its interval, the points of the wins, the win and
draw rates), the players' realism beside human play, and the command line that reproduces it all."""
from __future__ import annotations

import shlex
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from html import escape
from typing import Any

from ..game import figures
from ..game.simulate import Study
from ..ruleset import RuleSet
from .compare import Comparison, compare_outcomes, outcomes, rule_changes

COLOURS = ("#3b6ea5", "#c0504d")
#: The most fans drawn in the shares plot (the most frequent under either rule set first).
MAX_PLOTTED_FANS = 30
#: The most hands listed among the corpus's changes.
MAX_LISTED_HANDS = 40
STYLE = ("body{font-family:sans-serif;max-width:1100px;margin:1em auto;padding:0 1em;color:#222}"
         "table{border-collapse:collapse;margin:.5em 0}td,th{border:1px solid #ccc;padding:2px 6px;font-size:13px}"
         "td.n{text-align:right;font-variant-numeric:tabular-nums}th{background:#f0f0f0}.mark{color:#b00;font-weight:bold}"
         "code,pre{background:#f6f6f6;padding:2px 4px}h2{border-bottom:1px solid #ddd;margin-top:1.5em}")


def command_line(args: Any) -> str:
    """The command that plays the same games again (the seeds are in it: game i plays the wall of
    seed*1000003+i)."""
    words = ["fanrules", "simulate", "--rules", args.rules, "--games", str(args.games), "--seed", str(args.seed),
             "--players", args.players]
    words += ["--against", args.against] if args.against else []
    words += ["--duplicate"] if args.duplicate else []
    words += ["--corpus", args.corpus] if getattr(args, "corpus", None) else []
    return shlex.join(words + ["--report", args.report])


def example_records(rulesets: Iterable[RuleSet]) -> list[dict[str, Any]]:
    """The example hands of the rule sets' fan files as JSONL records, each once."""
    seen: dict[tuple[str, str], dict[str, Any]] = {}
    for ruleset in rulesets:
        for fan in ruleset.fans:
            for i, example in enumerate(fan.examples):
                key = (example.hand, repr(sorted(example.context.items())))
                seen.setdefault(key, {"id": f"{ruleset.name} fan {fan.number} example {i + 1}", "hand": example.hand,
                                      **example.context})
    return list(seen.values())


@dataclass
class Corpus:
    """A corpus scored under both rule sets: the comparison, and the sum of the totals of the hands
    that are wins under each (before: under B, after: under A)."""

    report: Comparison
    before: int
    after: int
    source: str


def corpus_comparison(ruleset_a: RuleSet, ruleset_b: RuleSet, records: list[Any], source: str) -> Corpus:
    scored_a, scored_b = outcomes(ruleset_a, records), outcomes(ruleset_b, records)
    def total(scored: list[Any]) -> int:
        return sum(o.total for o in scored if o.status == "win" and o.total is not None)
    return Corpus(compare_outcomes(ruleset_a, ruleset_b, records, scored_a, scored_b), total(scored_b), total(scored_a), source)


def _table(head: Sequence[str], rows: Iterable[Sequence[Any]], numeric_from: int = 1) -> str:
    cells = ["<tr>" + "".join(f"<th>{escape(h)}</th>" for h in head) + "</tr>"]
    for row in rows:
        cells.append("<tr>" + "".join(f'<td class="n">{escape(str(c))}</td>' if i >= numeric_from else f"<td>{escape(str(c))}</td>"
                                      for i, c in enumerate(row)) + "</tr>")
    return "<table>" + "".join(cells) + "</table>"


def _rules_section(ruleset_a: RuleSet, ruleset_b: RuleSet | None) -> str:
    if ruleset_b is None:
        return "<p>One rule set: no differences to list.</p>"
    changes = rule_changes(ruleset_a, ruleset_b)
    if not changes:
        return "<p>No value, exclusion, section or minimum differs.</p>"
    return "<ul>" + "".join(f"<li><code>{escape(c)}</code></li>" for c in changes) + "</ul>"


def _corpus_section(corpus: Corpus | None) -> str:
    if corpus is None:
        return "<p>One rule set: nothing to compare.</p>"
    report = corpus.report
    head = (f"<p>{report.hands} hands ({escape(corpus.source)}); {len(report.changed_ids)} change under {escape(report.rules_a)} "
            f"against {escape(report.rules_b)}: the total of {report.total_changed.hands} ({report.total_up.hands} up, "
            f"{report.total_down.hands} down), the win status of {report.status_changed.hands}. The totals of the winning hands: "
            f"{corpus.before} under {escape(report.rules_b)}, {corpus.after} under {escape(report.rules_a)}.</p>")

    def shown(o: Any) -> str:
        return "error" if o.total is None else str(o.total) + ("" if o.status == "win" else f" ({o.status})")
    rows: list[tuple[str, ...]] = [(str(c.ref), shown(c.old), shown(c.new), ", ".join(f"{name} x{old} -> x{new}" for _, name, old, new in c.fans))
            for c in report.hand_changes[:MAX_LISTED_HANDS]]
    head_row: tuple[str, ...] = ("hand", f"under {report.rules_b}", f"under {report.rules_a}", "fans that moved")
    if not any(r[3] for r in rows):  # a change of value moves totals, not fans
        head_row, rows = head_row[:3], [r[:3] for r in rows]
    listed = _table(head_row, rows) if rows else ""
    more = len(report.hand_changes) - MAX_LISTED_HANDS
    return head + listed + (f"<p>and {more} more hands.</p>" if more > 0 else "")


def _interval_rows(study: Study) -> list[list[dict[str, Any]]]:
    """Per rule set, every figure with its interval (the same figures on both sides)."""
    names = [s for s in (study.stats, study.other) if s is not None]
    labels = {n: s.label(n) for s in names for n in s.names}
    listed = figures.figures(study.units, study.stats.players, labels)
    return [[figures.single(study.units, f, side) for f in listed] for side in range(len(names))]


def _svg(width: int, height: int, title: str, body: list[str]) -> str:
    return (f'<svg xmlns="http://www.w3.org/2000/svg" class="plot" width="{width}" height="{height}" '
            f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="11" role="img">'
            f'<title>{escape(title)}</title><rect width="{width}" height="{height}" fill="white"/>'
            f'<text x="8" y="16" font-size="13" font-weight="bold">{escape(title)}</text>' + "".join(body) + "</svg>")


def _bars_with_intervals(title: str, names: Sequence[str], per_side: list[list[dict[str, Any]]], rules: Sequence[str],
                         percent: bool) -> str:
    """Horizontal bars, one per rule set for each named figure, each with its 95% interval as a whisker."""
    rows = [[next(r for r in side if r["figure"] == n) for side in per_side] for n in names]
    top = max((r["interval"][1] for row in rows for r in row), default=0.0) or 1.0
    label_w, span, row_h = 260, 460, 12 * len(rules) + 8
    body = [f'<rect x="{label_w + 300 + 120 * i}" y="6" width="10" height="10" fill="{COLOURS[i]}"/>'
            f'<text x="{label_w + 314 + 120 * i}" y="15">{escape(r)}</text>' for i, r in enumerate(rules)]
    for k, (name, row) in enumerate(zip(names, rows)):
        y = 28 + k * row_h
        body.append(f'<text x="8" y="{y + 10}">{escape(name.removeprefix("fan_share ")[:40])}</text>')
        for i, r in enumerate(row):
            x0, (low, high) = label_w, r["interval"]
            w, lo, hi = r["value"] / top * span, max(0.0, low) / top * span, high / top * span  # a rate is never below 0
            shown = f"{r['value']:.1%}" if percent else f"{r['value']:.3f}"
            body.append(f'<rect x="{x0}" y="{y + 12 * i}" width="{w:.1f}" height="10" fill="{COLOURS[i]}">'
                        f'<title>{escape(rules[i])}: {shown}, 95% interval {low:.4f} to {high:.4f}</title></rect>'
                        f'<line x1="{x0 + lo:.1f}" x2="{x0 + hi:.1f}" y1="{y + 12 * i + 5}" y2="{y + 12 * i + 5}" stroke="black"/>'
                        f'<text x="{x0 + max(w, hi) + 4:.1f}" y="{y + 12 * i + 9}">{shown}</text>')
    return _svg(label_w + span + 80, 36 + len(names) * row_h, title, body)


def _histogram(study: Study) -> str:
    """The wins by total points, each rule set a share of its wins, in bins of 4 points."""
    sides = [s for s in (study.stats, study.other) if s is not None]
    bottom = min((min(s.totals, default=0) for s in sides), default=0)
    top = max((max(s.totals, default=0) for s in sides), default=0)
    bins = max(1, (min(top, bottom + 120) - bottom) // 4 + 1)  # the long tail past +120 in the last bin
    shares = []
    for s in sides:
        counts = [0] * bins
        for total, wins in s.totals.items():
            counts[min(bins - 1, (total - bottom) // 4)] += wins
        shares.append([c / s.wins if s.wins else 0.0 for c in counts])
    highest = max((v for side in shares for v in side), default=0.0) or 1.0
    width, height, base = 760, 240, 200
    step = (width - 60) / bins
    body = []
    for i, (s, side) in enumerate(zip(sides, shares)):
        body.append(f'<text x="{400 + 130 * i}" y="16" fill="{COLOURS[i]}">{escape(s.rules)} ({s.wins} wins)</text>')
        for b, v in enumerate(side):
            h = v / highest * (base - 40)
            body.append(f'<rect x="{40 + b * step + i * step / 2:.1f}" y="{base - h:.1f}" width="{max(step / 2 - 1, 1):.1f}" '
                        f'height="{h:.1f}" fill="{COLOURS[i]}"><title>{bottom + 4 * b}+ points: {v:.1%}</title></rect>')
    body.append(f'<line x1="40" x2="{width - 20}" y1="{base}" y2="{base}" stroke="black"/>')
    body += [f'<text x="{40 + b * step:.1f}" y="{base + 14}">{bottom + 4 * b}</text>' for b in range(0, bins, max(1, bins // 10))]
    body.append(f'<text x="40" y="{base + 32}">total points of a win (share of each rule set\'s wins per bin of 4)</text>')
    return _svg(width, height, "the points of the wins", body)


def _figures_table(study: Study, rows: list[dict[str, Any]]) -> str:
    if study.other is None:
        return _table(("figure", "value", "95% interval"), [(r["figure"], f"{r['value']:.4f}",
                      f"[{r['interval'][0]:.4f}, {r['interval'][1]:.4f}]") for r in rows])
    return _table(("figure", study.stats.rules, study.other.rules, "difference", "95% interval", "", "none larger than"),
                  [(r["figure"], f"{r['a']:.4f}", f"{r['b']:.4f}", f"{r['difference']:+.4f}",
                    f"[{r['interval'][0]:+.4f}, {r['interval'][1]:+.4f}]", "*" if r["significant"] else "",
                    "" if r["significant"] else f"{r['detectable']:.4f}") for r in rows])


def _human_section(table: dict[str, Any]) -> str:
    rows = [(f"{r['fan']} {r['name']}", r["count"], f"{r['players_share']:.2f}%", f"{r['human_share']:g}%", f"{r['ratio']:.2f}",
             f"{r['interval'][0]:.2f}-{r['interval'][1]:.2f}", "" if r["band"] is None else f"{r['band'][0]:g}-{r['band'][1]:g}",
             r["verdict"] or "") for r in table["fans"]]
    return (f"<p>{table['wins']} wins in {table['games']} games under the first rule set, beside human play "
            f"({escape(table['source'])}). The ratio's 95% interval is Wilson's from the fan's count; <b>out</b>: the interval "
            "misses the band; <b>too few</b>: the sample cannot tell.</p>"
            + _table(("fan", "wins", "players' share", "human share", "ratio", "95% interval", "band", "verdict"), rows)
            + f"<p>wins per game {table['wins_per_game']:.3f}; self-drawn share of the wins {table['self_drawn_share']:.3f}.</p>")


def _plots(study: Study) -> list[str]:
    per_side = _interval_rows(study)
    rules = [s.rules for s in (study.stats, study.other) if s is not None]
    fans = [r for r in per_side[0] if r["figure"].startswith("fan_share ")]
    biggest = sorted(fans, key=lambda r: -max(side[per_side[0].index(r)]["value"] for side in per_side))[:MAX_PLOTTED_FANS]
    shown = [r["figure"] for r in biggest]
    rates = ["win_rate", "exhaustive_draw_rate", "self_drawn_share"]
    return [_bars_with_intervals("each fan's share of the wins, with its 95% interval", shown, per_side, rules, True),
            _histogram(study),
            _bars_with_intervals("win and exhaustive-draw rates per hand, self-drawn share of the wins (95% intervals)",
                                 rates, per_side, rules, True)]


def report_html(study: Study, args: Any, rows: list[dict[str, Any]], rulesets: tuple[RuleSet, RuleSet | None],
                corpus: Corpus | None, human: dict[str, Any]) -> str:
    """The whole page."""
    a, b = study.stats.rules, study.other.rules if study.other is not None else None
    title = f"fanrules simulate: {a}" + (f" against {b}" if b else "")
    unit = "a wall played four times, the players rotated" if args.duplicate else "one game"
    sections = [
        ("rules", "What differs between the rule sets" + (f" ({a} against {b})" if b else ""), _rules_section(*rulesets)),
        ("corpus", "What it does to a corpus of hands", _corpus_section(corpus)),
        ("figures", "The simulated figures" + (f" ({a} - {b}, paired)" if b else ""),
         f"<p>{len(study.units)} units; a unit is {unit}, played under both rule sets with the same walls, seats and players. "
         "Intervals are 95%, normal, from the per-unit linearized figures; * marks a difference whose interval leaves out 0 "
         f"(about {figures.chance_marks(rows):.1f} of {len(rows)} rows would be marked by chance alone); 'none larger than' is "
         "the smallest difference this run finds 80% of the time.</p>" + _figures_table(study, rows)),
        ("plots", "Plots", "".join(f"<figure>{svg}</figure>" for svg in _plots(study))),
        ("realism", "The players beside human play", _human_section(human)),
        ("reproduce", "Reproduce", f"<pre>{escape(command_line(args))}</pre><p>Seed {args.seed}: game i is played on the wall "
         f"of seed {args.seed}*1000003+i, i from 0 to {args.games - 1}; the players are {escape(args.players)}. Every figure "
         "is the simulated players', not people's.</p>"),
    ]
    body = "".join(f'<section id="{key}"><h2>{escape(head)}</h2>{html}</section>' for key, head, html in sections)
    return (f'<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>{escape(title)}</title>'
            f"<style>{STYLE}</style></head><body><h1>{escape(title)}</h1>{body}</body></html>\n")
