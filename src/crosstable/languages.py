"""The languages and how the environment chooses one, in plain Python (no import but
``os``): :mod:`crosstable.i18n` writes in them, the quick path (:mod:`crosstable.quick`)
answers only when the choice is English."""

from __future__ import annotations

import os

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping

LANGUAGES = ("en", "bg", "hu", "ru", "de")
"""The languages, English first (the language of the message identifiers)."""


def check_language(lang: str) -> str:
    """``lang`` if it is one of :data:`LANGUAGES` (any case, ``bg_BG.UTF-8`` counts
    as ``bg``), else a :class:`ValueError` naming them."""
    code = lang.strip().replace("-", "_").split("_")[0].split(".")[0].lower()
    if code not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}; the languages are {', '.join(LANGUAGES)}")
    return code


def default_language(environ: Mapping[str, str] = os.environ) -> str:
    """``CROSSTABLE_LANG``, else the environment's locale, else English.

    >>> default_language({"LANG": "de_DE.UTF-8"}), default_language({"LANG": "C.UTF-8"})
    ('de', 'en')
    >>> default_language({"CROSSTABLE_LANG": "hu", "LC_ALL": "ru_RU.UTF-8"})
    'hu'
    """
    for name in ("CROSSTABLE_LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):  # gettext's order
        value = environ.get(name, "")
        for part in value.split(":"):  # LANGUAGE is a list
            try:
                return check_language(part)
            except ValueError:
                continue
        if value and name != "CROSSTABLE_LANG":
            return "en"  # the first locale variable set decides, as for gettext
    return "en"
