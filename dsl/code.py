"""Generated code with named parts: the code generator's small builder.

The compiler writes most code as text from fixed templates, but a keyed rule's body (dsl/compiler.py)
names things that only the fused memo that runs it can name: the lists, indices, bits and counts of the
views of its collection's items, and where its instances go (dsl/fused.py). Such a body is a ``Code``:
text fragments and ``Ref`` parts, each a kind of name and a number (``Ref("view", 0)``: the list of
the values of the rule's first view). The memo renders it by joining the text with the names it gives
each part (``render``): nothing is looked for in the text, nothing renamed."""
from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import NamedTuple, Union


class Ref(NamedTuple):
    """A name that the renderer gives: its ``kind`` (``view``, ``index``, ``size``, ``values``, ``bits``,
    ``excess``, ``found``, ``alone``) and a number (the view's place in the rule's views; the item's
    depth for ``alone``)."""

    kind: str
    number: int = 0


#: A part of code as kept in a record: text, or a reference (a ``Ref``, or the plain pair a document reads back).
Part = str | tuple[str, int]
Piece = Union[str, Ref, "Code"]


class Code:
    """Code as parts: text and references, adjacent text joined, empty text left out."""

    __slots__ = ("parts",)

    def __init__(self, *pieces: Piece) -> None:
        parts: list[Part] = []
        for piece in pieces:
            for part in piece.parts if isinstance(piece, Code) else (piece,):
                if not isinstance(part, str):
                    parts.append(part)
                elif part and parts and isinstance(parts[-1], str):
                    parts[-1] += part
                elif part:
                    parts.append(part)
        self.parts: tuple[Part, ...] = tuple(parts)

    def __add__(self, other: Piece) -> Code:
        return Code(self, other)

    def __radd__(self, other: Piece) -> Code:
        return Code(other, self)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Code) and self.parts == other.parts

    def __hash__(self) -> int:
        return hash(self.parts)

    def __repr__(self) -> str:
        return f"Code{self.parts!r}"

    def text(self) -> str:
        """The code of parts that are all text (a reference here is a bug of the generator)."""
        if any(not isinstance(part, str) for part in self.parts):
            raise ValueError(f"code with names left to give: {self!r}")
        return "".join(part for part in self.parts if isinstance(part, str))


def join(separator: str, pieces: Iterable[Piece]) -> Code:
    """The pieces with ``separator`` between them."""
    out: list[Piece] = []
    for piece in pieces:
        if out:
            out.append(separator)
        out.append(piece)
    return Code(*out)


def render(parts: Sequence[Part], name: Callable[[str, int, str], str]) -> str:
    """The text of ``parts``, each reference replaced by ``name(kind, number, pad)``, ``pad`` the
    indentation of its line (a name of several lines is indented as its first)."""
    out: list[str] = []
    pad = ""
    for part in parts:
        if isinstance(part, str):
            out.append(part)
            line = part.rpartition("\n")[2]
            pad = line if "\n" in part else pad + line
            continue
        kind, number = part
        given = name(kind, number, pad[:len(pad) - len(pad.lstrip(" "))])
        out.append(given)
        pad += given
    return "".join(out)
