"""Files that add to a tournament: discipline records and external rankings.

- **Discipline** (``--discipline FILE``): CSV/TSV with a header ``team`` (or
  ``name``), ``yellow``, ``indirect_red`` (second yellow), ``direct_red``,
  ``yellow_and_direct_red``, and optionally ``deduction`` (points deducted, e.g. 6)
  or ``adjustment`` (points added, negative to deduct). Totals per team; they add
  to any cards the fixtures list.
- **Ranking** (``--ranking NAME=FILE``): CSV/TSV ``team,value``: lower is better
  for ``FIFA``, ``QUAL`` and ``PSO`` (a ranking position, 1 for a shoot-out winner
  and 2 for the loser), higher for ``CLUB`` (a UEFA club coefficient); each
  criterion says which. A published ranking lists more teams than the event: those are left
  out (named once in the warnings); every team of the event must have a value,
  except in ``PSO``, which names the two teams of a shoot-out only.

Team names are matched ignoring case and spacing. In a discipline file an unknown
team is an error naming the line.

**A team a discipline file leaves out.** When the fixtures list no cards, the file
is the only record of them, and a team without a line in it would have no cards: a
clean record nobody reported. Organisers and statisticians often type the records of
the teams that were level only (the fair-play criteria come after the points, and
compare only the teams still level), so a file need not list every team. Decided:

- when a criterion counting cards ranks the event (``FP``, ``DISC``, and the presets
  using them: ``fifa-2018``, ``fifa-2026``, ``euro-2024`` …; the caller says so with
  ``ranked_by``) and a team left out is level on points with another team of its
  group, the file is refused, at the header's team column, naming every such team:
  its made-up 0 could decide a place. A team with no cards is written with zeros
  (``Poland,0,0,0,0``);
- otherwise the cards of the teams left out decide nothing: they are counted as
  having none, and a warning names them (the group H file of the 2018 World Cup lists
  Japan and Senegal, level on everything but the cards; Colombia and Poland are
  named);
- a file with no card column (deductions only) and a file adding to cards the
  fixtures list (a team it leaves out keeps its fixtures' record) need no line per
  team.

**Numbers** go through :mod:`crosstable.fields` (ASCII digits, each kind's range
before ``int()``): card counts are whole numbers from 0 to 999, a ranking position
(``FIFA``, ``QUAL``, ``PSO``) a whole number from 1 to 9,999; the numbers that may
have decimals (a club coefficient, points deducted or added) are read by
:func:`crosstable.numbers.parse_number` once a digit other than 0-9 has been
refused (:func:`crosstable.fields.foreign_digit`).
"""

from __future__ import annotations

import csv
import dataclasses
from collections import Counter
from collections.abc import Iterable
from fractions import Fraction
from pathlib import Path

from crosstable.errors import InputError, Problem
from crosstable.fields import CARDS, Range, foreign_digit, whole_at
from crosstable.i18n import N_, _, integer_text, ngettext
from crosstable.io import read_file
from crosstable.io.games import LONGEST_LINE, sniff_delimiter, split_lines
from crosstable.model import Adjustment, Cards, Tournament
from crosstable.names import name_key
from crosstable.numbers import parse_number
from crosstable.tiebreaks import Spec
from crosstable.tiebreaks.football import CARD_CRITERIA

_CARD_COLUMNS = ("yellow", "indirect_red", "direct_red", "yellow_and_direct_red")


POSITION = Range(1, 9999, N_("{cell} is not a ranking position from {low} to {high}"))
"""A place in an external ranking (``FIFA``, ``QUAL``, ``PSO``)."""

_DECIMAL_RANKINGS = ("CLUB",)
"""The external rankings whose values are no positions but numbers with decimals."""


def _decimal(text: str, message: str, problems: list[Problem], line: int, column: int) -> Fraction | None:
    """A number that may have decimals (``message`` refuses it, ``{value}`` the text),
    after :func:`~crosstable.fields.foreign_digit`; ``None`` and a problem otherwise."""
    refused = foreign_digit(text.strip())
    value = None if refused else parse_number(text)
    if value is None:
        problems.append(Problem(refused or message.format(value=repr(text.strip())), line, column))
    return value


def _rows(path: str | Path, text: str | None = None) -> tuple[str, list[tuple[int, list[str]]]]:
    if text is None:
        text = read_file(path)
    long = next((k for k, line in enumerate(split_lines(text)) if len(line) > LONGEST_LINE), None)
    if long is not None:
        message = ngettext(
            "a line longer than {n} character", "a line longer than {n} characters", LONGEST_LINE
        ).format(n=integer_text(LONGEST_LINE))
        raise InputError(str(path), [Problem(message, long + 1)])
    reader = csv.reader(split_lines(text), delimiter=sniff_delimiter(text))
    return str(path), [(k + 1, r) for k, r in enumerate(reader) if any(c.strip() for c in r)]


def _team(t: Tournament, name: str, source: str, line: int) -> int:
    if name in t.names:
        return t.names.index(name)
    raise InputError(
        source, [Problem(_("{name} is not a participant of the tournament").format(name=repr(name)), line, 1)]
    )


def add_discipline(
    t: Tournament, path: str | Path, text: str | None = None, *, ranked_by: Iterable[Spec] | None = None
) -> Tournament:
    """The tournament with the cards and points adjustments of a discipline file
    (``text``, when given, is its content and ``path`` only names it). ``ranked_by``:
    the criteria the event will be ranked by; when one counts cards
    (:data:`~crosstable.tiebreaks.football.CARD_CRITERIA`)
    a team the file leaves out that is level on points with another (A and B here) is
    refused, else warned of (see the module docstring).

    >>> t = Tournament.from_games(["A", "B", "C"], [("A", "B", "1-0"), ("B", "C", "1-0")])
    >>> text = "team,yellow,indirect_red,direct_red,yellow_and_direct_red\\nA,2,0,0,0\\n"
    >>> add_discipline(t, "fp.csv", text).warnings
    ['fp.csv: B, C not listed: counted as having no cards']
    >>> from crosstable.tiebreaks import parse_list
    >>> try:
    ...     add_discipline(t, "fp.csv", text, ranked_by=parse_list("GD, FP"))
    ... except InputError as e:
    ...     print(e.problems[0].where("fp.csv"), e.problems[0].message.split(":")[0])
    fp.csv:1:1 no cards for B, level on points with another team
    """
    source, rows = _rows(path, text)
    if not rows:
        raise InputError(source, [Problem(_("the file is empty"), 1, 1)])
    header = [c.strip().lower() for c in rows[0][1]]
    if not ({"team", "name"} & set(header)):
        raise InputError(source, [Problem(_("the header must name a team column and the card columns"), 1, 1)])
    col = {name: k for k, name in enumerate(header)}
    team_col = col.get("team", col.get("name", 0))
    cards = dict(t.cards)
    adjustments = list(t.adjustments)
    problems: list[Problem] = []
    listed: set[int] = set()
    with_cards = any(name in col for name in _CARD_COLUMNS)  # else deductions only: no record of cards
    for line, cells in rows[1:]:
        if team_col >= len(cells):
            problems.append(Problem(_("no team in column {column}").format(column=team_col + 1), line, 1))
            continue
        i = _team(t, cells[team_col].strip(), source, line)
        listed.add(i)
        counts = []
        for name in _CARD_COLUMNS:
            k = col.get(name)
            cell = cells[k].strip() if k is not None and k < len(cells) else ""
            counts.append((whole_at(cell, CARDS, problems, line, (k or 0) + 1) or 0) if cell else 0)
        if with_cards:
            cards[i] = cards.get(i, Cards()) + Cards(*counts)
        for name, sign in (("deduction", -1), ("adjustment", 1)):
            k = col.get(name)
            cell = cells[k].strip() if k is not None and k < len(cells) else ""
            if cell:
                value = _decimal(cell, _("{value} is not a number of points"), problems, line, (k or 0) + 1)
                if value is not None:
                    adjustments.append(Adjustment(i, sign * value))
    warnings = list(t.warnings)
    left_out = [i for i in range(len(t.names)) if i not in listed] if with_cards and not t.cards else []
    counting = sorted({s.code for s in ranked_by or ()} & set(CARD_CRITERIA))
    at_stake = _level(dataclasses.replace(t, adjustments=adjustments), left_out) if counting else []
    if at_stake:
        names, n = ", ".join(t.names[i] for i in at_stake), len(at_stake)
        message = ngettext(
            "no cards for {names}, level on points with another team: {criteria} may rank it by its cards; "
            "add a line for it (0 for none)",
            "no cards for {names}, each level on points with another team: {criteria} may rank them by their "
            "cards; add a line for each (0 for none)",
            n,
        ).format(names=names, criteria=", ".join(counting))
        problems.append(Problem(message, 1, team_col + 1))
    elif left_out:
        names, n = ", ".join(t.names[i] for i in left_out), len(left_out)
        warnings.append(
            ngettext(
                "{source}: {names} not listed: counted as having no cards",
                "{source}: {names} not listed: counted as having no cards",
                n,
            ).format(source=source, names=names)
        )
    if problems:
        raise InputError(source, problems)
    return dataclasses.replace(t, cards=cards, adjustments=adjustments, warnings=warnings)


def _level(t: Tournament, teams: list[int]) -> list[int]:
    """The ``teams`` level on points with another team (of their group): those whose
    cards a fair-play criterion may compare."""
    scores = t.scores()
    group = t.groups or [""] * len(t.names)
    seen = Counter((group[i], scores[i]) for i in range(len(t.names)))
    return [i for i in teams if seen[(group[i], scores[i])] > 1]


def add_ranking(t: Tournament, name: str, path: str | Path) -> Tournament:
    """The tournament with an external ranking ``name`` (``FIFA``, ``QUAL``, ``PSO``):
    a file of two columns, team and value (a header row is skipped); see the module
    docstring."""
    source, rows = _rows(path)
    key = {name_key(n): i for i, n in enumerate(t.names)}
    values: dict[int, Fraction] = {}
    others: list[str] = []
    problems: list[Problem] = []
    for line, cells in rows:
        if len(cells) < 2:
            problems.append(Problem(_("expected two columns: team, value"), line, 1))
            continue
        if line == rows[0][0] and not any(c.isdigit() for c in cells[1]):
            continue  # a header
        column = len(cells[0]) + 2
        value: Fraction | int | None
        if name.upper() in _DECIMAL_RANKINGS:
            value = _decimal(cells[1], _("{value} is not a number"), problems, line, column)
        else:
            value = whole_at(cells[1], POSITION, problems, line, column)
        if value is None:
            continue
        team = key.get(name_key(cells[0]))
        if team is None:
            others.append(cells[0].strip())
        elif team in values:
            problems.append(Problem(_("{name} is listed twice").format(name=repr(cells[0].strip())), line, 1))
        else:
            values[team] = Fraction(value)
    missing = [t.names[i] for i in range(len(t.names)) if i not in values]
    if missing and name.upper() != "PSO":
        # TRANSLATORS: {ranking} is the code of an external ranking (FIFA, QUAL, CLUB); {names} lists teams
        message = _("no {ranking} value for {names}").format(ranking=name.upper(), names=", ".join(missing))
        problems.append(Problem(message, None, None))
    if problems:
        raise InputError(source, problems)
    rankings = dict(t.rankings)
    rankings[name.upper()] = values
    warnings = list(t.warnings)
    if others:
        shown = ", ".join(others[:5])
        if len(others) > 5:
            rest = len(others) - 5
            shown = ngettext("{names} and {n} more", "{names} and {n} more", rest).format(
                names=shown, n=integer_text(rest)
            )
        n = len(others)
        warnings.append(
            ngettext(
                "{source}: {n} team not in this event left out ({names})",
                "{source}: {n} teams not in this event left out ({names})",
                n,
            ).format(source=source, n=integer_text(n), names=shown)
        )
    return dataclasses.replace(t, rankings=rankings, warnings=warnings)
