"""The third hostile review's findings (services under hostile bots, clients and files), one test each:
the judge's bots in their own process groups with bounded output, a server that stays fair, bounded
readers, states and checkpoints that cannot lie, and clear errors at every API edge."""
from __future__ import annotations

import contextlib
import json
import os
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from fanrules import load_ruleset
from fanrules.botzone.calculator import MahjongFanCalculator
from fanrules.game import Table
from fanrules.game.winning import game_rules
from fanrules.study import bundle_of
from fanrules.tools import cli
from fanrules.web import api as web_api
from fanrules.web import make_server
from fanrules.web.app import make_app
from fanrules.web.table_play import PersonTable, Tables
from starlette.testclient import TestClient

FANRULES = [sys.executable, "-m", "fanrules"]


def _script(tmp_path: Path, name: str, text: str) -> str:
    path = tmp_path / name
    path.write_text(text)
    path.chmod(0o755)
    return str(path)


def _alive(pid: str) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] not in ("Z", "X")
    except (OSError, IndexError):
        return False


# --- 1. a bot whose child keeps the pipe open --------------------------------------------------------
@pytest.mark.slow
def test_the_judge_ends_a_bot_whose_child_keeps_its_pipe_open(tmp_path: Path) -> None:
    pids = tmp_path / "pids"
    forker = _script(tmp_path, "forker.sh", f"#!/bin/sh\n( sleep 60 ) &\necho $! >> {pids}\necho PASS\n")
    bot = " ".join(FANRULES + ["bot"])
    start = time.monotonic()
    try:
        run = subprocess.run([*FANRULES, "judge", "--bots", forker, bot, bot, bot, "--time-limit", "2", "--quiet",
                              "--log", str(tmp_path / "log.jsonl")], capture_output=True, text=True, timeout=40)
    finally:
        for pid in pids.read_text().split() if pids.exists() else []:  # strays of the old judge, if any
            with contextlib.suppress(ProcessLookupError):
                os.kill(int(pid), 9)
    assert run.returncode == 0, run.stderr
    assert time.monotonic() - start < 30
    assert not [pid for pid in pids.read_text().split() if _alive(pid)]  # the group ended with the bot
    assert "penalty" in run.stdout and (tmp_path / "log.jsonl").stat().st_size > 0


# --- 5. output between turns is bounded ----------------------------------------------------------------
CHATTY = """import sys
sys.stdin.readline()
sys.stdout.write("PASS\\n>>>BOTZONE_REQUEST_KEEP_RUNNING<<<\\n")
sys.stdout.flush()
while True:
    sys.stdout.write("x\\n" * 4096)
"""

MEASURE = """import sys, time
from fanrules.botzone.process import BotFailure, BotProcess

def resident():
    return next(int(line.split()[1]) for line in open("/proc/self/status") if line.startswith("VmRSS:")) // 1024

bot = BotProcess([sys.executable, sys.argv[1]], 2, 65536)
assert bot.ask("0 0 0") == "PASS"
before = resident()
time.sleep(3)  # the others think
grown = resident() - before
try:
    bot.ask("3 1 DRAW")
    print("answered")
except BotFailure as err:
    print(err.reason)
bot.close()
print(grown)
"""


@pytest.mark.slow  # the whole suite runs it; the fast loop stays under three minutes
def test_a_bot_writing_between_turns_is_cut_at_the_output_limit(tmp_path: Path) -> None:
    chatty = _script(tmp_path, "chatty.py", CHATTY)
    run = subprocess.run([sys.executable, "-c", MEASURE, chatty], capture_output=True, text=True, timeout=60)
    reason, megabytes = run.stdout.split()
    assert reason == "too_long"
    assert int(megabytes) < 15, megabytes  # here 4-5 MB; the old judge queued every line: 34 to 130 MB more in these 3 s


# --- 2. half-open connections: a time limit for a head, a cap on connections, no traceback per accept ----
SERVE_LOW_FILES = """import resource, sys
resource.setrlimit(resource.RLIMIT_NOFILE, (256, 256))
from fanrules import load_ruleset
from fanrules.web import make_server
server = make_server(load_ruleset("mcr"), port=0, quiet=True, timeout=2)
print(server.url, flush=True)
server.serve_forever()
"""


def _half_open(port: int, count: int) -> list[socket.socket]:
    held = []
    for _ in range(count):
        sock = socket.create_connection(("127.0.0.1", port), timeout=5)
        sock.sendall(b"GET /api/rules HTTP/1.1\r\nHost: loc")
        held.append(sock)
    return held


def _closed_by_server(sock: socket.socket) -> bool:
    sock.setblocking(False)
    try:
        return sock.recv(1) == b""
    except BlockingIOError:
        return False
    except OSError:
        return True


@pytest.mark.slow  # the whole suite runs it; the fast loop stays under three minutes
def test_half_open_connections_are_timed_out_and_capped_without_tracebacks() -> None:
    server = subprocess.Popen([sys.executable, "-c", SERVE_LOW_FILES], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    held: list[socket.socket] = []
    try:
        assert server.stdout is not None
        port = int(server.stdout.readline().rsplit(":", 1)[1].strip("/\n"))
        held = _half_open(port, 300)  # more than the file limit allows
        start = time.monotonic()
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/rules", timeout=5) as answer:
            assert answer.status == 200
        assert time.monotonic() - start < 3
        time.sleep(3)  # past the head's time limit
        assert sum(_closed_by_server(s) for s in held) == len(held)
    finally:
        for sock in held:
            sock.close()
        server.terminate()
        _, stderr = server.communicate(timeout=20)
    assert len(stderr) < 4096 and "Traceback" not in stderr, stderr[:2000]


# --- 3. tables: a quota per client, finished tables freed, the idle clock moved by play only -------------
def _finish(table: PersonTable) -> None:
    while not table.table.over:
        table.act(table.table.legal(0)[0].to_json())


def test_one_client_cannot_hold_every_table() -> None:
    app = make_app(load_ruleset("mcr"))
    with TestClient(app, base_url="http://localhost") as greedy, \
            TestClient(app, base_url="http://localhost", client=("10.0.0.2", 5000)) as other:
        made = [greedy.post("/api/tables", json={"seed": n}).status_code for n in range(40)]
        assert made.count(201) == app.state.tables.tables.per_client < 32 and set(made[made.count(201):]) == {429}
        assert other.post("/api/tables", json={}).status_code == 201


def test_finished_tables_are_freed_and_looking_keeps_no_table() -> None:
    rules = game_rules("mcr")
    tables = Tables(limit=1, idle=60)
    first = tables.add(lambda: PersonTable(rules, 1, False))
    _finish(first)
    second = tables.add(lambda: PersonTable(rules, 2, False))  # the finished one gives up its place
    assert tables.get(first.id) is None
    second.used -= 100  # left for longer than the idle time ...
    assert tables.get(second.id) is second  # ... a look does not keep it
    tables.add(lambda: PersonTable(rules, 3, False))
    assert tables.get(second.id) is None


# --- 4. cheap requests do not queue behind expensive ones ----------------------------------------------
@pytest.mark.slow  # the whole suite runs it; the fast loop stays under three minutes
def test_a_flood_of_slow_analyses_does_not_starve_scoring(monkeypatch: pytest.MonkeyPatch) -> None:
    answer = web_api.answer

    def slow(path: str, body: object, scorer: object) -> object:
        if path == "/api/analyze":
            time.sleep(0.5)  # a slow hand
        return answer(path, body, scorer)  # type: ignore[arg-type]
    monkeypatch.setattr(web_api, "answer", slow)
    server = make_server(load_ruleset("mcr"), port=0, quiet=True)
    stop = threading.Event()
    statuses: list[int] = []

    def analyse() -> None:
        while not stop.is_set():
            request = urllib.request.Request(f"{server.url}api/analyze", b'{"hand": "123456789m15p9sEE"}', {"Content-Type": "application/json"})
            try:
                with urllib.request.urlopen(request, timeout=30) as got:
                    statuses.append(got.status)
            except urllib.error.HTTPError as err:
                statuses.append(err.code)
                assert err.code == 503 and err.headers["Retry-After"]
    with server.running():
        loops = [threading.Thread(target=analyse) for _ in range(12)]
        for loop in loops:
            loop.start()
        time.sleep(1)
        times = []
        for _ in range(10):
            start = time.monotonic()
            request = urllib.request.Request(f"{server.url}api/score", b'{"hand": "1112345678999m5m"}', {"Content-Type": "application/json"})
            with urllib.request.urlopen(request, timeout=30) as got:
                assert got.status == 200
            times.append(time.monotonic() - start)
        stop.set()
        for loop in loops:
            loop.join(30)
    assert max(times) < 1.0, times  # behind one shared worker: several seconds (12 analyses of 0.5 s queued)
    assert 200 in statuses and 503 in statuses


# --- 13. a fan number too long to convert ---------------------------------------------------------------
def test_a_huge_fan_number_is_404() -> None:
    with TestClient(make_app(load_ruleset("mcr")), base_url="http://localhost") as client:
        answer = client.get("/api/rules/mcr/fans/" + "9" * 5000)
    assert answer.status_code == 404 and answer.json()["error"]["kind"] == "not_found"


# --- 6, 8. import botzone: bounded, numbers read exactly ------------------------------------------------
DEAL = "Match 1\nWind 0\n" + "".join(f"Player {p} Deal W1 W2 W3 W4 W5 W6 W7 W8 W9 B1 B2 B3 B4\n" for p in range(4))


def _import(tmp_path: Path, text: str, capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    (tmp_path / "record.txt").write_text(text)
    code = cli.main(["import", "botzone", str(tmp_path / "record.txt"), "--log", str(tmp_path / "out.jsonl")])
    return code, capsys.readouterr().err


def test_import_refuses_a_game_longer_than_a_hand(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    start = time.monotonic()
    code, err = _import(tmp_path, DEAL + "Player 0 Draw W1\n" * 200_000, capsys)
    assert code != 0 and "more than 576 actions" in err and "line 583:" in err
    assert time.monotonic() - start < 5 and len(err.splitlines()) == 1


@pytest.mark.parametrize("line", ["Player 0123 Deal W1 W2 W3 W4 W5 W6 W7 W8 W9 B1 B2 B3 B4", "Wind 23", "Player 12 Play T6",
                                  "Player 01 Play T6"])
def test_import_reads_player_and_wind_numbers_exactly(tmp_path: Path, capsys: pytest.CaptureFixture[str], line: str) -> None:
    code, err = _import(tmp_path, DEAL + line + "\n", capsys)
    assert code != 0 and "line 7:" in err and "Traceback" not in err and len(err.splitlines()) == 1


# --- 7. a study's rule folder: sizes by stat, links leaving it refused --------------------------------------
STUDY_RSS = """import resource, sys
from pathlib import Path
from fanrules.study import bundle_of
before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
try:
    bundle_of(Path(sys.argv[1]))
    print("read")
except ValueError as err:
    print(type(err).__name__)
print((resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before) // 1024)
"""


def test_a_huge_file_in_a_study_folder_is_refused_before_it_is_read(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "ruleset.yaml").write_text("name: big\nextends: mcr\n", encoding="utf-8")
    with open(tmp_path / "huge.bin", "wb") as f:
        f.truncate(400 << 20)  # sparse: nothing on disk
    run = subprocess.run([sys.executable, "-c", STUDY_RSS, str(tmp_path)], capture_output=True, text=True, timeout=120)
    kind, megabytes = run.stdout.split()
    assert kind == "BundleError" and int(megabytes) < 50, run.stdout  # the old reader held the 400 MB first
    assert cli.main(["simulate", "--rules", str(tmp_path / "ruleset.yaml"), "--games", "4", "--quiet", "--jobs", "1"]) != 0
    err = capsys.readouterr().err
    assert "holds more than 67108864 bytes" in err and len(err.splitlines()) == 1 and "Traceback" not in err


def test_a_link_leading_out_of_a_study_folder_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "ruleset.yaml").write_text("name: linked\nextends: mcr\n", encoding="utf-8")
    (tmp_path / "secrets").symlink_to("/proc/self/environ")
    assert cli.main(["simulate", "--rules", str(tmp_path / "ruleset.yaml"), "--games", "4", "--quiet", "--jobs", "1"]) != 0
    err = capsys.readouterr().err
    assert "link leading out of it: secrets" in err and len(err.splitlines()) == 1
    (tmp_path / "secrets").unlink()
    (tmp_path / "inside").symlink_to(tmp_path / "ruleset.yaml")  # a link within the folder travels
    assert any(name == "inside" for name, _ in bundle_of(tmp_path).files)


# --- 10. a tampered checkpoint chunk is run again, never counted ----------------------------------------------
def test_a_tampered_checkpoint_chunk_is_run_again(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    saved = tmp_path / "checkpoint"
    run = ["simulate", "--games", "20", "--seed", "3", "--players", "greedy", "--quiet", "--checkpoint", str(saved)]
    assert cli.main(run) == 0
    whole = capsys.readouterr().out
    chunk = saved / "chunk-0.json"
    data = json.loads(chunk.read_text(encoding="utf-8"))
    data["result"]["stats"]["games"], data["result"]["stats"]["wins"] = -8, 1000
    data["result"]["stats"]["fans"] = [[22, -100]]
    chunk.write_text(json.dumps(data), encoding="utf-8")
    assert cli.main(run) == 0
    captured = capsys.readouterr()
    assert captured.out == whole and "-8" not in captured.out and "1000" not in captured.out
    assert "chunk-0.json is not a saved chunk of this study" in captured.err and "running it again" in captured.err
    other = tmp_path / "other"  # a chunk of the same study but another index does not match either
    assert cli.main([*run[:-1], str(other)]) == 0
    capsys.readouterr()
    (other / "chunk-0.json").write_bytes((other / "chunk-1.json").read_bytes())
    assert cli.main([*run[:-1], str(other)]) == 0
    captured = capsys.readouterr()
    assert captured.out == whole and "chunk-0.json is not a saved chunk" in captured.err


# --- 9. a table state restores only a table the rules reach ----------------------------------------------------
def _played_state() -> dict[str, Any]:
    table = Table("mcr", 7)
    for _ in range(30):
        table.step(table.legal(table.to_act()[0])[0])
    return json.loads(json.dumps(table.to_json()))


def _tampered() -> list[tuple[str, dict[str, Any]]]:
    out = []
    for what, change in [
        ("five 1m in a hand", lambda s: s["seats"][0].update(tiles=["1m"] * 5 + s["seats"][0]["tiles"][5:])),
        ("a 20-tile hand", lambda s: s["seats"][1].update(tiles=s["seats"][1]["tiles"] + ["E"] * 7)),
        ("a wall of 144 x 1m", lambda s: s.update(wall=["1m"] * 144)),
        ("seat winds E E E E", lambda s: s.update(seat_winds=["E"] * 4)),
        ("negative fronts", lambda s: s.update(fronts=[-400], steps=414)),
        ("a planted win", lambda s: s["events"].append({"type": "win", "player": 0, "from": None, "record": {"hand": "1112345678999m5m"}})),
        ("a short wall", lambda s: s.update(wall=s["wall"][:20], backs=[20])),
        ("current 9", lambda s: s.update(current=9)),
    ]:
        state = _played_state()
        change(state)
        out.append((what, state))
    return out


@pytest.mark.parametrize(("what", "state"), _tampered(), ids=[w for w, _ in _tampered()])
def test_a_table_state_no_game_reaches_is_refused(what: str, state: dict[str, Any]) -> None:
    with pytest.raises(ValueError, match=r"bad table state|four winds"):
        Table.from_json(state)


def test_a_table_state_names_its_rules_by_shipped_name_only(tmp_path: Path) -> None:
    state = _played_state()
    assert Table.from_json(state).to_json() == state  # the untouched state restores
    (tmp_path / "ruleset.yaml").write_text("name: planted\nextends: mcr\n", encoding="utf-8")
    for name in (str(tmp_path), str(tmp_path / "ruleset.yaml"), "/some/dir"):
        with pytest.raises(ValueError, match="names a shipped rule set"):
            Table.from_json(dict(state, rules=name))


# --- 11. fanrules.env: ValueError for an action outside the space or the mask, a clear error after the end -----
@pytest.mark.parametrize("action", [-1, 10**30, 1000, None, "3", 2.5, True])
def test_env_step_refuses_an_action_outside_its_space(action: object) -> None:
    fenv = pytest.importorskip("fanrules.env")
    env = fenv.env()
    env.reset(seed=3)
    with pytest.raises(ValueError, match=r"action space|may not|done"):
        list(map(env.step, [action]))  # a StopIteration here would end the map silently


def test_env_step_after_the_end_says_so() -> None:
    fenv = pytest.importorskip("fanrules.env")
    env = fenv.env()
    env.reset(seed=1)
    for _agent in env.agent_iter(max_iter=5000):
        obs, _, term, trunc, _ = env.last()
        env.step(None if term or trunc else int(obs["action_mask"].nonzero()[0][-1]))
    assert not env.agents  # the wrapper warns and ignores a step now; the environment itself says why
    with pytest.raises(RuntimeError, match="call reset"):
        env.unwrapped.step(0)
    with pytest.raises(RuntimeError, match="call reset"):
        fenv.env().unwrapped.step(0)  # before reset


# --- 12. fanrules bot: stops at the end of input, answers malformed input with a protocol error ------------------
@pytest.mark.parametrize("text", ["999999999999\n0 0 0\n", "3\n0 0 0\nPASS\n", '{"requests": []}\n', '{"requests": 5}\n',
                                  '{"requests": [null]}\n', '{"requests": ["0 0 0"], "responses": [1]}\n', "[1, 2]\n", "-1\n"])
def test_the_bot_stops_at_the_end_of_input_and_refuses_malformed_input(text: str) -> None:
    run = subprocess.run([*FANRULES, "bot"], input=text, capture_output=True, text=True, timeout=60)
    assert "Traceback" not in run.stderr and len(run.stderr.splitlines()) <= 1, run.stderr
    if run.returncode:
        assert run.stderr.startswith("fanrules: bot: ")
    assert run.stdout == ""  # nothing answered to a request it was not given whole


def test_the_bot_still_answers_a_whole_request() -> None:
    run = subprocess.run([*FANRULES, "bot"], input='{"requests": ["0 0 0"], "responses": []}\n', capture_output=True, text=True, timeout=60)
    assert run.returncode == 0 and json.loads(run.stdout.splitlines()[0]) == {"response": "PASS"}


# --- 14. MahjongFanCalculator: the documented TypeError, counts checked first --------------------------------------
HAND = ("W1", "W1", "W1", "W2", "W3", "W4", "W5", "W6", "W7", "W8", "W9", "W9", "W9")


@pytest.mark.parametrize("flowers", ["abc", float("inf"), float("nan"), 2.0, None, 10**40])
def test_the_calculator_refuses_a_wrong_flower_count_with_type_error(flowers: object) -> None:
    with pytest.raises(TypeError, match="flowerCount"):
        MahjongFanCalculator((), HAND, "W5", flowers, False, False, False, False, 0, 0)  # type: ignore[arg-type]
    assert MahjongFanCalculator((), HAND, "W5", 0, False, False, False, False, 0, 0)  # the hand itself scores


def test_the_calculator_checks_counts_before_reading_a_million_packs() -> None:
    start = time.monotonic()
    with pytest.raises(TypeError, match="ERROR_WRONG_TILES_COUNT"):
        MahjongFanCalculator((("PENG", "W1", 1),) * 10**6, HAND, "W5", 0, False, False, False, False, 0, 0)
    assert time.monotonic() - start < 0.5
