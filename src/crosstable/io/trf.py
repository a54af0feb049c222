"""FIDE TRF-16 and TRF-2026 tournament report files.

Read by character position after decoding (UTF-8, else Latin-1), so names with
non-ASCII letters do not shift the columns; line ends may be LF, CRLF or CR. Per
player line ``001``: start number (columns 5-8), name (15-47), rating (49-52; 0 or
blank: unrated), points (81-84: cross-checked when present, with a warning naming the
cell), then one 10-column field per round from column 92: opponent (4 columns),
colour (``w``/``b``/``-``), result (the 8th column of the field). The fields of all
players are read as one array of characters, so a 2,000-player Swiss is read in a few
hundredths of a second.

**Rounds.** A round's field is read when the line reaches its result column; a
shorter remnant (blanks after the last field, common in real exports) is not a
round, and a field cut before its result while it names an opponent is an error.
The number of rounds is ``XXR`` (or ``142``), or the last round any line fills; a
line with a round beyond ``XXR`` is an error naming it. Every round up to the last
in which a player has neither a game nor a bye is an absence, whether the line has
a blank field for it or simply ends (a withdrawal): both spellings are one event.
When ``XXR`` announces rounds no game has reached yet (a Swiss after 4 of 9 rounds),
the event keeps them (:attr:`~crosstable.model.Tournament.rounds_total`, written back
by the writer), and so the byes requested ahead on the lines (``H`` in round 5); the
ranking gives the standings after the last round with results, those rounds and byes
left out, and says so ("standings after round 4 of 9";
:meth:`~crosstable.model.Tournament.live`). The FIDE reference counts the rounds not
played yet as absences of everybody (dummy opponents in BH, SB …) and the byes
requested ahead; that reading only when asked for (``rank(..., announced_rounds=True)``,
``crosstable standings --announced-rounds``): a documented deviation. ``--round K``
gives the standings after round K.

**Results.** ``1 0 =`` played; ``W D L`` played but not rated (counted as ``1 = 0``);
``+ -`` forfeit won or lost. Each side keeps its own result, as the FIDE reference
does: ``0`` against ``0`` is a double loss, ``=`` against ``0`` an arbiter's decision
that gives half a point to one side only, ``-`` against ``-`` a double forfeit; a
side with a blank result takes the mirror of the other's. A played result against a
forfeit, or two lines that do not name each other, are refused with both places
named. Without an opponent (``0000`` or blank): ``U`` pairing-allocated bye, ``F``
or ``+`` full-point bye, ``H`` half-point bye, ``Z`` or ``-`` zero-point bye, blank
absent.

**Header records.** ``092`` type (``Swiss`` or ``Round robin``/``Berger``; without
it an event where every pair met once, or every pair twice, is a round robin, as
the FIDE reference infers); ``042`` start date, which chooses the edition of C.07
(:func:`rules_of_date`; the reason is kept and printed); ``XXR``/``142`` rounds;
``162`` the scoring (``W D L`` the points of a win, a draw and a loss, ``P`` those
of a pairing-allocated bye, ``A`` those of a zero-point bye or absence) and, for
teams, ``362`` the match points; ``202``/``212`` the default tie-break list; the
descriptive records (``012`` event, ``022`` city, ``032`` federation, ``052`` end
date, ``062``/``072``/``082`` counts, ``102``/``112`` arbiters, ``122`` time control,
``132`` round dates) are kept and written back. Records that cannot change the
standings (``152`` initial colour, ``172``, ``182``, ``192``, ``222``, ``250``
accelerations, ``260`` prohibited pairings, ``300``, ``352``, ``801``/``802``, the
``XX*`` pairing-program records) are named, once per kind, in the warnings, and so
is any record this reader does not know; ``###`` lines are comments.

**Byes and abnormal points.** ``240``: type (column 5: ``F``, ``H``, ``Z``), round
(7-9), start numbers (from column 11, every five columns): a player without an entry
that round gets the bye; one whose entry says otherwise is an error. ``299``: type
(column 5), match points (8-11), game points (14-17), round (20-22), numbers from
column 24. With a result letter, a round and players it replaces that round's result
of each player (the points follow the letter, as in the FIDE reference; the entry
must exist); without a letter it adds the game points column to the players' scores
(round 999: to the points only, not to the score their dummy opponents take); a
letter with neither round nor players sets what such unplayed rounds are worth (team
events: their game points; it changes nothing in an individual event, and a warning
says so). A letter for named players without a round is an error.

**Teams** (``310``, or ``013`` when there is no ``310``; a team given by both is
one team): number (5-7), name (9-40), members from column 74 every five columns
(``013``: name in 5-36, members from 37). Every round, the games between two teams'
players make one match: each team's game points are the sum of its boards (a
player's board is its position in the team's list), the match is won by the larger
sum, drawn when equal and not nil. ``240`` names teams; ``320`` gives the match and
game points of a team's pairing-allocated bye (columns 5-8 and 10-13) and the teams
that had it, by round, every four columns from column 15 (without it, a team whose
players show ``U`` has a drawn match with every board won, the reference's default);
``330`` a forfeited match: type (5-6: ``+-``, ``-+``, ``--`` or ``10 01 00``, ``WL LW
LL``), round (8-10), the two teams (12-14, 16-18), whose boards' ``0000 - +``/``-``
entries it takes.

Decisions where the format leaves room (see the README's conformance list): a points
field that does not match the results is a warning, not a refusal; a date the
reference cannot read (``May 29, 2020``, ``28. 07. 2005``) is read; a forfeit
written with colour ``-`` on both lines is read (the reference refuses it); a final
round made only of byes counts (the reference drops it without ``XXR``).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path

import numpy as np
from numpy.typing import NDArray

from crosstable.codes import TRF_BYE_KIND, TRF_FORFEIT, TRF_HALVES, TRF_MIRROR, TRF_OUTCOME, TRF_PLAYED
from crosstable.dates import edition_on
from crosstable.errors import CrosstableError, InputError, Problem, quoted
from crosstable.fields import (
    ANY_ROUND,
    RATING,
    ROUNDS,
    START_NUMBER,
    TEAM_NUMBER,
    YEAR,
    digit_hint,
    is_whole,
    parse_date,
    whole_at,
)
from crosstable.i18n import N_, _, decimal_text, integer_text, ngettext
from crosstable.io.games import split_lines
from crosstable.model import (
    DRAW,
    FORFEIT,
    LOSS,
    PENDING,
    PLAYED,
    PRESET_SCORING,
    WIN,
    Adjustment,
    Boards,
    Bye,
    Declared,
    IntArray,
    Scoring,
    Squad,
    Tournament,
    infer_system,
)
from crosstable.numbers import fmt_decimal, parse_number
from crosstable.schedule import berger
from crosstable.tiebreaks import Analysis

_OUTCOME, _HALVES, _MIRROR, _BYE_KIND = TRF_OUTCOME, TRF_HALVES, TRF_MIRROR, TRF_BYE_KIND
_PLAYED_CODES, _FORFEIT_CODES = TRF_PLAYED, TRF_FORFEIT
_LETTER_KIND = {"F": "full", "W": "full", "+": "full", "H": "half", "D": "half", "Z": "zero", "L": "zero"}
_LETTER_KIND |= {"-": "zero", "U": "pab", "P": "pab"}
_LETTER_OUTCOME = {"F": WIN, "W": WIN, "+": WIN, "U": WIN, "P": WIN, "H": DRAW, "D": DRAW}
_LETTER_OUTCOME |= {"Z": LOSS, "L": LOSS, "-": LOSS}
_BYE_CODES = {"pab": "U", "full": "F", "half": "H", "zero": "Z"}

KEPT = {
    "012": "event name",
    "022": "city",
    "032": "federation",
    "052": "end date",
    "062": "number of players",
    "072": "number of rated players",
    "082": "number of teams",
    "102": "chief arbiter",
    "112": "deputy chief arbiter",
    "122": "time control",
    "132": "dates of the rounds",
}
"""Descriptive header records: kept in :attr:`Tournament.info` and written back."""

UNUSED = {
    "152": N_("initial colour"),
    "172": N_("national ratings: the rating criteria take the ratings of the 001 lines"),
    "182": N_("pairing controller"),
    "192": N_("encoded type of tournament"),
    "222": N_("encoded time control"),
    "250": N_("accelerated rounds"),
    "260": N_("prohibited pairings"),
    "801": N_("team information"),
    "802": N_("team information"),
}
"""Records that cannot change the standings: read, and named once in the warnings
(what each holds, in English: translated where the warning is written)."""
PAIRING_RECORDS = ("152", "250", "260")
"""Of those, the records a pairing engine reads (the initial colour, accelerated rounds,
prohibited pairings): kept in :attr:`Tournament.info` as written (a repeated record's
lines joined by a newline) and written back, so that ``crosstable pair`` gives them to
the engine."""
_PAIRING_DATA = N_("pairing program data")


def _kept_verbatim(code: str) -> bool:
    """The records kept in :attr:`Tournament.info` as written and written back: those a
    pairing engine reads (:data:`PAIRING_RECORDS`) and the pairing programs' ``XX``
    records other than ``XXR`` (JaVaFo's and bbpPairings' ``XXS`` scoring, ``XXC``
    colour, ``XXA`` acceleration), which no standings here read but which the program
    that pairs the next round from the written file may need."""
    return code in PAIRING_RECORDS or (code.startswith("XX") and code != "XXR")


"""What the ``XX*`` records (and any other record read but not used) hold."""

_SHOWS_BYE = {
    # TRANSLATORS: pab: a pairing-allocated bye (the TRF code U)
    "pab": N_("player {number}'s line shows a pab bye in round {round}"),
    "full": N_("player {number}'s line shows a full bye in round {round}"),
    "half": N_("player {number}'s line shows a half bye in round {round}"),
    "zero": N_("player {number}'s line shows a zero bye in round {round}"),
}
"""A ``240`` bye for a round whose bye the player's line gives as another kind, by that kind."""


def looks_like_trf(text: str) -> bool:
    return any(line.startswith("001 ") for line in text.splitlines()[:200])


def rules_of_date(text: str | None) -> tuple[str, str]:
    """The edition of FIDE C.07 in force on a start date, and why: ``2026`` from 1 March
    2026, ``2024`` from 1 August 2024, ``2023`` before (the dummy-opponent rules of
    August 2023, which the FIDE reference computes as 2024). A missing or unreadable
    date gives 2026, as in the reference.

    >>> rules_of_date("2024/03/18")[0], rules_of_date("2025-01-02")[0], rules_of_date("15.03.2026")[0]
    ('2023', '2024', '2026')
    >>> rules_of_date("May 29, 2020")
    ('2023', 'FIDE C.07 (2023 edition, computed as 2024): the event started on 2020-05-29 (042 "May 29, 2020")')
    """
    if text is None or not text.strip():
        return "2026", _("FIDE C.07 (2026 edition): the file gives no start date (042)")
    day = parse_date(text)
    if day is None:
        # TRANSLATORS: 042 is the TRF record of the start date; {date} is its text
        return "2026", _('FIDE C.07 (2026 edition): the start date (042 "{date}") cannot be read').format(
            date=text.strip()
        )
    edition = edition_on((day.year, day.month, day.day))
    if edition == "2023":
        # TRANSLATORS: {day} is a date (2020-05-29); 042 is the TRF record of the start date, {date} its text
        reason = _('FIDE C.07 (2023 edition, computed as 2024): the event started on {day} (042 "{date}")')
    else:
        # TRANSLATORS: {edition} is a year (2024); {day} is a date (2024-09-01); 042 is the TRF record of the
        # start date, {date} its text
        reason = _('FIDE C.07 ({edition} edition): the event started on {day} (042 "{date}")')
    return edition, reason.format(edition=edition, day=day.isoformat(), date=text.strip())


@dataclass
class _Player:
    number: int
    name: str
    rating: int | None
    line: int
    tail: str
    points: str
    text: str


@dataclass
class _Header:
    """Everything the records before and around the players give."""

    players: dict[int, _Player] = field(default_factory=dict)
    rounds: int = 0
    rounds_line: int = 0
    system: str | None = None
    start: str | None = None
    criteria: list[str] | None = None
    values: dict[str, Fraction] = field(default_factory=dict)
    match_values: dict[str, Fraction] = field(default_factory=dict)
    info: dict[str, str] = field(default_factory=dict)
    teams: dict[str, list[tuple[int, str, list[int], int]]] = field(default_factory=dict)
    team_records: dict[int, str] = field(default_factory=dict)
    """The ``310`` lines by line number, for the totals they print (:func:`_team_declared`)."""
    byes240: list[tuple[str, int, list[tuple[int, int]], int]] = field(default_factory=list)
    abnormal: list[tuple[str, Fraction | None, Fraction | None, int, list[tuple[int, int]], int]] = field(
        default_factory=list
    )
    pab320: list[tuple[Fraction, Fraction, list[tuple[int, int, int]], int]] = field(default_factory=list)
    forfeits330: list[tuple[str, int, int, int, int]] = field(default_factory=list)
    lineups: list[tuple[int, int, int, list[int]]] = field(default_factory=list)
    unused: dict[str, int] = field(default_factory=dict)
    unknown: dict[str, list[int]] = field(default_factory=dict)
    misplaced299: list[int] = field(default_factory=list)
    bye_conflicts: list[tuple[int, int, int, int]] = field(default_factory=list)
    """``240`` byes of teams that have the ``320`` pairing-allocated bye of that round."""


LONGEST_LINE = 16_384
"""The longest TRF line read: a player's 999 rounds take 10,079 characters."""


def _header(text: str, problems: list[Problem]) -> _Header:
    h = _Header()
    for lineno, line in enumerate(split_lines(text), 1):
        code = line[:3]
        if not line.strip() or code == "###":
            continue
        if len(line) > LONGEST_LINE:
            message = ngettext(
                "a line of {n} character: a TRF line has at most {most}",
                "a line of {n} characters: a TRF line has at most {most}",
                len(line),
            ).format(n=integer_text(len(line)), most=integer_text(LONGEST_LINE))
            problems.append(Problem(message, lineno))
            continue
        if code == "001":
            _player_line(line, lineno, h, problems)
        elif code == "092":
            h.system = line[4:].strip()
            h.info["092"] = line[4:].rstrip()
        elif code == "042":
            h.start = line[4:].strip() or None
        elif code in ("XXR", "142"):
            value = line[4:].strip() if code == "142" else line[3:].strip()
            rounds = whole_at(value, ROUNDS, problems, lineno, 5)
            if rounds is not None:
                h.rounds, h.rounds_line = max(h.rounds, rounds), lineno
        elif code in KEPT:
            h.info[code] = (h.info[code] + "\n" if code in h.info else "") + line[4:].rstrip()
        elif code in ("202", "212"):
            codes = [c for c in line[4:].replace(",", " ").split() if c]
            h.criteria = codes[1:] if code == "212" and codes[:1] == ["PTS"] else codes
        elif code == "162":
            _score_line(line, lineno, h.values, problems)
        elif code == "362":
            _score_line(line, lineno, h.match_values, problems, team=True)
        elif code in ("013", "310"):
            h.teams.setdefault(code, []).append(_team_line(line, lineno, len(h.teams.get(code, [])) + 1, problems))
            if code == "310":
                h.team_records[lineno] = line
        elif code == "240":
            _bye_line(line, lineno, h, problems)
        elif code == "299":
            _abnormal_line(line, lineno, h, problems)
        elif code == "320":
            _pab_line(line, lineno, h, problems)
        elif code == "330":
            _forfeit_line(line, lineno, h, problems)
        elif code == "300":
            _lineup_line(line, lineno, h, problems)
        elif code == "352":
            h.info["352"] = line[4:].strip()
        elif code in UNUSED or code.startswith("XX"):
            h.unused.setdefault(code, lineno)
            if _kept_verbatim(code):  # kept as written, for a pairing engine (crosstable pair, another program)
                kept = h.info.get(code)
                h.info[code] = line[4:].rstrip() if kept is None else f"{kept}\n{line[4:].rstrip()}"
        else:
            h.unknown.setdefault(code, []).append(lineno)
    return h


_NUMERIC_FIELDS = ((58, 68, N_("the FIDE id")), (86, 89, N_("the rank")))
"""A player line's fields that hold a number or nothing (dashes: an id not known): text
there is a misaligned line, whose results would be read from the wrong columns."""


def _player_line(line: str, lineno: int, h: _Header, problems: list[Problem]) -> None:
    number = whole_at(line[4:8], START_NUMBER, problems, lineno, 5)
    if number is None:
        return
    if number in h.players:
        message = _("start number {number} appears twice (line {line})").format(
            number=number, line=h.players[number].line
        )
        problems.append(Problem(message, lineno, 5))
        return
    name = line[14:47].strip() or f"Player {number}"
    if any(ord(ch) < 32 or 0x7F <= ord(ch) < 0xA0 for ch in name):
        problems.append(Problem(_("the name holds a control character"), lineno, 15))
        return
    rating_text = line[48:52].strip()
    rating = whole_at(rating_text, RATING, problems, lineno, 49) if rating_text else 0
    if rating is None:
        return
    for first, last, what in _NUMERIC_FIELDS:
        text = line[first - 1 : last].strip()
        if text and not is_whole(text) and text.strip("-"):
            # TRANSLATORS: {cell} is a text found where a TRF file has a number; {what} names the field
            # ("the FIDE id"), {first} and {last} its columns.
            message = _("{cell} in {what} (columns {first}-{last}) is not a number: is the line shifted?")
            problems.append(
                Problem(message.format(cell=quoted(text), what=_(what), first=first, last=last), lineno, first)
            )
            return
    h.players[number] = _Player(number, name, rating or None, lineno, line[91:], line[80:84].strip(), line)


def _numbers(line: str, first: int, lineno: int, problems: list[Problem], width: int = 5) -> list[tuple[int, int]]:
    """Numbers in four-character fields every ``width`` columns from index ``first``,
    with their (1-based) columns; blank or ``0000`` fields are skipped."""
    out: list[tuple[int, int]] = []
    for k in range(first, len(line), width):
        field_text = line[k : k + 4].strip()
        if not field_text or field_text.strip("0") == "":
            continue
        number = whole_at(field_text, START_NUMBER, problems, lineno, k + 1)
        if number is not None:
            out.append((number, k + 1))
    return out


def _team_line(line: str, lineno: int, order: int, problems: list[Problem]) -> tuple[int, str, list[int], int]:
    """A team: ``013`` (name in columns 5-36, members from 37) or TRF-2026 ``310``
    (number in 5-7, name in 9-40, members from 74), five columns per member."""
    if line.startswith("310"):
        number = whole_at(line[4:7], TEAM_NUMBER, problems, lineno, 5)
        number, name, first = number or order, line[8:40], 73
    else:
        number, name, first = order, line[4:36], 36
    members = [num for num, _ in _numbers(line, first, lineno, problems)]
    return number, name.strip() or f"Team {number}", members, lineno


def _score_line(
    line: str, lineno: int, values: dict[str, Fraction], problems: list[Problem], team: bool = False
) -> None:
    """``162`` (and ``362`` for match points, its symbols written ``TW`` ``TD`` …):
    symbol (column 6, 15, 24 …) and points (the four columns after it)."""
    for k in range(4, len(line), 9):
        chunk = line[k : k + 9]
        if not chunk.strip():
            continue
        symbol, text = chunk[:2].strip().upper(), chunk[2:].strip()
        where = k + 1 + len(chunk) - len(chunk.lstrip())  # the symbol's column
        if team and symbol.startswith("T"):
            symbol = symbol[1:]
        value = parse_number(text)
        if symbol not in ("W", "D", "L", "P", "A", "X"):
            message = _("scoring symbol {symbol} is not one of {symbols}").format(
                symbol=repr(symbol), symbols="W D L P A X"
            )
            problems.append(Problem(message, lineno, where))
        elif value is None or value < 0 or value > 1000:
            message = _("points {value} after {symbol} are not a number from 0 to 1000").format(
                value=repr(text), symbol=repr(symbol)
            )
            problems.append(Problem(message, lineno, where))
        else:
            values[symbol] = value


def _round_of(text: str, lineno: int, column: int, problems: list[Problem], blank: int = 0) -> int | None:
    return whole_at(text, ANY_ROUND, problems, lineno, column) if text.strip() else blank


def _bye_line(line: str, lineno: int, h: _Header, problems: list[Problem]) -> None:
    """``240``: type (column 5), round (7-9), numbers from column 11 (tabs read as blanks)."""
    line = line.replace("\t", " ")
    kind = {"F": "full", "H": "half", "Z": "zero", " ": "zero"}.get((line[4:5] or " ").upper())
    if kind is None:
        # TRANSLATORS: F, H and Z are the letters of the TRF bye types, written as they are
        problems.append(Problem(_("bye type {value} is not F, H or Z").format(value=repr(line[4])), lineno, 5))
        return
    rnd = _round_of(line[6:9], lineno, 7, problems)
    if rnd is not None and rnd < 1:
        problems.append(Problem(_("a bye needs its round (columns 7-9)"), lineno, 7))
    elif rnd is not None:
        h.byes240.append((kind, rnd, _numbers(line, 10, lineno, problems), lineno))


_GAPS_299 = (3, 5, 6, 11, 12, 17, 18, 22)
"""The columns (0-based) a TRF-2026 ``299`` record leaves blank between its fields."""


def _abnormal_line(line: str, lineno: int, h: _Header, problems: list[Problem]) -> None:
    """``299``: type (column 5), match points (8-11), game points (14-17), round
    (20-22, blank: 0), numbers from column 24.

    A record with something in the blank columns between those fields is in another
    layout: the TRF-2025 draft's, one column to the left (``### T MMMM GGGG RRR PPP1``,
    as in the Technical Commission's "Grandmommy's Cup" sample). It is not applied, with
    a warning naming its line: read in TRF-2026's columns its numbers are cut in two,
    the FIDE reference's reading of it changes nothing (gacrux 1.11.65 ranks the sample
    identically with and without those lines), and the sample's own 310 totals leave it
    out too."""
    if any(k < len(line) and line[k] != " " for k in _GAPS_299):
        h.misplaced299.append(lineno)
        return
    letter = (line[4:5] or " ").upper()
    amounts: list[Fraction | None] = []
    for start, column in ((7, 8), (13, 14)):
        text = line[start : start + 4].strip()
        value = parse_number(text) if text else None
        if text and (value is None or abs(value) > 1000):
            message = (
                _("match points {value} are not a number from -1000 to 1000")
                if start == 7
                else _("game points {value} are not a number from -1000 to 1000")
            )
            problems.append(Problem(message.format(value=repr(text)), lineno, column))
            return
        amounts.append(value)
    rnd = _round_of(line[19:22], lineno, 20, problems)
    if rnd is None:
        return
    who = _numbers(line, 23, lineno, problems)
    if letter != " " and letter not in _LETTER_KIND:
        message = _("type {value} is not one of {letters}").format(value=repr(letter), letters="F H Z W D L + - U")
        problems.append(Problem(message, lineno, 5))
    elif letter != " " and who and rnd == 0:
        problems.append(Problem(_("a result for named players needs a round (columns 20-22)"), lineno, 20))
    elif letter == " " and not who:
        message = _("abnormal points without a type must name the players (from column 24)")
        problems.append(Problem(message, lineno, 24))
    else:
        h.abnormal.append((letter, amounts[0], amounts[1], rnd, who, lineno))


def _pab_line(line: str, lineno: int, h: _Header, problems: list[Problem]) -> None:
    """``320``: match points (5-8), game points (10-13), then the team that had the
    pairing-allocated bye in round k in columns 15+4(k-1) to 17+4(k-1)."""
    values = []
    for start, column in ((4, 5), (9, 10)):
        text = line[start : start + 4].strip()
        value = parse_number(text) if text else None
        if value is None or value < 0 or value > 1000:
            problems.append(Problem(_("points {value} are not a number").format(value=repr(text)), lineno, column))
            return
        values.append(value)
    teams = []
    for k, start in enumerate(range(14, len(line), 4), 1):
        text = line[start : start + 3].strip()
        if not text or text.strip("0") == "":
            continue
        team = whole_at(text, TEAM_NUMBER, problems, lineno, start + 1)
        if team is not None:
            teams.append((k, team, start + 1))
    h.pab320.append((values[0], values[1], teams, lineno))


def _lineup_line(line: str, lineno: int, h: _Header, problems: list[Problem]) -> None:
    """``300``: a team's players in board order for one match: round (5-7), the team
    (9-11), its opponent (13-15), then start numbers every five columns from 17
    (0: an empty board)."""
    rnd = _round_of(line[4:7], lineno, 5, problems)
    team = whole_at(line[8:11], TEAM_NUMBER, problems, lineno, 9)
    other = whole_at(line[12:15], TEAM_NUMBER, problems, lineno, 13)
    if team is None or other is None:
        return
    order = []
    for k in range(16, len(line), 5):
        text = line[k : k + 4].strip()
        if not text:
            continue
        number = 0 if text.strip("0") == "" else whole_at(text, START_NUMBER, problems, lineno, k + 1)
        if number is None:
            return
        order.append(number)
    if rnd:
        h.lineups.append((rnd, team, other, order))


_FORFEIT_TYPES = {"+-": (WIN, LOSS), "10": (WIN, LOSS), "WL": (WIN, LOSS), "WZ": (WIN, LOSS)}
_FORFEIT_TYPES |= {"-+": (LOSS, WIN), "01": (LOSS, WIN), "LW": (LOSS, WIN), "ZW": (LOSS, WIN)}
_FORFEIT_TYPES |= {"--": (LOSS, LOSS), "00": (LOSS, LOSS), "LL": (LOSS, LOSS), "ZZ": (LOSS, LOSS)}


def _forfeit_line(line: str, lineno: int, h: _Header, problems: list[Problem]) -> None:
    """``330``: type (5-6), round (8-10), the white team (12-14), the black team (16-18)."""
    kind = line[4:6].upper()
    if kind not in _FORFEIT_TYPES:
        # TRANSLATORS: +-, -+, --, 10, 01, 00, WL, LW and LL are the TRF codes of forfeited matches, written as they are
        message = _("forfeit type {value} is not +-, -+ or -- (or 10 01 00, WL LW LL)").format(value=repr(kind))
        problems.append(Problem(message, lineno, 5))
        return
    rnd = _round_of(line[7:10], lineno, 8, problems)
    numbers = []
    for start in (11, 15):
        number = whole_at(line[start : start + 3], TEAM_NUMBER, problems, lineno, start + 1)
        if number is None:
            return
        numbers.append(number)
    if rnd is not None and rnd >= 1:
        h.forfeits330.append((kind, rnd, numbers[0], numbers[1], lineno))
    elif rnd is not None:
        problems.append(Problem(_("a forfeited match needs its round (columns 8-10)"), lineno, 8))


def _codes(chars: str) -> NDArray[np.bool_]:
    table = np.zeros(65536, dtype=bool)
    table[[ord(c) for c in chars]] = True
    return table


_IS_PLAYED = _codes(_PLAYED_CODES)
_IS_FORFEIT = _codes(_FORFEIT_CODES)
_IS_BYE = _codes("".join(_BYE_KIND))
_MIRROR_CODE = np.arange(65536, dtype=np.int64)
_MIRROR_CODE[[ord(c) for c in _MIRROR]] = [ord(c) for c in _MIRROR.values()]
_OUTCOME_CODE = np.full(65536, -1, dtype=np.int64)
_OUTCOME_CODE[[ord(c) for c in _OUTCOME]] = list(_OUTCOME.values())
_HALVES_CODE = np.zeros(65536, dtype=np.int64)
_HALVES_CODE[[ord(c) for c in _HALVES]] = list(_HALVES.values())


def _at(codes: NDArray[np.uint32]) -> NDArray[np.int64]:
    """Character codes as indices of the tables above (anything beyond the first plane: a space)."""
    return np.where(codes < 65536, codes, 32).astype(np.int64)


class _Grid:
    """The round fields of all ``001`` lines as one array of characters (players ×
    rounds × 10): opponents, colours and results read, and the two sides of every game
    merged, without a Python loop per field."""

    def __init__(self, h: _Header, numbers: list[int], problems: list[Problem]) -> None:
        players = [h.players[num] for num in numbers]
        n = len(players)
        self.lines = [p.line for p in players]
        tails = [p.tail.rstrip("\n") for p in players]
        lengths = np.array([len(s) for s in tails], dtype=np.int64)
        width = max(int(lengths.max()) if n else 0, 10)
        fields = (width + 9) // 10
        chars = (
            np.array([s.ljust(fields * 10) for s in tails], dtype=f"<U{fields * 10}")
            .view(np.uint32)
            .reshape(n, fields, 10)
        )
        starts = np.arange(fields) * 10
        filled = (chars[:, :, :8] != 32).any(axis=2)
        # a field read up to its colour is a round (a line may end before a result not given yet)
        present = lengths[:, None] > starts[None, :] + 5
        for i, k in zip(*np.nonzero(filled & ~present), strict=True):
            message = _(
                "round {round} is cut short: a round takes columns {first}-{last} "
                "(opponent, colour in column {colour_column}, result in column {result_column})"
            ).format(
                round=k + 1, first=92 + 10 * k, last=99 + 10 * k, colour_column=97 + 10 * k, result_column=99 + 10 * k
            )
            problems.append(Problem(message, self.lines[i], 92 + 10 * int(k)))
        self.rounds_in_lines = int(np.nonzero(filled.any(axis=0))[0].max()) + 1 if filled.any() else 0
        if h.rounds and self.rounds_in_lines > h.rounds:
            for i in np.nonzero(filled[:, h.rounds :].any(axis=1))[0].tolist()[:20]:
                k = h.rounds + int(np.nonzero(filled[i, h.rounds :])[0][0])
                message = ngettext(
                    "round {round} is beyond the {rounds} rounds that XXR announces (line {line})",
                    "round {round} is beyond the {rounds} rounds that XXR announces (line {line})",
                    h.rounds,
                ).format(round=k + 1, rounds=integer_text(h.rounds), line=h.rounds_line)
                problems.append(Problem(message, self.lines[i], 92 + 10 * k))
        self.rounds = max(h.rounds, self.rounds_in_lines)
        r_max = self.rounds
        if fields < r_max:
            pad = np.full((n, r_max - fields, 10), 32, dtype=np.uint32)
            chars, filled = np.concatenate([chars, pad], axis=1), np.pad(filled, ((0, 0), (0, r_max - fields)))
        chars, filled = chars[:, :r_max], filled[:, :r_max]
        opp_chars = _at(chars[:, :, :4])
        digit = (opp_chars >= 48) & (opp_chars <= 57)
        space = opp_chars == 32
        runs = digit[:, :, 0].astype(np.int64) + (digit[:, :, 1:] & ~digit[:, :, :-1]).sum(axis=2)
        opp = np.zeros(opp_chars.shape[:2], dtype=np.int64)
        for k in range(4):
            opp = np.where(digit[:, :, k], opp * 10 + opp_chars[:, :, k] - 48, opp)
        bad = filled & ((~(digit | space)).any(axis=2) | (runs > 1))
        for i, r in zip(*np.nonzero(bad), strict=True):
            text = "".join(map(chr, chars[i, r, :4])).strip()
            message = _("opponent {value} is not a start number").format(value=repr(text))
            hint = digit_hint(text)
            message = f"{message}: {hint}" if hint else message
            problems.append(Problem(message, self.lines[i], 92 + 10 * int(r)))
        self.opp = np.where(bad | ~filled, 0, opp)
        gaps = (_at(chars[:, :, [4, 6, 8, 9]]) != 32).any(axis=2) & filled & ~bad
        for i, r in zip(*np.nonzero(gaps), strict=True):
            text = "".join(map(chr, chars[i, r, :10])).rstrip()
            message = _(
                "round {round}'s field {value} is not in its columns (opponent {first}-{last}, colour {colour}, "
                "result {result}, the others blank): a misaligned line would be read from the wrong columns"
            ).format(
                round=int(r) + 1,
                value=repr(text),
                first=92 + 10 * int(r),
                last=95 + 10 * int(r),
                colour=97 + 10 * int(r),
                result=99 + 10 * int(r),
            )
            problems.append(Problem(message, self.lines[i], 92 + 10 * int(r)))
        self.colour, self.result = _at(chars[:, :, 5]), _at(chars[:, :, 7])
        self.colour = np.where(
            self.colour == ord("W"), ord("w"), np.where(self.colour == ord("B"), ord("b"), self.colour)
        )
        colour_ok = (self.colour == ord("w")) | (self.colour == ord("b")) | (self.colour == ord("-"))
        for i, r in zip(*np.nonzero(filled & ~colour_ok & (self.colour != 32)), strict=True):
            message = _("colour {value} is not w (white), b (black) or - (none)").format(
                value=repr(chr(int(self.colour[i, r])))
            )
            problems.append(Problem(message, self.lines[i], 92 + 10 * int(r) + 5))
        self.numbers = np.asarray(numbers, dtype=np.int64)
        lookup = np.full(max(numbers) + 1 if numbers else 1, -1, dtype=np.int64)
        lookup[numbers] = np.arange(n)
        has_opp = self.opp > 0
        known = np.zeros_like(has_opp)
        known[has_opp] = (self.opp[has_opp] < len(lookup)) & (
            lookup[np.minimum(self.opp[has_opp], len(lookup) - 1)] >= 0
        )
        for i, r in zip(*np.nonzero(has_opp & ~known), strict=True):
            message = _("opponent {number} is not a player of the file").format(number=int(self.opp[i, r]))
            problems.append(Problem(message, self.lines[i], 92 + 10 * int(r)))
        self.games_mask = has_opp & known
        self.filled = filled
        self.notes: list[str] = []
        self._merge(lookup, problems)
        self.bye_mask = filled & ~has_opp & ~bad & (self.result != 32)

    def _merge(self, lookup: NDArray[np.int64], problems: list[Problem]) -> None:
        i, r = np.nonzero(self.games_mask)
        j = lookup[self.opp[i, r]]
        one_sided = ~self.filled[j, r]  # the other line has nothing for that round: the game is read from this one
        for x, y, rr in zip(i[one_sided].tolist(), j[one_sided].tolist(), r[one_sided].tolist(), strict=True):
            self.opp[y, rr], self.games_mask[y, rr] = self.numbers[x], True
            self.colour[y, rr] = {ord("w"): ord("b"), ord("b"): ord("w")}.get(int(self.colour[x, rr]), ord("-"))
            self.notes.append(
                _(
                    "line {line} (player {player}) has nothing for round {round}: its game against "
                    "{opponent} is read from line {opponent_line}"
                ).format(
                    line=self.lines[y],
                    player=self.numbers[y],
                    round=rr + 1,
                    opponent=self.numbers[x],
                    opponent_line=self.lines[x],
                )
            )
        if one_sided.any():
            i, r = np.nonzero(self.games_mask)
            j = lookup[self.opp[i, r]]
        back = self.games_mask[j, r] & (self.opp[j, r] == self.numbers[i])
        for a, b, rr in zip(i[~back].tolist(), j[~back].tolist(), r[~back].tolist(), strict=True):
            other = int(self.opp[b, rr])
            if other:
                message = _(
                    "round {round}: player {player} plays {opponent}, but line {line} (player {opponent}) "
                    "shows a game against {other} in that round"
                )
            else:
                message = _(
                    "round {round}: player {player} plays {opponent}, but line {line} (player {opponent}) "
                    "shows no game in that round"
                )
            message = message.format(
                round=rr + 1, player=self.numbers[a], opponent=self.numbers[b], line=self.lines[b], other=other
            )
            problems.append(Problem(message, self.lines[a], 92 + 10 * rr))
        keep = back & (i < j)
        i, j, r = i[keep], j[keep], r[keep]
        a, b = self.result[i, r], self.result[j, r]
        a = np.where(a == 32, _MIRROR_CODE[b], a)
        b = np.where(b == 32, _MIRROR_CODE[a], b)
        pending = (a == 32) & (b == 32)
        played = _IS_PLAYED[a] & _IS_PLAYED[b]
        forfeit = _IS_FORFEIT[a] & _IS_FORFEIT[b]
        wrong = ~(pending | played | forfeit)
        uneven = played & (_HALVES_CODE[a] + _HALVES_CODE[b] != 2)  # = against 0, 1 against 1: an arbiter's ruling
        for x, y, rr, ca, cb in zip(i[uneven], j[uneven], r[uneven], a[uneven], b[uneven], strict=True):
            self.notes.append(
                # TRANSLATORS: {result} and {other_result} are TRF result codes ('=', '0', '1').
                _(
                    "line {line}, round {round}: player {player} has {result} against {opponent}, who has "
                    "{other_result} (line {other_line}): the results do not add up to one game's points; each "
                    "side counts what its line says"
                ).format(
                    line=self.lines[x],
                    round=rr + 1,
                    player=self.numbers[x],
                    result=repr(chr(ca)),
                    opponent=self.numbers[y],
                    other_result=repr(chr(cb)),
                    other_line=self.lines[y],
                )
            )
        for x, y, rr, ca, cb in zip(i[wrong], j[wrong], r[wrong], a[wrong], b[wrong], strict=True):
            if _OUTCOME_CODE[ca] < 0 or _OUTCOME_CODE[cb] < 0:
                message = _(
                    "round {round}: player {player} has {result} against {opponent}, who has "
                    "{other_result} (line {line}): is not a result code"
                )
            else:
                message = _(
                    "round {round}: player {player} has {result} against {opponent}, who has "
                    "{other_result} (line {line}): a result played over the board against a forfeit"
                )
            message = message.format(
                round=rr + 1,
                player=self.numbers[x],
                result=repr(chr(ca)),
                opponent=self.numbers[y],
                other_result=repr(chr(cb)),
                line=self.lines[y],
            )
            problems.append(Problem(message, self.lines[x], 92 + 10 * int(rr) + 7))
        ci, cj = self.colour[i, r], self.colour[j, r]
        clash = played & (((ci == ord("w")) & (cj == ord("w"))) | ((ci == ord("b")) & (cj == ord("b"))))
        for x, y, rr in zip(i[clash], j[clash], r[clash], strict=True):
            message = _(
                "round {round}: players {player} and {opponent} (line {line}) both have the same colour"
            ).format(round=rr + 1, player=self.numbers[x], opponent=self.numbers[y], line=self.lines[y])
            problems.append(Problem(message, self.lines[x], 92 + 10 * int(rr) + 5))
        ok = ~wrong
        i, j, r, a, b, pending, forfeit = i[ok], j[ok], r[ok], a[ok], b[ok], pending[ok], forfeit[ok]
        j_white = (self.colour[i, r] == ord("b")) | (self.colour[j, r] == ord("w"))
        white, black = np.where(j_white, j, i), np.where(j_white, i, j)
        wa, ba = np.where(j_white, b, a), np.where(j_white, a, b)
        status = np.where(pending, PENDING, np.where(forfeit, FORFEIT, PLAYED))
        w_half, b_half = np.where(pending, 0, _HALVES_CODE[wa]), np.where(pending, 0, _HALVES_CODE[ba])
        diff = np.sign(w_half - b_half)
        derived_w = np.where((status == FORFEIT) & (diff == 0), LOSS, diff + 1)
        derived_b = np.where((status == FORFEIT) & (diff == 0), LOSS, 1 - diff)
        want_w, want_b = (
            np.where(pending, derived_w, _OUTCOME_CODE[wa]),
            np.where(pending, derived_b, _OUTCOME_CODE[ba]),
        )
        self.override = np.stack(
            [np.where(want_w != derived_w, want_w, -1), np.where(want_b != derived_b, want_b, -1)], 1
        )
        self.columns = [white, black, w_half, b_half, r + 1, status]

    def byes(self, worth: dict[str, Fraction], results: dict[str, int | None], problems: list[Problem]) -> list[Bye]:
        """The rounds without an opponent that the lines fill (a played result needs one)."""
        out: list[Bye] = []
        for i, r in zip(*np.nonzero(self.bye_mask), strict=True):
            code = chr(self.result[i, r])
            column = 92 + 10 * int(r) + 7
            if code in _OUTCOME and code not in _BYE_KIND:
                problems.append(
                    Problem(_("result {code} needs an opponent").format(code=repr(code)), self.lines[i], column)
                )
            elif code not in _BYE_KIND:
                problems.append(
                    Problem(_("{code} is not a TRF result code").format(code=repr(code)), self.lines[i], column)
                )
            else:
                kind = _BYE_KIND[code]
                out.append(Bye(int(i), int(r) + 1, kind, worth[kind], result=results[kind]))
        return out


def _scoring(values: dict[str, Fraction], given: Scoring | None) -> Scoring:
    """The scoring a ``162`` record gives (W, D, L), unless one was given."""
    if given is not None:
        return given
    chess = PRESET_SCORING["chess"]
    if not {"W", "D", "L"} & values.keys():
        return chess
    w, d, lo = (values.get(s, v) for s, v in zip("WDL", (chess.win, chess.draw, chess.loss), strict=True))
    if not w >= d >= lo:
        # TRANSLATORS: 162 is the TRF record of the scoring; W, D and L its symbols of a win, a draw and a loss
        message = _("the 162 record gives W {win}, D {draw}, L {loss}: a win must be worth at least a draw")
        raise CrosstableError(
            message.format(win=decimal_text(str(w)), draw=decimal_text(str(d)), loss=decimal_text(str(lo)))
        )
    if (w, d, lo) == (chess.win, chess.draw, chess.loss):
        return chess
    return Scoring(w, d, lo, f"{fmt_decimal(w)}:{fmt_decimal(d)}:{fmt_decimal(lo)}")


def _bye_values(sc: Scoring, values: dict[str, Fraction]) -> tuple[dict[str, Fraction], dict[str, int | None]]:
    """What each kind of bye is worth (``162`` P for the pairing-allocated bye, A for a
    zero-point bye) and the result it counts as when its points are not its kind's."""
    worth = {"pab": values.get("P", sc.win), "full": sc.win, "half": sc.draw, "zero": values.get("A", sc.loss)}
    worth["absent"] = Fraction(0)
    results: dict[str, int | None] = {kind: None for kind in worth}
    if worth["pab"] != sc.win:
        results["pab"] = DRAW if worth["pab"] == sc.draw else LOSS if worth["pab"] == sc.loss else None
    return worth, results


def _names(h: _Header, numbers: list[int]) -> list[str]:
    """The players' names, a start number added to a name that appears twice."""
    names = [h.players[num].name for num in numbers]
    seen = {name for name, count in Counter(names).items() if count > 1}
    return [f"{name} ({num})" if name in seen else name for name, num in zip(names, numbers, strict=True)]


def read_trf(text: str, source: str | None = None, scoring: Scoring | None = None) -> Tournament:
    """Read a TRF-16 / TRF-2026 file into a :class:`Tournament` (see the module docstring)."""
    problems: list[Problem] = []
    h = _header(text, problems)
    if not h.players:
        problems.append(Problem(_("no player lines (001) in the file"), 1, 1))
    if problems:
        raise InputError(source, problems)
    numbers = sorted(h.players)
    try:
        sc = _scoring(h.values, scoring)
    except CrosstableError as e:
        raise InputError(source, [Problem(str(e), None, None)]) from None
    worth, results = _bye_values(sc, h.values)
    grid = _Grid(h, numbers, problems)
    if problems:
        raise InputError(source, problems)
    index = {num: k for k, num in enumerate(numbers)}
    white, black, wh, bh, rnd, status = (np.asarray(c, dtype=np.int64) for c in grid.columns)
    override = np.asarray(grid.override, dtype=np.int64).reshape(-1, 2)
    byes = {(b.participant, b.round): b for b in grid.byes(worth, results, problems)}
    teams = h.teams.get("310") or h.teams.get("013")
    if not teams:
        _apply_240(h, index, grid, byes, worth, results, problems)
    adjustments = _apply_299(
        h, index, white, black, rnd, wh, bh, status, override, byes, worth, results, teams, problems
    )
    if problems:
        raise InputError(source, problems)
    rounds = max([grid.rounds, *(r for _, r in byes)])
    t = Tournament.from_columns(
        _names(h, numbers), [white, black, wh, bh, rnd, status], scoring=sc, source=source, outcome_override=override
    )
    t.byes = [byes[key] for key in sorted(byes, key=lambda key: (key[1], key[0]))]
    t.adjustments = adjustments
    t.rounds_total = rounds
    t.start_date = h.start
    t.fide_rules, t.rules_reason = rules_of_date(h.start)
    t.criteria = h.criteria
    t.info = dict(h.info)
    t.ratings = [h.players[num].rating for num in numbers]
    t.numbers = list(numbers)
    t.titles = [_title(h.players[num].text[10:13]) for num in numbers]
    t.federations = [h.players[num].text[53:56].strip() for num in numbers]
    t.sexes = [_SEXES.get(h.players[num].text[9:10].lower(), "") for num in numbers]
    t.birth_years = [_birth_year(h.players[num].text[69:79]) for num in numbers]
    t.warnings.extend(_record_warnings(h))
    t.warnings.extend(grid.notes)
    if teams:
        return _team_event(t, h, teams, numbers, index, problems, source)
    t.system, t.system_reason = _system(h.system, t.white, t.black, len(numbers))
    for k, num in enumerate(numbers):
        value = _points_field(h.players[num].points)
        if value is not None:
            t.declared.setdefault("points", {})[k] = Declared(value, h.players[num].line, 81)
        rank = _printed_rank(h.players[num].text[85:89])
        if rank is not None:
            t.declared.setdefault("place", {})[k] = Declared(rank, h.players[num].line, 86)
    return t


def _printed_rank(text: str) -> Fraction | None:
    """A printed rank (``001`` columns 86-89, ``310`` columns 69-71): ``None`` when blank,
    ``0`` (not printed) or not a whole number (dashes)."""
    text = text.strip()
    return Fraction(int(text)) if is_whole(text) and int(text) > 0 else None


def _printed_points(text: str) -> Fraction | None:
    """A printed total (``310`` match or game points): ``None`` when blank or not a number."""
    text = text.strip()
    if not text:
        return None
    try:
        return _points_field(text)
    except CrosstableError:
        return None


def _team_declared(team_t: Tournament, h: _Header, teams: list[tuple[int, str, list[int], int]]) -> None:
    """The totals each ``310`` line prints, as the team event's declared values: match
    points (columns 55-60) as ``MP``, game points (62-67) as ``GP``, the rank (69-71) as
    ``place`` (the ruler ``CCC SSS NNNN… FFFFF EEEEEE MMMMMM GGGGGG RRR`` of FIDE's
    TRF-2026 sample). ``standings`` does not compare them (another program's list may
    rank otherwise); ``check`` does (:func:`crosstable.ranking.disagreements`)."""
    for k, (_num, _name, _members, lineno) in enumerate(teams):
        line = h.team_records.get(lineno)
        if line is None:
            continue
        for key, value, column in (
            ("MP", _printed_points(line[54:60]), 55),
            ("GP", _printed_points(line[61:67]), 62),
            ("place", _printed_rank(line[68:71]), 69),
        ):
            if value is not None:
                team_t.declared.setdefault(key, {})[k] = Declared(value, lineno, column)


_TITLES = {"g": "GM", "m": "IM", "wg": "WGM", "f": "FM", "wm": "WIM", "c": "CM", "wf": "WFM", "wc": "WCM"}
"""TRF's one- and two-letter titles (columns 11-13), as FIDE's title abbreviations."""


_SEXES = {"m": "M", "w": "F", "f": "F"}
"""TRF's sex (column 10): ``m``, and ``w`` (or ``f``, as some programs write it)."""


def _birth_year(text: str) -> int | None:
    """The year of a birth date of columns 70-79 (``1978/05/01``, ``1978.05.01``,
    ``1978``, ``01.05.1978``); ``None`` when blank, zero (``0000/00/00``) or not a year.

    >>> _birth_year("1978/05/01"), _birth_year("01.05.1978"), _birth_year("0000/00/00"), _birth_year("")
    (1978, 1978, None, None)
    """
    t = text.strip()
    found = re.fullmatch(r"(\d{4})(?:[/.-]\d{2}[/.-]\d{2})?|\d{2}[/.-]\d{2}[/.-](\d{4})", t)
    if found is None:
        return None
    return whole_at(found.group(1) or found.group(2), YEAR, [], None, None)  # 0000: not given


def _title(text: str) -> str:
    """The title of columns 11-13: ``g`` is GM, ``wf`` WFM; written out ones kept."""
    t = text.strip()
    return _TITLES.get(t.lower(), t.upper()) if t else ""


def _system(text: str | None, white: IntArray, black: IntArray, n: int) -> tuple[str, str]:
    """Swiss or round robin, and why: the ``092`` record, else whether every pair met once (or every pair twice)."""
    if text:
        low = text.lower()
        if "swiss" in low:
            return "swiss", f'092 "{text}"'
        if "robin" in low or "berger" in low or re.search(r"\brr\b", low) or "round" in low:
            return "round-robin", f'092 "{text}"'
    system, why = infer_system(white, black, n)
    # TRANSLATORS: 092 is the TRF record of the type of tournament; {reason} says how the type was inferred
    return system, _("no 092 record: {reason}").format(reason=why)


def _record_warnings(h: _Header) -> list[str]:
    out = []
    if h.unused:
        kinds = ", ".join(f"{code} ({_(UNUSED.get(code, _PAIRING_DATA))})" for code in sorted(h.unused))
        out.append(_("records read but not used (they do not change the standings): {records}").format(records=kinds))
    for code, lines in sorted(h.unknown.items()):
        if len(lines) > 1:
            more = len(lines) - 1
            message = ngettext(
                "line {line} and {n} more lines: record {code} is not a TRF record this reader knows; not used",
                "line {line} and {n} more lines: record {code} is not a TRF record this reader knows; not used",
                more,
            ).format(line=lines[0], n=integer_text(more), code=repr(code))
        else:
            message = _("line {line}: record {code} is not a TRF record this reader knows; not used").format(
                line=lines[0], code=repr(code)
            )
        out.append(message)
    if "013" in h.teams and "310" in h.teams:
        out.append(_("the teams are given by both 013 and 310 records: the 310 records are used"))
    if h.misplaced299:
        listed = ", ".join(integer_text(n) for n in h.misplaced299)
        out.append(
            # TRANSLATORS: 299 is a TRF record (abnormal points); the columns are TRF-2026's.
            _(
                "lines {lines}: 299 records not in TRF-2026's columns (type 5, match points 8-11, game "
                "points 14-17, round 20-22, numbers from 24); not applied"
            ).format(lines=listed)
        )
    return out


def _points_field(text: str) -> Fraction | None:
    """A TRF points field (``5.5``, ``10``), quickly; anything else through parse_number."""
    whole, dot, tenths = text.partition(".")
    if is_whole(whole) and (not dot or is_whole(tenths)) and len(text) <= 8 and " " not in text:
        return Fraction(int(whole + tenths), 10 ** len(tenths))
    return parse_number(text) if text else None


def _apply_240(
    h: _Header,
    index: dict[int, int],
    grid: _Grid,
    byes: dict[tuple[int, int], Bye],
    worth: dict[str, Fraction],
    results: dict[str, int | None],
    problems: list[Problem],
) -> None:
    """``240`` byes of an individual event: added where the player has no entry."""
    games = {(int(p), int(r)) for w, b, r in zip(*(grid.columns[k] for k in (0, 1, 4)), strict=True) for p in (w, b)}
    for kind, rnd, who, lineno in h.byes240:
        for num, column in who:
            if num not in index:
                message = _("player {number} is not a player of the file").format(number=num)
                problems.append(Problem(message, lineno, column))
                continue
            i = index[num]
            if (i, rnd) in games:
                line = h.players[num].line
                message = _("player {number} has a game in round {round} (line {line})").format(
                    number=num, round=rnd, line=line
                )
                problems.append(Problem(message, lineno, column))
            elif (i, rnd) in byes and byes[i, rnd].kind != kind:
                message = _(_SHOWS_BYE[byes[i, rnd].kind]).format(number=num, round=rnd)
                problems.append(Problem(message, lineno, column))
            else:
                byes[i, rnd] = Bye(i, rnd, kind, worth[kind], result=results[kind])


def _apply_299(
    h: _Header,
    index: dict[int, int],
    white: IntArray,
    black: IntArray,
    rnd: IntArray,
    wh: IntArray,
    bh: IntArray,
    status: IntArray,
    override: IntArray,
    byes: dict[tuple[int, int], Bye],
    worth: dict[str, Fraction],
    results: dict[str, int | None],
    teams: list[tuple[int, str, list[int], int]] | None,
    problems: list[Problem],
) -> list[Adjustment]:
    """``299`` records of an individual event (those of a team event name teams and are
    applied to its matches): a result letter for a round replaces the players'
    results; no letter adds points; a letter alone sets nothing here (a warning)."""
    adjustments: list[Adjustment] = []
    if teams or not h.abnormal:
        return adjustments
    where = {(int(p), int(r)): (g, side) for side, col in enumerate((white, black)) for g, (p, r) in
             enumerate(zip(col, rnd, strict=True))}  # fmt: skip
    for letter, mp, gp, rr, who, lineno in h.abnormal:
        if letter != " " and not who:
            h.unused.setdefault("299", lineno)
            continue
        for num, column in who:
            if num not in index:
                message = _("player {number} is not a player of the file").format(number=num)
                problems.append(Problem(message, lineno, column))
                continue
            i = index[num]
            if letter == " ":
                amount = gp if gp is not None else mp
                if amount:
                    adjustments.append(Adjustment(i, amount, rr if rr != 999 else 0, final=rr == 999))
            elif (i, rr) in where:
                g, side = where[i, rr]
                other = 1 - side
                if override[g, other] < 0:  # the other side keeps its result
                    diff = int(np.sign((wh[g] - bh[g]) * (1 if other == 0 else -1)))
                    override[g, other] = LOSS if status[g] == FORFEIT and diff == 0 else diff + 1
                outcome = _LETTER_OUTCOME[letter]
                override[g, side] = outcome
                (wh if side == 0 else bh)[g] = outcome  # a result's halves: LOSS 0, DRAW 1, WIN 2
            elif (i, rr) in byes:
                kind = _LETTER_KIND[letter]
                byes[i, rr] = Bye(i, rr, kind, worth[kind], result=results[kind])
            else:
                message = _("player {number} has no game and no bye in round {round} to change").format(
                    number=num, round=rr
                )
                problems.append(Problem(message, lineno, column))
    return adjustments


def _team_event(
    t: Tournament,
    h: _Header,
    teams: list[tuple[int, str, list[int], int]],
    numbers: list[int],
    index: dict[int, int],
    problems: list[Problem],
    source: str | None,
) -> Tournament:
    """The team event of a TRF file with team records: every round, the games between
    two teams' players make one match (see the module docstring)."""
    teams = sorted(teams)
    team_index = {num: k for k, (num, *_rest) in enumerate(teams)}
    if len(team_index) != len(teams):
        dup = next(num for k, (num, *_rest) in enumerate(teams) if num in [x[0] for x in teams[:k]])
        problems.append(Problem(_("team number {number} appears twice").format(number=dup), teams[0][3], 5))
    team_of: dict[int, int] = {}
    board_of: dict[int, int] = {}
    for k, (_num, name, members, lineno) in enumerate(teams):
        for b, m in enumerate(members):
            if m not in index:
                message = _("team {team}: player {number} is not in the file").format(team=name, number=m)
                problems.append(Problem(message, lineno, 1))
            elif index[m] in team_of:
                message = _("team {team}: player {number} is already in another team").format(team=name, number=m)
                problems.append(Problem(message, lineno, 1))
            else:
                team_of[index[m]] = k
                board_of[index[m]] = b
    unassigned = [numbers[i] for i in range(len(numbers)) if i not in team_of]
    if unassigned:
        shown = ", ".join(map(str, unassigned[:10])) + (" …" if len(unassigned) > 10 else "")
        message = _("players without a team: {numbers}").format(numbers=shown)
        problems.append(Problem(message, h.players[unassigned[0]].line, 5))
    if problems:
        raise InputError(source, problems)
    assert t.rounds is not None and t.status is not None
    sc = t.scoring
    den = sc.denominator
    units = sc.units()
    match_sc = _match_scoring(h.match_values)
    # the board games, grouped into matches
    matches: dict[tuple[int, int, int], list[int]] = {}
    for g in range(len(t.white)):
        w, b = int(t.white[g]), int(t.black[g])
        tw, tb = team_of[w], team_of[b]
        if tw == tb:
            message = _("round {round}: {player} and {opponent} play for the same team").format(
                round=int(t.rounds[g]), player=t.names[w], opponent=t.names[b]
            )
            problems.append(Problem(message))
            continue
        key = (int(t.rounds[g]), min(tw, tb), max(tw, tb))
        matches.setdefault(key, []).append(g)
    if problems:
        raise InputError(source, problems)
    in_match = {(rnd, side) for rnd, a, b in matches for side in (a, b)}
    met: set[tuple[int, int]] = set()
    merged: dict[tuple[int, int], list[Bye]] = {}  # a player's bye in a round its team has a match: one of its boards
    for bye in t.byes:
        where = (bye.round, team_of[bye.participant])
        if where in in_match and bye.kind in ("full", "half", "zero"):
            merged.setdefault(where, []).append(bye)
    lineups = {(rnd, team_index[num]): order for rnd, num, _other, order in h.lineups if num in team_index}
    credit = {"full": int(units[WIN]), "half": int(units[DRAW]), "zero": 0}
    ordered: list[tuple[int, int, int, dict[int, list[_Board | None]]]] = []  # round, home, status, boards
    # The boards of the event: its 352 record's, else the most games with an opponent a team had in a match, as the
    # FIDE reference counts them (a reserve not fielded, written 0000 - -, is no board: FIDE's team sample writes them
    # so); else, with no such game, the most entries of a team in a match.
    most_games = max((len(games) for games in matches.values()), default=0)
    size = len(h.info.get("352", "").strip()) or most_games
    for (rnd, a, b), games in sorted(matches.items()):
        entries: dict[int, list[_Board]] = {a: [], b: []}
        first_board, home = len(numbers), a
        status = PENDING
        for g in games:
            st = int(t.status[g])
            status = PLAYED if PLAYED in (st, status) else FORFEIT if st == FORFEIT else status
            for side, p in ((0, int(t.white[g])), (1, int(t.black[g]))):
                outcome = int(t.white_outcome[g] if side == 0 else t.black_outcome[g])
                entries[team_of[p]].append(_Board(p, int(units[outcome]) if st != PENDING else 0, st == PLAYED))
                if side == 0 and board_of[p] < first_board:
                    first_board, home = board_of[p], team_of[p]
        for team in (a, b):
            entries[team] += [
                _Board(x.participant, credit[x.kind], False, x.kind == "zero") for x in merged.get((rnd, team), [])
            ]
        lined = {team: _board_order(entries[team], lineups.get((rnd, team)), board_of, index, size) for team in (a, b)}
        ordered.append((rnd, home, status, lined))
    size = size or max((len(x) for *_, bs in ordered for x in bs.values()), default=1)
    width = max([size, *(len(x) for *_, bs in ordered for x in bs.values())])
    columns: list[list[int]] = [[], [], [], [], [], []]
    overrides: list[tuple[int, int]] = []
    board_points = np.zeros((len(ordered), 2, width), dtype=np.int64)
    board_played = np.zeros((len(ordered), width), dtype=bool)
    board_present = np.zeros((len(ordered), width), dtype=bool)
    for m, (rnd, home, status, lined) in enumerate(ordered):
        away = next(team for team in lined if team != home)
        for side, team in enumerate((home, away)):
            for k, entry in enumerate(lined[team]):
                if entry is not None:
                    board_points[m, side, k] = entry.points
                    board_present[m, k] = True
                    board_played[m, k] |= entry.played
        x, y = (int(board_points[m, side].sum()) for side in (0, 1))
        if status == FORFEIT and x > 0 and y > 0:
            status = PLAYED  # every board forfeited, some each way: a match played, as the FIDE reference has it
        for column_list, item in zip(columns, (home, away, x, y, rnd, status), strict=True):
            column_list.append(item)
        overrides.append((LOSS, LOSS) if x == y == 0 and status != PENDING else (-1, -1))
        met |= {(rnd, home), (rnd, away)}
    names = [name for _, name, _, _ in teams]
    nil_matches = np.array(overrides, dtype=np.int64).reshape(-1, 2)
    team_t = Tournament.from_columns(
        names, columns, score_denominator=den, scoring=match_sc, kind="game_points", source=source,
        outcome_override=nil_matches,
    )  # fmt: skip
    team_t.boards = Boards(board_points[:, 0], board_points[:, 1], board_played, board_present, size, int(units[WIN]))
    win_gp = sc.win * size
    gp_worth = {"pab": win_gp, "full": win_gp, "half": sc.draw * size, "zero": Fraction(0)}
    for letter, _mp, gp, _rr, who, _line in h.abnormal:  # a letter alone: what that kind of bye is worth
        if letter != " " and not who and gp is not None and letter in _LETTER_KIND:
            gp_worth[_LETTER_KIND[letter]] = gp
    _team_forfeits(team_t, h, team_index, met, gp_worth, problems)
    team_byes = _team_byes(t, h, team_t, team_of, team_index, met, gp_worth, match_sc, problems)
    adjustments = _team_abnormal(team_t, h, team_index, team_byes, gp_worth, match_sc, problems)
    if problems:
        raise InputError(source, problems)
    team_t.byes = [team_byes[key] for key in sorted(team_byes, key=lambda key: (key[1], key[0]))]
    team_t.adjustments = adjustments
    team_t.system, team_t.system_reason = _system(h.system, team_t.white, team_t.black, len(names))
    team_t.fide_rules, team_t.rules_reason, team_t.start_date = t.fide_rules, t.rules_reason, t.start_date
    team_t.rounds_total, team_t.criteria, team_t.info = t.rounds_total, t.criteria, t.info
    team_t.warnings = list(t.warnings)
    _team_declared(team_t, h, teams)
    for lineno, column, num, rnd in h.bye_conflicts:
        team_t.warnings.append(
            _(
                "line {line}, column {column}: team {number} has the pairing-allocated bye of round {round} "
                "(320); this bye is not applied"
            ).format(line=lineno, column=column, number=num, round=rnd)
        )
    team_t.squad = Squad(
        t,
        [[index[m] for m in members if m in index] for _, _, members, _ in teams],
        {
            (rnd, team_index[num]): (team_index.get(other, -1), [index.get(p, -1) for p in order])
            for rnd, num, other, order in h.lineups
            if num in team_index
        },
    )
    return team_t


@dataclass(frozen=True)
class _Board:
    """A player's board in a team match: what it scored there, whether over the board,
    whether it is a zero-point bye (a board lost without an opponent)."""

    player: int
    points: int
    played: bool
    zero_bye: bool = False


def _board_order(
    entries: list[_Board], lineup: list[int] | None, board_of: dict[int, int], index: dict[int, int], size: int
) -> list[_Board | None]:
    """A team's boards of one match in order: as the ``300`` record of that match lines
    them up, else by the players' order in the team. A team with more entries than the
    event has boards (``size``; 0: not known) fielded fewer players than it lists: its
    players without an opponent and without a point (``0000 - -``) last in its order
    are the ones not fielded, and they are no board (kept after the boards, columns of
    no points). The FIDE reference puts every ``0000 - -`` after the games and pairs the
    boards in the lower-numbered team's order: a board decided without an opponent can
    land on another board there (README, conformance)."""
    ordered = sorted(entries, key=lambda e: board_of[e.player])
    excess = len(ordered) - size if size else 0
    if excess > 0 and not lineup:
        idle = [e for e in reversed(ordered) if e.zero_bye][:excess]
        ordered = [e for e in ordered if e not in idle] + idle[::-1]
    if not lineup:
        return list(ordered)
    by_player = {e.player: e for e in ordered}
    out: list[_Board | None] = [by_player.pop(index[num], None) if num in index else None for num in lineup]
    rest = [e for e in ordered if e.player in by_player]
    return [x if x is not None else (rest.pop(0) if rest else None) for x in out] + rest


def _match_scoring(values: dict[str, Fraction]) -> Scoring:
    """The match points of a team event: ``362`` (TW TD TL), else 2-1-0."""
    team = PRESET_SCORING["team"]
    if not {"W", "D", "L"} & values.keys():
        return team
    w, d, lo = (values.get(s, v) for s, v in zip("WDL", (team.win, team.draw, team.loss), strict=True))
    if (w, d, lo) == (team.win, team.draw, team.loss):
        return team
    return Scoring(w, d, lo, f"{fmt_decimal(w)}:{fmt_decimal(d)}:{fmt_decimal(lo)}")


def _team_forfeits(
    team_t: Tournament,
    h: _Header,
    team_index: dict[int, int],
    met: set[tuple[int, int]],
    gp_worth: dict[str, Fraction],
    problems: list[Problem],
) -> None:
    """``330`` forfeited matches not already made of board games: added as matches
    decided by forfeit, the winner credited with every board."""
    rows: list[tuple[int, int, int, int, int, int]] = []
    over: list[tuple[int, int]] = []
    den = team_t.score_denominator
    for kind, rnd, a, b, lineno in h.forfeits330:
        if a not in team_index or b not in team_index:
            message = _("team {number} is not a team of the file").format(number=a if a not in team_index else b)
            problems.append(Problem(message, lineno, 12))
            continue
        ta, tb = team_index[a], team_index[b]
        if (rnd, ta) in met or (rnd, tb) in met:
            continue  # the match is made of its boards' forfeits
        wa, wb = _FORFEIT_TYPES[kind]
        win = int(gp_worth["full"] * den)
        rows.append((ta, tb, win if wa == WIN else 0, win if wb == WIN else 0, rnd, FORFEIT))
        over.append((wa, wb))
        met |= {(rnd, ta), (rnd, tb)}
    if rows:
        _append_matches(team_t, rows, over)


def _append_matches(
    team_t: Tournament, rows: list[tuple[int, int, int, int, int, int]], over: list[tuple[int, int]]
) -> None:
    """Matches added after the board games (forfeited matches): the columns grow, the
    board rows get the winners' credit."""
    assert team_t.rounds is not None and team_t.status is not None and team_t.boards is not None
    new = [np.array([r[k] for r in rows], dtype=np.int64) for k in range(6)]
    old = [team_t.white, team_t.black, team_t.white_score, team_t.black_score, team_t.rounds, team_t.status]
    merged = [np.concatenate([o, x]) for o, x in zip(old, new, strict=True)]
    prev = team_t.outcome_override if team_t.outcome_override is not None else np.full((len(old[0]), 2), -1)
    team_t.white, team_t.black, team_t.white_score, team_t.black_score, team_t.rounds, team_t.status = merged
    team_t.outcome_override = np.concatenate([prev, np.array(over, dtype=np.int64).reshape(-1, 2)])
    team_t.refresh()
    size = team_t.boards.white.shape[1]
    empty = np.zeros((len(rows), size), dtype=np.int64)
    team_t.boards = Boards(
        np.concatenate([team_t.boards.white, empty]),
        np.concatenate([team_t.boards.black, empty]),
        np.concatenate([team_t.boards.played, empty.astype(bool)]),
        np.concatenate([team_t.boards.present, empty.astype(bool)]),
        team_t.boards.size,
        team_t.boards.win,
    )


def _team_byes(
    t: Tournament,
    h: _Header,
    team_t: Tournament,
    team_of: dict[int, int],
    team_index: dict[int, int],
    met: set[tuple[int, int]],
    gp_worth: dict[str, Fraction],
    match_sc: Scoring,
    problems: list[Problem],
) -> dict[tuple[int, int], Bye]:
    """The teams' rounds without a match: ``320`` pairing-allocated byes (else the
    reference's default for a team whose players show ``U``: a drawn match with every
    board won), and ``240`` byes naming teams."""
    out: dict[tuple[int, int], Bye] = {}
    pab_mp = h.match_values.get("P", match_sc.draw)
    pab_gp = gp_worth["pab"]
    explicit = False
    for mp, gp, entries, lineno in h.pab320:
        explicit = True
        for rnd, num, column in entries:
            if num not in team_index:
                problems.append(
                    Problem(_("team {number} is not a team of the file").format(number=num), lineno, column)
                )
            elif (rnd, team_index[num]) in met:
                message = _("team {number} has a match in round {round}").format(number=num, round=rnd)
                problems.append(Problem(message, lineno, column))
            else:
                k = team_index[num]
                out[k, rnd] = Bye(k, rnd, "pab", mp, game_points=gp, result=_result(mp, match_sc))
    if not explicit:
        for b in t.byes:
            k = team_of[b.participant]
            if b.kind == "pab" and (b.round, k) not in met:
                out[k, b.round] = Bye(k, b.round, "pab", pab_mp, game_points=pab_gp, result=_result(pab_mp, match_sc))
    kind_mp = {"full": match_sc.win, "half": match_sc.draw, "zero": match_sc.loss}
    for kind, rnd, who, lineno in h.byes240:
        for num, column in who:
            if num not in team_index:
                problems.append(
                    Problem(_("team {number} is not a team of the file").format(number=num), lineno, column)
                )
            elif (rnd, team_index[num]) in met:
                message = _("team {number} has a match in round {round}").format(number=num, round=rnd)
                problems.append(Problem(message, lineno, column))
            elif out.get((team_index[num], rnd)) is not None and out[team_index[num], rnd].kind == "pab":
                # Both a 320 pairing-allocated bye and a 240 bye for one round (the TRF-2026
                # adaptation of FIDE's team sample has one): the pairing-allocated bye is
                # kept, as the FIDE reference keeps it, and the 240 bye is named.
                h.bye_conflicts.append((lineno, column, num, rnd))
            else:
                k = team_index[num]
                out[k, rnd] = Bye(k, rnd, kind, kind_mp[kind], game_points=gp_worth[kind])
    return out


def _result(mp: Fraction, sc: Scoring) -> int | None:
    """The outcome a team bye worth ``mp`` match points counts as."""
    return WIN if mp == sc.win else DRAW if mp == sc.draw else LOSS if mp == sc.loss else None


def _team_abnormal(
    team_t: Tournament,
    h: _Header,
    team_index: dict[int, int],
    byes: dict[tuple[int, int], Bye],
    gp_worth: dict[str, Fraction],
    match_sc: Scoring,
    problems: list[Problem],
) -> list[Adjustment]:
    """``299`` records of a team event: a letter for a round replaces a team's match
    result (and, for a match of boards, its game points with the game points given);
    no letter adds match and game points; a letter alone sets the game points of that
    kind of bye."""
    assert team_t.rounds is not None
    adjustments: list[Adjustment] = []
    where = {(int(p), int(r)): (g, side) for side, col in enumerate((team_t.white, team_t.black))
             for g, (p, r) in enumerate(zip(col, team_t.rounds, strict=True))}  # fmt: skip
    den = team_t.score_denominator
    over = team_t.outcome_override if team_t.outcome_override is not None else np.full((len(team_t.white), 2), -1)
    for letter, mp, gp, rr, who, lineno in h.abnormal:
        if letter != " " and not who:
            continue  # applied before the byes were made
        for num, column in who:
            if num not in team_index:
                problems.append(
                    Problem(_("team {number} is not a team of the file").format(number=num), lineno, column)
                )
                continue
            k = team_index[num]
            if letter == " ":
                adjustments.append(
                    Adjustment(k, mp or Fraction(0), rr if rr != 999 else 0, rr == 999, gp or Fraction(0))
                )
            elif (k, rr) in where:
                g, side = where[k, rr]
                other = 1 - side
                if over[g, other] < 0:  # the other team keeps its result
                    over[g, other] = int((team_t.white_outcome, team_t.black_outcome)[other][g])
                over[g, side] = _LETTER_OUTCOME[letter]
                if gp is not None:
                    (team_t.white_score if side == 0 else team_t.black_score)[g] = int(gp * den)
            elif (k, rr) in byes:
                kind = _LETTER_KIND[letter]
                mp_value = {"full": match_sc.win, "half": match_sc.draw, "zero": match_sc.loss, "pab": match_sc.draw}
                byes[k, rr] = Bye(k, rr, kind, mp_value[kind], game_points=gp_worth[kind])
            else:
                message = _("team {number} has no match and no bye in round {round} to change").format(
                    number=num, round=rr
                )
                problems.append(Problem(message, lineno, column))
    team_t.outcome_override = over
    team_t.refresh()
    return adjustments


def trf_warnings(t: Tournament) -> list[str]:
    """What writing ``t`` as TRF loses: names longer than the 33 columns of a ``001``
    line (cut), each named."""
    people = t.squad.players.names if t.squad is not None else t.names
    long = [name for name in [*people, *(t.names if t.kind == "game_points" else [])] if len(name) > 33]
    return [
        _("the name {name} is cut to the 33 columns TRF has: {cut}").format(name=repr(name), cut=repr(name[:33]))
        for name in dict.fromkeys(long)
    ]


def write_trf(t: Tournament) -> str:
    """The tournament as TRF: an individual event as TRF-16 lines (with the TRF-2026
    ``162`` scoring record when it is not 1-½-0, and ``299`` records for adjustments),
    a team event as TRF-2026 (the players' ``001`` lines, ``310`` teams, ``300``
    line-ups, ``320`` pairing-allocated byes, ``240`` other byes, ``330`` matches
    forfeited without board games, ``352`` boards, ``362`` match points), so that an
    event entered elsewhere can be exported and read back, here or by the FIDE
    reference, with the same values. A go event (go ranks, McMahon start scores,
    handicaps) is refused: TRF has no place for them (our JSON and the EGD's ``.h9``
    keep them). Games without round numbers (a crosstable) are placed in the rounds of the Berger tables; a game
    not played yet is written with a blank result.
    """
    if t.kind == "game_points":
        return _write_team(t)
    if t.kind != "result":
        raise CrosstableError(_("TRF holds chess games; this tournament has football scores"))
    if t.go_ranks is not None or t.mcmahon_start is not None or t.handicaps:
        raise CrosstableError(
            _(
                "a go event has no TRF form (TRF has no go ranks, McMahon start scores or handicaps): "
                "write it as our JSON"
            )
        )
    lines = _head_lines(t, "Individual", _placed(t)[3])
    lines += _player_lines(t, t.names, list(range(len(t.names))))
    lines += _adjustment_lines(t.adjustments, lambda i: i + 1)
    return "\n".join(lines) + "\n"


def _head_lines(t: Tournament, what: str, rounds: int) -> list[str]:
    info = dict(t.info)
    # The event's name; else the file's name without its folders (a path of the machine that wrote it is nobody's
    # business in a published file).
    source = Path(t.source).stem if t.source and not t.source.startswith("<") else None
    name = info.pop("012", None) or source or "crosstable export"
    out = [f"012 {_clean(name)}"]
    for code in ("022", "032"):
        if code in info:
            out.append(f"{code} {_clean(info.pop(code))}")
    if t.start_date:
        out.append(f"042 {_clean(t.start_date)}")
    for code in sorted(c for c in info if (c in KEPT or c == "352") and c not in ("062", "072", "082")):
        out += [f"{code} {_clean(part)}" for part in info[code].split("\n")]
    for code in (c for c in PAIRING_RECORDS if c in info):  # their columns as written
        out += [f"{code} {_clean(part).rstrip()}" for part in info[code].split("\n")]
    system = "Swiss-System" if t.system == "swiss" else "Round-Robin"
    out.append(f"092 {what}: {system}")
    if t.scoring.name != "chess" and t.kind == "result":
        out.append(_score_record("162", t.scoring, _pab_points(t)))
    out.append(f"XXR {rounds}")
    for code in sorted(c for c in info if c.startswith("XX") and _kept_verbatim(c)):  # as written
        out += [f"{code} {_clean(part).rstrip()}" for part in info[code].split("\n")]
    return out


def _clean(text: str) -> str:
    """One line of text: no line breaks or control characters (a name that held one
    would otherwise start a record of its own)."""
    return "".join(ch if ch.isprintable() else " " for ch in text)


def _pab_points(t: Tournament) -> Fraction | None:
    values = {b.points for b in t.byes if b.kind == "pab"}
    return values.pop() if len(values) == 1 else None


def _score_record(code: str, sc: Scoring, pab: Fraction | None, team: bool = False) -> str:
    """A ``162`` (or, with ``team``, ``362``) record: symbol in column 6 (``TW`` from 5),
    its points in the four columns after it, nine columns each."""
    parts = [("W", sc.win), ("D", sc.draw), ("L", sc.loss)] + ([("P", pab)] if pab is not None else [])
    cells = "".join((f"T{symbol}" if team else f" {symbol}") + f"{_num(value):>4}   " for symbol, value in parts)
    return f"{code} {cells}".rstrip()


def _num(value: Fraction) -> str:
    text = fmt_decimal(value)
    return text if "." in text or "/" in text else text + ".0"


def _placed(t: Tournament) -> tuple[IntArray, IntArray, IntArray, int]:
    """Each game's round, white and black (the Berger tables' for games without round
    numbers) and the number of rounds."""
    assert t.rounds is not None
    rounds, white, black = t.rounds, t.white, t.black
    if len(rounds) and not rounds.any():
        rounds, flip = _berger_rounds(t)
        white, black = np.where(flip, t.black, t.white), np.where(flip, t.white, t.black)
    played = int(rounds.max()) if len(rounds) else 0
    return rounds, white, black, max([t.rounds_total or 0, played, *(b.round for b in t.byes)])


def _player_lines(
    t: Tournament, names: Sequence[str], order: Sequence[int], numbers: Sequence[int] | None = None
) -> list[str]:
    """``001`` lines of the individual tournament ``t``, participants in ``order``,
    numbered ``numbers`` (by default 1, 2, …)."""
    assert t.status is not None
    numbers = list(numbers) if numbers is not None else [k + 1 for k in range(len(order))]
    number_of = {p: numbers[k] for k, p in enumerate(order)}
    rounds, white, black, total = _placed(t)
    slots = np.concatenate([white * (total + 1) + rounds, black * (total + 1) + rounds])
    if len(slots) and int(np.bincount(slots).max()) > 1:  # a match's games in one round
        k = int(np.argmax(np.bincount(slots)))
        message = _(
            "{name} has two games in round {round}: TRF holds one game a "
            "player a round (number the games' rounds apart, or export as JSON)"
        )
        raise CrosstableError(message.format(name=t.names[k // (total + 1)], round=k % (total + 1)))
    blocks = [["          " for _ in range(total)] for _ in range(len(t.names))]
    swapped = white != t.white
    for g in range(len(white)):
        w, b, r, st = int(white[g]), int(black[g]), int(rounds[g]), int(t.status[g])
        ow, ob = int(t.white_outcome[g]), int(t.black_outcome[g])
        if swapped[g]:
            ow, ob = ob, ow
        if st == PENDING:
            codes = (" ", " ")
        elif st == FORFEIT:
            codes = ("+" if ow == WIN else "-", "+" if ob == WIN else "-")
        else:
            codes = ("10="[[WIN, LOSS, DRAW].index(ow)], "10="[[WIN, LOSS, DRAW].index(ob)])
        blocks[w][r - 1] = f"{number_of[b]:>4} w {codes[0]}  "
        blocks[b][r - 1] = f"{number_of[w]:>4} b {codes[1]}  "
    for bye in t.byes:
        if bye.kind != "absent":
            blocks[bye.participant][bye.round - 1] = f"0000 - {_BYE_CODES[bye.kind]}  "
    points = Analysis(t).points.fractions()
    lines = []
    for k, p in enumerate(order):
        rating = t.ratings[p] if t.ratings and t.ratings[p] else 0
        value = points[p]
        pts = fmt_decimal(value) if value is not None and 0 <= value < 100 and value.denominator in (1, 2) else ""
        if pts and "." not in pts:
            pts += ".0"
        head = f"001 {numbers[k]:>4}      {_clean(names[k])[:33]:<33} {rating:>4}{'':28}{pts:>4}{'':7}"
        lines.append((head + "".join(blocks[p])).rstrip())
    return lines


def _adjustment_lines(adjustments: Sequence[Adjustment], number: object) -> list[str]:
    out = []
    for a in adjustments:
        rnd = 999 if a.final else a.round
        mp = _num(a.points) if a.points else ""
        gp = _num(a.game_points) if a.game_points else mp
        who = number(a.participant)  # type: ignore[operator]
        out.append(f"299    {mp:>4}  {gp:>4}  {rnd:>3} {who:>4}")
    return out


def _berger_rounds(t: Tournament) -> tuple[IntArray, NDArray[np.bool_]]:
    """Round numbers (and whether to swap the colours) for the games of a round robin
    given without them, from the Berger tables (the second cycle reversed)."""
    n = len(t.names)
    where = {}
    for rnd in berger(n):
        for p in rnd:
            where[frozenset((p.white - 1, p.black - 1))] = (p.round, p.white - 1)
    m = len(berger(n))
    seen: dict[frozenset[int], int] = {}
    out, flip = [], []
    for w, b in zip(t.white.tolist(), t.black.tolist(), strict=True):
        pair = frozenset((w, b))
        if pair not in where:
            raise CrosstableError(_("the games have no round numbers and are not a round robin"))
        cycle = seen.get(pair, 0)
        number, berger_white = where[pair]
        out.append(number + m * cycle)
        flip.append((berger_white != w) != (cycle % 2 == 1))
        seen[pair] = cycle + 1
    return np.array(out, dtype=np.int64), np.array(flip, dtype=bool)


def _write_team(t: Tournament) -> str:
    """A team event as TRF-2026: its players (kept from the file it was read from) and
    its teams. A team event known only by its match scores (a crosstable of game
    points) is refused: TRF records each board's game, and made-up players and board
    games would decide the board count (BC) and the team tie-breaks as if they had been
    played; our JSON keeps the match scores as they are."""
    if t.squad is None:
        raise CrosstableError(
            _(
                "the boards' games of this team event are not known (only its match scores): TRF records each "
                "board's game; convert it to json, which keeps the match scores"
            )
        )
    squad = t.squad
    players = squad.players
    numbers = list(range(1, len(players.names) + 1))
    lines = _head_lines(t, "Team", max(_placed(t)[3], _placed(players)[3]))
    if players.scoring.name != "chess":
        lines.insert(-1, _score_record("162", players.scoring, None))
    if t.scoring.name != "team":
        lines.insert(-1, _score_record("362", t.scoring, None, team=True))
    lines += _player_lines(players, players.names, list(range(len(players.names))), numbers)
    for k, members in enumerate(squad.members):
        head = f"310 {k + 1:>3} {_clean(t.names[k])[:32]:<32}{'':33}"
        lines.append((head + "".join(f"{m + 1:>4} " for m in members)).rstrip())
    pabs: dict[tuple[Fraction, Fraction], dict[int, int]] = {}
    for b in t.byes:
        if b.kind == "pab":
            pabs.setdefault((b.points, b.game_points), {})[b.round] = b.participant + 1
        elif b.kind in ("full", "half", "zero"):
            lines.append(f"240 {_BYE_CODES[b.kind]} {b.round:>3} {b.participant + 1:>4}")
    for (rnd, team), (other, order) in sorted(squad.lineups.items()):
        cells = "".join(f"{p + 1 if p >= 0 else 0:>4} " for p in order)
        lines.append(f"300 {rnd:>3} {team + 1:>3} {other + 1:>3} {cells}".rstrip())
    for (mp, gp), by_round in pabs.items():
        cells = "".join(f"{by_round.get(r, 0) or '':>3} " for r in range(1, max(by_round) + 1))
        lines.append(f"320 {_num(mp):>4} {_num(gp):>4} {cells}".rstrip())
    assert t.rounds is not None and t.status is not None
    whole = np.zeros(len(t.white), dtype=bool) if t.boards is None else ~t.boards.present.any(axis=1)
    for g in np.nonzero(whole)[0].tolist():  # matches forfeited as a whole, without board games
        ow, ob = int(t.white_outcome[g]), int(t.black_outcome[g])
        kind = {(WIN, LOSS): "+-", (LOSS, WIN): "-+"}.get((ow, ob), "--")
        lines.append(f"330 {kind} {int(t.rounds[g]):>3} {int(t.white[g]) + 1:>3} {int(t.black[g]) + 1:>3}")
    lines += _adjustment_lines(t.adjustments, lambda i: i + 1)
    return "\n".join(lines) + "\n"
