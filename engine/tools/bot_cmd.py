"""``fanrules bot --player NAME [--rules R]``: a fanrules player as a Botzone bot on stdin/stdout
(fanrules.botzone.bot; docs/interop.md)."""
from __future__ import annotations

import argparse
import sys
from typing import Any

from ..core.errors import CliError
from .roster_help import name_players


def register(sub: Any) -> None:
    p = sub.add_parser("bot", help="play as a Botzone bot on stdin/stdout (Botzone's Chinese Standard Mahjong protocol)")
    name_players(p.add_argument("--player", default="greedy", metavar="PLAYER",
                                help="a built-in player (%(players)s; default greedy) or module:Name (a player class or factory)"))
    p.add_argument("--rules", default="botzone", help="the rule set the player weighs wins by (default botzone)")
    p.add_argument("--seed", default="0", help="the seed of a random player")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from ..botzone.bot import make_player, serve
    from ..botzone.botside import BotSide, ProtocolError
    from ..game.winning import game_rules

    rules = game_rules(args.rules)
    try:
        player = make_player(args.player, rules, args.seed)
    except (ValueError, ImportError, AttributeError) as err:
        raise CliError(str(err)) from None
    try:
        serve(BotSide(rules, player), sys.stdin, sys.stdout)
    except (ProtocolError, ValueError) as err:
        raise CliError(f"bot: {err}") from None
    return 0
