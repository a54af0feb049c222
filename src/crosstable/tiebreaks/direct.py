"""Direct encounter: the games among the participants still tied."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

import numpy as np

from crosstable.model import PLAYED, WIN
from crosstable.numbers import fmt_decimal, fmt_vulgar
from crosstable.tiebreaks.analysis import Analysis
from crosstable.tiebreaks.columns import Column, column_of
from crosstable.tiebreaks.registry import criterion
from crosstable.tiebreaks.spec import Spec


def counts_forfeits(a: Analysis, spec: Spec | None) -> bool:
    """Whether games decided by forfeit count among the tied: with ``/P`` (pairings
    predetermined) and in every round robin; in a Swiss event, without ``/P``, only
    the games played over the board count, and a pairing settled by forfeit is a
    game not played (as the FIDE reference applies C.07 art. 6)."""
    return a.t.system != "swiss" or (spec is not None and spec.modifier("P") is not None)


def _among(a: Analysis, group: Sequence[int], spec: Spec | None = None) -> tuple[list[Fraction], list[int], list[int]]:
    """Points each member took from the others, games each played among them, and
    how many pairings among them have no counted game."""
    pos = {p: k for k, p in enumerate(group)}
    score = [0] * len(group)
    met: list[set[int]] = [set() for _ in group]
    every = counts_forfeits(a, spec)
    for k, p in enumerate(group):
        for e in a.entries_of(p).tolist():
            q = int(a.q[e])
            if q in pos and (every or a.status[e] == PLAYED):
                score[k] += int(a.pts[e])
                met[k].add(q)
    missing = [len(group) - 1 - len(met[k]) for k in range(len(group))]
    games = [len(m) for m in met]
    return [Fraction(s, a.D) for s in score], games, missing


@criterion("DE", "direct encounter", aliases=("H2H-CHESS", "DIRECT"), modifiers="P", local=True)
def direct_encounter(a: Analysis, spec: Spec, group: Sequence[int]) -> Column:
    """Direct encounter: the points the tied participants scored in the games among
    themselves.

    If all the tied participants have met, they are ordered by those points, and
    those still equal stay tied. If some have not met, a participant is placed
    above others only when no result of the missing games could change that: its
    points among them with every missing game lost exceed the others' with every
    missing game won. The returned sort key is then a tier number, and the value
    shown is the points among the tied.

    Forfeits: in a round robin, and with ``/P`` (pairings predetermined) in any
    event, a game decided by forfeit counts with its result; in a Swiss event
    without ``/P`` only games played over the board count (see
    :func:`counts_forfeits`).

    Source: FIDE C.07 (2023) art. 6; the ``/P`` modifier as in the TRF-2026 ``202``
    syntax and the FIDE reference implementation. Example (the Bulgarian article):
    Zhelyazkov and Angelov, tied on 4 points, drew with each other: DE ½ each, still
    tied, so the next criterion (SB) decides.
    """
    score, _games, missing = _among(a, group, spec)
    if not any(missing):
        return column_of(score)
    return Column(np.array(tiers(score, missing, a.t.scoring.win), dtype=np.int64), 1)


def tiers(score: Sequence[Fraction], missing: Sequence[int], win: Fraction) -> list[int]:
    """Order of tied participants who have not all met (FIDE C.07 art. 6): a top set
    is separated from the rest when its lowest score, with every missing game lost,
    beats the rest's highest, with every missing game won. Higher tier ranks higher.

    >>> tiers([Fraction(2), Fraction(0), Fraction(0)], [0, 1, 1], Fraction(1))
    [3, 2, 2]
    """
    low = list(score)
    high = [s + m * win for s, m in zip(score, missing, strict=True)]
    remaining = sorted(range(len(score)), key=lambda k: -low[k])
    tier = [0] * len(score)
    level = len(score)
    while remaining:
        size = next(
            (
                k
                for k in range(1, len(remaining))
                if min(low[x] for x in remaining[:k]) > max(high[x] for x in remaining[k:])
            ),
            len(remaining),
        )
        for x in remaining[:size]:
            tier[x] = level
        level -= 1
        remaining = remaining[size:]
    return tier


def display_values(a: Analysis, group: Sequence[int], spec: Spec | None = None) -> list[Fraction]:
    """The value shown for DE: the points scored among the tied participants."""
    return _among(a, group, spec)[0]


@direct_encounter.explainer
def _explain(a: Analysis, spec: Spec, i: int, group: Sequence[int]) -> str:
    if len(group) < 2:
        return f"{spec.label} = 0 (not tied with anyone when {spec.label} was applied)"
    others = [p for p in group if p != i]
    parts: list[str] = []
    total = Fraction(0)
    every = counts_forfeits(a, spec)
    counted = [e for e in a.entries_of(i).tolist() if every or a.status[e] == PLAYED]
    for e in counted:
        q = int(a.q[e])
        if q in others:
            pts = Fraction(int(a.pts[e]), a.D)
            total += pts
            word = "won against" if a.r[e] == WIN else "drew with" if a.r[e] == 1 else "lost to"
            parts.append(f"{fmt_vulgar(pts)} ({word} {a.name(q)})")
    unmet = [a.name(q) for q in others if q not in {int(a.q[e]) for e in counted}]
    names = ", ".join(a.name(p) for p in group)
    text = f"{spec.label} among {names} = {' + '.join(parts) or '0'} = {fmt_decimal(total)}"
    if unmet:
        text += f"; has not met {', '.join(unmet)}"
    return text


direct_encounter.local_display = display_values
