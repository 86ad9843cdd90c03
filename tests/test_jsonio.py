"""JSON records of the JSONL contract, both ways, and the errors that bad records give."""
from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from fanrules.core.hand import Context, HandError, Meld, MeldKind
from fanrules.core.jsonio import hand_from_record, hand_to_record
from fanrules.core.notation import parse_hand
from fanrules.core.tiles import NORTH, SOUTH, TILE_INDEX, Tile


def t(codes: str) -> tuple[Tile, ...]:
    """Tiles from space-separated codes."""
    return tuple(TILE_INDEX[c] for c in codes.split())


#: Every kind of declared set, claimed from every side, and every context field set.
RECORD: dict[str, Any] = {
    "id": "x-1",
    "hand": ["E"],
    "melds": [
        {"type": "chow", "tiles": ["5m", "6m", "7m"], "claimed_from": "left", "claimed_tile": "6m"},
        {"type": "pung", "tiles": ["9s", "9s", "9s"], "claimed_from": "right"},
        {"type": "kong", "tiles": ["8p", "8p", "8p", "8p"], "claimed_from": "across"},
        {"type": "concealed_kong", "tiles": ["S", "S", "S", "S"], "claimed_from": None},
    ],
    "win_tile": "E",
    "self_drawn": True,
    "fourth_tile": False,
    "kong_related": True,
    "last_tile": True,
    "seat_wind": "S",
    "round_wind": "N",
    "flowers": 2,
}

#: A valid record without declared sets, the base of the error cases.
PLAIN: dict[str, Any] = {
    "hand": ["1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s", "E", "E", "E", "1m"],
    "melds": [],
    "win_tile": "1m",
}

#: A valid record with one declared pung, whose set the error cases replace.
MELDED: dict[str, Any] = {
    "hand": ["1m", "2m", "3m", "4p", "5p", "6p", "E", "E", "E", "1m"],
    "melds": [{"type": "pung", "tiles": ["7s", "7s", "7s"], "claimed_from": "left"}],
    "win_tile": "1m",
}


def test_record_to_hand() -> None:
    hand = hand_from_record(RECORD)
    assert hand.concealed == t("E") and hand.win_tile == TILE_INDEX["E"]
    assert hand.melds == (
        Meld(MeldKind.CHOW, t("5m 6m 7m"), "left", TILE_INDEX["6m"]),
        Meld(MeldKind.PUNG, t("9s 9s 9s"), "right"),
        Meld(MeldKind.KONG, t("8p 8p 8p 8p"), "across"),
        Meld(MeldKind.CONCEALED_KONG, t("S S S S"), None),
    )
    assert hand.context == Context(
        self_drawn=True, last_copy=False, kong_related=True, last_tile=True,
        seat_wind=SOUTH, prevalent_wind=NORTH, flowers=2,
    )
    assert hand == parse_hand(
        "[567m,2][999s,3][8888p,2][SSSS]EE",
        self_drawn=True, kong_related=True, last_tile=True, seat_wind="S", prevalent_wind="N", flowers=2,
    )


def test_hand_to_record_gives_the_contract_fields() -> None:
    assert hand_to_record(hand_from_record(RECORD), id="x-1") == RECORD


def test_hand_to_record_without_id() -> None:
    assert "id" not in hand_to_record(hand_from_record(PLAIN))


@pytest.mark.parametrize(
    "text",
    [
        "1112345678999s9s",  # all concealed, no melds field needed
        "[EEEE][CCCC][FFFF][PPPP]NN",  # four concealed kongs
        "[WWWW,1][444s,2]45m678pFF6m",  # a melded kong and a pung claimed across
        "[123p,3][345s,2][999s,3]6m6pEE6m",  # chows claimed on their third and second tile
        "[1111s,7]123m456p789sEE",  # a pung upgraded to a kong
        "19m19p19sESWNCFPP",  # thirteen orphans
    ],
)
def test_round_trip_through_json_text(text: str) -> None:
    hand = parse_hand(text, self_drawn=True, seat_wind="W", flowers=8)
    line = json.dumps(hand_to_record(hand, id="r"))
    assert hand_from_record(json.loads(line)) == hand


def test_added_kong_is_kept() -> None:
    hand = parse_hand("[1111s,6]123m456p789sEE")
    record = hand_to_record(hand)
    assert record["melds"][0] == {"type": "kong", "tiles": ["1s"] * 4, "claimed_from": "across", "added": True}
    assert hand_from_record(record) == hand


def test_extra_fields_are_ignored() -> None:
    record = {**PLAIN, "id": "a", "tag": "t", "notes": ["n"], "expected": {"error": "invalid"}, "source": {}}
    assert hand_from_record(record) == hand_from_record(PLAIN)


def test_missing_optional_fields_take_defaults() -> None:
    hand = hand_from_record({"hand": PLAIN["hand"], "win_tile": "1m"})
    assert hand.melds == ()
    assert hand.context == Context()


def test_null_claimed_from_defaults_to_left() -> None:
    record = copy.deepcopy(MELDED)
    record["melds"][0]["claimed_from"] = None
    assert hand_from_record(record).melds[0].claimed_from == "left"


def test_chow_tiles_in_any_order_and_default_claimed_tile() -> None:
    record = copy.deepcopy(MELDED)
    record["melds"][0] = {"type": "chow", "tiles": ["9s", "7s", "8s"], "claimed_from": "left"}
    assert hand_from_record(record).melds[0] == Meld(MeldKind.CHOW, t("7s 8s 9s"), "left", TILE_INDEX["7s"])


def test_last_copy_inferred_from_own_sets() -> None:
    record = copy.deepcopy(MELDED)
    record["hand"] = ["1m", "2m", "3m", "4p", "5p", "6p", "E", "E", "8s", "9s"]
    record["win_tile"] = "7s"
    assert hand_from_record(record).context.last_copy
    assert hand_to_record(hand_from_record(record))["fourth_tile"] is True


def with_field(base: dict[str, Any], **fields: Any) -> dict[str, Any]:
    """A copy of ``base`` with ``fields`` replaced; a field set to ``...`` is removed."""
    record = {**copy.deepcopy(base), **fields}
    return {k: v for k, v in record.items() if v is not ...}


def with_meld(meld: Any) -> dict[str, Any]:
    """MELDED with its declared set replaced by ``meld``."""
    return with_field(MELDED, melds=[meld])


TILES_HINT = "(expected one of 1m..9m, 1p..9p, 1s..9s, E S W N C F P)"


# Each case is one way a record can be malformed; its expected message says which.
@pytest.mark.parametrize(
    "record, message",
    [
        ([], "each line must be a JSON object"),
        ("1m", "each line must be a JSON object"),
        (None, "each line must be a JSON object"),
        (with_field(PLAIN, hand=...), "missing field 'hand'"),
        (with_field(PLAIN, win_tile=...), "missing field 'win_tile'"),
        (with_field(PLAIN, hand=7), "hand must be a list of tile codes"),
        (with_field(PLAIN, hand=None), "hand must be a list of tile codes"),
        (with_field(PLAIN, hand=["X"] + PLAIN["hand"][1:]), f"unknown tile code 'X' in hand {TILES_HINT}"),
        (with_field(PLAIN, hand=[1] + PLAIN["hand"][1:]), f"unknown tile code 1 in hand {TILES_HINT}"),
        (with_field(PLAIN, win_tile="1z"), f"unknown tile code '1z' in win_tile {TILES_HINT}"),
        (with_field(PLAIN, win_tile=5), f"unknown tile code 5 in win_tile {TILES_HINT}"),
        (with_field(PLAIN, melds={}), "melds must be a list"),
        (with_field(PLAIN, melds=None), "melds must be a list"),
        (with_field(PLAIN, flowers="2"), "flowers must be a whole number from 0 to 8, not '2'"),
        (with_field(PLAIN, flowers=True), "flowers must be a whole number from 0 to 8, not True"),
        (with_field(PLAIN, flowers=2.0), "flowers must be a whole number from 0 to 8, not 2.0"),
        (with_field(PLAIN, flowers=None), "flowers must be a whole number from 0 to 8, not None"),
        (with_field(PLAIN, flowers=9), "flowers must be between 0 and 8, not 9"),
        (with_field(PLAIN, flowers=-1), "flowers must be between 0 and 8, not -1"),
        (with_field(PLAIN, self_drawn="yes"), "self_drawn must be true or false, not 'yes'"),
        (with_field(PLAIN, self_drawn=1), "self_drawn must be true or false, not 1"),
        (with_field(PLAIN, fourth_tile=None), "fourth_tile must be true or false, not None"),
        (with_field(PLAIN, kong_related="false"), "kong_related must be true or false, not 'false'"),
        (with_field(PLAIN, last_tile=0), "last_tile must be true or false, not 0"),
        (with_field(PLAIN, seat_wind="X"), "seat_wind must be E, S, W or N, not 'X'"),
        (with_field(PLAIN, seat_wind="C"), "seat_wind must be E, S, W or N, not 'C'"),
        (with_field(PLAIN, round_wind=None), "round_wind must be E, S, W or N, not None"),
        (with_meld("777s"), "melds[0] must be an object with type and tiles"),
        (
            with_meld({"type": "pong", "tiles": ["7s"] * 3, "claimed_from": "left"}),
            "melds[0]: type must be chow, pung, kong or concealed_kong, not 'pong'",
        ),
        (
            with_meld({"tiles": ["7s"] * 3, "claimed_from": "left"}),
            "melds[0]: type must be chow, pung, kong or concealed_kong, not None",
        ),
        (
            with_meld({"type": "pung", "tiles": "7s7s7s", "claimed_from": "left"}),
            "melds[0].tiles must be a list of tile codes",
        ),
        (with_meld({"type": "pung", "claimed_from": "left"}), "melds[0].tiles must be a list of tile codes"),
        (
            with_meld({"type": "pung", "tiles": ["7s", "7s", "7x"], "claimed_from": "left"}),
            f"unknown tile code '7x' in melds[0].tiles {TILES_HINT}",
        ),
        (
            with_meld({"type": "pung", "tiles": ["7s"] * 3, "claimed_from": "up"}),
            "declared set 1: claimed_from must be left, across or right, not 'up'",
        ),
        (
            with_meld({"type": "pung", "tiles": ["7s"] * 3, "claimed_from": 3}),
            "declared set 1: claimed_from must be left, across or right, not 3",
        ),
        (
            with_meld({"type": "chow", "tiles": ["7s", "8s", "9s"], "claimed_from": "across"}),
            "declared set 1: a chow can only be claimed from the left player, not 'across'",
        ),
        (
            with_meld({"type": "concealed_kong", "tiles": ["7s"] * 4, "claimed_from": "left"}),
            "declared set 1: a concealed kong is not claimed from anyone",
        ),
        (
            with_meld({"type": "kong", "tiles": ["7s"] * 3, "claimed_from": "left"}),
            "declared set 1: [7s7s7s] is not a kong (four identical tiles)",
        ),
        (
            with_meld({"type": "pung", "tiles": ["7s", "7s", "8s"], "claimed_from": "left"}),
            "declared set 1: [7s7s8s] is not a pung (three identical tiles)",
        ),
        (
            with_meld({"type": "chow", "tiles": ["8s", "9s", "1p"], "claimed_from": "left"}),
            "declared set 1: [1p8s9s] is not a chow (three consecutive tiles of one number suit)",
        ),
        (
            with_meld({"type": "chow", "tiles": ["E", "S", "W"], "claimed_from": "left"}),
            "declared set 1: [ESW] is not a chow (three consecutive tiles of one number suit)",
        ),
        (
            with_meld({"type": "chow", "tiles": ["7s", "8s", "9s"], "claimed_from": "left", "claimed_tile": "1s"}),
            "declared set 1: the claimed tile 1s is not part of the chow [7s8s9s]",
        ),
        (
            with_meld({"type": "chow", "tiles": ["7s", "8s", "9s"], "claimed_from": "left", "claimed_tile": 8}),
            f"unknown tile code 8 in melds[0].claimed_tile {TILES_HINT}",
        ),
        (
            with_meld({"type": "pung", "tiles": ["7s"] * 3, "claimed_from": "left", "added": "no"}),
            "melds[0].added must be true or false",
        ),
        (
            with_field(MELDED, hand=MELDED["hand"][:-1]),
            "wrong number of tiles: 9 concealed tiles before the winning tile, expected 10 with 1 declared set(s)",
        ),
        (
            with_field(MELDED, melds=MELDED["melds"] * 5),
            "5 declared sets; a hand has at most 4",
        ),
    ],
)
def test_bad_records(record: Any, message: str) -> None:
    with pytest.raises(HandError) as err:
        hand_from_record(record)
    assert str(err.value) == message
    assert err.value.kind == "invalid"
