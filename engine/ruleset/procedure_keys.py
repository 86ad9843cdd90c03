"""The keys of a rule set's ``procedure:`` section: how a table plays a hand (the wall, the dice, the deal,
flowers, claims, kongs, when the wall is exhausted), each with the attribute of the game's typed view
(``fanrules.game.Procedure``) it fills, and the rules that make the section playable. docs/game.md
explains each key (its table is generated from this one)."""
from __future__ import annotations

from typing import Any

from ..core.tiles import COPIES, KINDS_COUNT, WIND_CODES, WIND_TILES
from .declare import Data, Key, Rule, listed, need

CLAIMS = ("win", "pung", "chow")
SEATS = ("left", "across", "right")
#: Tiles dealt to each player before the last draw (three rounds of four in every table).
DEALT = 12


def wind_tile(code: str) -> int:
    """A seat wind's letter as its tile, as the game holds winds."""
    return WIND_TILES[WIND_CODES.index(code)]


def _once_each(names: list[Any], wanted: tuple[str, ...]) -> bool:
    return sorted(names, key=str) == sorted(wanted)


def _stacks(data: Data) -> str | None:
    count = KINDS_COUNT * COPIES + data["tiles"]["flowers"]
    stacks = data["tiles"]["stacks_per_side"]
    return None if stacks * 8 == count else f"tiles: {count} tiles need {count // 8} stacks a side, not {stacks}"


def _deal(data: Data) -> str | None:
    rounds, take = data["deal"]["rounds"], data["deal"]["take"]
    return None if rounds * take == DEALT else f"deal: rounds x take must be {DEALT} tiles before the last draw, not {rounds} x {take}"


def _priority(data: Data) -> str | None:
    names = data["claims"]["priority"]
    return None if _once_each(names, CLAIMS) else f"claims.priority must name {listed(CLAIMS)} once each, not {names}"


def _order(data: Data) -> str | None:
    names = data["flowers"]["order"]
    return None if _once_each(names, WIND_CODES) else f"flowers.order must name {listed(WIND_CODES)} once each, not {names}"


def _kinds(kinds: tuple[str, ...], what: str) -> Key:
    return Key(type="string", description=what, enum=kinds)


PROCEDURE = Key(
    type="object",
    description="How a table plays one hand: the wall, the dice, the deal, flowers, claims, kongs, the minimum "
                "to declare a win and the exhaustive draw (docs/game.md).",
    view="Procedure",
    rules=(Rule("tiles.stacks_per_side", _stacks, reads=("tiles.flowers",),
                says="4 sides x stacks_per_side x 2 tiles must be the tile set: 18 stacks with 8 flowers, 17 without"),
           Rule("deal.take", _deal, reads=("deal.rounds",),
                says=f"rounds x take must be the {DEALT} tiles each player has before the last draw (3 x 4, 4 x 3, ...)"),
           Rule("claims.priority", _priority, says=f"priority lists {listed(CLAIMS)}, each once"),
           Rule("flowers.order", _order, says=f"order lists the seat winds {listed(WIND_CODES)}, each once")),
    keys={
        "wall": Key(type="string", description="How the wall is shared: shared (one wall of four sides, opened by the dice) "
                    "or per_seat (each seat draws, replacements included, from its own wall of a quarter of the tiles, "
                    "without dice, as Botzone's duplicate format; the hand is drawn when the player to draw has an empty "
                    "wall, and the next drawer's empty wall makes the last tile).",
                    enum=("shared", "per_seat"), default="shared", field="wall"),
        "tiles": need("object", "The tile set and the wall.", keys={
            "flowers": need("integer", "Flower tiles in the set: 8 (144 tiles) or 0 (136 tiles).", enum=(0, 8), field="flowers"),
            "stacks_per_side": need("integer", "Stacks of two tiles each player builds: 18 with flowers, 17 without "
                                    "(4 sides x stacks x 2 = the tile count).", minimum=17, maximum=18, field="stacks_per_side"),
        }),
        "dice": need("object", "The dice thrown to open the wall.", keys={
            "count": need("integer", "Dice per throw (3 in the seed's table practice; 2 in the 1998 book, p16, and in "
                          "Hong Kong practice).", minimum=1, maximum=3,
                          field="dice_count"),
            "throws": need("integer", "Throws: 2 (the dealer's sum points to the second thrower) or 1.", minimum=1, maximum=2,
                           field="dice_throws"),
            "wall": need("string", "Whose wall the stacks are counted on: pointed_seat (the seat the first sum points to, "
                         "counting the dealer as 1, 5, 9 ...) or dealer (Hong Kong practice).",
                         enum=("pointed_seat", "dealer"), field="dice_wall"),
        }),
        "deal": need("object", "The deal.", keys={
            "rounds": need("integer", "Rounds in which each player takes `take` tiles.", minimum=1, maximum=3, field="deal_rounds"),
            "take": need("integer", "Tiles taken per player per round.", minimum=1, maximum=4, field="deal_take"),
            "jump_draw": need("boolean", "The dealer ends the deal with the jump draw (two tiles, 14 in all) and the others "
                              "take one each; false: everyone takes one, 13 each, and the dealer opens play by drawing.",
                              field="jump_draw"),
        }),
        "flowers": need("object", "Flower replacement.", keys={
            "replace_from": need("string", "Where replacement tiles come from: the wall's end or its front.",
                                 enum=("end", "front"), field="flower_replace_from"),
            "order": need("array", "Seat winds in the order the players replace the flowers of the deal; each replaces "
                          "all (and any flower drawn) before the next.",
                          items=Key(type="string", description="A seat wind.", enum=WIND_CODES, convert=wind_tile),
                          field="flower_order"),
        }),
        "claims": need("object", "Claims of a discard.", keys={
            "priority": need("array", "Claim kinds, highest first (pung stands for pung and melded kong).",
                             items=_kinds(CLAIMS, "A claim kind."), field="priority"),
            "chow_from": need("array", "Seats a chow may be claimed from, seen by the claimer.",
                              items=_kinds(SEATS, "A seat."), field="chow_from"),
            "several_wins": need("string", "Several players declare a win on one discard: first_in_turn (the first after "
                                 "the discarder in turn order wins alone) or all (each of them wins).",
                                 enum=("first_in_turn", "all"), field="several_wins"),
            "melds_on_last_discard": need("boolean", "Whether the discard after the wall's last tile may be claimed for a "
                                          "chow or pung (a kong never: it has no replacement tile).",
                                          field="melds_on_last_discard"),
        }),
        "kongs": need("object", "Kongs.", keys={
            "replace_from": need("string", "Where the replacement tile of a kong comes from.", enum=("end", "front"),
                                 field="kong_replace_from"),
            "robbing": need("array", "Kongs whose tile another player may win on (robbing a kong).",
                            items=_kinds(("added", "concealed"), "A kong kind."), field="robbing"),
        }),
        "exhaustive_draw": need("object", "When the hand ends without a winner.", keys={
            "tiles_left": need("integer", "Tiles left in the wall when play stops (0: play to the last tile).",
                               minimum=0, maximum=32, field="tiles_left"),
        }),
    },
)
