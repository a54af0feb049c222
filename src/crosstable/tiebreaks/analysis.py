"""What every coefficient reads, computed once per tournament: the games as
per-side *entries*, the primary score, game points, outcome counts, and every round
of every participant as a value for sums over rounds, with the unplayed rounds of
FIDE C.07 art. 16 (forfeits, byes, withdrawals: the dummy opponent of the 2023-2026
editions, or the virtual opponent of 2009-2022).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property
from typing import Any

import numpy as np
from numpy.typing import NDArray

from crosstable.errors import CriterionError
from crosstable.i18n import _
from crosstable.model import DRAW, FORFEIT, LOSS, PENDING, WIN, Bye, IntArray, Tournament, add_exact
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
    bye_index: IntArray | None = None
    """For each row, its index in :attr:`Analysis.byes` (−1 for a game); ``None``:
    every row is a game, in the order of the entries."""
    _totals: dict[int, tuple[IntArray, IntArray]] = field(default_factory=dict, repr=False, compare=False)
    _by_outcome: dict[int, IntArray] = field(default_factory=dict, repr=False, compare=False)

    def totals(self, n: int) -> tuple[IntArray, IntArray]:
        """Each of the n participants' Σ value and number of rounds, computed once
        (a Buchholz and its cuts read the same rounds: FIDE C.07 art. 14); the sums
        from :meth:`by_outcome` when a Sonneborn–Berger has made them."""
        if n not in self._totals:
            by_outcome = self._by_outcome.get(n)
            whole = by_outcome.sum(axis=1) if by_outcome is not None else sum_by(self.p, self.value, n)
            self._totals[n] = (whole, np.bincount(self.p, minlength=n))
        return self._totals[n]

    def by_outcome(self, n: int, pr: IntArray | None = None) -> IntArray:
        """``out[i, k]``: Σ value of participant i's rounds of outcome k (LOSS, DRAW,
        WIN), computed once: a Sonneborn–Berger weighs them by the result, a Buchholz
        adds them up (:meth:`totals`). ``pr``: ``3·p + r``, when the caller has it."""
        if n not in self._by_outcome:
            index = self.p * 3 + self.r if pr is None else pr
            self._by_outcome[n] = sum_by(index, self.value, 3 * n).reshape(n, 3)
        return self._by_outcome[n]

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
        # machine-sized indices: numpy gathers and counts with them without converting them first
        self.p: IntArray = self._entries(t.white, t.black, np.intp)
        self.q: IntArray = self._entries(t.black, t.white, np.intp)
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

    # -- rounds without a game: byes, and the absences the model implies ------------------
    @cached_property
    def byes(self) -> list[Bye]:
        """The rounds without an opponent: the tournament's byes and, in an event played
        in rounds, an absence (no points, a voluntary unplayed round) for every round up
        to the last in which a participant has neither a game nor a bye (a withdrawal, a
        late entry: FIDE C.07 art. 16)."""
        t = self.t
        byes = list(t.byes)
        rounds = self.last_round
        assert t.rounds is not None and t.status is not None
        if rounds == 0 or (len(t.rounds) and int(t.rounds.min()) < 1):
            return byes
        width = max(rounds, int(t.rounds.max()) if len(t.rounds) else 0, *(b.round for b in byes))
        taken = np.zeros((self.n, width + 1), dtype=bool)
        taken[:, 0] = True
        taken[:, rounds + 1 :] = True
        taken[t.white, t.rounds] = True
        taken[t.black, t.rounds] = True
        for b in byes:
            taken[b.participant, b.round] = True
        for i, r in zip(*np.nonzero(~taken), strict=True):
            byes.append(Bye(int(i), int(r), "absent", Fraction(0)))
        return byes

    @cached_property
    def bye_p(self) -> IntArray:
        return np.array([b.participant for b in self.byes], dtype=np.int64)

    @cached_property
    def bye_round(self) -> IntArray:
        return np.array([b.round for b in self.byes], dtype=np.int64)

    @cached_property
    def bye_outcome(self) -> IntArray:
        return np.array([b.outcome for b in self.byes], dtype=np.int64)

    @cached_property
    def bye_vur(self) -> NDArray[np.bool_]:
        return np.array([b.voluntary for b in self.byes], dtype=bool)

    # -- the scores -------------------------------------------------------------------------
    @cached_property
    def results(self) -> Column:
        """Each participant's points from its results alone: its games (the scoring's
        points for each outcome) and its rounds without an opponent (each bye's own
        points); no adjustment. This is what opponents see."""
        counts = self.outcome_counts @ self.t.scoring.units()
        extra = [(b.participant, b.points) for b in self.t.byes if b.points]
        return Column(*add_exact(counts, self.D, extra))

    @cached_property
    def points(self) -> Column:
        """The primary score S (PTS; match points in team events): the results plus
        every adjustment (points deducted or awarded outside the games)."""
        return Column(*self.t.score_units(self.outcome_counts))

    @cached_property
    def own_score(self) -> Column:
        """The participant's own score as its dummy opponents take it (FIDE C.07 art.
        16): the results plus the adjustments that are not final (TRF round 999)."""
        return self._with_adjustments(self.results, lambda a: a.points, final=False)

    @cached_property
    def own_game_points(self) -> Column:
        """:attr:`own_score` on game points: the game results plus the game points of
        the adjustments that are not final."""
        return self._with_adjustments(self.game_results, lambda a: a.game_points, final=False)

    @cached_property
    def game_results(self) -> Column:
        """Σ of the participant's own game scores (game points; goals for football),
        with the game points of its byes (team events); no adjustment."""
        extra = [(b.participant, b.game_points) for b in self.t.byes if b.game_points]
        return Column(*add_exact(self.group_sum(self.gs), self.t.score_denominator, extra))

    @cached_property
    def game_points(self) -> Column:
        """The game points (GPTS; goals for football): :attr:`game_results` plus the
        game points of every adjustment."""
        return self._with_adjustments(self.game_results, lambda a: a.game_points, final=True)

    def _with_adjustments(self, col: Column, amount: Any, final: bool) -> Column:
        extra = [(a.participant, amount(a)) for a in self.t.adjustments if (final or not a.final) and amount(a)]
        if not extra:
            return col
        return Column(*add_exact(col.num.copy(), col.den, extra))

    @cached_property
    def outcome_counts(self) -> IntArray:
        """``counts[i, k]``: how many of i's games ended with outcome k (LOSS, DRAW, WIN):
        :meth:`Tournament.outcome_counts <crosstable.model.Tournament.outcome_counts>`,
        counted here from the entries' :attr:`pr`, which the sums by outcome share."""
        counts: IntArray = np.bincount(self.pr, minlength=3 * self.n).astype(np.int64).reshape(self.n, 3)
        return counts

    @cached_property
    def bye_counts(self) -> IntArray:
        """``counts[i, k]``: i's rounds without an opponent that count as outcome k
        (a full-point bye as a win, a half-point bye as a draw, the others as losses)."""
        out = np.zeros((self.n, 3), dtype=np.int64)
        np.add.at(out, (self.bye_p, self.bye_outcome), 1)
        return out

    @cached_property
    def swiss(self) -> bool:
        return self.t.system == "swiss"

    @cached_property
    def unplayed_rules(self) -> bool:
        """Whether some round is not a game played over the board against an opponent
        that counts as such: a bye, an absence, or (in a Swiss event) a forfeit. Without
        any, every sum over rounds is a sum over the games."""
        return bool(self.byes) or (self.swiss and bool(np.any(self.status == FORFEIT)))

    @cached_property
    def last_present(self) -> IntArray:
        """Each participant's last round that is not a voluntary unplayed round (a game
        played, a forfeit won, a pairing-allocated or full-point bye); 0 if none."""
        last = np.zeros(self.n, dtype=np.int64)
        vur = (self.status == FORFEIT) & (self.r != WIN)
        np.maximum.at(last, self.p[~vur], self.rnd[~vur])
        keep = ~self.bye_vur
        np.maximum.at(last, self.bye_p[keep], self.bye_round[keep])
        return last

    def _basis(self, name: str | None) -> tuple[Column, IntArray, IntArray, int]:
        """The score of a basis (``None``/``MP``: points; ``GP``: game points): the
        results as a Column, each game entry's and each bye's own score in its units,
        and a draw's value in those units."""
        if name == "GP":
            res = self.game_results
            scale = res.den // self.t.score_denominator
            entry = self.gs * scale
            bye_own = np.array([int(b.game_points * res.den) for b in self.byes], dtype=np.int64)
            draw = int(self.game_points_of_a_draw * res.den)
        else:
            res = self.results
            entry = self.pts * (res.den // self.D)
            bye_own = np.array([int(b.points * res.den) for b in self.byes], dtype=np.int64)
            draw = int(self.t.scoring.draw * res.den)
        return res, entry, bye_own, draw

    def draw_units(self, basis: str | None) -> int:
        """A draw's value on a basis, in the units of :meth:`own_values`."""
        return self._basis(basis)[3]

    def adjusted_for(self, basis: str | None = None, fore: bool = False) -> Column:
        """The score used as an opponent's in Buchholz-like sums (FIDE C.07 art. 16.3):
        the results, except that a round without an opponent after the participant's
        last round present (a withdrawal) counts as a draw in a Swiss event and as
        nothing in a round robin; with ``fore``, a game of the last round counts as a
        draw too (Fore Buchholz, art. 8.3)."""
        key = f"adj:{basis}:{fore}"
        if key in self.cache:
            cached: Column = self.cache[key]
            return cached
        if not fore and not self.byes and (self.t.fide_rules != "virtual" or not np.any(self.status == FORFEIT)):
            plain: Column = self.game_results if basis == "GP" else self.results  # nothing to adjust
            self.cache[key] = plain
            return plain
        res, entry, bye_own, draw = self._basis(basis)
        total = res.num.copy()
        if self.t.fide_rules == "virtual":  # FIDE 2009-2022: every unplayed round counts as a draw
            unplayed = self.status == FORFEIT
            total += sum_by(self.p[unplayed], draw - entry[unplayed], self.n)
            total += sum_by(self.bye_p, draw - bye_own, self.n)
        else:
            last = self.last_present
            if fore:
                last = self._fore_last(last)
                total += self._fore_shift(entry, draw)
            after = self.bye_round > last[self.bye_p]
            target = draw if self.swiss else 0
            total += sum_by(self.bye_p[after], target - bye_own[after], self.n)
        column = Column(total, res.den)
        self.cache[key] = column
        return column

    @cached_property
    def adjusted(self) -> Column:
        """:meth:`adjusted_for` the primary score (ABH)."""
        return self.adjusted_for(None)

    def _fore_paired(self) -> NDArray[np.bool_]:
        """Who had a game (played or forfeited) in the last round."""
        paired = np.zeros(self.n, dtype=bool)
        paired[self.p[self.rnd == self.last_round]] = True
        return paired

    def _fore_last(self, last: IntArray) -> IntArray:
        return np.where(self._fore_paired(), self.last_round, last)

    def _fore_shift(self, entry: IntArray, draw: int) -> IntArray:
        """What counting every game of the last round as a draw adds to each score."""
        in_last = self.rnd == self.last_round
        return sum_by(self.p[in_last], draw - entry[in_last], self.n)

    def own_for(self, basis: str | None = None, fore: bool = False) -> Column:
        """The participant's own score on a basis (the dummy opponent's, before the
        2026 cap), with the last round as a draw under ``fore``."""
        own = self.own_game_points if basis == "GP" else self.own_score
        if not fore:
            return own
        res, entry, _bye_own, draw = self._basis(basis)
        scale = own.den // res.den if own.den % res.den == 0 else 1
        return Column(own.num + self._fore_shift(entry, draw) * scale, own.den)

    @cached_property
    def last_round(self) -> int:
        """The number of rounds: the file's, else the highest round of a game or bye."""
        highest = int(self.rnd.max()) if len(self.rnd) else 0
        return self.t.rounds_total or max([highest, *(b.round for b in self.t.byes), 0])

    @cached_property
    def fore(self) -> tuple[Column, Column]:
        """``(own, adjusted)`` scores for Fore Buchholz (FIDE C.07 art. 8.3): every game
        of the last round counted as a draw."""
        if self.last_round == 0:
            raise CriterionError(_("FB needs round numbers (a TRF file or a games list with rounds)"))
        return self.own_for(None, fore=True), self.adjusted_for(None, fore=True)

    def round_values(
        self,
        basis: str | None,
        fore: bool = False,
        *,
        predetermined: bool = False,
        swiss: bool | None = None,
        edition: str | None = None,
    ) -> Rounds:
        """Every round of every participant, as FIDE C.07 art. 16 counts it in sums over
        rounds. A game counted as played (over the board; with ``predetermined`` (``/P``)
        or in a round robin also a forfeit; with ``fore`` every game of the last round)
        is worth the opponent's adjusted score. Any other round of a Swiss event is a
        game against a dummy opponent with the participant's own score (2026 edition,
        art. 16.4: at most the real opponent's adjusted score for a forfeit, a draw in
        every round for a bye or an absence); those rounds, unless won, are voluntary
        unplayed rounds. In a round robin a forfeit not counted is worth nothing and a
        round without an opponent is left out. ``swiss`` (``/S``) does not count a round
        robin's forfeits as played; ``edition`` (``/V``) overrides the event's."""
        key = f"rv:{basis}:{fore}:{predetermined}:{swiss}:{edition}"
        if key in self.cache:
            cached: Rounds = self.cache[key]
            return cached
        rules = edition or self.t.fide_rules
        treat_swiss = self.swiss
        count_forfeits = predetermined or (not self.swiss and not swiss)
        opp = self.adjusted_for(basis, fore)
        forfeits_left_out = not count_forfeits and bool(np.any(self.status == FORFEIT))
        if not (self.unplayed_rules or fore or forfeits_left_out):
            n_games = len(self.p)
            # the games' own (compact) arrays, not copies: the path of every cut Buchholz
            rounds = Rounds(
                self.p, self.r, opp.num[self.q], np.broadcast_to(False, n_games),
                self.q, self.rnd, np.broadcast_to(True, n_games), opp.den,
            )  # fmt: skip
            self.cache[key] = rounds
            return rounds
        own = self.own_for(basis, fore)
        den = math.lcm(opp.den, own.den)
        opp_num, own_num = opp.num * (den // opp.den), own.num * (den // own.den)
        draw_units = self._basis(basis)[3]
        draw = Fraction(draw_units, opp.den)
        played = self.status != FORFEIT
        if count_forfeits:
            played = np.ones_like(played)
        if fore:  # the last round counts as played
            played = played | (self.rnd == self.last_round)
        dummy_games = own_num[self.p]
        bp = self.bye_p
        dummy_byes = own_num[bp]
        if rules == "virtual":  # FIDE 2009-2022: the virtual opponent
            dummy_games, dummy_byes = self._virtual_opponents(den)
        elif rules >= "2026":  # art. 16.4: the dummy's score is capped
            dummy_games = np.minimum(dummy_games, opp_num[self.q])
            dummy_byes = np.minimum(dummy_byes, int(draw * self.last_round * den))
        if treat_swiss:
            games_value = np.where(played, opp_num[self.q], dummy_games)
            keep_byes = np.ones(len(bp), dtype=bool)
        else:  # a round robin: a forfeit not counted is worth nothing, a bye is left out
            games_value = np.where(played, opp_num[self.q], 0)
            keep_byes = np.zeros(len(bp), dtype=bool)
        games_vur = (~played) & (self.r != WIN)
        kept = np.nonzero(keep_byes)[0]
        rounds = Rounds(
            np.concatenate([self.p.astype(np.int64), bp[keep_byes]]),
            np.concatenate([self.r.astype(np.int64), self.bye_outcome[keep_byes]]),
            np.concatenate([games_value, dummy_byes[keep_byes]]),
            np.concatenate([games_vur, self.bye_vur[keep_byes]]),
            np.concatenate([self.q.astype(np.int64), np.full(int(keep_byes.sum()), -1, dtype=np.int64)]),
            np.concatenate([self.rnd, self.bye_round[keep_byes]]),
            np.concatenate([played, np.zeros(int(keep_byes.sum()), dtype=bool)]),
            den,
            np.concatenate([np.full(len(self.p), -1, dtype=np.int64), kept]),
        )
        self.cache[key] = rounds
        return rounds

    def own_values(self, rounds: Rounds, basis: str | None) -> tuple[IntArray, int]:
        """What the participant scored in each row of ``rounds``: its points (``None``,
        ``MP``) or its game points (``GP``) in that game or bye, as ``(numerators,
        denominator)``."""
        res, entry, bye_own, _draw = self._basis(basis)
        if rounds.bye_index is None:
            return entry, res.den
        n_games = len(self.p)
        out = np.zeros(len(rounds.p), dtype=np.int64)
        out[:n_games] = entry
        out[n_games:] = bye_own[rounds.bye_index[n_games:]]
        return out, res.den

    @cached_property
    def game_points_of_a_draw(self) -> Fraction:
        """The game points of a drawn match: half of what a match distributes (the
        number of boards in chess)."""
        boards = self.t.boards
        if boards is not None and boards.size:
            return Fraction(boards.size * boards.win, 2 * self.t.score_denominator)
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
        for b in self.byes:
            per_round[b.participant, b.round] += int(b.points * den)
        before = np.cumsum(per_round, axis=1) - per_round  # score before each round
        win, draw = int(self.t.scoring.win * den), int(self.t.scoring.draw * den)

        def virtual(p: IntArray, rnd: IntArray, got: IntArray) -> IntArray:
            result: IntArray = before[p, rnd] + (win - got) + draw * (n_rounds - rnd)
            return result

        games = virtual(self.p.astype(np.int64), self.rnd, self.pts * (den // self.D))
        got = np.array([int(b.points * den) for b in self.byes], dtype=np.int64)
        return games, virtual(self.bye_p, self.bye_round, got)

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

    def opponent_sums(self, basis: str | None) -> tuple[Column, Column, Column]:
        """``(T_won, T_drawn, T_lost)``: the sums of the opponents' scores over the
        games won, drawn and lost."""
        key = f"T:{basis}"
        if key not in self.cache:
            col = self.adjusted_for(basis)
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
