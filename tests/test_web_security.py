"""The findings of the review of ``fanrules serve`` (issue 31), each kept by a test against the real
server: request smuggling, duplicate Content-Length, bodies that crashed it, escapes in the log, an
IPv6 bind, and the Host, Origin and Content-Type checks on every bind address."""
from __future__ import annotations

import http.client
import io
import json
import socket
import subprocess
import sys
from collections.abc import Iterator
from typing import Any

import pytest
from fanrules.core.errors import CliError
from fanrules.ruleset import load_ruleset
from fanrules.tools.cli import main
from fanrules.web.server import PlaygroundServer, make_server

MCR = load_ruleset("mcr")
HAND = json.dumps({"hand": "1112345678999m5m"}).encode()


@pytest.fixture(scope="module")
def server() -> Iterator[PlaygroundServer]:
    with make_server(MCR, port=0, quiet=True, timeout=1).running() as srv:
        yield srv


def exchange(address: tuple[str, int], raw: bytes, timeout: float = 30) -> bytes:
    """What the server writes back to ``raw`` on one connection until it closes it (after its
    keep-alive time at most)."""
    with socket.create_connection(address, timeout=timeout) as sock:
        sock.sendall(raw)
        answer = b""
        while chunk := sock.recv(65536):
            answer += chunk
    return answer


def post_raw(path: str, body: bytes, extra: str = "", method: str = "POST") -> bytes:
    return (f"{method} {path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n{extra}"
            f"Content-Length: {len(body)}\r\n\r\n").encode() + body


@pytest.mark.parametrize("method, path", [("POST", "/no-such-page"), ("GET", "/api/score"), ("POST", "/openapi.json"),
                                          ("PUT", "/api/score")])
def test_a_body_left_unread_is_never_read_as_the_next_request(server: PlaygroundServer, method: str, path: str) -> None:
    """Finding: a 404 or 405 left its body unread, and a body holding a request was answered 200."""
    smuggled = b"GET /book/ HTTP/1.1\r\nHost: localhost\r\n\r\n"
    answer = exchange(server.server_address, post_raw(path, smuggled, method=method))
    assert answer.count(b"HTTP/1.1 ") == 1 and answer.split(b" ")[1] in (b"404", b"405")
    assert b"<html" not in answer.lower()


def test_a_kept_open_connection_answers_each_request_in_turn(server: PlaygroundServer) -> None:
    conn = http.client.HTTPConnection(*server.server_address, timeout=10)
    for path, status in (("/no-such-page", 404), ("/api/score", 200), ("/openapi.json", 405), ("/api/score", 200)):
        conn.request("POST", path, HAND, {"Content-Type": "application/json"})
        response = conn.getresponse()
        assert response.status == status and json.loads(response.read())
    conn.close()


@pytest.mark.parametrize("lengths", [("2", "2"), ("2", "3"), ("3", "2")])
def test_two_content_lengths_are_refused(server: PlaygroundServer, lengths: tuple[str, str]) -> None:
    raw = (b"POST /api/score HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
           + b"".join(b"Content-Length: %s\r\n" % n.encode() for n in lengths) + b"\r\n{}}")
    answer = exchange(server.server_address, raw)
    assert answer.startswith(b"HTTP/1.1 400") and answer.count(b"HTTP/1.1 ") == 1


def post(server: PlaygroundServer, path: str, raw: bytes, headers: dict[str, str] | None = None) -> tuple[int, Any]:
    conn = http.client.HTTPConnection(*server.server_address, timeout=10)
    try:
        conn.request("POST", path, raw, {"Content-Type": "application/json", **(headers or {})})
        response = conn.getresponse()
        return response.status, json.loads(response.read())
    finally:
        conn.close()


@pytest.mark.parametrize("path, raw", [
    ("/api/score", b'{"hand": "\\ud800"}'),
    ("/api/score", b'{"\\ud800": 1, "hand": "1112345678999m5m"}'),
    ("/api/analyze", b'{"hand": "1112345678999m", "visible": "\\udfff"}'),
    ("/api/waits", b'{"hand": "1112345678999m", "x_note": ["\\ud800"]}'),
    ("/api/score", b'{"hand": "1112345678999m5m", "flowers": 1' + b"0" * 5000 + b"}"),
    ("/api/analyze", b'{"hand": "1112345678999m", "points": NaN}'),
    ("/api/score", b'{"hand": "1112345678999m5m", "flowers": Infinity}'),
])
def test_bodies_that_crashed_the_server_are_400_in_json(server: PlaygroundServer, capfd: pytest.CaptureFixture[str],
                                                        path: str, raw: bytes) -> None:
    status, data = post(server, path, raw)
    assert status == 400 and data["error"]["kind"] == "invalid" and data["error"]["message"]
    assert "Traceback" not in capfd.readouterr().err
    assert post(server, "/api/score", HAND)[0] == 200


def test_the_request_log_escapes_what_it_prints() -> None:
    log = io.StringIO()
    with make_server(MCR, port=0, log=log).running() as srv:
        assert exchange(srv.server_address, b"GET /\x1b[2J HTTP/1.1\r\nHost: localhost\r\n\r\n").startswith(b"HTTP/1.1 400")
        exchange(srv.server_address, b"GET /%1b[31mred%0a%e2%80%ae HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
        exchange(srv.server_address, post_raw("/api/score", HAND, "Connection: close\r\n"))
    text = log.getvalue()
    assert "\x1b" not in text and "\u202e" not in text and "\\x1b[31mred\\n\\u202e" in text
    assert len(text.splitlines()) == 2 and " POST /api/score 200 " in text


def test_a_client_gone_mid_answer_leaves_no_traceback(capfd: pytest.CaptureFixture[str]) -> None:
    with make_server(MCR, port=0).running() as srv:
        for _ in range(20):
            with socket.create_connection(srv.server_address) as sock:
                sock.sendall(b"GET /book/index.html HTTP/1.1\r\nHost: localhost\r\n\r\n")
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, b"\x01\x00\x00\x00\x00\x00\x00\x00")
        assert exchange(srv.server_address, post_raw("/api/score", HAND, "Connection: close\r\n")).startswith(b"HTTP/1.1 200")
    assert "Traceback" not in capfd.readouterr().err


def ipv6() -> bool:
    try:
        with socket.socket(socket.AF_INET6) as sock:
            sock.bind(("::1", 0))
        return True
    except OSError:
        return False


#: A server per bind address, with what it answers: the bind address, --allow-host and --public.
BINDS = [("127.0.0.1", (), False), ("::1", (), False), ("0.0.0.0", ("mahjong.lan",), False), ("0.0.0.0", (), True)]


@pytest.mark.parametrize("host, allow, public", BINDS)
def test_host_and_origin_checks_hold_on_every_bind_address(host: str, allow: tuple[str, ...], public: bool) -> None:
    if host == "::1" and not ipv6():
        pytest.skip("no IPv6 loopback on this machine")
    with make_server(MCR, host=host, port=0, quiet=True, allow=allow, public=public).running() as srv:
        port = srv.server_address[1]
        address = ("::1" if host == "::1" else "127.0.0.1", port)
        own = f"[::1]:{port}" if host == "::1" else f"localhost:{port}"

        def ask(host_header: str, origin: str | None = None, kind: str = "application/json", method: str = "POST") -> int:
            conn = http.client.HTTPConnection(*address, timeout=10)
            conn.putrequest(method, "/api/score" if method == "POST" else "/", skip_host=True)
            conn.putheader("Host", host_header)
            if origin is not None:
                conn.putheader("Origin", origin)
            conn.putheader("Content-Type", kind)
            conn.putheader("Content-Length", str(len(HAND)))
            conn.endheaders(HAND)
            response = conn.getresponse()
            body = json.loads(response.read()) if response.status != 200 else None
            conn.close()
            assert body is None or set(body["error"]) == {"kind", "message", "field"}
            return response.status

        assert ask(own) == 200 and ask(own, f"http://{own}") == 200
        assert ask("evil.example", method="GET") == (200 if public else 403)     # DNS rebinding
        assert ask(f"evil.example:{port}") == (200 if public else 403)
        assert ask(own, "http://evil.example") == 403                          # another site's page posting
        assert ask(own, "null") == 403
        assert ask(own, f"http://{own}", "text/plain") == 415                 # a form needs no preflight
        if allow:
            assert ask(f"{allow[0]}:{port}", f"http://{allow[0]}:{port}") == 200
            assert ask(f"{allow[0]}:{port}", f"http://{own}") == 403


def test_another_address_needs_allow_host_or_public(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(CliError, match="--allow-host NAME"):
        make_server(MCR, host="0.0.0.0", port=0)
    assert main(["serve", "--host", "0.0.0.0", "--port", "0"]) == 2
    err = capsys.readouterr().err
    assert "--allow-host NAME" in err and "--public" in err and "Traceback" not in err


def test_serve_without_the_web_extra_names_the_command_that_installs_it(tmp_path: Any) -> None:
    code = ("import sys; sys.modules['starlette'] = None; sys.modules['uvicorn'] = None\n"
            "from fanrules.tools.cli import main\n"
            f"assert main(['book', '-o', {str(tmp_path / 'book')!r}]) == 0\n"
            "sys.exit(main(['serve', '--port', '0']))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.returncode == 1 and 'pip install "fanrules[web]"' in done.stderr and "Traceback" not in done.stderr
    assert (tmp_path / "book" / "index.html").is_file()


def test_a_websocket_from_another_site_is_refused() -> None:
    from fanrules.web.app import make_app
    from starlette.testclient import TestClient
    from starlette.websockets import WebSocketDisconnect

    with TestClient(make_app(MCR), base_url="http://localhost") as client:
        key = client.post("/api/tables", json={"seed": 2}).json()["id"]
        url = f"ws://localhost/ws/tables/{key}"
        for headers in ({"origin": "http://evil.example"}, {"origin": "null"}, {"host": "evil.example"}):
            with pytest.raises(WebSocketDisconnect) as refused, client.websocket_connect(url, headers=headers) as ws:
                ws.receive_json()
            assert refused.value.code == 1008
        with client.websocket_connect(url, headers={"origin": "http://localhost"}) as ws:
            assert ws.receive_json()["view"]["id"] == key
