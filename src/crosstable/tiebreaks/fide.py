"""FIDE counts and round-by-round criteria (C.07 art. 7, 8, 16): games with black,
games elected to play, voluntary unplayed rounds, progressive scores, the adjusted
score. Rounds come from the tournament file (TRF); byes count where FIDE says so."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

import numpy as np

from crosstable.i18n import _
from crosstable.model import FORFEIT, PLAYED, WIN, IntArray
from crosstable.numbers import show_decimal, show_vulgar
from crosstable.tiebreaks.analysis import Analysis
from crosstable.tiebreaks.columns import Column, sum_by
from crosstable.tiebreaks.registry import criterion, explain_value
from crosstable.tiebreaks.spec import Spec


def _black(a: Analysis) -> IntArray:
    """1 for the entries where the participant had black (the second-named side)."""
    half = len(a.p) // 2
    return (np.arange(len(a.p)) >= half).astype(np.int64)


def _count(a: Analysis, mask: np.ndarray) -> Column:
    return Column(sum_by(a.p, mask.astype(np.int64), a.n), 1)


@criterion("BPG", "games played with black", count=True)
def black_games(a: Analysis, spec: Spec) -> Column:
    """The number of games played over the board with black.

    Source: FIDE C.07 art. 7.4 (BPG). Example (FIDE 2024 exercise): player 1 had
    black in rounds 2 and 4: BPG = 2.
    """
    return _count(a, (_black(a) == 1) & (a.status == PLAYED))


@criterion("BWG", "games won with black", count=True)
def black_wins(a: Analysis, spec: Spec) -> Column:
    """The number of games won over the board with black.

    Source: FIDE C.07 art. 7.5 (BWG). Example (FIDE 2024 exercise): player 1 won
    with black in round 4: BWG = 1.
    """
    return _count(a, (_black(a) == 1) & (a.status == PLAYED) & (a.r == WIN))


def _elected(a: Analysis) -> IntArray:
    played = (a.status == PLAYED) | (a.r == WIN)
    return sum_by(a.p, played.astype(np.int64), a.n) + np.bincount(a.bye_p[~a.bye_vur], minlength=a.n)


@criterion("GE", "games elected to play", takes_basis=True, count=True)
def games_elected(a: Analysis, spec: Spec) -> Column:
    """Rounds the participant elected to play: games played, forfeit wins and
    full-point byes (rounds it was ready to play).

    Source: FIDE C.07 art. 7.6 (GE). Example (FIDE 2024 exercise): player 4 took a
    half-point bye in round 2: GE = 4 of 5.
    """
    return Column(_elected(a), 1)


@criterion("REP", "rounds elected to play", takes_basis=True, count=True)
def rounds_elected(a: Analysis, spec: Spec) -> Column:
    """Rounds elected to play (counted as GE).

    Source: FIDE C.07 (2024) art. 7 (REP). Example (FIDE 2024 exercise): player 9
    had a half-point bye and a forfeit loss: REP = 3.
    """
    return Column(_elected(a), 1)


@criterion("VUR", "voluntary unplayed rounds", lower_is_better=True, takes_basis=True, count=True)
def voluntary_unplayed(a: Analysis, spec: Spec) -> Column:
    """The number of voluntary unplayed rounds: forfeits not won (a forfeit loss, or a
    forfeit an arbiter's ``299`` decision made a draw), half- and zero-point byes,
    absences (fewer is better); as :attr:`Analysis.last_present` and the FIDE
    reference count them.

    Source: FIDE C.07 art. 16 (VUR). Example (FIDE 2024 exercise): player 12 was
    absent in rounds 4 and 5: VUR = 2, ranked as −2.
    """
    forfeits = (a.status == FORFEIT) & (a.r != WIN)
    total = sum_by(a.p, forfeits.astype(np.int64), a.n) + np.bincount(a.bye_p[a.bye_vur], minlength=a.n)
    return Column(total, 1)


@criterion("NUM", "games played over the board", takes_basis=True, count=True)
def games_played(a: Analysis, spec: Spec) -> Column:
    """The number of games played over the board (forfeits and byes not counted).

    Source: FIDE C.07 (number of games, as in the reference's NUM). Example (FIDE
    2024 exercise): player 6 played four games and had a bye: NUM = 4.
    """
    return _count(a, a.status == PLAYED)


def round_points(a: Analysis, basis: str | None = None) -> tuple[np.ndarray, int]:
    """``points[i, k]``: i's points (``:GP`` game points) in round k + 1, byes included,
    and their denominator."""
    rounds = max([a.last_round, int(a.rnd.max()) if len(a.rnd) else 0, *(b.round for b in a.t.byes)])
    out = np.zeros((a.n, max(rounds, 1)), dtype=np.int64)
    if basis == "GP":
        den = a.game_points.den
        np.add.at(out, (a.p, np.maximum(a.rnd, 1) - 1), a.gs * (den // a.t.score_denominator))
        for b in a.t.byes:
            out[b.participant, b.round - 1] += int(b.game_points * den)
        return out, den
    den = a.results.den
    np.add.at(out, (a.p, np.maximum(a.rnd, 1) - 1), a.pts * (den // a.D))
    for b in a.t.byes:
        out[b.participant, b.round - 1] += int(b.points * den)
    return out, den


@criterion("PS", "progressive scores", modifiers="C", takes_basis=True)
def progressive(a: Analysis, spec: Spec) -> Column:
    """Progressive scores: the sum of the running score after every round; ``/Cn``
    leaves out the first n rounds' running scores.

    Source: FIDE C.07 art. 7.7 (PS) and art. 14. Example (FIDE 2024 exercise):
    player 1 scored 1, ½, ½, 1, ½: running 1, 1½, 2, 3, 3½, PS = 11, PS/C1 = 10.
    """
    points, den = round_points(a, spec.basis)
    running = np.cumsum(points, axis=1)
    cut = spec.cuts[0]
    return Column(running[:, cut:].sum(axis=1), den)


@criterion("ABH", "adjusted score")
def adjusted_score(a: Analysis, spec: Spec) -> Column:
    """The adjusted score used as an opponent's score in Buchholz: the points, with
    the rounds after a withdrawal counted as draws.

    Source: FIDE C.07 art. 16.3. Example (FIDE 2024 exercise): player 12 scored 2
    and was absent in the last two rounds: ABH = 2 + ½ + ½ = 3.
    """
    return a.adjusted


for _crit in (black_games, black_wins, games_elected, rounds_elected, voluntary_unplayed, games_played):
    _crit.explainer(explain_value)


@progressive.explainer
def _explain_ps(a: Analysis, spec: Spec, i: int, group: Sequence[int]) -> str:
    points, den = round_points(a, spec.basis)
    running = np.cumsum(points[i])
    cut = spec.cuts[0]
    terms = " + ".join(show_vulgar(Fraction(int(x), den)) for x in running[cut:])
    return f"{spec.label} = {terms} = {show_decimal(progressive(a, spec)[i])}"


@adjusted_score.explainer
def _explain_abh(a: Analysis, spec: Spec, i: int, group: Sequence[int]) -> str:
    # TRANSLATORS: the adjusted score (ABH, a criterion's code) {value}, from the points {points}.
    return _("{label} = {value} (points {points}, rounds after a withdrawal as draws)").format(
        label="ABH", value=show_decimal(a.adjusted[i]), points=show_decimal(a.points[i])
    )


@criterion("STD", "standard points")
def standard_points(a: Analysis, spec: Spec) -> Column:
    """Standard points: the score counted 1-½-0 whatever the event's scoring, a win,
    a draw or a loss in every round (forfeits as their result, full-point byes as
    wins, half-point byes as draws), so that events scored 3-1-0 can use the usual
    tie-breaks.

    Source: FIDE C.07 (2026 edition), Standard Points. Example (2018 World Cup group
    H, 3-1-0): Japan won one match and drew one: 4 points, STD = 1½.
    """
    halves = 2 * (a.wins + a.bye_counts[:, WIN]) + a.draws + a.bye_counts[:, 1]
    return Column(halves.astype(np.int64), 2)


@standard_points.explainer
def _explain_std(a: Analysis, spec: Spec, i: int, group: Sequence[int]) -> str:
    w = int(a.wins[i] + a.bye_counts[i, WIN])
    d = int(a.draws[i] + a.bye_counts[i, 1])
    # TRANSLATORS: the standard points (STD, a criterion's code) {value}: {won} wins and
    # {drawn} draws, counted 1 and ½.
    return _("{label} = {won} won + ½ × {drawn} drawn = {value}").format(
        label="STD", won=w, drawn=d, value=show_decimal(standard_points(a, spec)[i])
    )
