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
"""

from __future__ import annotations

import json
import re
import unicodedata
from dataclasses import dataclass
from typing import Any

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


__all__ = [
    "ANY_ROUND",
    "CARDS",
    "DEEPEST",
    "GOALS",
    "LONGEST_DIGITS",
    "RATING",
    "ROUND",
    "ROUNDS",
    "START_NUMBER",
    "TEAM_NUMBER",
    "YEAR",
    "FieldError",
    "Range",
    "digit_hint",
    "foreign_digit",
    "is_whole",
    "json_whole",
    "load_json",
    "whole",
    "whole_at",
]
