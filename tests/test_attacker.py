"""The attacker (game/attacker.py): in the roster beside the calibrated expert, plays whole hands, and
differs from the expert where it was made to: it folds only when it cannot win in time, never for a
threat, weighs a ready hand by the live copies of its scoring waits, and a hand one from ready by the
draws that make it ready to win (checked against a brute force through the public API)."""
from __future__ import annotations

import fanrules
import pytest
from fanrules.core.context import Context
from fanrules.core.hand import Meld, MeldKind
from fanrules.core.tiles import tile_code
from fanrules.game import Table, greedy_player, observe, play
from fanrules.game.actions import Phase
from fanrules.game.attacker import SELF_DRAWN_ONLY, AttackerPlayer, attacker_player, near
from fanrules.game.defence import TableView
from fanrules.game.expert import ExpertPlayer
from fanrules.game.players import PLAYERS
from fanrules.game.winning import game_rules

RULES = game_rules("mcr")


def test_the_attacker_is_a_built_in_player_that_plays_whole_hands() -> None:
    assert "attacker" in PLAYERS and "expert" in PLAYERS
    for seed in range(4):
        first = play(Table(RULES, seed), [attacker_player(RULES) for _ in range(4)])
        again = play(Table(RULES, seed), [PLAYERS["attacker"](RULES, seed) for _ in range(4)])
        assert first.over and [s.discards for s in first.seats] == [s.discards for s in again.seats]


def _threatened_late() -> tuple[TableView, int]:
    """A view late in a wall where an opponent threatens (greedy players played up to there)."""
    for seed in range(50):
        table = Table(RULES, seed)
        players = [greedy_player(RULES) for _ in range(4)]
        while not table.over:
            player = table.to_act()[0]
            legal = table.legal(player)
            if table.phase == Phase.TURN and 12 <= table.wall_left <= 24:
                view = TableView.of(observe(table, player))
                if view.most is not None and view.most.level >= 0.5:
                    return view, table.wall_left
            table.step(legal[0] if len(legal) == 1 else players[player](observe(table, player)))
    raise AssertionError("no threatened late turn in 50 walls")


def test_the_attacker_folds_only_when_it_cannot_win_in_time() -> None:
    view, left = _threatened_late()
    assert ExpertPlayer.folds(2, view, left)  # the expert gives up a hand two from ready late against a threat
    assert not AttackerPlayer.folds(2, view, left)
    assert AttackerPlayer.folds(3, view, 8) and ExpertPlayer.folds(3, view, 8)  # 4 draws needed, 2 left


def _one_from_ready_hands(count: int, chow: bool) -> list[tuple[int, ...]]:
    """Hands one from ready: four random sets and a pair (the first set a chow, with ``chow`` declared
    and left out of the hand), two concealed tiles changed for random ones and one dropped."""
    import random

    found = []
    for seed in range(4000):
        rng = random.Random(seed)
        tiles: list[int] = []
        for _ in range(3 if chow else 4):
            start = rng.choice([t for t in range(27) if t % 9 <= 6])
            tiles += [start, start + 1, start + 2] if rng.random() < 0.6 else [rng.randrange(34)] * 3
        tiles += [rng.randrange(34)] * 2
        for i in rng.sample(range(len(tiles)), 2):
            tiles[i] = rng.randrange(34)
        tiles.pop(rng.randrange(len(tiles)))
        hand = tuple(sorted(tiles))
        if max(hand.count(t) + (chow and t < 3) for t in hand) <= 4 and fanrules.shanten(_text(hand, chow)).shanten == 1:
            found.append(hand)
            if len(found) == count:
                return found
    raise AssertionError("too few hands one from ready")


def _text(tiles: tuple[int, ...] | list[int], chow: bool) -> str:
    return ("[123m,1]" if chow else "") + "".join(tile_code(t) for t in tiles)


def _ready_to_win_after(tiles: tuple[int, ...], chow: bool, draw: int, live: tuple[int, ...]) -> float:
    """By the public API alone: 1 when some discard (other than the draw) leaves a ready hand with a live
    wait that scores at least 8 on a discard, else SELF_DRAWN_ONLY when one scores 8 self-drawn, else 0."""
    held = sorted(tiles + (draw,))
    found = 0.0
    for d in sorted(set(held) - {draw}):
        rest = list(held)
        rest.remove(d)
        if fanrules.shanten(_text(rest, chow)).shanten != 0:
            continue
        waits = [w for w in fanrules.waits(_text(rest, chow), seat_wind="E", prevalent_wind="E") if live[w.tile]]
        if any(isinstance(w.discard, fanrules.Result) and w.discard.total >= 8 for w in waits):
            return 1.0
        if any(isinstance(w.self_drawn, fanrules.Result) and w.self_drawn.total >= 8 for w in waits):
            found = SELF_DRAWN_ONLY
    return found


@pytest.mark.parametrize("chow", [False, True])
def test_the_look_ahead_counts_the_draws_that_make_a_hand_ready_to_win(chow: bool) -> None:
    """Concealed, a hand one from ready is often ready to win by self-draw only (counted SELF_DRAWN_ONLY);
    with a chow declared, often not at all (then weighed as two from ready)."""
    player = attacker_player(RULES)
    ctx = Context.of({"seat_wind": "E", "prevalent_wind": "E"})
    melds = (Meld(MeldKind.CHOW, (0, 1, 2), "left"),) if chow else ()
    seen = set()
    for tiles in _one_from_ready_hands(10, chow):
        live = tuple(4 - tiles.count(t) - (chow and t < 3) for t in range(34))
        view = TableView(live, (), ((), (), (), ()))
        weights = [_ready_to_win_after(tiles, chow, u, live) if live[u] else 0.0 for u in range(34)]
        expected = sum(live[u] * weights[u] for u in range(34))
        assert player.ahead(tiles, melds, list(range(34)), view, ctx) == pytest.approx(expected)
        assert player.weigh(tiles, melds, view, ctx).distance == (1 if expected else 2)  # else as far as two from ready
        seen.update(w for w, c in zip(weights, live) if c)
    assert (SELF_DRAWN_ONLY in seen) if not chow else (0.0 in seen and 1.0 in seen)


def test_near_is_the_held_kinds_and_the_suited_ranks_within_two() -> None:
    assert near((0, 13, 27)) == [0, 1, 2, 11, 12, 13, 14, 15, 27]  # 1m: 1-3m; 5p: 3-7p; E alone
    assert near((8,)) == [6, 7, 8]  # no rank of another suit
