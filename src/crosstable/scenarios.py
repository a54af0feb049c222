"""What the games still to be played can change: every outcome, ranked in bulk.

Given a tournament with games not played yet, every combination of their results
is ranked with the same criteria list as the final standings . The report
gives, for each participant, the best and the worst final place, the probability of
each place, and, for each result of the participant's own next game, the places
that stay possible and what the other games must give for each of them
("a draw keeps 1st possible only if Ivanov does not beat Pupkin").

Decisions:

- **Outcomes of a game**: win, draw or loss. Where the criteria need the score
  (goals, team game points), the score lines come from ``scores`` (e.g.
  ``["1:0", "0:0", "0:1"]``); without them the narrowest results are assumed (1:0,
  0:0, 0:1 in football; the closest win in a team match) and a warning says so.
- **Enumeration or sampling**: all combinations when there are at most ``limit``
  (default 3^14) or no more than ``samples``; otherwise ``samples`` random
  combinations (Monte Carlo), which the report states. The conditions on other games
  that keep a place possible are given only when every combination was counted: a
  sample shows what happened to be drawn, not what is required. The map of possible
  places (participants² × games left × results²) is estimated first and refused
  beyond :data:`MAX_MEMORY`.
- **Probabilities**: each combination is weighted by the product of its results'
  probabilities: from the Elo expectation of the two ratings with a draw rate when
  ratings are known, equal otherwise. A shared place (participants equal on
  everything) counts as each of its places with equal share.
- **Bulk evaluation**: scores and the criteria are computed for a whole block of
  combinations at once with array operations (points, the Berger family, Buchholz,
  Koya, wins, goals, game points, direct encounter). Criteria without a bulk form
  fall back to ranking each combination in full (slower, same answers); the report
  says so.
- **The same enumeration for the outlook**: :func:`reach` lists every combination as
  the report does and keeps only which places each participant takes and one
  combination behind its best and its worst place; :mod:`crosstable.outlook` calls
  it where its integer programs leave places open and the combinations are few.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

import numpy as np
from numpy.typing import NDArray

from crosstable.errors import CrosstableError
from crosstable.fields import (
    Range,
    argument_error,
    bool_argument,
    real_argument,
    texts_argument,
    whole_argument,
)
from crosstable.i18n import N_, _, integer_text
from crosstable.model import (
    DRAW,
    FORFEIT,
    LOSS,
    MAX_SCORE,
    PENDING,
    PLAYED,
    WIN,
    IntArray,
    Tournament,
    parse_result,
    tournament_argument,
)
from crosstable.numbers import count, fmt_vulgar
from crosstable.ranking import criteria_for, rank
from crosstable.tiebreaks import Analysis, Spec
from crosstable.tiebreaks.berger import PRESET_WEIGHTS
from crosstable.tiebreaks.berger import weights as berger_weights
from crosstable.tiebreaks.direct import order_blocks

DEFAULT_LIMIT = 3**14
DEFAULT_SAMPLES = 100_000
MAX_LIMIT = 10**7
"""The most combinations enumerated (about three minutes at the bulk engine's rate)."""
MAX_SAMPLES = 10**7
"""The most Monte Carlo samples."""
MAX_MEMORY = 256 * 2**20
"""The most memory the map of possible places may take (participants² × games left ×
results²), estimated before it is made."""
LIMIT = Range(1, MAX_LIMIT, N_("{cell} is not a limit from {low} to {high}"))
SAMPLES = Range(1, MAX_SAMPLES, N_("{cell} is not a number of samples from {low} to {high}"))
SEED = Range(0, 2**63 - 1, N_("{cell} is not a seed from {low} to {high}"))
# TRANSLATORS: what a library argument must be: nothing, or a function of two numbers
A_CALLBACK = N_("None or a function progress(done, total)")
SCORES = N_("a list of score lines such as '1:0'")


def callback_argument(value: object, name: str = "progress") -> None:
    """``None`` or a callable (the progress function)."""
    if value is not None and not callable(value):
        raise argument_error(name, _(A_CALLBACK), value)


BULK = {"PTS", "SB", "SHM", "RIGA", "GORIN", "NNSB", "BH", "KS", "WIN", "GP", "MP", "GD", "GF", "GA", "DE"}
OUTCOME_WORDS = {
    # TRANSLATORS: a result of a participant's next game in the scenarios (a win, a draw, a loss).
    WIN: N_("win"),
    DRAW: N_("draw"),
    LOSS: N_("loss"),
}
"""A result seen from one side, as the report's data writes it (English, like JSON's
codes; translated where shown)."""


@dataclass(frozen=True)
class Option:
    """One possible result of a pending game: both scores in the table's units."""

    white: int
    black: int
    label: str

    @property
    def outcome(self) -> int:
        """White's outcome (``WIN``, ``DRAW``, ``LOSS``)."""
        return _outcome(self.white, self.black)


def completed(t: Tournament, games: Sequence[int], results: Sequence[Option]) -> Tournament:
    """``t`` with pending game ``games[k]`` played as ``results[k]``."""
    assert t.status is not None
    ws, bs, st = t.white_score.copy(), t.black_score.copy(), t.status.copy()
    for g, option in zip(games, results, strict=True):
        ws[g], bs[g], st[g] = option.white, option.black, PLAYED
    return dataclasses.replace(t, white_score=ws, black_score=bs, status=st, warnings=[], declared={})


@dataclass
class NextGame:
    """A participant's next game and, for each of its results, the places still possible."""

    game: int
    opponent: str
    results: list[tuple[str, list[int], dict[int, list[str]]]]
    """(result seen from the participant, possible places, {place: conditions on other games})."""


@dataclass
class ParticipantOutlook:
    name: str
    points: Fraction
    best: int
    worst: int
    probabilities: dict[int, float]
    next_game: NextGame | None


@dataclass
class ScenarioReport:
    """The answer of :func:`scenarios`."""

    criteria: list[str]
    pending: list[tuple[str, str]]
    combinations: int
    evaluated: int
    method: str
    participants: list[ParticipantOutlook]
    """In the order of the current standings (the games still to play left out)."""
    warnings: list[str] = field(default_factory=list)

    def outlook(self, name: str) -> ParticipantOutlook:
        return next(p for p in self.participants if p.name == name)


def scenario_options(t: Tournament, scores: Sequence[str] | None = None) -> tuple[list[Option], list[str]]:
    """The results a pending game can take, and warnings about assumptions."""
    d = t.score_denominator
    warnings: list[str] = []
    if scores:
        out = []
        for text in scores:
            parsed = parse_result(text)
            if parsed is None or parsed[2] == PENDING:
                raise CrosstableError(_("score {score} is not a result").format(score=repr(text)))
            a, b, _status = parsed
            if (a * d).denominator != 1 or (b * d).denominator != 1:
                d2 = math.lcm(d, a.denominator, b.denominator)
                raise CrosstableError(
                    # TRANSLATORS: a score line of --scores cannot be counted in the table's units
                    # (1/2, 1/4 of a point).
                    _("score {score} needs units of 1/{needed}; the table counts in 1/{units}").format(
                        score=repr(text), needed=d2, units=d
                    )
                )
            out.append(Option(int(a * d), int(b * d), text))
        return out, warnings
    if t.kind == "goals":
        warnings.append(_("goal criteria assume the narrowest results 1:0, 0:0 and 0:1 (give --scores for others)"))
        return [Option(d, 0, "1:0"), Option(0, 0, "0:0"), Option(0, d, "0:1")], warnings
    played = t.status == PLAYED if t.status is not None else np.ones(len(t.white), bool)
    totals = (t.white_score + t.black_score)[played]
    g = int(np.bincount(totals).argmax()) if totals.size else d
    if t.kind == "game_points":
        half = g // 2
        step = max(1, d // 2)
        warnings.append(_("game points assume the closest results (give --scores for others)"))
        win = (half + step, g - half - step) if g % 2 == 0 else ((g + 1) // 2, g // 2)
        draw = (half, g - half)
        labels = [f"{fmt_vulgar(Fraction(a, d))}-{fmt_vulgar(Fraction(b, d))}" for a, b in (win, draw, win[::-1])]
        return [Option(*win, labels[0]), Option(*draw, labels[1]), Option(*win[::-1], labels[2])], warnings
    return [Option(g, 0, "1-0"), Option(g // 2, g - g // 2, "½-½"), Option(0, g, "0-1")], warnings


def drawable(t: Tournament) -> Tournament:
    """``t`` in units fine enough for a drawn game: a chess table with no draw yet is
    read in whole points (a game of 1 unit), where a draw (½ each) has no value; a
    team match of an odd number of units is drawn with halves."""
    if t.kind == "goals":
        return t
    played = t.status == PLAYED if t.status is not None else np.ones(len(t.white), bool)
    totals = (t.white_score + t.black_score)[played]
    g = int(np.bincount(totals).argmax()) if totals.size else t.score_denominator
    if g % 2 == 0:
        return t
    return dataclasses.replace(
        t, white_score=2 * t.white_score, black_score=2 * t.black_score, score_denominator=2 * t.score_denominator
    )


def _outcome(a: int, b: int) -> int:
    return WIN if a > b else DRAW if a == b else LOSS


def _probabilities(t: Tournament, games: Sequence[int], options: Sequence[Option], draw_rate: float) -> NDArray[Any]:
    """``prob[g, k]``: the probability of option k in pending game g."""
    k = len(options)
    prob = np.full((len(games), k), 1.0 / k)
    if t.ratings is None:
        return prob
    outcome = [_outcome(o.white, o.black) for o in options]
    for row, g in enumerate(games):
        ra, rb = t.ratings[int(t.white[g])], t.ratings[int(t.black[g])]
        if ra is None or rb is None:
            continue
        gap = max(-800, min(800, rb - ra))  # beyond 800 points the expectation is 0 or 1 to 1 part in 100
        e = 1.0 / (1.0 + 10 ** (gap / 400.0))
        p = {WIN: max(e - draw_rate / 2, 0.0), DRAW: draw_rate, LOSS: max(1 - e - draw_rate / 2, 0.0)}
        per = np.array([p[o] / outcome.count(o) for o in outcome])
        prob[row] = per / per.sum()
    return prob


def scenarios(
    t: Tournament,
    tiebreaks: Sequence[str] | str | None = None,
    *,
    rules: str | None = None,
    scores: Sequence[str] | None = None,
    limit: int = DEFAULT_LIMIT,
    samples: int = DEFAULT_SAMPLES,
    seed: int = 0,
    draw_rate: float = 0.3,
    progress: Callable[[int, int], None] | None = None,
    bulk: bool = True,
) -> ScenarioReport:
    """Rank every combination of the pending games' results (see the module docstring).

    The arguments are checked first (:mod:`crosstable.fields`): ``limit`` 1 to
    :data:`MAX_LIMIT`, ``samples`` 1 to :data:`MAX_SAMPLES`, ``seed`` 0 to 2**63 - 1,
    ``draw_rate`` 0 to 1; a wrong type or a number out of range raises an
    ``ArgumentError`` before anything is computed.

    ``bulk=False`` ranks each combination by rebuilding the standings: the slow,
    obviously correct method that the bulk engine is checked against.
    """
    t = tournament_argument(t)
    assert t.status is not None
    limit = whole_argument(limit, LIMIT, "limit")
    samples = whole_argument(samples, SAMPLES, "samples")
    seed = whole_argument(seed, SEED, "seed")
    draw_rate = real_argument(draw_rate, 0, 1, "draw_rate")
    bulk = bool_argument(bulk, "bulk")
    callback_argument(progress)
    if scores is not None:
        scores = texts_argument(scores, "scores", SCORES)
    specs = criteria_for(t, tiebreaks, rules)
    games = np.nonzero(t.status == PENDING)[0]
    if len(games) == 0:
        raise CrosstableError(_("no games are left to play: the standings are final"))
    t = drawable(t) if not scores else t
    options, warnings = scenario_options(t, scores)
    k, m, n = len(options), len(games), len(t.names)
    need = n * k * n * m * k  # the map of what each own result keeps possible, one byte a cell
    if need > MAX_MEMORY:
        raise CrosstableError(
            # TRANSLATORS: {games} is a count of games ("12 games"); MiB is mebibytes.
            _(
                "the scenarios of {participants} participants with {games} left and {results} results each need "
                "about {need} MiB; at most {most} MiB (fewer games left, or fewer --scores)"
            ).format(
                participants=integer_text(n),
                games=count(m, "{n} game", "{n} games"),
                results=k,
                need=integer_text(round(need / 2**20)),
                most=integer_text(MAX_MEMORY // 2**20),
            )
        )
    total = k**m
    prob = _probabilities(t, games.tolist(), options, draw_rate)
    rng = np.random.default_rng(seed)
    exhaustive = total <= limit or total <= samples  # fewer outcomes than samples: count them all
    games_left = count(m, "{n} game", "{n} games")
    if exhaustive:
        # TRANSLATORS: how the scenarios were counted: "all 729 combinations of 6 games".
        method = _("all {combinations} of {games}").format(
            combinations=count(total, "{n} combination", "{n} combinations"), games=games_left
        )
        drawn = total
    else:
        # TRANSLATORS: how the scenarios were counted: {samples} drawn at random of the {total} possible.
        method = _("Monte Carlo: {samples} random combinations of {games} (of {total})").format(
            samples=integer_text(samples), games=games_left, total=integer_text(total)
        )
        drawn = samples
    rated = t.ratings is not None and any(r is not None for r in t.ratings)
    if rated:
        # TRANSLATORS: {method} is "all 729 combinations of 6 games" or the Monte Carlo's.
        method = _("{method}, probabilities from ratings (Elo)").format(method=method)
    else:
        # TRANSLATORS: {method} is "all 729 combinations of 6 games" or the Monte Carlo's.
        method = _("{method}, all results equally likely").format(method=method)
    now = rank(t, [s.label for s in specs])  # the standings so far, the pending games left out
    unsupported = in_full(now.analysis, specs)
    if unsupported and bulk:
        warnings.append(
            # TRANSLATORS: {criteria} lists criteria's codes (ARO, TPR).
            _("{criteria} evaluated by ranking every combination in full (slower)").format(
                criteria=", ".join(unsupported)
            )
        )
    evaluate = _evaluator(now.analysis, specs, games, options, bulk and not unsupported)

    own = [_next_game(t, games, i) for i in range(n)]
    place_prob = np.zeros((n, n))
    best = np.full(n, n + 1)
    worst = np.zeros(n, dtype=np.int64)
    # presence[i][o]: for i's own result o, a (n places × m games × k options) map of what occurs
    presence = np.zeros((n, k, n, m, k), dtype=bool)
    possible = np.zeros((n, k, n), dtype=bool)
    chunk = max(512, min(1 << 16, 4_000_000 // max(1, n * n)))
    done = 0
    for block in _blocks(drawn, chunk, k, m, exhaustive, prob, rng):
        weight = np.prod(prob[np.arange(m), block], axis=1) if exhaustive else np.full(len(block), 1.0 / drawn)
        lo, hi = evaluate(block)
        span = (hi - lo + 1).astype(float)
        for p in range(1, n + 1):
            inside = (lo <= p) & (p <= hi)
            place_prob[:, p - 1] += (inside * (weight[:, None] / span)).sum(axis=0)
        best = np.minimum(best, lo.min(axis=0))
        worst = np.maximum(worst, hi.max(axis=0))
        places_onehot = (lo[:, :, None] <= np.arange(1, n + 1)) & (np.arange(1, n + 1) <= hi[:, :, None])
        options_onehot = block[:, :, None] == np.arange(k)  # (S, m, k)
        for i in range(n):
            g = own[i]
            if g is None:
                continue
            for o in range(k):
                mask = block[:, g] == o
                if not mask.any():
                    continue
                pl = places_onehot[mask, i, :].astype(np.float32)  # (S', n)
                opt = options_onehot[mask].reshape(int(mask.sum()), m * k).astype(np.float32)
                possible[i, o] |= pl.any(axis=0)
                presence[i, o] |= (pl.T @ opt).reshape(n, m, k) > 0
        done += len(block)
        if progress is not None:
            progress(done, drawn)

    pending_names = [(t.names[int(t.white[g])], t.names[int(t.black[g])]) for g in games]
    scores_now = now.analysis.points.defined()
    outlooks = []
    for i in (r.index for r in now.rows):
        nxt = None
        g = own[i]
        if g is not None:
            white = int(t.white[games[g]]) == i
            opponent = t.names[int(t.black[games[g]]) if white else int(t.white[games[g]])]
            results = []
            for o in range(k):
                places = [p + 1 for p in range(n) if possible[i, o, p]]
                if not places:
                    continue
                conditions = (
                    {p: _conditions(presence[i, o, p - 1], g, pending_names, options) for p in places}
                    if exhaustive  # sampled combinations say what was seen, not what is required
                    else {}
                )
                results.append(
                    (_seen_by(options[o], white, t.kind), places, {p: c for p, c in conditions.items() if c})
                )
            nxt = NextGame(g, opponent, results)
        outlooks.append(
            ParticipantOutlook(
                t.names[i],
                scores_now[i],
                int(best[i]),
                int(worst[i]),
                {p + 1: float(place_prob[i, p]) for p in range(n) if place_prob[i, p] > 0},
                nxt,
            )
        )
    return ScenarioReport([s.label for s in specs], pending_names, total, drawn, method, outlooks, warnings)


def in_full(base: Analysis, specs: Sequence[Spec]) -> list[str]:
    """The criteria of the list that the bulk engine has no form for, here (the
    combinations are then ranked in full, one by one): ``base`` is the standings so far,
    the pending games left out."""
    t = base.t
    fide_unplayed = base.unplayed_rules  # byes and forfeits of a Swiss event: art. 16
    d = t.scoring.denominator
    extra_points = [*(a.points for a in t.adjustments), *(b.points for b in t.byes)]
    odd_adjustment = any((v * d).denominator != 1 for v in extra_points)  # the bulk engine counts in 1/d
    return [
        s.label
        for s in specs
        if s.code not in BULK
        or (s.code == "BH" and s.modifiers)
        or (s.code == "NNSB" and t.kind == "game_points")
        or (fide_unplayed and s.code in (*PRESET_WEIGHTS, "BH", "NNSB"))
        or (bool(t.adjustments) and s.code in (*PRESET_WEIGHTS, "BH", "NNSB", "KS"))
        or (t.system == "swiss" and s.code == "KS")
        or (t.system == "swiss" and s.code == "DE" and bool(np.any(t.status == FORFEIT)))
        or (s.code == "SB" and s.basis == "GP" and t.kind == "game_points")
        or odd_adjustment
    ]


def _evaluator(
    base: Analysis, specs: Sequence[Spec], games: IntArray, options: Sequence[Option], bulk: bool
) -> Callable[[IntArray], tuple[IntArray, IntArray]]:
    """What ranks a block of combinations (``block[s, g]``: the option of pending game
    g): the bulk engine, or ranking each in full (``bulk=False``); it gives each
    participant's first and last place (a shared place spans several)."""
    if bulk:
        return Bulk(base, specs, games, options).places
    t = base.t
    return lambda block: _naive_places(t, specs, games, options, block)


@dataclass
class Reach:
    """What every combination of the games left gives (:func:`reach`)."""

    places: NDArray[np.bool_]
    """``places[i, p - 1]``: some combination gives participant i place p (a shared
    place counts as each of its places, as in the scenarios' report)."""
    best: list[list[int]]
    """For each participant, a combination (the option of each game) that gives its
    best place (the first of a shared one)."""
    worst: list[list[int]]
    """The same for its worst place (the last of a shared one)."""
    combinations: int
    bulk: bool
    """Whether the bulk engine ranked them (else each was ranked in full)."""

    def first(self, i: int) -> int:
        """Participant i's best place over every combination."""
        return int(np.argmax(self.places[i])) + 1

    def last(self, i: int) -> int:
        """Participant i's worst place over every combination."""
        return len(self.places[i]) - int(np.argmax(self.places[i][::-1]))


def reach(base: Analysis, specs: Sequence[Spec], games: IntArray, options: Sequence[Option]) -> Reach:
    """Rank every combination of the results ``options`` of the pending ``games``
    (indices into the tournament's games), as :func:`scenarios` enumerates them, and say
    which places each participant can take and a combination behind its best and worst.
    ``base`` is the standings so far with the list ``specs`` (the pending games left out).
    The caller sees that the combinations (``len(options) ** len(games)``) are few
    enough; the bulk engine ranks them where it has a form for every criterion
    (:func:`in_full`)."""
    t = base.t
    n, m, k = len(t.names), len(games), len(options)
    total = k**m
    bulk = not in_full(base, specs)
    evaluate = _evaluator(base, specs, games, options, bulk)
    places = np.zeros((n, n), dtype=bool)
    best = np.full(n, n + 1, dtype=np.int64)
    worst = np.zeros(n, dtype=np.int64)
    best_at: list[list[int]] = [[] for _ in range(n)]
    worst_at: list[list[int]] = [[] for _ in range(n)]
    chunk = max(16, min(8192, 400_000 // max(1, n * n)))  # blocks that stay in the cache: no map is kept
    numbers = np.arange(1, n + 1)
    for block in _blocks(total, chunk, k, m, True, None, None):
        lo, hi = evaluate(block)
        places |= ((lo[:, :, None] <= numbers) & (numbers <= hi[:, :, None])).any(axis=0)
        low, high = lo.argmin(axis=0), hi.argmax(axis=0)
        for i in np.nonzero(lo[low, np.arange(n)] < best)[0].tolist():
            best[i], best_at[i] = lo[low[i], i], block[low[i]].tolist()
        for i in np.nonzero(hi[high, np.arange(n)] > worst)[0].tolist():
            worst[i], worst_at[i] = hi[high[i], i], block[high[i]].tolist()
    return Reach(places, best_at, worst_at, total, bulk)


def _next_game(t: Tournament, games: IntArray, i: int) -> int | None:
    """Index (among the pending games) of i's next game: the lowest round, then the first listed."""
    rounds = t.rounds
    assert rounds is not None
    mine = [k for k, g in enumerate(games.tolist()) if i in (int(t.white[g]), int(t.black[g]))]
    if not mine:
        return None
    return min(mine, key=lambda k: (int(rounds[games[k]]), k))


def _seen_by(option: Option, white: bool, kind: str) -> str:
    a, b = (option.white, option.black) if white else (option.black, option.white)
    if kind == "result":
        return OUTCOME_WORDS[_outcome(a, b)]
    label = option.label
    if not white:
        for sep in (":", "-"):
            if sep in label:
                x, y = label.split(sep, 1)
                label = f"{y}{sep}{x}"
                break
    word = OUTCOME_WORDS[_outcome(a, b)]
    return f"{word} {label}"


def _conditions(
    seen: NDArray[np.bool_], own: int, pending: Sequence[tuple[str, str]], options: Sequence[Option]
) -> list[str]:
    """For each other game whose results are restricted, the words that say how."""
    k = len(options)
    restricted = np.asarray(seen.any(axis=1) & ~seen.all(axis=1), dtype=bool)
    restricted[own] = False
    return [
        _describe(pending[g], [options[o] for o in range(k) if seen[g, o]], options)
        for g in np.nonzero(restricted)[0].tolist()
    ]


def _describe(pair: tuple[str, str], allowed: Sequence[Option], options: Sequence[Option]) -> str:
    w, b = pair
    outcomes = {o.outcome for o in allowed}
    if len(options) == 3 and len(allowed) == len(outcomes):
        which = frozenset(outcomes)
        if which == {WIN}:
            return _("{winner} beats {loser}").format(winner=w, loser=b)
        if which == {LOSS}:
            return _("{winner} beats {loser}").format(winner=b, loser=w)
        if which == {DRAW}:
            return _("{first} and {second} draw").format(first=w, second=b)
        if which == {WIN, DRAW}:
            return _("{first} does not beat {second}").format(first=b, second=w)
        if which == {DRAW, LOSS}:
            return _("{first} does not beat {second}").format(first=w, second=b)
        return _("{first} and {second} do not draw").format(first=w, second=b)
    # TRANSLATORS: joins the score lines a game may end with: "1:0 or 2:0".
    or_ = " " + _("or") + " "
    # TRANSLATORS: a game of the games left ({white} - {black}) may end only with these {results} (1:0 or 2:0).
    return _("{white} - {black} ends {results}").format(white=w, black=b, results=or_.join(o.label for o in allowed))


def _blocks(
    drawn: int,
    chunk: int,
    k: int,
    m: int,
    exhaustive: bool,
    prob: NDArray[Any] | None,
    rng: np.random.Generator | None,
) -> Iterator[IntArray]:
    """Blocks of combinations: ``block[s, g]`` is the option index of pending game g
    (every combination in order when ``exhaustive``, else random draws from ``prob``)."""
    powers = k ** np.arange(m - 1, -1, -1, dtype=np.int64)
    cumulative = np.cumsum(prob, axis=1) if prob is not None else None
    for start in range(0, drawn, chunk):
        size = min(chunk, drawn - start)
        if exhaustive:
            codes = np.arange(start, start + size, dtype=np.int64)
            yield (codes[:, None] // powers[None, :]) % k
        else:
            assert rng is not None and cumulative is not None
            u = rng.random((size, m))
            yield (u[:, :, None] > cumulative[None, :, :]).sum(axis=2).clip(0, k - 1).astype(np.int64)


def _places_from_keys(keys: Sequence[NDArray[Any]]) -> tuple[IntArray, IntArray]:
    """Best and worst place of every participant in every combination: 1 + how many
    are strictly ahead, and n − how many are strictly behind (keys compared in order)."""
    cmp: NDArray[Any] | None = None
    for key in reversed(keys):
        c = np.sign(key[:, None, :] - key[:, :, None]).astype(np.int8)  # c[s,i,j] > 0: j ahead of i
        cmp = c if cmp is None else np.where(c != 0, c, cmp)
    assert cmp is not None
    n = cmp.shape[1]
    ahead = (cmp > 0).sum(axis=2)
    behind = (cmp < 0).sum(axis=2)
    return (1 + ahead).astype(np.int64), (n - behind).astype(np.int64)


def _naive_places(
    t: Tournament, specs: Sequence[Spec], games: IntArray, options: Sequence[Option], block: IntArray
) -> tuple[IntArray, IntArray]:
    """Rank each combination by rebuilding the tournament: slow and obviously right."""
    assert t.status is not None
    labels = [s.label for s in specs]
    lo = np.zeros((len(block), len(t.names)), dtype=np.int64)
    hi = np.zeros_like(lo)
    for row, choice in enumerate(block.tolist()):
        u = completed(t, games.tolist(), [options[o] for o in choice])
        for r in rank(u, labels).rows:
            a, _dash, b = r.place.partition("-")
            lo[row, r.index] = int(a)
            hi[row, r.index] = int(b or a)
    return lo, hi


class Bulk:
    """The criteria of the list computed for a block of combinations at once.

    Every quantity is an integer array of shape (combinations, participants): the
    played games' part is computed once, each pending game adds its part per block.
    """

    def __init__(self, base: Analysis, specs: Sequence[Spec], games: IntArray, options: Sequence[Option]) -> None:
        t = base.t
        assert t.status is not None
        self.t, self.specs, self.n = t, list(specs), len(t.names)
        self.gw = t.white[games]
        self.gb = t.black[games]
        self.opt_w = np.array([o.white for o in options], dtype=np.int64)
        self.opt_b = np.array([o.black for o in options], dtype=np.int64)
        self.out_w = np.array([o.outcome for o in options], dtype=np.int64)
        self.out_b = 2 - self.out_w
        self.units = t.scoring.units()
        self.base = base
        n = self.n
        self.counts0 = base.outcome_counts
        self.bye_wins = base.bye_counts[:, WIN]
        # byes and deductions count; deductions finer than the scoring's unit go the slow way
        assert base.points.den == t.scoring.denominator
        self.points0 = base.points.num
        self.gp0 = base.game_points.num
        # matrices of the played games: outcome counts and points of i against j
        self.by_outcome = np.zeros((3, n, n), dtype=np.int64)
        np.add.at(self.by_outcome, (base.r.astype(np.int64), base.p, base.q), 1)
        self.pts_matrix = np.tensordot(self.units, self.by_outcome, axes=1)
        conceded = np.zeros(n, dtype=np.int64)
        np.add.at(conceded, base.q, base.gs)
        self.ga0 = conceded
        self.met = (self.by_outcome.sum(axis=0) > 0) | (self.by_outcome.sum(axis=0).T > 0)
        self.met[self.gw, self.gb] = True
        self.met[self.gb, self.gw] = True
        # incidence of the pending games: what each game adds to White's and Black's totals is a
        # product with these (float64 products of small integers are exact, and use BLAS)
        m = len(games)
        sides = np.concatenate([self.gw, self.gb])
        self.to_white = np.zeros((m, n))
        self.to_white[np.arange(m), self.gw] = 1
        self.to_black = np.zeros((m, n))
        self.to_black[np.arange(m), self.gb] = 1
        # (w, b) cells of "points i took from j": assigned directly when no two sides share a cell
        self._cells = np.concatenate([self.gw * n + self.gb, self.gb * n + self.gw])
        self._cells_unique = len(np.unique(self._cells)) == 2 * m
        self._sums_of: tuple[NDArray[Any], NDArray[Any]] | None = None
        self._taken_of: tuple[NDArray[Any]] | None = None
        self._taken: NDArray[np.int64] = np.zeros((0, n, n), dtype=np.int64)
        self.outcomes: tuple[IntArray, IntArray] | None = None
        """White's and Black's outcomes of the last block :meth:`alone` evaluated."""
        self.games_left = np.bincount(sides, minlength=n).astype(np.int64)
        # game points and goals: only when the scores are more than the result, or a criterion reads them
        self.goals = t.kind != "result" or any(
            s.code in ("GP", "GF", "GA", "GD") or s.basis == "GP" for s in self.specs
        )
        self._sums: list[NDArray[Any]] = []

    def _spread(self, white: NDArray[Any], black: NDArray[Any]) -> NDArray[np.int64]:
        """``(S, n)``: each participant's sum of what the pending games give it, from
        White's and Black's ``(S, m)`` values."""
        total = white.astype(np.float64) @ self.to_white + black.astype(np.float64) @ self.to_black
        return np.rint(total).astype(np.int64)

    def places(self, block: IntArray) -> tuple[IntArray, IntArray]:
        counts, points, gp, ga, ow, ob = self._totals(block)
        keys: list[NDArray[Any]] = [points]
        for spec in self.specs:
            if spec.code == "DE":
                keys.append(self._direct(block, keys, ow, ob))
            else:
                keys.append(self._global(spec, block, counts, points, gp, ga, ow, ob))
        return _places_from_keys(keys)

    def alone(self, block: IntArray) -> tuple[NDArray[Any], dict[str, NDArray[Any]]]:
        """The points, and each criterion of the list as if it came right after them
        (direct encounter among those level on points), for a block of combinations:
        ``(combinations, participants)`` arrays, higher is better."""
        counts, points, gp, ga, ow, ob = self._totals(block)
        self.outcomes = (ow, ob)
        out: dict[str, NDArray[Any]] = {}
        for spec in self.specs:
            if spec.code == "DE":
                out[spec.label] = self._direct(block, [points], ow, ob)
            else:
                out[spec.label] = self._global(spec, block, counts, points, gp, ga, ow, ob)
        return points, out

    def _totals(
        self, block: IntArray
    ) -> tuple[NDArray[Any], NDArray[Any], NDArray[Any], NDArray[Any], IntArray, IntArray]:
        """Outcome counts, points, game points (goals for) and goals against of every
        participant in every combination, and each game's outcome for each side."""
        ow, ob = self.out_w[block], self.out_b[block]  # (S, m)
        wins = self._spread(ow == WIN, ob == WIN)
        draws = self._spread(ow == DRAW, ob == DRAW)
        losses = self.games_left[None] - wins - draws
        counts = np.stack([losses, draws, wins], axis=2) + self.counts0[None]
        points = self._spread(self.units[ow], self.units[ob]) + self.points0[None]
        if self.goals:
            sw, sb = self.opt_w[block], self.opt_b[block]
            gp = self._spread(sw, sb) + self.gp0[None]
            ga = self._spread(sb, sw) + self.ga0[None]
        else:  # no criterion of the list reads them
            gp = ga = np.zeros_like(points)
        return counts, points, gp, ga, ow, ob

    def _weighted(self, weights: Sequence[Fraction], basis: NDArray[Any], ow: IntArray, ob: IntArray) -> NDArray[Any]:
        """Σ weight(outcome) × the opponent's basis score, as integers over lcm(weights)."""
        den = math.lcm(*(w.denominator for w in weights))
        # indexed by outcome code: [loss, draw, win]; weights are (win, draw, loss)
        wint = [int(weights[2] * den), int(weights[1] * den), int(weights[0] * den)]
        sums = self._opponents(basis, ow, ob)
        total: NDArray[Any] = wint[0] * sums[0] + wint[1] * sums[1] + wint[2] * sums[2]
        return total

    def taken(self, ow: IntArray, ob: IntArray) -> NDArray[np.int64]:
        """``(S, n, n)``: the points i took from j in each combination (the played games
        and the pending ones), computed once per block."""
        if self._taken_of is None or self._taken_of[0] is not ow:
            s, n = len(ow), self.n
            values = np.concatenate([self.units[ow], self.units[ob]], axis=1)
            pending = np.zeros((s, n * n), dtype=np.int64)
            if self._cells_unique:
                pending[:, self._cells] = values
            else:  # a pair meets twice (a double round robin, either colours): add game by game
                for k, cell in enumerate(self._cells.tolist()):
                    pending[:, cell] += values[:, k]
            self._taken = pending.reshape(s, n, n) + self.pts_matrix[None]
            self._taken_of = (ow,)  # held, so that the identity test cannot match a new array
        return self._taken

    def _opponents(self, basis: NDArray[Any], ow: IntArray, ob: IntArray) -> list[NDArray[Any]]:
        """For each outcome (loss, draw, win): the sum of the basis scores of the
        opponents met with that outcome, per combination; computed once per block and
        basis, then shared by the whole Berger family and the Buchholz."""
        if self._sums_of is None or self._sums_of[0] is not basis or self._sums_of[1] is not ow:
            played = [basis @ self.by_outcome[k].T for k in range(3)]
            at_white, at_black = basis[:, self.gb], basis[:, self.gw]
            self._sums = [
                played[k] + self._spread(np.where(ow == k, at_white, 0), np.where(ob == k, at_black, 0))
                for k in range(3)
            ]
            self._sums_of = (basis, ow)  # held, so that the identity test cannot match a new array
        return self._sums

    def _global(
        self,
        spec: Spec,
        block: IntArray,
        counts: NDArray[Any],
        points: NDArray[Any],
        gp: NDArray[Any],
        ga: NDArray[Any],
        ow: IntArray,
        ob: IntArray,
    ) -> NDArray[Any]:
        code = spec.code
        if code in ("PTS", "MP"):
            return points
        if code == "WIN":
            wins: NDArray[Any] = counts[:, :, WIN] + self.bye_wins
            return wins
        if code in ("GP", "GF"):
            return gp
        if code == "GA":
            against: NDArray[Any] = -ga
            return against
        if code == "GD":
            difference: NDArray[Any] = gp - ga
            return difference
        if code in PRESET_WEIGHTS or code == "NNSB":
            preset = Spec("SB") if code == "NNSB" else spec
            sc = self.t.scoring
            w = berger_weights(self.base, preset) or (sc.win, sc.draw, sc.loss)
            basis_name = preset.basis or ("GP" if self.t.kind == "game_points" else None)
            basis = gp if basis_name == "GP" else points
            sb = self._weighted(w, basis, ow, ob)
            if code != "NNSB":
                return sb
            den = math.lcm(*(x.denominator for x in w))
            d = self.t.scoring.denominator
            # S² (units 1/D²) + SB (units 1/(den·D)) over the common denominator den·D²
            combined: NDArray[Any] = points * points * den + sb * d
            return combined
        if code == "BH":
            basis = gp if spec.basis == "GP" else points
            return self._weighted([Fraction(1)] * 3, basis, ow, ob)
        if code == "KS":
            limit = spec.modifier("L", Fraction(0)) or Fraction(0)
            twice = 2 * counts[:, :, WIN] + counts[:, :, DRAW]
            games = counts.sum(axis=2)
            ok = ((twice * limit.denominator >= games * limit.denominator + 2 * limit.numerator) & (games > 0)).astype(
                np.int64
            )
            total: NDArray[Any] = ok @ self.pts_matrix.T
            total += self._spread(self.units[ow] * ok[:, self.gb], self.units[ob] * ok[:, self.gw])
            return total
        raise AssertionError(code)

    def _direct(self, block: IntArray, keys: Sequence[NDArray[Any]], ow: IntArray, ob: IntArray) -> NDArray[Any]:
        """Points among the participants still tied, per combination."""
        s, n = len(block), self.n
        tied = np.ones((s, n, n), dtype=bool)
        for key in keys:
            tied &= key[:, :, None] == key[:, None, :]
        among = self.taken(ow, ob)
        value: NDArray[Any] = (among * tied).sum(axis=2)
        if self.t.system != "swiss":  # a round robin: the tied are taken to have all met (order_blocks)
            unmet = np.zeros(s, dtype=bool)
        else:
            unmet = (tied & ~self.met[None] & ~np.eye(n, dtype=bool)[None]).any(axis=(1, 2))
        big = (tied.sum(axis=2) >= 3).any(axis=1) & ~unmet  # a tie of three or more: sub-groups looked at again
        if big.any():
            value[big] = _direct_levels(tied[big], among[big], value[big])
        for row in np.nonzero(unmet)[0].tolist():
            value[row] = self._direct_order(tied[row], among[row], value[row])
        return value

    def _direct_order(self, tied: NDArray[Any], among: NDArray[Any], value: NDArray[Any]) -> NDArray[Any]:
        """The direct-encounter tiers of one combination (:func:`order_blocks`)."""
        out = value.copy()
        win = Fraction(int(self.units[WIN]))
        seen: set[int] = set()

        def points_among(members: Sequence[int]) -> tuple[list[Fraction], list[int]]:
            score = [Fraction(int(sum(among[x, y] for y in members))) for x in members]
            missing = [sum(1 for y in members if y != x and not self.met[x, y]) for x in members]
            return score, missing

        for i in range(self.n):
            if i in seen:
                continue
            group = np.nonzero(tied[i])[0].tolist()
            seen.update(group)
            if len(group) < 2:
                continue
            blocks = order_blocks(group, points_among, win, self.t.system != "swiss")
            for k, block in enumerate(blocks):
                for x in block:
                    out[x] = len(group) - k
        return out


def _direct_levels(tied: NDArray[Any], among: NDArray[Any], value: NDArray[Any]) -> NDArray[Any]:
    """Direct encounter when every tied pair has met, for many combinations at once:
    :func:`order_blocks`' rule (order by the points among the tied, then look again at
    every block still tied on the games among its own members, until nothing changes)
    as keys that compare the same way: each level's points among the block, after the
    order so far (its rank, so that the key stays small)."""
    n = tied.shape[1]
    scale = int(among.max(initial=0)) * n + 1
    key, v, block = value.copy(), value, tied
    for _level in range(n):
        split = block & (v[:, :, None] == v[:, None, :])
        if np.array_equal(split, block):
            break
        block = split
        v = (among * block).sum(axis=2)
        below = (key[:, :, None] > key[:, None, :]).sum(axis=2)
        key = below * scale + v
    return key


def parse_scores(text: str | None) -> list[str] | None:
    """``"1:0,0:0,0:1"`` → a list of score lines (``None`` when not given)."""
    if not text:
        return None
    items = [x.strip() for x in text.split(",") if x.strip()]
    for item in items:
        if parse_result(item) is None:
            raise CrosstableError(
                _("--scores: {score} is not a score like 1:0 (at most {most} a side)").format(
                    score=repr(item), most=MAX_SCORE
                )
            )
    return items


__all__ = [
    "DEFAULT_LIMIT",
    "OUTCOME_WORDS",
    "Bulk",
    "NextGame",
    "Option",
    "ParticipantOutlook",
    "Reach",
    "ScenarioReport",
    "completed",
    "drawable",
    "in_full",
    "reach",
    "scenarios",
]
