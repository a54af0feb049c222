"""The crosstable text format: the table as people type it and as the source articles print it.

One row per participant: an optional number (or place) column, the name, one
column per opponent in row order, then optional summary columns. Decisions:

- **Separators**: tab if the text has any; else ``;``; else ``,`` when every row
  splits into the same number of fields, enough for a name and a result per row
  (so a table typed with spaces and decimal commas is not split at its commas); else
  runs of white space
  (names may then contain single spaces; a name ends at the first result cell).
- **Header**: a first row whose columns after the name start ``1 2 3 …``, or name
  the participants in the rows' order (``Name Ann Bob Cid``). Its
  labels after the results name the summary columns: points (``Points``, ``Pts``,
  ``Точки``, ``Pont`` …), ``+`` ``−`` ``=`` or ``W D L`` (wins, losses, draws),
  ``Place``, ``Game points``, ``Match points``, or a coefficient code (``SB``,
  ``SHM``, ``KB`` …). Those values are cross-checked against the computed ones, with
  a warning naming the cell for every difference. Without a header the first
  summary column is taken as the points. A ``Rating`` (``Elo``) column gives the
  participants' ratings (used by the scenarios' probabilities).
- **Cells**: ``1 0 ½ 0.5 0,5 =``; game points ``1½``; scores ``2:1`` (football);
  forfeits ``+`` and ``-``/``−`` off the diagonal; not played yet: an empty cell
  (delimited formats), ``.``, ``?`` or ``*``. The diagonal: ``— - – × x X *`` or empty.
- **Double round robins**: two results in a cell, separated by a space or ``|``
  (``1 ½``), or written together as printed tables do (``10``, ``½1``, ``==``). A
  table is read as double as soon as one cell holds two one-character results
  (``1½`` alone is read as one and a half game points).
- **Checks**: every pair of cells must describe the same game: for results and game
  points the two must add up to the points of a game (the most common sum in the
  table); scores must mirror each other (``2:1`` and ``1:2``), or else every cell is
  read as the row's home game (a home-and-away league). Names must be unique and the
  table square. Every violation is reported with its line and column and both
  participants.
- **Scoring**: unless given, chess (1-½-0) when a game is worth 1, draughts (2-1-0)
  when a result table's game is worth 2, team match points (2-1-0) when the cells
  hold game points, football (3-1-0) for scores.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from crosstable.errors import InputError, Problem, quoted
from crosstable.i18n import _, integer_text, ngettext, pgettext
from crosstable.io.games import LONGEST_LINE
from crosstable.model import FORFEIT, PENDING, PLAYED, Declared, IntArray, ScoreKind, Scoring, Tournament, name_key
from crosstable.numbers import count, parse_number, show_vulgar
from crosstable.tiebreaks import ALIASES

DIAGONAL = {"—", "-", "–", "−", "×", "x", "X", "*", ""}
UNPLAYED = {"", ".", "?", "*"}
_DOUBLE = re.compile(r"^[01½=+\-−]{2}$")
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


_SCORE = re.compile(r"^(\d+(?:[.,]\d+)?½?)\s*[:\-]\s*(\d+(?:[.,]\d+)?½?)$")


def _marks(text: str, double: bool) -> list[Mark] | None:
    """The results in a cell (two in a double round robin), or ``None`` if unreadable."""
    t = text.strip()
    if not t:
        return []
    parts = re.split(r"[\s|]+", t)
    if len(parts) == 1 and double and _DOUBLE.match(t):
        parts = list(t)
    out: list[Mark] = []
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
            home, away = parse_number(score.group(1)), parse_number(score.group(2))
            assert home is not None and away is not None
            out.append(Mark("score", home, away))
        else:
            v = parse_number(p)
            if v is None or v < 0:
                return None
            out.append(Mark("num", v))
    return out


def _is_cell(token: str) -> bool:
    t = token.strip()
    return t in DIAGONAL or _marks(t, False) is not None or bool(_DOUBLE.match(t))


def _is_lead(token: str) -> bool:
    """A number, a roman numeral or a shared place label in the first column."""
    return parse_number(token) is not None or bool(_roman(token)) or bool(re.match(r"^\d+\s*-\s*\d+$", token))


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
    first = _names_as_numbers(_fields(numbered[0][1], sep), [_fields(ln, sep) for _, ln in numbered[1:]])
    header_line = None
    if first[1:3] == ["1", "2"] or first[2:4] == ["1", "2"]:
        header, header_line, numbered = first, numbered[0][0], numbered[1:]
    n = len(numbered)
    if n < 2:
        where = numbered[0][0] if numbered else (header_line or 1)
        raise InputError(source, [Problem(_("a crosstable needs at least two participants"), where, 1)])
    problems: list[Problem] = []
    out = _Layout(sep, header, [], [], [], [], [], [], [])
    for lineno, line in numbered:
        fields = _fields(line, sep)
        k = 0
        lead = None
        if len(fields) > 1 and (_is_lead(fields[0]) or fields[0] == "") and not _is_cell(fields[1]):
            lead, k = fields[0], 1
        name_at = k
        if sep is None:  # the name runs up to the first result cell
            j = k + 1
            while j < len(fields) and not _is_cell(fields[j]):
                j += 1
            name, k = " ".join(fields[k:j]), j
        else:
            name, k = (fields[k], k + 1) if k < len(fields) else ("", k)
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
    nums = [parse_number(lead) for lead in lay.leads if lead is not None]
    if all(v is not None and v.denominator == 1 for v in nums):
        ints = [int(v) - 1 for v in nums if v is not None]
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
    double = any(_DOUBLE.match(t) and t != "1½" for t in tokens)
    marks = {t: _marks(t, double) for t in tokens}
    code = {t: k for k, t in enumerate(tokens)}
    idx = np.array([[code[x] for x in r] for r in grid], dtype=np.int64).reshape(n, n)

    problems: list[Problem] = []
    diagonal_ok = np.array([t in DIAGONAL for t in tokens], dtype=bool)
    for i in np.nonzero(~diagonal_ok[np.diag(idx)])[0].tolist():
        c = cell(i, i)
        problems.append(
            Problem(_("the diagonal cell of {name} must be empty or a dash").format(name=names[i]), c.line, c.column)
        )
    unreadable = np.array([marks[t] is None for t in tokens], dtype=bool)
    bad = unreadable[idx]
    np.fill_diagonal(bad, False)
    for i, j in zip(*np.nonzero(bad), strict=True):
        c = cell(int(i), int(j))
        problems.append(
            Problem(
                _("{cell} is not a result ({name} against {opponent})").format(
                    cell=quoted(c.text), name=names[i], opponent=names[j]
                ),
                c.line,
                c.column,
            )
        )
    if problems:
        raise InputError(source, problems)

    # Per distinct text: how many results, and each result's kind, value and other value.
    layers = max((len(m) for m in marks.values() if m), default=1)
    den = math.lcm(1, *(x.denominator for m in marks.values() if m for mk in m for x in (mk.value, mk.other)))
    sizes = np.array([len(marks[t] or []) for t in tokens], dtype=np.int64)
    kind = np.full((layers, len(tokens)), PEND, dtype=np.int64)
    val = np.zeros((layers, len(tokens)), dtype=np.int64)
    oth = np.zeros((layers, len(tokens)), dtype=np.int64)
    for k, tok in enumerate(tokens):
        for lay_k, mk in enumerate(marks[tok] or []):
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
                mx = (marks[grid[i][j]] or [Mark("pending")] * layers)[lk]
                my = (marks[grid[j][i]] or [Mark("pending")] * layers)[lk]
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
    result.declared = _declared(lay, row)
    ratings = result.declared.pop("rating", None)
    if ratings:
        result.ratings = [int(ratings[c].value) if c in ratings else None for c in range(n)]
    return result


def _declared(lay: _Layout, row_of: list[int]) -> dict[str, dict[int, Declared]]:
    """The summary values printed in the table, by participant, for cross-checking."""
    n = len(lay.names)
    out: dict[str, dict[int, Declared]] = {}
    lead_key: str | None = None
    if lay.header is not None:
        first_result = lay.header.index("1")
        summary = lay.header[first_result + n :]
        lead_key = _label_key(lay.header[0]) if first_result == 2 else None
    else:
        summary = ["points"]
    keys = [_label_key(lbl) for lbl in summary]
    for col in range(n):
        r = row_of[col]
        for k, key in enumerate(keys):
            if key is None or k >= len(lay.trailing[r]):
                continue
            value = _summary_value(lay.trailing[r][k], key)
            if value is not None:
                cell = lay.summary(r, k)
                out.setdefault(key, {})[col] = Declared(value, cell.line, cell.column)
        lead = lay.leads[r]
        if lead_key == "place" and lead is not None:
            value = _summary_value(lead, "place")
            if value is not None:
                out.setdefault("place", {})[col] = Declared(value, lay.lines[r], _column(lay.texts[r], lay.sep, 0))
    return out


def _summary_value(text: str, key: str) -> Fraction | str | None:
    if key == "place":
        roman = _roman(text)
        if roman:
            return Fraction(roman)
        return parse_number(text) if parse_number(text) is not None else (text or None)
    return parse_number(text)
