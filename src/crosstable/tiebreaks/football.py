"""League and football criteria: goals, goal average, away results, the opponents'
results (UEFA's league phase), head-to-head mini-leagues, fair play, lots, and
rankings supplied from outside (FIFA ranking, qualifying ranking, shoot-outs, club
coefficients)."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

import numpy as np
from numpy.typing import NDArray

from crosstable.i18n import N_, _, decimal_text, ngettext
from crosstable.model import PENDING, WIN, Cards, IntArray, Playoff, meetings
from crosstable.numbers import count, show_decimal, show_vulgar
from crosstable.tiebreaks.analysis import Analysis
from crosstable.tiebreaks.columns import Column, column_of
from crosstable.tiebreaks.registry import criterion
from crosstable.tiebreaks.spec import Spec

CARD_CRITERIA = ("FP", "DISC", "AFCDISC", "RC", "YC")
"""The criteria that rank by the cards (FIFA's fair-play points, UEFA's and the AFC's
disciplinary points, CONMEBOL's red and yellow cards): without cards they separate
nobody (a warning says so), and a discipline file must list every team level with
another for them (:func:`crosstable.io.sidecar.add_discipline`)."""


def goals_conceded(a: Analysis) -> IntArray:
    """Goals (game points) each participant conceded: the opponent's score of every entry."""
    half = len(a.gs) // 2
    opponent = np.concatenate([a.gs[half:], a.gs[:half]])
    return a.group_sum(opponent)


@criterion("GF", "goals scored", count=True)
def goals_for(a: Analysis, spec: Spec) -> Column:
    """Goals scored in all matches.

    Source: FIFA World Cup 2018 regulations, art. 32.5 b). Example (2018 group H,
    the Hungarian article): Japan 2 + 2 + 0 = 4.
    """
    return a.game_points


@criterion("GA", "goals conceded", lower_is_better=True, count=True)
def goals_against(a: Analysis, spec: Spec) -> Column:
    """Goals conceded in all matches (fewer is better).

    Source: league regulations (e.g. fewer goals conceded in some national leagues).
    Example (2018 group H): Japan conceded 1 + 2 + 1 = 4.
    """
    return Column(goals_conceded(a), a.t.score_denominator)


@criterion("GD", "goal difference", count=True)
def goal_difference(a: Analysis, spec: Spec) -> Column:
    """Goals scored minus goals conceded.

    Source: FIFA World Cup 2018 regulations, art. 32.5 a). Example (2018 group H):
    Colombia 5 − 2 = +3.
    """
    return Column(a.game_points.num - goals_conceded(a), a.t.score_denominator)


@criterion("AGF", "away goals scored", count=True)
def away_goals(a: Analysis, spec: Spec) -> Column:
    """Goals scored in away matches (the second-named side of a fixture).

    Source: UEFA club competition regulations (away goals, abolished in 2021) and
    league regulations that keep it. Example (2018 group H fixtures as listed):
    Japan scored 2 at Colombia, and 0 + 2 at home: AGF = 2.
    """
    half = len(a.gs) // 2
    away = np.arange(len(a.gs)) >= half
    return Column(a.group_sum(a.gs, away), a.t.score_denominator)


def _away(a: Analysis) -> NDArray[np.bool_]:
    """Whether each entry is an away match (the second-named side of a fixture)."""
    away: NDArray[np.bool_] = np.arange(len(a.gs)) >= len(a.gs) // 2
    return away


@criterion("AW", "away wins", aliases=("AWIN",), count=True)
def away_wins(a: Analysis, spec: Spec) -> Column:
    """Matches won away (as the second-named side of a fixture).

    Source: UEFA Champions League regulations 2024/25, art. 18.01 e) (league phase).
    Example (2024/25 league phase): Real Madrid won at Atalanta and at Brest (AW 2),
    Bayern at Shakhtar only (AW 1): Real Madrid 11th, Bayern 12th.
    """
    return Column(a.group_sum(np.ones_like(a.gs), _away(a) & (a.r == WIN)), 1)


def _opponents_total(a: Analysis, values: IntArray) -> IntArray:
    """Σ over a team's matches of its opponent's value (one term per match)."""
    return a.group_sum(values[a.q])


@criterion("OPTS", "points obtained collectively by the opponents")
def opponents_points(a: Analysis, spec: Spec) -> Column:
    """The sum of the points of every opponent met, once per match (a Buchholz of
    football): the opponents' points from their results, without deductions.

    Source: UEFA Champions League regulations 2024/25, art. 18.01 f) (league phase).
    Example: a team that met opponents finishing on 21, 13 and 6 points has OPTS 40.
    """
    res = a.results
    return Column(_opponents_total(a, res.num), res.den)


@criterion("OGD", "collective goal difference of the opponents", count=True)
def opponents_goal_difference(a: Analysis, spec: Spec) -> Column:
    """The sum of the goal differences of every opponent met, once per match.

    Source: UEFA Champions League regulations 2024/25, art. 18.01 g) (league phase).
    Example: opponents finishing on +12, −3 and −20 give OGD −11.
    """
    gd = a.game_results.num - goals_conceded(a)
    return Column(_opponents_total(a, gd), a.t.score_denominator)


@criterion("OGF", "goals scored collectively by the opponents", count=True)
def opponents_goals(a: Analysis, spec: Spec) -> Column:
    """The sum of the goals scored by every opponent met, once per match.

    Source: UEFA Champions League regulations 2024/25, art. 18.01 h) (league phase).
    Example: opponents that scored 17, 9 and 4 goals give OGF 30.
    """
    return Column(_opponents_total(a, a.game_results.num), a.t.score_denominator)


@criterion("GAV", "goal average", aliases=("GOAL-AVERAGE",))
def goal_average(a: Analysis, spec: Spec) -> Column:
    """Goals scored divided by goals conceded, an exact fraction. A team that conceded
    no goal has no goal average (shown –, ``null`` in JSON) and ranks above every team
    that has one; such teams are separated by the next criterion.

    Source: the Football League's rule from 1888/89 to 1975/76 (goal difference from
    1976/77); no rule for a team without a goal conceded is known (it never arose over a
    season): ours ranks it as an infinite average would, a team with no goal at all
    included. Example (First Division 1923/24): Huddersfield 60 ÷ 33 = 1.818… ranks
    above Cardiff 61 ÷ 34 = 1.794…, though Cardiff scored more.
    """
    scored = a.game_results.num.tolist()
    conceded = goals_conceded(a).tolist()
    values = [Fraction(int(f), int(c)) if c else None for f, c in zip(scored, conceded, strict=True)]
    col = column_of(values)
    return Column(col.num, col.den, col.undefined, undefined_best=True)


@goal_average.explainer
def _explain_gav(a: Analysis, spec: Spec, i: int, group: Sequence[int]) -> str:
    d = a.t.score_denominator
    scored = Fraction(int(a.game_results.num[i]), d)
    conceded = Fraction(int(goals_conceded(a)[i]), d)
    if not conceded:
        return _("GAV: {scored} scored, none conceded: no average, above every team that has one").format(
            scored=show_decimal(scored)
        )
    value = scored / conceded
    # TRANSLATORS: the goal average, goals scored ÷ goals conceded, exact and rounded.
    return _("GAV = {scored} ÷ {conceded} = {exact} ≈ {rounded}").format(
        scored=show_decimal(scored),
        conceded=show_decimal(conceded),
        exact=show_vulgar(value),
        rounded=decimal_text(f"{float(value):.4f}"),
    )


def _explain_opponents(a: Analysis, spec: Spec, i: int, group: Sequence[int]) -> str:
    d = a.t.score_denominator
    if spec.code == "OPTS":
        each = a.results
        values = {int(q): Fraction(int(each.num[q]), each.den) for q in range(a.n)}
    elif spec.code == "OGD":
        gd = a.game_results.num - goals_conceded(a)
        values = {q: Fraction(int(gd[q]), d) for q in range(a.n)}
    else:
        values = {q: Fraction(int(a.game_results.num[q]), d) for q in range(a.n)}
    terms = [(a.name(int(a.q[e])), values[int(a.q[e])]) for e in a.entries_of(i).tolist()]
    total = sum((v for _who, v in terms), Fraction(0))
    shown = " + ".join(f"{show_decimal(v)} ({who})" for who, v in terms) or "0"
    return f"{spec.label} = {shown} = {show_decimal(total)}"


for _crit in (opponents_points, opponents_goal_difference, opponents_goals):
    _crit.explainer(_explain_opponents)


@away_wins.explainer
def _explain_away_wins(a: Analysis, spec: Spec, i: int, group: Sequence[int]) -> str:
    away = _away(a)
    won = [a.name(int(a.q[e])) for e in a.entries_of(i).tolist() if away[e] and a.r[e] == WIN]
    if not won:
        return _("AW = 0 (no away win)")
    # TRANSLATORS: AW is the code of "away wins"; {teams} are the teams beaten at their home ground.
    return _("AW = {wins} (won at {teams})").format(wins=show_decimal(Fraction(len(won))), teams=", ".join(won))


# -- head to head -------------------------------------------------------------------------
def mini_league(a: Analysis, group: Sequence[int]) -> tuple[list[int], list[int], list[int]]:
    """Points (units of 1/D), goal difference and goals (units of the score) of each
    member in the matches among the group."""
    members = set(group)
    pts, gd, gf = [], [], []
    half = len(a.gs) // 2
    for p in group:
        x = y = z = 0
        for e in a.entries_of(p).tolist():
            if int(a.q[e]) in members:
                mine = int(a.gs[e])
                theirs = int(a.gs[e + half] if e < half else a.gs[e - half])
                x += int(a.pts[e])
                y += mine - theirs
                z += mine
        pts.append(x)
        gd.append(y)
        gf.append(z)
    return pts, gd, gf


def h2h_tiers(a: Analysis, group: Sequence[int], reapply: bool, parts: str = "PDG") -> list[int]:
    """Order among tied teams by head-to-head points (``P``), then goal difference
    (``D``), then goals (``G``) in their matches (``parts`` chooses which, in order);
    with ``reapply``, a subset still level after them is ranked again on the matches
    among that subset only (UEFA style). Higher is better."""
    pts, gd, gf = mini_league(a, group)
    chosen = {"P": pts, "D": gd, "G": gf}
    keys = list(zip(*(chosen[c] for c in parts), strict=True))
    distinct = sorted(set(keys), reverse=True)
    tiers = [0] * len(group)
    level = 0
    for key in reversed(distinct):  # worst block first, so better blocks get higher tiers
        block = [k for k in range(len(group)) if keys[k] == key]
        if reapply and 1 < len(block) < len(group):
            sub = h2h_tiers(a, [group[k] for k in block], True, parts)
            ranks = sorted(set(sub))
            for k, t in zip(block, sub, strict=True):
                tiers[k] = level + ranks.index(t) + 1
            level += len(ranks)
        else:
            level += 1
            for k in block:
                tiers[k] = level
    return tiers


@criterion("H2H", "head-to-head mini-league", local=True)
def head_to_head(a: Analysis, spec: Spec, group: Sequence[int]) -> Column:
    """Head-to-head among the tied teams: points, then goal difference, then goals
    scored in the matches among them, applied to the whole tied block first; a subset
    still level after all three is re-examined on the matches among that subset only.

    Source: UEFA EURO 2024 regulations, art. 20.01–20.02; FIFA World Cup 2026
    regulations. Example (EURO 2024 group E, all four on 4 points): among all four,
    Romania and Belgium have goal difference +1 and Romania scored 4 to Belgium's 2,
    so Romania, Belgium, Slovakia, Ukraine.
    """
    return Column(np.array(h2h_tiers(a, group, True), dtype=np.int64), 1)


@criterion("H2H1", "head-to-head mini-league, applied once", local=True)
def head_to_head_once(a: Analysis, spec: Spec, group: Sequence[int]) -> Column:
    """Head-to-head among the tied teams, computed once: points, goal difference,
    goals scored in the matches among them, with no re-application to a subset.

    Source: FIFA World Cup 2018 regulations, art. 32.5 d)–f). Example (2018 group H):
    Japan and Senegal drew 2-2, so both have 1 point, GD 0 and 2 goals: still level.
    """
    return Column(np.array(h2h_tiers(a, group, False), dtype=np.int64), 1)


def unplayed_among(a: Analysis, group: Sequence[int]) -> int:
    """How many matches among the group are still to be played: those listed without
    a result, and those not listed at all (a file of results only, in mid-season). The
    national leagues' rules speak of the two matches between two clubs, home and away:
    every pair of the group meets twice, or as often as the league's pairs meet most."""
    t = a.t
    assert t.status is not None
    if "meetings" not in a.cache:
        a.cache["meetings"] = int(meetings(t.white, t.black, a.n)[1].max(initial=0))
    most: int = max(2, a.cache["meetings"])
    inside = np.zeros(a.n, dtype=bool)
    inside[list(group)] = True
    among = inside[t.white] & inside[t.black]
    pending = int(np.count_nonzero(among & (t.status == PENDING)))
    k = len(group)
    return pending + max(0, most * k * (k - 1) // 2 - int(np.count_nonzero(among)))


def _league_h2h(a: Analysis, group: Sequence[int], parts: str, reapply: bool = False) -> Column:
    """A national league's head-to-head: nothing separates the group while one of the
    matches among its teams is still to be played (La Liga, Bundesliga)."""
    if unplayed_among(a, group):
        names = ", ".join(a.name(p) for p in group)
        a.notes.append(
            _("head-to-head among {names} not applied: they have not all met twice (home and away) yet").format(
                names=names
            )
        )
        return Column(np.zeros(len(group), dtype=np.int64), 1)
    return Column(np.array(h2h_tiers(a, group, reapply, parts), dtype=np.int64), 1)


@criterion("H2HP", "head-to-head points", local=True)
def head_to_head_points(a: Analysis, spec: Spec, group: Sequence[int]) -> Column:
    """Points in the matches among the teams still level, once their matches are all
    played.

    Source: Premier League Handbook, section C (since 2019/20: after goal difference
    and goals scored). Example: two clubs that won one match each against the other
    have 3 head-to-head points each: still level.
    """
    return _league_h2h(a, group, "P")


@criterion("H2HGD", "head-to-head goal difference (aggregate score)", local=True)
def head_to_head_goal_difference(a: Analysis, spec: Spec, group: Sequence[int]) -> Column:
    """Goal difference in the matches among the teams still level (the aggregate
    score of their two matches), once their matches are all played.

    Source: DFL Spielordnung (Bundesliga, after goal difference and goals scored);
    RFEF General Regulations art. 201.2 (La Liga, two clubs). Example: 2-0 and 3-3
    give an aggregate 5-3: +2 for the first club.
    """
    return _league_h2h(a, group, "D")


@criterion("H2HAG", "head-to-head away goals", local=True)
def head_to_head_away_goals(a: Analysis, spec: Spec, group: Sequence[int]) -> Column:
    """Goals scored away in the matches among the teams still level, once their
    matches are all played.

    Source: DFL Spielordnung (Bundesliga); Premier League Handbook, section C (since
    2019/20). Example: 1-1 at home and 2-2 away: 2 away goals against 1.
    """
    if unplayed_among(a, group):
        return _league_h2h(a, group, "")
    members = set(group)
    away = _away(a)
    goals = [sum(int(a.gs[e]) for e in a.entries_of(p).tolist() if away[e] and int(a.q[e]) in members) for p in group]
    return Column(np.array(goals, dtype=np.int64), a.t.score_denominator)


@criterion("AGFB", "away goals over the season, once the clubs level have met twice", local=True)
def away_goals_bundesliga(a: Analysis, spec: Spec, group: Sequence[int]) -> Column:
    """Away goals scored over the whole season, applied (like the head-to-head criteria
    before it) only once the matches among the clubs level are all played.

    Source: DFL Spielordnung (Bundesliga): before both matches between the clubs are
    played only goal difference and goals scored apply, and clubs still level share
    the place. Example: level clubs that have met only once stay level, whatever
    their away goals.
    """
    if unplayed_among(a, group):
        return _league_h2h(a, group, "")
    return Column(away_goals(a, spec).num[list(group)], a.t.score_denominator)


@criterion("H2HES", "head-to-head, La Liga's rule", local=True)
def head_to_head_spain(a: Analysis, spec: Spec, group: Sequence[int]) -> Column:
    """La Liga's head-to-head, computed once over all the clubs level on points: for
    two clubs the goal difference of their two matches; for three or more the points,
    then the goal difference, of the matches among them only (no goals-scored step,
    no re-application to a subset); not applied while one of those matches is still
    to be played (the overall goal difference decides meanwhile).

    Source: RFEF General Regulations, art. 201.2 and 201.3. Example (2006/07): Real
    Madrid beat Barcelona 2-0 and drew 3-3, aggregate +2: champions on 76 points
    despite a goal difference of +26 against Barcelona's +45.
    """
    return _league_h2h(a, group, "D" if len(group) == 2 else "PD")


@criterion("H2HIT", "head-to-head mini-league (classifica avulsa)", local=True)
def head_to_head_italy(a: Analysis, spec: Spec, group: Sequence[int]) -> Column:
    """Serie A's classifica avulsa: points, then goal difference, in the matches among
    the teams level on points; a subset still level is ranked again on the matches
    among that subset; not applied while one of those matches is still to be played.

    Source: FIGC NOIF art. 51.4, as applied to Serie A each season by the FIGC
    (points, goal difference among the tied, then overall goal difference, goals,
    lots; a play-off for the title or 17th place between two clubs from 2022/23).
    Example: three clubs on 60 points with 6, 4 and 1 points among them are ordered
    by those points.
    """
    return _league_h2h(a, group, "PD", reapply=True)


def _explain_league_h2h(a: Analysis, spec: Spec, i: int, group: Sequence[int]) -> str:
    if len(group) < 2:
        return _("{label}: not level with anyone when applied").format(label=spec.label)
    names = ", ".join(a.name(p) for p in group)
    if unplayed_among(a, group):
        return _("{label} among {names}: not applied, they have not all met twice (home and away) yet").format(
            label=spec.label, names=names
        )
    pts, gd, gf = mini_league(a, group)
    k = list(group).index(i)
    d = a.t.score_denominator
    if spec.code == "H2HAG":
        assert head_to_head_away_goals.local is not None
        value = head_to_head_away_goals.local(a, spec, group)[k]
        # TRANSLATORS: {goals} is a number (English says "goals" whatever it is).
        away = ngettext(
            "{label} among {names}: {goals} away goals in their matches",
            "{label} among {names}: {goals} away goals in their matches",
            value if value is not None else 0,
        )
        return away.format(label=spec.label, names=names, goals=show_decimal(value))
    # TRANSLATORS: {points} is a count of points ("4 points"); the goal difference and the goals
    # scored are those of the matches among the teams named.
    return _("{label} among {names}: {points}, goal difference {difference} ({scored} scored) in their matches").format(
        label=spec.label,
        names=names,
        points=count(Fraction(pts[k], a.D), "{n} point", "{n} points"),
        difference=show_decimal(Fraction(gd[k], d)),
        scored=show_decimal(Fraction(gf[k], d)),
    )


for _crit in (head_to_head_points, head_to_head_goal_difference, head_to_head_away_goals):
    _crit.explainer(_explain_league_h2h)
for _crit in (head_to_head_spain, head_to_head_italy):
    _crit.explainer(_explain_league_h2h)


@away_goals_bundesliga.explainer
def _explain_agfb(a: Analysis, spec: Spec, i: int, group: Sequence[int]) -> str:
    if len(group) > 1 and unplayed_among(a, group):
        return _("{label}: not applied, {names} have not all met twice yet").format(
            label=spec.label, names=", ".join(a.name(p) for p in group)
        )
    return _("{label} = {goals} (goals in away matches over the season)").format(
        label=spec.label, goals=show_decimal(away_goals(a, spec)[i])
    )


def _points_display(a: Analysis, group: Sequence[int], spec: Spec | None = None) -> list[Fraction | None]:
    """The head-to-head points shown for each team of the group; none (–) while the
    criterion is not applied (a match among them still to be played)."""
    if unplayed_among(a, group):
        return [None] * len(group)
    return _h2h_display(a, group)


def _difference_display(a: Analysis, group: Sequence[int], spec: Spec | None = None) -> list[Fraction | None]:
    """The head-to-head goal difference shown for each team of the group; none (–)
    while the criterion is not applied."""
    if unplayed_among(a, group):
        return [None] * len(group)
    return [Fraction(x, a.t.score_denominator) for x in mini_league(a, group)[1]]


def _away_display(a: Analysis, group: Sequence[int], spec: Spec | None = None) -> list[Fraction | None]:
    """The head-to-head away goals, or the season's (``AGFB``); none (–) while not applied."""
    if unplayed_among(a, group):
        return [None] * len(group)
    assert spec is not None
    crit = head_to_head_away_goals if spec.code == "H2HAG" else away_goals_bundesliga
    assert crit.local is not None
    return crit.local(a, spec, group).fractions()


def _spain_display(a: Analysis, group: Sequence[int], spec: Spec | None = None) -> list[Fraction | None]:
    """What decides under La Liga's rule: goal difference for two, points for more."""
    return _difference_display(a, group) if len(group) == 2 else _points_display(a, group)


head_to_head_points.local_display = _points_display
head_to_head_italy.local_display = _points_display
head_to_head_goal_difference.local_display = _difference_display
head_to_head_away_goals.local_display = _away_display
away_goals_bundesliga.local_display = _away_display
head_to_head_spain.local_display = _spain_display


def _h2h_display(a: Analysis, group: Sequence[int], spec: Spec | None = None) -> list[Fraction | None]:
    return [Fraction(x, a.D) for x in mini_league(a, group)[0]]


head_to_head.local_display = _h2h_display
head_to_head_once.local_display = _h2h_display


def _explain_h2h(a: Analysis, spec: Spec, i: int, group: Sequence[int]) -> str:
    if len(group) < 2:
        return _("{label}: not level with anyone when applied").format(label=spec.label)
    pts, gd, gf = mini_league(a, group)
    k = list(group).index(i)
    d = a.t.score_denominator
    names = ", ".join(a.name(p) for p in group)
    # TRANSLATORS: {points} and {goals} are counts ("4 points", "5 goals") in the matches among the teams named.
    return _("{label} among {names}: {points}, goal difference {difference}, {goals}").format(
        label=spec.label,
        names=names,
        points=count(Fraction(pts[k], a.D), "{n} point", "{n} points"),
        difference=show_decimal(Fraction(gd[k], d)),
        goals=count(Fraction(gf[k], d), "{n} goal", "{n} goals"),
    )


head_to_head.explainer(_explain_h2h)
head_to_head_once.explainer(_explain_h2h)


# -- discipline -----------------------------------------------------------------------------
def _cards(a: Analysis) -> list[Cards]:
    return [a.t.cards.get(i, Cards()) for i in range(a.n)]


@criterion("FP", "fair-play points", count=True)
def fair_play(a: Analysis, spec: Spec) -> Column:
    """Fair-play points: −1 per yellow card, −3 per indirect red (second yellow), −4
    per direct red, −5 per yellow card followed by a direct red (higher is better).

    Source: FIFA World Cup 2018 regulations, art. 32.5 g). Example (2018 group H,
    FIFA's totals): Japan 4 yellows = −4, Senegal 6 yellows = −6, so Japan is ahead.
    """
    return _unless_no_cards(a, [-fair_play_points(c) for c in _cards(a)])


def fair_play_points(c: Cards) -> int:
    """FIFA deductions of a disciplinary record, as a positive number."""
    return c.yellow + 3 * c.indirect_red + 4 * c.direct_red + 5 * c.yellow_and_direct_red


@criterion("DISC", "UEFA disciplinary points", lower_is_better=True, count=True)
def disciplinary(a: Analysis, spec: Spec) -> Column:
    """UEFA disciplinary points (fewer is better): yellow 1,
    expulsion for two yellows 3, direct red 3, yellow then direct red 4.

    Source: UEFA EURO 2024 regulations, art. 20.01 h). Example: a team with 5 yellows
    and one second-yellow expulsion has 5 + 3 = 8 points.
    """
    values = [c.yellow + 3 * c.indirect_red + 3 * c.direct_red + 4 * c.yellow_and_direct_red for c in _cards(a)]
    return _unless_no_cards(a, values)


def _unless_no_cards(a: Analysis, values: list[int]) -> Column:
    """The values, or undefined for everybody (shown –) when no cards were supplied at
    all: a made-up 0 would claim a clean record nobody reported."""
    none = np.full(a.n, not a.t.cards, dtype=bool)
    return Column(np.array(values, dtype=np.int64), 1, none if not a.t.cards else None)


def cards_text(c: Cards) -> str:
    """A team's cards in words: ``3 yellow, 0 second yellow, 1 direct red, 0 yellow then direct red``."""
    cards = [
        # TRANSLATORS: counts of cards: yellow cards, sendings-off for a second yellow card, direct red cards,
        # and a yellow card followed by a direct red (English says the same for one and for several).
        count(c.yellow, "{n} yellow", "{n} yellow"),
        count(c.indirect_red, "{n} second yellow", "{n} second yellow"),
        count(c.direct_red, "{n} direct red", "{n} direct red"),
        count(c.yellow_and_direct_red, "{n} yellow then direct red", "{n} yellow then direct red"),
    ]
    return ", ".join(cards)


def _explain_cards(a: Analysis, spec: Spec, i: int, group: Sequence[int]) -> str:
    value = (fair_play if spec.code == "FP" else disciplinary)(a, spec)[i]
    return f"{spec.label} = {show_decimal(value)} ({cards_text(a.t.cards.get(i, Cards()))})"


fair_play.explainer(_explain_cards)
disciplinary.explainer(_explain_cards)


# -- lots and external rankings ----------------------------------------------------------------
@criterion("LOT", "drawing of lots", local=True)
def lots(a: Analysis, spec: Spec, group: Sequence[int]) -> Column:
    """Drawing of lots among the participants still level, reproducible: a random
    order drawn from the seed given with ``--lots-seed`` (0 if none) over all the
    names in alphabetical order, so the draw depends on neither the input order nor
    who is tied; those never tied show no lot. The standings always flag places
    decided by lot.

    Source: FIFA World Cup 2018 regulations, art. 32.5 h); UEFA EURO 2024 art. 20.01.
    Example: with seed 0 the same names always give the same order.
    """
    names = sorted(range(a.n), key=lambda i: a.name(i))
    draw = np.random.default_rng(a.t.lots_seed or 0).permutation(a.n)
    value = np.zeros(a.n, dtype=np.int64)
    for position, i in zip(draw.tolist(), names, strict=True):
        value[i] = position
    return Column(value[list(group)], 1)


def _external(code: str, name: str, source: str, lower_is_better: bool = True) -> None:
    def compute(a: Analysis, spec: Spec) -> Column:
        table = a.t.rankings.get(code, {})
        worst = max(table.values(), default=Fraction(0)) + 1 if lower_is_better else Fraction(0)
        values = column_of([table.get(i, worst) for i in range(a.n)])
        return Column(values.num, values.den, np.array([i not in table for i in range(a.n)], dtype=bool))

    better = "lower" if lower_is_better else "higher"
    example = "Japan 61 and Senegal 27, Senegal" if lower_is_better else "Bayern 144 and Real Madrid 136, Bayern"
    compute.__doc__ = (
        f"{name}: a value per team supplied from a file (``--ranking {code}=FILE``), {better} is "
        f"better; a team without a value shows none (–) and comes last.\n\n    Source: {source}.\n\n"
        f"    Example: with {code} values {example} is ahead.\n"
    )
    crit = criterion(code, name, lower_is_better=lower_is_better)(compute)

    @crit.explainer
    def _explain(a: Analysis, spec: Spec, i: int, group: Sequence[int]) -> str:
        table = a.t.rankings.get(code, {})
        if i not in table:
            return _("{label}: not supplied").format(label=spec.label)
        return f"{spec.label} = {show_decimal(table[i])}"


_external("FIFA", N_("FIFA/Coca-Cola World Ranking"), "FIFA World Cup 2026 regulations (the last criterion)")
_external("QUAL", N_("European qualifiers overall ranking"), "UEFA EURO 2024 regulations, art. 20.01 i)")
_external(
    "PSO", N_("penalty shoot-out between two teams level after their last match"), "UEFA EURO 2024, art. 20.01 g)"
)
_external("CLUB", N_("UEFA club coefficient"), "UEFA Champions League regulations 2024/25, art. 18.01 j)", False)


def _explain_goals(a: Analysis, spec: Spec, i: int, group: Sequence[int]) -> str:
    d = a.t.score_denominator
    scored = Fraction(int(a.game_points.num[i]), d)
    conceded = Fraction(int(goals_conceded(a)[i]), d)
    if spec.code == "AGF":
        return _("{label} = {goals} (goals in away matches)").format(
            label=spec.label, goals=show_decimal(away_goals(a, spec)[i])
        )
    if spec.code == "GD":
        return _("GD = {scored} scored − {conceded} conceded = {difference}").format(
            scored=show_decimal(scored), conceded=show_decimal(conceded), difference=show_decimal(scored - conceded)
        )
    if spec.code == "GA":
        return _("GA = {conceded} conceded (fewer is better)").format(conceded=show_decimal(conceded))
    return _("GF = {scored} scored").format(scored=show_decimal(scored))


for _crit in (goals_for, goals_against, goal_difference, away_goals):
    _crit.explainer(_explain_goals)


@lots.explainer
def _explain_lots(a: Analysis, spec: Spec, i: int, group: Sequence[int]) -> str:
    if len(group) < 2:
        return _("{label}: not level with anyone, no lot drawn").format(label=spec.label)
    assert lots.local is not None
    value = lots.local(a, spec, group)[list(group).index(i)]
    others = ", ".join(a.name(p) for p in group if p != i)
    # TRANSLATORS: {seed} is the number given with --lots-seed; {others} the names of the others level.
    return _("{label} = {value} (drawn with seed {seed} against {others})").format(
        label=spec.label, value=show_decimal(value), seed=a.t.lots_seed or 0, others=others
    )


RELEGATED = 3
"""How many clubs go down from Serie A (20 clubs since 2004/05): the play-off decides
the last place safe from relegation, 17th."""


def _playoff_place(a: Analysis, spec: Spec, group: Sequence[int]) -> int | None:
    """The place ``k`` two participants level on points are tied for (the tie takes
    places ``k`` and ``k + 1``), when the regulation settles it by a play-off: the
    title (1) or the last place safe from relegation (17 of 20); ``None`` for any
    other tie."""
    if len(group) != 2 or not _season_over(a):
        return None
    points = a.points.num
    first = 1 + int((points > points[group[0]]).sum())
    return first if first in (1, a.n - RELEGATED) else None


def _season_over(a: Analysis) -> bool:
    """Whether every match of the league is played (a play-off follows the last
    matchday: before it, a tie is ranked as the season stands, by the next criteria)."""
    if "season over" not in a.cache:
        t = a.t
        assert t.status is not None
        keys, counts = meetings(t.white, t.black, a.n)
        every_pair = len(keys) == a.n * (a.n - 1) // 2 and bool((counts == counts.max(initial=0)).all())
        a.cache["season over"] = every_pair and not bool((t.status == PENDING).any())
    return bool(a.cache["season over"])


def _playoff_of(a: Analysis, group: Sequence[int]) -> Playoff | None:
    """The deciding match given between the two participants (the last listed), if any."""
    pair = set(group)
    found = [p for p in a.t.playoffs if {p.winner, p.loser} == pair]
    return found[-1] if found else None


@criterion("PO", "play-off", local=True)
def playoff(a: Analysis, spec: Spec, group: Sequence[int]) -> Column:
    """The deciding match between two clubs level on points for the title (1st and
    2nd) or for the last place safe from relegation (17th and 18th of 20, three
    going down): its winner goes ahead. Its result comes from the fixtures (a match of a round named ``Play-off``
    between two of the league's clubs); without it the two share the place, no later
    criterion is applied to them, and a warning says a play-off decides it. Three or
    more clubs level, two level for another place, or a season not over (a match
    still to be played): not applied.

    Source: FIGC, Serie A from 2022/23 (NOIF art. 51.6 as amended in 2022): a
    play-off between two clubs level on points for the title or for the last place
    safe from relegation. Example (2022/23): Spezia and Hellas Verona, 31 points each,
    17th and 18th; Verona won the play-off 3-1 and stayed up.
    """
    match = _playoff_of(a, group) if _playoff_place(a, spec, group) is not None else None
    won = [1 if match is not None and p == match.winner else 0 for p in group]
    return Column(np.array(won, dtype=np.int64), 1)


def playoff_pending(a: Analysis, spec: Spec, group: Sequence[int]) -> bool:
    """Whether the tie is one the regulation settles by a play-off whose result is
    not given: the place then stays shared, and a note says why (in ``a.notes``)."""
    place = _playoff_place(a, spec, group)
    if place is None or _playoff_of(a, group) is not None:
        return False
    a.notes.append(
        # TRANSLATORS: {teams} are two teams ("Spezia, Hellas Verona"), {place} a place (17), {shared}
        # the shared place (17-18); "Play-off" is the name of a round in the fixtures: keep it.
        _(
            "{teams} are level on points for place {place}: the regulation settles it by a play-off; without its "
            "result (a match of a round named Play-off in the fixtures) the place is shared ({shared})"
        ).format(teams=", ".join(a.name(p) for p in group), place=place, shared=f"{place}-{place + 1}")
    )
    return True


def _playoff_display(a: Analysis, group: Sequence[int], spec: Spec | None = None) -> list[Fraction | None]:
    """1 for the winner of the play-off and 0 for the loser; none (–) where none decides."""
    assert spec is not None
    if _playoff_place(a, spec, group) is None or _playoff_of(a, group) is None:
        return [None] * len(group)
    assert playoff.local is not None
    return playoff.local(a, spec, group).fractions()


playoff.local_display = _playoff_display


@playoff.explainer
def _explain_playoff(a: Analysis, spec: Spec, i: int, group: Sequence[int]) -> str:
    if len(group) < 2:
        return _("{label}: not level with anyone when applied").format(label=spec.label)
    place = _playoff_place(a, spec, group)
    names = ", ".join(a.name(p) for p in group)
    if not _season_over(a):
        # TRANSLATORS: {label} is the criterion's code (PO): a play-off is played after the last matchday.
        return _("{label}: not applied, the season is not over").format(label=spec.label)
    if place is None:
        # TRANSLATORS: {names} are the teams level; a play-off settles only the places the regulation names.
        return _("{label}: {names} are not two clubs level for a place a play-off settles: not applied").format(
            label=spec.label, names=names
        )
    match = _playoff_of(a, group)
    if match is None:
        return _("{label}: {names} are level for place {place}; a play-off settles it, its result not given").format(
            label=spec.label, names=names, place=place
        )
    # TRANSLATORS: {match} is the play-off with its score ("Spezia 1-3 Hellas Verona"), {date} its date.
    return _("{label}: the play-off for place {place}, {match}{date}").format(
        label=spec.label, place=place, match=match.score, date=f" ({match.date})" if match.date else ""
    )
