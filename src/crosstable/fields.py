"""The one way every reader reads a number a user wrote: a round, a rating, a start
number, goals, cards, a count, in a text cell, a fixed-width TRF field, a PGN tag or a
JSON value.

Decisions written down here:

- **ASCII digits only.** Python's ``str.isdigit()`` is true for ``²``, ``①``, ``１`` and
  ``٣``, and ``int()`` then fails or reads them; a number here is the digits ``0``-``9``.
  A text holding another digit is refused, the message naming it and saying which
  digit to write instead.
- **The range before the value.** Each kind of field has its range (:class:`Range`):
  a round 1 to 999 (TRF's own limit), a rating 0 to 4,000, a start number 1 to 9,999,
  goals 0 to 1,000 (the model's largest score of a side), cards 0 to 999. The range
  is checked on the digits' count first, so ``10**4300`` or a 5,000-digit Elo never
  reaches ``int()`` (whose limit is 4,300 digits) nor numpy (whose integers end at
  2**63).
- **A sample of a message:** ``'²' is not a number: ² (superscript two) is not one of
  the digits 0 to 9; write 2``.
- **A blank is the reader's to decide** (a blank rating is "unrated", a blank round
  "no round"): :func:`whole` refuses it; readers test for it first.
- **JSON** is loaded by :func:`load_json`: nesting deeper than :data:`DEEPEST` and
  integers longer than :data:`LONGEST_DIGITS` digits are refused with the place, before
  Python's recursion or digit limits are reached; :func:`json_whole` checks a value's
  type (``true`` is not a number, nor ``1.5``, nor ``"3"``) and range, naming the field.

Every refusal is a :class:`FieldError` whose ``message`` is one sentence in the current
language; readers add the file, line and column (:class:`~crosstable.errors.Problem`).

**A library function's arguments** are checked here too, at the public entry, by the
same few helpers (:func:`check_type`, :func:`whole_argument`, :func:`real_argument`,
:func:`text_argument`, :func:`texts_argument`, :func:`indices_argument`): a wrong type
(``None``, a number where a name goes, a ``str`` where a list of names goes, ``bool``
where a number goes, ``nan``) or a number out of its :class:`Range` (``2**63``,
``10**400``, ``-1``) raises :class:`ArgumentError`, naming the argument, what it must
be and what it is, before anything is computed or allocated; never Python's or
NumPy's own ``TypeError``, ``OverflowError`` or ``IndexError`` from deep inside.
Each check is one ``isinstance`` per value (``O(n)`` for a list), so a valid call
costs nothing measurable.
"""

from __future__ import annotations

import datetime
import json
import math
import numbers
import re
import reprlib
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Literal, TypeVar, overload

from crosstable.dates import day_of
from crosstable.errors import CrosstableError, Problem, printable, quoted
from crosstable.i18n import N_, _, integer_text

LONGEST_DIGITS = 40
"""The most digits a JSON integer may have: beyond, it is a typo or an attack (and
``int()`` stops at 4,300)."""
DEEPEST = 64
"""The deepest nesting of a JSON document: ours nests four levels."""


class FieldError(CrosstableError, ValueError):
    """A field that should hold a number does not; ``message`` says why, in the language
    (``line`` and ``column``: where in a JSON document, when it is known there)."""

    def __init__(self, message: str, line: int | None = None, column: int | None = None) -> None:
        super().__init__(message)
        self.message, self.line, self.column = message, line, column


class ArgumentError(CrosstableError, ValueError):
    """An argument of a library function of the wrong type or out of its range; the
    message names the argument, what it must be and what was given."""


@dataclass(frozen=True)
class Range:
    """The whole numbers a kind of field may hold, and the sentence refusing the others
    (``{cell}`` the text as written, ``{low}`` and ``{high}`` the bounds)."""

    low: int
    high: int
    message: str

    def __contains__(self, value: object) -> bool:
        return isinstance(value, int) and not isinstance(value, bool) and self.low <= value <= self.high


ROUND = Range(1, 999, N_("{cell} is not a round from {low} to {high}"))
ANY_ROUND = Range(0, 999, ROUND.message)
"""A TRF record's round: 0 (or blank) for none, 999 for after the last round."""
ROUNDS = Range(0, 999, N_("{cell} is not a number of rounds from {low} to {high}"))
TEAM_NUMBER = Range(1, 999, N_("{cell} is not a team number from {low} to {high}"))
RATING = Range(0, 4000, N_("{cell} is not a rating from {low} to {high}"))
START_NUMBER = Range(1, 9999, N_("{cell} is not a start number from {low} to {high}"))
GOALS = Range(0, 1000, N_("{cell} is not a number of goals from {low} to {high}"))
"""Goals, and game points: the model's largest score of one side (``model.MAX_SCORE``)."""
CARDS = Range(0, 999, N_("{cell} is not a number of cards from {low} to {high}"))
YEAR = Range(1000, 9999, N_("{cell} is not a year from {low} to {high}"))
INT64 = Range(-(2**63), 2**63 - 1, N_("{cell} is not a whole number from {low} to {high}"))
"""What a NumPy ``int64`` holds: a library argument beyond it is refused, not wrapped."""

_ASCII_WHOLE = re.compile(r"[0-9]+")


def digit_hint(text: str) -> str | None:
    """What is wrong with ``text`` when it holds a digit other than ``0``-``9``
    (superscript, fullwidth, Arabic-Indic, circled …), else ``None``. (``½`` and the
    other fractions are no digits: a score reader reads them, a whole-number field
    refuses them as any other text.)

    >>> print(digit_hint("1-²"))
    ² (superscript two) is not one of the digits 0 to 9; write 2
    >>> digit_hint("12") is None, digit_hint("½") is None
    (True, True)
    """
    for ch in text:
        value = None if ch.isascii() else unicodedata.digit(ch, None)
        if value is None:
            continue
        name = unicodedata.name(ch, "").lower() or f"U+{ord(ch):04X}"
        # TRANSLATORS: {char} is an odd digit in a text, {name} its Unicode name, {digit} what to write instead
        return _("{char} ({name}) is not one of the digits 0 to 9; write {digit}").format(
            char=printable(ch), name=name, digit=value
        )
    return None


def foreign_digit(text: str) -> str | None:
    """The sentence refusing a number written with another digit than ``0``-``9``
    (:func:`digit_hint`), else ``None``.

    >>> print(foreign_digit("²"))
    '²' is not a number: ² (superscript two) is not one of the digits 0 to 9; write 2
    """
    hint = digit_hint(text)
    # TRANSLATORS: {cell} is a text as written, {hint} what is wrong with its digits
    return None if hint is None else _("{cell} is not a number: {hint}").format(cell=quoted(text), hint=hint)


def _refused(text: str, rng: Range) -> FieldError:
    return FieldError(_(rng.message).format(cell=quoted(text), low=integer_text(rng.low), high=integer_text(rng.high)))


def whole(text: str, rng: Range) -> int:
    """The whole number ``text`` writes, in ``rng``; a :class:`FieldError` otherwise.

    >>> whole(" 12 ", ROUND), whole("0042", RATING)
    (12, 42)
    >>> whole("1000", ROUND)
    Traceback (most recent call last):
    crosstable.fields.FieldError: '1000' is not a round from 1 to 999
    """
    t = text.strip()
    problem = foreign_digit(t)
    if problem:
        raise FieldError(problem)
    if not _ASCII_WHOLE.fullmatch(t) or len(t.lstrip("0")) > len(str(rng.high)):
        raise _refused(t, rng)
    value = int(t)
    if value not in rng:
        raise _refused(t, rng)
    return value


def whole_at(text: str, rng: Range, problems: list[Problem], line: int | None, column: int | None) -> int | None:
    """:func:`whole`, a refusal added to ``problems`` at ``line`` and ``column`` (``None`` then)."""
    try:
        return whole(text, rng)
    except FieldError as e:
        problems.append(Problem(e.message, line, column))
        return None


def is_whole(text: str) -> bool:
    """Whether ``text`` is written as a whole number of ASCII digits (any size).

    >>> is_whole("12"), is_whole("²"), is_whole(""), is_whole("1.5")
    (True, False, False, False)
    """
    return _ASCII_WHOLE.fullmatch(text.strip()) is not None


class _Long(str):
    """A JSON integer of more than :data:`LONGEST_DIGITS` digits, kept as its text."""

    __slots__ = ()


def _integer(text: str) -> int | _Long:
    return int(text) if len(text.lstrip("-")) <= LONGEST_DIGITS else _Long(text)


def _depth_at(text: str) -> int | None:
    """The index where ``text``'s nesting passes :data:`DEEPEST` (strings skipped), or ``None``."""
    depth = 0
    for m in re.finditer(r'"(?:[^"\\]|\\.)*"|[\[{]|[\]}]', text):
        token = m.group()
        if token in "[{":
            depth += 1
            if depth > DEEPEST:
                return m.start()
        elif token in "]}":
            depth -= 1
    return None


def load_json(text: str) -> Any:
    """``json.loads`` that refuses what would break Python: nesting deeper than
    :data:`DEEPEST` (a :class:`FieldError`) and, instead of failing, keeps an integer of
    more than :data:`LONGEST_DIGITS` digits as text for :func:`json_whole` to refuse.
    A malformed document raises ``json.JSONDecodeError`` as ``json.loads`` does.

    >>> load_json('{"a": [1, 2]}')
    {'a': [1, 2]}
    >>> load_json("[" * 100 + "]" * 100)
    Traceback (most recent call last):
    crosstable.fields.FieldError: not valid JSON: nested deeper than 64 levels
    """
    if text.count("[") + text.count("{") > DEEPEST:
        where = _depth_at(text)
        if where is not None:
            line = text.count("\n", 0, where) + 1
            # TRANSLATORS: a JSON document's arrays or objects inside each other
            message = _("not valid JSON: nested deeper than {n} levels").format(n=DEEPEST)
            raise FieldError(message, line, where - text.rfind("\n", 0, where))
    return json.loads(text, parse_int=_integer)


def json_whole(value: Any, rng: Range) -> int:
    """A JSON value that must be a whole number in ``rng``; a :class:`FieldError` naming
    what it is otherwise.

    >>> json_whole(3, ROUND)
    3
    >>> json_whole(True, ROUND)
    Traceback (most recent call last):
    crosstable.fields.FieldError: true is not a round from 1 to 999
    """
    if isinstance(value, int) and not isinstance(value, bool) and value in rng:
        return value
    if isinstance(value, _Long):
        shown = quoted(str(value), 20)
    elif isinstance(value, str):
        problem = foreign_digit(value)
        if problem:
            raise FieldError(problem)
        shown = json.dumps(printable(value, 40), ensure_ascii=False)
    else:
        shown = json.dumps(value)[:40] if isinstance(value, bool | int | float | type(None)) else _json_type(value)
    raise FieldError(_(rng.message).format(cell=shown, low=integer_text(rng.low), high=integer_text(rng.high)))


def _json_type(value: Any) -> str:
    # TRANSLATORS: said of a JSON value where a number goes
    return _("a list") if isinstance(value, list) else _("an object")


_T = TypeVar("_T")

A_TEXT = N_("a text (str)")
TEXTS = N_("a list of texts (str)")
A_BOOL = N_("True or False")
CRITERIA = N_("a text such as 'SB, BH/C1', or a list of texts")

_SHORT = reprlib.Repr()
_SHORT.maxstring, _SHORT.maxother, _SHORT.maxlist, _SHORT.maxtuple, _SHORT.maxdict = 40, 40, 4, 4, 3


def shown(value: object) -> str:
    """A value as a refusal shows it: a short ``repr`` and its type (a huge integer by
    its number of digits, as ``str()`` stops at 4,300 of them).

    >>> print(shown(None), "|", shown("x"), "|", shown(10**400))
    None | 'x' (str) | a whole number of 401 digits
    """
    if value is None or isinstance(value, bool):
        return repr(value)
    if isinstance(value, int) and value.bit_length() > 128:
        digits = math.floor(math.log10(abs(value))) + 1
        # TRANSLATORS: a huge integer given where a small one goes; {n} is its number of digits
        return _("a whole number of {n} digits").format(n=integer_text(digits))
    try:
        text = _SHORT.repr(value)
    except Exception:
        text = "?"
    return f"{printable(text, 60)} ({type(value).__name__})"


def argument_error(name: str, expected: str, value: object) -> ArgumentError:
    """The refusal of argument ``name``: it must be ``expected`` (translated), not ``value``."""
    # TRANSLATORS: {argument} is a library function's argument (its Python name, kept as it is),
    # {expected} what it must be ("a text (str)"), {given} what was given
    return ArgumentError(
        _("{argument} must be {expected}, not {given}").format(argument=name, expected=expected, given=shown(value))
    )


def check_type(value: object, kinds: type[_T] | tuple[type, ...], name: str, expected: str) -> _T:
    """``value`` when it is one of ``kinds`` (``bool`` is no number), else an
    :class:`ArgumentError` saying ``name`` must be ``expected`` (a msgid, translated here).

    >>> check_type(3, int, "n", "a number")
    3
    >>> check_type(None, int, "n", "a number")
    Traceback (most recent call last):
    crosstable.fields.ArgumentError: n must be a number, not None
    """
    if isinstance(value, kinds) and not (isinstance(value, bool) and bool not in _types(kinds)):
        return value  # type: ignore[return-value]
    raise argument_error(name, _(expected), value)


def _types(kinds: type | tuple[type, ...]) -> tuple[type, ...]:
    return kinds if isinstance(kinds, tuple) else (kinds,)


@overload
def text_argument(value: object, name: str, *, optional: Literal[False] = False) -> str: ...
@overload
def text_argument(value: object, name: str, *, optional: bool) -> str | None: ...
def text_argument(value: object, name: str, *, optional: bool = False) -> str | None:
    """A ``str`` argument (``None`` too when ``optional``)."""
    if value is None and optional:
        return None
    return check_type(value, str, name, A_TEXT)


def bool_argument(value: object, name: str) -> bool:
    """A ``bool`` argument (``0`` and ``1`` are refused: a flag is ``True`` or ``False``)."""
    if isinstance(value, bool):
        return value
    raise argument_error(name, _(A_BOOL), value)


def texts_argument(value: object, name: str, expected: str = TEXTS) -> list[str]:
    """A list (or tuple, or other iterable but a ``str``) of ``str``, as a list
    (``expected``: what the refusal says it must be, a msgid)."""
    if isinstance(value, str | bytes | dict) or not isinstance(value, Iterable):
        raise argument_error(name, _(expected), value)
    items = list(value)
    for item in items:
        if not isinstance(item, str):
            raise argument_error(name, _(expected), item)
    return items


def as_whole(value: object) -> int | None:
    """``value`` as an ``int`` when it is a whole number (a NumPy integer too; no
    ``bool``, no ``float``), else ``None``."""
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        return None
    return int(value)


def whole_argument(value: object, rng: Range, name: str) -> int:
    """A whole-number argument in ``rng``, else an :class:`ArgumentError` with the
    range's own sentence.

    >>> whole_argument(3, ROUND, "k")
    3
    >>> whole_argument(10**9, ROUND, "k")
    Traceback (most recent call last):
    crosstable.fields.ArgumentError: k: 1000000000 is not a round from 1 to 999
    """
    k = as_whole(value)
    if k is not None and rng.low <= k <= rng.high:
        return k
    cell = str(k) if k is not None and k.bit_length() <= 128 else shown(value)
    problem = _(rng.message).format(cell=cell, low=integer_text(rng.low), high=integer_text(rng.high))
    # TRANSLATORS: {argument} is a library function's argument (its Python name), {problem} what is wrong
    raise ArgumentError(_("{argument}: {problem}").format(argument=name, problem=problem))


def real_argument(value: object, low: float, high: float, name: str) -> float:
    """A number argument (``int``, ``float``, ``Fraction``; not ``bool``, not ``nan``)
    from ``low`` to ``high``."""
    if isinstance(value, numbers.Real) and not isinstance(value, bool):
        try:
            number = float(value)
        except OverflowError:  # a Fraction beyond any float
            number = math.nan
        if low <= number <= high:
            return number
    # TRANSLATORS: {low} and {high} are the bounds of a number
    expected = _("a number from {low} to {high}").format(low=low, high=high)
    raise argument_error(name, expected, value)


def indices_argument(value: object, n: int, name: str, *, empty: bool = True) -> list[int]:
    """A list of distinct participant indices ``0`` to ``n - 1`` (a NumPy array too;
    an empty one only when ``empty``)."""
    # TRANSLATORS: {high} is the highest index of a participant (their count less one)
    expected = _("a list of distinct participant indices from 0 to {high}").format(high=integer_text(n - 1))
    if isinstance(value, str | bytes) or not isinstance(value, Iterable):
        raise argument_error(name, expected, value)
    items: list[int] = []
    for item in value:
        k = as_whole(item)
        if k is None or not 0 <= k < n:
            raise argument_error(name, expected, item)
        items.append(k)
    if len(set(items)) != len(items) or not (items or empty):
        raise argument_error(name, expected, items)
    return items


def parse_date(text: str) -> datetime.date | None:
    """A date as tournament files write it (TRF ``042``, ``132``; the regulations' editions
    are chosen by it): ``2024/03/18``, ``2024.03.18``,
    ``2024-03-18``, ``18.03.2024``, ``28. 07. 2005``, ``18/03/2024``, ``24/03/18``
    (two-digit year first, as in ``132`` records), ``May 29, 2020``, ``29 May 2020``;
    ``None`` when it is none of these (:func:`crosstable.dates.day_of`).

    >>> parse_date("28. 07. 2005"), parse_date("May 29, 2020"), parse_date("2016/06/28   ")
    (datetime.date(2005, 7, 28), datetime.date(2020, 5, 29), datetime.date(2016, 6, 28))
    >>> parse_date("tomorrow") is None
    True
    """
    day = day_of(text)
    return datetime.date(*day) if day is not None else None
    return None


__all__ = [
    "ANY_ROUND",
    "CARDS",
    "CRITERIA",
    "DEEPEST",
    "GOALS",
    "INT64",
    "LONGEST_DIGITS",
    "RATING",
    "ROUND",
    "ROUNDS",
    "START_NUMBER",
    "TEAM_NUMBER",
    "YEAR",
    "ArgumentError",
    "FieldError",
    "Range",
    "argument_error",
    "as_whole",
    "bool_argument",
    "check_type",
    "digit_hint",
    "foreign_digit",
    "indices_argument",
    "is_whole",
    "json_whole",
    "load_json",
    "parse_date",
    "real_argument",
    "shown",
    "text_argument",
    "texts_argument",
    "whole",
    "whole_argument",
    "whole_at",
]
