"""The dates tournament files write, and the edition of FIDE C.07 in force on one, in
plain Python (no import): :func:`crosstable.fields.parse_date` (the model's readers) and
the quick path's TRF reader read them here."""

from __future__ import annotations

_DIGITS = frozenset("0123456789")
_MONTHS = {m: k for k, m in enumerate(("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct"), 1)}
_MONTHS |= {"nov": 11, "dec": 12}
_DAYS = (31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31)
EDITIONS = (((2026, 3, 1), "2026"), ((2024, 8, 1), "2024"))
"""The editions of FIDE C.07 by the day they came into force, the latest first; before
the last, ``2023`` (the dummy-opponent rules of August 2023)."""


def _digits(text: str) -> bool:
    """One to four ASCII digits."""
    return 1 <= len(text) <= 4 and _DIGITS.issuperset(text)


def _day(year: int, month: int, day: int) -> tuple[int, int, int] | None:
    """``(year, month, day)`` when it is a day of the calendar (as ``datetime.date``
    accepts it), else ``None``."""
    if not (1 <= year <= 9999 and 1 <= month <= 12):
        return None
    leap = month == 2 and year % 4 == 0 and (year % 100 != 0 or year % 400 == 0)
    return (year, month, day) if 1 <= day <= _DAYS[month - 1] + leap else None


def day_of(text: str) -> tuple[int, int, int] | None:
    """A date as tournament files write it (TRF ``042``, ``132``): ``2024/03/18``,
    ``2024.03.18``, ``2024-03-18``, ``18.03.2024``, ``28. 07. 2005``, ``18/03/2024``,
    ``24/03/18`` (two-digit year first, as in ``132`` records), ``May 29, 2020``,
    ``29 May 2020``, as ``(year, month, day)``; ``None`` when it is none of these.

    >>> day_of("28. 07. 2005"), day_of("May 29, 2020"), day_of("2016/06/28   "), day_of("2023-02-29")
    ((2005, 7, 28), (2020, 5, 29), (2016, 6, 28), None)
    """
    t = text.strip().lower()
    parts = "".join(" " if ch.isspace() or ch in "/.-," else ch for ch in t).split()
    if len(parts) != 3:
        return None
    if all(_digits(p) for p in parts):
        a, b, c = parts
        if len(a) == 4:
            return _day(int(a), int(b), int(c))
        if len(c) == 4:
            return _day(int(c), int(b), int(a))
        return _day(2000 + int(a), int(b), int(c))
    names = [p for p in parts if p[:3] in _MONTHS and not _DIGITS.issuperset(p)]
    digits = [p for p in parts if _digits(p)]
    if len(names) == 1 and len(digits) == 2:
        year = next((p for p in digits if len(p) == 4), None)
        if year is None:
            return None
        day = next(p for p in digits if p is not year)
        return _day(int(year), _MONTHS[names[0][:3]], int(day))
    return None


def edition_on(day: tuple[int, int, int]) -> str:
    """The edition of FIDE C.07 in force on a day (:data:`EDITIONS`).

    >>> edition_on((2024, 3, 18)), edition_on((2025, 1, 2)), edition_on((2026, 3, 15))
    ('2023', '2024', '2026')
    """
    return next((name for first, name in EDITIONS if day >= first), "2023")
