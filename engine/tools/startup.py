"""The collector during a command's start-up: paused from main() until the command has loaded its
rule set, then what start-up made is frozen and the collector runs again.

Start-up makes long-lived objects only (modules, the rule set, its compiled predicates), and every full
collection walked them all again (pausing it in the package's import too saved next to nothing more).
Frozen, they are not walked by the full collection that the first lines of a batch bring on with their
new memo entries either (and forked workers do not write to their pages): a batch's collector time
halves, its one full collection gone (docs/benchmarks.md)."""
from __future__ import annotations

import gc

#: Whether the collector ran when the command began.
_collecting = False


def begin() -> bool:
    """Pause the collector; whether it ran."""
    global _collecting
    _collecting = gc.isenabled()
    gc.disable()
    return _collecting


def end() -> None:
    """Start-up is over: freeze what it made, and let the collector run again if it ran before."""
    gc.freeze()
    if _collecting:
        gc.enable()


def finish(collecting: bool, thaw: bool) -> None:
    """The command is over: the collector as it was, what was frozen thawed with ``thaw``."""
    if thaw:
        gc.unfreeze()
    if collecting:
        gc.enable()
