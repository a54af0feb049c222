"""PGN input (python-chess): the Bulgarian article's 7-player round robin written as PGN games must
give the article's values (SB 11.75, 10, 9, 7.75, 3, 0, 0)."""

from __future__ import annotations

from fractions import Fraction

import pytest

import crosstable
from tests.test_readers import GRID, NAMES, SEED_SB

RESULT = {("1", "0"): "1-0", ("0", "1"): "0-1", ("½", "½"): "1/2-1/2"}


def seed_pgn() -> str:
    games = []
    rnd = 0
    for i in range(7):
        for j in range(i + 1, 7):
            rnd += 1
            result = RESULT[(GRID[i].split()[j], GRID[j].split()[i])]
            games.append(
                f'[Event "Seed round robin"]\n[Round "{rnd}.1"]\n[White "{NAMES[i]}"]\n[Black "{NAMES[j]}"]\n'
                f'[Result "{result}"]\n[WhiteElo "{2400 - 10 * i}"]\n\n1. e4 {{a comment}} e5 2. Nf3 Nc6 {result}\n'
            )
    return "\n".join(games)


def test_pgn_gives_the_seed_values() -> None:
    t = crosstable.read_text(seed_pgn())
    assert t.system == "round-robin" and t.names == NAMES
    s = crosstable.rank(t, ["SB"])
    assert [s.row(n).values["SB"] for n in NAMES] == SEED_SB
    assert t.ratings is not None and t.ratings[0] == 2400


def test_byes_and_unfinished_games() -> None:
    text = (
        '[White "A"]\n[Black "B"]\n[Round "1"]\n[Result "1-0"]\n\n1. e4 1-0\n\n'
        '[White "C"]\n[Black "BYE"]\n[Round "1"]\n[Result "1-0"]\n\n1-0\n\n'
        '[White "B"]\n[Black "C"]\n[Round "2"]\n[Result "*"]\n\n*\n'
    )
    t = crosstable.read_text(text)
    assert t.names == ["A", "B", "C"] and t.pending == 1 and t.system == "swiss"
    assert [(b.participant, b.kind) for b in t.byes] == [(2, "pab")]
    assert t.scores() == [Fraction(1), Fraction(0), Fraction(1)]


def test_bad_result_names_its_line() -> None:
    text = '[White "A"]\n[Black "B"]\n[Result "1-0"]\n\n1-0\n\n[White "A"]\n[Black "C"]\n[Result "2-0"]\n\n*\n'
    with pytest.raises(crosstable.InputError) as err:
        crosstable.read_text(text, source="games.pgn")
    assert str(err.value) == "games.pgn:7:1: result '2-0' is not 1-0, 0-1, 1/2-1/2 or *"
