"""A table's whole state as JSON and back (``Table.to_json``, ``Table.from_json``): what a server keeps
between requests or an app saves, so that a restored table plays on exactly as the saved one would.
What a player may see of it is ``observe``'s business; the state holds everything, the wall included."""
from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from ..core.jsonio import hand_from_record, meld_to_record, melds_of
from ..core.tiles import TILE_INDEX, tile_code, tile_of_code
from .actions import Action, Phase, Source
from .claims import open_window
from .seat import SEAT_COUNT, Seat
from .wall import Opening, wall_bounds
from .winning import GameRules, Win, as_game_rules

if TYPE_CHECKING:
    from .table import Table

STATE_FORMAT = 1


def seat_to_json(seat: Seat) -> dict[str, Any]:
    return {"tiles": [tile_code(t) for t in seat.tiles()], "melds": [meld_to_record(m) for m in seat.melds],
            "discards": [tile_code(t) for t in seat.discards], "flowers": [tile_code(t) for t in seat.flowers],
            "drawn": None if seat.drawn is None else tile_code(seat.drawn), "source": seat.source,
            "wall_last": seat.wall_last, "draw_from": seat.draw_from}


def seat_from_json(data: dict[str, Any]) -> Seat:
    seat = Seat(melds=list(melds_of(data["melds"])), discards=[tile_of_code(t) for t in data["discards"]],
                flowers=[tile_of_code(t) for t in data["flowers"]],
                drawn=None if data["drawn"] is None else tile_of_code(data["drawn"]), source=Source(data["source"]),
                wall_last=bool(data["wall_last"]), draw_from=Source(data["draw_from"]))
    for t in data["tiles"]:
        seat.take(tile_of_code(t))
    return seat


def table_to_json(table: Table) -> dict[str, Any]:
    """Everything the table holds, as plain JSON values (the events as logged)."""
    from .log import rules_hash

    w = table.window
    return {
        "type": "table", "format": STATE_FORMAT, "rules": table.rules.name, "rules_hash": rules_hash(table.rules),
        "seed": table.seed, "seat_winds": [tile_code(t) for t in table.seat_winds],
        "prevalent_wind": tile_code(table.prevalent_wind), "wall": [tile_code(t) for t in table.wall],
        "scripted": table.scripted, "opening": [list(table.opening.throws), table.opening.side, table.opening.counted],
        "fronts": list(table.fronts), "backs": list(table.backs), "seats": [seat_to_json(s) for s in table.seats],
        "phase": table.phase, "current": table.current, "may_self_win": table.may_self_win,
        "window": None if w is None else {"discarder": w.discarder, "tile": tile_code(w.tile), "kong": w.kong,
                                          "answers": [a.to_json() for a in w.responses.values()]},
        "initial": list(table.initial), "steps": table._steps, "events": json.loads(json.dumps(table.events)),
    }


def table_from_json(data: dict[str, Any], rules: GameRules | str | None = None) -> Table:
    """The table ``data`` (``table_to_json``) describes, under ``rules`` (default: the shipped rule set
    it names). ValueError when the data is not a table's state or was written under other rules."""
    from .log import rules_hash
    from .table import Table

    if not isinstance(data, dict) or data.get("type") != "table" or data.get("format") != STATE_FORMAT:
        raise ValueError(f"not a table state of format {STATE_FORMAT}")
    game = as_game_rules(rules if rules is not None else str(data["rules"]))
    if data.get("rules_hash") != rules_hash(game):
        raise ValueError(f"the table was saved under other rules than {game.name} (rules hash differs)")
    try:
        return _restore(Table.__new__(Table), data, game)
    except (KeyError, TypeError, IndexError) as err:
        raise ValueError(f"a bad table state: {err!r}") from None


def _restore(table: Table, data: dict[str, Any], game: GameRules) -> Table:
    table.rules, table.proc, table.seed = game, game.procedure, data["seed"]
    table.seat_winds = tuple(TILE_INDEX[w] for w in data["seat_winds"])
    table.prevalent_wind = TILE_INDEX[data["prevalent_wind"]]
    table.order = tuple(sorted(range(SEAT_COUNT), key=lambda p: table.seat_winds[p]))
    table.dealer = table.order[0]
    table.wall = [tile_of_code(t) for t in data["wall"]]
    table.scripted = bool(data["scripted"])
    throws, side, counted = data["opening"]
    table.opening = Opening(tuple(throws), side, counted)
    fronts, backs = wall_bounds(table.proc, len(table.wall))
    if len(data["fronts"]) != len(fronts) or len(data["backs"]) != len(backs):
        raise ValueError("the table's walls do not match its rules' procedure.wall")
    table.fronts, table.backs = [int(f) for f in data["fronts"]], [int(b) for b in data["backs"]]
    table.wall_index = [0 if len(fronts) == 1 else table.order.index(p) for p in range(SEAT_COUNT)]
    table.seats = [seat_from_json(s) for s in data["seats"]]
    table.current, table.may_self_win = int(data["current"]), bool(data["may_self_win"])
    table.initial = [int(p) for p in data["initial"]]
    table.events = json.loads(json.dumps(data["events"]))
    table.wins = [_win(e, game) for e in table.events if e.get("type") == "win"]
    table._legal, table._turn_win, table._steps = None, None, int(data["steps"])
    table.window = None
    w = data["window"]
    if w is not None:
        # The window opens again as it opened: the discarder's turn, the tile just given up.
        table.phase = Phase.TURN
        table.current = int(w["discarder"])
        table.window = open_window(table, table.current, tile_of_code(w["tile"]), w["kong"])
        if table.window is None:
            raise ValueError("the saved claim window has no one to answer it under these rules")
        for answer in w["answers"]:
            table.window.answer(Action.from_json(answer))
        table.current = int(data["current"])
    table.phase = Phase(data["phase"])
    return table


def _win(event: dict[str, Any], game: GameRules) -> Win:
    hand = hand_from_record(event["record"])
    return Win(event["player"], hand.win_tile, event["from"], hand, game.scorer.score(hand))
