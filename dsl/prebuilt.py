"""The compiled predicates of the shipped rule sets, generated once and shipped as the module
``shipped_records.py`` beside this one, so that loading a shipped rule set neither parses, checks nor
generates any predicate: a start of ``fanrules`` then spends its time on the hand, not on the compiler.

The module is our own generator's output, written by ``python -m fanrules.ruleset.prebuild`` into the
package (never into a user's folder) and imported like any other module (Python's bytecode cache then
applies). Its records are keyed by ``cache.bound_to(text)``: a hash of the predicate's text and of the
compiler's sources (``cache.fingerprint``). A predicate whose text was edited (a shipped YAML file changed
in a checkout, a user's rule set) or a compiler that changed finds no record here and is compiled as
before, through the on-disk cache. ruleset/prebuild.py writes the module; tests/test_speed_startup.py checks that the module is what the
generator writes from the shipped YAML now."""
from __future__ import annotations

from functools import lru_cache

from .cache import bound_to
from .compiled import Record


@lru_cache(maxsize=1)
def _records() -> dict[str, Record]:
    """The shipped records by ``bound_to`` of their text (the module imported on first use)."""
    from . import shipped_records

    return shipped_records.RECORDS


def shipped_record(text: str) -> Record | None:
    """The shipped record of a predicate's text under the current compiler, or None."""
    return _records().get(bound_to(text))
