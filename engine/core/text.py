"""Text from rule files and input, made safe to print: control characters escaped."""
from __future__ import annotations

import re
from collections.abc import Sequence

#: Characters a terminal may act on: C0 and C1 controls (ESC starts colour, cursor and clipboard
#: sequences; a newline forges a line), the line and paragraph separators and the bidirectional
#: overrides (text that reads in another order than it is stored). A tab is printed as it is.
UNSAFE = re.compile("[\x00-\x08\x0a-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]")


def install_hint(extra: str) -> str:
    """How to install an optional part, in the one form every message gives: from the package index,
    and from a checkout."""
    return f'pip install "fanrules[{extra}]"   (in a checkout: pip install ".[{extra}]")'


def printable(text: object) -> str:
    """``text`` with every unsafe character written as an escape (``\\x1b``, ``\\n``, ``\\u202e``)."""
    return UNSAFE.sub(_escape, str(text))


def _escape(match: re.Match[str]) -> str:
    ch = match.group()
    return {"\n": "\\n", "\r": "\\r"}.get(ch) or (f"\\x{ord(ch):02x}" if ord(ch) < 0x100 else f"\\u{ord(ch):04x}")


def close_matches(word: str, candidates: Sequence[str], cutoff: float = 0.6) -> list[str]:
    """The one of ``candidates`` closest to ``word``, if close enough (``difflib.get_close_matches``
    with ``n=1``), for a did-you-mean. difflib is imported by the first misspelling, not by every start-up."""
    import difflib

    return difflib.get_close_matches(word, candidates, n=1, cutoff=cutoff)


def closest(word: str, candidates: Sequence[str], cutoff: float = 0.6) -> list[str]:
    """Every one of ``candidates`` as close to ``word`` as the closest (difflib's ratio, at least
    ``cutoff``), in their order: a did-you-mean names each equally likely spelling, not the first."""
    import difflib

    matcher = difflib.SequenceMatcher(b=word)
    scores = []
    for candidate in candidates:
        matcher.set_seq1(candidate)
        scores.append(matcher.ratio() if matcher.real_quick_ratio() >= cutoff and matcher.quick_ratio() >= cutoff else 0.0)
    best = max(scores, default=0.0)
    return [c for c, r in zip(candidates, scores) if r == best] if best >= cutoff else []
