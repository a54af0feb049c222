"""Buchholz: the sum of the opponents' scores, with the cut and median modifiers."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

import numpy as np

from crosstable.model import PLAYED
from crosstable.tiebreaks.analysis import Analysis
from crosstable.tiebreaks.columns import Column, column_of, sum_by
from crosstable.tiebreaks.cuts import cut_sums
from crosstable.tiebreaks.registry import criterion, explain_value
from crosstable.tiebreaks.spec import Spec
from crosstable.tiebreaks.words import explain_rounds


@criterion("BH", "Buchholz", aliases=("BUCHHOLZ",), modifiers="CM", takes_basis=True)
def buchholz(a: Analysis, spec: Spec) -> Column:
    """Buchholz: ``BH_i = Σ_j S_j`` over i's opponents (with multiplicity).

    ``BH/C1`` (Buchholz cut 1) leaves out the lowest opponent's score, ``BH/Cn`` the
    n lowest; ``BH/M1`` (median Buchholz) the highest and the lowest, ``BH/Mn`` the n
    highest and n lowest. With no more games than values to cut, the value is 0.
    ``BH:GP`` sums the opponents' game points in a team event.

    Source: FIDE C.07 art. 8.1 (Buchholz) and art. 14 (modifiers); the Bulgarian article
    (see also "Коефициент на Бухолц").

    Example (the Bulgarian article, 7-player table): Getovski lost to everyone, so his
    Buchholz is the sum of all the others' scores, 5 + 4½ + 4 + 4 + 2½ + 1 = 21, and
    BH/C1 = 21 − 1 = 20 (Kalchev's 1 cut).
    """
    low, high = spec.cuts
    if low == high == 0:  # the three sums by outcome are shared with the Berger family
        return Column.combine([(Fraction(1), t) for t in a.opponent_sums(spec.basis)])
    rounds = a.round_values(spec.basis)
    return Column(cut_sums(rounds.p, a.n, rounds.value, low, high, vur=rounds.vur), rounds.den)


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
