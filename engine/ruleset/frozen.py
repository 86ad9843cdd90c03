"""Read-only plain data: the sections of a loaded rule set are shared by everything that loaded it in
the process (the loader keeps one object per rule set), so a change must go through
``RuleSet.replace``, which makes a new rule set. FrozenDict and FrozenList are a dict and a list (JSON
writes them as such, ``isinstance`` checks hold) whose every change raises ReadOnlyError."""
from __future__ import annotations

from typing import Any, NoReturn

from ..core.errors import FanrulesError


class ReadOnlyError(FanrulesError, TypeError):
    """A change to data a loaded rule set shares (its sections): make a new rule set with
    ``RuleSet.replace`` instead."""


def _refuse(self: object, *args: object, **kwargs: object) -> NoReturn:
    raise ReadOnlyError("a loaded rule set's sections are read-only: make a changed rule set with "
                        "ruleset.replace(sections=...) (thawed(ruleset.sections) is a plain copy to edit)")


class FrozenDict(dict[str, Any]):
    """A dict that refuses every change (ReadOnlyError); hashable by its items."""

    __slots__ = ()
    __setitem__ = __delitem__ = __ior__ = clear = pop = popitem = setdefault = update = _refuse

    def __hash__(self) -> int:  # type: ignore[override]  # a dict is unhashable; a frozen one is hashable
        return hash(tuple(sorted(self.items(), key=repr)))

    def __copy__(self) -> dict[str, Any]:
        return dict(self)

    def __deepcopy__(self, memo: dict[int, Any]) -> Any:
        return thawed(self)

    def __reduce__(self) -> tuple[Any, ...]:
        return FrozenDict, (dict(self),)


class FrozenList(list[Any]):
    """A list that refuses every change (ReadOnlyError); hashable by its items."""

    __slots__ = ()
    __setitem__ = __delitem__ = __iadd__ = __imul__ = append = clear = extend = insert = pop = remove = reverse = sort = _refuse

    def __hash__(self) -> int:  # type: ignore[override]  # a list is unhashable; a frozen one is hashable
        return hash(tuple(self))

    def __copy__(self) -> list[Any]:
        return list(self)

    def __deepcopy__(self, memo: dict[int, Any]) -> Any:
        return thawed(self)

    def __reduce__(self) -> tuple[Any, ...]:
        return FrozenList, (list(self),)


def frozen(value: Any) -> Any:
    """``value`` (plain data: dicts, lists, scalars) with every dict and list made read-only."""
    if isinstance(value, dict):
        return value if type(value) is FrozenDict else FrozenDict({k: frozen(v) for k, v in value.items()})
    if isinstance(value, list):
        return value if type(value) is FrozenList else FrozenList([frozen(v) for v in value])
    return value


def thawed(value: Any) -> Any:
    """A plain, changeable copy of ``value`` (read-only data included): what to edit before
    ``RuleSet.replace``."""
    if isinstance(value, dict):
        return {k: thawed(v) for k, v in value.items()}
    if isinstance(value, list):
        return [thawed(v) for v in value]
    return value


__all__ = ["FrozenDict", "FrozenList", "ReadOnlyError", "frozen", "thawed"]
