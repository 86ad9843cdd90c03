"""The words of the live pages (the playground and the table) in Chinese: one catalogue, data kept in
static/page_words.zh.json (the English sentence, the Chinese one), that each page carries as JSON
(``catalogue_script``) and whose every sentence common.js looks up by its English text (``say``), holes
``{}`` filled in order. The rule book's own words are in words.py."""
from __future__ import annotations

import json

from .responses import static_text

#: The catalogue's file, beside the pages' scripts.
CATALOGUE = "page_words.zh.json"


def page_zh() -> dict[str, str]:
    """The Chinese of each English sentence the pages' scripts write."""
    words: dict[str, str] = json.loads(static_text(CATALOGUE))
    return words


def catalogue_script() -> str:
    """The catalogue as the pages carry it: a JSON script element (``</`` escaped for HTML)."""
    text = json.dumps(page_zh(), ensure_ascii=False).replace("</", "<\\/")
    return f'<script type="application/json" id="words">{text}</script>'
