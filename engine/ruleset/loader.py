"""Load a rule set: a shipped one, unedited, from its start-up data (documents.py: the package's, else
the cache's); any other from its YAML (build.py, imported only then, with the YAML reader, the schema
and the checks: a start of ``fanrules`` with a shipped rule set does without them). A shipped rule set
read from its YAML has its start-up data written into the cache for the next start."""
from __future__ import annotations

import time
import warnings
from dataclasses import replace
from functools import lru_cache
from importlib import import_module
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

from ..core.errors import FanrulesError
from .documents import remember, shipped_document
from .files import located, resolve, shipped_rulesets
from .model import Example, Exclusion, Fan, RuleSet, Where


@lru_cache(maxsize=16)
def _load_cached(path: str) -> RuleSet:
    """The rule set at ``path``, through the old names (``alias_of``) that lead to it, with their notices;
    an unedited shipped rule set from its document."""
    shipped = shipped_document(Path(path))
    if shipped is not None:
        return shipped
    from .alias import follow_aliases
    from .build import build_ruleset
    from .files import Budget
    from .rulefile import read_rule_file
    from .schema import RULESET_KEYS

    final, notices = follow_aliases(path, lambda file, sink: read_rule_file(file, sink, file.parent, Budget(), RULESET_KEYS, "a rule-set file"))
    if not notices:
        started = time.perf_counter()
        built = build_ruleset(Path(path))
        remember(Path(path), built, (time.perf_counter() - started) * 1000)
        return built
    ruleset = _load_cached(final)  # the same object as when the rule set is loaded by its own name
    return replace(ruleset, notices=ruleset.notices + notices)


def load_ruleset(spec: str | Path = "mcr") -> RuleSet:
    """Load a rule set by shipped name (``mcr``), folder or ``ruleset.yaml`` path. Raises RuleSetError
    with every problem found. Loaded rule sets are cached in memory. Its notices (an old name, ``deprecated:``)
    are given as DeprecationWarnings to the code that loaded it."""
    ruleset = _load_cached(str(located(resolve(spec))))
    for notice in ruleset.notices:
        warnings.warn(notice, DeprecationWarning, stacklevel=2)
    return ruleset


@runtime_checkable
class HasRuleSet(Protocol):
    """What a caller may already hold that carries a loaded rule set (a table's ``GameRules``, a
    ``Scorer``): its ``ruleset``."""

    @property
    def ruleset(self) -> RuleSet:
        """The loaded rule set."""
        ...


#: What every function and class that takes a rule set takes, always as its ``rules`` parameter: a
#: shipped rule set's name (``"mcr"``), a folder or ``ruleset.yaml`` path, a loaded ``RuleSet``, or an
#: object that holds one (``GameRules``, ``Scorer``).
RulesLike = RuleSet | str | Path | HasRuleSet
"""What ``rules`` takes everywhere: a shipped rule set's name, a folder or ruleset.yaml path, a loaded
RuleSet, or an object that holds one (GameRules, Scorer)."""


class RulesTypeError(FanrulesError, TypeError):
    """``rules`` was given something that is no rule set (nor a name, path or holder of one)."""


def ruleset_of(rules: RulesLike) -> RuleSet:
    """The RuleSet of what a caller passed as ``rules`` (RulesLike): loaded by name or path, or the one
    given or held. RuleSetError when it cannot be loaded; RulesTypeError for anything else."""
    if isinstance(rules, RuleSet):
        return rules
    if isinstance(rules, (str, Path)):
        ruleset = _load_cached(str(located(resolve(rules))))
        for notice in ruleset.notices:
            warnings.warn(notice, DeprecationWarning, stacklevel=3)
        return ruleset
    held = getattr(rules, "ruleset", None)
    if isinstance(held, RuleSet):
        return held
    raise RulesTypeError(f"rules must be a rule set's name (such as 'mcr'), a path, a Scorer, a RuleSet or a GameRules, "
                         f"not {type(rules).__name__}")


def __getattr__(name: str) -> Any:
    """The builder's names (``build_ruleset``, the limits ``MAX_CHAIN``...), as this module had them before
    the builder was a module of its own; imported when first asked for."""
    if name.startswith("__"):
        raise AttributeError(name)
    return getattr(import_module(".build", __package__), name)


__all__ = ["Exclusion", "Example", "Fan", "HasRuleSet", "RuleSet", "RulesLike", "RulesTypeError", "Where", "load_ruleset", "resolve",
           "ruleset_of", "shipped_rulesets"]
