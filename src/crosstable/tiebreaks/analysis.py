"""What every coefficient reads, computed once per tournament: the games as
per-side *entries*, the primary score, game points, outcome counts, and every round
of every participant as a value for sums over rounds, with the unplayed rounds of
FIDE C.07 art. 16 (forfeits, byes, withdrawals: the dummy opponent of the 2023-2026
editions, or the virtual opponent of 2009-2022).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property
from typing import Any

import numpy as np
from numpy.typing import NDArray

from crosstable.errors import CriterionError
from crosstable.model import DRAW, FORFEIT, LOSS, PENDING, WIN, IntArray, Tournament, add_exact
from crosstable.tiebreaks.columns import Column, sum_by


@dataclass(frozen=True)
class Rounds:
    """Every round of every participant, for sums over rounds (Buchholz, Berger…):
    participant, outcome, value (the opponent's score, or the dummy's), whether it is
    a voluntary unplayed round, the opponent (−1 for a bye), the round, whether it
    was played over the board; values in units of ``1/den``."""

    p: IntArray
    r: IntArray
    value: IntArray
    vur: NDArray[np.bool_]
    opponent: IntArray
    round: IntArray
    played: NDArray[np.bool_]
    den: int

    def of(self, i: int) -> list[int]:
        """The indices of participant i's rounds, by round, then opponent."""
        idx = np.nonzero(self.p == i)[0]
        ordered: list[int] = idx[np.lexsort((self.opponent[idx], self.round[idx]))].tolist()
        return ordered


@dataclass
class Analysis:
    """Everything the coefficients share, computed once per tournament.

    Each counted game (played or forfeited; games still to be played are left out)
    gives two *entries*, one per side: ``p`` the participant, ``q`` the opponent,
    ``r`` p's outcome, ``pts`` p's points (units of ``1/D``), ``gs`` p's own score
    in the game (game points or goals, units of ``1/score_denominator``).
    """

    t: Tournament
    cache: dict[str, Any] = field(default_factory=dict, repr=False)
    """Values shared between criteria of one ranking (the opponents' sums, the potentials)."""
    notes: list[str] = field(default_factory=list)
    """Warnings that criteria raise while computing (degenerate inputs and the like)."""

    def __post_init__(self) -> None:
        t = self.t
        assert t.status is not None
        counted = t.status != PENDING
        self._counted: NDArray[np.bool_] | None = None if counted.all() else counted
        self.n = len(t.names)
        self.p: IntArray = self._entries(t.white, t.black, np.int32)
        self.q: IntArray = self._entries(t.black, t.white, np.int32)
        self.r: IntArray = self._entries(t.white_outcome, t.black_outcome, np.int8)
        self.D = t.scoring.denominator

    def _entries(self, white: IntArray, black: IntArray, dtype: Any) -> IntArray:
        """A per-entry array: white's values, then black's, over the counted games.
        Small dtypes keep a million-entry tournament light on memory."""
        c = self._counted
        parts = (white, black) if c is None else (white[c], black[c])
        return np.concatenate([x.astype(dtype, copy=False) for x in parts])

    @cached_property
    def pts(self) -> IntArray:
        """Each entry's points, in units of ``1/D``."""
        units: IntArray = self.t.scoring.units()[self.r]
        return units

    @cached_property
    def gs(self) -> IntArray:
        """Each entry's own score in the game (game points, goals)."""
        return self._entries(self.t.white_score, self.t.black_score, np.int64)

    @cached_property
    def status(self) -> IntArray:
        assert self.t.status is not None
        return self._entries(self.t.status, self.t.status, np.int8)

    @cached_property
    def rnd(self) -> IntArray:
        assert self.t.rounds is not None
        return self._entries(self.t.rounds, self.t.rounds, np.int64)

    # -- per-participant sums -----------------------------------------------------------
    def group_sum(self, values: NDArray[Any], mask: NDArray[np.bool_] | None = None) -> IntArray:
        """Σ of per-entry values for each participant (exact integer sums)."""
        if mask is None:
            return sum_by(self.p, values, self.n)
        return sum_by(self.p[mask], values[mask], self.n)

    @cached_property
    def points(self) -> Column:
        """The primary score S: points (match points in team events), from the
        outcome counts and the scoring's points per outcome, plus the points of the
        rounds without an opponent (each bye's own, e.g. a TRF-2026 ``162``/``299``
        value) and any adjustment (points deducted or awarded outside the games)."""
        return Column(*self.t.score_units(self.outcome_counts))

    @cached_property
    def game_points(self) -> Column:
        """Σ of the participant's own game scores (game points; goals for football),
        with the game points of its byes (team events)."""
        extra = [(b.participant, b.game_points) for b in self.t.byes if b.game_points]
        return Column(*add_exact(self.group_sum(self.gs), self.t.score_denominator, extra))

    @cached_property
    def outcome_counts(self) -> IntArray:
        """``counts[i, k]``: how many of i's games ended with outcome k (LOSS, DRAW, WIN)."""
        return self.t.outcome_counts()

    @cached_property
    def bye_counts(self) -> IntArray:
        """``counts[i, k]``: i's rounds without an opponent that count as outcome k
        (a full-point bye as a win, a half-point bye as a draw, the others as losses)."""
        out = np.zeros((self.n, 3), dtype=np.int64)
        for b in self.t.byes:
            out[b.participant, b.outcome] += 1
        return out

    @cached_property
    def unplayed_rules(self) -> bool:
        """Whether FIDE C.07 art. 16 applies: a Swiss event with forfeits or byes."""
        t = self.t
        return t.system == "swiss" and (bool(t.byes) or bool(np.any(self.status == FORFEIT)))

    @cached_property
    def adjusted(self) -> Column:
        """The score used as an opponent's in Buchholz-like sums (FIDE C.07 art. 16.3):
        the points, except that the rounds after a participant's last round with an
        opponent or a full-point bye (a withdrawal: art. 16.2.5) count as draws."""
        pts = self.points
        if not self.unplayed_rules:
            return pts
        draw = int(self.t.scoring.draw * pts.den)
        if self.t.fide_rules == "virtual":  # FIDE 2009-2022: every unplayed round counts as a draw
            total = pts.num.copy()
            scale = pts.den // self.D
            unplayed = self.status == FORFEIT
            total += sum_by(self.p[unplayed], draw - self.pts[unplayed] * scale, self.n)
            for b in self.t.byes:
                total[b.participant] += draw - int(b.points * pts.den)
            return Column(total, pts.den)
        last = np.zeros(self.n, dtype=np.int64)
        np.maximum.at(last, self.p, self.rnd)
        for b in self.t.byes:
            if not b.voluntary:
                last[b.participant] = max(last[b.participant], b.round)
        total = pts.num.copy()
        for b in self.t.byes:
            if b.round > last[b.participant]:
                total[b.participant] += draw - int(b.points * pts.den)
        return Column(total, pts.den)

    @cached_property
    def last_round(self) -> int:
        """The number of rounds: the file's, else the highest round of a game or bye."""
        return self.t.rounds_total or int(max([*self.rnd.tolist(), *(b.round for b in self.t.byes), 0]))

    @cached_property
    def fore(self) -> tuple[Column, Column]:
        """``(own, adjusted)`` scores for Fore Buchholz (FIDE C.07 art. 8.3): every game
        of the last round counted as a draw."""
        if self.last_round == 0:
            raise CriterionError("FB needs round numbers (a TRF file or a games list with rounds)")
        pts, adj = self.points, self.adjusted
        scale = pts.den // self.D
        last = self.rnd == self.last_round
        last_pts = self.group_sum(np.where(last, self.pts, 0)) * scale
        has_last = self.group_sum(last.astype(np.int64)) > 0
        draw = int(self.t.scoring.draw * pts.den)
        shift = np.where(has_last, draw - last_pts, 0)
        return Column(pts.num + shift, pts.den), Column(adj.num + shift, adj.den)

    def round_values(self, basis: str | None, fore: bool = False) -> Rounds:
        """Every round of every participant: a game played over the board is worth
        the opponent's score. In a Swiss event with unplayed rounds (FIDE C.07 art. 16)
        the opponent counts with its adjusted score, and a forfeit, a bye or an
        absence is a game against a dummy opponent with the participant's own score
        (2026 edition, art. 16.4: at most the real opponent's adjusted score for a
        forfeit, a draw in every round for a bye); those rounds, unless won, are
        voluntary unplayed rounds. ``fore`` scores the last round as draws (FB)."""
        if not (self.unplayed_rules or fore):
            col = self.basis(basis)
            n_games = len(self.p)
            # the games' own (compact) arrays, not copies: this is the path of every cut Buchholz
            return Rounds(
                self.p, self.r, col.num[self.q], np.broadcast_to(False, n_games),
                self.q, self.rnd, np.broadcast_to(True, n_games), col.den,
            )  # fmt: skip
        draw = self.t.scoring.draw
        if fore:
            own, opp = self.fore
        elif basis == "GP":  # team events on game points: the dummy has the team's game points
            own = opp = self.game_points
            draw = self.game_points_of_a_draw
        else:
            own, opp = self.points, self.adjusted
        scale = opp.den // own.den if opp.den % own.den == 0 else 1
        played = self.status != FORFEIT
        if fore:  # the last round counts as played, as draws
            played = played | (self.rnd == self.last_round)
        dummy_games = own.num[self.p] * scale
        bp = np.array([b.participant for b in self.t.byes], dtype=np.int64)
        dummy_byes = own.num[bp] * scale
        if self.t.fide_rules == "virtual":  # FIDE 2009-2022: the virtual opponent
            dummy_games, dummy_byes = self._virtual_opponents(opp.den)
        elif self.t.fide_rules >= "2026":  # art. 16.4: the dummy's score is capped
            dummy_games = np.minimum(dummy_games, opp.num[self.q])
            dummy_byes = np.minimum(dummy_byes, int(draw * self.last_round * opp.den))
        games_value = np.where(played, opp.num[self.q], dummy_games)
        games_vur = (~played) & (self.r == LOSS)
        byes = self.t.byes
        return Rounds(
            np.concatenate([self.p.astype(np.int64), bp]),
            np.concatenate([self.r.astype(np.int64), np.array([b.outcome for b in byes], dtype=np.int64)]),
            np.concatenate([games_value, dummy_byes]),
            np.concatenate([games_vur, np.array([b.voluntary for b in byes], dtype=bool)]),
            np.concatenate([self.q.astype(np.int64), np.full(len(byes), -1, dtype=np.int64)]),
            np.concatenate([self.rnd, np.array([b.round for b in byes], dtype=np.int64)]),
            np.concatenate([played, np.zeros(len(byes), dtype=bool)]),
            opp.den,
        )

    def own_game_points(self, size: int) -> IntArray:
        """The game points scored in each round of :meth:`round_values` (the games
        first, then the byes), in units of ``1/score_denominator``."""
        own = np.zeros(size, dtype=np.int64)
        own[: len(self.gs)] = self.gs
        if size > len(self.gs):
            den = self.t.score_denominator
            own[len(self.gs) :] = [int(b.game_points * den) for b in self.t.byes]
        return own

    @cached_property
    def game_points_of_a_draw(self) -> Fraction:
        """The game points of a drawn match: half of what a match distributes (the
        number of boards in chess)."""
        if not len(self.t.white_score):
            return Fraction(0)
        most = int((self.t.white_score + self.t.black_score).max())
        return Fraction(most, 2 * self.t.score_denominator)

    def _virtual_opponents(self, den: int) -> tuple[IntArray, IntArray]:
        """The scores of the virtual opponents of the older rules (FIDE C.02, 2009-2022)
        for every unplayed round: the participant's score before the round, plus what
        it did not get in that round (a win's points minus the points awarded), plus a
        draw for every round still to come. Returned for the games (forfeits) and the
        byes, in units of ``1/den``."""
        n_rounds = self.last_round
        per_round = np.zeros((self.n, n_rounds + 1), dtype=np.int64)  # column r: points in round r
        np.add.at(per_round, (self.p, self.rnd), self.pts * (den // self.D))
        for b in self.t.byes:
            per_round[b.participant, b.round] += int(b.points * den)
        before = np.cumsum(per_round, axis=1) - per_round  # score before each round
        win, draw = int(self.t.scoring.win * den), int(self.t.scoring.draw * den)

        def virtual(p: IntArray, rnd: IntArray, got: IntArray) -> IntArray:
            result: IntArray = before[p, rnd] + (win - got) + draw * (n_rounds - rnd)
            return result

        games = virtual(self.p.astype(np.int64), self.rnd, self.pts * (den // self.D))
        bp = np.array([b.participant for b in self.t.byes], dtype=np.int64)
        br = np.array([b.round for b in self.t.byes], dtype=np.int64)
        got = np.array([int(b.points * den) for b in self.t.byes], dtype=np.int64)
        return games, virtual(bp, br, got)

    @cached_property
    def pr(self) -> IntArray:
        """``3·p + r``: the entry's participant and outcome in one index."""
        index: IntArray = self.p * 3 + self.r
        return index

    @property
    def wins(self) -> IntArray:
        return self.outcome_counts[:, WIN]

    @property
    def draws(self) -> IntArray:
        return self.outcome_counts[:, DRAW]

    @property
    def losses(self) -> IntArray:
        return self.outcome_counts[:, LOSS]

    @cached_property
    def games_played(self) -> IntArray:
        total: IntArray = self.outcome_counts.sum(axis=1)
        return total

    def basis(self, name: str | None) -> Column:
        """The opponents' score a weighted sum uses: ``MP``/points or ``GP``."""
        if name == "GP":
            return self.game_points
        return self.points

    def opponent_sums(self, basis: str | None) -> tuple[Column, Column, Column]:
        """``(T_won, T_drawn, T_lost)``: the sums of the opponents' scores over the
        games won, drawn and lost."""
        key = f"T:{basis}"
        if key not in self.cache:
            col = self.basis(basis)
            if self.unplayed_rules:
                rounds = self.round_values(basis)
                sums = sum_by(rounds.p * 3 + rounds.r, rounds.value, 3 * self.n).reshape(self.n, 3)
                den = rounds.den
                self.cache[key] = tuple(Column(sums[:, k], den) for k in (WIN, DRAW, LOSS))
            else:
                opp = col.num[self.q]
                sums = sum_by(self.pr, opp, 3 * self.n).reshape(self.n, 3)
                self.cache[key] = tuple(Column(sums[:, k], col.den) for k in (WIN, DRAW, LOSS))
        result: tuple[Column, Column, Column] = self.cache[key]
        return result

    # -- per-participant views (explanations, local criteria, cuts) ---------------------
    @cached_property
    def order(self) -> IntArray:
        """Entry indices sorted by participant, then round, then opponent."""
        return np.lexsort((self.q, self.rnd, self.p))

    @cached_property
    def starts(self) -> IntArray:
        return np.searchsorted(self.p[self.order], np.arange(self.n + 1))

    def entries_of(self, i: int) -> IntArray:
        """Indices of participant i's entries, in the order of the games."""
        return self.order[self.starts[i] : self.starts[i + 1]]

    def name(self, i: int) -> str:
        return self.t.names[i]
