"""Hand analysis on tiles alone: every reading of a complete hand, and the waits of a 13-tile hand."""
from __future__ import annotations

from .readings import readings
from .waits import waits

__all__ = ["readings", "waits"]
