"""Requests per second of ``fanrules serve`` on one core: /api/score with corpus hands, from one
kept-open connection and from 100 clients at once, with the latency of each request (p50, p99).

Run as ``python bench/bench_web.py [REQUESTS] [CLIENTS] [PER_CLIENT]`` (defaults 3000, 100, 30), or
``python bench/bench_web.py attack [SCORES] [HALF_OPEN] [LOOPS] [FILES]`` (defaults 300, 1000, 12, and the
server's file limit as inherited; 1024 is the common default): one client's
/api/score latency while HALF_OPEN connections send half a request head and hold it (each reopened when
the server closes it) and LOOPS clients post /api/analyze on slow hands back to back; it prints the
score's p50 and p99, the attackers' answers and the server's standard error in bytes. Every attacker
stops when the SCORES requests are done, or after ATTACK_SECONDS.
The server is ``fanrules serve --quiet --port 0`` in its own process, pinned to one CPU (the client
runs on another when there is one), on the loopback address only. Every loop is bounded: REQUESTS
requests on the one connection (after 200 to warm the memos), then CLIENTS clients each sending
PER_CLIENT requests on its own connection, all at once, each read within 30 seconds. It prints the
requests/s by the wall clock and per second of the server's CPU time (what one core gives when the
machine is shared), the p50 and p99 latency, and the errors (any answer but 200, any reset or timeout).
"""
from __future__ import annotations

import asyncio
import http.client
import json
import os
import random
import re
import resource
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import CORPUS
from fanrules import Scorer, load_ruleset
from fanrules.web import api

HOST = "127.0.0.1"
TIMEOUT = 30.0


def bodies(count: int = 300) -> list[bytes]:
    """The JSON bodies of the first ``count`` records of the corpus that score (200: any other answer
    counts as an error below)."""
    scorer = Scorer(load_ruleset("mcr"))
    out = []
    with open(CORPUS, encoding="utf-8") as f:
        for line in f:
            if line.strip() and api.answer("/api/score", json.loads(line), scorer)[0] == 200:
                out.append(line.strip().encode())
            if len(out) == count:
                break
    return out


def start_server(log: Path | None = None, files: int = 0) -> tuple[subprocess.Popen[str], int]:
    """``fanrules serve`` on a free loopback port, pinned to CPU 0; its process and port. With ``log``
    its standard error goes to that file (to be measured), else it is drained; ``files``, when given,
    is the server's limit of open files."""
    cpus = sorted(os.sched_getaffinity(0))

    def pin() -> None:
        os.sched_setaffinity(0, {cpus[0]})
        if files:
            resource.setrlimit(resource.RLIMIT_NOFILE, (files, files))
    proc = subprocess.Popen([sys.executable, "-m", "fanrules", "serve", "--quiet", "--port", "0", "--host", HOST],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE if log is None else log.open("w"), text=True,
                            preexec_fn=pin)
    if log is None:
        assert proc.stderr is not None
        first = proc.stderr.readline()
        stderr = proc.stderr
        threading.Thread(target=lambda: [None for _ in stderr], daemon=True).start()  # its warnings, drained
    else:
        deadline = time.monotonic() + TIMEOUT
        while "\n" not in log.read_text() and time.monotonic() < deadline and proc.poll() is None:
            time.sleep(0.05)
        first = log.read_text()
    found = re.search(r":(\d+)/", first)
    if not found:
        proc.kill()
        raise SystemExit("the server did not start")
    if len(cpus) > 1:
        os.sched_setaffinity(0, set(cpus[1:]))
    return proc, int(found.group(1))


def cpu_seconds(pid: int) -> float:
    """User and system CPU time of process ``pid`` so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p / 100 * len(ordered)))]


def one_client(port: int, work: list[bytes], requests: int) -> tuple[list[float], int]:
    """Latencies and errors of ``requests`` requests on one kept-open connection."""
    conn = http.client.HTTPConnection(HOST, port, timeout=TIMEOUT)
    latencies, errors = [], 0
    for i in range(requests):
        start = time.perf_counter()
        try:
            conn.request("POST", "/api/score", work[i % len(work)], {"Content-Type": "application/json"})
            response = conn.getresponse()
            response.read()
            errors += response.status != 200
        except (OSError, http.client.HTTPException):  # a reset or a time-out: an error, and a new connection
            errors += 1
            conn.close()
            conn = http.client.HTTPConnection(HOST, port, timeout=TIMEOUT)
        latencies.append(time.perf_counter() - start)
    conn.close()
    return latencies, errors


async def many_clients(port: int, work: list[bytes], clients: int, each: int) -> tuple[list[float], int]:
    """Latencies and errors of ``clients`` clients at once, each sending ``each`` requests on its connection."""
    latencies: list[float] = []
    errors = 0

    async def client(index: int) -> None:
        nonlocal errors
        try:
            reader, writer = await asyncio.wait_for(asyncio.open_connection(HOST, port), TIMEOUT)
        except OSError:
            errors += each
            return
        done = 0
        try:
            for i in range(each):
                body = work[(index * each + i) % len(work)]
                start = time.perf_counter()
                writer.write(b"POST /api/score HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
                             b"Content-Length: %d\r\n\r\n%s" % (len(body), body))
                head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), TIMEOUT)
                length = int(re.search(rb"content-length: (\d+)", head, re.IGNORECASE).group(1))  # type: ignore[union-attr]
                await asyncio.wait_for(reader.readexactly(length), TIMEOUT)
                latencies.append(time.perf_counter() - start)
                errors += not head.startswith(b"HTTP/1.1 200")
                done += 1
        except (OSError, asyncio.IncompleteReadError, TimeoutError):
            errors += each - done  # this request and those not sent
        finally:
            writer.close()

    await asyncio.gather(*(client(i) for i in range(clients)))
    return latencies, errors


def report(name: str, latencies: list[float], errors: int, wall: float, cpu: float) -> None:
    n = len(latencies)
    print(f"{name}: {n} requests, {errors} errors, {n / wall:,.0f} req/s wall, {n / cpu:,.0f} req/s per server CPU second, "
          f"p50 {statistics.median(latencies) * 1000:.2f} ms, p99 {percentile(latencies, 99) * 1000:.2f} ms")


#: The longest an attack runs, in seconds, whatever else happens.
ATTACK_SECONDS = 300.0


def slow_hands(count: int = 400) -> list[bytes]:
    """Analysis bodies of ``count`` distinct hands that take a tenth of a second to seconds each: mostly
    one suit, one or two from ready, with the points in reach searched for up to 2 s."""
    from fanrules.core.tiles import tile_code

    rng = random.Random(7)
    wall = [t for t in range(34) for _ in range(4)]
    out = []
    while len(out) < count:
        suit = rng.choice([0, 9, 18])
        hand = sorted(rng.sample([t for t in wall if suit <= t < suit + 9], 10) + rng.sample(wall, 4))
        out.append(json.dumps({"hand": "".join(tile_code(t) for t in hand), "points": True, "two_from_ready": 2}).encode())
    return out


async def hold_half_open(port: int, count: int, stop: threading.Event) -> int:
    """Keep ``count`` connections sending half a request head until ``stop``; how many were opened."""
    opened = 0

    async def one() -> None:
        nonlocal opened
        while not stop.is_set():
            try:
                reader, writer = await asyncio.wait_for(asyncio.open_connection(HOST, port), TIMEOUT)
                opened += 1
                writer.write(b"GET /api/rules HTTP/1.1\r\nHost: loc")
                while not stop.is_set() and not await _closed(reader):
                    pass
                writer.close()
            except (OSError, TimeoutError):
                await asyncio.sleep(0.1)

    await asyncio.gather(*(one() for _ in range(count)))
    return opened


async def _closed(reader: asyncio.StreamReader) -> bool:
    """Whether the server closed the connection within the next half second."""
    try:
        return await asyncio.wait_for(reader.read(1), 0.5) == b""
    except TimeoutError:
        return False
    except OSError:
        return True


def analyse_loop(port: int, work: list[bytes], index: int, stop: threading.Event, answers: dict[int, int]) -> None:
    """Post /api/analyze back to back, never waiting between answers, until ``stop``."""
    conn = http.client.HTTPConnection(HOST, port, timeout=TIMEOUT)
    i = index
    while not stop.is_set():
        try:
            conn.request("POST", "/api/analyze", work[i % len(work)], {"Content-Type": "application/json"})
            response = conn.getresponse()
            response.read()
            answers[response.status] = answers.get(response.status, 0) + 1
        except (OSError, http.client.HTTPException):
            answers[0] = answers.get(0, 0) + 1
            conn.close()
            conn = http.client.HTTPConnection(HOST, port, timeout=TIMEOUT)
        i += 12
    conn.close()


def attack(scores: int, half_open: int, loops: int, files: int = 0) -> None:
    """The load figure of docs/web.md: one client scoring beside half-open connections and analysis loops."""
    import tempfile

    work = bodies()
    log = Path(tempfile.mkdtemp(prefix="bench-web-")) / "stderr.txt"
    proc, port = start_server(log, files)
    stop = threading.Event()
    threading.Timer(ATTACK_SECONDS, stop.set).start()
    answers: dict[int, int] = {}
    held: list[int] = []
    try:
        one_client(port, work, 200)
        holder = threading.Thread(target=lambda: held.append(asyncio.run(hold_half_open(port, half_open, stop))))
        holder.start()
        analysers = [threading.Thread(target=analyse_loop, args=(port, slow_hands(), i, stop, answers)) for i in range(loops)]
        for thread in analysers:
            thread.start()
        time.sleep(3)  # the half-open connections opened, the analysis queue full
        cpu, start = cpu_seconds(proc.pid), time.perf_counter()
        latencies, errors = one_client(port, work, scores)
        limit = f", the server's file limit {files}" if files else ""
        report(f"1 client beside {half_open} half-open connections and {loops} analysis loops{limit}", latencies, errors,
               time.perf_counter() - start, cpu_seconds(proc.pid) - cpu)
        stop.set()
        for thread in [holder, *analysers]:
            thread.join(TIMEOUT * 2)
        print(f"attackers: {held[0] if held else '?'} half-open connections opened; analysis answers by status {dict(sorted(answers.items()))}")
    finally:
        stop.set()
        proc.terminate()
        proc.wait(10)
    print(f"server standard error: {log.stat().st_size} bytes")


def main() -> None:
    if sys.argv[1:2] == ["attack"]:
        scores, half_open, loops, files = (int(a) for a in (sys.argv[2:] + ["300", "1000", "12", "0"][len(sys.argv) - 2:])[:4])
        attack(scores, half_open, loops, files)
        return
    requests, clients, each = (int(a) for a in (sys.argv[1:] + ["3000", "100", "30"][len(sys.argv) - 1:])[:3])
    work = bodies()
    proc, port = start_server()
    try:
        one_client(port, work, 200)  # memos warm, as on a server that has been up a while
        cpu, start = cpu_seconds(proc.pid), time.perf_counter()
        latencies, errors = one_client(port, work, requests)
        report("1 kept-open client", latencies, errors, time.perf_counter() - start, cpu_seconds(proc.pid) - cpu)
        cpu, start = cpu_seconds(proc.pid), time.perf_counter()
        latencies, errors = asyncio.run(many_clients(port, work, clients, each))
        report(f"{clients} clients at once", latencies, errors, time.perf_counter() - start, cpu_seconds(proc.pid) - cpu)
    finally:
        proc.terminate()
        proc.wait(10)


if __name__ == "__main__":
    main()
