"""Helpers for scripted games: tiles from short strings, tables on arranged walls, and a script runner
that draws, sets flowers aside and passes for the players the script does not name."""
from __future__ import annotations

import json
import textwrap
from pathlib import Path
from typing import Any

from fanrules.core.tiles import TILE_INDEX, tile_of_code
from fanrules.game import Action, Table, arranged_wall, game_rules


def tiles(text: str) -> list[int]:
    """``"123m 55p E 3f"`` as tiles (flowers ``1f``..``8f`` allowed)."""
    out: list[int] = []
    for word in text.split():
        if word[-1] in "mps" and word[:-1].isdigit():
            out.extend(TILE_INDEX[d + word[-1]] for d in word[:-1])
        elif word[-1] == "f":
            out.append(tile_of_code(word))
        else:
            out.extend(TILE_INDEX[c] for c in word)
    return out


def t(code: str) -> int:
    return tile_of_code(code)


def table(hands: list[str], draws: str = "", end: str = "", rules: Any = "mcr", **kw: Any) -> Table:
    """A table whose wall deals ``hands`` (player 0 deals: 14 tiles with the jump draw) and then gives
    ``draws`` from the front and ``end`` from the end."""
    proc = game_rules(rules).procedure if isinstance(rules, str) else rules.procedure
    wall = arranged_wall(proc, [tiles(h) for h in hands], tiles(draws), tiles(end))
    return Table(rules, wall=wall, **kw)


def variant(tmp: Path, name: str, procedure: str) -> Any:
    """The game rules of an mcr variant whose ``procedure:`` section is ``procedure`` (YAML)."""
    folder = tmp / name
    folder.mkdir(parents=True, exist_ok=True)
    body = textwrap.indent(textwrap.dedent(procedure).strip(), "  ")
    (folder / "ruleset.yaml").write_text(f"name: {name}\nextends: mcr\nprocedure:\n{body}\n", encoding="utf-8")
    return game_rules(folder)


def fill(tab: Table, until: Any = None) -> None:
    """Do the forced and uninteresting steps: draw, set flowers aside, pass every claim; stop at a turn
    (or when ``until(tab)`` is true)."""
    while not tab.over and not (until and until(tab)):
        player = tab.to_act()[0]
        legal = tab.legal(player)
        kinds = {a.kind for a in legal}
        if "draw" in kinds or "flower" in kinds:
            tab.step(legal[0])
        elif tab.phase in ("claims", "rob"):
            tab.step(Action(player, "pass"))
        else:
            return


def run(tab: Table, *script: Action, settle: bool = False) -> Table:
    """Step the script, filling in draws, flowers and passes of the players the script does not name;
    ``settle``: then let the players it left out pass on the last claim."""
    for action in script:
        fill(tab, until=lambda tb, a=action: a in tb.legal(a.player))
        tab.step(action)
    while settle and tab.phase in ("claims", "rob"):
        tab.step(Action(tab.to_act()[0], "pass"))
    return tab


def tsumogiri(tab: Table, until: Any) -> None:
    """Every player discards the tile they drew (and passes claims) until ``until(tab)``."""
    while not tab.over and not until(tab):
        fill(tab, until=until)
        if tab.over or until(tab):
            return
        player = tab.current
        seat = tab.seats[player]
        tile = seat.drawn if seat.drawn is not None and seat.counts[seat.drawn] else next(
            a.tile for a in tab.legal(player) if a.kind == "discard")
        tab.step(Action(player, "discard", tile))


def A(player: int, kind: str, tile: str | None = None, chow: str | None = None) -> Action:
    """An action from codes: ``A(1, "chow", "3s", "345s")``."""
    return Action(player, kind, None if tile is None else t(tile), tuple(tiles(chow)) if chow else ())


def snapshot(tab: Table) -> str:
    """Everything a table holds, to check that a refused action changed nothing."""
    def public(o: Any) -> Any:  # caches (names starting with _) are not state
        return {k: v for k, v in vars(o).items() if not k.startswith("_")} if hasattr(o, "__dict__") else repr(o)
    state = {k: v for k, v in vars(tab).items() if k not in ("rules", "proc") and not k.startswith("_") or k == "_steps"}
    return json.dumps(state, default=public, sort_keys=True)


def win_event(tab: Table, player: int) -> dict[str, Any]:
    return next(e for e in tab.events if e["type"] == "win" and e["player"] == player)


def fan_names(event: dict[str, Any]) -> set[str]:
    return {f["name_en"] for f in event["result"]["fans"]}
