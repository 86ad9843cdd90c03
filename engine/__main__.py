"""``python -m fanrules``: the command line."""
from .tools.cli import program

raise SystemExit(program())
