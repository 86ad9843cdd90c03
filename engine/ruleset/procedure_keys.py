"""The keys of a rule set's ``procedure:`` section: how a table plays a hand (the wall, the dice, the deal,
flowers, claims, kongs, what a win needs, when the wall is exhausted). The game engine
(``fanrules.game``) reads the merged section through its typed view; docs/game.md explains each key."""
from __future__ import annotations

from .sections import Field

CLAIMS = ("win", "pung", "chow")
SEATS = ("left", "across", "right")
WIND_CODES = ("E", "S", "W", "N")

PROCEDURE = Field(
    type="object",
    description="How a table plays one hand: the wall, the dice, the deal, flowers, claims, kongs, the minimum "
                "to declare a win and the exhaustive draw (docs/game.md).",
    required=("tiles", "dice", "deal", "flowers", "claims", "kongs", "exhaustive_draw"),
    keys={
        "tiles": Field(type="object", description="The tile set and the wall.", required=("flowers", "stacks_per_side"), keys={
            "flowers": Field(type="integer", description="Flower tiles in the set: 8 (144 tiles) or 0 (136 tiles).", enum=(0, 8)),
            "stacks_per_side": Field(type="integer", description="Stacks of two tiles each player builds: 18 with "
                                     "flowers, 17 without (4 sides x stacks x 2 = the tile count).", minimum=17, maximum=18),
        }),
        "dice": Field(type="object", description="The dice thrown to open the wall.", required=("count", "throws", "wall"), keys={
            "count": Field(type="integer", description="Dice per throw (3 in the seeds, 2 in Hong Kong practice).", minimum=1, maximum=3),
            "throws": Field(type="integer", description="Throws: 2 (the dealer's sum points to the second thrower) or 1.",
                            minimum=1, maximum=2),
            "wall": Field(type="string", description="Whose wall the stacks are counted on: pointed_seat (the seat the first "
                          "sum points to, counting the dealer as 1, 5, 9 ...) or dealer (Hong Kong practice).",
                          enum=("pointed_seat", "dealer")),
        }),
        "deal": Field(type="object", description="The deal.", required=("rounds", "take", "jump_draw"), keys={
            "rounds": Field(type="integer", description="Rounds in which each player takes `take` tiles.", minimum=1, maximum=3),
            "take": Field(type="integer", description="Tiles taken per player per round.", minimum=1, maximum=4),
            "jump_draw": Field(type="boolean", description="The dealer ends the deal with the jump draw (two tiles, 14 in "
                               "all) and the others take one each; false: everyone takes one, 13 each, and the dealer "
                               "opens play by drawing."),
        }),
        "flowers": Field(type="object", description="Flower replacement.", required=("replace_from", "order"), keys={
            "replace_from": Field(type="string", description="Where replacement tiles come from: the wall's end or its front.",
                                  enum=("end", "front")),
            "order": Field(type="array", description="Seat winds in the order the players replace the flowers of the deal; "
                           "each replaces all (and any flower drawn) before the next.",
                           items=Field(type="string", description="A seat wind.", enum=WIND_CODES)),
        }),
        "claims": Field(type="object", description="Claims of a discard.",
                        required=("priority", "chow_from", "several_wins", "melds_on_last_discard"), keys={
            "priority": Field(type="array", description="Claim kinds, highest first (pung stands for pung and melded kong).",
                              items=Field(type="string", description="A claim kind.", enum=CLAIMS)),
            "chow_from": Field(type="array", description="Seats a chow may be claimed from, seen by the claimer.",
                               items=Field(type="string", description="A seat.", enum=SEATS)),
            "several_wins": Field(type="string", description="Several players declare a win on one discard: first_in_turn (the "
                                  "first after the discarder in turn order wins alone) or all (each of them wins).",
                                  enum=("first_in_turn", "all")),
            "melds_on_last_discard": Field(type="boolean", description="Whether the discard after the wall's last tile may be "
                                           "claimed for a chow or pung (a kong never: it has no replacement tile)."),
        }),
        "kongs": Field(type="object", description="Kongs.", required=("replace_from", "robbing"), keys={
            "replace_from": Field(type="string", description="Where the replacement tile of a kong comes from.",
                                  enum=("end", "front")),
            "robbing": Field(type="array", description="Kongs whose tile another player may win on (robbing a kong).",
                             items=Field(type="string", description="A kong kind.", enum=("added", "concealed"))),
        }),
        "exhaustive_draw": Field(type="object", description="When the hand ends without a winner.", required=("tiles_left",), keys={
            "tiles_left": Field(type="integer", description="Tiles left in the wall when play stops (0: play to the last tile).",
                                minimum=0, maximum=32),
        }),
    },
)
