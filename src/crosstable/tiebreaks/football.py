"""League and football criteria: goals, head-to-head mini-leagues, fair play, lots,
and rankings supplied from outside (FIFA ranking, qualifying ranking, shoot-outs)."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

import numpy as np

from crosstable.model import Cards, IntArray
from crosstable.numbers import fmt_decimal, fmt_vulgar
from crosstable.tiebreaks.analysis import Analysis
from crosstable.tiebreaks.columns import Column, column_of
from crosstable.tiebreaks.registry import criterion
from crosstable.tiebreaks.spec import Spec


def goals_conceded(a: Analysis) -> IntArray:
    """Goals (game points) each participant conceded: the opponent's score of every entry."""
    half = len(a.gs) // 2
    opponent = np.concatenate([a.gs[half:], a.gs[:half]])
    return a.group_sum(opponent)


@criterion("GF", "goals scored")
def goals_for(a: Analysis, spec: Spec) -> Column:
    """Goals scored in all matches.

    Source: FIFA World Cup 2018 regulations, art. 32.5 b). Example (2018 group H,
    the Hungarian article): Japan 2 + 2 + 0 = 4.
    """
    return a.game_points


@criterion("GA", "goals conceded", lower_is_better=True)
def goals_against(a: Analysis, spec: Spec) -> Column:
    """Goals conceded in all matches (fewer is better).

    Source: league regulations (e.g. fewer goals conceded in some national leagues).
    Example (2018 group H): Japan conceded 1 + 2 + 1 = 4.
    """
    return Column(goals_conceded(a), a.t.score_denominator)


@criterion("GD", "goal difference")
def goal_difference(a: Analysis, spec: Spec) -> Column:
    """Goals scored minus goals conceded.

    Source: FIFA World Cup 2018 regulations, art. 32.5 a). Example (2018 group H):
    Colombia 5 − 2 = +3.
    """
    return Column(a.game_points.num - goals_conceded(a), a.t.score_denominator)


@criterion("AGF", "away goals scored")
def away_goals(a: Analysis, spec: Spec) -> Column:
    """Goals scored in away matches (the second-named side of a fixture).

    Source: UEFA club competition regulations (away goals, abolished in 2021) and
    league regulations that keep it. Example (2018 group H fixtures as listed):
    Japan scored 2 at Colombia, and 0 + 2 at home: AGF = 2.
    """
    half = len(a.gs) // 2
    away = np.arange(len(a.gs)) >= half
    return Column(a.group_sum(a.gs, away), a.t.score_denominator)


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


def h2h_tiers(a: Analysis, group: Sequence[int], reapply: bool) -> list[int]:
    """Order among tied teams by head-to-head points, then goal difference, then goals
    in their matches; with ``reapply``, a subset still level after the three is
    ranked again on the matches among that subset only (UEFA style). Higher is better."""
    pts, gd, gf = mini_league(a, group)
    keys = list(zip(pts, gd, gf, strict=True))
    distinct = sorted(set(keys), reverse=True)
    tiers = [0] * len(group)
    level = 0
    for key in reversed(distinct):  # worst block first, so better blocks get higher tiers
        block = [k for k in range(len(group)) if keys[k] == key]
        if reapply and 1 < len(block) < len(group):
            sub = h2h_tiers(a, [group[k] for k in block], True)
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

    Source: UEFA EURO 2024 regulations, art. 18.01–18.02; FIFA World Cup 2026
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


def _h2h_display(a: Analysis, group: Sequence[int], spec: Spec | None = None) -> list[Fraction | None]:
    return [Fraction(x, a.D) for x in mini_league(a, group)[0]]


head_to_head.local_display = _h2h_display
head_to_head_once.local_display = _h2h_display


def _explain_h2h(a: Analysis, spec: Spec, i: int, group: Sequence[int]) -> str:
    if len(group) < 2:
        return f"{spec.label}: not level with anyone when applied"
    pts, gd, gf = mini_league(a, group)
    k = list(group).index(i)
    d = a.t.score_denominator
    names = ", ".join(a.name(p) for p in group)
    return (
        f"{spec.label} among {names}: {fmt_vulgar(Fraction(pts[k], a.D))} points, "
        f"goal difference {fmt_decimal(Fraction(gd[k], d))}, {fmt_decimal(Fraction(gf[k], d))} goals"
    )


head_to_head.explainer(_explain_h2h)
head_to_head_once.explainer(_explain_h2h)


# -- discipline -----------------------------------------------------------------------------
def _cards(a: Analysis) -> list[Cards]:
    return [a.t.cards.get(i, Cards()) for i in range(a.n)]


@criterion("FP", "fair-play points")
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


@criterion("DISC", "UEFA disciplinary points", lower_is_better=True)
def disciplinary(a: Analysis, spec: Spec) -> Column:
    """UEFA disciplinary points (fewer is better): yellow 1,
    expulsion for two yellows 3, direct red 3, yellow then direct red 4.

    Source: UEFA EURO 2024 regulations, art. 18.01 h). Example: a team with 5 yellows
    and one second-yellow expulsion has 5 + 3 = 8 points.
    """
    values = [c.yellow + 3 * c.indirect_red + 3 * c.direct_red + 4 * c.yellow_and_direct_red for c in _cards(a)]
    return _unless_no_cards(a, values)


def _unless_no_cards(a: Analysis, values: list[int]) -> Column:
    """The values, or undefined for everybody (shown –) when no cards were supplied at
    all: a made-up 0 would claim a clean record nobody reported."""
    none = np.full(a.n, not a.t.cards, dtype=bool)
    return Column(np.array(values, dtype=np.int64), 1, none if not a.t.cards else None)


def _explain_cards(a: Analysis, spec: Spec, i: int, group: Sequence[int]) -> str:
    c = a.t.cards.get(i, Cards())
    value = (fair_play if spec.code == "FP" else disciplinary)(a, spec)[i]
    return (
        f"{spec.label} = {fmt_decimal(value)} ({c.yellow} yellow, {c.indirect_red} second yellow, "
        f"{c.direct_red} direct red, {c.yellow_and_direct_red} yellow then direct red)"
    )


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

    Source: FIFA World Cup 2018 regulations, art. 32.5 h); UEFA EURO 2024 art. 18.01.
    Example: with seed 0 the same names always give the same order.
    """
    names = sorted(range(a.n), key=lambda i: a.name(i))
    draw = np.random.default_rng(a.t.lots_seed or 0).permutation(a.n)
    value = np.zeros(a.n, dtype=np.int64)
    for position, i in zip(draw.tolist(), names, strict=True):
        value[i] = position
    return Column(value[list(group)], 1)


def _external(code: str, name: str, source: str) -> None:
    def compute(a: Analysis, spec: Spec) -> Column:
        table = a.t.rankings.get(code, {})
        worst = max(table.values(), default=Fraction(0)) + 1
        values = column_of([table.get(i, worst) for i in range(a.n)])
        return Column(values.num, values.den, np.array([i not in table for i in range(a.n)], dtype=bool))

    compute.__doc__ = (
        f"{name}: a value per team supplied from a file (``--ranking {code}=FILE``), lower is "
        f"better; a team without a value shows none (–) and comes last.\n\n    Source: {source}.\n\n"
        f"    Example: with {code} values Japan 61 and Senegal 27, Senegal is ahead.\n"
    )
    crit = criterion(code, name, lower_is_better=True)(compute)

    @crit.explainer
    def _explain(a: Analysis, spec: Spec, i: int, group: Sequence[int]) -> str:
        table = a.t.rankings.get(code, {})
        return f"{spec.label} = {fmt_decimal(table[i])}" if i in table else f"{spec.label}: not supplied"


_external("FIFA", "FIFA/Coca-Cola World Ranking", "FIFA World Cup 2026 regulations (the last criterion)")
_external("QUAL", "European qualifiers overall ranking", "UEFA EURO 2024 regulations, art. 18.01 j)")
_external("PSO", "penalty shoot-out between two teams level after their last match", "UEFA EURO 2024, art. 18.02")


def _explain_goals(a: Analysis, spec: Spec, i: int, group: Sequence[int]) -> str:
    d = a.t.score_denominator
    scored = Fraction(int(a.game_points.num[i]), d)
    conceded = Fraction(int(goals_conceded(a)[i]), d)
    if spec.code == "AGF":
        return f"{spec.label} = {fmt_decimal(away_goals(a, spec)[i])} (goals in away matches)"
    if spec.code == "GD":
        return (
            f"GD = {fmt_decimal(scored)} scored − {fmt_decimal(conceded)} conceded = {fmt_decimal(scored - conceded)}"
        )
    if spec.code == "GA":
        return f"GA = {fmt_decimal(conceded)} conceded (fewer is better)"
    return f"GF = {fmt_decimal(scored)} scored"


for _crit in (goals_for, goals_against, goal_difference, away_goals):
    _crit.explainer(_explain_goals)


@lots.explainer
def _explain_lots(a: Analysis, spec: Spec, i: int, group: Sequence[int]) -> str:
    if len(group) < 2:
        return f"{spec.label}: not level with anyone, no lot drawn"
    assert lots.local is not None
    value = lots.local(a, spec, group)[list(group).index(i)]
    others = ", ".join(a.name(p) for p in group if p != i)
    return f"{spec.label} = {fmt_decimal(value)} (drawn with seed {a.t.lots_seed or 0} against {others})"
