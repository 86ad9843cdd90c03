"""The built-in players named in a command's help as the roster has them (``game.players.PLAYERS``),
read only when the help is shown: building the parser does not import the game."""
from __future__ import annotations

import argparse


class BuiltInPlayers:
    """The built-in players' names, comma separated, as ``str`` gives them."""

    def __str__(self) -> str:
        from ..game.players import PLAYERS
        return ", ".join(PLAYERS)


def name_players(action: argparse.Action) -> argparse.Action:
    """``action``, whose help may say ``%(players)s`` for the built-in players."""
    action.players = BuiltInPlayers()  # type: ignore[attr-defined]
    return action
