"""Rule sets as data: the loader (files, inheritance, compiled predicates), the key tables behind the
JSON Schemas, position-keeping YAML and the lint of ``fanrules check``."""
from __future__ import annotations

from .files import RULESET_FILE, resolve, shipped_rulesets
from .frozen import ReadOnlyError, thawed
from .loader import HasRuleSet, RulesLike, RulesTypeError, load_ruleset, ruleset_of
from .model import Example, Exclusion, Family, Fan, RuleSet, Where

__all__ = ["RULESET_FILE", "Example", "Exclusion", "Family", "Fan", "HasRuleSet", "ReadOnlyError", "RuleSet", "RulesLike", "RulesTypeError", "Where",
           "load_ruleset", "resolve", "ruleset_of", "shipped_rulesets", "thawed"]
