"""The keys of a rule set's ``settlement:`` section: who pays whom after a hand, penalties, the session
(length, starting points, rounds, seats and dealers) and the ranking points within a table, each with
the attribute of the typed terms (``fanrules.settlement.terms``) it fills, and the rules that make a
session playable. docs/settlement.md explains each key (its table is generated from this one)."""
from __future__ import annotations

import re

from ..core.tiles import WIND_CODES
from .declare import Data, Key, Rule, listed, need
from .formula import NAMES, FormulaError, parse, pieces_problem

WIND = Key(type="string", description=f"A wind: {', '.join(WIND_CODES[:-1])} or {WIND_CODES[-1]}.", enum=WIND_CODES)
WINDS4 = Key(type="array", description="Four winds, one for each player or hand.", items=WIND)
#: Players at a table: the places ranking points are given for.
PLAYERS = len(WIND_CODES)
#: How a penalty kind is written, so that a score sheet can name it: one word, ``_`` where the sheet
#: writes ``-`` (``false_win`` is ``N false-win``).
PENALTY_KIND = re.compile(r"[^\s-]+")


def _pay(who: str, field: str) -> Key:
    return need("object", f"What {who} pays the winner: base x the base plus points x the hand's points, or a formula.",
                view="Pay", field=field, keys={
                    "base": Key(type="integer", description="How many times the base (settlement.base); default 0.", minimum=0,
                                maximum=16, default=0, field="base"),
                    "points": Key(type="integer", description="How many times the hand's points; default 0.", minimum=0, maximum=16,
                                  default=0, field="points"),
                    "formula": Key(type="string", description="Instead of base and points: the amount as a formula over total, "
                                                              "base, flowers, the win's facts and the pieces (docs/settlement.md).",
                                   default="", field="formula"),
                })


def _formulas(data: Data) -> str | None:
    """What is wrong with the pieces or a payment's formula, or None."""
    pieces = data.get("pieces", {})
    problem = pieces_problem(pieces)
    if problem is not None:
        return problem
    for path, pay in (("discard.discarder", data["discard"]["discarder"]), ("discard.others", data["discard"]["others"]),
                      ("self_draw.others", data["self_draw"]["others"])):
        text = pay.get("formula", "")
        if text:
            try:
                parse(text, (*NAMES, *pieces))
            except FormulaError as err:
                return f"{path}.formula: {err}"
    return None


def _rounds_needed(session: Data) -> int:
    length: int = session["length"]
    hands: int = session["hands_per_round"]
    return -(-length // hands)


def _rounds(data: Data) -> str | None:
    session = data["session"]
    need_, have = _rounds_needed(session), len(session["rounds"])
    return None if have >= need_ else f"session.rounds names {have} prevalent winds; {session['length']} hands need {need_}"


def _seat_rounds(data: Data) -> str | None:
    session = data["session"]
    need_, have = _rounds_needed(session), len(session["seats"])
    return None if have >= need_ else f"session.seats gives {have} rounds of seats; {session['length']} hands need {need_}"


def _seat_rows(data: Data) -> str | None:
    for i, row in enumerate(data["session"]["seats"]):
        if sorted(row, key=str) != sorted(WIND_CODES):
            return f"session.seats[{i}] must place the four players at {listed(WIND_CODES)} once each, not {row}"
    return None


def _dealers(data: Data) -> str | None:
    session = data["session"]
    have, hands = len(session["dealers"]), session["hands_per_round"]
    return None if have == hands else f"session.dealers names {have} dealers; a round has {hands} hands"


def _places(data: Data) -> str | None:
    have = len(data["ranking"]["points"])
    return None if have == PLAYERS else f"ranking.points names {have} places; a table has {PLAYERS} players"


def _kinds(data: Data) -> str | None:
    bad = [kind for kind in data["penalties"] if not PENALTY_KIND.fullmatch(kind)]
    return None if not bad else (f"penalties: a penalty kind is one word with _ for a dash (a score sheet "
                                 f"writes false_win as false-win), not {', '.join(map(repr, bad))}")


PENALTY = Key(type="object", description="A penalty: what the offender pays, to whom, whether the hand ends and "
                                          "whether the offender may still win it.",
              view="Penalty", named="kind", keys={
                  "points": need("integer", "Points the offender pays (to each other player with to: each_other).",
                                 minimum=0, maximum=10000, field="points"),
                  "to": need("string", "each_other: every other player receives the points; nobody: the points leave the "
                                       "table (the hand's changes then sum below zero).", enum=("each_other", "nobody"), field="to"),
                  "ends_hand": Key(type="boolean", description="Whether the penalty ends the hand (default false: play goes on).",
                                   default=False, field="ends_hand"),
                  "bars_win": Key(type="boolean", description="Whether the offender is barred from winning for the rest of "
                                              "the hand and plays on (停和; default false).", default=False, field="bars_win"),
              })

SETTLEMENT = Key(
    type="object",
    description="Who pays whom after a hand, penalties, the session and the ranking points within a table.",
    view="Settlement",
    rules=(Rule("session.rounds", _rounds, reads=("session.length", "session.hands_per_round"),
                says="rounds names a prevalent wind for each round of hands_per_round hands in the session's length"),
           Rule("session.seats", _seat_rounds, reads=("session.length", "session.hands_per_round"),
                says="seats gives a row for each round of hands_per_round hands in the session's length"),
           Rule("session.seats", _seat_rows, says=f"each row of seats places the four players at {listed(WIND_CODES)}, each once"),
           Rule("session.dealers", _dealers, reads=("session.hands_per_round",),
                says="dealers names the place that deals each of the hands_per_round hands of a round"),
           Rule("ranking.points", _places, says=f"points gives the ranking points of each of the {PLAYERS} places"),
           Rule("penalties", _kinds, says="a penalty kind is one word, _ where a score sheet writes - (false_win: N false-win)"),
           Rule("pieces", _formulas, reads=("discard", "self_draw"),
                says="each piece and each payment's formula reads whole numbers, " + ", ".join(NAMES)
                     + " and the pieces before it, with + - * // and min, max")),
    keys={
        "sources": Key(type="array", description="Texts the settlement figures are read from.", default=(), field="sources",
                       items=Key(type="string", description="A book (with its page), a spec file or an address.")),
        "base": need("integer", "The base paid to a winner (底分).", minimum=0, maximum=10000, field="base"),
        "pieces": Key(type="object", description="Named formulas the payments' formulas may read, each over the names "
                                                 "and the pieces before it (Zung Jung: over_par: max(total - 25, 0)).",
                      default={}, field="pieces", values=Key(type="string", description="A formula.")),
        "discard": need("object", "A win on a discard: what the discarder and each other loser pay.",
                        keys={"discarder": _pay("the discarder", "discarder"),
                              "others": _pay("each of the two other losers", "discard_others")}),
        "self_draw": need("object", "A self-drawn win: what each of the three others pays.",
                          keys={"others": _pay("each of the three others", "self_draw_others")}),
        "flowers": need("object", "Whether flower points count toward the minimum and toward payment.", keys={
            "toward_minimum": need("boolean", "Flower points count toward the minimum to win.", field="flowers_toward_minimum"),
            "toward_payment": need("boolean", "Flower points are paid like the hand's other points.", field="flowers_toward_payment"),
        }),
        "penalties": need("object", "Penalties by kind (false_win, not_ready, ...): a word of your choice each.",
                          values=PENALTY, field="penalties"),
        "draw": need("object", "An exhaustive draw (荒牌).", keys={
            "not_ready_pays_each_ready": need("integer", "Points each player who is not ready pays each player who is ready "
                                                         "(0: the draw pays nothing).", minimum=0, maximum=10000,
                                              field="draw_not_ready_pays_each_ready"),
        }),
        "session": need("object", "A session: its length, starting points, rounds, seats and dealers.", view="SessionTerms",
                        field="session", keys={
                            "length": need("integer", "Hands in a session.", minimum=1, maximum=64, field="length"),
                            "start": need("integer", "Each player's points at the start of a session.", minimum=0,
                                          maximum=1000000, field="start"),
                            "hands_per_round": need("integer", "Hands played under one prevalent wind.", minimum=1, maximum=16,
                                                    field="hands_per_round"),
                            "rounds": need("array", "The prevalent wind of each round, in order.", items=WIND, field="rounds"),
                            "seats": need("array", "For each round, each player's place at the table (by player index 0..3, "
                                                   "as a wind).", items=WINDS4, field="seats"),
                            "dealers": need("array", "The place that deals each hand of a round, in order; the dealer's seat "
                                                     f"wind is {WIND_CODES[0]}, the next place's {WIND_CODES[1]}, ...",
                                            items=WIND, field="dealers"),
                        }),
        "ranking": need("object", "Ranking points within a table (标准分) and how ties are settled.", view="RankingTerms",
                        field="ranking", keys={
                            "points": need("array", "Ranking points of the 1st, 2nd, 3rd and 4th place.", field="points",
                                           items=Key(type="integer", description="Points of a place.", minimum=0, maximum=1000)),
                            "ties": need("string", "share: tied players share the points of the places they cover; "
                                                   "by_seat: the tied player with the lower player index (seat) takes the "
                                                   "better place.", enum=("share", "by_seat"), field="ties"),
                            "tie_breaks": Key(type="array", description="How players level on ranking points over several "
                                                                        "sessions are ordered, in turn.", default=(),
                                              field="tie_breaks",
                                              items=Key(type="string", description="match_points: total points; best_ranking: "
                                                        "the best single ranking score; high_rankings: how many times the "
                                                        "best ranking score was reached.",
                                                        enum=("match_points", "best_ranking", "high_rankings"))),
                        }),
    },
)


#: What a root rule set's settlement section holds where it does not say (documented in docs/settlement.md,
#: "Defaults"): no base; on a discard the discarder pays the hand's points and the others nothing; a
#: self-drawn win paid the hand's points by each of the three others; flowers paid but not toward the
#: minimum; no penalties; a draw pays nothing; sessions of 16 hands from 0 points, mcr's rounds, seats
#: and dealers; ranking points 4, 2, 1, 0, ties shared.
DEFAULTS: Data = {
    "base": 0,
    "discard": {"discarder": {"points": 1}, "others": {"points": 0}},
    "self_draw": {"others": {"points": 1}},
    "flowers": {"toward_minimum": False, "toward_payment": True},
    "penalties": {},
    "draw": {"not_ready_pays_each_ready": 0},
    "session": {"length": 16, "start": 0, "hands_per_round": 4, "rounds": list(WIND_CODES),
                "seats": [[WIND_CODES[i] for i in row] for row in ((0, 1, 2, 3), (1, 0, 3, 2), (3, 2, 0, 1), (2, 3, 1, 0))],
                "dealers": list(WIND_CODES)},
    "ranking": {"points": [4, 2, 1, 0], "ties": "share"},
}
