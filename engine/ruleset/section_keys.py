"""The sections a rule-set file may hold beside its fans, each with its table of keys (what a rule set
may say there; the layer that reads the section gives it meaning)."""
from __future__ import annotations

from .procedure_keys import PROCEDURE
from .sections import Field
from .settlement_keys import SETTLEMENT

#: Section name -> its table. A section's table lives in its own module here (``procedure_keys``,
#: ``settlement_keys``), so that the loader, ``check`` and the JSON Schema all read one source.
SECTIONS: dict[str, Field] = {"procedure": PROCEDURE, "settlement": SETTLEMENT}
