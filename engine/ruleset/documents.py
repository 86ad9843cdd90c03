"""The start-up data of the shipped rule sets: each rule set as loaded, in one JSON document, so that a
start of ``fanrules`` neither reads, decodes nor checks 83 YAML files to load ``mcr``.

Nothing here is tracked in git: a document is a build product, made by this module alone, from the YAML
as the loader reads it, in one of two places:

- in the package (``ruleset/shipped/NAME.json``), written when the wheel is built (ruleset/buildhook.py
  runs scoring/prebuild.py on the built package). It holds each predicate's compiled record, as the
  package's own code is trusted: the loader builds the predicates from them without parsing anything.
- in the user's cache folder (dsl/cache.py's: ``shipped-NAME-<format>.json``), written on first use by a
  checkout or an editable install, which have no package data. The cache is data only, never code: a
  predicate is kept as its text and compiled again on load (through the predicate cache, whose trees are
  checked and compiled afresh); a cached document that holds a record is refused.

A document is a first line with its format, key, chain and files, then the rule set as the loader built
it. Its key is what it was made from: the FORMAT (the generator's version, below) and the path and
bytes of every rule file in the folders of the rule set's chain (``mcr`` for ``mil``, ``mil`` and
``mcr`` for ``botzone``). A document whose key differs (a YAML file edited, added or removed) or
that is damaged is not used: the rule set is read from its YAML, and the cache's document made again.
Editing the code does not change a key (a comment changes nothing): a change of what the generator
makes must change FORMAT, which tests/test_shipped_documents.py enforces. A user's rule set never
comes from here (it keeps the caches bound to its own text: ruleset/yamlcache.py, dsl/cache.py)."""
from __future__ import annotations

import dataclasses
import hashlib
import json
import os
from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from typing import Any

from ..core.blocks import Kind
from ..dsl.builtins import Level
from ..dsl.cache import cache_folder, predicate_cache, prune
from ..dsl.compiled import Compiled, Guard, Record, build
from .files import RULESET_FILE, shipped_root
from .model import Example, Exclusion, Family, Fan, RuleSet, Where

#: The version of what the generator makes: change it with any change to the documents' content or to
#: how the loader, the YAML reader or the predicate compiler turn the same YAML into a rule set.
FORMAT = "fanrules start-up data 6"
#: The folder of the package's documents (made by the wheel's build; absent in a checkout).
PACKAGE_FOLDER = Path(__file__).parent / "shipped"


@dataclass(frozen=True)
class Loaded:
    """Where a shipped rule set came from in this process: "package", "cache" or "yaml"; for "yaml", why
    (no data, stale data, damaged data, cache turned off) and what reading the YAML cost (ms)."""

    source: str
    why: str = ""
    ms: float = 0.0


#: Why a shipped rule set with no document was read from YAML.
NONE = "no start-up data (a checkout's or an editable install's first use)"
#: How each shipped rule set (by the path of its ruleset.yaml) was loaded in this process.
LOADED: dict[str, Loaded] = {}


def key(root: str, chain: tuple[str, ...]) -> str:
    """The hash of FORMAT and of every rule file (its path and its bytes) of the folders ``chain`` in
    ``root``: what a document is bound to."""
    digest = hashlib.sha256(FORMAT.encode())
    for path in rule_files(root, chain):
        digest.update(f"\0{path}\0".encode())
        with open(os.path.join(root, path), "rb") as file:
            digest.update(file.read())
    return digest.hexdigest()


def rule_files(root: str, chain: tuple[str, ...]) -> list[str]:
    """The YAML files (every file the package ships of a rule set) of the folders ``chain`` in ``root``,
    relative to ``root``, in order."""
    found: list[str] = []
    for folder in chain:
        for where, dirs, names in os.walk(os.path.join(root, folder)):
            dirs.sort()
            found += [os.path.relpath(os.path.join(where, name), root).replace(os.sep, "/") for name in sorted(names) if name.endswith(".yaml")]
    return found


def cache_path(name: str) -> Path | None:
    """The cache's document of the shipped rule set ``name``, or None when the cache is turned off."""
    folder = cache_folder()
    return None if folder is None else folder / f"shipped-{name}-{hashlib.sha256(FORMAT.encode()).hexdigest()[:16]}.json"


def shipped_path(path: Path) -> bool:
    """Whether ``path`` (a located ruleset.yaml) is one of the shipped folder's."""
    return path.name == RULESET_FILE and str(path.parent.parent) == os.path.realpath(shipped_root())


def shipped_document(path: Path) -> RuleSet | None:
    """The rule set of ``path`` (a located ruleset.yaml) from its document, in the package or else in
    the cache, when it is a shipped rule set whose files hash to the document's key; else None (load it
    from YAML, and ``remember`` it)."""
    if not shipped_path(path):
        return None
    name, root = path.parent.name, path.parent.parent
    why = NONE
    for place, trusted in ((PACKAGE_FOLDER / f"{name}.json", True), (cache_path(name), False)):
        if place is None:
            why = f"{why}, and the cache is turned off (FANRULES_NO_CACHE)"
            continue
        ruleset, problem = read_document(place, root, trusted)
        if ruleset is not None:
            LOADED[str(path)] = Loaded("package" if trusted else "cache")
            return ruleset
        why = problem or why
    LOADED[str(path)] = Loaded("yaml", why)
    return None


def read_document(place: Path, root: Path, trusted: bool) -> tuple[RuleSet | None, str]:
    """The rule set of the document at ``place`` for the rule files in ``root``, or None and why
    ("" when there is no document)."""
    try:
        text = place.read_text(encoding="utf-8")
    except (OSError, ValueError):  # no document (a checkout, a name with a NUL)
        return None, ""
    header, _, body = text.partition("\n")
    try:
        head = json.loads(header)
        if head["format"] != FORMAT or key(str(root), tuple(head["chain"])) != head["key"]:
            return None, f"its start-up data ({place}) was made from other rule files"
        ruleset = decode(body, [f"{root}/{name}" for name in head["files"]], trusted)
    except (ValueError, KeyError, TypeError, IndexError, OSError, RecursionError):  # damaged: the YAML is there
        return None, f"its start-up data ({place}) is damaged"
    return (ruleset, "") if isinstance(ruleset, RuleSet) else (None, f"its start-up data ({place}) is damaged")


#: The classes a document's objects may be of (nothing else is made from its data), and its tags;
#: records (code) only from the package.
CLASSES: dict[str, Any] = {c.__name__: c for c in (Where, Exclusion, Example, Fan, Family, RuleSet)}
CODE_CLASSES: dict[str, Any] = {c.__name__: c for c in (Record, Guard)}
ENUMS: dict[str, Any] = {"Level": Level, "Kind": Kind}
TAGS = frozenset({"W", "t", "o", "C", "P", "d", "F", "fs", "s", "e"})


def decode(text: str, paths: list[str], trusted: bool) -> Any:
    """The value of a document's JSON (``Encoder.data``), its files at ``paths``; compiled records
    (code) are accepted only when ``trusted`` (the package's documents)."""
    classes = {**CLASSES, **CODE_CLASSES} if trusted else CLASSES

    def hook(obj: dict[str, Any]) -> Any:  # JSON objects innermost first: each is tagged by its one key
        if "W" in obj:
            file, line, column = obj["W"]
            return Where(paths[file], line, column)
        if "t" in obj:
            return tuple(obj["t"])
        if "o" in obj:
            return classes[obj["o"]](**obj["a"])
        if "C" in obj:
            return _built(obj["C"], paths, trusted)
        if "P" in obj:
            return _compiled(obj["P"], paths)
        if "d" in obj:
            return dict(obj["d"])
        if "F" in obj:
            return paths[obj["F"]]
        if "fs" in obj:
            return frozenset(obj["fs"])
        if "s" in obj:
            return set(obj["s"])
        if "e" in obj:
            return ENUMS[obj["e"]][obj["n"]]
        return obj  # the arguments of an object ("a")
    return json.loads(text, object_hook=hook)


def _built(value: list[Any], paths: list[str], trusted: bool) -> Compiled:
    """A predicate kept as its compiled record: only in the package's documents."""
    record, file, line = value
    if not trusted or not isinstance(record, Record):
        raise ValueError("a compiled record outside the package")
    return build(record, f"<predicate {paths[file]}:{line}>")


def _compiled(value: list[Any], paths: list[str]) -> Compiled:
    """A predicate kept as its text, compiled again (through the predicate cache's checked trees)."""
    from ..dsl import compile_predicate
    from ..dsl.diagnostics import Origin

    text, file, line = value
    if type(text) is not str or type(line) is not int:
        raise ValueError("not a predicate")
    compiled, _ = compile_predicate(text, Origin(file=paths[file], line=line))
    if compiled is None:
        raise ValueError("a predicate that does not compile")
    return compiled


class Encoder:
    """A loaded rule set as the JSON data of its document: its files by index; a compiled predicate as
    its record (``trusted``: the package's documents) or as its text (the cache's: data only)."""

    def __init__(self, root: str, chain: tuple[str, ...], trusted: bool) -> None:
        self.root = root + "/"
        self.files = {path: i for i, path in enumerate(rule_files(root, chain))}
        self.trusted = trusted
        cache = None if trusted else predicate_cache()
        self.texts = {id(record): text for text, record in cache.verified.items()} if cache is not None else {}

    def file(self, text: str) -> int:
        if not text.startswith(self.root) or text[len(self.root):] not in self.files:
            raise ValueError(f"a path outside the rule set's folders: {text!r}")
        return self.files[text[len(self.root):]]

    def data(self, value: Any) -> Any:
        """``value`` as JSON data that ``decode`` reads back (one tag per object)."""
        if isinstance(value, Compiled):
            return self.compiled(value)
        if isinstance(value, Where):
            return {"W": [self.file(value.file), value.line, value.column]}
        if dataclasses.is_dataclass(value) and not isinstance(value, type):
            return self.dataclass(value)
        if isinstance(value, Enum):
            return {"e": type(value).__name__, "n": value.name}
        if isinstance(value, str) and value.startswith(self.root):
            return {"F": self.file(value)}
        if isinstance(value, dict):
            return {"d": [[self.data(k), self.data(v)] for k, v in value.items()]}
        if isinstance(value, list):
            return [self.data(v) for v in value]
        if isinstance(value, (frozenset, set)):
            return {"fs" if isinstance(value, frozenset) else "s": [self.data(v) for v in sorted(value, key=repr)]}
        if isinstance(value, tuple):
            return {"t": [self.data(v) for v in value]}
        if value is None or type(value) in (bool, int, str) or (type(value) is float and value == value and abs(value) != float("inf")):
            return value
        raise TypeError(f"no document data for {type(value).__name__}")

    def dataclass(self, value: Any) -> Any:
        names = [f.name for f in dataclasses.fields(value)]
        allowed = {**CLASSES, **CODE_CLASSES} if self.trusted else CLASSES
        if TAGS.intersection(names) or type(value).__name__ not in allowed:
            raise TypeError(f"no document data for {type(value).__name__}")  # its arguments would read as a tag
        return {"o": type(value).__name__, "a": {name: self.data(getattr(value, name)) for name in names}}

    def compiled(self, compiled: Compiled) -> Any:
        record = compiled.record
        label = compiled.label
        if record is None or not label.startswith("<predicate ") or build(record, label) != compiled:
            raise ValueError(f"a compiled predicate that is not built from its record: {label}")
        file, _, line = label[len("<predicate "):-1].rpartition(":")
        if self.trusted:
            return {"C": [self.data(record), self.file(file), int(line)]}
        text = self.texts.get(id(record))
        if text is None:
            raise ValueError(f"a compiled predicate whose text is not known: {label}")
        return {"P": [text, self.file(file), int(line)]}


def document_text(ruleset: RuleSet, trusted: bool) -> str:
    """The JSON text of the document of ``ruleset`` (a shipped rule set, just built from its YAML)."""
    root = str(Path(ruleset.path).parent.parent)
    encoder = Encoder(root, ruleset.chain, trusted)
    head = {"format": FORMAT, "key": key(root, ruleset.chain), "chain": list(ruleset.chain), "files": list(encoder.files)}
    return "\n".join(json.dumps(part, ensure_ascii=False, separators=(",", ":")) for part in (head, encoder.data(ruleset))) + "\n"


def write_atomically(path: Path, text: str) -> None:
    """Write ``text`` to a temporary file beside ``path`` and rename it over ``path``."""
    from ..core.files import temporary_beside

    path.parent.mkdir(parents=True, exist_ok=True)
    fd, temp = temporary_beside(str(path))
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as file:
            file.write(text)
        os.replace(temp, path)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise


def remember(path: Path, ruleset: RuleSet, ms: float) -> None:
    """After a shipped rule set was read from its YAML (in ``ms``): its document into the cache, so that
    the next start reads that. Failures are ignored: the data is only a speed-up."""
    loaded = LOADED.get(str(path))
    if loaded is None or loaded.source != "yaml":
        return
    LOADED[str(path)] = dataclasses.replace(loaded, ms=ms)
    place = cache_path(path.parent.name)
    if place is None:
        return
    from ..core.errors import CliError

    try:
        write_atomically(place, document_text(ruleset, trusted=False))
    except (OSError, ValueError, TypeError, CliError):
        return
    prune(place)


def status(path: Path) -> str | None:
    """One info line when the shipped rule set at ``path`` was read from its YAML in this process for
    want of start-up data (missing, stale, damaged): why, and what that cost; None otherwise."""
    loaded = LOADED.get(str(path))
    if loaded is None or loaded.source != "yaml" or not loaded.ms:  # not read from YAML (yet)
        return None
    after = "every run reads it so" if cache_path(path.parent.name) is None else "the next run reads the start-up data this one cached"
    return f"info: {path.parent.name} was read from its YAML in {loaded.ms:.0f} ms: {loaded.why}; {after}"
