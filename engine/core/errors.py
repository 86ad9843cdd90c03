"""The errors of fanrules: a hand that cannot be scored raises HandError."""
from __future__ import annotations


class HandError(ValueError):
    """A hand that cannot be scored; ``kind`` is ``invalid`` or ``not_a_win``."""

    def __init__(self, message: str, kind: str = "invalid") -> None:
        super().__init__(message)
        self.kind = kind
        self.message = message
