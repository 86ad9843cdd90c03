"""Requests per second of ``fanrules serve`` on one core: /api/score with corpus hands, from one
kept-open connection and from 100 clients at once, with the latency of each request (p50, p99).

Run as ``python bench/bench_web.py [REQUESTS] [CLIENTS] [PER_CLIENT]`` (defaults 3000, 100, 30).
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
import re
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


def start_server() -> tuple[subprocess.Popen[str], int]:
    """``fanrules serve`` on a free loopback port, pinned to CPU 0; its process and port."""
    cpus = sorted(os.sched_getaffinity(0))
    proc = subprocess.Popen([sys.executable, "-m", "fanrules", "serve", "--quiet", "--port", "0", "--host", HOST],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                            preexec_fn=lambda: os.sched_setaffinity(0, {cpus[0]}))
    assert proc.stderr is not None
    found = re.search(r":(\d+)/", proc.stderr.readline())
    if not found:
        proc.kill()
        raise SystemExit("the server did not start")
    stderr = proc.stderr
    threading.Thread(target=lambda: [None for _ in stderr], daemon=True).start()  # its warnings, drained
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
        conn.request("POST", "/api/score", work[i % len(work)], {"Content-Type": "application/json"})
        response = conn.getresponse()
        response.read()
        latencies.append(time.perf_counter() - start)
        errors += response.status != 200
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


def main() -> None:
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
