"""Koya system: points scored against the upper half of the field."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

import numpy as np
from numpy.typing import NDArray

from crosstable.numbers import fmt_vulgar
from crosstable.tiebreaks.analysis import Analysis
from crosstable.tiebreaks.columns import Column, sum_by
from crosstable.tiebreaks.registry import criterion
from crosstable.tiebreaks.spec import Spec
from crosstable.tiebreaks.words import sum_text


def limit_of(a: Analysis, spec: Spec) -> tuple[Fraction, Fraction]:
    """``(share, offset)``: the Koya limit as a share of the maximum (``/Ln`` percent,
    50 % by default) and an offset in points (``/L±n``)."""
    share = (spec.modifier("%", Fraction(50)) or Fraction(50)) / 100
    return share, spec.modifier("L", Fraction(0)) or Fraction(0)


def qualifies(a: Analysis, spec: Spec) -> NDArray[np.bool_]:
    """Which participants reach the Koya limit. In a Swiss event (as the FIDE reference
    reads it): a score, byes and adjustments included, of at least the share (50 %) of a
    win in every round, plus the offset. In a round robin: a share of the games of at
    least 50 % (wins + ½ draws over games played), plus the offset in points."""
    share, offset = limit_of(a, spec)
    if spec.basis == "GP":  # game points: a full match's worth in every round
        own = a.own_game_points
        needed = (2 * a.game_points_of_a_draw * a.last_round * share + offset) * own.den
        return np.asarray(own.num * needed.denominator >= needed.numerator)
    if a.t.system == "swiss" and a.last_round:
        own = a.own_score
        needed = (a.t.scoring.win * a.last_round * share + offset) * own.den
        return np.asarray(own.num * needed.denominator >= needed.numerator)
    twice = 2 * a.wins + a.draws  # twice the score in games, chess-style
    win = a.t.scoring.win
    # twice·win ≥ 2·(share·games·win + offset)  ⟺  the score in games reaches the limit
    needed = 2 * (share * win * a.games_played.astype(object) + offset)
    return np.asarray(
        [
            (tw * win >= nd) and g > 0
            for tw, nd, g in zip(twice.tolist(), needed.tolist(), a.games_played.tolist(), strict=True)
        ]
    )


@criterion("KS", "Koya system", aliases=("KOYA",), modifiers="L", takes_basis=True)
def koya(a: Analysis, spec: Spec) -> Column:
    """Koya score: the points scored against the opponents who reached 50 %.

    An opponent reaches the limit when its share of the games, (wins + ½ draws) /
    games, is at least 50 %; the limit moves as the FIDE reference writes it:
    ``KS/L+2`` raises it by two half-points (one point), ``KS/L+2.0`` by two points,
    ``KS/L60`` makes it 60 %. The points are the scoring system's. In a Swiss event the
    limit is half the points of a win in every round, on the opponent's score (byes
    and adjustments included), as the FIDE reference computes it.

    Source: FIDE C.07 art. 9.2 (Koya system for round robins, limit modifier in
    art. 14); the Hungarian article's football example, counted on the share of
    games rather than of points (its known error: docs/sources.md).

    Example (the Hungarian article, 2018 World Cup group H, 3-1-0): Japan beat Colombia
    (2 wins of 3) and drew with Senegal (1 win, 1 draw, 1 loss: exactly 50 %), so KS =
    3 + 1 = 4; Senegal's only points against such teams are the draw with Japan: KS = 1.
    """
    ok = qualifies(a, spec)
    if spec.basis == "GP":
        return Column(sum_by(a.p, np.where(ok[a.q], a.gs, 0), a.n), a.t.score_denominator)
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
            record = f"{fmt_vulgar(a.own_score[q])} points"
        else:
            record = f"{fmt_vulgar(Fraction(int(2 * a.wins[q] + a.draws[q]), 2))} of {int(a.games_played[q])} games"
        if ok[q]:
            terms.append((Fraction(int(a.pts[e]), a.D), f"against {a.name(q)}, {record}"))
        else:
            left_out.append(f"{a.name(q)} ({record})")
    text = sum_text(spec.label, terms, koya(a, spec)[i])
    if swiss:
        part, offset = limit_of(a, spec)
        text += f"; the limit is {fmt_vulgar(a.t.scoring.win * a.last_round * part + offset)} points"
    if left_out:
        text += "; below the limit: " + ", ".join(left_out)
    return text
