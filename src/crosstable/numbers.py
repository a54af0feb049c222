"""Reading and writing the numbers arbiters write: ``½``, ``4½``, ``0,5``, ``11.75``, ``–1,5``.

All values are exact (:class:`fractions.Fraction`); these helpers only convert
between text and exact values. The ``fmt_*`` functions write the neutral form (a
decimal point: codes, labels, files, JSON); the ``show_*`` functions write the same
number as the current language does (:mod:`crosstable.i18n`) for tables and sentences.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from fractions import Fraction

from crosstable.decimals import exact_decimal
from crosstable.i18n import _, decimal_text, integer_text, ngettext

_VULGAR = {"½": Fraction(1, 2), "¼": Fraction(1, 4), "¾": Fraction(3, 4)}
_TO_VULGAR = {Fraction(1, 2): "½", Fraction(1, 4): "¼", Fraction(3, 4): "¾"}
_NUMBER = re.compile(r"^([+-]?)([0-9]*)([.,][0-9]+)?([½¼¾])?$")
_RATIO = re.compile(r"^([+-]?)([0-9]+)/([0-9]+)$")
LONGEST_NUMBER = 40
"""The most characters a number may have: beyond, it is a typo (or an attack)."""


def parse_number(text: str) -> Fraction | None:
    """Read a number as arbiters write it, or ``None`` if it is not one.

    Accepts decimal points and decimal commas, the vulgar fractions ½ ¼ ¾ alone
    or after a whole part, ``a/b`` ratios, and the minus signs ``-``, ``–``, ``−``.

    >>> parse_number("4½"), parse_number("0,5"), parse_number("–1,5"), parse_number("1/3")
    (Fraction(9, 2), Fraction(1, 2), Fraction(-3, 2), Fraction(1, 3))
    >>> parse_number("Kalchev") is None
    True
    """
    t = text.strip().replace("–", "-").replace("−", "-")
    if not t or len(t) > LONGEST_NUMBER:
        return None
    m = _RATIO.match(t)
    if m:
        if int(m.group(3)) == 0:
            return None
        value = Fraction(int(m.group(2)), int(m.group(3)))
        return -value if m.group(1) == "-" else value
    m = _NUMBER.match(t)
    if not m or not (m.group(2) or m.group(3) or m.group(4)):
        return None
    sign, whole, decimals, vulgar = m.groups()
    value = Fraction(int(whole or "0"))
    if decimals:
        value += Fraction(decimals[1:]) / 10 ** (len(decimals) - 1)
    if vulgar:
        value += _VULGAR[vulgar]
    return -value if sign == "-" else value


UNDEFINED = "–"
"""How an undefined value prints (an average over no games): a dash, never a made-up 0."""


def fmt_decimal(value: Fraction | None) -> str:
    """Exact decimal if the value has one, else a fraction ``a/b``; ``–`` if undefined.

    >>> fmt_decimal(Fraction(47, 4)), fmt_decimal(Fraction(10)), fmt_decimal(Fraction(-25, 2))
    ('11.75', '10', '-12.5')
    >>> fmt_decimal(Fraction(13, 3)), fmt_decimal(None)
    ('13/3', '–')
    """
    if value is None:
        return UNDEFINED
    return exact_decimal(value.numerator, value.denominator)


def fmt_vulgar(value: Fraction | None) -> str:
    """Whole part and a vulgar fraction, as crosstables print scores.

    >>> fmt_vulgar(Fraction(9, 2)), fmt_vulgar(Fraction(1, 2)), fmt_vulgar(Fraction(47, 4))
    ('4½', '½', '11¾')
    >>> fmt_vulgar(Fraction(-3, 2)), fmt_vulgar(Fraction(7)), fmt_vulgar(Fraction(1, 3))
    ('-1½', '7', '1/3')
    """
    if value is None:
        return UNDEFINED
    sign = "-" if value < 0 else ""
    a = abs(value)
    whole, part = divmod(a, 1)
    if part == 0:
        return f"{sign}{int(whole)}"
    if part in _TO_VULGAR:
        return f"{sign}{int(whole) if whole else ''}{_TO_VULGAR[part]}"
    return fmt_decimal(value)


def fmt_number(value: Fraction | None, style: str = "decimal") -> str:
    """Format in the chosen style: ``decimal`` (``4.5``) or ``fraction`` (``4½``)."""
    return fmt_vulgar(value) if style == "fraction" else fmt_decimal(value)


def json_number(value: Fraction | None) -> int | float | None:
    """A JSON number: an int when whole, else the nearest float (display only);
    ``None`` (JSON ``null``) when undefined."""
    if value is None:
        return None
    if value.denominator == 1:
        return int(value.numerator)
    return float(value)


def half_up(x: Fraction) -> int:
    """Round to the nearest whole number, halves up (FIDE C.07: ARO, TPR, AOB).

    >>> half_up(Fraction(5, 2)), half_up(Fraction(-5, 2)), half_up(Fraction(7, 3))
    (3, -2, 2)
    """
    return (2 * x.numerator + x.denominator) // (2 * x.denominator)


def decimals_needed(value: Fraction) -> int | None:
    """The decimals a value's exact decimal has (``None`` when it has none: ⅓).

    >>> decimals_needed(Fraction(47, 4)), decimals_needed(Fraction(3)), decimals_needed(Fraction(1, 3))
    (2, 0, None)
    """
    d, twos, fives = value.denominator, 0, 0
    while d % 2 == 0:
        d, twos = d // 2, twos + 1
    while d % 5 == 0:
        d, fives = d // 5, fives + 1
    return max(twos, fives) if d == 1 else None


def fmt_fixed(value: Fraction | None, decimals: int) -> str:
    """A value with exactly ``decimals`` decimals, rounded half up (display only);
    ``–`` if undefined.

    >>> fmt_fixed(Fraction(9, 2), 2), fmt_fixed(Fraction(2, 3), 1), fmt_fixed(Fraction(-5, 4), 1), fmt_fixed(None, 1)
    ('4.50', '0.7', '-1.2', '–')
    """
    if value is None:
        return UNDEFINED
    scaled = half_up(value * 10**decimals)
    sign = "-" if scaled < 0 else ""
    whole, part = divmod(abs(scaled), 10**decimals)
    return f"{sign}{whole}" + (f".{part:0{decimals}d}" if decimals else "")


def column_decimals(values: Sequence[Fraction | None], cap: int = 4) -> int:
    """The decimals that show every value of a column exactly, at most ``cap``; 2 when
    one of them has no exact decimal.

    >>> column_decimals([Fraction(5), Fraction(9, 2), None]), column_decimals([Fraction(1, 3)])
    (1, 2)
    """
    need = [decimals_needed(v) for v in values if v is not None]
    exact = [x for x in need if x is not None]
    return min(cap, max([2 if len(exact) < len(need) else 0, *exact]))


def show_decimal(value: Fraction | None) -> str:
    """:func:`fmt_decimal` as the current language writes it (``11,75`` in Bulgarian)."""
    return decimal_text(fmt_decimal(value))


def show_vulgar(value: Fraction | None) -> str:
    """:func:`fmt_vulgar` as the current language writes it."""
    return decimal_text(fmt_vulgar(value))


def show_number(value: Fraction | None, style: str = "decimal") -> str:
    """:func:`fmt_number` as the current language writes it."""
    return decimal_text(fmt_number(value, style))


def show_fixed(value: Fraction | None, decimals: int) -> str:
    """:func:`fmt_fixed` as the current language writes it."""
    return decimal_text(fmt_fixed(value, decimals))


def rounds_text(first: int, last: int) -> str:
    """Rounds ``first`` to ``last`` in a sentence: ``round 5`` alone, else ``rounds 5-9``.

    >>> rounds_text(5, 5), rounds_text(5, 9)
    ('round 5', 'rounds 5-9')
    """
    if first == last:
        # TRANSLATORS: one round in a sentence ("round 5 counts …")
        return _("round {n}").format(n=integer_text(first))
    # TRANSLATORS: a range of rounds in a sentence ("rounds 5-9 count …")
    return _("rounds {first}-{last}").format(first=integer_text(first), last=integer_text(last))


def count(value: int | Fraction, singular: str, plural: str) -> str:
    """A count in a sentence, the noun in the right form for the current language:
    ``singular`` and ``plural`` are messages of the catalogues with ``{n}`` where the
    number goes (``1 point``, ``1½ points``, ``12,345 games``).

    >>> count(1, '{n} point', '{n} points'), count(Fraction(3, 2), '{n} point', '{n} points')
    ('1 point', '1½ points')
    >>> count(12345, '{n} game', '{n} games')
    '12,345 games'
    """
    text = show_vulgar(Fraction(value)) if isinstance(value, Fraction) else integer_text(value)
    return ngettext(singular, plural, value).format(n=text)
