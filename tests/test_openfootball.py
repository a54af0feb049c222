"""openfootball's JSON (worldcup.json, euro.json, football.json): real files read, ranked and refused.

The files are in tests/data/openfootball (see SOURCES.md there: repository, path and
commit of each). The expected values are counted from the files' own scores (by the
helper ``points_by_hand`` below, which reads the JSON without the reader) or are the
published results they hold (Liverpool's 21 points in the 2024/25 Champions League
league phase, Manchester City's 91 in the 2023/24 Premier League).
"""

from __future__ import annotations

import json
from collections import Counter
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

import crosstable
from crosstable.cli import main
from crosstable.io import detect_format
from crosstable.io.jsonfmt import looks_like_json, write_json
from crosstable.io.openfootball import looks_like_openfootball
from crosstable.model import FORFEIT, PENDING, PLAYED
from tests.conftest import DATA

OF = DATA / "openfootball"
WC2026 = OF / "worldcup-2026.json"
WC2018 = OF / "worldcup-2018.json"
WC2018_OLD = OF / "worldcup-2018-rounds-score1.json"
WC2018_JUNE = OF / "worldcup-2018-2018-06-26.json"
CWC2025 = OF / "clubworldcup-2025.json"
EURO2024 = OF / "euro-2024.json"
CL2025 = OF / "uefa-cl-2024-25.json"
EPL2024 = OF / "en-1-2023-24.json"
BL2025 = OF / "de-1-2024-25.json"


def text_of(path: Path) -> str:
    return path.read_text(encoding="utf-8")


def all_matches(data: dict[str, Any]) -> list[dict[str, Any]]:
    if "matches" in data:
        return list(data["matches"])
    return [m for r in data["rounds"] for m in r["matches"]]


def team(value: str | dict[str, str]) -> str:
    return value if isinstance(value, str) else value["name"]


def points_by_hand(matches: list[dict[str, Any]]) -> Counter[str]:
    """3 for a win, 1 for a draw, counted from the full-time scores as the file gives them."""
    points: Counter[str] = Counter()
    for m in matches:
        score = m.get("score")
        if isinstance(score, dict) and "ft" in score:
            a, b = score["ft"]
        elif m.get("score1") is not None:
            a, b = m["score1"], m["score2"]
        else:
            continue
        points[team(m["team1"])] += 3 if a > b else 1 if a == b else 0
        points[team(m["team2"])] += 3 if b > a else 1 if a == b else 0
    return points


def group(t: crosstable.Tournament, label: str) -> crosstable.Tournament:
    assert t.groups is not None
    return t.select([i for i, g in enumerate(t.groups) if g == label])


def points(t: crosstable.Tournament) -> dict[str, Fraction]:
    return {r.name: r.points for r in crosstable.rank(t).rows}


def place(text: str, at: int) -> tuple[int, int]:
    """The line and column (1-based) of an offset in ``text``."""
    return text.count("\n", 0, at) + 1, at - text.rfind("\n", 0, at)


def line_col(text: str, needle: str) -> tuple[int, int]:
    """The line and column where ``needle`` first starts in ``text``."""
    return place(text, text.index(needle))


def refused(text: str) -> crosstable.InputError:
    with pytest.raises(crosstable.InputError) as err:
        crosstable.read_text(text, source="x.json")
    return err.value


# -- detection --------------------------------------------------------------------------


@pytest.mark.parametrize("path", sorted(OF.glob("*.json")), ids=lambda p: p.name)
def test_every_file_is_detected_and_read(path: Path) -> None:
    text = text_of(path)
    assert looks_like_openfootball(text) and not looks_like_json(text)
    assert detect_format(text) == "openfootball"
    t = crosstable.read(path)
    assert t.format == "openfootball" and t.kind == "goals" and t.scoring.name == "football"
    assert t.info["012"] == json.loads(text)["name"]


def test_our_own_json_is_still_ours() -> None:
    ours = write_json(crosstable.read(EPL2024))
    assert detect_format(ours) == "json" and not looks_like_openfootball(ours)
    assert crosstable.read_text(ours).scores() == crosstable.read(EPL2024).scores()


# -- a competition played in groups -------------------------------------------------------


def test_world_cup_2026_reads_48_teams_in_12_groups_and_sets_the_knockout_aside() -> None:
    t = crosstable.read(WC2026)
    assert len(t.names) == 48 and len(t.white) == 72 and t.pending == 0
    assert t.groups is not None
    sizes = Counter(t.groups)
    assert sorted(sizes) == list("ABCDEFGHIJKL") and set(sizes.values()) == {4}
    assert t.warnings == [
        "32 knockout matches (Round of 32; Round of 16; Quarter-final; Semi-final; Match for third place; Final) "
        "are not part of the group tables: set aside"
    ]
    assert t.system == "round-robin" and t.system_reason == "every pair met once in each group"
    assert (t.start_date, t.info["052"]) == ("2026-06-11", "2026-07-19")
    # "Matchday N" are days of the tournament: Mexico plays on days 1, 8 and 14.
    mexico = t.index("Mexico")
    assert sorted(int(r) for r, w, b in zip(t.rounds, t.white, t.black, strict=True) if mexico in (w, b)) == [1, 8, 14]


def test_mexico_group_a_points_are_those_counted_by_hand() -> None:
    data = json.loads(text_of(WC2026))
    by_hand = points_by_hand([m for m in data["matches"] if m.get("group") == "Group A"])
    assert by_hand == {"Mexico": 9, "South Africa": 4, "South Korea": 3, "Czech Republic": 1}
    t = crosstable.read(WC2026)
    a = group(t, "A")
    assert sorted(a.names) == sorted(by_hand) and len(a.white) == 6
    assert points(a) == by_hand
    assert crosstable.rank(a).rows[0].name == "Mexico"


def test_every_group_of_2026_agrees_with_the_hand_count() -> None:
    data = json.loads(text_of(WC2026))
    t = crosstable.read(WC2026)
    assert t.groups is not None
    for label in sorted(set(t.groups)):
        by_hand = points_by_hand([m for m in data["matches"] if m.get("group") == f"Group {label}"])
        assert points(group(t, label)) == by_hand, label


def test_euro_2024_group_e_four_teams_on_four_points() -> None:
    t = crosstable.read(EURO2024)  # the older "rounds" layout, teams as objects
    assert len(t.names) == 24 and len(t.white) == 36 and t.groups is not None
    assert sorted(set(t.groups)) == list("ABCDEF")
    assert sorted(set(t.rounds.tolist())) == [1, 2, 3]  # "Matchday 1" to "Matchday 3"
    assert t.warnings == [
        "15 knockout matches (Round of 16; Quarter-finals; Semi-finals; Final) are not part of the group tables: "
        "set aside"
    ]
    e = group(t, "E")
    assert points(e) == {"Romania": 4, "Belgium": 4, "Slovakia": 4, "Ukraine": 4}
    data = json.loads(text_of(EURO2024))
    assert points(e) == points_by_hand([m for m in all_matches(data) if m.get("group") == "Group E"])


def test_the_older_format_of_the_same_world_cup_reads_the_same_games() -> None:
    # 2018/worldcup.json as it was on 15 July 2018: rounds, team objects, score1/score2, "knockout": true.
    new, old = crosstable.read(WC2018), crosstable.read(WC2018_OLD)

    def games(t: crosstable.Tournament) -> set[tuple[str, str, Fraction, Fraction]]:
        return {(t.names[g.white], t.names[g.black], g.white_score, g.black_score) for g in t.games}

    assert len(games(new)) == len(games(old)) == 48 and games(new) == games(old)
    assert (
        old.warnings
        == new.warnings
        == [
            "16 knockout matches (Round of 16; Quarter-finals; Semi-finals; Match for third place; Final) "
            "are not part of the group tables: set aside"
        ]
    )
    assert new.groups is not None and old.groups is not None
    assert dict(zip(new.names, new.groups, strict=True)) == dict(zip(old.names, old.groups, strict=True))
    assert (
        points(group(old, "H"))
        == points(group(new, "H"))
        == {
            "Colombia": 6,
            "Japan": 4,
            "Senegal": 4,
            "Poland": 3,
        }
    )


def test_a_world_cup_during_its_group_stage_has_its_matches_to_play_pending() -> None:
    # 26 June 2018, the older format: 48 group matches listed, 12 still with "score1": null.
    t = crosstable.read(WC2018_JUNE)
    assert len(t.white) == 48 and t.pending == 12 and not t.warnings
    h = group(t, "H")
    pending = [(h.names[g.white], h.names[g.black]) for g in h.games if g.status == PENDING]
    assert pending == [("Japan", "Poland"), ("Senegal", "Colombia")]
    assert points(h) == {"Japan": 4, "Senegal": 4, "Colombia": 3, "Poland": 0}


def test_groups_named_in_the_round_are_groups() -> None:
    # The Club World Cup 2025 file writes "round": "Group A" and no "group".
    t = crosstable.read(CWC2025)
    assert len(t.names) == 32 and len(t.white) == 48 and t.groups is not None
    assert sorted(set(t.groups)) == list("ABCDEFGH")
    assert t.warnings == [
        "16 knockout matches (Round of 16; Quarterfinals; Semifinals; Final; Qualification, Playoffs) "
        "are not part of the group tables: set aside"
    ]
    data = json.loads(text_of(CWC2025))
    by_hand = points_by_hand([m for m in data["matches"] if m["round"] == "Group A"])
    assert points(group(t, "A")) == by_hand
    assert by_hand["Palmeiras (BRA)"] == by_hand["Inter Miami CF (USA)"] == 5


# -- leagues ---------------------------------------------------------------------------


def test_champions_league_2024_25_league_phase() -> None:
    t = crosstable.read(CL2025)
    assert len(t.names) == 36 and len(t.white) == 144 and t.groups is None
    assert Counter([*t.white.tolist(), *t.black.tolist()]) == dict.fromkeys(range(36), 8)
    assert sorted(set(t.rounds.tolist())) == list(range(1, 9))  # "League, Matchday 1" to 8
    assert t.pending == 0  # the final, without a score, is a knockout match: set aside, not pending
    assert t.warnings == [
        "45 knockout matches (Playoffs, Matchday 1; Playoffs, Matchday 2; Finals, Round of 16; Finals, "
        "Quarterfinals; Finals, Semifinals; Finals, Final) are not part of the league table: set aside"
    ]
    assert t.system == "swiss"  # 36 teams, 8 opponents each
    table = points(t)
    assert table["Liverpool FC (ENG)"] == 21 == max(table.values())
    data = json.loads(text_of(CL2025))
    assert table == points_by_hand([m for m in data["matches"] if m["round"].startswith("League, ")])


def test_a_domestic_season() -> None:
    t = crosstable.read(EPL2024)
    assert len(t.names) == 20 and len(t.white) == 380 and t.pending == 0 and not t.warnings
    assert t.system == "round-robin" and t.system_reason == "every pair met twice"
    assert sorted(set(t.rounds.tolist())) == list(range(1, 39))
    s = crosstable.rank(t)
    assert [(r.name, r.points) for r in s.rows[:3]] == [
        ("Manchester City FC", 91),
        ("Arsenal FC", 89),
        ("Liverpool FC", 82),
    ]
    # Results only: Everton's deduction of 8 points that season is not in the file.
    assert s.row("Everton FC").points == 48
    assert {r.name: r.points for r in s.rows} == points_by_hand(json.loads(text_of(EPL2024))["matches"])


def test_an_awarded_result_is_a_forfeit_counted_for_points_and_goals() -> None:
    t = crosstable.read(BL2025)
    assert len(t.names) == 18 and len(t.white) == 306
    awarded = [g for g in t.games if g.status == FORFEIT]
    assert [(t.names[g.white], t.names[g.black], g.white_score, g.black_score) for g in awarded] == [
        ("1. FC Union Berlin", "VfL Bochum 1848", 0, 2)
    ]
    table = points(t)
    assert (table["FC Bayern München"], table["1. FC Union Berlin"], table["VfL Bochum 1848"]) == (82, 40, 25)


def test_a_match_without_its_score_is_pending() -> None:
    data = json.loads(text_of(EPL2024))
    first = data["matches"][0]
    home, away = first["team1"], first["team2"]
    first["score"] = {}
    t = crosstable.read_text(json.dumps(data, indent=2), source="copy.json")
    assert t.pending == 1 and len(t.white) == 380
    (g,) = [g for g in t.games if g.status == PENDING]
    assert (t.names[g.white], t.names[g.black], g.round) == (home, away, 1)
    played_at_home = Counter(t.names[g.white] for g in t.games if g.status == PLAYED)
    assert played_at_home[home] == 18  # one home match fewer played
    del first["score"]  # no score at all: pending too
    assert crosstable.read_text(json.dumps(data)).pending == 1


def test_a_cancelled_match_is_left_out_with_a_warning() -> None:
    data = json.loads(text_of(EPL2024))
    data["matches"][5].update({"score": {}, "status": "cancelled"})
    t = crosstable.read_text(json.dumps(data))
    assert len(t.white) == 379 and t.pending == 0
    names = f"{data['matches'][5]['team1']} - {data['matches'][5]['team2']}"
    assert t.warnings[0] == f"1 match ({names}) was cancelled: left out"
    assert t.warnings[1].startswith("the teams do not play the same number of matches (37 to 38")


def test_the_command_line_ranks_a_league_season() -> None:
    result = CliRunner().invoke(main, ["standings", str(EPL2024), "-o", "json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["event"] == "English Premier League 2023/24" and data["format"] == "openfootball"
    first = data["standings"][0]
    assert (first["name"], first["points"], first["played"], first["goals_for"]) == ("Manchester City FC", 91, 38, 96)


def test_the_command_line_takes_the_format_by_name() -> None:
    result = CliRunner().invoke(main, ["standings", str(CL2025), "--from", "openfootball", "-o", "csv"])
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[1].startswith("1,Liverpool FC (ENG),8,7,0,1,17,5,+12,21,")


# -- small files written here: the rules one by one -----------------------------------------


def league(*matches: dict[str, Any], **top: Any) -> str:
    return json.dumps({"name": "Test League", "matches": list(matches), **top}, indent=2)


def match(team1: Any, team2: Any, ft: Any = (1, 0), rnd: str = "Matchday 1", **extra: Any) -> dict[str, Any]:
    m: dict[str, Any] = {"round": rnd, "team1": team1, "team2": team2}
    if ft is not None:
        m["score"] = {"ft": list(ft)}
    return {**m, **extra}


def test_rounds_numbered_by_first_appearance_without_a_number() -> None:
    t = crosstable.read_text(
        league(
            match("A", "B", rnd="Autumn"),
            match("C", "D", rnd="Autumn"),
            match("A", "C", rnd="Spring"),
            match("B", "D", rnd="Spring"),
        )
    )
    assert t.rounds.tolist() == [1, 1, 2, 2]


def test_rounds_by_date_without_round_names() -> None:
    t = crosstable.read_text(
        league(
            {"date": "2024-09-08", "team1": "A", "team2": "C", "score": {"ft": [0, 0]}},
            {"date": "2024-09-01", "team1": "A", "team2": "B", "score": {"ft": [2, 2]}},
        )
    )
    assert t.rounds.tolist() == [2, 1] and t.scores() == [2, 1, 1]


def test_the_full_time_score_ranks_a_match_decided_in_extra_time() -> None:
    # the list form of the score ("score": [2, 0], worldcup.quali_playoffs.json) is the full-time score too
    text = league(
        match("A", "B", ft=(1, 1), score={"ft": [1, 1], "et": [2, 1], "p": [4, 3]}),
        {"round": "Matchday 2", "team1": "A", "team2": "C", "score": [2, 0]},
    )
    t = crosstable.read_text(text)
    assert t.scores() == [4, 1, 0]


def test_a_league_with_stages_is_one_table_with_a_warning() -> None:
    t = crosstable.read_text(
        league(
            match("A", "B", rnd="Apertura, Matchday 1"),
            match("A", "B", rnd="Clausura, Matchday 1"),
            match("A", "B", rnd="Apertura Playoffs, Final"),
        )
    )
    assert len(t.white) == 2
    assert t.warnings == [
        "1 knockout match (Apertura Playoffs, Final) is not part of the league table: set aside",
        "the league's rounds name 2 stages (Apertura, Clausura): ranked as one table",
    ]


def test_knockout_placeholders_are_not_checked() -> None:
    # a final not drawn yet: "N.N." against "N.N." (football.json 2024-25/au.1.json), set aside unread
    t = crosstable.read_text(league(match("A", "B"), match("N.N.", "N.N.", ft=None, rnd="Grand Final")))
    assert t.names == ["A", "B"] and len(t.warnings) == 1


def test_a_given_scoring_replaces_football() -> None:
    t = crosstable.read_text(league(match("A", "B", ft=(1, 1))), scoring="2:1:0")
    assert t.scoring_reason == "given" and t.scores() == [1, 1] and t.kind == "goals"


# -- refused, with the place -------------------------------------------------------------


def test_truncated_json_is_refused_with_the_decoders_place() -> None:
    text = text_of(WC2026)[:5000]
    assert detect_format(text) == "openfootball"
    err = refused(text)
    (p,) = err.problems
    assert p.message.startswith("not valid JSON: ")
    with pytest.raises(json.JSONDecodeError) as decoded:
        json.loads(text)
    assert (p.line, p.column) == (decoded.value.lineno, decoded.value.colno)
    assert str(err).startswith(f"x.json:{p.line}:{p.column}: not valid JSON")


def test_a_score_of_one_number_is_refused_at_its_place() -> None:
    text = text_of(WC2026).replace('"ft": [2, 0]', '"ft": ["2"]', 1)
    err = refused(text)
    (p,) = err.problems
    assert (p.line, p.column) == line_col(text, '["2"]') == (8, 21)
    assert p.message == (
        'matches[0].score.ft: ["2"] is not a score: two whole numbers of goals from 0 to 1000 (Mexico - South Africa)'
    )


@pytest.mark.parametrize(
    ("ft", "shown"),
    [([2, -1], "[2, -1]"), ([2, 1, 0], "[2, 1, 0]"), ([1.5, 0], "[1.5, 0]"), ([True, 0], "[true, 0]")],
)
def test_scores_that_are_not_two_whole_numbers_are_refused(ft: list[Any], shown: str) -> None:
    err = refused(league(match("A", "B"), match("C", "D", ft=ft)))
    assert err.problems[0].message.startswith(f"matches[1].score.ft: {shown} is not a score")


def test_an_older_score_with_one_side_missing_is_refused() -> None:
    older = {"team1": {"name": "A"}, "team2": {"name": "B"}, "score1": 2, "score2": None}
    text = json.dumps({"name": "x", "rounds": [{"name": "Matchday 1", "matches": [older]}]}, indent=1)
    (p,) = refused(text).problems
    assert p.message == (
        "rounds[0].matches[0].score1/score2: 2 and null are not a score: two whole numbers of goals from 0 to 1000 "
        "(A - B)"
    )
    line, column = line_col(text, '"score2": null')
    assert (p.line, p.column) == (line, column + len('"score2": '))


def test_a_team_in_two_groups_is_refused_naming_the_match() -> None:
    text = text_of(WC2018)
    data = json.loads(text)
    k, m = [(k, m) for k, m in enumerate(data["matches"]) if m.get("group") == "Group B"][-1]
    # the last match of group B moved to group A: its two teams are then in two groups
    start = text.index(f'"team1": "{m["team1"]}",\n    "team2": "{m["team2"]}"')
    at = text.index('"group": "Group B"', start)
    moved = text[:at] + '"group": "Group A"' + text[at + len('"group": "Group B"') :]
    err = refused(moved)
    first = err.problems[0]
    assert (first.line, first.column) == place(moved, at + len('"group": '))
    assert f"matches[{k}].group: {m['team1']} is in group B" in first.message
    assert f"here in group A ({m['team1']} - {m['team2']})" in first.message


def test_a_team_playing_itself_is_refused() -> None:
    text = text_of(EPL2024).replace('"team2": "Manchester City FC"', '"team2": "Burnley FC"', 1)
    err = refused(text)
    assert err.problems[0].message == "matches[0]: Burnley FC cannot play against itself"
    assert err.problems[0].line == line_col(text, '"team2": "Burnley FC"')[0]


def test_an_empty_name_is_refused() -> None:
    text = text_of(EURO2024).replace('"name": "Scotland"', '"name": " "', 1)
    (p,) = refused(text).problems
    assert p.message == "rounds[0].matches[0].team2.name: empty team name"
    assert (p.line, p.column) == line_col(text, '" "')


def test_one_team_spelled_two_ways_is_refused() -> None:
    err = refused(league(match("Ipswich Town", "B"), match("ipswich  town", "C", rnd="Matchday 2")))
    assert "'ipswich  town' and 'Ipswich Town' (line 6) differ only in case or spacing" in err.problems[0].message


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[1, 2]", 'not an openfootball file: an object with "name" and "matches" is required, not [1, 2]'),
        ('{"name": "x", "matches": []}', "no match in the file"),
        ('{"name": "x", "matches": {}}', "matches: a list of matches is required, not {}"),
        ('{"name": "x", "teams": ["team1"]}', 'an openfootball file has "matches" (or "rounds" of matches)'),
        ('{"name": "x", "matches": [1]}', "matches[0]: a match is an object with team1, team2 and a score, not 1"),
        ('{"name": "x", "matches": [{"team1": "A"}]}', "matches[0].team2: a team's name is required, not null"),
        ('{"name": 7, "matches": [{"team1": "A", "team2": "B"}]}', "name: 7 is not the competition's name"),
        ('{"matches": [{"team1": "A", "team2": "B", "score": "2-1"}]}', 'matches[0].score: "2-1" is not a score'),
        ('{"matches": [{"team1": "A", "team2": "B", "group": 1}]}', "matches[0].group: 1 is not a group's name"),
        ("[" * 100_000, "not valid JSON: nested deeper than 64 levels"),
        (
            '{"matches": [{"team1": "A", "team2": "B", "score": {"ft": [1, 1' + "0" * 5000 + "]}}]}",
            "matches[0].score.ft: ",
        ),
    ],
)
def test_shapes_that_are_not_this_format_are_refused_with_a_place(text: str, message: str) -> None:
    with pytest.raises(crosstable.InputError) as err:
        crosstable.read_text(text, fmt="openfootball")
    p = err.value.problems[0]
    assert p.message.startswith(message) and p.line is not None and p.column is not None


def test_a_file_of_knockout_matches_only_is_refused() -> None:
    err = refused(league(match("A", "B", rnd="Semi-finals"), match("A", "C", rnd="Final")))
    assert err.problems[0].message.startswith("no group or league match to rank: every match is a knockout match")


def test_a_group_match_with_extra_time_but_no_full_time_score_is_refused() -> None:
    text = league(match("A", "B", ft=None, group="Group A", score={"et": [1, 1], "p": [4, 3]}))
    assert "an extra-time or penalty score without the full-time score" in refused(text).problems[0].message


def test_a_group_match_that_lost_its_group_or_is_listed_twice_is_an_error() -> None:
    data = json.loads(text_of(WC2026))
    first = next(k for k, m in enumerate(data["matches"]) if m.get("group"))
    lost = json.loads(json.dumps(data))
    del lost["matches"][first]["group"]  # a group match typed without its group
    with pytest.raises(crosstable.InputError, match="has no group, and its round is not a knockout round"):
        crosstable.read_text(json.dumps(lost, indent=2))
    twice = json.loads(json.dumps(data))
    twice["matches"].insert(first + 1, dict(data["matches"][first]))  # the same match pasted again
    with pytest.raises(crosstable.InputError, match="is listed twice in"):
        crosstable.read_text(json.dumps(twice, indent=2))
