"""Records PyMahjongGB's answers on the labelled corpus hands it can be asked about, one JSON line each
(id, the C++ arguments, its verbose answer or its error message), into tests/data/botzone_bots/
mahjonggb_public.jsonl, so that tests/test_botzone_calculator.py compares fanrules with the C++ where
PyMahjongGB is not installed. Run: python tests/botzone_record.py (needs pip install pymahjonggb)."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from fanrules.botzone.calculator import record_args

ROOT = Path(__file__).resolve().parent
CORPUS = ROOT / "data" / "public.jsonl"
RECORDED = ROOT / "data" / "botzone_bots" / "mahjonggb_public.jsonl"


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


def main() -> None:
    from MahjongGB import MahjongFanCalculator
    lines = [json.dumps({"id": i, "args": a, "cpp": answer(MahjongFanCalculator, a)}, ensure_ascii=False) for i, a in corpus_args()]
    RECORDED.write_text("\n".join(lines) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
