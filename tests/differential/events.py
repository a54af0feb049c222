"""Generated tournaments for differential testing, written as TRF.

An :class:`Event` is an individual or team event, Swiss or round robin, with every
round of every player as the TRF ``001`` line shows it (opponent, colour, result
code, or a blank field), plus the ``240`` bye records and the ``330`` forfeited
matches; a team event also its teams (``013``, TRF-16, or ``310``, TRF-2026: boards,
then any reserves), its ``300`` line-ups (players changing boards, ``0`` for an empty
board), the ``320`` pairing-allocated bye, ``299`` records in TRF-2026's columns and
``352``. :func:`to_trf` writes it by exact column positions.

Two ways to get events:

- :func:`random_event`: the event of an integer seed (the benchmark's generator). A
  seeded :class:`random.Random` draws its shape (kind, rules edition, scoring, size,
  rounds, which options it uses) and its details (pairings, results, byes, who
  withdraws or joins late);
- :func:`events`: a hypothesis strategy (for the test): by default the same events
  from seeds hypothesis draws; with ``shapes=True`` hypothesis draws the shape itself,
  so that a failing event shrinks to a smaller one with fewer options.

Which features may appear is set by a :class:`Features` (every flag on by default);
``Features.parse("-one_sided,-bye_plus")`` or the environment variable
``DIFFERENTIAL_FEATURES`` switch some off, ``Features.parse("none,+forfeits")``
starts from nothing (plain individual Swiss events with 1-0, ½-½, 0-1 only). The
shapes our TRF reader reads otherwise than the reference (:data:`READER_PROBLEMS`)
are off unless switched on (``+reserves_zero_bye``) or ``all``.

Events are kept to what the reference reads (docs/reference.md):
every game is on both players' lines, the points column is blank or the sum of the
``001`` entries (``240`` byes not included: the reference refuses them there, so a
player with a ``240`` bye has a blank points column), team events have no team
absent from a round (the reference's ``BH:GP`` crashes on that), team ``240`` records
have a type (a blank type crashes it), ``092`` always says Swiss or round robin and
``XXR`` is always written; a match with an empty board or a board decided without an
opponent has both teams' ``300`` line-ups (the reference refuses an empty board
without them), and an event in which no match has every board played against an
opponent has a ``352`` record (else the reference counts a board less).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field, fields
from fractions import Fraction
from typing import Literal, Protocol, TypeVar

from hypothesis import strategies as st

T = TypeVar("T")

Kind = Literal["individual", "team"]
System = Literal["swiss", "round-robin"]

SCORINGS: dict[str, tuple[Fraction, Fraction, Fraction]] = {
    "1-0.5-0": (Fraction(1), Fraction(1, 2), Fraction(0)),
    "3-1-0": (Fraction(3), Fraction(1), Fraction(0)),
    "2-1-0": (Fraction(2), Fraction(1), Fraction(0)),
}
"""Points of a win, a draw and a loss (a pairing-allocated bye is worth a win)."""

START_DATES = {"2024": ("2024/08/15", "2025/06/01", "2026/02/28"), "2026": ("2026/03/01", "2026/07/20")}
"""Start dates (record 042) that select each edition of the rules (before / from 1 March 2026)."""


# -- features --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Features:
    """What generated events may contain; every flag on by default.

    Event kinds (at least one must stay on): ``individual_swiss``,
    ``individual_round_robin`` (``double_round_robin``: some of them double),
    ``team_swiss``, ``team_round_robin``. Rules editions and scorings: ``rules_2024``,
    ``rules_2026`` (at least one), ``scoring_3_1_0``, ``scoring_2_1_0`` (1-½-0 always).
    The rest are per-event options, each drawn on or off for every event.
    """

    individual_swiss: bool = True
    individual_round_robin: bool = True
    double_round_robin: bool = True
    team_swiss: bool = True
    team_round_robin: bool = True
    rules_2024: bool = True
    rules_2026: bool = True
    scoring_3_1_0: bool = True
    scoring_2_1_0: bool = True
    unrated_results: bool = True
    """Games with the unrated-result letters W, D, L."""
    forfeits: bool = True
    """Games won and lost by forfeit (``+`` against ``-``)."""
    double_forfeits: bool = True
    """Games lost by both (``-`` against ``-``); in team events, matches forfeited by both."""
    one_sided: bool = True
    """Each side's own result, not the mirror of the other's: ``0`` against ``0``, ``=`` against ``0``."""
    pab: bool = True
    """Pairing-allocated byes (``0000 - U``) for the odd player of a Swiss round."""
    full_point_bye: bool = True
    """Requested byes ``0000 - F``."""
    half_point_bye: bool = True
    """Requested byes ``0000 - H``."""
    zero_point_bye: bool = True
    """Requested byes ``0000 - Z``."""
    absent: bool = True
    """A blank round field: not paired; also the rest round of an odd round robin."""
    bye_plus: bool = True
    """``0000 - +``: a point without an opponent."""
    bye_minus: bool = True
    """``0000 - -``: nothing without an opponent."""
    byes_240: bool = True
    """Byes given by ``240`` records (types H, F, Z and blank) with a blank round field."""
    withdrawals: bool = True
    """Players who leave: the line ends, or goes on with blank fields (round robin: their
    remaining games forfeited, or left unplayed)."""
    late_entries: bool = True
    """Players who join in round 2 or later: the first rounds blank, ``Z`` or ``H``."""
    unrated_players: bool = True
    """Players with rating 0 or a blank rating."""
    blank_points: bool = True
    """A blank points column (81-84) on some lines."""
    team_013: bool = True
    """Team records ``013``."""
    team_310: bool = True
    """Team records ``310`` (TRF-2026)."""
    team_pab: bool = True
    """A team's pairing-allocated bye: ``0000 - U`` on every board."""
    forfeited_matches: bool = True
    """A whole match forfeited: ``+`` and ``-`` on every board."""
    partial_forfeits: bool = True
    """Some boards of a match forfeited, at least one played."""
    mixed_forfeit_matches: bool = True
    """Every board of a match forfeited, some each way (2-2, 1-2 …): the reference makes
    it a played match, and a drawn one when the boards split evenly."""
    team_byes_240: bool = True
    """Team byes (H, F, Z) given by ``240`` records with team numbers."""
    records_330: bool = True
    """Forfeited matches also given as ``330`` records."""
    board_byes: bool = True
    """A board of a played match decided without an opponent: ``0000 - +`` for one
    side, ``0000 - -`` or a blank field (the player absent) for the other."""
    absent_players: bool = True
    """Boards left empty: a team fields fewer players than boards (a ``0`` in its
    ``300`` line-up when it has one), the opponent on that board winning by default
    (``0000 - +``)."""
    lineups_300: bool = True
    """Teams with reserves whose players change boards between rounds, each match's
    line-ups written as ``300`` records (TRF-2026)."""
    reserves_zero_bye: bool = True
    """With reserves: a reserve not fielded written ``0000 - -`` (as FIDE's team sample
    writes them), not a blank field."""
    implicit_board_byes: bool = False
    """Boards decided without an opponent (``board_byes``) in a match with no ``300``
    line-ups (else both teams' line-ups are written; an empty board always has them:
    the reference refuses it without, docs/reference.md). Off by default (see
    :data:`READER_PROBLEMS`)."""
    team_pab_320: bool = True
    """A team's pairing-allocated bye written as the ``320`` record (its players' fields blank)."""
    records_299: bool = True
    """Team ``299`` records in TRF-2026's columns: match and game points added or
    deducted (in a round, or round 999), a result letter for a team's match of a round."""
    record_352: bool = True
    """The ``352`` record (the boards' colour sequence, which sets the number of boards)."""

    @classmethod
    def names(cls) -> list[str]:
        """Every flag's name."""
        return [f.name for f in fields(cls)]

    @classmethod
    def parse(cls, text: str) -> Features:
        """Flags from a comma- or space-separated list: the defaults (every flag on but
        those of :data:`READER_PROBLEMS`), or ``all`` (every flag on), or ``none``
        (start with every flag off but ``individual_swiss`` and ``rules_2024``), then
        ``name``/``+name`` to switch one on, ``-name`` off.

        >>> Features.parse("-one_sided").one_sided, Features.parse("none,+forfeits").forfeits
        (False, True)
        """
        tokens = [x for x in text.replace(",", " ").split() if x]
        values = {name: name not in READER_PROBLEMS for name in cls.names()}
        if tokens and tokens[0] in ("all", "none"):
            start = tokens.pop(0)
            values = {name: start == "all" or name in ("individual_swiss", "rules_2024") for name in cls.names()}
        for token in tokens:
            on = not token.startswith("-")
            name = token.lstrip("+-")
            if name not in values:
                raise ValueError(f"unknown feature {name!r}; known: {', '.join(cls.names())}")
            values[name] = on
        features = cls(**values)
        if not features.event_kinds():
            raise ValueError("no event kind is enabled (individual_swiss, individual_round_robin, team_*)")
        if not (features.rules_2024 or features.rules_2026):
            raise ValueError("enable rules_2024 or rules_2026")
        return features

    def event_kinds(self) -> list[str]:
        """The enabled kinds of event."""
        teams = self.team_013 or self.team_310
        out = ["individual-swiss"] if self.individual_swiss else []
        out += ["individual-rr"] if self.individual_round_robin else []
        out += ["team-swiss"] if self.team_swiss and teams else []
        out += ["team-rr"] if self.team_round_robin and teams else []
        return out


READER_PROBLEMS = {
    "implicit_board_byes": "without 300 line-ups, a team's boards are in its own order here (its 0000 - - where "
    "its player is in the team); the reference puts every 0000 - - after the games and pairs the boards in the "
    "lower-numbered team's order (BC, TBR, BBE differ): a documented deviation (README, conformance)",
}
"""Shapes left out of the default run (their flags are off unless switched on, or
``all``): our TRF reader reads them otherwise than the reference, by a documented
decision. (``reserves_zero_bye`` was one until the reader counted the boards as the
reference does: the most games with an opponent a team had in a match.)"""

OPTIONS = (
    "unrated_results",
    "forfeits",
    "double_forfeits",
    "one_sided",
    "full_point_bye",
    "half_point_bye",
    "zero_point_bye",
    "absent",
    "bye_plus",
    "bye_minus",
    "byes_240",
    "withdrawals",
    "late_entries",
    "unrated_players",
    "blank_points",
    "forfeited_matches",
    "partial_forfeits",
    "mixed_forfeit_matches",
    "team_byes_240",
    "records_330",
    "board_byes",
    "absent_players",
    "lineups_300",
    "reserves_zero_bye",
    "implicit_board_byes",
    "team_pab_320",
    "records_299",
    "record_352",
)
"""The per-event options: each enabled one is drawn on or off for every event."""

_REQUESTED = {
    "full_point_bye": "F",
    "half_point_bye": "H",
    "zero_point_bye": "Z",
    "bye_plus": "+",
    "bye_minus": "-",
    "absent": " ",
    "byes_240": "240",
}


TEAM_SHAPES = (
    "board-bye",
    "empty-board",
    "record-300",
    "reserves",
    "board-change",
    "team-pab-320",
    "record-299",
    "record-352",
)
"""Tag prefixes of the team shapes added for issue #28 (boards decided without an
opponent, empty boards, ``300`` line-ups, reserves and board changes, the ``320``
PAB, team ``299`` records, ``352``): the test and the benchmark report the team codes
compared on the events that have one."""


def team_shapes(tags: set[str] | Sequence[str]) -> list[str]:
    """The :data:`TEAM_SHAPES` an event's tags contain."""
    return [shape for shape in TEAM_SHAPES if any(tag.startswith(shape) for tag in tags)]


# -- choosers: hypothesis draws or a seeded Random -------------------------------------------


class Chooser(Protocol):
    def integer(self, lo: int, hi: int) -> int: ...

    def pick(self, options: Sequence[T], weights: Sequence[int] | None = None) -> T: ...


class DrawChooser:
    """Choices drawn by hypothesis (they shrink to the low end, the first option)."""

    def __init__(self, draw: st.DrawFn) -> None:
        self.draw = draw

    def integer(self, lo: int, hi: int) -> int:
        return self.draw(st.integers(min_value=lo, max_value=hi))

    def pick(self, options: Sequence[T], weights: Sequence[int] | None = None) -> T:
        """One of the options (the weights are not used: hypothesis shrinks to the first)."""
        return self.draw(st.sampled_from(options))


class RandomChooser:
    """The same choices from a seeded Random."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def integer(self, lo: int, hi: int) -> int:
        return self.rng.randint(lo, hi)

    def pick(self, options: Sequence[T], weights: Sequence[int] | None = None) -> T:
        return self.rng.choices(list(options), weights=weights)[0]


# -- the event -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Params:
    """The shape of an event, drawn first; the details follow from ``seed``."""

    kind: Kind
    system: System
    double: bool
    size: int
    """Players (individual events) or teams."""
    boards: int
    rounds: int
    """Rounds of a Swiss (a round robin's follow from its size)."""
    scoring: str
    rules: str
    team_record: str
    options: frozenset[str]
    leftover: str | None
    """What the odd one of a Swiss round (or the one resting in an odd round robin) gets:
    a result code, ``" "`` for a blank field, ``"240Z"`` for a team's ``240`` zero-point
    bye, ``None`` when nothing is enabled (then the number of players is kept even)."""
    seed: int


@dataclass
class Field:
    """One round of a ``001`` line: opponent (0 for none), colour (``w``, ``b``, ``-``), result code."""

    opponent: int
    colour: str
    result: str


@dataclass
class Player:
    number: int
    name: str
    rating: int
    """0: unrated."""
    rating_blank: bool = False
    """Unrated written as a blank field rather than 0."""
    fields: list[Field | None] = field(default_factory=list)
    """One per round; ``None``: a blank field."""
    line_ends: bool = True
    """Trailing blank fields are left out (the line ends); otherwise written as blanks."""
    points_blank: bool = False


@dataclass
class Team:
    number: int
    name: str
    members: list[int]
    """The team's players in its order: the boards first, then any reserves."""


@dataclass
class Event:
    kind: Kind
    system: System
    rounds: int
    rules: str
    start_date: str
    scoring: str
    players: list[Player]
    teams: list[Team] = field(default_factory=list)
    team_record: str = "013"
    byes_240: list[tuple[str, int, list[int]]] = field(default_factory=list)
    """``(type, round, numbers)``: player numbers, or team numbers in a team event."""
    forfeits_330: list[tuple[str, int, int, int]] = field(default_factory=list)
    """``(type, round, white team, black team)``."""
    boards: int = 1
    """Boards of a team match (a team may have more members: reserves)."""
    lineups_300: list[tuple[int, int, int, list[int]]] = field(default_factory=list)
    """``(round, team, opponent, start numbers in board order, 0 for an empty board)``."""
    pab_320: tuple[Fraction, Fraction, dict[int, int]] | None = None
    """``(match points, game points, {round: team})`` of the ``320`` record."""
    abnormal_299: list[tuple[str, Fraction | None, Fraction | None, int, list[int]]] = field(default_factory=list)
    """``(type, match points, game points, round, team numbers)`` of ``299`` records."""
    record_352: bool = False
    features: set[str] = field(default_factory=set)
    """What the event contains (for the benchmark's statistics)."""
    title: str = "Differential event"

    @property
    def competitors(self) -> int:
        return len(self.teams) if self.kind == "team" else len(self.players)

    def describe(self) -> str:
        size = f"{len(self.teams)} teams × {self.boards} boards" if self.teams else ""
        size = size or f"{len(self.players)} players"
        return f"{self.kind} {self.system}, {size}, {self.rounds} rounds, {self.scoring}, rules {self.rules}"


def draw_params(c: Chooser, features: Features) -> Params:
    """The shape of an event: kind, size, rounds, scoring, rules (drawn by ``c``), and the
    options (from a Random seeded by the event's seed, so that two examples that differ
    only in how a flag was drawn do not make the same event twice)."""
    kinds = features.event_kinds()
    kind_system = c.pick(kinds, [{"individual-swiss": 4, "individual-rr": 2, "team-swiss": 2}.get(k, 1) for k in kinds])
    rules = c.pick([r for r, on in (("2024", features.rules_2024), ("2026", features.rules_2026)) if on])
    seed = c.integer(0, 2**32 - 1)
    density = c.pick([10, 30, 60])
    rng = random.Random(seed ^ 0x5EED)
    options = frozenset(name for name in OPTIONS if rng.random() * 100 < density and getattr(features, name))
    double = False
    boards = 1
    team_record = "013"
    scoring = "1-0.5-0"  # team events: game points 1-½-0, match points 2-1-0, the defaults of both programs
    if kind_system.startswith("individual"):
        scorings = ["1-0.5-0", *(["3-1-0"] if features.scoring_3_1_0 else [])]
        scoring = c.pick(scorings + (["2-1-0"] if features.scoring_2_1_0 else []))
    if kind_system == "individual-swiss":
        kind: Kind = "individual"
        system: System = "swiss"
        size = c.integer(4, 30)
        rounds = c.integer(1, min(9, size - 1))
    elif kind_system == "individual-rr":
        kind, system = "individual", "round-robin"
        size = c.integer(3, 12)
        double = features.double_round_robin and size <= 6 and c.pick([False, True])
        rounds = 0
    else:
        kind = "team"
        system = "swiss" if kind_system == "team-swiss" else "round-robin"
        boards = c.integer(2, 4)
        records = [r for r, on in (("013", features.team_013), ("310", features.team_310)) if on]
        team_record = c.pick(records)
        if system == "swiss":
            size = c.integer(4, 12)
            rounds = c.integer(1, min(9, size - 1))
        else:
            size = c.pick([4, 6, 8, 10])
            double = features.double_round_robin and size == 4 and c.pick([False, True])
            rounds = 0
    if kind == "team":
        leftover = "U" if features.team_pab else "240Z" if features.team_byes_240 else None
    elif system == "swiss":
        odd = [("U", features.pab), (" ", features.absent), ("Z", features.zero_point_bye)]
        odd += [("-", features.bye_minus), ("H", features.half_point_bye), ("F", features.full_point_bye)]
        odd += [("+", features.bye_plus)]
        leftover = next((code for code, on in odd if on), None)
    else:
        rest_kinds = ((" ", features.absent), ("-", features.bye_minus), ("Z", features.zero_point_bye))
        rests = [code for code, on in rest_kinds if on]
        leftover = c.pick(rests) if rests else None
    if leftover is None:
        size += size % 2
        options -= {"withdrawals", "late_entries", *_REQUESTED}
        if kind == "team" and system == "swiss":
            rounds = min(rounds, size - 1)
    return Params(kind, system, double, size, boards, rounds, scoring, rules, team_record, options, leftover, seed)


def build_event(p: Params) -> Event:
    """The event of a shape, its details drawn from ``p.seed``."""
    rng = random.Random(p.seed)
    if p.kind == "team":
        event = _team_event(p, rng)
    elif p.system == "swiss":
        event = _individual_swiss(p, rng)
    else:
        event = _individual_round_robin(p, rng)
    event.rules = p.rules
    event.start_date = rng.choice(START_DATES[p.rules])
    event.features |= {p.kind, f"{p.kind}-{p.system}", f"rules-{p.rules}", f"scoring-{p.scoring}"}
    event.title = f"Differential {event.describe()} (seed {p.seed})"
    return event


def events(features: Features | None = None, *, shapes: bool = False) -> st.SearchStrategy[Event]:
    """Hypothesis strategy: events with the given features (all by default).

    By default hypothesis draws a seed and the event follows from it exactly as in
    :func:`random_event` (the benchmark's events), so that 300 examples are 300
    different events of every size. With ``shapes=True`` hypothesis draws the shape
    itself (kind, rules, density of options, scoring, size, rounds …): its examples
    lean to small events, and a failure shrinks to a smaller one.
    """
    chosen = features or Features()
    if not shapes:
        return st.integers(min_value=0, max_value=2**32 - 1).map(lambda seed: random_event(seed, chosen))

    @st.composite
    def strategy(draw: st.DrawFn) -> Event:
        return build_event(draw_params(DrawChooser(draw), chosen))

    return strategy()


def random_event(seed: int, features: Features | None = None) -> Event:
    """The event of an integer seed (the benchmark's generator)."""
    return build_event(draw_params(RandomChooser(random.Random(seed)), features or Features()))


# -- building blocks ----------------------------------------------------------------------


def _players(n: int, p: Params, rng: random.Random, event_features: set[str]) -> list[Player]:
    unrated = "unrated_players" in p.options
    out = []
    for k in range(1, n + 1):
        rating = 0 if unrated and rng.random() < 0.2 else rng.randint(1000, 2700)
        out.append(Player(k, f"Player {k:03d}", rating, rating_blank=rating == 0 and rng.random() < 0.5))
    if unrated and all(x.rating for x in out):
        out[rng.randrange(n)].rating = 0
    if any(x.rating == 0 for x in out):
        event_features.add("unrated-player")
    return out


def _result(options: frozenset[str], rng: random.Random, tags: set[str]) -> tuple[str, str]:
    """The result codes of white and black in one game."""
    if "forfeits" in options and rng.random() < 0.08:
        tags.add("forfeit")
        return rng.choice([("+", "-"), ("-", "+")])
    if "double_forfeits" in options and rng.random() < 0.04:
        tags.add("double-forfeit")
        return ("-", "-")
    if "one_sided" in options and rng.random() < 0.06:
        tags.add("one-sided")
        return rng.choice([("0", "0"), ("=", "0"), ("0", "=")])
    x = rng.random()
    outcome = 0 if x < 0.38 else 1 if x < 0.65 else 2
    if "unrated_results" in options and rng.random() < 0.15:
        tags.add("unrated-result")
        return (("W", "L"), ("D", "D"), ("L", "W"))[outcome]
    return (("1", "0"), ("=", "="), ("0", "1"))[outcome]


def _set_game(players: list[Player], rnd: int, white: int, black: int, codes: tuple[str, str]) -> None:
    players[white - 1].fields[rnd - 1] = Field(black, "w", codes[0])
    players[black - 1].fields[rnd - 1] = Field(white, "b", codes[1])


def _bye_field(code: str) -> Field | None:
    return None if code == " " else Field(0, "-", code)


_BYE_TAGS = {"U": "pab", "F": "fpb", "H": "hpb", "Z": "zpb", "+": "bye-plus", "-": "bye-minus", " ": "absent"}


def _match(order: list[int], met: set[frozenset[int]], budget: int = 20000) -> list[tuple[int, int]] | None:
    """Pairs of ``order`` with no pair that has met, searched in the given order."""
    steps = 0

    def search(rest: list[int]) -> list[tuple[int, int]] | None:
        nonlocal steps
        if not rest:
            return []
        steps += 1
        if steps > budget:
            return None
        x = rest[0]
        for k in range(1, len(rest)):
            y = rest[k]
            if frozenset((x, y)) in met:
                continue
            tail = search(rest[1:k] + rest[k + 1 :])
            if tail is not None:
                return [(x, y), *tail]
        return None

    return search(order)


def berger(n: int) -> list[list[tuple[int, int]]]:
    """Round-robin rounds for ``n`` (even) by the FIDE Berger tables: pairs (white, black).

    >>> berger(4)
    [[(1, 4), (2, 3)], [(4, 3), (1, 2)], [(2, 4), (3, 1)]]
    """
    assert n % 2 == 0
    rounds = []
    for r in range(n - 1):
        slots = [(k + r * n // 2) % (n - 1) + 1 for k in range(n - 1)]
        pairs = [(slots[0], n) if r % 2 == 0 else (n, slots[0])]
        pairs += [(slots[k], slots[n - 1 - k]) for k in range(1, n // 2)]
        rounds.append(pairs)
    return rounds


# -- individual events ----------------------------------------------------------------------


def _individual_swiss(p: Params, rng: random.Random) -> Event:
    tags: set[str] = set()
    players = _players(p.size, p, rng, tags)
    n, rounds = p.size, p.rounds
    for x in players:
        x.fields = [None] * rounds
    enter = {k: 1 for k in range(1, n + 1)}
    leave = {k: rounds + 1 for k in range(1, n + 1)}
    late_kinds = [
        " ",
        *(["Z"] if "zero_point_bye" in p.options else []),
        *(["H"] if "half_point_bye" in p.options else []),
    ]
    if "late_entries" in p.options and rounds >= 2:
        for k in rng.sample(range(1, n + 1), rng.randint(1, max(1, n // 6))):
            enter[k] = rng.randint(2, rounds)
            tags.add("late-entry")
            for r in range(1, enter[k]):
                code = rng.choice(late_kinds)
                players[k - 1].fields[r - 1] = _bye_field(code)
                if code != " ":
                    tags.add(_BYE_TAGS[code])
    if "withdrawals" in p.options and rounds >= 2:
        for k in rng.sample(range(1, n + 1), rng.randint(1, max(1, n // 8))):
            if enter[k] <= rounds - 1:
                leave[k] = rng.randint(enter[k], rounds - 1) + 1
                players[k - 1].line_ends = rng.random() < 0.5
                tags.add("withdrawal-line-ends" if players[k - 1].line_ends else "withdrawal-blank-fields")
    requested = [code for name, code in _REQUESTED.items() if name in p.options]
    byes_240: list[tuple[str, int, list[int]]] = []
    met: set[frozenset[int]] = set()
    had_pab: set[int] = set()
    played_rounds = rounds
    for r in range(1, rounds + 1):
        active = [k for k in range(1, n + 1) if enter[k] <= r < leave[k]]
        if requested:
            for k in list(active):
                if rng.random() < 0.06:
                    active.remove(k)
                    code = rng.choice(requested)
                    if code == "240":
                        kind = rng.choice("HFZ ")
                        byes_240.append((kind, r, [k]))
                        players[k - 1].points_blank = True
                        tags.add("bye-240")
                    else:
                        players[k - 1].fields[r - 1] = _bye_field(code)
                        tags.add(_BYE_TAGS[code])
        rng.shuffle(active)
        bye: int | None = None
        if len(active) % 2:
            assert p.leftover is not None
            fresh = [k for k in active if k not in had_pab]
            bye = (fresh or active)[-1]
            active.remove(bye)
        pairs = _match(active, met)
        if pairs is None:
            played_rounds = r - 1
            break
        if bye is not None:
            assert p.leftover is not None
            had_pab.add(bye)
            players[bye - 1].fields[r - 1] = _bye_field(p.leftover)
            tags.add(_BYE_TAGS[p.leftover])
        for a, b in pairs:
            met.add(frozenset((a, b)))
            white, black = (a, b) if rng.random() < 0.5 else (b, a)
            _set_game(players, r, white, black, _result(p.options, rng, tags))
    if played_rounds < rounds:
        for x in players:
            x.fields = x.fields[:played_rounds]
        byes_240 = [b for b in byes_240 if b[1] <= played_rounds]
        rounds = played_rounds
    _blank_points(players, p, rng, tags)
    return Event("individual", "swiss", rounds, p.rules, "", p.scoring, players, byes_240=byes_240, features=tags)


def _individual_round_robin(p: Params, rng: random.Random) -> Event:
    tags: set[str] = set()
    n = p.size
    players = _players(n, p, rng, tags)
    m = n + n % 2
    base = berger(m)
    schedule = base + ([[(b, w) for w, b in rnd] for rnd in base] if p.double else [])
    if p.double:
        tags.add("double-round-robin")
    rounds = len(schedule)
    for x in players:
        x.fields = [None] * rounds
    leave: dict[int, tuple[int, str]] = {}
    if "withdrawals" in p.options and rounds >= 2:
        for k in rng.sample(range(1, n + 1), rng.randint(1, max(1, n // 6))):
            style = rng.choice(["forfeits", "unplayed"])
            leave[k] = (rng.randint(1, rounds - 1) + 1, style)
            players[k - 1].line_ends = rng.random() < 0.5
            tags.add(f"withdrawal-{style}")
            if style == "unplayed":
                tags.add("withdrawal-line-ends" if players[k - 1].line_ends else "withdrawal-blank-fields")

    def gone(k: int, r: int) -> str | None:
        return leave[k][1] if k in leave and r >= leave[k][0] else None

    for r, pairs in enumerate(schedule, 1):
        for white, black in pairs:
            if m in (white, black) and m > n:
                resting = black if white == m else white
                assert p.leftover is not None
                if gone(resting, r) != "unplayed":
                    players[resting - 1].fields[r - 1] = _bye_field(p.leftover)
                    tags.add(f"rest-{_BYE_TAGS[p.leftover]}")
                continue
            gw, gb = gone(white, r), gone(black, r)
            if gw is None and gb is None:
                _set_game(players, r, white, black, _result(p.options, rng, tags))
            elif "unplayed" in (gw, gb) or (gw and gb):
                # the game is not played: blank fields (an absence for one still playing)
                continue
            else:
                tags.add("forfeit")
                _set_game(players, r, white, black, ("-", "+") if gw else ("+", "-"))
    _blank_points(players, p, rng, tags)
    return Event("individual", "round-robin", rounds, p.rules, "", p.scoring, players, features=tags)


def _blank_points(players: list[Player], p: Params, rng: random.Random, tags: set[str]) -> None:
    if "blank_points" in p.options:
        for x in players:
            if rng.random() < 0.3:
                x.points_blank = True
                tags.add("blank-points")


# -- team events ------------------------------------------------------------------------------


def _team_event(p: Params, rng: random.Random) -> Event:
    tags: set[str] = {f"team-{p.team_record}"}
    t, b = p.size, p.boards
    reserves = rng.randint(1, 2) if "lineups_300" in p.options else 0
    squad = b + reserves
    players = _players(t * squad, p, rng, tags)
    teams = [Team(k, f"Team {k:02d}", [(k - 1) * squad + j for j in range(1, squad + 1)]) for k in range(1, t + 1)]
    if reserves:
        tags.add("reserves")
    if p.system == "swiss":
        rounds = p.rounds
        schedule: list[list[tuple[int, int]]] = []
    else:
        base = berger(t)
        schedule = base + ([[(y, x) for x, y in rnd] for rnd in base] if p.double else [])
        rounds = len(schedule)
        if p.double:
            tags.add("double-round-robin")
    for x in players:
        x.fields = [None] * rounds
    byes_240: list[tuple[str, int, list[int]]] = []
    forfeits_330: list[tuple[str, int, int, int]] = []
    lineups: list[tuple[int, int, int, list[int]]] = []
    pab_rounds: dict[int, int] = {}
    pab_320 = "team_pab_320" in p.options and p.leftover == "U"
    zero_reserves = "reserves_zero_bye" in p.options and reserves > 0
    met: set[frozenset[int]] = set()
    had_pab: set[int] = set()
    played_rounds = rounds
    for r in range(1, rounds + 1):
        if p.system == "round-robin":
            pairs = schedule[r - 1]
        else:
            active = list(range(1, t + 1))
            if "team_byes_240" in p.options:
                for k in list(active):
                    if rng.random() < 0.08:
                        active.remove(k)
                        byes_240.append((rng.choice("HFZ"), r, [k]))
                        tags.add("team-bye-240")
            rng.shuffle(active)
            bye: int | None = None
            if len(active) % 2:
                fresh = [k for k in active if k not in had_pab]
                bye = (fresh or active)[-1]
                active.remove(bye)
            found = _match(active, met)
            if found is None:
                played_rounds = r - 1
                break
            if bye is not None:
                had_pab.add(bye)
                if p.leftover == "U" and pab_320:
                    pab_rounds[r] = bye
                    tags.add("team-pab-320")
                elif p.leftover == "U":
                    for member in teams[bye - 1].members[:b]:
                        players[member - 1].fields[r - 1] = Field(0, "-", "U")
                    tags.add("team-pab")
                else:
                    byes_240.append(("Z", r, [bye]))
                    tags.add("team-bye-240")
            pairs = [(x, y) if rng.random() < 0.5 else (y, x) for x, y in found]
        fielded: dict[int, list[int]] = {}
        for home, away in pairs:
            met.add(frozenset((home, away)))
            written = _team_match(p, rng, r, teams[home - 1], teams[away - 1], players, forfeits_330, tags, fielded)
            lineups += written
        if zero_reserves:
            for team_number, line in fielded.items():
                for m in teams[team_number - 1].members:
                    if m not in line and players[m - 1].fields[r - 1] is None and rng.random() < 0.7:
                        players[m - 1].fields[r - 1] = Field(0, "-", "-")
                        tags.add("reserve-zero-bye")
    if played_rounds < rounds:
        for x in players:
            x.fields = x.fields[:played_rounds]
        byes_240 = [y for y in byes_240 if y[1] <= played_rounds]
        forfeits_330 = [y for y in forfeits_330 if y[1] <= played_rounds]
        lineups = [y for y in lineups if y[0] <= played_rounds]
        pab_rounds = {k: v for k, v in pab_rounds.items() if k <= played_rounds}
        rounds = played_rounds
    _played_last_round(players, rounds, teams, forfeits_330)
    _blank_points(players, p, rng, tags)
    event = Event(
        "team",
        p.system,
        rounds,
        p.rules,
        "",
        p.scoring,
        players,
        teams=teams,
        team_record=p.team_record,
        byes_240=byes_240,
        forfeits_330=forfeits_330,
        features=tags,
        boards=b,
        lineups_300=lineups,
    )
    if pab_rounds:
        mp, gp = rng.choice([(Fraction(1), Fraction(b)), (Fraction(2), Fraction(b)), (Fraction(1), Fraction(b, 2))])
        event.pab_320 = (mp, gp, pab_rounds)
    if "record_352" in p.options and rng.random() < 0.5:
        event.record_352 = True
        tags.add("record-352")
    elif _most_games(event) < b:
        # every match has a board without an opponent: without 352 the reference counts
        # a board less (the most games with an opponent of a team in a round) and cuts
        # every match to it (docs/reference.md)
        event.record_352 = True
        tags.add("record-352-needed")
    if "records_299" in p.options and rounds:
        event.abnormal_299 = _records_299(event, rng, tags)
    return event


def _records_299(
    event: Event, rng: random.Random, tags: set[str]
) -> list[tuple[str, Fraction | None, Fraction | None, int, list[int]]]:
    """A few ``299`` records: points added or deducted (a round, or 999: the final
    score only), and result letters for a team's match of a round."""
    out: list[tuple[str, Fraction | None, Fraction | None, int, list[int]]] = []
    t, b = len(event.teams), event.boards
    matches = _matches_of(event)
    for _ in range(rng.randint(1, 2)):
        kind = rng.choice(["adjust", "adjust", "final", "letter"])
        team = rng.randint(1, t)
        if kind == "letter":
            played = [(r, own) for (r, own) in matches if own == team] or list(matches)
            if not played:
                continue
            rnd, team = rng.choice(played)
            letter = rng.choice("WDL")
            mp = {"W": Fraction(2), "D": Fraction(1), "L": Fraction(0)}[letter]
            gp = Fraction(rng.randint(0, 2 * b), 2)
            out.append((letter, mp, gp, rnd, [team]))
            tags.add("record-299-letter")
        else:
            mp = Fraction(rng.choice([-2, -1, 0, 1]))
            gp = Fraction(rng.choice([-4, -2, -1, 1, 2]), 2)
            rnd = 999 if kind == "final" else rng.randint(1, event.rounds)
            out.append((" ", mp, gp, rnd, [team]))
            tags.add("record-299-final" if kind == "final" else "record-299-adjustment")
    return out


def _most_games(event: Event) -> int:
    """The most games with an opponent a team has in one round (the reference's number
    of boards without a ``352`` record)."""
    team_of = {m: team.number for team in event.teams for m in team.members}
    count: dict[tuple[int, int], int] = {}
    for x in event.players:
        for r, f in enumerate(x.fields, 1):
            if f is not None and f.opponent > 0:
                count[r, team_of[x.number]] = count.get((r, team_of[x.number]), 0) + 1
    return max(count.values(), default=0)


def _matches_of(event: Event) -> set[tuple[int, int]]:
    """``(round, team)`` of every team with a match of boards in that round."""
    team_of = {m: team.number for team in event.teams for m in team.members}
    return {
        (r, team_of[x.number])
        for x in event.players
        for r, f in enumerate(x.fields, 1)
        if f is not None and f.opponent > 0
    }


def _played_last_round(
    players: list[Player], rounds: int, teams: list[Team], forfeits_330: list[tuple[str, int, int, int]]
) -> None:
    """Make one board of the last round a game played over the board, if none is: the
    reference sizes its team rounds by the last round with such a game and crashes on a
    later round (an IndexError reading a team event whose last round is all forfeits)."""
    games = [(x, f) for x in players for f in x.fields[rounds - 1 : rounds] if f is not None and f.opponent > 0]
    if not games or any(f.result in "10=WDL" for _, f in games):
        return
    white, mine = next((x, f) for x, f in games if f.colour == "w")
    theirs = players[mine.opponent - 1].fields[rounds - 1]
    assert theirs is not None
    mine.result, theirs.result = "1", "0"
    team_of = {m: team.number for team in teams for m in team.members}
    pair = {team_of[white.number], team_of[mine.opponent]}
    forfeits_330[:] = [f for f in forfeits_330 if not (f[1] == rounds and {f[2], f[3]} == pair)]


def _lineup(p: Params, rng: random.Random, team: Team, boards: int, tags: set[str]) -> tuple[list[int], bool]:
    """The team's players on boards 1..``boards`` this round (0: an empty board), and
    whether the line-up differs from the team's order (then a ``300`` record must say it)."""
    members = team.members
    out = list(members[:boards])
    if len(members) > boards and rng.random() < 0.6:
        out = rng.sample(members, boards)
        if rng.random() < 0.5:
            out.sort()
        if out != sorted(out):
            tags.add("board-change")
        if set(out) != set(members[:boards]):
            tags.add("reserve-fielded")
    return out, out != list(members[:boards])


def _team_match(
    p: Params,
    rng: random.Random,
    r: int,
    home: Team,
    away: Team,
    players: list[Player],
    forfeits_330: list[tuple[str, int, int, int]],
    tags: set[str],
    fielded: dict[int, list[int]],
) -> list[tuple[int, int, int, list[int]]]:
    """Board k: the k-th players of the two teams' line-ups; the home team has white on
    odd boards. Codes are the home player's and the away player's (``""``: no field,
    the player absent; a code alone: without an opponent). Returns the ``300`` records
    of the match."""
    boards = p.boards
    (hl, h_moved), (al, a_moved) = _lineup(p, rng, home, boards, tags), _lineup(p, rng, away, boards, tags)
    codes: list[tuple[str, str]] = []
    alone: list[bool] = [False] * boards
    if "forfeited_matches" in p.options and rng.random() < 0.1:
        if "double_forfeits" in p.options and rng.random() < 0.3:
            whole = ("-", "-")
            tags.add("double-forfeited-match")
        else:
            whole = rng.choice([("+", "-"), ("-", "+")])
            tags.add("forfeited-match")
        codes = [whole] * boards
        if "records_330" in p.options and rng.random() < 0.5:
            forfeits_330.append((whole[0] + whole[1], r, home.number, away.number))
            tags.add("record-330")
    elif "mixed_forfeit_matches" in p.options and rng.random() < 0.08:
        # every board forfeited, both ways (so no team forfeited the match)
        codes = [rng.choice([("+", "-"), ("-", "+")]) for _ in range(boards)]
        codes[0], codes[1] = ("+", "-"), ("-", "+")
        rng.shuffle(codes)
        won = sum(c[0] == "+" for c in codes)
        tags.add("mixed-forfeit-match-drawn" if 2 * won == boards else "mixed-forfeit-match")
    else:
        options = p.options - {"forfeits", "double_forfeits", "one_sided"}
        for _ in range(boards):
            if "partial_forfeits" in p.options and rng.random() < 0.15:
                codes.append(rng.choice([("+", "-"), ("-", "+")]))
            else:
                codes.append(_result(options, rng, tags))
        if "board_byes" in p.options:
            for k in range(boards):
                if rng.random() < 0.12:
                    win = rng.choice([("+", "-"), ("+", ""), ("-", "-")])
                    codes[k] = win if rng.random() < 0.5 else (win[1], win[0])
                    alone[k] = True
                    tags.add("board-bye-" + {"+-": "won-lost", "+": "won-absent", "--": "both-lost"}[win[0] + win[1]])
        if "absent_players" in p.options:
            for k in range(boards):
                if rng.random() < 0.1:
                    side = rng.randrange(2)
                    (hl if side == 0 else al)[k] = 0
                    codes[k] = ("", "+") if side == 0 else ("+", "")
                    alone[k] = True
                    tags.add("empty-board")
        played = [k for k in range(boards) if not alone[k] and codes[k][0] not in "+-"]
        if not played:  # keep a board played: a match of forfeits only is mixed_forfeit_matches
            k = boards - 1
            if hl[k] == 0 or al[k] == 0:
                hl[k] = hl[k] or next(m for m in home.members if m not in hl)
                al[k] = al[k] or next(m for m in away.members if m not in al)
            codes[k] = _result(options, rng, tags)
            alone[k] = False
        if any(c[0] in "+-" for c, a in zip(codes, alone, strict=True) if not a):
            tags.add("partial-forfeit")
    for board in range(1, boards + 1):
        x, y = hl[board - 1], al[board - 1]
        hc, ac = codes[board - 1]
        if alone[board - 1]:
            if x and hc:
                players[x - 1].fields[r - 1] = Field(0, "-", hc)
            if y and ac:
                players[y - 1].fields[r - 1] = Field(0, "-", ac)
            hl[board - 1], al[board - 1] = x if hc else 0, y if ac else 0  # an absent player: an empty board
        elif board % 2:
            _set_game(players, r, x, y, (hc, ac))
        else:
            _set_game(players, r, y, x, (ac, hc))
    fielded[home.number], fielded[away.number] = hl, al
    written: list[tuple[int, int, int, list[int]]] = []
    both = any(alone) and (0 in hl or 0 in al or "implicit_board_byes" not in p.options)
    if both:
        tags.add("board-bye-with-lineups")
    elif any(alone):
        tags.add("board-bye-without-lineups")
    if "lineups_300" in p.options or both:
        for team, other, line, moved in ((home, away, hl, h_moved), (away, home, al, a_moved)):
            if both or moved or rng.random() < 0.5:
                written.append((r, team.number, other.number, list(line)))
                tags.add("record-300")
    return written


# -- TRF ------------------------------------------------------------------------------------


_WIN_CODES, _DRAW_CODES = set("1W+FU"), set("=DH")


def entry_points(code: str, scoring: str) -> Fraction:
    """The points of one result code on a ``001`` line (a PAB is worth a win)."""
    win, draw, loss = SCORINGS[scoring]
    return win if code in _WIN_CODES else draw if code in _DRAW_CODES else loss if code in "0L" else Fraction(0)


def line_points(player: Player, scoring: str) -> Fraction:
    """The sum of the player's ``001`` entries (what the reference checks the points column against)."""
    return sum((entry_points(f.result, scoring) for f in player.fields if f is not None), Fraction(0))


def _decimal(x: Fraction) -> str:
    assert (x * 10).denominator == 1
    return f"{float(x):.1f}"


def record_001(player: Player, points: str, rank: int) -> str:
    """A ``001`` line: start number 5-8, name 15-47, rating 49-52, points 81-84, rank
    86-89, then ten columns per round from column 90: two blanks, opponent (92-95),
    blank, colour (97), blank, result (99)."""
    rating = "" if player.rating_blank else str(player.rating)
    head = f"001 {player.number:>4} m    {player.name:<33.33} {rating:>4} NOR {'':>11} {'':10} {points:>4} {rank:>4}"
    assert len(head) == 89 and head[80:84] == f"{points:>4}" and head[48:52] == f"{rating:>4}"
    parts = [head]
    for f in player.fields:
        parts.append(" " * 10 if f is None else f"  {f.opponent:04d} {f.colour} {f.result}")
    line = "".join(parts)
    return line.rstrip() if player.line_ends else line


def record_162(scoring: str) -> str:
    """``162``: a symbol every nine columns from column 6, its points in the four columns after it."""
    win, draw, loss = SCORINGS[scoring]
    symbols = [("W", win), ("D", draw), ("L", loss), ("P", win)]
    return "162 " + "".join(f" {s}{_decimal(v):>4}   " for s, v in symbols).rstrip()


def _ranks(values: list[tuple[Fraction, ...]]) -> list[int]:
    order = sorted(range(len(values)), key=lambda k: (tuple(-v for v in values[k]), k))
    ranks = [0] * len(values)
    for pos, k in enumerate(order, 1):
        ranks[k] = pos
    return ranks


def team_totals(event: Event) -> list[tuple[Fraction, Fraction]]:
    """Each team's match points (2-1-0) and game points, as the ``310`` record declares
    them: its matches (boards won without an opponent included), its byes, not its
    ``299`` points (the reference's 310 totals leave them out)."""
    b = event.boards
    team_of = {m: team.number for team in event.teams for m in team.members}
    totals = [[Fraction(0), Fraction(0)] for _ in event.teams]
    for r in range(event.rounds):
        games: dict[tuple[int, int], list[Fraction]] = {}
        alone: dict[int, Fraction] = {}
        pab: set[int] = set()
        for x in event.players:
            f = x.fields[r] if r < len(x.fields) else None
            if f is None:
                continue
            own = team_of[x.number]
            if f.opponent == 0:
                if f.result == "U":
                    pab.add(own)
                else:
                    alone[own] = alone.get(own, Fraction(0)) + entry_points(f.result, "1-0.5-0")
                continue
            games.setdefault((own, team_of[f.opponent]), [Fraction(0), Fraction(0)])
            games[own, team_of[f.opponent]][0] += entry_points(f.result, "1-0.5-0")
        for (own, other), (gp, _) in games.items():
            gp += alone.get(own, Fraction(0))
            theirs = games[other, own][0] + alone.get(other, Fraction(0))
            mp = 2 if gp > theirs else 1 if gp == theirs and gp > 0 else 0
            totals[own - 1][0] += mp
            totals[own - 1][1] += gp
        for team in pab:
            totals[team - 1][0] += 1
            totals[team - 1][1] += b
        if event.pab_320 is not None and r + 1 in event.pab_320[2]:
            team = event.pab_320[2][r + 1]
            totals[team - 1][0] += event.pab_320[0]
            totals[team - 1][1] += event.pab_320[1]
        for kind, rnd, numbers in event.byes_240:
            if rnd == r + 1:
                for team in numbers:
                    bye_mp, bye_gp = {"F": (2, Fraction(b)), "H": (1, Fraction(b, 2))}.get(kind, (0, Fraction(0)))
                    totals[team - 1][0] += bye_mp
                    totals[team - 1][1] += bye_gp
    return [(mp, gp) for mp, gp in totals]


def record_299(letter: str, mp: Fraction | None, gp: Fraction | None, rnd: int, teams: Sequence[int]) -> str:
    """A TRF-2026 ``299`` record: type (column 5), match points (8-11), game points
    (14-17), round (20-22, blank: none), team numbers from column 24, every five columns.

    >>> record_299(" ", Fraction(-1), Fraction(-2), 2, [1])
    '299    -1.0  -2.0    2    1'
    """
    mp_text = "" if mp is None else f"{float(mp):.1f}"
    gp_text = "" if gp is None else f"{float(gp):.1f}"
    line = f"299 {letter[:1] or ' '}  {mp_text:>4}  {gp_text:>4}  {rnd or '':>3} " + " ".join(f"{k:>4}" for k in teams)
    assert line[4] == (letter or " ") and line[19:22].strip() == (str(rnd) if rnd else "")
    return line.rstrip()


def record_300(rnd: int, team: int, other: int, order: Sequence[int]) -> str:
    """A ``300`` line-up: round (5-7), team (9-11), opponent (13-15), start numbers in
    board order every five columns from 17 (0: an empty board).

    >>> record_300(1, 16, 4, [242, 0])
    '300   1  16   4  242    0'
    """
    return f"300 {rnd:>3} {team:>3} {other:>3} " + " ".join(f"{k:>4}" for k in order)


def record_320(mp: Fraction, gp: Fraction, teams: dict[int, int], rounds: int) -> str:
    """``320``: match points (5-8), game points (10-13), then round k's team in columns
    15+4(k-1) to 17+4(k-1) (blank: no pairing-allocated bye that round).

    >>> record_320(Fraction(2), Fraction(1), {1: 5, 3: 2}, 3)
    '320  2.0  1.0   5       2'
    """
    cells = "".join(f"{teams[k]:>3} " if k in teams else "    " for k in range(1, rounds + 1))
    return f"320 {float(mp):4.1f} {float(gp):4.1f} {cells}".rstrip()


def to_trf(event: Event) -> str:
    """The event as TRF: ``012``, ``042`` (start date: the rules edition), ``092``
    (type), ``XXR``, ``162`` (when the scoring is not 1-½-0), the ``001`` lines, the
    team records (``013`` or ``310``), ``240`` byes and ``330`` forfeited matches."""
    kind = "Individual" if event.kind == "individual" else "Team"
    system = "Swiss-System" if event.system == "swiss" else "Round-Robin"
    lines = [f"012 {event.title}", f"042 {event.start_date}", f"092 {kind}: {system}", f"XXR {event.rounds}"]
    if event.scoring != "1-0.5-0":
        lines.append(record_162(event.scoring))
    if event.record_352:
        lines.append("352 " + ("WB" * event.boards)[: event.boards])
    scoring = event.scoring if event.kind == "individual" else "1-0.5-0"
    points = [line_points(x, scoring) for x in event.players]
    ranks = _ranks([(v,) for v in points])
    for x, pts, rank in zip(event.players, points, ranks, strict=True):
        lines.append(record_001(x, "" if x.points_blank else _decimal(pts), rank))
    if event.kind == "team":
        totals = team_totals(event)
        team_ranks = _ranks([(mp, gp) for mp, gp in totals])
        for team, (mp, gp), rank in zip(event.teams, totals, team_ranks, strict=True):
            members = " ".join(f"{m:>4}" for m in team.members)
            if event.team_record == "013":
                lines.append(f"013 {team.name:<32}{members}")
            else:
                mp_text, gp_text = f"{float(mp):6.1f}", f"{float(gp):6.1f}"
                lines.append(
                    f"310 {team.number:>3} {team.name:<32} {'':5} {'':6} {mp_text} {gp_text} {rank:>3}  {members}"
                )
    for kind_code, rnd, numbers in event.byes_240:
        lines.append(f"240 {kind_code} {rnd:>3} " + " ".join(f"{k:>4}" for k in numbers))
    for kind_code, rnd, white, black in event.forfeits_330:
        lines.append(f"330 {kind_code} {rnd:>3} {white:>3} {black:>3}")
    if event.pab_320 is not None:
        lines.append(record_320(*event.pab_320, event.rounds))
    for rnd, team_number, other, order in event.lineups_300:
        lines.append(record_300(rnd, team_number, other, order))
    for letter, mp, gp, rnd, numbers in event.abnormal_299:
        lines.append(record_299(letter, mp, gp, rnd, numbers))
    return "\n".join(lines) + "\n"
