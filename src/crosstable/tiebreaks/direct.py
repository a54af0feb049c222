"""Direct encounter: the games among the participants still tied."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction

import numpy as np

from crosstable.i18n import N_, _
from crosstable.model import DRAW, LOSS, PLAYED, WIN
from crosstable.numbers import show_decimal, show_vulgar
from crosstable.tiebreaks.analysis import Analysis
from crosstable.tiebreaks.columns import Column
from crosstable.tiebreaks.registry import criterion
from crosstable.tiebreaks.spec import Spec


def counts_forfeits(a: Analysis, spec: Spec | None) -> bool:
    """Whether games decided by forfeit count among the tied: with ``/P`` (pairings
    predetermined) and in every round robin (unless ``/S``); in a Swiss event, without
    ``/P``, only the games played over the board count, and a pairing settled by
    forfeit is a game not played (as the FIDE reference applies C.07 art. 6)."""
    if spec is not None and spec.has("P"):
        return True
    return a.t.system != "swiss" and not (spec is not None and spec.has("S"))


def games_among(
    a: Analysis, group: Sequence[int], spec: Spec | None = None, *, over_the_board: bool = False
) -> dict[tuple[int, int], list[Fraction]]:
    """The points each member took from each other member it met, game by game
    (``(p, q)``: what ``p`` scored against ``q``), counting the games
    :func:`counts_forfeits` counts (only those played over the board with
    ``over_the_board``); game points with ``:GP``."""
    members = set(group)
    every = counts_forfeits(a, spec) and not over_the_board
    game_points = spec is not None and spec.basis == "GP"
    values, den = (a.gs, a.t.score_denominator) if game_points else (a.pts, a.D)
    taken: dict[tuple[int, int], list[Fraction]] = {}
    for p in group:
        for e in a.entries_of(p).tolist():
            q = int(a.q[e])
            if q in members and (every or a.status[e] == PLAYED):
                taken.setdefault((p, q), []).append(Fraction(int(values[e]), den))
    return taken


def points_scored_among(a: Analysis, group: Sequence[int], spec: Spec | None = None) -> list[Fraction]:
    """The value of DE (FIDE C.07 art. 6): the points each member scored in the games
    among the tied, every game counted (a double round robin's two games against each
    other member both)."""
    taken = games_among(a, group, spec)
    return [sum((x for (p, _q), pts in taken.items() if p == member for x in pts), Fraction(0)) for member in group]


def points_among(a: Analysis, group: Sequence[int], spec: Spec | None = None) -> tuple[list[Fraction], list[int]]:
    """The order's key: points each member took from the others (a pair that met more
    than once counts the average of its games, as the FIDE reference does: when every
    pair met as often, as in a double round robin, the order of the points scored,
    :func:`points_scored_among`) and how many of the others each has not met."""
    pos = {p: k for k, p in enumerate(group)}
    taken = games_among(a, group, spec)
    score = [Fraction(0)] * len(group)
    met = [0] * len(group)
    for (p, _q), pts in taken.items():
        score[pos[p]] += sum(pts, Fraction(0)) / len(pts)
        met[pos[p]] += 1
    return score, [len(group) - 1 - m for m in met]


def assume_all_met(a: Analysis, spec: Spec | None) -> bool:
    """In a round robin (unless ``/S``) the tied participants are taken to have all met."""
    return a.t.system != "swiss" and not (spec is not None and spec.has("S"))


def order_blocks(
    group: Sequence[int],
    among: Callable[[Sequence[int]], tuple[list[Fraction], list[int]]],
    win: Fraction,
    all_met: bool,
) -> list[list[int]]:
    """The direct-encounter order of a tied group, as blocks still tied (FIDE C.07 art.
    6, as the FIDE reference applies it). ``among(members)`` gives each member's points
    against the other members and how many of them it has not met. When all have met
    (or ``all_met``: a round robin) they are ordered by those points; otherwise from the
    top, one at a time, a participant is placed above the rest only when its points
    exceed what any of the rest could reach by winning every game it has not played,
    and after the first that cannot be placed the rest stay tied. Every block still
    tied is examined again on the games among its own members, until nothing changes.

    >>> won = {(0, 1): 1, (0, 2): 1}  # 0 beat 1 and 2, who have not met
    >>> def among(g):
    ...     score = [Fraction(sum(won.get((x, y), 0) for y in g)) for x in g]
    ...     return score, [sum(1 for y in g if y != x and (x, y) not in won and (y, x) not in won) for x in g]
    >>> order_blocks([0, 1, 2], among, Fraction(1), False)
    [[0], [1, 2]]
    """
    if len(group) < 2:
        return [list(group)]
    score, missing = among(group)
    members = sorted(range(len(group)), key=lambda k: (-score[k], -(score[k] + missing[k] * win)))
    blocks: list[list[int]] = []
    if all_met or not any(missing):
        for k in members:
            if blocks and score[blocks[-1][-1]] == score[k]:
                blocks[-1].append(k)
            else:
                blocks.append([k])
    else:
        rest = list(members)
        while len(rest) > 1 and score[rest[0]] > max(score[k] + missing[k] * win for k in rest[1:]):
            blocks.append([rest.pop(0)])
        blocks.append(rest)
    out: list[list[int]] = []
    for block in blocks:
        people = [group[k] for k in block]
        if len(people) > 1 and len(blocks) > 1:
            out.extend(order_blocks(people, among, win, all_met))
        else:
            out.append(people)
    return out


def direct_order(a: Analysis, group: Sequence[int], spec: Spec | None = None) -> list[list[int]]:
    """:func:`order_blocks` on the games of the tournament (``spec``'s ``/P``, ``/S``
    and ``:GP`` applied)."""
    win = 2 * a.game_points_of_a_draw if spec is not None and spec.basis == "GP" else a.t.scoring.win
    return order_blocks(group, lambda members: points_among(a, members, spec), win, assume_all_met(a, spec))


@criterion("DE", "direct encounter", aliases=("H2H-CHESS", "DIRECT"), modifiers="PS", local=True, takes_basis=True)
def direct_encounter(a: Analysis, spec: Spec, group: Sequence[int]) -> Column:
    """Direct encounter: the points the tied participants scored in the games among
    themselves.

    If all the tied participants have met (always taken so in a round robin), they are
    ordered by those points, and those still equal stay tied. If some have not met,
    a participant is placed above the others only when no result of the missing games
    could change that (see :func:`direct_order`). A block still tied is examined
    again on the games among its own members. The returned sort key is a tier, and
    the value shown is the points among the tied.

    Forfeits: in a round robin, and with ``/P`` (pairings predetermined) in any
    event, a game decided by forfeit counts with its result; in a Swiss event
    without ``/P`` only games played over the board count (see
    :func:`counts_forfeits`); ``/S`` treats a round robin as a Swiss event.

    Source: FIDE C.07 (2023) art. 6; the ``/P`` modifier as in the TRF-2026 ``202``
    syntax and the FIDE reference implementation. Example (the Bulgarian article):
    Zhelyazkov and Angelov, tied on 4 points, drew with each other: DE ½ each, still
    tied, so the next criterion (SB) decides.
    """
    tier = {p: len(group) - k for k, block in enumerate(direct_order(a, group, spec)) for p in block}
    return Column(np.array([tier[p] for p in group], dtype=np.int64), 1)


def display_values(a: Analysis, group: Sequence[int], spec: Spec | None = None) -> list[Fraction | None]:
    """The value shown for DE, in the table, the JSON and the explanation alike: the
    points scored in the games among the tied participants (FIDE C.07 art. 6,
    :func:`points_scored_among`)."""
    return list(points_scored_among(a, group, spec))


_RESULT_AGAINST = {
    # TRANSLATORS: a term of the direct encounter: the game against {name} and its result.
    WIN: N_("won against {name}"),
    DRAW: N_("drew with {name}"),
    LOSS: N_("lost to {name}"),
}


@direct_encounter.explainer
def _explain(a: Analysis, spec: Spec, i: int, group: Sequence[int]) -> str:
    if len(group) < 2:
        # TRANSLATORS: {label} is a criterion's code (DE): the participant was alone
        # on its score when it was applied.
        return _("{label} = 0 (not tied with anyone when {label} was applied)").format(label=spec.label)
    others = [p for p in group if p != i]
    parts: list[str] = []
    every = counts_forfeits(a, spec)
    game_points = spec.basis == "GP"
    values, den = (a.gs, a.t.score_denominator) if game_points else (a.pts, a.D)
    counted = [e for e in a.entries_of(i).tolist() if every or a.status[e] == PLAYED]
    for e in counted:
        q = int(a.q[e])
        if q in others:
            pts = Fraction(int(values[e]), den)
            outcome = WIN if a.r[e] == WIN else DRAW if a.r[e] == 1 else LOSS
            parts.append(f"{show_vulgar(pts)} ({_(_RESULT_AGAINST[outcome]).format(name=a.name(q))})")
    total = points_scored_among(a, group, spec)[list(group).index(i)]  # the value shown in the table
    unmet = [a.name(q) for q in others if q not in {int(a.q[e]) for e in counted}]
    names = ", ".join(a.name(p) for p in group)
    # TRANSLATORS: the direct encounter ({label}, a criterion's code) among the tied
    # participants {names}: the points of each game against them, and their sum.
    text = _("{label} among {names} = {terms} = {total}").format(
        label=spec.label, names=names, terms=" + ".join(parts) or "0", total=show_decimal(total)
    )
    if unmet:
        text += "; " + _("has not met {names}").format(names=", ".join(unmet))
    return text


direct_encounter.local_display = display_values
