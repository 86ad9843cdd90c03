"""``python -m fanrules``: the command line."""
from .tools.cli import main

raise SystemExit(main())
