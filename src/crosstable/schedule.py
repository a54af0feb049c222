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
from typing import NamedTuple

from crosstable.i18n import _


class Pairing(NamedTuple):
    """One board of one round: ``white`` (or home) against ``black`` (or away), by number.

    ``bye`` is true when one of the two is the dummy of an odd field. (A named tuple:
    a 1,000-player schedule has 499,500 of them.)
    """

    round: int
    board: int
    white: int
    black: int
    bye: bool = False

    @property
    def numbers(self) -> tuple[int, int]:
        return (self.white, self.black)


def berger(n: int) -> list[list[Pairing]]:
    """The single round robin for ``n ≥ 2`` participants, round by round, in board order."""
    if n < 2:
        raise ValueError(_("a round robin needs at least two participants"))
    size = n + (n % 2)
    m = size - 1
    half = (m + 1) // 2  # the inverse of 2 modulo m (m is odd)
    rounds: list[list[Pairing]] = []
    for r in range(1, m + 1):
        k = (r + 1) * half % m or m  # 2k ≡ r + 1 (mod m), k in 1 … m
        white, black = (k, size) if k <= size // 2 else (size, k)
        boards = [Pairing(r, 1, white, black, size != n)]
        for t in range(2, size // 2 + 1):
            i, j = (k + t - 2) % m + 1, (k - t) % m + 1  # k ± (t − 1), in 1 … m
            boards.append(Pairing(r, t, j, i) if (i - j) % m % 2 else Pairing(r, t, i, j))
        rounds.append(boards)
    return rounds


def double_berger(n: int, swap_last: bool = True) -> list[list[Pairing]]:
    """The double round robin: the first cycle (its last two rounds swapped unless
    ``swap_last`` is false), then the single cycle again with colours reversed."""
    single = berger(n)
    first = [list(r) for r in single]
    if swap_last and len(first) >= 2:
        first[-2], first[-1] = first[-1], first[-2]
    m = len(single)
    out: list[list[Pairing]] = []
    for k, rnd in enumerate(first):
        out.append([Pairing(k + 1, p.board, p.white, p.black, p.bye) for p in rnd])
    for k, rnd in enumerate(single):
        out.append([Pairing(m + k + 1, p.board, p.black, p.white, p.bye) for p in rnd])
    return out


@dataclass(frozen=True)
class Schedule:
    """A schedule with the participants' names: number ``k`` is ``names[k − 1]``."""

    names: list[str]
    rounds: list[list[Pairing]]

    @classmethod
    def make(cls, names: Sequence[str], double: bool = False, swap_last: bool = True) -> Schedule:
        n = len(names)
        rounds = double_berger(n, swap_last) if double else berger(n)
        return cls(list(names), rounds)

    def name(self, number: int) -> str:
        return self.names[number - 1] if number <= len(self.names) else "bye"

    def games(self) -> list[tuple[int, int, str, str]]:
        """Every game without the byes: ``(round, board, white, black)`` by name."""
        return [
            (p.round, p.board, self.name(p.white), self.name(p.black)) for rnd in self.rounds for p in rnd if not p.bye
        ]

    def byes(self) -> list[tuple[int, str]]:
        """``(round, name)`` of whoever has the bye in each round of an odd field."""
        return [
            (p.round, self.name(p.white if p.black > len(self.names) else p.black))
            for rnd in self.rounds
            for p in rnd
            if p.bye
        ]


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
