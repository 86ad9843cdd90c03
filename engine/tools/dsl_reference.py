"""Generate docs/dsl.md, the rule authors' reference of the predicate language, from the grammar,
the builtin registry and the diagnostic codes.

``python -m fanrules.tools.dsl_reference`` writes the file; ``--check`` exits 1 when it is stale."""
from __future__ import annotations

import argparse
import sys
from importlib import resources
from pathlib import Path

from lark.lexer import PatternStr

from ..core.tiles import HONOUR_CODES, SUIT_LETTERS, SUIT_NAMES, Z_CODES
from ..dsl import compile_predicate
from ..dsl.builtins import REGISTRY, Builtin, Level
from ..dsl.checker import MAX_EACH_NAMES, TYPE_WORDS, check
from ..dsl.cost import MAX_COST, MAX_COUNT
from ..dsl.diagnostics import CODES, Origin
from ..dsl.parser import MAX_NESTING, MAX_PREDICATE_CHARS, grammar, parse

#: docs/dsl.md of the source tree (an editable install), else of the current directory (a checkout).
DOC = next((root / "docs" / "dsl.md" for root in (Path(__file__).resolve().parents[2], Path.cwd()) if (root / "docs").is_dir()),
           Path.cwd() / "docs" / "dsl.md")

LEVEL_TEXT: dict[Level, tuple[str, str]] = {
    Level.PURE: ("Fixed words and functions of tiles and sets",
             "They depend on nothing about the hand: groups of tiles, suits, shapes, kinds of sets, and "
             "functions that look at one tile or one set."),
    Level.HAND: ("The hand and the win",
             "They depend on the tiles of the hand and on how it was won, not on how the tiles split into sets."),
    Level.READING: ("The reading: sets and pairs",
                "They depend on one reading of the hand, that is one way to split its tiles into sets and pairs. "
                "The engine asks every predicate on every reading and keeps the reading that scores most."),
    Level.LATE: ("The scoring so far",
             "They depend on the other fans counted in the reading; a predicate that uses them is asked after all others."),
}

INTRODUCTION = """\
Every fan of a rule set is an entry in a YAML file, and its `predicate` says when the fan counts.
A predicate is one short sentence in a small language made for mahjong players: it names tiles,
sets and pairs, and asks about them. The engine splits the winning hand into sets and pairs in
every possible way (each way is a *reading*), asks each predicate on each reading, and keeps the
reading that scores most. You never write a loop or any program code.

A predicate takes one of three forms.

1. **A yes/no question.** The fan counts once when the answer is yes.

   ```
   all(t in tiles: t in simples)
   ```

2. **A count.** The fan counts that many times (zero or less: not at all).

   ```
   count(p in pungs: tile(p) in dragons)
   ```

3. **An `each` rule** for fans made of several sets. It gives names to sets (or tiles) and says
   what they must be; every distinct group that fits is one instance of the fan.

   ```
   each a, b in chows where tile(a) == tile(b)
   ```

   A group is unordered: `a, b` and `b, a` are the same instance, and the engine tries every
   order for you, so write the condition in the order that reads best. An each rule names 1 to
   {max_names} items.

A predicate may run over several lines, and `#` starts a comment that runs to the end of the line.
"""

LITERALS = """\
- **Tiles**: {suits}; {honours} for the winds east, south, west, north and the dragons red, green,
  white. The hand notation's {z_codes} are accepted too and mean the same honours in that order.
- **Numbers**: `0`, `1`, `2`, ... (no fractions). Ranks are numbers: `rank(5m) == 5`.
- **Collections in parentheses**: `(1, 9)`, `(1m, 9m, E)`; one item needs a comma: `(5,)`. All items
  are of one kind.
- **Names** that you choose: lower-case words such as `a`, `b`, `p`, `t`, given by an `each` rule or a
  quantifier to the item it looks at. A name cannot be a builtin or one of the keywords.
"""

OPERATORS = """\
From the loosest to the tightest binding:

| operators | meaning |
|---|---|
| `or` | either side is yes |
| `and` | both sides are yes |
| `not` | yes becomes no and no becomes yes |
| `==` `!=` `<` `<=` `>` `>=` `in` `not in` | comparisons; they chain: `1 <= rank(a) <= 3` |
| `+` `-` | add and subtract numbers |
| `*` | multiply numbers |
| `-` before a value | the negative of a number |
| `f(...)`, quantifiers, `( )` | calls, quantifiers and parentheses bind first |

So `not a and b or c` reads `((not a) and b) or c`; use parentheses when in doubt.

- `==` and `!=` compare two things of one kind: two tiles, two numbers, two suits, two kinds. Sets
  and collections are not compared as a whole: compare `tile(a) == tile(b)` or `size(xs) == size(ys)`.
- `<`, `<=`, `>`, `>=` order numbers only: compare `rank(a) < rank(b)`, not tiles.
- `x in xs` asks whether `x` is one of the items of a collection, or one of the tiles of a set:
  `t in honours`, `rank(a) in (1, 9)`, `5m in win_set`.
"""

QUANTIFIERS = """\
A quantifier looks at every item of a collection (or every tile of one set), gives the item a
name, and answers about all of them:

| quantifier | answer | on an empty collection |
|---|---|---|
| `all(x in xs: condition)` | yes when the condition holds for every item | yes |
| `any(x in xs: condition)` | yes when it holds for at least one item | no |
| `count(x in xs: condition)` | how many items fit; `count(x in xs)` counts them all | 0 |
| `min(x in xs: number)` | the smallest number | 0 |
| `max(x in xs: number)` | the largest number | 0 |

Quantifiers nest: `all(s in sets_and_pairs: any(t in s: t in terminals or t in honours))`. The name
a quantifier gives is known only inside its parentheses.
"""

WORKED_EXAMPLE = """\
Some fans combine several sets, for instance three chows in one suit starting at 1, 4 and 7
(123, 456 and 789 of one suit). As an each rule:

```
{text}
```

- `each a, b, c in chows` gives the names `a`, `b` and `c` to three different chows of the reading.
- `same(suit(a), suit(b), suit(c))` asks that the three chows share one suit.
- `rank(a) == 1 and rank(b) == 4 and rank(c) == 7` asks for the chows that start at 1, 4 and 7 (the
  rank of a chow is the rank of its lowest tile).

The rule finds every distinct group of three chows that fits, whatever the order of the chows in
the reading; each group is one instance of the fan. As it uses `chows`, the checker puts the
predicate at the {level} level: the engine asks it once on each reading.

The engine then links the sets of each instance, and so knows which sets every combination fan
used. With these links it applies the principles of the rulebook: sets that already form a fan
are not split to form another among themselves, a set cannot form the same fan twice, and a set
that has not yet been combined may be combined only once with a set that has been (the
account-once principle). Thinking of each two-set fan as a link between two sets, the links never
close a loop. The predicate only says what one instance looks like; the engine decides how many
instances count.
"""

DIAGNOSTICS = """\
A mistake in a predicate stops the rule set from loading, with a message that says where the
mistake is (the file, line and column in the YAML file), what is wrong and what to do. For
instance, this entry misspells `rank`:

```yaml
{yaml}
```

```
{message}
```

Every message has a stable code:

"""

EXAMPLE_YAML = (
    "  - name: example",
    "    predicate: |",
    "      each a, b, c in chows",
    "        where same(suit(a), suit(b), suit(c))",
    "          and rnk(a) == 1 and rank(b) == 4 and rank(c) == 7",
)
COMBINATION = "each a, b, c in chows where same(suit(a), suit(b), suit(c)) and rank(a) == 1 and rank(b) == 4 and rank(c) == 7"


def _grammar_words() -> tuple[list[str], list[str]]:
    """The keywords and the operator symbols of the grammar."""
    fixed = sorted({t.pattern.value for t in grammar().terminals if isinstance(t.pattern, PatternStr)})
    return [w for w in fixed if w.isalpha()], [w for w in fixed if not w.isalpha()]


def _entry(b: Builtin) -> str:
    return f"- `{b.signature}`: {b.doc} Example: `{b.example}`"


def _builtins() -> list[str]:
    out = ["## Builtins", "",
           "Words used without parentheses (such as `chows` or `self_drawn`) are listed with their kind of value; "
           "functions with the kinds of their arguments and of their result.", ""]
    for level in Level:
        title, text = LEVEL_TEXT[level]
        out += [f"### {title} (`{level}`)", "", text, ""]
        words = [b for b in REGISTRY.values() if b.level == level and b.constant]
        functions = [b for b in REGISTRY.values() if b.level == level and not b.constant]
        if words:
            out += ["Words:", ""] + [_entry(b) for b in words] + [""]
        if functions:
            out += ["Functions:", ""] + [_entry(b) for b in functions] + [""]
    out += ["### Kinds of values", "", "| in a signature | means |", "|---|---|"]
    out += [f"| `{t}` | {w} |" for t, w in TYPE_WORDS.items()] + [
        "| `...` | more arguments like the one before |", ""]
    return out


def _worked_example() -> list[str]:
    node, _ = parse(COMBINATION)
    assert node is not None
    checked, _ = check(node)
    return ["## A worked example: a fan of three sets", "",
            WORKED_EXAMPLE.format(text=COMBINATION, level=f"`{checked.level}`").rstrip(), ""]


def _diagnostics() -> list[str]:
    predicate = "\n".join(line[6:] for line in EXAMPLE_YAML[2:]) + "\n"
    origin = Origin(file="rules/example.yaml", line=3, column=7, file_lines=EXAMPLE_YAML, block=True)
    _, found = compile_predicate(predicate, origin)
    text = DIAGNOSTICS.format(yaml="\n".join(EXAMPLE_YAML), message="\n".join(d.format() for d in found))
    return ["## Diagnostics", "", text.rstrip(), "", "| code | meaning |", "|---|---|"] + [
        f"| {code} | {meaning} |" for code, meaning in CODES.items()] + [""]


HOW_IT_RUNS = """\
A rule set is checked when it is loaded: every name, argument and type above, so a hand is never
scored with a predicate that could fail. Each predicate is then compiled to a small Python function.
The compiler writes that function from fixed templates only: builtins become their template (for
example `rank(a)` reads a table of ranks), the names you bind become numbered variables, numbers and
tiles become integers, and every other value (a tuple of tiles, a tile group) is handed to the function
as a constant. No text of a rule is ever run as Python.

Four things make scoring fast without changing what a predicate means:

- **Guards.** Simple necessary conditions are read off a predicate: a flag (`self_drawn`), a shape
  (`shape == seven_pairs`), a collection size (`size(chows) == 4`, or `count(k in kongs: ...) >= 2`,
  which needs two kongs), and for an `each` rule the size of its collection (`each a, b, c in chows`
  needs three chows). The scorer tests them before it runs the predicate; a fan that cannot apply
  costs one comparison.
- **Tables.** The condition of `all`, `any` or `count` that reads nothing but its item (a tile, or a
  set through its kind, tile and flags) is worked out once, when the predicate is compiled, for every
  tile kind or every set a hand can hold; the quantifier then asks a constant set.
  `all(t in tiles: rank(t) in (7, 8, 9))` becomes one set inclusion.
- **Fusion.** The predicates that depend only on the hand (level `hand`) run once per hand, fused into
  one function; those that depend on the reading run once per reading, fused likewise. Predicates that
  use `fans_counted` run last.
- **Remembered `each` rules.** An `each` rule over sets that reads its sets only through `tile`,
  `suit` and `rank`, and nothing else of the hand, finds the same sets whenever its collection holds
  the same sets. Readings share their (immutable) set objects, so the scorer asks all such rules over
  a collection together and remembers what they found by the collection's sets (at most 32,768
  collections); the same chows or pungs in a later hand are answered from memory. On a collection
  first seen, a rule is tried only if the tiles of the collection's sets can hold an instance: the
  tiles each name's own tests allow (`tile(a) in winds`), and the pairs of tiles two names' tests
  allow (`rank(b) == rank(a) + 1`), are worked out once at compile time (`dsl/masks.py`) and tested
  as bits of the collection's tiles; and when every two names must differ in a view
  (`distinct(suit(a), suit(b), suit(c))`, `suit(a) != suit(b)`), the collection must hold as many
  values of it as the rule has names.

Parsed predicates are kept in a cache in your cache folder (`$FANRULES_CACHE_DIR`, else
`$XDG_CACHE_HOME/fanrules`, else `~/.cache/fanrules`), keyed by the predicate text and a fingerprint of
the modules the entries depend on, so that loading a rule set later parses nothing. The cache holds
data, never code: a JSON file of syntax trees and tables, validated, checked and compiled again on
load, and run only if the code matches the hash stored with it; a damaged entry is dropped and compiled
afresh, and the 2,000 most recently used predicates are kept. `FANRULES_NO_CACHE=1` turns the cache
off; a predicate with a diagnostic is never cached.
"""


def render() -> str:
    """The whole of docs/dsl.md."""
    keywords, symbols = _grammar_words()
    suits = ", ".join(f"`1{s}` .. `9{s}` {name}" for s, name in zip(SUIT_LETTERS, SUIT_NAMES))
    grammar_text = resources.files("fanrules.dsl").joinpath("grammar.lark").read_text(encoding="utf-8").rstrip()
    out = [
        "# The fan predicate language", "",
        "<!-- Generated by `python -m fanrules.tools.dsl_reference` from dsl/grammar.lark, dsl/builtins.py and "
        "dsl/diagnostics.py; do not edit by hand. -->", "",
        "## For rule authors", "",
        INTRODUCTION.format(max_names=MAX_EACH_NAMES).rstrip(), "",
        "## The grammar in short", "",
        "### Values", "",
        LITERALS.format(suits=suits, honours=" ".join(f"`{h}`" for h in HONOUR_CODES),
                        z_codes=" ".join(f"`{z}`" for z in Z_CODES)).rstrip(), "",
        "### Operators", "",
        OPERATORS.rstrip(), "",
        "### Quantifiers", "",
        QUANTIFIERS.rstrip(), "",
        "### Keywords and symbols", "",
        "Keywords (reserved, they cannot name anything): " + ", ".join(f"`{k}`" for k in keywords) + ".", "",
        "Symbols: " + " ".join(f"`{s}`" for s in symbols) + ".", "",
        "### Limits", "",
        f"A predicate has at most {MAX_PREDICATE_CHARS} characters, at most {MAX_NESTING} levels of parentheses and at most "
        f"{MAX_NESTING} operations inside one another. "
        f"Its conditions may run at most {MAX_COST} times on one reading, counted over the whole predicate "
        "(every quantifier and every group an each rule tries, added up), so quantifiers over "
        "`tile_kinds` (34 kinds) nest at most twice; an each rule names at most "
        f"{MAX_EACH_NAMES} items. A count predicate's value is the number of times its fan applies: "
        f"one whose numbers could make it larger than {MAX_COUNT} (the number of tile kinds) is refused (P119), "
        f"and a count is never taken above {MAX_COUNT} when it runs.", "",
        "### The formal grammar", "",
        "The parser reads this LALR(1) grammar (Lark syntax); `?rule` passes a single child through.", "",
        "```lark", grammar_text, "```", "",
    ]
    out += _builtins()
    out += _worked_example()
    out += ["## How predicates run", "", HOW_IT_RUNS.rstrip(), ""]
    out += _diagnostics()
    return "\n".join(out).rstrip() + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Write docs/dsl.md, the reference of the predicate language.")
    parser.add_argument("--check", action="store_true", help="exit 1 if docs/dsl.md is not up to date")
    args = parser.parse_args(argv)
    text = render()
    if args.check:
        if not DOC.is_file() or DOC.read_text(encoding="utf-8") != text:
            print(f"{DOC} is stale: run python -m fanrules.tools.dsl_reference", file=sys.stderr)
            return 1
        return 0
    DOC.parent.mkdir(parents=True, exist_ok=True)
    DOC.write_text(text, encoding="utf-8")
    print(f"wrote {DOC}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
