"""Rating-based criteria: average rating of the opponents and performance rating.

Ratings come from the input (TRF ratings, a ``Rating`` column, PGN ``WhiteElo``).
Only games played over the board count. When some participant has no rating the
values are 0 and the standings say so (the FIDE reference leaves them undefined).
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

import numpy as np

from crosstable.model import PLAYED
from crosstable.numbers import fmt_decimal
from crosstable.tiebreaks.analysis import Analysis
from crosstable.tiebreaks.columns import Column, sum_by
from crosstable.tiebreaks.cuts import cut_mask
from crosstable.tiebreaks.registry import criterion, explain_value
from crosstable.tiebreaks.spec import Spec

#: FIDE Handbook B.02, table 8.1(a): rating difference dp for a percentage score
#: p = 50 … 100 (and dp(100 − p) = −dp(p)).
DP_TABLE = [
    0, 7, 14, 21, 29, 36, 43, 50, 57, 65, 72, 80, 87, 95, 102, 110, 117, 125, 133, 141, 149, 158, 166, 175, 184,
    193, 202, 211, 220, 230, 240, 251, 262, 273, 284, 296, 309, 322, 336, 351, 366, 383, 401, 422, 444, 470, 501,
    538, 589, 677, 800,
]  # fmt: skip


#: FIDE Handbook B.02, table 8.1(b): the upper end of each rating-difference range
#: whose expected score (in percent) is 50, 51, … 99; beyond the last, 100.
PD_LIMITS = [
    3, 10, 17, 25, 32, 39, 46, 53, 61, 68, 76, 83, 91, 98, 106, 113, 121, 129, 137, 145, 153, 162, 170, 179, 188,
    197, 206, 215, 225, 235, 245, 256, 267, 278, 290, 302, 315, 328, 344, 357, 374, 391, 411, 432, 456, 484, 517,
    559, 619, 735,
]  # fmt: skip
_PD = np.searchsorted(np.array(PD_LIMITS), np.arange(801)) + 50  # percent for differences 0 … 800


def expected_percent(diff: np.ndarray) -> np.ndarray:
    """Expected score in percent for rating differences (own − opponent's), table 8.1(b).

    >>> expected_percent(np.array([0, 100, -100, 1000])).tolist()
    [50, 64, 36, 100]
    """
    d = np.minimum(np.abs(diff), 800)
    pd = _PD[d]
    out: np.ndarray = np.where(diff >= 0, pd, 100 - pd)
    return out


def dp(percent: int) -> int:
    """Table 8.1(a) for a whole percentage 0 … 100.

    >>> dp(75), dp(25), dp(50)
    (193, -193, 0)
    """
    return DP_TABLE[percent - 50] if percent >= 50 else -DP_TABLE[50 - percent]


def half_up(x: Fraction) -> int:
    """Round to the nearest whole number, halves up (FIDE C.07: ARO, TPR).

    >>> half_up(Fraction(5, 2)), half_up(Fraction(-5, 2)), half_up(Fraction(7, 3))
    (3, -2, 2)
    """
    return (2 * x.numerator + x.denominator) // (2 * x.denominator)


def _rated_games(a: Analysis, spec: Spec) -> tuple[np.ndarray, np.ndarray, np.ndarray] | None:
    """Participant, opponent's rating and points of the games played over the board
    that the cuts keep (None when someone is unrated). The cuts take the lowest
    (highest) rated opponents; among equal ratings the earliest round from below, the
    latest from above, as the FIDE reference does. With no more games than cuts,
    nothing is kept."""
    ratings = a.t.ratings
    if ratings is None or any(r is None for r in ratings):
        a.notes.append(f"{spec.label} needs every participant's rating; some are unrated, so it is 0 for all")
        return None
    played = a.status == PLAYED
    p, rating = a.p[played].astype(np.int64), np.array(ratings, dtype=np.int64)[a.q[played]]
    low, high = spec.cuts
    keep = cut_mask(p, a.n, a.rnd[played], low, high, key=rating)
    keep &= (np.bincount(p, minlength=a.n) > low + high)[p]
    return p[keep], rating[keep], a.pts[played][keep]


def _average(a: Analysis, spec: Spec) -> tuple[list[Fraction | None], list[Fraction]] | None:
    """Average opponents' rating and the percentage scored against them, after the cuts."""
    games = _rated_games(a, spec)
    if games is None:
        return None
    p, rating, pts = games
    total, count, scored = sum_by(p, rating, a.n), np.bincount(p, minlength=a.n), sum_by(p, pts, a.n)
    averages: list[Fraction | None] = [
        Fraction(int(t), int(c)) if c else None for t, c in zip(total, count, strict=True)
    ]
    percents = [Fraction(int(s), a.D * int(c)) * 100 if c else Fraction(0) for s, c in zip(scored, count, strict=True)]
    return averages, percents


def _opponents_average(a: Analysis, values: Column) -> Column:
    """The average of the opponents' values over the games played over the board,
    rounded halves up (APRO, APPO); 0 when someone is unrated."""
    if a.t.ratings is None or any(r is None for r in a.t.ratings):
        return Column(np.zeros(a.n, dtype=np.int64), 1)
    played = a.status == PLAYED
    p = a.p[played].astype(np.int64)
    total = sum_by(p, values.num[a.q[played]], a.n)
    count = np.bincount(p, minlength=a.n)
    averages = [half_up(Fraction(int(s), int(c) * values.den)) if c else 0 for s, c in zip(total, count, strict=True)]
    return Column(np.array(averages, dtype=np.int64), 1)


@criterion("ARO", "average rating of opponents", modifiers="CM")
def average_rating(a: Analysis, spec: Spec) -> Column:
    """Average rating of the opponents met over the board, rounded to a whole number
    (halves up); ``/C1`` leaves out the lowest-rated opponent, ``/M1`` the lowest and
    the highest.

    Source: FIDE C.07 art. 10.1 (ARO), art. 14. Example: opponents rated 2400, 2300
    and 2150 give (2400 + 2300 + 2150) / 3 = 2283.3, ARO = 2283; ARO/C1 = 2350.
    """
    result = _average(a, spec)
    if result is None:
        return Column(np.zeros(a.n, dtype=np.int64), 1)
    averages, _ = result
    return Column(np.array([half_up(x) if x is not None else 0 for x in averages], dtype=np.int64), 1)


@criterion("TPR", "tournament performance rating", modifiers="CM")
def performance(a: Analysis, spec: Spec) -> Column:
    """Tournament performance rating: ARO + dp(p), with p the percentage scored in
    those games rounded to a whole number and dp from FIDE table 8.1(a).

    Source: FIDE C.07 art. 10.2 (TPR); FIDE Handbook B.02 table 8.1(a). Example:
    ARO 2283 and 2 points of 3 (67 %): TPR = 2283 + 125 = 2408.
    """
    result = _average(a, spec)
    if result is None:
        return Column(np.zeros(a.n, dtype=np.int64), 1)
    averages, percents = result
    values = [half_up(x) + dp(half_up(pc)) if x is not None else 0 for x, pc in zip(averages, percents, strict=True)]
    return Column(np.array(values, dtype=np.int64), 1)


def _explain(a: Analysis, spec: Spec, i: int, group: Sequence[int]) -> str:
    result = _average(a, spec)
    if result is None:
        return f"{spec.label}: not every participant is rated"
    averages, percents = result
    x = averages[i]
    if x is None:
        return f"{spec.label} = 0 (no rated games)"
    if spec.code == "ARO":
        return f"ARO = {fmt_decimal(x) if x.denominator in (1, 2, 4, 5, 10) else f'{float(x):.2f}'} → {half_up(x)}"
    p = half_up(percents[i])
    return f"TPR = ARO {half_up(x)} + dp({p} %) {dp(p)} = {half_up(x) + dp(p)}"


average_rating.explainer(_explain)
performance.explainer(_explain)


@criterion("APRO", "average performance rating of opponents")
def average_performance(a: Analysis, spec: Spec) -> Column:
    """The average of the tournament performance ratings (TPR) of the opponents met
    over the board, rounded to a whole number (halves up).

    Source: FIDE C.07 art. 10.4 (APRO). Example: opponents with TPR 2410, 2300 and
    2255 give 6965 / 3 = 2321.7, APRO = 2322.
    """
    return _opponents_average(a, performance(a, Spec("TPR")))


def _perfect(a: Analysis, spec: Spec) -> list[int] | None:
    """The lowest whole rating whose expected scores against the opponents add up to at
    least the score; opponents' lowest rating − 800 for no points."""
    games = _rated_games(a, spec)
    if games is None:
        return None
    p, rating, pts = games
    count = np.bincount(p, minlength=a.n)
    need = sum_by(p, pts, a.n) * 100  # in percent of a win, times D
    lowest = np.full(a.n, 10_000, dtype=np.int64)
    highest = np.zeros(a.n, dtype=np.int64)
    np.minimum.at(lowest, p, rating)
    np.maximum.at(highest, p, rating)
    lo, hi = lowest - 801, highest + 800  # invariant: lo fails, hi succeeds
    while np.any(hi - lo > 1):
        mid = (lo + hi) // 2
        got = sum_by(p, expected_percent(mid[p] - rating), a.n) * a.D * int(a.t.scoring.win)
        ok = got >= need
        hi, lo = np.where(ok, mid, hi), np.where(ok, lo, mid)
    zero = need == 0
    return [0 if not c else int(lowest[i] - 800) if zero[i] else int(hi[i]) for i, c in enumerate(count.tolist())]


@criterion("PTP", "perfect tournament performance", modifiers="CM")
def perfect_performance(a: Analysis, spec: Spec) -> Column:
    """Perfect tournament performance: the lowest rating whose expected scores against
    the opponents met over the board (FIDE table 8.1(b)) add up to at least the score
    made against them; the lowest opponent's rating − 800 for no points.

    Source: FIDE C.07 art. 10.3 (PTP); FIDE Handbook B.02 table 8.1(b). Example: one
    win against a 2000 player: the lowest rating expected to score 100 % is 2736.
    """
    values = _perfect(a, spec)
    return Column(np.array(values if values is not None else [0] * a.n, dtype=np.int64), 1)


@criterion("APPO", "average perfect performance of opponents")
def average_perfect(a: Analysis, spec: Spec) -> Column:
    """The average of the opponents' perfect tournament performances (PTP), rounded to
    a whole number (halves up), over the games played over the board.

    Source: FIDE C.07 art. 10.5 (APPO). Example: opponents with PTP 2410 and 2301
    give 2355.5, APPO = 2356.
    """
    return _opponents_average(a, perfect_performance(a, Spec("PTP")))


for _crit in (perfect_performance, average_perfect, average_performance):
    _crit.explainer(explain_value)


@criterion("RTNG", "own rating")
def own_rating(a: Analysis, spec: Spec) -> Column:
    """The participant's own rating (higher first); 0 when someone is unrated.

    Source: FIDE C.07 (2026) RTNG. Example: players rated 2400 and 2350 end level:
    the 2400 is placed first.
    """
    ratings = a.t.ratings
    if ratings is None or any(r is None for r in ratings):
        a.notes.append(f"{spec.label} needs every participant's rating; some are unrated, so it is 0 for all")
        return Column(np.zeros(a.n, dtype=np.int64), 1)
    return Column(np.array(ratings, dtype=np.int64), 1)


@criterion("TPN", "tournament pairing number")
def pairing_number(a: Analysis, spec: Spec) -> Column:
    """The tournament pairing (start) number, lower first: ranked by its negative.

    Source: FIDE C.07 (2026) TPN. Example: start numbers 3 and 7 level on everything:
    number 3 is placed first (TPN −3 against −7).
    """
    return Column(-np.arange(1, a.n + 1, dtype=np.int64), 1)


own_rating.explainer(explain_value)
pairing_number.explainer(explain_value)
