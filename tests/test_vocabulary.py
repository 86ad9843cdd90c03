"""One win-context vocabulary: each word defined once in engine/core, and every surface (Python keywords,
``Context``, JSONL records, the command line, a batch, the HTTP endpoints) takes the same facts and
refuses the same mistakes with the same sentence."""
from __future__ import annotations

import ast
import io
import json
import re
import threading
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import fanrules
import pytest
from fanrules import HandError
from fanrules.core.context import ALIASES, ANNOTATION_KEYS, CONTEXT_NAMES, FACTS, NOT_TAKEN, not_taken
from fanrules.core.jsonio import hand_from_record
from fanrules.core.tiles import TILE_CODES, WIND_CODES, WIND_TILES
from fanrules.tools import batch
from fanrules.tools.cli import main
from fanrules.web import api
from fanrules.web.server import PlaygroundServer, make_server

ROOT = Path(__file__).resolve().parents[1]
HOME = ("engine/core/tiles.py", "engine/core/context.py")
WORDS = {"the winds": tuple(WIND_CODES), "the wind tiles": tuple(WIND_TILES), "the context names": CONTEXT_NAMES,
         "the annotation keys": ANNOTATION_KEYS}
#: Copies found in files of other work in progress, as (file, what): how many. Each is to be removed
#: and this emptied; a new copy anywhere, these files included, fails.
KNOWN_COPIES: dict[tuple[str, str], int] = {}  # none: every word is written once


def copies_in(source: str) -> Iterator[tuple[int, str]]:
    """(line, what) of each literal tuple, list or set of constants equal to one of WORDS (a set in any
    order), or of three or more context names or annotation keys (part of the list is a copy too)."""
    facts, labels = {*CONTEXT_NAMES, *ALIASES}, set(ANNOTATION_KEYS)
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Tuple | ast.List | ast.Set) or not node.elts or \
                not all(isinstance(e, ast.Constant) for e in node.elts):
            continue
        values = tuple(e.value for e in node.elts if isinstance(e, ast.Constant))
        for what, words in WORDS.items():
            if values == words or isinstance(node, ast.Set) and set(values) == set(words):
                yield node.lineno, what
                break
        else:
            if len(values) >= 3 and all(isinstance(v, str) for v in values):
                if set(values) <= facts:
                    yield node.lineno, "some of the context names"
                elif set(values) <= labels:
                    yield node.lineno, "some of the annotation keys"


def test_the_scan_finds_a_copy() -> None:
    found = [what for _, what in copies_in('A = ("E", "S", "W", "N")\nB = {30, 29, 28, 27}\nC = ["self_drawn", "round_wind", "flowers"]\n'
                                           'D = ("tag", "notes", "source")\nE = ("E", "S")\n')]
    assert found == ["the winds", "the wind tiles", "some of the context names", "some of the annotation keys"]


@pytest.mark.slow  # the whole suite runs it; the fast loop stays under three minutes
def test_each_word_of_the_vocabulary_is_defined_once() -> None:
    found: Counter[tuple[str, str]] = Counter()
    lines: dict[tuple[str, str], list[int]] = {}
    for path in sorted([*(ROOT / "engine").rglob("*.py"), *(ROOT / "dsl").rglob("*.py")]):
        name = path.relative_to(ROOT).as_posix()
        if name in HOME:
            continue
        for line, what in copies_in(path.read_text(encoding="utf-8")):
            found[name, what] += 1
            lines.setdefault((name, what), []).append(line)
    new = [f"{name}:{line}: a copy of {what} (import it from {' or '.join(HOME)})"
           for (name, what), n in sorted(found.items()) if n > KNOWN_COPIES.get((name, what), 0)
           for line in lines[name, what]]
    assert not new, "\n".join(new)


HAND, WAITING, ANALYSED = "1112345678999m5m", "1112345678999m", "1112345678999m"
SCORER = fanrules.Scorer.of()


def cli_error(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    """What the command line says on stderr for a hand it refuses, without its ``fanrules: kind:``."""
    capsys.readouterr()
    assert main(list(argv)) == 1
    return re.sub(r"^fanrules: invalid: ", "", capsys.readouterr().err.strip())


def raised(call: Callable[[], object]) -> str:
    with pytest.raises(HandError) as err:
        call()
    return str(err.value)


def batch_error(record: dict[str, Any]) -> str:
    out = io.BytesIO()
    batch.run(io.BytesIO(json.dumps(record).encode() + b"\n"), out, SCORER, jobs=1)
    answer = json.loads(out.getvalue())
    assert answer["error"]["kind"] == "invalid"
    return str(answer["error"]["message"])


def http_error(path: str, body: dict[str, Any]) -> str:
    status, answer = api.answer(path, body, SCORER)
    assert status == 422 and answer["error"]["kind"] == "invalid"
    return str(answer["error"]["message"])


@pytest.fixture(scope="module")
def server() -> Iterator[PlaygroundServer]:
    srv = make_server(SCORER.ruleset, port=0, quiet=True)
    thread = threading.Thread(target=srv.serve_forever, daemon=True)
    thread.start()
    yield srv
    srv.shutdown()
    srv.server_close()


def posted(server: PlaygroundServer, path: str, body: dict[str, Any]) -> tuple[int, Any]:
    import http.client
    conn = http.client.HTTPConnection(*server.server_address[:2], timeout=10)
    try:
        conn.request("POST", path, body=json.dumps(body).encode(), headers={"Content-Type": "application/json"})
        response = conn.getresponse()
        return response.status, json.loads(response.read())
    finally:
        conn.close()


def every_surface(capsys: pytest.CaptureFixture[str], server: PlaygroundServer, given: dict[str, Any]) -> dict[str, str]:
    """The message of each surface that takes a complete hand, a waiting hand or an analysis, given
    these context keys (by their Python names)."""
    record, waiting = {"hand": HAND, **given}, {"hand": WAITING, **given}
    status, answer = posted(server, "/api/score", record)
    assert status == 422
    return {
        "fanrules.score": raised(lambda: fanrules.score(HAND, **given)),
        "Scorer.score(Hand)": raised(lambda: SCORER.score(fanrules.parse_hand(HAND), **given)),
        "Context": raised(lambda: fanrules.Context(**given)),
        "hand_from_record": raised(lambda: hand_from_record(record)),
        "fanrules score RECORD": cli_error(capsys, "score", json.dumps(record)),
        "batch": batch_error(record),
        "/api/score": http_error("/api/score", record),
        "/api/score over HTTP": answer["error"]["message"],
        "fanrules.waits": raised(lambda: fanrules.waits(WAITING, **given)),
        "fanrules waits RECORD": cli_error(capsys, "waits", json.dumps(waiting)),
        "/api/waits": http_error("/api/waits", waiting),
        "fanrules.analyze": raised(lambda: fanrules.analyze(ANALYSED, points=False, **given)),
        "/api/analyze": http_error("/api/analyze", {"hand": ANALYSED, "points": False, **given}),
    }


@pytest.mark.parametrize("given, sentence", [
    ({"seat_wnd": "S"}, "unknown key 'seat_wnd' (did you mean 'seat_wind'?)"),
    ({"self_draw": True}, "unknown key 'self_draw' (did you mean 'self_drawn'?)"),
    ({"fourth_tiles": True}, "unknown key 'fourth_tiles' (did you mean 'fourth_tile'?)"),
    ({"prevalent_wind": "S", "round_wind": "S"}, "'prevalent_wind' and 'round_wind' name the same fact; give one"),
    ({"seat_wind": "X"}, "seat_wind must be E, S, W or N, not 'X'"),
    ({"round_wind": 5}, "round_wind must be E, S, W or N, not 5"),
    ({"last_tile": "yes"}, "last_tile must be true or false, not 'yes'"),
    ({"flowers": 1.5}, "flowers must be a whole number from 0 to 8, not 1.5"),
    ({"flowers": 9}, "flowers must be between 0 and 8, not 9"),
])
def test_one_mistake_one_sentence_on_every_surface(capsys: pytest.CaptureFixture[str], server: PlaygroundServer,
                                                    given: dict[str, Any], sentence: str) -> None:
    said = every_surface(capsys, server, given)
    assert said == dict.fromkeys(said, sentence)


@pytest.mark.parametrize("surface", sorted(NOT_TAKEN))
def test_a_fact_not_taken_is_refused_with_its_reason(capsys: pytest.CaptureFixture[str], server: PlaygroundServer,
                                                      surface: str) -> None:
    hand = WAITING if surface == "waits" else ANALYSED
    python = {"waits": lambda **kw: fanrules.waits(hand, **kw), "analyze": lambda **kw: fanrules.analyze(hand, points=False, **kw)}
    for name in NOT_TAKEN[surface][0]:
        fact = next(f for f in FACTS if f.name == name)
        reason = str(not_taken(surface, name))
        assert reason.startswith(NOT_TAKEN[surface][1]) and f"{name!r}" in reason
        said = {
            "python": raised(lambda n=name: python[surface](**{n: True})),
            "flag": cli_error(capsys, surface, hand, fact.flag),
            "http": http_error(f"/api/{surface}", {"hand": hand, name: True}),
            "over HTTP": posted(server, f"/api/{surface}", {"hand": hand, name: True})[1]["error"]["message"],
        }
        if surface == "waits":
            said["record"] = cli_error(capsys, surface, json.dumps({"hand": hand, name: True}))
        assert said == dict.fromkeys(said, reason), name
        for alias in (a for a, n in ALIASES.items() if n == name):  # the contract's name: refused as written
            assert raised(lambda a=alias: python[surface](**{a: True})) == http_error(f"/api/{surface}", {"hand": hand, alias: True}) \
                == str(not_taken(surface, alias))


def cli_json(capsys: pytest.CaptureFixture[str], *argv: str) -> Any:
    capsys.readouterr()
    assert main(list(argv)) == 0
    return json.loads(capsys.readouterr().out)


def test_waits_take_the_same_facts_everywhere(capsys: pytest.CaptureFixture[str], server: PlaygroundServer) -> None:
    given = {"flowers": 2, "round_wind": "S", "last_tile": True, "first_turn": False}
    status, answer = posted(server, "/api/waits", {"hand": WAITING, **given})
    assert status == 200 == api.waits({"hand": WAITING, **given}, SCORER)[0]
    assert answer["waits"] == cli_json(capsys, "waits", WAITING, "--flowers", "2", "--round-wind", "S", "--last-tile", "--json") \
        == [w.to_json() for w in fanrules.waits(WAITING, **given)]
    assert {w["discard"]["total_with_flowers"] - w["discard"]["total"] for w in answer["waits"]} == {2}


def test_analyze_takes_the_same_facts_everywhere(capsys: pytest.CaptureFixture[str]) -> None:
    given = {"flowers": 1, "seat_wind": "S", "first_turn": True, "self_drawn": True}
    status, answer = api.analyze({"hand": ANALYSED, **given}, SCORER)
    expected = cli_json(capsys, "analyze", ANALYSED, "--flowers", "1", "--seat", "S", "--first-turn", "--self-drawn", "--json")
    assert status == 200 and {k: answer[k] for k in expected} == expected == fanrules.analyze(ANALYSED, **given).to_json()


def test_the_context_table_of_the_notation_tells_the_truth() -> None:
    text = (ROOT / "docs" / "notation.md").read_text(encoding="utf-8")
    section = text[text.index("## The win context"):text.index("## Hands in Python")]
    rows = [[cell.strip() for cell in line.strip("|").split("|")] for line in section.splitlines() if line.startswith("| `")]
    facts = [row for row in rows if len(row) == 4]
    kinds = {"flag": "true/false ({})", "wind": "`E`/`S`/`W`/`N` (`{}`)", "count": "whole number 0..{} ({})",
             "seat": "`none`/`left`/`opposite`/`right` (`{}`)"}
    shown = [(f"`{f.name}`", kinds[f.kind].format(*(
        [str(f.default).lower()] if f.kind == "flag" else [TILE_CODES[f.default]] if f.kind == "wind"
        else [f.default] if f.kind == "seat" else [f.maximum, f.default])),
        f"`{f.flag}`") for f in FACTS]
    assert [(row[0], row[1], row[3]) for row in facts] == shown
    others = {(row[0].strip("`"), word) for row in rows if len(row) == 3 for word in re.findall(r"`([^`]+)`", row[1])}
    assert others == {*((name, alias) for alias, name in ALIASES.items()), *((f.name, flag) for f in FACTS for flag in f.flags)}
    refusals = section[section.index("`waits` (`fanrules waits`"):]
    assert all(f"`{name}`" in refusals for names, _ in NOT_TAKEN.values() for name in names)
    assert "unknown key 'selfdrawn' (did you mean 'self_drawn'?)" in section
