"""HTML of hands and results for the rule book: the declared sets apart, the winning tile marked, the
sets a fan used highlighted. The playground draws the same markup in static/playground.js."""
from __future__ import annotations

from html import escape

from ..core.blocks import Kind, Reading
from ..core.notation import format_hand
from ..core.tiles import TILE_CODES
from ..scoring import Result
from .tiles import tile_html
from .words import ENGLISH, Words


def _win_position(reading: Reading, win_tile: int) -> tuple[int | None, int]:
    """Where the winning tile is drawn: (block index or None for the knitted part, position in it)."""
    if reading.win_block is not None:
        tiles = reading.blocks[reading.win_block].tiles
        return reading.win_block, len(tiles) - 1 - tiles[::-1].index(win_tile) if win_tile in tiles else len(tiles) - 1
    if win_tile in reading.knitted:
        return None, reading.knitted.index(win_tile)
    for i, block in enumerate(reading.blocks):
        if win_tile in block.tiles:
            return i, block.tiles.index(win_tile)
    return None, -1


def reading_html(reading: Reading, win_tile: int, used: frozenset[int] = frozenset(), w: Words = ENGLISH) -> str:
    """The blocks of a reading as tiles: declared sets first, then the concealed blocks and the knitted
    part; blocks in ``used`` get the class ``used``; the winning tile the class ``win``; a concealed
    kong shows its outer tiles face down."""
    win_block, win_at = _win_position(reading, win_tile)

    def group(index: int | None, tiles: tuple[int, ...], classes: str, label: str, hidden: bool = False) -> str:
        inner = "".join(tile_html(t, "win" if index == win_block and i == win_at else "", hidden and i in (0, 3))
                        for i, t in enumerate(tiles))
        data = "" if index is None else f' data-set="{index}"'
        return f'<span class="set {classes}"{data} title="{escape(label)}">{inner}</span>'

    declared: list[str] = []
    concealed: list[str] = []
    for i, block in enumerate(reading.blocks):
        classes = " ".join(c for c in ("declared" if block.declared else "", "used" if i in used else "") if c)
        how = w.say("declared" if block.declared else "concealed" if block.concealed else "completed by a discard")
        hidden = block.declared and block.kind is Kind.KONG and not block.melded
        html = group(i, block.tiles, classes, f"{w.say(block.kind.name.lower())} {block} ({how})", hidden)
        (declared if block.declared else concealed).append(html)
    if reading.knitted:
        concealed.insert(0, group(None, reading.knitted, "knitted", w.say("knitted tiles")))
    parts = []
    if declared:
        parts.append(f'<span class="sets declared-sets">{"".join(declared)}</span>')
    parts.append(f'<span class="sets concealed-sets">{"".join(concealed)}</span>')
    return f'<div class="hand">{"".join(parts)}</div>'


def context_text(result: Result, w: Words = ENGLISH) -> str:
    """The win context in words: ``self-drawn; seat E, round E`` (in ``w``'s language)."""
    ctx = result.hand.context
    flags = [w.say(name) for name, on in (("self-drawn", ctx.self_drawn), ("last copy", ctx.last_copy),
                                          ("kong", ctx.kong_related), ("last tile", ctx.last_tile)) if on]
    how = w.say(", ").join(flags) if flags else w.say("on a discard")
    flowers = w.say(", {} flower(s)", ctx.flowers) if ctx.flowers else ""
    return w.say("{}; seat {}, round {}{}", how, TILE_CODES[ctx.seat_wind], TILE_CODES[ctx.prevalent_wind], flowers)


def result_html(result: Result, focus: int | None = None, link: str = "fan-{}.html", w: Words = ENGLISH) -> str:
    """A scored hand: its tiles (the sets of fan ``focus`` highlighted), the fans with points and the
    total; each fan links to its page through ``link``."""
    used: set[int] = set()
    rows = []
    for counted in result.fans:
        fan = counted.fan
        sets = sorted({i for inst in result.shown(counted) for i in inst})
        if fan.number == focus:
            used.update(sets)
        times = f" ×{counted.count}" if counted.count > 1 else ""
        mark = ' class="focus"' if fan.number == focus else ""
        rows.append(f'<li{mark} data-fan="{fan.number}" data-sets="{" ".join(map(str, sets))}">'
                    f'<a href="{link.format(fan.number)}">{escape(fan.name_zh)} {escape(fan.name_en)}</a>'
                    f'<span class="pts">{counted.points}{times}</span></li>')
    status = "" if result.is_win else f' <span class="under">{w.say("below the minimum of {}", result.minimum)}</span>'
    return (f'<div class="result" data-hand="{escape(format_hand(result.hand))}" data-total="{result.total}">'
            f'{reading_html(result.reading, result.hand.win_tile, frozenset(used), w)}'
            f'<p class="context"><code>{escape(format_hand(result.hand))}</code> · {escape(context_text(result, w))}</p>'
            f'<ul class="fans">{"".join(rows)}</ul>'
            f'<p class="total">{w.say("total <b>{}</b>", result.total)}{status}</p></div>')
