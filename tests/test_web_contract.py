"""The web API's contract: /openapi.json validates and names every endpoint and every context fact;
one mistake reads the same on every endpoint; the command line, Python and HTTP take the same inputs
for the same job and give the same answers (one table drives all three)."""
from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from fanrules import Scorer
from fanrules.analysis.advice import analysis_context, read_tiles, read_visible
from fanrules.core.context import ALIASES, FACTS, NOT_TAKEN
from fanrules.core.inputs import to_hand, to_waiting
from fanrules.core.jsonio import canonical_record, hand_to_record
from fanrules.ruleset import load_ruleset
from fanrules.ruleset.files import shipped_rulesets
from fanrules.scoring.reach import analyze_tiles
from fanrules.scoring.scored_waits import score_waits
from fanrules.tools.cli import main
from fanrules.web import api
from fanrules.web.app import make_app
from openapi_spec_validator import validate
from starlette.testclient import TestClient

SCORER = Scorer(load_ruleset("mcr"))


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    with TestClient(make_app(SCORER.ruleset), base_url="http://localhost") as c:
        yield c


def test_openapi_validates_and_names_every_endpoint_and_fact(client: TestClient) -> None:
    contract = client.get("/openapi.json").json()
    validate(contract)
    for path in [*api.ENDPOINTS, "/api/rules", "/api/rules/{name}/fans/{fan}", "/api/tables", "/api/tables/{id}/log",
                 "/table", "/openapi.json", "/docs"]:
        assert path in contract["paths"], path
    assert "/api/diff" not in contract["paths"]  # only with the command line's comparison (below)
    schemas = contract["components"]["schemas"]
    for model in ("ScoreRequest", "RecordRequest"):
        assert set(schemas[model]["properties"]) >= {f.name for f in FACTS} | set(ALIASES)
    for surface, model in (("waits", "WaitsRequest"), ("analyze", "AnalyzeRequest")):
        taken = set(schemas[model]["properties"])
        assert not taken & set(NOT_TAKEN[surface][0])
        assert taken >= {f.name for f in FACTS} - set(NOT_TAKEN[surface][0])
    assert set(schemas["AnalyzeRequest"]["properties"]) >= set(api.ANALYZE_KEYS)
    assert schemas["ScoreRequest"]["properties"]["seat_wind"]["enum"] == ["E", "S", "W", "N"]
    assert schemas["ScoreRequest"]["properties"]["seat_wind"]["default"] == "E"
    page = client.get("/docs").text
    assert all(path in page for path in api.ENDPOINTS) and 'href="/openapi.json"' in page


@pytest.mark.parametrize("path", list(api.ENDPOINTS))
@pytest.mark.parametrize("key, words", [("selfdrawn", "unknown key 'selfdrawn' (did you mean 'self_drawn'?)"),
                                        ("seat_wnd", "unknown key 'seat_wnd' (did you mean 'seat_wind'?)")])
def test_one_misspelt_key_one_shape_and_sentence_on_every_endpoint(client: TestClient, path: str, key: str, words: str) -> None:
    hand = "1112345678999m" + ("5m" if path in ("/api/score", "/api/record") else "")
    answer = client.post(path, json={"hand": hand, key: True})
    assert answer.status_code == 422
    assert answer.json() == {"error": {"kind": "invalid", "message": words, "field": key}}


@pytest.mark.parametrize("path, body", [("/api/score", {"hand": 5}), ("/api/waits", {"hand": 5}),
                                        ("/api/analyze", {"hand": 5}), ("/api/record", {"hand": 5}),
                                        ("/api/score", {"melds": []})])
def test_a_wrong_hand_names_the_hand(client: TestClient, path: str, body: dict[str, Any]) -> None:
    error = client.post(path, json=body).json()["error"]
    assert error["field"] == "hand" and "hand" in error["message"] and "win_tile" not in error["message"]


def every_error(client: TestClient) -> Iterator[tuple[int, dict[str, Any]]]:
    for method, path, kwargs in (("GET", "/nothing", {}), ("GET", "/api/score", {}), ("POST", "/api/score", {"content": b"{"}),
                                 ("POST", "/api/score", {"content": b"{}", "headers": {"Content-Type": "text/plain"}}),
                                 ("POST", "/api/score", {"json": {"hand": "1m"}}), ("GET", "/api/rules/nothing", {}),
                                 ("GET", "/api/rules/mcr/fans/9999", {}), ("GET", "/api/rules/mcr/sections/nothing", {})):
        if "content" in kwargs and "headers" not in kwargs:
            kwargs["headers"] = {"Content-Type": "application/json"}
        answer = client.request(method, path, **kwargs)
        yield answer.status_code, answer.json()


def test_every_error_has_the_one_shape(client: TestClient) -> None:
    statuses = []
    for status, data in every_error(client):
        statuses.append(status)
        assert set(data) == {"error"} and set(data["error"]) == {"kind", "message", "field"}
    assert statuses == [404, 405, 400, 415, 422, 404, 404, 404]


def test_the_rules_endpoints(client: TestClient, capsys: pytest.CaptureFixture[str]) -> None:
    assert client.get("/api/rules").json() == {"served": "mcr", "shipped": shipped_rulesets()}
    head = client.get("/api/rules/mcr").json()
    assert head["minimum"] == 8 and len(head["fans"]) == len(SCORER.ruleset.fans) and "settlement" in head["sections"]
    fan = client.get("/api/rules/mcr/fans/1").json()
    capsys.readouterr()
    assert main(["rules", "show", "1"]) == 0
    shown = capsys.readouterr().out
    assert fan["id"] == 1 and fan["name_en"] in shown and fan["predicate"] in shown
    assert client.get(f"/api/rules/mcr/fans/{fan['name_zh']}").json() == fan
    assert client.get("/api/rules/casual").json()["name"] == "casual"
    section = client.get("/api/rules/mcr/sections/settlement").json()
    assert section == {"settlement": SCORER.ruleset.sections["settlement"]}


def cli_json(capsys: pytest.CaptureFixture[str], argv: list[str]) -> Any:
    capsys.readouterr()
    assert main(argv) == 0
    return json.loads(capsys.readouterr().out)


def py_analyze(hand: str, visible: str = "", **context: Any) -> Any:
    return analyze_tiles(read_tiles(hand), SCORER, analysis_context(**context), read_visible(visible)).to_json()


def py_waits(hand: str, **context: Any) -> Any:
    return [w.to_json() for w in score_waits(*to_waiting(hand, **context), SCORER)]


#: One job, three surfaces: the command line's arguments, the Python call, the HTTP body, and how to
#: read the comparable part of each answer.
JOBS: list[tuple[list[str], Callable[[], Any], str, dict[str, Any], Callable[[Any], Any]]] = [
    (["score", "1112345678999m5m", "--self-drawn", "--flowers", "2", "--json"],
     lambda: SCORER.score(to_hand("1112345678999m5m", self_drawn=True, flowers=2)).to_json(),
     "/api/score", {"hand": "1112345678999m5m", "self_drawn": True, "flowers": 2}, lambda d: (d["total"], d["fans"])),
    (["score", "[EEE,1]55pWWWNNN123s", "--round", "S", "--json"],
     lambda: SCORER.score(to_hand("[EEE,1]55pWWWNNN123s", round_wind="S")).to_json(),
     "/api/score", {"hand": "[EEE,1]55pWWWNNN123s", "round_wind": "S"}, lambda d: (d["total"], d["fans"])),
    (["waits", "1112345678999m", "--flowers", "1", "--first-turn", "--json"],
     lambda: py_waits("1112345678999m", flowers=1, first_turn=True),
     "/api/waits", {"hand": "1112345678999m", "flowers": 1, "first_turn": True}, lambda d: d["waits"] if isinstance(d, dict) else d),
    (["analyze", "123m456p789s11sEW", "--first-turn", "--visible", "EE", "--json"],
     lambda: py_analyze("123m456p789s11sEW", "EE", first_turn=True),
     "/api/analyze", {"hand": "123m456p789s11sEW", "first_turn": True, "visible": "EE"}, lambda d: {k: d[k] for k in ("shanten", "useful")}),
    (["record", "[123p,1]123456789mEE", "--last-tile"],
     lambda: canonical_record(hand_to_record(to_hand("[123p,1]123456789mEE", last_tile=True))),  # the one names (issue 46)
     "/api/record", {"hand": "[123p,1]123456789mEE", "last_tile": True}, lambda d: d),
]


@pytest.mark.parametrize("argv, python, path, body, part", JOBS, ids=[j[2] + ":" + j[0][1] for j in JOBS])
def test_the_command_line_python_and_http_agree(client: TestClient, capsys: pytest.CaptureFixture[str], argv: list[str],
                                                python: Callable[[], Any], path: str, body: dict[str, Any],
                                                part: Callable[[Any], Any]) -> None:
    answer = client.post(path, json=body)
    assert answer.status_code == 200
    assert part(answer.json()) == part(cli_json(capsys, argv)) == part(json.loads(json.dumps(python())))


def test_diff_equals_the_command_line(capsys: pytest.CaptureFixture[str], tmp_path: Any) -> None:
    from fanrules.tools.compare import compare
    from fanrules.tools.web_commands import diff_json

    cases = [{"id": "a", "hand": "1112345678999m5m"}, {"hand": "[123p,1][345p,1]888s999s6m6m"}, {"hand": "123m456p789s123s5s5s"},
             {"id": "bad", "hand": "1m"}]
    with TestClient(make_app(SCORER.ruleset, diff=diff_json), base_url="http://localhost") as client:
        validate(client.get("/openapi.json").json())
        assert "/api/diff" in client.get("/openapi.json").json()["paths"]
        answer = client.post("/api/diff", json={"rules": "casual", "against": "mcr", "cases": cases})
        assert answer.status_code == 200
        (tmp_path / "cases.jsonl").write_text("".join(json.dumps(c) + "\n" for c in cases), encoding="utf-8")
        expected = cli_json(capsys, ["diff", str(tmp_path / "cases.jsonl"), "--rules", "casual", "--against", "mcr", "--json"])
        assert answer.json() == expected == compare(load_ruleset("casual"), load_ruleset("mcr"), cases).to_json()
        assert [c["new"]["status"] for c in expected["hand_changes"]] == ["win"] and [b["line"] for b in expected["bad_lines"]] == [4]
        for body, status, words in (({"cases": cases, "agains": "mcr"}, 422, "unknown key 'agains' (did you mean 'against'?)"),
                                    ({"cases": "x"}, 422, "cases must be a list"), ({"cases": [], "rules": "nothing"}, 404, "no rule set 'nothing'"),
                                    ({"cases": [{}] * (api.MAX_CASES + 1)}, 422, f"at most {api.MAX_CASES}")):
            answer = client.post("/api/diff", json=body)
            assert answer.status_code == status and words in answer.json()["error"]["message"]
