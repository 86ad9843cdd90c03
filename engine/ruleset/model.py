"""What a loaded rule set holds: fans with their exclusions and examples, and where each came from."""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..core.deprecation import warn_renamed
from ..core.errors import UnknownFanError
from ..dsl import Compiled
from .frozen import frozen


@dataclass(frozen=True)
class Where:
    """A file position, for diagnostics and for ``rules show``."""

    file: str
    line: int
    column: int

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.column}"


@dataclass(frozen=True)
class Exclusion:
    """Fan ``target`` is not counted: every instance, ``count`` instances per instance of the excluding
    fan, or (scope ``own_sets``) the instances made only of the excluding fan's sets."""

    target: int
    count: int | None = None
    scope: str = "all"


@dataclass(frozen=True, kw_only=True)
class Example:
    """One of a fan file's examples: a hand with its context, how many times the fan counts in it, the
    total when given, and where it is written (``fanrules test`` checks each)."""

    hand: str
    count: int
    context: dict[str, Any]
    total: int | None
    note: str
    where: Where
    #: Whether the hand must be a legal win (reach the minimum) under the rule set; None: not checked.
    win: bool | None = None

    def __hash__(self) -> int:
        return hash((self.hand, self.count, self.total, self.where))


@dataclass(frozen=True, kw_only=True)
class Fan:
    """One fan of a rule set, with its compiled predicate."""

    number: int
    name_zh: str
    name_en: str
    #: What one instance of the fan scores (the fan file's ``value``; 0 for a multiplier).
    points: int
    description: str
    predicate: str
    compiled: Compiled
    excludes: tuple[Exclusion, ...]
    examples: tuple[Example, ...]
    bonus: bool
    where: Where
    origins: dict[str, Where] = field(default_factory=dict, compare=False)
    #: Where the fan (or a variant's change of it) is read from: the fan file's ``sources``.
    sources: tuple[str, ...] = field(default=(), compare=False)
    #: Other names of the fan, as other programs write them (ruleset fan files' ``aliases``).
    aliases: tuple[str, ...] = field(default=(), compare=False)
    #: What the fan is, in Chinese (the fan file's ``description_zh``; "" when it has none): the book's
    #: Chinese pages show it.
    description_zh: str = field(default="", compare=False)
    #: The sets an explanation shows for a fan that counts sets as a whole (the fan file's ``shows``, an
    #: each rule over sets); None when its instances name their sets themselves. Never read by scoring.
    shows: Compiled | None = field(default=None, compare=False, repr=False)
    #: The fan file's ``multiplier`` (0: none): the other fans' sum is multiplied by it; its value is then 0.
    multiplier: int = field(default=0, compare=False)
    #: The fan file's ``alone``: when it is counted, the hand scores it alone.
    alone: bool = field(default=False, compare=False)

    def __hash__(self) -> int:
        return hash((self.number, self.name_en, self.points, self.predicate, self.where))

    @property
    def value(self) -> int:
        """Deprecated: ``points`` (what ``CountedFan.points`` also says)."""
        warn_renamed("Fan.value", "Fan.points")
        return self.points

    def __str__(self) -> str:
        return f"{self.number} {self.name_zh} {self.name_en}"

    def __repr__(self) -> str:
        # The file's name and line, not its folder: a repr stays short wherever the package is installed.
        return f"Fan({self.number} {self.name_zh} {self.name_en}, {self.points} points, {Path(self.where.file).name}:{self.where.line})"


@dataclass(frozen=True, kw_only=True)
class Family:
    """Fans of which at most ``cap`` count in one hand (those first in scoring order: the highest)."""

    name: str
    fans: frozenset[int]
    cap: int
    sources: tuple[str, ...] = ()


@dataclass(frozen=True, kw_only=True)
class RuleSet:
    """A loaded rule set: fans ordered by number."""

    name: str
    title: str
    version: str
    description: str
    minimum: int
    sources: tuple[str, ...]
    fans: tuple[Fan, ...]
    path: str
    chain: tuple[str, ...]
    #: The title and description in Chinese (ruleset.yaml ``title_zh``, ``description_zh``; "" when the
    #: rule set has none): the book's Chinese pages.
    title_zh: str = field(default="", compare=False)
    description_zh: str = field(default="", compare=False)
    origins: dict[str, Where] = field(default_factory=dict, compare=False)
    #: The rule set's sections beyond its fans (``procedure``, ``settlement``), merged along ``chain``:
    #: plain data checked against ``fanrules.ruleset.section_keys``, read-only (``replace`` makes a
    #: changed rule set; ``fanrules.ruleset.thawed`` a plain copy to edit).
    sections: dict[str, Any] = field(default_factory=dict)
    #: Families of fans with a cap (ruleset.yaml ``families:``), applied by the scorer.
    families: tuple[Family, ...] = ()
    #: Notices for whoever loads the rule set (an old name, ``deprecated:``), shown by the CLI.
    notices: tuple[str, ...] = ()
    #: The most a hand scores (ruleset.yaml ``cap``); None: no cap.
    cap: int | None = None
    #: The scoring principles that apply (ruleset.yaml ``principles``; combination.PRINCIPLES).
    principles: tuple[str, ...] = ("non_repeat", "non_identical", "non_split", "account_once", "take_the_highest")
    #: The shapes that may win (ruleset.yaml ``shapes``); None: every shape.
    shapes: tuple[str, ...] | None = None
    #: What every win must meet (ruleset.yaml ``win_requires``), and its text; None: nothing more.
    win_requires: Compiled | None = field(default=None, compare=False, repr=False)
    win_requires_text: str = ""

    def __post_init__(self) -> None:
        object.__setattr__(self, "sections", frozen(self.sections))

    def __hash__(self) -> int:
        return hash((self.name, self.version, self.path, self.minimum, len(self.fans)))

    def replace(self, **changes: Any) -> RuleSet:
        """A new rule set with ``changes`` (fields by name: ``minimum=16``, ``sections={...}``, ``fans=...``)
        and the rest of this one's: the one way to change a loaded rule set, which is read-only and
        shared. Nothing is checked again: a section given here is the caller's to get right."""
        return dataclasses.replace(self, **changes)

    @property
    def bonus_toward_minimum(self) -> bool:
        """Whether bonus fans (flowers) count toward the minimum: the settlement section's
        ``flowers.toward_minimum`` (false without a settlement section)."""
        return bool(self.sections.get("settlement", {}).get("flowers", {}).get("toward_minimum", False))

    def __repr__(self) -> str:
        return f"RuleSet({self.name!r}, {len(self.fans)} fans, minimum {self.minimum}, {self.path})"

    def fan(self, ref: int | str) -> Fan:
        """A fan by number, Chinese or English name or an alias (case-insensitive). Raises
        UnknownFanError (with the closest number or name) when no fan has it."""
        for f in self.fans:
            if ref == f.number or (isinstance(ref, str) and ref.casefold() in (
                    f.name_zh.casefold(), f.name_en.casefold(), str(f.number), *(a.casefold() for a in f.aliases))):
                return f
        raise UnknownFanError(ref, self.name, [name for f in self.fans for name in (str(f.number), f.name_zh, f.name_en, *f.aliases)])
