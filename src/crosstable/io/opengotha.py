"""OpenGotha's tournament files (its XML: ``<Tournament>`` with ``<Players>``,
``<Games>``, ``<ByePlayers>`` and ``<TournamentParameterSet>``).

What the reader takes, and how (:mod:`crosstable.tiebreaks.go` for the scores):

- players: ``name`` and ``firstName`` (shown as ``Name Firstname``, as the EGD's
  files write them), ``rank`` (``5K``, ``2D``), ``country``, ``club``, ``rating``,
  ``participating`` (one character per round: ``0`` absent) and ``smmsCorrection``
  (a super group's +1); a game's players are named by their key, name and first
  name without spaces in capitals, as OpenGotha keys them. Only the players with a
  game or a bye are listed, as in OpenGotha's own results (the others are named in
  a warning);
- games: ``whitePlayer``, ``blackPlayer``, ``roundNumber`` (from 1), ``handicap`` and
  ``result`` (``RESULT_WHITEWINS``, ``RESULT_BLACKWINS``, ``RESULT_EQUAL``,
  ``RESULT_BOTHWIN``, ``RESULT_BOTHLOSE``, ``RESULT_UNKNOWN``; ``_BYDEF``: a default
  result, a forfeit); ``<ByePlayer player= roundNumber=>``: the bye of a round;
- ``GeneralParameterSet``: ``numberOfRounds``, the bar and floor (``genMMBar``,
  ``genMMFloor``), the values of a bye and of an absence (``genMMS2ValueBye``,
  ``genMMS2ValueAbsent`` in half points; ``genNBW2…`` in a Swiss) and their rounding
  down (``genRoundDownNBWMMS``: each such round then brings the increment of the
  rounded-down sum, as OpenGotha counts it round by round); a round a participating
  player was neither paired nor given the bye brings nothing, as in OpenGotha;
- ``PlacementParameterSet``: the placement criteria. When the first is ``MMS`` the
  event is a McMahon (start scores from rank, bar, floor and correction,
  :func:`~crosstable.tiebreaks.go.start_score`; the points are the McMahon score);
  ``NBW`` a Swiss (no start score). The criteria are the file's tie-break list (a
  Swiss's ``NBW``, the points, left out) (``SOSM``/``SOSW`` → ``SOS``, ``SOSOSM`` → ``SOSOS``, ``DC`` → ``DE`` …).

A document type declaration naming OpenGotha's DTD (``<!DOCTYPE Tournament SYSTEM
"tournament.dtd">``, as its older versions write) is read over: the DTD is not
loaded. One with declarations of its own is refused (a tournament file has none; it
could declare entities that expand without bound), and so is any entity declaration.
"""

from __future__ import annotations

import re
import xml.parsers.expat
from dataclasses import dataclass, field
from fractions import Fraction

import numpy as np

from crosstable.errors import CrosstableError, InputError, Problem, quoted
from crosstable.i18n import _, ngettext
from crosstable.model import DRAW, FORFEIT, LOSS, PENDING, PLAYED, WIN, Bye, Scoring, Tournament
from crosstable.tiebreaks.go import GO_SCORING, rank_value, start_score, with_start_scores


def looks_like_opengotha(text: str) -> bool:
    """OpenGotha's XML: a ``<Tournament`` element with ``gothaVersion`` (or ``<Players>``)."""
    head = text.lstrip("\ufeff").lstrip()[:2000]
    return head.startswith("<") and "<Tournament" in head and ("gothaVersion" in head or "<Players>" in head)


@dataclass
class _Element:
    tag: str
    attrs: dict[str, str]
    line: int
    column: int


@dataclass
class _Doc:
    players: list[_Element] = field(default_factory=list)
    games: list[_Element] = field(default_factory=list)
    byes: list[_Element] = field(default_factory=list)
    general: _Element | None = None
    criteria: list[_Element] = field(default_factory=list)
    root: str | None = None


def _parse(text: str, source: str | None) -> _Doc:
    doc = _Doc()
    stack: list[str] = []
    parser = xml.parsers.expat.ParserCreate()

    def doctype(_name: str, _system: str | None, _public: str | None, internal: int) -> None:
        if internal:
            refuse()

    def refuse(*_args: object) -> None:
        raise InputError(
            source,
            [
                Problem(
                    _("a document type declaration: an OpenGotha file has none"),
                    parser.CurrentLineNumber,
                    parser.CurrentColumnNumber + 1,
                )
            ],
        )

    def start(tag: str, attrs: dict[str, str]) -> None:
        el = _Element(tag, attrs, parser.CurrentLineNumber, parser.CurrentColumnNumber + 1)
        if not stack:
            doc.root = tag
        inside_team = "TeamTournamentParameterSet" in stack
        if tag == "Player" and stack[-1:] == ["Players"]:
            doc.players.append(el)
        elif tag == "Game" and stack[-1:] == ["Games"]:
            doc.games.append(el)
        elif tag == "ByePlayer":
            doc.byes.append(el)
        elif tag == "GeneralParameterSet" and not inside_team:
            doc.general = el
        elif tag == "PlacementCriterion" and not inside_team:
            doc.criteria.append(el)
        stack.append(tag)

    def end(tag: str) -> None:
        stack.pop()

    parser.StartDoctypeDeclHandler = doctype
    parser.EntityDeclHandler = refuse
    parser.StartElementHandler = start
    parser.EndElementHandler = end
    try:
        parser.Parse(text.lstrip("\ufeff"), True)
    except xml.parsers.expat.ExpatError as e:
        message = _("not well-formed XML: {reason}").format(reason=xml.parsers.expat.ErrorString(e.code))
        raise InputError(source, [Problem(message, e.lineno, e.offset + 1)]) from None
    if doc.root != "Tournament":
        raise InputError(source, [Problem(_("not an OpenGotha tournament file (no <Tournament> element)"), 1, 1)])
    return doc


_RESULTS = {
    "RESULT_WHITEWINS": (WIN, LOSS),
    "RESULT_BLACKWINS": (LOSS, WIN),
    "RESULT_EQUAL": (DRAW, DRAW),
    "RESULT_BOTHWIN": (WIN, WIN),
    "RESULT_BOTHLOSE": (LOSS, LOSS),
    "RESULT_UNKNOWN": (-1, -1),
}
_UNITS = {WIN: 2, DRAW: 1, LOSS: 0, -1: 0}
_CRITERIA = {
    "SOSM": "SOS",
    "SOSW": "SOS",
    "SOSM-1": "SOS-1",
    "SOSW-1": "SOS-1",
    "SOSM-2": "SOS-2",
    "SOSW-2": "SOS-2",
    "SOSOSM": "SOSOS",
    "SOSOSW": "SOSOS",
    "SODOSM": "SODOS",
    "SODOSW": "SODOS",
    "CUSSM": "CUSS",
    "CUSSW": "CUSS",
    "DC": "DE",
    "SDC": "SDC",
}


def _key(name: str, first: str) -> str:
    return (name + first).replace(" ", "").upper()


def _int(el: _Element, attr: str, default: str, problems: list[Problem]) -> int:
    text = el.attrs.get(attr, default).strip()
    if re.fullmatch(r"-?[0-9]{1,9}", text):
        return int(text)
    problems.append(
        Problem(_("{attr}={value} is not a whole number").format(attr=attr, value=quoted(text)), el.line, el.column)
    )
    return 0


def _rank(el: _Element, attr: str, default: str, problems: list[Problem]) -> int:
    text = el.attrs.get(attr, default)
    value = rank_value(text)
    if value is None:
        problems.append(
            Problem(
                _("{attr}={value} is not a go rank (30k to 9d)").format(attr=attr, value=quoted(text)),
                el.line,
                el.column,
            )
        )
        return 0
    return value


def read_opengotha(text: str, source: str | None = None, scoring: Scoring | None = None) -> Tournament:
    """Read an OpenGotha tournament file; see the module docstring."""
    doc = _parse(text, source)
    problems: list[Problem] = []
    general = doc.general or _Element("GeneralParameterSet", {}, 1, 1)
    rounds = _int(general, "numberOfRounds", "0", problems)
    first = doc.criteria[0].attrs.get("name", "MMS") if doc.criteria else "MMS"
    mcmahon = first.upper() != "NBW"
    prefix = "genMMS2" if mcmahon else "genNBW2"
    bye_value = Fraction(_int(general, prefix + "ValueBye", "2", problems), 2)
    absent_value = Fraction(_int(general, prefix + "ValueAbsent", "1" if mcmahon else "0", problems), 2)
    round_down = general.attrs.get("genRoundDownNBWMMS", "true").strip().lower() == "true"
    bar = _rank(general, "genMMBar", "9D", problems)
    floor = _rank(general, "genMMFloor", "30K", problems)
    keys: dict[str, int] = {}
    players = doc.players
    for k, el in enumerate(players):
        key = _key(el.attrs.get("name", ""), el.attrs.get("firstName", ""))
        if key in keys:
            problems.append(Problem(_("player {key} is listed twice").format(key=quoted(key)), el.line, el.column))
        keys.setdefault(key, k)

    def player(el: _Element, attr: str) -> int | None:
        key = el.attrs.get(attr, "").replace(" ", "").upper()
        if key not in keys:
            problems.append(
                Problem(
                    _("{attr}={value} names no player of the file").format(attr=attr, value=quoted(key)),
                    el.line,
                    el.column,
                )
            )
            return None
        return keys[key]

    games: list[tuple[int, int, int, int, int, int, int, int]] = []
    for el in doc.games:
        w, b = player(el, "whitePlayer"), player(el, "blackPlayer")
        r = _int(el, "roundNumber", "1", problems)
        hd = _int(el, "handicap", "0", problems)
        result = el.attrs.get("result", "RESULT_UNKNOWN").strip().upper()
        by_default = result.endswith("_BYDEF")
        outcome = _RESULTS.get(result.removesuffix("_BYDEF"))
        if outcome is None:
            problems.append(
                Problem(_("result={value} is not an OpenGotha result").format(value=quoted(result)), el.line, el.column)
            )
            continue
        if r < 1 or (rounds and r > rounds):
            problems.append(
                Problem(_("roundNumber={value} is not a round of the event").format(value=r), el.line, el.column)
            )
            continue
        if w is None or b is None:
            continue
        status = PENDING if outcome[0] < 0 else FORFEIT if by_default else PLAYED
        games.append((w, b, r, hd, outcome[0], outcome[1], status, el.line))
    bye_of: dict[tuple[int, int], bool] = {}
    for el in doc.byes:
        p = player(el, "player")
        r = _int(el, "roundNumber", "1", problems)
        if p is not None:
            bye_of[(p, r)] = True
    if problems:
        raise InputError(source, problems)
    implied = sorted({g[0] for g in games} | {g[1] for g in games} | {p for p, _r in bye_of})
    if not implied:
        raise InputError(source, [Problem(_("no player with a game or a bye: nothing to rank"), 1, 1)])
    left_out = [k for k in range(len(players)) if k not in set(implied)]
    new = {old: k for k, old in enumerate(implied)}
    rounds = max([rounds, *(g[2] for g in games), *(r for _p, r in bye_of)])
    paired = {(g[0], g[2]) for g in games} | {(g[1], g[2]) for g in games}
    byes: list[Bye] = []
    for old in implied:
        el = players[old]
        present = el.attrs.get("participating", "")
        total, counted = Fraction(0), Fraction(0)
        for r in range(1, rounds + 1):
            if (old, r) in paired:
                continue
            if bye_of.get((old, r)):
                value, kind = bye_value, "full" if bye_value >= 1 else "half" if bye_value else "zero"
            elif r <= len(present) and present[r - 1] == "0":
                value, kind = absent_value, "half" if absent_value else "absent"
            else:
                value, kind = Fraction(0), "absent"  # participating, neither paired nor the bye
            total += value
            worth = Fraction(int(total)) - counted if round_down else value
            counted += worth
            if round_down and kind == "half":
                kind = "full" if worth else "absent"
            byes.append(Bye(new[old], r, kind, worth))
    names = [f"{players[k].attrs.get('name', '')} {players[k].attrs.get('firstName', '')}".strip() for k in implied]
    over = [(g[4] if g[4] == g[5] else -1, g[5] if g[4] == g[5] else -1) for g in games]
    try:
        t = Tournament.from_columns(
            names,
            [
                [new[g[0]] for g in games],
                [new[g[1]] for g in games],
                [0 if g[4] == g[5] and g[4] != DRAW else _UNITS[g[4]] for g in games],
                [0 if g[4] == g[5] and g[4] != DRAW else _UNITS[g[5]] for g in games],
                [g[2] for g in games],
                [g[6] for g in games],
            ],
            score_denominator=2,
            scoring=GO_SCORING,
            kind="result",
            source=source,
            outcome_override=np.asarray(over, dtype=np.int64) if games else None,
        )
    except CrosstableError as e:
        raise InputError(source, [Problem(str(e))]) from None
    t.byes = sorted(byes, key=lambda b: (b.round, b.participant))
    t.rounds_total = rounds
    t.handicaps = {(g[2], new[g[0]], new[g[1]]): g[3] for g in games if g[3] > 0}
    t.go_ranks = [players[k].attrs.get("rank", "").lower() for k in implied]
    t.federations = [players[k].attrs.get("country", "") for k in implied]
    t.clubs = [players[k].attrs.get("club", "") for k in implied]
    ratings = [players[k].attrs.get("rating", "") for k in implied]
    t.ratings = [int(x) if re.fullmatch(r"-?[0-9]{1,5}", x.strip()) else None for x in ratings]
    t.system = "swiss"
    t.system_reason = _("an OpenGotha file")  # the heading says McMahon when there are start scores
    info = {
        "EV": general.attrs.get("name", ""),
        "PC": "," + general.attrs.get("location", ""),
        "DT": ",".join(x for x in (general.attrs.get("beginDate", ""), general.attrs.get("endDate", "")) if x),
        "KM": general.attrs.get("komi", ""),
    }
    t.info = {k: v for k, v in info.items() if v.strip(",")}
    if mcmahon:
        start = []
        for k in implied:
            rank = _rank(players[k], "rank", "", problems)  # a typo refused at its element, not a start of 0
            correction = _int(players[k], "smmsCorrection", "0", problems)
            start.append(Fraction(start_score(rank, bar, floor, correction)))
        if problems:
            raise InputError(source, problems)
        with_start_scores(t, start)
    listed = [el.attrs.get("name", "").upper() for el in doc.criteria[0 if mcmahon else 1 :]]
    t.criteria = [_CRITERIA.get(c, c) for c in listed if c and c != "NULL"]
    if left_out:
        shown = ", ".join(names_of(players, left_out[:5]))
        t.warnings.append(
            ngettext(
                "{n} player of the file has no game and no bye, left out as OpenGotha leaves them out: {names}",
                "{n} players of the file have no game and no bye, left out as OpenGotha leaves them out: {names}",
                len(left_out),
            ).format(n=len(left_out), names=shown + (" …" if len(left_out) > 5 else ""))
        )
    return t


def names_of(players: list[_Element], which: list[int]) -> list[str]:
    return [f"{players[k].attrs.get('name', '')} {players[k].attrs.get('firstName', '')}".strip() for k in which]
