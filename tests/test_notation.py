"""Hand strings (docs/notation.md): every notation form, printing, and the exact error messages."""
from __future__ import annotations

import pytest

from fanrules.core.hand import Context, HandError, Meld, MeldKind
from fanrules.core.jsonio import hand_from_record
from fanrules.core.hand import format_hand
from fanrules.core.notation import parse_hand
from fanrules.core.tiles import EAST, SOUTH, TILE_INDEX, Tile


def t(codes: str) -> tuple[Tile, ...]:
    """Tiles from space-separated codes, e.g. ``t("1m 1m E")``."""
    return tuple(TILE_INDEX[c] for c in codes.split())


# --- parsing ---------------------------------------------------------------------------------------


def test_concealed_hand_last_tile_is_the_winning_tile() -> None:
    hand = parse_hand("1112345678999s9s")
    assert hand.concealed == t("1s 1s 1s 2s 3s 4s 5s 6s 7s 8s 9s 9s 9s")
    assert hand.win_tile == TILE_INDEX["9s"]
    assert hand.melds == ()
    assert hand.context == Context()


def test_concealed_tiles_are_sorted_and_spaces_ignored() -> None:
    assert parse_hand("EEE 789s 456p 123m 1m 1m") == parse_hand("123m456p789sEEE1m1m")


def test_several_digits_share_one_suit_letter() -> None:
    assert parse_hand("1m2m3m4p5p6p7s8s9sEEE1m1m") == parse_hand("123m456p789sEEE1m1m")


# One case per honour: 1z..7z are E S W N C F P, in the Chinese order.
@pytest.mark.parametrize("digit, letter", list(zip("1234567", "ESWNCFP")))
def test_z_codes_are_honours_in_chinese_order(digit: str, letter: str) -> None:
    assert parse_hand(f"123m456p789s{digit * 3}z1m1m") == parse_hand(f"123m456p789s{letter * 3}1m1m")


def test_z_codes_mix_with_letters_in_one_hand() -> None:
    hand = parse_hand("123m456p789s111z5z5z")
    assert hand == parse_hand("123m456p789sEEECC")
    assert hand.win_tile == TILE_INDEX["C"]


# One case per honour letter of the notation.
@pytest.mark.parametrize("letter", "ESWNCFP")
def test_honour_letters(letter: str) -> None:
    hand = parse_hand(f"123m456p789s{letter * 3}1m1m")
    assert hand.concealed.count(TILE_INDEX[letter]) == 3


@pytest.mark.parametrize(
    "text, claimed",
    [
        ("[567m]", "5m"),  # no digit: the first tile, by default
        ("[567m,1]", "5m"),  # each digit names a tile of the chow
        ("[567m,2]", "6m"),
        ("[567m,3]", "7m"),
        ("[765m,3]", "7m"),  # the tiles in any order: the digit counts in sorted order
    ],
)
def test_chow_marker_names_the_claimed_tile(text: str, claimed: str) -> None:
    hand = parse_hand(text + "123m456p789sEE")
    assert hand.melds == (Meld(MeldKind.CHOW, t("5m 6m 7m"), "left", TILE_INDEX[claimed]),)


@pytest.mark.parametrize(
    "text, seat",
    [
        ("[999s]", "left"),  # no digit: the left player, by default
        ("[999s,1]", "left"),  # each digit names one of the three other players
        ("[999s,2]", "across"),
        ("[999s,3]", "right"),
    ],
)
def test_pung_marker_names_the_player(text: str, seat: str) -> None:
    hand = parse_hand(text + "123m456p78sEE9s")
    assert hand.melds == (Meld(MeldKind.PUNG, t("9s 9s 9s"), seat),)


# One case per player a kong can be claimed from.
@pytest.mark.parametrize("digit, seat", [("1", "left"), ("2", "across"), ("3", "right")])
def test_melded_kong(digit: str, seat: str) -> None:
    hand = parse_hand(f"[8888p,{digit}]123m456p789sEE")
    assert hand.melds == (Meld(MeldKind.KONG, t("8p 8p 8p 8p"), seat),)


# One case per player whose discard made the pung that was later upgraded.
@pytest.mark.parametrize("digit, seat", [("5", "left"), ("6", "across"), ("7", "right")])
def test_added_kong(digit: str, seat: str) -> None:
    hand = parse_hand(f"[1111s,{digit}]123m456p789sEE")
    assert hand.melds == (Meld(MeldKind.KONG, t("1s 1s 1s 1s"), seat, added=True),)


def test_concealed_kong_has_no_marker() -> None:
    hand = parse_hand("[SSSS]123m456p789sEE")
    assert hand.melds == (Meld(MeldKind.CONCEALED_KONG, t("S S S S")),)
    assert not hand.melds[0].added


def test_four_kongs_example() -> None:
    hand = parse_hand("[EEEE][CCCC][FFFF][PPPP]NN")
    assert [m.kind for m in hand.melds] == [MeldKind.CONCEALED_KONG] * 4
    assert hand.concealed == t("N") and hand.win_tile == TILE_INDEX["N"]


def test_mixed_example_with_every_meld_kind() -> None:
    hand = parse_hand("[WWWW,1][444s]45m678pFF6m")
    assert hand.melds == (
        Meld(MeldKind.KONG, t("W W W W"), "left"),
        Meld(MeldKind.PUNG, t("4s 4s 4s"), "left"),
    )
    assert hand.concealed == t("4m 5m 6p 7p 8p F F")
    assert hand.win_tile == TILE_INDEX["6m"]


def test_context_options() -> None:
    hand = parse_hand(
        "[8888p,1]123m456p789sEE",
        self_drawn=True, kong_related=True, last_tile=True, seat_wind="S", prevalent_wind="E", flowers=3,
    )
    assert hand.context == Context(
        self_drawn=True, kong_related=True, last_tile=True, seat_wind=SOUTH, prevalent_wind=EAST, flowers=3
    )


def test_check_false_skips_validation() -> None:
    hand = parse_hand("123m4m", check=False)
    assert hand.concealed == t("1m 2m 3m") and hand.win_tile == TILE_INDEX["4m"]


# --- ruling 14: the player's own sets hold the other three copies --------------------------------


def test_last_copy_inferred_when_own_sets_hold_three_copies() -> None:
    assert parse_hand("[999s,3]123m456pEE78s9s").context.last_copy
    assert parse_hand("[999s,3]123m456pEE78s9s", self_drawn=True).context.last_copy


def test_last_copy_inferred_across_several_sets() -> None:
    assert parse_hand("[789s,1][789s,1][789s,1]EE78s9s").context.last_copy


def test_last_copy_not_inferred_from_two_copies() -> None:
    assert not parse_hand("[789s,1]123m456pEE78s9s").context.last_copy


# --- printing --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "1112345678999s9s",  # concealed only
        "[EEEE][CCCC][FFFF][PPPP]NN",  # concealed kongs
        "[123p,1][345s,2][999s,3]6m6pEW1m",  # chows and a pung with their digits
        "[567m,2]123m456p789sEE",  # a chow claimed on its middle tile
        "[567m,3][999s,2][8888p,3][SSSS]EE",  # every kind of declared set together
        "[1111s,5][1111m,6][1111p,7]23mEE4m",  # upgraded kongs from each player
        "123m456p789sEEECC",  # honours printed as letters
    ],
)
def test_canonical_strings_print_back_unchanged(text: str) -> None:
    assert format_hand(parse_hand(text, check=False)) == text


@pytest.mark.parametrize(
    "text, printed",
    [
        ("[WWWW,1][444s]45m678pFF6m", "[WWWW,1][444s,1]45m678pFF6m"),  # a default digit is printed
        ("[567m]123m456p789sEE", "[567m,1]123m456p789sEE"),  # likewise for a chow
        ("EEE789s456p123m1m1m", "1123m456p789sEEE1m"),  # tiles sorted, suits grouped
        ("123m456p789s111z5z5z", "123m456p789sEEECC"),  # z codes printed as letters
        ("[765m,3]123m456p789sEE", "[567m,3]123m456p789sEE"),  # a chow's tiles sorted
    ],
)
def test_printing_is_canonical(text: str, printed: str) -> None:
    hand = parse_hand(text, check=False)
    assert format_hand(hand) == printed
    assert str(hand) == printed


# --- error messages --------------------------------------------------------------------------------


# Each case is one way a hand string can be wrong; its exact message (with the column) is the reason.
@pytest.mark.parametrize(
    "text, message",
    [
        ("123m456p789sEEEX1s", "unknown tile code 'X' at column 16"),
        ("123m456p789sEEE1x1s", "unknown tile code 'x' at column 17"),
        ("1112345678999m0m", "unknown tile code '0m' at column 15"),
        ("8z123m456p789s1m1m", "unknown tile code '8z' at column 1"),
        ("11111m23456789m9m", "fifth copy of 1m: a tile exists only four times"),
        ("11111m99999m123p4p", "fifth copy of 1m, 9m: a tile exists only four times"),
        ("[1111m,1]123m456p789sEE", "fifth copy of 1m: a tile exists only four times"),
        (
            "112345678999m9m",
            "wrong number of tiles: 12 concealed tiles before the winning tile, expected 13 with 0 declared set(s)",
        ),
        (
            "1112345678999m99m",
            "wrong number of tiles: 14 concealed tiles before the winning tile, expected 13 with 0 declared set(s)",
        ),
        (
            "[EEEE][CCCC][FFFF][PPPP]N",
            "wrong number of tiles: 0 concealed tiles before the winning tile, expected 1 with 4 declared set(s)",
        ),
        ("[ESW]123m456p789s1m1m", "declared set 1: [ESW] is not a chow (three consecutive tiles of one number suit)"),
        (
            "[123m,1][246s]456p789s1m1m",
            "declared set 2: [2s4s6s] is not a chow (three consecutive tiles of one number suit)",
        ),
        ("[789m1p]123m456p789s1m1m", "declared set 1: [7m8m9m1p] is not a kong (four identical tiles)"),
        ("[11m]123m456p789s1m1m", "declared set at column 1: [1m1m] has 2 tiles; a set has 3 (chow, pung) or 4 (kong)"),
        ("[123m456p789s1m1m", "'[' at column 1 is never closed"),
        ("123m]456p789s1m1m", "']' at column 5 closes nothing"),
        ("[1111s,4]123m456p789s1m1m", "declared set at column 1: kong marker must be 1-3 (claimed) or 5-7 (added), not 4"),
        (
            "[123m,4]456p789sEE1m1m",
            "declared set at column 1: the claim marker of a chow or pung must be 1, 2 or 3, not 4",
        ),
        (
            "[123m,x]456p789sEE1m1m",
            "declared set at column 1: the claim marker after the comma must be one digit, not 'x'",
        ),
        ("123m456p789sm1m", "suit letter 'm' at column 13 has no digits before it"),
        ("123m456p789s1EE", "digits before column 14 have no suit letter (m, p, s or z)"),
        ("123m456p789s1m1", "digit '1' at column 15 has no suit letter (m, p, s or z)"),
        ("", "the hand has no concealed tiles: the last tile must be the winning tile"),
        ("[SSSS]", "the hand has no concealed tiles: the last tile must be the winning tile"),
    ],
)
def test_error_messages(text: str, message: str) -> None:
    with pytest.raises(HandError) as err:
        parse_hand(text)
    assert str(err.value) == message
    assert err.value.kind == "invalid"


# Each case is one context flag that the tiles make impossible, or a context value out of range.
@pytest.mark.parametrize(
    "text, options, message",
    [
        (
            "123m456p789sEEE1m1m",
            {"self_drawn": True, "kong_related": True},
            "a win on a kong replacement tile needs a declared kong in the hand",
        ),
        (
            "123m456p789sEEE1m1m",
            {"kong_related": True},
            "robbing a kong of 1m is impossible while the hand itself holds a 1m",
        ),
        (
            "[111m,2]456p789sEE23m1m",
            {"kong_related": True},
            "robbing a kong of 1m is impossible while the hand itself holds a 1m",
        ),
        (
            "123m456p789sEEE1m1m",
            {"last_copy": True},
            "the winning tile 1m cannot be the last copy while the concealed hand holds another",
        ),
        ("123m456p789sEEE1m1m", {"seat_wind": "C"}, "seat_wind must be E, S, W or N, not 'C'"),
        ("123m456p789sEEE1m1m", {"prevalent_wind": "east"}, "prevalent_wind must be E, S, W or N, not 'east'"),
        ("123m456p789sEEE1m1m", {"flowers": 9}, "flowers must be between 0 and 8, not 9"),
    ],
)
def test_flag_errors(text: str, options: dict[str, object], message: str) -> None:
    with pytest.raises(HandError) as err:
        parse_hand(text, **options)  # type: ignore[arg-type]
    assert str(err.value) == message


@pytest.mark.parametrize(
    "text, options",
    [
        ("[1111s,6]123m456p789sE1m", {"self_drawn": True, "kong_related": True}),  # replacement tile after a melded kong
        ("[SSSS]123m456p789sE1m", {"self_drawn": True, "kong_related": True}),  # replacement tile after a concealed kong
        ("23m456p789sEEESS1m", {"kong_related": True}),  # robbing a kong of a tile the hand does not hold
        ("23m456p789sEEESS1m", {"last_copy": True}),  # the last copy of a tile the hand does not hold
        ("23m456p789sEEESS1m", {"last_copy": True, "kong_related": True, "self_drawn": False}),  # both at once
    ],
)
def test_consistent_flags_are_accepted(text: str, options: dict[str, object]) -> None:
    parse_hand(text, **options)  # type: ignore[arg-type]


def test_three_tile_kong_in_json() -> None:
    record = {
        "hand": ["1m", "2m", "3m", "4p", "5p", "6p", "E", "E", "E", "1m"],
        "melds": [{"type": "kong", "tiles": ["7m", "7m", "7m"], "claimed_from": "right"}],
        "win_tile": "1m",
    }
    with pytest.raises(HandError) as err:
        hand_from_record(record)
    assert str(err.value) == "declared set 1: [7m7m7m] is not a kong (four identical tiles)"


def test_error_messages_are_one_line() -> None:
    for text in ("[ESW]123m456p789s1m1m", "11111m23456789m9m", "[123m", "123m456p789sEEEX1s"):
        with pytest.raises(HandError) as err:
            parse_hand(text)
        assert "\n" not in str(err.value)
