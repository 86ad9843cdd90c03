"""Who sits at a simulated table: ``--players`` names one player for all four seats or four, each a
built-in name (``players.PLAYERS``) or ``module:Name``, an importable callable that makes a player
from the rules and a seed (``Name(rules, seed)``), from the rules (``Name(rules)``) or from nothing
(a class whose instances are players). A duplicate game plays each wall four times with the players
rotated one seat each time."""
from __future__ import annotations

import importlib
import inspect
from collections.abc import Callable, Sequence
from typing import Any

from ..core.errors import FanrulesError
from .seat import SEAT_COUNT
from .winning import GameRules

#: Makes a player from the rules and a seed.
Maker = Callable[[GameRules, int | str], Callable[..., Any]]
#: Makes the four players of one game from the rules and the game's seed.
PlayerFactory = Callable[[GameRules, int], Sequence[Callable[..., Any]]]


class RosterError(FanrulesError, ValueError):
    """A ``--players`` entry that names no player: one line, said to the person."""


def roster(spec: str) -> tuple[str, ...]:
    """The four player names of ``spec`` (one name for all four seats, or four, comma separated)."""
    names = tuple(n.strip() for n in spec.split(","))
    if len(names) == 1:
        names *= SEAT_COUNT
    if len(names) != SEAT_COUNT or not all(names):
        raise RosterError(f"--players takes one player or four, comma separated, not {spec!r}")
    return names


def _imported(name: str) -> Maker:
    module_name, _, attr = name.partition(":")
    try:
        obj = getattr(importlib.import_module(module_name), attr)
    except (ImportError, AttributeError) as err:
        raise RosterError(f"player {name!r}: {err}") from None
    if not callable(obj):
        raise RosterError(f"player {name!r} is not callable")
    try:
        wanted = len([p for p in inspect.signature(obj).parameters.values()
                      if p.default is p.empty and p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)])
    except (TypeError, ValueError):
        wanted = 2
    if wanted == 0:
        return lambda rules, seed: obj()
    if wanted == 1:
        return lambda rules, seed: obj(rules)
    return lambda rules, seed: obj(rules, seed)


def maker(name: str) -> Maker:
    """The maker of player ``name``: built in, or ``module:Name``; RosterError for any other."""
    from .players import PLAYERS
    if name in PLAYERS:
        return PLAYERS[name]
    if ":" in name:
        return _imported(name)
    raise RosterError(f"unknown player {name!r}: use one of {', '.join(PLAYERS)}, or module:Name")


def seated(rotation: int = 0) -> tuple[int, ...]:
    """For each seat, the index among the four players named of who sits there in ``rotation`` (0..3)
    of a wall."""
    return tuple((seat + rotation) % SEAT_COUNT for seat in range(SEAT_COUNT))


def players_of(spec: str, rotation: int = 0) -> PlayerFactory:
    """The factory of the players ``spec`` names, seated as ``rotation`` says, each seeded per game
    and seat (``seed/seat``)."""
    names = roster(spec)
    makers = [maker(n) for n in names]
    order = seated(rotation)
    return lambda rules, seed: [makers[order[p]](rules, f"{seed}/{p}") for p in range(SEAT_COUNT)]
