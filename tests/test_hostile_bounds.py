"""Regressions of the hostile review (issue 30, finding 3): work a user or a file can size is bounded.
``simulate --games`` streams its games, ``--jobs`` is at most the CPU count, Ctrl-C keeps the totals,
and ``replay`` reads a log a line at a time under batch's line limit, keeping one game's table only."""
from __future__ import annotations

import io
import json
import os
import resource
import signal
import subprocess
import sys
import time
import tracemalloc
from collections.abc import Iterable
from contextlib import suppress
from importlib import import_module
from pathlib import Path
from types import SimpleNamespace

import pytest
from fanrules.core.jsonio import MAX_LINE_CHARS
from fanrules.game import Table, game_rules, log_lines, play, simulate
from fanrules.game.simulate import Interrupted, Stats, players_of
from fanrules.tools import replay_cmd

CORES = os.cpu_count() or 1
simulate_module = import_module("fanrules.game.simulate")  # the package's name ``simulate`` is the function


def _limited() -> None:
    """A child that would grow without bound fails with MemoryError instead of taking the machine."""
    resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30))
    signal.signal(signal.SIGINT, signal.SIG_DFL)  # heard even where the tests ignore it


def _fanrules(*args: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "fanrules", *args], capture_output=True, text=True, timeout=timeout,
                          preexec_fn=_limited)


def _tree_rss_mb(pid: int) -> float:
    """VmRSS of a process and its children, from /proc."""
    pids = {pid}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                parent = int(Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            if parent == pid:
                pids.add(int(entry))
    total = 0
    for p in pids:
        with suppress(OSError, StopIteration):  # a process that has just ended
            total += next(int(line.split()[1]) for line in Path(f"/proc/{p}/status").read_text().splitlines()
                          if line.startswith("VmRSS:"))
    return total / 1024


def _fake_run_games(calls: list[int], stop_at: int) -> object:
    def run_games(rules: str, seed: int, indices: Iterable[int], kind: str, keep_logs: bool) -> tuple[Stats, list[str]]:
        calls.append(1)
        if len(calls) == stop_at:
            raise KeyboardInterrupt
        stats = Stats("mcr")
        stats.games = len(list(indices))
        return stats, []
    return run_games


def test_simulate_makes_its_chunks_of_games_as_it_hands_them_out(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[int] = []
    monkeypatch.setattr(simulate_module, "run_games", _fake_run_games(calls, stop_at=3))
    game_rules("mcr")  # loaded before memory is counted
    tracemalloc.start()
    try:
        with pytest.raises(Interrupted) as info:
            simulate("mcr", 10**7, jobs=1, chunk=10)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 5_000_000  # a list of every chunk of ten million games takes hundreds of MB
    assert info.value.stats.games == 20  # the two chunks done before Ctrl-C


def test_jobs_beyond_the_cpu_count_are_brought_down_with_a_notice() -> None:
    notice = f"is more than the {CORES} CPUs here: using {CORES}"
    proc = _fanrules("simulate", "--games", "0", "--jobs", "1000000", "--json")
    assert proc.returncode == 0 and notice in proc.stderr and len(proc.stderr.splitlines()) == 1, proc.stderr
    proc = subprocess.run([sys.executable, "-m", "fanrules", "batch", "--jobs", "1000000"], input="", capture_output=True,
                          text=True, timeout=120)
    assert proc.returncode == 0 and notice in proc.stderr and len(proc.stderr.splitlines()) == 1, proc.stderr


@pytest.mark.slow
def test_a_billion_games_start_at_once_stay_small_and_stop_on_ctrl_c_with_the_totals() -> None:
    start = time.monotonic()
    proc = subprocess.Popen([sys.executable, "-m", "fanrules", "simulate", "--games", "1000000000", "--jobs", "1000000"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, preexec_fn=_limited)
    samples = []
    while time.monotonic() - start < 15 and proc.poll() is None:
        samples.append(_tree_rss_mb(proc.pid))
        time.sleep(0.5)
    assert proc.poll() is None, proc.communicate()
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    assert max(samples) < 150, samples
    third = len(samples) // 3
    assert max(samples[2 * third:]) - max(samples[third: 2 * third]) < 40, samples  # flat once the workers play
    assert proc.returncode == 130 and "Traceback" not in err, err
    assert err.splitlines()[-1].startswith("fanrules: simulate interrupted after ")
    games = int(err.split("interrupted after ")[1].split()[0])
    assert games > 0 and f"games {games}" in " ".join(out.split()), out  # the totals of the games played


def test_replay_of_dev_zero_ends_with_one_line() -> None:
    proc = _fanrules("replay", "/dev/zero", timeout=60)
    assert proc.returncode == 1 and "Traceback" not in proc.stderr, proc.stderr[-500:]
    assert proc.stderr == f"fanrules: /dev/zero: line 1 is longer than {MAX_LINE_CHARS:,} characters\n"


def test_replay_refuses_a_line_over_the_batch_limit(tmp_path: Path) -> None:
    log = tmp_path / "long.jsonl"
    log.write_text(json.dumps({"type": "header", "note": "x" * MAX_LINE_CHARS}) + "\n", encoding="utf-8")
    proc = _fanrules("replay", str(log))
    assert proc.returncode == 1 and proc.stderr.endswith(f"line 1 is longer than {MAX_LINE_CHARS:,} characters\n"), proc.stderr


def _one_game() -> list[str]:
    rules = game_rules("mcr")
    table = play(Table(rules, 7), players_of("greedy")(rules, 7))
    return log_lines(table, extra={"game": 0})


def test_replay_keeps_no_event_the_table_has_gone_past(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    lines = _one_game()
    filler = json.dumps({"type": "note", "text": "y" * 2000})
    log = tmp_path / "long-game.jsonl"
    log.write_text("\n".join(lines + [filler] * 10_000) + "\n", encoding="utf-8")
    tracemalloc.start()
    try:
        code = replay_cmd.run(SimpleNamespace(log=str(log), rules=None, json=False))
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 10_000_000  # every event of the game kept would be over 20 MB
    out = capsys.readouterr().out
    assert code == 1 and f"event {len(lines) - 1}: the log goes on" in out and "1 game(s) replayed: 0 matched" in out


def test_replay_reads_a_log_of_many_games_one_game_at_a_time(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    lines = _one_game()
    log = tmp_path / "many.jsonl"
    log.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert replay_cmd.run(SimpleNamespace(log=str(log), rules=None, json=False)) == 0
    assert capsys.readouterr().out == "1 game(s) replayed: 1 matched the log\n"
    stream = io.StringIO("\n".join(lines) + "\n")
    from fanrules.game.log import replay_log
    reports = list(replay_log(stream, lambda head: game_rules("mcr")))
    assert [r.ok for _, r in reports] == [True] and reports[0][1].events == len(lines) - 1
