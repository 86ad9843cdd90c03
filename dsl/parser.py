"""Parse predicate text into the AST, reporting syntax errors as Diagnostics."""
from __future__ import annotations

from functools import lru_cache
from importlib import resources

from lark import Lark, Token, Transformer, v_args
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken, VisitError

from ..tiles import TILE_INDEX, Z_CODES
from . import ast
from .diagnostics import Diagnostic, Origin

#: How terminals read in messages.
TERMINAL_WORDS = {
    "NAME": "a name",
    "INT": "a number",
    "TILE": "a tile",
    "LPAR": "'('",
    "RPAR": "')'",
    "COMMA": "','",
    "COLON": "':'",
    "$END": "the end of the predicate",
}

#: Limits that keep every predicate small and quick to check (a hostile rule file cannot exhaust time).
MAX_PREDICATE_CHARS = 4000
MAX_NESTING = 40


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


class _ToAst(Transformer):
    """Lark tree to AST nodes; single-child wrapper nodes pass their child through."""

    def start(self, children):
        return children[0]

    @v_args(meta=True)
    def hand_rule(self, meta, children):
        return ast.HandRule(_pos(meta), children[0])

    @v_args(meta=True)
    def each_rule(self, meta, children):
        names = [c for c in children[:-2]]
        return ast.EachRule(_pos(meta), tuple(str(n) for n in names), tuple(_pos(n) for n in names), children[-2], children[-1])

    @v_args(meta=True)
    def or_(self, meta, children):
        return children[0] if len(children) == 1 else ast.BoolOp(_pos(meta), "or", tuple(children))

    @v_args(meta=True)
    def and_(self, meta, children):
        return children[0] if len(children) == 1 else ast.BoolOp(_pos(meta), "and", tuple(children))

    @v_args(meta=True)
    def not_(self, meta, children):
        return ast.Not(_pos(meta), children[0])

    @v_args(meta=True)
    def compare(self, meta, children):
        if len(children) == 1:
            return children[0]
        operands = tuple(children[0::2])
        op_trees = children[1::2]
        ops = tuple(" ".join(str(t) for t in op.children) for op in op_trees)
        return ast.Compare(_pos(meta), operands, ops, tuple(_pos(op.children[0]) for op in op_trees))

    @v_args(meta=True)
    def arith(self, meta, children):
        node = children[0]
        for op, right in zip(children[1::2], children[2::2]):
            tok = op.children[0]
            node = ast.Arith(node.pos, str(tok), node, right, _pos(tok))
        return node

    @v_args(meta=True)
    def neg(self, meta, children):
        return ast.Neg(_pos(meta), children[0])

    def int_lit(self, children):
        tok = children[0]
        return ast.IntLit(_pos(tok), int(tok))

    def tile_lit(self, children):
        tok = children[0]
        text = str(tok)
        return ast.TileLit(_pos(tok), TILE_INDEX[Z_CODES.get(text, text)], text)

    def bad_word(self, children):
        raise BadWord(children[0])

    def name(self, children):
        tok = children[0]
        return ast.Name(_pos(tok), str(tok))

    def call(self, children):
        tok = children[0]
        return ast.Call(_pos(tok), str(tok), tuple(children[1:]))

    def quantifier(self, children):
        word_tree, var, source, body = children
        word = word_tree.children[0]
        return ast.Quantifier(_pos(word), str(word), str(var), _pos(var), source, body)

    @v_args(meta=True)
    def tuple_lit(self, meta, children):
        return ast.TupleLit(_pos(meta), tuple(c for c in children if c is not None))


def _expected(tokens: set[str]) -> str:
    words = sorted({TERMINAL_WORDS.get(t, None) or _literal(t) for t in tokens} - {None})
    if len(words) > 6:
        return "an operand or an operator"
    return ", ".join(words[:-1]) + (" or " if len(words) > 1 else "") + words[-1] if words else "something else"


def _literal(name: str) -> str | None:
    words = {
        "EQUAL": "==", "__ANON_0": None, "LESSTHAN": "<", "MORETHAN": ">", "PLUS": "+", "MINUS": "-", "STAR": "*",
        "AND": "and", "OR": "or", "NOT": "not", "IN": "in", "WHERE": "where", "EACH": "each",
    }
    if name in words:
        return f"'{words[name]}'" if words[name] else None
    if name.isupper() and name.isalpha():
        return f"'{name.lower()}'"
    return None


def _unclosed(text: str) -> tuple[int, int] | None:
    """Line and column of the last '(' that is never closed."""
    stack: list[tuple[int, int]] = []
    line, col = 1, 0
    for ch in text:
        col += 1
        if ch == "\n":
            line, col = line + 1, 0
        elif ch == "(":
            stack.append((line, col))
        elif ch == ")" and stack:
            stack.pop()
    return stack[-1] if stack else None


def _end_position(text: str) -> tuple[int, int]:
    stripped = text.rstrip()
    lines = stripped.split("\n")
    return len(lines), len(lines[-1]) + 1


def _nesting(text: str) -> int:
    depth = deepest = 0
    for ch in text:
        if ch == "(":
            depth += 1
            deepest = max(deepest, depth)
        elif ch == ")":
            depth -= 1
    return deepest


def parse(text: str, origin: Origin = Origin()) -> tuple[ast.Node | None, list[Diagnostic]]:
    """Parse a predicate. Returns the rule node, or None with the diagnostics that explain why."""
    if not text.strip():
        return None, [origin.diagnostic(1, 1, "P000", "the predicate is empty", "write a yes/no question, a count, or an each ... where ... rule", text)]
    if len(text) > MAX_PREDICATE_CHARS:
        return None, [origin.diagnostic(1, 1, "P008", f"the predicate is {len(text)} characters long; the limit is {MAX_PREDICATE_CHARS}", "split the idea into simpler conditions", text)]
    if _nesting(text) > MAX_NESTING:
        return None, [origin.diagnostic(1, 1, "P009", f"parentheses nest deeper than {MAX_NESTING} levels", "flatten the predicate", text)]
    try:
        tree = grammar().parse(text)
        return _ToAst().transform(tree), []
    except VisitError as err:
        if isinstance(err.orig_exc, BadWord):
            tok = err.orig_exc.token
            word = str(tok)
            if word[0].isdigit():
                message, hint = f"unknown tile '{word}'", "tiles are written 1m..9m, 1p..9p, 1s..9s, E S W N C F P (or 1z..7z)"
            else:
                message, hint = f"unknown tile or name '{word}'", "honour tiles are E S W N C F P; names of builtins are lower case"
            return None, [origin.diagnostic(tok.line, tok.column, "P003", message, hint, text)]
        raise
    except UnexpectedCharacters as err:
        ch = text[err.pos_in_stream] if err.pos_in_stream < len(text) else "?"
        return None, [origin.diagnostic(err.line, err.column, "P001", f"unexpected character '{ch}'", "predicates use names, numbers, tiles, ( ) , : and the operators == != < <= > >= + - * and or not in", text)]
    except (UnexpectedToken, UnexpectedEOF) as err:
        return None, [_token_error(err, text, origin)]
    except UnexpectedInput as err:  # pragma: no cover - other lark errors carry a position too
        return None, [origin.diagnostic(getattr(err, "line", 1), getattr(err, "column", 1), "P002", str(err).split("\n")[0], "", text)]


def _token_error(err: UnexpectedInput, text: str, origin: Origin) -> Diagnostic:
    expected = set(getattr(err, "expected", ()) or ())
    token = getattr(err, "token", None)
    at_end = token is None or token.type == "$END"
    if at_end:
        unclosed = _unclosed(text)
        line, col = _end_position(text)
        if unclosed and "RPAR" in expected:
            return origin.diagnostic(line, col, "P004", f"missing ')' to close the '(' at line {unclosed[0]}, column {unclosed[1]}", "add the closing parenthesis", text)
        last = text.rstrip().split()[-1] if text.strip() else ""
        return origin.diagnostic(line, max(1, col - len(last)), "P005", f"the predicate ends after '{last}': an operand is missing", f"complete it with {_expected(expected)}", text)
    word = str(token)
    if token.type == "RPAR" and _unclosed(text[: token.start_pos]) is None:
        return origin.diagnostic(token.line, token.column, "P006", "unmatched ')'", "remove it or add the '(' it closes", text)
    operand_expected = bool(expected & {"NAME", "INT", "TILE"})
    if operand_expected:
        return origin.diagnostic(token.line, token.column, "P005", f"expected an operand before '{word}'", f"an operator needs something on both sides; write {_expected(expected)} here", text)
    return origin.diagnostic(token.line, token.column, "P002", f"unexpected '{word}'", f"expected {_expected(expected)}", text)
