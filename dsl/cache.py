"""An on-disk cache of compiled predicates, so that loading a rule set need not parse anything.

Entries are keyed by the predicate text and a fingerprint of the language's own source files, so any
change to the grammar, the builtins or the compiler starts a new cache. The cache lives in the user's
cache folder (``$FANRULES_CACHE_DIR``, else ``$XDG_CACHE_HOME/fanrules``, else ``~/.cache/fanrules``),
never in the installed package; ``FANRULES_NO_CACHE=1`` turns it off. It holds only predicates that
compiled without a diagnostic. A cache that cannot be read or written is ignored."""
from __future__ import annotations

import hashlib
import os
import pickle
import tempfile
from functools import lru_cache
from importlib import resources
from pathlib import Path

from .compiled import Record

#: At most this many predicates are kept (rule sets have about a hundred); past it nothing is added.
MAX_ENTRIES = 10_000
LANGUAGE_FILES = ("grammar.lark", "ast.py", "builtins.py", "checker.py", "compiled.py", "compiler.py", "parser.py")


@lru_cache(maxsize=1)
def fingerprint() -> str:
    """A hash of the language's source files."""
    digest = hashlib.sha256()
    root = resources.files(__package__)
    for name in LANGUAGE_FILES:
        digest.update(root.joinpath(name).read_bytes())
    return digest.hexdigest()[:16]


def cache_file() -> Path | None:
    """Where the cache is, or None when it is turned off."""
    if os.environ.get("FANRULES_NO_CACHE"):
        return None
    folder = os.environ.get("FANRULES_CACHE_DIR")
    if not folder:
        base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
        folder = str(Path(base) / "fanrules")
    return Path(folder) / f"predicates-{fingerprint()}.pickle"


class PredicateCache:
    """Compiled-predicate records by predicate text, read once and written back when new ones came."""

    def __init__(self, path: Path | None) -> None:
        self.path = path
        self.records: dict[str, Record] = {}
        self.dirty = False
        if path is not None:
            try:
                with path.open("rb") as f:
                    loaded = pickle.load(f)
                if isinstance(loaded, dict):
                    self.records = loaded
            except (OSError, pickle.PickleError, EOFError, AttributeError, ImportError, TypeError, ValueError):
                self.records = {}

    def get(self, text: str) -> Record | None:
        return self.records.get(text)

    def put(self, text: str, record: Record) -> None:
        if len(self.records) >= MAX_ENTRIES:
            return
        self.records[text] = record
        self.dirty = True

    def save(self) -> None:
        """Write new records back (atomically); failures are ignored: the cache is only a speed-up."""
        if not self.dirty or self.path is None:
            return
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            with tempfile.NamedTemporaryFile("wb", dir=self.path.parent, delete=False) as f:
                pickle.dump(self.records, f, protocol=pickle.HIGHEST_PROTOCOL)
            os.replace(f.name, self.path)
            self.dirty = False
        except OSError:
            return


@lru_cache(maxsize=4)
def _cache_at(path: Path | None) -> PredicateCache:
    return PredicateCache(path)


def predicate_cache() -> PredicateCache:
    """The process's cache for the current settings."""
    return _cache_at(cache_file())
