"""Rating-based criteria: average rating of the opponents and performance rating.

Ratings come from the input (TRF ratings, a ``Rating`` column, PGN ``WhiteElo``).
Only games played over the board count. When some participant has no rating the
values are 0 and the standings say so (the FIDE reference leaves them undefined).
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

import numpy as np
from numpy.typing import NDArray

from crosstable.fide_tables import DP_TABLE, PD_LIMITS
from crosstable.i18n import _
from crosstable.model import PLAYED, IntArray
from crosstable.numbers import half_up, show_decimal
from crosstable.tiebreaks.analysis import Analysis
from crosstable.tiebreaks.columns import Column, column_of, sum_by
from crosstable.tiebreaks.cuts import cut_mask
from crosstable.tiebreaks.registry import criterion, explain_value
from crosstable.tiebreaks.spec import Spec
from crosstable.tiebreaks.words import average_text

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


def ratings_of(a: Analysis, spec: Spec) -> NDArray[np.int64] | None:
    """Every participant's rating, an unrated one counted at ``/U<rating>`` or at the
    tournament's :attr:`~crosstable.model.Tournament.unrated`; ``None`` when someone is
    unrated and neither is given: the rating criteria are then undefined for everybody,
    as the FIDE reference leaves them (a warning says so)."""
    ratings = a.t.ratings
    fallback = spec.modifier("U")
    unrated = int(fallback) if fallback is not None else a.t.unrated
    if ratings is None or any(r is None for r in ratings):
        if unrated is None:
            a.notes.append(
                # TRANSLATORS: {code}/U<rating>, {code}/U1000 and --unrated are written as the user types them.
                _(
                    "{label} is undefined for everybody: some participants are unrated "
                    "(give their rating with {code}/U<rating>, e.g. {code}/U1000, or --unrated)"
                ).format(label=spec.label, code=spec.code)
            )
            return None
        return np.array([unrated if r is None else r for r in (ratings or [None] * a.n)], dtype=np.int64)
    return np.array(ratings, dtype=np.int64)


def _rated_games(a: Analysis, spec: Spec) -> tuple[IntArray, IntArray, IntArray] | None:
    """Participant, opponent's rating and score in halves (1-½-0 whatever the scoring)
    of the games played over the board that the cuts keep (``None`` when the ratings
    are undefined). The cuts take the lowest (highest) rated opponents; among equal
    ratings the earliest round from below, the latest from above, as the FIDE reference
    does; under the 2009-2022 rules (``/V0``) each unplayed round uses up a cut first."""
    ratings = ratings_of(a, spec)
    if ratings is None:
        return None
    played = a.status == PLAYED
    p, rating = a.p[played].astype(np.int64), ratings[a.q[played]]
    halves = a.r[played].astype(np.int64)  # the outcome codes LOSS 0, DRAW 1, WIN 2
    low, high = spec.cuts
    games = np.bincount(p, minlength=a.n)
    if (spec.edition or "") == "virtual" and low:
        unplayed = np.maximum(a.last_round - games, 0)
        keep = np.ones(len(p), dtype=bool)
        for lows in sorted(set(np.maximum(low - unplayed, 0).tolist())):
            who = np.maximum(low - unplayed, 0)[p] == lows
            mask = cut_mask(p[who], a.n, a.rnd[played][who], lows, high, key=rating[who])
            keep[np.nonzero(who)[0]] = mask
    else:
        keep = cut_mask(p, a.n, a.rnd[played], low, high, key=rating)
        keep &= (games > low + high)[p]
    return p[keep], rating[keep], halves[keep]


def _average(a: Analysis, spec: Spec) -> tuple[list[Fraction | None], list[Fraction | None]] | None:
    """Average opponents' rating and the percentage scored against them, after the cuts
    (``None`` for a participant without such games)."""
    games = _rated_games(a, spec)
    if games is None:
        return None
    p, rating, halves = games
    total, count, scored = sum_by(p, rating, a.n), np.bincount(p, minlength=a.n), sum_by(p, halves, a.n)
    averages: list[Fraction | None] = [
        Fraction(int(t), int(c)) if c else None for t, c in zip(total, count, strict=True)
    ]
    percents: list[Fraction | None] = [
        Fraction(int(s) * 50, int(c)) if c else None for s, c in zip(scored, count, strict=True)
    ]
    return averages, percents


def _undefined(a: Analysis) -> Column:
    return Column(np.zeros(a.n, dtype=np.int64), 1, np.ones(a.n, dtype=bool))


def _opponents_average(a: Analysis, values: Column) -> Column:
    """The average of the opponents' values over the games played over the board,
    rounded halves up (APRO, APPO), the opponents whose value is undefined left out."""
    played = a.status == PLAYED
    if values.undefined is not None:
        played &= ~values.undefined[a.q]
    p = a.p[played].astype(np.int64)
    total = sum_by(p, values.num[a.q[played]], a.n)
    count = np.bincount(p, minlength=a.n)
    return column_of(
        [
            Fraction(half_up(Fraction(int(s), int(c) * values.den))) if c else None
            for s, c in zip(total, count, strict=True)
        ]
    )


@criterion("ARO", "average rating of opponents", modifiers="CMU")
def average_rating(a: Analysis, spec: Spec) -> Column:
    """Average rating of the opponents met over the board, rounded to a whole number
    (halves up); ``/C1`` leaves out the lowest-rated opponent, ``/M1`` the lowest and
    the highest; undefined without such a game, and for everybody when someone is
    unrated and no rating is given for them (``ARO/U1000``).

    Source: FIDE C.07 art. 10.1 (ARO), art. 14. Example: opponents rated 2400, 2300
    and 2150 give (2400 + 2300 + 2150) / 3 = 2283.3, ARO = 2283; ARO/C1 = 2350.
    """
    result = _average(a, spec)
    if result is None:
        return _undefined(a)
    averages, _count = result
    return column_of([Fraction(half_up(x)) if x is not None else None for x in averages])


@criterion("TPR", "tournament performance rating", modifiers="CMU")
def performance(a: Analysis, spec: Spec) -> Column:
    """Tournament performance rating: ARO + dp(p), with p the percentage scored in
    those games (1-½-0, whatever the event's scoring) rounded to a whole number and dp
    from FIDE table 8.1(a); undefined as ARO is.

    Source: FIDE C.07 art. 10.2 (TPR); FIDE Handbook B.02 table 8.1(a). Example:
    ARO 2283 and 2 points of 3 (67 %): TPR = 2283 + 125 = 2408.
    """
    result = _average(a, spec)
    if result is None:
        return _undefined(a)
    averages, percents = result
    return column_of(
        [
            Fraction(half_up(x) + dp(half_up(pc))) if x is not None and pc is not None else None
            for x, pc in zip(averages, percents, strict=True)
        ]
    )


def _explain(a: Analysis, spec: Spec, i: int, group: Sequence[int]) -> str:
    games = _rated_games(a, spec)
    if games is None:
        return _("{label} = – (undefined: some participants are unrated; give /U<rating>)").format(label=spec.label)
    p, rating, halves = games
    mine = p == i
    if not mine.any():
        return _("{label} = – (undefined: no game played over the board)").format(label=spec.label)
    terms = [(Fraction(int(r)), "") for r in rating[mine].tolist()]
    aro = half_up(sum((v for v, _why in terms), Fraction(0)) / len(terms))
    if spec.code == "ARO":
        return average_text(spec.label, terms, Fraction(aro), _("rounded, halves up"))
    pc = half_up(Fraction(int(halves[mine].sum()) * 50, len(terms)))
    # TRANSLATORS: the performance rating: the average rating of the opponents (ARO) plus the rating
    # difference dp of FIDE's table for the percentage scored.
    return _("{label} = ARO {average} + dp({percent} %) {difference} = {value}").format(
        label=spec.label,
        average=show_decimal(Fraction(aro)),
        percent=show_decimal(Fraction(pc)),
        difference=show_decimal(Fraction(dp(pc))),
        value=show_decimal(Fraction(aro + dp(pc))),
    )


average_rating.explainer(_explain)
performance.explainer(_explain)


@criterion("APRO", "average performance rating of opponents", modifiers="U")
def average_performance(a: Analysis, spec: Spec) -> Column:
    """The average of the tournament performance ratings (TPR) of the opponents met
    over the board, rounded to a whole number (halves up), opponents without a TPR
    left out; undefined without any.

    Source: FIDE C.07 art. 10.4 (APRO). Example: opponents with TPR 2410, 2300 and
    2255 give 6965 / 3 = 2321.7, APRO = 2322.
    """
    tpr = performance(a, Spec("TPR", modifiers=spec.modifiers))
    if tpr.undefined is not None and tpr.undefined.all():
        return _undefined(a)
    return _opponents_average(a, tpr)


def _perfect(a: Analysis, spec: Spec) -> list[int | None] | None:
    """The lowest whole rating whose expected scores against the opponents add up to at
    least the score (1-½-0); the opponents' lowest rating − 800 for no points."""
    games = _rated_games(a, spec)
    if games is None:
        return None
    p, rating, halves = games
    count = np.bincount(p, minlength=a.n)
    need = sum_by(p, halves, a.n) * 50  # in percent
    lowest = np.full(a.n, 10_000, dtype=np.int64)
    highest = np.zeros(a.n, dtype=np.int64)
    np.minimum.at(lowest, p, rating)
    np.maximum.at(highest, p, rating)
    lo, hi = lowest - 801, highest + 800  # invariant: lo fails, hi succeeds
    while np.any(hi - lo > 1):
        mid = (lo + hi) // 2
        got = sum_by(p, expected_percent(mid[p] - rating), a.n)
        ok = got >= need
        hi, lo = np.where(ok, mid, hi), np.where(ok, lo, mid)
    zero = need == 0
    return [None if not c else int(lowest[i] - 800) if zero[i] else int(hi[i]) for i, c in enumerate(count.tolist())]


@criterion("PTP", "perfect tournament performance", modifiers="CMU")
def perfect_performance(a: Analysis, spec: Spec) -> Column:
    """Perfect tournament performance: the lowest rating whose expected scores against
    the opponents met over the board (FIDE table 8.1(b)) add up to at least the score
    made against them (1-½-0); the lowest opponent's rating − 800 for no points;
    undefined without such a game.

    Source: FIDE C.07 art. 10.3 (PTP); FIDE Handbook B.02 table 8.1(b). Example: one
    win against a 2000 player: the lowest rating expected to score 100 % is 2736.
    """
    values = _perfect(a, spec)
    if values is None:
        return _undefined(a)
    return column_of([Fraction(v) if v is not None else None for v in values])


@criterion("APPO", "average perfect performance of opponents", modifiers="U")
def average_perfect(a: Analysis, spec: Spec) -> Column:
    """The average of the opponents' perfect tournament performances (PTP), rounded to
    a whole number (halves up), over the games played over the board, opponents
    without a PTP left out; undefined without any.

    Source: FIDE C.07 art. 10.5 (APPO). Example: opponents with PTP 2410 and 2301
    give 2355.5, APPO = 2356.
    """
    ptp = perfect_performance(a, Spec("PTP", modifiers=spec.modifiers))
    if ptp.undefined is not None and ptp.undefined.all():
        return _undefined(a)
    return _opponents_average(a, ptp)


perfect_performance.explainer(explain_value)


@average_performance.explainer
def _explain_apro(a: Analysis, spec: Spec, i: int, group: Sequence[int]) -> str:
    return _explain_opponents(a, spec, i, performance(a, Spec("TPR", modifiers=spec.modifiers)), "TPR")


@average_perfect.explainer
def _explain_appo(a: Analysis, spec: Spec, i: int, group: Sequence[int]) -> str:
    return _explain_opponents(a, spec, i, perfect_performance(a, Spec("PTP", modifiers=spec.modifiers)), "PTP")


def _explain_opponents(a: Analysis, spec: Spec, i: int, values: Column, what: str) -> str:
    """An average of the opponents' values over the games played over the board."""
    terms = [
        # TRANSLATORS: a term of an average, an opponent's value: "TPR of Kalchev" ({code} is TPR or PTP).
        (values[int(a.q[e])], _("{code} of {name}").format(code=what, name=a.name(int(a.q[e]))))
        for e in a.entries_of(i).tolist()
        if a.status[e] == PLAYED and values[int(a.q[e])] is not None
    ]
    shown = _opponents_average(a, values)[i]
    return average_text(spec.label, [(v, why) for v, why in terms if v is not None], shown, _("rounded, halves up"))


@criterion("RTNG", "own rating", modifiers="U")
def own_rating(a: Analysis, spec: Spec) -> Column:
    """The participant's own rating (higher first), an unrated participant counted at
    ``/U<rating>``; undefined for everybody when someone is unrated and no rating is
    given for them.

    Source: FIDE C.07 (2026) RTNG. Example: players rated 2400 and 2350 end level:
    the 2400 is placed first.
    """
    ratings = ratings_of(a, spec)
    if ratings is None:
        return _undefined(a)
    return Column(ratings, 1)


@criterion("TPN", "tournament pairing number", lower_is_better=True)
def pairing_number(a: Analysis, spec: Spec) -> Column:
    """The tournament pairing (start) number, lower first.

    Source: FIDE C.07 (2026) TPN. Example: start numbers 3 and 7 level on everything:
    number 3 is placed first.
    """
    return Column(np.arange(1, a.n + 1, dtype=np.int64), 1)


own_rating.explainer(explain_value)
pairing_number.explainer(explain_value)
