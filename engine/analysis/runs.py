"""The use tables (parts.py) of every run of ranks a hand can hold, worked out once and shipped as
``runs.json`` beside this module, so that a process's first hands look their suits up instead of
running the dynamic programming of ``parts._suit_table`` for each new pattern (the largest cost of a
first pass over unseen hands).

A run is the counts of consecutive ranks of a number suit whose first and last are held and that has no
two empty ranks in a row (parts.py splits a suit into runs); there are 140,920 of them of at most
``MOST_TILES`` tiles, but only 106 distinct tables. The file holds those tables (ten hex digits each,
every value at most 14) and, for each run length L from 1 to 9, one byte per base-5 number of L counts:
the index of its table, or 255 for counts that are no run (zlib-compressed, then base64). A length's
bytes are decompressed the first time a run of that length is looked up.

Regenerate the file (a few minutes) with ``python -m fanrules.analysis.parts > engine/analysis/runs.json``;
tests/test_suit_tables.py checks it against ``parts._run_table``."""
from __future__ import annotations

import base64
import json
import zlib
from collections.abc import Callable, Iterator
from functools import lru_cache
from itertools import product
from pathlib import Path

#: The most tiles of a run the file knows (a hand holds 14 concealed tiles at most).
MOST_TILES = 14
#: The longest run: a whole suit.
LONGEST = 9
#: The byte of counts that are no run.
NO_RUN = 255

Table = tuple[int, ...]


def runs(length: int) -> Iterator[tuple[int, ...]]:
    """Every run of ``length`` ranks of at most MOST_TILES tiles, by increasing base-5 number."""
    for reversed_counts in product(range(5), repeat=length):
        counts = reversed_counts[::-1]  # product varies its last item fastest: the base-5 number's lowest digit
        if counts[0] and counts[-1] and sum(counts) <= MOST_TILES \
                and all(counts[i] or counts[i + 1] for i in range(length - 1)):
            yield counts


def number(run: tuple[int, ...]) -> int:
    """The base-5 number of a run's counts, its first rank the lowest digit."""
    n = 0
    for c in reversed(run):
        n = n * 5 + c
    return n


def work_out(table_of: Callable[[tuple[int, ...]], Table]) -> dict[str, object]:
    """The file's content, from ``table_of`` a run (``parts._run_table``)."""
    found = {run: table_of(run) for length in range(1, LONGEST + 1) for run in runs(length)}
    tables = sorted(set(found.values()))
    index = {t: i for i, t in enumerate(tables)}
    blobs = []
    for length in range(1, LONGEST + 1):
        data = bytearray([NO_RUN]) * 5 ** length
        for run in runs(length):
            data[number(run)] = index[found[run]]
        blobs.append(base64.b64encode(zlib.compress(bytes(data), 9)).decode("ascii"))
    return {"tables": "".join("".join(f"{v:x}" for v in t) for t in tables), "runs": blobs}


@lru_cache(maxsize=1)
def _shipped() -> tuple[list[Table], list[str]]:
    """The tables and the encoded bytes of each length, read from runs.json once."""
    data = json.loads(Path(__file__).with_name("runs.json").read_text(encoding="ascii"))
    text: str = data["tables"]
    tables = [tuple(int(ch, 16) for ch in text[i:i + 10]) for i in range(0, len(text), 10)]
    return tables, data["runs"]


@lru_cache(maxsize=LONGEST)
def _length(length: int) -> bytes:
    """The bytes of runs of ``length`` ranks, decompressed once."""
    return zlib.decompress(base64.b64decode(_shipped()[1][length - 1]))


def shipped_table(run: tuple[int, ...]) -> Table | None:
    """The shipped use table of a run, or None when the file does not know it (more tiles than it holds)."""
    if len(run) > LONGEST or sum(run) > MOST_TILES or max(run) > 4:
        return None
    at = _length(len(run))[number(run)]
    return None if at == NO_RUN else _shipped()[0][at]
