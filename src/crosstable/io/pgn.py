"""PGN files: the games' headers, read with ``python-chess``.

Each game gives ``White``, ``Black``, ``Result`` (``1-0``, ``0-1``, ``1/2-1/2``,
``*`` for a game not finished), ``Round`` (``3`` or ``3.1``; ``?`` when unknown) and,
when present, ``WhiteElo``/``BlackElo``. A player named ``BYE`` stands for a bye of
the other side, worth the result's points. Participants are numbered in order of
first appearance. The event is taken as a round robin when every pair met the same
number of times (once or twice), as a Swiss event otherwise. A game without both
names or with an unknown result is reported with the line where it starts.

Numbers are read by :mod:`crosstable.fields`: a ``Round`` of ASCII digits from 1 to 999
(``?``, ``-`` or a word: no round), an Elo from 0 to 4,000 (``?``, ``-``, ``0`` or
another word: unrated); another digit than 0-9 (``²``, ``３``) or a number out of range
is refused with its game's line. A game without a result (``*``) in a round whose other
games, or a later round's, have results is most likely a result not written down: a
warning names its line (it is counted as not played yet); so does the only game without
a result in a round whose other games have one.
"""

from __future__ import annotations

import io
from collections import Counter
from fractions import Fraction

import numpy as np

from crosstable.errors import InputError, Problem
from crosstable.fields import RATING, ROUND, foreign_digit, is_whole, whole_at
from crosstable.i18n import _
from crosstable.model import PENDING, PLAYED, Bye, Scoring, Tournament

_RESULTS = {"1-0": (2, 0, PLAYED), "0-1": (0, 2, PLAYED), "1/2-1/2": (1, 1, PLAYED), "*": (0, 0, PENDING)}


def looks_like_pgn(text: str) -> bool:
    head = text.lstrip("\ufeff").lstrip()
    return head.startswith("[") and "[White " in text[:5000]


def _numeric(text: str) -> bool:
    """Whether a tag's value is written as a number (of any digits) rather than a word."""
    return bool(foreign_digit(text)) or is_whole(text)


def _unrecorded(rounds: list[int], status: list[int], lines: list[int], games: list[str]) -> list[str]:
    """Warnings for the games without a result (``*``) in a round that is over: a later
    round has results, or every other game of its round has one (a round still being
    played has several games without a result)."""
    results = [r for r, st in zip(rounds, status, strict=True) if st != PENDING and r]
    last = max(results, default=0)
    pending = Counter(r for r, st in zip(rounds, status, strict=True) if st == PENDING and r)
    with_result = set(results)
    return [
        # TRANSLATORS: {game} is "White - Black", {round} a round number, {line} a line of the file
        _(
            "line {line}: {game}, round {round}, has no result (*) while round {round} or a later one has results: "
            "counted as not played yet"
        ).format(line=line, game=game, round=r)
        for r, st, line, game in zip(rounds, status, lines, games, strict=True)
        if st == PENDING and r and (r < last or (r in with_result and pending[r] == 1))
    ]


def read_pgn(text: str, source: str | None = None, scoring: Scoring | None = None) -> Tournament:
    """Read the games of a PGN file into a :class:`Tournament`."""
    import chess.pgn  # noqa: PLC0415 - optional: python-chess (~70 ms to import) only for PGN files

    handle = io.StringIO(text.lstrip("\ufeff"))
    names: list[str] = []
    index: dict[str, int] = {}
    ratings: dict[int, int] = {}
    columns: list[list[int]] = [[], [], [], [], [], []]
    byes: list[Bye] = []
    problems: list[Problem] = []
    line = 1
    lines: list[int] = []  # each game's first line
    consumed = 0
    while True:
        start = handle.tell()
        line += text.count("\n", consumed, start)
        consumed = start
        headers = chess.pgn.read_headers(handle)
        if headers is None:
            break
        white, black = headers.get("White", "").strip(), headers.get("Black", "").strip()
        result = headers.get("Result", "*").strip()
        if not white or not black or white == "?" or black == "?":
            problems.append(Problem(_("a game without both players' names"), line, 1))
            continue
        if result not in _RESULTS:
            problems.append(
                Problem(_("result {result} is not 1-0, 0-1, 1/2-1/2 or *").format(result=repr(result)), line, 1)
            )
            continue
        round_text = headers.get("Round", "?").split(".")[0].strip()
        rnd = (whole_at(round_text, ROUND, problems, line, 1) or 0) if _numeric(round_text) else 0
        a, b, status = _RESULTS[result]
        if "bye" in (white.lower(), black.lower()):
            who, halves = (black, b) if white.lower() == "bye" else (white, a)
            k = index.setdefault(who, len(names))
            if k == len(names):
                names.append(who)
            kind = {2: "pab", 1: "half", 0: "zero"}[halves]
            byes.append(Bye(k, rnd, kind, Fraction(halves, 2)))
            continue
        for name, elo in ((white, headers.get("WhiteElo", "")), (black, headers.get("BlackElo", ""))):
            if name not in index:
                index[name] = len(names)
                names.append(name)
            rating = whole_at(elo, RATING, problems, line, 1) if _numeric(elo) else None
            if rating:
                ratings[index[name]] = rating
        for column, item in zip(columns, (index[white], index[black], a, b, rnd, status), strict=True):
            column.append(item)
        lines.append(line)
    if not names and not problems:
        problems.append(Problem(_("no games in the file"), 1, 1))
    if problems:
        raise InputError(source, problems)
    t = Tournament.from_columns(names, columns, scoring=scoring, source=source)
    t.warnings += _unrecorded(
        columns[4], columns[5], lines, [f"{names[w]} - {names[b]}" for w, b in zip(*columns[:2], strict=True)]
    )
    t.byes = byes
    t.ratings = [ratings.get(k) for k in range(len(names))] if ratings else None
    pairs = np.minimum(t.white, t.black) * len(names) + np.maximum(t.white, t.black)
    meetings = np.unique(np.unique(pairs, return_counts=True)[1]) if len(pairs) else np.array([1])
    complete = len(np.unique(pairs)) == len(names) * (len(names) - 1) // 2
    t.system = "round-robin" if complete and len(meetings) == 1 and not byes else "swiss"
    if t.rounds is not None and len(t.rounds):
        t.rounds_total = int(max([int(t.rounds.max()), *(bye.round for bye in byes)]))
    return t
