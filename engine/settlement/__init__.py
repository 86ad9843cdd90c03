"""Settlement as data: who pays whom after a hand, penalties, sessions with their seating, and the
ranking points within a table, all read from a rule set's ``settlement:`` section (docs/settlement.md)."""
from __future__ import annotations

from .seating import Seating, seating
from .terms import Pay, Penalty, RankingTerms, SessionTerms, Settlement, SettlementError, settlement_of, terms

__all__ = ["Pay", "Penalty", "RankingTerms", "Seating", "SessionTerms", "Settlement", "SettlementError", "seating",
           "settlement_of", "terms"]
