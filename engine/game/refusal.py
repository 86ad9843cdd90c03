"""Why the table refuses an action, in one sentence."""
from __future__ import annotations

from .actions import Action, ActionKind, Phase
from .procedure import Procedure
from .winning import Win

WAITING_TO = {Phase.FLOWERS: "set a flower aside", Phase.DRAW: "draw", Phase.TURN: "play",
              Phase.CLAIMS: "answer the discard", Phase.ROB: "answer the kong"}


def why_illegal(action: Action, legal: list[Action], phase: Phase, waiting: list[int], win: Win | None,
                procedure: Procedure) -> str:
    """The message of the IllegalAction raised for ``action``: ``legal`` is what its player may do,
    ``phase`` and ``waiting`` where the table is, ``win`` the win the player would declare (for a win)."""
    if phase == Phase.OVER:
        return f"{action}: the hand is over"
    if not legal:
        who = " and ".join(map(str, waiting))
        return f"{action}: not this player's turn (the table waits for player {who} to {WAITING_TO[phase]})"
    if action.kind == ActionKind.WIN:
        if win is None:
            return f"{action}: refused: there is no winning shape (or no tile to win on)"
        flowers = " with flowers" if procedure.flowers_count else ", flowers not counted"
        return f"{action}: refused: {win.points(procedure.flowers_count)} points{flowers}, below the minimum of {procedure.minimum}"
    shown = "; ".join(str(a).split(" ", 2)[2] for a in legal)
    return f"{action}: not allowed now; player {action.player} may: {shown}"
