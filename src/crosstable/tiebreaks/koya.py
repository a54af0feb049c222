"""Koya system: points scored against the upper half of the field."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

import numpy as np
from numpy.typing import NDArray

from crosstable.numbers import fmt_vulgar
from crosstable.tiebreaks.analysis import Analysis
from crosstable.tiebreaks.columns import Column
from crosstable.tiebreaks.registry import criterion
from crosstable.tiebreaks.spec import Spec
from crosstable.tiebreaks.words import sum_text


def qualifies(a: Analysis, spec: Spec) -> NDArray[np.bool_]:
    """Which participants reach the Koya limit: a share of the games of at least
    50 % (wins + ½ draws over games), raised or lowered by ``/L±n`` points."""
    limit = spec.modifier("L", Fraction(0)) or Fraction(0)
    if a.t.system == "swiss" and a.last_round:
        # FIDE's reading for events in rounds: half the points of a win in every round
        points = a.points
        needed = (a.t.scoring.win * a.last_round / 2 + limit * a.t.scoring.win) * points.den
        return np.asarray(points.num * needed.denominator >= needed.numerator)
    twice = 2 * a.wins + a.draws  # twice the score in games, chess-style
    needed_twice = a.games_played * limit.denominator + 2 * limit.numerator
    return np.asarray((twice * limit.denominator >= needed_twice) & (a.games_played > 0))


@criterion("KS", "Koya system", aliases=("KOYA",), modifiers="L")
def koya(a: Analysis, spec: Spec) -> Column:
    """Koya score: the points scored against the opponents who reached 50 %.

    An opponent reaches the limit when its share of the games, (wins + ½ draws) /
    games, is at least 50 %; ``KS/L+1`` raises the limit by one point (a win),
    ``KS/L-½`` lowers it by half a point. The points are the scoring system's. In a
    Swiss event the limit is half the points of a win in every round, on the
    opponent's points byes included, as the FIDE reference computes it.

    Source: FIDE C.07 art. 9.2 (Koya system for round robins, limit modifier in
    art. 14); the Hungarian article's football example, counted on the share of
    games rather than of points (its known error: docs/sources.md).

    Example (the Hungarian article, 2018 World Cup group H, 3-1-0): Japan beat Colombia
    (2 wins of 3) and drew with Senegal (1 win, 1 draw, 1 loss: exactly 50 %), so KS = 3
    + 1 = 4; Senegal's only points against such teams are the draw with Japan: KS = 1.
    """
    ok = qualifies(a, spec)
    counts = np.bincount(a.pr[ok[a.q]], minlength=3 * a.n).reshape(a.n, 3)
    return Column(counts @ a.t.scoring.units(), a.D)


@koya.explainer
def _explain(a: Analysis, spec: Spec, i: int, group: Sequence[int]) -> str:
    ok = qualifies(a, spec)
    swiss = a.t.system == "swiss" and a.last_round
    terms: list[tuple[Fraction, str]] = []
    left_out: list[str] = []
    for e in a.entries_of(i).tolist():
        q = int(a.q[e])
        if swiss:
            share = f"{fmt_vulgar(a.points[q])} points"
        else:
            share = f"{fmt_vulgar(Fraction(int(2 * a.wins[q] + a.draws[q]), 2))} of {int(a.games_played[q])} games"
        if ok[q]:
            terms.append((Fraction(int(a.pts[e]), a.D), f"against {a.name(q)}, {share}"))
        else:
            left_out.append(f"{a.name(q)} ({share})")
    text = sum_text(spec.label, terms, koya(a, spec)[i])
    if swiss:
        limit = (spec.modifier("L", Fraction(0)) or Fraction(0)) * a.t.scoring.win
        text += f"; the limit is {fmt_vulgar(a.t.scoring.win * a.last_round / 2 + limit)} points"
    if left_out:
        text += "; below the limit: " + ", ".join(left_out)
    return text
