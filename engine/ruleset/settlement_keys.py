"""The key table of a rule set's ``settlement:`` section: who pays whom after a hand, penalties, the
session (length, starting points, rounds, seats and dealers) and the ranking points within a table.
``fanrules.settlement`` gives these values their meaning (docs/settlement.md)."""
from __future__ import annotations

from .sections import Field

WIND = Field(type="string", description="A wind: E, S, W or N.", enum=("E", "S", "W", "N"))
WINDS4 = Field(type="array", description="Four winds, one for each player or hand.", items=WIND)


def _pay(who: str) -> Field:
    return Field(type="object", description=f"What {who} pays the winner: base x the base plus points x the hand's points.",
                 required=("base", "points"), keys={
                     "base": Field(type="integer", description="How many times the base (settlement.base).", minimum=0, maximum=16),
                     "points": Field(type="integer", description="How many times the hand's points.", minimum=0, maximum=16),
                 })


PENALTY = Field(type="object", description="A penalty: what the offender pays, to whom, and whether the hand ends.",
                required=("points", "to"), keys={
                    "points": Field(type="integer", description="Points the offender pays (to each other player with to: each_other).",
                                    minimum=0, maximum=10000),
                    "to": Field(type="string", description="each_other: every other player receives the points; nobody: "
                                                           "the points leave the table (the hand's changes then sum below zero).",
                                enum=("each_other", "nobody")),
                    "ends_hand": Field(type="boolean", description="Whether the penalty ends the hand (default false: play goes on)."),
                })

SETTLEMENT = Field(
    type="object",
    description="Who pays whom after a hand, penalties, the session and the ranking points within a table.",
    required=("base", "discard", "self_draw", "flowers", "penalties", "draw", "session", "ranking"),
    keys={
        "sources": Field(type="array", description="Texts the settlement figures are read from.",
                         items=Field(type="string", description="A book (with its page), a spec file or an address.")),
        "base": Field(type="integer", description="The base paid to a winner (底分).", minimum=0, maximum=10000),
        "discard": Field(type="object", description="A win on a discard: what the discarder and each other loser pay.",
                         required=("discarder", "others"),
                         keys={"discarder": _pay("the discarder"), "others": _pay("each of the two other losers")}),
        "self_draw": Field(type="object", description="A self-drawn win: what each of the three others pays.",
                           required=("others",), keys={"others": _pay("each of the three others")}),
        "flowers": Field(type="object", description="Whether flower points count toward the minimum and toward payment.",
                         required=("toward_minimum", "toward_payment"), keys={
                             "toward_minimum": Field(type="boolean", description="Flower points count toward the minimum to win."),
                             "toward_payment": Field(type="boolean", description="Flower points are paid like the hand's other points."),
                         }),
        "penalties": Field(type="object", description="Penalties by kind (false_win, not_ready, ...): a word of your choice each.",
                           values=PENALTY),
        "draw": Field(type="object", description="An exhaustive draw (荒牌).", required=("not_ready_pays_each_ready",), keys={
            "not_ready_pays_each_ready": Field(type="integer", description="Points each player who is not ready pays each "
                                                                           "player who is ready (0: the draw pays nothing).",
                                               minimum=0, maximum=10000),
        }),
        "session": Field(type="object", description="A session: its length, starting points, rounds, seats and dealers.",
                         required=("length", "start", "hands_per_round", "rounds", "seats", "dealers"), keys={
                             "length": Field(type="integer", description="Hands in a session.", minimum=1, maximum=64),
                             "start": Field(type="integer", description="Each player's points at the start of a session.",
                                            minimum=0, maximum=1000000),
                             "hands_per_round": Field(type="integer", description="Hands played under one prevalent wind.",
                                                      minimum=1, maximum=16),
                             "rounds": Field(type="array", description="The prevalent wind of each round, in order.", items=WIND),
                             "seats": Field(type="array", description="For each round, each player's place at the table "
                                                                      "(by player index 0..3, as a wind).", items=WINDS4),
                             "dealers": Field(type="array", description="The place that deals each hand of a round, in order; "
                                                                        "the dealer's seat wind is E, the next place's S, ...",
                                              items=WIND),
                         }),
        "ranking": Field(type="object", description="Ranking points within a table (标准分) and how ties are settled.",
                         required=("points", "ties"), keys={
                             "points": Field(type="array", description="Ranking points of the 1st, 2nd, 3rd and 4th place.",
                                             items=Field(type="integer", description="Points of a place.", minimum=0, maximum=1000)),
                             "ties": Field(type="string", description="share: tied players share the points of the places they cover.",
                                           enum=("share",)),
                             "tie_breaks": Field(type="array", description="How players level on ranking points over several "
                                                                           "sessions are ordered, in turn.",
                                                 items=Field(type="string", description="match_points: total points; best_ranking: "
                                                             "the best single ranking score; high_rankings: how many times the "
                                                             "best ranking score was reached.",
                                                             enum=("match_points", "best_ranking", "high_rankings"))),
                         }),
    },
)
