"""An on-disk cache of parsed predicates, so that loading a rule set need not parse anything.

The cache holds data, never code or objects: a JSON file mapping each predicate's text to its syntax
tree (dsl/astjson.py), the tables the compiler worked out for it (sets of numbers) and a SHA-256 of the
Python the compiler wrote from them. Each entry is bound to its text and to the compiler that made it
(a hash of both, ``bound_to``): an entry copied over another's is a miss, with a one-line notice on
stderr, never another predicate's tree. A cached tree is read back with validation, checked and compiled
again from its tables, and the new code's hash must match the stored one before it runs; an entry that
fails any of that is dropped and compiled afresh from its text, and the file rewritten. Nothing read
from the cache is ever executed as it stands.

The file is keyed by a fingerprint of every module whose output the entries depend on (the grammar,
the parser, the checker and the compiler, and the tables of tiles, blocks and readings they use). It
lives in the user's cache folder (``$FANRULES_CACHE_DIR``, else ``$XDG_CACHE_HOME/fanrules``, else
``~/.cache/fanrules``), never in the installed package; ``FANRULES_NO_CACHE=1`` turns it off. It keeps
the MAX_ENTRIES most recently used predicates (one rule set cannot fill it for the others) and holds only
predicates that compiled without a diagnostic. A cache that cannot be read or written is ignored. Writing
a cache removes its kind's files of other fingerprints that are stale (``prune``)."""
from __future__ import annotations

import contextlib
import hashlib
import json
import os
import re
import stat
import sys
import time
from functools import lru_cache
from pathlib import Path
from typing import Any

from . import ast
from .astjson import from_json, to_json
from .compiled import Record

#: At most this many predicates are kept (a rule set has at most 200); the least recently used go first.
MAX_ENTRIES = 2_000
#: The predicates kept hold at most this many characters in all (a cached tree takes about 15 bytes a
#: character: the file stays under 5 MB, quick to read and to write; MCR's predicates hold 5,800).
MAX_TEXT = 300_000
#: A cache file larger than this is not read.
MAX_FILE_BYTES = 16_000_000
FORMAT = "fanrules predicate cache 4"
#: A predicate has fewer tables than this (one per quantifier).
MAX_TABLES = 1_000
#: The modules whose output a cached entry depends on, relative to the ``fanrules`` package.
SOURCES = ("dsl/grammar.lark", "dsl/ast.py", "dsl/astjson.py", "dsl/builtins.py", "dsl/checker.py", "dsl/cost.py", "dsl/compiled.py",
           "dsl/compiler.py", "dsl/expressions.py", "dsl/loops.py", "dsl/masks.py", "dsl/parser.py", "core/tiles.py", "core/blocks.py", "analysis/readings.py")


@lru_cache(maxsize=1)
def fingerprint() -> str:
    """A hash of the source of every module in SOURCES."""
    digest = hashlib.sha256()
    # The packages' folders from their modules, not importlib.resources: both are plain folders, and its
    # import (with zipfile and tempfile) is gone from start-up (as csv is, see tools/sheet_cmd.py).
    package, dsl = Path(sys.modules[__package__.rpartition(".")[0]].__file__ or "").parent, Path(__file__).parent
    for name in SOURCES:
        digest.update(name.encode())
        digest.update((dsl / name[4:] if name.startswith("dsl/") else package / name).read_bytes())
    return digest.hexdigest()[:16]


def cache_file() -> Path | None:
    """Where the cache is, or None when it is turned off."""
    env = os.environ
    return _cache_file(env.get("FANRULES_NO_CACHE"), env.get("FANRULES_CACHE_DIR"), env.get("XDG_CACHE_HOME"), env.get("HOME"))


@lru_cache(maxsize=16)
def _cache_file(off: str | None, folder: str | None, xdg: str | None, home: str | None) -> Path | None:
    """``cache_file`` for these settings (asked once per predicate as a rule set loads: remembered, as
    each ask looks at the file system)."""
    found = _cache_folder(off, folder, xdg, home)
    return None if found is None else found / f"predicates-{fingerprint()}.json"


def cache_folder() -> Path | None:
    """The folder of the caches (this one and ruleset/yamlcache.py's), or None when they are turned off."""
    env = os.environ
    return _cache_folder(env.get("FANRULES_NO_CACHE"), env.get("FANRULES_CACHE_DIR"), env.get("XDG_CACHE_HOME"), env.get("HOME"))


@lru_cache(maxsize=16)
def _cache_folder(off: str | None, folder: str | None, xdg: str | None, home: str | None) -> Path | None:
    if off:
        return None
    if not folder:
        base = xdg or str(Path.home() / ".cache")
        folder = str(Path(base) / "fanrules")
    return Path(folder)


def code_hash(record: Record) -> str:
    """The SHA-256 of what a record runs: its function, the expression fused rules use and the
    constants they read."""
    constants = [(name, sorted(value, key=repr) if isinstance(value, frozenset) else value) for name, value in record.constants]
    body = [part if isinstance(part, str) else tuple(part) for part in record.keyed_body]
    code = f"{record.source}\0{record.expression}\0{body!r}\0{record.views!r}\0{constants!r}"
    return hashlib.sha256(code.encode()).hexdigest()


def bound_to(text: str) -> str:
    """The SHA-256 of a predicate's text and of the compiler (``fingerprint``) that an entry for it
    was made by: the entry's code hash alone says only that its tree compiles to its code, not that
    the tree is this text's."""
    return hashlib.sha256(f"{fingerprint()}\0{text}".encode()).hexdigest()


class CacheFile:
    """The entries of a cache file of one format, read once, each with the clock of its last use, and
    written back (atomically) when some came or went; a damaged file is replaced at the next save."""

    def __init__(self, path: Path | None, form: str) -> None:
        self.path = path
        self.form = form
        self.entries: dict[str, dict[str, Any]] = {}
        self.clock = 0
        self.dirty = False
        if path is not None:
            loaded = read_cache(path, form)
            if loaded is None:
                self.dirty = path.exists() or path.is_symlink()
            else:
                self.entries, self.clock = loaded

    def used(self, entry: dict[str, Any]) -> None:
        """Mark ``entry`` as the most recently used."""
        self.clock += 1
        entry["used"] = self.clock

    def oldest(self) -> list[str]:
        """The keys, least recently used first."""
        return sorted(self.entries, key=lambda key: self.entries[key].get("used", 0))

    def save(self) -> None:
        """Write the entries back if they changed; failures are ignored: a cache is only a speed-up."""
        if self.dirty and self.path is not None and write_cache(self.path, self.form, self.clock, self.entries):
            self.dirty = False


class PredicateCache(CacheFile):
    """Cached trees by predicate text."""

    def __init__(self, path: Path | None) -> None:
        super().__init__(path, FORMAT)
        #: Records this process compiled or verified itself, by predicate text: used again as they are.
        self.verified: dict[str, Record] = {}
        #: Whether the notice of an entry not bound to its text was printed (once a process).
        self.warned = False

    def tree(self, text: str) -> tuple[ast.Node, list[frozenset[int] | None], str] | None:
        """The cached tree of ``text``, its tables (see dsl/compiler.py) and the hash its code must
        have, if a valid entry is there; a damaged entry is dropped."""
        entry = self.entries.get(text)
        if entry is None:
            return None
        if entry.get("bound") != bound_to(text):
            self.drop(text)
            if not self.warned and sys.stderr is not None:
                self.warned = True
                sys.stderr.write(f"fanrules: predicate cache {self.path}: an entry not made for its predicate was dropped and compiled again\n")
            return None
        try:
            node = from_json(entry["tree"])
            tables = [None if t is None else _table(t) for t in entry["tables"][:MAX_TABLES + 1]]
            wanted = entry["code"]
            if not (isinstance(wanted, str) and len(wanted) == 64) or len(tables) > MAX_TABLES:
                raise ValueError("no code hash")
        except (KeyError, TypeError, ValueError, RecursionError):
            self.drop(text)
            return None
        self.used(entry)
        return node, tables, wanted

    def drop(self, text: str) -> None:
        self.verified.pop(text, None)
        if self.entries.pop(text, None) is not None:
            self.dirty = True

    def put(self, text: str, node: ast.Node, record: Record, tables: list[frozenset[int] | None]) -> None:
        """Add an entry, first making room for it: the least recently used entries go until at most
        MAX_ENTRIES entries of at most MAX_TEXT characters of predicate text in all remain."""
        self.drop(text)
        chars = sum(map(len, self.entries)) + len(text)
        oldest = iter(self.oldest())
        while len(self.entries) >= MAX_ENTRIES or chars > MAX_TEXT:
            old = next(oldest, None)
            if old is None:
                break
            chars -= len(old)
            self.drop(old)
        self.entries[text] = entry = {"tree": to_json(node), "tables": [None if t is None else sorted(t) for t in tables],
                                      "code": code_hash(record), "bound": bound_to(text)}
        self.used(entry)
        self.verified[text] = record
        self.dirty = True

def write_cache(path: Path, form: str, clock: int, entries: dict[str, dict[str, Any]]) -> bool:
    """Write a cache file atomically, then prune its kind's stale files (``prune``); whether the write
    worked (a failure is ignored: a cache is only a speed-up)."""
    # Only when a cache is written: a load from a warm cache needs it not (see fingerprint).
    from ..core.errors import CliError
    from ..core.files import temporary_beside

    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        text = json.dumps({"format": form, "clock": clock, "entries": entries}, ensure_ascii=False, allow_nan=False)
        fd, temp = temporary_beside(str(path))  # never through a link planted in a shared folder
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                f.write(text)
            os.replace(temp, path)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(temp)
            raise
    except (OSError, ValueError, CliError):
        return False
    prune(path)
    return True


#: A cache file of another fingerprint (another version of fanrules, or of PyYAML) is removed when its
#: kind's current file is written and it has not been written for this long, or when more than
#: KEEP_OTHERS of them are newer; two versions installed side by side then keep their caches.
STALE_SECONDS = 30 * 24 * 3600
KEEP_OTHERS = 4


def prune(path: Path) -> list[Path]:
    """Remove the stale files of the kind of the cache file ``path`` (``kind-<16 hex digits>.json``,
    regular files in its folder, ``path`` itself kept; see STALE_SECONDS): what was removed. Failures
    are ignored."""
    kind, _, _ = path.name.rpartition("-")
    same_kind = re.compile(re.escape(kind) + r"-[0-9a-f]{16}\.json")
    others: list[tuple[float, Path]] = []
    try:
        with os.scandir(path.parent) as found:
            for item in found:
                if item.name != path.name and same_kind.fullmatch(item.name) and item.is_file(follow_symlinks=False):
                    others.append((item.stat(follow_symlinks=False).st_mtime, Path(item.path)))
    except OSError:
        return []
    others.sort(reverse=True)  # the newest first
    now = time.time()
    removed = []
    for rank, (written, other) in enumerate(others):
        if rank >= KEEP_OTHERS or now - written > STALE_SECONDS:
            try:
                other.unlink()
            except OSError:
                continue
            removed.append(other)
    return removed


def _table(value: Any) -> frozenset[int]:
    """A table read back: whole numbers that a tile (-1 to 33), a block code or three tiles can be."""
    if not isinstance(value, list) or len(value) > 2_000 or not all(type(v) is int and -8 <= v < 34 ** 3 for v in value):
        raise ValueError("not a table")
    return frozenset(value)


def read_cache(path: Path, form: str) -> tuple[dict[str, dict[str, Any]], int] | None:
    """The entries and clock of a cache file of the format ``form``, or None when it is missing, not a
    regular file, too large or not such a cache (nothing in it is interpreted beyond JSON)."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOFOLLOW", 0))
        with os.fdopen(fd, "rb") as f:
            info = os.fstat(f.fileno())
            if not stat.S_ISREG(info.st_mode) or info.st_size > MAX_FILE_BYTES:
                return None
            data = json.loads(f.read(MAX_FILE_BYTES + 1).decode("utf-8"))
    except (OSError, ValueError, RecursionError):
        return None
    if not (isinstance(data, dict) and data.get("format") == form and isinstance(data.get("entries"), dict)):
        return None
    entries = {t: e for t, e in data["entries"].items() if isinstance(e, dict) and type(e.get("used", 0)) is int}
    clock = data.get("clock")
    return entries, clock if type(clock) is int else 0


@lru_cache(maxsize=4)
def _cache_at(path: Path | None) -> PredicateCache:
    return PredicateCache(path)


def predicate_cache() -> PredicateCache:
    """The process's cache for the current settings."""
    return _cache_at(cache_file())


def save_predicate_cache() -> None:
    """Write the process's cache back if it changed; when no predicate asked for it (a shipped rule set's
    come from dsl/prebuilt.py) it is not even read."""
    if _cache_at.cache_info().currsize:
        predicate_cache().save()
