"""``fanrules review -o FILE.html``: one self-contained page (no script, no style sheet, font or image
fetched; the book's tiles drawn inline) of a review: the summary, a list of the largest disagreements
that links to them, and every decision drawn: the seat's hand with the tile of the action taken and
the reviewer's marked, both choices weighed, the table the seat saw (each player's discards and
declared sets, a concealed kong face down), the reviewer's reason and what happened."""
from __future__ import annotations

from collections.abc import Sequence
from html import escape

from ..core.hand import Meld
from ..core.tile_svg import sprite, tile_html
from ..core.tiles import TILE_CODES
from ..game.actions import Action, ActionKind
from ..game.review import DANGER_COST, STEP_COST, Decision, Summary, Weighing, action_words

#: The most disagreements the jump list names.
LISTED = 30
STYLE = (
    "body{font-family:sans-serif;max-width:1100px;margin:1em auto;padding:0 1em;color:#222}"
    ".tile{display:inline-block;width:32px;line-height:0;position:relative;margin:0 1px;border:3px solid transparent}"
    ".tile svg{width:100%;height:auto;display:block}"
    ".tile .code{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}"
    ".tile.taken{border-bottom-color:#c4262e}.tile.suggested{border-top-color:#1d4f9a}"
    ".small .tile{width:20px;border-width:1px}.meld{display:inline-block;margin-right:8px}"
    "section.decision{border:1px solid #ccc;border-radius:6px;padding:6px 10px;margin:10px 0}"
    "section.differ{border-left:6px solid #c4262e}section.agree{border-left:6px solid #17754a}"
    "section.decision:target{background:#fff8e0}"
    "table{border-collapse:collapse;margin:.4em 0}td,th{border:1px solid #ccc;padding:2px 6px;font-size:13px}"
    "th{background:#f0f0f0}.key-taken{color:#c4262e;font-weight:bold}.key-suggested{color:#1d4f9a;font-weight:bold}"
    ".seats td{vertical-align:middle}.why{color:#444}.outcome{font-weight:bold}"
)


def _tiles(tiles: Sequence[int], marks: dict[int, str] | None = None) -> str:
    """Tiles in a row; the first copy of a tile kind in ``marks`` carries its classes."""
    left = dict(marks or {})
    out = []
    for t in tiles:
        out.append(tile_html(t, left.pop(t, "")))
    return "".join(out)


def _meld(meld: Meld) -> str:
    if not meld.tiles:  # another player's concealed kong: face down
        return '<span class="meld">' + "".join(tile_html(0, face_down=True) for _ in range(4)) + "</span>"
    return f'<span class="meld">{_tiles(meld.tiles)}</span>'


def _marks(d: Decision) -> dict[int, str]:
    """The hand's tiles that the two choices name: the tile discarded (or konged) by each."""
    marks: dict[int, str] = {}
    for action, cls in ((d.action, "taken"), (d.suggested, "suggested")):
        if action.kind in (ActionKind.DISCARD, ActionKind.CONCEALED_KONG, ActionKind.ADDED_KONG) and action.tile is not None:
            marks[action.tile] = f"{marks.get(action.tile, '')} {cls}".strip()
    return marks


def _weighed_row(label: str, cls: str, action: Action, w: Weighing) -> str:
    then = f" then discard {TILE_CODES[w.then]}" if w.then is not None else ""
    cells = [f'<span class="{cls}">{escape(label)}</span>', escape(action_words(action) + then),
             "won" if w.shanten < 0 else str(w.shanten), str(w.live), "-" if w.in_reach is None else str(w.in_reach),
             "-" if w.danger is None else f"{w.danger:.2f}"]
    return "<tr>" + "".join(f"<td>{c}</td>" for c in cells) + "</tr>"


def _seats(d: Decision) -> str:
    """The table as the seat saw it: each player's wind, tiles held, declared sets and discards."""
    seen = d.seen
    rows = []
    for p in range(4):
        who = f"player {p} ({TILE_CODES[seen.seat_winds[p]]}){' - reviewed' if p == seen.player else ''}"
        melds = "".join(_meld(m) for m in seen.melds[p])
        rows.append(f"<tr><td>{escape(who)}</td><td>{seen.hand_sizes[p]} held, {seen.flowers[p]} flower(s)</td>"
                    f'<td class="small">{melds}</td><td class="small">{_tiles(seen.discards[p])}</td></tr>')
    return ('<table class="seats"><tr><th>player</th><th>tiles</th><th>declared sets</th><th>discards</th></tr>'
            + "".join(rows) + "</table>")


def _decision(k: int, d: Decision, reviewer: str) -> str:
    seen = d.seen
    state = "agree" if d.agrees else "differ"
    on = ""
    if seen.last_discard is not None:
        on = f" on {TILE_CODES[seen.last_discard[1]]} from player {seen.last_discard[0]}"
    elif seen.kong_tile is not None:
        on = f" on the kong of {TILE_CODES[seen.kong_tile]}"
    head = (f"game {d.game}, event {d.event}: {seen.phase}{on}, {seen.wall_left} in the wall - "
            + ("the reviewer agrees" if d.agrees else f"cost {d.cost:.1f}"))
    hand = _tiles(sorted(seen.hand), _marks(d))
    own = "".join(_meld(m) for m in seen.melds[seen.player])
    weighed = ('<table><tr><th></th><th>choice</th><th>from ready</th><th>live useful</th><th>in reach</th><th>danger</th></tr>'
               + _weighed_row("played", "key-taken", d.action, d.taken)
               + _weighed_row(reviewer, "key-suggested", d.suggested, d.advised) + "</table>")
    return (f'<section class="decision {state}" id="d{k}"><h3>{escape(head)}</h3>'
            f'<div class="hand">{hand} {own}</div>{weighed}'
            + (f'<p class="why">played: {escape(d.said)}</p>' if d.said else "")
            + (f'<p class="why">{escape(reviewer)}: {escape(d.reason)}</p>' if d.reason else "")
            + (f'<p class="outcome">{escape(d.outcome)}</p>' if d.outcome else "")
            + f"{_seats(d)}</section>")


def review_page(decisions: Sequence[Decision], summary: Summary, source: str) -> str:
    """The whole page."""
    reviewer = summary.reviewer
    title = f"fanrules review: seat {summary.seat} of {source}, reviewed by {reviewer}"
    share = "-" if summary.agreement is None else f"{summary.agreement:.3f}"
    head = (f"<p>{summary.decisions} decisions in {summary.games} game(s); agreement with {escape(reviewer)} {share} "
            f"({summary.agreed} of {summary.decisions}); {summary.deal_ins} deal-in(s), {summary.wins} win(s); "
            f"{summary.useful_given_up} live useful copies given up in all. The cost of a decision counts, in live "
            f"useful copies, what the action taken gives up against the reviewer's: {STEP_COST:g} for each step farther "
            f"from ready, one for each live useful copy fewer (none beside a win), {DANGER_COST:g} for each unit of danger "
            "more. In each hand the tile "
            '<span class="key-taken">played</span> is marked below, the <span class="key-suggested">reviewer\'s</span> '
            "above.</p>" + "".join(f"<p>The log parts from the table: {escape(d)}</p>" for d in summary.diverged))
    worst = sorted((k for k, d in enumerate(decisions) if not d.agrees), key=lambda k: -decisions[k].cost)[:LISTED]
    jump = "".join(f'<li><a href="#d{k}">game {escape(str(decisions[k].game))} event {decisions[k].event}: '
                   f"{escape(action_words(decisions[k].action))}, {escape(reviewer)}: "
                   f"{escape(action_words(decisions[k].suggested))} (cost {decisions[k].cost:.1f})</a></li>" for k in worst)
    body = "".join(_decision(k, d, reviewer) for k, d in enumerate(decisions))
    return (f'<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>{escape(title)}</title>'
            f"<style>{STYLE}</style></head><body>{sprite()}<h1>{escape(title)}</h1>{head}"
            f'<h2>The largest disagreements</h2><ol id="worst">{jump or "<li>none: every decision agrees</li>"}</ol>'
            f'<h2>Every decision</h2><div id="decisions">{body}</div></body></html>\n')
