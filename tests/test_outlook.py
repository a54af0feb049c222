"""The outlook (integer programming) against the exhaustive scenarios engine, the
classic baseball-elimination instances, and real Premier League seasons.

Sources: ``tests/data/outlook/SOURCES.tsv`` (openfootball's public-domain
football.json; the Princeton COS 226 baseball-elimination inputs).
"""

from __future__ import annotations

import dataclasses
import itertools
import json
from collections.abc import Sequence
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from numpy.typing import NDArray

import crosstable
from crosstable import Tournament
from crosstable.cli import main
from crosstable.io.analysis_writers import render_outlook
from crosstable.model import DRAW, LOSS, PENDING, PLAYED, WIN, Adjustment, Bye
from crosstable.outlook import Zone, _Solver, outlook
from crosstable.scenarios import DEFAULT_LIMIT, drawable, scenario_options, scenarios
from crosstable.schedule import Schedule
from tests.conftest import DATA, EXAMPLES

SCORINGS = {"3:1:0": ("3:0", "1:1", "0:2"), "2:1:0": ("2:1", "0:0", "1:3"), "chess": ("1-0", "½-½", "0-1")}


@st.composite
def leagues(draw: st.DrawFn) -> tuple[Tournament, str]:
    """A round robin (single or double) of 3 to 6 with up to 8 games left, optional
    deductions and byes."""
    n = draw(st.integers(3, 6))
    scoring = draw(st.sampled_from(sorted(SCORINGS)))
    names = [f"P{i}" for i in range(n)]
    plan = Schedule.make(names, double=draw(st.booleans()))
    pairs = [(names[p.white - 1], names[p.black - 1], p.round) for rnd in plan.rounds for p in rnd if not p.bye]
    left = set(draw(st.lists(st.integers(0, len(pairs) - 1), min_size=1, max_size=8, unique=True)))
    games = [
        (a, b, "*" if k in left else draw(st.sampled_from(SCORINGS[scoring])), r) for k, (a, b, r) in enumerate(pairs)
    ]
    t = Tournament.from_games(names, games, scoring=scoring)
    if draw(st.booleans()):
        who = draw(st.integers(0, n - 1))
        t = dataclasses.replace(t, adjustments=[Adjustment(who, -Fraction(draw(st.integers(1, 3))))])
    if draw(st.booleans()) and scoring == "chess":
        who = draw(st.integers(0, n - 1))
        t = dataclasses.replace(t, byes=[Bye(who, 1, "full", Fraction(1))])
    return t, scoring


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(leagues(), st.sampled_from(["", "WIN", "DE", "WIN,DE", "SB"]))
def test_agrees_with_the_exhaustive_engine(league: tuple[Tournament, str], criteria: str) -> None:
    t, _ = league
    ours = outlook(t, criteria)
    every = scenarios(t, criteria, limit=3**8)
    assert every.method.startswith("all")
    for p in ours.participants:
        q = every.outlook(p.name)
        # on points, ties in favour for the best and against for the worst: a bound for any criteria
        assert p.best <= q.best and q.worst <= p.worst, (p, q)
        if criteria in ("DE", "WIN,DE"):  # decided by the level participants' own games: searched to the end
            assert p.unsettled is None, (p, q)
        if criteria in ("", "WIN"):  # everything decided inside the program
            assert (p.best_exact, p.worst_exact) == (q.best, q.worst), (p, q)
            assert p.unsettled is None
        if criteria == "":
            assert (p.best, p.worst) == (q.best, q.worst)
        if p.best_exact is not None:
            assert p.best_exact == q.best, (p, q)
        if p.worst_exact is not None:
            assert p.worst_exact == q.worst, (p, q)
        if p.unsettled is not None and p.unsettled.best is not None:
            bound, reached = p.unsettled.best
            assert bound <= q.best <= reached
        if p.unsettled is not None and p.unsettled.worst is not None:
            reached, bound = p.unsettled.worst
            assert reached <= q.worst <= bound


def _completions(t: Tournament) -> tuple[NDArray[np.int64], NDArray[np.int64], int]:
    """Every completion of the games left: each participant's final points and the
    points it took from its own games left (both in units of 1/den), listed the obvious way."""
    games = np.nonzero(t.status == PENDING)[0].tolist()
    base = crosstable.rank(t, []).analysis.points
    units = t.scoring.units()
    den = base.den * t.scoring.denominator
    combos = np.array(list(itertools.product((WIN, DRAW, LOSS), repeat=len(games))), dtype=np.int64)
    points = np.tile(base.num * t.scoring.denominator, (len(combos), 1))
    gains = np.zeros_like(points)
    for k, g in enumerate(games):
        w, b = int(t.white[g]), int(t.black[g])
        gains[:, w] += units[combos[:, k]] * base.den
        gains[:, b] += units[2 - combos[:, k]] * base.den
    return points + gains, gains, den


def _by_brute_force(t: Tournament, i: int, b: int) -> tuple[Fraction | None, Fraction | None]:
    """(magic, need) of participant i for places 1..b by their definitions (module docstring)."""
    points, gains, den = _completions(t)
    others = np.delete(points, i, axis=1)
    level_or_ahead = (others >= points[:, [i]]).sum(axis=1)
    ahead = (others > points[:, [i]]).sum(axis=1)
    gain = gains[:, i]
    outside, inside = gain[level_or_ahead >= b], gain[ahead <= b - 1]
    magic: Fraction | None = Fraction(0)
    if outside.size:
        higher = gain[gain > outside.max()]
        magic = Fraction(int(higher.min()), den) if higher.size else None
    need = Fraction(int(inside.min()), den) if inside.size else None
    return magic, need


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(leagues())
def test_magic_numbers_by_their_definition(league: tuple[Tournament, str]) -> None:
    t, _ = league
    n = len(t.names)
    zones = [Zone("top", 1, 1), Zone("upper", 1, 2), Zone("bottom", n, n)]
    ours = outlook(t, "", zones=zones)
    t = drawable(t)
    for p in ours.participants:
        i = t.names.index(p.name)
        for z in zones:
            b = z.first - 1 if z.last == n and z.first > 1 else z.last
            if b >= n:
                continue
            magic, need = _by_brute_force(t, i, b)
            if p.zones[z.name] == "clinched" and z.first == 1:
                assert p.magic[z.name] == 0
            assert (p.magic[z.name], p.need[z.name]) == (magic, need), (p, z)


OUTLOOK = DATA / "outlook"


def _division(path: Path) -> Tournament:
    """A baseball division from the COS 226 format: wins as points (adjustments), the
    games left within the division as pending games, and the games left against other
    divisions against one participant standing for them, kept last by a deduction."""
    lines = path.read_text(encoding="utf-8").split("\n")
    n = int(lines[0])
    rows = [line.split() for line in lines[1 : n + 1]]
    names = [r[0] for r in rows]
    games: list[tuple[str, str, str]] = []
    for i, r in enumerate(rows):
        against = [int(x) for x in r[4 : 4 + n]]
        games += [(names[i], names[j], "*") for j in range(i + 1, n) for _ in range(against[j])]
        games += [(names[i], "Others", "*")] * (int(r[3]) - sum(against))
    t = Tournament.from_games([*names, "Others"], games, scoring="1:0:0")
    wins = [Adjustment(i, Fraction(int(r[1]))) for i, r in enumerate(rows)]
    return dataclasses.replace(t, adjustments=[*wins, Adjustment(n, Fraction(-1000))])


def test_the_classic_baseball_elimination() -> None:
    # teams4: Montreal (77 + 3 < Atlanta's 83) and Philadelphia (80 + 3 = 83, but Atlanta and New York
    # have 161 wins and 6 games between them: one of them reaches 84) are out; Atlanta and New York are not.
    four = outlook(_division(OUTLOOK / "baseball/teams4.txt"), "", draws=False)
    out = {p.name for p in four.participants if p.zones["title"] == "eliminated"} - {"Others"}
    assert out == {"Philadelphia", "Montreal"}
    # teams5: only Detroit, eliminated by the four others together ((75+71+69+63+27)/4 = 76.25 > 49 + 27).
    five = outlook(_division(OUTLOOK / "baseball/teams5.txt"), "", draws=False)
    out = {p.name for p in five.participants if p.zones["title"] == "eliminated"} - {"Others"}
    assert out == {"Detroit"}
    detroit = five.prospect("Detroit")
    assert (detroit.points, detroit.most) == (49, 76)


@settings(max_examples=40, deadline=None)
@given(st.integers(3, 7), st.integers(0, 2**32 - 1))
def test_the_maximum_flow_and_the_integer_program_agree(n: int, seed: int) -> None:
    rng = np.random.default_rng(seed)
    names = [f"T{i}" for i in range(n)]
    games = [
        (a, b, "*" if rng.random() < 0.5 else rng.choice(["1-0", "0-1"])) for a, b in itertools.permutations(names, 2)
    ]
    games[0] = (names[0], names[1], "*")
    t = Tournament.from_games(names, games, scoring="1:0:0")
    with_flow = outlook(t, "", draws=False, magic=False)
    plain = outlook(t, "", draws=True, magic=False)  # the flow answers only for first place without draws
    solver = _Solver(t, np.nonzero(t.status == PENDING)[0], [WIN, LOSS])
    points = crosstable.rank(t, []).analysis.points.num.astype(np.int64)
    gain = solver.gain(t.scoring.units().tolist())
    for p in with_flow.participants:
        i = names.index(p.name)
        by_program = solver.place(i, points, gain, best=True)[0] == 1
        assert (p.best == 1) == by_program
        assert p.best >= plain.prospect(p.name).best  # no draws: fewer completions


SEASONS = {
    # (season, team, zone, the first day it was certain as reported at the time)
    ("2015-16", "Leicester City", "title", "2016-05-02"),  # Chelsea 2-2 Tottenham
    ("2015-16", "Aston Villa", "relegation", "2016-04-16"),  # Man Utd 1-0 Villa
    ("2015-16", "Newcastle United", "relegation", "2016-05-11"),  # Sunderland 3-0 Everton
    ("2018-19", "Huddersfield Town", "relegation", "2019-03-30"),  # Crystal Palace 2-0 Huddersfield
    ("2018-19", "Fulham FC", "relegation", "2019-04-02"),  # Watford 4-1 Fulham
    ("2019-20", "Liverpool FC", "title", "2020-06-25"),  # Chelsea 2-1 Man City
    ("2019-20", "Norwich City", "relegation", "2020-07-11"),  # Norwich 0-4 West Ham
    ("2020-21", "Sheffield United FC", "relegation", "2021-04-17"),  # Wolves 1-0 Sheffield Utd
    ("2020-21", "Manchester City FC", "title", "2021-05-11"),  # Man Utd 1-2 Leicester
}


def _season_until(season: str, day: str, inclusive: bool) -> Tournament:
    """The season with the matches after ``day`` (or from ``day`` on) not played yet."""
    lines = (OUTLOOK / f"premier-league-{season}.csv").read_text(encoding="utf-8").splitlines()
    out = [lines[0]]
    for line in lines[1:]:
        date, home, away, _, _ = line.split(",")
        played = date <= day if inclusive else date < day
        out.append(line if played else f"{date},{home},{away},,")
    return crosstable.read_text("\n".join(out) + "\n")


@pytest.mark.parametrize(("season", "team", "zone", "day"), sorted(SEASONS))
def test_the_day_it_became_certain(season: str, team: str, zone: str, day: str) -> None:
    zones = "title=1,relegation=18-20"
    after = outlook(_season_until(season, day, inclusive=True), rules="premier-league", zones=zones, magic=False)
    assert after.prospect(team).zones[zone] == "clinched"
    before = outlook(_season_until(season, day, inclusive=False), rules="premier-league", zones=zones, magic=False)
    assert before.prospect(team).zones[zone] == "possible"


def test_a_chess_table_without_a_draw_yet_can_still_draw() -> None:
    # Read in whole points (no ½ played), a draw had no value: the scenarios counted it as a win for Black.
    games = [("Ann", "Bob", "1-0"), ("Bob", "Cid", "1-0"), ("Cid", "Ann", "*")]
    t = Tournament.from_games(["Ann", "Bob", "Cid"], games)
    assert t.score_denominator == 1
    draw = scenario_options(drawable(t))[0][1]
    assert (draw.white, draw.black, draw.label) == (1, 1, "½-½")  # in halves: ½ each
    ours = outlook(t, [], zones="title=1")
    assert (ours.prospect("Ann").best, ours.prospect("Ann").worst) == (1, 3)
    assert ours.prospect("Ann").magic["title"] == Fraction(1, 2)  # a draw: 1½, ahead of Bob's 1


def test_the_command_line(tmp_path: Path) -> None:
    # Liverpool champions on the evening of 25 June 2020
    csv_lines = (OUTLOOK / "premier-league-2019-20.csv").read_text(encoding="utf-8").splitlines()
    rows = [csv_lines[0]] + [
        line if line.split(",")[0] <= "2020-06-25" else ",".join(line.split(",")[:3]) + ",," for line in csv_lines[1:]
    ]
    path = tmp_path / "season.csv"
    path.write_text("\n".join(rows) + "\n", encoding="utf-8")
    args = ["outlook", str(path), "--rules", "premier-league", "--zones", "title=1,relegation=18-20"]
    result = CliRunner().invoke(main, [*args, "-o", "json", "--witness", "Norwich City"])
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)  # nothing but JSON on standard output (the solver is kept quiet)
    assert data["games_left"] == 70 and data["zones"][0] == {"name": "title", "first": 1, "last": 1}
    liverpool = next(p for p in data["participants"] if p["name"] == "Liverpool FC")
    assert liverpool["zones"] == {"title": "clinched", "relegation": "eliminated"}
    assert liverpool["worst"] == 1 and liverpool["magic"]["title"] == 0
    norwich = next(p for p in data["participants"] if p["name"] == "Norwich City")
    assert len(norwich["witness"]["best"]["games"]) == 70 and norwich["best"] <= norwich["witness"]["best"]["place"]
    text = CliRunner().invoke(main, args)
    assert text.exit_code == 0 and "Liverpool FC" in text.stdout and "clinched" in text.stdout
    for bad in ("title", "title=0", "title=1-30", "a=1,a=2", "title=99999"):
        wrong = CliRunner().invoke(main, ["outlook", str(path), "--zones", bad])
        assert wrong.exit_code == 2 and "zone" in wrong.stderr, (bad, wrong.stderr)
    unknown = CliRunner().invoke(main, ["outlook", str(path), "--witness", "Nobody"])
    assert unknown.exit_code == 2 and "Nobody" in unknown.stderr


def _small(games: list[tuple[str, str, str, int]], names: str = "ABCD", scoring: str = "3:1:0") -> Tournament:
    return Tournament.from_games(list(names), games, scoring=scoring)


def test_zones_follow_the_places_the_tie_breaks_settle() -> None:
    # A beat B and both end on 6 at best for B: under direct encounter A is champion although level on points
    games = [("A", "B", "1:0", 1), ("C", "D", "0:0", 1), ("A", "C", "1:0", 2), ("B", "D", "1:0", 2)]
    t = _small([*games, ("B", "C", "1:0", 3), ("A", "D", "*", 3)])
    report = outlook(t, "DE", zones="title=1,last=4")
    a, b = report.prospect("A"), report.prospect("B")
    assert (a.worst, a.worst_exact, a.zones["title"], a.magic["title"]) == (2, 1, "clinched", 0)
    assert (b.best, b.best_exact, b.zones["title"], b.need["title"]) == (1, 2, "eliminated", None)
    on_points = outlook(t, "", zones="title=1")  # without the list, a tie on points counts against A
    assert on_points.prospect("A").zones["title"] == "possible"


def test_a_zone_in_the_middle_has_no_magic_number() -> None:
    season = crosstable.read(EXAMPLES / "premier-league-2015-16-on-2016-05-02.csv")
    report = outlook(season, rules="premier-league", zones="title=1,europa=5-7")
    spurs, leicester = report.prospect("Tottenham Hotspur"), report.prospect("Leicester City")
    assert spurs.zones["europa"] == "possible" and spurs.magic["europa"] is None
    assert leicester.zones["europa"] == "eliminated" and leicester.magic["europa"] is None
    assert leicester.magic["title"] == 2  # two points: 79, beyond Tottenham's 78


def test_the_open_criterion_is_named_as_it_decides() -> None:
    team = [("A", "B", "1½-½", 1), ("C", "D", "1-1", 1), ("A", "C", "2-0", 2), ("B", "D", "*", 2)]
    t = Tournament.from_games(list("ABCD"), [*team, ("A", "D", "*", 3), ("B", "C", "*", 3)], scoring="team")
    assert outlook(t, "MPTS,DE").prospect("B").best_exact == outlook(t, "DE").prospect("B").best_exact == 2
    goals = _small([("P1", "P2", "*", 1), ("P0", "P1", "1:1", 2), ("P2", "P0", "3:0", 3)], names=("P0", "P1", "P2"))
    p1 = outlook(goals, "DE,GD").prospect("P1")
    assert p1.unsettled is not None and (p1.unsettled.criterion, p1.unsettled.reason) == ("DE then GD", "score lines")


def test_a_swiss_event_with_rounds_still_to_pair_says_so() -> None:
    t = crosstable.read(DATA / "fide" / "exercise-2025.trf")
    status = t.status.copy()
    status[t.rounds == 5] = PENDING
    t = dataclasses.replace(t, status=status, rounds_total=9, declared={})
    report = outlook(t, "", zones="top6=1-6", magic=False)
    assert any("(rounds 6-9 not paired yet)" in w for w in report.warnings)


def test_the_library_leaves_standard_output_alone(capfd: pytest.CaptureFixture[str]) -> None:
    season = crosstable.read(EXAMPLES / "premier-league-2015-16-on-2016-05-02.csv")
    outlook(season, rules="premier-league", magic=False, progress=lambda done, total: print(f"{done}/{total}"))
    assert "20/20" in capfd.readouterr().out  # printed while the solver ran: nothing was redirected


REAL = DATA / "real"
SHARED = Path("/work/shared/inputs/fresh-chess/trf")


def _before_the_last(t: Tournament, rounds: int) -> Tournament:
    """``t`` with its last ``rounds`` rounds not played yet."""
    assert t.rounds is not None and t.status is not None
    status = t.status.copy()
    status[t.rounds > int(t.rounds.max()) - rounds] = PENDING
    return dataclasses.replace(t, status=status, declared={})


def _played_as(t: Tournament, results: Sequence[str]) -> Tournament:
    """``t`` with its pending games played, in order, as ``results`` (1-0, ½-½, 0-1)."""
    assert t.status is not None
    games = np.nonzero(t.status == PENDING)[0].tolist()
    d = t.score_denominator
    assert d % 2 == 0  # a draw is half a point each
    scores = {"1-0": (d, 0), "½-½": (d // 2, d // 2), "0-1": (0, d)}
    ws, bs, st = t.white_score.copy(), t.black_score.copy(), t.status.copy()
    for g, result in zip(games, results, strict=True):
        ws[g], bs[g] = scores[result]
        st[g] = PLAYED
    return dataclasses.replace(t, white_score=ws, black_score=bs, status=st, warnings=[], declared={})


def _every_place(t: Tournament, criteria: list[str]) -> dict[str, set[int]]:
    """The places each participant takes over every completion of the games left, each
    completion ranked by :func:`crosstable.rank` (a shared place: each of its places)."""
    left = int(np.count_nonzero(t.status == PENDING))
    places: dict[str, set[int]] = {name: set() for name in t.names}
    for results in itertools.product(("1-0", "½-½", "0-1"), repeat=left):
        for row in crosstable.rank(_played_as(t, results), criteria).rows:
            first, _dash, last = row.place.partition("-")
            places[row.name].update(range(int(first), int(last or first) + 1))
    return places


def _zone_by_every_place(places: set[int], z: Zone) -> str:
    inside = {p for p in places if z.first <= p <= z.last}
    return "clinched" if inside == places else "eliminated" if not inside else "possible"


def _check_against_every_completion(t: Tournament, criteria: str) -> None:
    """The outlook of ``t`` (few completions) against every completion ranked in full:
    each place, each zone, and the witnesses; and the same outlook without the listing
    (``limit=1``) left open what it could not prove, where the bounds alone straddle a
    zone that no completion reaches or that every completion reaches."""
    n = len(t.names)
    zones = [
        Zone("title", 1, 1),
        Zone("podium", 1, 3),
        Zone("bottom", n - 2, n),
        *(Zone(f"p{p}", p, p) for p in range(1, n + 1)),
    ]
    every = _every_place(t, [criteria])
    combinations = 3 ** int(np.count_nonzero(t.status == PENDING))
    report = outlook(t, criteria, zones=zones, witnesses=["*"], magic=False)
    assert report.method.startswith("exact") and f"all {combinations:,} combinations" in report.method
    for p in report.participants:
        seen = every[p.name]
        assert (p.best_exact, p.worst_exact, p.unsettled) == (min(seen), max(seen), None), p
        assert {z.name: _zone_by_every_place(seen, z) for z in zones} == p.zones, p.name
        assert p.witness_best is not None and p.witness_worst is not None
        for w, best in ((p.witness_best, True), (p.witness_worst, False)):
            first, _dash, last = (
                crosstable.rank(_played_as(t, [g[3] for g in w.games]), [criteria]).row(p.name).place.partition("-")
            )
            assert w.place == (int(first) if best else int(last or first)) == (min(seen) if best else max(seen))
    bounds = outlook(t, criteria, zones=zones, magic=False, limit=1)  # the integer programs alone
    assert "exact" not in bounds.method
    wrong = [
        (p.name, z.name)
        for p in bounds.participants
        for z in zones
        if p.zones[z.name] == "open" and _zone_by_every_place(every[p.name], z) != "possible"
    ]
    assert wrong  # called "possible" before: no completion gives one of the two
    for p in bounds.participants:  # what is said is right; "open" is where it is not proved
        for z in zones:
            if p.zones[z.name] != "open":
                assert p.zones[z.name] == _zone_by_every_place(every[p.name], z), (p.name, z)


@pytest.mark.parametrize("criteria", ["SB", "BH"])
def test_berger_and_buchholz_places_by_every_completion(criteria: str) -> None:
    # A lichess Swiss (13 players) before its 10th and last round: 6 games, 729 completions. On points
    # hansimpech and michaelwalz7 could still be first, but no completion makes them first under SB.
    _check_against_every_completion(_before_the_last(crosstable.read(REAL / "skl_2020_06.trf"), 1), criteria)


@pytest.mark.skipif(not SHARED.is_dir(), reason="the shared real inputs are not on this machine")
def test_a_round_robin_before_its_last_round_by_every_completion() -> None:
    # The Candidates 2022 (Madrid, double round robin of 8) before round 14: 4 games, 81 completions
    _check_against_every_completion(
        _before_the_last(crosstable.read(SHARED / "pgn-candidates-2022-madrid.trf"), 1), "SB"
    )


@pytest.mark.skipif(not SHARED.is_dir(), reason="the shared real inputs are not on this machine")
def test_beyond_the_limit_what_is_not_proved_is_open() -> None:
    # The Sinquefield Cup 2021 (round robin of 10) after round 6: 15 games left, 3^15 completions, more than
    # the scenarios' limit of 3^14. Svidler and Swiercz, 1½ points, might reach the top three on points only if
    # SB lets them; the bounds do not say, so it stays open, and the heading does not say "exact".
    t = _before_the_last(crosstable.read(SHARED / "pgn-sinquefield-cup-2021.trf"), 3)
    report = outlook(t, "SB", zones="title=1,top3=1-3,last=10", witnesses=["*"])
    assert report.games_left == 15 and DEFAULT_LIMIT < 3**15
    assert "exact" not in report.method and f"more than {DEFAULT_LIMIT:,} combinations" in report.method
    opened = [(p, z) for p in report.participants for z, status in p.zones.items() if status == "open"]
    assert opened
    for p, z in opened:  # open only where the places are, and with the bounds on both sides of the zone
        assert p.unsettled is not None and p.unsettled.reason == "other games"
        zone = report.zones[[x.name for x in report.zones].index(z)]
        assert p.best <= zone.last and zone.first <= p.worst
    for p in report.participants:  # every "possible" has a completion inside the zone and one outside it
        assert p.witness_best is not None and p.witness_worst is not None
        for zone in report.zones:
            if p.zones[zone.name] == "possible":
                places = {p.witness_best.place, p.witness_worst.place}
                assert any(zone.first <= x <= zone.last for x in places), (p.name, zone)
                assert any(not zone.first <= x <= zone.last for x in places), (p.name, zone)
    rendered = json.loads(render_outlook(report, "json"))
    assert {s for q in rendered["participants"] for s in q["zones"].values()} <= {
        "clinched",
        "possible",
        "eliminated",
        "open",
    }
