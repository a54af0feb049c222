"""Go: the McMahon score, SOS and SOSOS against OpenGotha's own EGD exports, the
EGD's ``.h9`` reader and writer, OpenGotha's XML reader (tests/data/go/SOURCES.md)."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest
from click.testing import CliRunner
from fastapi.testclient import TestClient

import crosstable
from crosstable.cli import main
from crosstable.errors import InputError
from crosstable.io import detect_format, read_text
from crosstable.io.egd import write_h9
from crosstable.io.jsonfmt import write_json
from crosstable.model import Bye, Tournament
from crosstable.ranking import disagreements, rank
from crosstable.tiebreaks.go import rank_value, start_score
from crosstable.web.app import create_app

DATA = Path(__file__).parent / "data" / "go"
PAIRS = ["TestPartEtLic", "Tournoi de Juvisy"]


def _printed(path: Path) -> dict[str, tuple[str, str, str, str]]:
    """Each player's place, MMS, SOS and SOSOS as the file prints them (their text),
    by name with the EGD's ``_`` read as a space; read here, apart from the reader."""
    out = {}
    place = ""
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith(";") or not line.strip():
            continue
        place = line[:4].strip() or place
        name = line[5:36].strip().replace("_", " ")
        mms, sos, sosos = line[47:].split()[:3]
        out[name] = (place, mms, sos, sosos)
    return out


def _value(text: str) -> Fraction:
    """A value as OpenGotha prints it: ``?`` after the number is ½ (its ISO-8859-15 has no ½)."""
    return Fraction(int(text.rstrip("?"))) + (Fraction(1, 2) if text.endswith("?") else 0)


def _ours(path: Path) -> dict[str, tuple[str, Fraction, Fraction, Fraction]]:
    s = rank(crosstable.read(path), announced_rounds=True)
    return {r.name.replace("_", " "): (r.place, r.points, r.values["SOS"], r.values["SOSOS"]) for r in s.rows}


def _check(printed: tuple[str, str, str, str], ours: tuple[str, Fraction, Fraction, Fraction]) -> None:
    place, mms, sos, sosos = printed
    lo, _dash, hi = ours[0].partition("-")
    assert int(lo) <= int(place) <= int(hi or lo)
    assert ours[1] == _value(mms)
    assert ours[2] == _value(sos)
    # OpenGotha cuts its values to four characters: a SOSOS of 11204 is printed 1120
    mine = str(int(ours[3])) + ("?" if ours[3].denominator == 2 else "")
    assert mine[:4] == sosos


@pytest.mark.parametrize("name", PAIRS)
def test_opengotha_file_gives_opengotha_s_own_mms_sos_sosos(name: str) -> None:
    """The tournament file read and ranked here gives, for every player, the place, MMS,
    SOS and SOSOS that OpenGotha printed in its EGD export of it (Juvisy: handicap games,
    an absence worth ½ rounded down)."""
    printed = _printed(DATA / f"{name}.h9")
    ours = _ours(DATA / f"{name}.xml")
    assert set(ours) == set(printed)
    for who, values in printed.items():
        _check(values, ours[who])


@pytest.mark.parametrize("name", PAIRS)
def test_egd_file_read_and_ranked_gives_its_printed_values(name: str) -> None:
    """The EGD file itself: every player's SOS and SOSOS computed from its results equal
    the printed ones, in the printed order, and the reader's cross-check finds nothing."""
    printed = _printed(DATA / f"{name}.h9")
    t = crosstable.read(DATA / f"{name}.h9")
    assert t.format == "egd" and t.criteria == ["MMS", "SOS", "SOSOS"]
    s = rank(t, announced_rounds=True)
    assert disagreements(s) == []
    assert [r.name.replace("_", " ") for r in s.rows] == list(printed)
    ours = {r.name.replace("_", " "): (r.place, r.points, r.values["SOS"], r.values["SOSOS"]) for r in s.rows}
    for who, values in printed.items():
        _check(values, ours[who])


def test_egc_2013_every_player_s_mms_and_sos_as_opengotha_printed_them() -> None:
    """The European Go Congress 2013 (Olsztyn), main tournament, 594 players, 10 rounds,
    as OpenGotha exported it for the EGD: every player's place, MMS and SOS (halves
    printed ``?``) equal ours, computed from the results (default results ``!``,
    absences ``0=`` worth ½, a bye ``0+``)."""
    path = DATA / "egc2013.h9"
    printed = {}
    place = ""
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith(";"):
            continue
        place = line[:4].strip() or place
        printed[line[5:36].strip()] = (place, *line[47:].split()[:2])
    t = crosstable.read(path)
    assert len(t.names) == 594 and t.rounds_total == 10
    marks = sum(token.count("!") for token in path.read_text(encoding="utf-8").split())
    assert int((t.status == 1).sum()) * 2 == marks  # each default result on both players' lines
    s = rank(t)
    assert disagreements(s) == []
    assert len(printed) == len(s.rows) == 594
    for r in s.rows:
        where, mms, sos = printed[r.name]
        lo, _dash, hi = r.place.partition("-")
        assert int(lo) <= int(where) <= int(hi or lo), r.name
        assert r.points == _value(mms), r.name
        assert r.values["SOS"] == _value(sos), r.name


def test_the_formats_are_detected() -> None:
    assert detect_format((DATA / "TestPartEtLic.h9").read_text(encoding="utf-8")) == "egd"
    assert detect_format((DATA / "Tournoi de Juvisy.xml").read_text(encoding="utf-8")) == "opengotha"


def test_start_scores_from_rank_bar_and_floor() -> None:
    """OpenGotha's scale (30k = 0), bar and floor: Juvisy's bar 4d and floor 20k give its
    18k 12 and its 3d 32 (the h9's MMS less the games: 13 − 1 and 36 − 4)."""
    bar, floor = rank_value("4d"), rank_value("20k")
    assert start_score(rank_value("18k") or 0, bar, floor) == 12
    assert start_score(rank_value("3d") or 0, bar, floor) == 32
    assert start_score(rank_value("25k") or 0, bar, floor) == 10
    t = crosstable.read(DATA / "Tournoi de Juvisy.xml")
    assert t.mcmahon_start is not None
    assert dict(zip(t.names, t.mcmahon_start, strict=True))["Rebelo Manuela"] == 12


def test_sos_explains_the_handicap_and_the_own_start() -> None:
    t = crosstable.read(DATA / "Tournoi de Juvisy.xml")
    s = rank(t, announced_rounds=True)
    text = s.explain("Minieri")
    assert "Pinchard Alexandre's MMS 25 +4 handicap" in text
    assert "= 128" in text
    daguenet = s.explain("Daguenet")
    assert "own start MMS, round 2 without opponent" in daguenet
    assert "Points = 1 (from the results) + 32 (start McMahon score) = 33" in daguenet


def test_h9_writer_round_trip() -> None:
    """The writer's file read again gives the same games and the same McMahon scores."""
    t = crosstable.read(DATA / "Tournoi de Juvisy.xml")
    s = rank(t, announced_rounds=True)
    order = [r.index for r in s.rows]
    columns = [
        ("MMS", s.analysis.points.fractions()),
        ("SOS", [r.values["SOS"] for r in sorted(s.rows, key=lambda r: r.index)]),
    ]
    text = write_h9(t, order, columns)
    again = read_text(text, source="juvisy.h9")
    s2 = rank(again, announced_rounds=True)
    assert disagreements(s2) == []
    assert [(r.name, r.points, r.values["SOS"]) for r in s2.rows] == [
        (r.name, r.points, r.values["SOS"]) for r in s.rows
    ]
    assert again.handicaps and len(again.white) == len(t.white)


@pytest.mark.parametrize(
    ("text", "where", "words"),
    [
        (
            "; Pl Name Rk Co Club MMS\n   1 Kim A  5k KR Seou  30   2+/w0\n   2 Lee B  5k KR Seou  29   1-/w0\n",
            ":2:",
            "does not agree",
        ),
        (
            "; Pl Name Rk Co Club MMS\n   1 Kim A  5k KR Seou  30   3+/w0\n   2 Lee B  5k KR Seou  29   1-/b0\n",
            ":2:",
            "names no other player",
        ),
        ("; EV[x]\n   1 Kim A  KR Seou  30   2+/w0\n", ":2:1", "not a player line"),
        (
            "; EV[x]\n   1 Kim A  5k KR Seou  30   2+/w0  xx\n   2 Lee B  5k KR Seou  29   1-/b0\n",
            ":2:",
            "not a result",
        ),
    ],
)
def test_bad_egd_lines_are_refused_naming_them(text: str, where: str, words: str) -> None:
    with pytest.raises(InputError) as e:
        read_text(text, source="bad.h9", fmt="egd")
    assert f"bad.h9{where}" in str(e.value)
    assert words in str(e.value)


def test_bad_opengotha_files_are_refused() -> None:
    with pytest.raises(InputError, match="document type"):
        read_text('<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "b">]><Tournament/>', source="x.xml", fmt="opengotha")
    with pytest.raises(InputError, match=r"x\.xml:1:"):
        read_text("<Tournament><Players>", source="x.xml", fmt="opengotha")
    game = (
        '<Tournament><Players/><Games><Game whitePlayer="A" blackPlayer="B" result="RESULT_WHITEWINS"/>'
        "</Games></Tournament>"
    )
    with pytest.raises(InputError, match="names no player"):
        read_text(game, source="x.xml", fmt="opengotha")


def test_cli_standings_of_a_go_file() -> None:
    path = str(DATA / "Tournoi de Juvisy.h9")
    result = CliRunner().invoke(main, ["standings", path, "--rules", "opengotha-mcmahon", "-o", "json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    rows = data["standings"]
    assert rows[0]["name"] == "Minieri Davide"
    text = CliRunner().invoke(main, ["standings", path, "--rules", "egf-cup"])
    assert text.exit_code == 0 and "egf-cup" in text.stdout


def _mtr_event() -> Tournament:
    """The three players of the Magic Tournament Rules' Appendix C example (an 8-round
    event): A 5-2-1, B 1-3-0 then withdrawn, C 3-2-0 with a first-round bye then
    withdrawn; X met A in round 1, B in round 2, C in round 3; the others fill in."""
    a_results = ["1-0", "1-0", "1-0", "1-0", "1-0", "0-1", "0-1", "½-½"]
    games = [("A", "X" if r == 1 else f"FA{r}", res, r) for r, res in enumerate(a_results, 1)]
    games += [
        ("B", "X" if r == 2 else f"FB{r}", res, r)
        for r, res in zip(range(1, 5), ["1-0", "0-1", "0-1", "0-1"], strict=True)
    ]
    games += [
        ("C", "X" if r == 3 else f"FC{r}", res, r)
        for r, res in zip(range(2, 6), ["1-0", "1-0", "0-1", "0-1"], strict=True)
    ]
    names = sorted({g[0] for g in games} | {g[1] for g in games})
    t = Tournament.from_games(names, games, scoring="3:1:0")
    t.byes = [Bye(names.index("C"), 1, "pab", Fraction(3))]
    t.rounds_total = 8
    t.system = "swiss"
    return t


def test_mtg_match_win_percentages_are_the_appendix_c_examples() -> None:
    """MTR Appendix C: 5-2-1 in 8 rounds 16/24 = 0.667; 1-3-0 then withdrawn 3/12 =
    0.25, so 0.33; 3-2-0 with a first-round bye 9/15 = 0.60; OMW averages them."""
    s = rank(_mtr_event(), ["MWP", "OMW"], announced_rounds=True)
    mwp = {r.name: r.values["MWP"] for r in s.rows}
    assert mwp["A"] == Fraction(16, 24)
    assert mwp["B"] == Fraction(33, 100)
    assert mwp["C"] == Fraction(9, 15)
    omw = s.row("X").values["OMW"]
    assert omw == (Fraction(2, 3) + Fraction(33, 100) + Fraction(3, 5)) / 3
    assert "A's MWP" in s.explain("X")


def test_the_web_api_ranks_and_explains_a_go_file() -> None:
    client = TestClient(create_app(workers=1, budget=30), raise_server_exceptions=False)
    content = (DATA / "Tournoi de Juvisy.h9").read_text(encoding="utf-8")
    answer = client.post("/api/standings", json={"content": content, "explain": True})
    assert answer.status_code == 200, answer.text
    data = answer.json()
    assert data["format"] == "egd" and data["tiebreaks"] == ["MMS", "SOS", "SOSOS"]
    first = data["standings"][0]
    assert (first["name"], first["points"], first["tiebreaks"]["SOS"]) == ("Minieri Davide", 36, 128)
    assert "Pinchard Alexandre's MMS 25 +4 handicap" in data["explanations"]["Minieri Davide"]


@pytest.mark.parametrize("name", ["Tournoi de Juvisy.xml", "egc2013.h9"])
def test_a_go_event_keeps_its_values_through_our_json(name: str) -> None:
    """Our JSON keeps what a go event's values need (ranks, clubs, start McMahon
    scores, handicaps): the event written and read back ranks to the same MMS, SOS and
    SOSOS as OpenGotha printed, for every player (an h9 read from its JSON once gave
    Chauvin an SOS of 8 instead of 567: the starts of the rounds without an opponent
    were lost), and a sub-event keeps them for its players."""
    t = crosstable.read(DATA / name)
    back = read_text(write_json(t), fmt="json")
    assert back.go_ranks == t.go_ranks and back.clubs == t.clubs and back.mcmahon_start == t.mcmahon_start
    assert back.handicaps == t.handicaps
    h9 = DATA / name.replace(".xml", ".h9")
    printed = _printed(h9)
    ours = {r.name.replace("_", " "): (r.points, r.values["SOS"]) for r in rank(back, ["SOS"]).rows}
    assert len(ours) == len(printed)
    for who, values in printed.items():
        assert ours[who] == (_value(values[1]), _value(values[2])), who
    assert t.mcmahon_start is not None and t.go_ranks is not None
    sub = t.select([2, 0])
    assert sub.mcmahon_start == [t.mcmahon_start[2], t.mcmahon_start[0]] and sub.go_ranks == [
        t.go_ranks[2],
        t.go_ranks[0],
    ]


def test_opengotha_s_own_document_type_line_is_read_over() -> None:
    """OpenGotha's older versions write ``<!DOCTYPE Tournament SYSTEM "tournament.dtd">``
    (the EGC 2011 file in its repository does): such a file reads as without the line,
    every value the same; a declaration of its own stays refused."""
    text = (DATA / "Tournoi de Juvisy.xml").read_text(encoding="utf-8")
    head, rest = text.split("\n", 1)
    assert head.startswith("<?xml")
    declared = f'{head}\n<!DOCTYPE Tournament SYSTEM "tournament.dtd">\n{rest}'
    plain, with_line = read_text(text, fmt="opengotha"), read_text(declared, fmt="opengotha")
    assert [(r.name, r.points, r.values["SOS"]) for r in rank(with_line, ["SOS"]).rows] == [
        (r.name, r.points, r.values["SOS"]) for r in rank(plain, ["SOS"]).rows
    ]
    with pytest.raises(InputError, match="document type declaration"):
        read_text(declared.replace('"tournament.dtd">', '"tournament.dtd" [<!ELEMENT x ANY>]>'), fmt="opengotha")


def _three_level(b_meets_c: bool) -> Tournament:
    """A, B and C level on 2 wins: A beat B and C, B beat C (or, without ``b_meets_c``,
    B and C never met and B beat X6 instead); X1 … X6 fill the other games."""
    games = [("A", "B", "1-0", 1), ("A", "C", "1-0", 2), ("X1", "A", "1-0", 3), ("X2", "A", "1-0", 4)]
    games += [("B", "X3", "1-0", 2), ("C", "X4", "1-0", 1), ("C", "X5", "1-0", 4)]
    games += [("B", "C", "1-0", 3)] if b_meets_c else [("B", "X6", "1-0", 3)]
    names = sorted({g[0] for g in games} | {g[1] for g in games})
    t = Tournament.from_games(names, games, scoring="go")
    t.system = "swiss"
    return t


def test_sdc_counts_the_tied_players_beaten_when_all_met() -> None:
    """OpenGotha's SDC, by hand from its definition: A beat B and C, B beat C, all three
    on 2 wins: SDC 2, 1, 0, and that order."""
    s = rank(_three_level(True), ["SDC"])
    top = [(r.name, r.values["SDC"]) for r in s.rows[:3]]
    assert top == [("A", 2), ("B", 1), ("C", 0)]
    assert "SDC among A, B, C = 2 (beat B, C)" in s.explain("A")


def test_sdc_is_0_for_all_when_two_tied_players_never_met() -> None:
    """B and C never met: SDC is 0 for the three, who stay tied; the chess rule (DE)
    still places A first, as no result of the missing game could catch A's 2 points."""
    s = rank(_three_level(False), ["SDC"])
    assert [r.values["SDC"] for r in s.rows if r.name in "ABC"] == [0, 0, 0]
    assert len({r.place for r in s.rows if r.name in "ABC"}) == 1
    de = rank(_three_level(False), ["DE"])
    assert de.rows[0].name == "A" and de.rows[0].place == "1"


def test_sdc_leaves_a_cycle_tied() -> None:
    """A beat B, B beat C, C beat A: each beat one of the others, SDC 1 each, still tied."""
    games = [("A", "B", "1-0", 1), ("B", "C", "1-0", 2), ("C", "A", "1-0", 3)]
    s = rank(Tournament.from_games(["A", "B", "C"], games, scoring="go"), ["SDC"])
    assert [r.values["SDC"] for r in s.rows] == [1, 1, 1]
    assert {r.place for r in s.rows} == {"1-3"}


def test_sdc_on_the_tournoi_de_juvisy() -> None:
    """The Tournoi de Juvisy (OpenGotha's file): Perroux and Roullier end level on 30,
    and Perroux (black) beat Roullier in round 2: SDC 1 and 0, Perroux above; Ravera
    beat Yung, level on 27, in round 2 too; the other players level on MMS did not all
    meet, so their SDC is 0."""
    s = rank(crosstable.read(DATA / "Tournoi de Juvisy.xml"), ["SDC"], announced_rounds=True)
    sdc = {r.name: r.values["SDC"] for r in s.rows}
    assert (s.row("Perroux").points, s.row("Roullier").points) == (30, 30)
    assert (sdc["Perroux Etienne"], sdc["Roullier Louise"]) == (1, 0)
    assert (sdc["Ravera Sylvain"], sdc["Yung Oscar"]) == (1, 0)
    assert {name for name, v in sdc.items() if v} == {"Perroux Etienne", "Ravera Sylvain"}
    assert int(s.row("Perroux").place) < int(s.row("Roullier").place)


def test_the_mtg_preset_ranks_by_omw() -> None:
    """Preset ``mtg`` (MTR 3.1): after match points, OMW; on the Appendix C event X's
    OMW is the average of A's, B's and C's MWP."""
    s = rank(_mtr_event(), rules="mtg", announced_rounds=True)
    assert [c.label for c in s.criteria] == ["OMW"]
    assert s.row("X").values["OMW"] == (Fraction(2, 3) + Fraction(33, 100) + Fraction(3, 5)) / 3
