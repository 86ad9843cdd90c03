"""Whether a fast JSON library would lift ``batch --jobs 1`` past 0.6 of in-process scoring: the batch's
rate over in-process scoring of the same hands, the share of decoding the lines with the standard
library, and the same with ``orjson`` and ``msgspec`` where installed (neither is a dependency).

Run: python bench/bench_batch_json.py [--runs N]

The hands are the corpus's lines that score (a line that fails is answered by an error, cheaper than a
score). Each figure is the least CPU time of ``--runs`` passes in this process, after one pass of each.
The estimate replaces the batch's decoding time by the library's; the answers are written by
scoring/result_text.py, not by a JSON library, so only decoding could change."""
from __future__ import annotations

import argparse
import io
import json
import sys
import time
from collections.abc import Callable
from importlib import import_module

from common import CORPUS
from fanrules.core.jsonio import hand_from_record
from fanrules.ruleset.loader import load_ruleset
from fanrules.scoring import Scorer
from fanrules.tools import batch


#: Issue 38's target for ``batch --jobs 1``, as a fraction of in-process scoring's rate.
TARGET = 0.6


def least_cpu(work: Callable[[], object], runs: int) -> float:
    """The least CPU seconds of ``runs`` passes of ``work``, after one outside the timing."""
    work()
    best = float("inf")
    for _ in range(runs):
        start = time.process_time()
        work()
        best = min(best, time.process_time() - start)
    return best


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args(argv)
    scorer = Scorer(load_ruleset("mcr"))

    def scores(line: str) -> bool:
        try:
            scorer.score(hand_from_record(json.loads(line)))
        except Exception:  # noqa: BLE001 - only lines that score are timed
            return False
        return True

    lines = [line for line in CORPUS.read_text(encoding="utf-8").splitlines() if scores(line)]
    data = "\n".join(lines) + "\n"
    hands = [hand_from_record(json.loads(line)) for line in lines]
    whole = least_cpu(lambda: batch.run(io.StringIO(data), io.StringIO(), scorer, jobs=1), args.runs)
    inside = least_cpu(lambda: [scorer.score(h) for h in hands], args.runs)
    stdlib = least_cpu(lambda: [batch.parse_line(line, 1) for line in lines], args.runs)
    print(f"{len(lines)} lines: batch --jobs 1 {whole:.3f} s, in-process scoring {inside:.3f} s")
    print(f"batch / in-process scoring (rates): {inside / whole:.2f} (target, issue 38: {TARGET}; {'met' if inside / whole >= TARGET else 'not met'})")
    print(f"decoding with the standard library: {stdlib:.3f} s ({stdlib / whole:.0%} of the batch)")
    for name, decode in (("orjson", "loads"), ("msgspec.json", "decode")):
        try:
            function = getattr(import_module(name), decode)
        except ImportError:
            print(f"{name}: not installed")
            continue
        fast = least_cpu(lambda f=function: [f(line) for line in lines], args.runs)
        print(f"{name}: decoding {fast:.3f} s; batch / in-process with it (estimate): {inside / (whole - stdlib + fast):.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
