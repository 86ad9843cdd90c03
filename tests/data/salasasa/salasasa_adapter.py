"""Salasasa, the guobiao heuristic bot of xelnagamiao/open_mahjong_unity (salasasa_ai/, MIT, SOURCE.md),
seated as a fanrules player: ``--players salasasa_adapter:Salasasa`` with this folder on PYTHONPATH
(tests and bench only; the package never imports it).

The adapter only translates. It builds Salasasa's decision context from the Observation (its tiles as
the bot numbers them: 11-19 characters, 21-29 dots, 31-39 bamboos, 41-44 east to north, 45 red, 46
white, 47 green dragon, as its scorer's sets say; its sets as ``s``/``k``/``g``/``G`` strings; the tiles
it has seen; the tiles left; the winds; its flowers; the rule set's minimum) and asks the bot's own
functions, as its server shell does (guobiao_heuristic_ai.py): a win whenever one is legal (the table
offers only wins that reach the minimum, which is what its ``should_accept_hu`` checks), else
``choose_closed_kan`` and ``choose_best_discard`` on its turn, ``choose_claim`` on a discard; a flower,
a draw or a kong it may not rob: the first legal action."""
from __future__ import annotations

import logging
import sys
from collections.abc import Sequence
from pathlib import Path

HERE = str(Path(__file__).resolve().parent)
if HERE not in sys.path:
    sys.path.insert(0, HERE)  # its modules import ``game_calculation`` as a top-level package
# its unused table-efficiency module warns at import that the ``mahjong`` package is missing: not needed here
logging.getLogger("salasasa_ai.smart_bot_logic").setLevel(logging.ERROR)

from fanrules.core.hand import Meld, MeldKind  # noqa: E402
from fanrules.core.tiles import WIND_TILES  # noqa: E402
from fanrules.game import Action, ActionKind, Observation, Phase  # noqa: E402
from fanrules.game.winning import GameRules  # noqa: E402
from salasasa_ai.guobiao_heuristic_logic import (  # noqa: E402
    HeuristicContext,
    choose_best_discard,
    choose_claim,
    choose_closed_kan,
    make_default_scorer,
)

KINDS = 34
_HONOURS = {27: 41, 28: 42, 29: 43, 30: 44, 31: 45, 32: 47, 33: 46}  # E S W N, C (red) F (green) P (white)


def theirs(tile: int) -> int:
    return _HONOURS[tile] if tile >= 27 else 11 + 10 * (tile // 9) + tile % 9


OURS = {theirs(t): t for t in range(KINDS)}
_SET_SIGN = {MeldKind.CHOW: "s", MeldKind.PUNG: "k", MeldKind.KONG: "g", MeldKind.CONCEALED_KONG: "G"}


def combination(meld: Meld) -> str:
    """A set as Salasasa writes it: its sign and its tile (a chow's middle one)."""
    return f"{_SET_SIGN[meld.kind]}{theirs(meld.tiles[1] if meld.kind is MeldKind.CHOW else meld.tiles[0])}"


def _chow_word(action: Action) -> str:
    """Which chow Salasasa calls it: the claimed tile the highest, the middle or the lowest of the run."""
    assert action.tile is not None
    return {2: "chi_left", 1: "chi_mid", 0: "chi_right"}[action.tiles.index(action.tile)]


class Salasasa:
    """A fanrules player deciding as Salasasa does."""

    def __init__(self, rules: GameRules, seed: int | str = 0) -> None:
        self.minimum = rules.procedure.minimum
        self.scorer = make_default_scorer()

    def _context(self, obs: Observation) -> HeuristicContext:
        me = obs.player
        hand = [theirs(t) for t in obs.hand if t < KINDS]
        visible: dict[int, int] = {}
        seen = [t for pool in obs.discards for t in pool] + [t for ms in obs.melds for m in ms for t in m.tiles]
        for t in [theirs(t) for t in seen if t < KINDS] + hand:
            visible[t] = visible.get(t, 0) + 1
        return HeuristicContext(hand=hand, combination_tiles=[combination(m) for m in obs.melds[me]], visible=visible,
                                wall_left=obs.wall_left, min_fan=self.minimum, round_wind=WIND_TILES.index(obs.prevalent_wind),
                                seat_wind=WIND_TILES.index(obs.seat_winds[me]), flower_count=obs.flowers[me],
                                scorer=self.scorer, fan_memo={})

    def __call__(self, obs: Observation) -> Action:
        legal = obs.legal
        for action in legal:
            if action.kind == ActionKind.WIN:
                return action
        if obs.phase == Phase.TURN and any(a.kind == ActionKind.DISCARD for a in legal):
            return self._turn(obs)
        if obs.phase == Phase.CLAIMS and obs.last_discard is not None:
            return self._claim(obs, obs.last_discard[1])
        return next((a for a in legal if a.kind == ActionKind.PASS), legal[0])

    def _turn(self, obs: Observation) -> Action:
        ctx = self._context(obs)
        kinds = {a.kind for a in obs.legal}
        best = choose_best_discard(ctx)
        kong = choose_closed_kan(ctx, allow_angang=ActionKind.CONCEALED_KONG in kinds, allow_jiagang=ActionKind.ADDED_KONG in kinds,
                                 baseline_discard=best)
        wanted: Sequence[tuple[ActionKind, int | None]] = [(ActionKind.DISCARD, best)]
        if kong is not None:
            wanted = [(ActionKind.CONCEALED_KONG if kong[0] == "angang" else ActionKind.ADDED_KONG, kong[1]), *wanted]
        for kind, tile in wanted:
            found = next((a for a in obs.legal if a.kind == kind and tile is not None and a.tile == OURS.get(tile)), None)
            if found is not None:
                return found
        return next(a for a in obs.legal if a.kind == ActionKind.DISCARD)

    def _claim(self, obs: Observation, tile: int) -> Action:
        words = {ActionKind.PUNG: "peng", ActionKind.KONG: "gang"}
        offered: dict[str, Action] = {}
        for action in obs.legal:
            if action.kind == ActionKind.CHOW:
                offered[_chow_word(action)] = action
            elif action.kind in words:
                offered[words[action.kind]] = action
        if not offered:
            return next(a for a in obs.legal if a.kind == ActionKind.PASS)
        choice = choose_claim(self._context(obs), [*offered, "pass"], theirs(tile))
        return offered.get(choice) or next(a for a in obs.legal if a.kind == ActionKind.PASS)
