"""An on-disk cache of read rule files, so that loading a rule set need not parse (or import) YAML.

A rule file is still read as before (files.py: inside its folder, sizes checked); only what read_yaml
makes of its text comes from here, under the SHA-256 of that text. An entry is plain JSON data: the
values with every position read_yaml keeps, and of each node what the loader asks of it (tag, style,
last line). It is read back with validation (exact shapes, types, positive positions, the standard tags
and styles only); anything else drops the entry and the text is read with YAML again. Only files read
without a diagnostic are kept, so every error is still found, placed and worded by read_yaml itself.
Nothing in the cache is code.

The file sits beside the predicate cache (dsl/cache.py: same folder, same switch), keyed by a
fingerprint of read_yaml's sources and of the installed PyYAML, and keeps the MAX_ENTRIES most recently
used files of at most MAX_TEXT characters in all."""
from __future__ import annotations

import contextlib
import hashlib
from functools import lru_cache
from importlib.util import find_spec
from pathlib import Path
from typing import Any

from ..dsl.cache import CacheFile, cache_folder
from .yamlpos import YList, YMap, read_yaml

FORMAT = "fanrules rule file cache 1"
#: At most this many files are kept, of at most MAX_TEXT characters of YAML in all (MCR's 83: 60,000).
MAX_ENTRIES = 2_000
MAX_TEXT = 4_000_000
#: The tags and styles a kept node may have (a file with any other tag got a diagnostic: never kept).
TAGS = ("str", "int", "bool", "null", "float", "seq", "map")
STYLES = (None, "|", ">", '"', "'", "")
_PREFIX = "tag:yaml.org,2002:"
MAX_DEPTH = 40


class Node:
    """What the loader asks of a YAML node that came from the cache: its tag, style and end line."""

    __slots__ = ("tag", "style", "end")

    def __init__(self, tag: str, style: str | None, end: int) -> None:
        self.tag = tag
        self.style = style
        self.end = end

    @property
    def end_mark(self) -> _Mark:
        return _Mark(self.end)


class _Mark:
    __slots__ = ("line",)

    def __init__(self, line: int) -> None:
        self.line = line


@lru_cache(maxsize=1)
def fingerprint() -> str:
    """A hash of this module, yamlpos.py and PyYAML's version (its __init__.py), found without importing it."""
    digest = hashlib.sha256()
    spec = find_spec("yaml")
    for path in (Path(__file__).with_name("yamlpos.py"), Path(__file__), Path(spec.origin) if spec and spec.origin else None):
        digest.update(path.read_bytes() if path is not None else b"-")
    return digest.hexdigest()[:16]


class FileCache(CacheFile):
    """Entries by the SHA-256 of a file's text."""

    def __init__(self, path: Path | None) -> None:
        super().__init__(path, FORMAT)

    def read(self, path: str, text: str) -> tuple[Any, list[Any]]:
        """read_yaml(path, text), from the cache when a valid entry is there."""
        key = hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()
        entry = self.entries.get(key)
        if entry is not None:
            try:
                data = _decode(entry["data"], 0)
                if not isinstance(data, YMap):
                    raise ValueError("not a mapping")
                self.used(entry)
                return data, []
            except (KeyError, TypeError, ValueError, IndexError, RecursionError):
                del self.entries[key]
                self.dirty = True
        data, diagnostics = read_yaml(path, text)
        if not diagnostics and isinstance(data, YMap):
            # A value JSON cannot hold (.inf, .nan) raises ValueError: the file is read with YAML each time.
            with contextlib.suppress(ValueError):
                self._put(key, len(text), _encode(data))
        return data, diagnostics

    def _put(self, key: str, size: int, data: Any) -> None:
        chars = sum(e.get("size", 0) for e in self.entries.values() if type(e.get("size")) is int) + size
        for old in self.oldest():
            if len(self.entries) < MAX_ENTRIES and chars <= MAX_TEXT:
                break
            old_size = self.entries.pop(old).get("size", 0)
            chars -= old_size if type(old_size) is int else 0
        self.entries[key] = entry = {"data": data, "size": size}
        self.used(entry)
        self.dirty = True


def _encode(value: Any) -> Any:
    """A value read_yaml made, as JSON data: a mapping ``{"s": [line, column], "k": [[key, key line,
    key column, value line, value column, tag, style, end line, value], ...]}``, a list ``{"s": [line,
    column], "i": [[line, column, tag, style, end line, item], ...]}`` (flat rows, not a list per position
    and node: fewer lists to build, and to read back at each start-up)."""
    if isinstance(value, YMap):
        return {"s": list(value.start), "k": [[k, *value.key_pos[k], *value.value_pos[k], *_node_info(value.nodes[k]), _encode(v)]
                                              for k, v in value.items()]}
    if isinstance(value, YList):
        return {"s": list(value.start), "i": [[*p, *_node_info(n), _encode(v)] for v, p, n in zip(value, value.item_pos, value.nodes)]}
    if type(value) is float and (value != value or abs(value) == float("inf")):
        raise ValueError("not a number JSON holds")
    return value


def _node_info(node: Any) -> tuple[str, str | None, int]:
    return node.tag[len(_PREFIX):], getattr(node, "style", None), node.end_mark.line


_TAG = {tag: _PREFIX + tag for tag in TAGS}
_SCALAR = frozenset({str, int, float, bool})


def _decode(data: Any, depth: int) -> Any:
    """The value that ``_encode`` gave ``data``; ValueError (or KeyError, TypeError) when it is not such data."""
    if type(data) is not dict:
        if data is None or type(data) in _SCALAR:
            return data
        raise ValueError("not a value")
    if depth > MAX_DEPTH or len(data) != 2:
        raise ValueError("not a mapping or list")
    line, column = data["s"]
    if {type(line), type(column)} != {int} or min(line, column) < 1:
        raise ValueError("not a position")
    if "k" in data:
        out = YMap((line, column))
        key_pos, value_pos, nodes = out.key_pos, out.value_pos, out.nodes
        for key, kl, kc, vl, vc, tag, style, end, value in data["k"]:
            if type(key) is not str or key in out or {type(kl), type(kc), type(vl), type(vc), type(end)} != {int} \
                    or min(kl, kc, vl, vc) < 1 or end < 0 or style not in STYLES:
                raise ValueError("not a key and its value")
            out[key] = _decode(value, depth + 1)
            key_pos[key] = (kl, kc)
            value_pos[key] = (vl, vc)
            nodes[key] = Node(_TAG[tag], style, end)  # type: ignore[assignment]
        return out
    items = YList((line, column))
    item_pos, item_nodes = items.item_pos, items.nodes
    for il, ic, tag, style, end, value in data["i"]:
        if {type(il), type(ic), type(end)} != {int} or min(il, ic) < 1 or end < 0 or style not in STYLES:
            raise ValueError("not an item")
        items.append(_decode(value, depth + 1))
        item_pos.append((il, ic))
        item_nodes.append(Node(_TAG[tag], style, end))  # type: ignore[arg-type]
    return items


@lru_cache(maxsize=4)
def _cache_at(path: Path | None) -> FileCache:
    return FileCache(path)


def file_cache() -> FileCache:
    """The process's cache for the current settings."""
    folder = cache_folder()
    return _cache_at(None if folder is None else folder / f"rulefiles-{fingerprint()}.json")
