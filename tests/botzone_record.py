"""Records PyMahjongGB's answers, one JSON line each (the C++ arguments, its verbose answer or its error
message), so that tests/test_botzone_calculator.py compares fanrules with the C++ where PyMahjongGB is
not installed: on the labelled corpus hands it can be asked about (with their id) into tests/data/
botzone_bots/mahjonggb_public.jsonl, and on the hands of tests/botzone_hands.py (seed GENERATED_SEED,
GENERATED_COUNT hands) into tests/data/botzone_bots/mahjonggb_generated.jsonl.gz.
Run: python tests/botzone_record.py (needs pip install pymahjonggb)."""
from __future__ import annotations

import gzip
import json
import os
from pathlib import Path
from typing import Any

from fanrules.botzone.calculator import record_args

ROOT = Path(__file__).resolve().parent
CORPUS = ROOT / "data" / "public.jsonl"
RECORDED = ROOT / "data" / "botzone_bots" / "mahjonggb_public.jsonl"
GENERATED = ROOT / "data" / "botzone_bots" / "mahjonggb_generated.jsonl.gz"
GENERATED_SEED = 2026
GENERATED_COUNT = 24000


def corpus_args() -> list[tuple[str, tuple[Any, ...]]]:
    """(id, C++ arguments) of every corpus record with a winning tile whose tiles have Botzone codes."""
    out = []
    for line in CORPUS.read_text(encoding="utf-8").splitlines():
        record = json.loads(line)
        try:
            out.append((record["id"], record_args(record)))
        except (KeyError, ValueError):  # no winning tile, or a tile code the corpus uses to test refusals
            continue
    return out


def answer(function: Any, args: tuple[Any, ...], **options: Any) -> Any:
    """The verbose answer as lists, or {"error": message}."""
    try:
        return [list(fan) for fan in function(*args, verbose=True, **options)]
    except TypeError as err:
        return {"error": str(err).split(":")[0]}


def generated() -> list[tuple[tuple[Any, ...], Any]]:
    """(C++ arguments, recorded answer) of each recorded generated hand."""
    with gzip.open(GENERATED, "rt", encoding="utf-8") as lines:
        return [((tuple(map(tuple, r[0])), tuple(r[1]), *r[2:-1]), r[-1]) for r in map(json.loads, lines)]


def main() -> None:
    from botzone_hands import hands
    from MahjongGB import MahjongFanCalculator
    lines = [json.dumps({"id": i, "args": a, "cpp": answer(MahjongFanCalculator, a)}, ensure_ascii=False) for i, a in corpus_args()]
    RECORDED.write_text("\n".join(lines) + "\n", encoding="utf-8")
    rows = [json.dumps([*a, answer(MahjongFanCalculator, a)], ensure_ascii=False, separators=(",", ":"))
            for a in hands(GENERATED_SEED, GENERATED_COUNT)]
    temp = GENERATED.with_name(GENERATED.name + ".part")
    with gzip.GzipFile(temp, "wb", mtime=0) as out:
        out.write(("\n".join(rows) + "\n").encode("utf-8"))
    os.replace(temp, GENERATED)


if __name__ == "__main__":
    main()
