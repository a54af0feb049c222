"""Readers and writers. Every reader returns one :class:`~crosstable.model.Tournament`."""

from __future__ import annotations

from pathlib import Path

from crosstable.errors import InputError, Problem
from crosstable.i18n import _
from crosstable.io.checks import check
from crosstable.io.games import looks_like_games, read_games
from crosstable.io.jsonfmt import looks_like_json, read_json
from crosstable.io.openfootball import looks_like_openfootball, read_openfootball
from crosstable.io.pgn import looks_like_pgn, read_pgn
from crosstable.io.text import read_crosstable
from crosstable.io.trf import looks_like_trf, read_trf
from crosstable.model import Scoring, Tournament

FORMATS = ("auto", "crosstable", "games", "trf", "pgn", "json", "openfootball")


def detect_format(text: str) -> str:
    """The format ``auto`` reads a text as: our JSON, openfootball's JSON, TRF, PGN, a games
    list, else a crosstable."""
    for name, looks_like in (
        ("json", looks_like_json),
        ("openfootball", looks_like_openfootball),
        ("trf", looks_like_trf),
        ("pgn", looks_like_pgn),
    ):
        if looks_like(text):
            return name
    return "games" if looks_like_games(text) else "crosstable"


def decode(raw: bytes) -> str:
    """A file's bytes as text: UTF-8, else Latin-1."""
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return raw.decode("latin-1")


def read_text(
    text: str, *, source: str | None = None, fmt: str = "auto", scoring: str | Scoring | None = None
) -> Tournament:
    """Read a tournament from text in a given format (``auto`` detects it), then check
    it for what a reader cannot refuse (:mod:`crosstable.io.checks`: names written
    almost alike that never meet, a game listed twice), adding those warnings."""
    sc = Scoring.parse(scoring) if isinstance(scoring, str) else scoring
    if "\x00" in text:
        line = text.count("\n", 0, text.index("\x00")) + 1
        raise InputError(source, [Problem(_("not a text file (it holds NUL bytes): a tournament file is text"), line)])
    if fmt == "auto":
        fmt = detect_format(text)
    readers = {
        "trf": read_trf,
        "pgn": read_pgn,
        "json": read_json,
        "openfootball": read_openfootball,
        "games": read_games,
        "crosstable": read_crosstable,
    }
    if fmt not in readers:
        message = _("unknown format {name}; choose one of {formats}").format(name=repr(fmt), formats=", ".join(FORMATS))
        raise InputError(source, [Problem(message)])
    t = readers[fmt](text, source, sc)
    t.format = fmt
    t.warnings += check(t, text)  # what a file says without an error but not as meant (io/checks.py)
    return t


def read_file(path: str | Path) -> str:
    """A file's text (:func:`decode`), or an :class:`InputError` naming it when it cannot be read."""
    try:
        raw = Path(path).read_bytes()
    except OSError as e:
        raise InputError(str(path), [Problem(_("cannot read the file: {reason}").format(reason=e.strerror))]) from None
    return decode(raw)


def read(path: str | Path, *, fmt: str = "auto", scoring: str | Scoring | None = None) -> Tournament:
    """Read a tournament file.

    >>> import crosstable
    >>> crosstable.read("examples/seed-7-players.tsv")
    Tournament(7 participants, 21 games, kind='result', scoring='chess')
    """
    return read_text(read_file(path), source=str(path), fmt=fmt, scoring=scoring)


__all__ = ["FORMATS", "decode", "detect_format", "read", "read_file", "read_text"]
