"""The cut and median modifiers (FIDE C.07 art. 14), one mechanism for every sum
over rounds: ``/Cn`` leaves out the n least significant values, ``/Mn`` the n least
and the n most significant; with voluntary unplayed rounds the FIDE order of art.
16.5 decides which round goes first.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from crosstable.model import IntArray
from crosstable.tiebreaks.columns import sum_by


def _rank_within(p: IntArray, order: IntArray, n: int) -> IntArray:
    """Position of each entry within its participant's run, in the given order."""
    starts = np.searchsorted(p[order], np.arange(n + 1))
    rank = np.empty(len(order), dtype=np.int64)
    rank[order] = np.arange(len(order)) - np.repeat(starts[:-1], np.diff(starts))
    return rank


def cut_mask(
    p: IntArray,
    n: int,
    contribution: IntArray,
    low: int,
    high: int,
    key: IntArray | None = None,
    vur: NDArray[np.bool_] | None = None,
) -> NDArray[np.bool_]:
    """Which values :func:`cut_sums` keeps (for the explanations)."""
    key = contribution if key is None else key
    if vur is not None and vur.any():
        return _fide_cuts(p, n, contribution, key, vur, low, high)
    return _plain_cuts(p, n, contribution, key, low, high)


def _plain_cuts(p: IntArray, n: int, contribution: IntArray, key: IntArray, low: int, high: int) -> NDArray[np.bool_]:
    """The cuts without voluntary unplayed rounds, for all participants at once: the
    ``low`` least significant values (by key, then contribution), then the ``high``
    most significant of the rest."""
    keep = np.ones(len(p), dtype=bool)
    if low:
        keep &= _rank_within(p, np.lexsort((contribution, key, p)), n) >= low
    if high:
        keep &= _rank_within(p, np.lexsort((-contribution, -key, ~keep, p)), n) >= high
    return keep


def cut_sums(
    p: IntArray,
    n: int,
    contribution: IntArray,
    low: int,
    high: int,
    key: IntArray | None = None,
    vur: NDArray[np.bool_] | None = None,
    totals: tuple[IntArray, IntArray] | None = None,
) -> IntArray:
    """Σ of each participant's contributions without the ``low`` least and ``high``
    most significant ones: the cut (``/Cn``) and median (``/Mn``) modifiers (FIDE
    C.07 art. 14), one mechanism for every sum over rounds.

    Significance is ``key`` (the opponent's score; the contribution itself when not
    given), ties broken by the contribution. With voluntary unplayed rounds (``vur``)
    see :func:`_fide_cuts`. A participant with no more than ``low + high`` values gets
    0, the sum of nothing. ``totals``: the uncut sums and the number of values of each
    participant, when the caller has them (:meth:`crosstable.tiebreaks.analysis.Rounds.totals`).
    """
    key = contribution if key is None else key
    whole, count = (sum_by(p, contribution, n), np.bincount(p, minlength=n)) if totals is None else totals
    if low == 0 and high == 0:
        return whole
    no_vur = vur is None or not vur.any()
    if no_vur and key is contribution and low <= 1 and high <= 1:  # the common fast path
        total = whole
        big = np.iinfo(np.int64).max
        if low:
            lo = np.full(n, big, dtype=np.int64)
            np.minimum.at(lo, p, contribution)
            total = total - np.where(count > 0, lo, 0)
        if high:
            hi = np.full(n, -big, dtype=np.int64)
            np.maximum.at(hi, p, contribution)
            total = total - np.where(count > 0, hi, 0)
    else:
        keep = cut_mask(p, n, contribution, low, high, key, vur)
        total = sum_by(p[keep], contribution[keep], n)
    result: IntArray = np.where(count > low + high, total, 0)
    return result


def _fide_cuts(
    p: IntArray, n: int, contribution: IntArray, key: IntArray, vur: NDArray[np.bool_], low: int, high: int
) -> NDArray[np.bool_]:
    """Which rounds stay after the cuts when some rounds are voluntary unplayed
    (FIDE C.07 art. 16.5, as the FIDE reference applies it): each low cut takes the
    voluntary unplayed round that contributes least (then the lowest score), unless
    the least significant round of all (lowest score, then contribution) contributes
    more than it, in which case that one is cut; high cuts take the most significant
    rounds."""
    keep = np.ones(len(p), dtype=bool)
    order = np.argsort(p, kind="stable")
    bounds = np.searchsorted(p[order], np.arange(n + 1))
    with_vur = np.bincount(p[vur], minlength=n) > 0  # (np.unique would import numpy.ma: 40 ms)
    for i in np.nonzero(with_vur)[0].tolist():
        rounds = order[bounds[i] : bounds[i + 1]].tolist()
        lows = min(low, len(rounds))
        for _ in range(lows):
            lowest = min(rounds, key=lambda e: (key[e], contribution[e]))
            voluntary = [e for e in rounds if vur[e]]
            candidate = min(voluntary, key=lambda e: (contribution[e], key[e])) if voluntary else lowest
            cut = lowest if contribution[lowest] > contribution[candidate] else candidate
            rounds.remove(cut)
            keep[cut] = False
        for _ in range(min(high, len(rounds))):
            top = max(rounds, key=lambda e: (key[e], contribution[e]))
            rounds.remove(top)
            keep[top] = False
    plain = np.nonzero(~with_vur[p])[0]  # participants without such rounds
    keep[plain] = _plain_cuts(p[plain], n, contribution[plain], key[plain], low, high)
    return keep
