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
  in ``crosstable/data``, sources in its ``SOURCES.md``; the round's file is
  ``{bracket}-round-of-N.csv``).
- **A bracket from the group places alone.** The World Cups of 1998 to 2022
  (:data:`crosstable.rules.BRACKETS`) compare nobody across the groups: the round of
  16 takes the winners and runners-up (``1A`` v ``2B`` …, each edition's match
  numbers). Such a preset on groups that are not its regulation's (not eight groups
  ``A`` to ``H`` of four, every pair once) ranks every group by its criteria and draws
  no bracket, with a warning: it is not an error, since the criteria apply to any
  group.
- **The edition.** A preset written for other dates than the matches' (see
  :func:`crosstable.rules.edition_warning`) is said once for the competition, each
  group's ranking saying the same.
"""

from __future__ import annotations

import csv
from collections.abc import Sequence
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

import numpy as np

from crosstable.errors import CriterionError, CrosstableError, printable
from crosstable.fields import Range, text_argument, whole_argument
from crosstable.i18n import N_, _, integer_text, ngettext
from crosstable.model import Tournament, group_labels, meetings, normal_group, tournament_argument
from crosstable.numbers import count
from crosstable.ranking import ACROSS_SOURCE, PRESET_SOURCE, Row, Standings, rank
from crosstable.rules import ACROSS, BRACKETS, AcrossGroups, GroupBracket
from crosstable.tiebreaks import REGISTRY

PLACE = Range(1, 999, N_("{cell} is not a place from {low} to {high}"))
"""``across``: the place of every group whose teams are compared."""
QUALIFIERS = Range(1, 999, N_("{cell} is not a number of qualifiers from {low} to {high}"))
"""``qualify``: how many of the teams compared go through."""

ORDINALS = {1: N_("first"), 2: N_("second"), 3: N_("third"), 4: N_("fourth"), 5: N_("fifth"), 6: N_("sixth")}
"""The places' ordinal words, English (the JSON's keys: ``third_placed``); :func:`ordinal`
writes them in the current language."""


def ordinal(place: int) -> str:
    """A place's ordinal word in the current language (``third``, ``7th``), as the
    sentences write ``the third-placed teams``."""
    if place in ORDINALS:
        return _(ORDINALS[place])
    # TRANSLATORS: an ordinal number beyond the sixth (7th, 8th …).
    return _("{n}th").format(n=integer_text(place))


def either(names: Sequence[str]) -> str:
    """``Slovenia or Denmark``, ``3 or 4``, in the current language."""
    text = ""
    for k, name in enumerate(names):
        # TRANSLATORS: two alternatives: teams sharing a place, or the sizes of groups ("3 or 4").
        text = name if k == 0 else _("{first} or {second}").format(first=text, second=name)
    return text


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
        return either(self.undecided[name])

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

    @property
    def stage(self) -> str:
        """The knockout round's name in the current language, its first letter in
        capitals (``Round of 32``; the rest as it is, unlike ``str.capitalize``)."""
        # the round's name (round of 32) comes from the rules' presets, marked there for the catalogues
        name = _(self.round_name) if self.round_name else _("knockout")
        return name[:1].upper() + name[1:]

    def heading(self) -> list[str]:
        """What was ranked and how: the first group's heading, with the groups named."""
        lines = self.groups[0].standings.heading()
        sizes = sorted({len(g.standings.rows) for g in self.groups})
        size = either([integer_text(x) for x in sizes])
        names = f"{self.groups[0].group}–{self.groups[-1].group}" if len(self.groups) > 1 else self.groups[0].group
        # TRANSLATORS: {groups} is a count of groups ("12 groups"), {names} their labels (A–L), {size}
        # the number of teams in each (4, or "3 or 4"); {heading} is the heading of each group's table.
        lines[1] = _("{groups} ({names}) of {size}; each group: {heading}").format(
            groups=count(len(self.groups), "{n} group", "{n} groups"), names=names, size=size, heading=lines[1]
        )
        return lines

    def group_of(self, name: str) -> GroupTable:
        i = self.tournament.index(text_argument(name, "name"))
        assert self.tournament.groups is not None
        label = self.tournament.groups[i]
        return next(g for g in self.groups if g.group == label)

    def explain(self, name: str) -> str:
        """The team's place in its group and why, then (when it is compared across the
        groups) its place among the teams at that place, and its knockout match."""
        table = self.group_of(name)
        own = table.standings.tournament.names[table.standings.tournament.index(name)]
        # TRANSLATORS: {explanation} is the team's explanation in its group (several lines).
        lines = [_("Group {group}. {explanation}").format(group=table.group, explanation=table.standings.explain(own))]
        a = self.across
        if a is not None:
            place = ordinal(a.place)
            shared = next((c for c, names in a.undecided.items() if own in names), None)
            if own in a.group_of and own not in a.undecided:
                if own in a.qualified:
                    # TRANSLATORS: {ordinal} is an ordinal word (third), {place} the same place as a number (3):
                    # write whichever reads well. {explanation} is the team's explanation among those teams.
                    among = _("Among the {ordinal}-placed teams (going through): {explanation}")
                elif a.qualified:
                    # TRANSLATORS: {ordinal} is an ordinal word (third), {place} the same place as a number (3): either.
                    among = _("Among the {ordinal}-placed teams (not going through): {explanation}")
                else:
                    # TRANSLATORS: {ordinal} is an ordinal word (third), {place} the same place as a number (3): either.
                    among = _("Among the {ordinal}-placed teams: {explanation}")
                lines.append(
                    among.format(ordinal=place, place=integer_text(a.place), explanation=a.standings.explain(own))
                )
            elif shared is not None:
                message = (
                    # TRANSLATORS: {ordinal} is an ordinal word (third), {place} the same place as a number (3):
                    # write whichever reads well. {teams} are the teams sharing it ("Slovenia or Denmark"),
                    # {name} the one listed at that place, {rank} its place among the teams compared.
                    _(
                        "Group {group}'s {ordinal} place is shared ({teams}): compared among the {ordinal}-placed "
                        "teams as {name} (place {rank}), and it goes through, whichever team it is"
                    )
                    if a.group_of[shared] in a.qualified_groups
                    # TRANSLATORS: {ordinal} is an ordinal word (third), {place} the same place as a number (3): either.
                    else _(
                        "Group {group}'s {ordinal} place is shared ({teams}): compared among the {ordinal}-placed "
                        "teams as {name} (place {rank})"
                    )
                )
                lines.append(
                    message.format(
                        group=table.group,
                        ordinal=place,
                        place=integer_text(a.place),
                        teams=a.sharing(shared),
                        name=shared,
                        rank=a.standings.row(shared).place,
                    )
                )
        for tie in self.knockout:
            if own in (tie.home, tie.away):
                other, slot = (tie.away, tie.away_slot) if own == tie.home else (tie.home, tie.home_slot)
                stage = self.stage
                if other is not None:
                    # TRANSLATORS: {stage} is the knockout round (Round of 32), {match} the match's number.
                    against = _("{stage}, match {match}: against {team}").format(
                        stage=stage, match=tie.match, team=other
                    )
                else:
                    # TRANSLATORS: {slot} is a slot of the bracket as the regulations write it (1A, 3A/B/C/D/F).
                    against = _("{stage}, match {match}: against {slot} (not decided yet)").format(
                        stage=stage, match=tie.match, slot=slot
                    )
                lines.append(against)
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
                    row["undecided"] = " or ".join(self.across.undecided[row["name"]])  # English, as all the JSON
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
    text_argument(group, "group", optional=True)
    if t.groups is None:
        if group is not None:
            raise CrosstableError(_("group {group}: the event has no groups").format(group=printable(group, 40)))
        return t
    labels = group_labels(t.groups)
    if group is None:
        if len(labels) == 1:
            return t
        raise CrosstableError(
            # TRANSLATORS: --group LABEL is an option of the command line, "group" a field of the HTTP API: keep them.
            _(
                "a competition in {count} groups ({groups}): choose one group (--group LABEL on the command line, "
                '"group" in the HTTP API)'
            ).format(count=integer_text(len(labels)), groups=", ".join(labels))
        )
    label = normal_group(group)
    if label not in labels:
        raise CrosstableError(
            _("group {group}: no such group; the groups are {groups}").format(
                group=printable(group, 40), groups=", ".join(labels)
            )
        )
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
    through; draw the preset's knockout round. See the module docstring. The
    arguments are checked first (:mod:`crosstable.fields`: :data:`PLACE`,
    :data:`QUALIFIERS`); a wrong type raises an ``ArgumentError``."""
    t = tournament_argument(t)
    text_argument(rules, "rules", optional=True)
    if across is not None:
        across = whole_argument(across, PLACE, "across")
    if qualify is not None:
        qualify = whole_argument(qualify, QUALIFIERS, "qualify")
    if t.groups is None:
        raise CriterionError(_("not a competition in groups: the file has no group column"))
    name = rules.strip().lower() if rules is not None else ""
    rule = ACROSS.get(name)
    labels = group_labels(t.groups)
    draw = BRACKETS.get(name) if rule is None and across is None else None
    if draw is not None and labels != [chr(ord("A") + k) for k in range(draw.groups)]:
        draw = None  # not the regulation's groups: ranked by the preset's criteria, no bracket (a warning)
        drawn = [
            _("the {name} round of 16 is drawn for {count} groups, A to {last}: not drawn").format(
                name=name, count=integer_text(BRACKETS[name].groups), last=chr(ord("A") + BRACKETS[name].groups - 1)
            )
        ]
    else:
        drawn = []
    _check_options(rule, name, labels, across, qualify)
    tables = [GroupTable(label, rank(t.group(label), tiebreaks, rules=rules)) for label in labels]
    shape = rule if rule is not None else draw
    times = 1 if shape is not None else _most_meetings(t)
    problems, notes, unfinished = _schedules(tables, shape, times)
    if rule is not None and problems:
        # TRANSLATORS: {name} is a preset regulation (fifa-2026), {problems} what does not fit it.
        raise CriterionError(_("preset {name}: {problems}").format(name=name, problems="; ".join(problems)))
    if draw is not None and problems:
        drawn.append(
            # TRANSLATORS: {name} is a preset regulation (fifa-2010), {problems} what does not fit it.
            _("preset {name}: {problems}; its round of 16 is not drawn").format(name=name, problems="; ".join(problems))
        )
        draw = None
    comp = Competition(t, tables, warnings=_group_warnings(t, tables) + ([] if draw is None else problems) + notes)
    comp.warnings.extend(drawn)
    place = across if across is not None else rule.place if rule is not None else None
    if place is None:
        if draw is not None:
            comp.knockout = bracket(draw, tables, None, comp.warnings, set(unfinished))
            comp.round_name = draw.round_name
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
                # TRANSLATORS: {name} is a preset regulation (fifa-2026); --tiebreaks and --across K are options.
                _(
                    "preset {name} is written for {count} groups, {first} to {last}; the file's groups are {groups}: "
                    "rank it with --tiebreaks, or with --across K for the teams at place K"
                ).format(
                    name=name,
                    count=integer_text(rule.groups),
                    first=expected[0],
                    last=expected[-1],
                    groups=", ".join(labels),
                )
            )
    if qualify is not None and across is None and rule is None:
        raise CriterionError(_("--qualify needs --across K (the teams at place K of every group compared)"))
    if rule is not None and qualify is not None and qualify != rule.qualify and across in (None, rule.place):
        raise CriterionError(
            # TRANSLATORS: {name} is a preset regulation (fifa-2026); {ordinal} an ordinal word (third) and
            # {place} the same place as a number (3): write whichever reads well.
            _(
                "--qualify {qualify}: the {name} regulations send {count} of the {ordinal}-placed teams through, "
                "and the bracket is drawn for them"
            ).format(
                qualify=qualify,
                name=name,
                count=integer_text(rule.qualify),
                ordinal=ordinal(rule.place),
                place=integer_text(rule.place),
            )
        )


def _most_meetings(t: Tournament) -> int:
    """How many times the pairs of a group meet: the most any pair of the file meets
    (once in a World Cup group, twice in a group of home and away matches)."""
    return int(meetings(t.white, t.black, len(t.names))[1].max(initial=1))


def _schedules(
    tables: list[GroupTable], rule: AcrossGroups | GroupBracket | None, times: int
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
                # TRANSLATORS: {teams} is a count of teams ("5 teams"), {names} their names, {size} the
                # number of teams in each of the regulation's groups.
                _(
                    "group {group} has {teams} ({names}); the regulation's groups have {size}: a team spelled two ways?"
                ).format(
                    group=table.group,
                    teams=count(n, "{n} team", "{n} teams"),
                    names=", ".join(g.names),
                    size=integer_text(rule.size),
                )
            )
        keys, counts = meetings(g.white, g.black, n)
        twice = [f"{g.names[k // n]} - {g.names[k % n]}" for k in keys[counts > times].tolist()]
        if twice:
            if times == 1:
                # TRANSLATORS: {matches} are matches ("Spain - Italy, Croatia - Albania").
                often = _("group {group}: {matches} listed more than once")
            elif times == 2:
                often = _("group {group}: {matches} listed more than twice")
            else:
                often = ngettext(
                    "group {group}: {matches} listed more than {n} time",
                    "group {group}: {matches} listed more than {n} times",
                    times,
                )
            out.append(often.format(group=table.group, matches=", ".join(twice), n=integer_text(times)))
        missing = n * (n - 1) // 2 - len(keys)
        if missing:
            notes.append(
                # TRANSLATORS: {pairs} is a count of pairs ("2 pairs").
                _(
                    "group {group}: {pairs} of teams have no match listed: a match not typed yet, or a team spelled "
                    "two ways?"
                ).format(group=table.group, pairs=count(missing, "{n} pair", "{n} pairs"))
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
            # TRANSLATORS: a warning about one group only.
            out.extend(_("group {group}: {warning}").format(group=label, warning=w) for label in groups)
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
        raise CriterionError(
            _("--across {place}: every group has places 1 to {smallest} at least").format(
                place=place, smallest=integer_text(smallest)
            )
        )
    if rule is not None:
        criteria, source = list(rule.criteria), _(PRESET_SOURCE).format(name=rule.bracket)
    else:
        criteria = [s.label for s in tables[0].standings.criteria if not REGISTRY[s.code].is_local]
        source = _(ACROSS_SOURCE)
    candidates: list[int] = []
    group_of: dict[str, str] = {}
    counted = np.ones(len(t.white), dtype=bool)
    below: list[str] = []
    notes: list[str] = []
    undecided: dict[str, list[str]] = {}
    nth = {"ordinal": ordinal(place), "place": integer_text(place)}
    settled = not unfinished
    if unfinished:
        # TRANSLATORS: {groups} are groups' labels (A, C); {ordinal} is an ordinal word (third) and {place}
        # the same place as a number (3): write whichever reads well (as in the messages that follow).
        message = ngettext(
            "group {groups} has matches still to be played: the {ordinal}-placed teams are compared as things "
            "stand, and nobody is marked as going through",
            "groups {groups} have matches still to be played: the {ordinal}-placed teams are compared as things "
            "stand, and nobody is marked as going through",
            len(unfinished),
        )
        notes.append(message.format(groups=", ".join(unfinished), **nth))
    for g in tables:
        rows = g.standings.rows
        row = rows[place - 1]
        decided = unlotted(rows)
        if "-" in decided[place - 1]:
            undecided[row.name] = [r.name for r, p in zip(rows, decided, strict=True) if p == decided[place - 1]]
            notes.append(
                # TRANSLATORS: {shared} is the shared place (3-4), {teams} the teams sharing it.
                _(
                    "group {group}: place {place} is shared ({shared}: {teams}); {name}, listed at that place, is "
                    "compared as its {ordinal}-placed team"
                ).format(
                    group=g.group,
                    shared=decided[place - 1],
                    teams=", ".join(undecided[row.name]),
                    name=row.name,
                    **nth,
                )
            )
        if len(rows) > smallest and rows[smallest - 1].place == rows[smallest].place:
            settled = False
            notes.append(
                # TRANSLATORS: {shared} is the shared place (4-5); {smallest} the size of the smallest group.
                _(
                    "group {group}: place {shared} is shared, so whose results are left out (the teams placed "
                    "below {smallest}) is not decided; nobody is marked as going through"
                ).format(group=g.group, shared=rows[smallest].place, smallest=integer_text(smallest))
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
            # TRANSLATORS: {ordinal} is an ordinal word (third), {place} the same place as a number (3): either.
            _(
                "the groups differ in size: results against {teams} (placed below {smallest}) are not counted in "
                "the comparison of the {ordinal}-placed teams"
            ).format(teams=", ".join(below), smallest=integer_text(smallest), **nth)
        )
    compared = t.select(range(len(t.names)), counted)
    s = rank(compared, criteria, among=candidates)
    s.criteria_source = source
    s.warnings[:0] = notes
    through: list[str] = []
    if not settled:
        pass
    elif qualify is not None and qualify < len(s.rows):
        decided = unlotted(s.rows)
        if decided[qualify] == decided[qualify - 1]:
            s.warnings.append(
                # TRANSLATORS: {count} is how many teams go through; {shared} the shared place (8-9).
                _("the {count} qualifiers are not decided: place {shared} is shared at the cut ({teams})").format(
                    count=integer_text(qualify),
                    shared=decided[qualify - 1],
                    teams=", ".join(r.name for r, p in zip(s.rows, decided, strict=True) if p == decided[qualify - 1]),
                )
            )
            through = [r.name for r, p in zip(s.rows[:qualify], decided, strict=False) if p != decided[qualify - 1]]
        else:
            through = [r.name for r in s.rows[:qualify]]
    elif qualify is not None:
        through = [r.name for r in s.rows]
    qualified = [name for name in through if name not in undecided]
    for name in through:
        if name in undecided:
            s.warnings.append(
                # TRANSLATORS: {teams} are the teams sharing the place ("Slovenia or Denmark").
                _(
                    "group {group}'s {ordinal}-placed team goes through, but which team it is is not decided ({teams})"
                ).format(group=group_of[name], teams=either(undecided[name]), **nth)
            )
    return AcrossTable(place, qualify, s, group_of, qualified, [group_of[n] for n in through], source, undecided)


def unlotted(rows: Sequence[Row]) -> list[str]:
    """Each row's place as the results and the supplied data decide it: teams that only
    a drawing of lots (``LOT``) separated share their places (``2-3``). Our draw (from
    ``--lots-seed``) is not the organisers', so a competition never sends a team through
    or into the bracket on it: those slots are ``null``, with a warning."""
    places = [r.place for r in rows]
    k = 0
    while k < len(rows):
        end = k
        while end + 1 < len(rows) and rows[end].ahead_on == "LOT":
            end += 1
        if end > k:
            first, last = places[k].split("-")[0], places[end].split("-")[-1]
            for j in range(k, end + 1):
                places[j] = f"{first}-{last}"
        k = end + 1
    return places


def _table(name: str) -> list[dict[str, str]]:
    text = resources.files("crosstable").joinpath("data", name).read_text(encoding="utf-8")
    return list(csv.DictReader(text.splitlines()))


def slots(bracket_name: str) -> list[tuple[int, str, str]]:
    """The knockout round's matches: number, home slot, away slot (the data file
    ``{bracket_name}-round-of-N.csv``)."""
    prefix = f"{bracket_name}-round-of-"
    found = sorted(
        f.name
        for f in resources.files("crosstable").joinpath("data").iterdir()
        if f.name.startswith(prefix) and f.name[len(prefix) : -len(".csv")].isdigit() and f.name.endswith(".csv")
    )
    if not found:
        raise CriterionError(_("no knockout round is shipped for {bracket}").format(bracket=bracket_name))
    rows = _table(found[0])
    return [(int(r["match"]), r["home"], r["away"]) for r in rows]


def combinations(bracket_name: str) -> dict[str, dict[str, str]]:
    """The combination table: for each set of qualifying groups (``BDEFIJKL``), the
    group of the third-placed team each group winner meets (``{"1A": "E", …}``)."""
    rows = _table(f"{bracket_name}-third-placed.csv")
    return {r["groups"]: {k: v for k, v in r.items() if k.startswith("1")} for r in rows}


def bracket(
    rule: AcrossGroups | GroupBracket,
    tables: list[GroupTable],
    across: AcrossTable | None,
    warnings: list[str],
    unfinished: set[str] | None = None,
) -> list[Tie]:
    """The knockout round: each slot filled from the group orders and (for the
    third-placed teams of an :class:`AcrossGroups` preset) the combination table,
    ``None`` where the groups leave it undecided (a group with matches still to be
    played, a shared place, qualifiers not decided), with a warning. A
    :class:`GroupBracket` (``across`` ``None``) has winners and runners-up only."""
    by_group = {g.group: g.standings for g in tables}
    qualified = across.qualified_groups if across is not None else []
    table = combinations(rule.bracket) if isinstance(rule, AcrossGroups) else {}
    key = "".join(sorted(qualified))
    wanted = rule.qualify if isinstance(rule, AcrossGroups) else 0
    assignment = table.get(key) if across is not None and len(qualified) == wanted else None
    if across is not None and len(qualified) == wanted and assignment is None:
        raise CriterionError(
            # TRANSLATORS: {bracket} is the name of a combination table (fifa-2026), {groups} groups' labels (ABCDEFGH).
            _("the {bracket} table has no row for the qualifying groups {groups}").format(
                bracket=rule.bracket, groups=key
            )
        )

    def team(slot: str, opponent: str) -> str | None:
        if slot.startswith("3"):
            if assignment is None:
                return None
            group = assignment[opponent]
            if group not in slot[1:].split("/"):
                raise CriterionError(
                    _("the {bracket} table sends {team} to slot {slot}").format(
                        bracket=rule.bracket, team=f"3{group}", slot=slot
                    )
                )
            slot = "3" + group
        place, group = int(slot[0]), slot[1:]
        if group in (unfinished or set()):
            return None
        rows = by_group[group].rows
        row = rows[place - 1]
        return None if "-" in unlotted(rows)[place - 1] else row.name

    ties = []
    for match, home, away in slots(rule.bracket):
        ties.append(Tie(match, home, away, team(home, away), team(away, home)))
    # TRANSLATORS: a match of the knockout round: its number and its two slots (73 (2A v 2B)).
    pairing = _("{match} ({home} v {away})")
    undecided = [
        pairing.format(match=t.match, home=t.home_slot, away=t.away_slot)
        for t in ties
        if t.home is None or t.away is None
    ]
    if undecided:
        warnings.append(
            # TRANSLATORS: {stage} is the knockout round (round of 32), {matches} its matches not decided.
            _(
                "the {stage} is not decided for match {matches}: a group still to be finished, a shared group "
                "place, or qualifiers not decided"
            ).format(stage=_(rule.round_name), matches=", ".join(undecided))
        )
    return ties


__all__ = ["AcrossTable", "Competition", "GroupTable", "Tie", "bracket", "combinations", "rank_competition", "slots"]
