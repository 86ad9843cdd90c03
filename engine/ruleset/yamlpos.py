"""Safe YAML reading that keeps the line and column of every key and value."""
from __future__ import annotations

import re
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from ..core.errors import Diagnostic

if TYPE_CHECKING:
    import yaml

#: A rule file (ruleset.yaml or a fan file) holds at most this many bytes (the largest shipped: under 1 KB).
MAX_FILE_BYTES = 1_000_000
MAX_DEPTH = 20
#: A whole number in a rule file has at most this many digits (fan numbers and values have two or three).
MAX_INT_DIGITS = 12
NULL_TAG = "tag:yaml.org,2002:null"
STANDARD_TAGS = {
    "tag:yaml.org,2002:str", "tag:yaml.org,2002:int", "tag:yaml.org,2002:bool", "tag:yaml.org,2002:null",
    "tag:yaml.org,2002:float", "tag:yaml.org,2002:seq", "tag:yaml.org,2002:map",
}


#: The numbers a rule file holds, read as written: plain decimal integers and floats. YAML 1.1 also reads
#: ``1:30`` as 90 (sexagesimal), ``017`` as 15, ``0x1F``, ``0b11``, ``1_000`` and ``.inf`` as numbers:
#: they keep their number tag (so that a huge one is R017) but are built as the text they are, which the
#: schema then reports where it stands.
_INT = re.compile(r"[-+]?[0-9]+\Z")
_FLOAT = re.compile(r"[-+]?(?:[0-9]+\.[0-9]*|\.[0-9]+)(?:[eE][-+]?[0-9]+)?\Z")
_INT_TAG, _FLOAT_TAG = "tag:yaml.org,2002:int", "tag:yaml.org,2002:float"


@lru_cache(maxsize=1)
def _yaml() -> tuple[Any, Any, Any]:
    """PyYAML, imported when a file is read with it (not when it comes from ruleset/yamlcache.py, so that
    a start-up served by that cache never pays for importing PyYAML), the loader that
    builds scalars (numbers only as written: _INT, _FLOAT), and libyaml's safe loader when PyYAML was
    built with it (much faster), else the pure-Python one."""
    import yaml

    def number(kind: type[int] | type[float], form: re.Pattern[str]) -> Any:
        return lambda constructor, node: kind(node.value) if form.match(node.value) else node.value

    constructors = {**yaml.SafeLoader.yaml_constructors, _INT_TAG: number(int, _INT), _FLOAT_TAG: number(float, _FLOAT)}
    scalars = type("RuleFileScalars", (yaml.SafeLoader,), {"yaml_constructors": constructors})
    return yaml, scalars(""), getattr(yaml, "CSafeLoader", yaml.SafeLoader)


_NUMBER_TAGS = (_INT_TAG, _FLOAT_TAG)


class YMap(dict[str, Any]):
    """A mapping that remembers where each key and value stood (1-based line, column)."""

    def __init__(self, start: tuple[int, int]) -> None:
        super().__init__()
        self.start = start
        self.key_pos: dict[str, tuple[int, int]] = {}
        self.value_pos: dict[str, tuple[int, int]] = {}
        self.nodes: dict[str, yaml.Node] = {}


class YList(list[Any]):
    """A sequence that remembers where each item stood."""

    def __init__(self, start: tuple[int, int]) -> None:
        super().__init__()
        self.start = start
        self.item_pos: list[tuple[int, int]] = []
        self.nodes: list[yaml.Node] = []


def _pos(node: yaml.Node) -> tuple[int, int]:
    return node.start_mark.line + 1, node.start_mark.column + 1


class _Reader:
    def __init__(self, path: str, lines: list[str]) -> None:
        self.path = path
        self.lines = lines
        self.diagnostics: list[Diagnostic] = []
        self.yaml, self.scalars, _ = _yaml()

    def error(self, pos: tuple[int, int], code: str, message: str, hint: str = "") -> None:
        line, col = pos
        source = self.lines[line - 1] if 0 < line <= len(self.lines) else ""
        self.diagnostics.append(Diagnostic(file=self.path, line=line, column=col, code=code, message=message, hint=hint, source_line=source))

    def value(self, node: yaml.Node, depth: int = 0) -> Any:
        yaml, scalars = self.yaml, self.scalars
        if depth > MAX_DEPTH:
            self.error(_pos(node), "R011", f"the YAML nests deeper than {MAX_DEPTH} levels", "rule files are shallow: flatten it")
            return None
        if node.tag not in STANDARD_TAGS:
            tag = node.tag.replace("tag:yaml.org,2002:", "!!", 1)
            self.error(_pos(node), "R009", f"YAML tag '{tag}' is not allowed", "rule files hold plain strings, numbers, lists and mappings")
            return None
        if isinstance(node, yaml.ScalarNode):
            if node.tag == "tag:yaml.org,2002:str":
                return node.value
            if node.tag in _NUMBER_TAGS and len(node.value) > MAX_INT_DIGITS and sum(c.isalnum() for c in node.value) > MAX_INT_DIGITS:
                self.error(_pos(node), "R017", f"a number of more than {MAX_INT_DIGITS} digits", "numbers in rule files are small: fan numbers, values, counts")
                return None
            return scalars.construct_object(node)
        if isinstance(node, yaml.SequenceNode):
            out = YList(_pos(node))
            for item in node.value:
                out.append(self.value(item, depth + 1))
                out.item_pos.append(_pos(item))
                out.nodes.append(item)
            return out
        assert isinstance(node, yaml.MappingNode)
        out_map = YMap(_pos(node))
        for key_node, value_node in node.value:
            if not isinstance(key_node, yaml.ScalarNode) or key_node.tag not in STANDARD_TAGS:
                self.error(_pos(key_node), "R005", "a key must be a plain word")
                continue
            key = str(key_node.value)
            if key in out_map:
                first = out_map.key_pos[key]
                self.error(_pos(key_node), "R002", f"duplicate key '{key}' (first at line {first[0]})", "remove one of them")
                continue
            out_map[key] = self.value(value_node, depth + 1)
            out_map.key_pos[key] = _pos(key_node)
            out_map.value_pos[key] = _pos(value_node)
            out_map.nodes[key] = value_node
        return out_map


def read_yaml(path: str, text: str) -> tuple[Any, list[Diagnostic]]:
    """Parse YAML text without constructing any object; values carry positions (YMap, YList)."""
    yaml, _, safe_loader = _yaml()
    lines = text.split("\n")
    reader = _Reader(path, lines)
    if len(text.encode("utf-8", "replace")) > MAX_FILE_BYTES:
        reader.error((1, 1), "R010", f"the file is larger than {MAX_FILE_BYTES} bytes", "a rule file is a few hundred bytes")
        return None, reader.diagnostics
    try:
        if "*" in text and _refuse_aliases(text, reader):
            return None, reader.diagnostics
        node = yaml.compose(text, Loader=safe_loader)
    except yaml.MarkedYAMLError as err:
        mark, context = err.problem_mark, err.context_mark
        message = f"YAML syntax error: {err.problem or err.context}"
        if err.problem and err.context and context is not None:
            message += f", {err.context} at line {context.line + 1}, column {context.column + 1}"
            if mark is None or mark.index >= len(text.rstrip()):  # at the end of the file: point to what was left open
                mark = context
        mark = mark or context
        pos = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        if "nesting depth" in str(err.problem):
            reader.error(pos, "R011", f"the YAML nests deeper than the YAML reader allows ({err.problem})", "rule files are shallow: flatten it")
            return None, reader.diagnostics
        reader.error(pos, "R001", message, "check indentation, colons and quotes")
        return None, reader.diagnostics
    except yaml.YAMLError as err:
        reader.error((1, 1), "R001", f"YAML error: {err}")
        return None, reader.diagnostics
    except RecursionError:
        reader.error((1, 1), "R011", "the YAML nests too deeply", "flatten it")
        return None, reader.diagnostics
    if node is None:
        return None, reader.diagnostics
    return reader.value(node), reader.diagnostics


def _refuse_aliases(text: str, reader: _Reader) -> bool:
    """Report every YAML alias (``*name``): a rule file writes each value where it is used, so that an
    alias cannot make a small file expand into a huge one. Whether any was found."""
    yaml, _, safe_loader = _yaml()
    found = False
    for event in yaml.parse(text, Loader=safe_loader):
        if isinstance(event, yaml.AliasEvent):
            mark = event.start_mark
            reader.error((mark.line + 1, mark.column + 1) if mark else (1, 1), "R012", f"YAML alias '*{event.anchor}' is not allowed",
                         "write the value again where it is needed: rule files use no anchors (&) or aliases (*)")
            found = True
    return found
