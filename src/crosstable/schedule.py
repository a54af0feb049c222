"""Round-robin schedules: the FIDE Berger tables for any number of participants.

One closed form reproduces every published table (FIDE Handbook C.05, Annex 1; the
tables for 4 to 20 participants are checked in the tests). With ``N`` even (an odd
field plays the table of ``N + 1``, the highest number being the bye) and ``m = N − 1``
rounds:

- player ``N`` meets ``k`` with ``2k ≡ r + 1 (mod m)`` in round ``r``, on board 1;
  ``k`` has White when ``k ≤ N/2``;
- board ``t`` (2 … N/2) pairs ``k + (t − 1)`` and ``k − (t − 1)`` (mod m, in 1 … m);
  of two players ``i, j < N``, ``i`` has White when ``(i − j) mod m`` is even.

A double round robin plays the first cycle with its last two rounds swapped (FIDE's
recommendation, so that nobody has three games in a row with one colour across the
change of cycle; ``swap_last=False`` keeps the plain order) and then the whole single
cycle again with colours reversed.

>>> [pairing.numbers for pairing in berger(4)[0]]
[(1, 4), (2, 3)]
>>> [pairing.numbers for pairing in berger(5)[0]]
[(1, 6), (2, 5), (3, 4)]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import NamedTuple

import numpy as np
import numpy.typing as npt

from crosstable.fields import ArgumentError, Range, argument_error, bool_argument, texts_argument, whole_argument
from crosstable.i18n import N_, _

BYE = "bye"
"""The bye's name in a schedule's data (CSV, JSON, games list; the text says it in the language)."""

Table = npt.NDArray[np.int64]
"""A schedule's numbers: ``table[r, t] = (white, black)`` on board ``t + 1`` of round
``r + 1`` (shape: rounds × boards × 2). A 1,000-player double round robin has a million
pairings: they are made and written as arrays, not one object each."""


PARTICIPANTS = Range(2, 2000, N_("{cell} is not a number of participants from {low} to {high}"))
"""How many participants a schedule is made for: 2,000 (the largest real field) make
a table of 4 million numbers (32 MB); a larger ``n`` is refused before anything is
allocated. (The command line prints schedules of at most 1,000.)"""
# TRANSLATORS: what a library argument must be: a schedule's table of numbers
A_TABLE = N_("a table of numbers: rounds × boards × 2 (a NumPy array)")


class Pairing(NamedTuple):
    """One board of one round: ``white`` (or home) against ``black`` (or away), by number.

    ``bye`` is true when one of the two is the dummy of an odd field.
    """

    round: int
    board: int
    white: int
    black: int
    bye: bool = False

    @property
    def numbers(self) -> tuple[int, int]:
        return (self.white, self.black)


def berger_table(n: int) -> Table:
    """The single round robin for ``n ≥ 2`` participants as a table (see :data:`Table`);
    ``n`` outside :data:`PARTICIPANTS` is refused (an ``ArgumentError``, a ``ValueError``)."""
    if isinstance(n, int) and not isinstance(n, bool) and n < 2:
        raise ArgumentError(_("a round robin needs at least two participants"))
    n = whole_argument(n, PARTICIPANTS, "n")
    size = n + (n % 2)
    m = size - 1
    half = (m + 1) // 2  # the inverse of 2 modulo m (m is odd)
    r = np.arange(1, m + 1, dtype=np.int64)[:, None]
    k = (r + 1) * half % m
    k[k == 0] = m  # 2k ≡ r + 1 (mod m), k in 1 … m
    t = np.arange(1, size // 2 + 1, dtype=np.int64)[None, :]
    i = (k + t - 2) % m + 1  # k ± (t − 1), in 1 … m
    j = (k - t) % m + 1
    swap = (i - j) % m % 2 == 1  # i has White when (i − j) mod m is even
    table = np.stack([np.where(swap, j, i), np.where(swap, i, j)], axis=-1)
    first = k[:, 0] <= size // 2  # board 1: k against the last number
    table[:, 0, 0] = np.where(first, k[:, 0], size)
    table[:, 0, 1] = np.where(first, size, k[:, 0])
    return table


def double_table(n: int, swap_last: bool = True) -> Table:
    """The double round robin: the first cycle (its last two rounds swapped unless
    ``swap_last`` is false), then the single cycle again with colours reversed."""
    swap_last = bool_argument(swap_last, "swap_last")
    single = berger_table(n)
    first = single.copy()
    if swap_last and len(first) >= 2:
        first[[-2, -1]] = first[[-1, -2]]
    return np.concatenate([first, single[:, :, ::-1]])


def pairings(table: Table, n: int) -> list[list[Pairing]]:
    """A table's rounds as :class:`Pairing` lists, in board order (``n`` participants)."""
    return [
        [Pairing(r, t, w, b, max(w, b) > n) for t, (w, b) in enumerate(rnd, 1)]
        for r, rnd in enumerate(table.tolist(), 1)
    ]


def berger(n: int) -> list[list[Pairing]]:
    """The single round robin for ``n ≥ 2`` participants, round by round, in board order."""
    return pairings(berger_table(n), n)


def double_berger(n: int, swap_last: bool = True) -> list[list[Pairing]]:
    """:func:`double_table` as :class:`Pairing` lists."""
    return pairings(double_table(n, swap_last), n)


@dataclass(frozen=True)
class Schedule:
    """A schedule with the participants' names: number ``k`` is ``names[k − 1]``; the
    pairings in ``table`` (see :data:`Table`), a number beyond the names being the bye."""

    names: list[str]
    table: Table

    def __post_init__(self) -> None:
        object.__setattr__(self, "names", texts_argument(self.names, "names"))
        table = self.table
        if not isinstance(table, np.ndarray) or table.ndim != 3 or table.shape[2] != 2 or table.dtype.kind not in "iu":
            raise argument_error("table", _(A_TABLE), table)

    @classmethod
    def make(cls, names: Sequence[str], double: bool = False, swap_last: bool = True) -> Schedule:
        """The schedule of ``names`` (2 to :data:`PARTICIPANTS`' highest), single or ``double``."""
        names = texts_argument(names, "names")
        n = len(names)
        return cls(names, double_table(n, swap_last) if bool_argument(double, "double") else berger_table(n))

    @property
    def has_bye(self) -> bool:
        """An odd field: board 1 of every round is somebody's bye."""
        return len(self.names) % 2 == 1

    @cached_property
    def rounds(self) -> list[list[Pairing]]:
        """The rounds as :class:`Pairing` lists (made when first asked for)."""
        return pairings(self.table, len(self.names))

    @property
    def everyone(self) -> list[str]:
        """The names by number, the bye's (``bye``) last: number ``k`` is ``everyone[k − 1]``."""
        return [*self.names, BYE]

    def name(self, number: int) -> str:
        return self.names[number - 1] if number <= len(self.names) else BYE

    def games(self) -> list[tuple[int, int, str, str]]:
        """Every game without the byes: ``(round, board, white, black)`` by name."""
        names = self.everyone
        played = self.table[:, 1:] if self.has_bye else self.table
        first = 2 if self.has_bye else 1
        return [
            (r, t, names[w - 1], names[b - 1])
            for r, rnd in enumerate(played.tolist(), 1)
            for t, (w, b) in enumerate(rnd, first)
        ]

    def byes(self) -> list[tuple[int, str]]:
        """``(round, name)`` of whoever has the bye in each round of an odd field."""
        if not self.has_bye:
            return []
        return [(r, self.names[min(w, b) - 1]) for r, (w, b) in enumerate(self.table[:, 0].tolist(), 1)]


def colour_runs(rounds: list[list[Pairing]], n: int) -> int:
    """The longest run of games with one colour that any participant has (byes skipped)."""
    longest = 0
    for who in range(1, n + 1):
        colours = [
            "W" if p.white == who else "B" for rnd in rounds for p in rnd if who in (p.white, p.black) and not p.bye
        ]
        run = 0
        for a, b in zip([None, *colours], colours, strict=False):
            run = run + 1 if a == b else 1
            longest = max(longest, run)
    return longest
