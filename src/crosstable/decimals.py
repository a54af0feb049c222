"""An exact value written as a decimal, in plain Python (no import but ``math``):
:func:`crosstable.numbers.fmt_decimal` (every output of the full path) and the quick
path's writers write it here."""

from __future__ import annotations

from math import gcd


def exact_decimal(numerator: int, denominator: int) -> str:
    """``numerator / denominator`` (the denominator positive) as its exact decimal
    (``11.75``, ``-12.5``, ``10``), else as ``a/b`` in lowest terms (``13/3``).

    >>> exact_decimal(47, 4), exact_decimal(20, 2), exact_decimal(-25, 2), exact_decimal(26, 6)
    ('11.75', '10', '-12.5', '13/3')
    """
    common = gcd(numerator, denominator)
    num, den = numerator // common, denominator // common
    if den == 1:
        return str(num)
    d, twos, fives = den, 0, 0
    while d % 2 == 0:
        d, twos = d // 2, twos + 1
    while d % 5 == 0:
        d, fives = d // 5, fives + 1
    if d != 1:
        return f"{num}/{den}"
    places = max(twos, fives)
    digits = str(abs(num) * 10**places // den).rjust(places + 1, "0")
    return f"{'-' if num < 0 else ''}{digits[:-places]}.{digits[-places:]}"
