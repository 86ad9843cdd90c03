"""A drop-in for PyMahjongGB's module ``MahjongGB`` (the C++ calculator behind Botzone and most MCR bots),
scored by any fanrules rule set: the same function names, parameters, tile codes, pack tuples, return
tuples and error messages (ailab-pku/PyMahjongGB README.md "Usage" and MahjongGB/mahjong.cpp). Packs are
``(type, tile, offer)``: type ``PENG``/``GANG``/``CHI``, the tile (a chow's middle tile), and the offer:
for a pung or kong 1, 2, 3 for the player on the left, opposite, right who gave the tile (0: a concealed
kong), for a chow which of its three tiles was claimed. Every error is a TypeError, as in the C++, whose
message is the C++ one (its spellings ``ERROE_...`` kept) or, for what only fanrules refuses,
``ERROR_INVALID_HAND: <why>``."""
from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from typing import Any

from ..core.errors import FanrulesError, InvalidHandError, NotAWinError
from ..core.hand import SEATS
from ..core.jsonio import hand_from_record
from ..core.tiles import COPIES, KINDS_COUNT, WIND_CODES, tile_code, tile_of_code
from ..ruleset import load_ruleset
from ..scoring import Scorer
from .codec import from_botzone, to_botzone

#: A pack tuple: ("CHI"/"PENG"/"GANG", tile code, offer 0..3).
Pack = tuple[str, str, int]
PACK_TYPES = ("CHI", "PENG", "GANG")


class CalculatorError(FanrulesError, TypeError):
    """What the C++ binding raises as a TypeError, with its message."""


_NAMES = json.loads((Path(__file__).parent / "cpp_names.json").read_text(encoding="utf-8"))
#: The C++ names (Chinese, English) of the fans whose names differ from the rule sets' (cpp_names.json).
CPP_NAMES_ZH: dict[str, str] = _NAMES["name_zh"]
CPP_NAMES_EN: dict[str, str] = _NAMES["name_en"]


@lru_cache(maxsize=16)
def _scorer(rules: str) -> Scorer:
    return Scorer(load_ruleset(rules))


def read_tile(code: object) -> int:
    """The tile of one Botzone tile code, refused the way the C++ refuses it."""
    try:
        tile = from_botzone(code)  # type: ignore[arg-type]
    except ValueError:
        tile = -1
    if not 0 <= tile < KINDS_COUNT:
        raise CalculatorError("ERROE_WRONG_TILE_CODE")
    return tile


def _tuple(value: object, name: str) -> tuple[Any, ...]:
    if not isinstance(value, tuple):
        raise CalculatorError(f"Param `{name}` must be a tuple!")
    return value


def read_pack(pack: object) -> tuple[str, int, int]:
    """(type, middle or pung tile, offer) of one pack tuple, checked the way the C++ checks it."""
    if not isinstance(pack, tuple):
        raise CalculatorError("Param `pack` must be a tuple of tuples!")
    if len(pack) != 3 or not isinstance(pack[0], str) or not isinstance(pack[2], int):
        raise CalculatorError("a pack is a tuple (type, tile, offer)")
    kind, code, offer = pack
    tile = read_tile(code)
    if not 0 <= offer < 4:
        raise CalculatorError("ERROE_WRONG_OFFER_CODE")
    if kind not in PACK_TYPES:
        raise CalculatorError("ERROE_WRONG_PACK_CODE")
    if kind == "CHI" and (tile >= 27 or tile % 9 in (0, 8)):
        raise CalculatorError("ERROR_NOT_WIN")  # the C++ makes no chow of it, so the hand cannot win
    return kind, tile, offer


def _pack_tiles(kind: str, tile: int) -> list[int]:
    return [tile - 1, tile, tile + 1] if kind == "CHI" else [tile] * (COPIES if kind == "GANG" else 3)


def pack_record(kind: str, tile: int, offer: int) -> dict[str, Any] | None:
    """The JSONL contract's meld of a pack; None for a pung or chow with offer 0 (a set the C++ takes
    as concealed, which fanrules reads as concealed tiles of the hand)."""
    tiles = [tile_code(t) for t in _pack_tiles(kind, tile)]
    if kind == "GANG":
        if offer == 0:
            return {"type": "concealed_kong", "tiles": tiles}
        return {"type": "kong", "tiles": tiles, "claimed_from": SEATS[offer - 1]}
    if offer == 0:
        return None
    if kind == "PENG":
        return {"type": "pung", "tiles": tiles, "claimed_from": SEATS[offer - 1]}
    return {"type": "chow", "tiles": tiles, "claimed_from": "left", "claimed_tile": tiles[offer - 1]}


def read_hand(pack: object, hand: object) -> tuple[list[dict[str, Any]], list[int], int]:
    """The melds, the concealed tiles (with offer-0 sets) and the count of packs of a ``pack`` and
    ``hand`` as the C++ takes them, checked the way it checks them."""
    packs = [read_pack(p) for p in _tuple(pack, "pack")]
    if any(not isinstance(t, str) for t in _tuple(hand, "hand")):
        raise CalculatorError("Param `hand` must be a tuple of strs!")
    concealed = [read_tile(t) for t in _tuple(hand, "hand")]
    melds: list[dict[str, Any]] = []
    for kind, tile, offer in packs:
        meld = pack_record(kind, tile, offer)
        if meld is None:
            concealed += _pack_tiles(kind, tile)
        else:
            melds.append(meld)
    return melds, concealed, len(packs)


def _c_int(value: object, name: str) -> int:
    """An argument the C++ takes as an int: a whole number in its range, else TypeError as the binding's."""
    if not isinstance(value, int) or not -2 ** 31 <= value < 2 ** 31:
        raise CalculatorError(f"Param `{name}` must be an int, not {type(value).__name__} {str(value)[:20]}")
    return value


def _wind(value: int) -> str:
    if not 0 <= value < len(WIND_CODES):
        raise CalculatorError(f"ERROR_INVALID_HAND: a wind is 0..3 (east, south, west, north), not {value}")
    return WIND_CODES[value]


def MahjongFanCalculator(pack: tuple[Pack, ...], hand: tuple[str, ...], winTile: str, flowerCount: int,
                         isSelfDrawn: bool, is4thTile: bool, isAboutKong: bool, isWallLast: bool,
                         seatWind: int, prevalentWind: int, verbose: bool = False,
                         *, rules: str | Path = "mcr", strict: bool = False) -> tuple[tuple[Any, ...], ...]:
    """The fans of a winning hand, in fan-number order, the flowers last: ``(points * count, name_zh)``
    each, or with ``verbose`` ``(points, count, name_zh, name_en)``, under ``rules`` (default mcr: the
    names and values the C++ prints). TypeError (a CalculatorError) for a hand the C++ refuses.
    A flag the hand makes impossible is dropped as the C++ drops it (``c_flags``); with ``strict`` such a
    hand is refused (``ERROR_INVALID_HAND: <why>``), as fanrules' own ``score`` refuses it."""
    if isinstance(pack, tuple) and isinstance(hand, tuple) and (len(pack) > 4 or len(hand) > 13):
        raise CalculatorError("ERROR_WRONG_TILES_COUNT")  # checked before reading a million packs
    for name, value in (("flowerCount", flowerCount), ("seatWind", seatWind), ("prevalentWind", prevalentWind)):
        _c_int(value, name)
    melds, concealed, packs = read_hand(pack, hand)
    win = read_tile(winTile)
    if packs * 3 + len(hand) != 13:
        raise CalculatorError("ERROR_WRONG_TILES_COUNT")
    counts = [0] * KINDS_COUNT
    for t in [*concealed, win, *(tile_of_code(c) for m in melds for c in m["tiles"])]:
        counts[t] += 1
    if max(counts) > COPIES:
        raise CalculatorError("ERROR_TILE_COUNT_GREATER_THAN_4")
    flags = (bool(isSelfDrawn), bool(is4thTile), bool(isAboutKong))
    if not strict:
        flags = c_flags(pack, hand, winTile, *flags)
    record = {"hand": [tile_code(t) for t in concealed], "melds": melds, "win_tile": tile_code(win),
              "self_drawn": flags[0], "fourth_tile": flags[1], "kong_related": flags[2],
              "last_tile": bool(isWallLast), "seat_wind": _wind(seatWind), "round_wind": _wind(prevalentWind),
              "flowers": int(flowerCount)}
    try:
        result = _scorer(str(rules)).score(hand_from_record(record))
    except NotAWinError:
        raise CalculatorError("ERROR_NOT_WIN") from None
    except InvalidHandError as err:
        raise CalculatorError(f"ERROR_INVALID_HAND: {err.message}") from None
    fans = sorted(result.fans, key=lambda f: f.fan.number)
    if verbose:
        return tuple((f.points, f.count, CPP_NAMES_ZH.get(f.fan.name_zh, f.fan.name_zh), CPP_NAMES_EN.get(f.fan.name_en, f.fan.name_en))
                     for f in fans)
    return tuple((f.points * f.count, CPP_NAMES_ZH.get(f.fan.name_zh, f.fan.name_zh)) for f in fans)


def c_flags(pack: tuple[Pack, ...], hand: tuple[str, ...], win_tile: str, self_drawn: bool, fourth_tile: bool,
            about_kong: bool) -> tuple[bool, bool, bool]:
    """(self-drawn, last copy, kong-related) as the C++ corrects them before it scores
    (MahjongGB/mahjong-algorithm/fan_calculator.cpp, calculate_fan): not the last copy while ``hand``
    holds the winning tile, the last copy when the packs hold its three other copies; no kong
    replacement without a kong among the packs; no robbed kong when the hand or a pack holds the tile."""
    in_packs = sum(_pack_tiles(kind, from_botzone(code)).count(from_botzone(win_tile)) for kind, code, _ in pack)
    held = win_tile in hand
    if held:
        fourth_tile = False
    if in_packs == 3:
        fourth_tile = True
    if about_kong and (not any(kind == "GANG" for kind, _, _ in pack) if self_drawn else held or in_packs):
        about_kong = False
    return self_drawn, fourth_tile, about_kong


_OFFER = {seat: i + 1 for i, seat in enumerate(SEATS)}


def record_args(record: dict[str, Any]) -> tuple[Any, ...]:
    """The C++ arguments (pack, hand, winTile, flowerCount, isSelfDrawn, is4thTile, isAboutKong, isWallLast,
    seatWind, prevalentWind) of a JSONL record (docs/notation.md) with ``win_tile``: the way a caller of
    the C++ states the hand the record states."""
    packs: list[Pack] = []
    for meld in record.get("melds", []):
        tiles = sorted(tile_of_code(t) for t in meld["tiles"])
        kind = meld["type"]
        if kind == "chow":
            packs.append(("CHI", to_botzone(tiles[1]), tiles.index(tile_of_code(meld["claimed_tile"])) + 1))
        else:
            offer = 0 if kind == "concealed_kong" else _OFFER[meld["claimed_from"]]
            packs.append(("PENG" if kind == "pung" else "GANG", to_botzone(tiles[0]), offer))
    winds = {w: i for i, w in enumerate(WIND_CODES)}
    return (tuple(packs), tuple(to_botzone(tile_of_code(t)) for t in record["hand"]), to_botzone(tile_of_code(record["win_tile"])),
            record.get("flowers", 0), record.get("self_drawn", False), record.get("fourth_tile", False),
            record.get("kong_related", False), record.get("last_tile", False),
            winds[record.get("seat_wind", "E")], winds[record.get("round_wind", "E")])
