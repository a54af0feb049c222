"""Exact columns: one value per participant, as integer numerators over one common
denominator, so that comparing values is comparing integers and a float never
decides a tie. Every coefficient returns a :class:`Column`; :func:`sum_by` adds
per-game values into per-participant totals exactly, whatever their size.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np
from numpy.typing import NDArray

from crosstable.model import IntArray


@dataclass(frozen=True)
class Column:
    """Exact values, one per participant: ``num[i] / den``, or undefined where
    ``undefined[i]`` (an average over no games, a rating criterion of an unrated field):
    ``None``, never a made-up 0.

    ``num`` is an ``int64`` array, or an ``object`` array of Python ints when the
    values do not fit 64 bits.

    >>> c = Column(np.array([47, 40, 0]), 4, np.array([False, False, True]))
    >>> c.fractions()
    [Fraction(47, 4), Fraction(10, 1), None]
    """

    num: NDArray[Any]
    den: int = 1
    undefined: NDArray[np.bool_] | None = None
    undefined_best: bool = False
    """An undefined value ranks above every defined one (a goal average without a goal
    conceded); otherwise it ranks last, or first where lower ranks first."""

    def __getitem__(self, i: int) -> Fraction | None:
        if self.undefined is not None and self.undefined[i]:
            return None
        return Fraction(int(self.num[i]), self.den)

    def __len__(self) -> int:
        return len(self.num)

    def value(self, i: int) -> Fraction:
        """The value of participant i, which must be defined."""
        value = self[i]
        assert value is not None, "an undefined value"
        return value

    def fractions(self) -> list[Fraction | None]:
        """The values as Fractions, ``None`` where undefined (one object per distinct
        value: scores repeat)."""
        made: dict[int, Fraction] = {}
        out: list[Fraction | None] = []
        for x in self.num.tolist():
            value = made.get(x)
            if value is None:
                value = made[x] = Fraction(int(x), self.den)
            out.append(value)
        if self.undefined is not None:
            for i in np.nonzero(self.undefined)[0].tolist():
                out[i] = None
        return out

    def defined(self) -> list[Fraction]:
        """The values of a column with none undefined (the points, counts, sums)."""
        assert self.undefined is None or not self.undefined.any(), "an undefined value"
        return [x for x in self.fractions() if x is not None]

    @staticmethod
    def combine(terms: Sequence[tuple[Fraction, Column]]) -> Column:
        """Exact ``Σ c_k · column_k`` over a common denominator."""
        den = math.lcm(*(c.denominator * col.den for c, col in terms))
        total: NDArray[Any] = np.zeros(len(terms[0][1].num), dtype=np.int64)
        undefined = None
        for c, col in terms:
            factor = c.numerator * (den // (c.denominator * col.den))
            if factor:
                total = total + factor * col.num
            if col.undefined is not None:
                undefined = col.undefined if undefined is None else undefined | col.undefined
        return Column(total, den, undefined).reduced()

    def reduced(self) -> Column:
        """The same values over the smallest common denominator."""
        if self.den == 1 or len(self.num) == 0:
            return self
        if self.num.dtype == object:
            g = math.gcd(self.den, *(int(x) for x in self.num.tolist()))
        else:
            g = math.gcd(self.den, int(np.gcd.reduce(self.num)))
        if g == 1:
            return self
        return Column(self.num // g, self.den // g, self.undefined, self.undefined_best)


def column_of(values: Sequence[Fraction | None]) -> Column:
    """Exact Fractions (``None``: undefined) as one Column over their common denominator.

    >>> column_of([Fraction(1, 2), None, Fraction(2)]).fractions()
    [Fraction(1, 2), None, Fraction(2, 1)]
    """
    den = math.lcm(1, *(v.denominator for v in values if v is not None))
    nums = [0 if v is None else v.numerator * (den // v.denominator) for v in values]
    arr = np.array(nums, dtype=np.int64 if max(map(abs, nums), default=0) < 2**62 else object)
    missing = np.array([v is None for v in values], dtype=bool)
    return Column(arr, den, missing if missing.any() else None)


_EXACT = 2**53


def sum_by(index: NDArray[Any], values: NDArray[Any], size: int) -> IntArray:
    """``out[k] = Σ values[index == k]``, exactly.

    Integer values are summed with ``np.bincount`` in double precision only when
    ``len × max|value| < 2**53``, which proves every partial sum is an integer
    represented exactly; otherwise with integer ``np.add.at``.
    """
    if len(values) == 0:
        return np.zeros(size, dtype=np.int64)
    bound = max(int(values.max()), -int(values.min())) * len(values)
    if values.dtype != object and bound < _EXACT:
        out: IntArray = np.bincount(index, weights=values, minlength=size).astype(np.int64)
        return out
    total = np.zeros(size, dtype=values.dtype if values.dtype == object else np.int64)
    np.add.at(total, index, values)
    return total
