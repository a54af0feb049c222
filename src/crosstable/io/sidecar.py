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
"""

from __future__ import annotations

import csv
import dataclasses
from fractions import Fraction
from pathlib import Path

from crosstable.errors import InputError, Problem
from crosstable.i18n import _, integer_text, ngettext
from crosstable.io import read_file
from crosstable.io.games import LONGEST_LINE, sniff_delimiter, split_lines
from crosstable.model import Adjustment, Cards, Tournament, name_key
from crosstable.numbers import parse_number

_CARD_COLUMNS = ("yellow", "indirect_red", "direct_red", "yellow_and_direct_red")


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


def add_discipline(t: Tournament, path: str | Path, text: str | None = None) -> Tournament:
    """The tournament with the cards and points adjustments of a discipline file
    (``text``, when given, is its content and ``path`` only names it)."""
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
    for line, cells in rows[1:]:
        if team_col >= len(cells):
            problems.append(Problem(_("no team in column {column}").format(column=team_col + 1), line, 1))
            continue
        i = _team(t, cells[team_col].strip(), source, line)
        counts = []
        for name in _CARD_COLUMNS:
            k = col.get(name)
            text = cells[k].strip() if k is not None and k < len(cells) else ""
            if text and not text.isdigit():
                message = _("{value} is not a number of cards").format(value=repr(text))
                problems.append(Problem(message, line, k + 1 if k is not None else 1))
                text = ""
            counts.append(int(text or 0))
        cards[i] = cards.get(i, Cards()) + Cards(*counts)
        for name, sign in (("deduction", -1), ("adjustment", 1)):
            k = col.get(name)
            text = cells[k].strip() if k is not None and k < len(cells) else ""
            if text:
                value = parse_number(text)
                if value is None:
                    problems.append(
                        Problem(_("{value} is not a number of points").format(value=repr(text)), line, (k or 0) + 1)
                    )
                else:
                    adjustments.append(Adjustment(i, sign * value))
    if problems:
        raise InputError(source, problems)
    return dataclasses.replace(t, cards=cards, adjustments=adjustments, warnings=list(t.warnings))


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
        value = parse_number(cells[1])
        if value is None:
            if line == rows[0][0]:
                continue  # a header
            problems.append(
                Problem(_("{value} is not a number").format(value=repr(cells[1].strip())), line, len(cells[0]) + 2)
            )
            continue
        team = key.get(name_key(cells[0]))
        if team is None:
            others.append(cells[0].strip())
        elif team in values:
            problems.append(Problem(_("{name} is listed twice").format(name=repr(cells[0].strip())), line, 1))
        else:
            values[team] = value
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
