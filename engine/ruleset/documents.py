"""The shipped rule sets as loaded, generated once into documents of the package (``ruleset/shipped/``),
so that a start of ``fanrules`` neither reads, decodes nor checks 83 YAML files to load ``mcr``.

Each document is our own generator's output (``python -m fanrules.scoring.prebuild``), written into the
package, never into a user's folder. It is JSON data, not code (the rule sets' names and fans stay data,
out of the Python), read back into the loader's classes alone: a first line with its key and the files it
was made from, then the rule set as the loader built it. The key is a hash of the text of every rule file
in the folders of the rule set's chain (``mcr`` for ``mil``, ``mil`` and ``mcr`` for ``botzone``) and of
the loader's and the compiler's sources. A document is used only for a rule set loaded from the shipped
folder whose files and loader hash to that key now: a YAML file edited, added or removed in a checkout,
or a changed loader, misses, and the rule set is read from its YAML as before. A user's rule set never
comes from here (it keeps the caches bound to its own text: ruleset/yamlcache.py, dsl/cache.py).
tests/test_shipped_documents.py checks that each document is what the generator writes from the YAML now."""
from __future__ import annotations

import hashlib
import json
import os
from functools import lru_cache
from pathlib import Path
from typing import Any

from ..core.blocks import Kind
from ..dsl.builtins import Level
from ..dsl.cache import fingerprint as compiler_fingerprint
from ..dsl.compiled import Guard, Record, build
from .files import RULESET_FILE, _shipped_root
from .model import Example, Exclusion, Family, Fan, RuleSet, Where

FORMAT = "fanrules shipped rule set 1"
#: The folder (beside this module) of the documents, one per shipped rule set, by its name.
FOLDER = "shipped"


@lru_cache(maxsize=1)
def loader_fingerprint() -> str:
    """A hash of the loader's sources (this package's modules but the generated ones) and of the compiler's."""
    digest = hashlib.sha256(compiler_fingerprint().encode())
    for path in sorted(Path(__file__).parent.glob("*.py")):
        digest.update(path.name.encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()


def key(root: str, chain: tuple[str, ...]) -> str:
    """The hash of every rule file (its path and its bytes) of the folders ``chain`` in ``root``, and
    of the loader: what a document is bound to."""
    digest = hashlib.sha256(f"{FORMAT}\0{loader_fingerprint()}".encode())
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


def shipped_document(path: Path) -> RuleSet | None:
    """The rule set of ``path`` (a located ruleset.yaml) from its document, when it is a shipped rule
    set whose files and loader still hash to the document's key; else None (load it from YAML)."""
    if path.name != RULESET_FILE:
        return None
    root = path.parent.parent
    if str(root) != os.path.realpath(_shipped_root()):
        return None
    try:
        text = (Path(__file__).parent / FOLDER / f"{path.parent.name}.json").read_text(encoding="utf-8")
    except (OSError, ValueError):  # no document (a rule set of a user's, a name with a NUL)
        return None
    header, _, body = text.partition("\n")
    try:
        head = json.loads(header)
        if head["format"] != FORMAT or key(str(root), tuple(head["chain"])) != head["key"]:
            return None
        ruleset = decode(body, [f"{root}/{name}" for name in head["files"]])
    except (ValueError, KeyError, TypeError, IndexError, OSError):  # a damaged document: the YAML is there
        return None
    return ruleset if isinstance(ruleset, RuleSet) else None


#: The classes a document's objects may be of (nothing else is made from its data), and its tags.
_CLASSES: dict[str, Any] = {c.__name__: c for c in (Where, Exclusion, Example, Fan, Family, RuleSet, Record, Guard)}
_ENUMS: dict[str, Any] = {"Level": Level, "Kind": Kind}
TAGS = frozenset({"W", "t", "o", "C", "d", "F", "fs", "s", "e"})


def decode(text: str, paths: list[str]) -> Any:
    """The value of a document's JSON (prebuild._Document.data), its files at ``paths``."""
    def hook(obj: dict[str, Any]) -> Any:  # JSON objects innermost first: each is tagged by its one key
        if "W" in obj:
            file, line, column = obj["W"]
            return Where(paths[file], line, column)
        if "t" in obj:
            return tuple(obj["t"])
        if "o" in obj:
            return _CLASSES[obj["o"]](**obj["a"])
        if "C" in obj:
            record, file, line = obj["C"]
            return build(record if isinstance(record, Record) else _shipped_records()[record], f"<predicate {paths[file]}:{line}>")
        if "d" in obj:
            return dict(obj["d"])
        if "F" in obj:
            return paths[obj["F"]]
        if "fs" in obj:
            return frozenset(obj["fs"])
        if "s" in obj:
            return set(obj["s"])
        if "e" in obj:
            return _ENUMS[obj["e"]][obj["n"]]
        return obj  # the arguments of an object ("a")
    return json.loads(text, object_hook=hook)


def _shipped_records() -> dict[str, Record]:
    from ..dsl.prebuilt import _records

    return _records()
