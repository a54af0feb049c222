"""Competitions played in groups: every group ranked in one run, the teams at one
place of every group compared across the groups (the best third-placed teams), and
the knockout round that follows from the group orders.

Decisions, where the regulations leave something to the program:

- **Each group alone.** A group is ranked on its own matches only, with the criteria
  given (or the preset's): exactly the table that group gives when ranked by itself.
- **Across groups.** The team at place *k* of every group is compared by points, then
  by the criteria of the competition's preset (``fifa-2026``: GD, GF, FP, FIFA;
  ``uefa-euro-2024``: GD, GF, WIN, DISC, QUAL), computed over its group matches.
  Without a preset that says so (``--across K``), the criteria in use that are not
  computed among the tied only (head-to-head, lots) are used. A head-to-head
  comparison means nothing between teams of different groups.
- **Groups of different sizes.** The results against the teams placed below the
  smallest group's size are left out, so that every team is compared on the same
  number of matches (the rule of UEFA's European qualifiers and of FIFA's ranking of
  teams across groups of unequal size); the teams left out are named in a warning.
- **Undecided places.** A group whose place *k* is shared (level on everything,
  supplied criteria missing) has no team at that place: the team its table lists at
  that place (a shared place keeps the file's order) is compared for it, flagged in a
  warning and in its row; slots of the bracket that depend on an undecided place, or
  on a shared place at the qualifying cut, are ``null`` with a warning, never guessed.
- **Checks under a preset.** The groups must be the regulation's (``A`` to ``L``, four
  teams each, every pair once): another size, or a match listed twice, is an error (a
  team spelled two ways makes a group of five). Without a preset these are warnings.
- **A competition in progress.** Groups with matches still to be played (listed
  without a score, or not listed) are ranked as they stand; the teams across groups are
  compared as things stand, nobody is marked as going through, and the bracket's slots
  those groups feed are ``null``; a warning says so (``crosstable outlook --group``
  says what can still happen).
- **The bracket.** Slots are written as the regulations write them: ``1A`` the winner
  of group A, ``2B`` the runner-up, ``3A/B/C/D/F`` a third-placed team of one of those
  groups, which one fixed by the combination table of the qualifying groups (shipped
  in ``crosstable/data``, sources in its ``SOURCES.md``).
"""

from __future__ import annotations

import csv
from collections.abc import Sequence
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

import numpy as np

from crosstable.errors import CriterionError, CrosstableError
from crosstable.model import Tournament, group_labels, meetings, normal_group
from crosstable.numbers import count
from crosstable.ranking import Standings, rank
from crosstable.rules import ACROSS, AcrossGroups
from crosstable.tiebreaks import REGISTRY

ORDINALS = {1: "first", 2: "second", 3: "third", 4: "fourth", 5: "fifth", 6: "sixth"}


@dataclass
class GroupTable:
    """One group's standings."""

    group: str
    standings: Standings


@dataclass
class AcrossTable:
    """The teams at one place of every group, ranked against each other."""

    place: int
    qualify: int | None
    standings: Standings
    group_of: dict[str, str]
    qualified: list[str]
    """The teams that go through, where known: not one whose group place is shared."""
    qualified_groups: list[str]
    """The groups whose team goes through (known even when the team is not)."""
    criteria_source: str
    undecided: dict[str, list[str]] = field(default_factory=dict)
    """The candidates taken from a shared group place: name → the teams sharing it."""

    def sharing(self, name: str) -> str:
        """The teams sharing the group place ``name`` was compared for: ``Slovenia or Denmark``."""
        return " or ".join(self.undecided[name])

    @property
    def key(self) -> str:
        """The JSON key: ``third_placed`` for place 3, ``second_placed`` …"""
        return f"{ORDINALS.get(self.place, f'{self.place}th')}_placed"


@dataclass(frozen=True)
class Tie:
    """One match of the knockout round drawn from the groups: its number, its slots
    and the teams in them (``None`` where the groups do not decide it yet)."""

    match: int
    home_slot: str
    away_slot: str
    home: str | None
    away: str | None


@dataclass
class Competition:
    """A competition's groups, its ranking across groups and the knockout round."""

    tournament: Tournament
    groups: list[GroupTable]
    across: AcrossTable | None = None
    knockout: list[Tie] = field(default_factory=list)
    round_name: str | None = None
    warnings: list[str] = field(default_factory=list)

    def heading(self) -> list[str]:
        """What was ranked and how: the first group's heading, with the groups named."""
        lines = self.groups[0].standings.heading()
        sizes = sorted({len(g.standings.rows) for g in self.groups})
        size = " or ".join(str(x) for x in sizes)
        names = f"{self.groups[0].group}–{self.groups[-1].group}" if len(self.groups) > 1 else self.groups[0].group
        lines[1] = f"{count(len(self.groups), 'group')} ({names}) of {size}; each group: " + lines[1]
        return lines

    def group_of(self, name: str) -> GroupTable:
        i = self.tournament.index(name)
        assert self.tournament.groups is not None
        label = self.tournament.groups[i]
        return next(g for g in self.groups if g.group == label)

    def explain(self, name: str) -> str:
        """The team's place in its group and why, then (when it is compared across the
        groups) its place among the teams at that place, and its knockout match."""
        table = self.group_of(name)
        own = table.standings.tournament.names[table.standings.tournament.index(name)]
        lines = [f"Group {table.group}. " + table.standings.explain(own)]
        a = self.across
        if a is not None:
            place = ORDINALS.get(a.place, f"{a.place}th")
            shared = next((c for c, names in a.undecided.items() if own in names), None)
            if own in a.group_of and own not in a.undecided:
                status = "going through" if own in a.qualified else "not going through" if a.qualified else ""
                lines.append(
                    f"Among the {place}-placed teams{f' ({status})' if status else ''}: " + a.standings.explain(own)
                )
            elif shared is not None:
                through = a.group_of[shared] in a.qualified_groups
                lines.append(
                    f"Group {table.group}'s {place} place is shared ({a.sharing(shared)}): compared among the "
                    f"{place}-placed teams as {shared} (place {a.standings.row(shared).place})"
                    + (", and it goes through, whichever team it is" if through else "")
                )
        for tie in self.knockout:
            if own in (tie.home, tie.away):
                other, slot = (tie.away, tie.away_slot) if own == tie.home else (tie.home, tie.home_slot)
                against = other if other is not None else f"{slot} (not decided yet)"
                lines.append(f"{(self.round_name or 'knockout').capitalize()}, match {tie.match}: against {against}")
        return "\n".join(lines)

    def to_dict(self) -> dict[str, Any]:
        """The public JSON shape: ``groups`` (each with its ``standings`` rows as
        :meth:`Standings.to_dict` writes them), the ranking across groups under
        ``third_placed`` (``second_placed`` … for another place) with ``qualified``, the
        ``knockout`` matches, and every ``warnings``."""
        tables = [g.standings.to_dict() for g in self.groups]  # once each: every row's values are computed
        data: dict[str, Any] = {
            k: v for k, v in (tables[0] if tables else {}).items() if k not in ("standings", "warnings")
        }
        data["groups"] = [
            {"group": g.group, "standings": d["standings"]} for g, d in zip(self.groups, tables, strict=True)
        ]
        if self.across is not None:
            s = self.across.standings.to_dict()
            rows = s["standings"]
            for row in rows:
                row["group"] = self.across.group_of[row["name"]]
                row["qualified"] = row["name"] in self.across.qualified
                if row["name"] in self.across.undecided:  # the group's place is shared: which team is not known
                    row["undecided"] = self.across.sharing(row["name"])
            data[self.across.key] = {
                "place": self.across.place,
                "tiebreaks": s["tiebreaks"],
                "tiebreaks_source": self.across.criteria_source,
                "standings": rows,
                "qualified": list(self.across.qualified),
            }
        if self.knockout:
            data["knockout_round"] = self.round_name
            data["knockout"] = [
                {"match": k.match, "home_slot": k.home_slot, "away_slot": k.away_slot, "home": k.home, "away": k.away}
                for k in self.knockout
            ]
        data["warnings"] = list(self.warnings)
        return data


def one_group(t: Tournament, group: str | None) -> Tournament:
    """One group of a competition as a table of its own (``--group``, the web's
    ``group``); a competition of several groups without one is refused (one table
    would mix the groups), an event without groups is returned as it is."""
    if t.groups is None:
        if group is not None:
            raise CrosstableError(f"group {group}: the event has no groups")
        return t
    labels = group_labels(t.groups)
    if group is None:
        if len(labels) == 1:
            return t
        raise CrosstableError(
            f"a competition in {len(labels)} groups ({', '.join(labels)}): choose one group "
            '(--group LABEL on the command line, "group" in the HTTP API)'
        )
    label = normal_group(group)
    if label not in labels:
        raise CrosstableError(f"group {group}: no such group; the groups are {', '.join(labels)}")
    return t.group(label)


def rank_competition(
    t: Tournament,
    tiebreaks: Sequence[str] | str | None = None,
    *,
    rules: str | None = None,
    across: int | None = None,
    qualify: int | None = None,
) -> Competition:
    """Rank every group of ``t`` (which must have :attr:`~Tournament.groups`); compare
    the teams at place ``across`` of every group (the preset's place when ``rules``
    names a competition preset such as ``fifa-2026``), the first ``qualify`` going
    through; draw the preset's knockout round. See the module docstring."""
    if t.groups is None:
        raise CriterionError("not a competition in groups: the file has no group column")
    name = rules.strip().lower() if rules is not None else ""
    rule = ACROSS.get(name)
    labels = group_labels(t.groups)
    _check_options(rule, name, labels, across, qualify)
    tables = [GroupTable(label, rank(t.group(label), tiebreaks, rules=rules)) for label in labels]
    times = 1 if rule is not None else _most_meetings(t)
    problems, notes, unfinished = _schedules(tables, rule, times)
    if rule is not None and problems:
        raise CriterionError(f"preset {name}: " + "; ".join(problems))
    comp = Competition(t, tables, warnings=_group_warnings(t, tables) + problems + notes)
    place = across if across is not None else rule.place if rule is not None else None
    if place is None:
        return comp
    if rule is not None and across is not None and across != rule.place:
        rule = None  # another place than the preset's: no qualifiers, no bracket
    chosen = qualify if qualify is not None else rule.qualify if rule is not None else None
    comp.across = _across(t, tables, place, chosen, rule, unfinished)
    comp.warnings.extend(w for w in comp.across.standings.warnings if w not in comp.warnings)
    if rule is not None:
        comp.knockout = bracket(rule, tables, comp.across, comp.warnings, set(unfinished))
        comp.round_name = rule.round_name
    return comp


def _check_options(
    rule: AcrossGroups | None, name: str, labels: list[str], across: int | None, qualify: int | None
) -> None:
    """A preset's groups are the regulation's (``A`` to ``L``); ``qualify`` goes with
    a ranking across groups, and with a preset only as the regulation says."""
    if rule is not None:
        expected = [chr(ord("A") + k) for k in range(rule.groups)]
        if labels != expected:
            raise CriterionError(
                f"preset {name} is written for {rule.groups} groups, {expected[0]} to {expected[-1]}; the file's "
                f"groups are {', '.join(labels)}: rank it with --tiebreaks, or with --across K for the teams at "
                "place K"
            )
    if qualify is not None and across is None and rule is None:
        raise CriterionError("--qualify needs --across K (the teams at place K of every group compared)")
    if rule is not None and qualify is not None and qualify != rule.qualify and across in (None, rule.place):
        raise CriterionError(
            f"--qualify {qualify}: the {name} regulations send {rule.qualify} of the "
            f"{ORDINALS.get(rule.place, str(rule.place))}-placed teams through, and the bracket is drawn for them"
        )


def _most_meetings(t: Tournament) -> int:
    """How many times the pairs of a group meet: the most any pair of the file meets
    (once in a World Cup group, twice in a group of home and away matches)."""
    return int(meetings(t.white, t.black, len(t.names))[1].max(initial=1))


def _schedules(
    tables: list[GroupTable], rule: AcrossGroups | None, times: int
) -> tuple[list[str], list[str], list[str]]:
    """What the groups' schedules say of the file: a group of another size than the
    regulation's, a match listed more often than pairs meet (errors under a preset,
    else warnings); a pair that has not met and has no match listed (a match not typed
    yet, a team spelled two ways: a warning); and the groups not finished (a pair that
    has not met as often as pairs meet, a match still to be played)."""
    out, notes, unfinished = [], [], []
    for table in tables:
        g = table.standings.tournament
        n = len(g.names)
        if rule is not None and n != rule.size:
            out.append(
                f"group {table.group} has {count(n, 'team')} ({', '.join(g.names)}); the regulation's groups have "
                f"{rule.size}: a team spelled two ways?"
            )
        keys, counts = meetings(g.white, g.black, n)
        twice = [f"{g.names[k // n]} - {g.names[k % n]}" for k in keys[counts > times].tolist()]
        if twice:
            often = {1: "once", 2: "twice"}.get(times, f"{times} times")
            out.append(f"group {table.group}: {', '.join(twice)} listed more than {often}")
        missing = n * (n - 1) // 2 - len(keys)
        if missing:
            notes.append(
                f"group {table.group}: {count(missing, 'pair')} of teams have no match listed: a match not typed "
                "yet, or a team spelled two ways?"
            )
        if missing or g.pending or bool((counts != times).any()):
            unfinished.append(table.group)
    return out, notes, unfinished


def _group_warnings(t: Tournament, tables: list[GroupTable]) -> list[str]:
    """The file's warnings, then each group's own: once without the group's name when
    every group says it (no cards supplied), else prefixed ``group A:``."""
    out = list(dict.fromkeys(t.warnings))
    said: dict[str, list[str]] = {}
    for g in tables:
        for w in dict.fromkeys(g.standings.warnings):
            if w not in out:
                said.setdefault(w, []).append(g.group)
    for w, groups in said.items():
        if len(groups) == len(tables):
            out.append(w)
        else:
            out.extend(f"group {label}: {w}" for label in groups)
    return out


def _across(
    t: Tournament,
    tables: list[GroupTable],
    place: int,
    qualify: int | None,
    rule: AcrossGroups | None,
    unfinished: list[str],
) -> AcrossTable:
    """Rank the teams at ``place`` of every group (see the module docstring); nobody
    goes through while a group is unfinished or what is compared is not decided."""
    smallest = min(len(g.standings.rows) for g in tables)
    if not 1 <= place <= smallest:
        raise CriterionError(f"--across {place}: every group has places 1 to {smallest} at least")
    if rule is not None:
        criteria, source = list(rule.criteria), f"preset {rule.bracket}"
    else:
        criteria = [s.label for s in tables[0].standings.criteria if not REGISTRY[s.code].is_local]
        source = "the criteria in use that compare teams of different groups"
    candidates: list[int] = []
    group_of: dict[str, str] = {}
    counted = np.ones(len(t.white), dtype=bool)
    below: list[str] = []
    notes: list[str] = []
    undecided: dict[str, list[str]] = {}
    ordinal = ORDINALS.get(place, f"{place}th")
    settled = not unfinished
    if unfinished:
        notes.append(
            f"{'group' if len(unfinished) == 1 else 'groups'} {', '.join(unfinished)} "
            f"{'has' if len(unfinished) == 1 else 'have'} matches still to be played: the {ordinal}-placed teams "
            "are compared as things stand, and nobody is marked as going through"
        )
    for g in tables:
        rows = g.standings.rows
        row = rows[place - 1]
        if "-" in row.place:
            undecided[row.name] = [r.name for r in rows if r.place == row.place]
            notes.append(
                f"group {g.group}: place {place} is shared ({row.place}: "
                f"{', '.join(r.name for r in rows if r.place == row.place)}); {row.name}, listed at that place, is "
                f"compared as its {ordinal}-placed team"
            )
        if len(rows) > smallest and rows[smallest - 1].place == rows[smallest].place:
            settled = False
            notes.append(
                f"group {g.group}: place {rows[smallest].place} is shared, so whose results are left out (the "
                f"teams placed below {smallest}) is not decided; nobody is marked as going through"
            )
        i = t.index(row.name)
        candidates.append(i)
        group_of[t.names[i]] = g.group
        for r in rows[smallest:]:
            j = t.index(r.name)
            below.append(r.name)
            counted &= (t.white != j) & (t.black != j)
    if below:
        notes.append(
            f"the groups differ in size: results against {', '.join(below)} (placed below {smallest}) are not "
            f"counted in the comparison of the {ordinal}-placed teams"
        )
    compared = t.select(range(len(t.names)), counted)
    s = rank(compared, criteria, among=candidates)
    s.criteria_source = source
    s.warnings[:0] = notes
    through: list[str] = []
    if not settled:
        pass
    elif qualify is not None and qualify < len(s.rows):
        cut = s.rows[qualify - 1]
        if s.rows[qualify].place == cut.place:
            s.warnings.append(
                f"the {qualify} qualifiers are not decided: place {cut.place} is shared at the cut "
                f"({', '.join(r.name for r in s.rows if r.place == cut.place)})"
            )
            through = [r.name for r in s.rows[:qualify] if r.place != cut.place]
        else:
            through = [r.name for r in s.rows[:qualify]]
    elif qualify is not None:
        through = [r.name for r in s.rows]
    qualified = [name for name in through if name not in undecided]
    for name in through:
        if name in undecided:
            s.warnings.append(
                f"group {group_of[name]}'s {ordinal}-placed team goes through, but which team it is is not "
                f"decided ({' or '.join(undecided[name])})"
            )
    return AcrossTable(place, qualify, s, group_of, qualified, [group_of[n] for n in through], source, undecided)


def _table(name: str) -> list[dict[str, str]]:
    text = resources.files("crosstable").joinpath("data", name).read_text(encoding="utf-8")
    return list(csv.DictReader(text.splitlines()))


def slots(bracket_name: str) -> list[tuple[int, str, str]]:
    """The knockout round's matches: number, home slot, away slot."""
    rows = _table(f"{bracket_name}-round-of-{_size(bracket_name)}.csv")
    return [(int(r["match"]), r["home"], r["away"]) for r in rows]


def _size(bracket_name: str) -> int:
    return 32 if bracket_name.startswith("fifa") else 16


def combinations(bracket_name: str) -> dict[str, dict[str, str]]:
    """The combination table: for each set of qualifying groups (``BDEFIJKL``), the
    group of the third-placed team each group winner meets (``{"1A": "E", …}``)."""
    rows = _table(f"{bracket_name}-third-placed.csv")
    return {r["groups"]: {k: v for k, v in r.items() if k.startswith("1")} for r in rows}


def bracket(
    rule: AcrossGroups,
    tables: list[GroupTable],
    across: AcrossTable,
    warnings: list[str],
    unfinished: set[str] | None = None,
) -> list[Tie]:
    """The knockout round: each slot filled from the group orders and the combination
    table, ``None`` where the groups leave it undecided (a group with matches still to
    be played, a shared place, qualifiers not decided), with a warning."""
    by_group = {g.group: g.standings for g in tables}
    qualified = across.qualified_groups
    table = combinations(rule.bracket)
    key = "".join(sorted(qualified))
    assignment = table.get(key) if len(qualified) == rule.qualify else None
    if len(qualified) == rule.qualify and assignment is None:
        raise CriterionError(f"the {rule.bracket} table has no row for the qualifying groups {key}")

    def team(slot: str, opponent: str) -> str | None:
        if slot.startswith("3"):
            if assignment is None:
                return None
            group = assignment[opponent]
            if group not in slot[1:].split("/"):
                raise CriterionError(f"the {rule.bracket} table sends 3{group} to slot {slot}")
            slot = "3" + group
        place, group = int(slot[0]), slot[1:]
        if group in (unfinished or set()):
            return None
        rows = by_group[group].rows
        row = rows[place - 1]
        return None if "-" in row.place else row.name

    ties = []
    for match, home, away in slots(rule.bracket):
        ties.append(Tie(match, home, away, team(home, away), team(away, home)))
    undecided = [f"{t.match} ({t.home_slot} v {t.away_slot})" for t in ties if t.home is None or t.away is None]
    if undecided:
        warnings.append(
            f"the {rule.round_name} is not decided for match {', '.join(undecided)}: a group still to be "
            "finished, a shared group place, or qualifiers not decided"
        )
    return ties


__all__ = ["AcrossTable", "Competition", "GroupTable", "Tie", "bracket", "combinations", "rank_competition", "slots"]
