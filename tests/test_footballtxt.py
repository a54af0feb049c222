"""openfootball's Football.TXT (euro.txt, 1-premierleague.txt): real files read, ranked and refused.

The files are in tests/data/openfootball (``*.txt``; their repository, path and commit
in tests/data/SOURCES.md). The same competitions are there as openfootball JSON: read
from the text, a competition ranks as read from its JSON (every row of every table,
points, goal difference, place). The published values checked are those the tests of
the JSON already check: Euro 2024 group E in UEFA's order (Romania, Belgium, Slovakia,
Ukraine on 4 points), the Premier League 2023/24 (Manchester City 91; with Everton's and
Nottingham Forest's deductions, the bottom of the published table), the Bundesliga 2024/25
(the newer layout, ``Team v Team  2-1 (1-0)``, and an ``[awarded]`` result; Bayern 82,
Bochum and Kiel 25 at the bottom). Euro 2016, the whole
tournament (no JSON of it here): UEFA's published group tables and the four best
third-placed teams (Slovakia, Republic of Ireland, Portugal, Northern Ireland; Turkey and
Albania out).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import pytest
from click.testing import CliRunner

import crosstable
import crosstable.io.footballtxt as footballtxt
from crosstable.cli import main
from crosstable.competition import rank_competition
from crosstable.errors import InputError
from crosstable.io import detect_format, read_text
from crosstable.io.footballtxt import looks_like_footballtxt
from crosstable.io.openfootball import _Match
from crosstable.io.sidecar import add_discipline
from crosstable.model import FORFEIT, PENDING
from tests.conftest import DATA

OF = DATA / "openfootball"
EURO_TXT, EURO_JSON = OF / "euro-2024.txt", OF / "euro-2024.json"
EPL_TXT, EPL_JSON = OF / "en-1-2023-24.txt", OF / "en-1-2023-24.json"
EURO2016 = OF / "euro-2016.txt"
BL_TXT, BL_JSON = OF / "de-1-2024-25.txt", OF / "de-1-2024-25.json"
DEDUCTIONS = DATA / "competitions" / "premier-league-2023-24.deductions.csv"


def text_of(path: Path) -> str:
    return path.read_text(encoding="utf-8")


def games(t: crosstable.Tournament) -> list[tuple[str, str, int, int, int, int]]:
    """Every game by the teams' names, in any order: (home, away, goals, goals, round, status)."""
    assert t.rounds is not None and t.status is not None
    return sorted(
        (t.names[w], t.names[b], int(ws), int(bs), int(r), int(s))
        for w, b, ws, bs, r, s in zip(t.white, t.black, t.white_score, t.black_score, t.rounds, t.status, strict=True)
    )


def same_event(txt: crosstable.Tournament, js: crosstable.Tournament) -> None:
    """The text and the JSON of one competition read as the same event: names, every game, header, warnings."""
    assert txt.names == js.names and txt.scores() == js.scores()
    for key in ("white", "black", "white_score", "black_score", "rounds", "status"):
        assert np.array_equal(getattr(txt, key), getattr(js, key)), key
    assert (txt.info, txt.start_date, txt.system, txt.warnings) == (js.info, js.start_date, js.system, js.warnings)


def matches_read(monkeypatch: pytest.MonkeyPatch, text: str) -> list[_Match]:
    """The match records the text reader hands to the JSON reader's building code."""
    seen: list[_Match] = []
    build = footballtxt.build

    def spy(r: Any, name: Any, matches: list[_Match], scoring: Any) -> crosstable.Tournament:
        seen.extend(matches)
        return build(r, name, matches, scoring)

    monkeypatch.setattr(footballtxt, "build", spy)
    read_text(text, source="t.txt")
    return seen


def refusal(text: str) -> InputError:
    with pytest.raises(InputError) as e:
        read_text(text, source="e.txt")
    return e.value


def place_of(text: str, needle: str) -> tuple[int, int]:
    """The line and column (1-based) of ``needle`` in ``text``."""
    at = text.index(needle)
    return text.count("\n", 0, at) + 1, at - (text.rfind("\n", 0, at) + 1) + 1


# -- the same competition as its JSON -----------------------------------------------------------


def test_euro_2024_from_its_text_ranks_as_from_its_json() -> None:
    txt, js = crosstable.read(EURO_TXT), crosstable.read(EURO_JSON)
    assert txt.format == "openfootball" and txt.info["012"] == "Euro 2024" and txt.start_date == "2024-06-14"
    assert txt.names == js.names and txt.groups == js.groups
    assert games(txt) == games(js)  # the 36 group matches, their full-time scores and matchdays
    assert txt.system == js.system == "round-robin"
    for rules in (None, "uefa-euro-2024"):
        a, b = rank_competition(txt, rules=rules).to_dict(), rank_competition(js, rules=rules).to_dict()
        assert a["groups"] == b["groups"]  # every row: place, points, goal difference, goals …
        assert a.get("third_placed") == b.get("third_placed")
        assert {k: v for k, v in a.items() if k != "warnings"} == {k: v for k, v in b.items() if k != "warnings"}
    # the text was taken on 5 July 2024: the round of 16 played, the quarter-finals not yet
    assert "12 knockout matches (Round of 16; Quarter-finals) are not part of the group tables: set aside" in (
        txt.warnings
    )


def test_euro_2024_group_e_is_in_uefa_s_published_order() -> None:
    c = rank_competition(crosstable.read(EURO_TXT), rules="uefa-euro-2024")
    e = next(g for g in c.groups if g.group == "E").standings
    assert [r.name for r in e.rows] == ["Romania", "Belgium", "Slovakia", "Ukraine"]
    assert {r.points for r in e.rows} == {4}
    a = next(g for g in c.groups if g.group == "A").standings
    assert [(r.name, r.points) for r in a.rows] == [("Germany", 7), ("Switzerland", 5), ("Hungary", 3), ("Scotland", 1)]


def test_premier_league_2023_24_from_its_text_is_its_json() -> None:
    txt, js = crosstable.read(EPL_TXT), crosstable.read(EPL_JSON)
    same_event(txt, js)
    assert txt.start_date == "2023-08-11" and txt.info["052"] == "2024-05-19"  # January is 2024
    a, b = crosstable.rank(txt), crosstable.rank(js)
    assert a.rows == b.rows
    assert (a.rows[0].name, a.rows[0].points) == ("Manchester City FC", 91)


def test_premier_league_2023_24_with_its_deductions_is_the_published_table() -> None:
    t = add_discipline(crosstable.read(EPL_TXT), DEDUCTIONS)
    s = crosstable.rank(t, rules="premier-league")
    assert [(r.place, r.name, r.points) for r in s.rows[14:]] == [
        ("15", "Everton FC", 40),
        ("16", "Brentford FC", 39),
        ("17", "Nottingham Forest FC", 32),
        ("18", "Luton Town FC", 26),
        ("19", "Burnley FC", 24),
        ("20", "Sheffield United FC", 16),
    ]


EURO_2016_PUBLISHED = {
    "A": [("France", 7), ("Switzerland", 5), ("Albania", 3), ("Romania", 1)],
    "B": [("Wales", 6), ("England", 5), ("Slovakia", 4), ("Russia", 1)],
    "C": [("Germany", 7), ("Poland", 7), ("Northern Ireland", 3), ("Ukraine", 0)],
    "D": [("Croatia", 7), ("Spain", 6), ("Turkey", 3), ("Czech Republic", 1)],
    "E": [("Italy", 6), ("Belgium", 6), ("Ireland", 4), ("Sweden", 1)],
    "F": [("Hungary", 5), ("Iceland", 5), ("Portugal", 3), ("Austria", 1)],
}


def test_euro_2016_a_whole_tournament_gives_uefa_s_published_tables(monkeypatch: pytest.MonkeyPatch) -> None:
    t = crosstable.read(EURO2016)
    assert (t.info["012"], t.start_date, t.info["052"]) == ("Euro 2016", "2016-06-10", "2016-07-10")
    assert t.warnings[0] == (
        "15 knockout matches (Round of 16; Quarter-finals; Semi-finals; Final) are not part of the group tables: "
        "set aside"
    )
    c = rank_competition(t, rules="uefa-euro-2024")
    assert {g.group: [(r.name, r.points) for r in g.standings.rows] for g in c.groups} == EURO_2016_PUBLISHED
    thirds = c.to_dict()["third_placed"]
    assert thirds["qualified"] == ["Slovakia", "Ireland", "Portugal", "Northern Ireland"]
    assert [r["name"] for r in thirds["standings"]][4:] == ["Turkey", "Albania"]
    knockout = {m.names: m for m in matches_read(monkeypatch, text_of(EURO2016)) if not m.group}
    # "1-0 a.e.t. (0-0)", "4-5 pen. 1-1 a.e.t. (0-0)": the score in parentheses is the full-time one
    assert knockout["Portugal - France"].score == (0, 0) and knockout["Portugal - France"].round == "Final"
    assert knockout["Switzerland - Poland"].score == (0, 0)
    assert knockout["Wales - Northern Ireland"].score == (1, 0)
    assert knockout["Germany - France"].round == "Semi-finals" and knockout["Germany - France"].date == "2016-07-07"


def test_bundesliga_2024_25_the_newer_layout_is_its_json_awarded_result_included() -> None:
    txt, js = crosstable.read(BL_TXT), crosstable.read(BL_JSON)
    same_event(txt, js)
    awarded = [g for g in txt.games if g.status == FORFEIT]  # "0-2    [awarded]"
    assert [(txt.names[g.white], txt.names[g.black], g.white_score, g.black_score) for g in awarded] == [
        ("1. FC Union Berlin", "VfL Bochum 1848", 0, 2)
    ]
    a, b = crosstable.rank(txt), crosstable.rank(js)
    assert a.rows == b.rows
    top, bottom = [(r.name, r.points) for r in a.rows[:3]], [(r.name, r.points) for r in a.rows[-3:]]
    assert top == [("FC Bayern München", 82), ("Bayer 04 Leverkusen", 69), ("Eintracht Frankfurt", 60)]
    assert bottom == [("1. FC Heidenheim 1846", 29), ("Holstein Kiel", 25), ("VfL Bochum 1848", 25)]


@pytest.mark.parametrize(
    ("typo", "at", "message"),
    [
        ("Borussia Dortmund       v Holstein Kiel            3-", "3-", "'3-' is not a score"),
        ("Borussia Dortmund       v                          3-0 (1-0)", "v", "no second team after the score"),
        ("Borussia Dortmund       v Holstein Kiel            3-0 (1-0) Köln", "3-0", "is not a team: the line has two"),
    ],
)
def test_a_typo_in_the_newer_layout_is_refused_with_its_line_and_column(typo: str, at: str, message: str) -> None:
    text = text_of(BL_TXT).replace("Borussia Dortmund       v Holstein Kiel            3-0 (1-0)", typo, 1)
    problem = refusal(text).problems[0]
    assert message in problem.message
    line, column = place_of(text, typo)
    assert problem.line == line and problem.column == column + typo.index(at) + (1 if at == "v" else 0)


# -- what is read, what is ignored -----------------------------------------------------------


def test_every_match_line_is_read_and_nothing_else(monkeypatch: pytest.MonkeyPatch) -> None:
    matches = matches_read(monkeypatch, text_of(EURO_TXT))
    # 36 group matches and 12 knockout ones; the line-ups (" Germany: Neuer - Kimmich …"),
    # goal lines and the commented-out semi-finals and final are not matches
    assert len(matches) == 48
    assert sum(1 for m in matches if m.group) == 36
    by_teams = {m.names: m for m in matches}
    germany = by_teams["Germany - Scotland"]
    assert (germany.score, germany.group, germany.round, germany.date) == ((5, 1), "A", "Matchday 1", "2024-06-14")
    # "3-0 pen. 0-0 a.e.t. (0-0, 0-0)": the full-time score is the first in parentheses
    assert by_teams["Portugal - Slovenia"].score == (0, 0)
    assert by_teams["Portugal - Slovenia"].round == "Round of 16"
    assert by_teams["Switzerland - Germany"].score == (1, 1)  # "Switzerland 1-1 (1-0) Germany": single spaces
    assert by_teams["Spain - Germany"].score is None and by_teams["Spain - Germany"].status == PENDING
    assert by_teams["Spain - Germany"].round == "Quarter-finals"
    league = matches_read(monkeypatch, text_of(EPL_TXT))
    assert len(league) == 380 and not any(m.group for m in league)
    late = next(m for m in league if m.names == "Luton Town FC - Burnley FC")  # Matchday 2, played in October
    assert (late.round, late.date, late.score) == ("Matchday 2", "2023-10-03", (1, 2))


def test_the_text_is_detected_and_read_as_openfootball() -> None:
    for path in (EURO_TXT, EPL_TXT, EURO2016, BL_TXT):
        text = text_of(path)
        assert looks_like_footballtxt(text) and detect_format(text) == "openfootball"
        assert read_text(text, fmt="openfootball").scores() == crosstable.read(path).scores()
    for path in (EURO_JSON, EPL_JSON):  # --from openfootball still reads the JSON
        assert not looks_like_footballtxt(text_of(path))
        assert read_text(text_of(path), fmt="openfootball").scores() == crosstable.read(path).scores()


# -- refused with the line and column --------------------------------------------------------

GERMANY = "Germany   5-1 (3-0)  Scotland     @"


@pytest.mark.parametrize(
    ("typo", "at", "message"),
    [
        ("Germany   5- (3-0)  Scotland     @", "5-", "'5-' is not a score: two whole numbers of goals"),
        ("Germany   5-1 (3-0)             @", len("Germany   5-1 (3-0)"), "no second team after the score '5-1 (3-0)'"),
        ("Germany   Scotland     @", None, "cannot read this line: a match is the first team, the score"),
        ("Germany   ²-1 (3-0)  Scotland     @", "²", "² (superscript two) is not one of the digits 0 to 9; write 2"),
        ("Germany   5-1 (３-0)  Scotland     @", "３", "(fullwidth digit three) is not one of the digits 0 to 9"),
        ("Germany   5000-1 (3-0)  Scotland     @", "5000", "'5000' is not a number of goals from 0 to 1,000"),
        ("Germany   5-1 a.e.t.  Scotland     @", "5-1 a", "an extra-time or penalty score without the full-time"),
    ],
)
def test_a_typo_in_a_match_line_is_refused_with_its_line_and_column(
    typo: str, at: str | int | None, message: str
) -> None:
    """Placed at the typo; a line that is no match at all, at its start (``(1)``)."""
    text = text_of(EURO_TXT).replace(GERMANY, typo, 1)
    e = refusal(text)
    problem = e.problems[0]
    assert message in problem.message
    line, column = place_of(text, typo)
    if at is None:
        assert (problem.line, problem.column) == place_of(text, "(1) Fri Jun/14")
    else:
        assert (problem.line, problem.column) == (line, column + (at if isinstance(at, int) else typo.index(at)))
    assert str(e).startswith(f"e.txt:{line}:{problem.column}: ")


def test_the_json_reader_s_checks_name_the_text_s_lines() -> None:
    text = text_of(EPL_TXT)
    first = "Burnley FC               0-3 (0-2)  Manchester City FC"
    itself = text.replace(first, "Burnley FC               0-3 (0-2)  Burnley FC", 1)
    problem = refusal(itself).problems[0]
    assert problem.message == "Burnley FC cannot play against itself"
    line, column = place_of(itself, "Burnley FC               0-3 (0-2)  Burnley FC")
    assert (problem.line, problem.column) == (line, column + len("Burnley FC               0-3 (0-2)  "))
    spelled = text.replace(first, "Burnley FC               0-3 (0-2)  Manchester city FC", 1)
    message = refusal(spelled).problems[0].message
    assert f"'Manchester city FC' (line {line}) differ only in case or spacing" in message
    two = text_of(EURO_TXT).replace("Group B  |  Spain ", "Group B  |  Germany  Spain ", 1)
    problem = refusal(two).problems[0]
    assert problem.message.startswith("Germany is in group A (line 12) and in group B")
    assert (problem.line, problem.column) == place_of(two, "Germany  Spain")


def test_an_unclosed_goal_list_is_refused_not_read_over() -> None:
    text = text_of(EURO_TXT).replace("Can 90+3'; Rüdiger 87' (o.g.)]", "Can 90+3'; Rüdiger 87' (o.g.)", 1)
    text = text.replace("  Germany:    Neuer", "Germany:    Neuer", 1)  # the line-up no longer indented
    e = refusal(text)
    assert e.problems[0].message == f"the [ of line {place_of(text, '[Wirtz')[0]} is not closed"


AFCON_2019 = OF / "afcon-2019.txt"  # openfootball/internationals: the scorers in parentheses below each match


def test_the_scorers_in_parentheses_below_a_match_are_read_over() -> None:
    # openfootball/internationals writes "(Trézéguet 41')" below a match, over two lines where both teams scored
    # ("(Sory Kaba 34' François Kamano 66'(p);" then "Anicet Abel 49' …')"): every match is still read, the
    # same as from the file without those lines, and a match number "(1) Thu Jun/14 …" is still a match.
    text = text_of(AFCON_2019)
    assert "66'(p);" in text
    kept_lines, depth = [], 0
    for line in text.splitlines():
        if depth or line.startswith("     ("):  # the scorers' lines, indented five, until the ( is closed
            depth += line.count("(") - line.count(")")
            continue
        kept_lines.append(line)
    without = "\n".join(kept_lines)
    kept, bare = read_text(text, fmt="openfootball"), read_text(without, fmt="openfootball")
    assert kept.names == bare.names and len(kept.games) == len(bare.games) == 36  # the 36 group matches
    assert [(g.white, g.black, g.white_score, g.black_score) for g in kept.games] == [
        (g.white, g.black, g.white_score, g.black_score) for g in bare.games
    ]
    broken = text.replace("Anicet Abel 49' Carolus Andriamatsinoro 55')", "", 1)
    broken = broken.replace("  Nigeria              v Burundi", "Nigeria              v Burundi", 1)
    e = refusal(broken)
    assert e.problems[0].message == f"the ( of line {place_of(broken, '(Sory Kaba')[0]} is not closed"


def test_a_note_after_the_score_marks_an_awarded_or_cancelled_match() -> None:
    text = text_of(BL_TXT)
    cancelled = read_text(text.replace("0-2    [awarded]", "-    [cancelled]", 1))
    assert "1 match (1. FC Union Berlin - VfL Bochum 1848) was cancelled: left out" in cancelled.warnings
    assert len(cancelled.white) == 305
    first = "Burnley FC               0-3 (0-2)  Manchester City FC"
    awarded = read_text(text_of(EPL_TXT).replace(first, first + "   [awarded]", 1))
    assert [(awarded.names[g.white], awarded.names[g.black]) for g in awarded.games if g.status == FORFEIT] == [
        ("Burnley FC", "Manchester City FC")
    ]


@pytest.mark.parametrize(
    ("before", "after", "word"),
    [
        ("  20.00  Burnley FC", "  2x.00  Burnley FC", "2x.00"),  # a time typed wrong
        ("  20.00  Burnley FC", "  2².00  Burnley FC", None),
        ("Burnley FC               0-3 (0-2)", "Burnley FC               0-3 (0-2.5)", "(0-2.5)"),
        ("Burnley FC               0-3 (0-2)  Manchester City FC", "Burnley FC  pen. 0-3  Manchester City FC", "pen."),
    ],
)
def test_a_team_s_name_holding_a_time_or_a_score_is_refused(before: str, after: str, word: str | None) -> None:
    text = text_of(EPL_TXT).replace(before, after, 1)
    problem = refusal(text).problems[0]
    line, column = place_of(text, after)
    assert problem.line == line
    if word is not None:
        assert f"'{word}' is no part of a name" in problem.message
        assert problem.column == column + after.index(word)
    else:
        assert problem.message.startswith("cannot read this line")


# -- the command line ---------------------------------------------------------------------


def test_the_command_line_ranks_the_text_and_refuses_a_broken_one_in_one_line(tmp_path: Path) -> None:
    for path in (EURO_TXT, EPL_TXT, EURO2016):
        result = CliRunner().invoke(main, ["standings", str(path)])
        assert result.exit_code == 0, result.output
    assert "Manchester City FC" in CliRunner().invoke(main, ["standings", str(EPL_TXT)]).stdout
    broken = tmp_path / "euro.txt"
    broken.write_text(text_of(EURO_TXT).replace(GERMANY, "Germany   5- (3-0)  Scotland     @", 1), encoding="utf-8")
    result = CliRunner().invoke(main, ["standings", str(broken)])
    assert result.exit_code == 2 and result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in result.stderr
    assert lines[0].startswith(f"crosstable: {broken}:28:41: ") and "'5-' is not a score" in lines[0]
    result = CliRunner().invoke(main, ["standings", "--from", "openfootball", str(EPL_TXT)])
    assert result.exit_code == 0, result.output


def test_a_score_typed_with_spaces_is_refused_not_read_as_two_teams() -> None:
    # "Germany 5 - 1 Scotland" once read as a match not played yet between "Germany 5" and "1 Scotland" (the
    # review's "France 2 - 1 Romania"); a club whose name ends or starts with a year stays a club.
    text = text_of(EURO_TXT)
    assert GERMANY in text
    typed = text.replace(GERMANY, "Germany 5 - 1 Scotland     @", 1)
    e = refusal(typed)
    assert (e.problems[0].line, e.problems[0].column) == place_of(typed, "5 - 1")
    assert e.problems[0].message.startswith("'5 - 1' is not a score")
    league = (
        "= Bundesliga 1965/66\n\nSat Aug/14\n  TSV 1860 München  -  FC Schalke 04\n  FC Schalke 04 - 1860 München\n"
    )
    t = read_text(league, fmt="openfootball")
    assert sorted(t.names) == ["1860 München", "FC Schalke 04", "TSV 1860 München"]
