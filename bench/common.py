"""What the benchmark scripts share: the corpus hands and median timing."""
from __future__ import annotations

import json
import statistics
import time
from collections.abc import Callable
from pathlib import Path

from fanrules.core.hand import Hand, HandError
from fanrules.core.jsonio import hand_from_record
from fanrules.analysis.readings import readings

CORPUS = Path(__file__).resolve().parents[1].parent / "shared" / "corpus" / "public.jsonl"
RUNS = 5


def complete_hands(path: Path = CORPUS) -> list[Hand]:
    """Every valid hand of a corpus file that has at least one reading."""
    hands = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            try:
                hand = hand_from_record(json.loads(line))
            except HandError:
                continue
            if readings(hand):
                hands.append(hand)
    return hands


def median_seconds(work: Callable[[], object], runs: int = RUNS) -> float:
    """The median wall time of ``runs`` calls of ``work``."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return statistics.median(times)
