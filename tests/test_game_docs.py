"""docs/game.md: its Python examples run, and its table names every key of the procedure section."""
from __future__ import annotations

import re
from pathlib import Path

from fanrules.ruleset.procedure_keys import PROCEDURE

DOC = (Path(__file__).resolve().parents[1] / "docs" / "game.md").read_text(encoding="utf-8")


def test_the_python_examples_run(capsys) -> None:  # type: ignore[no-untyped-def]
    blocks = re.findall(r"```python\n(.*?)```", DOC, re.DOTALL)
    assert len(blocks) == 2
    for block in blocks:
        exec(compile(block, "docs/game.md", "exec"), {})
    assert capsys.readouterr().out.count("\n") == 2


def test_every_procedure_key_is_documented() -> None:
    assert PROCEDURE.keys is not None
    for name, section in PROCEDURE.keys.items():
        for key in section.keys or [None]:
            assert (f"`{name}.{key}`" if key else f"`{name}`") in DOC, (name, key)
