"""Helpers of the Botzone tests: command lines of the test bots (tests/data/botzone_bots/) and a bot
that fails on purpose."""
from __future__ import annotations

import sys
from pathlib import Path

BOTS = Path(__file__).resolve().parent / "data" / "botzone_bots"
MINIMAL = [sys.executable, str(BOTS / "minimal_bot.py")]
FANRULES_BOT = [sys.executable, "-m", "fanrules", "bot"]

#: A keep-running bot that passes, except at its first draw, where it answers as its mode says:
#: ``garbage``, ``late`` (sleeps past any time limit) or ``illegal`` (adds to a pung it has not got).
FAILING = r"""
import sys, time
mode = sys.argv[1]
sys.stdin.readline()
request = sys.stdin.readline()
while True:
    words = request.split()
    if words and words[0] == "2":
        if mode == "garbage":
            print("LET ME THINK")
        elif mode == "late":
            time.sleep(30)
        else:
            print("BUGANG W1")
    else:
        print("PASS")
    print(">>>BOTZONE_REQUEST_KEEP_RUNNING<<<", flush=True)
    request = sys.stdin.readline()
    while request == "\n":  # the first turn's empty data line
        request = sys.stdin.readline()
    if not request:
        break
"""


def failing(mode: str) -> list[str]:
    return [sys.executable, "-c", FAILING, mode]
