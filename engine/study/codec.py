"""Dataclasses as plain JSON values and back, driven by their type hints: what a checkpoint keeps of a
chunk's result. Reading builds only the classes the hints name, checking every value's type, so that a
damaged or planted file is refused (ValueError) rather than run or half-read. Mappings are written as
lists of ``[key, value]`` pairs, keeping their order and the type of their keys (an int stays an int)."""
from __future__ import annotations

import dataclasses
import types
import typing
from collections import Counter
from typing import Any, TypeVar

_T = TypeVar("_T")
_SCALARS: tuple[type, ...] = (bool, int, float, str)


def to_plain(value: Any) -> Any:
    """``value`` (dataclasses, mappings, sequences and scalars) as JSON values."""
    if value is None or isinstance(value, _SCALARS):
        return value
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: to_plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, dict):
        return [[to_plain(k), to_plain(v)] for k, v in value.items()]
    if isinstance(value, (list, tuple)):
        return [to_plain(item) for item in value]
    raise TypeError(f"cannot write a {type(value).__name__} as JSON")


def from_plain(data: Any, kind: type[_T]) -> _T:
    """The ``kind`` that ``data`` (JSON values written by ``to_plain``) describes; ValueError, naming
    where, when it describes anything else."""
    built: _T = _read(data, kind, kind.__name__)
    return built


def _scalar(data: Any, kind: type, where: str) -> Any:
    if isinstance(data, bool) != (kind is bool) or not isinstance(data, kind):
        raise ValueError(f"{where}: a {kind.__name__} was expected, not {type(data).__name__}")
    return data


def _list(data: Any, where: str) -> list[Any]:
    if not isinstance(data, list):
        raise ValueError(f"{where}: a list was expected, not {type(data).__name__}")
    return data


def _read(data: Any, kind: Any, where: str) -> Any:
    if kind in _SCALARS:
        return _scalar(data, kind, where)
    origin, args = typing.get_origin(kind), typing.get_args(kind)
    if origin in (typing.Union, types.UnionType):
        if data is None and type(None) in args:
            return None
        rest = [arg for arg in args if arg is not type(None)]
        if len(rest) != 1:
            raise TypeError(f"{where}: only optional values are read, not {kind}")
        return _read(data, rest[0], where)
    if origin is list:
        return [_read(item, args[0], f"{where}[{i}]") for i, item in enumerate(_list(data, where))]
    if origin is tuple:
        items = _list(data, where)
        hints = [args[0]] * len(items) if len(args) == 2 and args[1] is Ellipsis else list(args)
        if len(items) != len(hints):
            raise ValueError(f"{where}: {len(hints)} items were expected, not {len(items)}")
        return tuple(_read(item, hint, f"{where}[{i}]") for i, (item, hint) in enumerate(zip(items, hints)))
    if origin is dict:
        return _mapping(data, {}, args[0], args[1], where)
    if origin is Counter:
        return _mapping(data, Counter(), args[0], int, where)
    if isinstance(kind, type) and dataclasses.is_dataclass(kind):
        return _dataclass(data, kind, where)
    raise TypeError(f"{where}: cannot read a {kind} from JSON")


def _mapping(data: Any, out: dict[Any, Any], key_kind: Any, value_kind: Any, where: str) -> dict[Any, Any]:
    for i, pair in enumerate(_list(data, where)):
        if not isinstance(pair, list) or len(pair) != 2:
            raise ValueError(f"{where}[{i}]: a [key, value] pair was expected")
        key = _read(pair[0], key_kind, f"{where}[{i}] key")
        if key in out:
            raise ValueError(f"{where}[{i}]: key {key!r} given twice")
        out[key] = _read(pair[1], value_kind, f"{where}[{key!r}]")
    return out


def _dataclass(data: Any, kind: type, where: str) -> Any:
    if not isinstance(data, dict):
        raise ValueError(f"{where}: an object was expected, not {type(data).__name__}")
    hints = typing.get_type_hints(kind)
    names = [f.name for f in dataclasses.fields(kind)]
    if sorted(data) != sorted(names):
        raise ValueError(f"{where}: the fields {', '.join(names)} were expected, not {', '.join(map(str, data))}")
    return kind(**{name: _read(data[name], hints[name], f"{where}.{name}") for name in names})
