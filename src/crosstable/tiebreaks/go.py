"""Go: the McMahon score and the go tie-breaks (SOS, SOS-1, SOS-2, SOSOS, SODOS, CUSS);
and the card-game Swiss's match-win percentages (MWP, OMW: Magic: The Gathering).

A McMahon tournament ranks by McMahon score (MMS): each player starts from a score
set by rank and the bar, and adds a point per win. Chess's Buchholz is not SOS: SOS
sums the opponents' McMahon scores, start included, and a round without an opponent
adds the player's own start score, not a dummy opponent's.

Sources: the EGF Tournament System Rules (EGF TSR; eurogofed.org/egf/toursysrules.htm,
cited by section, the rules number no articles) and OpenGotha, the EGF's pairing
program, whose computation we follow where the rules are silent (its source,
``Tournament.fillBaseScoringInfo`` and ``Player.smms``, read, not copied). The
decisions, each with its source:

- **Start score** (EGF TSR, "Tournament Systems", "Top Bar"; OpenGotha ``smms``): a
  rank's value counts kyu down and dan up (30k = 0, 1k = 29, 1d = 30, 9d = 38), the
  zero of the scale at 30k as OpenGotha's ``genMMZero``; values above the bar are the
  bar's, below the floor the floor's (players at or above the bar start level; below
  it, one point less per rank), plus the player's correction (a super group's +1).
  Professional ranks count as OpenGotha counts them: 1p-3p as 7d, 4p-6p as 8d, 7p-9p
  as 9d. :func:`start_score`.
- **Game results** (EGF TSR, "Game Result"): a win 1, a jigo (tie) ½, a loss 0; a
  default win (a forfeit, ``!`` in the EGD's files) counts as a win in the score and
  the game keeps its opponent in the sums (the rules: "default win due to absent or
  late opponent"). A game without a result yet brings nothing and keeps its opponent
  in the sums, as OpenGotha counts it (the player was paired: the round has an
  opponent).
- **Rounds without a game** (EGF TSR, "Game Result"): a bye ("default win due to the
  opponent Bye") is 1, a round not played by agreement ½, an absence 0; the
  readers record each round with the value its file gives (the EGD's ``0+``, ``0=``,
  ``0-``; OpenGotha's ``genMMS2ValueBye``/``genMMS2ValueAbsent``). The rules round a
  player's accumulated values down; OpenGotha does it when ``genRoundDownNBWMMS`` is
  set, and then its reader gives each such round the increment of the rounded-down
  sum (½ + ½ is 0 then 1), which gives OpenGotha's score after every round. The EGD's
  files print the values as they were counted.
- **SOS in a round without an opponent** (EGF TSR, "The Effect of Unplayed Games"):
  the player's own start McMahon score in a McMahon, 0 in a Swiss (an event without
  start scores).
- **Handicap games** (OpenGotha; the rules we could read do not say): in SOS and SODOS
  the opponent's score counts the handicap as the stones given, the white player's
  opponent's MMS plus the handicap, the black player's opponent's minus it.
- **SOS-1, SOS-2** (EGF TSR, "Definition of Other Tiebreakers"): SOS without the
  lowest one (two) of the values summed, unplayed rounds' values included; with no
  more values than those cut, 0. (OpenGotha prints 0 for both in events of one or two
  rounds: it stores them from the third round on. We do not follow that.)
- **SOSOS** (OpenGotha): the sum of the opponents' SOS; a round without an opponent
  adds the player's start score times the number of rounds (a virtual opponent whose
  every opponent had that score).
- **SODOS** (OpenGotha): the sum of the beaten opponents' MMS (handicap counted as in
  SOS), half of a jigo opponent's; rounds without an opponent add 0.
- **CUSS** (OpenGotha's CUSSM): the sum of the player's McMahon scores after each
  round (the start alone not counted).

Checked against OpenGotha itself (``tests/test_go_oracle.py``, when its jar is at
hand): on generated events, every MMS, SOS, SOS-1, SOS-2, SOSOS, SODOS and CUSS
OpenGotha prints in its EGD export equals ours, and so does every place.

The EGF TSR advise against SOSOS, SODOS and CUSS ("Recommended Usage of
Tiebreakers"); they are here for the events that use them, as OpenGotha offers them.
Direct confrontation: OpenGotha's simplified one is ``SDC`` (:func:`simplified_direct`);
the chess rule, the points among the players still tied, is the registry's ``DE``
(:mod:`crosstable.tiebreaks.direct`). OpenGotha's full ``DC`` (a topological sort of
the graph of wins among the tied, cycles removed, ordered within by the criteria after
DC) is not here: a criterion of the registry does not see the criteria after it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from crosstable.i18n import N_, _, integer_text
from crosstable.model import DRAW, FORFEIT, LOSS, PENDING, PRESET_SCORING, WIN, Adjustment, Tournament
from crosstable.numbers import show_decimal, show_vulgar
from crosstable.tiebreaks.analysis import Analysis
from crosstable.tiebreaks.columns import Column, column_of
from crosstable.tiebreaks.direct import games_among
from crosstable.tiebreaks.registry import criterion
from crosstable.tiebreaks.spec import Spec
from crosstable.tiebreaks.words import average_text, sum_text, weight_phrase

_RANK = re.compile(r"^\s*([0-9]{1,2})\s*([kKdDpP])\s*$")
ZERO = -30
"""The rank whose start score is 0: 30k, OpenGotha's ``genMMZero``."""


GO_SCORING = PRESET_SCORING["go"]
"""A go event's points: a win 1, a jigo ½ (the EGD's and OpenGotha's files; the scoring ``go``)."""


def with_start_scores(t: Tournament, start: Sequence[Fraction]) -> None:
    """Give a McMahon event its players' start scores: kept in
    :attr:`~crosstable.model.Tournament.mcmahon_start` and added to the points (a
    ``final`` adjustment of round 0 each), so that the points are the McMahon score.
    The go readers' one way to do it."""
    t.mcmahon_start = list(start)
    t.adjustments = [*t.adjustments, *(Adjustment(i, s, 0, final=True) for i, s in enumerate(start) if s)]


def rank_value(text: str) -> int | None:
    """A go rank as a number, 1d = 0 (``5k`` = −5, ``1d`` = 0, ``6d`` = 5), the
    professional ranks as OpenGotha counts them; ``None`` when it is not a rank.

    >>> rank_value("5k"), rank_value("1D"), rank_value("6d"), rank_value("3p"), rank_value("7x")
    (-5, 0, 5, 6, None)
    """
    m = _RANK.match(text)
    if not m:
        return None
    n, letter = int(m.group(1)), m.group(2).lower()
    if n < 1 or (letter == "k" and n > 30) or (letter in "dp" and n > 9):
        return None
    if letter == "k":
        return -n
    if letter == "d":
        return n - 1
    return 6 if n <= 3 else 7 if n <= 6 else 8


def rank_text(value: int) -> str:
    """A rank's value written as a rank (``-5`` is ``5k``, ``0`` is ``1d``).

    >>> rank_text(-5), rank_text(0), rank_text(8)
    ('5k', '1d', '9d')
    """
    return f"{-value}k" if value < 0 else f"{value + 1}d"


def start_score(rank: int, bar: int | None = None, floor: int | None = None, correction: int = 0) -> int:
    """A player's start McMahon score: the rank's value counted from 30k (30k = 0,
    1k = 29, 1d = 30), the bar's above the bar, the floor's below the floor, plus the
    correction (a super group's +1).

    >>> start_score(rank_value("4d")), start_score(rank_value("7d"), bar=rank_value("4d"))
    (33, 33)
    >>> start_score(rank_value("25k"), floor=rank_value("20k")), start_score(rank_value("5d"), 3, correction=1)
    (10, 34)
    """
    value = rank
    if bar is not None:
        value = min(value, bar)
    if floor is not None:
        value = max(value, floor)
    return value - ZERO + correction


@dataclass(frozen=True)
class GoRound:
    """One round of one player: the opponent (−1: none), what the player took from it,
    the handicap (+h: the player was white and gave h stones; −h: black, received
    them) and what it was (``game``, ``forfeit``, a bye's kind, ``absent``)."""

    round: int
    opponent: int
    points: Fraction
    handicap: int
    kind: str
    outcome: int


@dataclass
class GoTable:
    """Every player's rounds, start score and McMahon scores, computed once per event."""

    start: list[Fraction]
    rounds: list[list[GoRound]]
    mms: list[Fraction]
    after: list[list[Fraction]]
    """Each player's McMahon score after each round, from the first."""
    mcmahon: bool
    """Start scores given: a McMahon (else a Swiss, everybody from 0)."""

    def sos_terms(self, i: int) -> list[tuple[Fraction, GoRound]]:
        """The values SOS sums for player ``i``, one per round (per game)."""
        out = []
        for g in self.rounds[i]:
            if g.opponent >= 0:
                out.append((self.mms[g.opponent] + g.handicap, g))
            else:
                out.append((self.start[i], g))
        return out

    def sos(self, i: int, cut: int = 0) -> Fraction:
        values = sorted(v for v, _g in self.sos_terms(i))
        return sum(values[cut:], Fraction(0)) if len(values) > cut else Fraction(0)


def go_table(a: Analysis) -> GoTable:
    """The :class:`GoTable` of the event (cached on the analysis)."""
    cached = a.cache.get("go")
    if isinstance(cached, GoTable):
        return cached
    t = a.t
    n = a.n
    start = list(t.mcmahon_start) if t.mcmahon_start is not None else [Fraction(0)] * n
    rounds: list[list[GoRound]] = [[] for _ in range(n)]
    for e in range(len(a.p)):
        p, q, rnd = int(a.p[e]), int(a.q[e]), int(a.rnd[e])
        if (rnd, p, q) in t.handicaps:
            h = t.handicaps[(rnd, p, q)]
        elif (rnd, q, p) in t.handicaps:
            h = -t.handicaps[(rnd, q, p)]
        else:
            h = 0
        kind = "forfeit" if a.status[e] == FORFEIT else "game"
        rounds[p].append(GoRound(rnd, q, Fraction(int(a.pts[e]), a.D), h, kind, int(a.r[e])))
    assert t.status is not None and t.rounds is not None
    for k in np.flatnonzero(t.status == PENDING).tolist():  # a game not played yet has an opponent
        w, bl, rnd = int(t.white[k]), int(t.black[k]), int(t.rounds[k])
        h = t.handicaps.get((rnd, w, bl), 0)
        rounds[w].append(GoRound(rnd, bl, Fraction(0), h, "pending", -1))
        rounds[bl].append(GoRound(rnd, w, Fraction(0), -h, "pending", -1))
    for b in a.byes:
        rounds[b.participant].append(GoRound(b.round, -1, b.points, 0, b.kind, b.outcome))
    last = a.last_round
    for i in range(n):
        if last:
            seen = {g.round for g in rounds[i]}
            rounds[i].extend(
                GoRound(r, -1, Fraction(0), 0, "absent", LOSS) for r in range(1, last + 1) if r not in seen
            )
        rounds[i].sort(key=lambda g: (g.round, g.opponent))
    after: list[list[Fraction]] = []
    for i in range(n):
        score, mine = start[i], []
        for k, g in enumerate(rounds[i]):
            score += g.points
            if k + 1 == len(rounds[i]) or rounds[i][k + 1].round != g.round or not last:
                mine.append(score)
        after.append(mine)
    mms = [start[i] + sum((g.points for g in rounds[i]), Fraction(0)) for i in range(n)]
    table = GoTable(start, rounds, mms, after, t.mcmahon_start is not None)
    a.cache["go"] = table
    return table


def _rounds_count(table: GoTable, i: int) -> int:
    return len({g.round for g in table.rounds[i]}) if table.rounds[i] else 0


@criterion("MMS", "McMahon score", aliases=("MCMAHON",))
def mcmahon_score(a: Analysis, spec: Spec) -> Column:
    """The McMahon score: the start score (rank and bar, :func:`start_score`) plus a
    point per win, ½ per jigo, and the values of the rounds without a game (a bye 1,
    a round not played by agreement ½); in an event without start scores (a Swiss) the
    number of wins.

    Source: EGF Tournament System Rules, "Tournament Systems" and "Game Result".
    Example: a 3d below a 4d bar starts at 32 (30k = 0); three wins and a jigo in
    five rounds: MMS = 32 + 3½ = 35½.
    """
    return column_of(go_table(a).mms)


def _who(a: Analysis, g: GoRound) -> str:
    if g.opponent >= 0:
        name = a.name(g.opponent)
        if g.outcome == WIN:
            # TRANSLATORS: a term of a go score's sum: round {round}, won against {name}.
            return _("round {round}: win over {name}").format(round=integer_text(g.round), name=name)
        if g.outcome == DRAW:
            return _("round {round}: jigo with {name}").format(round=integer_text(g.round), name=name)
        if g.outcome == LOSS:
            return _("round {round}: loss to {name}").format(round=integer_text(g.round), name=name)
        # TRANSLATORS: a term of a go score's sum: the game of round {round} against {name} has no result yet.
        return _("round {round}: {name}, no result yet").format(round=integer_text(g.round), name=name)
    words = {
        # TRANSLATORS: a round without an opponent in a go event: a bye, a round not played, an absence.
        "full": N_("round {round}: bye"),
        "pab": N_("round {round}: bye"),
        "half": N_("round {round}: not played"),
        "zero": N_("round {round}: absent"),
        "absent": N_("round {round}: absent"),
    }
    return _(words.get(g.kind, N_("round {round}: absent"))).format(round=integer_text(g.round))


@mcmahon_score.explainer
def _explain_mms(a: Analysis, spec: Spec, i: int, group: Sequence[int]) -> str:
    table = go_table(a)
    terms: list[tuple[Fraction, str]] = []
    if table.mcmahon:
        rank = a.t.go_ranks[i] if a.t.go_ranks is not None else ""
        # TRANSLATORS: the first term of a McMahon score: the start score, from the rank {rank} (5k, 2d).
        why = _("start, {rank}").format(rank=rank) if rank else _("start")
        terms.append((table.start[i], why))
    terms += [(g.points, _who(a, g)) for g in table.rounds[i]]
    return sum_text(spec.label, terms, table.mms[i])


def _sos_why(a: Analysis, table: GoTable, i: int, value: Fraction, g: GoRound) -> str:
    if g.opponent < 0:
        if table.mcmahon:
            # TRANSLATORS: a term of SOS: a round without an opponent counts the player's own start McMahon score.
            return _("own start MMS, round {round} without opponent").format(round=integer_text(g.round))
        return _("round {round} without opponent").format(round=integer_text(g.round))
    name = a.name(g.opponent)
    if g.handicap:
        # TRANSLATORS: a term of SOS: the opponent's McMahon score {mms} with the handicap {handicap} (+2, −2).
        return _("{name}'s MMS {mms} {handicap} handicap").format(
            name=name, mms=show_vulgar(table.mms[g.opponent]), handicap=f"{g.handicap:+d}".replace("-", "−")
        )
    # TRANSLATORS: a term of SOS: the McMahon score of the opponent {name}.
    return _("{name}'s MMS").format(name=name)


def _sos_column(a: Analysis, cut: int) -> Column:
    table = go_table(a)
    return column_of([table.sos(i, cut) for i in range(a.n)])


def _explain_sos(a: Analysis, spec: Spec, i: int, cut: int) -> str:
    table = go_table(a)
    terms = table.sos_terms(i)
    dropped = set(sorted(range(len(terms)), key=lambda k: (terms[k][0], k))[:cut]) if len(terms) > cut else set()
    kept = [(v, _sos_why(a, table, i, v, g)) for k, (v, g) in enumerate(terms) if k not in dropped]
    if len(terms) <= cut:
        kept = []
    text = sum_text(spec.label, kept, table.sos(i, cut))
    if dropped:
        cut_terms = ", ".join(
            f"{show_decimal(terms[k][0])} ({_sos_why(a, table, i, *terms[k])})" for k in sorted(dropped)
        )
        text += "; " + _("cut: {terms}").format(terms=cut_terms)
    return text


@criterion("SOS", "sum of opponents' McMahon scores", aliases=("SOSM",))
def sos(a: Analysis, spec: Spec) -> Column:
    """SOS: the sum of the opponents' McMahon scores (start included), one value per
    round; a round without an opponent adds the player's own start score (0 in a
    Swiss); in a handicap game the opponent's score counts the handicap (white's
    opponent + h, black's − h, as OpenGotha).

    Source: EGF Tournament System Rules, "Definition of Other Tiebreakers" and "The
    Effect of Unplayed Games". Example (the Tournoi de Juvisy 2019, OpenGotha's file
    and its EGD export): Minieri beat three players ending on 33 and, giving four
    stones, Pinchard ending on 25: SOS = 33 + 33 + 33 + (25 + 4) = 128.
    """
    return _sos_column(a, 0)


@criterion("SOS-1", "SOS without the lowest", aliases=("SOSM-1",))
def sos_minus_1(a: Analysis, spec: Spec) -> Column:
    """SOS-1: SOS without its lowest value (an unplayed round's included); 0 with a
    single round.

    Source: EGF Tournament System Rules, "Definition of Other Tiebreakers". Example:
    values 38, 36 and 34 (own start, round 3 absent): SOS-1 = 74.
    """
    return _sos_column(a, 1)


@criterion("SOS-2", "SOS without the two lowest", aliases=("SOSM-2",))
def sos_minus_2(a: Analysis, spec: Spec) -> Column:
    """SOS-2: SOS without its two lowest values; 0 with two rounds or fewer.

    Source: EGF Tournament System Rules, "Definition of Other Tiebreakers". Example:
    values 38, 36 and 34: SOS-2 = 38.
    """
    return _sos_column(a, 2)


sos.explainer(lambda a, spec, i, group: _explain_sos(a, spec, i, 0))
sos_minus_1.explainer(lambda a, spec, i, group: _explain_sos(a, spec, i, 1))
sos_minus_2.explainer(lambda a, spec, i, group: _explain_sos(a, spec, i, 2))


def _sosos_terms(a: Analysis, i: int) -> list[tuple[Fraction, str]]:
    table = go_table(a)
    rounds = a.last_round or _rounds_count(table, i)
    out: list[tuple[Fraction, str]] = []
    for g in table.rounds[i]:
        if g.opponent >= 0:
            # TRANSLATORS: a term of SOSOS: the SOS of the opponent {name}.
            out.append((table.sos(g.opponent), _("{name}'s SOS").format(name=a.name(g.opponent))))
        else:
            why = _("own start MMS {mms} × {rounds} rounds, round {round} without opponent").format(
                mms=show_vulgar(table.start[i]), rounds=integer_text(rounds), round=integer_text(g.round)
            )
            out.append((table.start[i] * rounds, why))
    return out


@criterion("SOSOS", "sum of opponents' SOS", aliases=("SOSOSM",))
def sosos(a: Analysis, spec: Spec) -> Column:
    """SOSOS: the sum of the opponents' SOS; a round without an opponent adds the
    player's start score times the number of rounds (OpenGotha's virtual opponent).

    Source: EGF Tournament System Rules, "Definition of Other Tiebreakers" (not
    recommended there); OpenGotha for unplayed rounds. Example (OpenGotha's test event
    "Test Participation et Licence FFG", 20 rounds announced, 4 played): Chauvin's
    opponents' SOS 566 + 566 + 547 + 565 and sixteen rounds without an opponent at
    28 × 20 = 560: SOSOS = 11204 (OpenGotha prints its first four characters, 1120).
    """
    return column_of([sum((v for v, _w in _sosos_terms(a, i)), Fraction(0)) for i in range(a.n)])


@sosos.explainer
def _explain_sosos(a: Analysis, spec: Spec, i: int, group: Sequence[int]) -> str:
    return sum_text(spec.label, _sosos_terms(a, i), sosos(a, spec)[i])


def _sodos_terms(a: Analysis, i: int) -> list[tuple[Fraction, str]]:
    table = go_table(a)
    out: list[tuple[Fraction, str]] = []
    for g in table.rounds[i]:
        if g.opponent < 0 or g.outcome < 0:  # no opponent, or no result yet
            continue
        weight = Fraction(1) if g.outcome == WIN else Fraction(1, 2) if g.outcome == DRAW else Fraction(0)
        value = table.mms[g.opponent] + g.handicap
        out.append((weight * value, weight_phrase(weight, a.name(g.opponent), value, g.outcome)))
    return out


@criterion("SODOS", "sum of defeated opponents' scores", aliases=("SODOSM", "SDOS"))
def sodos(a: Analysis, spec: Spec) -> Column:
    """SODOS: the sum of the McMahon scores of the opponents beaten (handicap counted as
    in SOS), half of an opponent's in a jigo; rounds without an opponent add nothing.

    Source: EGF Tournament System Rules, "Definition of Other Tiebreakers" (not
    recommended there); OpenGotha. Example: wins over players ending on 36 and 35, a
    loss to one on 38: SODOS = 71.
    """
    return column_of([sum((v for v, _w in _sodos_terms(a, i)), Fraction(0)) for i in range(a.n)])


@sodos.explainer
def _explain_sodos(a: Analysis, spec: Spec, i: int, group: Sequence[int]) -> str:
    return sum_text(spec.label, _sodos_terms(a, i), sodos(a, spec)[i])


@criterion("CUSS", "cumulative sum of scores", aliases=("CUSSM", "ROS"))
def cuss(a: Analysis, spec: Spec) -> Column:
    """CUSS: the sum of the player's McMahon scores after each round (the start alone
    not counted), which rewards winning early.

    Source: EGF Tournament System Rules, "Definition of Other Tiebreakers" (ROS, not
    recommended there); OpenGotha's CUSSM. Example: start 30, a win, a loss, a win:
    31 + 31 + 32 = 94.
    """
    table = go_table(a)
    return column_of([sum(table.after[i], Fraction(0)) for i in range(a.n)])


@cuss.explainer
def _explain_cuss(a: Analysis, spec: Spec, i: int, group: Sequence[int]) -> str:
    table = go_table(a)
    rounds = sorted({g.round for g in table.rounds[i]})
    labels = rounds if len(rounds) == len(table.after[i]) else list(range(1, len(table.after[i]) + 1))
    # TRANSLATORS: a term of CUSS: the McMahon score after round {round}.
    terms = [
        (v, _("after round {round}").format(round=integer_text(r))) for v, r in zip(table.after[i], labels, strict=True)
    ]
    return sum_text(spec.label, terms, cuss(a, spec)[i])


def _net_wins(a: Analysis, group: Sequence[int]) -> dict[tuple[int, int], int]:
    """Among ``group``, each pair's wins less losses in the games played over the board
    (OpenGotha's ``defineAPairMatrix``: a jigo 0, a default result not counted), from
    the first player's side, for the pairs that met."""
    draw = a.t.scoring.draw
    taken = games_among(a, group, over_the_board=True)
    return {pair: sum((x > draw) - (x < draw) for x in points) for pair, points in taken.items()}


def simplified_direct(a: Analysis, group: Sequence[int]) -> list[int]:
    """SDC's value for each member of ``group``: the other members it beat (more wins
    than losses against them), when every two members met with a winner between
    them; otherwise 0 for all (the examples: ``tests/test_go.py``)."""
    net = _net_wins(a, group)
    decided = all(net.get((p, q), 0) != 0 for p in group for q in group if p != q)
    if not decided:
        return [0] * len(group)
    return [sum(1 for q in group if q != p and net[(p, q)] > 0) for p in group]


@criterion("SDC", "simplified direct confrontation", local=True, count=True)
def sdc(a: Analysis, spec: Spec, group: Sequence[int]) -> Column:
    """SDC, OpenGotha's simplified direct confrontation, among the players level on the
    criteria before it: if every two of them met (over the board; a default result
    does not count) and each such pair has a winner (more wins than losses, a jigo
    counting neither), a player's SDC is the number of the others it beat; otherwise
    every one of them has 0 and the next criterion decides.

    Source: OpenGotha (``PlacementParameterSet.PLA_CRIT_SDC``,
    ``Tournament.defineDirForExAequoGroup``, read, not copied). Example: three players
    level, A beat B and C, B beat C: SDC 2, 1, 0; had B and C not met, 0 for all
    three.
    """
    return Column(np.array(simplified_direct(a, group), dtype=np.int64), 1)


@sdc.explainer
def _explain_sdc(a: Analysis, spec: Spec, i: int, group: Sequence[int]) -> str:
    if len(group) < 2:
        return _("{label} = 0 (not tied with anyone when {label} was applied)").format(label=spec.label)
    values = simplified_direct(a, group)
    names = ", ".join(a.name(p) for p in group)
    value = values[list(group).index(i)]
    if not any(values):
        # TRANSLATORS: SDC (a go criterion): not every two of the tied players {names} met with a winner.
        return _("{label} = 0: not every two of {names} met with a winner").format(label=spec.label, names=names)
    net = _net_wins(a, group)
    beaten = ", ".join(a.name(q) for q in group if q != i and net.get((i, q), 0) > 0) or "–"
    # TRANSLATORS: SDC (a go criterion) among the tied players {names}: the ones {beaten} the player beat.
    return _("{label} among {names} = {value} (beat {beaten})").format(
        label=spec.label, names=names, value=integer_text(value), beaten=beaten
    )


# -- the card-game Swiss: Magic: The Gathering's opponents' match-win percentage ------------

MWP_FLOOR = Fraction(33, 100)
"""The lowest match-win percentage counted: "If this number is lower than 0.33, use 0.33
instead" (Magic: The Gathering Tournament Rules, Appendix C)."""


def _match_records(a: Analysis) -> tuple[list[int], list[int], list[list[int]]]:
    """Each player's match points (3 a win, 1 a draw, 0 a loss; a bye a win), rounds
    played (matches and byes; an absence is no round played) and opponents faced."""
    points, rounds = [0] * a.n, [0] * a.n
    opponents: list[list[int]] = [[] for _ in range(a.n)]
    for e in range(len(a.p)):
        p = int(a.p[e])
        points[p] += {WIN: 3, DRAW: 1, LOSS: 0}[int(a.r[e])]
        rounds[p] += 1
        opponents[p].append(int(a.q[e]))
    for b in a.byes:
        if b.kind in ("pab", "full"):
            points[b.participant] += 3
            rounds[b.participant] += 1
    return points, rounds, opponents


def match_win_percentages(a: Analysis) -> list[Fraction | None]:
    """Each player's match-win percentage: match points ÷ (3 × rounds played), at least
    0.33; undefined without a round played."""
    points, rounds, _opponents = _match_records(a)
    return [max(Fraction(p, 3 * r), MWP_FLOOR) if r else None for p, r in zip(points, rounds, strict=True)]


@criterion("MWP", "match-win percentage")
def match_win_percentage(a: Analysis, spec: Spec) -> Column:
    """The match-win percentage of a card-game Swiss: match points (3 a match won, 1
    drawn, 0 lost; a bye is a match won) ÷ 3 × the rounds played (byes included), 0.33
    when lower; exact (2/3, not 0.667). The event's own scoring is not used: the
    points are the rules' 3-1-0.

    Source: Magic: The Gathering Tournament Rules, Appendix C ("Match-win
    percentage"). Examples (the Appendix's): 5-2-1 in 8 rounds, 16/24 = 0.667; 1-3-0 then
    withdrawn, 3/12 = 0.25, so 0.33; 3-2-0 with a first-round bye, then withdrawn,
    9/15 = 0.60.
    """
    return column_of(match_win_percentages(a))


@criterion("OMW", "opponents' match-win percentage", aliases=("OMWP", "OMW%"))
def opponents_match_win(a: Analysis, spec: Spec) -> Column:
    """The opponents' match-win percentage: the average of the match-win percentages
    (each at least 0.33) of the opponents faced, rounds with a bye left out;
    undefined without an opponent.

    Source: Magic: The Gathering Tournament Rules, Appendix C ("Opponents'
    match-win percentage"); MTR 3.1 ranks by match points, then this. Example: a
    player who met the Appendix's three players (0.667, 0.33, 0.60) has
    (2/3 + 0.33 + 0.60) / 3 = 0.532….
    """
    mwp = match_win_percentages(a)
    _points, _rounds, opponents = _match_records(a)
    out: list[Fraction | None] = []
    for faced in opponents:
        values = [mwp[q] for q in faced]
        known = [v for v in values if v is not None]
        out.append(sum(known, Fraction(0)) / len(known) if known else None)
    return column_of(out)


@opponents_match_win.explainer
def _explain_omw(a: Analysis, spec: Spec, i: int, group: Sequence[int]) -> str:
    mwp = match_win_percentages(a)
    _points, _rounds, opponents = _match_records(a)
    # TRANSLATORS: a term of OMW: the match-win percentage of the opponent {name}.
    terms = [(v, _("{name}'s MWP").format(name=a.name(q))) for q in opponents[i] if (v := mwp[q]) is not None]
    return average_text(spec.label, terms, opponents_match_win(a, spec)[i])


@match_win_percentage.explainer
def _explain_mwp(a: Analysis, spec: Spec, i: int, group: Sequence[int]) -> str:
    points, rounds, _opponents = _match_records(a)
    value = match_win_percentages(a)[i]
    if value is None:
        # TRANSLATORS: {label} is MWP: undefined, the player played no round.
        return _("{label} = – (no round played)").format(label=spec.label)
    raw = Fraction(points[i], 3 * rounds[i])
    # TRANSLATORS: the match-win percentage: {points} match points over 3 × {rounds} rounds played.
    text = _("{label} = {points} match points / (3 × {rounds} rounds) = {value}").format(
        label=spec.label, points=integer_text(points[i]), rounds=integer_text(rounds[i]), value=show_decimal(raw)
    )
    if value != raw:
        # TRANSLATORS: the match-win percentage below the rules' floor of 0.33, which is used instead.
        text += " → " + _("{floor} (the floor)").format(floor=show_decimal(value))
    return text
