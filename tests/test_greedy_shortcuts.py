"""The greedy player's shortcuts choose as the plain rule it states: every discard's shanten worked
out afresh, every ready discard's waits scored, the least (shanten, -scoring waits, isolation, tile)
taken. A reference player that does just that plays the same games, event for event, as the built-in
greedy and shanten players, which skip what cannot change the choice (a lone ready discard's waits, a
ready discard whose waits could not beat the best, the discards past the first that reaches the 14
tiles' own shanten, their waits found once)."""
from __future__ import annotations

from fanrules.analysis.incremental import Tracked
from fanrules.analysis.shanten import shanten
from fanrules.analysis.waits import winning_tiles
from fanrules.core.hand import Meld
from fanrules.game import Table, game_rules
from fanrules.game.observation import Observation
from fanrules.game.plan import counts_of, touching
from fanrules.game.players import GreedyPlayer, ShantenPlayer
from fanrules.game.simulate import game_seed, play
from fanrules.game.weighed import count_scoring


class Reference(GreedyPlayer):
    """The greedy rule with no shortcut: everything worked out for every discard."""

    def _best_discard(self, tiles: list[int], melds: tuple[Meld, ...], obs: Observation,
                      hand: Tracked | None = None, weigh_one: bool = True) -> tuple[int, int, int]:
        counts = counts_of(tiles)
        keys = []
        for t in sorted(set(tiles)):
            rest = list(tiles)
            rest.remove(t)
            s = shanten(rest, len(melds))
            good = self._scored(rest, melds, obs) if s == 0 and self.weigh_points else 0
            keys.append((s, -good, touching(t, counts), t))
        s, bad_good, _, tile = min(keys)
        return s, bad_good, tile

    def _scored(self, rest: list[int], melds: tuple[Meld, ...], obs: Observation) -> int:
        found = count_scoring(self.rules, (tuple(rest), melds, self._context(obs)), winning_tiles(rest, len(melds)))
        assert found is not None  # nothing to beat: every wait scored
        return found


class ReferenceShanten(Reference):
    weigh_points = False


def _events(player: type[GreedyPlayer], seed: int, games: int) -> list[list[dict[str, object]]]:
    rules = game_rules("mcr")
    return [play(Table(rules, game_seed(seed, i)), [player(rules) for _ in range(4)]).events for i in range(games)]


def test_the_greedy_player_chooses_as_the_plain_rule() -> None:
    assert _events(GreedyPlayer, 5, 12) == _events(Reference, 5, 12)


def test_the_shanten_player_chooses_as_the_plain_rule() -> None:
    assert _events(ShantenPlayer, 5, 6) == _events(ReferenceShanten, 5, 6)
