"""Leagues and football: group tie-break rules, head-to-head, fair play, lots, presets.

Sources: the Hungarian article and FIFA's fair-play totals (2018 World Cup group H); UEFA EURO
2004 group C, EURO 2012 group A and EURO 2024 group E (match results and official
final orders, see examples/SOURCES.md); the regulations named in crosstable.rules.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

import crosstable
from crosstable import Tournament
from crosstable.cli import main
from crosstable.io.sidecar import add_discipline, add_ranking
from tests.conftest import EXAMPLES, load_json

GROUP_H = EXAMPLES / "worldcup-2018-group-H.csv"
FAIRPLAY = EXAMPLES / "worldcup-2018-group-H.fairplay.csv"


def order(s: crosstable.Standings) -> list[str]:
    return [r.name for r in s.rows]


def test_japan_above_senegal_on_fair_play_under_fifa_2018() -> None:
    expected = load_json("worldcup-2018-group-H.expected.json")
    t = add_discipline(crosstable.read(GROUP_H), FAIRPLAY)
    s = crosstable.rank(t, rules="fifa-2018")
    assert order(s) == [e["name"] for e in expected["standings"]]
    japan, senegal = s.row("Japan"), s.row("Senegal")
    assert (japan.values["FP"], senegal.values["FP"]) == (-4, -6)
    assert (japan.place, senegal.place) == ("2", "3") and japan.ahead_on == "FP"
    assert japan.values["H2H1"] == senegal.values["H2H1"]  # 2-2: head-to-head leaves them level
    assert not any("lots" in w for w in s.warnings)


def test_league_table_layout_and_deciding_criterion() -> None:
    result = CliRunner().invoke(
        main, ["standings", str(GROUP_H), "--rules", "fifa-2018", "--discipline", str(FAIRPLAY), "-o", "csv"]
    )
    assert result.exit_code == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0].startswith("Pos,Team,P,W,D,L,GF,GA,GD,Pts")
    assert lines[2].startswith("2,Japan,3,1,1,1,4,4,0,4,")
    assert lines[2].endswith(",,ahead of Senegal on FP (fair-play points)")  # LOT: no lot drawn, an empty cell
    data = json.loads(
        CliRunner()
        .invoke(main, ["standings", str(GROUP_H), "--rules", "fifa-2018", "--discipline", str(FAIRPLAY), "-o", "json"])
        .stdout
    )
    japan = data["standings"][1]
    assert (japan["goals_for"], japan["goals_against"], japan["decided_by"]) == (4, 4, "FP")


def test_without_cards_lots_decide_and_are_flagged() -> None:
    s = crosstable.rank(crosstable.read(GROUP_H), rules="fifa-2018")
    assert any("by drawing of lots (seed 0)" in w for w in s.warnings)
    assert any("no cards were supplied" in w for w in s.warnings)
    t = crosstable.read(GROUP_H)
    t.lots_seed = 5
    again = crosstable.read(GROUP_H)
    again.lots_seed = 5
    assert order(crosstable.rank(t, rules="fifa-2018")) == order(crosstable.rank(again, rules="fifa-2018"))


def test_euro_2012_head_to_head_against_goal_difference() -> None:
    # Greece and Russia on 4 points: Greece won their match 1-0, Russia has the better goal
    # difference (+2 against 0). UEFA's order (official): Czech Republic, Greece, Russia, Poland.
    t = crosstable.read(EXAMPLES / "euro-2012-group-A.csv")
    uefa = crosstable.rank(t, rules="uefa-euro-2024")
    assert order(uefa) == ["Czech Republic", "Greece", "Russia", "Poland"]
    assert uefa.row("Greece").ahead_on == "H2H"
    fifa = crosstable.rank(t, rules="fifa-2018")  # overall goal difference first
    assert order(fifa) == ["Czech Republic", "Russia", "Greece", "Poland"]


def test_euro_2004_three_team_tie_decided_by_goals_among_them() -> None:
    # Sweden, Denmark, Italy: 5 points each, all their matches drawn (1-1, 0-0, 2-2): equal points
    # and goal difference among them; goals among them Sweden 3, Denmark 2, Italy 1.
    t = crosstable.read(EXAMPLES / "euro-2004-group-C.csv")
    s = crosstable.rank(t, rules="uefa-euro-2024")
    assert order(s) == ["Sweden", "Denmark", "Italy", "Bulgaria"]
    assert "H2H among Denmark, Italy, Sweden: 2 points, goal difference 0, 3 goals" in s.explain("Sweden")


def test_euro_2024_four_way_tie() -> None:
    # All four teams on 4 points: the mini-league is the whole group; Romania and Belgium have
    # goal difference +1, Romania scored 4 to Belgium's 2. Official: Romania, Belgium, Slovakia, Ukraine.
    s = crosstable.rank(crosstable.read(EXAMPLES / "euro-2024-group-E.csv"), rules="uefa-euro-2024")
    assert order(s) == ["Romania", "Belgium", "Slovakia", "Ukraine"]
    assert [r.place for r in s.rows] == ["1", "2", "3", "4"]


def test_head_to_head_is_reapplied_only_to_a_subset_still_level() -> None:
    # UEFA EURO 2024 art. 18.01-18.02: criteria a)-c) on the whole tied block first, then again on
    # the matches among a subset still level. Hand-checked example: X, Y, Z all beat W and have 6
    # points. Among the three (X 2:0 Y, Z 2:1 X, Y 3:0 Z) each has 3 points; goal difference X +1,
    # Y +1, Z -2; goals X 3, Y 3: Z is third and X, Y still level, so only X 2:0 Y counts next: X
    # first. Applied once (FIFA 2018 style), X and Y stay level and overall goal difference
    # (X +2, Y +6) puts Y first.
    games = [
        ("X", "Y", "2:0"), ("Z", "X", "2:1"), ("Y", "Z", "3:0"),
        ("X", "W", "1:0"), ("Y", "W", "5:0"), ("Z", "W", "1:0"),
    ]  # fmt: skip
    t = Tournament.from_games(["W", "X", "Y", "Z"], games, scoring="football")
    assert t.scores() == [0, 6, 6, 6]
    again = crosstable.rank(t, ["H2H", "GD", "GF"])
    assert order(again) == ["X", "Y", "Z", "W"] and again.rows[0].ahead_on == "H2H"
    once = crosstable.rank(t, ["H2H1", "GD", "GF"])
    assert order(once) == ["Y", "X", "Z", "W"] and once.rows[0].ahead_on == "GD"


def test_premier_league_and_fifa_2026_presets_and_external_ranking(tmp_path: Path) -> None:
    t = crosstable.read(GROUP_H)
    assert order(crosstable.rank(t, rules="premier-league"))[:1] == ["Colombia"]
    ranking = tmp_path / "fifa.csv"
    ranking.write_text("team,position\nJapan,61\nSenegal,27\nColombia,16\nPoland,8\n", encoding="utf-8")
    s = crosstable.rank(add_ranking(t, "FIFA", ranking), rules="fifa-2026")
    assert order(s)[1:3] == ["Senegal", "Japan"] and s.row("Senegal").ahead_on == "FIFA"
    assert any("no cards were supplied" in w for w in s.warnings)


def test_discipline_file_deductions_and_awarded_results(tmp_path: Path) -> None:
    d = tmp_path / "discipline.csv"
    d.write_text("team,yellow,indirect_red,direct_red,yellow_and_direct_red,deduction\nJapan,4,0,0,0,3\n")
    t = add_discipline(crosstable.read(GROUP_H), d)
    assert crosstable.rank(t, rules="fifa-2018").row("Japan").points == 1
    # The same group with Japan-Poland recorded as a 3:0 walkover instead of 0:1.
    rows = [line.split(",") for line in GROUP_H.read_text(encoding="utf-8").splitlines()[1:]]
    fixtures = "date,home,away,result\n" + "\n".join(
        f"{d},{h},{a},{'3:0 awd' if (h, a) == ('Japan', 'Poland') else f'{x}:{y}'}" for d, h, a, x, y in rows
    )
    awarded = crosstable.read_text(fixtures)
    assert awarded.status is not None and int((awarded.status == 1).sum()) == 1
    assert crosstable.rank(awarded).row("Japan").points == 7


def test_cards_in_the_fixtures_are_summed(tmp_path: Path) -> None:
    f = tmp_path / "fixtures.csv"
    f.write_text(
        "round,home,away,home_goals,away_goals,home_yellow,away_yellow,away_direct_red\n"
        "1,A,B,1,0,2,1,1\n2,B,A,0,0,0,1,0\n",
        encoding="utf-8",
    )
    t = crosstable.read(f)
    s = crosstable.rank(t, ["FP", "DISC"])
    assert (s.row("A").values["FP"], s.row("B").values["FP"]) == (-3, -5)
    assert (s.row("A").values["DISC"], s.row("B").values["DISC"]) == (3, 4)


@st.composite
def leagues(draw: st.DrawFn) -> Tournament:
    n = draw(st.integers(min_value=2, max_value=6))
    names = [f"T{k}" for k in range(n)]
    games = []
    for i in range(n):
        for j in range(n):
            if i != j and draw(st.booleans()):
                games.append((names[i], names[j], f"{draw(st.integers(0, 4))}:{draw(st.integers(0, 4))}"))
    if not games:
        games.append((names[0], names[1], "1:0"))
    return Tournament.from_games(names, games, scoring="football")


@settings(max_examples=60, deadline=None)
@given(leagues(), st.randoms(use_true_random=False))
def test_league_totals_agree_and_order_ignores_fixture_order(t: Tournament, rnd: random.Random) -> None:
    s = crosstable.rank(t, rules="uefa-euro-2024")
    data = s.to_dict()["standings"]
    assert sum(r["goals_for"] for r in data) == sum(r["goals_against"] for r in data)
    for r in data:
        assert r["points"] == 3 * r["won"] + r["drawn"]
        assert r["played"] == r["won"] + r["drawn"] + r["lost"]
        assert r["goal_difference"] == r["goals_for"] - r["goals_against"]
    games = [(t.names[g.white], t.names[g.black], f"{g.white_score}:{g.black_score}") for g in t.games]
    rnd.shuffle(games)
    u = Tournament.from_games(t.names, games, scoring="football")
    assert [(r.name, r.place) for r in crosstable.rank(u, rules="uefa-euro-2024").rows] == [
        (r.name, r.place) for r in s.rows
    ]


def test_score_crosstables_single_and_home_and_away() -> None:
    # The same group H results typed as a crosstable with score cells: mirrored (a single round
    # robin) they give the fixtures' table.
    single = (
        "No\tTeam\t1\t2\t3\t4\n"
        "1\tColombia\t-\t1:2\t1:0\t3:0\n"
        "2\tJapan\t2:1\t-\t2:2\t0:1\n"
        "3\tSenegal\t0:1\t2:2\t-\t2:1\n"
        "4\tPoland\t0:3\t1:0\t1:2\t-\n"
    )
    t = crosstable.read_text(single)
    assert t.kind == "goals" and len(t.white) == 6
    fixtures = crosstable.read(GROUP_H)
    keys = ["GD", "GF"]
    assert [(r.name, r.points, r.values) for r in crosstable.rank(t, keys).rows] == [
        (r.name, r.points, r.values) for r in crosstable.rank(fixtures, keys).rows
    ]
    # One pair typed wrong (Colombia 3:1 Poland against Poland 0:2 Colombia) does not make the table
    # home-and-away: the other five pairs mirror, so the two cells are named as an error.
    typo = single.replace("1:2\t1:0\t3:0", "1:2\t1:0\t3:1").replace("0:3\t1:0", "0:2\t1:0")
    with pytest.raises(crosstable.InputError) as e:
        crosstable.read_text(typo)
    assert "<input>:2:22: Colombia against Poland is '3:1' but Poland against Colombia (line 5, column 10)" in str(
        e.value
    )
    # Home and away: each cell is the row's home match (most pairs differ; 3:0/0:3 and 2:2/2:2 mirror by
    # chance), twelve matches. Colombia: at home L 1:2, W 1:0, W 3:0; away D 0:0, D 1:1, W 3:0 (0:3 at Poland).
    home_and_away = (
        "No\tTeam\t1\t2\t3\t4\n"
        "1\tColombia\t-\t1:2\t1:0\t3:0\n"
        "2\tJapan\t0:0\t-\t2:2\t0:1\n"
        "3\tSenegal\t1:1\t2:2\t-\t2:1\n"
        "4\tPoland\t0:3\t2:0\t1:1\t-\n"
    )
    t2 = crosstable.read_text(home_and_away)
    assert len(t2.white) == 12 and t2.scores()[0] == 11 and "home game" in (t2.scoring_reason or "")


def test_html_league_table_escapes_names(tmp_path: Path) -> None:
    f = tmp_path / "evil.csv"
    f.write_text("round,home,away,home_goals,away_goals\n1,<script>alert(1)</script>,=SUM(A1),2,1\n", encoding="utf-8")
    html = CliRunner().invoke(main, ["standings", str(f), "-o", "html"]).stdout
    assert "<script>alert(1)</script>" not in html and "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    csv_text = CliRunner().invoke(main, ["standings", str(f), "-o", "csv"]).stdout
    assert "'=SUM(A1)" in csv_text


@pytest.mark.parametrize(
    ("home", "away", "column", "cell"),
    [("1", "l", 28, "'l'"), ("I", "1", 26, "'I'"), ("1", "", 28, "''"), ("", "1", 26, "''")],
)
def test_a_mistyped_goals_cell_is_named_by_its_column(
    tmp_path: Path, home: str, away: str, column: int, cell: str
) -> None:
    # EURO 2012 group A as published, its first match (Poland 1-1 Greece) typed with a letter for a digit
    # or a cell left empty: the message points at the cell at fault, not at the home goals' cell
    lines = (EXAMPLES / "euro-2012-group-A.csv").read_text(encoding="utf-8").splitlines()
    assert lines[1] == "2012-06-08,Poland,Greece,1,1"
    lines[1] = f"2012-06-08,Poland,Greece,{home},{away}"
    path = tmp_path / "euro-2012-group-A.csv"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["standings", str(path)])
    assert result.exit_code == 2
    assert f"euro-2012-group-A.csv:2:{column}: {cell} is not a number of goals (Poland - Greece)" in result.stderr
