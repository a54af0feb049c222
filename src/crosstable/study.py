"""Which coefficient is "the most objective"? Simulated events, measured.

The seeds claim it for the Gorin coefficient (weights 4-2-1: "of all the indicators
considered, the most objective criterion"). Objective here means: of two participants
level on points, the coefficient places the stronger one first. This module simulates
events from a strength model and counts, for every coefficient, how often it does.

Decisions:

- **Strength models.** ``elo``: each participant's strength is a rating drawn from a
  normal distribution (``spread`` its standard deviation, 200 by default); with ``e``
  the Elo expectation of the stronger side and ``d`` the draw rate, a game is won by
  it with ``e − d/2`` and lost with ``1 − e − d/2``, each floored at 0, and drawn
  otherwise. Beyond a gap of about 300 points (``e > 1 − d/2``) the stronger side is
  never beaten, only held to a draw, so the draw probability is no longer ``d`` and
  the expected score no longer ``e``; this shape, not more information, is what lets
  some coefficients beat a coin (with ``--draw-rate 0`` the model is Bradley–Terry's
  and none does: ``docs/objectivity.md``). ``bt``: Bradley–Terry strengths
  ``exp(N(0, spread/400·ln 10))`` with Davidson's draws (a draw has weight
  ``ν·√(s_i s_j)``, ``ν`` chosen so that two equal players draw with the draw rate).
  Strengths are drawn afresh for every event.
- **Events.** Round robins (``rr``) and double round robins (``drr``) are simulated
  in bulk: every event of a chunk shares the Berger schedule and the coefficients are
  computed for the whole chunk at once by the scenarios' bulk engine
  (:class:`crosstable.scenarios.Bulk`, checked there against the full ranking); the
  Laplacian potential by batched determinants (floats: a genuinely real-valued
  method; two potentials within 1e-9 of each other count as equal). Swiss events
  (``swiss``) have published ratings: the strength plus a normal error
  (``rating_noise``, 100 by default: the arbiter does not know the strengths), start
  numbers by rating, and are paired round by round by score groups: players sorted
  by points, then by start number; each group's top half meets its bottom half in order, a pair that
  already met is swapped with the next candidate when possible (else it meets again),
  an odd player floats down to the next group, and with an odd field the last player
  gets a bye (a full point). Every Swiss event is ranked by the library (one event at
  a time, slower).
- **What is counted.** For every pair level on points in every event: the
  coefficient *agrees* (places the stronger first), *disagrees*, or *leaves them
  level*. The share reported is agreements over decided pairs, with a 95 % interval;
  the share left level beside it. Direct encounter is taken among all those
  level on points (its mini-league), every other coefficient on its own.
- **Distribution.** Work is cut into chunks of events, each with its own seed (the
  run's seed and the chunk number: the results do not depend on how many workers run
  them); chunks run in this process, on a ``dask.distributed`` cluster when a client
  is given (:func:`run_study`'s ``client``).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

import numpy as np
from numpy.typing import NDArray

from crosstable.errors import CrosstableError
from crosstable.i18n import _, decimal_text, integer_text
from crosstable.model import PENDING, Bye, Tournament
from crosstable.ranking import rank
from crosstable.scenarios import Bulk, drawable, scenario_options
from crosstable.schedule import Schedule
from crosstable.tiebreaks import REGISTRY, Analysis, parse_list

SYSTEMS = ("rr", "drr", "swiss")
MODELS = ("elo", "bt")
BULK_CRITERIA = ["SB", "SHM", "RIGA", "GORIN", "NNSB", "KS", "WIN", "DE", "BH", "POT"]
"""The default list for round robins (the scenarios' bulk engine, and the potential)."""
SWISS_CRITERIA = ["BH", "BH/C1", "BH/M1", "SB", "GORIN", "KS", "WIN", "DE", "ARO", "POT"]
"""The default list for Swiss events."""
MAX_EVENTS = 10**9
MIN_CLUSTERS = 30
"""Fewer events with a decided pair than this: the interval is Wilson's (a variance
estimated from a handful of clusters is not to be trusted)."""
MAX_PLAYERS = 64


@dataclass
class Tally:
    """Counts for one coefficient: pairs level on points it ordered as their strengths,
    against them, or left level; and, over the events, the sums of squares that give an
    interval which respects that pairs of one event are not independent."""

    agree: int = 0
    disagree: int = 0
    level: int = 0
    agree_sq: int = 0
    """Σ over events of (agreements in the event)²."""
    decided_sq: int = 0
    """Σ over events of (decided pairs in the event)²."""
    cross: int = 0
    """Σ over events of agreements × decided pairs."""
    clusters: int = 0
    """Events with at least one decided pair."""

    def add(self, other: Tally) -> None:
        self.agree += other.agree
        self.disagree += other.disagree
        self.level += other.level
        self.agree_sq += other.agree_sq
        self.decided_sq += other.decided_sq
        self.cross += other.cross
        self.clusters += other.clusters

    @property
    def decided(self) -> int:
        return self.agree + self.disagree

    def share(self) -> float | None:
        """Agreements over decided pairs (``None`` when none was decided)."""
        return self.agree / self.decided if self.decided else None

    def interval(self, z: float = 1.959964) -> tuple[float, float] | None:
        """A 95 % interval of :meth:`share`. With the per-event sums of at least
        :data:`MIN_CLUSTERS` events: the events as clusters (the ratio estimator's
        variance, ``k/(k−1) · Σ (a_e − p·d_e)² / (Σ d_e)²`` over k events), since the
        pairs of one event share its games; otherwise the Wilson score interval of
        independent pairs."""
        n = self.decided
        if not n:
            return None
        p = self.agree / n
        k = self.clusters
        if k >= MIN_CLUSTERS:
            spread = max(0.0, self.agree_sq - 2 * p * self.cross + p * p * self.decided_sq) * k / (k - 1)
            half = z * math.sqrt(spread) / n
            return max(0.0, p - half), min(1.0, p + half)
        centre = (p + z * z / (2 * n)) / (1 + z * z / n)
        half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
        return max(0.0, centre - half), min(1.0, centre + half)


@dataclass(frozen=True)
class Design:
    """What to simulate."""

    system: str = "rr"
    players: int = 10
    rounds: int = 9
    """Rounds of a Swiss event (a round robin has its own)."""
    model: str = "elo"
    spread: float = 200.0
    draw_rate: float = 0.3
    criteria: tuple[str, ...] = ()
    """Empty: :data:`BULK_CRITERIA` or :data:`SWISS_CRITERIA`."""
    rating_noise: float = 100.0
    """A Swiss event's published ratings: the strengths plus a normal error of this SD."""

    def labels(self) -> list[str]:
        chosen = list(self.criteria) or (SWISS_CRITERIA if self.system == "swiss" else BULK_CRITERIA)
        return [s.label for s in parse_list(chosen)]

    def check(self) -> None:
        if self.system not in SYSTEMS or self.model not in MODELS:
            raise CrosstableError(
                # TRANSLATORS: {systems} and {models} list what may be typed (rr, drr, swiss; elo, bt).
                _("system must be one of {systems} and model one of {models}").format(
                    systems=", ".join(SYSTEMS), models=", ".join(MODELS)
                )
            )
        if not 2 <= self.players <= MAX_PLAYERS:
            raise CrosstableError(
                _("players: 2 to {most} (given {players})").format(most=MAX_PLAYERS, players=self.players)
            )
        if self.system == "swiss" and not 1 <= self.rounds < self.players:
            raise CrosstableError(
                _("a Swiss event of {players} has 1 to {most} rounds").format(
                    players=self.players, most=self.players - 1
                )
            )
        if not 0 <= self.draw_rate < 1 or not 0 <= self.spread <= 2000:
            raise CrosstableError(_("the draw rate must be from 0 to below 1 and the spread from 0 to 2000"))
        labels = self.labels()
        if len(set(labels)) != len(labels):
            raise CrosstableError(_("a coefficient is listed twice: {criteria}").format(criteria=", ".join(labels)))
        unknown = [s.label for s in parse_list(labels) if s.code not in REGISTRY]
        if unknown:
            raise CrosstableError(_("unknown criteria: {criteria}").format(criteria=", ".join(unknown)))
        if self.system != "swiss":
            slow = [s.label for s in parse_list(self.labels()) if s.label not in BULK_CRITERIA]
            if slow:
                raise CrosstableError(
                    # TRANSLATORS: {criteria} and {bulk} list criteria's codes.
                    _("{criteria}: not in the bulk engine; a round robin takes {bulk}").format(
                        criteria=", ".join(slow), bulk=", ".join(BULK_CRITERIA)
                    )
                )


@dataclass
class StudyResult:
    design: Design
    events: int
    tallies: dict[str, Tally]
    pairs: int = 0
    """Pairs level on points seen (each coefficient decides some of them)."""
    seconds: float = 0.0
    workers: int = 1
    warnings: list[str] = field(default_factory=list)

    def rows(self) -> list[dict[str, Any]]:
        """One row per coefficient, best share first."""
        out = []
        for label, t in self.tallies.items():
            ci = t.interval()
            out.append(
                {
                    "criterion": label,
                    "agree": t.agree,
                    "disagree": t.disagree,
                    "level": t.level,
                    "share": t.share(),
                    "low": ci[0] if ci else None,
                    "high": ci[1] if ci else None,
                    "level_share": t.level / self.pairs if self.pairs else None,
                }
            )
        return sorted(out, key=lambda r: -(r["share"] if r["share"] is not None else -1.0))


def _probabilities(
    design: Design, strength: NDArray[np.float64], gw: NDArray[Any], gb: NDArray[Any]
) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
    """``(events, games)`` each: the probability of White's win, and of a draw."""
    a, b = strength[:, gw], strength[:, gb]
    d = design.draw_rate
    if design.model == "elo":
        e = 1.0 / (1.0 + np.exp((b - a) * (math.log(10) / 400.0)))
        win = np.clip(e - d / 2, 0.0, 1.0)
        draw = 1.0 - win - np.clip(1 - e - d / 2, 0.0, 1.0)
    else:  # Davidson: strengths exp(rating · ln10/400), a draw weighs ν·√(s_a s_b); ν gives d between equals
        nu = 2 * d / (1 - d) if d < 1 else 0.0
        sa, sb = np.exp(a * math.log(10) / 400), np.exp(b * math.log(10) / 400)
        tie = nu * np.sqrt(sa * sb)
        total = sa + sb + tie
        win, draw = sa / total, tie / total
    return win, draw


class _Pairs:
    """The pairs level on points in a block of events, found once: each coefficient is
    then compared on those pairs only."""

    def __init__(self, points: NDArray[Any], strength: NDArray[np.float64]) -> None:
        n = points.shape[1]
        iu, ju = np.triu_indices(n, 1)
        event, pair = np.nonzero(points[:, iu] == points[:, ju])
        self.event, self.a, self.b = event, iu[pair], ju[pair]
        self.stronger = np.sign(strength[event, self.a] - strength[event, self.b])
        self.count = len(event)
        self.events = points.shape[0]

    def tally(self, key: NDArray[Any], tol: float = 0.0) -> Tally:
        """Pairs ordered by ``key`` as by strength, against, or level (within ``tol``;
        a NaN key, an undefined value, counts as level)."""
        dk = key[self.event, self.a] - key[self.event, self.b]
        with np.errstate(invalid="ignore"):
            same = ~(np.abs(dk) > tol)
        sign = np.sign(dk)
        agree = ~same & (sign == self.stronger)
        disagree = ~same & (sign == -self.stronger)
        per_agree = np.bincount(self.event, weights=agree, minlength=self.events).astype(np.int64)
        per_decided = np.bincount(self.event, weights=~same, minlength=self.events).astype(np.int64)
        return Tally(
            int(agree.sum()),
            int(disagree.sum()),
            int(same.sum()),
            int(per_agree @ per_agree),
            int(per_decided @ per_decided),
            int(per_agree @ per_decided),
            int((per_decided > 0).sum()),
        )


def _potential_batch(taken: NDArray[np.float64]) -> NDArray[np.float64]:
    """Potentials from ``taken[e, i, j]`` = points i took from j, up to a positive
    factor per event: ``det L(i|i)`` of the Kirchhoff matrix
    (:mod:`crosstable.tiebreaks.potential`). Since ``L · potential = 0``, one solve with
    the first participant's potential fixed gives them all when its minor is regular;
    the other events (a degenerate table, where the first participant is outside the
    sink) take the definition, a determinant per participant (0 outside the sink, as
    the library has it). Floats."""
    n = taken.shape[1]
    given = taken.sum(axis=1)  # what j gave away
    lap = -taken.copy()
    idx = np.arange(n)
    lap[:, idx, idx] += given
    out = np.empty(taken.shape[:2])
    sign, logdet = np.linalg.slogdet(lap[:, 1:, 1:])
    regular = (sign > 0) & (logdet > -20)
    if regular.all():  # the usual case: no copy of the minors
        out[:, 0] = 1.0
        out[:, 1:] = np.linalg.solve(lap[:, 1:, 1:], -lap[:, 1:, :1])[:, :, 0]
        return out
    if regular.any():
        x = np.linalg.solve(lap[regular][:, 1:, 1:], -lap[regular][:, 1:, :1])[:, :, 0]
        out[regular, 0] = 1.0
        out[regular, 1:] = x
    rest = np.nonzero(~regular)[0]
    if rest.size:
        for i in range(n):
            keep = np.delete(idx, i)
            out[rest, i] = np.linalg.det(lap[rest][:, keep][:, :, keep])
    return out


def _round_robin_chunk(design: Design, events: int, seed: int) -> tuple[dict[str, Tally], int]:
    labels = design.labels()
    names = [f"P{i + 1}" for i in range(design.players)]
    plan = Schedule.make(names, double=design.system == "drr")
    games = [(names[p.white - 1], names[p.black - 1], "*", p.round) for rnd in plan.rounds for p in rnd if not p.bye]
    t = drawable(Tournament.from_games(names, games, scoring="chess"))
    bulk_labels = [x for x in labels if x != "POT"]
    now = rank(t, bulk_labels)
    status = t.status
    assert status is not None
    pending = np.nonzero(status == PENDING)[0]
    options, _warnings = scenario_options(t)
    engine = Bulk(now.analysis, now.criteria, pending, options)
    rng = np.random.default_rng(seed)
    strength = rng.normal(0.0, design.spread, size=(events, design.players))
    win, draw = _probabilities(design, strength, engine.gw, engine.gb)
    u = rng.random((events, len(pending)))
    block = (u > win).astype(np.int64) + (u > win + draw)  # option 0, 1, 2: White wins, draws, loses
    points, keys = engine.alone(block)
    pairs = _Pairs(points, strength)
    tallies = {label: pairs.tally(keys[label]) for label in bulk_labels}
    if "POT" in labels:
        assert engine.outcomes is not None
        pot = _potential_batch(engine.taken(*engine.outcomes).astype(np.float64))
        scale = np.abs(pot).max(axis=1, keepdims=True)
        tallies["POT"] = pairs.tally(pot / np.where(scale > 0, scale, 1.0), tol=1e-9)
    return {label: tallies[label] for label in labels}, pairs.count


PAIRING_STEPS = 20_000
"""The most steps the search for a round without rematches takes before it allows them."""


def _pair_round(order: Sequence[int], points: NDArray[np.float64], met: set[tuple[int, int]]) -> list[tuple[int, int]]:
    """One round's pairs: the first player left meets, in this order of preference, the
    player half-way down its score group (top half against bottom half), the others of
    its group, then those of lower groups (a float down); a pair that already met is
    skipped, and the search backtracks when it gets stuck. Only when no round without
    a rematch is found within :data:`PAIRING_STEPS` steps are rematches allowed."""
    steps = 0

    def search(left: list[int], avoid: bool) -> list[tuple[int, int]] | None:
        nonlocal steps
        if not left:
            return []
        steps += 1
        if avoid and steps > PAIRING_STEPS:
            return None
        a = left[0]
        group = [p for p in left[1:] if points[p] == points[a]]
        half = len(group) // 2  # a, then the group's upper half: a meets the first of the lower half
        candidates = group[half:] + group[:half] + [p for p in left[1:] if points[p] != points[a]]
        for b in candidates:
            if avoid and (min(a, b), max(a, b)) in met:
                continue
            rest = search([p for p in left if p not in (a, b)], avoid)
            if rest is not None:
                return [(a, b), *rest]
        return None

    found = search(list(order), avoid=True)
    if found is None:
        found = search(list(order), avoid=False)
    assert found is not None
    return found


def swiss_event(design: Design, rng: np.random.Generator, strength: NDArray[np.float64]) -> Tournament:
    """One Swiss event paired by score groups (see the module docstring)."""
    n = design.players
    names = [f"P{i + 1}" for i in range(n)]
    rating = np.rint(1800 + strength + rng.normal(0.0, design.rating_noise, size=n)).astype(int)
    start = np.argsort(np.argsort(-rating, kind="stable"), kind="stable")  # start numbers by published rating
    points = np.zeros(n)
    met: set[tuple[int, int]] = set()
    games: list[tuple[str, str, str, int]] = []
    byes: list[tuple[int, int]] = []
    for rnd in range(1, design.rounds + 1):
        order = sorted(range(n), key=lambda p: (-points[p], start[p]))
        if n % 2:
            bye = next(p for p in reversed(order) if p not in {b for b, _ in byes})
            byes.append((bye, rnd))
            order.remove(bye)
            points[bye] += 1
        pairs = _pair_round(order, points, met)
        sides = [(a, b) if (rnd + k) % 2 else (b, a) for k, (a, b) in enumerate(pairs)]
        whites = np.array([w for w, _ in sides], dtype=np.int64)
        blacks = np.array([b for _, b in sides], dtype=np.int64)
        win, draw = _probabilities(design, strength[None, :], whites, blacks)  # as in the round robins
        for k, (white, black) in enumerate(sides):
            met.add((min(white, black), max(white, black)))
            x = rng.random()
            result = "1-0" if x < win[0, k] else "½-½" if x < win[0, k] + draw[0, k] else "0-1"
            games.append((names[white], names[black], result, rnd))
            points[white] += 1.0 if result == "1-0" else 0.5 if result == "½-½" else 0.0
            points[black] += 1.0 if result == "0-1" else 0.5 if result == "½-½" else 0.0
    t = Tournament.from_games(names, games, scoring="chess")
    t.byes = [Bye(p, r, "pab", Fraction(1)) for p, r in byes]
    t.ratings = [int(r) for r in rating]
    t.system = "swiss"
    t.refresh()
    return t


def _swiss_chunk(design: Design, events: int, seed: int) -> tuple[dict[str, Tally], int]:
    labels = design.labels()
    specs = parse_list(labels)
    rng = np.random.default_rng(seed)
    tallies = {label: Tally() for label in labels}
    level = 0
    for _event in range(events):
        strength = rng.normal(0.0, design.spread, size=design.players)
        t = swiss_event(design, rng, strength)
        a = Analysis(t)
        points = a.points.num[None, :]
        pairs = _Pairs(points, strength[None, :])
        level += pairs.count
        for spec in specs:
            crit = REGISTRY[spec.code]
            if crit.is_local:
                assert crit.local is not None
                key = np.zeros(design.players)
                for value in np.unique(points[0]):
                    group = np.nonzero(points[0] == value)[0].tolist()
                    if len(group) > 1:
                        col = crit.local(a, spec, group)
                        key[group] = col.num / col.den
            elif spec.code == "POT":
                taken = np.zeros((1, design.players, design.players))
                np.add.at(taken[0], (a.p, a.q), a.pts / a.D)
                pot = _potential_batch(taken)[0]
                key = pot / (np.abs(pot).max() or 1.0)
            else:
                col = crit(a, spec)
                key = col.num.astype(np.float64) / col.den
                if crit.lower_is_better:
                    key = -key
                if col.undefined is not None:
                    key = np.where(col.undefined, np.nan, key)
            tallies[spec.label].add(pairs.tally(key[None, :], tol=1e-9))
    return tallies, level


def study_chunk(design: Design, events: int, seed: int) -> tuple[dict[str, Tally], int]:
    """Simulate ``events`` events with this seed and tally them (a task for a worker)."""
    if design.system == "swiss":
        return _swiss_chunk(design, events, seed)
    return _round_robin_chunk(design, events, seed)


def chunks(design: Design, events: int, size: int | None = None) -> list[int]:
    """The sizes of the chunks ``events`` is cut into."""
    # round robins: about 20,000 10-player events a chunk, fewer for bigger ones (memory grows with players²)
    size = size or (200 if design.system == "swiss" else max(500, 2_000_000 // design.players**2))
    return [min(size, events - start) for start in range(0, events, size)]


def run_study(
    design: Design,
    events: int,
    *,
    seed: int = 0,
    client: Any = None,
    progress: Callable[[int, int], None] | None = None,
) -> StudyResult:
    """Simulate and tally ``events`` events, in this process or on a Dask ``client``."""
    design.check()
    if not 1 <= events <= MAX_EVENTS:
        raise CrosstableError(
            _("events: 1 to {most} (given {events})").format(most=integer_text(MAX_EVENTS), events=events)
        )
    sizes = chunks(design, events)
    seeds = [int(np.random.SeedSequence([seed, k]).generate_state(1)[0]) for k in range(len(sizes))]
    tallies = {label: Tally() for label in design.labels()}
    level = 0
    done = 0
    start = time.perf_counter()

    def add(part: tuple[dict[str, Tally], int], size: int) -> None:
        nonlocal level, done
        for label, t in part[0].items():
            tallies[label].add(t)
        level += part[1]
        done += size
        if progress is not None:
            progress(done, events)

    if client is None:
        for size, s in zip(sizes, seeds, strict=True):
            add(study_chunk(design, size, s), size)
        workers = 1
    else:
        from distributed import as_completed  # noqa: PLC0415 - optional: dask, only with a cluster

        futures = client.map(study_chunk, [design] * len(sizes), sizes, seeds, pure=False)
        size_of = {f.key: size for f, size in zip(futures, sizes, strict=True)}
        for future in as_completed(futures):
            add(future.result(), size_of[future.key])
        workers = len(client.scheduler_info().get("workers", {})) or 1
    return StudyResult(design, events, tallies, level, time.perf_counter() - start, workers)


def plot(result: StudyResult, paths: Sequence[str]) -> bool:
    """A bar per coefficient (its share, with the 95 % interval), saved to each path
    (PNG, SVG …: by the extension); ``False`` (nothing written) when no coefficient
    decided any pair."""
    rows = [r for r in result.rows() if r["share"] is not None]
    if not rows:
        return False
    import matplotlib  # noqa: PLC0415 - optional: matplotlib only for the plot

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt  # noqa: PLC0415 - optional, as above
    from matplotlib.ticker import FuncFormatter  # noqa: PLC0415 - optional, as above

    fig, ax = plt.subplots(figsize=(8, 0.45 * len(rows) + 1.5))
    names = [r["criterion"] for r in rows][::-1]
    share = np.array([r["share"] for r in rows][::-1])
    low = share - np.array([r["low"] for r in rows][::-1])
    high = np.array([r["high"] for r in rows][::-1]) - share
    ax.barh(names, share, xerr=[low, high], color="#5b7fbf", capsize=3)
    ax.axvline(0.5, color="#999", linewidth=1, linestyle="--")
    ax.set_xlim(0.4, max(0.75, float(share.max()) + 0.05))
    ax.xaxis.set_major_formatter(FuncFormatter(lambda x, _pos: decimal_text(f"{x:.2f}")))  # 0,50 in bg, hu, ru, de
    d = result.design
    events, spread = integer_text(result.events), decimal_text(f"{d.spread:g}")
    if d.system == "rr":
        # TRANSLATORS: the plot's title: {model} is the strength model's code (elo, bt), {spread} its spread.
        title = _("{events} simulated {players}-player round robins ({model}, spread {spread})")
    elif d.system == "drr":
        # TRANSLATORS: the plot's title: {model} is the strength model's code (elo, bt), {spread} its spread.
        title = _("{events} simulated {players}-player double round robins ({model}, spread {spread})")
    else:
        # TRANSLATORS: the plot's title: {model} is the strength model's code (elo, bt), {spread} its spread.
        title = _("{events} simulated {players}-player {rounds}-round Swiss events ({model}, spread {spread})")
    ax.set_title(title.format(events=events, players=d.players, rounds=d.rounds, model=d.model, spread=spread))
    ax.set_xlabel(_("share of decided pairs level on points placed in the order of their strength (interval of 95 %)"))
    fig.tight_layout()
    for path in paths:
        fig.savefig(path, metadata={"Date": None} if path.endswith(".svg") else None)
    plt.close(fig)
    return True


__all__ = ["Design", "StudyResult", "Tally", "chunks", "plot", "run_study", "study_chunk", "swiss_event"]
