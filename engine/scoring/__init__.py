"""Scoring: the facts of a hand, the fans' compiled predicates run over every reading, the scoring
principles, and the result with its explanation."""
from __future__ import annotations

from .principles import NotCounted, Principle
from .result import CountedFan, Result
from .scorer import Scorer

__all__ = ["CountedFan", "NotCounted", "Principle", "Result", "Scorer"]
