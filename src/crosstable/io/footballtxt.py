"""openfootball's Football.TXT: the text files of the public-domain repositories
``openfootball/euro``, ``openfootball/worldcup``, ``openfootball/england`` …
(``euro.txt``, ``cup.txt``, ``1-premierleague.txt``).

The text is read into the same match records as openfootball's JSON and handed to
:func:`crosstable.io.openfootball.build`: groups, knockout matches set aside, rounds,
warnings and the tournament are those of the JSON reader (see its docstring), and a
competition read from its text ranks as the same competition read from its JSON.

What is read, line by line (``#`` starts a comment, also at the end of a line):

- The title, ``= Euro 2024``: the competition's name; its first year (``2023/24``:
  2023) is the year of the dates until a date gives its own (``Fri Jun/14 2024``); a
  month earlier than the last one by more than half a year starts the next year
  (a season's January).
- Group definitions, ``Group A | Germany  Scotland  Hungary  Switzerland`` (teams
  separated by two spaces or more): a match between two teams of one group, outside a
  knockout round, is a match of that group; one between teams of two groups (or of
  none: ``W49 - W50``) a knockout match. Round definitions, ``Matchday 1 | Fri
  Jun/14 - Tue Jun/18`` (or one date): a match on those days is of that round.
- Headings: ``Group A:``, ``Group A``, ``Matchday 1``, ``Round of 16``,
  ``Quarter-finals``, ``Final`` (also written ``▪ Group A``, ``» Matchday 1``): a group
  heading gives the group of the matches below it, another heading their round.
- Dates, alone on a line (``Fri Jun/14 2024``, ``[Sat Aug/12]``, ``Sat Aug 24``) or
  opening a match line.
- Match lines: ``(1) Fri Jun/14 21:00  Germany  5-1 (3-0)  Scotland  @ München``: an
  optional match number, date and time, the two teams and between them the score, or
  ``-`` / ``vs.`` for a match not played yet; or, in the newer layout, the teams
  separated by ``v`` and the score after them (``20:30  Borussia Dortmund  v  RB
  Leipzig  2-1 (1-1)``, no score: not played yet). What follows ``@`` (the venue) is
  ignored. A score is ``5-1`` or ``2:1``, optionally with the half-time score in
  parentheses, extra time (``a.e.t.``, ``n.V.``) and penalties (``pen.``, ``i.E.``):
  ``3-0 pen. 0-0 a.e.t. (0-0, 0-0)`` is 3-0 on penalties after 0-0 in extra time, 0-0
  after 90 minutes; ``1:1 0:0nV 4:5iE`` is 1:1 after 90 minutes. The full-time
  (90-minute) score is the one ranked, as in the JSON. A note in brackets ending the
  line: ``[awarded]`` (or ``awd.`` after the score) marks a result awarded by a ruling
  (a forfeit, as the JSON's ``"status": "awarded"``), ``[cancelled]`` a match left out
  (with a warning); any other note is ignored.
- Ignored: goal lines (``[Wirtz 10' …]``, over several lines until the ``]``; or, as
  ``openfootball/internationals`` writes them, indented below the match in parentheses:
  ``(Salah 36' Elmohamady 45')``, until the ``)``), line-ups
  and other indented notes (``  Germany: Neuer - …``, ``  Referee: …``, and the indented
  lines continuing them).

Every other line is refused: an :class:`~crosstable.errors.InputError` naming the
line and column (a score that is not two whole numbers of goals, read by
:func:`crosstable.fields.whole` as in every reader; a match line without a second
team; a team's name holding a word no name has: a time, a date or a score typed wrong,
``v``, ``pen.``, a digit other than 0-9; a date the month does not have; a goal list
whose ``]`` (``)``) never comes; a ``|`` line that defines neither a group nor a round's days;
a line that is neither a heading, a date nor a match). No line is skipped unread. A
team spelled two ways, a team in two groups, a team playing itself are the JSON
reader's problems, placed in the text's lines.
"""

from __future__ import annotations

import dataclasses
import datetime
import functools
import re
import unicodedata
from dataclasses import dataclass

from crosstable.errors import Problem, quoted
from crosstable.fields import GOALS, FieldError, digit_hint, foreign_digit, whole
from crosstable.i18n import _
from crosstable.io.openfootball import _KNOCKOUT, _group_in_round, _Match, _Reader, build
from crosstable.model import FORFEIT, PENDING, PLAYED, Scoring, Tournament

_HEAD = 65_536
"""How much of a text :func:`looks_like_footballtxt` looks at."""
_MONTH_NAMES = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")
_MONTHS = {m: k for k, m in enumerate(_MONTH_NAMES, 1)}
_DIGIT = r"[0-9\u00b2\u00b3\u00b9\u2070-\u2079\u2080-\u2089\u2460-\u249b\u24ea-\u24ff\u2776-\u2793\uff10-\uff19]|\d"
"""A digit as a user may type it: ASCII, or another digit class (refused by :func:`whole`, which names it)."""
_NUM = rf"(?:{_DIGIT})+"
_DATE = re.compile(
    rf"(?:(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)\.?\s+)?({'|'.join(_MONTH_NAMES)})[/ ]([0-9]{{1,2}})"
    r"(?:\s+([0-9]{4}))?(?![^\s\]])"
)
"""A date: ``Fri Jun/14``, ``Jun/14 2024``, ``Jun 10`` (the month, the day, the year if given)."""
_DATE_LINE = re.compile(rf"\[?\s*{_DATE.pattern}\s*\]?")
_DATE_LIKE = re.compile(rf"\[\s*(?:(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)|{'|'.join(_MONTH_NAMES)})\b")
_NUMBER = re.compile(r"\(\s*[^()\s]+\s*\)\s*")
_CLOCK = re.compile(r"[^\sA-Za-z]*[0-9][^\sA-Za-z]*(?=\s{2})")
"""Where the time goes, a word without letters but with a digit, two spaces before the
team: a time typed wrong (``20.x0``, ``2⁰.00``); a team's name is no such word."""
_TIME = re.compile(r"[0-9]{1,2}[:.][0-9]{2}(?:\s*h)?(?:\s+UTC\s*[+-]\s*[0-9]{1,2})?\s+")
_SCORE = re.compile(rf"(?<!\S)({_NUM})[-:]({_NUM})(?=$|[\s(]|(?:nV|n\.V|iE|i\.E|pen|a\.e\.t|aet|awd)(?!\w))")
_PENDING = re.compile(r"(?<!\S)(?:-|-:-|vs\.?|v\.?)(?!\S)")
_SPACED_SCORE_LEFT = re.compile(r"(?<!\S)([0-9]{1,2})\s*$")
_SPACED_SCORE_RIGHT = re.compile(r"\s*([0-9]{1,2})(?!\S)")
"""A score typed with spaces around its dash (``France 2 - 1 Romania``): one or two
digits ending the first team and opening the second; refused, not read as a match not
played yet between ``France 2`` and ``1 Romania`` (``Schalke 04 - 1860 München`` is one)."""
_BROKEN = re.compile(rf"(?<![^\s(])(?:{_NUM}[-:]|[-:]{_NUM})(?:{_NUM}|[-:])*(?![^\s),])")
"""A score typed wrong: ``5-``, ``-1``, ``2-1-``."""
_PENALTIES = r"pen\.?|i\.?\s?E\.?"
_EXTRA = r"a\.?\s?e\.?\s?t\.?|n\.?\s?V\.?"
_MARK = re.compile(rf"\s*(?:({_PENALTIES})|({_EXTRA})|(awd\.?))(?!\w)", re.IGNORECASE)
_PARENS = re.compile(r"\s*\(([^()]*)\)")
_VENUE = re.compile(r"\s@")
_NOTE = re.compile(r"\s\[([^\[\]]*)\]\s*$")
"""A note ending a match line: ``[awarded]`` (a result awarded by a ruling), ``[cancelled]`` …"""
_LINEUP = re.compile(r"\s+[^\W\d][^:\d]*:(?:\s|$)")
_HEADING_MARKS = "▪»:=•*-> \t"
_HEADING = re.compile(
    r"\b(?:groups?|gruppe|grupo|groupe|pool|match\s?days?|spieltag|jornada|giornata|journ[ée]e|rounds?|runde|"
    r"finals?|finale|semi|semi-?finals?|quarter|quarter-?finals?|play-?offs?|third|place|knockout|stage|phase|legs?|"
    r"replays?|qualif\w*|preliminary|1/8|1/4|1/16|weeks?|days?|regular\s+season)\b",
    re.IGNORECASE,
)
"""A heading's words: a group, a round, a stage (``Group A``, ``Matchday 1``, ``Round of 16``, ``Final``,
``Regular Season - 1`` as ``openfootball/world.more`` heads a round)."""
_YEAR = re.compile(r"(?<![0-9])(1[89][0-9]{2}|20[0-9]{2})(?![0-9])")
_WORD = re.compile(r"\S+")
_GROUP_DEFINITION = re.compile(r"\s*(?:\(\s*[0-9]+\s*\)\s*)?([^|]+?)\s*\|(.*)")


def _code(line: str) -> str:
    """A line without its comment and trailing spaces."""
    return line.split("#", 1)[0].rstrip()


def looks_like_footballtxt(text: str) -> bool:
    """Whether a text is Football.TXT: a title (``= Euro 2024``), a group definition or
    a date written as Football.TXT writes them (``Jun/14``), and a match line (two teams
    and a score or ``-`` between them, the score two spaces away from a team)."""
    head = text[:_HEAD].lstrip("\ufeff")
    marked = matched = False
    for line in head.split("\n")[:2000]:
        code = _code(line)
        if not code.strip():
            continue
        if code.startswith("=") or re.match(r"\s*Group\s+\S+\s*\|", code) or _DATE.search(code):
            marked = True
        if re.search(rf"\S\s+(?:{_NUM}[-:]{_NUM}|-|vs\.?)(?:\s*\([^()]*\))?\s+\S", code) and "  " in code.strip():
            matched = True
        if marked and matched:
            return True
    return False


@dataclass
class _Dates:
    """The year the dates are in, and the last date read."""

    r: _TextReader
    year: int | None
    month: int = 0

    def read(self, m: re.Match[str], line: int, offset: int) -> tuple[tuple[int, int, int], str]:
        """A date matched by :data:`_DATE` (``offset``: where the text it was matched in
        starts in the line): (year, month, day) to compare, and the ISO date (``""``
        when the year is not known); a day the month does not have is refused."""
        month, day = _MONTHS[m.group(1)], int(m.group(2))
        try:
            datetime.date(int(m.group(3) or self.year or 2000), month, day)
        except ValueError:
            # TRANSLATORS: {cell} is a date as the file writes it ("Feb/30").
            message = _("{cell} is not a date: the month has no such day").format(cell=quoted(m.group().strip()))
            self.r.refuse(message, line, offset + m.start() + 1)
        if m.group(3):
            self.year = int(m.group(3))
        elif self.year is not None and self.month:
            if month + 6 < self.month:
                self.year += 1
            elif month > self.month + 6:
                self.year -= 1
        self.month = month
        iso = f"{self.year:04d}-{month:02d}-{day:02d}" if self.year is not None else ""
        return (self.year or 0, month, day), iso


class _TextReader(_Reader):
    """The reader of :mod:`crosstable.io.openfootball`, placing problems in the text's
    lines: a match's path is ``(line,)``, its parts ``(line, "team1")`` …"""

    textual = True

    def __init__(self, text: str, source: str | None) -> None:
        super().__init__(text, source)
        self._offsets = {}
        self._line_starts = [0] + [m.end() for m in re.finditer("\n", text)]

    def place(self, path: tuple[str | int, ...], line: int, column: int) -> None:
        """Where ``path`` is: ``line`` and ``column`` (1-based)."""
        assert self._offsets is not None
        self._offsets[path] = self._line_starts[line - 1] + column - 1

    def refuse(self, message: str, line: int, column: int) -> None:
        self.problems.append(Problem(message, line, column))


@dataclass(frozen=True)
class _Score:
    """A match line's score: the full-time score (``None``: not played yet, or only
    extra time and penalties given), whether it is awarded, where it ends in the line,
    whether the match is cancelled (``[cancelled]``)."""

    ft: tuple[int, int] | None
    without_ft: bool
    awarded: bool
    end: int
    cancelled: bool = False
    after: tuple[int, int] | None = None
    """The score marked as penalties, else as extra time: what decided a match level
    after 90 minutes (a play-off's winner)."""


def _goals(r: _TextReader, m: re.Match[str], line: int, start: int) -> tuple[int, int] | None:
    """A score token's two numbers of goals, read by :func:`whole` (problems placed at them)."""
    out = []
    for k in (1, 2):
        try:
            out.append(whole(m.group(k), GOALS))
        except FieldError as e:
            r.refuse(e.message, line, start + m.start(k) + 1)
    return (out[0], out[1]) if len(out) == 2 else None


def _score(r: _TextReader, code: str, at: int, line: int) -> _Score | None:
    """The score starting at ``at`` in ``code`` (a :data:`_SCORE` token there) and what
    follows it: extra time, penalties, the scores in parentheses; ``None`` (and
    problems) when a number of goals cannot be read."""
    bare: tuple[int, int] | None = None
    seen_bare = extra = penalties = awarded = False
    marked_scores: dict[str, tuple[int, int] | None] = {}
    parens: list[tuple[int, int]] = []
    pos, ok = at, True
    while True:
        space = pos + len(code[pos:]) - len(code[pos:].lstrip())
        s = _SCORE.match(code, space)
        if s is not None:
            mark = _MARK.match(code, s.end())
            marked = mark is not None and not mark.group(3)
            if not marked and seen_bare:
                break  # a second score: not this one's (the line is refused with its team)
            goals = _goals(r, s, line, 0)
            ok = ok and goals is not None
            if marked:
                assert mark is not None
                penalties = penalties or mark.group(1) is not None
                extra = extra or mark.group(2) is not None
                marked_scores.setdefault("p" if mark.group(1) is not None else "et", goals)
                pos = mark.end()
            else:
                seen_bare, bare, pos = True, goals, s.end()
            continue
        mark = _MARK.match(code, pos)
        if mark is not None:
            awarded = awarded or mark.group(3) is not None
            extra = extra or mark.group(2) is not None
            penalties = penalties or mark.group(1) is not None
            pos = mark.end()
            continue
        p = _PARENS.match(code, pos)
        if p is None:
            break
        parts = [(x.start(), x.group()) for x in re.finditer(r"[^,]+", p.group(1)) if x.group().strip()]
        scores = [_SCORE.fullmatch(x.strip()) for _, x in parts]
        if not parts or not all(scores):
            break
        for (offset, x), found in zip(parts, scores, strict=True):
            assert found is not None
            goals = _goals(r, found, line, p.start(1) + offset + len(x) - len(x.lstrip()))
            if goals is None:
                ok = False
            else:
                parens.append(goals)
        pos = p.end()
    if not ok:
        return None
    ft = bare if seen_bare else parens[0] if parens and (extra or penalties) else None
    after = marked_scores.get("p") or marked_scores.get("et")
    return _Score(ft, ft is None, awarded, pos, after=after)


def _scorers(stripped: str) -> bool:
    """Whether an indented line opens the scorers' list in parentheses that
    ``openfootball/internationals`` writes below a match (``(Trézéguet 41')``), not a
    match line opening with its number (``(1) Thu Jun/14 …``)."""
    if not stripped.startswith("("):
        return False
    number = _NUMBER.match(stripped)
    return number is None or number.end() == len(stripped)


def read_footballtxt(text: str, source: str | None = None, scoring: Scoring | None = None) -> Tournament:
    """Read a Football.TXT file into a :class:`Tournament` (see the module docstring)."""
    body = text[1:] if text.startswith("\ufeff") else text
    r = _TextReader(body, source)
    title: str | None = None
    dates = _Dates(r, None)
    defined: dict[str, tuple[str, int]] = {}  # team: its group and the line defining it
    ranges: list[tuple[tuple[int, int, int], tuple[int, int, int], str]] = []
    heading_group = heading_round = ""
    date_key: tuple[int, int, int] | None = None
    date_iso = ""
    matches: list[_Match] = []
    bracket = bracket_depth = 0  # the line of an open goal list ([ without ]) and its indentation
    closing = "]"  # what closes it: ] or, for the scorers in parentheses, )
    open_parens = 0  # of the scorers in parentheses: ( not yet closed (a penalty is written 66'(p))
    lineup = 0  # the indentation of the line-up being read ("  Germany: Neuer - …"), 0: none
    for lineno, raw in enumerate(body.split("\n"), 1):
        line = raw.rstrip("\r")
        code = _code(line)
        stripped = code.strip()
        indented = code[:1].isspace()
        if not stripped:
            lineup = 0
            continue
        depth = len(code) - len(code.lstrip())
        if bracket:
            inside = depth >= bracket_depth  # a goal list goes on in lines indented as much as its [
            if not inside:
                # TRANSLATORS: {mark} is the bracket opening a list of goals: [ or (.
                message = _("the {mark} of line {line} is not closed")
                r.refuse(message.format(mark="[" if closing == "]" else "(", line=bracket), bracket, bracket_depth + 1)
            if closing == ")":
                open_parens += code.count("(") - code.count(")")
                bracket = 0 if open_parens <= 0 or not inside else bracket
            else:
                bracket = 0 if closing in code or not inside else bracket
            if inside:
                continue
        if lineup and depth > lineup and not _SCORE.search(code):
            continue  # a line-up going on, indented deeper than its team's name
        lineup = 0
        if title is None and stripped.startswith("="):
            title = stripped.lstrip("=").strip()
            for w in re.finditer(r"\S+", code):
                if digit_hint(w.group()):  # the year, in another digit class
                    r.refuse(foreign_digit(w.group()) or "", lineno, w.start() + 1)
            year = _YEAR.search(title)
            dates.year = int(year.group(1)) if year else None
            continue
        d = _DATE_LINE.fullmatch(stripped)
        if d is not None:
            date_key, date_iso = dates.read(d, lineno, len(code) - len(code.lstrip()))
            continue
        if stripped.startswith("["):
            if _DATE_LIKE.match(stripped):  # [Sat Aug/12] typed wrong: not a list of goals
                column = len(code) - len(code.lstrip()) + 1
                # TRANSLATORS: {cell} is what the file writes as a date ("[Sat Aug/1x]").
                message = _("{cell} is not a date: a date is written Fri Jun/14, Jun/14 2024 or [Sat Aug/12]")
                r.refuse(message.format(cell=quoted(stripped)), lineno, column)
            elif "]" not in stripped:
                bracket, bracket_depth, closing = lineno, depth, "]"
            continue
        if indented and _scorers(stripped):  # (Salah 36' Elmohamady 45'), over lines until the )
            open_parens = stripped.count("(") - stripped.count(")")
            if open_parens > 0:
                bracket, bracket_depth, closing = lineno, depth, ")"
            continue
        if indented and _LINEUP.match(code):
            lineup = depth
            continue
        definition = _GROUP_DEFINITION.fullmatch(code)
        if definition is not None:
            _definition(r, dates, definition, lineno, defined, ranges)
            continue
        label = stripped.strip(_HEADING_MARKS).rstrip(":").strip()
        if _heading(code, label, indented):
            group = _group_in_round(label)
            heading_group, heading_round = (group, "") if group else ("", label)
            continue
        m = _match_line(r, code, lineno, dates)
        if m is None:
            continue
        team1, team2, score, date = m
        if date is not None:
            date_key, date_iso = date
        rnd = next((label for low, high, label in ranges if date_key and low <= date_key <= high), "")
        if heading_round and (not rnd or _KNOCKOUT.search(heading_round)):
            rnd = heading_round
        group, between = heading_group, False
        if not group:
            g1, g2 = defined.get(team1, ("", 0))[0], defined.get(team2, ("", 0))[0]
            group = g1 if g1 == g2 and not _KNOCKOUT.search(rnd) else ""
            # teams of two groups, or of none (W49 - W50): a knockout match whatever its round's name
            between = bool(defined) and ((bool(g1) and bool(g2) and g1 != g2) or not (g1 or g2))
        path = (lineno,)
        matches.append(
            _Match(
                path=path,
                team1=team1,
                team2=team2,
                score=score.ft,
                status=FORFEIT
                if score.awarded and score.ft is not None
                else PLAYED
                if score.ft is not None
                else PENDING,
                cancelled=score.cancelled,
                round=rnd,
                stage="",
                date=date_iso,
                group=group,
                knockout=between,
                without_ft=score.without_ft,
                after=score.after,
            )
        )
    if bracket:
        r.refuse(_("the [ of line {line} is not closed").format(line=bracket), bracket, bracket_depth + 1)
    return build(r, title, matches, scoring)


def _heading(code: str, label: str, indented: bool) -> bool:
    """Whether a line is a heading: no score, and the words of one (``Round of 16``),
    opening the line when it is indented; with a ``-`` (``Group A - Matchday 1``), opening
    it and without the two spaces that separate a match line's teams (``Third Lanark  -
    Celtic`` is a match not played yet)."""
    if _SCORE.search(code) or _BROKEN.search(label):
        return False
    if _PENDING.search(code):
        return _HEADING.match(label) is not None and "  " not in label
    return _HEADING.match(label) is not None or (not indented and _HEADING.search(label) is not None)


def _definition(
    r: _TextReader,
    dates: _Dates,
    definition: re.Match[str],
    lineno: int,
    defined: dict[str, tuple[str, int]],
    ranges: list[tuple[tuple[int, int, int], tuple[int, int, int], str]],
) -> None:
    """A ``Label | …`` line: a group's teams, or a round's days (``Matchday 1 | Fri Jun/14 -
    Tue Jun/18``); any other is refused."""
    label, rest = " ".join(definition.group(1).split()), definition.group(2)
    group = _group_in_round(label)
    if group:
        start = definition.start(2)
        for team in re.split(r"\s{2,}|\t", rest.strip()):
            if not team:
                continue
            column = rest.index(team) + start + 1
            known = defined.get(team)
            if known is not None and known[0] != group:
                r.refuse(
                    # TRANSLATORS: {team} is in two group definitions ("Group A | Germany  Scotland …").
                    _(
                        "{team} is in group {group} (line {line}) and in group {other}: a team plays in one group"
                    ).format(team=team, group=known[0], line=known[1], other=group),
                    lineno,
                    column,
                )
            defined.setdefault(team, (group, lineno))
        return
    if (
        not _HEADING.search(label)
        or _SCORE.search(label)
        or _BROKEN.search(label)
        or _DATE.sub("", rest).replace("-", "").strip()
    ):  # not a round's days: a match line with a | typed in, or a definition not read
        r.refuse(_cannot_read(), lineno, definition.start(1) + 1)
        return
    found = [dates.read(d, lineno, definition.start(2))[0] for d in _DATE.finditer(rest)]
    if found:
        ranges.append((found[0], found[-1], label))


def _match_line(
    r: _TextReader, code: str, lineno: int, dates: _Dates
) -> tuple[str, str, _Score, tuple[tuple[int, int, int], str] | None] | None:
    """A match line's teams, score and date (``None`` when it has none); ``None`` and a
    problem when the line cannot be read. The score stands between the teams (``Germany
    5-1 (3-0)  Scotland``), or after them when ``v`` separates them (``Germany v Scotland
    5-1 (3-0)``); a note in brackets may end the line (``[awarded]``)."""
    pos = len(code) - len(code.lstrip())
    start = pos
    n = _NUMBER.match(code, pos)
    if n is not None:
        pos = n.end()
    date = None
    d = _DATE.match(code, pos)
    if d is not None:
        date = dates.read(d, lineno, 0)
        pos = d.end()
        pos += len(code[pos:]) - len(code[pos:].lstrip())
    t = _TIME.match(code, pos)
    if t is not None:
        pos = t.end()
    elif (clock := _CLOCK.match(code, pos)) is not None:  # a time typed wrong ("20.x0"), not a team's name
        r.refuse(_cannot_read(), lineno, clock.start() + 1)
        return None
    venue = _VENUE.search(code, pos)
    end = venue.start() if venue is not None else len(code)
    note = _NOTE.search(code, pos, end)
    words = note.group(1).lower() if note is not None else ""
    end = note.start() if note is not None else end
    part = code[:end]
    s = _SCORE.search(part, pos)
    p = _PENDING.search(part, pos)
    if s is None and p is None:
        broken = _BROKEN.search(part, pos)
        if broken is not None:
            r.refuse(_not_a_score().format(cell=quoted(broken.group())), lineno, broken.start() + 1)
        else:
            r.refuse(_cannot_read(), lineno, start + 1)
        return None
    if s is not None and (p is None or s.start() < p.start()):  # Germany  5-1 (3-0)  Scotland
        at = s.start()
        score = _score(r, part, at, lineno)
        if score is None:
            return None
        first, second = (pos, at), (score.end, end)
    else:  # Germany  -  Scotland, or Germany v Scotland  5-1 (3-0)
        assert p is not None
        later = _SCORE.search(part, p.end())
        if later is not None and part[p.start() : p.end()].startswith("v"):
            at = later.start()
            found = _score(r, part, at, lineno)
            if found is None:
                return None
            score, first, second = found, (pos, p.start()), (p.end(), at)
            if found.end < end and part[found.end : end].strip():
                second = (p.end(), end)  # more after the score: refused with the second team
        else:
            before, after = _SPACED_SCORE_LEFT.search(part, pos, p.start()), _SPACED_SCORE_RIGHT.match(part, p.end())
            if part[p.start() : p.end()] == "-" and before is not None and after is not None:  # France 2 - 1 Romania
                cell = " ".join(part[before.start(1) : after.end(1)].split())
                r.refuse(_not_a_score().format(cell=quoted(cell)), lineno, before.start(1) + 1)
                return None
            at = p.start()
            score = _Score(None, False, False, p.end())
            first, second = (pos, at), (score.end, end)
            dash = _PENDING.search(part, p.end())
            if part[p.start() : p.end()].startswith("v") and dash is not None and not part[dash.end() :].strip():
                second = (p.end(), dash.start())  # Germany v Scotland  -
    score = dataclasses.replace(score, awarded=score.awarded or "award" in words, cancelled="cancel" in words)
    team1, team2 = (" ".join(part[a:b].split()) for a, b in (first, second))
    shown = " ".join(part[at : score.end].split())
    if not team1:
        r.refuse(_("no first team before the score {score}").format(score=quoted(shown)), lineno, at + 1)
        return None
    if not team2:
        r.refuse(_("no second team after the score {score}").format(score=quoted(shown)), lineno, second[0] + 1)
        return None
    for name, (a, b) in ((team1, first), (team2, second)):
        odd = next((w for w in _WORD.finditer(part, a, b) if _odd_digit(w.group())), None)
        if odd is not None:  # a number in another digit class: refused as every reader refuses it
            r.refuse(foreign_digit(odd.group()) or "", lineno, odd.start() + 1)
            return None
        bad = _SCORE.search(part, a, b) or _BROKEN.search(part, a, b)
        word = next((w for w in _WORD.finditer(part, a, b) if _not_a_name(w.group())), None)
        if bad is None and word is not None:
            r.refuse(
                # TRANSLATORS: {team} is what the line gives as a team, {word} the word of it that no name has.
                _("{team} is not a team: {word} is no part of a name (a score, a time or a date typed wrong)").format(
                    team=quoted(name), word=quoted(word.group())
                ),
                lineno,
                word.start() + 1,
            )
            return None
        if bad is not None:
            r.refuse(
                _not_a_score().format(cell=quoted(bad.group()))
                if not _SCORE.fullmatch(bad.group())
                # TRANSLATORS: {team} is what the line gives as a team; it holds a second score.
                else _("{team} is not a team: the line has two scores").format(team=quoted(name)),
                lineno,
                bad.start() + 1,
            )
            return None
    r.place((lineno,), lineno, start + 1)
    r.place((lineno, "team1"), lineno, first[0] + len(part[first[0] :]) - len(part[first[0] :].lstrip()) + 1)
    r.place((lineno, "score"), lineno, at + 1)
    r.place((lineno, "team2"), lineno, second[0] + len(part[second[0] :]) - len(part[second[0] :].lstrip()) + 1)
    r.place((lineno, "group"), lineno, start + 1)
    return team1, team2, score, date


@functools.lru_cache(maxsize=4096)  # the same teams' words on every line
def _odd_digit(word: str) -> bool:
    return digit_hint(word) is not None


@functools.lru_cache(maxsize=4096)
def _not_a_name(word: str) -> bool:
    """Whether a word of a team's name is none (``v``, ``21:00``, ``Jun/1x``, ``(0-0``, ``-0.``,
    ``1e3.30``, ``pen.``): a word without letters is a number (``04``, ``1899``, ``1.``) or a
    sign (``&``); a word with letters and digits holds no ``:``, ``/``, ``-``, bracket or
    inner dot; no word is a mark of the score (``pen.``, ``a.e.t.``)."""
    if word.lower() in ("v", "v.", "vs", "vs.", "-", "-:-") or _MARK.fullmatch(word):
        return True
    digits = any(ch.isdigit() or unicodedata.digit(ch, None) is not None for ch in word)
    if not any(ch.isalpha() for ch in word):
        return (digits and re.fullmatch(r"[0-9]+\.?", word) is None) or any(ch in ":()[]" for ch in word)
    return digits and (any(ch in ":/()[]-" for ch in word) or "." in word.rstrip("."))


def _cannot_read() -> str:
    return _(
        "cannot read this line: a match is the first team, the score (2-1) or - for a match not played yet, and the "
        "second team; a heading names a group or a round"
    )


def _not_a_score() -> str:
    # TRANSLATORS: {cell} is what stands where a score goes ("5-").
    return _("{cell} is not a score: two whole numbers of goals (2-1 or 2:1), or - for a match not played yet")


__all__ = ["looks_like_footballtxt", "read_footballtxt"]
