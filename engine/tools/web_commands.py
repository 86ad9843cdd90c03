"""The commands that draw: ``fanrules book`` (a static rule book) and ``fanrules serve`` (the playground)."""
from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from ..core.errors import CliError
from ..core.text import install_hint
from ..ruleset import RuleSet
from .cli_context import load_rules


def cmd_book(args: argparse.Namespace) -> int:
    from ..web.book import build_book

    if not args.output:
        raise CliError("-o is an empty folder name: give the folder to write the book into")
    ruleset = load_rules(args.rules)
    from .progress import Progress, progress_stream

    shown = Progress("book", "fan pages", progress_stream(args.quiet))
    try:
        written = build_book(ruleset, Path(args.output), force=args.force, lang=args.lang, progress=shown.show)
    finally:
        shown.done()
    print(f"{ruleset.name}: {len(written)} files in {args.output} (open {Path(args.output) / 'index.html'})")
    return 0


#: The one command that installs what ``fanrules serve`` runs on (Starlette and uvicorn).
WEB_EXTRA = install_hint("web")


def cmd_serve(args: argparse.Namespace) -> int:
    try:
        from ..web.server import make_server
    except ImportError as err:
        raise CliError(f"fanrules serve runs on Starlette and uvicorn, which are not installed ({err.name} is missing): {WEB_EXTRA}") from None
    server = make_server(load_rules(args.rules), args.host, args.port, quiet=args.quiet, allow=args.allow_host, public=args.public,
                         diff=diff_json)
    print(f"fanrules playground on {server.url} (rule set {args.rules}); Ctrl-C stops it", file=sys.stderr)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


def diff_json(first: RuleSet, second: RuleSet, cases: list[Any]) -> dict[str, Any]:
    """``fanrules diff --json`` of ``cases`` (JSONL input objects): what ``POST /api/diff`` answers."""
    from .compare import compare

    return compare(first, second, cases).to_json()


#: The largest TCP port.
MAX_PORT = 65535


def port(text: str) -> int:
    """A TCP port for ``--port``, 0 to MAX_PORT (0: a free one), in ASCII digits: the socket refuses any
    other with an OverflowError, a traceback."""
    if not (text.isascii() and text.isdigit()) or len(text) > 5 or int(text) > MAX_PORT:
        raise argparse.ArgumentTypeError(f"a port is a number 0..{MAX_PORT}, not {text!r}")
    return int(text)


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``book`` and ``serve`` to the command line's subcommands."""
    p = sub.add_parser("book", help="write a static rule book (HTML, works from file://) of a rule set")
    p.add_argument("--rules", default="mcr", help="rule set: a shipped name (mcr, ...) or a folder/ruleset.yaml path")
    p.add_argument("-o", "--output", required=True,
                   help="folder to write the book into: new or empty (created if missing), or one holding an earlier book with --force")
    p.add_argument("--force", action="store_true", help="replace the book written earlier into the folder (only a book: another folder is refused)")
    p.add_argument("--lang", choices=("en", "zh"), default="en",
                   help="the language of the pages: en (default) or zh (中文: descriptions, headings and labels; fan names are always in both)")
    p.add_argument("--quiet", action="store_true", help="no progress line on stderr")
    p.set_defaults(run=cmd_book)
    p = sub.add_parser("serve", help="a local page to build and score hands, with a JSON API")
    p.add_argument("--rules", default="mcr", help="rule set: a shipped name (mcr, ...) or a folder/ruleset.yaml path")
    p.add_argument("--port", type=port, default=8419, help=f"port 0..{MAX_PORT} (default 8419; 0 picks a free one)")
    p.add_argument("--host", default="127.0.0.1",
                   help="address to bind (default 127.0.0.1: this machine only; ::1 for IPv6); another needs --allow-host or --public")
    p.add_argument("--allow-host", action="append", default=[], metavar="NAME",
                   help="a host name the server answers besides localhost (repeat for more); a page under another name is refused")
    p.add_argument("--quiet", action="store_true", help="no request log on standard error")
    p.add_argument("--public", action="store_true",
                   help="answer requests under every host name (behind a proxy that checks them); other sites' pages stay refused")
    p.set_defaults(run=cmd_serve)
