"""The Berger family: weighted sums of the opponents' scores, and the historical
scores built on them (Gelbfuhs 1873, Sonneborn–Berger 1886).

Every member is ``w_win·T_won + w_draw·T_drawn + w_loss·T_lost``, where
``T_won``, ``T_drawn``, ``T_lost`` are the sums of the final scores of the opponents
the participant beat, drew with and lost to. One function computes them all; the
codes differ only in their weights.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction

import numpy as np

from crosstable.model import IntArray
from crosstable.numbers import show_decimal, show_vulgar
from crosstable.tiebreaks.analysis import Analysis, Rounds
from crosstable.tiebreaks.columns import Column, column_of, sum_by
from crosstable.tiebreaks.cuts import cut_sums
from crosstable.tiebreaks.registry import criterion
from crosstable.tiebreaks.spec import Spec
from crosstable.tiebreaks.words import explain_rounds, sum_text

F = Fraction

#: Fixed weights (win, draw, loss) of the presets; ``None`` means "the scoring
#: system's own points" (Sonneborn–Berger).
PRESET_WEIGHTS: dict[str, tuple[Fraction, Fraction, Fraction] | None] = {
    "SB": None,
    "SHM": (F(1), F(0), F(-1)),
    "RIGA": (F(2), F(3, 2), F(1)),
    "GORIN": (F(4), F(2), F(1)),
}


def weights(a: Analysis, spec: Spec) -> tuple[Fraction, Fraction, Fraction] | None:
    """The (win, draw, loss) weights of a member of the family, or ``None`` for
    Sonneborn–Berger proper, which weighs each opponent by what the participant
    scored against it (the scoring's points, or game points with ``:GP``)."""
    if spec.args is not None:
        w, d, lo = spec.args
        return (w, d, lo)
    preset = PRESET_WEIGHTS[spec.code]
    if preset is not None:
        return preset
    if a.t.kind == "game_points" and spec.basis is None:
        return (F(1), F(1, 2), F(0))  # the 1957 Olympiad convention: the match result
    return None


def basis_of(a: Analysis, spec: Spec) -> str | None:
    """Whose scores are weighted: ``:GP``/``:MP`` if given (the first letter of a
    two-letter suffix); in team events the opponents' game points (the 1957 Olympiad
    convention of the Bulgarian article)."""
    if spec.basis is not None:
        return spec.opponents_basis
    return "GP" if a.t.kind == "game_points" else None


def own_basis(spec: Spec) -> str | None:
    """What the participant's own result counts as in SB: the second letter of a
    two-letter suffix, else the suffix itself (``SB:GP``: game points)."""
    if spec.basis is None:
        return None
    return spec.basis[1] + "P" if spec.basis[1] in "MG" else spec.basis


def rounds_of(a: Analysis, spec: Spec, basis: str | None, fore: bool = False) -> Rounds:
    """The rounds a sum over rounds takes, with the criterion's modifiers: ``/P``
    (forfeits count as played), ``/S`` (a round robin treated as a Swiss event), ``/F``
    (fore: the last round as draws), ``/V`` (an edition of C.07)."""
    return a.round_values(
        basis,
        fore or spec.has("F"),
        predetermined=spec.has("P"),
        swiss=True if spec.has("S") else None,
        edition=spec.edition,
    )


def own_per_round(a: Analysis, spec: Spec, rounds: Rounds) -> tuple[IntArray, int]:
    """The participant's own weight in each round of ``rounds``: the family's weight
    for the result, or (SB proper) what it scored; ``/D`` counts a draw instead."""
    w = weights(a, spec)
    if spec.has("D"):
        draw = w[1] if w is not None else a.t.scoring.draw
        return np.full(len(rounds.p), draw.numerator, dtype=np.int64), draw.denominator
    if w is None:
        own, den = a.own_values(rounds, own_basis(spec))
        if spec.has("F"):  # fore: the last round's games as draws
            draw_units = a.draw_units(own_basis(spec))
            last = (rounds.round == a.last_round) & (rounds.opponent >= 0)
            own = np.where(last, draw_units, own)
        return own, den
    scale = math.lcm(*(x.denominator for x in w))
    by_outcome = np.array([int(w[2] * scale), int(w[1] * scale), int(w[0] * scale)], dtype=np.int64)
    return by_outcome[rounds.r], scale


def _own_by_outcome(a: Analysis, spec: Spec, rounds: Rounds) -> tuple[IntArray, int] | None:
    """The participant's weight in a round as a function of its outcome alone (LOSS,
    DRAW, WIN), when it is one: every round a game (no bye, no dummy opponent), the
    family's weights, or SB proper on the points (what a result scores); ``None``
    otherwise (game points, ``/D``, ``/F``): :func:`own_per_round` then weighs each round."""
    if rounds.bye_index is not None or spec.has("D") or spec.has("F"):
        return None
    w = weights(a, spec)
    if w is not None:
        scale = math.lcm(*(x.denominator for x in w))
        return np.array([int(w[2] * scale), int(w[1] * scale), int(w[0] * scale)], dtype=np.int64), scale
    if own_basis(spec) not in (None, "MP"):
        return None
    den = a.results.den  # own_values: each entry's points in the results' units
    return a.t.scoring.units() * (den // a.D), den


def weighted_sum(a: Analysis, spec: Spec) -> Column:
    """``Σ own(r) · c(r)`` over the participant's rounds: each opponent's score (the
    dummy opponent's for an unplayed round, FIDE C.07 art. 16) times the weight of the
    result against it (SB proper: what the participant scored), exactly; with ``/Cn``
    or ``/Mn`` the least (most) significant rounds are cut first: those against the
    lowest (highest) opponents' scores, voluntary unplayed rounds first (art. 14, 16.5)."""
    rounds = rounds_of(a, spec, basis_of(a, spec))
    low, high = spec.cuts
    by_result = _own_by_outcome(a, spec, rounds) if not (low or high) else None
    if by_result is not None:  # every round a game, its weight the result's: Σ_k weight(k) · (Σ value over k)
        weight, weight_den = by_result
        pr = a.pr if rounds.p is a.p and rounds.r is a.r else None
        return Column(rounds.by_outcome(a.n, pr) @ weight, rounds.den * weight_den).reduced()
    own, own_den = own_per_round(a, spec, rounds)
    contribution = own * rounds.value
    kept = cut_sums(rounds.p, a.n, contribution, low, high, key=rounds.value, vur=rounds.vur)
    return Column(kept, rounds.den * own_den).reduced()


@criterion(
    "SB",
    "Sonneborn–Berger",
    aliases=("KB", "ZB", "NEUSTADTL", "BERGER"),
    modifiers="CMPSDF",
    takes_args=True,
    takes_basis=True,
)
def sonneborn_berger(a: Analysis, spec: Spec) -> Column:
    """Sonneborn–Berger (Neustadtl) score: ``SB = Σ_j x_ij · S_j``.

    The opponents' final scores weighted by the points the participant took from them:
    the scoring system's points for a win, a draw and a loss, so (1, ½, 0) in chess and
    (2, 1, 0) in draughts. ``SB(w,d,l)`` gives any other weights (for instance the
    (2, 1, 0) football variant of the Hungarian article). In a team event ``SB`` is the
    match result (1, ½, 0) times the opponent's game points (the Bulgarian article's
    1957 Olympiad); ``SB:MP`` and ``SB:GP`` are FIDE's team forms: the match (game)
    points scored against each opponent times that opponent's match (game) points, as
    the FIDE reference computes them.

    Source: the Bulgarian article (``ZB = T_won + 0.5·T_drawn``); FIDE C.07 art. 9.1.

    Example (the Bulgarian article, 7-player table): Zhelyazkov drew with Mikhailov (5),
    Alexandrov (4½), Angelov (4), Ganev (2½) and beat Kalchev (1) and Getovski (0):
    SB = 2.5 + 2.25 + 2 + 1.25 + 1 + 0 = 9.
    """
    return weighted_sum(a, spec)


@criterion(
    "SHM", "simplified Berger (Dvoretsky, Shmulyan)", aliases=("OB", "SIMPLIFIED-BERGER"), modifiers="CMPS",
    takes_basis=True,
)  # fmt: skip
def simplified_berger(a: Analysis, spec: Spec) -> Column:
    """Simplified Berger coefficient: ``SHM = T_won − T_lost`` (weights 1, 0, −1).

    Source: the Bulgarian article (``OB = Sh = T_won − T_lost``), proposed by M.
    Dvoretsky.

    Example (the Bulgarian article): Angelov beat Ganev (2½), Kalchev (1), Getovski (0)
    and lost to Mikhailov (5): SHM = 2.5 + 1 + 0 − 5 = −1.5. Ganev's value is −12.5 (the
    Bulgarian article prints −8.5 in error, see docs/sources.md)."""
    return weighted_sum(a, spec)


@criterion("RIGA", "Riga coefficient", modifiers="CMPS", takes_basis=True)
def riga(a: Analysis, spec: Spec) -> Column:
    """Riga coefficient: ``R = 2·T_won + 1.5·T_drawn + T_lost``.

    Source: the Bulgarian article. Example: a win and a loss against two opponents with
    7 points each give 2·7 + 7 = 21, the same as two draws, 1.5·7 + 1.5·7 = 21.
    """
    return weighted_sum(a, spec)


@criterion("GORIN", "Gorin coefficient", modifiers="CMPS", takes_basis=True)
def gorin(a: Analysis, spec: Spec) -> Column:
    """Gorin coefficient: ``Γ = 4·T_won + 2·T_drawn + T_lost``.

    Source: the Bulgarian article (A. Gorin, "Шашки" 1968). Example: a win and a loss
    against two 7-point opponents give 4·7 + 7 = 35, two draws 2·7 + 2·7 = 28, so
    decisive games are preferred.
    """
    return weighted_sum(a, spec)


@criterion("GELB", "Gelbfuhs score", aliases=("GELBFUHS",))
def gelbfuhs(a: Analysis, spec: Spec) -> Column:
    """Gelbfuhs score (1873): ``G_i = Σ_j f_ij · (1 + S_j / (n_j · w))``.

    ``f_ij`` is i's result against j as a fraction of a win (1, ½, 0), ``S_j`` j's
    score, ``n_j`` the number of games j played and ``w`` the points for a win, so
    ``S_j/(n_j·w)`` is j's share of the maximum. Made for events where not everyone
    played the same number of games; with equal numbers of games in chess points
    ``G_i = S_i + SB_i / n``.

    Source: the Bulgarian article (``G(i) = S_i + KB_i / n``).

    Example (the Bulgarian article): Zhelyazkov, S = 4, SB = 9, n = 6: G = 4 + 9/6 = 5.5.
    """
    f = a.r.astype(np.int64)  # outcome code = result in halves of a win
    half_share = sum_by(a.p, f, a.n)  # Σ f (in halves)
    s = a.points
    win_units = int(a.t.scoring.win * s.den)
    n_q = a.games_played[a.q]
    totals: list[Fraction] = [F(int(h), 2) for h in half_share.tolist()]
    for m in sorted(set(n_q.tolist())):  # (np.unique would import numpy.ma)
        if m == 0:
            continue
        mask = n_q == m
        acc = sum_by(a.p[mask], f[mask] * s.num[a.q[mask]], a.n)
        den = 2 * m * win_units
        for i in np.nonzero(acc)[0].tolist():
            totals[i] += F(int(acc[i]), den)
    return column_of(totals)


@criterion("NNSB", "Sonneborn–Berger of 1886 (non-Neustadtl)", aliases=("ZBMN", "KBMN"))
def nnsb(a: Analysis, spec: Spec) -> Column:
    """Non-Neustadtl Sonneborn–Berger score (1886): ``S_i² + SB_i``.

    Source: the Bulgarian article (``ZBMN(i) = S_i × S_i + T_won + ½·T_drawn``).

    Example (the Bulgarian article): Zhelyazkov, S = 4, SB = 9: NNSB = 16 + 9 = 25.
    """
    s = a.points
    square = Column(s.num * s.num, s.den * s.den)
    return Column.combine([(F(1), square), (F(1), weighted_sum(a, Spec("SB")))])


# -- explanations -----------------------------------------------------------------------
def explain_weighted(a: Analysis, spec: Spec, i: int, group: Sequence[int]) -> str:
    """The Berger family's sum over rounds in words (each round's weight × the
    opponent's score)."""
    rounds = rounds_of(a, spec, basis_of(a, spec))
    return explain_rounds(a, spec, i, weighted_sum(a, spec)[i], rounds, own_per_round(a, spec, rounds))


for _crit in (sonneborn_berger, simplified_berger, riga, gorin):
    _crit.explainer(explain_weighted)


@gelbfuhs.explainer
def _explain_gelb(a: Analysis, spec: Spec, i: int, group: Sequence[int]) -> str:
    s = a.points
    win = a.t.scoring.win
    terms: list[tuple[Fraction, str]] = []
    for e in a.entries_of(i).tolist():
        q, r = int(a.q[e]), int(a.r[e])
        f = F(r, 2)
        n_q = int(a.games_played[q])
        share = s.value(q) / (n_q * win)
        terms.append(
            (f * (1 + share), f"{show_vulgar(f)} × (1 + {show_vulgar(s[q])}/{show_vulgar(n_q * win)}), {a.name(q)}")
        )
    return sum_text(spec.label, terms, gelbfuhs(a, spec)[i])


@nnsb.explainer
def _explain_nnsb(a: Analysis, spec: Spec, i: int, group: Sequence[int]) -> str:
    s = a.points.value(i)
    sb = weighted_sum(a, Spec("SB")).value(i)
    return f"{spec.label} = S² + SB = {show_vulgar(s)}² + {show_decimal(sb)} = {show_decimal(s * s + sb)}"
