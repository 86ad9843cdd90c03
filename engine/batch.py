"""The JSONL contract: one input object per line in, one result object per line out."""
from __future__ import annotations

import json
from typing import IO, Any, Iterable, Iterator

from .hand import HandError
from .jsonio import hand_from_record
from .scoring import Scorer

MAX_LINE_CHARS = 100_000


def answer(line: str, scorer: Scorer, number: int) -> dict[str, Any]:
    """The output object for one input line; never raises for bad input."""
    record: Any = None
    try:
        if len(line) > MAX_LINE_CHARS:
            raise HandError(f"line {number} is longer than {MAX_LINE_CHARS} characters")
        try:
            record = json.loads(line)
        except json.JSONDecodeError as err:
            raise HandError(f"line {number} is not valid JSON: {err.msg} at column {err.colno}") from None
        result = scorer.score(hand_from_record(record))
        return result.to_json(_id(record))
    except HandError as err:
        return {"id": _id(record), "error": {"kind": err.kind, "message": str(err)}}
    except RecursionError:
        return {"id": _id(record), "error": {"kind": "invalid", "message": f"line {number} nests too deeply"}}


def _id(record: Any) -> Any:
    return record.get("id") if isinstance(record, dict) else None


def answers(lines: Iterable[str], scorer: Scorer) -> Iterator[dict[str, Any]]:
    """Answers in input order; blank lines are skipped."""
    for number, line in enumerate(lines, 1):
        if line.strip():
            yield answer(line, scorer, number)


def run(inp: IO[str], out: IO[str], scorer: Scorer) -> int:
    """Stream a batch, flushing each line; returns the number of lines answered."""
    n = 0
    for obj in answers(inp, scorer):
        out.write(json.dumps(obj, ensure_ascii=False) + "\n")
        out.flush()
        n += 1
    return n
