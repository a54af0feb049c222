"""The European Go Database's result files (``.h9``, ``.h10``): reader and writer.

A file is header lines starting with ``;`` (``; EV[name]``, ``; DT[start,end]``,
``; CL[class]``, ``; KM[komi]``, ``; HA[h3]`` …, and a column header such as
``; Pl Name Rk Co Club MMS SOS``), then one line per player, in the order of the
final standings::

       1 Fan Hui                 7D FR 75Op   44  404 0 0   26+/w0   14+/b0 …

place (blank for a player level with the one above), surname and first name (a
space inside a name written ``_``), rank (``5k``, ``1d``, ``3p``), country, club, the
printed values (the columns of the header, then OpenGotha's fillers ``0``), then one
result per round: ``12+/w2`` is a game against the player of line 12 of the list,
won (``+``; ``-`` lost, ``=`` jigo, ``?`` not known yet), as white (``w``; ``b``
black, ``?`` unknown) with a handicap of 2 stones; ``!`` instead of ``/`` marks a
default result (a forfeit); ``0+``, ``0=``, ``0-`` are rounds without a game worth 1,
½ and 0 (a bye, a round not played, an absence). Both players' lines give a game:
they must agree.

A table typed by hand in this layout is read as well (no ``;`` header is needed; the
format is detected from the ranks and results): the cells are separated by any run
of spaces and tabs (a column number counts a tab as one character); the place is
any leading number; the club, or the country, may be left out (one word between the
rank and the first number or result is the country when it is two capital letters,
else the club; none: both left empty); a line with fewer results than the longest
one has its missing last rounds read as absences (``0-``), and a warning names its
lines. What is refused, with the line and column of the cell: a rank that is not a
go rank (``5kk``, ``50k``), a printed value of a column of the header that is not a
number, a result cell that is not a result or names no other player. Two lines of
one name are two players (the games name players by their numbers; OpenGotha writes
players without a Latin name as ``? ?``): each is told apart by its number
(``? ? (#3)``) and a warning names the lines.

What the reader makes of it (:mod:`crosstable.tiebreaks.go` for the scores):

- a file whose header has an ``MMS`` column is a McMahon: each player's start score is
  the printed MMS less what the rounds brought (the file does not give the bar), and
  the points are the McMahon score (the start is added as a final adjustment). Start
  scores are whole numbers: when they come out as halves with the rounds without a
  game counted as written (``0=`` ½) and whole with their sum rounded down, the file's
  program rounded down (the EGF's rules do, and OpenGotha by default), and so does
  the reader (½, ½, ½ bring 0, 1, 0: :func:`_rounded_down`); an
  ``NBW`` column and no ``MMS`` is a Swiss (no start score); with neither, the start
  scores come from the ranks without a bar (30k = 0, 1d = 30), and a warning says so;
- the printed columns (MMS, NBW, SOS, SOS-1, SOS-2, SOSOS, SODOS, CUSS, SDC; OpenGotha's ``Ratin``,
  the players' ratings, ranked by as ``RTNG``) are kept and
  compared with the computed values (a difference is a warning); OpenGotha cuts its
  values to four characters, so a four-character value of a file it wrote is not
  compared when it is four digits (it may be the start of a longer one); its ``?``
  after a number is a ½
  (its ISO-8859-15 output has no ½);
- the file's tie-break list is its columns (``MMS SOS SOSOS``; a Swiss's ``NBW``, the points, left out).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction

import numpy as np

from crosstable.errors import CrosstableError, InputError, Problem, quoted
from crosstable.i18n import _
from crosstable.model import DRAW, FORFEIT, LOSS, PENDING, PLAYED, WIN, Bye, Declared, Scoring, Tournament
from crosstable.numbers import fmt_decimal
from crosstable.tiebreaks.go import GO_SCORING, rank_value, start_score, with_start_scores

_RESULT = re.compile(r"^([0-9]{1,5})([+\-=?])(?:([/!])([wWbB?])?([0-9])?)?$")
_RANK = re.compile(r"^[0-9]{1,2}[kKdDpP]$")
_VALUE = re.compile(r"^(-?[0-9]{1,7})(½|\?|[.,]5)?$")
_HEADER = re.compile(r"^;\s*([A-Z]{2})\[(.*)\]\s*$")
COLUMNS = {
    "MMS": "MMS",
    "NBW": "NBW",
    "SOS": "SOS",
    "SOSM": "SOS",
    "SOSW": "SOS",
    "SOS-1": "SOS-1",
    "SOSM-": "SOS-1",
    "SOS-2": "SOS-2",
    "SOSOS": "SOSOS",
    "SODOS": "SODOS",
    "CUSS": "CUSS",
    "SDC": "SDC",
    "RATIN": "RTNG",
    "RATING": "RTNG",
}
"""The printed columns we compute, by their header names (OpenGotha's short names)."""


def looks_like_egd(text: str) -> bool:
    """An EGD results file: ``;`` header lines with the EGD's ``XX[...]`` keys, or a
    player line whose tail is results such as ``12+/w0``."""
    head = text.lstrip("\ufeff").lstrip()[:4000]
    if re.search(r"^;\s*(?:CL|EV|PC|DT|TM|KM)\[", head, re.MULTILINE):
        return True
    for line in head.splitlines()[:20]:
        tokens = line.split()
        numbered = len(tokens) > 6 and re.fullmatch(r"[0-9]{1,5}", tokens[0]) is not None
        rank = tokens[2] if numbered else tokens[1] if len(tokens) > 6 else ""
        tail = tokens[-3:]
        if _RANK.match(rank) and all(_RESULT.match(x) for x in tail[-2:]) and any("/" in x for x in tail):
            return True
    return False


@dataclass
class _Line:
    number: int
    place: int | None
    name: str
    rank: str
    country: str
    club: str
    values: list[tuple[str, int]]
    results: list[tuple[re.Match[str], int]]
    line: int = 0
    """The file line."""


@dataclass
class _Parsed:
    info: dict[str, str] = field(default_factory=dict)
    columns: list[str] | None = None
    opengotha: bool = False
    players: list[_Line] = field(default_factory=list)


def _header_columns(line: str) -> list[str] | None:
    """The printed columns' names from ``; Pl Name Rk Co Club MMS SOS``: OpenGotha
    writes each in five characters (``  SOSSOSOS`` is SOS and SOSOS)."""
    m = re.search(r"\bClub\b", line)
    if not m or not re.search(r"\bPl\b", line[: m.start()]):
        return None
    rest = line[m.end() :].rstrip()
    if len(rest) % 5 == 0 and rest:
        names = [rest[k : k + 5].strip() for k in range(0, len(rest), 5)]
        if all(names):
            return names
    return rest.split()


def _parse(text: str, source: str | None, problems: list[Problem]) -> _Parsed:
    out = _Parsed()
    for k, raw in enumerate(text.lstrip("\ufeff").splitlines(), start=1):
        line = raw.rstrip()
        if not line.strip():
            continue
        if line.lstrip().startswith(";"):
            m = _HEADER.match(line.strip())
            if m:
                out.info[m.group(1)] = m.group(2)
            elif "generated by opengotha" in line.lower():
                out.opengotha = True
            elif out.columns is None:
                out.columns = _header_columns(line)
            continue
        player = _player_line(line, k, len(out.players) + 1, out.columns or [], problems)
        if player is not None:
            out.players.append(player)
    return out


def _player_line(line: str, k: int, number: int, columns: Sequence[str], problems: list[Problem]) -> _Line | None:
    # a column is 1-based in characters, a tab counting one
    tokens = [(m.group(), m.start() + 1) for m in re.finditer(r"\S+", line)]
    place = None
    first = 0
    if tokens and re.fullmatch(r"[0-9]{1,5}", tokens[0][0]):
        place, first = int(tokens[0][0]), 1
    at = next((j for j in range(first + 1, len(tokens)) if _RANK.match(tokens[j][0])), None)
    typo = next((j for j in range(first + 1, len(tokens)) if re.match(r"[0-9]{1,2}[kKdDpP]", tokens[j][0])), None)
    if at is None and typo is not None and "/" not in tokens[typo][0] and "!" not in tokens[typo][0]:
        at = typo  # such as 5kk: refused below as no go rank
    if at is None:
        problems.append(
            Problem(_("not a player line of an EGD file (place, name, rank, country, club, results)"), k, 1)
        )
        return None
    if rank_value(tokens[at][0]) is None:
        problems.append(
            Problem(_("{cell} is not a go rank (30k to 9d)").format(cell=quoted(tokens[at][0])), k, tokens[at][1])
        )
        return None
    name = " ".join(t for t, _c in tokens[first:at])
    after = at + 1
    ids: list[str] = []
    while (
        after < len(tokens)
        and len(ids) < 2
        and not _VALUE.match(tokens[after][0])
        and not _RESULT.match(tokens[after][0])
    ):
        ids.append(tokens[after][0])
        after += 1
    if len(ids) == 1:  # a hand-typed table without one of them: a country is two capital letters
        ids = [ids[0], ""] if re.fullmatch(r"[A-Z]{2}", ids[0]) else ["", ids[0]]
    country, club = [*ids, "", ""][:2]
    rest = tokens[after:]
    values: list[tuple[str, int]] = []
    for j, (t, col) in enumerate(rest):
        if j < len(columns):
            if not _VALUE.match(t):
                why = _("{cell} is not a number: the file's column {name} prints numbers")
                problems.append(Problem(why.format(cell=quoted(t), name=quoted(columns[j])), k, col))
                return None
        elif not _VALUE.match(t):
            break
        values.append((t, col))
    # a value such as 408? (408½ in OpenGotha's files) is a value, not a result
    results = rest[len(values) :]
    parsed = []
    for t, col in results:
        m = _RESULT.match(t)
        if m is None:
            problems.append(Problem(_("{cell} is not a result such as 12+/w0 or 0=").format(cell=quoted(t)), k, col))
            continue
        parsed.append((m, col))
    return _Line(number, place, name, tokens[at][0], country, club, values, parsed, k)


def _value(text: str) -> Fraction | None:
    m = _VALUE.match(text)
    if not m:
        return None
    return Fraction(int(m.group(1))) + (Fraction(1, 2) if m.group(2) else 0)


_POINTS = {"+": Fraction(1), "=": Fraction(1, 2), "-": Fraction(0), "?": Fraction(0)}
_OPPOSITE = {"+": "-", "-": "+", "=": "=", "?": "?"}
_COLOUR = {"w": "b", "b": "w", "?": "?", "": ""}


def read_egd(text: str, source: str | None = None, scoring: Scoring | None = None) -> Tournament:
    """Read an EGD results file (``.h9``, ``.h10``); see the module docstring."""
    problems: list[Problem] = []
    parsed = _parse(text, source, problems)
    players = parsed.players
    if not players and not problems:
        problems.append(Problem(_("no player line: an EGD results file lists players and their results")))
    if problems:
        raise InputError(source, problems)
    n = len(players)
    rounds = max(len(p.results) for p in players)
    short: list[int] = []
    absent = _RESULT.match("0-")
    assert absent is not None
    for p in players:
        if len(p.results) < rounds:
            short.append(p.line)
            p.results += [(absent, 0)] * (rounds - len(p.results))
    lines = [p.line for p in players]
    seen_names: dict[str, list[_Line]] = {}
    for p in players:
        seen_names.setdefault(p.name, []).append(p)
    twice = {name: same for name, same in seen_names.items() if len(same) > 1}
    for same in twice.values():  # each line is a player of its own (the games name its number): told apart
        for p in same:
            p.name = f"{p.name} (#{p.number})"
    white: list[int] = []
    black: list[int] = []
    ws: list[int] = []
    bs: list[int] = []
    rnd: list[int] = []
    status: list[int] = []
    override: list[tuple[int, int]] = []
    handicaps: dict[tuple[int, int, int], int] = {}
    byes: list[Bye] = []
    got = [Fraction(0)] * n
    for i, p in enumerate(players):
        for r, (m, col) in enumerate(p.results, start=1):
            j, res, sep, colour, hd = (
                int(m.group(1)),
                m.group(2),
                m.group(3) or "",
                (m.group(4) or "").lower(),
                m.group(5),
            )
            got[i] += _POINTS[res]
            if j == 0:
                kind = {"+": "full", "=": "half"}.get(res, "absent")
                byes.append(Bye(i, r, kind, _POINTS[res]))
                continue
            if j > n or j == i + 1:
                why = _("round {round}: {cell} names no other player of the list ({n} players)")
                problems.append(Problem(why.format(round=r, cell=quoted(m.group()), n=n), lines[i], col))
                continue
            other, _ocol = players[j - 1].results[r - 1]
            expected = (i + 1, _OPPOSITE[res], sep, _COLOUR[colour], hd)
            seen = (
                int(other.group(1)),
                other.group(2),
                other.group(3) or "",
                (other.group(4) or "").lower(),
                other.group(5),
            )
            both = res == seen[1] and res in "+-" and seen[0] == i + 1
            if seen != expected and not (both and seen[2:] == expected[2:]):
                why = _("round {round}: {cell} does not agree with {other} on line {line}")
                problems.append(
                    Problem(
                        why.format(round=r, cell=quoted(m.group()), other=quoted(other.group()), line=lines[j - 1]),
                        lines[i],
                        col,
                    )
                )
                continue
            if j - 1 < i:
                continue  # the game was taken from the other player's line
            if colour == "b":
                w, b, mine, theirs = j - 1, i, seen[1], res
            else:
                w, b, mine, theirs = i, j - 1, res, seen[1]
            units = {"+": 2, "=": 1, "-": 0, "?": 0}
            white.append(w)
            black.append(b)
            ws.append(0 if both else units[mine])
            bs.append(0 if both else units[theirs])
            rnd.append(r)
            status.append(PENDING if res == "?" else FORFEIT if sep == "!" else PLAYED)
            outcome = {"+": WIN, "-": LOSS, "=": DRAW}
            override.append((outcome[mine], outcome[theirs]) if both else (-1, -1))
            if hd and int(hd) > 0:
                handicaps[(r, w, b)] = int(hd)
    if problems:
        raise InputError(source, problems)
    try:
        t = Tournament.from_columns(
            [p.name for p in players],
            [white, black, ws, bs, rnd, status],
            score_denominator=2,
            scoring=GO_SCORING,
            kind="result",
            source=source,
            outcome_override=np.asarray(override, dtype=np.int64) if override else None,
        )
    except CrosstableError as e:
        raise InputError(source, [Problem(str(e))]) from None
    t.byes = sorted(byes, key=lambda b: (b.round, b.participant))
    for name, same in twice.items():
        t.warnings.append(
            # TRANSLATORS: {name} is a player's name in an EGD results file, {lines} line numbers, {first} a name
            # with its number, such as "? ? (#3)".
            _("{name} is the name of the players of lines {lines}: told apart by their numbers, as {first}").format(
                name=quoted(name), lines=", ".join(str(p.line) for p in same), first=quoted(same[0].name)
            )
        )
    if short:
        t.warnings.append(
            # TRANSLATORS: {lines} are line numbers of an EGD results file.
            _("lines {lines} have fewer results than the rounds: the missing last rounds are absences (0-)").format(
                lines=", ".join(str(x) for x in short)
            )
        )
    t.rounds_total = rounds
    t.handicaps = handicaps
    t.go_ranks = [p.rank.lower() for p in players]
    t.federations = [p.country for p in players]
    t.clubs = [p.club for p in players]
    t.info = dict(parsed.info)
    t.system = "swiss"
    t.system_reason = _("an EGD results file")  # the heading says McMahon when there are start scores
    columns = [COLUMNS.get(c.upper()) for c in parsed.columns or []]
    printed = _printed(players, columns, lines, parsed.opengotha)
    if "RTNG" in columns:  # OpenGotha's Rating column: the players' ratings (RTNG ranks by them)
        at = columns.index("RTNG")
        rated = [_value(p.values[at][0]) if len(p.values) > at else None for p in players]
        t.ratings = [int(v) if v is not None and v.denominator == 1 else None for v in rated]
    if "MMS" in columns:
        at = columns.index("MMS")
        printed_mms = []
        for i, p in enumerate(players):
            mms = _value(p.values[at][0]) if len(p.values) > at else None
            if mms is None:
                raise InputError(source, [Problem(_("no McMahon score in the MMS column"), lines[i], 1)])
            printed_mms.append(mms)
        unplayed = [Fraction(0)] * n
        for bye in t.byes:
            unplayed[bye.participant] += bye.points
        start = [printed_mms[i] - got[i] for i in range(n)]
        floored = [printed_mms[i] - got[i] + unplayed[i] - int(unplayed[i]) for i in range(n)]
        if any(x.denominator != 1 for x in start) and all(x.denominator == 1 for x in floored):
            # the program rounded the accumulated values of the rounds without a game down
            t.byes = _rounded_down(t.byes)
            start = floored
        with_start_scores(t, start)
    elif "NBW" not in columns:
        values = [rank_value(p.rank) for p in players]
        with_start_scores(t, [Fraction(start_score(v if v is not None else 0)) for v in values])
        t.warnings.append(
            _(
                "the file prints no McMahon score: the start scores come from the ranks, without a bar "
                "(30k = 0, 1d = 30)"
            )
        )
    for key, cells in printed.items():
        name = "points" if key in ("MMS", "NBW") else key
        t.declared[name] = cells
    place = None
    for i, p in enumerate(players):
        place = p.place if p.place is not None else place
        if place is not None:
            t.declared.setdefault("place", {})[i] = Declared(Fraction(place), lines[i], 1)
    if parsed.columns is not None:  # the printed columns are the file's list, up to one not computed here
        listed = []
        for code, raw in zip(columns, parsed.columns, strict=True):
            if code is None:
                t.warnings.append(
                    # TRANSLATORS: {name} is a column's heading in an EGD results file (SDC, Rating).
                    _(
                        "the file's column {name} is not computed here: the players it separates are left "
                        "level, and so are the columns after it"
                    ).format(name=quoted(raw))
                )
                break
            if code != "NBW":  # the points of a Swiss
                listed.append(code)
        t.criteria = list(dict.fromkeys(listed))
    return t


def _printed(
    players: Sequence[_Line], columns: Sequence[str | None], lines: Sequence[int], opengotha: bool
) -> dict[str, dict[int, Declared]]:
    out: dict[str, dict[int, Declared]] = {}
    for i, p in enumerate(players):
        for (text, col), key in zip(p.values, columns, strict=False):
            value = _value(text)
            if key is None or value is None or (opengotha and len(text) >= 4 and text[-1].isdigit()):
                continue
            out.setdefault(key, {})[i] = Declared(value, lines[i], col)
    return out


def _rounded_down(byes: Sequence[Bye]) -> list[Bye]:
    """The byes with each round's value the increment of the rounded-down sum of the
    player's rounds without a game (½, ½, ½ count 0, 1, 0), as the EGF's rules round
    accumulated values down and OpenGotha counts them round by round."""
    out: list[Bye] = []
    total: dict[int, Fraction] = {}
    counted: dict[int, int] = {}
    for b in sorted(byes, key=lambda b: (b.participant, b.round)):
        total[b.participant] = total.get(b.participant, Fraction(0)) + b.points
        worth = int(total[b.participant]) - counted.get(b.participant, 0)
        counted[b.participant] = counted.get(b.participant, 0) + worth
        kind = b.kind if b.kind != "half" else "full" if worth else "absent"
        out.append(Bye(b.participant, b.round, kind, Fraction(worth)))
    return sorted(out, key=lambda b: (b.round, b.participant))


def write_h9(
    t: Tournament,
    order: Sequence[int] | None = None,
    columns: Sequence[tuple[str, list[Fraction | None]]] = (),
    places: Sequence[str] | None = None,
) -> str:
    """An EGD ``.h9`` file of the event: the header from :attr:`Tournament.info`
    (``EV``, ``PC``, ``DT`` …), then one line per player in ``order`` (the standings'
    order; the file's own when not given) with ``columns`` (name and value per player,
    the MMS first), and each round's result as ``12+/w0``. A name is written as it is:
    the EGD's files separate surname and first name by a space and write a space
    inside either as ``_`` (the names an EGD file was read with keep their ``_``)."""
    n = len(t.names)
    order = list(range(n)) if order is None else list(order)
    position = {p: k + 1 for k, p in enumerate(order)}
    rounds = max(
        [t.rounds_total or 0, *(int(r) for r in (t.rounds if t.rounds is not None else [])), *(b.round for b in t.byes)]
    )
    cells: dict[tuple[int, int], str] = {}
    assert t.rounds is not None and t.status is not None
    for g in range(len(t.white)):
        w, b, r = int(t.white[g]), int(t.black[g]), int(t.rounds[g])
        wo, bo = int(t.white_outcome[g]), int(t.black_outcome[g])
        sep = "!" if t.status[g] == FORFEIT else "/"
        hd = t.handicaps.get((r, w, b), 0)
        for me, opp, outcome, colour in ((w, b, wo, "w"), (b, w, bo, "b")):
            res = "?" if t.status[g] == PENDING else {WIN: "+", DRAW: "=", LOSS: "-"}[outcome]
            cells[(me, r)] = f"{position[opp]}{res}{sep}{colour}{hd}"
    for bye in t.byes:
        res = "+" if bye.points >= 1 else "=" if bye.points > 0 else "-"
        cells[(bye.participant, bye.round)] = f"0{res}"
    out = []
    for key in ("CL", "EV", "PC", "DT", "HA", "KM", "TM", "CM"):
        if key in t.info:
            out.append(f"; {key}[{t.info[key]}]")
    out.append(";")
    out.append("; Pl Name                            Rk Co Club" + "".join(f"{name:>6}" for name, _v in columns))
    for k, p in enumerate(order):
        place = (places[k] if places is not None else str(k + 1)) or ""
        name = t.names[p]
        rank = (t.go_ranks[p] if t.go_ranks is not None else "").upper() or "30K"
        country = (t.federations[p] if t.federations is not None else "") or "XX"
        club = (t.clubs[p] if t.clubs is not None else "") or "xxxx"
        values = "".join(f"{_h9_number(v[p]):>6}" for _name, v in columns)
        results = " ".join(f"{cells.get((p, r), '0-'):>8}" for r in range(1, rounds + 1))
        out.append(f"{place:>4} {name:<31} {rank:>3} {country:>2} {club:>4}{values} {results}".rstrip())
    return "\n".join(out) + "\n"


def _h9_number(x: Fraction | None) -> str:
    if x is None:
        return "0"
    if x.denominator == 2:
        return f"{x.numerator // 2}½"
    return fmt_decimal(x)
