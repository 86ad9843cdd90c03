"""The figures a study reports, each with a 95% interval over its units (a game, or a wall played four
times with the players rotated), and the paired differences of two rule sets played on the same units.

Every figure is a ratio of two sums over the units (wins over hands, points over wins, the wins scoring a
fan over the wins): R = sum(y) / sum(x). Its interval is the normal one of a ratio estimator: each unit
is linearized, z_i = (y_i - R x_i) / mean(x), and R's standard error is the standard deviation of the
z_i over sqrt(n). A paired difference A - B is linearized the same way, unit by unit, z_i = z_i(A) -
z_i(B): the units' common part (the wall, the seats, the players) cancels, and a rule set compared with
itself gives z_i = 0 exactly, so the difference 0 with the interval [0, 0]. ``detectable`` is the
smallest true difference the run would find significant 80% of the time: (1.96 + 0.84) standard errors.
"""
from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .paired import Z95

#: The one-sided 80% point of the normal distribution: the power the detectable difference is given for.
Z80 = 0.8416212335729143
#: A unit's quantities under one rule set: counts named as ``Quantities`` says, and ``hands``, ``turns``
#: (the discards of its hands), ``points NAME`` and ``hands NAME`` per player name.
Unit = Mapping[str, float]
#: The figures every study reports: (name, numerator, denominator).
BASE_FIGURES = (("win_rate", "wins", "hands"), ("self_drawn_share", "self_drawn", "wins"),
                ("exhaustive_draw_rate", "draws", "hands"), ("average_win_points", "points", "wins"),
                ("turns_per_hand", "turns", "hands"))
ROUNDING = 4


@dataclass(frozen=True)
class Figure:
    """A figure: its name, what its numerator and denominator sum, and (for a fan) the fan's label."""

    name: str
    numerator: str
    denominator: str


def figures(units: Sequence[Sequence[Unit]], players: Sequence[str], labels: Mapping[int, str]) -> list[Figure]:
    """The figures of a study whose units are ``units`` (each a list of one Unit per rule set): the base
    figures, the points per hand of each kind of player when the players differ, and the share of the
    wins of every fan seen under either rule set (``labels`` names the fans)."""
    out = [Figure(*f) for f in BASE_FIGURES]
    kinds = list(dict.fromkeys(players))
    if len(kinds) > 1:
        out += [Figure(f"points_per_hand {k}", f"points {k}", f"hands {k}") for k in kinds]
    fans = sorted({int(key[4:]) for unit in units for side in unit for key in side if key.startswith("fan ")})
    out += [Figure(f"fan_share {labels.get(n, str(n))}", f"fan {n}", "wins") for n in fans]
    return out


def _linearized(units: Sequence[Sequence[Unit]], side: int, figure: Figure) -> tuple[float, list[float]]:
    """The figure's value under rule set ``side`` and each unit's linearized deviation from it."""
    xs = [u[side].get(figure.denominator, 0.0) for u in units]
    ys = [u[side].get(figure.numerator, 0.0) for u in units]
    total = sum(xs)
    if not total:
        return 0.0, [0.0] * len(units)
    value = sum(ys) / total
    mean = total / len(units)
    return value, [(y - value * x) / mean for x, y in zip(xs, ys)]


def standard_error(zs: Sequence[float]) -> float:
    """The standard error of the mean of ``zs`` (0 with fewer than two)."""
    n = len(zs)
    if n < 2:
        return 0.0
    mean = sum(zs) / n
    return math.sqrt(sum((z - mean) ** 2 for z in zs) / (n - 1) / n)


def _r(value: float) -> float:
    return round(value, ROUNDING) + 0.0  # + 0.0: no -0.0


def single(units: Sequence[Sequence[Unit]], figure: Figure, side: int = 0) -> dict[str, Any]:
    """One rule set's figure (the first, or the ``side``-th of the units): ``{"figure", "value", "interval"}``."""
    value, zs = _linearized(units, side, figure)
    half = Z95 * standard_error(zs)
    return {"figure": figure.name, "value": _r(value), "interval": [_r(value - half), _r(value + half)]}


def paired(units: Sequence[Sequence[Unit]], figure: Figure) -> dict[str, Any]:
    """The figure under both rule sets and its difference A - B, with the 95% interval from the paired
    units, whether it leaves out zero, and the smallest difference detectable at 80% power."""
    a, za = _linearized(units, 0, figure)
    b, zb = _linearized(units, 1, figure)
    error = standard_error([p - q for p, q in zip(za, zb)])
    difference = a - b
    low, high = difference - Z95 * error, difference + Z95 * error
    return {"figure": figure.name, "a": _r(a), "b": _r(b), "difference": _r(difference), "interval": [_r(low), _r(high)],
            "significant": error > 0 and (low > 0 or high < 0), "detectable": _r((Z95 + Z80) * error)}


def comparison(units: Sequence[Sequence[Unit]], players: Sequence[str], labels: Mapping[int, str]) -> list[dict[str, Any]]:
    """Every figure's paired row (units with two rule sets each)."""
    return [paired(units, f) for f in figures(units, players, labels)]


def rates(units: Sequence[Sequence[Unit]], players: Sequence[str], labels: Mapping[int, str]) -> list[dict[str, Any]]:
    """Every figure of one rule set with its interval."""
    return [single(units, f) for f in figures(units, players, labels)]


def chance_marks(rows: Sequence[Mapping[str, Any]]) -> float:
    """How many of ``rows`` a 95% interval marks on average when the rule sets do not differ at all."""
    return 0.05 * len(rows)
