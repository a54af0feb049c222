"""The machinery shared by every coefficient: exact columns, the analysis of a
tournament, the criterion specifications and the registry.

A coefficient is a small function ``f(analysis, spec) -> Column`` registered under
its code with :func:`criterion`. A :class:`Column` holds one exact value per
participant as integer numerators over one common denominator, so comparing
values is comparing integers.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property
from typing import Any

import numpy as np
from numpy.typing import NDArray

from crosstable.errors import CriterionError
from crosstable.model import DRAW, FORFEIT, LOSS, PENDING, WIN, IntArray, Tournament
from crosstable.numbers import parse_number


@dataclass(frozen=True)
class Column:
    """Exact values, one per participant: ``num[i] / den``.

    ``num`` is an ``int64`` array, or an ``object`` array of Python ints when the
    values do not fit 64 bits.

    >>> c = Column(np.array([47, 40]), 4)
    >>> c.fractions()
    [Fraction(47, 4), Fraction(10, 1)]
    """

    num: NDArray[Any]
    den: int = 1

    def __getitem__(self, i: int) -> Fraction:
        return Fraction(int(self.num[i]), self.den)

    def __len__(self) -> int:
        return len(self.num)

    def fractions(self) -> list[Fraction]:
        """The values as Fractions (one object per distinct value: scores repeat)."""
        made: dict[int, Fraction] = {}
        out = []
        for x in self.num.tolist():
            value = made.get(x)
            if value is None:
                value = made[x] = Fraction(int(x), self.den)
            out.append(value)
        return out

    @staticmethod
    def combine(terms: Sequence[tuple[Fraction, Column]]) -> Column:
        """Exact ``Σ c_k · column_k`` over a common denominator."""
        den = math.lcm(*(c.denominator * col.den for c, col in terms))
        total: NDArray[Any] = np.zeros(len(terms[0][1].num), dtype=np.int64)
        for c, col in terms:
            factor = c.numerator * (den // (c.denominator * col.den))
            if factor:
                total = total + factor * col.num
        return Column(total, den).reduced()

    def reduced(self) -> Column:
        """The same values over the smallest common denominator."""
        if self.den == 1 or len(self.num) == 0:
            return self
        if self.num.dtype == object:
            g = math.gcd(self.den, *(int(x) for x in self.num.tolist()))
        else:
            g = math.gcd(self.den, int(np.gcd.reduce(self.num)))
        if g == 1:
            return self
        return Column(self.num // g, self.den // g)


def column_of(values: Sequence[Fraction]) -> Column:
    """Exact Fractions as one Column over their common denominator."""
    den = math.lcm(1, *(v.denominator for v in values))
    nums = [v.numerator * (den // v.denominator) for v in values]
    arr = np.array(nums, dtype=np.int64 if max(map(abs, nums), default=0) < 2**62 else object)
    return Column(arr, den)


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


FLAGS = "P"
"""Modifiers that take no number: ``/P`` (DE: pairings predetermined, forfeits count)."""


@dataclass(frozen=True)
class Spec:
    """A criterion as written in a list: code, optional weights, modifiers, basis.

    ``SB``, ``BH/C1``, ``KS/L+1``, ``SB(2,1,0)``, ``SB:GP``, ``BH:GP/C1`` are all specs;
    the point-system suffix may also follow the modifiers (``BH/C1:GP``). The label is
    written as in the TRF-2026 ``202`` line: code, suffix, modifiers.

    >>> Spec.parse("bh/c1")
    Spec('BH/C1')
    >>> Spec.parse("KB").code, Spec.parse("SB(2, 1, 0)").args
    ('SB', (Fraction(2, 1), Fraction(1, 1), Fraction(0, 1)))
    """

    code: str
    args: tuple[Fraction, ...] | None = None
    modifiers: tuple[tuple[str, Fraction], ...] = ()
    basis: str | None = None

    _PATTERN = re.compile(
        r"^\s*([A-Za-z][A-Za-z0-9_-]*)\s*(?:\(([^()]*)\))?\s*(?::\s*(MP|GP)\s*)?"
        r"((?:/\s*[A-Za-z]\s*[+-]?\s*[\d.,½]*\s*)*)(?::\s*(MP|GP))?\s*$",
        re.IGNORECASE,
    )

    @classmethod
    def parse(cls, text: str) -> Spec:
        m = cls._PATTERN.match(text)
        if not m:
            raise CriterionError(f"cannot read the criterion {text!r} (expected e.g. SB, BH/C1, KS/L+1, SB(2,1,0))")
        raw, args_text, basis_first, mods_text, basis_last = m.groups()
        if basis_first and basis_last:
            raise CriterionError(f"{text!r}: give :MP or :GP once")
        basis = basis_first or basis_last
        code = ALIASES.get(raw.upper())
        if code is None:
            known = ", ".join(sorted(REGISTRY))
            raise CriterionError(f"unknown criterion {raw!r}; known codes: {known}")
        crit = REGISTRY[code]
        args: tuple[Fraction, ...] | None = None
        if args_text is not None:
            if not crit.takes_args:
                raise CriterionError(f"{code} takes no weights in parentheses")
            values = [parse_number(x) for x in args_text.split(",")]
            if len(values) != 3 or any(v is None for v in values):
                raise CriterionError(f"{text!r}: give three weights (win, draw, loss), e.g. {code}(2,1,0)")
            args = tuple(v for v in values if v is not None)
        modifiers: list[tuple[str, Fraction]] = []
        for part in filter(None, (p.strip() for p in mods_text.split("/"))):
            letter = part[0].upper()
            if letter not in crit.modifiers:
                allowed = ", ".join(f"/{x}n" for x in crit.modifiers) or "none"
                raise CriterionError(f"{text!r}: modifier /{letter} does not apply to {code} (allowed: {allowed})")
            number = parse_number(part[1:].replace(" ", "") or "1")
            if number is None or (letter in "CM" and (number < 0 or number.denominator != 1)):
                raise CriterionError(f"{text!r}: /{part} needs a whole number, e.g. /{letter}1")
            modifiers.append((letter, number))
        if basis is not None and not crit.takes_basis:
            raise CriterionError(f"{code} takes no :MP/:GP suffix")
        return cls(code, args, tuple(modifiers), basis.upper() if basis else None)

    @cached_property
    def label(self) -> str:
        """The canonical text of the spec (used as its key in every output)."""
        from crosstable.numbers import fmt_decimal

        text = self.code
        if self.args is not None:
            text += "(" + ",".join(fmt_decimal(a) for a in self.args) + ")"
        if self.basis:
            text += f":{self.basis}"
        for letter, number in self.modifiers:
            if letter in FLAGS:
                text += f"/{letter}"
                continue
            sign = "+" if letter == "L" and number >= 0 else ""
            text += f"/{letter}{sign}{fmt_decimal(number)}"
        return text

    @property
    def cuts(self) -> tuple[int, int]:
        """``(low, high)``: how many least and most significant values the modifiers
        remove: ``/Cn`` the n lowest, ``/Mn`` the n lowest and the n highest."""
        c = int(self.modifier("C", Fraction(0)) or 0)
        m = int(self.modifier("M", Fraction(0)) or 0)
        return c + m, m

    def modifier(self, letter: str, default: Fraction | None = None) -> Fraction | None:
        for lt, n in self.modifiers:
            if lt == letter:
                return n
        return default

    def __repr__(self) -> str:
        return f"Spec({self.label!r})"


def parse_list(text: str | Sequence[str]) -> list[Spec]:
    """A criteria list: a comma-separated string (commas inside parentheses belong to
    the weights) or a sequence of specs.

    >>> [s.label for s in parse_list("SB, BH/C1, SB(2,1,0)")]
    ['SB', 'BH/C1', 'SB(2,1,0)']
    """
    if isinstance(text, str):
        items: list[str] = []
        depth, start = 0, 0
        for k, ch in enumerate(text):
            depth += ch == "("
            depth -= ch == ")"
            if ch == "," and depth == 0:
                items.append(text[start:k])
                start = k + 1
        items.append(text[start:])
        parts = [s for s in (x.strip() for x in items) if s]
    else:
        parts = list(text)
    return [Spec.parse(p) for p in parts]


ComputeFn = Callable[["Analysis", Spec], Column]
LocalFn = Callable[["Analysis", Spec, Sequence[int]], Column]
ExplainFn = Callable[["Analysis", Spec, int, Sequence[int]], str]


@dataclass
class Criterion:
    """A registered criterion: its code, its name and how to compute and explain it."""

    code: str
    name: str
    compute: ComputeFn | None = None
    local: LocalFn | None = None
    aliases: tuple[str, ...] = ()
    modifiers: str = ""
    takes_args: bool = False
    takes_basis: bool = False
    kinds: tuple[str, ...] = ("result", "game_points", "goals")
    explain_fn: ExplainFn | None = None
    local_display: Callable[[Analysis, Sequence[int], Spec], list[Fraction]] | None = None
    doc: str = ""

    @property
    def is_local(self) -> bool:
        """Computed among the participants still tied (like direct encounter)."""
        return self.local is not None

    def __call__(self, a: Analysis, spec: Spec) -> Column:
        """The values for every participant (criteria computed over the whole field)."""
        if self.compute is None:
            raise CriterionError(f"{self.code} is computed among tied participants only")
        return self.compute(a, spec)

    def explainer(self, fn: ExplainFn) -> ExplainFn:
        self.explain_fn = fn
        return fn


def explain_value(a: Analysis, spec: Spec, i: int, group: Sequence[int]) -> str:
    """The plain explanation of a value that is not a sum: ``CODE = value (its name)``."""
    from crosstable.numbers import fmt_decimal

    crit = REGISTRY[spec.code]
    return f"{spec.label} = {fmt_decimal(crit(a, spec)[i])} ({crit.name})"


REGISTRY: dict[str, Criterion] = {}
ALIASES: dict[str, str] = {}


def criterion(
    code: str,
    name: str,
    *,
    aliases: Sequence[str] = (),
    modifiers: str = "",
    takes_args: bool = False,
    takes_basis: bool = False,
    local: bool = False,
) -> Callable[[Callable[..., Column]], Criterion]:
    """Register a coefficient function under ``code`` (and its aliases)."""

    def register(fn: Callable[..., Column]) -> Criterion:
        crit = Criterion(
            code=code,
            name=name,
            compute=None if local else fn,
            local=fn if local else None,
            aliases=tuple(aliases),
            modifiers=modifiers,
            takes_args=takes_args,
            takes_basis=takes_basis,
            doc=fn.__doc__ or "",
        )
        for key in (code, *aliases):
            if key.upper() in ALIASES:
                raise ValueError(f"criterion code {key} registered twice")
            ALIASES[key.upper()] = code
        REGISTRY[code] = crit
        return crit

    return register


@dataclass
class Analysis:
    """Everything the coefficients share, computed once per tournament.

    Each counted game (played or forfeited; games still to be played are left out)
    gives two *entries*, one per side: ``p`` the participant, ``q`` the opponent,
    ``r`` p's outcome, ``pts`` p's points (units of ``1/D``), ``gs`` p's own score
    in the game (game points or goals, units of ``1/score_denominator``).
    """

    t: Tournament
    _cache: dict[str, Any] = field(default_factory=dict, repr=False)
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
        extra = [(b.participant, b.points) for b in self.t.byes if b.points]
        return _plus(self.outcome_counts @ self.t.scoring.units(), self.D, [*extra, *self.t.adjustments.items()])

    @cached_property
    def game_points(self) -> Column:
        """Σ of the participant's own game scores (game points; goals for football),
        with the game points of its byes (team events)."""
        extra = [(b.participant, b.game_points) for b in self.t.byes if b.game_points]
        return _plus(self.group_sum(self.gs), self.t.score_denominator, extra)

    @cached_property
    def outcome_counts(self) -> IntArray:
        """``counts[i, k]``: how many of i's games ended with outcome k (LOSS, DRAW, WIN)."""
        flat = np.bincount(self.pr, minlength=3 * self.n).astype(np.int64)
        return flat.reshape(self.n, 3)

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
        from crosstable.errors import CriterionError

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
        games won, drawn and lost (the notation of SPEC §3)."""
        key = f"T:{basis}"
        if key not in self._cache:
            col = self.basis(basis)
            if self.unplayed_rules:
                rounds = self.round_values(basis)
                sums = sum_by(rounds.p * 3 + rounds.r, rounds.value, 3 * self.n).reshape(self.n, 3)
                den = rounds.den
                self._cache[key] = tuple(Column(sums[:, k], den) for k in (WIN, DRAW, LOSS))
            else:
                opp = col.num[self.q]
                sums = sum_by(self.pr, opp, 3 * self.n).reshape(self.n, 3)
                self._cache[key] = tuple(Column(sums[:, k], col.den) for k in (WIN, DRAW, LOSS))
        result: tuple[Column, Column, Column] = self._cache[key]
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


def _plus(total: IntArray, den: int, extra: Sequence[tuple[int, Fraction]]) -> Column:
    """``total / den`` with exact amounts added to some participants (byes' points,
    adjustments), in the smallest unit that holds them all."""
    if not extra:
        return Column(total, den)
    common = math.lcm(den, *(v.denominator for _, v in extra))
    total = total * (common // den)
    for i, v in extra:
        total[i] += int(v * common)
    return Column(total, common)


_EXACT = 2**53


def sum_by(index: NDArray[Any], values: NDArray[Any], size: int) -> IntArray:
    """``out[k] = Σ values[index == k]``, exactly.

    Integer values are summed with ``np.bincount`` in double precision only when
    ``len × max|value| < 2**53``, which proves every partial sum is an integer
    represented exactly; otherwise with integer ``np.add.at``.
    """
    if len(values) == 0:
        return np.zeros(size, dtype=np.int64)
    bound = max(int(values.max()), -int(values.min())) * len(values)
    if values.dtype != object and bound < _EXACT:
        out: IntArray = np.bincount(index, weights=values, minlength=size).astype(np.int64)
        return out
    total = np.zeros(size, dtype=values.dtype if values.dtype == object else np.int64)
    np.add.at(total, index, values)
    return total


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
) -> IntArray:
    """Σ of each participant's contributions without the ``low`` least and ``high``
    most significant ones: the cut (``/Cn``) and median (``/Mn``) modifiers (FIDE
    C.07 art. 14), one mechanism for every sum over rounds.

    Significance is ``key`` (the opponent's score; the contribution itself when not
    given), ties broken by the contribution. With voluntary unplayed rounds (``vur``)
    see :func:`_fide_cuts`. A participant with no more than ``low + high`` values gets
    0, the sum of nothing.
    """
    key = contribution if key is None else key
    count = np.bincount(p, minlength=n)
    if low == 0 and high == 0:
        return sum_by(p, contribution, n)
    no_vur = vur is None or not vur.any()
    if no_vur and key is contribution and low <= 1 and high <= 1:  # the common fast path
        total = sum_by(p, contribution, n)
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
    least significant voluntary unplayed round, unless the least significant round
    of all contributes more than it, in which case that one is cut; high cuts take
    the most significant rounds."""
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
            candidate = min(voluntary, key=lambda e: (key[e], contribution[e])) if voluntary else lowest
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
