"""One rule file read for the loader: its YAML within the limits of files.py, and its diagnostics,
positioned on its keys and values (``file:line:col: CODE message``)."""
from __future__ import annotations

import re
from collections.abc import Collection
from pathlib import Path
from typing import Any

from ..core.context import unknown_key
from ..core.errors import Diagnostic
from ..core.text import close_matches
from .declare import TYPE_WORDS, Key, shown, type_ok
from .files import Budget, NotText, Refused, read_text
from .model import Where
from .yamlcache import file_cache
from .yamlpos import NULL_TAG, YMap


class FileContext:
    """Diagnostics for one file, positioned on its keys and values."""

    def __init__(self, path: str, text: str, sink: list[Diagnostic]) -> None:
        self.path = path
        self.lines = text.split("\n")
        self.sink = sink

    def error(self, pos: tuple[int, int], code: str, message: str, hint: str = "") -> None:
        line, col = pos
        source = self.lines[line - 1] if 0 < line <= len(self.lines) else ""
        self.sink.append(Diagnostic(file=self.path, line=line, column=col, code=code, message=message, hint=hint, source_line=source))

    def where(self, pos: tuple[int, int]) -> Where:
        return Where(self.path, pos[0], pos[1])

    def check_keys(self, data: YMap, keys: dict[str, Key], what: str, required: tuple[str, ...] = (),
                   context_keys: bool = False) -> bool:
        """Report each unknown key, value of the wrong type or not allowed, and missing key of ``data``
        (``what``: ``a fan file``, ...). ``context_keys``: the keys are the win context's, whose unknown
        key every surface refuses in the same sentence (``core.context.unknown_key``)."""
        ok = True
        for key in data:
            if key not in keys:
                self._unknown(data, key, keys, what, context_keys)
                ok = False
            elif data[key] is None and data.nodes[key].tag != NULL_TAG:
                continue  # an unsafe or too deep value, already reported by read_yaml
            elif not self._value_ok(data, key, keys[key]):
                ok = False
        for key in required or tuple(k for k, spec in keys.items() if spec.required):
            if key not in data:
                self.error(data.start, "R004", f"missing key '{key}' in {what}", keys[key].description)
                ok = False
        return ok

    def _unknown(self, data: YMap, key: str, keys: dict[str, Key], what: str, context_keys: bool) -> None:
        if context_keys:
            self.error(data.key_pos[key], "R003", str(unknown_key(key, keys)), f"the keys of {what}: {', '.join(keys)}")
            return
        close = close_matches(key, list(keys), cutoff=0.6)
        hint = f"did you mean '{close[0]}'?" if close else f"allowed keys: {', '.join(keys)}"
        self.error(data.key_pos[key], "R003", f"unknown key '{key}' in {what}", hint)

    def _value_ok(self, data: YMap, key: str, spec: Key) -> bool:
        value = data[key]
        if not type_ok(value, spec.type):
            self.error(data.value_pos[key], "R005", f"'{key}' must be {TYPE_WORDS[spec.type]}, not {shown(value)}")
            return False
        if spec.enum and value not in spec.enum:
            close = close_matches(str(value), [str(e) for e in spec.enum], cutoff=0.6)
            self.error(data.value_pos[key], "R005", f"'{key}' must be one of {', '.join(map(str, spec.enum))}, not {shown(value)}",
                       f"did you mean '{close[0]}'?" if close else "")
            return False
        if spec.type == "integer" and not ((spec.minimum is None or value >= spec.minimum) and (spec.maximum is None or value <= spec.maximum)):
            self.error(data.value_pos[key], "R005", f"'{key}' must be {spec.minimum}..{spec.maximum}, not {value}", spec.description)
            return False
        return True


#: The first key of a file: a word (quoted or not, perhaps opening a flow mapping) followed by a colon.
_FIRST_KEY = re.compile(r"""\{?\s*(["']?)([A-Za-z_][A-Za-z0-9_]*)\1\s*:(?:\s|$)""")


def rule_file_start(text: str, keys: Collection[str]) -> bool | None:
    """Whether ``text`` opens as a rule file does: its first line that is not blank, a comment or a
    YAML marker (``---``, ``%YAML``) starts with one of ``keys``. None for a file of no such line
    (empty, or comments only), which read_rule_file reports as empty. Checked before the text is
    parsed, cached or quoted, so that a file that is not a rule file never has a line of it shown."""
    for line in text.lstrip("\ufeff").split("\n"):
        content = line.strip()
        if content.startswith("---"):
            content = content[3:].strip()
        if not content or content.startswith(("#", "%")):
            continue
        match = _FIRST_KEY.match(content)
        return match is not None and match.group(2) in keys
    return None


def not_a_rule_set(path: Path, why: str, code: str = "R018") -> Diagnostic:
    """The diagnostic of a file that is not a rule file: the reason only, no line of the file."""
    return Diagnostic(file=str(path), line=1, column=1, code=code, message=f"not a rule set: {why}",
                      hint="a rule-set path names a rule set (a folder with ruleset.yaml), never another file")


def read_rule_file(path: Path, sink: list[Diagnostic], folder: Path, budget: Budget,
                   keys: Collection[str], what: str) -> tuple[Any, FileContext | None]:
    """A rule file of the rule set in ``folder``, read within the limits of files.py, whose first key
    is one of ``keys`` (those of ``what``: a rule-set or a fan file); any other file is "not a rule
    set", unquoted."""
    try:
        text = read_text(path, folder, budget)
    except NotText as err:
        sink.append(not_a_rule_set(path, str(err), err.code))
        return None, None
    except Refused as err:
        sink.append(Diagnostic(file=str(path), line=1, column=1, code=err.code, message=f"cannot read the file: {err}",
                               hint="a rule set reads only regular files inside its own folder"))
        return None, None
    if rule_file_start(text, keys) is False:
        sink.append(not_a_rule_set(path, f"it does not start with a key of {what}"))
        return None, None
    data, diags = file_cache().read(str(path), text)  # read_yaml(str(path), text), kept on disk (see yamlcache.py)
    sink.extend(diags)
    ctx = FileContext(str(path), text, sink)
    if data is None and not diags:
        ctx.error((1, 1), "R004", "the file is empty", "a rule file is a mapping of keys to values")
    elif data is not None and not isinstance(data, YMap):
        ctx.error((1, 1), "R005", "a rule file must be a mapping of keys to values")
        return None, ctx
    return data, ctx
