"""Buchholz: the sum of the opponents' scores, with the cut and median modifiers."""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction

import numpy as np

from crosstable.numbers import fmt_decimal, fmt_vulgar
from crosstable.tiebreaks.base import (
    Analysis,
    Column,
    Spec,
    column_of,
    criterion,
    cut_mask,
    cut_sums,
    explain_value,
    sum_by,
)
from crosstable.tiebreaks.berger import sum_text


@criterion("BH", "Buchholz", aliases=("BUCHHOLZ",), modifiers="CM", takes_basis=True)
def buchholz(a: Analysis, spec: Spec) -> Column:
    """Buchholz: ``BH_i = Σ_j S_j`` over i's opponents (with multiplicity).

    ``BH/C1`` (Buchholz cut 1) leaves out the lowest opponent's score, ``BH/Cn`` the
    n lowest; ``BH/M1`` (median Buchholz) the highest and the lowest, ``BH/Mn`` the n
    highest and n lowest. With no more games than values to cut, the value is 0.
    ``BH:GP`` sums the opponents' game points in a team event.

    Source: FIDE C.07 art. 8.1 (Buchholz) and art. 14 (modifiers); seed 000 (see
    also "Коефициент на Бухолц").

    Example (seed 000, 7-player table): Getovski lost to everyone, so his Buchholz
    is the sum of all the others' scores, 5 + 4½ + 4 + 4 + 2½ + 1 = 21, and
    BH/C1 = 21 − 1 = 20 (Kalchev's 1 cut).
    """
    low, high = spec.cuts
    if low == high == 0:  # the three sums by outcome are shared with the Berger family
        return Column.combine([(Fraction(1), t) for t in a.opponent_sums(spec.basis)])
    rounds = a.round_values(spec.basis)
    return Column(cut_sums(rounds.p, a.n, rounds.value, low, high, vur=rounds.vur), rounds.den)


def explain_rounds(
    a: Analysis,
    spec: Spec,
    i: int,
    total: Fraction,
    weights: tuple[Fraction, Fraction, Fraction] | None = None,
    fore: bool = False,
    own_points: bool = False,
) -> str:
    """A sum over rounds in words: each round's value (the opponent's score, or the
    dummy opponent's), times the weight of the result for the Berger family (or, with
    ``own_points``, times the game points scored in that round: team ``SB:GP``), with
    the rounds the modifiers cut named at the end."""
    from crosstable.tiebreaks.berger import _weight_phrase, own_game_points

    rounds = a.round_values(spec.basis, fore=fore)
    mine = rounds.of(i)
    value = rounds.value[mine]
    by_outcome = None if weights is None else {2: weights[0], 1: weights[1], 0: weights[2]}
    scale = 1 if weights is None else math.lcm(*(w.denominator for w in weights))
    own: list[Fraction] = []
    if own_points:
        scored = own_game_points(a, len(rounds.p))[mine]
        own = [Fraction(int(x), a.t.score_denominator) for x in scored]
        contribution = scored * value
    elif by_outcome is None:
        contribution = value
    else:
        contribution = np.array([int(by_outcome[int(rounds.r[e])] * scale) * int(rounds.value[e]) for e in mine])
    low, high = spec.cuts
    keep = cut_mask(np.zeros(len(mine), dtype=np.int64), 1, contribution, low, high, key=value, vur=rounds.vur[mine])
    if len(mine) <= low + high:
        keep[:] = False
    terms: list[tuple[Fraction, str]] = []
    cut: list[str] = []
    byes = {(b.participant, b.round): b.kind for b in a.t.byes}
    for k, e in enumerate(mine):
        score = Fraction(int(rounds.value[e]), rounds.den)
        q = int(rounds.opponent[e])
        if rounds.played[e]:
            who = a.name(q)
        elif q >= 0:
            who = f"dummy (forfeit against {a.name(q)})"
        else:
            who = f"dummy ({byes.get((i, int(rounds.round[e])), 'unplayed')} bye, round {int(rounds.round[e])})"
        if own_points:
            part, text = own[k] * score, f"{fmt_vulgar(own[k])} × {who}'s {fmt_vulgar(score)}"
        elif by_outcome is None:
            part, text = score, who
        else:
            w = by_outcome[int(rounds.r[e])]
            part, text = w * score, _weight_phrase(w, who, score, int(rounds.r[e]))
        if keep[k]:
            terms.append((part, text))
        else:
            cut.append(f"{fmt_decimal(part)} ({text})")
    result = sum_text(spec.label, terms, total)
    return result + (f"; cut: {', '.join(cut)}" if cut else "")


@buchholz.explainer
def _explain(a: Analysis, spec: Spec, i: int, group: Sequence[int]) -> str:
    return explain_rounds(a, spec, i, buchholz(a, spec)[i])


@criterion("FB", "Fore Buchholz", modifiers="CM")
def fore_buchholz(a: Analysis, spec: Spec) -> Column:
    """Fore Buchholz: the Buchholz computed as if every game of the last round had been
    drawn (participants' and opponents' scores alike); ``/Cn`` and ``/Mn`` as for BH.

    Source: FIDE C.07 art. 8.3 (FB), art. 16 for the unplayed rounds. Example (FIDE
    2024 exercise): player 1 drew the last round already, BH 12.5, FB 13.5 (his
    opponents' last rounds turned into draws).
    """
    low, high = spec.cuts
    rounds = a.round_values(None, fore=True)
    return Column(cut_sums(rounds.p, a.n, rounds.value, low, high, vur=rounds.vur), rounds.den)


@criterion("AFB", "adjusted fore score")
def adjusted_fore(a: Analysis, spec: Spec) -> Column:
    """The adjusted score with the last round counted as a draw (used in FB).

    Source: FIDE C.07 art. 8.3, 16.3. Example (FIDE 2024 exercise): player 2 scored
    4 with a draw in the last round: AFB = 4.
    """
    return a.fore[1]


@criterion("AOB", "average of opponents' Buchholz")
def average_opponents_buchholz(a: Analysis, spec: Spec) -> Column:
    """The average Buchholz of the opponents met over the board (forfeits and byes
    left out); 0 without such games.

    Source: FIDE C.07 art. 8.4 (AOB). Example (FIDE 2024 exercise): player 1 met
    players 9, 13, 2, 15 and 4, with BH 9, 14, 13, 12, 15: AOB = 63/5 = 12.6.
    """
    from crosstable.model import PLAYED

    bh = buchholz(a, Spec("BH"))
    played = a.status == PLAYED
    total = sum_by(a.p, np.where(played, bh.num[a.q], 0), a.n)
    count = sum_by(a.p, played.astype(np.int64), a.n)
    values = [Fraction(int(x), bh.den * int(c)) if c else Fraction(0) for x, c in zip(total, count, strict=True)]
    return column_of(values)


for _crit in (adjusted_fore, average_opponents_buchholz):
    _crit.explainer(explain_value)


@fore_buchholz.explainer
def _explain_fore(a: Analysis, spec: Spec, i: int, group: Sequence[int]) -> str:
    return explain_rounds(a, spec, i, fore_buchholz(a, spec)[i], fore=True)
