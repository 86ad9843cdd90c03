"""Instructions per line of the batch path, stage by stage, counted by callgrind (deterministic, unlike
wall time on a shared machine): reading the JSON of a line, making its Hand, scoring it, writing the
answer; and the whole ``answer_line`` beside scoring alone, whose ratio is the steady twin of
bench/bench.py's "batch --jobs 1 / in-process scoring" row (that row also pays the process start-up);
then the same for ``--brief`` answers (the contract's fields, no explanation); then ``batch.run`` over
a file of the lines to a binary output, as ``fanrules batch --jobs 1`` (reading the lines, writing
the answers, the loop between).

Run: python bench/callgrind_batch.py    (about a minute; needs valgrind)

The lines are the corpus's complete hands, as in the batch file of bench/bench.py; every stage runs
once to warm the memos, then once counted, each in its own ``itertools`` iterator (as in
bench/callgrind_scoring.py)."""
from __future__ import annotations

import os
import sys
import tempfile
import time
from collections import deque
from collections.abc import Callable, Iterable
from itertools import accumulate, dropwhile, filterfalse, islice, pairwise, starmap, takewhile, zip_longest

from common import callgrind, clear_memos, complete_lines

import fanrules
from fanrules.core.jsonio import hand_from_record
from fanrules.tools.batch import TEXT, answer_line, parse_line, run

#: Each counted pass: its label and the C function of the iterator that runs it.
PASSES = (("read the JSON", "starmap_next"), ("make the Hand", "filterfalse_next"), ("score", "takewhile_next"),
          ("write the answer", "dropwhile_next"), ("answer_line, whole", "accumulate_next"),
          ("write the brief answer (--brief)", "islice_next"), ("answer_line --brief, whole", "pairwise_next"),
          ("batch.run from a file, per line", "zip_longest_next"))


def passes() -> int:
    """The counted passes; returns the number of lines."""
    lines = [line for line, _ in complete_lines()]
    scorer = fanrules.Scorer.of()
    records = [parse_line(line, 1) for line in lines]
    hands = [hand_from_record(r) for r in records]
    results = [scorer.score(h) for h in hands]
    for line in lines:  # warm: memos of readings, rules and answer pieces
        answer_line(line, scorer, 1, TEXT)
    batch_file = tempfile.NamedTemporaryFile("wb", suffix=".jsonl", delete=False)
    with batch_file:
        batch_file.write("".join(line if line.endswith("\n") else line + "\n" for line in lines).encode("utf-8"))

    def run_file() -> int:
        with open(batch_file.name, "rb") as inp, open(os.devnull, "wb") as out:
            return run(inp, out, scorer)
    run_file()  # warm: the pieces of binary answers
    drivers: list[Callable[[], Iterable[object]]] = [
        lambda: starmap(parse_line, ((line, 1) for line in lines)),
        lambda: filterfalse(lambda r: hand_from_record(r) and False, records),
        lambda: takewhile(lambda h: scorer.score(h) or True, hands),
        lambda: dropwhile(lambda r: TEXT.line(r, "id") or True, results),
        lambda: accumulate(lines, lambda _, line: answer_line(line, scorer, 1, TEXT), initial=None),
        lambda: islice((TEXT.brief(r, "id") for r in results), None),
        lambda: pairwise(answer_line(line, scorer, 1, TEXT, False) for line in lines),
        lambda: zip_longest((run_file() for _ in range(1)), ()),
    ]
    for i, drive in enumerate(drivers):
        clear_memos("fanrules.scoring.facts")
        if i == 3:
            for r in results:  # the explanations, worked out once per result, are counted in "score" + "write"
                r.__dict__.pop("not_counted", None)
        deque(drive(), maxlen=0)
    os.unlink(batch_file.name)
    return len(lines)


def table() -> None:
    stdout, found = callgrind(__file__, ["--passes"], [name for _, name in PASSES])
    n = int(stdout.split()[-1])
    counts = {label: found[name] / n for label, name in PASSES}
    print(f"Instructions per line of the batch path (callgrind, {time.strftime('%Y-%m-%d %H:%M')}, {n} corpus lines):\n")
    print("| stage | instructions per line |\n|---|---|")
    for label, _ in PASSES:
        print(f"| {label} | {counts[label]:,.0f} |")
    print(f"| scoring / whole answer_line (the in-process ratio) | {counts['score'] / counts['answer_line, whole']:.2f} |")
    print(f"| the same with --brief | {counts['score'] / counts['answer_line --brief, whole']:.2f} |")
    print(f"| scoring / batch.run per line (the process's loop, start-up and first pass aside) | "
          f"{counts['score'] / counts['batch.run from a file, per line']:.2f} |")


if __name__ == "__main__":
    if sys.argv[1:] == ["--passes"]:
        print(passes())
    else:
        table()
