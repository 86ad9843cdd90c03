"""`fanrules batch` on a mixed batch of good and bad lines, and on an interrupted batch."""
from __future__ import annotations

import json
import os
import random
import selectors
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

import fanrules
from conftest import batch_exit, corpus_path

pytestmark = pytest.mark.slow  # whole batch processes

REPO = Path(__file__).resolve().parents[1]


def _record(hand: str, id: str, **context: Any) -> dict[str, Any]:
    return fanrules.hand_to_record(fanrules.parse_hand(hand, **context), id)


GOOD = [  # hand string, context, total (checked in-process too)
    ("1112345678999s9s", {}, 106),
    ("19m19p19sESWNCFP1m", {}, 88),
    ("12345678m123p55s9m", {}, 21),
    ("[EEEE][CCCC][FFFF][PPPP]NN", {}, None),
    ("[WWWW,1][444s]45m678pFF6m", {"self_drawn": True}, None),
    ("11223344556677m", {}, None),
    ("147m258p369sESWNC", {}, None),
]
UNDER_MINIMUM = ["234m567p789s345s55s", "[234m,1]567p789s345s5s5s", "[123m,1][456m,2]789p234s5s5s"]
NOT_A_WIN = ["135m79m2468p135sE7s", "[123m,1]5m7m9m2p4p6p8p1s3sE9s", "19m19p19sESWNCF1p1m"]


def _bad_lines() -> list[tuple[str, str]]:
    """(line, expected error kind) for lines that are not JSON objects or are invalid records."""
    good = _record("12345678m123p55s9m", "b")
    out: list[tuple[str, str]] = []
    # malformed JSON
    for line in ['{"hand": [', "not json at all", '{"id": "x"}}', "{'hand': []}", '{"hand": ["1m"], }', "[" * 50_000,
                 "x" * 200_000]:
        out.append((line, "invalid"))
    # not an object
    for line in ["[1, 2, 3]", "null", "5", '"a hand"', "true"]:
        out.append((line, "invalid"))
    # wrong types, missing fields, unknown tiles, bad flags
    variants: list[dict[str, Any]] = []
    for key, value in [("hand", "12345678m123p5s"), ("hand", None), ("hand", [1, 2]), ("win_tile", 5), ("win_tile", ["9m"]),
                       ("melds", {}), ("melds", [1]), ("melds", [{"type": {"a": 1}, "tiles": []}]), ("melds", [{"type": "chow"}]),
                       ("melds", [{"type": "pung", "tiles": ["1m", "2m", "3m"]}]), ("flowers", "2"), ("flowers", 9), ("flowers", 1.5),
                       ("flowers", True), ("self_drawn", "yes"), ("self_drawn", 1), ("fourth_tile", None), ("seat_wind", "X"),
                       ("round_wind", 3), ("seat_wind", ["E"]), ("hand", ["0m"] + good["hand"][1:]), ("hand", ["X"] + good["hand"][1:]),
                       ("hand", ["10m"] + good["hand"][1:]), ("win_tile", "8z"), ("win_tile", "e"), ("hand", good["hand"][:-1]),
                       ("hand", good["hand"] + ["1m"]), ("hand", ["9m"] * 4 + good["hand"][4:])]:
        variants.append({**good, key: value})
    for key in ("hand", "win_tile"):
        rec = dict(good)
        del rec[key]
        variants.append(rec)
    variants.append({**good, "kong_related": True, "self_drawn": True})  # no kong to draw a replacement for
    out.extend((json.dumps(v), "invalid") for v in variants)
    return out


def _build_batch() -> list[tuple[str, dict[str, Any]]]:
    """100 (line, expectation) pairs; an expectation has 'kind' (error) or 'total'."""
    rnd = random.Random(7)
    items: list[tuple[str, dict[str, Any]]] = [(line, {"kind": kind}) for line, kind in _bad_lines()]
    n = 0
    for hand in UNDER_MINIMUM:
        rec = _record(hand, f"u{n}")
        items.append((json.dumps(rec), {"kind": "under_minimum", "id": rec["id"], "total": fanrules.score(rec).total}))
        n += 1
    for hand in NOT_A_WIN:
        rec = _record(hand, f"n{n}")
        items.append((json.dumps(rec), {"kind": "not_a_win", "id": rec["id"]}))
        n += 1
    lines = [line for line in corpus_path("public.jsonl").read_text(encoding="utf-8").splitlines() if line.strip()]
    for line in rnd.sample(lines, 5):
        case = json.loads(line)
        exp = case["expected"]
        if "error" in exp and "total" not in exp:
            items.append((line, {"kind": exp["error"], "id": case["id"]}))
        else:
            items.append((line, {"total": exp["total"], "id": case["id"],
                                 **({"kind": exp["error"]} if "error" in exp else {})}))
    while len(items) < 100:
        hand, context, total = GOOD[len(items) % len(GOOD)]
        rec = _record(hand, f"g{len(items)}", **context)
        rec["flowers"] = rnd.randint(0, 8)
        rec["notes"] = "extra fields are ignored"
        expected_total = fanrules.score(rec).total
        if total is not None:
            assert expected_total == total
        items.append((json.dumps(rec, ensure_ascii=False), {"total": expected_total, "id": rec["id"], "flowers": rec["flowers"]}))
    rnd.shuffle(items)
    assert len(items) == 100
    return items


def _batch_cmd() -> list[str]:
    return [sys.executable, "-m", "fanrules", "batch"]


def test_hundred_mixed_lines() -> None:
    items = _build_batch()
    stdin = "".join(line + "\n" for line, _ in items)
    proc = subprocess.run(_batch_cmd(), input=stdin, capture_output=True, text=True, timeout=120, cwd=REPO)
    assert proc.returncode == batch_exit(proc.stdout), proc.stderr
    out = proc.stdout.splitlines()
    assert len(out) == 100
    for i, ((line, exp), text) in enumerate(zip(items, out)):
        got = json.loads(text)
        where = f"line {i + 1}: {line[:120]!r} -> {text[:200]}"
        if "id" in exp:
            assert got.get("id") == exp["id"], where
        if "kind" in exp:
            assert got.get("error", {}).get("kind") == exp["kind"], where
            assert got["error"]["message"], where
        else:
            assert "error" not in got, where
        if "total" in exp:
            assert got["total"] == exp["total"], where
            assert got["total"] == sum(f["points"] * f["count"] for f in got["fans"] if f["id"] != 81), where
        if "flowers" in exp:
            assert got["total_with_flowers"] == got["total"] + exp["flowers"], where


def _read_line(proc: subprocess.Popen, sel: selectors.BaseSelector, timeout: float) -> str:
    """One line of the subprocess's stdout, waiting at most ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    buf = b""
    fd = proc.stdout.fileno()  # type: ignore[union-attr]
    while not buf.endswith(b"\n"):
        left = deadline - time.monotonic()
        if left <= 0 or not sel.select(left):
            pytest.fail(f"no complete output line within {timeout} s (got {buf!r}): output is not flushed per line")
        chunk = os.read(fd, 1)
        if not chunk:
            pytest.fail(f"the batch ended early (got {buf!r})")
        buf += chunk
    return buf.decode("utf-8")


def test_interrupted_batch_keeps_completed_lines() -> None:
    lines = [json.dumps(_record(h, f"k{i}", **c)) for i, (h, c, _) in enumerate(GOOD[:3])] + ["not json"]
    proc = subprocess.Popen(_batch_cmd(), stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, cwd=REPO)
    sel = selectors.DefaultSelector()
    sel.register(proc.stdout, selectors.EVENT_READ)  # type: ignore[arg-type]
    got = []
    try:
        for line in lines:  # stdin stays open: each answer must arrive before the batch ends
            proc.stdin.write(line.encode() + b"\n")  # type: ignore[union-attr]
            proc.stdin.flush()  # type: ignore[union-attr]
            got.append(json.loads(_read_line(proc, sel, 60)))
        proc.stdin.write(b'{"id": "half", "hand": ["1m"')  # type: ignore[union-attr]  # an unfinished line
        proc.stdin.flush()  # type: ignore[union-attr]
    finally:
        proc.kill()
        proc.wait(timeout=30)
        sel.close()
    assert [g.get("id") for g in got] == ["k0", "k1", "k2", None]
    assert got[0]["total"] == 106 and got[1]["total"] == 88
    assert got[3]["error"]["kind"] == "invalid"
