"""Ordering participants by points and then by a list of criteria.

Participants are sorted by their primary score, then by each criterion in turn.
A criterion that can only be computed among tied participants (direct encounter)
is evaluated within each group still tied when its turn comes. Participants equal
on everything share the place, labelled ``3-4``; within a shared place they keep
the order of the input.

Values of the criteria are compared exactly (integer numerators over a common
denominator); a float never decides a tie.
"""

from __future__ import annotations

import dataclasses
import itertools
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

import numpy as np

from crosstable.errors import CriterionError
from crosstable.fields import CRITERIA, bool_argument, indices_argument, text_argument, texts_argument
from crosstable.i18n import N_, _, decimal_text, integer_text, ngettext, pgettext
from crosstable.model import Adjustment, Tournament, group_labels, tournament_argument
from crosstable.numbers import count, fmt_decimal, fmt_vulgar, json_number, show_decimal, show_vulgar
from crosstable.rules import DEFAULTS, edition_warning, preset
from crosstable.tiebreaks import REGISTRY, Analysis, Column, Spec, parse_list, parse_spec
from crosstable.tiebreaks.football import CARD_CRITERIA, goals_conceded, playoff_pending
from crosstable.tiebreaks.words import sum_text
from crosstable.ties import group_ids, order_keys, split


def event_kind(t: Tournament) -> str:
    """``individual``, ``team`` (match and game points), ``football`` (goals) or ``go``
    (an event with go ranks: the EGD's and OpenGotha's files)."""
    if t.go_ranks is not None:
        return "go"
    return {"game_points": "team", "goals": "football"}.get(t.kind, "individual")


def default_preset(t: Tournament) -> str:
    """The preset regulation of the event's kind and system (:data:`crosstable.rules.DEFAULTS`)."""
    return DEFAULTS[(event_kind(t), "swiss" if t.system == "swiss" else "round-robin")]


def default_criteria(t: Tournament) -> list[str]:
    """The criteria used when none are given: the list the file declares (TRF-2026
    ``202``), else the preset of the event's kind and system: FIDE's recommended
    orders for an individual or team Swiss or round robin, the current FIFA World
    Cup's for football (:mod:`crosstable.rules`)."""
    if t.criteria is not None:
        return declared_criteria(t)
    return preset(default_preset(t))


AS_GIVEN = N_("as given")
PRESET_SOURCE = N_("preset {name}")
FILE_SOURCE = N_("the file's list (TRF 202)")
# TRANSLATORS: where the tie-break criteria come from: the list a file gives (not a TRF file).
FILE_LIST = N_("the file's list")
ACROSS_SOURCE = N_("the criteria in use that compare teams of different groups")
_DEFAULT_SOURCES = {
    ("individual", "swiss"): N_("the default for an individual Swiss: preset {name}"),
    ("individual", "round-robin"): N_("the default for an individual round robin: preset {name}"),
    ("team", "swiss"): N_("the default for a team Swiss: preset {name}"),
    ("team", "round-robin"): N_("the default for a team round robin: preset {name}"),
    ("football", "swiss"): N_("the default for football: preset {name}"),
    ("football", "round-robin"): N_("the default for football: preset {name}"),
    ("go", "swiss"): N_("the default for go: preset {name}"),
    ("go", "round-robin"): N_("the default for go: preset {name}"),
}


def criteria_choice(
    t: Tournament, tiebreaks: Sequence[str] | str | None, rules: str | None = None
) -> tuple[list[Spec], str]:
    """The criteria to rank by and where they come from, in words (in the current
    language, as the readers' reasons): the list given, else a preset regulation's,
    else :func:`default_criteria`. Either argument of the wrong type is refused
    (:class:`~crosstable.fields.ArgumentError`)."""
    if tiebreaks is not None and not isinstance(tiebreaks, str):
        tiebreaks = texts_argument(tiebreaks, "tiebreaks", CRITERIA)
    text_argument(rules, "rules", optional=True)
    if tiebreaks is not None:
        return parse_list(tiebreaks), _(AS_GIVEN)
    if rules is not None:
        return parse_list(preset(rules)), _(PRESET_SOURCE).format(name=rules.strip().lower())
    if t.criteria is not None:
        return parse_list(declared_criteria(t)), (_(FILE_SOURCE) if t.format == "trf" else _(FILE_LIST))
    system = "swiss" if t.system == "swiss" else "round-robin"
    name, kind = default_preset(t), event_kind(t)
    return parse_list(preset(name)), _(_DEFAULT_SOURCES[(kind, system)]).format(name=name)


def criteria_for(t: Tournament, tiebreaks: Sequence[str] | str | None, rules: str | None = None) -> list[Spec]:
    """The criteria to rank by (:func:`criteria_choice`)."""
    return criteria_choice(t, tiebreaks, rules)[0]


PRIMARY = ("PTS", "MPTS", "GPTS")
"""Codes that name the primary score: a list may start with one, as the FIDE reference's do."""


def primary_of(specs: list[Spec], t: Tournament) -> tuple[list[Spec], str]:
    """The criteria after the primary score, and what that score is: a list starting
    with ``PTS`` or ``MPTS`` ranks by the points (match points), one starting with
    ``GPTS`` (or ``PTS:GP``) by the game points, and then every later criterion that
    takes ``:MP``/``:GP`` and has neither takes the game points too, as in the FIDE
    reference.

    >>> from crosstable.tiebreaks import parse_list
    >>> t = Tournament.from_games(["A", "B"], [("A", "B", "1-0")])
    >>> [s.label for s in primary_of(parse_list("PTS, BH"), t)[0]]
    ['BH']
    """
    if not specs or specs[0].code not in PRIMARY:
        return specs, "points"
    first, rest = specs[0], specs[1:]
    on_gp = (first.code == "GPTS" and first.basis != "MP") or (first.code != "GPTS" and first.basis == "GP")
    if not on_gp or t.kind != "game_points":
        return rest, "points"
    respelled = [
        Spec(s.code, s.args, s.modifiers, "GP", s.edition)
        if s.basis is None and REGISTRY[s.code].takes_basis and s.code not in PRIMARY
        else s
        for s in rest
    ]
    return respelled, "game points"


def declared_criteria(t: Tournament) -> list[str]:
    """The file's declared list, without the codes this version cannot compute (each
    is named in the tournament's warnings)."""
    usable, left_out = _declared(t)
    t.warnings.extend(left_out)
    return usable


def _declared(t: Tournament) -> tuple[list[str], list[str]]:
    """The file's declared list's usable codes, and a sentence for each code left out."""
    usable, left_out = [], []
    for code in t.criteria or []:
        try:
            spec = parse_spec(code)
        except CriterionError as e:
            # TRANSLATORS: {code} is a criterion's code as the file lists it; {reason} why it cannot be used.
            left_out.append(_("the file's tie-break list has {code}, left out: {reason}").format(code=code, reason=e))
            continue
        if REGISTRY[spec.code].team and t.kind != "game_points":
            left_out.append(
                _("the file's tie-break list has {code}, left out: a team criterion in an individual event").format(
                    code=code
                )
            )
            continue
        usable.append(code)
    return usable, left_out


@dataclass
class Row:
    """One line of the standings."""

    rank: int
    place: str
    index: int
    name: str
    points: Fraction
    values: dict[str, Fraction | None]
    """Each criterion's value (``None``: undefined, e.g. an average over no games)."""
    ahead_on: str | None = None
    """The criterion that put this participant above the next one on equal points."""


@dataclass
class Standings:
    """The ranked result: rows in order, the criteria used, warnings, explanations."""

    tournament: Tournament
    criteria: list[Spec]
    rows: list[Row]
    analysis: Analysis
    warnings: list[str] = field(default_factory=list)
    groups: dict[tuple[str, int], list[int]] = field(default_factory=dict)
    primary: str = "points"
    """What the rows' ``points`` are: ``points`` (match points in a team event) or
    ``game points`` (a list that starts with ``GPTS``)."""
    criteria_source: str = AS_GIVEN
    """Where the criteria come from, in words: ``as given``, ``preset fifa-2026``, the
    file's list, or the default of the event's kind (:func:`criteria_choice`), in the
    language it was ranked in."""
    held: frozenset[int] = frozenset()
    """The participants whose tie a play-off settles, its result not given (``PO``):
    they share the place, and no criterion after ``PO`` is applied to them."""

    def __repr__(self) -> str:
        top = ", ".join(f"{r.place} {r.name}" for r in self.rows[:3])
        return f"Standings({len(self.rows)} rows: {top}{', …' if len(self.rows) > 3 else ''})"

    @property
    def labels(self) -> list[str]:
        return [s.label for s in self.criteria]

    def row(self, name: str) -> Row:
        i = self.tournament.index(name)
        return next(r for r in self.rows if r.index == i)

    def adjustments_of(self, i: int) -> list[Adjustment]:
        """Participant ``i``'s points added or deducted outside its games (a league's
        deduction, an arbiter's award), those that count in the rows' points."""
        return [x for x in self.tournament.adjustments if x.participant == i and self._adjusted(x) != 0]

    def adjustment(self, i: int) -> Fraction:
        """The sum of participant ``i``'s adjustments in the rows' points (``-8`` for a
        league's deduction of 8; 0 for none)."""
        return sum((self._adjusted(x) for x in self.adjustments_of(i)), Fraction(0))

    def deduction(self, i: int) -> Fraction:
        """The points deducted from participant ``i`` outside its games, as a positive
        number (``8`` for a league's deduction of 8; 0 for none; points added count
        only in :meth:`adjustment`)."""
        return -sum((v for x in self.adjustments_of(i) if (v := self._adjusted(x)) < 0), Fraction(0))

    def deduction_notes(self) -> list[str]:
        """One note per participant with points deducted, in the order of the table:
        ``Everton FC: 8 points deducted (48 from the results, 40 in the table)``."""
        notes = []
        for r in self.rows:
            if minus := self.deduction(r.index):
                # TRANSLATORS: a note below a table; {points} is a count of points ("8 points"), {results}
                # the points the team took from its matches, {shown} the points in the table (both numbers).
                notes.append(
                    _("{name}: {points} deducted ({results} from the results, {shown} in the table)").format(
                        name=r.name,
                        points=count(minus, "{n} point", "{n} points"),
                        results=show_decimal(r.points - self.adjustment(r.index)),
                        shown=show_decimal(r.points),
                    )
                )
        return notes

    @property
    def adjusted(self) -> bool:
        """Whether anybody's points hold an adjustment (the tables then show them)."""
        return any(self._adjusted(x) != 0 for x in self.tournament.adjustments)

    def _adjusted(self, x: Adjustment) -> Fraction:
        return x.game_points if self.primary == "game points" else x.points

    def explain(self, name: str) -> str:
        """The arithmetic behind each of the participant's numbers, in words: a first
        line with the place, the points and the record, then one line per criterion
        (each criterion's own explainer, registered with it).

        >>> import crosstable
        >>> s = crosstable.rank(crosstable.read("examples/seed-7-players.tsv"), ["SB"])
        >>> print(s.explain("Angelov").splitlines()[1])  # doctest: +NORMALIZE_WHITESPACE
        SB = 0 (loss to Mikhailov) + 2.25 (½ of Alexandrov's 4½) + 2 (½ of Zhelyazkov's 4)
         + 2.5 (all of Ganev's 2½) + 1 (all of Kalchev's 1) + 0 (all of Getovski's 0) = 7.75
        """
        i = self.tournament.index(name)
        a = self.analysis
        row = next(r for r in self.rows if r.index == i)
        w, d, lo = int(a.wins[i]), int(a.draws[i]), int(a.losses[i])
        k = self.rows.index(row)
        above = self.rows[k - 1] if k > 0 and self.rows[k - 1].ahead_on else None
        # TRANSLATORS: the first line of a participant's explanation; {place} is a place such as 3 or
        # 3-4, {points} a count of points ("4 points"), then the games won, drawn and lost.
        first = _("{name}: place {place}, {points} ({won} won, {drawn} drawn, {lost} lost)").format(
            name=row.name,
            place=row.place,
            points=count(row.points, "{n} point", "{n} points"),
            won=integer_text(w),
            drawn=integer_text(d),
            lost=integer_text(lo),
        )
        decided = [
            *([self._decided(False, above, row, row)] if above else []),
            *([self._decided(True, row, self.rows[k + 1], row)] if row.ahead_on else []),
        ]
        lines = [", ".join([first, *decided])]
        if self.adjustments_of(i):
            lines.append(self._explain_adjustments(row))
        after_playoff = False
        for spec in self.criteria:
            crit = REGISTRY[spec.code]
            group = self.groups.get((spec.label, i), [i])
            if after_playoff:
                # TRANSLATORS: {label} is a criterion's code (GD); the place is left to a play-off (PO) not given.
                lines.append(_("{label}: not applied, the place is left to the play-off").format(label=spec.label))
                continue
            after_playoff = spec.code == "PO" and i in self.held
            if crit.explain_fn is None:
                lines.append(f"{spec.label} = {show_vulgar(row.values[spec.label])}")
            else:
                lines.append(crit.explain_fn(a, spec, i, group))
        return "\n".join(lines)

    def _mcmahon_start(self, i: int, x: Adjustment) -> bool:
        """Whether adjustment ``x`` of participant ``i`` is the start McMahon score the
        go readers add to the points (:attr:`~crosstable.model.Tournament.mcmahon_start`)."""
        starts = self.tournament.mcmahon_start
        return starts is not None and x.final and x.round == 0 and x.points == starts[i]

    def _explain_adjustments(self, row: Row) -> str:
        """``Points = 48 (from the results) − 8 (deducted) = 40``: the points of the
        row with the adjustments that are part of them."""
        terms: list[tuple[Fraction, str]] = [
            # TRANSLATORS: a term of the points' sum: the points the participant took from its games and byes.
            (row.points - self.adjustment(row.index), _("from the results"))
        ]
        for x in self.adjustments_of(row.index):
            value = self._adjusted(x)
            if x.round:
                why = (
                    # TRANSLATORS: a term of the points' sum: points deducted (added) from round {round} on.
                    _("deducted from round {round}") if value < 0 else _("added from round {round}")
                ).format(round=integer_text(x.round))
            elif self._mcmahon_start(row.index, x):
                # TRANSLATORS: a term of a go player's points (his McMahon score): what he started with (the
                # McMahon score given by his rank before the first round).
                why = _("start McMahon score")
            else:
                # TRANSLATORS: a term of the points' sum: points deducted from (added to) the participant's score.
                why = _("deducted") if value < 0 else _("added")
            terms.append((value, why))
        # TRANSLATORS: the label of the points' sum in an explanation:
        # "Points = 48 (from the results) − 8 (deducted) = 40".
        return sum_text(_("Points"), terms, row.points)

    def _decided(self, ahead: bool, better: Row, worse: Row, me: Row) -> str:
        """``ahead of Bayern on away wins (AW), 2 to 1`` (``behind …`` unless ``ahead``):
        the criterion that separated two neighbours level on points, in words, with
        both values when it has them."""
        other = worse if me is better else better
        label = better.ahead_on or ""
        spec = next((sp for sp in self.criteria if sp.label == label), None)
        if spec is None:
            # TRANSLATORS: {label} is a criterion's code (SB, BH/C1).
            text = _("ahead of {name} on {label}") if ahead else _("behind {name} on {label}")
            return text.format(name=other.name, label=label)
        crit = REGISTRY[spec.code]
        mine, theirs = me.values.get(label), other.values.get(label)
        if crit.is_local or mine is None or theirs is None:
            text = (
                # TRANSLATORS: {criterion} is a criterion's name (Sonneborn–Berger), {label} its code (SB).
                _("ahead of {name} on {criterion} ({label})") if ahead else _("behind {name} on {criterion} ({label})")
            )
            return text.format(name=other.name, criterion=_(crit.name), label=label)
        text = (
            # TRANSLATORS: {criterion} is a criterion's name (Sonneborn–Berger), {label} its code (SB), then
            # the two values of it: this participant's, the other's ("9 to 7.75").
            _("ahead of {name} on {criterion} ({label}), {mine} to {theirs}")
            if ahead
            else _("behind {name} on {criterion} ({label}), {mine} to {theirs}")
        )
        return text.format(
            name=other.name, criterion=_(crit.name), label=label, mine=_shown(mine), theirs=_shown(theirs)
        )

    def record(self, i: int) -> dict[str, Fraction]:
        """A league table's record of participant ``i``: played, won, drawn, lost, goals
        for and against, goal difference (game points in a team event)."""
        a = self.analysis
        d = self.tournament.score_denominator
        gf = Fraction(int(a.game_points.num[i]), d)
        ga = Fraction(int(goals_conceded(a)[i]), d)
        return {
            "played": Fraction(int(a.games_played[i])),
            "won": Fraction(int(a.wins[i])),
            "drawn": Fraction(int(a.draws[i])),
            "lost": Fraction(int(a.losses[i])),
            "goals_for": gf,
            "goals_against": ga,
            "goal_difference": gf - ga,
        }

    def to_dict(self) -> dict[str, Any]:
        """The standings as plain data, the public JSON shape of ``--output json``:
        ``scoring``, ``tiebreaks``, ``standings`` (rank, place, name, points, tiebreaks
        per row) and ``warnings``. Values are JSON numbers (integers, or the nearest
        float of an exact value, for display). League tables (football) add, per row,
        the record (``played`` … ``goal_difference``) and ``decided_by``: the criterion
        that put the team above the next one on equal points. When anybody's points
        hold an adjustment (a league's deduction), every row has ``adjustment``: the
        points added or deducted that its ``points`` include (``-8``; 0 for none), and
        ``deduction``: the points deducted, a positive number (``8``; 0 for none). When
        the fixtures give deciding matches (a league's play-off, criterion ``PO``),
        ``playoffs`` lists them: ``winner``, ``loser``, ``match`` and ``date``."""
        league = self.tournament.kind == "goals"
        adjusted = self.adjusted
        rows = []
        for r in self.rows:
            row: dict[str, Any] = {
                "rank": r.rank,
                "place": r.place,
                "name": r.name,
                "points": json_number(r.points),
                "tiebreaks": {key: json_number(v) for key, v in r.values.items()},
            }
            if league:
                row.update({key: json_number(v) for key, v in self.record(r.index).items()})
                row["decided_by"] = r.ahead_on
            if adjusted:
                row["adjustment"] = json_number(self.adjustment(r.index))
                row["deduction"] = json_number(self.deduction(r.index))
            rows.append(row)
        t = self.tournament
        return {
            "event": t.info.get("012", t.source),
            "format": t.format,
            "system": t.system,
            "rules": {"edition": t.fide_rules, "reason": t.rules_reason} if self.rounds_matter else None,
            "scoring": {k: json_number(v) for k, v in t.scoring.as_dict().items()},
            "scoring_reason": t.scoring_reason,
            "primary": self.primary,
            "tiebreaks": self.labels,
            "tiebreaks_source": self.criteria_source,
            "standings": rows,
            **({"playoffs": self._playoffs()} if t.playoffs else {}),
            **({"rounds": rounds} if (rounds := self.rounds_shown()) else {}),
            "warnings": list(self.warnings),
        }

    def _playoffs(self) -> list[dict[str, str]]:
        """The deciding matches the fixtures give (``PO``): winner, loser, the match as
        the source scores it, its date."""
        names = self.tournament.names
        return [
            {"winner": names[p.winner], "loser": names[p.loser], "match": p.score, "date": p.date}
            for p in self.tournament.playoffs
        ]

    def rounds_shown(self) -> dict[str, int] | None:
        """An event played in rounds with results: ``after`` (the round these standings
        are after), ``with_results`` (the event's last round with results) and
        ``announced`` (the rounds it announces), as ``to_dict`` gives them; else ``None``.
        A live ranking of a Swiss after 4 of 9 rounds: 4, 4, 9; ``--round 2``: 2, 4, 9."""
        t = self.tournament
        after = t.results_round
        if after < 1:
            return None
        if t.rounds_cut is not None:
            return {"after": after, "with_results": t.rounds_cut[0], "announced": t.rounds_cut[1]}
        return {"after": after, "with_results": after, "announced": t.announced_rounds}

    @property
    def rounds_matter(self) -> bool:
        """Whether the edition of FIDE C.07 changes anything: a chess or draughts event
        (not football, not go) with rounds whose unplayed rounds (byes, absences, forfeits) the
        criteria count."""
        t = self.tournament
        go = t.go_ranks is not None  # a go event: its unplayed rounds are the EGF's (crosstable.tiebreaks.go)
        return t.kind != "goals" and not go and self.analysis.last_round > 0 and self.analysis.unplayed_rules

    def heading(self) -> list[str]:
        """What was ranked and how, in words, for the head of every output: the event,
        its format, system and scoring, the primary score, and (when unplayed rounds
        count) the edition of FIDE C.07 and why it applies."""
        t = self.tournament
        name = t.info.get("012") or t.source or _("the event")
        # TRANSLATORS: the format of the input when it has no name (a table given as text).
        fmt = t.format.upper() if t.format == "trf" else t.format or _("input")
        system = {"swiss": _("Swiss"), "pre-determined": _("pre-determined pairings")}.get(t.system, _("round robin"))
        if t.system == "swiss" and t.mcmahon_start is not None:
            # TRANSLATORS: the pairing system of a go event whose players start from a score set by their rank.
            system = _("McMahon")
        if t.system_reason:
            # TRANSLATORS: {system} is Swiss or round robin, {reason} why the event is taken to be one.
            system = _("{system} ({reason})").format(system=system, reason=t.system_reason)
        sc = t.scoring
        # the points of a win, a draw and a loss: a scoring's name (1-½-0), not localized
        values = f"{fmt_vulgar(sc.win)}-{fmt_vulgar(sc.draw)}-{fmt_vulgar(sc.loss)}"
        if t.scoring_reason == "given":
            # TRANSLATORS: {name} is the scoring's name (chess, football …, kept as it is), {values}
            # the points of a win, a draw and a loss (1-½-0).
            scoring = _("scoring {name} ({values}, as given)").format(name=sc.name, values=values)
        elif t.scoring_reason:
            # TRANSLATORS: {reason} is why the scoring was taken to be this one.
            scoring = _("scoring {name} ({values}: {reason})").format(
                name=sc.name, values=values, reason=t.scoring_reason
            )
        else:
            scoring = _("scoring {name} ({values})").format(name=sc.name, values=values)
        primary = (
            # TRANSLATORS: what the rows are ranked by first: "ranked by points", "ranked by game points".
            pgettext("ranked by", "game points") if self.primary == "game points" else pgettext("ranked by", "points")
        )
        source = self.criteria_source if self.criteria_source != _(AS_GIVEN) else None
        criteria = ", ".join(self.labels)
        if self.labels and source is not None:
            # TRANSLATORS: {criteria} are criteria's codes (SB, BH/C1), {source} where they come from.
            ranked = _("ranked by {primary}, then {criteria} ({source})")
        elif self.labels:
            ranked = _("ranked by {primary}, then {criteria}")
        elif source is not None:
            ranked = _("ranked by {primary} ({source})")
        else:
            ranked = _("ranked by {primary}")
        lines = [
            name,
            "; ".join([fmt, system, scoring, ranked.format(primary=primary, criteria=criteria, source=source)]),
        ]
        if t.rounds_cut is not None and t.results_round < t.rounds_cut[1]:
            lines.append(
                # TRANSLATORS: the standings of an event cut before its end: "standings after round 4 of 9".
                _("standings after round {round} of {rounds}").format(
                    round=integer_text(t.results_round), rounds=integer_text(t.rounds_cut[1])
                )
            )
        if self.rounds_matter:
            if t.rules_reason:
                lines.append(t.rules_reason)
            else:
                # TRANSLATORS: {edition} is a year: the edition of FIDE's tie-break regulations (Handbook C.07).
                lines.append(_("FIDE C.07 ({edition} edition)").format(edition=t.fide_rules))
        return lines


def _shown(x: Fraction) -> str:
    """A value in a sentence: its decimal, or a fraction that has none with its
    approximation (a goal average: ``20/11 ≈ 1.8182``), as the current language writes
    numbers."""
    text = show_decimal(x)
    return f"{text} ≈ {decimal_text(f'{float(x):.4f}')}" if "/" in text else text


def rank(
    t: Tournament,
    tiebreaks: Sequence[str] | str | None = None,
    *,
    rules: str | None = None,
    among: Sequence[int] | None = None,
    announced_rounds: bool = False,
) -> Standings:
    """Compute the standings of ``t`` under a criteria list, or else the list of a
    preset regulation (``rules``, see :mod:`crosstable.rules`), or else
    :func:`default_criteria`. With ``among``, only those participants are ranked (the
    teams at one place of every group), each criterion still computed over all the
    games of ``t``. The arguments are checked first (:mod:`crosstable.fields`): a
    wrong type or an index out of range raises an ``ArgumentError``.

    An event that announces more rounds than its results reach (a Swiss after 4 of 9
    rounds: TRF ``XXR 9``) is ranked after its last round with results
    (:meth:`Tournament.live <crosstable.model.Tournament.live>`), a warning and the
    heading saying so ("after round 4 of 9"). With ``announced_rounds`` every round
    the event announces counts, those not played yet as absences of everybody (dummy
    opponents in a Swiss): the FIDE reference's reading of such a file, a documented
    deviation of ours, and a warning says what it means."""
    t = tournament_argument(t)
    if bool_argument(announced_rounds, "announced_rounds"):
        note = t.unplayed_rounds_note()
        if note is not None:
            t = dataclasses.replace(t, warnings=[*t.warnings, note])
    else:
        t = t.live()
    if among is not None:
        among = indices_argument(among, len(t.names), "among", empty=False)
    if among is None and t.groups is not None and len(set(t.groups)) > 1:
        labels = group_labels(t.groups)
        raise CriterionError(
            # TRANSLATORS: "crosstable standings" is a command and rank_competition a function: keep them.
            _(
                "{event} is a competition in {count} groups ({groups}): one table would mix them; rank it with "
                "crosstable standings (the library's rank_competition), or one group at a time"
            ).format(event=t.source or _("the event"), count=integer_text(len(labels)), groups=", ".join(labels))
        )
    chosen, source = criteria_choice(t, tiebreaks, rules)
    specs, primary = primary_of(chosen, t)
    other_list = _other_than_announced(t, specs, tiebreaks, rules)
    seen: set[str] = set()
    for s in specs:
        if s.label in seen:
            raise CriterionError(_("criterion {label} is listed twice").format(label=s.label))
        if REGISTRY[s.code].team and t.kind != "game_points":
            raise CriterionError(
                _("{label} is a team criterion; this is not a team event (no match and game points)").format(
                    label=s.label
                )
            )
        seen.add(s.label)
    a = Analysis(t)
    n = a.n
    points = a.game_points if primary == "game points" else a.points
    values: dict[str, list[Fraction | None]] = {}
    groups_at: dict[tuple[str, int], list[int]] = {}

    # stage ids: stage[k][i] = the tied group i belongs to after criterion k
    groups = split([list(range(n)) if among is None else [int(i) for i in among]], points.num)
    history = [group_ids(groups, n)]
    held: set[int] = set()  # ties a play-off settles, its result not given: shared, no later criterion
    for spec in specs:
        crit = REGISTRY[spec.code]
        if crit.is_local:
            assert crit.local is not None
            shown: list[Fraction | None] = [None] * n  # a local criterion says nothing of the untied
            new: list[list[int]] = []
            for g in groups:
                for p in g:
                    groups_at[(spec.label, p)] = g
                if len(g) <= 1 or g[0] in held:
                    new.append(g)
                    continue
                if spec.code == "PO" and playoff_pending(a, spec, g):
                    held.update(g)
                    new.append(g)
                    continue
                key = crit.local(a, spec, g)
                display = crit.local_display(a, g, spec) if crit.local_display else key.fractions()
                for p, v in zip(g, display, strict=True):
                    shown[p] = v
                full = np.zeros(n, dtype=key.num.dtype)
                full[g] = key.num
                new.extend(split([g], full))
            groups = new
            values[spec.label] = shown
        else:
            col = crit(a, spec)
            values[spec.label] = col.fractions()
            groups = split(groups, sort_key(col, crit.lower_is_better, spec.modifier("R") is not None), held)
        history.append(group_ids(groups, n))

    rows: list[Row] = []
    pts = points.defined()
    order = [p for g in groups for p in g]
    position = 0
    for g in groups:
        first, last = position + 1, position + len(g)
        place = str(first) if first == last else f"{first}-{last}"
        for p in g:
            position += 1
            rows.append(Row(position, place, p, t.names[p], pts[p], {k: v[p] for k, v in values.items()}))
    labels = [primary] + [s.label for s in specs]
    for k in range(len(order) - 1):
        x, y = order[k], order[k + 1]
        if pts[x] != pts[y]:
            continue
        for stage in range(1, len(history)):
            if history[stage][x] != history[stage][y]:
                rows[k].ahead_on = labels[stage]
                break
    standings = Standings(
        t, specs, rows, a, list(dict.fromkeys(t.warnings)), groups_at, primary, source, frozenset(held)
    )
    standings.warnings.extend(other_list)
    if rules is not None and tiebreaks is None:  # a preset of another edition than the matches' (their dates)
        standings.warnings.extend(w for w in [edition_warning(rules, t.start_date, t.info.get("052"))] if w)
    if t.kind == "goals":  # a league's deduction: said below the table (a mark in its Adj cell)
        standings.warnings.extend(standings.deduction_notes())
    standings.warnings.extend(_cross_check(standings))
    standings.warnings.extend(_flags(standings))
    standings.warnings.extend(dict.fromkeys(a.notes))  # each note once
    return standings


def _other_than_announced(
    t: Tournament, specs: Sequence[Spec], tiebreaks: Sequence[str] | str | None, rules: str | None
) -> list[str]:
    """A warning when the file announces its tie-break list (TRF-2026 ``202``) and the
    event is ranked by another one: FIDE C.07 has the list announced before the event
    starts and kept to its end (one of the checks FIDE asks of tie-break programs)."""
    if t.criteria is None or (tiebreaks is None and rules is None):
        return []
    try:
        announced, _primary = primary_of(parse_list(_declared(t)[0]), t)  # not used: its left-out codes unsaid
    except CriterionError:
        return []
    if [s.label for s in announced] == [s.label for s in specs]:
        return []
    # TRANSLATORS: {announced} and {used} are lists of tie-break codes ("BH/C1, BH, SB").
    message = _(
        "the file announces the tie-break list {announced} (202) and the event is ranked by {used} instead: "
        "FIDE C.07 has the list announced before the event and kept to its end"
    )
    return [
        message.format(
            announced=", ".join(s.label for s in announced) or "-", used=", ".join(s.label for s in specs) or "-"
        )
    ]


def _flags(s: Standings) -> list[str]:
    """Places decided by lot, and criteria that lacked their data."""
    out = []
    for above, below in itertools.pairwise(s.rows):
        if above.ahead_on == "LOT":
            seed = s.tournament.lots_seed or 0
            out.append(
                # TRANSLATORS: {seed} is the number that makes the drawing of lots repeatable (--lots-seed).
                _("{name} is placed ahead of {other} by drawing of lots (seed {seed})").format(
                    name=above.name, other=below.name, seed=seed
                )
            )
    a = s.analysis
    values = np.full(a.n, a.last_round) if a.last_round else a.games_played
    for spec in s.criteria:
        low, high = spec.cuts
        short = int((values <= low + high).sum()) if low + high else 0
        if short:
            # TRANSLATORS: {label} is a criterion's code with its cut (BH/C1); {values} how many of a
            # participant's values it leaves out ("1 value", "2 values"); {short} how many participants
            # have no more values than that, of {total} participants.
            message = ngettext(
                "{label} leaves out {values}; {short} participant of {total} has no more than that: its "
                "{label} is that of nothing (a sum 0, an average –)",
                "{label} leaves out {values}; {short} participants of {total} have no more than that: their "
                "{label} is that of nothing (a sum 0, an average –)",
                short,
            )
            out.append(
                message.format(
                    label=spec.label,
                    values=count(low + high, "{n} value", "{n} values"),
                    short=integer_text(short),
                    total=integer_text(a.n),
                )
            )
        if spec.code in ("FIFA", "QUAL", "PSO") and spec.code not in s.tournament.rankings:
            out.append(
                # TRANSLATORS: {code} is the ranking's code (FIFA, QUAL, PSO), {label} the criterion's.
                _(
                    "no {code} ranking was supplied (--ranking {code}=FILE): {label} is shown as – and separates nobody"
                ).format(code=spec.code, label=spec.label)
            )
        if spec.code in CARD_CRITERIA and not s.tournament.cards:
            out.append(
                _(
                    "no cards were supplied (--discipline FILE or card columns): {label} is shown as – and separates "
                    "nobody"
                ).format(label=spec.label)
            )
    return out


def sort_key(col: Column, lower_is_better: bool = False, reverse: bool = False) -> list[int]:
    """Integers that order a column best first (higher first): the values, negated for
    a criterion that ranks lower first, flipped again under ``/R``; an undefined value
    comes last, or first where lower ranks first (as in the FIDE reference).

    >>> import numpy as np
    >>> sort_key(Column(np.array([3, 1, 0]), 1, np.array([False, False, True])))
    [3, 1, 0]
    >>> sort_key(Column(np.array([3, 1, 0]), 1, np.array([False, False, True])), lower_is_better=True)
    [-3, -1, 0]
    """
    ascending = lower_is_better != reverse
    missing = col.undefined.tolist() if col.undefined is not None else None
    return order_keys(col.num.tolist(), missing, ascending, ascending or col.undefined_best)


@dataclass(frozen=True)
class Disagreement:
    """A value printed in the source table that differs from the computed one."""

    participant: str
    what: str
    """``points``, ``place``, ``wins``… or a criterion's code, as the table's column."""
    printed: str
    computed: str
    line: int
    column: int


TRF_WARNED = ("points",)
"""The printed values of a TRF file that ``standings`` compares (:func:`disagreements`
without ``every``): the ``001`` points. A TRF's printed ranks (``001``, ``310``) and a
team's ``310`` match and game points come from the program that wrote the file, often
under another tie-break list: only ``check`` (``every=True``) compares them."""


def disagreements(
    s: Standings, every: bool = False, computed: dict[str, list[Fraction | None] | list[str]] | None = None
) -> list[Disagreement]:
    """The values printed in the source table (TRF points, a crosstable's
    summary columns) that differ from the computed ones; a printed place agrees with
    any place of a shared range. Without ``every`` (the warnings of ``standings``) a
    TRF file's printed values other than its ``001`` points (:data:`TRF_WARNED`) are
    left out; ``every=True`` (``crosstable check``) compares everything the reader kept.
    ``computed``: :func:`computed_values`, when the caller has them already."""
    t = s.tournament
    out: list[Disagreement] = []
    computed = computed_values(s, every) if computed is None else computed
    for key, cells in t.declared.items():
        if key not in computed:
            continue
        have = computed[key]
        for i, cell in sorted(cells.items()):
            mine = have[i]
            if key == "place":
                assert isinstance(mine, str)
                if not mine:
                    continue
                lo, _dash, hi = mine.partition("-")
                if isinstance(cell.value, Fraction) and int(lo) <= cell.value <= int(hi or lo):
                    continue
                if str(cell.value) == mine:
                    continue
                shown = str(cell.value)
            else:
                if cell.value == mine:
                    continue
                shown = fmt_decimal(cell.value) if isinstance(cell.value, Fraction) else str(cell.value)
                mine = fmt_decimal(mine) if isinstance(mine, Fraction) else mine
            out.append(Disagreement(t.names[i], key, shown, str(mine), cell.line, cell.column))
    return out


def computed_values(s: Standings, every: bool = False) -> dict[str, list[Fraction | None] | list[str]]:
    """The computed value of each declared value :func:`disagreements` compares, by its
    key (a place ``""``: the participant is not ranked); a key that is no computable
    value (not a code, or one computed among the tied only: DE) is left out."""
    t, a = s.tournament, s.analysis
    place_of = {r.index: r.place for r in s.rows}
    computed: dict[str, list[Fraction | None] | list[str]] = {}
    for key in _compared_keys(t, every):
        if key == "points":
            computed[key] = a.points.fractions()
        elif key in ("wins", "draws", "losses"):
            arr = {"wins": a.wins, "draws": a.draws, "losses": a.losses}[key]
            counted: list[Fraction | None] = [Fraction(int(x)) for x in arr.tolist()]
            computed[key] = counted
        elif key == "place":
            computed[key] = [place_of.get(i, "") for i in range(a.n)]  # "": not ranked (``among``)
        else:
            try:
                spec = parse_spec(key)
                computed[key] = REGISTRY[spec.code](a, spec).fractions()
            except CriterionError:  # not a code, or one computed among the tied only (DE)
                continue
    return computed


def _compared_keys(t: Tournament, every: bool = False) -> list[str]:
    """The declared values :func:`disagreements` compares (see there)."""
    if every or t.format != "trf":
        return list(t.declared)
    return [key for key in t.declared if key in TRF_WARNED]


def disagreement_text(d: Disagreement, source: str | None) -> str:
    """One :class:`Disagreement` as a sentence: ``FILE:LINE:COL: NAME's place is printed
    as 3, computed 4`` (in the current language)."""
    # TRANSLATORS: {place} is where the printed value is (file:line:column), {what} the column
    # (points, place, wins … or a criterion's code), then the value printed and the value computed.
    message = _("{place}: {name}'s {what} is printed as {printed}, computed {computed}")
    return message.format(
        place=f"{source or '<input>'}:{d.line}:{d.column}",
        name=d.participant,
        what=_column_words(d.what),
        printed=_value_text(d.what, d.printed),
        computed=_value_text(d.what, d.computed),
    )


def _cross_check(s: Standings) -> list[str]:
    """Compare the values printed in the source table with the computed ones."""
    return [disagreement_text(d, s.tournament.source) for d in disagreements(s)]


def _column_words(what: str) -> str:
    """A :class:`Disagreement`'s column in the current language (a criterion's code as it is)."""
    words = {
        "points": pgettext("printed value", "points"),
        "place": pgettext("printed value", "place"),
        "wins": pgettext("printed value", "wins"),
        "draws": pgettext("printed value", "draws"),
        "losses": pgettext("printed value", "losses"),
    }
    return words.get(what, what)


_NUMBER = re.compile(r"-?\d+(?:\.\d+)?(?:/\d+)?")


def _value_text(what: str, value: str) -> str:
    """A printed or computed value in a sentence: a number as the current language
    writes it, a place (``3-4``) or a text as it is."""
    return decimal_text(value) if what != "place" and _NUMBER.fullmatch(value) else value


__all__ = ["Column", "Row", "Standings", "default_criteria", "rank"]
