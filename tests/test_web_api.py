"""The playground's JSON API over real HTTP (uvicorn): every endpoint, the command line's answers and
errors, malformed and oversized bodies answered with a clear 4xx in JSON, never a traceback."""
from __future__ import annotations

import http.client
import json
import re
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fanrules.ruleset import load_ruleset
from fanrules.tools.cli import main
from fanrules.web.app import MAX_BODY
from fanrules.web.server import PlaygroundServer, make_server

JSON = {"Content-Type": "application/json"}


@pytest.fixture(scope="module")
def server() -> Iterator[PlaygroundServer]:
    with make_server(load_ruleset("mcr"), port=0, quiet=True).running() as srv:
        yield srv


def request(server: PlaygroundServer, method: str, path: str, body: bytes | None = None,
            headers: dict[str, str] | None = None) -> tuple[int, http.client.HTTPMessage, bytes]:
    conn = http.client.HTTPConnection(*server.server_address[:2], timeout=10)
    try:
        conn.request(method, path, body=body, headers=headers or {})
        response = conn.getresponse()
        return response.status, response.headers, response.read()
    finally:
        conn.close()


def post(server: PlaygroundServer, path: str, payload: Any) -> tuple[int, dict[str, Any]]:
    status, headers, body = request(server, "POST", path, json.dumps(payload).encode(), {"Content-Type": "application/json"})
    assert headers["Content-Type"].startswith("application/json")
    return status, json.loads(body)


def cli_json(capsys: pytest.CaptureFixture[str], *argv: str) -> Any:
    capsys.readouterr()
    assert main(list(argv)) == 0
    return json.loads(capsys.readouterr().out)


def cli_error(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    capsys.readouterr()
    assert main(list(argv)) == 1
    return capsys.readouterr().err.strip()


@pytest.mark.parametrize("hand, flags, body", [
    ("[123p,1][345s,2][999s,3]78mEE9m", [], {}),
    ("1112345678999m5m", ["--self-drawn"], {"self_drawn": True}),
    ("[EEE,1][SSSS,1]55pWWWNNN", ["--self-drawn", "--seat", "S", "--round", "W"], {"self_drawn": True, "seat_wind": "S", "prevalent_wind": "W"}),
    ("4666999sWWWFFF4s", ["--seat", "N", "--round", "N", "--flowers", "4"], {"seat_wind": "N", "round_wind": "N", "flowers": 4}),
    ("119m19p1sESWNCFP9s", ["--last-copy"], {"fourth_tile": True}),
])
def test_score_equals_the_command_line(server: PlaygroundServer, capsys: pytest.CaptureFixture[str],
                                       hand: str, flags: list[str], body: dict[str, Any]) -> None:
    status, data = post(server, "/api/score", {"hand": hand, **body})
    expected = cli_json(capsys, "score", hand, "--json", *flags)
    assert status == 200
    assert {k: data[k] for k in expected} == expected
    assert [(f["id"], f["count"]) for f in data["fans"]] == [(f["id"], f["count"]) for f in expected["fans"]]


def test_score_explains_sets_reading_and_what_was_not_counted(server: PlaygroundServer) -> None:
    status, data = post(server, "/api/score", {"hand": "[123p,1]123456789mEE"})
    assert status == 200 and data["legal"] is True and data["minimum"] == 8 and data["rules"] == "mcr"
    picture = data["picture"]
    blocks = picture["blocks"]
    assert blocks[0]["declared"] and blocks[0]["tiles"] == ["1p", "2p", "3p"]
    assert [f["id"] for f in picture["fans"]] == [f["id"] for f in data["fans"]]
    straight = picture["fans"][[f["points"] for f in data["fans"]].index(16)]
    assert sorted(blocks[i]["text"] for i in straight["blocks"][0]) == ["123m", "456m", "789m"]
    assert straight["sets"] == [" ".join(blocks[i]["text"] for i in straight["blocks"][0])]
    assert picture["not_counted"] and all(n["reason"] and n["by"] == straight["id"] for n in picture["not_counted"])
    assert data["win_tile"] == "E" and picture["win_block"] == len(blocks) - 1 and picture["shape"] == "standard"


def test_a_json_record_scores_like_the_string(server: PlaygroundServer) -> None:
    record = {"hand": ["1m", "1m", "1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "9m", "9m"], "win_tile": "5m",
              "self_drawn": True, "tag": "passed over", "x_note": "passed over"}
    assert post(server, "/api/score", record)[1]["total"] == post(server, "/api/score", {"hand": "1112345678999m5m", "self_drawn": True})[1]["total"]


def test_under_the_minimum_is_scored_with_the_contract_error(server: PlaygroundServer) -> None:
    status, data = post(server, "/api/score", {"hand": "[123p,1][345p,1]888s999s6m6m"})
    assert status == 200 and data["legal"] is False and data["error"]["kind"] == "under_minimum"


@pytest.mark.parametrize("hand", ["123m", "1112345678999m1mX", "11111m234567899m", "123m456m789m11p24s5s"])
def test_bad_hands_get_the_command_lines_error(server: PlaygroundServer, capsys: pytest.CaptureFixture[str], hand: str) -> None:
    status, data = post(server, "/api/score", {"hand": hand})
    assert status == 422
    assert cli_error(capsys, "score", hand) == f"fanrules: {data['error']['kind']}: {data['error']['message']}"


@pytest.mark.parametrize("body, words", [
    ({"hand": "1112345678999m5m", "selfdrawn": True}, "unknown key 'selfdrawn' (did you mean 'self_drawn'?)"),
    ({"hand": "1112345678999m5m", "self_drawn": "yes"}, "self_drawn must be true or false"),
    ({"hand": "1112345678999m5m", "seat_wind": "X"}, "seat_wind must be E, S, W or N"),
    ({"hand": "1112345678999m5m", "flowers": 1.5}, "flowers must be a whole number"),
    ({"self_drawn": True}, "missing field 'hand'"),
    ({"hand": "1112345678999m5m", "last_copy": True, "fourth_tile": False}, "'last_copy' and 'fourth_tile' name the same fact; give one"),
    (["1112345678999m5m"], "must be a JSON object"),
    ({"hand": 5}, "'hand' must be a hand string such as \"1112345678999m5m\" or a list of tile codes, not int"),
])
def test_bad_fields_are_named(server: PlaygroundServer, body: Any, words: str) -> None:
    status, data = post(server, "/api/score", body)
    assert status == 422 and data["error"]["kind"] == "invalid" and words in data["error"]["message"]


def test_waits_equal_the_command_line(server: PlaygroundServer, capsys: pytest.CaptureFixture[str]) -> None:
    status, data = post(server, "/api/waits", {"hand": "1112345678999m", "seat_wind": "S"})
    assert status == 200 and data["hand"] == "1112345678999m"
    assert data["waits"] == cli_json(capsys, "waits", "1112345678999m", "--seat", "S", "--json")
    assert [w["tile"] for w in data["waits"]] == [f"{r}m" for r in range(1, 10)]


def test_waits_errors(server: PlaygroundServer, capsys: pytest.CaptureFixture[str]) -> None:
    status, data = post(server, "/api/waits", {"hand": "111m"})
    assert status == 422 and cli_error(capsys, "waits", "111m") == f"fanrules: invalid: {data['error']['message']}"
    status, data = post(server, "/api/waits", {"hand": "1112345678999m", "self_drawn": True})
    assert status == 422 and data["error"]["message"] == \
        "waits scores each winning tile both on a discard and self-drawn: 'self_drawn' does not apply"
    status, data = post(server, "/api/waits", {"hand": ["1m"]})
    assert status == 422 and "hand string" in data["error"]["message"]
    assert post(server, "/api/waits", {"hand": "1234m5678p19sESW"})[1]["waits"] == []


@pytest.mark.parametrize("hand, flags, body", [
    ("1112345678999m", [], {}),
    ("147m258p369sESWN", ["--visible", "CC"], {"visible": ["C", "C"]}),
    ("123m456p789s11sEW", ["--self-drawn", "--seat", "S", "--round", "S"], {"self_drawn": True, "seat_wind": "S", "round_wind": "S"}),
    ("123m456p789s11sEWN", ["--visible", "1s[789m]"], {"visible": "1s[789m]"}),
    ("[123p,1]45m99s12sCFPP", ["--flowers", "2", "--last-tile"], {"flowers": 2, "last_tile": True}),
    ("1112345678999m5p", ["--no-points"], {"points": False}),
])
def test_analyze_equals_the_command_line(server: PlaygroundServer, capsys: pytest.CaptureFixture[str],
                                         hand: str, flags: list[str], body: dict[str, Any]) -> None:
    status, data = post(server, "/api/analyze", {"hand": hand, **body})
    expected = cli_json(capsys, "analyze", hand, "--json", *flags)
    assert status == 200 and {k: data[k] for k in expected} == expected


def test_analyze_a_fourteen_tile_hand_gives_discards_best_first(server: PlaygroundServer) -> None:
    status, data = post(server, "/api/analyze", {"hand": "123m456p789s11sEWN"})
    assert status == 200 and data["shanten"] == 1 and "useful" not in data and data["hand"] == "123m456p11789sEWN"
    keys = [(d["shanten"], -sum(u["remaining"] for u in d["useful"])) for d in data["discards"]]
    assert keys[0][0] == 1 and all(d["best_total"] is None for d in data["discards"] if d["shanten"] > 1)
    assert post(server, "/api/analyze", {"hand": "1112345678999m9m"})[1]["shanten"] == -1


@pytest.mark.parametrize("body, words", [
    ({"hand": "11m"}, "wrong number of tiles"),
    ({"hand": "1112345678999m", "visible": ["X"]}, "visible must be a tile string or a list of tile codes"),
    ({"hand": "1112345678999m", "visible": 3}, "visible must be a tile string or a list of tile codes"),
    ({"hand": "1112345678999m", "visible": "3x"}, "unknown tile code"),
    ({"hand": "1112345678999m", "kong_related": True}, "an analysis scores every winning tile in turn: 'kong_related' does not apply"),
    ({"hand": "1112345678999m", "self_drawn": 1}, "self_drawn must be true or false"),
    ({"hand": "1112345678999m", "points": "yes"}, "points must be true or false"),
    ({"hand": "1112345678999m", "seat_wind": "X"}, "must be E, S, W or N"),
    ({"hand": "1112345678999m", "round_wind": "S", "prevalent_wind": "S"}, "name the same fact"),
    ({"hand": ["1m"]}, "hand string"),
    ({"visible": []}, "missing field 'hand'"),
])
def test_analyze_errors(server: PlaygroundServer, body: dict[str, Any], words: str) -> None:
    status, data = post(server, "/api/analyze", body)
    assert status == 422 and words in data["error"]["message"]


@pytest.mark.parametrize("path", ["/api/score", "/api/waits", "/api/analyze"])
@pytest.mark.parametrize("raw, words", [
    (b"{bad", "not valid JSON: Expecting property name enclosed in double quotes at line 1 column 2"),
    (b"", "not valid JSON"),
    (b"\xff\xfe", "not UTF-8"),
    (b"[" * 100000 + b"]" * 100000, "at most"),
])
def test_malformed_bodies_are_4xx_json(server: PlaygroundServer, path: str, raw: bytes, words: str) -> None:
    status, _, body = request(server, "POST", path, raw, {"Content-Type": "application/json"})
    data = json.loads(body)
    assert 400 <= status < 500 and words in data["error"]["message"] and b"Traceback" not in body


def test_deep_nesting_within_the_limit_is_refused_cleanly(server: PlaygroundServer) -> None:
    raw = b"[" * (MAX_BODY // 2) + b"]" * (MAX_BODY // 2)
    status, _, body = request(server, "POST", "/api/score", raw, JSON)
    assert status in (400, 422) and "error" in json.loads(body)


def test_oversized_body_is_413_without_reading_it(server: PlaygroundServer) -> None:
    conn = http.client.HTTPConnection(*server.server_address[:2], timeout=10)
    conn.putrequest("POST", "/api/score")
    conn.putheader("Content-Length", str(10 ** 9))
    conn.endheaders()
    response = conn.getresponse()
    data = json.loads(response.read())
    conn.close()
    assert response.status == 413 and f"at most {MAX_BODY}" in data["error"]["message"]


def exchange(server: PlaygroundServer, raw: bytes, half_close: bool = False) -> bytes:
    """Everything the server writes back to ``raw`` on one connection, until it closes it."""
    import socket

    with socket.create_connection(server.server_address[:2], timeout=30) as sock:
        sock.sendall(raw)
        if half_close:
            sock.shutdown(socket.SHUT_WR)
        answer = b""
        while chunk := sock.recv(65536):
            answer += chunk
    return answer


def test_a_chunked_body_is_read_and_bounded(server: PlaygroundServer) -> None:
    body = json.dumps({"hand": "1112345678999m5m"}).encode()
    head = b"POST /api/score HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n"
    answer = exchange(server, head + b"%x\r\n%s\r\n0\r\n\r\n" % (len(body), body))
    assert answer.startswith(b"HTTP/1.1 200") and json.loads(answer.partition(b"\r\n\r\n")[2])["total"] == 91
    big = b" " * (MAX_BODY + 1)
    answer = exchange(server, head + b"%x\r\n%s\r\n0\r\n\r\n" % (len(big), big))
    assert answer.startswith(b"HTTP/1.1 413") and f"at most {MAX_BODY}" in json.loads(answer.partition(b"\r\n\r\n")[2])["error"]["message"]


@pytest.mark.parametrize("length", ["ten", "-1", "1e3"])
def test_a_content_length_that_is_no_number_is_400_and_closes(server: PlaygroundServer, length: str) -> None:
    answer = exchange(server, f"POST /api/score HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: {length}\r\n\r\n{{}}".encode())
    assert answer.startswith(b"HTTP/1.1 400") and answer.count(b"HTTP/1.1") == 1


def test_unknown_paths_methods_and_hosts(server: PlaygroundServer) -> None:
    status, _, body = request(server, "POST", "/api/nothing", b"{}", JSON)
    assert status == 404 and "/api/score" in json.loads(body)["error"]["message"]
    status, _, body = request(server, "GET", "/api/score")
    assert status == 405 and "POST" in json.loads(body)["error"]["message"]
    status, _, body = request(server, "GET", "/etc/passwd")
    assert status == 404
    status, _, body = request(server, "GET", "/", headers={"Host": "evil.example:80"})
    assert status == 403


def test_page_and_assets(server: PlaygroundServer) -> None:
    status, headers, body = request(server, "GET", "/")
    page = body.decode()
    assert status == 200 and headers["Content-Type"].startswith("text/html")
    assert 'id="t-1m"' in page and 'id="t-P"' in page and "{sprite}" not in page and "<code>mcr</code>" in page
    for path, kind in (("/static/style.css", "text/css"), ("/static/common.js", "text/javascript"), ("/static/playground.js", "text/javascript")):
        status, headers, body = request(server, "GET", path)
        assert status == 200 and headers["Content-Type"].startswith(kind) and body
    scripts = re.findall(r'<script src="([^"]+)"', page)
    assert scripts == ["/static/common.js", "/static/playground.js"], "the page's own script uses what common.js defines: it comes first"
    assert request(server, "HEAD", "/")[2] == b""


def test_the_rule_book_is_served_under_book(server: PlaygroundServer, tmp_path: Path) -> None:
    assert main(["book", "-o", str(tmp_path)]) == 0
    for name in ("index.html", "fan-1.html", "principles.html", "style.css", "book.js"):
        status, headers, body = request(server, "GET", f"/book/{name}")
        assert status == 200 and body == (tmp_path / name).read_bytes()
        assert headers["Content-Type"].split(";")[0] == {"html": "text/html", "css": "text/css", "js": "text/javascript"}[name.rsplit(".", 1)[1]]
    assert request(server, "GET", "/book/")[2] == (tmp_path / "index.html").read_bytes()
    assert request(server, "GET", "/book/fan-999.html")[0] == 404
    assert request(server, "GET", "/book/../README.md")[0] == 404


def test_binds_to_localhost_by_default() -> None:
    srv = make_server(load_ruleset("mcr"), port=0, quiet=True)
    try:
        assert srv.server_address[0] == "127.0.0.1"
    finally:
        srv.server_close()


def test_concurrent_requests_get_their_own_answers(server: PlaygroundServer) -> None:
    hands = {"1112345678999m5m": None, "[123p,1]123456789mEE": None, "119m19p1sESWNCFP9s": None, "[EEE,1][SSSS,1]55pWWWNNN": None}
    for hand in hands:
        hands[hand] = post(server, "/api/score", {"hand": hand})[1]["total"]
    answers: list[tuple[str, Any]] = []

    def ask(hand: str) -> None:
        for _ in range(5):
            answers.append((hand, post(server, "/api/score", {"hand": hand})[1]["total"]))

    threads = [threading.Thread(target=ask, args=(hand,)) for hand in hands for _ in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(answers) == 60 and all(total == hands[hand] for hand, total in answers)


def test_the_serve_command_starts_answers_and_stops_on_ctrl_c() -> None:
    import re
    import signal
    import subprocess
    import sys

    proc = subprocess.Popen([sys.executable, "-m", "fanrules", "serve", "--port", "0", "--rules", "casual"],
                            stderr=subprocess.PIPE, stdout=subprocess.DEVNULL, text=True)
    try:
        assert proc.stderr is not None
        line = proc.stderr.readline()
        found = re.search(r"http://127\.0\.0\.1:(\d+)/ \(rule set casual\)", line)
        assert found, line
        conn = http.client.HTTPConnection("127.0.0.1", int(found.group(1)), timeout=10)
        conn.request("POST", "/api/score", body=json.dumps({"hand": "123m456p789s123s5s5s"}), headers=JSON)
        response = conn.getresponse()
        data = json.loads(response.read())
        conn.close()
        assert response.status == 200 and data["rules"] == "casual" and data["legal"] is True
    finally:
        proc.send_signal(signal.SIGINT)
        assert proc.wait(timeout=10) == 0


@pytest.mark.slow  # the whole suite runs it; the fast loop stays under three minutes
def test_a_body_that_stops_arriving_is_408_and_a_client_gone_is_no_traceback(capfd: pytest.CaptureFixture[str]) -> None:
    with make_server(load_ruleset("mcr"), port=0, quiet=True, timeout=0.5).running() as srv:
        for close, status in ((False, b"HTTP/1.1 408"), (True, b"")):
            answer = exchange(srv, b"POST /api/score HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"hand\": ", close)
            assert answer.startswith(status)
            if status:
                assert json.loads(answer.partition(b"\r\n\r\n")[2])["error"]["kind"] == "invalid"
    assert "Traceback" not in capfd.readouterr().err


@pytest.mark.parametrize("raw, status", [
    (b"PUT /api/score HTTP/1.1\r\nHost: localhost\r\nContent-Length: 2\r\n\r\n{}", 405),
    (b"DELETE /book/ HTTP/1.1\r\nHost: localhost\r\n\r\n", 405),
    (b"GET /x HTTP/1.1\r\nHost: localhost\r\n" + b"".join(b"X-%d: 1\r\n" % i for i in range(200)) + b"\r\n", 404),
])
def test_what_the_application_refuses_is_answered_in_json(server: PlaygroundServer, raw: bytes, status: int) -> None:
    head, _, body = exchange(server, raw.replace(b"\r\n\r\n", b"\r\nConnection: close\r\n\r\n", 1)).partition(b"\r\n\r\n")
    assert head.split(b" ")[1] == str(status).encode()
    assert b"application/json" in head and json.loads(body)["error"]["message"]


@pytest.mark.parametrize("raw", [
    b"GET / HTTP/1.x\r\n\r\n",
    b"GET / HTTP/3.0\r\n\r\n",
    b"GET /" + b"x" * 70000 + b" HTTP/1.1\r\n\r\n",
    b"\x16\x03\x01\x00\xa5\x01\x00\x00\xa1\x03\x03",
])
def test_what_the_http_parser_refuses_is_400_and_closed(server: PlaygroundServer, raw: bytes, capfd: pytest.CaptureFixture[str]) -> None:
    """uvicorn's parser answers these itself (plain text, docs/web.md) and closes the connection."""
    answer = exchange(server, raw)
    assert answer.startswith(b"HTTP/1.1 400") and answer.count(b"HTTP/1.1 ") == 1
    assert "Traceback" not in capfd.readouterr().err
