"""Direct encounter: the games among the participants still tied."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

import numpy as np

from crosstable.model import WIN
from crosstable.numbers import fmt_decimal, fmt_vulgar
from crosstable.tiebreaks.base import Analysis, Column, Spec, criterion


def _among(a: Analysis, group: Sequence[int]) -> tuple[list[Fraction], list[int], list[int]]:
    """Points each member took from the others, games each played among them, and
    how many pairings among them have no counted game."""
    pos = {p: k for k, p in enumerate(group)}
    score = [0] * len(group)
    met: list[set[int]] = [set() for _ in group]
    for k, p in enumerate(group):
        for e in a.entries_of(p).tolist():
            q = int(a.q[e])
            if q in pos:
                score[k] += int(a.pts[e])
                met[k].add(q)
    missing = [len(group) - 1 - len(met[k]) for k in range(len(group))]
    games = [len(m) for m in met]
    return [Fraction(s, a.D) for s in score], games, missing


@criterion("DE", "direct encounter", aliases=("H2H-CHESS", "DIRECT"), local=True)
def direct_encounter(a: Analysis, spec: Spec, group: Sequence[int]) -> Column:
    """Direct encounter: the points the tied participants scored in the games among
    themselves.

    If all the tied participants have met, they are ordered by those points, and
    those still equal stay tied. If some have not met, a participant is placed
    above others only when no result of the missing games could change that: its
    points among them with every missing game lost exceed the others' with every
    missing game won. The returned sort key is then a tier number, and the value
    shown is the points among the tied.

    Source: FIDE C.07 (2023) art. 6. Example (seed 000): Zhelyazkov and Angelov,
    tied on 4 points, drew with each other: DE ½ each, still tied, so the next
    criterion (SB) decides.
    """
    score, _games, missing = _among(a, group)
    if not any(missing):
        return _column(score)
    win = a.t.scoring.win
    low = list(score)
    high = [s + m * win for s, m in zip(score, missing, strict=True)]
    remaining = sorted(range(len(group)), key=lambda k: -low[k])
    tier = [0] * len(group)
    level = len(group)
    while remaining:
        # the largest top set whose every member is surely above every other
        cut = None
        for size in range(1, len(remaining)):
            top, rest = remaining[:size], remaining[size:]
            if min(low[k] for k in top) > max(high[k] for k in rest):
                cut = size
                break
        size = cut or len(remaining)
        for k in remaining[:size]:
            tier[k] = level
        level -= 1
        remaining = remaining[size:]
    return Column(np.array(tier, dtype=np.int64), 1)


def _column(values: Sequence[Fraction]) -> Column:
    from crosstable.tiebreaks.berger import column_of

    return column_of(values)


def display_values(a: Analysis, group: Sequence[int]) -> list[Fraction]:
    """The value shown for DE: the points scored among the tied participants."""
    return _among(a, group)[0]


@direct_encounter.explainer
def _explain(a: Analysis, spec: Spec, i: int, group: Sequence[int]) -> str:
    if len(group) < 2:
        return f"{spec.label} = 0 (not tied with anyone when {spec.label} was applied)"
    others = [p for p in group if p != i]
    parts: list[str] = []
    total = Fraction(0)
    for e in a.entries_of(i).tolist():
        q = int(a.q[e])
        if q in others:
            pts = Fraction(int(a.pts[e]), a.D)
            total += pts
            word = "won against" if a.r[e] == WIN else "drew with" if a.r[e] == 1 else "lost to"
            parts.append(f"{fmt_vulgar(pts)} ({word} {a.name(q)})")
    unmet = [a.name(q) for q in others if q not in {int(a.q[e]) for e in a.entries_of(i).tolist()}]
    names = ", ".join(a.name(p) for p in group)
    text = f"{spec.label} among {names} = {' + '.join(parts) or '0'} = {fmt_decimal(total)}"
    if unmet:
        text += f"; has not met {', '.join(unmet)}"
    return text


direct_encounter.local_display = display_values
