"""Pictures of hands and rule sets: tile SVGs, the static rule book and the playground server.

    >>> from fanrules import load_ruleset
    >>> from fanrules.web import build_book, make_server
    >>> build_book(load_ruleset("mcr"), Path("site"))            # doctest: +SKIP
    >>> make_server(load_ruleset("mcr"), port=8419).serve_forever()   # doctest: +SKIP
"""
from __future__ import annotations

from .book import build_book
from .server import make_server
from .tiles import sprite, tile_html

__all__ = ["build_book", "make_server", "sprite", "tile_html"]
