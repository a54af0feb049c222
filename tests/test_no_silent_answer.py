"""No silent change of the question: what the readers infer is what every cell says,
the defaults are the regulations' for the kind of event, every output says what was
ranked and how, and no warning is lost (issue: "no silent wrong answer").

Inputs are the repository's real examples (the encyclopedia articles' tables, the
World Cup and EURO groups, real TRF exports) with the typos people make.
"""

from __future__ import annotations

import html
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

import crosstable
from crosstable.cli import main
from tests.conftest import EXAMPLES

REAL = Path(__file__).parent / "data" / "real"
SEED_GAMES = (EXAMPLES / "seed-003-last-round.csv").read_text(encoding="utf-8")
SEED_TABLE = (EXAMPLES / "seed-7-players.tsv").read_text(encoding="utf-8")
GROUP_H = (EXAMPLES / "worldcup-2018-group-H.csv").read_text(encoding="utf-8")


def run(*args: str, stdin: str | None = None) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args), input=stdin)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.stdout, result.stderr


def refused(text: str, **options: str) -> str:
    with pytest.raises(crosstable.InputError) as e:
        crosstable.read_text(text, **options)  # type: ignore[arg-type]
    return str(e.value)


# -- 1. inference is what every cell says ---------------------------------------------------------
def test_one_1_1_in_a_chess_games_list_is_an_error_naming_it() -> None:
    # The Hungarian article's event as a games list, one draw typed 1-1: not football with goals of ½.
    typo = SEED_GAMES.replace("1,Ivanov,Kuznetsov,½-½", "1,Ivanov,Kuznetsov,1-1")
    message = refused(typo)
    assert "<input>:3:20: '1-1' (Ivanov - Kuznetsov) is not a chess result (1-0, 0-1 or ½-½)" in message
    # and a list without any draw, white/black columns: still chess, still the same error
    lines = [ln for ln in typo.splitlines() if "½" not in ln]
    assert "'1-1' (Ivanov - Kuznetsov) is not a chess result" in refused("\n".join(lines))


def test_football_fixtures_that_all_end_1_0_are_football() -> None:
    fixtures = "home,away,result\nColombia,Japan,1:0\nPoland,Senegal,0:1\nJapan,Senegal,1:0\n"
    t = crosstable.read_text(fixtures)
    assert (t.kind, t.scoring.name, t.scoring.win) == ("goals", "football", 3)
    # the notation alone says it too, without a header
    headerless = "Colombia,Japan,1:0\nPoland,Senegal,0:1\nJapan,Senegal,1:0\n"
    assert crosstable.read_text(headerless, fmt="games").kind == "goals"
    # and a chess list written 1-0 stays chess
    assert crosstable.read_text("white,black,result\nA,B,1-0\nC,A,0-1\nB,C,1-0\n").scoring.name == "chess"


def test_one_mirrored_score_typed_wrong_or_missing_is_an_error_not_home_and_away() -> None:
    table = (
        "No\tTeam\t1\t2\t3\t4\n"
        "1\tColombia\t-\t1:2\t1:0\t3:0\n"
        "2\tJapan\t2:1\t-\t2:2\t0:1\n"
        "3\tSenegal\t0:1\t2:2\t-\t2:1\n"
        "4\tPoland\t0:3\t1:0\t1:2\t-\n"
    )
    assert len(crosstable.read_text(table).white) == 6
    empty = table.replace("2\tJapan\t2:1\t-\t2:2\t0:1", "2\tJapan\t2:1\t-\t2:2\t")
    message = refused(empty)
    assert "Japan against Poland is 'empty' but Poland against Japan (line 5, column 14) is '1:0'" in message
    assert "5 of 6 pairs of scores mirror each other" in message


def test_a_2_player_table_1_against_1_is_not_a_draughts_draw() -> None:
    text = "1\tAnn\t-\t1\n2\tBob\t1\t-\n"
    message = refused(text)
    assert "Ann against Bob is 1 but Bob against Ann (line 2, column 7) is 1: they add up to 2" in message
    assert "no cell says 2" in message
    # a draughts table of draws is still readable when the scoring says so
    t = crosstable.read_text(text, scoring="draughts")
    assert t.scores() == [1, 1]
    # and the Bulgarian article's table reads as chess, with the reason printed
    assert crosstable.read_text(SEED_TABLE).scoring_reason == "every game's two cells add up to 1"


def test_the_same_game_listed_twice_is_an_error_naming_both_lines() -> None:
    twice = GROUP_H + "2018-06-19,Colombia,Japan,1,2\n"
    assert "<input>:8:1: Colombia - Japan is listed twice, round 2018-06-19: also line 2" in refused(twice)
    # without a round column a pair may meet again (a match; a league whose teams meet four times)
    match = crosstable.read_text("white,black,result\nA,B,1-0\nB,C,½-½\nA,B,1-0\n")
    assert len(match.white) == 3 and match.scores()[0] == 2


def test_names_that_differ_only_in_case_or_spacing_are_an_error() -> None:
    japan = GROUP_H.replace("2018-06-24,Japan,Senegal", "2018-06-24,japan,Senegal")
    message = refused(japan)
    assert "'japan' and 'Japan' (line 2, column 21) differ only in case or spacing" in message
    table = SEED_TABLE.replace("Alexandrov\t", "alexandrov \t", 1).replace("2\tAlexandrov", "2\talexandrov")
    assert "differ only in case or spacing" in refused(table.replace("3\tZhelyazkov", "3\tAlexandrov"))


@pytest.mark.parametrize("output", ["text", "json", "md", "html", "csv"])
def test_every_output_names_format_scoring_and_criteria(output: str) -> None:
    args = ["standings", str(EXAMPLES / "seed-7-players.tsv"), "-o", output]
    code, out, err = run(*args, *(["--csv-notes"] if output == "csv" else []))
    assert code == 0, err
    if output == "json":
        data = json.loads(out)
        assert (data["format"], data["scoring"]["win"], data["scoring_reason"]) == (
            "crosstable",
            1,
            "every game's two cells add up to 1",
        )
        assert data["tiebreaks_source"] == "the default for an individual round robin: preset fide-rr"
        return
    out = html.unescape(out) if output == "html" else out
    assert "crosstable; round robin; scoring chess (1-½-0: every game's two cells add up to 1)" in out
    assert "ranked by points, then DE, WIN, SB, KS (the default for an individual round robin: preset fide-rr)" in out


# -- 2. defaults per kind of event -------------------------------------------------------------
def test_default_criteria_follow_the_kind_of_event() -> None:
    swiss = crosstable.rank(crosstable.read(REAL / "ejs_javafo_sample2.trf"))
    assert swiss.labels == ["BH/C1", "BH", "SB", "PS", "DE", "WIN", "BWG"]
    assert swiss.criteria_source == "the default for an individual Swiss: preset fide-swiss"
    robin = crosstable.rank(crosstable.read(EXAMPLES / "seed-7-players.tsv"))
    assert robin.labels == ["DE", "WIN", "SB", "KS"]
    team = crosstable.rank(crosstable.read(EXAMPLES / "olympiad-1957-women-group-C.tsv"))
    assert team.labels == ["MPVGP", "DE", "SB:MP"] and team.criteria_source.endswith("preset fide-team-rr")
    team_swiss = crosstable.rank(crosstable.read(REAL / "ejs_grandmommyscup.trf"))
    assert team_swiss.criteria_source in (
        "the file's list (TRF 202)",
        "the default for a team Swiss: preset fide-team-swiss",
    )


def test_euro_2012_group_a_default_order_is_the_official_one() -> None:
    # UEFA's official order: Czech Republic, Greece, Russia, Poland (Greece above Russia on their match,
    # despite Russia's better goal difference); a GD-first default put Russia second.
    s = crosstable.rank(crosstable.read(EXAMPLES / "euro-2012-group-A.csv"))
    assert [r.name for r in s.rows] == ["Czech Republic", "Greece", "Russia", "Poland"]
    assert s.criteria_source == "the default for football: preset fifa-2026"


def test_help_names_the_defaults_and_the_chess_presets() -> None:
    code, out, _ = run("standings", "--help")
    assert code == 0
    for name in ("fide-swiss", "fide-rr", "fide-team-swiss", "fide-team-rr", "olympiad", "fifa-2026"):
        assert name in out


# -- 3. warnings are seen; data not supplied is not made up -------------------------------------
@pytest.mark.parametrize("output", ["text", "csv", "md", "json", "html"])
def test_warnings_go_to_standard_error_in_every_format(output: str) -> None:
    code, out, err = run("standings", str(EXAMPLES / "worldcup-2018-group-H.csv"), "--rules", "fifa-2018", "-o", output)
    assert code == 0
    assert "placed ahead of" in err and "by drawing of lots (seed 0)" in err
    assert "warning: no cards were supplied" in err
    assert "warning:" not in out  # standard output keeps the document
    if output == "md":
        assert "> **Note:** no cards were supplied" in out
    if output == "csv":
        assert "#" not in out  # comment lines only on request
        _, with_notes, _ = run(
            "standings", str(EXAMPLES / "worldcup-2018-group-H.csv"), "--rules", "fifa-2018", "-o", "csv", "--csv-notes"
        )
        assert "# warning: " in with_notes and "by drawing of lots (seed 0)" in with_notes


def test_criteria_whose_data_was_not_supplied_show_no_value() -> None:
    code, out, _ = run("standings", str(EXAMPLES / "euro-2012-group-A.csv"), "--rules", "uefa-euro-2024", "-o", "json")
    assert code == 0
    rows = json.loads(out)["standings"]
    assert all(r["tiebreaks"]["PSO"] is None and r["tiebreaks"]["QUAL"] is None for r in rows)
    assert all(r["tiebreaks"]["DISC"] is None for r in rows)
    # the drawing of lots shows a lot only for teams that were level when it was applied
    s = crosstable.rank(crosstable.read(EXAMPLES / "worldcup-2018-group-H.csv"), rules="fifa-2018")
    lots = {r.name: r.values["LOT"] for r in s.rows}
    assert lots["Colombia"] is None and lots["Poland"] is None
    assert lots["Japan"] is not None and lots["Senegal"] is not None


def test_decided_names_the_exact_criterion() -> None:
    s = crosstable.rank(crosstable.read(REAL / "ejs_javafo_sample2.trf"), ["BH/C1", "BH", "SB"])
    notes = [crosstable.report.decided_note(s, k) for k in range(len(s.rows))]
    assert any(n.endswith("on BH/C1 (Buchholz)") for n in notes)
    # EURO 2024 group E: all four level, separated by the first head-to-head pass: not "re-applied"
    e = crosstable.rank(crosstable.read(EXAMPLES / "euro-2024-group-E.csv"), rules="uefa-euro-2024")
    assert crosstable.report.decided_note(e, 0) == "ahead of Belgium on H2H (head-to-head mini-league)"


def test_re_applied_is_said_only_when_the_head_to_head_was_re_applied() -> None:
    # UEFA EURO 2024 art. 18.02 re-applies the head-to-head to teams still level after it. X, Y, Z all beat
    # D (6 points each); among the three each has 3 points and goal difference 0, Y and Z 2 goals, X 1: X is
    # third, Y and Z still level, and re-applied to their own match, which Y won 2-1. (Constructed to follow
    # the article's rule step by step.)
    fixtures = (
        "round,home,away,home_goals,away_goals\n1,X,Y,1,0\n1,Z,D,1,0\n2,Z,X,1,0\n2,Y,D,1,0\n3,Y,Z,2,1\n3,X,D,1,0\n"
    )
    s = crosstable.rank(crosstable.read_text(fixtures), rules="uefa-euro-2024")
    assert [r.name for r in s.rows] == ["Y", "Z", "X", "D"]
    notes = [crosstable.report.decided_note(s, k) for k in range(len(s.rows))]
    assert notes[0] == "ahead of Z on H2H (head-to-head mini-league), re-applied to the matches between Y and Z"
    assert notes[1] == "ahead of X on H2H (head-to-head mini-league)"


# -- 6. reading what people have --------------------------------------------------------------
def test_standard_input() -> None:
    code, out, err = run("standings", "-", "-t", "SB", "-o", "csv", stdin=SEED_TABLE)
    assert code == 0, err
    assert out.splitlines()[1] == "1,1,Mikhailov,5,11.75"
    code, _, err = run("standings", "-", stdin="x\n")
    assert code == 2 and err.startswith("crosstable: <stdin>:1:1: ")


def test_a_header_row_of_names() -> None:
    # The Bulgarian article's table with the opponents named in the header instead of numbered.
    lines = SEED_TABLE.splitlines()
    names = [line.split("\t")[1] for line in lines[1:]]
    header = "\t".join(["№", "Participant", *names, *lines[0].split("\t")[9:]])
    t = crosstable.read_text("\n".join([header, *lines[1:]]) + "\n")
    assert crosstable.rank(t, ["SB"]).row("Zhelyazkov").values["SB"] == 9
    assert "Points" in t.declared or "points" in t.declared  # the summary columns are still recognised


def test_a_fifa_ranking_with_more_teams_than_the_group(tmp_path: Path) -> None:
    # A published ranking lists every team; the group's four are taken, the others named once.
    ranking = tmp_path / "fifa.csv"
    ranking.write_text(
        "team,rank\nBelgium,3\nColombia,16\nPoland,8\nJapan,61\nSenegal,27\nBrazil,2\n", encoding="utf-8"
    )
    code, _, err = run(
        "standings", str(EXAMPLES / "worldcup-2018-group-H.csv"), "--rules", "fifa-2026", "--ranking", f"FIFA={ranking}"
    )
    assert code == 0, err
    assert "2 teams not in this event left out (Belgium, Brazil)" in err
    short = tmp_path / "short.csv"
    short.write_text("Colombia,16\nPoland,8\nJapan,61\n", encoding="utf-8")
    code, _, err = run("standings", str(EXAMPLES / "worldcup-2018-group-H.csv"), "--ranking", f"FIFA={short}")
    assert code == 2 and "no FIFA value for Senegal" in err


def test_the_trf_event_name_heads_the_output() -> None:
    code, out, _ = run("standings", str(REAL / "ejs_javafo_sample2.trf"))
    assert code == 0
    name = next(
        line[4:].strip()
        for line in (REAL / "ejs_javafo_sample2.trf").read_text().splitlines()
        if line.startswith("012")
    )
    assert out.splitlines()[0] == name
