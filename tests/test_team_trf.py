"""Team events from TRF team lines (013).

The 1957 Women's Olympiad group C (the Bulgarian article; tests/data/olympiad-1957-women-group-C
.expected.json) written as a two-board TRF: each match's game points from the article's
table, split over the boards, the matches in the rounds of the Berger tables. Read
back as a team event it must give the article's match points, game points and Berger
values (England 19.75 ahead of Poland 17.25).
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

import crosstable
from crosstable import Tournament
from crosstable.io.trf import write_trf
from crosstable.schedule import berger
from tests.conftest import DATA, EXAMPLES, load_json

BOARDS = {Fraction(2): ("1-0", "1-0"), Fraction(3, 2): ("1-0", "½-½"), Fraction(1): ("½-½", "½-½"),
          Fraction(1, 2): ("½-½", "0-1"), Fraction(0): ("0-1", "0-1")}  # fmt: skip


def olympiad_trf() -> str:
    table = crosstable.read(EXAMPLES / "olympiad-1957-women-group-C.tsv")
    teams = table.names
    points = {(g.white, g.black): g.white_score for g in table.games}
    points.update({(g.black, g.white): g.black_score for g in table.games})
    players = [f"{team} {board}" for team in teams for board in (1, 2)]
    games = []
    for rnd in berger(len(teams)):
        for p in rnd:
            if p.bye:
                continue
            a, b = p.white - 1, p.black - 1
            first, second = BOARDS[points[(a, b)]]
            games.append((players[2 * a], players[2 * b], first, p.round))
            games.append((players[2 * b + 1], players[2 * a + 1], "-".join(reversed(second.split("-"))), p.round))
    t = Tournament.from_games(players, games)
    t.rounds_total = len(berger(len(teams)))
    lines = write_trf(t).splitlines()
    team_lines = [f"013 {team:<32}{2 * k + 1:>4} {2 * k + 2:>4}" for k, team in enumerate(teams)]
    return "\n".join(lines[:4] + team_lines + lines[4:]) + "\n"


def test_team_trf_gives_the_seed_values(tmp_path: Path) -> None:
    p = tmp_path / "olympiad.trf"
    p.write_text(olympiad_trf(), encoding="utf-8")
    t = crosstable.read(p)
    assert t.kind == "game_points" and t.scoring.name == "team" and len(t.white) == 21
    s = crosstable.rank(t, ["GP", "SB"])
    expected = load_json("olympiad-1957-women-group-C.expected.json")["standings"]
    assert [r.name for r in s.rows] == [e["name"] for e in expected]
    for row, e in zip(s.rows, expected, strict=True):
        assert (row.points, row.values["GP"], row.values["SB"]) == (
            Fraction(str(e["match_points"])),
            Fraction(str(e["game_points"])),
            Fraction(str(e["SB"])),
        )


def test_team_lines_must_name_players_of_the_file(tmp_path: Path) -> None:
    text = olympiad_trf().replace(
        "013 Yugoslavia                         1    2", "013 Yugoslavia                        99    2"
    )
    p = tmp_path / "bad.trf"
    p.write_text(text, encoding="utf-8")
    with pytest.raises(crosstable.InputError) as err:
        crosstable.read(p)
    assert "team Yugoslavia: player 99 is not in the file" in str(err.value)


def test_team_criteria_equal_tiebreakserver(tmp_path: Path) -> None:
    # tests/data/fide/SOURCE.txt: the reference on the same team TRF: PTS (match points), BH (on
    # match points), SB:MP (match points times the opponents' match points), GPTS (game points).

    p = tmp_path / "olympiad.trf"
    p.write_text(olympiad_trf(), encoding="utf-8")
    t = crosstable.read(p)
    s = crosstable.rank(t, ["BH", "SB:MP", "GP"])
    rows = [line.split("\t") for line in (DATA / "fide" / "olympiad-1957-team.tbs.tsv").read_text().splitlines()]
    head = rows[0]
    for row in rows[1:]:
        mine = s.row(t.names[int(row[0]) - 1])
        assert mine.points == Fraction(row[head.index("PTS")])
        assert mine.values["BH"] == Fraction(row[head.index("BH")])
        assert mine.values["SB:MP"] == Fraction(row[head.index("SB:MP")])
        assert mine.values["GP"] == Fraction(row[head.index("GPTS")])
        assert int(mine.place.split("-")[0]) == int(row[1])


@pytest.mark.parametrize("trf", ["team-swiss-10x2.trf", "team-swiss-10x2-310.trf"])
def test_team_swiss_equals_tiebreakserver(trf: str) -> None:
    # tests/data/fide/SOURCE.txt: a synthetic 10-team, 2-board, 5-round Swiss and the reference's
    # match points, BH, SB:MP, game points, BH/C1 and ranks; the same file with TRF-2026 team
    # records (310) instead of 013 lines, on which the reference prints the same output.

    t = crosstable.read(DATA / "fide" / trf)
    assert (t.kind, t.system) == ("game_points", "swiss")
    s = crosstable.rank(t, ["BH", "SB:MP", "GP", "BH/C1"])
    rows = [line.split("\t") for line in (DATA / "fide" / "team-swiss-10x2.tbs.tsv").read_text().splitlines()]
    head = rows[0]
    for row in rows[1:]:
        mine = s.row(t.names[int(row[0]) - 1])
        assert mine.points == Fraction(row[head.index("PTS")])
        for code, ref in (("BH", "BH"), ("SB:MP", "SB:MP"), ("GP", "GPTS"), ("BH/C1", "BH/C1")):
            assert mine.values[code] == Fraction(row[head.index(ref)]), (row[0], code)
        assert int(mine.place.split("-")[0]) == int(row[1])


def test_more_team_criteria_equal_tiebreakserver() -> None:
    # tests/data/fide/SOURCE.txt: the reference on the synthetic team Swiss with game-point bases
    # (BH:GP, SB:GP and their cuts: SB:GP is the game points scored × the opponent's game points),
    # PS, KS, WIN, WON and FB.

    t = crosstable.read(DATA / "fide" / "team-swiss-10x2.trf")
    codes = ["BH:GP", "BH:GP/C1", "SB:GP", "SB:GP/C1", "PS", "KS", "WIN", "WON", "FB"]
    s = crosstable.rank(t, codes)
    rows = [line.split("\t") for line in (DATA / "fide" / "team-swiss-10x2.tbs-more.tsv").read_text().splitlines()]
    head = rows[0]
    for row in rows[1:]:
        mine = s.row(t.names[int(row[0]) - 1])
        for code in codes:
            assert mine.values[code] == Fraction(row[head.index(code)]), (row[0], code)


def test_team_byes_and_forfeits_equal_tiebreakserver() -> None:
    # tests/data/fide/SOURCE.txt: a team Swiss with team byes (one team twice) and a match lost by
    # forfeit on every board; the reference's values (its default: a team's bye is a drawn match
    # with every board won; the dummy opponent of a bye has the team's own score, capped by the
    # 2026 rules at a draw per round) and ranks.

    t = crosstable.read(DATA / "fide" / "team-swiss-9x2-bye-forfeit.trf")
    codes = {"BH": "BH", "BH/C1": "BH/C1", "SB:MP": "SB:MP", "GP": "GPTS", "SB:GP": "SB:GP", "FB": "FB"}
    codes |= {"WIN": "WIN", "WON": "WON", "BH:GP": "BH:GP", "SB:GP/C1": "SB:GP/C1"}
    s = crosstable.rank(t, list(codes))
    rows = [
        line.split("\t") for line in (DATA / "fide" / "team-swiss-9x2-bye-forfeit.tbs.tsv").read_text().splitlines()
    ]
    head = rows[0]
    for row in rows[1:]:
        mine = s.row(t.names[int(row[0]) - 1])
        assert mine.points == Fraction(row[head.index("PTS")])
        for ours, theirs in codes.items():
            assert mine.values[ours] == Fraction(row[head.index(theirs)]), (row[0], ours)
        assert int(mine.place.split("-")[0]) == int(row[1])
