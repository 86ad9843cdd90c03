"""Rule sets as data: the loader (files, inheritance, compiled predicates), the key tables behind the
JSON Schemas, position-keeping YAML and the lint of ``fanrules check``."""
from __future__ import annotations

from .files import RULESET_FILE, resolve, shipped_rulesets
from .loader import load_ruleset
from .model import Example, Exclusion, Family, Fan, RuleSet, Where

__all__ = ["RULESET_FILE", "Example", "Exclusion", "Family", "Fan", "RuleSet", "Where", "load_ruleset", "resolve", "shipped_rulesets"]
