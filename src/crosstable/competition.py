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
  supplied criteria missing) has no team at that place: its candidate is the first of
  the shared place in the file's order, flagged in a warning; slots of the bracket
  that depend on an undecided place, or on a shared place at the qualifying cut, are
  ``null`` with a warning, never guessed.
- **A competition in progress.** Groups with matches still to be played are ranked as
  they stand; the ranking across groups and the bracket are then as things stand,
  and a warning says so (``crosstable outlook --group`` says what can still happen).
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
from crosstable.model import Tournament, group_labels, normal_group
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
    undecided: dict[str, str] = field(default_factory=dict)
    """The candidates taken from a shared group place: name → the teams sharing it."""

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
        lines[1] = f"{len(self.groups)} groups ({names}) of {size}; each group: " + lines[1]
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
        if self.across is not None and own in self.across.group_of:
            s = self.across.standings
            place = ORDINALS.get(self.across.place, f"{self.across.place}th")
            status = "qualified" if own in self.across.qualified else "not qualified"
            lines.append(f"Among the {place}-placed teams ({status}): " + s.explain(own))
        for tie in self.knockout:
            if own in (tie.home, tie.away):
                other = tie.away if own == tie.home else tie.home
                lines.append(f"{(self.round_name or 'knockout').capitalize()}, match {tie.match}: against {other}")
        return "\n".join(lines)

    def to_dict(self) -> dict[str, Any]:
        """The public JSON shape: ``groups`` (each with its ``standings`` rows as
        :meth:`Standings.to_dict` writes them), the ranking across groups under
        ``third_placed`` (``second_placed`` … for another place) with ``qualified``, the
        ``knockout`` matches, and every ``warnings``."""
        first = self.groups[0].standings.to_dict() if self.groups else {}
        keys = ("event", "format", "scoring", "tiebreaks", "tiebreaks_source")
        data: dict[str, Any] = {k: first.get(k) for k in keys}
        data["groups"] = [{"group": g.group, "standings": g.standings.to_dict()["standings"]} for g in self.groups]
        if self.across is not None:
            s = self.across.standings.to_dict()
            rows = s["standings"]
            for row in rows:
                row["group"] = self.across.group_of[row["name"]]
                row["qualified"] = row["name"] in self.across.qualified
                if row["name"] in self.across.undecided:  # the group's place is shared: which team is not known
                    row["undecided"] = self.across.undecided[row["name"]]
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
    rule = ACROSS.get(rules.strip().lower()) if rules is not None else None
    labels = group_labels(t.groups)
    if rule is not None and len(labels) != rule.groups:
        raise CriterionError(
            f"preset {rules} is written for {rule.groups} groups; the file has {len(labels)} "
            f"({', '.join(labels)}): rank it with --tiebreaks, or with --across K for the teams at place K"
        )
    tables: list[GroupTable] = []
    for label in labels:
        tables.append(GroupTable(label, rank(t.group(label), tiebreaks, rules=rules)))
    comp = Competition(t, tables, warnings=_group_warnings(t, tables))
    place = across if across is not None else rule.place if rule is not None else None
    if place is None:
        return comp
    if rule is not None and across is not None and across != rule.place:
        rule = None  # another place than the preset's: no qualifiers, no bracket
    comp.across = _across(t, tables, place, qualify if qualify is not None else rule.qualify if rule else None, rule)
    comp.warnings.extend(w for w in comp.across.standings.warnings if w not in comp.warnings)
    if rule is not None:
        comp.knockout = bracket(rule, tables, comp.across, comp.warnings)
        comp.round_name = rule.round_name
    left = t.pending
    if left:
        after = f" and the {rule.round_name}" if rule is not None else ""
        comp.warnings.append(
            f"{left} group {'match is' if left == 1 else 'matches are'} still to be played: the ranking across "
            f"the groups{after} {'are' if after else 'is'} as things stand, not final"
        )
    return comp


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
    t: Tournament, tables: list[GroupTable], place: int, qualify: int | None, rule: AcrossGroups | None
) -> AcrossTable:
    """Rank the teams at ``place`` of every group (see the module docstring)."""
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
    undecided: dict[str, str] = {}
    for g in tables:
        rows = g.standings.rows
        row = rows[place - 1]
        if "-" in row.place:
            undecided[row.name] = " or ".join(r.name for r in rows if r.place == row.place)
            notes.append(
                f"group {g.group}: place {place} is shared ({row.place}: "
                f"{', '.join(r.name for r in rows if r.place == row.place)}); {row.name} is taken as its "
                f"{ORDINALS.get(place, f'{place}th')}-placed team, in the file's order"
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
            f"counted in the comparison of the {ORDINALS.get(place, f'{place}th')}-placed teams"
        )
    compared = t.select(range(len(t.names)), counted)
    s = rank(compared, criteria, among=candidates)
    s.criteria_source = source
    s.warnings[:0] = notes
    through: list[str] = []
    if qualify is not None and qualify < len(s.rows):
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
                f"group {group_of[name]}'s {ORDINALS.get(place, f'{place}th')}-placed team goes through, but "
                f"which team it is is not decided ({undecided[name]})"
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


def bracket(rule: AcrossGroups, tables: list[GroupTable], across: AcrossTable, warnings: list[str]) -> list[Tie]:
    """The knockout round: each slot filled from the group orders and the combination
    table, ``None`` where the groups leave it undecided (with a warning)."""
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
        rows = by_group[group].rows
        row = rows[place - 1]
        return None if "-" in row.place else row.name

    ties = []
    for match, home, away in slots(rule.bracket):
        ties.append(Tie(match, home, away, team(home, away), team(away, home)))
    undecided = [f"{t.match} ({t.home_slot} v {t.away_slot})" for t in ties if t.home is None or t.away is None]
    if undecided:
        warnings.append(
            f"the {rule.round_name} is not decided for match {', '.join(undecided)}: a group place or the "
            "qualifying third-placed teams are still shared"
        )
    return ties


__all__ = ["AcrossTable", "Competition", "GroupTable", "Tie", "bracket", "combinations", "rank_competition", "slots"]
