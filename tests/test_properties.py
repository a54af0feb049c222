"""Properties on random round robins (hypothesis).

- every coefficient equals its definition restated game by game with Fractions (tests/naive.py);
- renumbering the participants changes nothing but the numbering;
- the same table written in any supported text format, or as a games list, gives the same values;
- exact ties stay ties: participants share a place exactly when all their values are equal;
- the value of a criterion does not depend on the criteria before it in the list.
"""

from __future__ import annotations

import random
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

import crosstable
from crosstable import Scoring, Tournament
from crosstable.numbers import fmt_vulgar
from tests import naive
from tests.conftest import DATA

F = Fraction
RESULTS = ["1-0", "½-½", "0-1"]
CRITERIA = ["SB", "SHM", "RIGA", "GORIN", "SB(3,1,0)", "GELB", "NNSB", "BH", "BH/C1", "BH/M1", "BH/C2", "KS", "WIN"]


@st.composite
def round_robins(draw: st.DrawFn, double: bool = False) -> Tournament:
    n = draw(st.integers(min_value=2, max_value=9))
    names = [f"P{k}" for k in range(n)]
    cycles = 2 if double else 1
    games = []
    for c in range(cycles):
        for i in range(n):
            for j in range(i + 1, n):
                res = draw(st.sampled_from(RESULTS))
                games.append((names[i], names[j], res) if c == 0 else (names[j], names[i], res))
    scoring = draw(st.sampled_from(["chess", "draughts", "football", "2:1:0", "1:½:0"]))
    return Tournament.from_games(names, games, scoring=scoring)


def values(t: Tournament) -> dict[str, dict[str, Fraction]]:
    s = crosstable.rank(t, CRITERIA)
    return {r.name: {"PTS": r.points, **r.values} for r in s.rows}


@settings(max_examples=60, deadline=None)
@given(round_robins())
def test_coefficients_equal_their_definitions(t: Tournament) -> None:
    v = values(t)
    sc = t.scoring
    expected = {
        "PTS": naive.scores(t),
        "SB": naive.weighted(t, (sc.win, sc.draw, sc.loss)),
        "SHM": naive.weighted(t, (F(1), F(0), F(-1))),
        "RIGA": naive.weighted(t, (F(2), F(3, 2), F(1))),
        "GORIN": naive.weighted(t, (F(4), F(2), F(1))),
        "SB(3,1,0)": naive.weighted(t, (F(3), F(1), F(0))),
        "GELB": naive.gelbfuhs(t),
        "BH": naive.buchholz(t),
        "BH/C1": naive.buchholz(t, 1),
        "BH/M1": naive.buchholz(t, 1, 1),
        "BH/C2": naive.buchholz(t, 2),
        "KS": naive.koya(t),
        "WIN": [F(w) for w in naive.wins(t)],
    }
    sb = expected["SB"]
    expected["NNSB"] = [s * s + b for s, b in zip(expected["PTS"], sb, strict=True)]
    for code, column in expected.items():
        assert [v[name][code] for name in t.names] == column, code


@settings(max_examples=40, deadline=None)
@given(round_robins(double=True))
def test_double_round_robins_too(t: Tournament) -> None:
    v = values(t)
    assert [v[n]["BH/C1"] for n in t.names] == naive.buchholz(t, 1)
    assert [v[n]["SB"] for n in t.names] == naive.weighted(t, (t.scoring.win, t.scoring.draw, t.scoring.loss))


@settings(max_examples=40, deadline=None)
@given(round_robins(), st.randoms(use_true_random=False))
def test_renumbering_changes_nothing(t: Tournament, rnd: object) -> None:

    assert isinstance(rnd, random.Random)
    order = list(range(len(t.names)))
    rnd.shuffle(order)
    names = [t.names[k] for k in order]
    games = [(t.names[g.white], t.names[g.black], f"{g.white_score}-{g.black_score}") for g in t.games]
    rnd.shuffle(games)
    u = Tournament.from_games(names, games, scoring=t.scoring)
    assert values(u) == values(t)
    s, r = crosstable.rank(t, CRITERIA), crosstable.rank(u, CRITERIA)
    assert {x.name: x.place for x in s.rows} == {x.name: x.place for x in r.rows}


def as_text(t: Tournament, sep: str, cell: dict[Fraction, str]) -> str:
    n = len(t.names)
    grid = [["-"] * n for _ in range(n)]
    for g in t.games:
        grid[g.white][g.black] = cell[g.white_score]
        grid[g.black][g.white] = cell[g.black_score]
    return "\n".join(sep.join([str(k + 1), t.names[k], *grid[k]]) for k in range(n)) + "\n"


@settings(max_examples=40, deadline=None)
@given(round_robins(), st.sampled_from(["\t", ";", " ", "  "]), st.sampled_from(["½", "0,5", "0.5", "="]))
def test_every_format_gives_the_same_values(t: Tournament, sep: str, half: str) -> None:
    cell = {F(1): "1", F(0): "0", F(1, 2): half}
    text = as_text(t, sep, cell)
    # the readers take "football" to mean goals; the same 3-1-0 points on chess results are "3:1:0"
    given = Scoring.parse("3:1:0") if t.scoring.name == "football" else t.scoring
    u = crosstable.read_text(text, scoring=given)
    assert values(u) == values(t)
    lines = ["white,black,result"] + [
        f"{t.names[g.white]},{t.names[g.black]},{fmt_vulgar(g.white_score)}-{fmt_vulgar(g.black_score)}"
        for g in t.games
    ]
    w = crosstable.read_text("\n".join(lines), scoring=given)
    assert values(w) == values(t)


@settings(max_examples=60, deadline=None)
@given(round_robins())
def test_exact_ties_stay_ties(t: Tournament) -> None:
    s = crosstable.rank(t, CRITERIA)
    for a, b in zip(s.rows, s.rows[1:], strict=False):
        same = a.points == b.points and all(a.values[k] == b.values[k] for k in s.labels)
        assert (a.place == b.place) == same
        if not same:
            assert (a.points, *(a.values[k] for k in s.labels)) > (b.points, *(b.values[k] for k in s.labels))


@settings(max_examples=40, deadline=None)
@given(round_robins(), st.permutations(CRITERIA))
def test_a_value_does_not_depend_on_the_criteria_before_it(t: Tournament, order: list[str]) -> None:
    # Issue "FIDE TRF": the value of a (global) tie-break is the same wherever it stands in the list.
    assert {r.name: r.values for r in crosstable.rank(t, order).rows} == {
        r.name: r.values for r in crosstable.rank(t, CRITERIA).rows
    }


FIDE_CRITERIA = ["BH", "BH/C1", "BH/M1", "SB", "SB/C1", "FB", "AOB", "KS", "PS", "WIN", "WON", "VUR", "ABH", "ARO"]


@settings(max_examples=25, deadline=None)
@given(st.permutations(FIDE_CRITERIA))
def test_nor_in_a_swiss_with_unplayed_rounds(order: list[str]) -> None:
    # The FIDE tie-break exercise (tests/data/fide: forfeits, every bye kind, a withdrawal), whose
    # unplayed rounds go through the dummy-opponent rules shared by all these criteria.

    t = crosstable.read(DATA / "fide" / "tournament.trf")
    reference = {r.name: r.values for r in crosstable.rank(t, FIDE_CRITERIA).rows}
    assert {r.name: r.values for r in crosstable.rank(t, order).rows} == reference
