"""Readers and writers. Every reader returns one :class:`~crosstable.model.Tournament`.

**One size limit for every input read** (a file, a device, a FIFO, standard input):
:data:`MAX_INPUT_BYTES`, 256 MiB. The largest real input, a 2,000-player Swiss TRF,
is a few MB, a 1,000-player round robin's games list or JSON some tens of MB; past
the limit an input is refused with an :class:`~crosstable.errors.InputError` naming
it and the limit, after at most the limit and one byte were read (a regular file
larger than the limit is refused by its size, without reading it). Everything reads
through :func:`read_stream`, in chunks of :data:`CHUNK` bytes, so ``/dev/zero`` or an
endless pipe stops there instead of filling the memory. (The web keeps its own,
smaller limit on a request's body: ``create_app(max_bytes=...)``.)
"""

from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import BinaryIO

from crosstable.errors import InputError, Problem
from crosstable.fields import argument_error, check_type, text_argument
from crosstable.i18n import N_, _, integer_text
from crosstable.io.checks import check
from crosstable.io.egd import looks_like_egd, read_egd
from crosstable.io.footballtxt import looks_like_footballtxt, read_footballtxt
from crosstable.io.games import looks_like_games, read_games
from crosstable.io.jsonfmt import looks_like_json, read_json
from crosstable.io.openfootball import looks_like_openfootball, read_openfootball
from crosstable.io.opengotha import looks_like_opengotha, read_opengotha
from crosstable.io.pgn import looks_like_pgn, read_pgn
from crosstable.io.text import read_crosstable
from crosstable.io.trf import looks_like_trf, read_trf
from crosstable.model import A_SCORING, Scoring, Tournament

FORMATS = ("auto", "crosstable", "games", "trf", "pgn", "json", "openfootball", "egd", "opengotha")

MAX_INPUT_BYTES = 256 * 2**20
"""The largest input read (a file, a device, standard input): 256 MiB (see the module docstring)."""
CHUNK = 2**20
"""How much :func:`read_stream` reads at a time."""
# TRANSLATORS: what a library argument must be: a file's name or path
A_PATH = N_("a file's path (str or pathlib.Path)")
A_BYTES = N_("bytes")
A_STREAM = N_("a binary stream (a file opened with 'rb', sys.stdin.buffer)")


def detect_format(text: str) -> str:
    """The format ``auto`` reads a text as: our JSON, openfootball's JSON, the EGD's go
    results (``.h9``), OpenGotha's XML, TRF, PGN, openfootball's Football.TXT (format
    ``openfootball`` too), a games list, else a crosstable."""
    text_argument(text, "text")
    for name, looks_like in (
        ("json", looks_like_json),
        ("openfootball", looks_like_openfootball),
        ("egd", looks_like_egd),
        ("opengotha", looks_like_opengotha),
        ("trf", looks_like_trf),
        ("pgn", looks_like_pgn),
        ("openfootball", looks_like_footballtxt),
    ):
        if looks_like(text):
            return name
    return "games" if looks_like_games(text) else "crosstable"


def _read_openfootball(text: str, source: str | None, scoring: Scoring | None) -> Tournament:
    """openfootball's JSON, or its Football.TXT when the text is not a JSON object."""
    json_like = text.lstrip("\ufeff").lstrip().startswith(("{", "["))
    return (read_openfootball if json_like else read_footballtxt)(text, source, scoring)


def decode(raw: bytes) -> str:
    """A file's bytes as text: UTF-8, else Latin-1."""
    check_type(raw, (bytes, bytearray), "raw", A_BYTES)
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return raw.decode("latin-1")


def read_text(
    text: str, *, source: str | None = None, fmt: str = "auto", scoring: str | Scoring | None = None
) -> Tournament:
    """Read a tournament from text in a given format (``auto`` detects it), then check
    it for what a reader cannot refuse (:mod:`crosstable.io.checks`: names written
    almost alike that never meet, a game listed twice), adding those warnings.
    ``text`` must be a ``str`` (bytes: :func:`decode` them first), ``source`` a ``str``
    or ``None``, ``fmt`` a ``str``; a wrong type raises an ``ArgumentError``."""
    text_argument(text, "text")
    text_argument(source, "source", optional=True)
    text_argument(fmt, "fmt")
    if scoring is not None and not isinstance(scoring, str | Scoring):
        raise argument_error("scoring", _(A_SCORING), scoring)
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
        "openfootball": _read_openfootball,
        "games": read_games,
        "crosstable": read_crosstable,
        "egd": read_egd,
        "opengotha": read_opengotha,
    }
    if fmt not in readers:
        message = _("unknown format {name}; choose one of {formats}").format(name=repr(fmt), formats=", ".join(FORMATS))
        raise InputError(source, [Problem(message)])
    t = readers[fmt](text, source, sc)
    t.format = fmt
    t.warnings += check(t, text)  # what a file says without an error but not as meant (io/checks.py)
    return t


def _too_large(source: str, limit: int) -> InputError:
    # TRANSLATORS: {most} is the largest input read, in mebibytes (MiB)
    message = _("larger than {most} MiB, more than any tournament file: not read further").format(
        most=integer_text(limit // 2**20)
    )
    return InputError(source, [Problem(message)])


def read_stream(stream: BinaryIO, source: str, limit: int | None = None) -> bytes:
    """All of ``stream``'s bytes, read in chunks of :data:`CHUNK`; an :class:`InputError`
    naming ``source`` as soon as more than ``limit`` bytes came (no more is read).
    ``limit``: :data:`MAX_INPUT_BYTES` unless given.

    >>> import io
    >>> read_stream(io.BytesIO(b"abc"), "<stdin>")
    b'abc'
    >>> read_stream(io.BytesIO(b"x" * 3_000_000), "<stdin>", limit=2**20)
    Traceback (most recent call last):
    crosstable.errors.InputError: <stdin>: larger than 1 MiB, more than any tournament file: not read further
    """
    limit = MAX_INPUT_BYTES if limit is None else limit
    if not callable(getattr(stream, "read", None)):
        raise argument_error("stream", _(A_STREAM), stream)
    chunks: list[bytes] = []
    total = 0
    while total <= limit:
        chunk = stream.read(min(CHUNK, limit + 1 - total))
        if not isinstance(chunk, bytes):  # a text stream, or no stream at all
            raise argument_error("stream", _(A_STREAM), stream)
        if not chunk:
            return b"".join(chunks)
        chunks.append(chunk)
        total += len(chunk)
    raise _too_large(source, limit)


def read_file(path: str | Path, limit: int | None = None) -> str:
    """A file's text (:func:`decode`), or an :class:`InputError` naming it when it cannot
    be read or is larger than ``limit`` (:data:`MAX_INPUT_BYTES`; a device such as
    ``/dev/zero`` or a FIFO is read up to it, through :func:`read_stream`)."""
    check_type(path, (str, os.PathLike), "path", A_PATH)
    limit = MAX_INPUT_BYTES if limit is None else limit
    source = str(path)
    try:
        with open(path, "rb") as f:
            info = os.fstat(f.fileno())
            if stat.S_ISREG(info.st_mode) and info.st_size > limit:
                raise _too_large(source, limit)
            raw = read_stream(f, source, limit)
    except OSError as e:
        raise InputError(source, [Problem(_("cannot read the file: {reason}").format(reason=e.strerror))]) from None
    except ValueError as e:  # a path holding a NUL byte
        raise InputError(source, [Problem(_("cannot read the file: {reason}").format(reason=e))]) from None
    return decode(raw)


def read(path: str | Path, *, fmt: str = "auto", scoring: str | Scoring | None = None) -> Tournament:
    """Read a tournament file.

    >>> import crosstable
    >>> crosstable.read("examples/seed-7-players.tsv")
    Tournament(7 participants, 21 games, kind='result', scoring='chess')
    """
    return read_text(read_file(path), source=str(path), fmt=fmt, scoring=scoring)


__all__ = [
    "CHUNK",
    "FORMATS",
    "MAX_INPUT_BYTES",
    "decode",
    "detect_format",
    "read",
    "read_file",
    "read_stream",
    "read_text",
]
