"""Settlement as data: who pays whom after a hand, penalties, sessions with their seating, and the
ranking points within a table, all read from a rule set's ``settlement:`` section (docs/settlement.md)."""
from __future__ import annotations

from ..core.deprecation import warn_renamed
from ..ruleset import RulesLike
from .payments import Changes, draw_changes, penalty_changes, settle
from .ranking import CompetitionRow, Standing, competition, ranking_points, standings
from .seating import Seating
from .session import Entry, Session
from .terms import Pay, Penalty, RankingTerms, SessionTerms, Settlement, SettlementError, settlement_of, terms

__all__ = ["Changes", "CompetitionRow", "Entry", "Pay", "Penalty", "RankingTerms", "Seating", "Session", "SessionTerms",
           "Settlement", "SettlementError", "Standing", "competition", "draw_changes", "penalty_changes",
           "ranking_points", "settle", "settlement_of", "standings", "terms"]


def seating(rules: RulesLike | Settlement, hand_number: int) -> Seating:
    """Deprecated: ``Seating.of``."""
    warn_renamed("fanrules.settlement.seating", "fanrules.Seating.of")
    return Seating.of(rules, hand_number)
