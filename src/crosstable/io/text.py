"""The crosstable text format: the table as people type it and as the source articles print it.

One row per participant: an optional number (or place) column, the name, one
column per opponent in row order, then optional summary columns. Decisions:

- **Separators**: tab if the text has any; else ``;``; else ``,`` when every row
  splits into the same number of fields, enough for a name and a result per row
  (so a table typed with spaces and decimal commas is not split at its commas); else
  runs of white space
  (names may then contain single spaces; a name ends at the first result cell).
- **Number before the name**: a number, a roman numeral or a place (``3-4``); or, as
  old books and sites print it, ``1.`` or a shared place ``=2``, when every row starts
  with one (so ``1. FC Köln`` alone keeps its ``1.``), also in the name's own field
  (``1. Keres`` in a table typed with tabs). A ``=2`` is the place printed.
- **Header**: a first row whose columns after the name start ``1 2 3 …``, or name
  the participants in the rows' order (``Name Ann Bob Cid``), or, as books print it
  above the numbers and names, the numbers alone (``1 2 3 … Pts``, ``01 02 …``, as
  many as rows; with no label after them, the first summary column is the points). Its
  labels after the results name the summary columns: points (``Points``, ``Pts``,
  ``Точки``, ``Pont`` …), ``+`` ``−`` ``=`` or ``W D L`` (wins, losses, draws),
  ``Place``, ``Game points``, ``Match points``, or a coefficient code (``SB``,
  ``SHM``, ``KB`` …). Those values are cross-checked against the computed ones, with
  a warning naming the cell for every difference. Without a header the first
  summary column is taken as the points. A ``Rating`` (``Elo``) column gives the
  participants' ratings (used by the scenarios' probabilities).
- **Cells**: ``1 0 ½ 0.5 0,5 =``; game points ``1½``; scores ``2:1`` (football);
  forfeits ``+`` and ``-``/``−`` off the diagonal; not played yet: an empty cell
  (delimited formats), ``.``, ``?`` or ``*``. The diagonal: ``— - – × x X *`` or empty,
  or, in a double round robin as books print it, a marker twice (``**``, ``xx``, ``x x``).
- **Numbers**: every number is ASCII digits (:mod:`crosstable.fields`): a cell, a
  rating or a printed count holding another digit (``²``, ``１``, ``٣``) is refused
  naming it; whole numbers are read by :func:`~crosstable.fields.whole` in their range
  (goals and a cell's points 0 to 1,000, a rating 0 to 4,000, counts of games,
  places, start numbers), the others (``½``, ``0,5``) by
  :func:`~crosstable.numbers.parse_number` then bounded, the table's fractions
  sharing a common denominator up to a million; each refusal names its line and
  column. A rating left blank or a dash is "unrated".
- **Double round robins**: two results in a cell, separated by a space or ``|``
  (``1 ½``), or written together as printed tables do (``10``, ``½1``, ``==``). A
  table is read as double as soon as one cell holds two one-character results
  (``1½`` alone is read as one and a half game points).
- **Checks**: every pair of cells must describe the same game: for results and game
  points the two must add up to the points of a game (the most common sum in the
  table); scores must mirror each other (``2:1`` and ``1:2``), or else every cell is
  read as the row's home game (a home-and-away league). Names must be unique and the
  table square (in a table typed with spaces under a header naming its summary
  columns, a row shorter than all the others has lost a result cell). Every violation
  is reported with its line and column and both participants.
- **Scoring**: unless given, chess (1-½-0) when a game is worth 1, draughts (2-1-0)
  when a result table's game is worth 2, team match points (2-1-0) when the cells
  hold game points, football (3-1-0) for scores.
"""

from __future__ import annotations

import math
import re
import unicodedata
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from crosstable.errors import InputError, Problem, quoted
from crosstable.fields import GOALS, RATING, START_NUMBER, FieldError, Range, foreign_digit, is_whole, whole
from crosstable.i18n import N_, _, integer_text, ngettext, pgettext
from crosstable.io.games import LONGEST_LINE
from crosstable.model import (
    FORFEIT,
    MAX_SCORE,
    PENDING,
    PLAYED,
    Declared,
    IntArray,
    ScoreKind,
    Scoring,
    Tournament,
)
from crosstable.names import name_key
from crosstable.numbers import count, parse_number, show_vulgar
from crosstable.tiebreaks import ALIASES

_MARKERS = ("—", "-", "–", "−", "×", "x", "X", "*")
DIAGONAL = {"", *_MARKERS, *(m + m for m in _MARKERS)}
"""What a diagonal cell may hold: nothing, a dash, a cross or a star, once or, in a
double round robin as books print it, twice (``**``, ``xx``, ``××``)."""
UNPLAYED = {"", ".", "?", "*"}
_DOUBLE = re.compile(r"^[01½=+\-−]{2}$")
_DOTTED = re.compile(r"^([0-9]+)\.$")
_SHARED = re.compile(r"^=([0-9]+)\.?$")
_NUMBERED_NAME = re.compile(r"^([0-9]+)\.\s+(\S.*)$")
_DASHES = {"-", "–", "—", "−"}
POINTS = Range(0, MAX_SCORE, N_("{cell} is not a number of points from {low} to {high}"))
"""A result or game-points cell (``1``, ``½``, ``2½``): at most a result's largest score."""
PLACE = Range(1, 99_999, N_("{cell} is not a place from {low} to {high}"))
"""A printed place (``3``, ``3.``, ``=3``)."""
GAMES = Range(0, 99_999, N_("{cell} is not a number of games from {low} to {high}"))
"""A printed count of games won, drawn or lost."""
FINEST = 10**6
"""The largest common denominator of a table's cells (halves, quarters, decimals need
far less): beyond, a typo, and the integer arrays would overflow."""
_ROMAN = {"I": 1, "V": 5, "X": 10, "L": 50, "C": 100}

_LABELS = {
    "points": (
        "points",
        "pts",
        "pt",
        "score",
        "total",
        "очки",
        "точки",
        "т.",
        "pont",
        "pontszám",
        "pontok",
        "punkte",
        "pkt",
    ),
    "wins": ("+", "w", "wins", "won", "gy", "győzelem"),
    "losses": ("−", "-", "–", "l", "losses", "lost", "v", "vereség"),
    "draws": ("=", "d", "draws", "drawn", "remi", "döntetlen"),
    "place": ("place", "pl", "pl.", "rank", "pos", "position", "място", "hely", "helyezés", "platz", "#"),
    "GP": ("game points", "gp", "game pts", "bp"),
    "MP": ("match points", "mp", "match pts"),
    "rating": ("rating", "elo", "rtg", "ratings", "értékszám", "рейтинг"),
}


@dataclass
class Cell:
    """A cell of the source text and where it is."""

    text: str
    line: int
    column: int


@dataclass(frozen=True)
class Mark:
    """One result read from a cell: ``num`` (a value), ``score`` (value : other),
    ``+`` / ``-`` (forfeit won / lost) or ``pending`` (not played yet)."""

    kind: str
    value: Fraction = Fraction(0)
    other: Fraction = Fraction(0)


def _label_key(label: str) -> str | None:
    low = label.strip().lower()
    for key, words in _LABELS.items():
        if low in words:
            return key
    return ALIASES.get(label.strip().upper())


def _roman(text: str) -> int | None:
    t = text.strip().upper().rstrip(".")
    if not t or any(ch not in _ROMAN for ch in t):
        return None
    total = 0
    for k, ch in enumerate(t):
        v = _ROMAN[ch]
        total += -v if k + 1 < len(t) and _ROMAN[t[k + 1]] > v else v
    return total


def _fields(line: str, sep: str | None) -> list[str]:
    return line.split() if sep is None else [f.strip() for f in line.split(sep)]


def _column(line: str, sep: str | None, k: int) -> int:
    """The 1-based column where field ``k`` of a line starts (computed only for messages)."""
    if sep is None:
        found = list(re.finditer(r"\S+", line))
        return found[k].start() + 1 if k < len(found) else len(line) + 1
    parts = line.split(sep)
    pos = sum(len(p) + len(sep) for p in parts[:k])
    if k < len(parts):
        pos += len(parts[k]) - len(parts[k].lstrip())
    return pos + 1


def _choose_separator(lines: list[str]) -> str | None:
    if any("\t" in ln for ln in lines):
        return "\t"
    if sum(";" in ln for ln in lines) >= max(1, len(lines) - 1):
        return ";"
    # Commas separate fields only if every row splits into enough fields for a name and
    # a result per row; a table typed with spaces and decimal commas (0,5) never does.
    widths = {len(ln.split(",")) for ln in lines}
    first = [f.strip() for f in lines[0].split(",")]
    header = "1" in first and first[first.index("1") + 1 : first.index("1") + 2] == ["2"]
    rows = len(lines) - header
    if len(widths) == 1 and widths.pop() >= max(3, rows + 1):
        return ","
    return None


_SCORE = re.compile(r"^([0-9]+(?:[.,][0-9]+)?½?)\s*[:\-]\s*([0-9]+(?:[.,][0-9]+)?½?)$")


def _ascii(text: str) -> str:
    """``text`` with every other digit (superscript, fullwidth, Arabic-Indic …) written as
    its ASCII digit: what a cell holding one was meant to be, to know where a row's name
    ends before the cell is refused (:func:`~crosstable.fields.foreign_digit`)."""
    if text.isascii():
        return text
    return "".join(str(d) if not ch.isascii() and (d := unicodedata.digit(ch, None)) is not None else ch for ch in text)


def _bounded(text: str, rng: Range) -> Fraction | None:
    """A cell's number (``1``, ``½``, ``2½``, ``0,5``), ``None`` if it is none. A whole
    number is read by :func:`~crosstable.fields.whole` (its digits counted before
    ``int()``); any number outside ``rng`` raises :class:`FieldError` with the range's
    sentence."""
    if is_whole(text):
        return Fraction(whole(text, rng))
    value = parse_number(text)
    if value is not None and value > rng.high:
        whole(text, rng)  # not a whole number, so refused with the range's own sentence
    return value


def _marks(text: str, double: bool) -> list[Mark] | str | None:
    """The results in a cell (two in a double round robin); ``None`` if it is no result,
    or the sentence refusing it: a digit other than 0-9 (``²``, ``１``, ``٣``), a number
    out of its range (goals, points)."""
    t = text.strip()
    if not t:
        return []
    problem = foreign_digit(t)
    if problem:
        return problem
    parts = re.split(r"[\s|]+", t)
    if len(parts) == 1 and double and _DOUBLE.match(t):
        parts = list(t)
    out: list[Mark] = []
    try:
        for p in parts:
            score = _SCORE.match(p)
            if p == "+":
                out.append(Mark("+"))
            elif p in ("-", "−", "–"):
                out.append(Mark("-"))
            elif p in UNPLAYED:
                out.append(Mark("pending"))
            elif p == "=":
                out.append(Mark("num", Fraction(1, 2)))
            elif score:
                home, away = _bounded(score.group(1), GOALS), _bounded(score.group(2), GOALS)
                if home is None or away is None:
                    return None
                out.append(Mark("score", home, away))
            else:
                v = _bounded(p, POINTS)
                if v is None or v < 0:
                    return None
                out.append(Mark("num", v))
    except FieldError as e:
        return e.message
    return out


def _is_cell(token: str) -> bool:
    """Whether a field is a result cell (where a name typed with spaces ends); a cell
    written with another digit than 0-9 is one, to be refused as such."""
    t = _ascii(token.strip())
    return t in DIAGONAL or _marks(t, False) is not None or bool(_DOUBLE.match(t))


def _is_diagonal(text: str) -> bool:
    """A diagonal cell: nothing, or a marker once or twice (``x``, ``**``, ``× ×``)."""
    return re.sub(r"[\s|]+", "", text) in DIAGONAL


def _is_lead(token: str) -> bool:
    """A number, a roman numeral or a shared place label in the first column."""
    t = _ascii(token)
    return parse_number(t) is not None or bool(_roman(t)) or bool(re.match(r"^[0-9]+\s*-\s*[0-9]+$", t))


def _is_book_lead(token: str) -> bool:
    """A number as old books and sites print it before a name: ``1.``, or a shared place ``=2``."""
    t = _ascii(token)
    return bool(_DOTTED.match(t) or _SHARED.match(t))


def _book_leads(rows: list[list[str]]) -> bool:
    """Whether the first field of every row is a number, as books print it (``1.``, ``=2``)
    at least once: only then is ``1.`` a number, not the start of a name (``1. FC Köln``)."""
    firsts = [r[0] for r in rows if len(r) > 1]
    if len(firsts) < len(rows) or not any(_is_book_lead(f) for f in firsts):
        return False
    dotted = [f for f in firsts if _DOTTED.match(_ascii(f))]
    return len(set(dotted)) == len(dotted) and all(_is_lead(f) or _is_book_lead(f) for f in firsts)


def _lead_number(lead: str) -> int | None:
    """The start number a lead writes (``12``, ``12.``, ``=12``), ``None`` when it writes
    none (``IV``, ``3-4``); a :class:`FieldError` when it is out of range."""
    t = lead.strip()
    m = _DOTTED.match(t) or _SHARED.match(t)
    digits = m.group(1) if m else t
    return whole(digits, START_NUMBER) if is_whole(digits) else None


def _ordinal(text: str) -> int | None:
    """A header's column number (``1``, ``01``), ``None`` when the text is none."""
    try:
        return whole(text, START_NUMBER) if is_whole(text) else None
    except FieldError:
        return None


def _header_start(first: list[str], rows: int) -> int | None:
    """Where the opponents' numbers start in a first row that is a header: after a
    number and a name label (``No Name 1 2 …``), after one label (``Name 1 2 …``), or at
    once (``1 2 3 … Pts``, as books print it above the numbers and names, the numbers
    then running to the number of rows); ``None`` when it is a participant's row."""
    for start in (1, 2, 0):
        if [_ordinal(x) for x in first[start : start + 2]] != [1, 2]:
            continue
        if start == 0 and [_ordinal(x) for x in first[:rows]] != list(range(1, rows + 1)):
            continue
        return start
    return None


@dataclass
class _Layout:
    """The text cut into a header, and per participant row: its line, name, lead
    (number or place) field, result fields and summary fields."""

    sep: str | None
    header: list[str] | None
    lines: list[int]
    texts: list[str]
    names: list[str]
    leads: list[str | None]
    starts: list[int]
    results: list[list[str]]
    trailing: list[list[str]]

    def cell(self, row: int, k: int) -> Cell:
        """Result field k of a row, with its place."""
        text = self.results[row][k] if k < len(self.results[row]) else ""
        return Cell(text, self.lines[row], _column(self.texts[row], self.sep, self.starts[row] + k))

    def summary(self, row: int, k: int) -> Cell:
        base = self.starts[row] + len(self.results[row])
        return Cell(self.trailing[row][k], self.lines[row], _column(self.texts[row], self.sep, base + k))


def _layout(text: str, source: str | None) -> _Layout:
    """Split the text into a header, names, result cells and summary cells."""
    numbered = [(k + 1, ln.rstrip("\r")) for k, ln in enumerate(text.lstrip("\ufeff").split("\n"))]
    numbered = [(k, ln) for k, ln in numbered if ln.strip()]
    long = [(k, ln) for k, ln in numbered if len(ln) > LONGEST_LINE]
    if long:
        k, ln = long[0]
        raise InputError(
            source,
            [
                Problem(
                    _("a line of {n} characters: a crosstable row has at most {most}").format(
                        n=integer_text(len(ln)), most=integer_text(LONGEST_LINE)
                    ),
                    k,
                    1,
                )
            ],
        )
    if not numbered:
        raise InputError(source, [Problem(_("the file is empty"), 1, 1)])
    sep = _choose_separator([ln for _, ln in numbered])
    header = None
    split = [_fields(ln, sep) for _, ln in numbered]
    first = _names_as_numbers(split[0], split[1:])
    header_line = None
    start = _header_start(first, len(numbered) - 1)
    if start is not None:
        run = next((k for k, x in enumerate(first[start:]) if _ordinal(x) != k + 1), len(first) - start)
        header = [*first[:start], *(str(k + 1) for k in range(run)), *first[start + run :]]
        header_line, numbered, split = numbered[0][0], numbered[1:], split[1:]
    n = len(numbered)
    if n < 2:
        where = numbered[0][0] if numbered else (header_line or 1)
        raise InputError(source, [Problem(_("a crosstable needs at least two participants"), where, 1)])
    problems: list[Problem] = []
    out = _Layout(sep, header, [], [], [], [], [], [], [])
    book = _book_leads(split)
    glued = sep is not None and _glued_numbers(split)
    for (lineno, line), fields in zip(numbered, split, strict=True):
        k = 0
        lead = None
        if (
            len(fields) > 1
            and (_is_lead(fields[0]) or fields[0] == "" or (book and _is_book_lead(fields[0])))
            and not _is_cell(fields[1])
        ):
            lead, k = fields[0], 1
        name_at = k
        if sep is None:  # the name runs up to the first result cell
            j = k + 1
            while j < len(fields) and not _is_cell(fields[j]):
                j += 1
            name, k = " ".join(fields[k:j]), j
        else:
            name, k = (fields[k], k + 1) if k < len(fields) else ("", k)
            numbered_name = _NUMBERED_NAME.match(name) if glued else None
            if numbered_name:  # "1. Keres" in one field
                lead, name = numbered_name.group(1) + ".", numbered_name.group(2)
        if lead:
            problems += _lead_problems(lead, lineno, line, sep)
        if not name:
            problems.append(Problem(_("missing participant name"), lineno, _column(line, sep, name_at)))
        res = fields[k : k + n]
        if len(res) < n:
            where = _column(line, sep, len(fields) - 1)
            problems.append(
                Problem(
                    # TRANSLATORS: {columns} is "2 result columns", {participants} "3 participants".
                    _("{name} has {columns}; the table has {participants}").format(
                        name=name,
                        columns=count(len(res), "{n} result column", "{n} result columns"),
                        participants=count(n, "{n} participant", "{n} participants"),
                    ),
                    lineno,
                    where,
                )
            )
        out.lines.append(lineno)
        out.texts.append(line)
        out.names.append(name)
        out.leads.append(lead)
        out.starts.append(k)
        out.results.append(res)
        out.trailing.append(fields[k + n :])
    problems += _short_rows(out, n)
    seen: dict[str, int] = {}
    for k, name in enumerate(out.names):
        key = name_key(name)
        if not name:
            continue
        if key not in seen:
            seen[key] = k
            continue
        j = seen[key]
        if out.names[j] == name:
            message = _("participant name {name} appears twice (line {line})").format(
                name=repr(name), line=out.lines[j]
            )
        else:
            message = _("participant name {name} and {other} differ only in case or spacing (line {line})").format(
                name=repr(name), other=repr(out.names[j]), line=out.lines[j]
            )
        problems.append(Problem(message, out.lines[k], 1))
    if problems:
        raise InputError(source, problems)
    return out


def _short_rows(lay: _Layout, n: int) -> list[Problem]:
    """In a table typed with spaces under a header naming its summary columns (``1 2 3 …
    Pts``), the rows one field or more short of the others' where every other row has
    them all: a result cell missing, the summary value read in its place (a missing
    value cannot be an empty field here)."""
    if lay.sep is not None or lay.header is None:
        return []
    summary = len(lay.header) - lay.header.index("1") - n
    widths = [len(r) + len(t) for r, t in zip(lay.results, lay.trailing, strict=True)]
    full = n + summary
    if summary < 1 or 2 * widths.count(full) <= len(widths):
        return []
    return [
        Problem(
            _("{name} has {columns}; the table has {participants}").format(
                name=lay.names[r],
                columns=count(width - summary, "{n} result column", "{n} result columns"),
                participants=count(n, "{n} participant", "{n} participants"),
            ),
            lay.lines[r],
            _column(lay.texts[r], None, lay.starts[r] + width - 1),
        )
        for r, width in enumerate(widths)
        if n <= width < full
    ]


def _glued_numbers(rows: list[list[str]]) -> bool:
    """Whether every row starts with its number and name in one field (``1. Keres``, a
    table typed with tabs from a book), the numbers all different."""
    found = [_NUMBERED_NAME.match(r[0]) if r else None for r in rows]
    numbers = [m.group(1) for m in found if m]
    return len(numbers) == len(rows) and len(set(numbers)) == len(numbers)


def _lead_problems(lead: str, lineno: int, line: str, sep: str | None) -> list[Problem]:
    """A lead written with another digit than 0-9, or a number out of range (the
    column, at the line's first field, found only then)."""
    problem = foreign_digit(lead)
    if not problem:
        try:
            _lead_number(lead)
        except FieldError as e:
            problem = e.message
    return [Problem(problem, lineno, _column(line, sep, 0))] if problem else []


def _names_as_numbers(first: list[str], rows: list[list[str]]) -> list[str]:
    """A header row that names the opponents (``Name Ann Bob Cid``, ``No Name Ann …``)
    instead of numbering them: the names turned into the numbers ``1 2 3`` the rest of
    the reader expects, when they are the rows' names in the rows' order."""
    names = [r[1] if len(r) > 1 and _is_lead(r[0]) else r[0] for r in rows if r]
    folded = [name_key(x) for x in first]
    want = [name_key(x) for x in names]
    for start in (1, 2):
        if len(want) >= 2 and folded[start : start + len(want)] == want:
            return [*first[:start], *(str(k + 1) for k in range(len(want))), *first[start + len(want) :]]
    return first


def _row_of_number(lay: _Layout) -> list[int]:
    """``row[c]``: the row of participant number ``c + 1``. Rows are matched to
    columns by a number column when it is a permutation of 1..n, else by order."""
    n = len(lay.names)
    lead_label = lay.header[0].strip().lower() if lay.header else ""
    if lead_label in _LABELS["place"] or any(lead is None for lead in lay.leads):
        return list(range(n))
    nums = [_lead_number(lead) for lead in lay.leads if lead is not None]  # checked by _layout
    if all(v is not None for v in nums):
        ints = [v - 1 for v in nums if v is not None]
        if sorted(ints) == list(range(n)):
            row = [0] * n
            for r, c in enumerate(ints):
                row[c] = r
            return row
    return list(range(n))


def _pair(
    i: int, j: int, x: Mark, y: Mark, a: Cell, b: Cell, names: list[str], per_game: Fraction, hint: str = ""
) -> Problem:
    """What is wrong with cell (i, j) = x against its mirror (j, i) = y; ``hint``, when
    given, is a sentence added after a semicolon."""
    where = {"name": names[i], "opponent": names[j], "line": b.line, "column": b.column}
    if x.kind == "pending" or y.kind == "pending":
        # TRANSLATORS: an empty cell of a crosstable, quoted in a message.
        empty = pgettext("cell", "empty")
        # TRANSLATORS: {cell} and {other} are the two cells of one game in a crosstable, quoted;
        # {line} and {column} are where the second one is.
        message = _(
            "{name} against {opponent} is {cell} but {opponent} against {name} (line {line}, column {column}) "
            "is {other}: a game not played yet must be empty on both sides"
        ).format(cell=repr(a.text or empty), other=repr(b.text or empty), **where)
        return Problem("; ".join([message, *([hint] if hint else [])]), a.line, a.column)
    if x.kind in "+-" or y.kind in "+-":
        return Problem(
            _(
                "{name} against {opponent} is {cell} but {opponent} against {name} (line {line}, column {column}) "
                "is {other}: a forfeit is + on one side and - on the other"
            ).format(cell=repr(a.text), other=repr(b.text), **where),
            a.line,
            a.column,
        )
    if x.kind == "score" or y.kind == "score":
        message = _(
            "{name} against {opponent} is {cell} but {opponent} against {name} (line {line}, column {column}) "
            "is {other}: the scores do not mirror"
        ).format(cell=repr(a.text), other=repr(b.text), **where)
        return Problem("; ".join([message, *([hint] if hint else [])]), a.line, a.column)
    # TRANSLATORS: {cell} and {other} are the values of the two cells of one game in a crosstable.
    message = _(
        "{name} against {opponent} is {cell} but {opponent} against {name} (line {line}, column {column}) "
        "is {other}: they add up to {total}, a game is worth {worth} in this table"
    ).format(
        cell=show_vulgar(x.value),
        other=show_vulgar(y.value),
        total=show_vulgar(x.value + y.value),
        worth=show_vulgar(per_game),
        **where,
    )
    if per_game == 1 and x.value + y.value == 2:
        # TRANSLATORS: {problem} is the message above ("… they add up to 2, a game is worth 1 in this
        # table"); --scoring draughts is the command line's option, to keep as it is.
        message = _(
            "{problem} (no cell says 2, so this is not a draughts table; give --scoring draughts if it is)"
        ).format(problem=message)
    return Problem(message, a.line, a.column)


_KINDS = ("pending", "num", "score", "+", "-")
PEND, NUM, SCORE, PLUS, MINUS = range(5)


def read_crosstable(text: str, source: str | None = None, scoring: Scoring | None = None) -> Tournament:
    """Read the crosstable text format (see the module docstring).

    The cells are classified once per distinct text and then checked and turned
    into games with array operations, so a 1,000-player table is read in well
    under a second.
    """
    lay = _layout(text, source)
    n = len(lay.names)
    row = _row_of_number(lay)
    names = [lay.names[row[c]] for c in range(n)]
    grid = [lay.results[row[i]] for i in range(n)]

    def cell(i: int, j: int) -> Cell:
        return lay.cell(row[i], j)

    tokens: list[str] = sorted(set().union(*grid))
    code = {t: k for k, t in enumerate(tokens)}
    idx = np.array([[code[x] for x in r] for r in grid], dtype=np.int64).reshape(n, n)
    off_diagonal = np.zeros(len(tokens), dtype=bool)
    off_diagonal[idx[~np.eye(n, dtype=bool)]] = True  # a text only on the diagonal holds no game
    double = any(off_diagonal[k] and _DOUBLE.match(t) and t != "1½" for k, t in enumerate(tokens))
    marks = {t: _marks(t, double) if off_diagonal[k] else [] for k, t in enumerate(tokens)}
    den = 1
    for tok in tokens:  # sorted: the cell named is the same whatever the rows' order
        found = marks[tok]
        if isinstance(found, list) and found:
            common = math.lcm(den, *(x.denominator for mk in found for x in (mk.value, mk.other)))
            if common <= FINEST:
                den = common
                continue
            # TRANSLATORS: {cell} is a crosstable's cell holding a fraction (1/7, 0.001); {most} a number
            marks[tok] = _(
                "{cell} is a fraction this table cannot count with its other cells: "
                "their common denominator would be above {most}"
            ).format(cell=quoted(tok), most=integer_text(FINEST))

    problems: list[Problem] = []
    diagonal_ok = np.array([_is_diagonal(t) for t in tokens], dtype=bool)
    for i in np.nonzero(~diagonal_ok[np.diag(idx)])[0].tolist():
        c = cell(i, i)
        problems.append(
            Problem(_("the diagonal cell of {name} must be empty or a dash").format(name=names[i]), c.line, c.column)
        )
    unreadable = np.array([not isinstance(marks[t], list) for t in tokens], dtype=bool)
    bad = unreadable[idx]
    np.fill_diagonal(bad, False)
    for i, j in zip(*np.nonzero(bad), strict=True):
        c = cell(int(i), int(j))
        refusal = marks[c.text]
        problems.append(
            Problem(
                refusal
                if isinstance(refusal, str)
                else _("{cell} is not a result ({name} against {opponent})").format(
                    cell=quoted(c.text), name=names[i], opponent=names[j]
                ),
                c.line,
                c.column,
            )
        )
    if problems:
        raise InputError(source, problems)

    # Per distinct text: how many results, and each result's kind, value and other value.
    readable = {t: m for t, m in marks.items() if isinstance(m, list)}
    layers = max((len(m) for m in readable.values()), default=1) or 1
    sizes = np.array([len(readable[t]) for t in tokens], dtype=np.int64)
    kind = np.full((layers, len(tokens)), PEND, dtype=np.int64)
    val = np.zeros((layers, len(tokens)), dtype=np.int64)
    oth = np.zeros((layers, len(tokens)), dtype=np.int64)
    for k, tok in enumerate(tokens):
        for lay_k, mk in enumerate(readable[tok]):
            kind[lay_k, k] = _KINDS.index(mk.kind)
            val[lay_k, k] = int(mk.value * den)
            oth[lay_k, k] = int(mk.other * den)
    cnt = sizes[idx]
    kinds, values, others = kind[:, idx], val[:, idx], oth[:, idx]  # (layers, n, n)

    iu, ju = np.triu_indices(n, 1)
    ka, kb = kinds[:, iu, ju], kinds[:, ju, iu]
    va, vb, oa, ob = values[:, iu, ju], values[:, ju, iu], others[:, iu, ju], others[:, ju, iu]
    ca, cb = cnt[iu, ju], cnt[ju, iu]
    numeric = (ka == NUM) & (kb == NUM)
    sums = (va + vb)[numeric]
    if sums.size:
        sum_values, freq = np.unique(sums, return_counts=True)
        per_game_units = int(sum_values[np.argmax(freq)])
    else:
        per_game_units = den
    draughts_given = scoring is not None and scoring.win == 2 and scoring.draw == 1
    numbers = values[(kinds == NUM)]
    whole = bool((numbers % den == 0).all())  # 1½ would be a 2-board match's game points
    if per_game_units == 2 * den and not draughts_given and whole and not bool((numbers == 2 * den).any()):
        per_game_units = den  # no cell says 2: two 1s are one game typed twice as won, not a draughts draw
    per_game = Fraction(per_game_units, den)
    has_scores = bool(((kinds == SCORE) & (cnt > 0)[None]).any())
    mirrored = (ka == SCORE) & (kb == SCORE) & (va == ob) & (oa == vb)
    scored = (ka == SCORE) | (kb == SCORE)
    unmirrored = int((scored & ~mirrored).sum())
    home_and_away = has_scores and 2 * unmirrored > int(scored.sum())
    hint = (
        # TRANSLATORS: added after a semicolon to a message about two cells whose scores do not mirror.
        ngettext(
            "{n} of {total} pair of scores mirror each other, so this is a single round robin, each game in both "
            "cells (a home-and-away table, each cell the row's home game, has most pairs differ; write one as a "
            "games list to be explicit)",
            "{n} of {total} pairs of scores mirror each other, so this is a single round robin, each game in both "
            "cells (a home-and-away table, each cell the row's home game, has most pairs differ; write one as a "
            "games list to be explicit)",
            int(scored.sum()),
        ).format(n=int(scored.sum()) - unmirrored, total=int(scored.sum()))
        if has_scores and unmirrored
        else ""
    )

    white: list[IntArray] = []
    black: list[IntArray] = []
    ws: list[IntArray] = []
    bs: list[IntArray] = []
    status: list[IntArray] = []

    def emit(w: IntArray, b: IntArray, x: IntArray, y: IntArray, st: int) -> None:
        white.append(w)
        black.append(b)
        ws.append(x)
        bs.append(y)
        status.append(np.full(len(w), st, dtype=np.int64))

    if home_and_away:  # every cell is the row's home game
        off = ~np.eye(n, dtype=bool)
        for lk in range(layers):
            present = off & ((cnt > lk) | ((cnt == 0) & (lk == 0)))
            k_l = np.where(cnt > 0, kinds[lk], PEND)
            for i, j in zip(*np.nonzero(present & (k_l != SCORE) & (k_l != PEND)), strict=True):
                c = cell(int(i), int(j))
                problems.append(Problem(_("{cell} is not a score").format(cell=repr(c.text)), c.line, c.column))
            sel = present & (k_l == SCORE)
            gi, gj = np.nonzero(sel)
            emit(gi, gj, values[lk][sel], others[lk][sel], PLAYED)
            gi, gj = np.nonzero(present & (k_l == PEND))
            emit(gi, gj, np.zeros(len(gi), np.int64), np.zeros(len(gi), np.int64), PENDING)
    else:
        uneven = (ca != cb) & (ca > 0) & (cb > 0)
        for k in np.nonzero(uneven)[0].tolist():
            i, j = int(iu[k]), int(ju[k])
            a, b = cell(i, j), cell(j, i)
            problems.append(
                Problem(
                    # TRANSLATORS: the two cells of one game in a double round robin hold different
                    # numbers of results ({n} and {other}).
                    ngettext(
                        "{name} against {opponent} has {n} results but {opponent} against {name} "
                        "(line {line}, column {column}) has {other}",
                        "{name} against {opponent} has {n} results but {opponent} against {name} "
                        "(line {line}, column {column}) has {other}",
                        int(ca[k]),
                    ).format(name=names[i], opponent=names[j], n=ca[k], line=b.line, column=b.column, other=cb[k]),
                    a.line,
                    a.column,
                )
            )
        depth = np.maximum(np.maximum(ca, cb), 1)
        for lk in range(layers):
            used = (depth > lk) & ~uneven
            x = np.where(ca > 0, ka[lk], PEND)
            y = np.where(cb > 0, kb[lk], PEND)
            pend = used & (x == PEND) & (y == PEND)
            forfeit = used & (
                ((x == PLUS) & (y == MINUS)) | ((x == MINUS) & (y == PLUS)) | ((x == MINUS) & (y == MINUS))
            )
            score = used & (x == SCORE) & (y == SCORE) & (va[lk] == ob[lk]) & (oa[lk] == vb[lk])
            num = used & (x == NUM) & (y == NUM) & (va[lk] + vb[lk] == per_game_units)
            zero = np.zeros(int(pend.sum()), np.int64)
            emit(iu[pend], ju[pend], zero, zero, PENDING)
            emit(
                iu[forfeit],
                ju[forfeit],
                np.where(x[forfeit] == PLUS, per_game_units, 0),
                np.where(y[forfeit] == PLUS, per_game_units, 0),
                FORFEIT,
            )
            emit(iu[score], ju[score], va[lk][score], oa[lk][score], PLAYED)
            emit(iu[num], ju[num], va[lk][num], vb[lk][num], PLAYED)
            for k in np.nonzero(used & ~(pend | forfeit | score | num))[0].tolist():
                i, j = int(iu[k]), int(ju[k])
                mx = (readable[grid[i][j]] or [Mark("pending")] * layers)[lk]
                my = (readable[grid[j][i]] or [Mark("pending")] * layers)[lk]
                problems.append(_pair(i, j, mx, my, cell(i, j), cell(j, i), names, per_game, hint))
    if problems:
        problems.sort(key=lambda p: (p.line or 0, p.column or 0))
        raise InputError(source, problems)

    w_arr, b_arr = np.concatenate(white), np.concatenate(black)
    ws_arr, bs_arr, st_arr = np.concatenate(ws), np.concatenate(bs), np.concatenate(status)
    order = np.lexsort((b_arr, w_arr))
    allowed = [0, per_game_units] + ([per_game_units // 2] if per_game_units % 2 == 0 else [])
    kind_name: ScoreKind
    if has_scores:
        kind_name = "goals"
    elif np.isin(ws_arr[st_arr == PLAYED], allowed).all():
        kind_name = "result" if per_game in (1, 2) else "game_points"
    else:
        kind_name = "game_points"
    if scoring is None:
        default = {"goals": "football", "game_points": "team"}.get(kind_name, "chess" if per_game == 1 else "draughts")
        scoring = Scoring.parse(default)
        if kind_name == "goals" and home_and_away:
            # TRANSLATORS: why the scoring is what it is, shown as "scoring football (3-1-0: every cell a
            # score in goals)".
            reason = _("every cell a score in goals, each the row's home game (most pairs of scores do not mirror)")
        elif kind_name == "goals":
            reason = _("every cell a score in goals")
        elif kind_name == "game_points":
            reason = _("every match's game points add up to {points}").format(points=show_vulgar(per_game))
        else:
            reason = _("every game's two cells add up to {points}").format(points=show_vulgar(per_game))
    else:
        reason = "given"
    result = Tournament(
        names=names,
        white=w_arr[order],
        black=b_arr[order],
        white_score=ws_arr[order],
        black_score=bs_arr[order],
        score_denominator=den,
        status=st_arr[order],
        kind=kind_name,
        scoring=scoring,
        source=source,
    )
    result.scoring_reason = reason
    declared_problems: list[Problem] = []
    result.declared = _declared(lay, row, declared_problems)
    if declared_problems:
        raise InputError(source, declared_problems)
    ratings = result.declared.pop("rating", None)
    if ratings:
        result.ratings = [int(ratings[c].value) if c in ratings else None for c in range(n)]
    return result


def _declared(lay: _Layout, row_of: list[int], problems: list[Problem]) -> dict[str, dict[int, Declared]]:
    """The summary values printed in the table, by participant, for cross-checking (a
    value that cannot be one added to ``problems``). A header of numbers only (``1 2
    3``, as books print it) is followed, as no header is, by the points."""
    n = len(lay.names)
    out: dict[str, dict[int, Declared]] = {}
    lead_key: str | None = None
    if lay.header is not None:
        first_result = lay.header.index("1")
        summary = lay.header[first_result + n :]
        lead_key = _label_key(lay.header[0]) if first_result == 2 else None
        if first_result == 0 and not summary:
            summary = ["points"]
    else:
        summary = ["points"]
    if lead_key is None and any(lead and _SHARED.match(lead) for lead in lay.leads):
        lead_key = "place"  # =2: a place shared, as books print it
    keys = [_label_key(lbl) for lbl in summary]
    for col in range(n):
        r = row_of[col]
        for k, key in enumerate(keys):
            if key is None or k >= len(lay.trailing[r]):
                continue
            text = lay.trailing[r][k]
            try:
                value = _summary_value(text, key)
            except FieldError as e:
                where = lay.summary(r, k)
                problems.append(Problem(e.message, where.line, where.column))
                continue
            if value is not None:
                cell = lay.summary(r, k)
                out.setdefault(key, {})[col] = Declared(value, cell.line, cell.column)
        lead = lay.leads[r]
        if lead_key == "place" and lead is not None:
            value = _summary_value(lead, "place")  # its digits checked by _layout
            if value is not None:
                out.setdefault("place", {})[col] = Declared(value, lay.lines[r], _column(lay.texts[r], lay.sep, 0))
    return out


def _summary_value(text: str, key: str) -> Fraction | str | None:
    """A printed summary value: a rating (blank or a dash: unrated) and counts of games
    are whole numbers (:mod:`crosstable.fields`), a place a number (``3``, ``3.``,
    ``=3``), a roman numeral or a label (``3-4``), the others numbers as arbiters write
    them (``4½``, ``–1,5``; ``None`` when not a number). A :class:`FieldError` when a
    text holds another digit than 0-9, or a whole number is out of its range."""
    t = text.strip()
    problem = foreign_digit(t)
    if problem:
        raise FieldError(problem)
    if key in ("rating", "wins", "draws", "losses"):
        return None if not t or t in _DASHES else Fraction(whole(t, RATING if key == "rating" else GAMES))
    if key == "place":
        roman = _roman(t)
        if roman:
            return Fraction(roman)
        book = _DOTTED.match(t) or _SHARED.match(t)
        digits = book.group(1) if book else t
        if is_whole(digits):
            return Fraction(whole(digits, PLACE))
        return parse_number(t) if parse_number(t) is not None else (t or None)
    return parse_number(t)
