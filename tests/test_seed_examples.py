"""The worked examples of the source articles, reproduced exactly.

Sources: the Bulgarian encyclopedia article on the Sonneborn–Berger coefficient (the hypothetical
7-player round robin, the 1975-80 correspondence final, the 1957 Women's Olympiad
group C, the Riga and Gorin examples); the Hungarian article (2018 World Cup group H). Expected
values are in tests/data/*.expected.json, copied from shared/examples, which cite
the same article (Ganev's SHM corrected to -12.5, a known error of the source: docs/sources.md).
"""

from __future__ import annotations

from fractions import Fraction

import pytest

import crosstable
from crosstable import Tournament
from tests.conftest import EXAMPLES, load_json

F = Fraction


def as_fraction(x: float | int) -> Fraction:
    return F(str(x))


def test_seven_player_table_sb_shm_and_order() -> None:
    # the Bulgarian article: SB 11.75, 10, 9, 7.75, 3, 0, 0; SHM 7.5, 3.5, 1, -1.5, -12.5 (corrected), -20, -21
    expected = load_json("seed-7-players.expected.json")
    s = crosstable.rank(crosstable.read(EXAMPLES / "seed-7-players.tsv"), ["SB", "SHM"])
    assert [r.name for r in s.rows] == [e["name"] for e in expected["standings"]]
    for row, exp in zip(s.rows, expected["standings"], strict=True):
        assert row.place == exp["place"]
        assert row.points == as_fraction(exp["points"])
        assert row.values["SB"] == as_fraction(exp["tiebreaks"]["SB"])
        assert row.values["SHM"] == as_fraction(exp["tiebreaks"]["SHM"])


def test_zhelyazkov_third_on_sb_ahead_of_angelov() -> None:
    # the Bulgarian article: "Zhelyazkov has a higher Berger coefficient than Angelov (9 against 7.75) ... third place"
    s = crosstable.rank(crosstable.read(EXAMPLES / "seed-7-players.tsv"), ["SB"])
    third, fourth = s.rows[2], s.rows[3]
    assert (third.name, third.place, third.ahead_on) == ("Zhelyazkov", "3", "SB")
    assert (fourth.name, fourth.values["SB"]) == ("Angelov", F(31, 4))


def test_printed_summary_columns_cross_check_without_warnings() -> None:
    # The seed table prints +, −, =, points, place, SB and the corrected SHM: all must agree.
    s = crosstable.rank(crosstable.read(EXAMPLES / "seed-7-players.tsv"), ["SB"])
    assert s.warnings == []


def test_seed_misprint_of_ganev_shm_is_reported() -> None:
    # docs/sources.md: the Bulgarian article prints Ganev's SHM as -8.5; its table gives -12.5.
    text = (EXAMPLES / "seed-7-players.tsv").read_text(encoding="utf-8").replace("–12,5", "–8,5")
    s = crosstable.rank(crosstable.read_text(text, source="seed.tsv"), ["SB"])
    assert len(s.warnings) == 1
    assert "Ganev's SHM is printed as -8.5, computed -12.5" in s.warnings[0]
    assert s.warnings[0].startswith("seed.tsv:6:")


def test_explanation_in_the_seed_style() -> None:
    # the Bulgarian article: "KB = 2,5 (half of Mikhailov's points) + 2,25 (half of Alexandrov's) + 2 (half of
    # Angelov's) + 1,25 (half of Ganev's) + 1 (all of Kalchev's) + 0 (all of Getovski's) = 9"
    s = crosstable.rank(crosstable.read(EXAMPLES / "seed-7-players.tsv"), ["SB", "SHM"])
    lines = s.explain("Zhelyazkov").splitlines()
    assert lines[1] == (
        "SB = 2.5 (½ of Mikhailov's 5) + 2.25 (½ of Alexandrov's 4½) + 2 (½ of Angelov's 4) "
        "+ 1.25 (½ of Ganev's 2½) + 1 (all of Kalchev's 1) + 0 (all of Getovski's 0) = 9"
    )
    # the Bulgarian article: Angelov's OB = 2,5 (Ganev) + 1 (Kalchev) + 0 (Getovski) – 5 (Mikhailov) = –1,5
    shm = s.explain("Angelov").splitlines()[2]
    assert shm.startswith("SHM = -5 (Mikhailov's 5, loss)")  # the sign of every negative number shown: -
    assert "+ 2.5 (all of Ganev's 2½)" in shm and shm.endswith("= -1.5")


def test_gelbfuhs_and_nnsb_follow_the_seed_formulas() -> None:
    # the Bulgarian article: G(i) = S_i + KB_i / n and ZBMN(i) = S_i * S_i + KB_i, n = 6 games each
    expected = load_json("seed-7-players.expected.json")
    s = crosstable.rank(crosstable.read(EXAMPLES / "seed-7-players.tsv"), ["GELB", "NNSB"])
    by_name = {r.name: r for r in s.rows}
    for e in expected["standings"]:
        pts, sb = as_fraction(e["points"]), as_fraction(e["tiebreaks"]["SB"])
        row = by_name[e["name"]]
        assert row.values["GELB"] == pts + sb / 6
        assert row.values["NNSB"] == pts * pts + sb


def test_olympiad_1957_group_c() -> None:
    # the Bulgarian article: match points 2-1-0, then game points, then Berger (match result x opponent's
    # game points): England 19.75 ahead of Poland 17.25.
    expected = load_json("olympiad-1957-women-group-C.expected.json")
    t = crosstable.read(EXAMPLES / "olympiad-1957-women-group-C.tsv")
    assert t.kind == "game_points" and t.scoring.name == "team"
    s = crosstable.rank(t, ["GP", "SB"])
    assert [r.name for r in s.rows] == [e["name"] for e in expected["standings"]]
    for row, exp in zip(s.rows, expected["standings"], strict=True):
        assert row.place == exp["place"]
        assert row.points == as_fraction(exp["match_points"])
        assert row.values["GP"] == as_fraction(exp["game_points"])
        assert row.values["SB"] == as_fraction(exp["SB"])
    assert s.rows[2].ahead_on == "SB"


def test_olympiad_printed_places_are_compared() -> None:
    # The printed table shares place 3-4 between England and Poland (it has no Berger column);
    # ranked by GP and SB they are 3 and 4, which the cross-check reports.
    s = crosstable.rank(crosstable.read(EXAMPLES / "olympiad-1957-women-group-C.tsv"), ["GP", "SB"])
    assert len(s.warnings) == 2 and all("printed as 3-4" in w for w in s.warnings)
    # Without the Berger criterion the computed places agree with the printed ones.
    assert crosstable.rank(crosstable.read(EXAMPLES / "olympiad-1957-women-group-C.tsv"), ["GP"]).warnings == []


def test_riga_ties_and_gorin_prefers_decisive_games() -> None:
    # the Bulgarian article: against two opponents with 7 points each, a win and a loss give
    # Riga 2*7 + 7 = 21 = 1.5*7 + 1.5*7 (two draws); Gorin 4*7 + 7 = 35 > 2*7 + 2*7 = 28.
    names = ["X", "Y", "C", "D"] + [f"f{k}" for k in range(12)]
    games = [("X", "C", "1-0"), ("D", "X", "1-0"), ("Y", "C", "½-½"), ("Y", "D", "½-½")]
    games += [("C", f"f{k}", "1-0") for k in range(6)] + [("C", "f6", "½-½")]  # C: 0 + ½ + 6½ = 7
    games += [("D", f"f{k}", "1-0") for k in range(7, 12)] + [("D", "f6", "½-½")]  # D: 1 + ½ + 5½ = 7
    t = Tournament.from_games(names, games)
    s = crosstable.rank(t, ["RIGA", "GORIN"])
    x, y = s.row("X"), s.row("Y")
    assert s.analysis.points[names.index("C")] == 7 == s.analysis.points[names.index("D")]
    assert x.values["RIGA"] == y.values["RIGA"] == 21
    assert (x.values["GORIN"], y.values["GORIN"]) == (35, 28)


def test_correspondence_final_1975_80_is_refused_naming_the_cells() -> None:
    # docs/sources.md: the printed table is inconsistent; the reader must name the cells.
    with pytest.raises(crosstable.InputError) as err:
        crosstable.read(EXAMPLES / "wccc-1975-80-final.as-printed.tsv")
    message = str(err.value)
    assert message.startswith(str(EXAMPLES / "wccc-1975-80-final.as-printed.tsv") + ":2:")
    assert "Sloth against Madler is 1 but Madler against Sloth (line 9, column" in message
    names = {n for p in err.value.problems for n in ("Madler", "Estrin", "Dannhaupt") if n in p.message}
    assert names == {"Madler", "Estrin", "Dannhaupt"}
    assert all(p.line is not None and p.column is not None for p in err.value.problems)


def test_correspondence_final_with_columns_restored_is_still_refused() -> None:
    # docs/sources.md: printed column 8 holds the results against Dannhaupt (10), 9 against Madler (8),
    # 10 against Estrin (9). Restoring them leaves only the games among those three inconsistent.
    lines = (EXAMPLES / "wccc-1975-80-final.as-printed.tsv").read_text(encoding="utf-8").splitlines()
    fixed = []
    for k, line in enumerate(lines):
        cells = line.split("\t")
        if 8 <= k <= 10:  # rows of Madler, Estrin, Dannhaupt: their own block is printed in order
            fixed.append(line)
            continue
        cells[9], cells[10], cells[11] = cells[10], cells[11], cells[9]
        fixed.append("\t".join(cells))
    with pytest.raises(crosstable.InputError) as err:
        crosstable.read_text("\n".join(fixed), source="restored.tsv")
    pairs = {tuple(sorted(n for n in ("Madler", "Estrin", "Dannhaupt") if n in p.message)) for p in err.value.problems}
    assert pairs == {("Estrin", "Madler"), ("Dannhaupt", "Estrin")}


def test_world_cup_2018_group_h_seed_coefficients() -> None:
    # the Hungarian article: Berger with (1, 1/2, 0) weights on opponents' football points: Japan 8, Senegal 5;
    # weights (2, 1, 0): 16 and 10; Koya (share of games >= 50 %): 4 and 1.
    expected = load_json("worldcup-2018-group-H.expected.json")["seed_coefficients"]
    t = crosstable.read(EXAMPLES / "worldcup-2018-group-H.csv")
    assert t.kind == "goals" and t.scoring.name == "football"
    s = crosstable.rank(t, ["GD", "GF", "SB(1,1/2,0)", "SB(2,1,0)", "KS"])
    for team in ("Japan", "Senegal"):
        row = s.row(team)
        assert (
            row.values["SB(1,0.5,0)"] == expected["Berger with weights (1, 1/2, 0) on opponents' football points"][team]
        )
        assert row.values["SB(2,1,0)"] == expected["weights (2, 1, 0)"][team]
        assert row.values["KS"] == expected["Koya, threshold on share of games >= 50%, points 3-1-0"][team]
    assert [(r.name, r.points, r.values["GD"], r.values["GF"]) for r in s.rows] == [
        (e["name"], e["points"], e["GD"], e["GF"])
        for e in load_json("worldcup-2018-group-H.expected.json")["standings"]
    ]
