"""The one tournament model: participants, games with results, a scoring system.

Every reader builds a :class:`Tournament`; every coefficient reads one. Games are
stored column-wise (NumPy arrays) so that a 1,000-player round robin
(499,500 games) costs a few megabytes and is processed without Python loops.

A game's two *scores* are what the source table holds for each side, in integer
units of ``1/score_denominator``:

- ``kind="result"``: the result of an individual game (1, ½, 0 in chess notation,
  or 2, 1, 0 in a draughts table); the outcome is win, draw or loss;
- ``kind="game_points"``: the game points of a team match (``1½ : ½``); the
  outcome of the match decides the match points, the game points are kept;
- ``kind="goals"``: the goals of a football match (``2:1``).

The *outcome* (win, draw, loss) of each side follows from comparing the two
scores, except for forfeits, where it is recorded (a double forfeit is a loss for
both). Points come from the :class:`Scoring` applied to the outcomes.
"""

from __future__ import annotations

import dataclasses
import functools
import math
import numbers
import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Generic, Literal, TypeVar

import numpy as np
from numpy.typing import NDArray

from crosstable.codes import DRAW as DRAW  # re-exported: the outcome and status codes (crosstable.codes)
from crosstable.codes import FORFEIT as FORFEIT
from crosstable.codes import LOSS as LOSS
from crosstable.codes import PENDING as PENDING
from crosstable.codes import PLAYED as PLAYED
from crosstable.codes import WIN as WIN
from crosstable.errors import CrosstableError, printable
from crosstable.fields import (
    ANY_ROUND,
    GOALS,
    INT64,
    ROUND,
    ArgumentError,
    Range,
    argument_error,
    as_whole,
    check_type,
    indices_argument,
    is_whole,
    text_argument,
    texts_argument,
    whole_argument,
)
from crosstable.i18n import N_, _, integer_text, ngettext
from crosstable.names import name_key
from crosstable.numbers import count, fmt_decimal, parse_number, rounds_text, show_decimal

_T = TypeVar("_T")
_W = TypeVar("_W")

IntArray = NDArray[np.int64]

STATUS_NAMES = {PLAYED: "played", FORFEIT: "forfeit", PENDING: "pending"}
SYSTEMS = ("round-robin", "swiss", "pre-determined")
"""The systems an event is ranked by (:attr:`Tournament.system`)."""

ScoreKind = Literal["result", "game_points", "goals"]
SCORE_KINDS = ("result", "game_points", "goals")

DENOMINATOR = Range(1, 10**6, N_("{cell} is not a score denominator from {low} to {high}"))
"""A tournament's ``score_denominator``: scores are stored in units of its inverse."""
STATUS = Range(PLAYED, PENDING, N_("{cell} is not a game status from {low} to {high} (played, forfeit, pending)"))
OUTCOME = Range(-1, WIN, N_("{cell} is not an outcome code from {low} to {high} (none, loss, draw, win)"))
# TRANSLATORS: what a library argument must be (kept short; a Python name such as Game stays as it is)
A_SCORING = N_("a scoring (crosstable.Scoring, or its name such as 'chess')")
A_GAME = N_("a game: a Game, or a tuple (white, black, result[, round]) of names and a result such as '1-0'")
GAMES = N_("a list of games")
A_COLUMN = N_("a list of whole numbers, one per game")
SIX_COLUMNS = N_("six columns: white, black, white's score, black's score, round, status")
A_KIND = N_("one of 'result', 'game_points', 'goals'")
A_VALUE = N_("a whole number or a fraction (int, Fraction)")
A_TOURNAMENT = N_("a tournament (crosstable.Tournament)")
SCORE_VALUE = N_("a score from 0 to {most} (an int or a Fraction whose denominator is at most 1000)")


def column_argument(value: object, name: str, rng: Range = INT64) -> IntArray:
    """A column of whole numbers (one per game) as ``int64``, each in ``rng``; an
    :class:`ArgumentError` naming the column and the first value refused otherwise.
    A NumPy array is not copied; its check is one minimum and one maximum (``O(m)``)."""
    try:
        arr = value if isinstance(value, np.ndarray) else np.asarray(value)
    except (ValueError, TypeError, OverflowError):  # a ragged list, an object NumPy cannot hold
        raise argument_error(name, _(A_COLUMN), value) from None
    if arr.ndim != 1 or (arr.size and arr.dtype.kind not in "iu"):
        items = arr.tolist() if arr.ndim == 1 else [value]
        raise argument_error(name, _(A_COLUMN), next((x for x in items if as_whole(x) is None), value))
    if not arr.size:
        return np.zeros(0, dtype=np.int64)
    if arr.dtype.kind == "u" and int(arr.max()) > rng.high:
        whole_argument(int(arr.max()), rng, name)
    out = arr.astype(np.int64, copy=False)
    if rng is not INT64 and (int(out.min()) < rng.low or int(out.max()) > rng.high):
        k = int(np.flatnonzero((out < rng.low) | (out > rng.high))[0])
        whole_argument(int(out[k]), rng, f"{name}[{k}]")
    return out


def tournament_argument(t: object, name: str = "t") -> Tournament:
    """``t`` when it is a :class:`Tournament`, else an :class:`ArgumentError`."""
    return check_type(t, Tournament, name, A_TOURNAMENT)


def _value_argument(value: object, name: str) -> Fraction:
    """A scoring's or a game's number: an ``int`` or a ``Fraction`` (no ``bool``, no ``float``)."""
    return Fraction(check_type(value, numbers.Rational, name, A_VALUE))


_FORFEITS = {
    "+-": (Fraction(1), Fraction(0)),
    "-+": (Fraction(0), Fraction(1)),
    "--": (Fraction(0), Fraction(0)),
}
_SPLIT = re.compile(r"^\s*(.+?)\s*(?::|-(?=\s*[\d½+\-]))\s*(.+?)\s*$")
_AWARDED = re.compile(r"\s*(?:\(?(?:awd|awarded|aw|w/o|wo|forfeit|ff)\)?)\s*$", re.IGNORECASE)


MAX_SCORE = GOALS.high
"""The largest score a result may give one side (goals, game points): beyond, a typo."""


class GroupBook(Generic[_W]):
    """Each team's group as a competition's matches give it: the first match a team
    plays sets its group; a later match in another group is a clash (a team plays in
    one group). ``where`` is how a reader points at a match (a line, a JSON path)."""

    def __init__(self) -> None:
        self.first: dict[str, tuple[str, _W]] = {}

    def place(self, team: str, group: str, where: _W) -> tuple[str, _W] | None:
        """``None``, or the team's group and where it was set when this match puts it
        in another."""
        known = self.first.setdefault(team, (group, where))
        return None if known[0] == group else known

    def of(self, team: str) -> str:
        return self.first[team][0]


def spelled_twice(names: Sequence[str]) -> list[tuple[str, str]]:
    """The names that differ from an earlier one only in case or spacing (``japan``
    beside ``Japan``, a doubled space), each with that earlier spelling: one participant
    written two ways, not a participant more.

    >>> spelled_twice(["Japan", "Senegal", "japan", "Senegal "])
    [('japan', 'Japan'), ('Senegal ', 'Senegal')]
    """
    first: dict[str, str] = {}
    return [(name, known) for name in names if (known := first.setdefault(name_key(name), name)) != name]


def group_labels(groups: Sequence[str]) -> list[str]:
    """The distinct groups in order: ``A`` before ``B``, ``2`` before ``10``.

    >>> group_labels(["B", "10", "A", "2", "B"])
    ['2', '10', 'A', 'B']
    """

    def key(label: str) -> list[tuple[int, int | str]]:
        return [(0, int(x)) if is_whole(x) else (1, x) for x in re.split(r"([0-9]{1,18})", label) if x]

    return sorted(set(groups), key=key)


def normal_group(label: str) -> str:
    """A group's label without the word ``group`` (``Group A``, ``A``, ``group a`` are ``A``).

    >>> normal_group(" Group b "), normal_group("Gruppe 3"), normal_group("North")
    ('B', '3', 'North')
    """
    text = " ".join(label.split())
    for word in ("group", "gruppe", "grupo", "groupe", "csoport", "група", "группа", "pool"):
        if text.lower().startswith(word + " "):
            text = text[len(word) + 1 :]
            break
    return text.upper() if len(text) == 1 else text


@functools.lru_cache(maxsize=4096)  # a few distinct result texts make up every list
def parse_result(text: str) -> tuple[Fraction, Fraction, int] | None:
    """Both sides' scores and the game's status, or ``None`` if unreadable: the
    notation of one game's result, shared by every reader.

    >>> parse_result("1-0"), parse_result("½-½")[:2], parse_result("2:1")[:2]
    ((Fraction(1, 1), Fraction(0, 1), 0), (Fraction(1, 2), Fraction(1, 2)), (Fraction(2, 1), Fraction(1, 1)))
    >>> parse_result("1/2-1/2")[:2], parse_result("+-"), parse_result("*")
    ((Fraction(1, 2), Fraction(1, 2)), (Fraction(1, 1), Fraction(0, 1), 1), (Fraction(0, 1), Fraction(0, 1), 2))
    >>> parse_result("3:0 awd")  # an awarded result (walkover): status forfeit
    (Fraction(3, 1), Fraction(0, 1), 1)
    """
    t = text.strip().replace("–", "-").replace("−", "-")
    awarded = _AWARDED.search(t)
    if awarded and awarded.start() > 0:
        inner = parse_result(t[: awarded.start()])
        return None if inner is None or inner[2] == PENDING else (inner[0], inner[1], FORFEIT)
    t = t.replace(" ", "")
    if t in ("", "*", "?", "."):
        return (Fraction(0), Fraction(0), PENDING)
    if t == "=":
        return (Fraction(1, 2), Fraction(1, 2), PLAYED)
    compact = t.replace(":", "").replace("/", "")
    if compact in _FORFEITS:
        a, b = _FORFEITS[compact]
        return (a, b, FORFEIT)
    m = _SPLIT.match(t)
    if not m:
        return None
    x, y = parse_number(m.group(1)), parse_number(m.group(2))
    if x is None or y is None or x < 0 or y < 0 or max(x, y) > MAX_SCORE or max(x.denominator, y.denominator) > 1000:
        return None
    return (x, y, PLAYED)


def add_exact(total: IntArray, den: int, extra: Sequence[tuple[int, Fraction]]) -> tuple[IntArray, int]:
    """``total / den`` with exact amounts added to some participants (byes' points,
    adjustments), in the smallest common unit that holds them all: ``(numerators,
    denominator)``.

    >>> add_exact(np.array([2, 1]), 2, [(1, Fraction(1, 3))])
    (array([6, 5]), 6)
    """
    if not extra:
        return total, den
    common = math.lcm(den, *(v.denominator for _, v in extra))
    total = total * (common // den)
    for i, v in extra:
        total[i] += int(v * common)
    return total, common


@dataclass(frozen=True)
class Scoring:
    """Points for a win, a draw and a loss.

    >>> Scoring.parse("chess")
    Scoring('chess': 1-1/2-0)
    >>> Scoring.parse("3:1:0").points(WIN)
    Fraction(3, 1)
    """

    win: Fraction
    draw: Fraction
    loss: Fraction
    name: str = "custom"

    def __post_init__(self) -> None:
        for attr in ("win", "draw", "loss"):
            object.__setattr__(self, attr, _value_argument(getattr(self, attr), attr))
        text_argument(self.name, "name")
        for value in (self.win, self.draw, self.loss):
            if abs(value) > 1000 or value.denominator > 1000:
                written = f"{fmt_decimal(self.win)}:{fmt_decimal(self.draw)}:{fmt_decimal(self.loss)}"
                raise CrosstableError(
                    # TRANSLATORS: {scoring} is a scoring written W:D:L (points for a win, a draw, a loss).
                    _(
                        "scoring {scoring}: each value must be a number from -1000 to 1000 with at most 1000 "
                        "as its denominator"
                    ).format(scoring=written)
                )
        if not (self.win >= self.draw >= self.loss and self.win > self.loss):
            written = f"{fmt_decimal(self.win)}:{fmt_decimal(self.draw)}:{fmt_decimal(self.loss)}"
            raise CrosstableError(
                _(
                    "scoring {scoring}: a win must be worth more than a loss, and a draw neither more than a win "
                    "nor less than a loss"
                ).format(scoring=written)
            )

    @classmethod
    def parse(cls, text: str) -> Scoring:
        """A preset name (``chess``, ``draughts``, ``football``, ``team``, ``go``: a win 1, a
        jigo ½) or ``W:D:L``."""
        key = check_type(text, str, "scoring", A_SCORING).strip().lower()
        if key in PRESET_SCORING:
            return PRESET_SCORING[key]
        parts = [p for p in key.replace("-", ":").split(":")]
        values = [parse_number(p) for p in parts]
        if len(values) != 3 or any(v is None for v in values):
            names = ", ".join(PRESET_SCORING)
            raise CrosstableError(
                # TRANSLATORS: {presets} are the names of the scorings (chess, draughts …), to keep
                # as they are; W:D:L are the points for a win, a draw and a loss.
                _("scoring {scoring} is neither a preset ({presets}) nor three numbers W:D:L").format(
                    scoring=repr(text), presets=names
                )
            )
        w, d, lo = (v for v in values if v is not None)
        return cls(w, d, lo, name=f"{fmt_decimal(w)}:{fmt_decimal(d)}:{fmt_decimal(lo)}")

    def points(self, outcome: int) -> Fraction:
        """Points for an outcome code (``WIN``, ``DRAW``, ``LOSS``)."""
        return (self.loss, self.draw, self.win)[outcome]

    @property
    def denominator(self) -> int:
        """The smallest unit in which every value of this scoring is an integer."""
        return math.lcm(self.win.denominator, self.draw.denominator, self.loss.denominator)

    def units(self) -> IntArray:
        """``[loss, draw, win]`` in units of ``1/denominator``, indexable by outcome code."""
        d = self.denominator
        return np.array([int(v * d) for v in (self.loss, self.draw, self.win)], dtype=np.int64)

    def as_dict(self) -> dict[str, Fraction]:
        return {"win": self.win, "draw": self.draw, "loss": self.loss}

    def __repr__(self) -> str:
        return f"Scoring({self.name!r}: {self.win}-{self.draw}-{self.loss})"


PRESET_SCORING: dict[str, Scoring] = {
    "chess": Scoring(Fraction(1), Fraction(1, 2), Fraction(0), "chess"),
    "draughts": Scoring(Fraction(2), Fraction(1), Fraction(0), "draughts"),
    "football": Scoring(Fraction(3), Fraction(1), Fraction(0), "football"),
    "team": Scoring(Fraction(2), Fraction(1), Fraction(0), "team"),
    "go": Scoring(Fraction(1), Fraction(1, 2), Fraction(0), "go"),
}


@dataclass(frozen=True)
class Game:
    """One game (or match) as a Python object; the tournament stores them column-wise."""

    white: int
    black: int
    white_score: Fraction
    black_score: Fraction
    round: int = 0
    status: int = PLAYED

    def outcome(self, side: int = 0) -> int:
        """Outcome code for white (``side=0``) or black (``side=1``)."""
        a, b = (self.white_score, self.black_score) if side == 0 else (self.black_score, self.white_score)
        if self.status == FORFEIT and a == b:
            return LOSS
        return WIN if a > b else DRAW if a == b else LOSS


BYE_KINDS = ("pab", "full", "half", "zero", "absent")
"""Unplayed rounds without an opponent: pairing-allocated bye (FIDE C.07 art. 16.2.1),
full-point bye, half-point bye, zero-point bye, absence (not paired)."""


@dataclass(frozen=True)
class Bye:
    """A round a participant did not play and had no opponent, with the points it got."""

    participant: int
    round: int
    kind: str
    points: Fraction
    game_points: Fraction = Fraction(0)
    """Game points the round brings (a team's pairing-allocated bye)."""
    result: int | None = None
    """The outcome it counts as, when not the kind's (a team's bye counts as a drawn match)."""

    @property
    def outcome(self) -> int:
        """As a result: a win for a full point, a draw for a half, a loss for nothing."""
        if self.result is not None:
            return self.result
        return WIN if self.kind in ("pab", "full") else DRAW if self.kind == "half" else LOSS

    @property
    def voluntary(self) -> bool:
        """A voluntary unplayed round (VUR, FIDE C.07 art. 16): every bye but a full-point one."""
        return self.kind not in ("pab", "full")


@dataclass(frozen=True)
class Adjustment:
    """Points added to (negative: deducted from) a participant's score outside its
    games: a league's deduction, an arbiter's award (TRF-2026 ``299`` without a result
    letter). ``round`` 0 applies to the whole event, k from round k on (standings after
    an earlier round leave it out). A ``final`` adjustment counts in the points only
    (TRF round ``999``); the others count in the participant's own score too, which
    its dummy opponents take (FIDE C.07 art. 16). Opponents never see either: their
    Buchholz takes the results."""

    participant: int
    points: Fraction
    round: int = 0
    final: bool = False
    game_points: Fraction = Fraction(0)
    """Game points added as well (a team event's adjustment)."""


@dataclass(frozen=True)
class Playoff:
    """A deciding match between two participants level on points (Serie A's play-off
    for the title or 17th place from 2022/23), played after the league and not
    counted in it: who won it, and its score as the source gives it (``3-1``)."""

    winner: int
    loser: int
    score: str
    date: str = ""


@dataclass
class Boards:
    """The board games behind a team event's matches, one row per match (the
    tournament's games, in order) and one column per board (a player's position in its
    team's list): each team's game points on that board, in units of
    ``1/score_denominator``, whether the board was played over the board, and whether
    there was a game on it at all (a match forfeited as a whole has none)."""

    white: IntArray
    black: IntArray
    played: NDArray[np.bool_]
    present: NDArray[np.bool_]
    size: int = 0
    """How many boards a match has (a team's list may hold reserves beyond them)."""
    win: int = 2
    """A board won, in units of ``1/score_denominator`` (what a bye credits each board with)."""


@dataclass
class Squad:
    """The players behind a team event: the individual event of their board games and
    each team's players in board order (indices into ``players.names``), kept so that
    the event can be written back as it was read."""

    players: Tournament
    members: list[list[int]]
    lineups: dict[tuple[int, int], tuple[int, list[int]]] = field(default_factory=dict)
    """A team's players in board order for one match, where the source gives them (TRF
    ``300``): (round, team) → (opponent team, player indices, −1 for an empty board)."""


@dataclass(frozen=True)
class Cards:
    """A disciplinary record: yellow cards, second yellows (indirect reds), direct
    reds, and yellow cards followed by a direct red."""

    yellow: int = 0
    indirect_red: int = 0
    direct_red: int = 0
    yellow_and_direct_red: int = 0

    def __add__(self, other: Cards) -> Cards:
        return Cards(
            self.yellow + other.yellow,
            self.indirect_red + other.indirect_red,
            self.direct_red + other.direct_red,
            self.yellow_and_direct_red + other.yellow_and_direct_red,
        )


@dataclass(frozen=True)
class Declared:
    """A value printed in the source table (a trailing column), kept for cross-checking."""

    value: Fraction | str
    line: int
    column: int


@dataclass
class Tournament:
    """Participants and their games; the single model every reader produces.

    Build one from Python objects with :meth:`from_games`, or read a file with
    :func:`crosstable.read`.

    >>> t = Tournament.from_games(["Ann", "Bob", "Cid"], [
    ...     ("Ann", "Bob", "1-0"), ("Bob", "Cid", "½-½"), ("Cid", "Ann", "0-1")])
    >>> t
    Tournament(3 participants, 3 games, kind='result', scoring='chess')
    >>> [str(p) for p in t.scores()]
    ['2', '1/2', '1/2']

    Rank it with :func:`crosstable.rank` (the ranking is a layer above the model).
    """

    names: list[str]
    white: IntArray
    black: IntArray
    white_score: IntArray
    black_score: IntArray
    score_denominator: int = 2
    rounds: IntArray | None = None
    status: IntArray | None = None
    kind: ScoreKind = "result"
    scoring: Scoring = field(default_factory=lambda: PRESET_SCORING["chess"])
    source: str | None = None
    ratings: list[int | None] | None = None
    declared: dict[str, dict[int, Declared]] = field(default_factory=dict)
    warnings: list[str] = field(default_factory=list)
    adjustments: list[Adjustment] = field(default_factory=list)
    """Points added or deducted outside the games (see :class:`Adjustment`)."""
    playoffs: list[Playoff] = field(default_factory=list)
    """Deciding matches played after the league between participants level on points
    (see :class:`Playoff`): not counted in the points, read by the criterion ``PO``."""
    numbers: list[int] | None = None
    """The participants' start numbers as the file gives them (TRF ``001``); ``None``:
    their order in the file, from 1."""
    titles: list[str] | None = None
    """Titles (``GM``, ``WIM`` …; empty when none), when the file gives them."""
    federations: list[str] | None = None
    """Federations (``NOR``, ``HUN`` …; empty when none), when the file gives them."""
    sexes: list[str] | None = None
    """Sexes (``M``, ``F``; empty when not given), when the file gives them (TRF ``001``
    column 10: ``m``, ``w`` or ``f``)."""
    birth_years: list[int | None] | None = None
    """Years of birth (``None`` when not given), when the file gives them (TRF ``001``
    columns 70-79)."""
    cards: dict[int, Cards] = field(default_factory=dict)
    """Each participant's disciplinary record over the event."""
    rankings: dict[str, dict[int, Fraction]] = field(default_factory=dict)
    """External rankings by name (``FIFA``, ``QUAL``, ``PSO`` …): a value per participant, lower is better."""
    lots_seed: int | None = None
    """The seed of the drawing of lots (criterion ``LOT``)."""
    byes: list[Bye] = field(default_factory=list)
    """Rounds without an opponent (byes, absences), for events played in rounds."""
    fide_rules: str = "2026"
    """The edition of FIDE C.07 for unplayed rounds: ``2023`` (approved August 2023: a
    dummy opponent with the participant's own score), ``2024`` (in force 1 August 2024;
    it computes as 2023, as the FIDE reference does: one set of rules for both),
    ``2026`` (since 1 March 2026: the dummy's score capped, art. 16.4) or ``virtual``
    (2009-2022: a virtual opponent, unplayed rounds as draws in the opponents' scores)."""
    rounds_total: int | None = None
    """The number of rounds of the event, when known (TRF ``XXR``, or the last round of
    a file's results); every round up to it without a game or a bye is an absence.
    :func:`crosstable.rank` ranks :meth:`live` (the standings after the last round with
    results) unless asked for every announced round."""
    rounds_cut: tuple[int, int] | None = None
    """Set on an event cut before its end (:meth:`after_round`, :meth:`live`): ``(the
    last round with results, the rounds the event announces)`` of the event it was cut
    from, for the standings to say "after round 4 of 9"."""
    start_date: str | None = None
    """The start date as the source gives it (TRF ``042``), kept for export."""
    rules_reason: str | None = None
    """Why :attr:`fide_rules` is the edition it is (the start date read, or its absence)."""
    system_reason: str | None = None
    """Why :attr:`system` is what it is (TRF ``092``, or inferred from the pairings)."""
    scoring_reason: str | None = None
    """Why :attr:`scoring` is what it is (``given``, or what every game's scores say)."""
    format: str | None = None
    """The format the event was read from (``trf``, ``crosstable``, ``games``, ``pgn``, ``json``)."""
    info: dict[str, str] = field(default_factory=dict)
    """Descriptive header records kept as the source gives them (TRF ``012`` event name,
    ``022`` city, ``032`` federation, ``052`` end date, ``102``/``112`` arbiters, ``122``
    time control, ``132`` round dates), by record code."""
    unrated: int | None = None
    """The rating counted for unrated participants in the rating criteria (ARO, TPR, …);
    ``None``: those criteria are undefined as soon as one participant is unrated."""
    outcome_override: IntArray | None = None
    """``(games, 2)`` outcome codes that replace what the scores say, per side (−1: none):
    one-sided results an arbiter decides (``0``/``0`` a double loss, ``=``/``0``)."""
    boards: Boards | None = None
    """A team event's board games (see :class:`Boards`), when the source gives them."""
    squad: Squad | None = None
    """A team event's players (see :class:`Squad`), when the source gives them."""
    criteria: list[str] | None = None
    """The tie-break list the source declares (TRF-2026 ``202``/``212``): the default."""
    groups: list[str] | None = None
    """Each participant's group in a competition played in groups (a games list's
    ``group`` column, openfootball's ``group``); ``None``: one table. A game between
    two groups is refused by the readers."""
    system: str = "round-robin"
    """``round-robin``, ``swiss`` or ``pre-determined`` (pairings fixed before the event,
    not made from the scores: ranked as a round robin is). In a Swiss event unplayed
    rounds (forfeits, byes) follow FIDE C.07 art. 16 (2024): a dummy opponent with the
    participant's own score; in a round robin a forfeit counts as the game's result.
    The readers infer it (TRF ``092``, or the pairings: every pair met once);
    :meth:`with_system` sets it, as the command line's ``--system`` does."""
    go_ranks: list[str] | None = None
    """Go ranks as the source gives them (``5k``, ``1d``, ``3p``), when it gives them
    (the EGD's ``.h9``, OpenGotha's XML)."""
    mcmahon_start: list[Fraction] | None = None
    """Each player's start McMahon score, in a go event ranked by McMahon score
    (:mod:`crosstable.tiebreaks.go`); the go readers add it to the points as well (a
    ``final`` :class:`Adjustment` of round 0), so that the points are the McMahon score.
    ``None``: not a McMahon event (a go Swiss starts everybody at 0)."""
    handicaps: dict[tuple[int, int, int], int] = field(default_factory=dict)
    """The handicap (stones) of go games that had one, by (round, white, black)."""
    clubs: list[str] | None = None
    """Clubs (the EGD's four-letter codes; empty when none), when the file gives them."""
    white_outcome: IntArray = field(init=False, repr=False)
    black_outcome: IntArray = field(init=False, repr=False)

    def __post_init__(self) -> None:
        self._check_arguments()
        m = len(self.white)
        if self.rounds is None:
            self.rounds = np.zeros(m, dtype=np.int64)
        if self.status is None:
            self.status = np.zeros(m, dtype=np.int64)
        self.refresh()
        self._clean_names()
        if len(set(self.names)) != len(self.names):
            dup = next(n for k, n in enumerate(self.names) if n in self.names[:k])
            raise CrosstableError(_("participant name {name} appears twice").format(name=repr(dup)))
        self._check_pairings()

    def _check_arguments(self) -> None:
        """The fields a caller gives, checked before anything reads them (``O(n + m)``):
        names are texts; the game columns whole numbers of one length, indices of a
        participant, rounds 0 to 999, statuses 0 to 2, scores 0 to ``MAX_SCORE`` in
        units of ``1/score_denominator``; see :mod:`crosstable.fields`."""
        names = texts_argument(self.names, "names")
        if not isinstance(self.names, list):
            self.names = names
        n = len(names)
        check_type(self.scoring, Scoring, "scoring", A_SCORING)
        if self.kind not in SCORE_KINDS:
            raise argument_error("kind", _(A_KIND), self.kind)
        den = whole_argument(self.score_denominator, DENOMINATOR, "score_denominator")
        player = Range(0, n - 1, N_("{cell} is not a participant index from {low} to {high}"))
        score = Range(
            0, MAX_SCORE * den, N_("{cell} is not a score from {low} to {high} (in units of 1/score_denominator)")
        )
        self.white = column_argument(self.white, "white", player)
        self.black = column_argument(self.black, "black", player)
        self.white_score = column_argument(self.white_score, "white_score", score)
        self.black_score = column_argument(self.black_score, "black_score", score)
        if self.rounds is not None:
            self.rounds = column_argument(self.rounds, "rounds", ANY_ROUND)
        if self.status is not None:
            self.status = column_argument(self.status, "status", STATUS)
        lengths = {
            len(c)
            for c in (self.white, self.black, self.white_score, self.black_score, self.rounds, self.status)
            if c is not None
        }
        if len(lengths) > 1:
            raise ArgumentError(
                # TRANSLATORS: the six columns of a tournament's games (white, black, …) have different lengths
                _("the game columns must have one length (given {lengths})").format(
                    lengths=", ".join(integer_text(k) for k in sorted(lengths))
                )
            )
        if self.outcome_override is not None:
            over = column_argument(np.asarray(self.outcome_override).ravel(), "outcome_override", OUTCOME)
            if len(over) != 2 * len(self.white):
                raise argument_error("outcome_override", _(A_COLUMN), self.outcome_override)
            self.outcome_override = over.reshape(len(self.white), 2)

    def _clean_names(self) -> None:
        """Control characters (a terminal's escape sequences, a carriage return before a
        spreadsheet formula, a newline that would add a line to an export) are removed
        from the names, with a warning naming each name changed."""
        if all(name.isprintable() for name in self.names):
            return
        cleaned = []
        for name in self.names:
            clean = (
                name if name.isprintable() else " ".join("".join(c if c.isprintable() else " " for c in name).split())
            )
            if clean != name:
                escaped = name.encode("unicode_escape").decode()
                self.warnings.append(
                    _("name {name} had control characters: {cleaned}").format(name=repr(escaped), cleaned=repr(clean))
                )
            cleaned.append(clean)
        self.names = cleaned  # a new list: the reader's own stays as it was

    def _check_pairings(self) -> None:
        """Nobody plays themself; nobody has games against two opponents in one round
        (two games of one pair in a round, a match's games or a play-off, are allowed)."""
        assert self.rounds is not None
        same = np.nonzero(self.white == self.black)[0]
        if len(same):
            g = int(same[0])
            raise CrosstableError(
                _("{name} is paired with themself (round {round})").format(
                    name=self.names[int(self.white[g])], round=int(self.rounds[g])
                )
            )
        numbered = self.rounds > 0
        if not numbered.any():
            return
        width = int(self.rounds.max()) + 1
        n = len(self.names)
        pairs = np.minimum(self.white, self.black) * n + np.maximum(self.white, self.black)
        keys = np.sort(pairs[numbered] * width + self.rounds[numbered])
        keys = keys[np.concatenate([[True], keys[1:] != keys[:-1]])]  # each pair once a round
        pair, when_once = np.divmod(keys, width)
        first, second = np.divmod(pair, n)
        who = np.concatenate([first, second])
        when = np.concatenate([when_once, when_once])
        slots = np.bincount(who * width + when)
        twice = np.nonzero(slots > 1)[0]
        if len(twice):
            i, rnd = divmod(int(twice[0]), width)
            games = np.nonzero(numbered & (self.rounds == rnd) & ((self.white == i) | (self.black == i)))[0]
            others = [self.names[int(self.black[g] if self.white[g] == i else self.white[g])] for g in games]
            raise CrosstableError(
                ngettext(
                    "{name} has {n} game in round {round} (against {opponents})",
                    "{name} has {n} games in round {round} (against {opponents})",
                    len(games),
                ).format(name=self.names[i], n=len(games), round=rnd, opponents=", ".join(others))
            )

    def refresh(self) -> None:
        """Derive each side's outcome from the scores and the status (a double forfeit
        is a loss for both), then apply :attr:`outcome_override`; call it after
        changing the game arrays in place."""
        m = len(self.white)
        assert self.status is not None
        diff = np.sign(self.white_score - self.black_score)
        double_forfeit = (self.status == FORFEIT) & (diff == 0)
        self.white_outcome = np.where(double_forfeit, LOSS, diff + 1).astype(np.int64)
        self.black_outcome = np.where(double_forfeit, LOSS, 1 - diff).astype(np.int64)
        if self.outcome_override is not None:
            over = np.asarray(self.outcome_override, dtype=np.int64).reshape(m, 2)
            self.outcome_override = over
            self.white_outcome = np.where(over[:, 0] >= 0, over[:, 0], self.white_outcome)
            self.black_outcome = np.where(over[:, 1] >= 0, over[:, 1], self.black_outcome)

    # -- construction from Python objects ------------------------------------------
    @classmethod
    def from_games(
        cls,
        names: Sequence[str],
        games: Iterable[Game | tuple[str, str, str] | tuple[str, str, str, int]],
        *,
        scoring: str | Scoring = "chess",
        kind: ScoreKind | None = None,
    ) -> Tournament:
        """Build from names and games given as :class:`Game` objects or tuples
        ``(white, black, result[, round])`` with results like ``"1-0"``, ``"½-½"``,
        ``"2:1"``, ``"+-"`` or ``"*"`` (not played yet).
        """
        names = texts_argument(names, "names")
        sc = scoring if isinstance(scoring, Scoring) else Scoring.parse(scoring)
        if kind is not None and kind not in SCORE_KINDS:
            raise argument_error("kind", _(A_KIND), kind)
        if isinstance(games, str | bytes) or not isinstance(games, Iterable):
            raise argument_error("games", _(GAMES), games)
        index = {n: i for i, n in enumerate(names)}
        rows: list[Game] = []
        for k, g in enumerate(games):
            if isinstance(g, Game):
                rows.append(g)
                continue
            if not isinstance(g, tuple | list) or len(g) not in (3, 4) or not all(isinstance(x, str) for x in g[:3]):
                raise argument_error(f"games[{k}]", _(A_GAME), g)
            w, b, res = g[0], g[1], g[2]
            rnd = whole_argument(g[3], ANY_ROUND, f"games[{k}]: round") if len(g) > 3 else 0
            for who in (w, b):
                if who not in index:
                    raise CrosstableError(
                        _("game {white} - {black}: {name} is not a participant").format(
                            white=printable(w, 40), black=printable(b, 40), name=repr(who)
                        )
                    )
            parsed = parse_result(res)
            if parsed is None:
                raise CrosstableError(
                    _("game {white} - {black}: {result} is not a result").format(white=w, black=b, result=repr(res))
                )
            ws, bs, st = parsed
            rows.append(Game(index[w], index[b], ws, bs, int(rnd), st))
        return cls.from_game_objects(list(names), rows, scoring=sc, kind=kind)

    @classmethod
    def from_game_objects(
        cls,
        names: list[str],
        games: Sequence[Game],
        *,
        scoring: Scoring,
        kind: ScoreKind | None = None,
        source: str | None = None,
    ) -> Tournament:
        try:
            values = {x for g in games for x in (g.white_score, g.black_score)}  # a few distinct scores
        except (TypeError, AttributeError):  # not Game objects, or a score that is a list
            bad = next((g for g in games if not isinstance(g, Game)), games)
            raise argument_error("games", _(A_GAME), bad) from None
        for x in values:
            value = _value_argument(x, "score")
            if not 0 <= value <= MAX_SCORE or value.denominator > 1000:
                raise argument_error("score", _(SCORE_VALUE).format(most=integer_text(MAX_SCORE)), x)
        den = math.lcm(1, *(x.denominator for x in values))
        whole_argument(den, DENOMINATOR, "score_denominator")
        units = {x: int(x * den) for x in values}
        if kind is None:
            kind = infer_kind([(g.white_score, g.black_score) for g in games if g.status == PLAYED], scoring)
        return cls(
            names=names,
            white=np.array([g.white for g in games]),  # checked, and made int64, by __post_init__
            black=np.array([g.black for g in games]),
            white_score=np.array([units[g.white_score] for g in games], dtype=np.int64),
            black_score=np.array([units[g.black_score] for g in games], dtype=np.int64),
            score_denominator=den,
            rounds=np.array([g.round for g in games]),
            status=np.array([g.status for g in games]),
            kind=kind,
            scoring=scoring,
            source=source,
        )

    @classmethod
    def from_columns(
        cls,
        names: list[str],
        columns: Sequence[Sequence[int] | IntArray],
        *,
        score_denominator: int = 2,
        scoring: Scoring | None = None,
        kind: ScoreKind = "result",
        source: str | None = None,
        outcome_override: IntArray | None = None,
    ) -> Tournament:
        """Build from six columns of integers, one entry per game: white, black (indices),
        white's and black's scores (units of ``1/score_denominator``), round, status;
        ``outcome_override`` as :attr:`outcome_override`."""
        if isinstance(columns, str | bytes) or not isinstance(columns, Sequence) or len(columns) != 6:
            raise argument_error("columns", _(SIX_COLUMNS), columns)
        white, black, white_score, black_score, rounds, status = (
            column_argument(c, name)
            for c, name in zip(
                columns, ("white", "black", "white_score", "black_score", "rounds", "status"), strict=True
            )
        )
        if outcome_override is not None:
            over = column_argument(np.asarray(outcome_override).ravel(), "outcome_override", OUTCOME)
            outcome_override = over if (over >= 0).any() else None
        return cls(
            names=names,
            white=white,
            black=black,
            white_score=white_score,
            black_score=black_score,
            score_denominator=score_denominator,
            rounds=rounds,
            status=status,
            kind=kind,
            scoring=scoring or PRESET_SCORING["chess"],
            source=source,
            outcome_override=outcome_override,
        )

    # -- views -----------------------------------------------------------------------
    def __len__(self) -> int:
        return len(self.names)

    def __repr__(self) -> str:
        participants = count(len(self.names), "{n} participant", "{n} participants")
        games = count(len(self.white), "{n} game", "{n} games")
        return f"Tournament({participants}, {games}, kind={self.kind!r}, scoring={self.scoring.name!r})"

    @property
    def games(self) -> list[Game]:
        """The games as Python objects (convenient, not fast)."""
        assert self.rounds is not None and self.status is not None
        d = self.score_denominator
        return [
            Game(int(w), int(b), Fraction(int(ws), d), Fraction(int(bs), d), int(r), int(s))
            for w, b, ws, bs, r, s in zip(
                self.white, self.black, self.white_score, self.black_score, self.rounds, self.status, strict=True
            )
        ]

    def index(self, name: str) -> int:
        """The participant's position, by exact or case-insensitive unique prefix match."""
        if name in self.names:
            return self.names.index(name)
        text_argument(name, "name")
        low = name.casefold()
        hits = [i for i, n in enumerate(self.names) if n.casefold().startswith(low)]
        if len(hits) == 1:
            return hits[0]
        if not hits:
            raise CrosstableError(_("no participant named {name}").format(name=repr(name)))
        raise CrosstableError(
            _("{name} matches several participants: {names}").format(
                name=repr(name), names=", ".join(self.names[i] for i in hits)
            )
        )

    def outcome_counts(self) -> IntArray:
        """``counts[i, k]``: how many of i's games (played or forfeited; not those still
        to be played) ended with outcome k (``LOSS``, ``DRAW``, ``WIN``)."""
        assert self.status is not None
        n = len(self.names)
        w, b, wo, bo = self.white, self.black, self.white_outcome, self.black_outcome
        counted = self.status != PENDING
        if not counted.all():
            w, b, wo, bo = w[counted], b[counted], wo[counted], bo[counted]
        counts = np.bincount(w * 3 + wo, minlength=3 * n) + np.bincount(b * 3 + bo, minlength=3 * n)
        return counts.astype(np.int64).reshape(n, 3)

    def score_units(self, counts: IntArray | None = None) -> tuple[IntArray, int]:
        """Each participant's primary score as ``(numerators, denominator)``: the
        scoring's points for the outcomes (``counts``, from :meth:`outcome_counts` when
        not given), plus the points of every round without an opponent (each bye's
        own) and every :class:`Adjustment`."""
        if counts is None:
            counts = self.outcome_counts()
        extra = [(b.participant, b.points) for b in self.byes if b.points]
        extra += [(a.participant, a.points) for a in self.adjustments]
        return add_exact(counts @ self.scoring.units(), self.scoring.denominator, extra)

    def scores(self) -> list[Fraction]:
        """Each participant's primary score (points, or match points in team events).

        >>> Tournament.from_games(["Ann", "Bob"], [("Ann", "Bob", "½-½")]).scores()
        [Fraction(1, 2), Fraction(1, 2)]
        """
        num, den = self.score_units()
        return [Fraction(int(x), den) for x in num.tolist()]

    @property
    def pending(self) -> int:
        """How many games are still to be played."""
        assert self.status is not None
        return int(np.count_nonzero(self.status == PENDING))

    def select(self, members: Sequence[int], games: NDArray[np.bool_] | None = None) -> Tournament:
        """The event restricted to some participants (in the given order) and the games
        among them (and, with ``games``, only those games where the mask is true): a
        group of a competition, the teams compared across groups. Cards, rankings,
        ratings, adjustments, byes and board games follow their participants; a team
        event's players (:attr:`squad`) do not.

        >>> t = Tournament.from_games(["A", "B", "C"], [("A", "B", "1-0"), ("B", "C", "1-0")])
        >>> t.select([2, 1]).names, t.select([2, 1]).scores()
        (['C', 'B'], [Fraction(0, 1), Fraction(1, 1)])
        """
        assert self.rounds is not None and self.status is not None
        new = {old: k for k, old in enumerate(indices_argument(members, len(self.names), "members"))}
        inside = np.zeros(len(self.names), dtype=bool)
        inside[list(new)] = True
        keep = inside[self.white] & inside[self.black]
        if games is not None:
            keep &= games
        remap = np.full(len(self.names), -1, dtype=np.int64)
        remap[list(new)] = np.arange(len(new))

        def pick(values: list[_T] | None) -> list[_T] | None:
            return None if values is None else [values[i] for i in new]

        return self._games_kept(
            keep,
            names=[self.names[i] for i in new],
            white=remap[self.white[keep]],
            black=remap[self.black[keep]],
            squad=None,
            ratings=pick(self.ratings),
            numbers=pick(self.numbers),
            titles=pick(self.titles),
            federations=pick(self.federations),
            sexes=pick(self.sexes),
            birth_years=pick(self.birth_years),
            groups=pick(self.groups),
            cards={k: self.cards.get(i, Cards()) for i, k in new.items()} if self.cards else {},
            rankings={k: {new[i]: v for i, v in table.items() if i in new} for k, table in self.rankings.items()},
            byes=[dataclasses.replace(b, participant=new[b.participant]) for b in self.byes if b.participant in new],
            adjustments=[
                dataclasses.replace(a, participant=new[a.participant]) for a in self.adjustments if a.participant in new
            ],
            playoffs=[
                Playoff(new[p.winner], new[p.loser], p.score, p.date)
                for p in self.playoffs
                if p.winner in new and p.loser in new
            ],
            go_ranks=pick(self.go_ranks),
            mcmahon_start=pick(self.mcmahon_start),
            clubs=pick(self.clubs),
            handicaps={
                (r, new[w], new[b]): stones for (r, w, b), stones in self.handicaps.items() if w in new and b in new
            },
            declared={},
            warnings=[],
        )

    def group(self, label: str) -> Tournament:
        """One group of a competition as an event of its own (its teams and the games
        among them), its system inferred from its own pairings.

        >>> t = Tournament.from_games(["A", "B", "C", "D"], [("A", "B", "1:0"), ("C", "D", "0:0")])
        >>> t.groups = ["X", "X", "Y", "Y"]
        >>> t.group("Y").names, t.group("Y").system
        (['C', 'D'], 'round-robin')
        """
        assert self.groups is not None
        text_argument(label, "label")
        sub = self.select([i for i, g in enumerate(self.groups) if g == label])
        sub.system, sub.system_reason = infer_system(sub.white, sub.black, len(sub.names))
        return sub

    def _games_kept(self, keep: NDArray[np.bool_], **changes: object) -> Tournament:
        """A copy with only the games where ``keep`` is true (their scores, rounds,
        statuses, one-sided results and board games), and ``changes``."""
        assert self.rounds is not None and self.status is not None
        override = None if self.outcome_override is None else self.outcome_override[keep]
        boards = None
        if self.boards is not None:
            b = self.boards
            boards = Boards(b.white[keep], b.black[keep], b.played[keep], b.present[keep], b.size, b.win)
        games: dict[str, object] = {
            "white": self.white[keep],
            "black": self.black[keep],
            "white_score": self.white_score[keep],
            "black_score": self.black_score[keep],
            "rounds": self.rounds[keep],
            "status": self.status[keep],
            "outcome_override": override,
            "boards": boards,
        }
        return dataclasses.replace(self, **{**games, **changes})  # type: ignore[arg-type]

    def with_system(self, system: str, reason: str) -> Tournament:
        """The event ranked by the rules of ``system`` (:data:`SYSTEMS`) whatever its
        file says or its pairings suggest: a 12-player Swiss of 11 rounds, whose pairings
        look like a round robin's, by Swiss rules (the FIDE reference's ``-s``); an event
        of pre-determined pairings as a round robin (its ``-p``). ``reason`` is named in
        every output's heading."""
        if system not in SYSTEMS:
            raise ValueError(f"system must be one of {', '.join(SYSTEMS)}, not {system!r}")
        return dataclasses.replace(self, system=system, system_reason=reason)

    def after_round(self, k: int) -> Tournament:
        """The event as it stood after round ``k``: the games and byes of rounds 1 to k,
        the adjustments of those rounds (and those of the whole event), ``k`` rounds.

        >>> t = Tournament.from_games(["A", "B", "C"], [("A", "B", "1-0", 1), ("B", "C", "1-0", 2)])
        >>> t.after_round(1).scores()
        [Fraction(1, 1), Fraction(0, 1), Fraction(0, 1)]
        """
        assert self.rounds is not None and self.status is not None
        if as_whole(k) is None or not -ROUND.high <= k <= ROUND.high:
            whole_argument(k, ROUND, "k")  # refused: not a whole number, or far out
        if k < 1:
            # TRANSLATORS: --round is the command line's option, to keep as it is.
            raise CrosstableError(_("--round {round}: rounds are numbered from 1").format(round=k))
        if len(self.rounds) and not self.rounds.any():
            raise CrosstableError(_("--round needs round numbers (a TRF file, or a games list with a round column)"))
        last = max([self.rounds_total or 0, int(self.rounds.max()) if len(self.rounds) else 0])
        if k > last:
            raise CrosstableError(
                ngettext(
                    "--round {round}: the event has {n} round", "--round {round}: the event has {n} rounds", last
                ).format(round=k, n=integer_text(last))
            )
        return self._games_kept(
            self.rounds <= k,
            byes=[b for b in self.byes if b.round <= k],
            adjustments=[a for a in self.adjustments if a.round <= k or a.final],
            rounds_total=k,
            rounds_cut=self.rounds_cut or (self.results_round, self.announced_rounds),
            declared={},
        )

    @property
    def results_round(self) -> int:
        """The last round with results: the highest round of a game played or forfeited
        (a game not played yet, a bye entered ahead, a requested bye, are not results);
        0 when no game has a result or the games have no round numbers.

        >>> t = Tournament.from_games(["A", "B", "C", "D"], [("A", "B", "1-0", 1), ("C", "D", "*", 2)])
        >>> t.results_round
        1
        """
        assert self.rounds is not None and self.status is not None
        done = self.rounds[self.status != PENDING]
        return int(done.max()) if len(done) else 0

    @property
    def announced_rounds(self) -> int:
        """The rounds the event announces: :attr:`rounds_total`, else (or when a game or
        a bye goes beyond it) the highest round of a game, played or not, or of a bye."""
        assert self.rounds is not None
        highest = int(self.rounds.max()) if len(self.rounds) else 0
        return max([self.rounds_total or 0, highest, *(b.round for b in self.byes)])

    @property
    def paired_round(self) -> int:
        """The last round with a game, played, forfeited or still to be played (a round
        paired); 0 when there is none or the games have no round numbers."""
        assert self.rounds is not None
        return int(self.rounds.max()) if len(self.rounds) else 0

    def rounds_ahead(self) -> tuple[int, int] | None:
        """``(paired, announced)`` when the event announces rounds beyond the last one
        with a game (:attr:`paired_round`: played, or paired and still to be played)
        that the ranking would count: rounds no game reaches yet (everybody absent in
        them), byes or adjustments entered ahead for them (a half-point bye requested
        for round 5 before round 5 is paired); else ``None``, the standings as they are
        being the standings after the last round with results (rounds whose games are
        all still to be played change nothing: a round robin's schedule, a league's
        fixtures). ``None`` too when no game has a result yet.

        >>> t = Tournament.from_games(["A", "B", "C", "D"], [("A", "B", "1-0", 1), ("C", "D", "0-1", 1)])
        >>> t.rounds_total = 9
        >>> t.rounds_ahead()
        (1, 9)
        """
        assert self.rounds is not None and self.status is not None
        if self.results_round < 1 or int(self.rounds.min()) < 1:
            return None
        paired = self.paired_round
        counted = self.rounds_total or max([paired, *(b.round for b in self.byes)])  # Analysis.last_round
        ahead = (
            counted > paired
            or any(b.round > paired for b in self.byes)
            or any(a.round > paired and not a.final for a in self.adjustments)
        )
        return (paired, self.announced_rounds) if ahead else None

    def live(self) -> Tournament:
        """The live standings' event: the event up to its last round with a game
        (:meth:`rounds_ahead`) when it announces later rounds that would count, with a
        note that says so; else the event itself. The byes and adjustments entered for
        the later rounds go, and the rounds the criteria count end there, as the FIDE
        reference counts a file whose ``XXR`` is that round. When that round is paired
        and no result of it is in yet, it counts its byes and nothing else: the
        standings are those after the round before, the round's byes and absences
        entered.

        >>> t = Tournament.from_games(["A", "B", "C", "D"], [("A", "B", "1-0", 1), ("C", "D", "0-1", 1)])
        >>> t.rounds_total = 9
        >>> live = t.live()
        >>> live.rounds_total, live.rounds_cut
        (1, (1, 9))
        >>> live.warnings
        ['standings after round 1 of 9, the last round with results: the rounds not paired yet do not count']
        """
        ahead = self.rounds_ahead()
        waiting = self._paired_without_results()
        if ahead is None:
            return self if waiting is None else dataclasses.replace(self, warnings=[*self.warnings, waiting])
        paired = ahead[0]
        cut = self.rounds_cut or (self.results_round, ahead[1])
        note = _(
            "standings after round {last} of {rounds}, the last round with results: "
            "the rounds not paired yet do not count"
        ).format(last=integer_text(self.results_round), rounds=integer_text(cut[1]))
        byes = [b for b in self.byes if b.round <= paired]
        adjustments = [a for a in self.adjustments if a.round <= paired or a.final]
        # the points a file prints count the byes entered ahead: not those of these standings
        ahead_of = {b.participant for b in self.byes if b.round > paired}
        ahead_of |= {a.participant for a in self.adjustments if a.round > paired and not a.final}
        declared = {k: {i: d for i, d in v.items() if i not in ahead_of} for k, v in self.declared.items()}
        return dataclasses.replace(
            self,
            byes=byes,
            adjustments=adjustments,
            rounds_total=paired,
            rounds_cut=cut,
            declared=declared,
            warnings=[*self.warnings, note, *([waiting] if waiting else [])],
        )

    def _paired_without_results(self) -> str | None:
        """A note when the last paired round has no result yet but has byes, which the
        standings count (:meth:`live`): the round is counted in part, and the heading
        of the round before would not say so."""
        paired = self.paired_round
        if paired <= self.results_round:
            return None
        n = sum(1 for b in self.byes if b.round == paired and b.kind != "absent")
        if n == 0:
            return None
        # TRANSLATORS: {round} is a round number; {n} how many byes it has.
        message = ngettext(
            "round {round} is paired and has no result yet: its {n} bye counts, its games do not",
            "round {round} is paired and has no result yet: its {n} byes count, its games do not",
            n,
        )
        return message.format(round=integer_text(paired), n=integer_text(n))

    def unplayed_rounds_note(self) -> str | None:
        """What counting every announced round means for this event, when it announces
        rounds beyond the last one with a game (:meth:`rounds_ahead`): the FIDE
        reference's reading, for the standings asked for with every announced round."""
        ahead = self.rounds_ahead()
        if ahead is None:
            return None
        last, announced = ahead
        # TRANSLATORS: {missing} is "round 5" or "rounds 5-9".
        message = ngettext(
            "the event announces {rounds} round and the games reach round {last}: in {missing} everybody "
            "counts as absent, as the FIDE reference reads it",
            "the event announces {rounds} rounds and the games reach round {last}: in {missing} everybody "
            "counts as absent, as the FIDE reference reads it",
            announced,
        )
        missing = rounds_text(last + 1, announced)
        return message.format(rounds=integer_text(announced), last=integer_text(last), missing=missing)


Lean = Literal["chess", "football"] | None
"""What a file's layout suggests, before the scores are looked at: ``chess`` (columns
named white/black, results written ``1-0``), ``football`` (home/away or goal columns,
scores written ``2:1``), or nothing."""


@dataclass(frozen=True)
class KindChoice:
    """What the scores of the played games are, why, and which games do not fit."""

    kind: ScoreKind
    reason: str
    per_game: Fraction
    """The total of a game's two scores when constant (1 in chess, 2 in draughts, the
    boards of a team match); 0 for goals."""
    misfits: list[int]
    """Indices (into the pairs given) of the games that do not fit :attr:`kind`: the
    reader reports each with its place; empty when every game agrees."""
    description: str
    """What a game of this kind looks like, for the messages: ``a chess result (1-0, 0-1, ½-½)``."""


def classify_scores(
    pairs: Sequence[tuple[Fraction, Fraction]],
    scoring: Scoring | None = None,
    lean: Lean = None,
    named: bool = False,
) -> KindChoice:
    """What the two scores of the played games are: ``result`` (every game 1-0, 0-1,
    ½-½, or 2-0, 0-2, 1-1 in draughts), ``game_points`` (a team match: every match's
    game points add up to the same number of boards, 2 or more), or ``goals`` (whole
    numbers).

    In this order: a scoring given names its kind (football goals, team game points,
    chess and draughts results); columns that name the sides (``named``: white/black
    for chess, home/away or goal columns for football, or for team matches when every
    match's game points add up to the same number of boards) keep the kind they name
    as long as at least half the games fit it; otherwise the first kind that every game
    fits, in the order the notation suggests (``lean``: ``1-0`` chess first, ``2:1``
    goals first, a team match first when three or more matches all add up to the same
    4 or more game points, the mark of boards); if none fits every game, the kind
    that most games fit. The games that do not fit the kind chosen are returned as
    :attr:`KindChoice.misfits`: an error for the reader to report, cell by cell.

    >>> F = Fraction
    >>> classify_scores([(F(1), F(0)), (F(1, 2), F(1, 2))]).kind
    'result'
    >>> classify_scores([(F(1), F(0)), (F(0), F(1))], lean="football").kind
    'goals'
    >>> c = classify_scores([(F(1), F(0)), (F(1), F(1)), (F(1, 2), F(1, 2)), (F(0), F(1))])
    >>> c.kind, c.misfits
    ('result', [1])
    >>> classify_scores([(F(1), F(0)), (F(1), F(1)), (F(0), F(1))], lean="chess", named=True).misfits
    [1]
    >>> classify_scores([(F(1), F(0)), (F(2), F(1)), (F(0), F(0))], lean="chess").kind  # 1-0, 2-1, 0-0
    'goals'
    """
    totals = Counter(a + b for a, b in set(pairs))
    by_count = Counter(a + b for a, b in pairs)
    g = max(by_count, key=lambda x: (by_count[x], -x)) if by_count else Fraction(1)
    in_boards = g >= 2 and len(pairs) >= 3 and g >= 4 and len(totals) == 1

    def fits(kind: str, a: Fraction, b: Fraction) -> bool:
        if kind == "result":
            return g in (1, 2) and a + b == g and a in (0, g / 2, g)
        if kind == "game_points":
            return g >= 2 and a + b == g and (2 * a).denominator == 1
        return a.denominator == 1 and b.denominator == 1

    layout = {"chess": "result", "football": "game_points" if in_boards else "goals"}.get(lean or "")
    implied = {"football": "goals", "team": "game_points", "chess": "result", "draughts": "result"}.get(
        scoring.name if scoring is not None else ""
    )
    if lean == "football":
        order = ["game_points", "goals", "result"] if in_boards else ["goals", "game_points", "result"]
    else:
        order = ["result", "game_points", "goals"]
    misfits = {k: [i for i, (a, b) in enumerate(pairs) if not fits(k, a, b)] for k in order}
    fitting = [k for k in order if not misfits[k]]
    if implied is not None:
        kind = implied  # the scoring given says what the scores are
    elif named and layout == "goals" and "game_points" in fitting:
        kind = "game_points"  # home/away columns of team matches (1½-½): no goal is a half
    elif named and layout is not None and 2 * len(misfits[layout]) <= len(pairs):
        kind = layout  # the columns say it, unless most games say otherwise
    elif fitting:
        kind = fitting[0]
    else:
        kind = min(order, key=lambda k: (len(misfits[k]), order.index(k)))
    chosen: ScoreKind = "result" if kind == "result" else "game_points" if kind == "game_points" else "goals"
    # what a game of the list should look like, and why the scoring is what it is
    if kind == "result":
        results = _results_text(g)
        # TRANSLATORS: what a game of the list should look like, in "{result} is not {kind} like
        # the other 12 games"; {results} are results such as "1-0, 0-1 or ½-½".
        described = (_("a chess result ({results})") if g == 1 else _("a draughts result ({results})")).format(
            results=results
        )
        reason = _("every game is {results}").format(results=results)
    elif kind == "game_points":
        described = _("a match whose game points add up to {points}").format(points=show_decimal(g))
        reason = _("every match's game points add up to {points}").format(points=show_decimal(g))
    else:
        described = _("a score in whole goals")
        reason = _("scores in whole goals")
    if not pairs:
        # TRANSLATORS: why the scoring is what it is, shown as "scoring chess (1-½-0: no game played yet)".
        reason = _("no game played yet")
    return KindChoice(chosen, reason, g if kind != "goals" else Fraction(0), misfits[kind], described)


def _results_text(g: Fraction) -> str:
    half = fmt_decimal(g / 2) if g != 1 else "½"
    # TRANSLATORS: three results written as in a crosstable: a win, a loss, a draw.
    return _("{win}, {loss} or {draw}").format(
        win=f"{fmt_decimal(g)}-0", loss=f"0-{fmt_decimal(g)}", draw=f"{half}-{half}"
    )


def infer_kind(pairs: Sequence[tuple[Fraction, Fraction]], scoring: Scoring) -> ScoreKind:
    """The kind :func:`classify_scores` infers from the scores (football scoring: goals
    first among the kinds every game fits; the scoring gives the points, not the kind);
    a game that does not fit it is an error."""
    if scoring.name == "football" and all(a.denominator == b.denominator == 1 for a, b in pairs):
        return "goals"
    choice = classify_scores(pairs)
    if choice.misfits:
        a, b = pairs[choice.misfits[0]]
        raise CrosstableError(
            # TRANSLATORS: {reason} is what the games are ("every game is 1-0, 0-1 or ½-½"); the
            # kind='…' are Python arguments, to keep as they are.
            ngettext(
                "the games are {reason}, but {n} do not fit, such as {result}; give the kind "
                "(kind='result', 'game_points' or 'goals')",
                "the games are {reason}, but {n} do not fit, such as {result}; give the kind "
                "(kind='result', 'game_points' or 'goals')",
                len(choice.misfits),
            ).format(reason=choice.reason, n=len(choice.misfits), result=f"{fmt_decimal(a)}-{fmt_decimal(b)}")
        )
    return choice.kind


def meetings(white: IntArray, black: IntArray, n: int) -> tuple[IntArray, IntArray]:
    """The pairs that met and how many times: pair keys ``low · n + high`` (ascending)
    and their counts.

    >>> meetings(np.array([0, 1, 0]), np.array([1, 0, 2]), 3)
    (array([1, 2]), array([2, 1]))
    """
    pairs = np.minimum(white, black) * max(n, 1) + np.maximum(white, black)
    keys, counts = np.unique(pairs.astype(np.int64), return_counts=True)
    return keys, counts.astype(np.int64)


def infer_system(white: IntArray, black: IntArray, n: int) -> tuple[str, str]:
    """``round-robin`` when every pair met the same number of times (once, twice, four
    times in a league of ten), else ``swiss``, with the reason in words."""
    met = meetings(white, black, n)[1]
    every = len(met) == n * (n - 1) // 2 and n > 1
    if every and met.min() == met.max():
        times = int(met.max())
        if times == 1:
            # TRANSLATORS: why the event is taken as a round robin.
            return "round-robin", _("every pair met once")
        if times == 2:
            return "round-robin", _("every pair met twice")
        return "round-robin", ngettext("every pair met {n} time", "every pair met {n} times", times).format(n=times)
    # TRANSLATORS: why the event is taken as a Swiss event.
    return "swiss", _("not every pair met once")
