"""Scenarios: the bulk engine against brute force, and the seed-003 story.

Brute force is ``scenarios(..., bulk=False)``: every combination is turned into a
tournament and ranked by the ordinary standings code.
"""

from __future__ import annotations

import dataclasses
import json
from fractions import Fraction

import numpy as np
import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

import crosstable
from crosstable import Tournament
from crosstable.cli import main
from crosstable.model import PENDING, Adjustment
from crosstable.ranking import criteria_for
from crosstable.scenarios import completed, drawable, reach, scenario_options, scenarios
from tests.conftest import DATA, EXAMPLES

STORY = EXAMPLES / "seed-003-last-round.csv"


def test_the_seed_003_story() -> None:
    # The Hungarian article ("a common mistake"): before the last round Petrov thinks "a draw is enough: if Ivanov
    # beats Pupkin and catches me, my Berger is better" — computed with the scores before the round.
    t = crosstable.read(STORY)
    before = crosstable.rank(t, ["SB"])
    petrov, ivanov = before.row("Petrov"), before.row("Ivanov")
    assert (petrov.points, ivanov.points) == (3, Fraction(5, 2))
    assert petrov.values["SB"] > ivanov.values["SB"]  # 5½ against 4¼: the belief
    # The last round is played: Petrov draws, Ivanov beats Pupkin, Smirnov and Kuznetsov draw.
    text = STORY.read_text(encoding="utf-8")
    text = text.replace("Petrov,Sidorov,*", "Petrov,Sidorov,½-½").replace("Ivanov,Pupkin,*", "Ivanov,Pupkin,1-0")
    final = crosstable.rank(crosstable.read_text(text.replace("Smirnov,Kuznetsov,*", "Smirnov,Kuznetsov,½-½")), ["SB"])
    first, second = final.rows[0], final.rows[1]
    assert (first.name, second.name) == ("Ivanov", "Petrov") and first.points == second.points == Fraction(7, 2)
    assert (first.values["SB"], second.values["SB"]) == (8, Fraction(31, 4))  # the Berger turned out worse
    # What the scenario report would have told Petrov: only a win makes 1st certain.
    report = scenarios(t, ["SB"])
    results = {res: (places, cond) for res, places, cond in report.outlook("Petrov").next_game.results}  # type: ignore[union-attr]
    assert results["win"] == ([1], {})
    assert results["draw"][0] == [1, 2]
    assert results["draw"][1] == {2: ["Ivanov and Pupkin do not draw"]}


def test_story_from_the_command_line() -> None:
    result = CliRunner().invoke(main, ["scenarios", str(STORY), "-t", "SB", "-o", "json"])
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["combinations"] == 27 and data["method"].startswith("all 27 combinations")
    petrov = next(p for p in data["participants"] if p["name"] == "Petrov")
    assert (petrov["best"], petrov["worst"]) == (1, 3)
    assert abs(sum(petrov["places"].values()) - 1) < 1e-9
    text = CliRunner().invoke(main, ["scenarios", str(STORY), "-t", "SB"]).stdout
    assert "Petrov, next against Sidorov: win → 1; draw → 1-2 (2nd only if Ivanov and Pupkin do not draw)" in text


@st.composite
def unfinished(draw: st.DrawFn) -> Tournament:
    n = draw(st.integers(min_value=3, max_value=6))
    names = [f"P{k}" for k in range(n)]
    pairs = [(i, j) for i in range(n) for j in range(i + 1, n)]
    keep = draw(st.lists(st.booleans(), min_size=len(pairs), max_size=len(pairs)))
    if not any(keep):
        keep[0] = True
    pending = draw(st.integers(min_value=1, max_value=min(4, sum(keep))))
    games = []
    chosen = [p for p, k in zip(pairs, keep, strict=True) if k]
    for g, (i, j) in enumerate(chosen):
        result = "*" if g < pending else draw(st.sampled_from(["1-0", "½-½", "0-1"]))
        games.append((names[i], names[j], result))
    return Tournament.from_games(names, games, scoring=draw(st.sampled_from(["chess", "football", "2:1:0"])))


LISTS = [
    ["SB"],
    ["DE", "SB"],
    ["KS", "DE"],
    ["BH", "WIN", "DE"],
    ["SHM", "RIGA", "GORIN"],
    ["NNSB", "KS/L+1"],
    ["SB(3,1,0)"],
]


@settings(max_examples=60, deadline=None)
@given(unfinished(), st.sampled_from(LISTS))
def test_bulk_engine_equals_brute_force(t: Tournament, criteria: list[str]) -> None:
    fast = scenarios(t, criteria)
    slow = scenarios(t, criteria, bulk=False)
    assert [(p.name, p.best, p.worst, p.next_game) for p in fast.participants] == [
        (p.name, p.best, p.worst, p.next_game) for p in slow.participants
    ]
    for a, b in zip(fast.participants, slow.participants, strict=True):
        assert a.probabilities.keys() == b.probabilities.keys()
        assert all(abs(a.probabilities[k] - b.probabilities[k]) < 1e-9 for k in a.probabilities)


def test_football_scores_and_goal_criteria() -> None:
    # 2018 World Cup group H (the Hungarian article) before its last matchday.
    lines = (EXAMPLES / "worldcup-2018-group-H.csv").read_text(encoding="utf-8").splitlines()
    text = "\n".join(lines[:5] + [",".join([*line.split(",")[:3], "", ""]) for line in lines[5:]])
    t = crosstable.read_text(text)
    assert t.pending == 2
    scores = ["2:0", "1:0", "0:0", "0:1", "0:2"]
    fast = scenarios(t, ["GD", "GF"], scores=scores)
    slow = scenarios(t, ["GD", "GF"], scores=scores, bulk=False)
    assert [(p.name, p.best, p.worst) for p in fast.participants] == [
        (p.name, p.best, p.worst) for p in slow.participants
    ]
    assert fast.combinations == 25 and not fast.warnings
    assert scenarios(t, ["GD"]).warnings  # the narrowest-score assumption is flagged


def test_sampling_beyond_the_limit_says_so() -> None:
    t = crosstable.read(STORY)
    exact = scenarios(t, ["SB"])
    sampled = scenarios(t, ["SB"], limit=10, samples=20, seed=3)
    assert sampled.method.startswith("Monte Carlo: 20 random combinations")
    for a in sampled.participants:
        b = exact.outlook(a.name)
        assert b.best <= a.best and a.worst <= b.worst
        assert abs(sum(a.probabilities.values()) - 1) < 1e-9
    # more samples than outcomes (27): all of them are counted instead, exactly
    counted = scenarios(t, ["SB"], limit=10, samples=5000, seed=3)
    assert counted.method.startswith("all 27 combinations")
    assert [a.probabilities for a in counted.participants] == [a.probabilities for a in exact.participants]
    # the Bulgarian article's table with its last seven games still to play (2,187 outcomes): 1,000 samples
    # come within 0.05 of every exact probability
    seven = crosstable.read(EXAMPLES / "seed-7-players.tsv")
    assert seven.status is not None
    seven.status[-7:] = PENDING
    exact = scenarios(seven, ["SB"])
    sampled = scenarios(seven, ["SB"], limit=10, samples=1000, seed=3)
    assert exact.method.startswith("all 2,187") and sampled.method.startswith("Monte Carlo: 1,000")
    for a in sampled.participants:
        b = exact.outlook(a.name)
        for place, p in a.probabilities.items():
            assert abs(p - b.probabilities[place]) < 0.05


def test_ratings_weight_the_outcomes() -> None:
    t = crosstable.read(STORY)
    t.ratings = [2400 if n == "Ivanov" else 2000 for n in t.names]
    report = scenarios(t, ["SB"])
    assert report.method.endswith("probabilities from ratings (Elo)")
    ivanov = report.outlook("Ivanov")
    assert ivanov.probabilities[1] > scenarios(crosstable.read(STORY), ["SB"]).outlook("Ivanov").probabilities[1]
    assert abs(sum(ivanov.probabilities.values()) - 1) < 1e-9


def test_a_finished_tournament_has_no_scenarios() -> None:
    result = CliRunner().invoke(main, ["scenarios", str(EXAMPLES / "seed-7-players.tsv")])
    assert result.exit_code == 2 and "no games are left to play" in result.stderr


def test_places_are_consistent_with_points() -> None:
    t = crosstable.read(STORY)
    report = scenarios(t, ["SB"])
    # Sidorov (1 point) can never pass Petrov (3 points) with one game left.
    assert report.outlook("Sidorov").best > report.outlook("Petrov").worst
    assert np.isclose(sum(sum(p.probabilities.values()) for p in report.participants), len(t.names))


@pytest.mark.parametrize("bad", ["1:x", "q"])
def test_bad_score_lines_are_refused(bad: str) -> None:
    result = CliRunner().invoke(main, ["scenarios", str(STORY), "--scores", bad])
    assert result.exit_code == 2


def test_byes_deductions_and_unplayed_rules_agree_with_brute_force() -> None:
    # The FIDE 2024 exercise (tests/data/fide) with its last round still to play: byes give
    # points and wins, a deduction moves a player, and BH/SB follow art. 16 (by brute force).

    t = crosstable.read(EXAMPLES.parent / "tests/data/fide/tournament.trf")
    assert t.rounds is not None and t.status is not None
    status = t.status.copy()
    status[t.rounds == 5] = PENDING
    u = dataclasses.replace(t, status=status, adjustments=[Adjustment(2, Fraction(-1))])
    for criteria in (["WIN", "KS"], ["BH", "SB", "WIN"]):
        fast, slow = scenarios(u, criteria), scenarios(u, criteria, bulk=False)
        assert [(p.name, p.best, p.worst, p.next_game) for p in fast.participants] == [
            (p.name, p.best, p.worst, p.next_game) for p in slow.participants
        ]


def test_swiss_forfeits_and_team_game_points_follow_the_ranking() -> None:
    # tests/data/fide: the Swiss whose tied players met only by forfeit (DE leaves them tied there)
    # and the team Swiss, each with its last round still to play; the scenarios must agree with
    # ranking every combination in full.

    text = (DATA / "fide" / "de-forfeit.trf").read_text(encoding="utf-8")
    round_3 = 91 + 2 * 10 + 7  # the result character of round 3's block
    lines = [
        ln[:round_3] + " " + ln[round_3 + 1 :] if ln.startswith("001") and int(ln[4:8]) in (2, 3) else ln
        for ln in text.splitlines()
    ]
    t = crosstable.read_text("\n".join(lines), fmt="trf")
    assert t.pending == 1
    cases = [(t, ["DE", "SB"])]
    team = crosstable.read(DATA / "fide" / "team-swiss-10x2.trf")
    assert team.status is not None and team.rounds is not None
    team.status[team.rounds == 5] = PENDING
    cases.append((team, ["SB:GP", "BH"]))
    for u, criteria in cases:
        fast, slow = scenarios(u, criteria), scenarios(u, criteria, bulk=False)
        assert [(p.name, p.best, p.worst) for p in fast.participants] == [
            (p.name, p.best, p.worst) for p in slow.participants
        ]


def test_byes_worth_half_a_unit_of_the_scoring() -> None:
    # The exercise under 3-1-0 (tests/data/fide/exercise-3-1-0.trf) with its pairing-allocated bye
    # worth 1.5 (a 162 line "P 1.5") and one game of the last round still to play.

    text = (DATA / "fide" / "exercise-3-1-0.trf").read_text(encoding="utf-8").replace("P 3.0", "P 1.5")
    round_5 = 91 + 4 * 10 + 7
    lines = [
        ln[:round_5] + " " + ln[round_5 + 1 :] if ln.startswith("001") and int(ln[4:8]) in (1, 4) else ln
        for ln in text.splitlines()
    ]
    t = crosstable.read_text("\n".join(lines), fmt="trf")
    fast, slow = scenarios(t, ["WIN"]), scenarios(t, ["WIN"], bulk=False)
    assert [(p.name, p.best, p.worst) for p in fast.participants] == [
        (p.name, p.best, p.worst) for p in slow.participants
    ]


@settings(max_examples=40, deadline=None)
@given(unfinished(), st.sampled_from([*LISTS, ["ARO"]]))
def test_every_place_reached_is_what_the_scenarios_count(t: Tournament, criteria: list[str]) -> None:
    # reach() lists the combinations as the scenarios do (ARO: no bulk form, each ranked in full)
    every = scenarios(t, criteria)
    u = drawable(t)
    specs = criteria_for(u, criteria, None)
    base = crosstable.rank(u, [s.label for s in specs]).analysis
    games = np.nonzero(u.status == PENDING)[0]
    got = reach(base, specs, games, scenario_options(u)[0])
    assert got.combinations == every.combinations and got.bulk == (criteria != ["ARO"])
    for p in every.participants:
        i = u.names.index(p.name)
        assert [q + 1 for q in np.nonzero(got.places[i])[0]] == sorted(p.probabilities)
        assert (got.first(i), got.last(i)) == (p.best, p.worst)
        for choice, best in ((got.best[i], True), (got.worst[i], False)):
            played = completed(u, games.tolist(), [scenario_options(u)[0][o] for o in choice])
            first, _dash, last = crosstable.rank(played, criteria).row(p.name).place.partition("-")
            assert (int(first) if best else int(last or first)) == (p.best if best else p.worst)
