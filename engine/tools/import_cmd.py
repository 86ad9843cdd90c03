"""``fanrules import botzone FILE --log OUT``: Botzone's game records (docs/game.md "Real records") as
fanrules game logs on the ``botzone`` rule set, which ``fanrules replay OUT`` then verifies against the
record: every action, every claim, the exhaustive draw, the recorded fan totals and scores."""
from __future__ import annotations

import argparse
from typing import Any

from ..core.errors import CliError
from ..core.files import replaced
from ..core.text import printable

FORMATS = ("botzone",)


def register(sub: Any) -> None:
    p = sub.add_parser("import", help="convert game records of another program into fanrules game logs")
    p.add_argument("format", choices=FORMATS, help="the records' format: botzone (Botzone's game-record text)")
    p.add_argument("file", help="the record file")
    p.add_argument("--log", required=True, help="the game log to write (JSON lines; check it with fanrules replay)")
    p.add_argument("--rules", default="botzone", help="the rule set the games are played under (default botzone)")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from ..game import ProcedureError
    from ..game.records import MAX_LINE, record_logs

    games = 0
    try:
        with open(args.file, encoding="utf-8") as source, replaced(args.log, "w", inputs=(args.file,), what="--log") as out:
            for lines in record_logs(iter(lambda: source.readline(MAX_LINE + 1), ""), args.rules):
                games += 1
                out.writelines(line + "\n" for line in lines)
    except (OSError, UnicodeDecodeError) as err:
        raise CliError(printable(f"{args.file}: {err}")) from None
    except ValueError as err:  # a record line out of the format, or a deal the tile set cannot hold
        raise CliError(printable(f"{args.file}: game {games + 1}: {err}")) from None
    except ProcedureError as err:
        raise CliError(printable(str(err))) from None
    print(f"{games} game(s) written to {args.log}: check them with fanrules replay {args.log}")
    return 0
