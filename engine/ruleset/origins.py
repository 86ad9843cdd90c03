"""Where a predicate stands in its YAML file, so that its diagnostics point into the file: inline,
quoted, or a ``|`` or ``>`` block (a ``>`` block is read line by line as written, not folded)."""
from __future__ import annotations

from typing import Any

from ..dsl import Origin
from .yamlpos import YMap


def predicate_origin(path: str, lines: list[str], data: YMap, key: str) -> tuple[Origin, str | None]:
    """Where the predicate under ``key`` starts in its file, and for a folded block the text to read
    instead of the folded value."""
    node = data.nodes[key]
    line, col = data.value_pos[key]
    style = getattr(node, "style", None)
    if style in ("|", ">"):
        first = line  # the line of the '|' indicator; content starts below it
        for i in range(line, len(lines)):
            if lines[i].strip():
                first = i + 1
                break
        indent = len(lines[first - 1]) - len(lines[first - 1].lstrip(" "))
        text = _block_lines(lines, node, first, indent) if style == ">" else None
        return Origin(file=path, line=first, column=indent + 1, file_lines=tuple(lines), block=True), text
    if style in ('"', "'"):
        col += 1
    return Origin(file=path, line=line, column=col, file_lines=tuple(lines), block=False), None


def _block_lines(lines: list[str], node: Any, first: int, indent: int) -> str:
    """A block predicate's text line by line as the file shows it: a folded (``>``) block is not
    folded, so that positions and ``#`` comments hold line by line as for ``|``."""
    block = lines[first - 1 : node.end_mark.line]
    while block and not block[-1].strip():
        block.pop()
    return "\n".join(line[indent:] for line in block) + "\n"
