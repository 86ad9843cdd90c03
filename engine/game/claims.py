"""The claim window opened by a discard (or by a kong another player may rob): who may claim what, the
answers so far, who is still to answer, the wins on offer, and the resolution by the procedure's
priority."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol

from ..core.tiles import FIRST_HONOUR
from .actions import CHOWS_ON, CLAIM_KIND, KONG_OF, PASS_OF, PUNG_OF, WIN_OF, Action, ActionKind
from .procedure import Procedure
from .seat import RELATIVE, SEAT_COUNT, Seat
from .winning import Win


class ClaimTable(Protocol):
    """What opening a window reads of the table (``game.table.Table``)."""

    proc: Procedure
    seats: list[Seat]
    order: tuple[int, ...]

    @property
    def wall_left(self) -> int: ...

    def next_of(self, player: int, k: int = 1) -> int: ...

    def relative(self, claimer: int, discarder: int) -> str: ...

    def claim_win(self, player: int, discarder: int, tile: int, robbing: bool, last: bool,
                  minimum: bool = True) -> Win | None: ...


@dataclass
class ClaimWindow:
    """The claims on ``tile`` given up by ``discarder``. ``kong`` is the kind of the kong being
    declared ("added", "concealed") when the window is the chance to rob it; ``last``: the discard
    came when the wall was empty. ``options`` holds each player who may claim (in turn order after
    the discarder) with their actions, ``wins`` the win each may declare."""

    discarder: int
    tile: int
    kong: str | None
    last: bool
    options: dict[int, list[Action]]
    wins: dict[int, Win]
    responses: dict[int, Action] = field(default_factory=dict)

    def to_answer(self) -> list[int]:
        """The players the window still waits for."""
        return [p for p in self.options if p not in self.responses]

    def answer(self, action: Action) -> bool:
        """Take ``action`` as its player's answer; whether every player has answered now."""
        self.responses[action.player] = action
        return len(self.responses) == len(self.options)

    def resolve(self, proc: Procedure) -> list[Win] | Action | None:
        """Every answer is in: the claims of the kind first in priority win out. The wins declared
        (several as the procedure says), or the set claimed, or None when everyone passed."""
        claims = [self.responses[q] for q in self.options if self.responses[q].kind != ActionKind.PASS]
        for kind in proc.priority:
            chosen = [a for a in claims if CLAIM_KIND[a.kind] == kind]
            if not chosen:
                continue
            if kind == "win":
                winners = chosen if proc.several_wins == "all" else chosen[:1]
                return [self.wins[a.player] for a in winners]
            return chosen[0]
        return None


def open_window(table: ClaimTable, discarder: int, tile: int, kong: str | None) -> ClaimWindow | None:
    """Each other player's options on ``tile`` (a discard, or the tile of a kong that may be robbed);
    None when no one may claim it. The players after the discarder and where each sees it sit come
    from the turn order once (``_FROM``); the actions are the ones made once (``actions.PUNG_OF``...):
    a window is opened at every discard."""
    proc = table.proc
    robbing = kong is not None
    remaining = table.wall_left
    last = not robbing and remaining <= 0
    options: dict[int, list[Action]] = {}
    wins: dict[int, Win] = {}
    melds_ok = not robbing and (remaining > 0 or proc.melds_on_last_discard)
    chows_from = proc.chow_from if tile < FIRST_HONOUR else ()
    order = table.order
    first = order.index(discarder)
    seats = table.seats
    for k in (1, 2, 3):
        q = order[(first + k) % SEAT_COUNT]
        seat = seats[q]
        acts: list[Action] = []
        if tile in seat.waits():
            win = table.claim_win(q, discarder, tile, robbing, last)
            if win is not None:
                wins[q] = win
                acts.append(WIN_OF[q])
        if melds_ok:
            counts = seat.counts
            n = counts[tile]
            if n >= 2:
                if n >= 3 and remaining > 0:
                    acts.append(KONG_OF[q][tile])
                acts.append(PUNG_OF[q][tile])
            if _FROM[k] in chows_from:
                acts += [chow for a, b, chow in CHOWS_ON[q][tile] if counts[a] and counts[b]]
        if acts:
            options[q] = [PASS_OF[q], *acts]
    # made only when someone may claim: most discards open no window
    return ClaimWindow(discarder, tile, kong, last, options, wins) if options else None


#: Where the k-th player after a discarder in turn order sees the discarder sit (``seat.RELATIVE``).
_FROM = {k: RELATIVE[-k % SEAT_COUNT] for k in (1, 2, 3)}
