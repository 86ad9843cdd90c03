"""The foundation modules over every labelled hand of the shared corpora: errors and wins are told
apart as labelled, and every valid hand survives both round trips (hand string and JSON record)."""
from __future__ import annotations

import json
from typing import Any

import pytest
from conftest import CORPORA, CORPUS_FILES, corpus_cases

from fanrules.core.hand import Hand, HandError
from fanrules.core.jsonio import hand_from_record, hand_to_record
from fanrules.core.hand import format_hand
from fanrules.core.notation import parse_hand
from fanrules.analysis.readings import readings
from fanrules.core.tiles import TILE_CODES

CASES = {name: corpus_cases(name) for name in CORPUS_FILES}


def error_kind(case: dict[str, Any]) -> str | None:
    """The expected error kind of a case (``invalid``, ``not_a_win``, ``under_minimum``) or None."""
    return case["expected"].get("error")


def valid_hands(name: str) -> list[tuple[str, Hand]]:
    """(id, hand) of every case of a file that is not labelled invalid."""
    return [(c["id"], hand_from_record(c)) for c in CASES[name] if error_kind(c) != "invalid"]


def report(failures: list[str]) -> str:
    """A short failure message: how many, and the first few."""
    return f"{len(failures)} case(s) disagree:\n" + "\n".join(failures[:20])


@pytest.mark.parametrize("name", CORPORA)
def test_corpus_is_not_empty(name: str) -> None:
    assert CASES[name], f"{name} has no cases"


@pytest.mark.parametrize("name", CORPORA)
def test_error_kinds_and_wins(name: str) -> None:
    """invalid cases raise HandError; not_a_win cases have no reading; every other case has one."""
    failures: list[str] = []
    for case in CASES[name]:
        kind = error_kind(case)
        try:
            hand = hand_from_record(case)
        except HandError as err:
            if kind != "invalid" or err.kind != "invalid":
                failures.append(f"{case['id']}: expected {kind}, got HandError({err.kind}): {err}")
            continue
        if kind == "invalid":
            failures.append(f"{case['id']}: expected invalid, but the record was accepted as {hand}")
            continue
        found = len(readings(hand))
        if (kind == "not_a_win") != (found == 0):
            failures.append(f"{case['id']}: expected {kind}, found {found} reading(s) of {hand}")
    assert not failures, report(failures)


def context_options(hand: Hand) -> dict[str, Any]:
    """parse_hand keyword arguments that rebuild the context of ``hand``."""
    ctx = hand.context
    return {
        "self_drawn": ctx.self_drawn,
        "last_copy": ctx.last_copy,
        "kong_related": ctx.kong_related,
        "last_tile": ctx.last_tile,
        "seat_wind": TILE_CODES[ctx.seat_wind],
        "prevalent_wind": TILE_CODES[ctx.prevalent_wind],
        "flowers": ctx.flowers,
    }


@pytest.mark.parametrize("name", CORPORA)
def test_hand_string_round_trip(name: str) -> None:
    failures = [
        f"{case_id}: {text!r} parses back as {again!r}"
        for case_id, hand in valid_hands(name)
        if (again := parse_hand(text := format_hand(hand), **context_options(hand))) != hand
    ]
    assert not failures, report(failures)


@pytest.mark.parametrize("name", CORPORA)
def test_json_record_round_trip(name: str) -> None:
    failures = [
        f"{case_id}: {hand!r} comes back as {again!r}"
        for case_id, hand in valid_hands(name)
        if (again := hand_from_record(json.loads(json.dumps(hand_to_record(hand, case_id))))) != hand
    ]
    assert not failures, report(failures)
