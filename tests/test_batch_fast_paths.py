"""The batch's fast paths give what the general paths give: a record in the common form is read into
the same Hand (or refused with the same error) as by the general reader, and a Result is written as the
same JSON text as encoding its ``to_json``."""
from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import fanrules
from fanrules.core.context import Context
from fanrules.core.errors import HandError
from fanrules.core.hand import Hand, Meld, MeldKind, validate
from fanrules.core.jsonio import _any_record, _plain_record, hand_from_record
from fanrules.ruleset import shipped_rulesets
from fanrules.scoring.result_text import ENCODER, Text
from fanrules.tools.batch import answer, answer_line, encode
from conftest import corpus_cases

pytestmark = pytest.mark.slow  # every corpus line under every shipped rule set

RECORDS = corpus_cases("public.jsonl") + corpus_cases("rulebook.jsonl")


def read_generally(record: Any) -> Hand | str:
    """What the general reader makes of a record: the Hand, or its error's kind and message."""
    try:
        return _any_record(record, {})
    except HandError as err:
        return f"{err.kind}: {err}"


def read(record: Any) -> Hand | str:
    try:
        return hand_from_record(record)
    except HandError as err:
        return f"{err.kind}: {err}"


def test_every_corpus_record_takes_the_fast_path_and_reads_the_same() -> None:
    fast = [r for r in RECORDS if isinstance(r.get("hand"), list)]
    assert len(fast) > 2000
    for record in fast:
        expected = read_generally(record)
        if isinstance(expected, Hand):
            assert _plain_record(record) == expected, record.get("id")
        assert read(record) == expected, record.get("id")


#: Values a key of a record may be given: the common forms and every near miss of them.
ODD_VALUES = st.sampled_from([True, False, 0, 1, 2, 8, 9, -1, 1.0, "E", "S", "N", "X", "e", 27, None, [], {}, "1m", ["1m"],
                              "true", "left", "right", "across", [["1m"]], {"type": "pung"}])
KEYS = st.sampled_from(["self_drawn", "last_copy", "fourth_tile", "kong_related", "last_tile", "seat_wind", "round_wind",
                        "prevalent_wind", "flowers", "flower_replacement", "first_turn", "hand", "melds", "win_tile", "id",
                        "expected", "x_note", "tag", "mystery", "expected_total", "claimed_from"])
MELD_KEYS = st.sampled_from(["type", "tiles", "claimed_from", "claimed_tile", "added", "extra"])


@settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(RECORDS[:400]), st.lists(st.tuples(KEYS, ODD_VALUES), max_size=3),
       st.lists(st.tuples(st.integers(0, 3), MELD_KEYS, ODD_VALUES), max_size=2), st.booleans())
def test_a_changed_record_reads_as_the_general_reader_reads_it(record: dict[str, Any], changes: list[tuple[str, Any]],
                                                               meld_changes: list[tuple[int, str, Any]], drop: bool) -> None:
    """Keys set to odd values or dropped, declared sets given odd fields: the answer (a Hand or the
    error's message) is the general reader's, whichever path took it."""
    changed = copy.deepcopy(record)
    for key, value in changes:
        if drop:
            changed.pop(key, None)
        else:
            changed[key] = value
    melds = changed.get("melds")
    for i, key, value in meld_changes:
        if isinstance(melds, list) and i < len(melds) and isinstance(melds[i], dict):
            melds[i][key] = value
    assert read(changed) == read_generally(changed)


def test_a_fact_given_twice_or_as_another_type_is_refused_as_before() -> None:
    base = {"hand": ["1m", "1m", "1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "9m", "9m"], "win_tile": "5m"}
    for extra, message in [({"last_copy": True, "fourth_tile": True}, "name the same fact"),
                           ({"self_drawn": 1}, "self_drawn must be true or false"),
                           ({"flowers": True}, "flowers must be a whole number"),
                           ({"seat_wind": "X"}, "seat_wind must be E, S, W or N"),
                           ({"colour": "red"}, "unknown key")]:
        with pytest.raises(HandError, match=message):
            hand_from_record({**base, **extra})
    assert hand_from_record({**base, "seat_wind": 28}).context.seat_wind == 28  # a wind as its tile: the general path


def test_shared_contexts_and_melds_are_the_constructed_ones() -> None:
    values = {"self_drawn": True, "seat_wind": 29, "flowers": 3}
    assert Context.of(values) == Context(**values) and Context.of(values) is Context.of(dict(values))
    assert Context.of({}) == Context()
    meld = Meld.of(MeldKind.PUNG, (5, 5, 5), "right")
    assert meld == Meld(kind=MeldKind.PUNG, tiles=(5, 5, 5), claimed_from="right") and Meld.of(MeldKind.PUNG, (5, 5, 5), "right") is meld


class Rank(int):
    """A tile number of a subclass of int: accepted, as before the C-level test of tiles."""


def test_validate_names_the_bad_tile_and_the_fifth_copy() -> None:
    good = fanrules.parse_hand("1112345678999m5m")
    with pytest.raises(HandError, match="unknown tile True"):
        validate(Hand(concealed=(True,) + good.concealed[1:], win_tile=good.win_tile))
    with pytest.raises(HandError, match="unknown tile 34"):
        validate(Hand(concealed=good.concealed, win_tile=34))
    with pytest.raises(HandError, match="fifth copy of 1m"):
        validate(Hand(concealed=good.concealed[:10], melds=(Meld(kind=MeldKind.PUNG, tiles=(0, 0, 0), claimed_from="left"),),
                      win_tile=0))
    assert validate(Hand(concealed=tuple(Rank(t) for t in good.concealed), win_tile=good.win_tile)).checked


@pytest.mark.parametrize("rules", shipped_rulesets())
def test_every_answer_line_is_the_encoded_answer(rules: str) -> None:
    """Under every shipped rule set (wins, hands under the minimum, every explanation), and for ids of
    every JSON type."""
    scorer = fanrules.Scorer.of(rules)
    text = Text()
    ids: list[Any] = ["pub-1", "东-1 \u2028", 7, 2.5, None, True, {"a": [1, "b"]}, ["x"]]
    for number, record in enumerate(RECORDS, 1):
        record = {**record, "id": ids[number % len(ids)]}
        line = json.dumps(record, ensure_ascii=False)
        assert answer_line(line, scorer, number, text) == encode(answer(line, scorer, number), number), (rules, record["id"])


@pytest.mark.parametrize("explain", [True, False])
def test_a_wire_line_is_the_utf8_of_the_text_line(explain: bool) -> None:
    """Binary output is written by a Text whose characters are the line's UTF-8 bytes: the same bytes,
    for wins, hands under the minimum, refused hands (a message with non-ASCII text) and every id."""
    scorer = fanrules.Scorer.of()
    text, wire = Text(), Text(wire=True)
    ids: list[Any] = ["pub-1", "东-1 \u2028", "é", "\ud800", 7, None, {"名": ["x"]}]
    lines = [json.dumps({**record, "id": ids[number % len(ids)]}, ensure_ascii=False) for number, record in enumerate(RECORDS)]
    lines += ['{"id": "东", "hand": ["東"], "win_tile": "1m"}', "not json 东", '{"id": "u", "hand": "123m456p678s234p5s5s"}']
    for number, line in enumerate(lines, 1):
        written = answer_line(line, scorer, number, wire, explain)
        assert written.encode("latin-1") == answer_line(line, scorer, number, text, explain).encode("utf-8"), line


def test_an_id_that_cannot_be_utf8_is_that_lines_error() -> None:
    line = '{"id": "\\ud800", "hand": "1112345678999m5m"}'
    out = json.loads(answer_line(line, fanrules.Scorer.of(), 4, Text()))
    assert out == {"id": None, "line": 4, "error": {"kind": "invalid", "message": "line 4: its id cannot be written as UTF-8 JSON"}}


def test_text_line_matches_to_json_for_under_minimum_results() -> None:
    result = fanrules.score("123m456p678s234p5s5s")  # all chows, 4 points
    assert not result.is_win
    assert Text().line(result, "u") == ENCODER.encode(result.to_json("u"))


def brief_json(result: Any, answer_id: Any) -> dict[str, Any]:
    """The contract's output object: to_json without the explanation."""
    out = {k: v for k, v in result.to_json(answer_id).items() if k not in ("reading", "not_counted")}
    out["fans"] = [{k: v for k, v in fan.items() if k != "sets"} for fan in out["fans"]]
    return out


@pytest.mark.parametrize("rules", ["mcr", "casual"])
def test_a_brief_answer_is_the_contracts_object(rules: str) -> None:
    scorer = fanrules.Scorer.of(rules)
    text = Text()
    for record in RECORDS:
        try:
            result = scorer.score(hand_from_record(record))
        except HandError:
            continue
        assert text.brief(result, record["id"]) == ENCODER.encode(brief_json(result, record["id"])), record["id"]


def test_batch_brief_writes_the_same_answers_without_explanations(tmp_path: Any) -> None:
    from fanrules.tools.cli import main
    lines = [json.dumps(r, ensure_ascii=False) for r in RECORDS[:300]] + ["not json", '{"id": "bad", "hand": "1m"}']
    src = tmp_path / "in.jsonl"
    src.write_text("\n".join(lines) + "\n", encoding="utf-8")
    for jobs in ("1", "2"):
        full, brief = tmp_path / f"full{jobs}.jsonl", tmp_path / f"brief{jobs}.jsonl"
        # two refused lines: every line answered, exit 1 (README's table)
        assert main(["batch", "--quiet", "--jobs", jobs, "--input", str(src), "--output", str(full)]) == 1
        assert main(["batch", "--quiet", "--brief", "--jobs", jobs, "--input", str(src), "--output", str(brief)]) == 1
        answers = [json.loads(line) for line in full.read_text(encoding="utf-8").splitlines()]
        briefs = [json.loads(line) for line in brief.read_text(encoding="utf-8").splitlines()]
        assert len(briefs) == len(answers) == len(lines)
        for answer_obj, brief_obj in zip(answers, briefs):
            expected = {k: v for k, v in answer_obj.items() if k not in ("reading", "not_counted")}
            if "fans" in expected:
                expected["fans"] = [{k: v for k, v in fan.items() if k != "sets"} for fan in expected["fans"]]
            assert brief_obj == expected
        assert "error" in briefs[-1] and "error" in briefs[-2]
