"""FIDE TRF input and the FIDE tie-breaks against the reference implementation.

Data: the FIDE TEC tie-break exercise of 2024-03-18 (tests/data/fide/SOURCE.txt:
converted to TRF-16 from marceljuenemann/tiebreak's copy of the exercise), with the
output of TieBreakServer 1.9.57 (OttoMilvang/TieBreakServer @14a34a2, rules
2024-08-01) in expected.tbs.json and the exercise's official solutions in
expected.official.json. Every value of every criterion implemented so far is
compared for all 16 players.
"""

from __future__ import annotations

import json
import re
from fractions import Fraction
from pathlib import Path

import pytest
from click.testing import CliRunner

import crosstable
from crosstable.cli import main
from tests.conftest import DATA

FIDE = DATA / "fide"
REFERENCE = json.loads((FIDE / "expected.tbs.json").read_text(encoding="utf-8"))
OFFICIAL = json.loads((FIDE / "expected.official.json").read_text(encoding="utf-8"))
IMPLEMENTED = [
    "PTS", "WIN", "WON", "BPG", "BWG", "GE", "REP", "VUR", "NUM", "PS", "PS/C1",
    "BH", "BH/C1", "BH/C2", "BH/M1", "BH/M2", "ABH", "SB", "SB/C1", "SB/C2", "SB/M1",
    "FB", "FB/C1", "FB/M1", "AFB", "AOB", "KS",
]  # fmt: skip
NEGATED: set[str] = set()  # every value is printed as the reference prints it
PRINTED_TO_2_DECIMALS = {"AOB"}  # TieBreakServer prints averages rounded; ours are exact


@pytest.fixture(scope="module")
def exercise() -> crosstable.Standings:
    t = crosstable.read(FIDE / "tournament.trf")
    return crosstable.rank(t, [c for c in IMPLEMENTED if c != "PTS"])


@pytest.mark.parametrize("code", IMPLEMENTED)
def test_every_value_equals_tiebreakserver(exercise: crosstable.Standings, code: str) -> None:
    t = exercise.tournament
    for competitor in REFERENCE["competitors"]:
        row = exercise.row(t.names[competitor["startno"] - 1])
        mine = row.points if code == "PTS" else row.values[code]
        if code in NEGATED:
            mine = -mine
        expected = Fraction(str(competitor["values"][code]))
        if code in PRINTED_TO_2_DECIMALS:
            assert abs(mine - expected) <= Fraction(1, 200), (competitor["startno"], code)
        else:
            assert mine == expected, (competitor["startno"], code)


@pytest.mark.parametrize("code", ["BH", "BH/C1", "SB", "ABH"])
def test_official_exercise_solutions(exercise: crosstable.Standings, code: str) -> None:
    t = exercise.tournament
    for number, value in OFFICIAL["values"][code].items():
        assert exercise.row(t.names[int(number) - 1]).values[code] == Fraction(value), (number, code)


def test_trf_reading(exercise: crosstable.Standings) -> None:
    t = exercise.tournament
    assert t.system == "swiss" and len(t.names) == 16
    kinds = sorted((b.participant + 1, b.round, b.kind) for b in t.byes)
    assert (4, 2, "half") in kinds and (6, 3, "pab") in kinds and (12, 4, "zero") in kinds
    assert t.status is not None and int((t.status == 1).sum()) == 2  # two forfeits


def test_non_ascii_names_keep_the_columns(tmp_path: Path) -> None:
    text = (FIDE / "tournament.trf").read_text(encoding="utf-8").replace("Player 01  ", "Šťastný Žák")
    p = tmp_path / "utf8.trf"
    p.write_text(text, encoding="utf-8")
    t = crosstable.read(p)
    assert t.names[0] == "Šťastný Žák"
    assert crosstable.rank(t, ["BH"]).row("Šťastný Žák").values["BH"] == Fraction(25, 2)
    p.write_bytes(text.replace("Šťastný Žák", "Szabó Ádám ").encode("latin-1"))
    assert crosstable.read(p).names[0] == "Szabó Ádám"


def test_two_lines_that_do_not_name_each_other_are_refused(tmp_path: Path) -> None:
    lines = (FIDE / "tournament.trf").read_text(encoding="utf-8").splitlines()
    k = next(i for i, line in enumerate(lines) if line.startswith("001    2"))
    lines[k] = lines[k][:91] + "  11" + lines[k][95:]  # player 2's round 1 now names 11, whose line names 12
    p = tmp_path / "bad.trf"
    p.write_text("\n".join(lines), encoding="utf-8")
    with pytest.raises(crosstable.InputError) as err:
        crosstable.read(p)
    assert "round 1: player 2 plays 11, but line" in str(err.value)
    assert str(err.value).startswith(f"{p}:{k + 1}:")


def test_a_played_result_against_a_forfeit_is_refused(tmp_path: Path) -> None:
    # One line says the game was played (0), the other that it was won by forfeit (+): a typo, refused.
    lines = (FIDE / "tournament.trf").read_text(encoding="utf-8").splitlines()
    k = next(i for i, line in enumerate(lines) if line.startswith("001    2"))
    lines[k] = lines[k][:98] + "+" + lines[k][99:]
    p = tmp_path / "bad.trf"
    p.write_text("\n".join(lines), encoding="utf-8")
    with pytest.raises(crosstable.InputError) as err:
        crosstable.read(p)
    assert "a result played over the board against a forfeit" in str(err.value)


def test_blank_or_overlong_points_fields_are_accepted(tmp_path: Path) -> None:
    # Round robins with 100+ points leave the four-character points field blank or overflow it
    # (shared/examples/fide/synthetic/rr-300p.trf): the points are computed, not read.
    lines = (FIDE / "tournament.trf").read_text(encoding="utf-8").splitlines()
    lines = [line[:80] + ("     " if k % 2 else "100.5") + line[85:] if line.startswith("001") else line
             for k, line in enumerate(lines)]  # fmt: skip
    p = tmp_path / "points.trf"
    p.write_text("\n".join(lines), encoding="utf-8")
    assert crosstable.read(p).scores() == crosstable.read(FIDE / "tournament.trf").scores()


REFERENCE_2026 = json.loads((FIDE / "expected.tbs-rules2026.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("code", ["BH", "BH/C1", "BH/M1", "SB", "SB/C1"])
def test_the_2026_edition_caps_the_dummy_opponent(code: str) -> None:
    # expected.tbs-rules2026.json: TieBreakServer with its /V2 modifier (the 2026-03-01 rules);
    # the BH and SB of players 4, 6 and 11 change (art. 16.4).
    t = crosstable.read(FIDE / "tournament.trf")
    assert t.fide_rules == "2023"  # the exercise starts on 2024/03/18, before the 2024 edition (1 April)
    t.fide_rules = "2026"
    s = crosstable.rank(t, [code])
    for competitor in REFERENCE_2026["competitors"]:
        expected = Fraction(str(competitor["values"][f"{code}/V2"]))
        assert s.row(t.names[competitor["startno"] - 1]).values[code] == expected, competitor["startno"]


@pytest.mark.parametrize(
    ("trf", "reference", "system", "rules"),
    [
        ("swiss-2000p-11r.trf", "swiss-2000p-11r.tbs.tsv", "swiss", "2026"),
        ("rr-300p.trf", "rr-300p.tbs.tsv", "round-robin", "2026"),
    ],
)
def test_synthetic_events_equal_tiebreakserver(trf: str, reference: str, system: str, rules: str) -> None:
    # tests/data/fide/SOURCE.txt: TieBreakServer's output on the synthetic 2,000-player 11-round Swiss
    # with forfeits and byes and on the 300-player round robin (2026 rules, from the start dates).
    t = crosstable.read(FIDE / trf)
    assert (t.system, t.fide_rules) == (system, rules)
    codes = ["BH/C1", "BH", "SB", "WIN"]
    s = crosstable.rank(t, codes)
    rows = [line.split("\t") for line in (FIDE / reference).read_text().splitlines()]
    head = rows[0]
    for row in rows[1:]:
        mine = s.row(t.names[int(row[0]) - 1])
        assert mine.points == Fraction(row[head.index("PTS")])
        for code in codes:
            assert mine.values[code] == Fraction(row[head.index(code)]), (row[0], code)


def test_rating_criteria_equal_tiebreakserver() -> None:
    # tests/data/fide/SOURCE.txt: ARO, its cuts and TPR for the 2,000 rated players.
    t = crosstable.read(FIDE / "swiss-2000p-11r.trf")
    codes = ["ARO", "ARO/C1", "ARO/M1", "TPR", "APRO", "PTP", "APPO", "PTP/C1"]
    s = crosstable.rank(t, codes)
    rows = [line.split("\t") for line in (FIDE / "swiss-2000p-11r.tbs-rating.tsv").read_text().splitlines()]
    head = rows[0]
    for row in rows[1:]:
        mine = s.row(t.names[int(row[0]) - 1])
        for code in codes:
            assert mine.values[code] == int(row[head.index(code)]), (row[0], code)


def test_unrated_events_leave_rating_criteria_undefined_and_say_why(exercise: crosstable.Standings) -> None:
    # As the reference: one unrated participant makes ARO undefined for everybody, unless /U gives a rating.
    s = crosstable.rank(exercise.tournament, ["ARO"])
    assert all(r.values["ARO"] is None for r in s.rows)
    assert any("ARO is undefined for everybody" in w and "ARO/U1000" in w for w in s.warnings)
    assert crosstable.rank(exercise.tournament, ["ARO/U1000"]).rows[0].values["ARO/U1000"] == 1000


@pytest.mark.parametrize("code", ["BH", "BH/C1", "BH/M1", "SB", "SB/C1", "FB", "FB/C1"])
def test_explanations_add_up_with_unplayed_rounds(code: str) -> None:
    # Every explained sum (dummy opponents and cut rounds included) adds up to the value shown.

    t = crosstable.read(FIDE / "tournament.trf")
    s = crosstable.rank(t, [code])
    for row in s.rows:
        line = next(x for x in s.explain(row.name).splitlines() if x.startswith(f"{code} = "))
        body, _, cut = line.partition("; cut: ")
        terms, _, total = body[len(code) + 3 :].rpartition(" = ")
        numbers = [Fraction(m) for m in re.findall(r"(?:^|[+−] )(-?[\d.]+) \(", terms)]
        signs = [-1 if m == "−" else 1 for m in re.findall(r"(?:^|([+−])) ?[\d.]+ \(", terms)]
        assert Fraction(total) == row.values[code]
        assert sum((sg * x for sg, x in zip(signs, numbers, strict=False)), Fraction(0)) == row.values[code], line
        assert ("dummy (" in line) or not any(b.participant == row.index for b in t.byes)
        del cut


def test_trf_2026_tiebreak_declaration_is_the_default(tmp_path: Path) -> None:
    text = (FIDE / "tournament.trf").read_text(encoding="utf-8")
    p = tmp_path / "declared.trf"
    p.write_text("### a TRF-2026 comment\n202 BH/C1 BH,SB EDET\n" + text, encoding="utf-8")
    s = crosstable.rank(crosstable.read(p))
    assert s.labels == ["BH/C1", "BH", "SB"]
    assert any("EDET, left out: a team criterion" in w for w in s.warnings)
    assert [r.name for r in s.rows][:3] == [r.name for r in exercise_order(["BH/C1", "BH", "SB"])][:3]


def exercise_order(codes: list[str]) -> list[crosstable.Row]:
    return crosstable.rank(crosstable.read(FIDE / "tournament.trf"), codes).rows


def test_rules_edition_from_the_command_line() -> None:
    # expected.tbs-rules2026.json: player 4's BH is 14.5 under the 2026 edition (15 under 2024).

    def bh(*extra: str) -> object:
        out = CliRunner().invoke(main, ["standings", str(FIDE / "tournament.trf"), "-t", "BH", "-o", "json", *extra])
        return next(r["tiebreaks"]["BH"] for r in json.loads(out.stdout)["standings"] if r["name"] == "Player 04")

    expected_2026 = next(c for c in REFERENCE_2026["competitors"] if c["startno"] == 4)["values"]["BH/V2"]
    assert bh() == float(next(c for c in REFERENCE["competitors"] if c["startno"] == 4)["values"]["BH"])
    assert bh("--fide-rules", "2026") == float(expected_2026)


def test_virtual_opponent_of_the_older_rules() -> None:
    # FIDE C.02 (2009-2022): an unplayed round is a game against a virtual opponent with the
    # participant's score before the round + (1 - points awarded) + ½ per round still to come;
    # in the opponents' scores every unplayed round counts as a draw. Player 4's half-point bye in
    # round 2 (after 1 point): 1 + ½ + ½·3 = 3. Opponents: player 12 (0 over the board, four
    # unplayed rounds as draws: 2), 13 (1½), 3 (3½), 1 (3½): BH = 2 + 3 + 1½ + 3½ + 3½ = 13½.
    t = crosstable.read(FIDE / "tournament.trf")
    t.fide_rules = "virtual"
    row = crosstable.rank(t, ["BH", "SB"]).row("Player 04")
    assert row.values["BH"] == Fraction(27, 2)
    # SB: 2 (win against 12) + ½·3 (the bye) + 1½ (win against 13) + ½·3½ + ½·3½ = 8½
    assert row.values["SB"] == Fraction(17, 2)


@pytest.mark.parametrize(
    ("trf", "reference", "criteria"),
    [
        ("swiss-2000p-11r.trf", "swiss-2000p-11r.tbs.tsv", ["BH/C1", "BH", "SB", "DE", "WIN"]),
        ("rr-300p.trf", "rr-300p.tbs.tsv", ["BH/C1", "BH", "SB", "DE", "WIN"]),
        ("swiss-2000p-11r.trf", "swiss-2000p-11r.tbs-tpn.tsv", ["TPN", "RTNG"]),
        # a Swiss in which the tied players met only by forfeit: DE leaves them tied, DE/P does not
        ("de-forfeit.trf", "de-forfeit.tbs.tsv", ["DE"]),
        ("de-forfeit.trf", "de-forfeit-p.tbs.tsv", ["DE/P"]),
    ],
)
def test_the_order_equals_tiebreakserver(trf: str, reference: str, criteria: list[str]) -> None:
    # The reference's Rank column is the first place of a shared place: ours must agree for
    # every player (DE's values are expressed our own way; the order it gives must be the same).
    t = crosstable.read(FIDE / trf)
    s = crosstable.rank(t, criteria)
    rows = [line.split("\t") for line in (FIDE / reference).read_text().splitlines()]
    first_place = {r.index + 1: int(r.place.split("-")[0]) for r in s.rows}
    for row in rows[1:]:
        assert first_place[int(row[0])] == int(row[1]), row[:2]
    head = rows[0]
    if "TPN" in head:
        for row in rows[1:]:
            mine = s.row(t.names[int(row[0]) - 1]).values
            assert (mine["TPN"], mine["RTNG"]) == (int(row[head.index("TPN")]), int(row[head.index("RTNG")]))


def test_standard_points() -> None:
    # FIDE C.07 (2026): standard points count 1-½-0. In the chess exercise they are the points
    # (as the reference prints them); in the 3-1-0 World Cup group H Japan's 4 points are 1½.
    s = crosstable.rank(crosstable.read(FIDE / "tournament.trf"), ["STD"])
    assert all(r.values["STD"] == r.points for r in s.rows)
    group = crosstable.read(Path(__file__).resolve().parent.parent / "examples" / "worldcup-2018-group-H.csv")
    assert crosstable.rank(group, ["STD"]).row("Japan").values["STD"] == Fraction(3, 2)


def _reference_values(trf: str) -> dict[int, dict[str, str]]:
    if trf == "tournament.trf":
        return {c["startno"]: {k: str(v) for k, v in c["values"].items()} for c in REFERENCE["competitors"]}
    rows = [line.split("\t") for line in (FIDE / trf).with_suffix(".tbs.tsv").read_text().splitlines()]
    return {int(row[0]): dict(zip(rows[0], row, strict=True)) for row in rows[1:]}


@pytest.mark.parametrize(("trf", "edition"), [("tournament.trf", "2023"), ("exercise-2025.trf", "2024")])
def test_each_rule_edition_equals_tiebreakserver(trf: str, edition: str) -> None:
    # SOURCE.txt: the exercise under the 2023 edition (start 2024/03/18) and, dated 2025/01/15, under
    # the 2024 edition (from 2024-08-01); both are computed alike,
    # and TieBreakServer gives the same values for both. The 2026 edition: the synthetic Swiss above.
    t = crosstable.read(FIDE / trf)
    assert t.fide_rules == edition
    codes = [c for c in IMPLEMENTED if c not in ("PTS", *PRINTED_TO_2_DECIMALS)]
    s = crosstable.rank(t, codes)
    for number, values in _reference_values(trf).items():
        row = s.row(t.names[number - 1])
        assert row.points == Fraction(values["PTS"])
        for code in codes:
            mine = -row.values[code] if code in NEGATED else row.values[code]
            assert mine == Fraction(values[code]), (number, code)


def _tsv(name: str) -> dict[int, dict[str, str]]:
    rows = [line.split("\t") for line in (FIDE / name).read_text().splitlines()]
    return {int(row[0]): dict(zip(rows[0], row, strict=True)) for row in rows[1:]}


TRF2026_CODES = ["WIN", "BH", "BH/C1", "SB", "SB/C1", "FB", "KS"]


def _assert_equal_to(t: crosstable.Tournament, reference: str) -> None:
    s = crosstable.rank(t, TRF2026_CODES)
    for number, values in _tsv(reference).items():
        row = s.row(t.names[number - 1])
        assert row.points == Fraction(values["PTS"]), number
        for code in TRF2026_CODES:
            assert row.values[code] == Fraction(values[code]), (number, code)
        assert int(row.place.split("-")[0]) == int(values["Rank"]), number


@pytest.mark.parametrize("trf", ["exercise-trf2026.trf", "exercise-3-1-0.trf"])
def test_trf_2026_records_equal_tiebreakserver(trf: str) -> None:
    # SOURCE.txt: the exercise with ### comments, a 162 scoring line (1-1/2-0, and 3-1-0 with a
    # 3-point PAB) and its half- and zero-point byes given only as 240 records; the reference's
    # values and ranks on both.
    _assert_equal_to(crosstable.read(FIDE / trf), trf.replace(".trf", ".tbs.tsv"))


def test_a_result_letter_for_a_round_without_an_entry_is_refused(tmp_path: Path) -> None:
    # TRF-2026 record 299 with a letter, a round and players replaces each player's result that round
    # (tests/data/reference: abnormal-299-*); a round in which the player has nothing is an error.
    text = (FIDE / "exercise-trf2026.trf").read_text()
    p = tmp_path / "typed.trf"
    p.write_text(text.replace("240 H   2    4\n", "299 H         0.5    2    4\n"))
    with pytest.raises(crosstable.InputError) as err:
        crosstable.read(p)
    assert "player 4 has no game and no bye in round 2 to change" in str(err.value)


@pytest.mark.parametrize(
    ("line", "where", "message"),
    [
        ("162  W 1.0    Q 0.5", ":7:15:", "scoring symbol 'Q'"),
        ("240 X   2    4", ":7:5:", "bye type 'X'"),
        ("240 H   2   99", ":7:11:", "player 99 is not a player"),
        ("240 H   1    4", ":7:11:", "player 4 has a game in round 1"),
        ("299          x.0   5    7", ":7:14:", "game points 'x.0'"),
    ],
)
def test_trf_2026_records_are_checked(tmp_path: Path, line: str, where: str, message: str) -> None:
    lines = (FIDE / "tournament.trf").read_text().splitlines()
    p = tmp_path / "bad.trf"
    p.write_text("\n".join([*lines[:6], line, *lines[6:]]) + "\n")
    with pytest.raises(crosstable.InputError) as e:
        crosstable.read(p)
    assert where in str(e.value) and message in str(e.value)
