"""A bot that fails leaves the end of its standard error in the judge's log: a crashing bot's traceback,
bounded (a bot that writes without end costs no memory) and escaped (no control character reaches a
terminal)."""
from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from botzone_bots import MINIMAL
from fanrules.botzone.judge import judge_hand
from fanrules.botzone.process import STDERR_KEPT, BotProcess
from fanrules.tools.cli import main

#: Reads the first request, writes ``noise`` bytes of x and a terminal colour to its standard error, then raises.
CRASHING = r"""
import sys
sys.stdin.readline()
sys.stderr.write("x" * int(sys.argv[1]) + "\x1b[31m red\n")
raise RuntimeError("the bot broke on purpose")
"""


def _crashing(noise: int) -> list[str]:
    return [sys.executable, "-c", CRASHING, str(noise)]


@pytest.mark.parametrize("noise", [0, 1_000_000])
def test_a_crashing_bots_traceback_is_kept_bounded_and_escaped(noise: int) -> None:
    bots = [BotProcess(_crashing(noise) if p == 2 else MINIMAL, time_limit=10) for p in range(4)]
    try:
        judged = judge_hand(bots, "botzone", 3)
    finally:
        for bot in bots:
            bot.close()
    assert judged.outcome == "penalty" and judged.penalty["offender"] == 2
    stderr = judged.penalty["stderr"]
    assert "Traceback" in stderr and "RuntimeError: the bot broke on purpose" in stderr
    assert "\x1b" not in stderr and "\\x1b[31m red" in stderr
    assert len(stderr.encode()) <= STDERR_KEPT + 16  # the escaped colour's few bytes more
    log = [json.loads(line) for line in judged.log(0)]
    assert log[0]["judge"]["stderr"] == stderr


def test_the_judges_log_file_holds_the_traceback(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    crashing = " ".join(f"'{w}'" for w in _crashing(0))
    minimal = " ".join(MINIMAL)
    log = tmp_path / "judge.jsonl"
    assert main(["judge", "--quiet", "--log", str(log), "--bots", minimal, crashing, minimal, minimal]) == 0
    head = json.loads(log.read_text(encoding="utf-8").splitlines()[0])
    assert "RuntimeError: the bot broke on purpose" in head["judge"]["stderr"]
    out = capsys.readouterr().out
    assert "penalty on player 1" in out and "its standard error ends: RuntimeError: the bot broke on purpose" in out
