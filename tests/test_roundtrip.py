"""Round trips: our JSON format and TRF output read back as the same tournament.

Random tournaments (hypothesis) with rounds, colours, forfeits, byes and games not
played yet; the source articles' tables and the FIDE exercise (tests/data/fide) as fixed cases.
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import crosstable
from crosstable import Tournament
from crosstable.io.jsonfmt import to_dict, write_json
from crosstable.io.trf import write_trf
from crosstable.model import FORFEIT, PENDING, PLAYED, Bye
from tests.conftest import DATA, EXAMPLES


@st.composite
def swiss_events(draw: st.DrawFn) -> Tournament:
    n = draw(st.integers(min_value=2, max_value=10))
    rounds = draw(st.integers(min_value=1, max_value=5))
    cols: list[list[int]] = [[], [], [], [], [], []]
    byes = []
    for r in range(1, rounds + 1):
        order = draw(st.permutations(range(n)))
        for k in range(0, n - 1, 2):
            status = draw(st.sampled_from([PLAYED, PLAYED, PLAYED, FORFEIT, PENDING]))
            ws = draw(st.sampled_from([0, 1, 2])) if status == PLAYED else draw(st.sampled_from([0, 2]))
            bs = (2 - ws) if status != PENDING else 0
            ws = ws if status != PENDING else 0
            for col, item in zip(cols, (order[k], order[k + 1], ws, bs, r, status), strict=True):
                col.append(item)
        if n % 2:
            kind = draw(st.sampled_from(["pab", "half", "zero"]))
            byes.append(Bye(order[-1], r, kind, {"pab": Fraction(1), "half": Fraction(1, 2)}.get(kind, Fraction(0))))
    arrays = [np.array(c, dtype=np.int64) for c in cols]
    t = Tournament(
        names=[f"Player {k + 1}" for k in range(n)],
        white=arrays[0], black=arrays[1], white_score=arrays[2], black_score=arrays[3],
        score_denominator=2, rounds=arrays[4], status=arrays[5],
    )  # fmt: skip
    t.byes, t.system, t.rounds_total = byes, "swiss", rounds
    t.ratings = [draw(st.integers(1000, 2800)) for _ in range(n)]
    return t


def games(t: Tournament) -> set[tuple[int, int, int, Fraction, Fraction, int]]:
    return {(g.round, g.white, g.black, g.white_score, g.black_score, g.status) for g in t.games}


@settings(max_examples=60, deadline=None)
@given(swiss_events())
def test_json_round_trip(t: Tournament) -> None:
    again = crosstable.read_text(write_json(t))
    assert to_dict(again) == to_dict(t)


@settings(max_examples=60, deadline=None)
@given(swiss_events())
def test_trf_round_trip(t: Tournament) -> None:
    again = crosstable.read_text(write_trf(t))
    assert again.names == t.names and again.ratings == t.ratings and again.system == "swiss"
    assert games(again) == games(t)
    assert sorted((b.participant, b.round, b.kind) for b in again.byes) == sorted(
        (b.participant, b.round, b.kind) for b in t.byes
    )
    assert again.scores() == t.scores()


def test_fide_exercise_and_seed_tables_round_trip() -> None:
    exercise = crosstable.read(DATA / "fide" / "tournament.trf")
    back = crosstable.read_text(write_trf(exercise))
    codes = ["BH", "BH/C1", "SB", "WIN", "PS"]
    assert [r.values for r in crosstable.rank(back, codes).rows] == [
        r.values for r in crosstable.rank(exercise, codes).rows
    ]
    for name in ("seed-7-players.tsv", "olympiad-1957-women-group-C.tsv", "worldcup-2018-group-H.csv"):
        t = crosstable.read(EXAMPLES / name)
        assert to_dict(crosstable.read_text(write_json(t))) == to_dict(t)
    seed = crosstable.read(EXAMPLES / "seed-7-players.tsv")
    assert crosstable.rank(crosstable.read_text(write_trf(seed)), ["SB"]).rows[2].values["SB"] == 9
    # team byes (a drawn match with every board won) and a 3-1-0 TRF-2026 event with 240 byes
    for name in ("team-swiss-9x2-bye-forfeit.trf", "exercise-3-1-0.trf"):
        t = crosstable.read(DATA / "fide" / name)
        again = crosstable.read_text(write_json(t))
        assert to_dict(again) == to_dict(t)
        codes = ["BH", "SB", "WIN", "GP"] if t.kind == "game_points" else ["BH", "SB", "WIN"]
        assert [r.values for r in crosstable.rank(again, codes).rows] == [
            r.values for r in crosstable.rank(t, codes).rows
        ]


def test_json_errors_name_the_path() -> None:

    text = (
        '{"format": "crosstable-tournament", "participants": [{"name": "A"}, {"name": "B"}],'
        ' "games": [{"white": 1, "black": 3, "white_score": "1", "black_score": "x"}]}'
    )
    with pytest.raises(crosstable.InputError) as err:
        crosstable.read_text(text, source="t.json")
    assert "games[0].black: 3 is not a whole number from 1 to 2" in str(err.value)
    assert "games[0].black_score: 'x' is not an exact number" in str(err.value)
