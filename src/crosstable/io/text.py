"""The crosstable text format: the table as people type it and as the seeds print it.

One row per participant: an optional number (or place) column, the name, one
column per opponent in row order, then optional summary columns. Decisions:

- **Separators**: tab if the text has any; else ``;``; else ``,`` when every row
  splits into the same number (three or more) of fields; else runs of white space
  (names may then contain single spaces; a name ends at the first result cell).
- **Header**: a first row whose columns after the name start ``1 2 3 …``. Its
  labels after the results name the summary columns: points (``Points``, ``Pts``,
  ``Точки``, ``Pont`` …), ``+`` ``−`` ``=`` or ``W D L`` (wins, losses, draws),
  ``Place``, ``Game points``, ``Match points``, or a coefficient code (``SB``,
  ``SHM``, ``KB`` …). Those values are cross-checked against the computed ones, with
  a warning naming the cell for every difference. Without a header the first
  summary column is taken as the points.
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

import re
from collections import Counter
from dataclasses import dataclass
from fractions import Fraction

from crosstable.errors import InputError, Problem
from crosstable.model import FORFEIT, PENDING, PLAYED, Declared, Game, ScoreKind, Scoring, Tournament
from crosstable.numbers import fmt_vulgar, parse_number
from crosstable.tiebreaks.base import ALIASES

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


def _split_line(line: str, sep: str | None) -> list[tuple[str, int]]:
    """The fields of a line with their 1-based columns."""
    if sep is None:
        return [(m.group(0), m.start() + 1) for m in re.finditer(r"\S+", line)]
    out: list[tuple[str, int]] = []
    pos = 0
    for part in line.split(sep):
        lead = len(part) - len(part.lstrip())
        out.append((part.strip(), pos + lead + 1))
        pos += len(part) + len(sep)
    return out


def _choose_separator(lines: list[str]) -> str | None:
    if any("\t" in ln for ln in lines):
        return "\t"
    if sum(";" in ln for ln in lines) >= max(1, len(lines) - 1):
        return ";"
    widths = {len(ln.split(",")) for ln in lines}
    if len(widths) == 1 and widths.pop() >= 3:
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
    header: list[tuple[str, int]] | None
    names: list[str]
    leads: list[tuple[str, int] | None]
    cells: list[list[Cell]]
    trailing: list[list[Cell]]
    lines: list[int]


def _layout(text: str, source: str | None) -> _Layout:
    """Split the text into a header, names, result cells and summary cells."""
    numbered = [(k + 1, ln.rstrip("\r")) for k, ln in enumerate(text.lstrip("\ufeff").split("\n"))]
    numbered = [(k, ln) for k, ln in numbered if ln.strip()]
    if not numbered:
        raise InputError(source, [Problem("the file is empty", 1, 1)])
    sep = _choose_separator([ln for _, ln in numbered])
    rows = [(k, _split_line(ln, sep)) for k, ln in numbered]
    header = None
    first = [c for c, _ in rows[0][1]]
    if first[1:3] == ["1", "2"] or first[2:4] == ["1", "2"]:
        header, rows = rows[0][1], rows[1:]
    n = len(rows)
    if n < 2:
        raise InputError(source, [Problem("a crosstable needs at least two participants", numbered[0][0], 1)])
    problems: list[Problem] = []
    out = _Layout(header, [], [], [], [], [])
    for lineno, fields in rows:
        k = 0
        lead = None
        if len(fields) > 1 and (_is_lead(fields[0][0]) or fields[0][0] == "") and not _is_cell(fields[1][0]):
            lead, k = fields[0], 1
        if k >= len(fields):
            problems.append(Problem("missing participant name", lineno, 1))
            continue
        name_col = fields[k][1]
        if sep is None:  # the name runs up to the first result cell
            j = k + 1
            while j < len(fields) and not _is_cell(fields[j][0]):
                j += 1
            name, k = " ".join(c for c, _ in fields[k:j]), j
        else:
            name, k = fields[k][0], k + 1
        if not name:
            problems.append(Problem("missing participant name", lineno, name_col))
        res = fields[k : k + n]
        if len(res) < n:
            where = fields[-1][1]
            problems.append(
                Problem(f"{name} has {len(res)} result columns; the table has {n} participants", lineno, where)
            )
        out.names.append(name)
        out.leads.append(lead)
        out.cells.append([Cell(c, lineno, col) for c, col in res])
        out.trailing.append([Cell(c, lineno, col) for c, col in fields[k + n :]])
        out.lines.append(lineno)
    for name, count in Counter(out.names).items():
        if count > 1 and name:
            k = [i for i, x in enumerate(out.names) if x == name][1]
            problems.append(Problem(f"participant name {name!r} appears twice", out.lines[k], 1))
    if problems:
        raise InputError(source, problems)
    return out


def _row_of_number(lay: _Layout) -> list[int]:
    """``row[c]``: the row of participant number ``c + 1``. Rows are matched to
    columns by a number column when it is a permutation of 1..n, else by order."""
    n = len(lay.names)
    lead_label = lay.header[0][0].strip().lower() if lay.header else ""
    if lead_label in _LABELS["place"] or any(lead is None for lead in lay.leads):
        return list(range(n))
    nums = [parse_number(lead[0]) for lead in lay.leads if lead is not None]
    if all(v is not None and v.denominator == 1 for v in nums):
        ints = [int(v) - 1 for v in nums if v is not None]
        if sorted(ints) == list(range(n)):
            row = [0] * n
            for r, c in enumerate(ints):
                row[c] = r
            return row
    return list(range(n))


def _pair(i: int, j: int, x: Mark, y: Mark, a: Cell, b: Cell, names: list[str], per_game: Fraction) -> Game | Problem:
    """The game described by cell (i, j) = x and its mirror (j, i) = y."""
    mirror = f"{names[j]} against {names[i]} (line {b.line}, column {b.column})"
    me = f"{names[i]} against {names[j]}"
    if x.kind == "pending" or y.kind == "pending":
        if x.kind != y.kind:
            return Problem(
                f"{me} is {a.text or 'empty'!r} but {mirror} is {b.text or 'empty'!r}: "
                "a game not played yet must be empty on both sides",
                a.line,
                a.column,
            )
        return Game(i, j, Fraction(0), Fraction(0), 0, PENDING)
    if x.kind in "+-" or y.kind in "+-":
        if x.kind + y.kind not in ("+-", "-+", "--"):
            return Problem(
                f"{me} is {a.text!r} but {mirror} is {b.text!r}: a forfeit is + on one side and - on the other",
                a.line,
                a.column,
            )
        won = (per_game if x.kind == "+" else Fraction(0), per_game if y.kind == "+" else Fraction(0))
        return Game(i, j, won[0], won[1], 0, FORFEIT)
    if x.kind == "score" or y.kind == "score":
        if (x.kind, y.kind) != ("score", "score") or (x.value, x.other) != (y.other, y.value):
            return Problem(f"{me} is {a.text!r} but {mirror} is {b.text!r}: the scores do not mirror", a.line, a.column)
        return Game(i, j, x.value, x.other, 0, PLAYED)
    if x.value + y.value != per_game:
        return Problem(
            f"{me} is {fmt_vulgar(x.value)} but {mirror} is {fmt_vulgar(y.value)}: they add up to "
            f"{fmt_vulgar(x.value + y.value)}, a game is worth {fmt_vulgar(per_game)} in this table",
            a.line,
            a.column,
        )
    return Game(i, j, x.value, y.value, 0, PLAYED)


def read_crosstable(text: str, source: str | None = None, scoring: Scoring | None = None) -> Tournament:
    """Read the crosstable text format (see the module docstring)."""
    lay = _layout(text, source)
    n = len(lay.names)
    row = _row_of_number(lay)
    names = [lay.names[row[c]] for c in range(n)]
    grid = [[lay.cells[row[i]][j] for j in range(n)] for i in range(n)]
    double = any(_DOUBLE.match(c.text) and c.text != "1½" for r in grid for c in r)
    problems: list[Problem] = []
    marks: list[list[list[Mark]]] = [[[] for _ in range(n)] for _ in range(n)]
    for i in range(n):
        for j in range(n):
            cell = grid[i][j]
            if i == j:
                if cell.text not in DIAGONAL:
                    problems.append(
                        Problem(f"the diagonal cell of {names[i]} must be empty or a dash", cell.line, cell.column)
                    )
                continue
            found = _marks(cell.text, double)
            if found is None:
                problems.append(
                    Problem(f"{cell.text!r} is not a result ({names[i]} against {names[j]})", cell.line, cell.column)
                )
            else:
                marks[i][j] = found
    if problems:
        raise InputError(source, problems)

    # A game's worth: the most common sum of two mirrored numeric cells.
    sums = Counter(
        x.value + y.value
        for i in range(n)
        for j in range(i + 1, n)
        for x, y in zip(marks[i][j], marks[j][i], strict=False)
        if x.kind == y.kind == "num"
    )
    per_game = sums.most_common(1)[0][0] if sums else Fraction(1)
    scores = [(i, j) for i in range(n) for j in range(n) for m in marks[i][j] if m.kind == "score"]
    home_and_away = any(
        not marks[j][i]
        or any(
            y.kind != "score" or (x.value, x.other) != (y.other, y.value)
            for x, y in zip(marks[i][j], marks[j][i], strict=False)
        )
        for i, j in scores
    )
    games: list[Game] = []
    for i in range(n):
        for j in range(n):
            if i == j:
                continue
            if home_and_away:  # every cell is the row's home game
                for m in marks[i][j]:
                    if m.kind == "score":
                        games.append(Game(i, j, m.value, m.other, 0, PLAYED))
                    elif m.kind == "pending":
                        games.append(Game(i, j, Fraction(0), Fraction(0), 0, PENDING))
                    else:
                        cell = grid[i][j]
                        problems.append(Problem(f"{cell.text!r} is not a score", cell.line, cell.column))
                continue
            if j < i:
                continue
            a, b = marks[i][j], marks[j][i]
            a = a or [Mark("pending")] * len(b)
            b = b or [Mark("pending")] * len(a)
            if len(a) != len(b):
                problems.append(
                    Problem(
                        f"{names[i]} against {names[j]} has {len(a)} results but {names[j]} against {names[i]} "
                        f"(line {grid[j][i].line}, column {grid[j][i].column}) has {len(b)}",
                        grid[i][j].line,
                        grid[i][j].column,
                    )
                )
                continue
            for x, y in zip(a or [Mark("pending")], b or [Mark("pending")], strict=True):
                found_game = _pair(i, j, x, y, grid[i][j], grid[j][i], names, per_game)
                if isinstance(found_game, Problem):
                    problems.append(found_game)
                else:
                    games.append(found_game)
    if problems:
        raise InputError(source, problems)

    kind: ScoreKind
    if scores:
        kind = "goals"
    elif all(g.white_score in (0, per_game / 2, per_game) for g in games if g.status == PLAYED):
        kind = "result" if per_game in (1, 2) else "game_points"
    else:
        kind = "game_points"
    if scoring is None:
        default = {"goals": "football", "game_points": "team"}.get(kind, "chess" if per_game == 1 else "draughts")
        scoring = Scoring.parse(default)
    t = Tournament.from_game_objects(names, games, scoring=scoring, kind=kind, source=source)
    t.declared = _declared(lay, row)
    return t


def _declared(lay: _Layout, row_of: list[int]) -> dict[str, dict[int, Declared]]:
    """The summary values printed in the table, by participant, for cross-checking."""
    n = len(lay.names)
    out: dict[str, dict[int, Declared]] = {}
    lead_key: str | None = None
    if lay.header is not None:
        labels = [c for c, _ in lay.header]
        first_result = labels.index("1")
        summary = labels[first_result + n :]
        lead_key = _label_key(labels[0]) if first_result == 2 else None
    else:
        summary = ["points"]
    keys = [_label_key(lbl) for lbl in summary]
    for col in range(n):
        r = row_of[col]
        for k, key in enumerate(keys):
            if key is None or k >= len(lay.trailing[r]):
                continue
            cell = lay.trailing[r][k]
            value = _summary_value(cell.text, key)
            if value is not None:
                out.setdefault(key, {})[col] = Declared(value, cell.line, cell.column)
        lead = lay.leads[r]
        if lead_key == "place" and lead is not None:
            value = _summary_value(lead[0], "place")
            if value is not None:
                out.setdefault("place", {})[col] = Declared(value, lay.lines[r], lead[1])
    return out


def _summary_value(text: str, key: str) -> Fraction | str | None:
    if key == "place":
        roman = _roman(text)
        if roman:
            return Fraction(roman)
        return parse_number(text) if parse_number(text) is not None else (text or None)
    return parse_number(text)
