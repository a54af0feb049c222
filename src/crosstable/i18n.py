"""Languages: every sentence the program writes for people, in English, Bulgarian,
Hungarian, Russian or German, and numbers as each of them writes them.

The messages are gettext catalogues, one per language, in
``crosstable/locale/<lang>/LC_MESSAGES/crosstable.po``; the ``.mo`` files beside them
are compiled from them by the build (``setup.py``); an installed package reads its
``.mo``, a source checkout whose ``.mo`` is missing or older than its ``.po`` reads the
``.po`` through Babel. The message identifiers are the English sentences themselves,
so English needs no catalogue and a message missing from a catalogue would show in
English (a test fails when any is missing). Updating the catalogues after a change of the messages::

    pybabel extract -F babel.cfg -k N_ -k count:2,3 -k criterion:2 -k _t -c TRANSLATORS: \
        --sort-by-file --no-wrap --project crosstable -o src/crosstable/locale/crosstable.pot .
    pybabel update -i src/crosstable/locale/crosstable.pot -d src/crosstable/locale -D crosstable --no-wrap

(``N_`` marks a constant, ``count(n, singular, plural)`` a count with its noun,
``criterion(code, name)`` a criterion's name, ``_t`` the web page's script; ``_``,
``ngettext`` and ``pgettext`` are Babel's defaults.)

Decisions written down here:

- **Which language.** ``--lang`` on the command line, the page's switch on the web
  (remembered by the browser); otherwise ``CROSSTABLE_LANG``, then the locale of the
  environment (``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG``: gettext's order),
  else English. The library is English until :func:`using` (a context manager) or
  :func:`set_language` says otherwise; the language is a context variable, so threads and asynchronous
  tasks each keep their own.
- **What is translated.** Everything written for people: table headings and column
  names, explanations, warnings, error messages, the web page. Not translated: the
  criterion codes (``SB``, ``BH/C1``: FIDE's codes, what the user typed and what the
  FIDE Handbook uses in every language; their names are translated), participants'
  names, the scorings' names (``chess``: what ``--scoring`` takes), the command
  line's JSON output (byte for byte: a command writing JSON makes its document in
  English and says its warnings, explanations and errors on standard error in the
  language), ``batch``'s records (data), the HTTP API's keys, codes and numbers (its
  sentences follow ``?lang=``: the page shows them), the TRF and CSV data (a CSV's
  headers and Decided notes are translated, its numbers keep the decimal point so
  that every program reads them), the command line's ``--help`` and click's own
  usage errors (English, like the option names they describe), and the HTTP API's
  documentation.
- **Numbers.** A number shown to people is written with the language's decimal sign
  and minus sign from the Unicode CLDR data (Babel): ``11,75`` in bg, hu, ru and de,
  ``11.75`` in en; whole counts with its digit grouping (``12 345``, ``12.345``,
  ``12,345``). ``½`` and ``¼`` stay what they are in every language.
- **Plurals.** A count of points that is not whole (``1½``) takes the plural form of
  2, which is what the five languages write (1½ points, 1½ точки, 1½ pont, 1½ очка,
  1½ Punkte).
"""

from __future__ import annotations

import gettext
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar, Token
from fractions import Fraction
from functools import cache
from io import BytesIO
from pathlib import Path
from typing import Any

from crosstable.languages import LANGUAGES as LANGUAGES  # re-exported: the languages and their choice
from crosstable.languages import check_language as check_language
from crosstable.languages import default_language as default_language

LANGUAGE_NAMES = {"en": "English", "bg": "Български", "hu": "Magyar", "ru": "Русский", "de": "Deutsch"}
"""Each language's name in itself, for a language switch."""
DOMAIN = "crosstable"
LOCALE_DIR = Path(__file__).parent / "locale"

_current: ContextVar[str] = ContextVar("crosstable_language", default="en")


def language() -> str:
    """The language of the messages being written now."""
    return _current.get()


def set_language(lang: str) -> Token[str]:
    """Write in ``lang`` from now on (in this thread or task); the token undoes it."""
    return _current.set(check_language(lang))


@contextmanager
def using(lang: str) -> Iterator[None]:
    """Write in ``lang`` inside the block.

    >>> with using("bg"):
    ...     decimal_text("11.75")
    '11,75'
    """
    token = set_language(lang)
    try:
        yield
    finally:
        _current.reset(token)


def _compiled(lang: str) -> gettext.NullTranslations:
    po = LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"
    mo = po.with_suffix(".mo")
    # In a source checkout (src/crosstable/locale beside setup.py) a .po edited since the
    # build wins; an installed package's .mo is its build's (installed after or before its .po).
    checkout = (LOCALE_DIR.parents[2] / "setup.py").exists()
    if mo.exists() and (not checkout or not po.exists() or mo.stat().st_mtime >= po.stat().st_mtime):
        with mo.open("rb") as f:
            return gettext.GNUTranslations(f)
    if not po.exists():
        return gettext.NullTranslations()
    # A source checkout without the build's .mo: compile the catalogue in memory.
    from babel.messages.mofile import write_mo  # noqa: PLC0415 - only without the built catalogues
    from babel.messages.pofile import read_po  # noqa: PLC0415 - only without the built catalogues

    with po.open("rb") as f:
        catalog = read_po(f, locale=lang, domain=DOMAIN)
    buffer = BytesIO()
    write_mo(buffer, catalog)
    buffer.seek(0)
    return gettext.GNUTranslations(buffer)


@cache
def translations(lang: str) -> gettext.NullTranslations:
    """The catalogue of ``lang`` (English: none, the identifiers are English)."""
    if lang == "en":
        return gettext.NullTranslations()
    return _compiled(lang)


def _(message: str) -> str:
    """``message`` in the current language (its English text if it has no translation)."""
    lang = _current.get()
    return message if lang == "en" else translations(lang).gettext(message)


def N_(message: str) -> str:
    """Mark ``message`` for the catalogues without translating it now (a constant
    translated where it is shown, with :func:`_`)."""
    return message


def ngettext(singular: str, plural: str, n: int | Fraction) -> str:
    """The form of ``singular``/``plural`` for ``n`` in the current language (a ``n``
    that is not whole counts as 2; see the module's notes)."""
    count = int(n) if Fraction(n).denominator == 1 else 2
    lang = _current.get()
    if lang == "en":
        return singular if count == 1 else plural
    return translations(lang).ngettext(singular, plural, count)


def pgettext(context: str, message: str) -> str:
    """``message`` in the current language, told apart from the same English words
    elsewhere by ``context`` (``Place`` the column, ``Place`` a verb)."""
    lang = _current.get()
    return message if lang == "en" else translations(lang).pgettext(context, message)


@cache
def _symbols(lang: str) -> tuple[str, str, str]:
    from babel.numbers import (  # noqa: PLC0415 - Babel's data loads only for a language other than English
        get_decimal_symbol,
        get_group_symbol,
        get_minus_sign_symbol,
    )

    return get_decimal_symbol(lang), get_minus_sign_symbol(lang), get_group_symbol(lang)


def decimal_text(text: str) -> str:
    """A number written with a decimal point and ``-`` (``-12.5``, ``4½``, ``13/3``)
    as the current language writes it (Unicode CLDR data through Babel).

    >>> with using("de"):
    ...     decimal_text("-12.5"), decimal_text("4½")
    ('-12,5', '4½')
    """
    lang = _current.get()
    if lang == "en":
        return text
    point, minus, _group = _symbols(lang)
    return text.replace("-", minus).replace(".", point)


def integer_text(n: int) -> str:
    """A whole count with the language's digit grouping (``12,345``, ``12 345``).

    >>> integer_text(12345)
    '12,345'
    """
    lang = _current.get()
    if lang == "en":
        return f"{n:,}"
    _point, minus, group = _symbols(lang)
    return f"{n:,}".replace(",", group).replace("-", minus)


_ROMAN = ((1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"), (50, "L"), (40, "XL"),
          (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I"))  # fmt: skip


def roman(n: int) -> str:
    """``n`` in Roman numerals, as the seeds' tables number places.

    >>> roman(3), roman(14), roman(1999)
    ('III', 'XIV', 'MCMXCIX')
    """
    if n < 1:
        return str(n)
    out = []
    for value, letters in _ROMAN:
        while n >= value:
            out.append(letters)
            n -= value
    return "".join(out)


def catalogue(lang: str) -> dict[str, str]:
    """Every translated message of ``lang``: identifier → translation (for the web
    page, which translates its labels in the browser: its messages have neither
    plural forms nor contexts)."""
    t = translations(check_language(lang))
    raw: dict[Any, str] = getattr(t, "_catalog", {})
    return {k: v for k, v in raw.items() if isinstance(k, str) and k and v and "\x04" not in k}  # no plurals, contexts
