"""Real tournament files from public repositories, read and ranked as the FIDE reference
does.

tests/data/real holds 21 TRF files exported by other programs (lichess Swiss exports,
JaVaFo's sample, Vega, Sharly Chess, the FIDE Technical Commission's team sample,
bbpPairings' and CPPDubovSystem's test files; real events among them: the Karl Mala
memorial 2005, three lichess Swisses, the Open of Gros 2010), each named in SOURCES.tsv
with its repository, path, commit and licence. For every file the reference reads,
its output is committed beside it (``regenerate.py tests/data/real``, the command in
``cases.tsv``) and every value and rank is compared. The files it refuses are read
here or refused with the line and column of the problem, each as a test below.
"""

from __future__ import annotations

import shlex
from pathlib import Path

import pytest

import crosstable
from crosstable.io.trf import write_trf
from tests.conftest import DATA
from tests.differential.reference import parse_table, run_reference
from tests.test_reference_cases import compare

REAL = DATA / "real"
CASES = [
    line.split("\t")
    for line in (REAL / "cases.tsv").read_text(encoding="utf-8").splitlines()
    if line.strip() and not line.startswith("#")
]


@pytest.mark.parametrize(("name", "file", "args", "note"), CASES, ids=[c[0] for c in CASES])
def test_real_file_equals_the_reference(name: str, file: str, args: str, note: str) -> None:
    specs = shlex.split(args)[1:]
    expected = (REAL / f"{name}.tsv").read_text(encoding="utf-8")
    differences = compare(REAL / file, specs, expected, date_read=note == "date")
    assert not differences, "\n".join(differences[:20])


def test_the_date_the_reference_cannot_read_chooses_the_edition() -> None:
    # lichess writes "May 29, 2020": the event is of 2020, so the 2024 edition applies (the reference,
    # unable to read the date, applies 2026; its /V1 column is what ours gives without a modifier).
    t = crosstable.read(REAL / "skl_2020_06.trf")
    assert (t.fide_rules, t.start_date) == ("2023", "May 29, 2020")
    assert t.rules_reason is not None and "2020-05-29" in t.rules_reason


def test_a_forfeit_written_with_no_colour_on_both_lines_is_read() -> None:
    # The Karl Mala memorial 2005 (Frankfurt) writes forfeits as "153 - -" / "13 - +": no colour on either
    # line. The reference refuses the file ("No result for black"); it is read here, the forfeit a forfeit.
    t = crosstable.read(REAL / "skl_example1.trf")
    assert len(t.names) == 284 and t.start_date == "28. 07. 2005" and t.fide_rules == "2023"
    s = crosstable.rank(t, ["BH", "SB"])
    assert s.row("Player 13" if "Player 13" in t.names else t.names[12]).points >= 0


def test_the_same_event_written_with_short_lines_reads_the_same() -> None:
    # Sharly Chess's copy of the Karl Mala memorial ends the lines of withdrawn players early; the original
    # pads them with blank fields. Both spellings are one event: every value is the same.
    padded, short = crosstable.read(REAL / "skl_example1.trf"), crosstable.read(REAL / "shc_example_trf16.trf")
    codes = ["BH", "BH/C1", "SB", "FB", "AOB", "KS", "PS", "VUR", "ARO/U1000", "DE"]
    a, b = crosstable.rank(padded, codes), crosstable.rank(short, codes)
    assert [(r.name, r.points, r.values) for r in a.rows] == [(r.name, r.points, r.values) for r in b.rows]


@pytest.mark.parametrize(
    ("file", "words"),
    [
        (
            "shc_trf-import-test.trf",
            ["172 (national ratings: the rating criteria take", "record 'FRA' is not a TRF record"],
        ),
        ("cds_random2.trf", ["record 'TNR' is not a TRF record", '042 "--CPP DUBOV SYSTEM']),
    ],
)
def test_records_not_used_are_named(file: str, words: list[str]) -> None:
    # The originals of the two files the reference refuses: read here, every record not used named once.
    s = crosstable.rank(crosstable.read(REAL / file), ["BH"])
    text = "\n".join([*s.warnings, s.tournament.rules_reason or ""])
    assert all(w in text for w in words), text


@pytest.mark.parametrize(
    ("file", "where", "words"),
    [
        # An unfinished team event in which six players who play belong to no team.
        ("shc_trf-team-import-test.trf", ":21:5:", "players without a team: 2, 3, 4, 12, 13, 20"),
    ],
)
def test_real_files_that_cannot_be_read_fully_are_refused(file: str, where: str, words: str) -> None:
    with pytest.raises(crosstable.InputError) as err:
        crosstable.read(REAL / file)
    assert where in str(err.value) and words in str(err.value)


@pytest.mark.parametrize(
    ("file", "lines"), [("shc_example_trf26.trf", "539, 540"), ("mol_example_trf26.trf", "536, 537")]
)
def test_the_team_samples_299_records_in_the_draft_layout_are_named_and_not_applied(file: str, lines: str) -> None:
    # The TRF-2026 adaptations of FIDE's team sample keep its 299 records in the TRF-2025 draft's columns (one
    # to the left of TRF-2026's: round in 17-19, teams from 21). Read in TRF-2026's columns their numbers are
    # cut in two; the reference's reading changes nothing, and neither does ours: every value equals the
    # reference's (cases.tsv), and the lines are named. The 240 half-point bye the adaptation gives team 50 in
    # round 3, where its 320 record gives it the pairing-allocated bye, is named too (the PAB is kept).
    s = crosstable.rank(crosstable.read(REAL / file), ["GP", "BC"])
    text = "\n".join(s.warnings)
    assert f"lines {lines}: 299 records not in TRF-2026's columns" in text
    assert "team 50 has the pairing-allocated bye of round 3 (320); this bye is not applied" in text
    assert s.row("Latvia").values["GP"] == 13.5  # the sample's own 310 record prints 13.5


def test_a_team_event_written_back_is_read_by_the_reference_with_identical_values(tmp_path: Path) -> None:
    # The FIDE TEC team sample (310, 320, 330, 240, 300 records; 50 teams of 4 boards and a reserve), read
    # here and written back as TRF-2026: the reference ranks the written file exactly as the original, and so
    # do we.
    name, file, args, _ = next(c for c in CASES if c[0] == "ejs_grandmommyscup")
    specs = shlex.split(args)[1:]
    original = parse_table((REAL / f"{name}.tsv").read_text(encoding="utf-8"), specs, [])
    written = tmp_path / "written.trf"
    written.write_text(write_trf(crosstable.read(REAL / file)), encoding="utf-8")
    again = run_reference(written, specs)
    assert again.rows == original.rows and again.ranks == original.ranks
    assert not compare(written, specs, again.output)


def test_a_list_other_than_the_one_the_file_announces_is_warned_about() -> None:
    # FIDE's team sample announces its list (202 EDET/P,EMGSB/C1/P,BH:MP/C1/P,MPvGP): ranked by it, no warning;
    # ranked by another, both lists are named (C.07: announced before the event and kept to its end).
    t = crosstable.read(REAL / "shc_example_trf26.trf")
    assert not any("announces the tie-break list" in w for w in crosstable.rank(t).warnings)
    warned = [w for w in crosstable.rank(t, ["GP", "BC"]).warnings if "announces the tie-break list" in w]
    assert warned == [
        "the file announces the tie-break list EDET/P, EMGSB/C1/P, BH:MP/C1/P, MPVGP (202) and the event is ranked "
        "by GP, BC instead: FIDE C.07 has the list announced before the event and kept to its end"
    ]
