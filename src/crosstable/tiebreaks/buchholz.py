"""Buchholz: the sum of the opponents' scores, with the cut and median modifiers."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

import numpy as np

from crosstable.i18n import _
from crosstable.model import PLAYED
from crosstable.numbers import count, half_up
from crosstable.tiebreaks.analysis import Analysis
from crosstable.tiebreaks.berger import rounds_of
from crosstable.tiebreaks.columns import Column, column_of, sum_by
from crosstable.tiebreaks.cuts import cut_sums
from crosstable.tiebreaks.registry import criterion, explain_value
from crosstable.tiebreaks.spec import Spec
from crosstable.tiebreaks.words import average_text, explain_rounds


@criterion("BH", "Buchholz", aliases=("BUCHHOLZ",), modifiers="CMPSF", takes_basis=True)
def buchholz(a: Analysis, spec: Spec) -> Column:
    """Buchholz: ``BH_i = Σ_j S_j`` over i's opponents (with multiplicity).

    ``BH/C1`` (Buchholz cut 1) leaves out the lowest opponent's score, ``BH/Cn`` the
    n lowest; ``BH/M1`` (median Buchholz) the highest and the lowest, ``BH/Mn`` the n
    highest and n lowest. With no more games than values to cut, the value is 0.
    ``BH:GP`` sums the opponents' game points in a team event; ``/P`` counts forfeits
    as played (pairings predetermined), ``/S`` treats a round robin as a Swiss event,
    ``/F`` counts the last round as draws (``BH/F`` is FB).

    Source: FIDE C.07 art. 8.1 (Buchholz) and art. 14 (modifiers); the Bulgarian article
    (see also "Коефициент на Бухолц").

    Example (the Bulgarian article, 7-player table): Getovski lost to everyone, so his
    Buchholz is the sum of all the others' scores, 5 + 4½ + 4 + 4 + 2½ + 1 = 21, and
    BH/C1 = 21 − 1 = 20 (Kalchev's 1 cut).
    """
    low, high = spec.cuts
    rounds = rounds_of(a, spec, spec.opponents_basis)
    return Column(
        cut_sums(rounds.p, a.n, rounds.value, low, high, vur=rounds.vur, totals=rounds.totals(a.n)), rounds.den
    )


@buchholz.explainer
def _explain(a: Analysis, spec: Spec, i: int, group: Sequence[int]) -> str:
    return explain_rounds(a, spec, i, buchholz(a, spec)[i], rounds_of(a, spec, spec.opponents_basis))


@criterion("FB", "Fore Buchholz", modifiers="CMPS", takes_basis=True)
def fore_buchholz(a: Analysis, spec: Spec) -> Column:
    """Fore Buchholz: the Buchholz computed as if every game of the last round had been
    drawn (participants' and opponents' scores alike); ``/Cn`` and ``/Mn`` as for BH.

    Source: FIDE C.07 art. 8.3 (FB), art. 16 for the unplayed rounds. Example (FIDE
    2024 exercise): player 1 drew the last round already, BH 12.5, FB 13.5 (his
    opponents' last rounds turned into draws).
    """
    low, high = spec.cuts
    rounds = rounds_of(a, spec, spec.opponents_basis, fore=True)
    return Column(
        cut_sums(rounds.p, a.n, rounds.value, low, high, vur=rounds.vur, totals=rounds.totals(a.n)), rounds.den
    )


@criterion("AFB", "adjusted fore score")
def adjusted_fore(a: Analysis, spec: Spec) -> Column:
    """The adjusted score with the last round counted as a draw (used in FB).

    Source: FIDE C.07 art. 8.3, 16.3. Example (FIDE 2024 exercise): player 2 scored
    4 with a draw in the last round: AFB = 4.
    """
    return a.fore[1]


def decimals_of_averages(rounds: int) -> int:
    """The decimals AOB is rounded to, as the FIDE reference prints it: 2 below 9 rounds,
    3 below 27, 4 below 73, else 5.

    >>> decimals_of_averages(5), decimals_of_averages(9), decimals_of_averages(100)
    (2, 3, 5)
    """
    return 2 if rounds < 9 else 3 if rounds < 27 else 4 if rounds < 73 else 5


@criterion("AOB", "average of opponents' Buchholz", modifiers="CMPSF", takes_basis=True)
def average_opponents_buchholz(a: Analysis, spec: Spec) -> Column:
    """The average Buchholz (with the same modifiers) of the opponents met over the
    board, forfeits and byes left out, rounded half up to the decimals the FIDE
    reference prints (:func:`decimals_of_averages`); undefined without such a game.

    Source: FIDE C.07 art. 8.4 (AOB). Example (FIDE 2024 exercise): player 1 met
    players 9, 13, 2, 15 and 4, with BH 9, 14, 13, 12, 15: AOB = 63/5 = 12.6.
    """
    bh = buchholz(a, Spec("BH", None, spec.modifiers, spec.basis, spec.edition))
    played = a.status == PLAYED
    total = sum_by(a.p, np.where(played, bh.num[a.q], 0), a.n)
    games = sum_by(a.p, played.astype(np.int64), a.n)
    scale = 10 ** decimals_of_averages(a.last_round)
    values = [
        Fraction(half_up(Fraction(int(x) * scale, bh.den * int(c))), scale) if c else None
        for x, c in zip(total, games, strict=True)
    ]
    return column_of(values)


adjusted_fore.explainer(explain_value)


@average_opponents_buchholz.explainer
def _explain_aob(a: Analysis, spec: Spec, i: int, group: Sequence[int]) -> str:
    bh = buchholz(a, Spec("BH", None, spec.modifiers, spec.basis, spec.edition))
    label = Spec("BH", None, spec.modifiers, spec.basis).label
    entries = [int(a.q[e]) for e in a.entries_of(i).tolist() if a.status[e] == PLAYED]
    # TRANSLATORS: {label} is a criterion's code (BH, BH/C1…): the value of the opponent {name}.
    terms = [(bh[q], _("{label} of {name}").format(label=label, name=a.name(q))) for q in entries]
    shown = average_opponents_buchholz(a, spec)[i]
    rounding = count(
        decimals_of_averages(a.last_round),
        "rounded half up to {n} decimal, as the FIDE reference prints it",
        "rounded half up to {n} decimals, as the FIDE reference prints it",
    )
    return average_text(spec.label, [(v, why) for v, why in terms if v is not None], shown, rounding)


@fore_buchholz.explainer
def _explain_fore(a: Analysis, spec: Spec, i: int, group: Sequence[int]) -> str:
    return explain_rounds(a, spec, i, fore_buchholz(a, spec)[i], rounds_of(a, spec, spec.opponents_basis, fore=True))
