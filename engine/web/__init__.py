"""Pictures of hands and rule sets: tile SVGs, the static rule book and the web server.

    >>> from fanrules import load_ruleset
    >>> from fanrules.web import build_book, make_server
    >>> build_book(load_ruleset("mcr"), Path("site"))            # doctest: +SKIP
    >>> make_server(load_ruleset("mcr"), port=8419).serve_forever()   # doctest: +SKIP

The book needs nothing beyond fanrules; the server runs on Starlette and uvicorn (the ``web`` extra),
imported when ``make_server`` is first asked for.
"""
from __future__ import annotations

from typing import Any

from .book import build_book
from .tiles import sprite, tile_html


def __getattr__(name: str) -> Any:
    if name == "make_server":
        from .server import make_server

        return make_server
    raise AttributeError(f"module 'fanrules.web' has no attribute {name!r}")


__all__ = ["build_book", "make_server", "sprite", "tile_html"]
