"""``python -m fanrules``: the command line."""
from .cli import main

raise SystemExit(main())
