"""Every competition under its own edition's rules: the presets per edition (Serie A
before and from 2022/23, the World Cups 1998-2026, the EUROs 2016-2024) and the dates
they cover, Serie A's play-off, and the brackets of past tournaments, each checked on
the real edition (sources in ``tests/data/competitions/SOURCES.tsv``)."""

from __future__ import annotations

import csv
import itertools
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

import crosstable
from crosstable.cli import main
from crosstable.competition import Competition, combinations, rank_competition, slots
from crosstable.io.sidecar import add_discipline
from crosstable.rules import ACROSS, BRACKETS, EDITIONS, PRESETS, edition_warning

DATA = Path(__file__).parent / "data" / "competitions"
EXAMPLES = Path(__file__).parent.parent / "examples"


def played(name: str) -> dict[int, tuple[str, str]]:
    """The knockout matches as they were played: match number → (home, away)."""
    with (DATA / name).open(encoding="utf-8") as f:
        return {int(r["match"]): (r["home"], r["away"]) for r in csv.DictReader(f)}


def published_groups(name: str) -> dict[str, list[tuple[str, int]]]:
    """A published set of group tables: group → [(team, points)] in the published order."""
    with (DATA / name).open(encoding="utf-8") as f:
        rows = sorted(csv.DictReader(f), key=lambda r: (r["group"], int(r["position"])))
    out: dict[str, list[tuple[str, int]]] = {}
    for r in rows:
        out.setdefault(r["group"], []).append((r["team"], int(r["points"])))
    return out


def drawn(c: Competition) -> dict[int, tuple[str | None, str | None]]:
    return {k.match: (k.home, k.away) for k in c.knockout}


def right(c: Competition, real: dict[int, tuple[str, str]]) -> int:
    """How many matches of the knockout round are the ones played."""
    return sum(drawn(c).get(m) == pair for m, pair in real.items())


# -- Serie A 2022/23: the play-off for 17th place -------------------------------------------------
def serie_a(playoff: bool) -> crosstable.Tournament:
    text = (DATA / "serie-a-2022-23.txt").read_text(encoding="utf-8")
    if playoff:
        text += "\n\n" + (DATA / "serie-a-2022-23.playoff.txt").read_text(encoding="utf-8")
    t = crosstable.read_text(text, source="serie-a-2022-23.txt")
    return add_discipline(t, DATA / "serie-a-2022-23.deductions.csv")


def published_serie_a() -> list[tuple[int, str, int]]:
    with (DATA / "serie-a-2022-23.published.csv").open(encoding="utf-8") as f:
        return [(int(r["position"]), r["team"], int(r["points"])) for r in csv.DictReader(f)]


def test_serie_a_2022_23_with_the_playoff_is_the_published_table() -> None:
    s = crosstable.rank(serie_a(playoff=True), rules="serie-a-2022")
    assert [(int(r.place), r.name, r.points) for r in s.rows] == published_serie_a()
    verona = s.row("Hellas Verona FC")
    assert verona.ahead_on == "PO"  # 17th on the play-off, Spezia 18th and relegated
    assert s.row("Spezia Calcio").place == "18"
    explained = s.explain("Hellas Verona FC")
    assert "ahead of Spezia Calcio on play-off (PO)" in explained
    assert "the play-off for place 17, Spezia Calcio 1-3 Hellas Verona FC (2023-06-11)" in explained
    # no other tie of the season is decided by anything: points alone, Juventus 62 after its 10 deducted
    assert [r.name for r in s.rows if r.ahead_on] == ["Hellas Verona FC"]
    assert not any("edition" in w or "written for" in w for w in s.warnings)
    assert "Spezia Calcio 1-3 Hellas Verona FC: a play-off between two of the league's teams, kept as a deciding " in (
        " ".join(s.warnings)
    )
    assert not any("set aside" in w for w in s.warnings)  # the play-off is the only match outside the league


def test_serie_a_2022_23_without_the_playoff_shares_17th_and_says_why() -> None:
    s = crosstable.rank(serie_a(playoff=False), rules="serie-a-2022")
    published = published_serie_a()
    rows = [(r.place, r.name, r.points) for r in s.rows]
    assert rows[:16] == [(str(p), n, pts) for p, n, pts in published[:16]]
    assert rows[18:] == [(str(p), n, pts) for p, n, pts in published[18:]]
    assert {(r.place, r.name) for r in s.rows[16:18]} == {("17-18", "Hellas Verona FC"), ("17-18", "Spezia Calcio")}
    assert s.rows[16].ahead_on is None  # not decided by head-to-head (Spezia had 4 points of 6 against Verona)
    warning = next(w for w in s.warnings if "play-off" in w)
    assert "place 17" in warning and "Spezia Calcio" in warning and "Hellas Verona FC" in warning
    explained = s.explain("Spezia Calcio")
    assert "place 17-18" in explained
    assert "H2HIT: not applied, the place is left to the play-off" in explained


def test_before_the_last_matchday_no_playoff_is_due() -> None:
    # after matchday 37 Spezia and Verona are level on 31 points already: the season stands, head-to-head
    s = crosstable.rank(serie_a(playoff=False).after_round(37), rules="serie-a")
    assert [(r.place, r.name, r.ahead_on) for r in s.rows[16:18]] == [
        ("17", "Spezia Calcio", "H2HIT"),
        ("18", "Hellas Verona FC", None),
    ]
    assert not any("play-off" in w for w in s.warnings)
    assert "PO: not applied, the season is not over" in s.explain("Spezia Calcio")


def test_serie_a_is_the_current_season_and_the_2005_preset_warns_on_2022_23() -> None:
    assert PRESETS["serie-a"] == PRESETS["serie-a-2022"]
    old = crosstable.rank(serie_a(playoff=False), rules="serie-a-2005")
    # head-to-head, as before 2022/23: Spezia won 2-1 at Verona and drew 0-0 at home
    assert [r.name for r in old.rows[16:18]] == ["Spezia Calcio", "Hellas Verona FC"]
    assert old.rows[16].ahead_on == "H2HIT"
    warning = next(w for w in old.warnings if "written for" in w)
    assert "serie-a-2005" in warning and "rank them with preset serie-a-2022" in warning


def test_the_command_line_shows_the_playoff_in_the_table_json_and_explain(tmp_path: Path) -> None:
    season = tmp_path / "serie-a-2022-23.txt"
    season.write_text(
        (DATA / "serie-a-2022-23.txt").read_text(encoding="utf-8")
        + "\n\n"
        + (DATA / "serie-a-2022-23.playoff.txt").read_text(encoding="utf-8"),
        encoding="utf-8",
    )
    args = [
        "standings",
        str(season),
        "--rules",
        "serie-a",
        "--discipline",
        str(DATA / "serie-a-2022-23.deductions.csv"),
    ]
    runner = CliRunner()
    text = runner.invoke(main, args)
    assert text.exit_code == 0, text.output
    line = next(x for x in text.output.splitlines() if "Hellas Verona FC" in x)
    assert "ahead of Spezia Calcio on PO (play-off)" in line
    out = runner.invoke(main, [*args, "-o", "json"])
    data = json.loads(out.stdout)
    verona = next(r for r in data["standings"] if r["name"] == "Hellas Verona FC")
    assert (verona["place"], verona["decided_by"]) == ("17", "PO")
    assert data["playoffs"] == [
        {
            "winner": "Hellas Verona FC",
            "loser": "Spezia Calcio",
            "match": "Spezia Calcio 1-3 Hellas Verona FC",
            "date": "2023-06-11",
        }
    ]
    explain = runner.invoke(main, [*args, "--explain", "Hellas Verona FC"])
    assert "the play-off for place 17" in explain.output


def test_a_playoff_won_on_penalties_decides_a_tie_for_the_title() -> None:
    # the rule, on a made-up league of three: A and B level on 4 points for 1st place
    league = {
        "name": "a league",
        "matches": [
            {"round": "Matchday 1", "team1": "A", "team2": "B", "score": {"ft": [1, 1]}},
            {"round": "Matchday 2", "team1": "B", "team2": "C", "score": {"ft": [1, 0]}},
            {"round": "Matchday 3", "team1": "C", "team2": "A", "score": {"ft": [0, 1]}},
            {"round": "Play-off", "team1": "A", "team2": "B", "score": {"ft": [1, 1], "et": [1, 1], "p": [3, 4]}},
        ],
    }
    t = crosstable.read_text(json.dumps(league))
    s = crosstable.rank(t, rules="serie-a")
    assert [(r.place, r.name, r.ahead_on) for r in s.rows[:2]] == [("1", "B", "PO"), ("2", "A", None)]
    assert s.to_dict()["playoffs"][0]["match"] == "A 1-1 (3-4) B"
    # a stage of a promotion play-off (the EFL's) is no deciding match: set aside, the tie shared
    league["matches"][-1]["round"] = "Play-off Final"
    s = crosstable.rank(crosstable.read_text(json.dumps(league)), rules="serie-a")
    assert [(r.place, r.name) for r in s.rows[:2]] == [("1-2", "A"), ("1-2", "B")]
    assert any("set aside" in w for w in s.warnings) and any("place 1" in w for w in s.warnings)


# -- the World Cups of 32 teams: the round of 16 from the group places ------------------------------
WORLD_CUPS = [
    ("fifa-1998", "wc1998"),
    ("fifa-2002", "wc2002"),
    ("fifa-2006", "wc2006"),
    ("fifa-2010", "wc2010"),
    ("fifa-2014", "wc2014"),
    ("fifa-2018", "wc2018"),
    ("fifa-2022", "wc2022"),
]


def world_cup(stem: str) -> crosstable.Tournament:
    t = crosstable.read(DATA / f"{stem}_group_stage.csv")
    if stem == "wc2018":  # Japan and Senegal level on everything but the cards (group H)
        t = add_discipline(t, EXAMPLES / "worldcup-2018-group-H.fairplay.csv")
    return t


@pytest.mark.parametrize(("rules", "stem"), WORLD_CUPS)
def test_world_cup_round_of_16_as_played(rules: str, stem: str) -> None:
    c = rank_competition(world_cup(stem), rules=rules)
    real = played(f"{stem}_round_of_16_played.csv")
    assert right(c, real) == 8
    assert drawn(c) == real
    assert c.round_name == "round of 16"
    assert c.across is None  # no third-placed team goes through
    assert [m for m, _h, _a in slots(rules)] == list(range(49, 57))


@pytest.mark.parametrize(
    ("rules", "stem", "group", "place", "ahead", "behind", "criterion"),
    [
        ("fifa-1998", "wc1998", "E", 1, "Netherlands", "Mexico", "GD"),  # 5 points each; +5 to +2
        ("fifa-2002", "wc2002", "B", 2, "Paraguay", "South Africa", "GF"),  # 4 points and +0 each; 6 goals to 5
        ("fifa-2010", "wc2010", "C", 1, "USA", "England", "GF"),  # 5 points and +1 each; 4 goals to 2
        ("fifa-2014", "wc2014", "G", 2, "USA", "Portugal", "GD"),  # 4 points each; 0 to -3
        ("fifa-2018", "wc2018", "H", 2, "Japan", "Senegal", "FP"),  # level on everything else; -4 to -6
        ("fifa-2022", "wc2022", "H", 2, "South Korea", "Uruguay", "GF"),  # 4 points and +0 each; 4 goals to 2
    ],
)
def test_world_cup_places_decided_as_published(
    rules: str, stem: str, group: str, place: int, ahead: str, behind: str, criterion: str
) -> None:
    c = rank_competition(world_cup(stem), rules=rules)
    table = next(g for g in c.groups if g.group == group).standings
    assert [(r.place, r.name) for r in table.rows[place - 1 : place + 1]] == [
        (str(place), ahead),
        (str(place + 1), behind),
    ]
    assert table.rows[place - 1].ahead_on == criterion


def test_world_cup_2014_every_group_as_published() -> None:
    c = rank_competition(world_cup("wc2014"), rules="fifa-2014")
    published = published_groups("wc2014.published-groups.csv")
    ours = {
        g.group: [("United States" if r.name == "USA" else r.name, r.points) for r in g.standings.rows]
        for g in c.groups
    }
    assert ours == published
    assert all("-" not in r.place for g in c.groups for r in g.standings.rows)  # no shared place
    decided = {(g.group, r.name): r.ahead_on for g in c.groups for r in g.standings.rows if r.ahead_on}
    assert decided == {("A", "Brazil"): "GD", ("G", "USA"): "GD"}  # Brazil +5, Mexico +3; USA 0, Portugal -3


def test_world_cup_2018_every_group_as_published() -> None:
    c = rank_competition(world_cup("wc2018"), rules="fifa-2018")
    assert {g.group: [(r.name, r.points) for r in g.standings.rows] for g in c.groups} == published_groups(
        "wc2018.published-groups.csv"
    )
    decided = {(g.group, r.name): r.ahead_on for g in c.groups for r in g.standings.rows if r.ahead_on}
    assert decided == {
        ("B", "Spain"): "GF",  # 5 points and +1 each; 6 goals to 5
        ("F", "Sweden"): "GD",  # +3 to -1
        ("F", "South Korea"): "GD",  # 0 to -2, Germany last
        ("H", "Japan"): "FP",  # level on everything else, head-to-head 2-2; -4 to -6
    }


def test_a_world_cup_preset_on_other_groups_ranks_them_without_a_bracket() -> None:
    t = crosstable.read(DATA / "euro2016.txt")
    c = rank_competition(t, rules="fifa-2010")
    assert c.knockout == []
    assert any("the fifa-2010 round of 16 is drawn for 8 groups, A to H: not drawn" in w for w in c.warnings)
    said = next(w for w in c.warnings if "written for" in w)
    assert said.startswith("preset fifa-2010 is written for the FIFA World Cup 2010 (2010-06-11 to 2010-07-11)")
    assert said.endswith("and no preset is written for them")  # no World Cup preset covers June 2016


# -- the EUROs of 24 teams: the four best third-placed teams and the table of 15 combinations -------
@pytest.mark.parametrize("edition", ["uefa-euro-2016", "uefa-euro-2020"])
def test_the_euro_tables_are_whole_and_inside_the_slots(edition: str) -> None:
    table = combinations(edition)
    assert sorted(table) == ["".join(c) for c in itertools.combinations("ABCDEF", 4)]
    third = {
        home if home.startswith("3") else away: away if home.startswith("3") else home
        for _m, home, away in slots(edition)
        if "3" in home[0] + away[0]
    }
    for groups, assignment in table.items():
        assert sorted(assignment.values()) == sorted(groups)  # each qualifying group once
        for slot, winner in third.items():
            assert assignment[winner] in slot[1:].split("/")


def test_euro_2016_under_its_own_preset_is_the_round_of_16_as_played() -> None:
    t = crosstable.read(DATA / "euro2016.txt")
    c = rank_competition(t, rules="uefa-euro-2016")
    assert right(c, played("euro2016_round_of_16_played.csv")) == 8
    assert c.across is not None
    assert "".join(sorted(c.across.qualified_groups)) == "BCEF"
    assert not any("written for" in w for w in c.warnings)
    published = published_groups("euro2016.published-groups.csv")
    assert {g.group: [(r.name, r.points) for r in g.standings.rows] for g in c.groups} == published
    decided = {(g.group, r.name): r.ahead_on for g in c.groups for r in g.standings.rows if r.ahead_on}
    # Germany +3 and Poland +2 after a 0-0; Italy beat Belgium 2-0; Hungary +2 and Iceland +1 after a 1-1
    assert decided == {("C", "Germany"): "GD", ("E", "Italy"): "H2H", ("F", "Hungary"): "GD"}


def test_euro_2016_under_the_2024_preset_warns_and_its_bracket_is_not_2016s() -> None:
    t = crosstable.read(DATA / "euro2016.txt")
    c = rank_competition(t, rules="uefa-euro-2024")
    assert right(c, played("euro2016_round_of_16_played.csv")) == 0
    said = [w for w in c.warnings if "written for" in w]
    assert len(said) == 1  # once for the competition, not once per group
    assert "preset uefa-euro-2024 is written for UEFA EURO 2024" in said[0]
    assert "2016-06-10 to 2016-07-10" in said[0]
    assert said[0].endswith("rank them with preset uefa-euro-2016")
    json_warnings = c.to_dict()["warnings"]
    assert said[0] in json_warnings


def test_euro_2020_every_group_and_the_round_of_16_as_played() -> None:
    c = rank_competition(crosstable.read(DATA / "euro2020_group_stage.csv"), rules="uefa-euro-2020")
    assert drawn(c) == played("euro2020_round_of_16_played.csv")
    assert c.across is not None
    assert "".join(sorted(c.across.qualified_groups)) == "ACDF"
    published = published_groups("euro2020.published-groups.csv")
    assert {g.group: [(r.name, r.points) for r in g.standings.rows] for g in c.groups} == published
    decided = {(g.group, r.name): r.ahead_on for g in c.groups for r in g.standings.rows if r.ahead_on}
    assert decided == {
        ("A", "Wales"): "GD",  # 1-1 with Switzerland; +1 to -1
        ("B", "Denmark"): "H2H",  # three on 3 points, each with one win among them
        ("B", "Finland"): "H2H",
        ("D", "Croatia"): "GF",  # 1-1 with the Czech Republic, +1 each; 4 goals to 3
        ("F", "Germany"): "H2H",  # beat Portugal 4-2
    }


# -- the editions' dates ------------------------------------------------------------------------------
def test_every_dated_preset_exists_and_its_family_has_no_gap_inside_an_edition() -> None:
    for name, edition in EDITIONS.items():
        assert name in PRESETS
        assert edition.last is None or edition.first <= edition.last
    for name in [*BRACKETS, "uefa-euro-2016", "uefa-euro-2020"]:
        assert name in EDITIONS
    assert set(ACROSS) >= {"uefa-euro-2016", "uefa-euro-2020", "uefa-euro-2024", "fifa-2026"}


def test_the_warning_names_the_fitting_preset_or_none() -> None:
    assert edition_warning("fifa-2014", "2014-06-12", "2014-07-13") is None
    assert edition_warning("fifa-2014", None, None) is None  # no date: nothing said
    assert edition_warning("premier-league", "1990-01-01", "1990-05-01") is None  # no editions listed
    w = edition_warning("fifa-2026", "2010-06-11", "2010-07-11")
    assert w is not None and w.endswith("rank them with preset fifa-2010")
    w = edition_warning("uefa-euro-2024", "2012-06-08", "2012-07-01")
    assert w is not None and w.endswith("and no preset is written for them")
