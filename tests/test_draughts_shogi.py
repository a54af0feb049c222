"""Draughts and shogi presets: FMJD's round robin on a small hand-built event (no
public draughts crosstable was found to test on), its values derived by hand from the
regulation; shogi has no preset (no federation's published tie-breaks were found)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from crosstable.errors import CriterionError
from crosstable.model import Scoring, Tournament
from crosstable.ranking import rank
from crosstable.rules import PRESETS, preset


def _round_robin() -> Tournament:
    """Four players, 2-1-0: P beat Q, lost to R, drew with S; Q beat R, drew with S;
    S beat R. S 4 points; P and Q 3, one win each; R 2."""
    games = [
        ("P", "Q", "2-0", 1),
        ("R", "S", "0-2", 1),
        ("R", "P", "2-0", 2),
        ("S", "Q", "1-1", 2),
        ("P", "S", "1-1", 3),
        ("Q", "R", "2-0", 3),
    ]
    t = Tournament.from_games(["P", "Q", "R", "S"], games, scoring="draughts")
    t.system = "round-robin"
    return t


def test_draughts_scoring_is_2_1_0() -> None:
    d = Scoring.parse("draughts")
    assert (d.win, d.draw, d.loss) == (Fraction(2), Fraction(1), Fraction(0))


def test_fmjd_round_robin_wins_then_the_result_between_them() -> None:
    """FMJD art. 5.11.1.2.1 by hand: P and Q level on 3 points and on one win each, so
    the result between them decides: P beat Q."""
    assert preset("fmjd-round-robin") == ["WIN", "DE"]
    s = rank(_round_robin(), rules="fmjd-round-robin")
    assert [(r.name, r.points) for r in s.rows] == [("S", 4), ("P", 3), ("Q", 3), ("R", 2)]
    assert [r.place for r in s.rows] == ["1", "2", "3", "4"]
    assert (s.row("P").values["WIN"], s.row("Q").values["WIN"]) == (1, 1)
    assert "ahead of Q" in s.explain("P")


def test_more_wins_rank_first_in_a_draughts_round_robin() -> None:
    """Two wins and a loss (4 points) rank above a win and two draws (4 points)."""
    games = [("A", "B", "2-0", 1), ("A", "C", "1-1", 2), ("A", "D", "1-1", 3)]
    games += [("B", "C", "2-0", 3), ("B", "D", "2-0", 2), ("C", "D", "1-1", 1)]
    t = Tournament.from_games(["A", "B", "C", "D"], games, scoring="draughts")
    t.system = "round-robin"
    s = rank(t, rules="fmjd-round-robin")
    assert [(r.name, r.points, r.values["WIN"]) for r in s.rows[:2]] == [("B", 4, 2), ("A", 4, 1)]


def test_no_fmjd_swiss_or_shogi_preset_is_invented() -> None:
    """Neither FMJD's Swiss order (not found in full) nor a shogi federation's (none
    published) is a preset."""
    for name in ("fmjd-swiss", "fesa-swiss"):
        assert name not in PRESETS
        with pytest.raises(CriterionError):
            preset(name)
