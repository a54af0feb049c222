"""openfootball's JSON: the format of the public-domain repositories
``openfootball/worldcup.json``, ``openfootball/euro.json`` and ``openfootball/football.json``.

A file is one object: the competition's ``name`` and its matches, either as
``"matches": [...]`` (the current format) or as ``"rounds": [{"name": ..., "matches":
[...]}]`` (the older one; a round's name is the round of its matches). A match has
``team1`` and ``team2`` (names, or in older files objects with a ``name``), and
optionally ``round``, ``date``, ``group`` (``Group A``), ``stage``, ``status`` and a
score: ``"score": {"ft": [2, 1], "ht": [...], "et": [...], "p": [...]}`` (or the
full-time score alone, ``"score": [2, 1]``), or in older files ``score1``/``score2``
(``score1et``, ``score1p`` …). Every other field (goals, grounds, times, codes) is
ignored. openfootball's text files (Football.TXT, :mod:`crosstable.io.footballtxt`) are
read into the same match records, and the tournament is built from them by the same
:func:`build`: everything below holds for both.

What is read, and how:

- The score is the full-time score (``ft``, or ``score1``/``score2``): the result after
  90 minutes, even for a match decided in extra time or on penalties (only knockout
  matches go to extra time, and those are not ranked). A match without a full-time
  score (no ``score``, ``"score": {}``, ``null`` scores) is not played yet: pending;
  a group or league match with an extra-time or penalty score but no full-time score
  is an error.
  ``"status": "awarded"`` marks a result awarded by a ruling (status forfeit, counted
  for points and goals); ``"status": "cancelled"`` a match that will never be played:
  left out, with a warning. Other statuses (``postponed``) change nothing.
- A competition played in groups: when some matches carry a ``group``, those are the
  group matches, and every team belongs to one group (a team in two groups is an
  error naming the match). Each participant's group is kept in
  :attr:`~crosstable.model.Tournament.groups`, normalised as the games lists do
  (``Group A`` is ``A``). The matches without a group (round of 32, final …) are
  knockout matches: they are not ranked, and are set aside with one warning saying
  how many and which rounds. Older files name the group in the round instead
  (``"round": "Group A"``, the Champions League until 2023/24, the Club World Cup
  2025): when no match carries a group, rounds named ``Group`` and a short label
  (``Group A``, ``Gruppe 3``) are read as groups the same way. A competition with a
  second group stage (the World Cups of 1974 to 1982) is refused: its teams are in
  two groups.
- A league (no group): the matches whose round (or stage) names a knockout stage
  (case-insensitive: ``round of``, ``quarter``, ``semi``, ``final``, ``play-off`` /
  ``playoff``, ``third place``, ``knockout``, ``1/8``, ``1/4``, ``1/16``,
  ``preliminary``, ``replay``; or an older file's ``"knockout": true``) are set aside
  the same way; the rest (``Matchday 5``, ``League, Matchday 3``, ``Spieltag 3``) is
  the league. The Champions League 2024/25 is the 144 matches of its league phase. A
  league whose rounds name several stages (``Championship, Matchday 1`` beside
  ``Matchday 1``, Apertura and Clausura) is ranked as one table, with a warning; so is
  one whose teams do not all play the same number of matches (a cup whose first
  rounds are not named as knockout rounds, a team spelled two ways). A league is a
  round robin when every pair met the same number of times (twice, or four times in
  a league of ten), else Swiss.
- Rounds: when every round name holds one number (``Matchday 3``, ``League, Matchday
  3``, ``3. Round``) and no two names the same one, that number; otherwise the round
  names numbered in the order they first appear; without any round name, the dates in
  calendar order. Numbers that would give a team two opponents in one round are
  dropped (the dates are tried, then no rounds at all).
- A league's deciding matches: a match set aside whose round is named ``Play-off``
  and nothing more (not ``Play-off Final`` or ``Playoffs, Matchday 1``, the stages of
  a play-off tournament), between two of the league's teams, with a winner (after 90
  minutes, else extra time or penalties: ``et``/``p``, Football.TXT's
  ``a.e.t.``/``pen.``), is kept in :attr:`~crosstable.model.Tournament.playoffs` for
  the criterion ``PO`` (Serie A's play-off for the title or 17th place), said in a
  warning, and not counted in the table.
- Scoring: football (3 points a win, 1 a draw) unless the caller gives another;
  the scores are goals (kind ``goals``). A file holds results only: a league's point
  deductions are not in it.
- Participants are numbered in the order they first appear among the ranked matches.
  The competition's name is kept as the event name (:attr:`Tournament.info` ``012``),
  its first and last dates as the start date and ``052`` (end date).

Bad input (not JSON, a shape not this format's, a score that is not two whole numbers
of goals, an empty name, a team playing itself or one team spelled two ways in the
ranked matches; a knockout match set aside may oppose two placeholders ``N.N.``), or a
file without any group or league match, is an
:class:`~crosstable.errors.InputError` whose problems carry the line and column in the
JSON text: the decoder's for a syntax error, else the place of the offending value,
found by scanning the text once for every value's position (only when there is a
problem to report).
"""

from __future__ import annotations

import bisect
import dataclasses
import json
import re
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, TypeGuard

import numpy as np

from crosstable.errors import CrosstableError, InputError, Problem, printable
from crosstable.fields import FieldError, load_json
from crosstable.i18n import _, integer_text, ngettext
from crosstable.io.jsonfmt import looks_like_json
from crosstable.model import (
    FORFEIT,
    MAX_SCORE,
    PENDING,
    PLAYED,
    PRESET_SCORING,
    Game,
    GroupBook,
    Playoff,
    Scoring,
    Tournament,
    infer_system,
    meetings,
    normal_group,
    spelled_twice,
)
from crosstable.numbers import count

JsonPath = tuple[str | int, ...]

_HEAD = 65_536
"""How much of a text :func:`looks_like_openfootball` looks at."""
_MATCH_LISTS = re.compile(r'"(?:matches|rounds)"\s*:\s*\[')
_KNOCKOUT = re.compile(
    r"round of|quarter|semi|final|play-?offs?|third.place|knockout|1/8|1/4|1/16|preliminary|replay", re.IGNORECASE
)
_DIGITS = re.compile(r"[0-9]+")
_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")
_TOKEN = re.compile(r'"(?:[^"\\]|\\.)*"|[{}\[\]:,]|[^\s{}\[\]:,"]+')


def looks_like_openfootball(text: str) -> bool:
    """Whether a text is openfootball's JSON: an object with ``matches`` or ``rounds``
    whose matches name ``team1`` (and not our own JSON format)."""
    head = text[:_HEAD].lstrip("\ufeff").lstrip()
    return (
        head.startswith("{")
        and '"team1"' in head
        and _MATCH_LISTS.search(head) is not None
        and not looks_like_json(text)
    )


@dataclass(frozen=True)
class _Match:
    """One match as read: where it is, its teams, its full-time score (``None``: not
    played yet), status, round label, stage, date, group (normalised, ``""``: none),
    and whether the file marks it as a knockout match."""

    path: JsonPath
    team1: str
    team2: str
    score: tuple[int, int] | None
    status: int
    cancelled: bool
    round: str
    stage: str
    date: str
    group: str
    knockout: bool
    without_ft: bool = False
    """An extra-time or penalty score without the full-time score."""
    after: tuple[int, int] | None = None
    """The score that decided a match level after 90 minutes: the penalty shoot-out's,
    else extra time's (a play-off's winner; ``None``: none given)."""

    @property
    def names(self) -> str:
        return f"{self.team1} - {self.team2}"

    @property
    def label(self) -> str:
        """The round's name as the warnings show it: its stage's when it has one."""
        return self.stage or self.round or _("no round")


def _path_text(path: JsonPath) -> str:
    """``("rounds", 0, "matches", 3)`` as ``rounds[0].matches[3]``."""
    out = ""
    for part in path:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else part)
    return out or _("the file")


def _show(value: Any) -> str:
    """A JSON value as a message quotes it: printable, cut when long."""
    return printable(json.dumps(value, ensure_ascii=False), 40)


def _goals(value: Any) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= MAX_SCORE


class _Reader:
    """The text, the problems found, and (computed when a problem needs a place) the
    position of every value of the JSON text by its path."""

    textual = False
    """Whether the text is Football.TXT (:mod:`crosstable.io.footballtxt`): then the
    messages of :func:`build` name no JSON path (the problem's line and column place it)."""

    def __init__(self, text: str, source: str | None) -> None:
        self.text = text
        self.source = source
        self.problems: list[Problem] = []
        self._offsets: dict[JsonPath, int] | None = None
        self._line_starts: list[int] = []

    def offsets(self) -> dict[JsonPath, int]:
        """Every value's offset in the text by its path (the text is valid JSON)."""
        if self._offsets is not None:
            return self._offsets
        out: dict[JsonPath, int] = {}
        stack: list[list[Any]] = []  # [is_object, key or index (None: a key comes next)]
        for m in _TOKEN.finditer(self.text):
            tok = m.group()
            if tok == ":":
                continue
            top = stack[-1] if stack else None
            if tok == ",":
                if top is not None:
                    top[1] = None if top[0] else top[1] + 1
                continue
            if tok in "}]":
                if stack:
                    stack.pop()
                continue
            if top is not None and top[0] and top[1] is None:
                try:
                    top[1] = json.loads(tok)
                except ValueError:
                    top[1] = tok[1:-1]
                continue
            out.setdefault(tuple(s[1] for s in stack), m.start())
            if tok == "{":
                stack.append([True, None])
            elif tok == "[":
                stack.append([False, 0])
        self._offsets = out
        self._line_starts = [0] + [m.end() for m in re.finditer("\n", self.text)]
        return out

    def where(self, *paths: JsonPath) -> tuple[int, int]:
        """The line and column of the first of ``paths`` found (the file's start if none)."""
        offsets = self.offsets()
        for path in paths:
            if path in offsets:
                offset = offsets[path]
                line = bisect.bisect_right(self._line_starts, offset)
                return line, offset - self._line_starts[line - 1] + 1
        return 1, 1

    def fail(self, message: str, *paths: JsonPath) -> None:
        """A problem, placed at the first of ``paths`` that the text holds."""
        self.problems.append(Problem(message, *self.where(*paths)))

    def stop(self) -> InputError:
        self.problems.sort(key=lambda p: (p.line or 0, p.column or 0))
        return InputError(self.source, self.problems)


def _match_objects(r: _Reader, data: dict[str, Any]) -> list[tuple[JsonPath, Any, str]]:
    """Every match object with its path and the name of the round that holds it
    (older files), in the file's order."""
    if "matches" in data and "rounds" in data:
        # TRANSLATORS: "matches" and "rounds" are the keys of the JSON file: keep them.
        r.fail(_('the file has both "matches" and "rounds": an openfootball file has one of them'), ("rounds",))
        return []
    if "matches" in data:
        matches = data["matches"]
        if not isinstance(matches, list):
            # TRANSLATORS: the first word is the key of the JSON file ("matches"): keep it. {value} is what it holds.
            r.fail(_("matches: a list of matches is required, not {value}").format(value=_show(matches)), ("matches",))
            return []
        return [(("matches", k), m, "") for k, m in enumerate(matches)]
    rounds = data.get("rounds")
    if not isinstance(rounds, list):
        if rounds is None:
            r.fail(_('an openfootball file has "matches" (or "rounds" of matches)'), ())
        else:
            # TRANSLATORS: the first word is the key of the JSON file ("rounds"): keep it. {value} is what it holds.
            r.fail(_("rounds: a list of rounds is required, not {value}").format(value=_show(rounds)), ("rounds",))
        return []
    out: list[tuple[JsonPath, Any, str]] = []
    for i, rd in enumerate(rounds):
        path: JsonPath = ("rounds", i)
        if not isinstance(rd, dict):
            r.fail(
                # TRANSLATORS: {path} is where in the JSON file (rounds[2]), {value} what is there.
                _("{path}: a round is an object with a name and matches, not {value}").format(
                    path=_path_text(path), value=_show(rd)
                ),
                path,
            )
            continue
        name = _label(r, rd.get("name"), (*path, "name"))
        matches = rd.get("matches", [])
        if not isinstance(matches, list):
            # TRANSLATORS: {path} is where in the JSON file (rounds[2]); "matches" is its key: keep it.
            r.fail(_("{path}.matches: a list of matches is required").format(path=_path_text(path)), (*path, "matches"))
            continue
        out += [((*path, "matches", k), m, name) for k, m in enumerate(matches)]
    return out


def _label(r: _Reader, value: Any, path: JsonPath) -> str:
    """A round's (or stage's) name: text or a number, ``""`` when absent."""
    if value is None:
        return ""
    if isinstance(value, int) and not isinstance(value, bool):
        return str(value)
    if isinstance(value, str):
        return " ".join(value.split())
    r.fail(_("{path}: {value} is not a round's name").format(path=_path_text(path), value=_show(value)), path)
    return ""


def _team(r: _Reader, m: dict[str, Any], path: JsonPath, key: str) -> str | None:
    value = m.get(key)
    where: JsonPath = (*path, key)
    if isinstance(value, dict):
        value = value.get("name")
        where = (*path, key, "name")
    if not isinstance(value, str):
        r.fail(
            _("{path}: a team's name is required, not {value}").format(path=_path_text(where), value=_show(value)),
            where,
            (*path, key),
            path,
        )
        return None
    name = value.strip()
    if not name:
        r.fail(_("{path}: empty team name").format(path=_path_text(where)), where)
        return None
    return name


def _score(r: _Reader, m: dict[str, Any], path: JsonPath, names: str) -> tuple[bool, tuple[int, int] | None]:
    """Whether the score is readable, and the full-time score (``None``: not played yet)."""
    score = m.get("score")
    if isinstance(score, list):  # "score": [2, 0], the full-time score alone (worldcup.quali_playoffs.json)
        score = {"ft": score}
    if score is not None:
        if not isinstance(score, dict):
            r.fail(
                # TRANSLATORS: {path} is where in the JSON file (matches[3]), "score" and "ft" its keys: keep
                # them; {value} is what is there, {teams} the match ("Spain - Italy").
                _("{path}.score: {value} is not a score (an object such as {example}) ({teams})").format(
                    path=_path_text(path), value=_show(score), example='{"ft": [2, 1]}', teams=names
                ),
                (*path, "score"),
            )
            return False, None
        ft = score.get("ft")
        if ft is None:
            return True, None
        if isinstance(ft, list) and len(ft) == 2 and all(_goals(x) for x in ft):
            return True, (ft[0], ft[1])
        r.fail(
            _("{path}.score.ft: {value} is not a score: two whole numbers of goals from 0 to {most} ({teams})").format(
                path=_path_text(path), value=_show(ft), most=MAX_SCORE, teams=names
            ),
            (*path, "score", "ft"),
            (*path, "score"),
        )
        return False, None
    a, b = m.get("score1"), m.get("score2")
    if a is None and b is None:
        return True, None
    if _goals(a) and _goals(b):
        return True, (a, b)
    bad = "score1" if not _goals(a) else "score2"
    r.fail(
        # TRANSLATORS: "score1" and "score2" are the keys of the JSON file: keep them.
        _(
            "{path}.score1/score2: {first} and {second} are not a score: two whole numbers of goals from 0 to "
            "{most} ({teams})"
        ).format(path=_path_text(path), first=_show(a), second=_show(b), most=MAX_SCORE, teams=names),
        (*path, bad),
        path,
    )
    return False, None


def _match(r: _Reader, path: JsonPath, m: Any, round_name: str) -> _Match | None:
    """One match, checked; ``None`` (and problems) when it cannot be read."""
    if not isinstance(m, dict):
        r.fail(
            # TRANSLATORS: team1 and team2 are the keys of the JSON file: keep them.
            _("{path}: a match is an object with team1, team2 and a score, not {value}").format(
                path=_path_text(path), value=_show(m)
            ),
            path,
        )
        return None
    team1, team2 = _team(r, m, path, "team1"), _team(r, m, path, "team2")
    if team1 is None or team2 is None:
        return None
    names = f"{team1} - {team2}"
    readable, score = _score(r, m, path, names)
    raw = m.get("score")
    unfinished = isinstance(raw, dict) and raw.get("ft") is None and any(raw.get(k) is not None for k in ("et", "p"))
    group = m.get("group")
    if group is not None and not isinstance(group, str):
        r.fail(
            _("{path}.group: {value} is not a group's name ({teams})").format(
                path=_path_text(path), value=_show(group), teams=names
            ),
            (*path, "group"),
        )
        return None
    rnd = _label(r, m.get("round"), (*path, "round")) if "round" in m else round_name
    stage = m.get("stage")
    date = m.get("date")
    status = m.get("status")
    status = status.strip().lower() if isinstance(status, str) else ""
    if not readable:
        return None
    return _Match(
        path=path,
        team1=team1,
        team2=team2,
        score=score,
        status=FORFEIT if status == "awarded" and score is not None else PLAYED if score is not None else PENDING,
        cancelled=status in ("cancelled", "canceled"),
        round=rnd,
        stage=" ".join(stage.split()) if isinstance(stage, str) else "",
        date=date.strip() if isinstance(date, str) else "",
        group=normal_group(group) if group else "",
        knockout=m.get("knockout") is True,
        without_ft=unfinished,
        after=_after(raw),
    )


def _after(raw: Any) -> tuple[int, int] | None:
    """The penalty score, else the extra-time score, of a ``score`` object (``None``: neither)."""
    if not isinstance(raw, dict):
        return None
    for key in ("p", "et"):
        value = raw.get(key)
        if isinstance(value, list) and len(value) == 2 and all(_goals(x) for x in value):
            return value[0], value[1]
    return None


def _group_in_round(label: str) -> str:
    """The group a round's name gives (``Group A``: ``A``, ``Gruppe 3``: ``3``), else
    ``""`` (``Group Stage, Matchday 1`` names no group)."""
    group = normal_group(label)
    return group if len(group) < len(label) and len(group) <= 3 and group.isalnum() else ""


def _set_aside(matches: list[_Match], in_groups: bool) -> str:
    distinct = list(dict.fromkeys(m.label for m in matches))
    labels = "; ".join(distinct[:8]) + (" …" if len(distinct) > 8 else "")
    if in_groups:
        # TRANSLATORS: {matches} is a count of matches ("16 knockout matches"), {rounds} their rounds' names.
        message = ngettext(
            "{matches} ({rounds}) is not part of the group tables: set aside",
            "{matches} ({rounds}) are not part of the group tables: set aside",
            len(matches),
        )
    else:
        message = ngettext(
            "{matches} ({rounds}) is not part of the league table: set aside",
            "{matches} ({rounds}) are not part of the league table: set aside",
            len(matches),
        )
    return message.format(matches=count(len(matches), "{n} knockout match", "{n} knockout matches"), rounds=labels)


def _number(label: str) -> int | None:
    """The one number of a round's name after its stage (``League, Matchday 3``: 3)."""
    digits = _DIGITS.findall(label.rsplit(", ", 1)[-1])
    return int(digits[0]) if len(digits) == 1 and len(digits[0]) <= 4 and int(digits[0]) >= 1 else None


def _clash(matches: list[_Match], rounds: list[int]) -> bool:
    """Whether a team would have two opponents in one round."""
    seen: dict[tuple[str, int], str] = {}
    for m, rnd in zip(matches, rounds, strict=True):
        if rnd:
            for team, other in ((m.team1, m.team2), (m.team2, m.team1)):
                if seen.setdefault((team, rnd), other) != other:
                    return True
    return False


def _rounds(matches: list[_Match], by_date_only: bool) -> list[int]:
    """The matches' round numbers (see the module docstring); 0: no round."""
    tries: list[list[int]] = []
    labels = [m.round or m.stage for m in matches]
    if any(labels) and not by_date_only:
        distinct = list(dict.fromkeys(x for x in labels if x))
        numbers = {x: _number(x) for x in distinct}
        if None not in numbers.values() and len(set(numbers.values())) == len(distinct):
            tries.append([(numbers[x] or 0) if x else 0 for x in labels])
        order = {x: k + 1 for k, x in enumerate(distinct)}
        tries.append([order[x] if x else 0 for x in labels])
    dates = sorted({m.date for m in matches if m.date})
    if dates:
        on = {d: k + 1 for k, d in enumerate(dates)}
        tries.append([on[m.date] if m.date else 0 for m in matches])
    return next((t for t in tries if not _clash(matches, t)), [0] * len(matches))


def read_openfootball(text: str, source: str | None = None, scoring: Scoring | None = None) -> Tournament:
    """Read an openfootball JSON file into a :class:`Tournament` (see the module docstring)."""
    body = text[1:] if text.startswith("\ufeff") else text
    try:
        data = load_json(body)
    except json.JSONDecodeError as e:
        raise InputError(
            # TRANSLATORS: {reason} is the JSON decoder's own words (English).
            source,
            [Problem(_("not valid JSON: {reason}").format(reason=e.msg), e.lineno, e.colno)],
        ) from None
    except FieldError as e:  # nested too deeply
        raise InputError(source, [Problem(e.message, e.line, e.column)]) from None
    r = _Reader(body, source)
    if not isinstance(data, dict):
        r.fail(
            # TRANSLATORS: "name" and "matches" are the keys of the JSON file: keep them.
            _('not an openfootball file: an object with "name" and "matches" is required, not {value}').format(
                value=_show(data)
            ),
            (),
        )
        raise r.stop()
    name = data.get("name")
    if name is not None and not isinstance(name, str):
        # TRANSLATORS: the first word is the key of the JSON file ("name"): keep it.
        r.fail(_("name: {value} is not the competition's name").format(value=_show(name)), ("name",))
    objects = _match_objects(r, data)
    matches = [m for m in (_match(r, path, obj, rnd) for path, obj, rnd in objects) if m is not None]
    return build(r, name, matches, scoring)


def build(r: _Reader, name: Any, matches: list[_Match], scoring: Scoring | None) -> Tournament:
    """The tournament of matches read (by this module or :mod:`crosstable.io.footballtxt`,
    whose reader places its problems in its own text): groups or league, knockout
    matches set aside, cancelled matches left out, rounds, participants (see the module
    docstring); an :class:`InputError` when ``r`` has problems or the matches cannot
    be ranked."""
    source = r.source
    if r.problems:
        raise r.stop()
    if not matches:
        r.fail(_("no match in the file"), ("matches",), ("rounds",))
        raise r.stop()
    warnings: list[str] = []
    groups_given = any(m.group for m in matches)
    round_groups = not groups_given and any(_group_in_round(m.round) for m in matches)
    if round_groups:
        matches = [dataclasses.replace(m, group=g, round="") if (g := _group_in_round(m.round)) else m for m in matches]
    in_groups = groups_given or round_groups
    if in_groups:
        table = [m for m in matches if m.group]
        aside = [m for m in matches if not m.group]
        for m in aside:  # a group match that lost its group is not a knockout match
            if not (m.knockout or _KNOCKOUT.search(f"{m.stage} {m.round}")):
                r.fail(
                    # TRANSLATORS: {teams} is the match ("Spain - Italy"), {round} its round's name.
                    _(
                        "{teams} ({round}) has no group, and its round is not a knockout round: give it its group, "
                        "or the round's name"
                    ).format(teams=m.names, round=m.label),
                    m.path,
                )
    else:
        knockout = [m.knockout or _KNOCKOUT.search(f"{m.stage} {m.round}") is not None for m in matches]
        aside = [m for m, k in zip(matches, knockout, strict=True) if k]
        table = [m for m, k in zip(matches, knockout, strict=True) if not k]
    if aside:
        warnings.append(_set_aside(aside, in_groups))
    if not table:
        r.fail(
            # TRANSLATORS: {details} says how many matches and which rounds were set aside.
            _("no group or league match to rank: every match is a knockout match ({details})").format(
                details=_set_aside(aside, in_groups)
            )
        )
        raise r.stop()
    seen: dict[tuple[str, str, str], _Match] = {}
    for m in table:  # the same match listed twice in one round
        low, high = sorted((m.team1, m.team2))
        key = (m.round, low, high)
        if m.round and key in seen:
            r.fail(
                # TRANSLATORS: {teams} is the match ("Spain - Italy"), {round} its round's name, {path} where
                # in the JSON file the other listing is (matches[3]).
                (
                    # TRANSLATORS: {teams} is the match ("Spain - Italy"), {round} its round's name, {line} the
                    # line of the other listing.
                    _("{teams} is listed twice in {round} (also line {line})")
                    if r.textual
                    else _("{teams} is listed twice in {round} (also {path})")
                ).format(
                    teams=m.names, round=m.round, path=_path_text(seen[key].path), line=r.where(seen[key].path)[0]
                ),
                m.path,
            )
        seen.setdefault(key, m)
    names, groups = _participants(r, table, in_groups)
    index = {team: k for k, team in enumerate(names)}
    if r.problems:
        raise r.stop()
    cancelled = [m for m in table if m.cancelled]
    if cancelled:
        # TRANSLATORS: {matches} is a count of matches ("2 matches"), {teams} the matches ("Spain - Italy").
        message = ngettext(
            "{matches} ({teams}) was cancelled: left out",
            "{matches} ({teams}) were cancelled: left out",
            len(cancelled),
        )
        warnings.append(
            message.format(
                matches=count(len(cancelled), "{n} match", "{n} matches"),
                teams=", ".join(m.names for m in cancelled[:3]) + (" …" if len(cancelled) > 3 else ""),
            )
        )
        table = [m for m in table if not m.cancelled]
    if not in_groups:
        stages = list(dict.fromkeys(m.round.rsplit(", ", 1)[0] if ", " in m.round else "" for m in table))
        if len(stages) > 1:
            shown = ", ".join(s or _("no stage") for s in stages)
            # TRANSLATORS: {stages} are the stages' names (Apertura, Clausura); there are always two or more.
            message = ngettext(
                "the league's rounds name {count} stage ({stages}): ranked as one table",
                "the league's rounds name {count} stages ({stages}): ranked as one table",
                len(stages),
            )
            warnings.append(message.format(count=integer_text(len(stages)), stages=shown))
    rounds = _rounds(table, by_date_only=round_groups)
    games = [
        Game(index[m.team1], index[m.team2], *_fractions(m.score), rnd, m.status)
        for m, rnd in zip(table, rounds, strict=True)
    ]
    given = scoring is not None
    try:
        t = Tournament.from_game_objects(
            names, games, scoring=scoring or PRESET_SCORING["football"], kind="goals", source=source
        )
    except CrosstableError as e:
        raise InputError(source, [Problem(str(e), 1, 1)]) from None
    t.scoring_reason = "given" if given else _("an openfootball file: football scores")
    t.warnings += warnings
    if in_groups:
        t.groups = [groups[team] for team in names]
        t.system, t.system_reason = _group_system(t)
    else:
        t.system, t.system_reason = infer_system(t.white, t.black, len(t.names))
        t.warnings += _schedules(t)
    if isinstance(name, str) and name.strip():
        t.info["012"] = " ".join(name.split())
    if not in_groups:
        deciding = _playoffs(aside, index)
        t.playoffs = [p for _m, p in deciding]
        if deciding:  # said as deciding matches, not among the matches set aside
            used = {id(m) for m, _p in deciding}
            rest = [m for m in aside if id(m) not in used]
            said = _set_aside(aside, in_groups)
            t.warnings = [w for w in t.warnings if w != said] + ([_set_aside(rest, in_groups)] if rest else [])
            t.warnings.extend(
                # TRANSLATORS: {match} is a match with its score ("Spezia Calcio 1-3 Hellas Verona FC"); PO is a
                # criterion's code: keep it.
                _(
                    "{match}: a play-off between two of the league's teams, kept as a deciding match for PO (not "
                    "counted in the table)"
                ).format(match=p.score)
                for _m, p in deciding
            )
    dates = sorted(m.date for m in matches if _DATE.fullmatch(m.date))
    if dates:
        t.start_date = dates[0]
        t.info["052"] = dates[-1]
    return t


_PLAYOFF = re.compile(r"play-?offs?", re.IGNORECASE)
"""A deciding match's round, the whole name: not a stage of a play-off tournament (the
EFL's ``Play-off Final``, the Champions League's ``Playoffs, Matchday 1``)."""


def _playoffs(aside: list[_Match], index: dict[str, int]) -> list[tuple[_Match, Playoff]]:
    """A league's deciding matches: the matches set aside whose round names a play-off
    (named ``Play-off`` or ``Playoffs``, nothing more: not ``Play-off Final``, a stage
    of a play-off tournament) between two of the league's teams, with a winner (after 90 minutes, else
    extra time or penalties); criterion ``PO`` reads them."""
    out = []
    for m in aside:
        if m.score is None or m.team1 not in index or m.team2 not in index:
            continue
        labels = [x.strip() for x in (m.stage, m.round) if x.strip()]
        if not labels or not all(_PLAYOFF.fullmatch(x) for x in labels):
            continue
        deciding = m.score if m.score[0] != m.score[1] else m.after
        if deciding is None or deciding[0] == deciding[1]:
            continue
        first, second = index[m.team1], index[m.team2]
        winner, loser = (first, second) if deciding[0] > deciding[1] else (second, first)
        shown = f"{m.score[0]}-{m.score[1]}"
        if m.after is not None and m.score[0] == m.score[1]:
            shown += f" ({m.after[0]}-{m.after[1]})"
        out.append((m, Playoff(winner, loser, f"{m.team1} {shown} {m.team2}", m.date)))
    return out


def _participants(r: _Reader, table: list[_Match], in_groups: bool) -> tuple[list[str], dict[str, str]]:
    """The teams of the ranked matches in order of appearance and each one's group,
    with the problems of those matches: a team playing itself, an extra-time score
    without the full-time one, a team in two groups, a team spelled two ways."""
    for m in table:
        if m.team1 == m.team2:
            r.fail(
                (
                    _("{team} cannot play against itself")
                    if r.textual
                    else _("{path}: {team} cannot play against itself")
                ).format(path=_path_text(m.path), team=m.team1),
                (*m.path, "team2"),
                m.path,
            )
        if m.without_ft:
            r.fail(
                # TRANSLATORS: {path} is where in the JSON file (matches[3]); "score" and "ft" are its keys: keep them.
                (
                    _(
                        "an extra-time or penalty score without the full-time score ({teams}): a group or league "
                        "match is ranked on its full-time score"
                    )
                    if r.textual
                    else _(
                        "{path}.score: an extra-time or penalty score without the full-time score (ft) ({teams}): a "
                        "group or league match is ranked on its full-time score"
                    )
                ).format(path=_path_text(m.path), teams=m.names),
                (*m.path, "score"),
            )
    book: GroupBook[_Match] = GroupBook()
    for m in table if in_groups else ():
        for team in (m.team1, m.team2):
            clash = book.place(team, m.group, m)
            if clash is not None:
                first = r.where((*clash[1].path, "group"), clash[1].path)
                r.fail(
                    # TRANSLATORS: {line} is the line of the file where the team's first group is, {match} and
                    # {teams} are matches ("Spain - Italy").
                    (
                        _(
                            "{team} is in group {group} (line {line}, {match}), here in group {other} ({teams}): a "
                            "team plays in one group"
                        )
                        if r.textual
                        else _(
                            "{path}.group: {team} is in group {group} (line {line}, {match}), here in group {other} "
                            "({teams}): a team plays in one group"
                        )
                    ).format(
                        path=_path_text(m.path),
                        team=team,
                        group=clash[0],
                        line=first[0],
                        match=clash[1].names,
                        other=m.group,
                        teams=m.names,
                    ),
                    (*m.path, "group"),
                    m.path,
                )
    names: dict[str, tuple[_Match, str]] = {}  # in order of appearance: each team's first match and side
    for m in table:
        for team, side in ((m.team1, "team1"), (m.team2, "team2")):
            names.setdefault(team, (m, side))
    for team, known in spelled_twice(list(names)):
        m, side = names[team]
        earlier = names[known][0]
        line = r.where((*earlier.path, "team1"), earlier.path)[0]
        r.fail(
            # TRANSLATORS: {side} is the key of the JSON file (team1, team2): keep it; {line} the line of
            # the other spelling.
            (
                _("{team} and {other} (line {line}) differ only in case or spacing: write one team one way")
                if r.textual
                else _(
                    "{path}.{side}: {team} and {other} (line {line}) differ only in case or spacing: write one team "
                    "one way"
                )
            ).format(path=_path_text(m.path), side=side, team=repr(team), other=repr(known), line=line),
            (*m.path, side),
            m.path,
        )
    return list(names), {team: group for team, (group, _) in book.first.items()}


def _fractions(score: tuple[int, int] | None) -> tuple[Fraction, Fraction]:
    a, b = score if score is not None else (0, 0)
    return Fraction(a), Fraction(b)


def _schedules(t: Tournament) -> list[str]:
    """A warning when the league's teams do not play the same number of matches
    (pending ones included): a cup whose rounds are not named as knockout rounds, a
    split league, a team spelled two ways (``Ipswich Town`` beside ``Ipswich Town FC``)."""
    played = np.bincount(np.concatenate([t.white, t.black]), minlength=len(t.names))
    low, high = int(played.min()), int(played.max())
    if low == high:
        return []
    fewest = [t.names[i] for i in np.nonzero(played == low)[0][:3]]
    more = " …" if int(np.count_nonzero(played == low)) > 3 else ""
    # TRANSLATORS: {low} to {high} matches per team; {matches} is a count of matches ("36 matches"), the
    # fewest, and {teams} the teams that play them.
    message = _(
        "the teams do not play the same number of matches ({low} to {high}, pending ones included; {matches}: "
        "{teams}): check the file's rounds and team names"
    )
    return [
        message.format(
            low=integer_text(low),
            high=integer_text(high),
            matches=count(low, "{n} match", "{n} matches"),
            teams=", ".join(fewest) + more,
        )
    ]


def _group_system(t: Tournament) -> tuple[str, str]:
    """``round-robin`` when every group is one (every pair of a group met once, or
    every pair twice), else ``swiss``."""
    assert t.groups is not None
    times = set()
    for label in dict.fromkeys(t.groups):
        group = t.group(label)
        if group.system != "round-robin":
            return "swiss", _("not every pair of group {group} met once").format(group=label)
        times.add(int(meetings(group.white, group.black, len(group.names))[1].max(initial=1)))
    once = times.pop() if len(times) == 1 else None
    if once == 1:
        return "round-robin", _("every pair met once in each group")
    if once == 2:
        return "round-robin", _("every pair met twice in each group")
    if once is not None:
        return "round-robin", count(
            once, "every pair met {n} time in each group", "every pair met {n} times in each group"
        )
    return "round-robin", _("every pair met once or twice in each group")


__all__ = ["build", "looks_like_openfootball", "read_openfootball"]
