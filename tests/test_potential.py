"""The Laplacian potential and flow (the Hungarian article; docs/sources.md).

Oracles: the values of docs/sources.md for the 2018 World Cup group H (potentials 81/72/45/36,
flows 243/288/180/216; the transposed orientation gives 36/72/45/81) and the
three-contestant example of the 2016 article it cites (Alena 5, Varvara 4, Sofia 7);
and the definition itself, det L(i|i), computed minor by minor.
"""

from __future__ import annotations

import json
from fractions import Fraction

import numpy as np
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

import crosstable
from crosstable import Tournament
from crosstable.cli import main
from crosstable.tiebreaks.potential import potentials
from tests.conftest import EXAMPLES, load_json

GROUP_H = EXAMPLES / "worldcup-2018-group-H.csv"


def test_world_cup_group_h_potentials_and_flows() -> None:
    expected = load_json("worldcup-2018-group-H.expected.json")["laplacian_potential_3_1_0"]
    t = crosstable.read(GROUP_H)
    s = crosstable.rank(t, ["POT", "FLOW"])
    for team, value in expected["potential"].items():
        assert s.row(team).values["POT"] == value
    for team, value in expected["flow"].items():
        assert s.row(team).values["FLOW"] == value
    # Japan above Senegal without counting cards
    assert s.row("Japan").values["POT"] > s.row("Senegal").values["POT"]


def test_the_transposed_orientation_is_a_different_answer() -> None:
    # Reversing every result turns W into its transpose: that gives 36/72/45/81 (docs/sources.md),
    # Poland first, so the orientation matters and the test above would catch the mistake.
    lines = GROUP_H.read_text(encoding="utf-8").splitlines()
    flipped = [lines[0]] + [",".join([*r.split(",")[:3], r.split(",")[4], r.split(",")[3]]) for r in lines[1:]]
    p = potentials(crosstable.read_text("\n".join(flipped)))
    t = crosstable.read(GROUP_H)
    assert dict(zip(t.names, p.potential, strict=True)) == {"Colombia": 36, "Japan": 72, "Poland": 81, "Senegal": 45}


def test_three_contestants_likes() -> None:
    # Alena got 1 like from Sofia and 2 from Varvara; Varvara 1 from Alena and 1 from Sofia;
    # Sofia 2 from Alena and 1 from Varvara: potentials Alena 5, Varvara 4, Sofia 7.
    likes = {("Alena", "Sofia"): 1, ("Alena", "Varvara"): 2, ("Varvara", "Alena"): 1,
             ("Varvara", "Sofia"): 1, ("Sofia", "Alena"): 2, ("Sofia", "Varvara"): 1}  # fmt: skip
    games = [(getter, giver, "1-0") for (getter, giver), count in likes.items() for _ in range(count)]
    t = Tournament.from_games(["Alena", "Varvara", "Sofia"], games)
    assert potentials(t).potential == [5, 4, 7]


def minors(t: Tournament) -> list[Fraction]:
    """det L(i|i) for every i, each by its own elimination (the n-determinants definition)."""
    n = len(t.names)
    w = [[Fraction(0)] * n for _ in range(n)]
    for g in t.games:
        ow, ob = g.outcome(0), g.outcome(1)
        w[g.white][g.black] += t.scoring.points(ow)
        w[g.black][g.white] += t.scoring.points(ob)
    lap = [[-w[i][j] if i != j else sum(w[r][j] for r in range(n)) for j in range(n)] for i in range(n)]
    out = []
    for i in range(n):
        m = [[lap[r][c] for c in range(n) if c != i] for r in range(n) if r != i]
        det = Fraction(1)
        for c in range(len(m)):
            p = next((r for r in range(c, len(m)) if m[r][c] != 0), None)
            if p is None:
                det = Fraction(0)
                break
            if p != c:
                m[c], m[p] = m[p], m[c]
                det = -det
            det *= m[c][c]
            for r in range(c + 1, len(m)):
                f = m[r][c] / m[c][c]
                m[r] = [x - f * y for x, y in zip(m[r], m[c], strict=True)]
        out.append(det)
    return out


@st.composite
def tables(draw: st.DrawFn) -> Tournament:
    n = draw(st.integers(min_value=2, max_value=7))
    names = [f"P{k}" for k in range(n)]
    games = [
        (names[i], names[j], draw(st.sampled_from(["1-0", "½-½", "0-1"])))
        for i in range(n)
        for j in range(i + 1, n)
        if draw(st.integers(0, 4)) > 0
    ]
    return Tournament.from_games(names, games, scoring=draw(st.sampled_from(["chess", "football", "draughts"])))


@settings(max_examples=80, deadline=None)
@given(tables())
def test_one_solve_equals_the_determinant_definition(t: Tournament) -> None:
    p = potentials(t, exact=True)
    expected = minors(t)
    if all(x == 0 for x in expected):
        assert all(x == 0 for x in p.potential) and p.warnings
    else:
        assert p.potential == expected


@settings(max_examples=30, deadline=None)
@given(tables())
def test_floating_path_agrees_with_the_exact_one(t: Tournament) -> None:
    exact, floating = potentials(t, exact=True), potentials(t, exact=False)
    assert np.allclose(exact.normalised(), floating.normalised(), atol=1e-9)
    assert np.allclose(exact.normalised("flow"), floating.normalised("flow"), atol=1e-9)


def test_degenerate_tables_are_reported() -> None:
    # Everyone lost to A, who gave away no points: only A has a nonzero potential, and
    # B, C (who took points from each other) are reported.
    t = Tournament.from_games(["A", "B", "C"], [("A", "B", "1-0"), ("A", "C", "1-0"), ("B", "C", "½-½")])
    p = potentials(t)
    assert p.potential == [1, 0, 0] or (p.potential[0] > 0 and p.potential[1:] == [0, 0])
    assert p.warnings and "potential 0" in p.warnings[0]
    # Two separate groups: every potential is zero.
    split = Tournament.from_games(["A", "B", "C", "D"], [("A", "B", "1-0"), ("C", "D", "1-0")])
    q = potentials(split)
    assert all(x == 0 for x in q.potential) and "every potential is 0" in q.warnings[0]
    assert "every potential is 0" in " ".join(crosstable.rank(split, ["POT"]).warnings)


def test_rate_command() -> None:
    result = CliRunner().invoke(main, ["rate", str(GROUP_H)])
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert lines[1].split()[:3] == ["1", "Colombia", "81"]
    assert lines[4].split()[:3] == ["4", "Poland", "36"]
    flow = CliRunner().invoke(main, ["rate", str(GROUP_H), "--by", "flow", "-o", "json"])

    data = json.loads(flow.stdout)
    assert [r["name"] for r in data["ratings"]] == ["Japan", "Colombia", "Poland", "Senegal"]
    assert data["exact"] is True and data["ratings"][0]["flow"] == 288
