"""Typical mistakes of rule authors: each pins the code, the position, the message and the hint."""
from __future__ import annotations

import re
import textwrap
from pathlib import Path
from typing import NamedTuple

import pytest

from fanrules import dsl
from fanrules.dsl import CODES, Diagnostic, DiagnosticError, Origin, compile_predicate
from fanrules.dsl.checker import MAX_COST
from fanrules.dsl.parser import MAX_NESTING, MAX_PREDICATE_CHARS


class Mistake(NamedTuple):
    name: str
    text: str
    code: str
    line: int
    column: int
    message: str
    hint: str


LONG = "self_drawn or " * 300 + "self_drawn"
DEEP = "not " * 45 + "self_drawn"

MISTAKES = [
    # misspelt and unknown words
    Mistake("misspelt function", "sise(chows) == 4", "P102", 1, 1, "unknown function 'sise'", "did you mean 'size'?"),
    Mistake("misspelt word", "self_drawm and last_tile", "P101", 1, 1, "unknown name 'self_drawm'", "did you mean 'self_drawn'?"),
    Mistake("capitalised name", "Size(chows) == 4", "P003", 1, 1, "unknown name 'Size'", "did you mean 'size'? names are written in lower case"),
    Mistake("unknown tile 10p", "10p in tiles", "P003", 1, 1, "unknown tile '10p'", "tiles are written 1m..9m, 1p..9p, 1s..9s, E S W N C F P (or 1z..7z)"),
    Mistake("unknown tile 8z", "copies(8z) == 1", "P003", 1, 8, "unknown tile '8z'", "tiles are written 1m..9m, 1p..9p, 1s..9s, E S W N C F P (or 1z..7z)"),
    Mistake("unknown tile X", "X in tiles", "P003", 1, 1, "unknown tile or name 'X'", "honour tiles are E S W N C F P; names are written in lower case"),
    Mistake("unbound set name", "rank(a) == 1", "P101", 1, 6, "unknown name 'a'", "bind 'a' first: each a in sets where ..., or all(a in sets: ...)"),
    # parentheses and operators
    Mistake("missing parenthesis", "size(chows == 4", "P004", 1, 16, "missing ')' to close the '(' at line 1, column 5", "add the closing parenthesis"),
    Mistake("missing inner parenthesis", "any(t in tiles: t in (1m, 9m) and self_drawn", "P004", 1, 45,
            "missing ')' to close the '(' at line 1, column 4", "add the closing parenthesis"),
    Mistake("unmatched parenthesis", "size(chows)) == 4", "P006", 1, 12, "unmatched ')'", "remove it or add the '(' it closes"),
    Mistake("dangling operator", "self_drawn and", "P005", 1, 12, "the predicate ends after 'and': something is missing after it",
            "complete it with a name, a number, a tile or '('"),
    Mistake("dangling comparison", "size(chows) >=", "P005", 1, 13, "the predicate ends after '>=': something is missing after it",
            "complete it with a name, a number, a tile or '('"),
    Mistake("missing argument", "size(chows,)", "P005", 1, 12, "something is missing before ')'", "write a name, a number, a tile or '(' before ')'"),
    Mistake("missing operator", "size(chows) == 4 self_drawn", "P002", 1, 18, "an operator is missing before 'self_drawn'",
            "put an operator such as and, or, ==, != between '4' and 'self_drawn'"),
    Mistake("single equals", "size(chows) = 4", "P001", 1, 13, "unexpected character '='", "write == to test whether two things are equal"),
    Mistake("double ampersand", "self_drawn && last_tile", "P001", 1, 12, "unexpected character '&'", "write 'and'"),
    # the keywords of each rules and quantifiers
    Mistake("missing where", "each a in chows rank(a) == 1", "P007", 1, 17, "'where' is missing before 'rank'",
            "an each rule reads: each a, b in chows where <condition>"),
    Mistake("missing colon", "all(t in tiles t in honours)", "P007", 1, 16, "':' is missing before 't'",
            "a quantifier reads: all(t in tiles: <condition>), and likewise any, count, min and max"),
    Mistake("missing in", "each a, b chows where tile(a) == tile(b)", "P007", 1, 11, "'in' is missing before 'chows'",
            "write the names, then 'in' and a collection: each a, b in chows where ..., all(t in tiles: ...)"),
    Mistake("each without condition", "each a in chows", "P007", 1, 11, "the predicate ends after 'chows' before the rule is complete",
            "an each rule reads: each a, b in chows where <condition>"),
    Mistake("quantifier without parentheses", "count p in pungs: concealed(p)", "P007", 1, 7, "'(' is missing before 'p'",
            "a quantifier reads: all(t in tiles: <condition>), and likewise any, count, min and max"),
    Mistake("not without in", "win_tile not honours", "P007", 1, 14, "'in' is missing before 'honours'",
            "'not in' asks that something is not among the items of a collection: t not in honours"),
    # functions and words
    Mistake("wrong argument kind", "suit(5) == dots", "P104", 1, 6, "argument 1 of suit() must be a tile or a set, not a number", "e.g. suit(a) == suit(b)"),
    Mistake("argument spelt like another word", "size(chow) == 4", "P104", 1, 6, "size() needs a collection, not a set kind",
            "did you mean 'chows'? e.g. size(chows) == 4"),
    Mistake("same on different kinds", "same(1, 1m)", "P104", 1, 9, "same() compares a number with a tile", "give it values of one type"),
    Mistake("wrong arity", "each a, b in chows where rank(a, b) == 1", "P103", 1, 26, "rank() takes 1 argument, got 2",
            "rank() takes a tile or a set, e.g. rank(a) == 1"),
    Mistake("too few arguments", "same(suit(win_tile))", "P103", 1, 1, "same() takes at least 2 arguments, got 1",
            "same() takes two or more values of one type, e.g. same(suit(a), suit(b), suit(c))"),
    Mistake("function without parentheses", "rank == 3", "P111", 1, 1, "'rank' is a function and needs arguments in parentheses",
            "give it a tile or a set in parentheses, e.g. rank(a) == 1"),
    Mistake("constant with parentheses", "self_drawn()", "P111", 1, 1, "'self_drawn' takes no arguments",
            "write it without parentheses, e.g. self_drawn and last_tile"),
    Mistake("name called", "each a in chows where a(1)", "P111", 1, 23, "'a' names a set, not a function", "use it without parentheses"),
    # names bound by each rules and quantifiers
    Mistake("shadowed name", "each a in chows where any(a in pungs: tile(a) == 1m)", "P112", 1, 27,
            "'a' already names another item in this rule", "give each item its own name, e.g. b"),
    Mistake("name bound twice", "each a, a in chows where tile(a) == 1m", "P112", 1, 9,
            "'a' already names another item in this rule", "give each item its own name, e.g. b"),
    Mistake("builtin as name", "all(tiles in chows: rank(tiles) == 1)", "P112", 1, 5,
            "'tiles' is a builtin and cannot name an item", "choose a name that is not a builtin, e.g. a"),
    Mistake("too many names", "each a, b, c, d, e in sets where tile(a) == 1m", "P117", 1, 18, "an each rule binds at most 4 names",
            "a fan combines at most four sets; remove the extra names"),
    # comparisons
    Mistake("set compared with a number", "win_set == 3", "P105", 1, 9, "cannot compare a set with a number",
            "use tile(win_set), rank(win_set), suit(win_set) or kind(win_set) to get something comparable"),
    Mistake("tile compared with a number", "win_tile == 5", "P105", 1, 10, "cannot compare a tile with a number",
            "use rank(win_tile) to get the number of a tile"),
    Mistake("number looked for in tiles", "1 in tiles", "P105", 1, 3, "cannot look for a number in a collection of tiles",
            "the left side must be a tile to look for it in a collection of tiles"),
    Mistake("ordering tiles", "win_tile < 5m", "P116", 1, 10, "'<' orders numbers, not a tile",
            "compare numbers such as ranks: rank(win_tile) < rank(5m)"),
    Mistake("two sets compared", "each a, b in chows where a == b", "P118", 1, 28, "'==' cannot compare two sets",
            "compare what they are made of: tile(a) == tile(b), or their kinds or suits"),
    Mistake("two collections compared", "chows == pungs", "P118", 1, 7, "'==' cannot compare two collections",
            "compare their sizes, size(chows) == size(pungs), or test their items with all(...) or any(...)"),
    Mistake("in without a collection", "1 in 2", "P108", 1, 6, "'in' needs a collection on its right, not a number", "e.g. t in honours, rank(a) in (1, 9)"),
    # arithmetic and yes/no
    Mistake("arithmetic on a tile", "win_tile + 1 == 2", "P106", 1, 1, "'+' needs numbers, not a tile", "use rank(...) or size(...) to get a number"),
    Mistake("minus on a tile", "-win_tile == 1", "P106", 1, 1, "'-' needs a number, not a tile", "use rank(...) or size(...) to get a number"),
    Mistake("and on a number", "3 and self_drawn", "P107", 1, 1, "'and' needs yes/no values on both sides, not a number",
            "compare the value with something, e.g. size(chows) == 4"),
    Mistake("not on a number", "not size(chows)", "P107", 1, 5, "'not' needs a yes/no value, not a number",
            "compare the value with something first, e.g. not size(chows) == 4"),
    Mistake("neither yes/no nor a count", "win_tile", "P113", 1, 1, "a predicate must be a yes/no question or a count, not a tile",
            "compare it with something, e.g. win_tile == 5m"),
    Mistake("where condition not yes/no", "each a in chows where rank(a)", "P113", 1, 23, "the condition after 'where' must be yes/no, not a number",
            "compare it with something, e.g. size(chows) == 4"),
    # quantifiers and collections
    Mistake("quantifier over a number", "all(x in 3: x == 1)", "P109", 1, 10, "all() needs a collection or a set after 'in', not a number",
            "use sets, chows, pungs, pairs, tiles, tile_kinds, a group such as honours, or (a, b, c)"),
    Mistake("each over one set", "each t in win_set where t == 5m", "P109", 1, 11, "each needs a collection after 'in', not a set",
            "use sets, chows, pungs, kongs, pairs, tiles or tile_kinds; for the tiles of one set write all(t in win_set: ...) or any(...)"),
    Mistake("min without a number", "min(p in pairs) == 1", "P110", 1, 1, "min() needs a number after ':'", "e.g. min(p in pairs: rank(p))"),
    Mistake("any without a condition", "any(t in tiles)", "P110", 1, 1, "any() needs a condition after ':'", "e.g. any(t in tiles: t in honours)"),
    Mistake("count of numbers", "count(t in tiles: rank(t)) > 1", "P110", 1, 19, "the condition of count() must be yes/no, not a number",
            "compare the value with something, e.g. count(p in pungs: rank(p) == 1)"),
    Mistake("mixed collection", "rank(win_tile) in (1, 9m)", "P115", 1, 23, "a collection mixes a number with a tile",
            "list items of one kind, e.g. (1, 9) or (1m, 9m)"),
    Mistake("empty collection", "win_tile in ()", "P115", 1, 13, "an empty collection", "list at least one item, e.g. (1, 9)"),
    # limits
    Mistake("too costly nested quantifiers", "all(a in tile_kinds: all(b in tile_kinds: all(c in tile_kinds: a == b or b == c)))", "P114", 1, 43,
            f"all() here could run its condition 39304 times per reading (the limit is {MAX_COST})",
            "nest fewer quantifiers, or go over smaller collections such as sets instead of tiles or tile_kinds"),
    Mistake("too costly each rule", "each a, b, c in tile_kinds where copies(a) == copies(b)", "P114", 1, 17,
            f"this each rule could try 35904 groups of items per reading (the limit is {MAX_COST})",
            "bind fewer names, or go over a smaller collection such as sets or chows"),
    Mistake("quantifiers too costly together", " or ".join(["any(a in tiles: any(b in tiles: any(c in tiles: a == b and b == c)))"] * 4), "P114", 1, 249,
            f"with this any() the conditions of the predicate could run 24697 times per reading in all (the limit is {MAX_COST})",
            "fewer quantifiers, or smaller collections such as sets instead of tiles or tile_kinds"),
    Mistake("count larger than a hand holds", "1000000 * size(tiles)", "P119", 1, 1,
            "this count could be 18000000; a fan applies at most 34 times in a hand",
            "count items of the hand, e.g. count(p in pungs: ...) or size(kongs)"),
    Mistake("count always negative", "0 - 5", "P120", 1, 1, "this count is always negative (at most -5); a fan applies 0 or more times",
            "count items of the hand, e.g. count(p in pungs: ...) or size(kongs)"),
    Mistake("over-long predicate", LONG, "P008", 1, 1, f"the predicate is {len(LONG)} characters long; the limit is {MAX_PREDICATE_CHARS}",
            "split the idea into simpler conditions"),
    Mistake("over-deep nesting", DEEP, "P009", 1, 4 * (MAX_NESTING - 1) + 1, f"the predicate nests operations more than {MAX_NESTING} levels deep",
            "split it into simpler conditions joined by 'and' or 'or'; a repeated 'not' or '-' cancels out"),
    Mistake("over-deep parentheses", "(" * 45 + "1" + ")" * 45 + " == 1", "P009", 1, MAX_NESTING + 1,
            f"the predicate nests more than {MAX_NESTING} levels of parentheses", "split it into simpler conditions joined by 'and' or 'or'"),
    Mistake("empty predicate", "", "P000", 1, 1, "the predicate is empty", "write a yes/no question, a count, or an each ... where ... rule"),
    Mistake("only a comment", "  # to do\n", "P000", 1, 1, "the predicate is empty", "write a yes/no question, a count, or an each ... where ... rule"),
]


def diagnostics(text: str, origin: Origin = Origin()) -> list[Diagnostic]:
    compiled, found = compile_predicate(text, origin)
    assert compiled is None
    return found


# One case per mistake a rule author makes (its name is the id), each with the exact diagnostic expected.
@pytest.mark.parametrize("mistake", MISTAKES, ids=[m.name for m in MISTAKES])
def test_mistake(mistake: Mistake) -> None:
    found = [(d.code, d.line, d.column, d.message, d.hint) for d in diagnostics(mistake.text)]
    assert found == [(mistake.code, mistake.line, mistake.column, mistake.message, mistake.hint)]


def test_every_code_has_a_pinned_mistake() -> None:
    assert {m.code for m in MISTAKES} == set(CODES)


def test_every_code_used_in_the_language_is_documented() -> None:
    folder = Path(dsl.__file__).parent
    source = "".join(p.read_text(encoding="utf-8") for p in folder.glob("*.py") if p.name != "diagnostics.py")
    used = set(re.findall(r'"(P\d{3})"', source))
    assert used == set(CODES)


def test_mistake_names_are_unique() -> None:
    assert len({m.name for m in MISTAKES}) == len(MISTAKES)


def test_a_mistake_is_reported_with_its_line_and_a_caret() -> None:
    (d,) = diagnostics("rank(a) == 1")
    assert d.format() == (
        "<predicate>:1:6: P101 unknown name 'a'\n"
        "    rank(a) == 1\n"
        "         ^\n"
        "    hint: bind 'a' first: each a in sets where ..., or all(a in sets: ...)"
    )


def test_several_mistakes_are_reported_together_in_file_order() -> None:
    found = diagnostics("rnk(a) == 1 and suit(5) == dots")
    assert [(d.code, d.column) for d in found] == [("P101", 5), ("P102", 1), ("P104", 22)]
    error = DiagnosticError(found)
    assert [(d.code, d.column) for d in error.diagnostics] == [("P102", 1), ("P101", 5), ("P104", 22)]


RULE_FILE = textwrap.dedent("""\
    fans:
      - name: a straight in one suit
        points: 16
        predicate: |
          each a, b, c in chows
            where same(suit(a), suit(b), suit(c))
              and rnk(a) == 1 and rank(b) == 4 and rank(c) == 7
      - name: the same with a parenthesis missing
        points: 16
        predicate: |
          each a, b, c in chows
            where same(suit(a), suit(b), suit(c)
              and rank(a) == 1 and rank(b) == 4 and rank(c) == 7
      - name: inline
        points: 1
        predicate: self_drawn and rnk(win_tile) == 1
    """)
FILE_LINES = tuple(RULE_FILE.splitlines())


def block_predicate(first_line: int) -> str:
    """The text YAML gives for the block predicate whose first line is ``first_line`` of the file."""
    lines = FILE_LINES[first_line - 1 : first_line + 2]
    return "\n".join(line[6:] for line in lines) + "\n"


def test_a_block_predicate_maps_its_third_line_to_the_file() -> None:
    origin = Origin("rules/mcr/fans/straight.yaml", 5, 7, FILE_LINES, block=True)
    (d,) = diagnostics(block_predicate(5), origin)
    assert (d.file, d.line, d.column, d.code, d.message) == ("rules/mcr/fans/straight.yaml", 7, 15, "P102", "unknown function 'rnk'")
    assert d.source_line == FILE_LINES[6]
    assert d.source_line[d.column - 1 :].startswith("rnk(a)")


def test_a_syntax_error_in_a_block_predicate_names_file_positions() -> None:
    origin = Origin("rules/mcr/fans/straight.yaml", 11, 7, FILE_LINES, block=True)
    (d,) = diagnostics(block_predicate(11), origin)
    assert (d.line, d.column, d.code, d.message) == (13, 61, "P004", "missing ')' to close the '(' at line 12, column 19")
    assert len(FILE_LINES[12]) == 60  # the ')' is missing right after the end of the line
    assert FILE_LINES[11][14:19] == "same("  # the unclosed parenthesis at column 19


def test_an_inline_predicate_maps_its_first_line_to_the_file() -> None:
    origin = Origin("rules/mcr/fans/straight.yaml", 16, 16, FILE_LINES)
    (d,) = diagnostics("self_drawn and rnk(win_tile) == 1", origin)
    assert (d.line, d.column, d.code) == (16, 31, "P102")
    assert d.source_line[d.column - 1 :].startswith("rnk(")
