"""The third hostile review's findings (services under hostile bots, clients and files), one test each:
the judge's bots in their own process groups with bounded output, a server that stays fair, bounded
readers, states and checkpoints that cannot lie, and clear errors at every API edge."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

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
            try:
                os.kill(int(pid), 9)
            except ProcessLookupError:
                pass
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

MEASURE = """import resource, sys, time
from fanrules.botzone.process import BotFailure, BotProcess
bot = BotProcess([sys.executable, sys.argv[1]], 2, 65536)
assert bot.ask("0 0 0") == "PASS"
time.sleep(3)  # the others think
try:
    bot.ask("3 1 DRAW")
    print("answered")
except BotFailure as err:
    print(err.reason)
bot.close()
print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024)
"""


def test_a_bot_writing_between_turns_is_cut_at_the_output_limit(tmp_path: Path) -> None:
    chatty = _script(tmp_path, "chatty.py", CHATTY)
    run = subprocess.run([sys.executable, "-c", MEASURE, chatty], capture_output=True, text=True, timeout=60)
    reason, megabytes = run.stdout.split()
    assert reason == "too_long"
    assert int(megabytes) < 150, megabytes  # the old judge queued every line: hundreds of MB
