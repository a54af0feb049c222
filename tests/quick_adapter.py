"""The quick path's :class:`~crosstable.quick.event.Event` built from the full path's
:class:`~crosstable.model.Tournament`, for the differential tests of the quick path
(``tests/test_quick_criteria.py``): what the quick reader would give for the same file.

:func:`event_of` raises :class:`~crosstable.quick.event.Unsupported` for whatever an
``Event`` cannot hold (a team event, another scoring, adjustments, games still to be
played …): the quick path never sees such an event.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from crosstable.model import FORFEIT, PENDING, PLAYED, Tournament
from crosstable.quick.event import Event, Unsupported

CHESS = (Fraction(1), Fraction(1, 2), Fraction(0))


def event_of(t: Tournament) -> Event:
    """The quick path's event of an individual tournament scored 1-½-0 (as it stands:
    pass :meth:`Tournament.live` for what :func:`crosstable.rank` ranks)."""
    sc = t.scoring
    if t.kind != "result" or (sc.win, sc.draw, sc.loss) != CHESS:
        raise Unsupported("not an individual event scored 1-½-0")
    if t.adjustments or t.boards is not None or t.squad is not None or t.go_ranks is not None:
        raise Unsupported("adjustments, boards, a squad or go ranks")
    if t.mcmahon_start is not None or t.playoffs or t.cards or t.rankings or t.handicaps:
        raise Unsupported("McMahon, play-offs, cards, rankings or handicaps")
    if t.groups is not None and len(set(t.groups)) > 1:
        raise Unsupported("a competition in groups")
    if t.unrated is not None:
        raise Unsupported("a rating for the unrated (--unrated)")
    if t.system not in ("swiss", "round-robin", "pre-determined"):
        raise Unsupported(f"system {t.system!r}")
    assert t.rounds is not None and t.status is not None
    n = len(t.names)
    games: list[tuple[int, int, int, int, int, int]] = []
    for w, b, rnd, wo, bo, st in zip(
        t.white.tolist(),
        t.black.tolist(),
        t.rounds.tolist(),
        t.white_outcome.tolist(),
        t.black_outcome.tolist(),
        t.status.tolist(),
        strict=True,
    ):
        if st == PENDING:
            raise Unsupported("a game still to be played")
        if st not in (PLAYED, FORFEIT) or rnd < 1:
            raise Unsupported("a game without a round")
        games.append((w, b, rnd, wo, bo, st))
    byes: list[tuple[int, int, str, int]] = []
    for bye in t.byes:
        if bye.game_points or bye.result is not None or (2 * bye.points).denominator != 1:
            raise Unsupported("a bye Event cannot hold")
        byes.append((bye.participant, bye.round, bye.kind, int(2 * bye.points)))
    edition = {"virtual": "virtual", "2023": "2024", "2024": "2024", "2026": "2026"}.get(t.fide_rules)
    if edition is None:
        raise Unsupported(f"edition {t.fide_rules!r}")
    ratings: list[int | None] = list(t.ratings) if t.ratings is not None else [None] * n
    numbers = list(t.numbers) if t.numbers is not None else list(range(1, n + 1))
    system = "swiss" if t.system == "swiss" else "round-robin"  # pre-determined: ranked as a round robin
    return Event(list(t.names), ratings, numbers, games, byes, system, edition, t.rounds_total)


def rank_inputs(t: Tournament) -> tuple[Event, dict[str, Any]]:
    """The event :func:`crosstable.rank` ranks (``t.live()``) and the keyword arguments
    of :func:`crosstable.quick.standings.rank_event` that give its warnings: the
    reader's, the points the TRF prints, the file's announced list."""
    live = t.live()
    if live.format != "trf":
        raise Unsupported("not a TRF file")
    # a TRF's printed values other than its 001 points are not compared (crosstable.ranking.TRF_WARNED)
    declared = [
        (i, (v.numerator, v.denominator) if isinstance(v := cell.value, Fraction) else v, cell.line, cell.column)
        for i, cell in sorted(live.declared.get("points", {}).items())
    ]
    kwargs: dict[str, Any] = {
        "warnings": list(live.warnings),
        "declared_points": declared,
        "source": live.source,
        "announced": list(live.criteria) if live.criteria is not None else None,
    }
    return event_of(live), kwargs
