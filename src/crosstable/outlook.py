"""What can still happen, exactly: best and worst places, zones and magic numbers.

:mod:`crosstable.scenarios` ranks every combination of the games left; beyond a few
million it can only sample, and a sample can say "never" of something that can
happen. The outlook answers the questions the press asks ("champions", "relegated",
"can still finish in the top four", "how many points make it certain") exactly, for
any number of games left, by integer programming over the results of the games left
(:func:`scipy.optimize.milp`, the HiGHS solver): one binary variable per game and
result.

Decisions:

- **Best and worst place on points.** ``best`` = 1 + the fewest participants that
  must finish with more points (a tie on points counts in the participant's favour);
  ``worst`` = 1 + the most participants that can finish with at least as many points
  (a tie counts against). For ``best`` the participant wins every game it has left,
  for ``worst`` it loses every one: winning never lowers one's own points nor raises
  an opponent's, so this loses no completion that matters. With ``draws=False``
  (win/loss sports: baseball, basketball) "can still finish first" is also answered
  by a maximum flow (the classic baseball elimination), which gives the same answer
  and its witness faster; the integer program is used for everything else.
- **What the tie-breaks settle.** Criteria that are sums over the games' results
  (points, match points, wins ``WIN``, wins over the board ``WON``) are combined with
  the points into one exact lexicographic key, so ties on points that these criteria
  separate are decided in the integer program: ``best_exact`` and ``worst_exact``.
  The first criterion of the list that is not such a sum leaves the remaining ties
  *open*: the bound counts them in the participant's favour (best) or against it
  (worst), and the completion found (the witness) is then ranked with the whole list
  (goals as the narrowest scores, as :mod:`crosstable.scenarios` assumes). When the
  witness reaches the bound, the bound is exact. When it does not and the rest of the
  list is decided among the level participants by their own games alone (direct
  encounter ``DE``, ``WIN``, ``WON``), the search goes on (:func:`_settle`): the
  pattern of that completion (who is level with the participant and how all their
  games end) is excluded and another completion at the bound sought; with none left
  the bound moves one place; at most :data:`SEARCH_LIMIT` programs a side. Otherwise
  (goals, the Berger family) ``best_exact`` is ``None`` and ``unsettled`` gives the
  range (the bound, and the place the witness proves reachable) and the criterion
  that decides within it ("5th depends on the score lines (GD)").
- **Every completion, when they are few.** A place left open by a criterion that
  reads other participants' games (:data:`OTHER_GAMES`: the Berger family, Buchholz,
  Koya…) or by the search is not proved, and no bound says whether a completion
  reaches it. When the completions are no more than ``limit`` (the scenarios' limit,
  :data:`crosstable.scenarios.DEFAULT_LIMIT`, 3^14; :data:`FULL_LIMIT` when the list
  has no bulk form and each completion is ranked in full), every one is ranked with
  the whole list, by the scenarios' own enumeration (:func:`crosstable.scenarios.reach`):
  the places and the zones are then exact for everyone, the witnesses are the
  completions found, and the heading says how many were ranked. The narrowest score
  lines are not every completion, so a list with goal criteria is not listed.
- **Zones** (``title=1,ucl=1-4,relegation=18-20``): *clinched* when every place the
  participant can still take lies inside the zone, *eliminated* when none does, else
  *possible*: the words of the press ("mathematically"), on the tightest places
  proved: ``best_exact``/``worst_exact`` where the tie-breaks are settled, else the
  bounds (points, with the ties still open counted in the participant's favour for
  the best place and against it for the worst), or on every completion where all
  were ranked. The title is clinched when no completion leaves the participant below
  1st; relegation when none lifts it above the zone. *open* (a fourth status) where
  the Berger family, Buchholz or a stopped search leave the places open and the
  completions are too many to rank: the bounds straddle the zone, but a completion
  inside it and one outside it (the witnesses) are not both at hand, so "possible"
  would not be proved. A table with an open answer is not headed "exact". Places that
  only the score lines leave open (``GD``) keep *possible*, as before.
- **Magic numbers** (points from the participant's own games left, whatever the
  others do): for a zone that starts at 1st place, ``magic`` is the least number of
  points that makes the zone certain and ``need`` the least that keeps it possible
  (with fewer, it is out of reach whatever else happens). For a zone that ends at
  the last place (relegation), both are about staying out of it: ``magic`` points
  make the participant safe, with fewer than ``need`` it goes down whatever else
  happens. A zone in the middle (``europa=5-7``) has none. ``None`` when the
  participant's own games cannot decide it (even winning every game leaves it to the
  others) or when it is already out of reach; a zone already decided has, as magic
  number and need, the least the participant takes anyway (0 unless a loss earns
  points). Magic numbers are on points, a tie counted against (magic) or in favour
  (need): sound, if the tie-breaks would settle a tie. Each is found by scanning the
  participant's possible totals, one integer program per total with its points fixed
  (:func:`_magic`).
- **Only the games' results count.** Points deductions and byes already in the file
  are part of the current points; games not in the file (a league's later fixtures)
  do not exist for the outcome. Pending games are written as for
  :mod:`crosstable.scenarios` (``*``, empty score cells).
"""

from __future__ import annotations

import dataclasses
import math
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

import numpy as np
from numpy.typing import NDArray

from crosstable.errors import CrosstableError, quoted
from crosstable.fields import (
    argument_error,
    as_whole,
    bool_argument,
    digit_hint,
    text_argument,
    texts_argument,
    whole_argument,
)
from crosstable.i18n import N_, _, integer_text
from crosstable.model import DRAW, LOSS, PENDING, WIN, IntArray, Tournament, tournament_argument
from crosstable.numbers import count, rounds_text
from crosstable.ranking import criteria_for, rank
from crosstable.scenarios import (
    DEFAULT_LIMIT,
    LIMIT,
    Option,
    Reach,
    callback_argument,
    completed,
    drawable,
    in_full,
    reach,
    scenario_options,
)
from crosstable.tiebreaks import REGISTRY, Spec

LINEAR = frozenset({"PTS", "MP", "WIN", "WON"})
"""Criteria that are sums over the results of the games: exact inside the integer program."""
LOCAL = frozenset({"DE", "WIN", "WON", "PTS", "MP"})
"""Criteria decided, among participants level on the key, by their own games' results
alone: a tie they leave open is settled by searching the patterns of ties (below)."""
SCORES = frozenset(
    {"GD", "GF", "GA", "AGF", "GAV", "H2H", "H2H1", "H2HGD", "H2HAG", "H2HES", "H2HIT", "AGFB", "OGD", "OGF", "GP"}
)
"""Criteria that need the score lines, which the outlook does not choose: the places
they decide are left open ("depends on the score lines")."""
OTHER_GAMES = frozenset(
    {"SB", "SHM", "RIGA", "GORIN", "GELB", "NNSB", "ESB", "EMMSB", "EMGSB", "EGMSB", "EGGSB", "SSSC"}
    | {"BH", "FB", "AFB", "AOB", "ABH", "KS", "OPTS", "PTP", "APPO", "POT", "FLOW"}
)
"""Criteria that read the results of other participants' games (the Berger family,
Buchholz, Koya…): the places they decide are proved by ranking every completion, when
they are few enough, and are otherwise *open*, even where score lines decide too."""
SEARCH_LIMIT = 60
"""The most programs spent settling one participant's best or worst place that way."""
FULL_LIMIT = 3**8
"""The most completions ranked one by one (the criteria with no bulk form in
:mod:`crosstable.scenarios`: a few thousand a second); with a bulk form, the scenarios'
limit (:data:`crosstable.scenarios.DEFAULT_LIMIT`)."""
MAX_GAMES_LEFT = 2_000
"""The most games left an outlook takes on (the integer programs grow with them)."""
MAX_PARTICIPANTS = 400
"""The most participants (one integer program per participant and question)."""
RESULT_WORDS = {
    # TRANSLATORS: a football match's result in a completion of the games left: the home side wins.
    WIN: N_("home win"),
    DRAW: N_("draw"),
    # TRANSLATORS: a football match's result in a completion of the games left: the away side wins.
    LOSS: N_("away win"),
}
"""A football match's result in a witness (English, like the JSON output's codes;
translated where shown)."""
_ZONE = re.compile(r"^\s*([A-Za-z][\w-]{0,30})\s*=\s*([0-9]+)\s*(?:-\s*([0-9]+))?\s*$")


@dataclass(frozen=True)
class Zone:
    """A named range of places: ``title`` 1-1, ``relegation`` 18-20."""

    name: str
    first: int
    last: int

    def __str__(self) -> str:
        return f"{self.name}={self.first}" + (f"-{self.last}" if self.last != self.first else "")


# TRANSLATORS: what a library argument must be; NAME=PLACE and Zone stay as they are
ZONES = N_("a text such as 'title=1,relegation=18-20', or a list of Zone")


def _zones_argument(zones: object) -> list[Zone]:
    """A list of :class:`Zone` whose places are whole numbers (their range is checked
    against the participants by :func:`outlook`)."""
    if isinstance(zones, bytes | dict) or not isinstance(zones, Sequence):
        raise argument_error("zones", _(ZONES), zones)
    for z in zones:
        if (
            not isinstance(z, Zone)
            or not isinstance(z.name, str)
            or as_whole(z.first) is None
            or as_whole(z.last) is None
        ):
            raise argument_error("zones", _(ZONES), z)
    return list(zones)


def _place(digits: str, n: int) -> int:
    """A zone's place as written; one with more digits than any place is past the last
    (refused by the caller, before ``int()`` meets its 4,300-digit limit)."""
    return int(digits) if len(digits.lstrip("0")) <= len(str(n)) else n + 1


def parse_zones(text: str | None, n: int) -> list[Zone]:
    """``"title=1,ucl=1-4,relegation=18-20"`` → zones (default: ``title=1``).

    >>> [str(z) for z in parse_zones("title=1, ucl=1-4,relegation=18-20", 20)]
    ['title=1', 'ucl=1-4', 'relegation=18-20']
    """
    if text is None or not text_argument(text, "zones").strip():
        return [Zone("title", 1, 1)]
    zones: list[Zone] = []
    for item in text.split(","):
        if not item.strip():
            continue
        m = _ZONE.match(item)
        hint = digit_hint(item)
        if hint:  # a place of other digits (١-٣): said as every reader says it (crosstable.fields)
            raise CrosstableError(_("zone {zone}: {hint}").format(zone=repr(item.strip()), hint=hint))
        if m is None:
            raise CrosstableError(
                # TRANSLATORS: keep NAME=PLACE, NAME=FIRST-LAST and ucl=1-4 as they are (what is typed).
                _("zone {zone}: write NAME=PLACE or NAME=FIRST-LAST, e.g. ucl=1-4").format(zone=repr(item.strip()))
            )
        name, first = m.group(1), _place(m.group(2), n)
        last = _place(m.group(3), n) if m.group(3) else first
        if not 1 <= first <= last <= n:
            raise CrosstableError(
                _("zone {zone}: places must run from 1 to {last} (first ≤ last)").format(zone=quoted(item), last=n)
            )
        if any(z.name == name for z in zones):
            raise CrosstableError(_("zone {zone} is given twice").format(zone=repr(name)))
        zones.append(Zone(name, first, last))
    if not zones:
        raise CrosstableError(_("--zones: no zone given"))
    return zones


@dataclass
class Witness:
    """One completion of the games left: ``(round, white, black, result)`` each, and
    the place it gives the participant under the whole list (the first of a shared
    place for the best, the last for the worst)."""

    games: list[tuple[int, str, str, str]]
    place: int = 0


@dataclass
class Unsettled:
    """What the tie-break list leaves open: the bound and the place a completion
    proves reachable, and the criterion that decides between them."""

    criterion: str
    reason: str = "score lines"
    """Why the places between stay open: ``score lines`` (the criterion needs the
    goals or board scores, which the outlook does not choose), ``other games`` (it
    depends on other participants' games, as the Berger family and Buchholz do: no
    search is made, and the completions were too many to rank them all), ``search
    limit`` (the search gave up after :data:`SEARCH_LIMIT` programs), or ``check`` (a
    completion did not give the place the program proved: a numerical slip, reported
    instead of a wrong answer)."""
    best: tuple[int, int] | None = None
    """(bound with the open ties in favour, place the witness reaches)."""
    worst: tuple[int, int] | None = None
    """(place the witness reaches, bound with the open ties against)."""


@dataclass
class Prospect:
    """One participant's outlook."""

    name: str
    points: Fraction
    left: int
    most: Fraction
    """The points with every game left won."""
    best: int
    worst: int
    best_exact: int | None
    worst_exact: int | None
    zones: dict[str, str]
    magic: dict[str, Fraction | None]
    need: dict[str, Fraction | None]
    unsettled: Unsettled | None = None
    witness_best: Witness | None = None
    witness_worst: Witness | None = None


@dataclass
class OutlookReport:
    """The answer of :func:`outlook`."""

    criteria: list[str]
    zones: list[Zone]
    games_left: int
    method: str
    participants: list[Prospect]
    """In the order of the current standings."""
    programs: int = 0
    """How many integer programs (and maximum flows) were solved."""
    warnings: list[str] = field(default_factory=list)

    def prospect(self, name: str) -> Prospect:
        return next(p for p in self.participants if p.name == name)


class _Solver:
    """The integer programs of one event: variables ``x[g, o]`` (game g ends with
    option o), constraints built per question."""

    def __init__(self, t: Tournament, games: IntArray, outcomes: Sequence[int]) -> None:
        self.t = t
        self.games = games
        self.outcomes = list(outcomes)  # White's outcome of each option
        self.n, self.m, self.k = len(t.names), len(games), len(outcomes)
        self.gw = t.white[games].astype(np.int64)
        self.gb = t.black[games].astype(np.int64)
        self.solved = 0
        from scipy import sparse  # noqa: PLC0415 - heavy (~250 ms with optimize): only for the outlook

        self._games = sparse.kron(sparse.eye(self.m), np.ones((1, self.k)), format="csr")
        self._one: dict[int, Any] = {}
        self._free: list[tuple[NDArray[np.int64], NDArray[np.int64], NDArray[np.int64]]] = []
        # own[i]: indices of the pending games of i
        self.own: list[list[int]] = [[] for _ in range(self.n)]
        for g in range(self.m):
            self.own[int(self.gw[g])].append(g)
            self.own[int(self.gb[g])].append(g)

    def gain(self, per_outcome: Sequence[int]) -> NDArray[np.int64]:
        """``(n, m·k)``: what each option adds to each participant, given the value of
        each outcome (indexed by outcome code)."""
        mat = np.zeros((self.n, self.m * self.k), dtype=np.int64)
        for o, out in enumerate(self.outcomes):
            cols = np.arange(self.m) * self.k + o
            mat[self.gw, cols] += per_outcome[out]
            mat[self.gb, cols] += per_outcome[2 - out]
        return mat

    def option_of(self, g: int, i: int, outcome: int) -> int:
        """The option of game g in which participant i has ``outcome``."""
        white = int(self.gw[g]) == i
        want = outcome if white else 2 - outcome
        return self.outcomes.index(want)

    def extremes(self, mat: NDArray[np.int64], fixed: dict[int, int]) -> tuple[NDArray[np.int64], NDArray[np.int64]]:
        """The least and most each row of ``mat`` can add, games in ``fixed`` fixed
        (with none fixed, kept for the next call: the scans ask again and again)."""
        if not fixed:
            for known, lo, hi in self._free:
                if known is mat:
                    return lo, hi
        per = mat.reshape(self.n, self.m, self.k)
        lo, hi = per.min(axis=2), per.max(axis=2)
        for g, o in fixed.items():
            lo[:, g] = hi[:, g] = per[:, g, o]
        least, most = lo.sum(axis=1), hi.sum(axis=1)
        if not fixed:
            self._free.append((mat, least, most))  # held: the identity test cannot match a new array
        return least, most

    def solve(
        self,
        objective: NDArray[np.float64],
        rows: list[tuple[NDArray[np.float64], float, float]],
        fixed: dict[int, int],
        extra: int,
        extra_bounds: list[tuple[float, float]],
    ) -> NDArray[np.int64] | None:
        """Minimise ``objective`` over x (m·k binaries) and ``extra`` binaries; rows are
        (coefficients, lower, upper). ``None`` when infeasible."""
        from scipy import sparse  # noqa: PLC0415 - heavy: only for the outlook
        from scipy.optimize import Bounds, LinearConstraint, milp  # noqa: PLC0415 - heavy: only for the outlook

        mk = self.m * self.k
        size = mk + extra
        lb = np.zeros(size)
        ub = np.ones(size)
        for g, o in fixed.items():
            ub[g * self.k : (g + 1) * self.k] = 0
            lb[g * self.k + o] = ub[g * self.k + o] = 1
        for e, (lo, hi) in enumerate(extra_bounds):
            lb[mk + e], ub[mk + e] = lo, hi
        if extra not in self._one:  # each game ends one way: the same rows for every program
            self._one[extra] = sparse.hstack([self._games, sparse.csr_matrix((self.m, extra))], format="csr")
        constraints = [LinearConstraint(self._one[extra], 1, 1)]
        if rows:
            a = sparse.csr_matrix(np.vstack([r[0] for r in rows]))
            constraints.append(LinearConstraint(a, [r[1] for r in rows], [r[2] for r in rows]))
        self.solved += 1
        res = milp(objective, integrality=np.ones(size), bounds=Bounds(lb, ub), constraints=constraints)
        if res.status == 2:
            return None
        if res.status != 0 or res.x is None:
            raise CrosstableError(_("the integer program could not be solved: {reason}").format(reason=res.message))
        x: NDArray[np.int64] = np.rint(res.x).astype(np.int64)
        return x

    def choice(self, x: NDArray[np.int64]) -> list[int]:
        """The option chosen in each game."""
        return [int(np.argmax(x[g * self.k : (g + 1) * self.k])) for g in range(self.m)]

    def place(
        self,
        i: int,
        key_base: NDArray[np.int64],
        key: NDArray[np.int64],
        best: bool,
        strict: bool = False,
    ) -> tuple[int, list[int]]:
        """Best place (ties in favour) or worst (ties against) of i under a linear key,
        and a completion that reaches it; i's own games all won for the best, all lost
        for the worst. ``strict``: among the completions that reach the place, prefer
        the strict side (fewer ties for the best, more participants strictly ahead for
        the worst), so that it is more likely to hold under the rest of the criteria (a
        harder program)."""
        n, mk = self.n, self.m * self.k
        outcome = WIN if best else LOSS
        fixed = {g: self.option_of(g, i, outcome) for g in self.own[i]}
        mine = int(key_base[i] + sum(int(key[i, g * self.k + o]) for g, o in fixed.items()))
        lo, hi = self.extremes(key, fixed)
        lo, hi = lo + key_base, hi + key_base
        others = [j for j in range(n) if j != i]
        if best:  # y: ahead (key_j > mine), counted; z: level or ahead, avoided second
            certain = sum(1 for j in others if lo[j] > mine)
            main = [j for j in others if lo[j] <= mine <= hi[j]]
            second = main if strict else []
        else:  # y: level or ahead (key_j ≥ mine), counted; z: strictly ahead, preferred second
            certain = sum(1 for j in others if lo[j] >= mine)
            main = [j for j in others if lo[j] < mine <= hi[j]]
            second = [j for j in others if lo[j] <= mine < hi[j]] if strict else []
        if not main and not second:
            return 1 + certain, [fixed.get(g, 0) for g in range(self.m)]
        u, v = len(main), len(second)
        size = mk + u + v
        rows: list[tuple[NDArray[np.float64], float, float]] = []
        objective = np.zeros(size)
        for e, j in enumerate(main):
            row = np.zeros(size)
            row[:mk] = key[j]
            if best:  # y = 1 when key_j > mine: key_j − (hi_j − mine)·y ≤ mine
                row[mk + e] = -float(hi[j] - mine)
                rows.append((row, -np.inf, float(mine - key_base[j])))
                objective[mk + e] = v + 1
            else:  # y = 1 only when key_j ≥ mine: key_j − (mine − lo_j)·y ≥ lo_j
                row[mk + e] = -float(mine - lo[j])
                rows.append((row, float(lo[j] - key_base[j]), np.inf))
                objective[mk + e] = -(v + 1)
        for e, j in enumerate(second):
            row = np.zeros(size)
            row[:mk] = key[j]
            if best:  # z = 1 when key_j ≥ mine: key_j − (hi_j − mine + 1)·z ≤ mine − 1
                row[mk + u + e] = -float(hi[j] - mine + 1)
                rows.append((row, -np.inf, float(mine - 1 - key_base[j])))
                objective[mk + u + e] = 1
            else:  # z = 1 only when key_j ≥ mine + 1: key_j − (mine + 1 − lo_j)·z ≥ lo_j
                row[mk + u + e] = -float(mine + 1 - lo[j])
                rows.append((row, float(lo[j] - key_base[j]), np.inf))
                objective[mk + u + e] = -1
        x = self.solve(objective, rows, fixed, u + v, [(0, 1)] * (u + v))
        assert x is not None  # the fixed games always leave a completion
        return 1 + certain + int(x[mk : mk + u].sum()), self.choice(x)

    def tie_search(
        self,
        i: int,
        key_base: NDArray[np.int64],
        key: NDArray[np.int64],
        best: bool,
        place: int,
        cuts: Sequence[tuple[list[int], dict[int, int]]],
    ) -> tuple[list[int], list[int]] | None:
        """A completion in which i can be ``place``-th or better on the key (best: at
        most place − 1 others strictly ahead) or ``place``-th or worse (worst: at least
        place − 1 others level or ahead), other than the patterns in ``cuts`` (a set of
        participants level with i and the results of all their games). Returns the
        completion and who is level with i; ``None`` when there is none. The indicators
        are exact both ways (ahead, level), so that a pattern is excluded exactly."""
        n, mk = self.n, self.m * self.k
        fixed = {g: self.option_of(g, i, WIN if best else LOSS) for g in self.own[i]}
        mine = int(key_base[i] + sum(int(key[i, g * self.k + o]) for g, o in fixed.items()))
        lo, hi = self.extremes(key, fixed)
        lo, hi = lo + key_base, hi + key_base
        others = [j for j in range(n) if j != i]
        ahead = sum(1 for j in others if lo[j] > mine)
        maybe = [j for j in others if lo[j] <= mine <= hi[j]]
        u = len(maybe)
        size = mk + 2 * u  # y_j: key_j > mine; z_j: key_j ≥ mine (j level: z − y)
        rows: list[tuple[NDArray[np.float64], float, float]] = []
        for e, j in enumerate(maybe):
            y, z = mk + e, mk + u + e
            for var, threshold in ((y, mine + 1), (z, mine)):
                up = np.zeros(size)  # var = 1 ⇒ key_j ≥ threshold
                up[:mk] = key[j]
                up[var] = -float(threshold - lo[j])
                rows.append((up, float(lo[j] - key_base[j]), np.inf))
                down = np.zeros(size)  # var = 0 ⇒ key_j ≤ threshold − 1
                down[:mk] = key[j]
                down[var] = -float(hi[j] - threshold + 1)
                rows.append((down, -np.inf, float(threshold - 1 - key_base[j])))
            order = np.zeros(size)
            order[y], order[z] = 1, -1
            rows.append((order, -np.inf, 0.0))
        ones = np.zeros(size)
        if best:
            ones[mk : mk + u] = 1
            rows.append((ones, -np.inf, float(place - 1 - ahead)))
        else:
            ones[mk + u :] = 1
            rows.append((ones, float(place - 1 - ahead), np.inf))
        for tied, results in cuts:
            cut = np.zeros(size)
            members = set(tied)
            for e, j in enumerate(maybe):
                sign = -1.0 if j in members else 1.0  # leave the pattern: someone leaves or joins the tie…
                cut[mk + u + e] += sign
                cut[mk + e] -= sign
            for g, o in results.items():  # … or one of their games ends otherwise
                cut[g * self.k + o] -= 1
            rows.append((cut, float(1 - len(members) - len(results)), np.inf))
        objective = np.zeros(size)  # the fewest ties: the likeliest to hold under the open criteria
        objective[mk + u :] = 1
        objective[mk : mk + u] = -1
        x = self.solve(objective, rows, fixed, 2 * u, [(0, 1)] * (2 * u))
        if x is None:
            return None
        level = [j for e, j in enumerate(maybe) if x[mk + u + e] - x[mk + e] == 1]
        return self.choice(x), level

    def at_gain(
        self, i: int, base: NDArray[np.int64], mat: NDArray[np.int64], b: int, gain: int, outside: bool
    ) -> bool:
        """Whether some completion gives i exactly ``gain`` points from its games and
        puts it ``outside`` places 1..b (at least b others level or ahead: ties against),
        or inside them (at most b − 1 others strictly ahead: ties in favour). With i's
        points fixed the program is tight; the callers scan the gains."""
        n, mk = self.n, self.m * self.k
        lo, hi = self.extremes(mat, {})
        lo, hi = lo + base, hi + base
        mine = int(base[i]) + gain
        others = [j for j in range(n) if j != i]
        if outside:
            sure = [j for j in others if lo[j] >= mine]
            maybe = [j for j in others if lo[j] < mine <= hi[j]]
            if len(sure) + len(maybe) < b:
                return False
        else:
            sure = [j for j in others if lo[j] > mine]
            maybe = [j for j in others if lo[j] <= mine < hi[j]]
            if len(sure) > b - 1:
                return False
        size = mk + len(maybe)
        rows: list[tuple[NDArray[np.float64], float, float]] = []
        own = np.zeros(size)
        own[:mk] = mat[i]
        rows.append((own, float(gain), float(gain)))
        ones = np.zeros(size)
        for e, j in enumerate(maybe):
            row = np.zeros(size)
            row[:mk] = mat[j]
            if outside:  # y = 1 only when P_j ≥ mine: A_j·x − (mine − lo_j)·y ≥ lo_j − base_j
                row[mk + e] = -float(mine - lo[j])
                rows.append((row, float(lo[j] - base[j]), np.inf))
            else:  # y = 1 when P_j > mine: A_j·x − (hi_j − mine)·y ≤ mine − base_j
                row[mk + e] = -float(hi[j] - mine)
                rows.append((row, -np.inf, float(mine - base[j])))
            ones[mk + e] = 1
        if outside:
            rows.append((ones, float(b - len(sure)), np.inf))
        else:
            rows.append((ones, -np.inf, float(b - 1 - len(sure))))
        return self.solve(np.zeros(size), rows, {}, len(maybe), [(0, 1)] * len(maybe)) is not None

    def first_by_flow(self, i: int, base: NDArray[np.int64], units: NDArray[np.int64]) -> list[int] | None:
        """Win/loss games only: a completion in which nobody finishes with more points
        than i (i wins all its games), or ``None`` — a maximum flow (baseball elimination)."""
        win, loss = int(units[WIN]), int(units[LOSS])
        step = win - loss
        fixed = {g: self.option_of(g, i, WIN) for g in self.own[i]}
        points = base.copy()
        for g in range(self.m):
            points[int(self.gw[g])] += loss
            points[int(self.gb[g])] += loss
        points[i] += step * len(fixed)
        mine = int(points[i])
        rest = [g for g in range(self.m) if g not in fixed]
        room = np.zeros(self.n, dtype=np.int64)
        for j in range(self.n):
            if j == i:
                continue
            if points[j] > mine:
                return None
            room[j] = (mine - points[j]) // step if step > 0 else len(rest)
        if not rest:
            return [fixed.get(g, 0) for g in range(self.m)]
        # nodes: 0 source, 1..G games, G+1..G+n participants, G+n+1 sink
        gcount = len(rest)
        sink = gcount + self.n + 1
        src_, dst_, cap_ = [], [], []
        for e, g in enumerate(rest):
            src_.append(0)
            dst_.append(1 + e)
            cap_.append(1)
            for who in (int(self.gw[g]), int(self.gb[g])):
                src_.append(1 + e)
                dst_.append(1 + gcount + who)
                cap_.append(1)
        for j in range(self.n):
            src_.append(1 + gcount + j)
            dst_.append(sink)
            cap_.append(int(min(room[j], gcount)))
        from scipy import sparse  # noqa: PLC0415 - heavy: only for the outlook
        from scipy.sparse.csgraph import maximum_flow  # noqa: PLC0415 - heavy: only for the outlook

        graph = sparse.csr_matrix(
            (np.array(cap_, dtype=np.int32), (np.array(src_), np.array(dst_))), shape=(sink + 1, sink + 1)
        )
        self.solved += 1
        flow = maximum_flow(graph, 0, sink)
        if flow.flow_value < gcount:
            return None
        f = flow.flow.tocsr()
        chosen = [fixed.get(g, 0) for g in range(self.m)]
        for e, g in enumerate(rest):
            winner = int(self.gw[g]) if f[1 + e, 1 + gcount + int(self.gw[g])] > 0 else int(self.gb[g])
            chosen[g] = self.option_of(g, winner, WIN)
        return chosen


def _label(t: Tournament, outcome: int, options: Sequence[Option]) -> str:
    """A pending game's result in the witness: White's (the home side's) outcome; a
    team match's as the narrowest result of that outcome (any other would do)."""
    if t.kind == "goals":
        return RESULT_WORDS[outcome]
    if t.kind == "game_points":
        return next(o.label for o in options if o.outcome == outcome)
    return {WIN: "1-0", DRAW: "½-½", LOSS: "0-1"}[outcome]


def outlook(
    t: Tournament,
    tiebreaks: Sequence[str] | str | None = None,
    *,
    rules: str | None = None,
    zones: Sequence[Zone] | str | None = None,
    draws: bool = True,
    witnesses: Sequence[str] = (),
    magic: bool = True,
    progress: Callable[[int, int], None] | None = None,
    limit: int = DEFAULT_LIMIT,
) -> OutlookReport:
    """Best and worst places, zones and magic numbers (see the module docstring).

    ``draws=False``: a game left can only be won or lost. ``witnesses``: the
    participants whose best and worst completions are kept (``["*"]`` for all).
    ``magic=False`` leaves the magic numbers out (``None``), the costliest part.
    ``progress(done, total)`` is called after each participant. ``limit``: the most
    completions ranked one by one where the integer programs leave places open (the
    module docstring).

    HiGHS may print a line of its own on standard output while it solves; the command
    line closes standard output around this call so that its JSON stays clean.

    The arguments are checked first (:mod:`crosstable.fields`): a wrong type, a zone
    that is no :class:`Zone` (or text), a ``limit`` outside 1 to
    :data:`~crosstable.scenarios.MAX_LIMIT` raise an ``ArgumentError``.
    """
    t = drawable(tournament_argument(t))
    draws, magic = bool_argument(draws, "draws"), bool_argument(magic, "magic")
    witnesses = texts_argument(witnesses, "witnesses")
    limit = whole_argument(limit, LIMIT, "limit")
    callback_argument(progress)
    if zones is not None and not isinstance(zones, str):
        zones = _zones_argument(zones)
    status = t.status
    assert status is not None
    listed = criteria_for(t, tiebreaks, rules)
    labels = [s.label for s in listed]
    games = np.nonzero(status == PENDING)[0]
    n = len(t.names)
    if len(games) == 0:
        raise CrosstableError(_("no games are left to play: the standings are final"))
    if len(games) > MAX_GAMES_LEFT or n > MAX_PARTICIPANTS:
        raise CrosstableError(
            _(
                "the outlook takes at most {most_participants} participants and {most_games} games left "
                "(given {participants} and {games})"
            ).format(
                most_participants=integer_text(MAX_PARTICIPANTS),
                most_games=integer_text(MAX_GAMES_LEFT),
                participants=integer_text(n),
                games=integer_text(len(games)),
            )
        )
    zone_list = parse_zones(zones, n) if zones is None or isinstance(zones, str) else list(zones)
    for z in zone_list:
        if not 1 <= z.first <= z.last <= n:
            raise CrosstableError(_("zone {zone}: places must run from 1 to {last}").format(zone=z, last=n))
    unknown = [w for w in witnesses if w != "*" and w not in t.names]
    if unknown:
        raise CrosstableError(_("--witness {name} is not a participant").format(name=repr(unknown[0])))
    now = rank(t, labels)
    if now.primary != "points":
        raise CrosstableError(
            _("the outlook ranks on points (match points); a list that starts with game points is not")
        )
    specs = now.criteria  # the list after its primary score (a leading PTS or MPTS)
    warnings = list(dict.fromkeys(now.warnings))
    last_round = int(t.rounds.max()) if t.rounds is not None and len(t.rounds) else 0
    if t.rounds_total and t.rounds_total > last_round > 0:
        warnings.append(
            _(
                "the event has {rounds} rounds and the file's games reach round {last}: the outlook "
                "counts only the games in the file ({missing} not paired yet)"
            ).format(rounds=t.rounds_total, last=last_round, missing=rounds_text(last_round + 1, t.rounds_total))
        )
    outcomes = [WIN, DRAW, LOSS] if draws else [WIN, LOSS]
    solver = _Solver(t, games, outcomes)

    pts = now.analysis.points
    sc = t.scoring
    den = math.lcm(pts.den, sc.denominator)
    base = (pts.num * (den // pts.den)).astype(np.int64)
    units = (sc.units() * (den // sc.denominator)).astype(np.int64)
    points_gain = solver.gain(units.tolist())

    # the linear prefix of the list, combined with the points into one key
    prefix: list[Spec] = []
    open_: str | None = None
    for s in specs:
        if s.code in LINEAR and not s.modifiers and s.basis is None:
            prefix.append(s)
        else:
            open_ = s.label
            break
    key_base, key_gain = base.copy(), points_gain.copy()
    for s in prefix:
        if s.code in ("PTS", "MP"):
            continue
        column = REGISTRY[s.code](now.analysis, s)  # a count: whole numbers
        cbase = column.num.astype(np.int64)
        cgain = solver.gain([0, 0, 1])  # a win adds one
        lo, hi = solver.extremes(cgain, {})
        span = int((cbase + hi).max() - (cbase + lo).min()) + 1
        key_base, key_gain = key_base * span + cbase, key_gain * span + cgain
    refined = len(prefix) > sum(1 for s in prefix if s.code in ("PTS", "MP"))
    rest = specs[len(prefix) :]
    searchable = all(s.code in LOCAL and not s.modifiers and s.basis is None for s in rest)
    needs_scores = [s.label for s in rest if s.code in SCORES or s.basis == "GP"]
    if open_ is not None and needs_scores and needs_scores[0] != open_:
        # the first criterion leaves level ones to the score lines
        # TRANSLATORS: two criteria's codes: the first decides, then the second (which needs the score lines).
        open_ = _("{first} then {second}").format(first=open_, second=needs_scores[0])
    reason = "score lines" if needs_scores else "search limit" if searchable else "other games"
    among_only = all(s.code == "DE" for s in rest)

    options, option_warnings = scenario_options(t)  # the narrowest score lines, for ranking completions
    by_outcome = {o.outcome: o for o in options}
    keep = set(t.names) if "*" in witnesses else set(witnesses)

    rounds = t.rounds
    assert rounds is not None

    def witness(choice: list[int], place: int) -> Witness:
        return Witness(
            [
                (
                    int(rounds[games[g]]),
                    t.names[int(solver.gw[g])],
                    t.names[int(solver.gb[g])],
                    _label(t, outcomes[o], options),
                )
                for g, o in enumerate(choice)
            ],
            place,
        )

    def ranked(choice: list[int], i: int) -> tuple[int, int]:
        """i's place range when the games left end as ``choice``, the whole list."""
        u = completed(t, games.tolist(), [by_outcome[outcomes[o]] for o in choice])
        row = next(r for r in rank(u, labels).rows if r.index == i)
        first, _dash, last = row.place.partition("-")
        return int(first), int(last or first)

    left = [len(solver.own[i]) for i in range(n)]
    most = base + np.array([units[WIN] * left[i] for i in range(n)], dtype=np.int64)
    achievable = [_sums(units, outcomes, left[i]) for i in range(n)]
    found: dict[int, _Places] = {}
    for i in (r.index for r in now.rows):
        flow_choice = solver.first_by_flow(i, base, units) if not draws else None
        if flow_choice is not None:
            best, best_choice = 1, flow_choice
        else:
            best, best_choice = solver.place(i, base, points_gain, best=True)
        worst, worst_choice = solver.place(i, base, points_gain, best=False)
        if refined:
            bx, bchoice = solver.place(i, key_base, key_gain, best=True)
            wx, wchoice = solver.place(i, key_base, key_gain, best=False)
        else:
            bx, bchoice, wx, wchoice = best, best_choice, worst, worst_choice
        unsettled: Unsettled | None = None
        reached_best = ranked(bchoice, i)[0]  # every claim checked on its completion, under the whole list
        reached_worst = ranked(wchoice, i)[1]
        if open_ is not None:
            if reached_best != bx:  # another completion with the same bound, fewer ties
                bx, bchoice = solver.place(i, key_base, key_gain, best=True, strict=True)
                reached_best = ranked(bchoice, i)[0]
            if reached_worst != wx:
                wx, wchoice = solver.place(i, key_base, key_gain, best=False, strict=True)
                reached_worst = ranked(wchoice, i)[1]
            if searchable and reached_best != bx:
                bx, reached_best, bchoice = _settle(
                    solver, i, key_base, key_gain, True, bx, reached_best, bchoice, ranked, among_only
                )
            if searchable and reached_worst != wx:
                wx, reached_worst, wchoice = _settle(
                    solver, i, key_base, key_gain, False, wx, reached_worst, wchoice, ranked, among_only
                )
        if reached_best != bx or reached_worst != wx:
            # TRANSLATORS: what leaves a place open when a completion did not confirm the integer program.
            unsettled = Unsettled(open_ or _("the program's check"), reason if open_ is not None else "check")
            unsettled.best = (bx, reached_best) if reached_best != bx else None
            unsettled.worst = (reached_worst, wx) if reached_worst != wx else None
            if open_ is None:
                warnings.append(
                    _("{name}: a completion did not give the place the program proved; left open").format(
                        name=t.names[i]
                    )
                )
        found[i] = _Places(best, worst, bx, wx, reached_best, reached_worst, bchoice, wchoice, unsettled)

    # Places that a criterion reading other games decides (the Berger family, Buchholz), or that
    # the search left open, are not proved: with few enough completions, every one is ranked.
    others = any(s.code in OTHER_GAMES for s in rest)
    unproven = {
        i for i, f in found.items() if f.unsettled is not None and (f.unsettled.reason != "score lines" or others)
    }
    combinations = len(outcomes) ** len(games)
    cap = limit if not in_full(now.analysis, listed) else min(limit, FULL_LIMIT)
    listing: Reach | None = None
    if unproven and not needs_scores and combinations <= cap:  # the narrowest score lines would not be all
        listing = reach(now.analysis, listed, games, [by_outcome[o] for o in outcomes])
        for i, f in found.items():
            first, last = listing.first(i), listing.last(i)
            if ranked(listing.best[i], i)[0] != first or ranked(listing.worst[i], i)[1] != last:
                warnings.append(
                    _("{name}: a completion did not give the place the program proved; left open").format(
                        name=t.names[i]
                    )
                )
                continue
            found[i] = dataclasses.replace(
                f,
                bx=first,
                wx=last,
                reached_best=first,
                reached_worst=last,
                bchoice=listing.best[i],
                wchoice=listing.worst[i],
                unsettled=None,
                every=listing.places[i],
            )
            unproven.discard(i)

    prospects: list[Prospect] = []
    numbers: dict[tuple[int, int], tuple[int | None, int | None]] = {}
    for i in (r.index for r in now.rows):
        f = found[i]
        bx, wx, best, worst = f.bx, f.wx, f.best, f.worst
        statuses: dict[str, str] = {}
        magics: dict[str, Fraction | None] = {}
        need: dict[str, Fraction | None] = {}
        for z in zone_list:
            statuses[z.name] = _status(f, z, i in unproven)
            magics[z.name] = need[z.name] = None
            top, bottom = z.first == 1, z.last == n and z.first > 1
            if not magic or not (top or bottom):
                continue  # a zone in the middle: no magic number (see the module docstring)
            least = Fraction(achievable[i][0], den)  # what the participant takes whatever happens
            inside = statuses[z.name] == "clinched"
            if statuses[z.name] not in ("possible", "open"):
                if inside == top:  # certain to be in a zone at the top, or out of one at the bottom
                    magics[z.name] = need[z.name] = least
                continue
            b = z.first - 1 if bottom else z.last
            if (i, b) not in numbers:
                numbers[(i, b)] = _magic(solver, i, b, best, worst, base, points_gain, achievable[i])
            got = numbers[(i, b)]
            magics[z.name] = None if got[0] is None else Fraction(got[0], den)
            need[z.name] = None if got[1] is None else Fraction(got[1], den)
        if progress is not None:
            progress(len(prospects) + 1, n)
        name = t.names[i]
        prospects.append(
            Prospect(
                name,
                Fraction(int(base[i]), den),
                left[i],
                Fraction(int(most[i]), den),
                best,
                worst,
                bx if f.reached_best == bx else None,
                wx if f.reached_worst == wx else None,
                statuses,
                magics,
                need,
                f.unsettled,
                witness(f.bchoice, f.reached_best) if name in keep else None,
                witness(f.wchoice, f.reached_worst) if name in keep else None,
            )
        )
    if needs_scores and option_warnings:
        shown = ", ".join(o.label for o in options)
        warnings.append(
            # TRANSLATORS: {criteria} lists criteria's codes (GD, GF); {results} the score lines (1:0, 0:0, 0:1).
            _(
                "places that {criteria} decide are stated as open; the completions shown are ranked "
                "with the narrowest results ({results})"
            ).format(criteria=", ".join(needs_scores), results=shown)
        )
    decided = [s.label for s in prefix if s.code not in ("PTS", "MP")]
    games_left = count(len(games), "{n} game", "{n} games")
    if unproven:  # never headed "exact" with an answer left open
        if draws:
            # TRANSLATORS: how the outlook was computed, not exactly; {games} is a count of games ("12 games").
            method = _("integer programming (HiGHS) over {games} left").format(games=games_left)
        else:
            # TRANSLATORS: how the outlook was computed, not exactly; {games} is a count of games ("12 games").
            method = _("integer programming (HiGHS) over {games} left, maximum flow for first place (no draws)").format(
                games=games_left
            )
    elif draws:
        # TRANSLATORS: how the outlook was computed; {games} is a count of games ("12 games").
        method = _("exact: integer programming (HiGHS) over {games} left").format(games=games_left)
    else:
        # TRANSLATORS: how the outlook was computed; {games} is a count of games ("12 games").
        method = _(
            "exact: integer programming (HiGHS) over {games} left, maximum flow for first place (no draws)"
        ).format(games=games_left)
    if decided:
        # TRANSLATORS: {criteria} lists criteria's codes (WIN): they separate ties on points inside the program.
        method += "; " + _("ties on points separated by {criteria} inside the program").format(
            criteria=", ".join(decided)
        )
    which = open_ or next((u.criterion for f in found.values() if (u := f.unsettled) is not None), "")
    if listing is not None and not unproven:
        method += "; " + _(
            # TRANSLATORS: {criteria} is a criterion's code (SB); {combinations} a count ("729 combinations").
            "the places decided by {criteria} found by ranking all {combinations} of the games left"
        ).format(criteria=which, combinations=count(combinations, "{n} combination", "{n} combinations"))
    elif unproven and (needs_scores or listing is not None):
        # TRANSLATORS: {criteria} is a criterion's code (SB), or two ("SB then GD").
        method += "; " + _("the places decided by {criteria} are left open").format(criteria=which)
    elif unproven:
        method += "; " + _(
            # TRANSLATORS: {criteria} is a criterion's code (SB); {combinations} a count ("4,782,969 combinations"):
            # the completions of the games left are too many to rank one by one.
            "the places decided by {criteria} are left open (more than {combinations} to rank)"
        ).format(criteria=which, combinations=count(cap, "{n} combination", "{n} combinations"))
    return OutlookReport(labels, zone_list, len(games), method, prospects, solver.solved, warnings)


@dataclass
class _Places:
    """What is known of one participant's places before the zones are read: the bounds
    on points, the tightest places proved (``bx``, ``wx``) and those the completions
    found reach, and, when every completion was ranked, which places occur."""

    best: int
    worst: int
    bx: int
    wx: int
    reached_best: int
    reached_worst: int
    bchoice: list[int]
    wchoice: list[int]
    unsettled: Unsettled | None
    every: NDArray[np.bool_] | None = None
    """``every[p - 1]``: some completion gives place p (all of them ranked)."""


def _status(f: _Places, z: Zone, unproven: bool) -> str:
    """A zone's status for one participant: from every completion where all were ranked;
    else *clinched* or *eliminated* on the tightest places proved (bounds that hold),
    *possible* when that is proved, and *open* when a completion in the zone and one
    outside it are not both at hand for a participant whose places are left open."""
    if f.every is not None:
        inside = bool(f.every[z.first - 1 : z.last].any())
        outside = bool(f.every[: z.first - 1].any() or f.every[z.last :].any())
        return "possible" if inside and outside else "clinched" if inside else "eliminated"
    if z.first <= f.bx and f.wx <= z.last:
        return "clinched"
    if f.wx < z.first or f.bx > z.last:
        return "eliminated"
    if not unproven:
        return "possible"
    seen = (f.reached_best, f.reached_worst)
    inside = any(z.first <= p <= z.last for p in seen)
    outside = any(not z.first <= p <= z.last for p in seen)
    return "possible" if inside and outside else "open"


def _settle(
    solver: _Solver,
    i: int,
    key_base: NDArray[np.int64],
    key: NDArray[np.int64],
    best: bool,
    bound: int,
    reached: int,
    choice: list[int],
    ranked: Callable[[list[int], int], tuple[int, int]],
    among_only: bool,
) -> tuple[int, int, list[int]]:
    """Close the gap between the bound on the key (ties in i's favour for the best,
    against it for the worst) and the place a completion reaches under the whole list,
    when the open criteria are decided among the level participants by their own
    games: look for a completion at the bound, rank it, exclude its pattern (who is
    level with i and how all their games end) and look again; with none left, the
    bound moves one place. Returns (bound, reached, completion): equal bound and
    reached mean the place is exact."""
    cuts: list[tuple[list[int], dict[int, int]]] = []
    for _step in range(SEARCH_LIMIT):
        if (bound >= reached) if best else (bound <= reached):
            break
        found = solver.tie_search(i, key_base, key, best, bound, cuts)
        if found is None:
            bound += 1 if best else -1
            continue
        completion, level = found
        first, last = ranked(completion, i)
        if (first < reached) if best else (last > reached):
            reached, choice = (first if best else last), completion
        members = {i, *level}
        games = {g for j in level for g in solver.own[j]}
        if among_only:  # direct encounter alone reads only the games among the level participants
            games = {g for g in games if int(solver.gw[g]) in members and int(solver.gb[g]) in members}
        cuts.append((level, {g: completion[g] for g in sorted(games)}))
    return bound, reached, choice


def _magic(
    solver: _Solver,
    i: int,
    b: int,
    best: int,
    worst: int,
    base: NDArray[np.int64],
    gain: NDArray[np.int64],
    achievable: list[int],
) -> tuple[int | None, int | None]:
    """(magic, need) of i for places 1..b, in units: the least points from its own games
    that make them certain, and the least that keep them possible (``None``: its own
    games cannot make them certain / they are out of reach). Each is a scan of i's
    possible totals (from the top for the magic number, from the bottom for the need),
    one tight program per total (i's points fixed), the totals that simple bounds rule
    out skipped."""
    if b >= solver.n or worst <= b:
        return achievable[0], achievable[0]
    if b == 0 or best > b:
        return None, None
    lo, hi = solver.extremes(gain, {})
    others = np.delete(np.arange(solver.n), i)
    # outside: b others reach i's total, so it is at most the b-th highest total they can reach
    top = int(np.sort((base + hi)[others])[::-1][b - 1]) - int(base[i])
    # inside: at most b − 1 others end above i, so its total is at least the b-th highest of their least
    bottom = int(np.sort((base + lo)[others])[::-1][b - 1]) - int(base[i])
    magic: int | None = 0  # never outside: certain already (not reached: worst ≤ b above)
    for k in range(len(achievable) - 1, -1, -1):
        g = achievable[k]
        if g <= top and solver.at_gain(i, base, gain, b, g, outside=True):
            magic = achievable[k + 1] if k + 1 < len(achievable) else None
            break
    need: int | None = None  # never inside: out of reach (not reached: best > b above)
    for g in achievable:
        if g >= bottom and solver.at_gain(i, base, gain, b, g, outside=False):
            need = g
            break
    return magic, need


def _sums(units: NDArray[np.int64], outcomes: Sequence[int], games: int) -> list[int]:
    """Every number of points (in units) a participant can take from ``games`` games."""
    values = sorted({int(units[o]) for o in outcomes})
    reach = {0}
    for _game in range(games):
        reach = {r + v for r in reach for v in values}
    return sorted(reach)


__all__ = [
    "FULL_LIMIT",
    "LINEAR",
    "OTHER_GAMES",
    "RESULT_WORDS",
    "OutlookReport",
    "Prospect",
    "Unsettled",
    "Witness",
    "Zone",
    "outlook",
    "parse_zones",
]
