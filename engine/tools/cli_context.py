"""What the commands that take a hand share: the hand argument with the notation explained, the flags
of the win context (one per fact, named as the Python keyword; docs/notation.md has the aliases), and
the did-you-mean for a misspelt option."""
from __future__ import annotations

import argparse
import json
import os
import sys
import warnings
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from ..core.context import ALIASES, ANNOTATION_KEYS, CONTEXT_NAMES, FACT_BY_NAME, FACTS, NOT_TAKEN, Fact
from ..core.errors import CliError, ExitCode, InvalidHandError
from ..core.text import closest, printable
from ..ruleset import RuleSet, load_ruleset, shipped_rulesets
from . import startup

#: Shown by ``--help`` of every command that takes a hand.
NOTATION_HELP = """\
hand notation (docs/notation.md has every form):
  1112345678999m5m            number tiles: digits then m (characters), p (dots) or s (bamboo);
                              the last tile is the winning tile
  19m19p19sESWNCFP1m          honours: E S W N winds, C red, F green, P white dragon (1z..7z also read)
  [123p,1][999s,3]456m78sEE9s declared sets in brackets, first: ",1" ",2" ",3" say which tile of a
                              chow was claimed, or whom a pung/kong was claimed from (left, across,
                              right); [1111s,5]..[1111s,7] an added kong; [EEEE] a concealed kong
"""
RECORD_AS_HAND = """\
  '{"hand": "1112345678999m5m", "self_drawn": true}'   a JSONL record works too (batch --help)
"""

@lru_cache(maxsize=1)
def record_help() -> str:
    """What ``--help`` of the commands that read or write JSONL records shows of them, with the names of
    core's vocabulary (made when first asked: ``score`` starts without it, and without textwrap)."""
    import textwrap

    context = textwrap.wrap(" ".join(CONTEXT_NAMES) + f" (the contract's {' and '.join(ALIASES)} are read too)", 87)
    passed = ", ".join(key for key in ANNOTATION_KEYS if not key.startswith("expected_"))
    rest = textwrap.wrap(f"passed over: {passed}, expected_* and any x_* key; any other key is an error that names it. "
                         "`fanrules record HAND [flags]` prints the record of a hand.", 98)
    return f"""\
a JSONL record (docs/notation.md has the whole contract), one per line:
  {{"id": "a", "hand": "1112345678999m5m", "self_drawn": true, "seat_wind": "S"}}
  hand       a hand string (the last tile wins), or with "win_tile" the tiles before the win,
             as a string or a list of tile codes; "melds" lists declared sets as objects
  context    {(chr(10) + " " * 13).join(context)}
  {(chr(10) + "  ").join(rest)}
"""



def _flag_help(fact: Fact) -> str:
    """The help of a fact's flag: its description as a phrase."""
    return fact.description[0].lower() + fact.description[1:].rstrip(".")


#: (fact, its flag and the other names still read, help), from core's FACTS: the flag of a fact is its
#: Python name with dashes (``Fact.flag``), the others are ``Fact.flags``.
CONTEXT_FLAGS: tuple[tuple[str, tuple[str, ...], str], ...] = tuple(
    (fact.name, (fact.flag, *fact.flags), _flag_help(fact)) for fact in FACTS)


def _columns() -> int:
    """``shutil.get_terminal_size().columns`` (``COLUMNS``, else the terminal's, else 80), worked out as
    shutil does but without importing it: argparse's formatter imports shutil (and lzma, bz2 with it) to
    ask, which every start of a command paid."""
    try:
        columns = int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        columns = 0
    if columns <= 0:
        try:
            columns = os.get_terminal_size(sys.__stdout__.fileno()).columns  # type: ignore[union-attr]
        except (AttributeError, ValueError, OSError):
            columns = 0
        columns = columns or 80
    return columns


class Formatter(argparse.HelpFormatter):
    """argparse's formatter, as wide as argparse makes it (``_columns``)."""

    def __init__(self, prog: str, indent_increment: int = 2, max_help_position: int = 24, width: int | None = None) -> None:
        super().__init__(prog, indent_increment, max_help_position, _columns() - 2 if width is None else width)


class RawFormatter(argparse.RawDescriptionHelpFormatter):
    """argparse's formatter of descriptions and epilogs as written, as wide as argparse makes it (``_columns``)."""

    def __init__(self, prog: str, indent_increment: int = 2, max_help_position: int = 24, width: int | None = None) -> None:
        super().__init__(prog, indent_increment, max_help_position, _columns() - 2 if width is None else width)


class Parser(argparse.ArgumentParser):
    """argparse's parser with ``Formatter`` by default; the parsers of its commands are of its class."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", Formatter)
        super().__init__(*args, **kwargs)


def add_hand_args(p: argparse.ArgumentParser, hand_help: str, surface: str | None = None, records: bool = True) -> None:
    """The hand argument (a hand string, or a record when ``records``) and the context flags; those
    the entry point ``surface`` does not take (NOT_TAKEN) are still read, to be refused with its reason."""
    p.formatter_class = RawFormatter
    p.epilog = NOTATION_HELP + (RECORD_AS_HAND if records else "")
    p.add_argument("hand", help=hand_help)
    skip = NOT_TAKEN[surface][0] if surface is not None else ()
    for name, flags, text in CONTEXT_FLAGS:
        if name in skip:
            text = "not taken here: " + text
        # Only the flags given reach the namespace: what is not given is Context's default.
        # Values are checked by Context, as everywhere else: one line that names the fact.
        kind = FACT_BY_NAME[name].kind
        if kind == "wind":
            p.add_argument(*flags, dest=name, default=argparse.SUPPRESS, metavar="WIND", help=text)
        elif kind == "count":
            p.add_argument(*flags, dest=name, type=int, default=argparse.SUPPRESS, metavar="N", help=text)
        elif kind == "seat":
            p.add_argument(*flags, dest=name, default=argparse.SUPPRESS, metavar="SEAT", help=text)
        else:
            p.add_argument(*flags, dest=name, action="store_true", default=argparse.SUPPRESS, help=text)


def hand_arg(text: str) -> str | dict[str, Any]:
    """The hand argument: a hand string, or a JSONL record written as JSON (it starts with ``{``)."""
    if not text.lstrip().startswith("{"):
        return text
    try:
        record = json.loads(text)
    except (json.JSONDecodeError, RecursionError) as err:
        raise InvalidHandError(f"the hand looks like a JSON record but is not valid JSON: {getattr(err, 'msg', err)}") from None
    if not isinstance(record, dict):
        raise InvalidHandError("a JSON hand must be an object (a JSONL record)")
    return record


def context_of(args: argparse.Namespace) -> dict[str, Any]:
    """The context facts given on the command line, by their names."""
    return {name: getattr(args, name) for name in CONTEXT_NAMES if hasattr(args, name)}


def unknown_options(parser: argparse.ArgumentParser, argv: Sequence[str] | None) -> argparse.Namespace:
    """Parse ``argv``; an option no command has is refused with the closest one of the command."""
    args, extra = parser.parse_known_args(argv)
    if extra:
        known: list[str] = getattr(args, "options", [])
        command: argparse.ArgumentParser = getattr(args, "parser", parser)  # its usage, not the program's
        option = next((word for word in extra if word.startswith("-")), None)
        if option is None:
            command.error(f"unrecognized arguments: {' '.join(extra)}")
        name = option.split("=", 1)[0]
        close = closest(name, known, cutoff=0.6)
        hint = f" (did you mean {' or '.join(close)}?)" if close else ""
        command.error(f"unknown option {name}{hint}")
    return args


def remember_options(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Let each command know its own options, for ``unknown_options``, and take them only in full."""
    for p in sub.choices.values():
        p.allow_abbrev = False  # one spelling per option: a shortened one is refused with the full one
        p.set_defaults(options=[s for action in p._actions for s in action.option_strings], parser=p)


def load_rules(spec: str) -> RuleSet:
    """A rule set, its notices (an old name, ``deprecated:``) printed on stderr. Start-up ends here (tools/startup.py)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        ruleset = load_ruleset(shipped_name(spec))
    startup.end()
    for notice in ruleset.notices:
        print(f"notice: {notice}", file=sys.stderr)
    return ruleset


def shipped_name(spec: str) -> str:
    """``spec`` as load_ruleset takes it: a shipped name whatever its case (``MCR``); a word that is
    neither a shipped name nor a path is refused with the closest names (CliError, ExitCode.RULES)."""
    if "/" in spec or spec.endswith((".yaml", ".yml")) or os.path.lexists(spec):
        return spec
    names = shipped_rulesets(aliases=True)
    if spec in names:
        return spec
    same = [n for n in names if n.casefold() == spec.casefold()]
    if same:
        return same[0]
    close = closest(spec.casefold(), names, cutoff=0.5)
    hint = f"did you mean {' or '.join(repr(c) for c in close)}? " if close else ""
    raise CliError(f"no rule set named {spec!r}: {hint}(shipped: {', '.join(shipped_rulesets())}; "
                   "or give a folder or ruleset.yaml path)", ExitCode.RULES)


def rules_arg(p: argparse.ArgumentParser, default: str | None = "mcr") -> None:
    p.add_argument("--rules", default=default, help="rule set: a shipped name (mcr, ...; any case) or a folder/ruleset.yaml path")


class VersionAction(argparse.Action):
    """``--version``: the installed distribution's version (importlib.metadata, read from pyproject.toml
    at install), looked up only when asked for so that no other start-up pays for it."""

    def __init__(self, option_strings: Sequence[str], dest: str = argparse.SUPPRESS, **kwargs: Any) -> None:
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS, help="print the version of fanrules and exit")

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: Any, option_string: str | None = None) -> None:
        from .. import __version__

        print(f"fanrules {__version__}")
        parser.exit()


#: What to try when the system refuses a file, by errno name.
_OS_HINTS = {
    "ENOENT": "check the name and the folder (paths are relative to {cwd})",
    "EACCES": "check its permissions", "EPERM": "check its permissions",
    "EISDIR": "give a file, not a folder", "ENOTDIR": "a part of the path is a file, not a folder",
    "ENOSPC": "free some space", "EROFS": "write somewhere else",
    "EADDRINUSE": "another program is using this port: give --port with another number, or 0 for a free one",
    "EADDRNOTAVAIL": "give --host an address of this machine (127.0.0.1 by default)",
}


def os_error(err: OSError) -> str:
    """An OSError as one sentence: what failed, the path, the system's reason and a hint."""
    import errno

    name = errno.errorcode.get(err.errno or 0, "")
    hint = _OS_HINTS.get(name, "").format(cwd=os.getcwd())
    reason = (err.strerror or str(err)).rstrip(".").lower() if err.strerror else str(err)
    where = f"{err.filename}: " if err.filename is not None else ""
    return printable(f"{where}{reason}" + (f"; {hint}" if hint else ""))
