"""The team chapter of FIDE C.07 (2026 edition): match and game points as the primary
score, the extended Sonneborn–Berger family, the board count and the board-by-board
comparisons, the extended direct encounter, the score-strength combination.

A team event read from a TRF file keeps its board games (:class:`~crosstable.model.Boards`):
each team's points on each board (a player's board is its position in the team's list),
which the board criteria read; a round without a match played over the board credits
each board of the match with what the match's result is worth on one board (a
pairing-allocated or full-point bye and a forfeit win a win, a half-point bye a draw),
as the FIDE reference does.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from functools import partial

import numpy as np
from numpy.typing import NDArray

from crosstable.errors import CriterionError
from crosstable.i18n import N_, _
from crosstable.model import DRAW, FORFEIT, LOSS, PENDING, PLAYED, WIN, IntArray
from crosstable.numbers import half_up, show_decimal
from crosstable.tiebreaks.analysis import Analysis
from crosstable.tiebreaks.berger import explain_weighted, rounds_of, weighted_sum
from crosstable.tiebreaks.columns import Column, column_of, sum_by
from crosstable.tiebreaks.direct import assume_all_met, counts_forfeits, order_blocks, points_among
from crosstable.tiebreaks.registry import criterion, explain_value
from crosstable.tiebreaks.spec import Spec


def _team_event(a: Analysis, code: str) -> None:
    if a.t.kind != "game_points":
        raise CriterionError(_("{code} is a team criterion: the event has no match and game points").format(code=code))


@criterion("MPTS", "match points", modifiers="", takes_basis=True)
def match_points_total(a: Analysis, spec: Spec) -> Column:
    """Match points: the primary score of a team event (2-1-0 unless the event says
    otherwise), adjustments included; ``MPTS:GP`` is the game points.

    Source: FIDE C.07 (2026), team chapter (MPTS). Example (a team Swiss): two wins
    and a draw of 2-1-0 give MPTS = 5.
    """
    if spec.basis == "GP":
        return game_points_total(a, Spec("GPTS"))
    return a.points


@criterion("GPTS", "game points", takes_basis=True)
def game_points_total(a: Analysis, spec: Spec) -> Column:
    """Game points: the sum of the board results of a team's matches, the game points
    of its byes and of its adjustments; ``GPTS:MP`` is the match points.

    Source: FIDE C.07 (2026), team chapter (GPTS). Example (Olympiad 1957 group C):
    Yugoslavia 1½ + ½ + 2 + 1½ + 1 + 2 = 8½.
    """
    if spec.basis == "MP":
        return a.points
    return a.game_points


@criterion("MPVGP", "the other of match and game points", team=True)
def other_points(a: Analysis, spec: Spec) -> Column:
    """The total that is not the primary score: game points when the event is ranked
    by match points, without the adjustments that count in the points only.

    Source: FIDE C.07 (2026), team chapter (MPvGP). Example: a team with 5 match
    points and 4½ game points: MPvGP = 4½.
    """
    _team_event(a, "MPVGP")
    return a.own_game_points


def _extended(name: str, basis: str, title: str, doc: str) -> None:
    def as_sb(spec: Spec) -> Spec:
        return Spec("SB", None, spec.modifiers, spec.basis or basis, spec.edition)

    def compute(a: Analysis, spec: Spec) -> Column:
        _team_event(a, name)
        return weighted_sum(a, as_sb(spec))

    compute.__doc__ = doc
    crit = criterion(name, title, modifiers="CMPSDF", takes_basis=(name == "ESB"), team=True)(compute)

    @crit.explainer
    def _explain(a: Analysis, spec: Spec, i: int, group: Sequence[int]) -> str:
        sb = as_sb(spec)
        text = explain_weighted(a, sb, i, group)  # an SB's sum, under this criterion's label
        if text.startswith(sb.label):
            return spec.label + text[len(sb.label) :]
        return text.replace(sb.label, spec.label, 1)


_SB_SOURCE = "Source: FIDE C.07 (2026), team chapter (ESB); the FIDE reference's E<X><Y>SB."
_extended(
    "EMMSB",
    "MM",
    # TRANSLATORS: a criterion's name; MP match points, GP game points (the opponent's × the team's own).
    N_("extended Sonneborn–Berger (MP × own MP)"),
    f"""Σ opponent's match points × own match points per match (``SB:MP``).

    {_SB_SOURCE} Example: beating a team with 4 match points (2 match points won) adds 8.
    """,
)
_extended(
    "EMGSB",
    "MG",
    # TRANSLATORS: a criterion's name; MP match points, GP game points (the opponent's × the team's own).
    N_("extended Sonneborn–Berger (MP × own GP)"),
    f"""Σ opponent's match points × own game points per match.

    {_SB_SOURCE} Example: 1½ game points against a team with 4 match points add 6.
    """,
)
_extended(
    "EGMSB",
    "GM",
    # TRANSLATORS: a criterion's name; MP match points, GP game points (the opponent's × the team's own).
    N_("extended Sonneborn–Berger (GP × own MP)"),
    f"""Σ opponent's game points × own match points per match.

    {_SB_SOURCE} Example: a drawn match (1 match point) against a team with 4½ game points adds 4½.
    """,
)
_extended(
    "EGGSB",
    "GG",
    # TRANSLATORS: a criterion's name; MP match points, GP game points (the opponent's × the team's own).
    N_("extended Sonneborn–Berger (GP × own GP)"),
    f"""Σ opponent's game points × own game points per match (``SB:GP``).

    {_SB_SOURCE} Example: 1½ game points against a team with 4½ game points add 6¾.
    """,
)
_extended(
    "ESB",
    "MG",
    # TRANSLATORS: a criterion's name; MP match points, GP game points (the opponent's × the team's own).
    N_("extended Sonneborn–Berger (MP × own GP)"),
    f"""Extended Sonneborn–Berger on the event's primary and secondary scores: the
    opponent's match points × own game points (EMGSB), or any pair with a suffix
    (``ESB:GM`` is EGMSB).

    {_SB_SOURCE} Example: as EMGSB.
    """,
)


# -- the boards ----------------------------------------------------------------------------
def board_points(a: Analysis) -> tuple[IntArray, int]:
    """``points[i, b]``: team i's points on board b over the event, in units of
    ``1/score_denominator``, and the number of boards. A match not played over any
    board (forfeited as a whole, by a ``330`` record or on every board) and a round
    without a match credit every board with what the result is worth on one board:
    the result decides, as the FIDE reference has it, also when a ``299`` record
    changes it (a forfeited match made a loss leaves its boards nothing)."""
    t = a.t
    boards = t.boards
    if boards is None:
        raise CriterionError(_("the board criteria need the board games of a team event (a TRF file with teams)"))
    assert t.status is not None
    n, width = a.n, boards.white.shape[1]
    size = boards.size or width
    out = np.zeros((n, max(width, size)), dtype=np.int64)
    counted = t.status != PENDING
    unplayed = _unplayed(a)
    use = counted & ~unplayed
    np.add.at(out[:, :width], t.white[use], boards.white[use])
    np.add.at(out[:, :width], t.black[use], boards.black[use])
    credit = {WIN: boards.win, DRAW: boards.win // 2, LOSS: 0}
    for g in np.nonzero(counted & unplayed)[0].tolist():
        out[int(t.white[g]), :size] += credit[int(t.white_outcome[g])]
        out[int(t.black[g]), :size] += credit[int(t.black_outcome[g])]
    by_kind = {"pab": boards.win, "full": boards.win, "half": boards.win // 2}
    for b in a.t.byes:
        out[b.participant, :size] += by_kind.get(b.kind, 0)
    return out[:, :size], size


def _unplayed(a: Analysis) -> NDArray[np.bool_]:
    """The matches not played over any board: forfeited as a whole (a ``330`` record,
    no boards) or on every board one way (a match whose boards were forfeited both
    ways is played: the reader makes it so, as the reference does)."""
    t, boards = a.t, a.t.boards
    assert t.status is not None and boards is not None
    return np.asarray((t.status == FORFEIT) | ~boards.present.any(axis=1))


def board_wins(a: Analysis, over_the_board: bool) -> IntArray:
    """How many boards each team won: over the event, the boards of a bye or of a
    match won and not played over any board credited as wins (WIN:GP: the result
    decides, as in :func:`board_points`), or only the boards won over the board (WON:GP)."""
    t, boards = a.t, a.t.boards
    if boards is None:
        raise CriterionError(_("the board criteria need the board games of a team event (a TRF file with teams)"))
    assert t.status is not None
    counted = t.status != PENDING
    whole = counted & _unplayed(a)
    by_boards = counted & ~whole
    won_white = (boards.white == boards.win) & boards.present
    won_black = (boards.black == boards.win) & boards.present
    if over_the_board:
        won_white &= boards.played
        won_black &= boards.played
    out = np.zeros(a.n, dtype=np.int64)
    np.add.at(out, t.white[by_boards], won_white[by_boards].sum(axis=1))
    np.add.at(out, t.black[by_boards], won_black[by_boards].sum(axis=1))
    if not over_the_board:
        size = boards.size or boards.white.shape[1]
        np.add.at(out, t.white[whole & (t.white_outcome == WIN)], size)
        np.add.at(out, t.black[whole & (t.black_outcome == WIN)], size)
        for b in a.t.byes:
            if b.kind in ("pab", "full"):
                out[b.participant] += size
    return out


@criterion("BC", "board count", lower_is_better=True, team=True)
def board_count(a: Analysis, spec: Spec) -> Column:
    """Board count: ``Σ_b b · BP_b``, the points a team scored on board b weighted by
    the board's number, over the event (lower is better: points on the top boards
    weigh less).

    Source: FIDE C.07 (2026), team chapter (BC). Example: 2½ points on board 1 and 1 on
    board 2 give BC = 1 × 2½ + 2 × 1 = 4½.
    """
    points, size = board_points(a)
    weights = np.arange(1, size + 1, dtype=np.int64)
    return Column(points @ weights, a.t.score_denominator).reduced()


def _board_tiers(a: Analysis, group: Sequence[int], keys: list[list[int]]) -> Column:
    """Tiers of a tied group by comparing each member's keys in order (higher first)."""
    order = sorted(set(tuple(keys[k]) for k in range(len(group))), reverse=True)
    level = {key: len(order) - k for k, key in enumerate(order)}
    return Column(np.array([level[tuple(keys[k])] for k in range(len(group))], dtype=np.int64), 1)


def explain_group_rank(a: Analysis, spec: Spec, i: int, group: Sequence[int]) -> str:
    """A criterion that orders a tied group, in words: the group and the member's rank."""
    from_crit = {"TBR": _top_board, "BBE": _bottom_board}.get(spec.code)
    key = from_crit(a, spec, group) if from_crit else _ede(a, spec, group)
    shown = _rank_display(a, group, key)[list(group).index(i)]
    names = ", ".join(a.name(p) for p in group)
    if len(group) < 2:
        return _("{label} = 0 (not level with anyone when applied)").format(label=spec.label)
    if not shown:
        return _("{label} among {names}: no one separated").format(label=spec.label, names=names)
    # TRANSLATORS: {rank} is the participant's rank within the tied group (1, 2, …).
    return _("{label} among {names}: rank {rank}").format(label=spec.label, names=names, rank=show_decimal(shown))


def _rank_display(a: Analysis, group: Sequence[int], key: Column) -> list[Fraction | None]:
    """The value shown for a criterion that orders a tied group: the member's rank in
    the group (1, 2, …), or 0 when it separated nobody, as the FIDE reference prints it."""
    levels = key.num.tolist()
    if len(set(levels)) < 2:
        return [Fraction(0)] * len(group)
    return [Fraction(1 + sum(1 for other in levels if other > mine)) for mine in levels]


def _top_board(a: Analysis, spec: Spec, group: Sequence[int]) -> Column:
    """Top board results: the tied teams compared on their points on board 1, then
    board 2, and so on (higher first).

    Source: FIDE C.07 (2026), team chapter (TBR). Example: 3 points against 2½ on
    board 1 decide, whatever the lower boards.
    """
    points, _boards = board_points(a)
    return _board_tiers(a, group, [points[p].tolist() for p in group])


def _bottom_board(a: Analysis, spec: Spec, group: Sequence[int]) -> Column:
    """Bottom-board elimination: the tied teams compared on their points on boards 1 to
    n−1, then 1 to n−2, and so on (higher first).

    Source: FIDE C.07 (2026), team chapter (BBE). Example: two teams level on all four
    boards; 3 against 2½ on boards 1-3 decide.
    """
    points, size = board_points(a)
    sums = np.cumsum(points, axis=1)
    return _board_tiers(a, group, [[int(sums[p, k]) for k in range(size - 2, -1, -1)] for p in group])


top_board = criterion("TBR", "top board results", local=True, team=True)(_top_board)
bottom_board_elimination = criterion("BBE", "bottom-board elimination", local=True, team=True)(_bottom_board)
top_board.local_display = lambda a, g, s: _rank_display(a, g, _top_board(a, s, g))
bottom_board_elimination.local_display = lambda a, g, s: _rank_display(a, g, _bottom_board(a, s, g))
top_board.explainer(explain_group_rank)
bottom_board_elimination.explainer(explain_group_rank)


# -- the extended direct encounter -----------------------------------------------------------
_EDE_STEPS = {"EDE": "", "EDEC": "C", "EDET": "T", "EDEB": "B", "EDEBT": "CT", "EDEBB": "CB"}
_EDE_NAMES = {
    "EDE": N_("extended direct encounter"),
    "EDEC": N_("extended direct encounter, then the board count"),
    "EDET": N_("extended direct encounter, then board by board"),
    "EDEB": N_("extended direct encounter, then the top boards"),
    "EDEBT": N_("extended direct encounter, then the board count and board by board"),
    "EDEBB": N_("extended direct encounter, then the board count and the top boards"),
}


def _mutual(a: Analysis, x: int, y: int, every: bool) -> tuple[IntArray, IntArray]:
    """The board points of x and of y in their matches against each other: the
    matches the direct encounter counts (``every``: also those decided by forfeit, see
    :func:`~crosstable.tiebreaks.direct.counts_forfeits`; else only those played)."""
    t, boards = a.t, a.t.boards
    if boards is None:
        raise CriterionError(_("the extended direct encounter needs the board games of a team event (a TRF file)"))
    assert t.status is not None
    px = np.zeros(boards.white.shape[1], dtype=np.int64)
    py = np.zeros_like(px)
    for g in range(len(t.white)):
        if t.status[g] == PENDING or {int(t.white[g]), int(t.black[g])} != {x, y}:
            continue
        if not every and t.status[g] != PLAYED:
            continue  # a forfeited match is no encounter in a Swiss (as in DE)
        mine, theirs = (
            (boards.white[g], boards.black[g]) if int(t.white[g]) == x else (boards.black[g], boards.white[g])
        )
        px += mine
        py += theirs
    return px, py


def _ede_pair(a: Analysis, pair: list[int], steps: str, every: bool) -> list[list[int]]:
    """The extra steps of EDEC/EDET/EDEB for exactly two teams, on their mutual
    match(es) only (those the direct encounter counts: ``every`` says whether a match
    decided by forfeit does): C the board count (lower first), T board by board from
    the top, B the boards 1 to n−k for k = 1, 2, … (higher first)."""
    x, y = pair
    px, py = _mutual(a, x, y, every)
    size = (a.t.boards.size if a.t.boards is not None else 0) or len(px)
    px, py = px[:size], py[:size]
    keys: list[tuple[int, int]] = []
    for step in steps:
        if step == "C":
            weights = np.arange(1, size + 1)
            keys.append((-int(px @ weights), -int(py @ weights)))
        elif step == "T":
            keys.extend((int(px[k]), int(py[k])) for k in range(size))
        else:
            sx, sy = np.cumsum(px), np.cumsum(py)
            keys.extend((int(sx[k]), int(sy[k])) for k in range(size - 2, -1, -1))
    for kx, ky in keys:
        if kx != ky:
            return [[x], [y]] if kx > ky else [[y], [x]]
    return [pair]


def ede_order(a: Analysis, group: Sequence[int], spec: Spec) -> list[list[int]]:
    """The extended direct encounter: a direct encounter on match points, then on game
    points, alternating until a whole cycle separates nobody more; then, for two teams
    still level, the steps of the code on their mutual match."""
    _team_event(a, spec.code)
    blocks = [list(group)]
    for _cycle in range(30):
        changed = False
        for basis in (None, "GP"):
            sub = Spec("DE", None, spec.modifiers, basis)
            win = 2 * a.game_points_of_a_draw if basis == "GP" else a.t.scoring.win
            new: list[list[int]] = []
            for block in blocks:
                if len(block) < 2:
                    new.append(block)
                    continue
                parts = order_blocks(block, partial(points_among, a, spec=sub), win, assume_all_met(a, sub))
                changed |= len(parts) > 1
                new.extend(parts)
            blocks = new
        if not changed:
            break
    steps = _EDE_STEPS[spec.code]
    if steps:
        every = counts_forfeits(a, Spec("DE", None, spec.modifiers, None))
        pairs = (_ede_pair(a, block, steps, every) if len(block) == 2 else [block] for block in blocks)
        blocks = [part for parts in pairs for part in parts]
    return blocks


def _ede(a: Analysis, spec: Spec, group: Sequence[int]) -> Column:
    tier = {p: len(group) - k for k, block in enumerate(ede_order(a, group, spec)) for p in block}
    return Column(np.array([tier[p] for p in group], dtype=np.int64), 1)


for _code, _name in _EDE_NAMES.items():
    _words = _name.removeprefix("extended direct encounter")  # for the docstring
    _ede_crit = criterion(_code, _name, modifiers="PS", local=True, team=True)(
        lambda a, spec, group: _ede(a, spec, group)
    )
    _ede_crit.doc = f"""Extended direct encounter: among the tied teams, a direct encounter on match
    points, then on game points, alternating until a cycle separates nobody more{_words}
    (for two teams still level, on their mutual match). The value shown is the rank in
    the tied group, 0 when it separated nobody.

    Source: FIDE C.07 (2026), team chapter ({_code}). Example: three teams level on 4
    match points in a cycle with 2½, 2 and 1½ game points among them: EDE orders them
    1, 2, 3 where DE leaves them tied.
    """
    _ede_crit.local_display = lambda a, g, s: _rank_display(a, g, _ede(a, s, g))
    _ede_crit.explainer(explain_group_rank)


@criterion("SSSC", "score-strength combination", modifiers="KPS", takes_basis=True, team=True)
def score_strength(a: Analysis, spec: Spec) -> Column:
    """Score-strength combination: the secondary score plus the opponents' primary
    scores (a Buchholz) divided by a divisor: game points + BH(match points) / ⌊2R / n⌋
    (R rounds, n boards), or with ``:GP`` match points + BH(game points) / ⌊R·n / 2⌋;
    ``/Kn`` sets the divisor. Rounded half up to two decimals, as the FIDE reference.

    Source: FIDE C.07 (2026), team chapter (SSSC). Example: 3½ game points and a
    Buchholz of 8 match points over 3 rounds of 2 boards: 3½ + 8/3 = 6.17.
    """
    _team_event(a, "SSSC")
    boards = (a.t.boards.size if a.t.boards is not None else 0) or int(2 * a.game_points_of_a_draw)
    on_gp = spec.basis == "GP"
    rounds = rounds_of(a, Spec("BH", None, spec.modifiers, "GP" if on_gp else None), "GP" if on_gp else None)
    bh = sum_by(rounds.p, rounds.value, a.n)
    own = a.own_score if on_gp else a.own_game_points  # the totals without the final adjustments
    match_win, game_win = a.t.scoring.win, Fraction(a.t.boards.win if a.t.boards else 2, a.t.score_denominator)
    if spec.modifier("K") is not None:
        divisor = int(spec.modifier("K") or 1)
    elif on_gp:
        divisor = int(game_win * a.last_round * boards / match_win)
    else:
        divisor = int(match_win * a.last_round / game_win / boards)
    divisor = max(divisor, 1)
    values = [
        Fraction(half_up((own.value(i) + Fraction(int(bh[i]), rounds.den * divisor)) * 100), 100) for i in range(a.n)
    ]
    return column_of(values)


score_strength.explainer(explain_value)
other_points.explainer(explain_value)
board_count.explainer(
    lambda a, spec, i, group: _("BC = {value} (Σ board number × points on it)").format(
        value=show_decimal(board_count(a, spec)[i])
    )
)
for _crit in (match_points_total, game_points_total):
    _crit.explainer(explain_value)
