"""Every built-in player of the roster (game/players.py) is named where a user picks one: ``fanrules bot
--help``, ``fanrules simulate --help`` and docs/interop.md's ``fanrules bot`` section."""
from __future__ import annotations

from pathlib import Path

import pytest
from fanrules.game.players import PLAYERS
from fanrules.tools.cli import main

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize("command", ["bot", "simulate"])
def test_the_help_names_every_built_in_player(command: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main([command, "--help"])
    shown = " ".join(capsys.readouterr().out.split())
    assert all(f"{name}," in shown or f"{name};" in shown for name in PLAYERS), shown


def test_the_interop_guide_names_every_built_in_player() -> None:
    text = (ROOT / "docs" / "interop.md").read_text(encoding="utf-8")
    section = text.split("### `fanrules bot`")[1].split("###")[0]
    assert all(f"`{name}`" in section for name in PLAYERS), section
