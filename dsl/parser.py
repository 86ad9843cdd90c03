"""Parse predicate text into the AST, reporting syntax errors as Diagnostics."""
from __future__ import annotations

import re
from contextlib import suppress
from functools import lru_cache
from importlib import resources
from typing import Any

from lark import Lark, Token, Tree, v_args
from lark.exceptions import UnexpectedCharacters, UnexpectedToken, VisitError
from lark.lexer import PatternStr
from lark.tree import Meta
from lark.visitors import Transformer_NonRecursive

from ..core.tiles import TILE_INDEX, Z_CODES
from . import ast
from .builtins import REGISTRY
from .diagnostics import NO_ORIGIN, Diagnostic, Origin

#: Terminals that start a value; operators and punctuation in the order messages list them.
VALUE_STARTS = frozenset({"NAME", "INT", "TILE"})
STARTS_A_VALUE = VALUE_STARTS | {"LPAR", "NOT", "ALL", "ANY", "COUNT", "MIN", "MAX"}
OPERATOR_ORDER = ("and", "or", "==", "!=", "<", "<=", ">", ">=", "in", "+", "-", "*")
PUNCTUATION_ORDER = (",", ")", ":", "where", "in")

#: How a rule with a keyword reads, for messages about a missing keyword.
KEYWORD_FORMS = {
    "where": "an each rule reads: each a, b in chows where <condition>",
    ":": "a quantifier reads: all(t in tiles: <condition>), and likewise any, count, min and max",
    "(": "a quantifier reads: all(t in tiles: <condition>), and likewise any, count, min and max",
    "in": "write the names, then 'in' and a collection: each a, b in chows where ..., all(t in tiles: ...)",
    "not in": "'not in' asks that something is not among the items of a collection: t not in honours",
}

#: Hints for characters that are not part of the language but look like operators of other languages.
CHARACTER_HINTS = {
    "=": "write == to test whether two things are equal",
    "!": "write != for 'differs from', or 'not' before a condition",
    "&": "write 'and'",
    "|": "write 'or'",
    "[": "write collections in parentheses: rank(a) in (1, 9)",
    "{": "write collections in parentheses: rank(a) in (1, 9)",
    "/": "there is no division; compare with * instead, e.g. 2 * size(pungs) >= size(sets)",
    "'": "tiles and names are written without quotes, e.g. 5m or chows",
    '"': "tiles and names are written without quotes, e.g. 5m or chows",
}

#: Limits that keep every predicate small and quick to check (a hostile rule file cannot exhaust time).
MAX_PREDICATE_CHARS = 4000
#: Operations nested in one another (see ``_too_deep``).
MAX_NESTING = 40
#: The rules of operator words, which nest nothing.
OPERATOR_RULES = frozenset({"comp_op", "add_op", "mul_op", "quantifier_word"})


@lru_cache(maxsize=1)
def grammar() -> Lark:
    """The LALR parser, built once per process from ``grammar.lark``."""
    text = resources.files(__package__).joinpath("grammar.lark").read_text(encoding="utf-8")
    return Lark(text, parser="lalr", propagate_positions=True, maybe_placeholders=True)


def _pos(meta_or_token: object) -> ast.Pos:
    return ast.Pos(getattr(meta_or_token, "line", 1), getattr(meta_or_token, "column", 1))


class BadWord(Exception):
    def __init__(self, token: Token) -> None:
        self.token = token


class _ToAst(Transformer_NonRecursive[Token, ast.Node]):
    """Lark tree to AST nodes; single-child wrapper nodes pass their child through."""

    def start(self, children: list[ast.Node]) -> ast.Node:
        return children[0]

    @v_args(meta=True)
    def hand_rule(self, meta: Meta, children: list[Any]) -> ast.Node:
        return ast.HandRule(_pos(meta), children[0])

    @v_args(meta=True)
    def each_rule(self, meta: Meta, children: list[Any]) -> ast.Node:
        names = children[:-2]
        return ast.EachRule(pos=_pos(meta), names=tuple(str(n) for n in names), name_pos=tuple(_pos(n) for n in names),
                            source=children[-2], cond=children[-1])

    @v_args(meta=True)
    def or_(self, meta: Meta, children: list[Any]) -> ast.Node:
        return children[0] if len(children) == 1 else ast.BoolOp(_pos(meta), "or", tuple(children))

    @v_args(meta=True)
    def and_(self, meta: Meta, children: list[Any]) -> ast.Node:
        return children[0] if len(children) == 1 else ast.BoolOp(_pos(meta), "and", tuple(children))

    @v_args(meta=True)
    def not_(self, meta: Meta, children: list[Any]) -> ast.Node:
        return ast.Not(_pos(meta), children[0])

    @v_args(meta=True)
    def compare(self, meta: Meta, children: list[Any]) -> ast.Node:
        if len(children) == 1:
            only: ast.Node = children[0]
            return only
        operands = tuple(children[0::2])
        op_trees = children[1::2]
        ops = tuple(" ".join(str(t) for t in op.children) for op in op_trees)
        return ast.Compare(_pos(meta), operands, ops, tuple(_pos(op.children[0]) for op in op_trees))

    @v_args(meta=True)
    def arith(self, meta: Meta, children: list[Any]) -> ast.Node:
        node: ast.Node = children[0]
        for op, right in zip(children[1::2], children[2::2]):
            tok = op.children[0]
            node = ast.Arith(pos=node.pos, op=str(tok), left=node, right=right, op_pos=_pos(tok))
        return node

    @v_args(meta=True)
    def neg(self, meta: Meta, children: list[Any]) -> ast.Node:
        return ast.Neg(_pos(meta), children[0])

    def int_lit(self, children: list[Any]) -> ast.Node:
        tok = children[0]
        return ast.IntLit(_pos(tok), int(tok))

    def tile_lit(self, children: list[Any]) -> ast.Node:
        tok = children[0]
        text = str(tok)
        return ast.TileLit(_pos(tok), TILE_INDEX[Z_CODES.get(text, text)], text)

    def bad_word(self, children: list[Token]) -> ast.Node:
        raise BadWord(children[0])

    def name(self, children: list[Any]) -> ast.Node:
        tok = children[0]
        return ast.Name(_pos(tok), str(tok))

    def call(self, children: list[Any]) -> ast.Node:
        tok = children[0]
        return ast.Call(_pos(tok), str(tok), tuple(c for c in children[1:] if c is not None))

    def quantifier(self, children: list[Any]) -> ast.Node:
        word_tree, var, source, body = children
        word = word_tree.children[0]
        return ast.Quantifier(pos=_pos(word), word=str(word), var=str(var), var_pos=_pos(var), source=source, body=body)

    @v_args(meta=True)
    def tuple_lit(self, meta: Meta, children: list[Any]) -> ast.Node:
        return ast.TupleLit(_pos(meta), tuple(c for c in children if c is not None))


@lru_cache(maxsize=1)
def _literals() -> dict[str, str]:
    """Terminal name to its text for the fixed terminals (keywords, operators, punctuation)."""
    return {t.name: t.pattern.value for t in grammar().terminals if isinstance(t.pattern, PatternStr)}


def _expected(tokens: set[str]) -> str:
    """What the parser would have accepted, in words."""
    if tokens & VALUE_STARTS:
        return "a name, a number, a tile or '('"
    literals = _literals()
    texts = {literals[t] for t in tokens if t in literals}
    operators = [op for op in OPERATOR_ORDER if op in texts and (op != "in" or "==" in texts)]
    words = [f"'{p}'" for p in PUNCTUATION_ORDER if p in texts and p not in operators]
    if operators:
        words.append("an operator such as " + ", ".join(operators[:4]))
    if "$END" in tokens:
        words.append("the end of the predicate")
    if not words:  # e.g. only '(' after a quantifier word
        words = [f"'{t}'" for t in sorted(texts)] or ["something else"]
    return ", ".join(words[:-1]) + " or " + words[-1] if len(words) > 1 else words[0]


def _missing_keyword(accepted: set[str]) -> str | None:
    """The keyword (or the '(' of a quantifier) that belongs where the parser met something else."""
    if "WHERE" in accepted:
        return "where"
    if "COLON" in accepted:
        return ":"
    if "IN" in accepted and "AND" not in accepted:
        return "in"
    return "(" if accepted == {"LPAR"} else None


def _keyword_hint(keyword: str, before: list[Token]) -> str:
    """How the construct that needs ``keyword`` reads."""
    return KEYWORD_FORMS["not in" if keyword == "in" and before and before[-1].type == "NOT" else keyword]


def _tokens(text: str) -> list[Token]:
    """The tokens of ``text`` up to the first character that starts none."""
    out: list[Token] = []
    with suppress(UnexpectedCharacters):
        out.extend(grammar().lex(text))
    return out


def _unclosed(tokens: list[Token]) -> Token | None:
    """The last '(' of ``tokens`` that they never close."""
    stack: list[Token] = []
    for tok in tokens:
        if tok.type == "LPAR":
            stack.append(tok)
        elif tok.type == "RPAR" and stack:
            stack.pop()
    return stack[-1] if stack else None


def _paren_too_deep(text: str) -> tuple[int, int] | None:
    """Line and column of the first '(' nested more than MAX_NESTING deep (comments skipped). The parse
    tree keeps no node for a parenthesised expression, so ``_too_deep`` cannot see these levels."""
    depth = 0
    for line_no, line in enumerate(text.split("\n"), 1):
        for col, ch in enumerate(line.split("#", 1)[0], 1):
            if ch == "(":
                depth += 1
                if depth > MAX_NESTING:
                    return line_no, col
            elif ch == ")":
                depth = max(0, depth - 1)
    return None


def _too_deep(tree: Tree[Token]) -> Tree[Token] | None:
    """The first node nested more than MAX_NESTING operations deep, so that checking and evaluating
    stay shallow. A chain such as a + b + c counts one level per operator (it nests to the left)."""
    stack: list[tuple[Tree[Token], int]] = [(tree, 0)]
    while stack:
        node, depth = stack.pop()
        depth += (len(node.children) - 1) // 2 if node.data == "arith" else 1
        if depth > MAX_NESTING:
            return node
        stack.extend((c, depth) for c in reversed(node.children) if isinstance(c, Tree) and c.data not in OPERATOR_RULES)
    return None


def _bad_word(tok: Token, text: str, origin: Origin) -> Diagnostic:
    word = str(tok)
    if word[0].isdigit():
        message, hint = f"unknown tile '{word}'", "tiles are written 1m..9m, 1p..9p, 1s..9s, E S W N C F P (or 1z..7z)"
    elif word.lower() in REGISTRY:
        message, hint = f"unknown name '{word}'", f"did you mean '{word.lower()}'? names are written in lower case"
    else:
        message, hint = f"unknown tile or name '{word}'", "honour tiles are E S W N C F P; names are written in lower case"
    return origin.diagnostic(tok.line, tok.column, "P003", message, hint, text)


def parse(text: str, origin: Origin = NO_ORIGIN) -> tuple[ast.Node | None, list[Diagnostic]]:
    """Parse a predicate. Returns the rule node, or None with the diagnostics that explain why."""
    if not re.sub(r"#[^\n]*", "", text).strip():
        return None, [origin.diagnostic(1, 1, "P000", "the predicate is empty", "write a yes/no question, a count, or an each ... where ... rule", text)]
    if len(text) > MAX_PREDICATE_CHARS:
        return None, [origin.diagnostic(1, 1, "P008", f"the predicate is {len(text)} characters long; the limit is {MAX_PREDICATE_CHARS}", "split the idea into simpler conditions", text)]
    deep_paren = _paren_too_deep(text)
    if deep_paren is not None:
        return None, [origin.diagnostic(*deep_paren, "P009", f"the predicate nests more than {MAX_NESTING} levels of parentheses",
                                        "split it into simpler conditions joined by 'and' or 'or'", text)]
    try:
        tree = grammar().parse(text)
    except UnexpectedCharacters as err:
        at = err.pos_in_stream or 0
        ch = text[at] if at < len(text) else "?"
        hint = CHARACTER_HINTS.get(ch, "predicates use names, numbers, tiles, ( ) , : and the operators == != < <= > >= + - * and or not in")
        return None, [origin.diagnostic(err.line, err.column, "P001", f"unexpected character '{ch}'", hint, text)]
    except UnexpectedToken as err:
        return None, [_token_error(err, text, origin)]
    deep = _too_deep(tree)
    if deep is not None:
        return None, [origin.diagnostic(deep.meta.line, deep.meta.column, "P009", f"the predicate nests operations more than {MAX_NESTING} levels deep",
                                        "split it into simpler conditions joined by 'and' or 'or'; a repeated 'not' or '-' cancels out", text)]
    try:
        return _ToAst().transform(tree), []
    except VisitError as err:
        if isinstance(err.orig_exc, BadWord):
            return None, [_bad_word(err.orig_exc.token, text, origin)]
        raise


def _token_error(err: UnexpectedToken, text: str, origin: Origin) -> Diagnostic:
    accepted = set(err.interactive_parser.accepts())  # type: ignore[no-untyped-call]  # lark leaves accepts() unannotated
    token = err.token
    at_end = token.type == "$END"
    before = _tokens(text if at_end else text[: token.start_pos])
    bad = next((t for t in before if t.type == "BAD_WORD"), None)
    if bad is not None:  # a misspelt tile or name is the likelier mistake
        return _bad_word(bad, text, origin)
    keyword = _missing_keyword(accepted)
    if at_end:
        last = before[-1]
        unclosed = _unclosed(before)
        if unclosed and "RPAR" in accepted:
            line, column = origin.position(unclosed.line, unclosed.column)
            return origin.diagnostic(last.end_line, last.end_column, "P004", f"missing ')' to close the '(' at line {line}, column {column}",
                                     "add the closing parenthesis", text)
        if accepted & VALUE_STARTS:
            return origin.diagnostic(last.line, last.column, "P005", f"the predicate ends after '{last}': something is missing after it",
                                     f"complete it with {_expected(accepted)}", text)
        hint = _keyword_hint(keyword, before) if keyword else f"continue with {_expected(accepted)}"
        return origin.diagnostic(last.line, last.column, "P007", f"the predicate ends after '{last}' before the rule is complete", hint, text)
    word = str(token)
    if token.type == "RPAR" and _unclosed(before) is None:
        return origin.diagnostic(token.line, token.column, "P006", "unmatched ')'", "remove it or add the '(' it closes", text)
    if accepted & VALUE_STARTS:
        return origin.diagnostic(token.line, token.column, "P005", f"something is missing before '{word}'",
                                 f"write {_expected(accepted)} before '{word}'", text)
    if keyword:
        return origin.diagnostic(token.line, token.column, "P007", f"'{keyword}' is missing before '{word}'", _keyword_hint(keyword, before), text)
    if token.type in STARTS_A_VALUE:
        return origin.diagnostic(token.line, token.column, "P002", f"an operator is missing before '{word}'",
                                 f"put {_expected(accepted - {'$END'})} between '{before[-1]}' and '{word}'", text)
    return origin.diagnostic(token.line, token.column, "P002", f"unexpected '{word}'", f"expected {_expected(accepted)} here", text)
