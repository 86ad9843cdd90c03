"""The sections a rule-set file may hold beside its fans, each with its declaration (what a rule set
may say there, the typed view it fills and its consistency rules; the layer that reads the section
gives it meaning)."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .declare import Key
from .procedure_keys import PROCEDURE
from .settlement_keys import DEFAULTS as SETTLEMENT_DEFAULTS
from .settlement_keys import SETTLEMENT
from .ties_keys import TIES

#: Section name -> its declaration. A section's keys live in their own module here (``procedure_keys``,
#: ``settlement_keys``), so that the loader, ``check``, the typed views, the JSON Schema and the docs'
#: key tables all read one source.
SECTIONS: dict[str, Key] = {"procedure": PROCEDURE, "settlement": SETTLEMENT, "ties": TIES}
#: What a root rule set's section holds where it does not say (a variant inherits its parent's instead).
DEFAULTS: dict[str, Mapping[str, Any]] = {"settlement": SETTLEMENT_DEFAULTS}
