"""Counts and totals: points, wins, game points and match points."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from crosstable.i18n import N_, _
from crosstable.model import FORFEIT, WIN
from crosstable.numbers import show_decimal, show_vulgar
from crosstable.tiebreaks.analysis import Analysis
from crosstable.tiebreaks.columns import Column
from crosstable.tiebreaks.registry import REGISTRY, criterion
from crosstable.tiebreaks.spec import Spec
from crosstable.tiebreaks.team import board_wins


@criterion("PTS", "points", aliases=("POINTS",))
def points(a: Analysis, spec: Spec) -> Column:
    """Points: the primary score (match points in a team event).

    Source: FIDE C.07 art. 5. Example (the Bulgarian article): Mikhailov, 4 wins and 2
    draws: 5.
    """
    return a.points


@criterion("WIN", "number of wins", aliases=("WINS",), takes_basis=True, count=True)
def wins(a: Analysis, spec: Spec) -> Column:
    """The number of rounds won: games won, forfeit wins and full-point byes.

    Source: FIDE C.07 art. 7.2 (WIN). Example (the Bulgarian article): Angelov beat
    Ganev, Kalchev and Getovski: WIN = 3; in the FIDE 2024 exercise player 6 won two
    games and had a pairing-allocated bye: WIN = 3. ``WIN:GP`` in a team event counts
    the boards won (a bye's boards and those of a match won by forfeit as wins).
    """
    if spec.basis == "GP":
        return Column(board_wins(a, over_the_board=False), 1)
    return Column((a.wins + a.bye_counts[:, WIN]).astype(np.int64), 1)


@criterion("WON", "number of games won over the board", takes_basis=True, count=True)
def won(a: Analysis, spec: Spec) -> Column:
    """The number of games won over the board (forfeit wins not counted).

    Source: FIDE C.07 art. 7.3 (WON). Example: a player with two wins and a
    forfeit win has WIN = 3 and WON = 2. ``WON:GP`` counts the boards won over the
    board in a team event.
    """
    if spec.basis == "GP":
        return Column(board_wins(a, over_the_board=True), 1)
    mask = (a.r == WIN) & (a.status != FORFEIT)
    return Column(a.group_sum(np.ones_like(a.r), mask), 1)


@criterion("GP", "game points", aliases=("GAME-POINTS",))
def game_points(a: Analysis, spec: Spec) -> Column:
    """Game points: the sum of the board results of a team's matches.

    Source: FIDE C.07 art. 11 (team events); the Bulgarian article (Olympiad 1957, "game
    points"). Example (Olympiad 1957 group C): Yugoslavia 1½ + ½ + 2 + 1½ + 1 + 2 =
    8½. For an individual event it is the sum of the results as the table gives them.
    """
    return a.game_points


@criterion("MP", "match points", aliases=("MATCH-POINTS",))
def match_points(a: Analysis, spec: Spec) -> Column:
    """Match points: the scoring system's points for each match won, drawn, lost
    (2-1-0 by default in team events).

    Source: FIDE C.07 art. 11. Example (Olympiad 1957 group C): Yugoslavia won 4,
    drew 1, lost 1: 2·4 + 1 = 9.
    """
    return a.points


_BYE_WON = {
    # TRANSLATORS: a round counted as won without a game, listed among the wins.
    "pab": N_("pairing-allocated bye in round {round}"),
    "full": N_("full-point bye in round {round}"),
}


def _bye_won(kind: str, rnd: int) -> str:
    if kind in _BYE_WON:
        return _(_BYE_WON[kind]).format(round=rnd)
    return _("{kind} bye in round {round}").format(kind=kind, round=rnd)


def _explain_count(a: Analysis, spec: Spec, i: int, group: Sequence[int]) -> str:
    value = REGISTRY[spec.code](a, spec)[i]
    if spec.code in ("WIN", "WON") and spec.basis == "GP":
        if spec.code == "WON":
            # TRANSLATORS: {label} is a criterion's code (WON:GP), {value} a count of boards.
            return _("{label} = {value} (boards won over the board)").format(
                label=spec.label, value=show_decimal(value)
            )
        # TRANSLATORS: {label} is a criterion's code (WIN:GP), {value} a count of boards.
        return _("{label} = {value} (boards won)").format(label=spec.label, value=show_decimal(value))
    if spec.code in ("WIN", "WON"):
        over_the_board = spec.code == "WON"
        wins_of = [
            # TRANSLATORS: a win awarded by forfeit against the opponent {name}.
            _("{name} by forfeit").format(name=a.name(int(a.q[e]))) if a.status[e] == FORFEIT else a.name(int(a.q[e]))
            for e in a.entries_of(i).tolist()
            if a.r[e] == WIN and not (over_the_board and a.status[e] == FORFEIT)
        ]
        if not over_the_board:
            wins_of += [_bye_won(b.kind, b.round) for b in a.byes if b.participant == i and b.outcome == WIN]
        which = ", ".join(wins_of) or _("no wins")
        return f"{spec.label} = {show_decimal(value)} ({which})"
    w, d, lo = (int(x[i]) for x in (a.wins, a.draws, a.losses))
    won_drawn_lost = _("{won} won, {drawn} drawn, {lost} lost").format(won=w, drawn=d, lost=lo)
    return f"{spec.label} = {show_vulgar(value)} ({won_drawn_lost})"


for _crit in (points, wins, won, game_points, match_points):
    _crit.explainer(_explain_count)
