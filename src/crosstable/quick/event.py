"""The quick path's event: plain lists, no numpy (see :mod:`crosstable.quick`).

It holds what :class:`crosstable.model.Tournament` holds for an individual event
scored 1-½-0, in the same codes (:mod:`crosstable.codes`): outcomes ``LOSS``, ``DRAW``,
``WIN``; game status ``PLAYED``, ``FORFEIT`` (games still to be played are left out);
byes of the kinds of :data:`crosstable.model.BYE_KINDS`, with their points in halves.
"""

from __future__ import annotations

from crosstable.decimals import exact_decimal

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import TypeAlias

    Ratio: TypeAlias = tuple[int, int]
    """An exact value as ``(numerator, denominator)``, the denominator positive (not
    always in lowest terms): the quick path's Fraction, without importing
    :mod:`fractions`, which imports :mod:`re` and :mod:`decimal`, a third of a small
    event's process."""


class Unsupported(Exception):
    """The quick path does not take this case: the full command line does, unchanged."""


class Event:
    """An individual event scored 1-½-0 (a win 2 halves, a draw 1, a loss 0).

    - ``names``, ``ratings`` (``None``: unrated), ``numbers`` (start numbers), one per
      participant, by index;
    - ``games``: ``(white, black, round, white_outcome, black_outcome, status)`` for
      every game with a result (played or forfeited), in the file's order;
    - ``byes``: ``(participant, round, kind, halves)`` for every bye the file gives
      (``kind`` one of ``pab``, ``full``, ``half``, ``zero``, ``absent``), not the
      absences the rounds imply (the criteria add those, as
      :attr:`crosstable.tiebreaks.analysis.Analysis.byes` does);
    - ``system``: ``"swiss"`` or ``"round-robin"``; ``edition``: the FIDE C.07 edition
      (``"virtual"``, ``"2024"``, ``"2026"``); ``rounds_total``: the rounds counted
      (:attr:`crosstable.model.Tournament.rounds_total`, ``None`` if the file gives none).
    """

    __slots__ = ("byes", "edition", "games", "names", "numbers", "ratings", "rounds_total", "system")

    def __init__(
        self,
        names: list[str],
        ratings: list[int | None],
        numbers: list[int],
        games: list[tuple[int, int, int, int, int, int]],
        byes: list[tuple[int, int, str, int]],
        system: str,
        edition: str,
        rounds_total: int | None,
    ) -> None:
        self.names = names
        self.ratings = ratings
        self.numbers = numbers
        self.games = games
        self.byes = byes
        self.system = system
        self.edition = edition
        self.rounds_total = rounds_total


def json_value(value: Ratio | None) -> int | float | None:
    """:func:`crosstable.numbers.json_number`: an int when whole, else the nearest float
    (``a / b`` of ints is correctly rounded, as ``float(Fraction(a, b))``); ``None`` when
    undefined."""
    if value is None:
        return None
    num, den = value
    return num // den if num % den == 0 else num / den


def decimal_text(value: Ratio) -> str:
    """:func:`crosstable.numbers.fmt_decimal` of an exact pair (:func:`crosstable.decimals.exact_decimal`)."""
    return exact_decimal(*value)
