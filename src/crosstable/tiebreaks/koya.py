"""Koya system: points scored against the upper half of the field."""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction

import numpy as np
from numpy.typing import NDArray

from crosstable.i18n import _
from crosstable.model import IntArray
from crosstable.numbers import count, show_vulgar
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


def games_counted(a: Analysis) -> IntArray:
    """The games against which each participant's score is measured, as the FIDE
    reference counts them: in a Swiss event every round; in a round robin every round
    less the rests (one a cycle when the rounds are a multiple of the participants) and
    less one for every participant never paired (no opponent, no pairing-allocated bye).
    Without rounds (a crosstable, or games not played one a round), each
    participant's games played."""
    rounds = a.last_round
    slots = a.p.astype(np.int64) * (rounds + 1) + a.rnd
    if not rounds or (len(slots) and int(np.bincount(slots).max()) > 1):
        return a.games_played
    games = rounds
    if a.t.system != "swiss":
        if rounds % a.n == 0:
            games -= rounds // a.n
        paired = np.zeros(a.n, dtype=bool)
        paired[a.p] = True
        paired[[b.participant for b in a.byes if b.kind == "pab"]] = True
        games -= int((~paired).sum())
    return np.full(a.n, games, dtype=np.int64)


def measured(a: Analysis, spec: Spec) -> tuple[list[Fraction], list[Fraction | None], bool]:
    """Each participant's score as the Koya limit measures it, the limit it must reach
    (``None``: no game counted, never reached), and whether the score is counted in
    games (wins + ½ draws) rather than in points.

    The limit is the share (50 %) of a win in every game counted
    (:func:`games_counted`), plus the offset, on the score with byes and adjustments,
    as the FIDE reference computes it. When a draw is not half a win or a loss is worth
    something (3-1-0 football), a round robin measures the share of games instead:
    (wins + ½ draws) against the share of the games counted."""
    share, offset = limit_of(a, spec)
    games = games_counted(a).tolist()
    sc = a.t.scoring
    in_games = spec.basis != "GP" and a.t.system != "swiss" and (2 * sc.draw != sc.win or sc.loss != 0)
    if spec.basis == "GP":  # game points: a full match's worth in every game
        own, worth = a.own_game_points, 2 * a.game_points_of_a_draw
    else:
        own, worth = a.own_score, sc.win
    if in_games:
        score = [Fraction(x, 2) for x in (2 * a.wins + a.draws).tolist()]
        needed = [g * share + offset / sc.win if g else None for g in games]
    else:
        score = [Fraction(x, own.den) for x in own.num.tolist()]
        needed = [worth * g * share + offset if g else None for g in games]
    return score, needed, in_games


def qualifies(a: Analysis, spec: Spec) -> NDArray[np.bool_]:
    """Which participants reach the Koya limit (:func:`measured`), in exact integer
    arithmetic over all participants at once: score ≥ worth · share · games + offset."""
    share, offset = limit_of(a, spec)
    games = games_counted(a).astype(np.int64)
    sc = a.t.scoring
    in_games = spec.basis != "GP" and a.t.system != "swiss" and (2 * sc.draw != sc.win or sc.loss != 0)
    if in_games:  # (wins + ½ draws) against share · games + offset / win
        num, den = (2 * a.wins + a.draws).astype(np.int64), 2
        per_game, extra = share, offset / sc.win
    else:
        own = a.own_game_points if spec.basis == "GP" else a.own_score
        num, den = own.num.astype(np.int64), own.den
        per_game = (2 * a.game_points_of_a_draw if spec.basis == "GP" else sc.win) * share
        extra = offset
    common = math.lcm(den, per_game.denominator, extra.denominator)
    left = num * (common // den)
    right = games * int(per_game * common) + int(extra * common)
    return np.asarray((games > 0) & (left >= right))


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
    score, needed, in_games = measured(a, spec)
    ok = qualifies(a, spec)

    def record(x: Fraction) -> str:
        if in_games:
            # TRANSLATORS: a score counted in games (wins + ½ draws), not in points (Koya limit).
            return _("{score} in games").format(score=show_vulgar(x))
        return count(x, "{n} point", "{n} points")

    terms: list[tuple[Fraction, str]] = []
    left_out: list[str] = []
    for e in a.entries_of(i).tolist():
        q = int(a.q[e])
        if ok[q]:  # the decision is qualifies()'s; measured() gives the words
            # TRANSLATORS: a term of the Koya score: the points scored against {name},
            # an opponent that reached the limit with {record} (e.g. "4 points").
            why = _("against {name}, {record}").format(name=a.name(q), record=record(score[q]))
            terms.append((Fraction(int(a.pts[e]), a.D), why))
        else:
            left_out.append(f"{a.name(q)} ({record(score[q])})")
    text = sum_text(spec.label, terms, koya(a, spec)[i], _("no opponent reached the limit"))
    limits = sorted({n for n in needed if n is not None})
    if len(limits) == 1:
        # TRANSLATORS: the Koya limit, a score such as "3 points" or "1½ in games".
        text += "; " + _("the limit is {record}").format(record=record(limits[0]))
    if left_out:
        # TRANSLATORS: the opponents below the Koya limit, each with its score.
        text += "; " + _("below the limit: {opponents}").format(opponents=", ".join(left_out))
    return text
