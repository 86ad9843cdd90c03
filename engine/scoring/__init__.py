"""Scoring: the facts of a hand, the fans' compiled predicates run over every reading, the scoring
principles, and the result with its explanation."""
from __future__ import annotations

from .scorer import CountedFan, NotCounted, Principle, Result, Scorer

__all__ = ["CountedFan", "NotCounted", "Principle", "Result", "Scorer"]
