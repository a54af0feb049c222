"""``crosstable check``: what a file prints against what its own rules give.

Values come from real sources only: the Bulgarian article's 1975-80 correspondence
final (examples/wccc-1975-80-final.as-printed.tsv; docs/sources.md: with its columns
restored, Estrin's and Dannhaupt's rows give SB 40.5 and 41.5, not the printed 37.5 and
36.5), the real TRF files of tests/data/real (sources in SOURCES.tsv, whose ``check``
column says what each file's program printed differently and is recomputed here), and
FIDE's team sample Grandmommy's Cup, whose ``310`` match and game points the FIDE
reference computes as we do."""

from __future__ import annotations

import csv
import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from fastapi.testclient import TestClient

import crosstable
from crosstable.check import check
from crosstable.cli import main
from crosstable.web.app import app
from tests.conftest import DATA, EXAMPLES

REAL = DATA / "real"
PRINTED = EXAMPLES / "wccc-1975-80-final.as-printed.tsv"


def run(*args: str) -> tuple[int, str, str]:
    done = CliRunner().invoke(main, ["check", *args])
    return done.exit_code, done.stdout, done.stderr


def restored_final() -> str:
    """The 1975-80 final with its columns restored (docs/sources.md: printed column 8
    holds the results against Dannhaupt, 9 against Madler, 10 against Estrin; the rows of
    Madler, Estrin and Dannhaupt print their own block in order), and Estrin's two cells
    against Madler and Dannhaupt in each other's place, as the other rows' columns: then
    every game's two cells add up to 1, every row's points are the printed ones, and
    every row other than Estrin's is as printed (Estrin's SB is unchanged by the swap:
    both opponents have 7 points)."""
    lines = PRINTED.read_text(encoding="utf-8").splitlines()
    fixed = [lines[0]]
    for k, line in enumerate(lines[1:], 1):
        cells = line.split("\t")
        if k == 9:  # Estrin
            cells[9], cells[11] = cells[11], cells[9]
        elif k not in (8, 10):
            cells[9], cells[10], cells[11] = cells[10], cells[11], cells[9]
        fixed.append("\t".join(cells))
    return "\n".join(fixed) + "\n"


def test_the_final_as_printed_is_refused_with_file_line_column() -> None:
    code, out, err = run(str(PRINTED))
    assert code == 2 and out == ""
    assert err.startswith(f"crosstable: {PRINTED}:2:") and err.count("\n") == 1
    assert "Sloth against Madler is 1 but Madler against Sloth" in err


def test_the_final_restored_names_exactly_estrins_and_dannhaupts_printed_sb() -> None:
    t = crosstable.read_text(restored_final(), source="final.tsv")
    result = check(t, ["SB"])
    assert result.compared == 45  # 15 rows: points, place, SB
    sb = [(d.participant, d.printed, d.computed, d.line) for d in result.differences if d.what == "SB"]
    assert sb == [("Estrin", "37.5", "40.5", 10), ("Dannhaupt", "36.5", "41.5", 11)]
    # the points all agree; the places that follow from those two SB values are named too
    assert {d.what for d in result.differences} == {"SB", "place"}
    places = [(d.participant, d.printed, d.computed) for d in result.differences if d.what == "place"]
    assert places == [("Estrin", "9", "10"), ("Dannhaupt", "10", "8-9")]
    # standings warns about the same crosstable columns (a crosstable text's columns, as before)
    assert len(crosstable.rank(t, ["SB"]).warnings) == 4


def test_the_final_restored_on_the_command_line(tmp_path: Path) -> None:
    path = tmp_path / "final.tsv"
    path.write_text(restored_final(), encoding="utf-8")
    code, out, _err = run(str(path), "-t", "SB")
    assert code == 1
    lines = out.splitlines()
    assert lines[0] == f"{path}: 45 printed values compared with the standings by SB (as given)"
    assert f"{path}:10:42: Estrin's SB is printed as 37.5, computed 40.5" in lines
    assert f"{path}:11:46: Dannhaupt's SB is printed as 36.5, computed 41.5" in lines
    assert lines[-1] == "4 differences"


def test_trf_ranks_are_kept_and_only_check_compares_them() -> None:
    # Gros 2010 (the JaVaFo sample, after 4 of 9 rounds): every 001 line prints a rank in columns 86-89
    t = crosstable.read(REAL / "ejs_javafo_sample2.trf")
    assert len(t.declared["place"]) == len(t.names) == len(t.declared["points"])
    first = min(t.declared["place"].values(), key=lambda d: d.line)
    assert first.column == 86 and first.value == 1
    # standings warns only about the printed points (which agree here), not about another program's ranks
    assert not any("place is printed" in w for w in crosstable.rank(t).warnings)
    result = check(t)
    assert result.compared == 98 and len(result.differences) == 39
    assert {d.what for d in result.differences} == {"place"}
    assert not any("place is printed" in w for w in result.warnings)


def test_a_real_trf_whose_ranks_differ_exits_1_and_one_that_agrees_exits_0() -> None:
    path = REAL / "ejs_javafo_sample2.trf"
    code, out, _err = run(str(path))
    assert code == 1
    assert out.splitlines()[0] == (
        f"{path}: 98 printed values compared with the standings by BH/C1, BH, SB, PS, DE, WIN, BWG "
        "(the default for an individual Swiss: preset fide-swiss)"
    )
    assert f"{path}:16:86: Hernandez Elvis's place is printed as 3, computed 4" in out.splitlines()
    assert out.splitlines()[-1] == "39 differences"
    # lichess's export of a Swiss prints the points (no rank): they agree
    path = REAL / "skl_2021_03.trf"
    code, out, _err = run(str(path))
    assert code == 0
    assert out.splitlines()[-1] == "no difference: the file prints what its rules give"


def test_fide_team_sample_prints_our_match_and_game_points() -> None:
    t = crosstable.read(REAL / "ejs_grandmommyscup.trf")
    assert {k: len(v) for k, v in t.declared.items()} == {"MP": 50, "GP": 50, "place": 50}
    india = t.declared["MP"][t.names.index("India")]
    assert (india.value, india.line, india.column) == (15, 295, 55)
    assert t.declared["GP"][t.names.index("India")].value == 28
    assert (t.declared["place"][t.names.index("India")].value, t.declared["place"][0].column) == (11, 69)
    result = check(t)
    assert result.criteria == ["EDET/P", "EMGSB/C1/P", "BH:MP/C1/P", "MPVGP"]
    assert result.compared == 150
    assert not [d for d in result.differences if d.what in ("MP", "GP")]
    # the ranks it prints are not those of its own 202 list
    assert {d.what for d in result.differences} == {"place"} and len(result.differences) == 31
    # standings does not warn about the 310 totals or ranks
    assert not any("is printed as" in w for w in crosstable.rank(t).warnings)


def test_the_trf26_adaptation_prints_totals_of_a_bye_it_moved() -> None:
    # the TRF-26 adaptation of the team sample names team 50 in the 240 record of round 3 where the
    # original names 47 (Denmark): Denmark's 310 line still prints the original's 13 match points and 24.5
    # game points
    path = REAL / "shc_example_trf26.trf"
    code, out, _err = run(str(path))
    assert code == 1
    assert f"{path}:334:55: Denmark's MP is printed as 13, computed 12" in out.splitlines()
    assert f"{path}:334:62: Denmark's GP is printed as 24.5, computed 22.5" in out.splitlines()


def test_json_shape_and_exit_codes() -> None:
    path = REAL / "ejs_javafo_sample2.trf"
    code, out, _err = run(str(path), "-o", "json")
    assert code == 1
    data = json.loads(out)
    assert set(data) == {"file", "criteria", "criteria_source", "compared", "differences", "warnings"}
    assert data["file"] == str(path) and data["compared"] == 98 and len(data["differences"]) == 39
    assert data["differences"][0] == {
        "participant": "Hernandez Elvis",
        "what": "place",
        "printed": "3",
        "computed": "4",
        "line": 16,
        "column": 86,
    }
    code, out, _err = run(str(REAL / "skl_2021_03.trf"), "-o", "json")
    assert code == 0 and json.loads(out)["differences"] == []
    # bad criteria, a bad preset: bad input
    code, out, _err = run(str(path), "-t", "NOPE")
    assert code == 2 and out == ""
    code, out, _err = run(str(path), "--rules", "nope")
    assert code == 2 and out == ""


def test_no_printed_value_exits_0() -> None:
    code, out, _err = run(str(EXAMPLES / "worldcup-2018-group-H.csv"))
    assert code == 0
    assert out.splitlines()[0].startswith(f"{EXAMPLES / 'worldcup-2018-group-H.csv'}: 0 printed values compared")
    assert out.splitlines()[-1] == "the file prints no standings to compare (points, places, coefficients)"


def test_hostile_input_exits_2_with_file_line_column(tmp_path: Path) -> None:
    lines = (REAL / "ejs_javafo_sample2.trf").read_text(encoding="utf-8").splitlines()
    k = next(i for i, line in enumerate(lines) if line.startswith("001"))
    lines[k] = lines[k][:85] + "ab12" + lines[k][89:]  # text in the rank field: a shifted line
    bad = tmp_path / "garbled.trf"
    bad.write_text("\n".join(lines) + "\n", encoding="utf-8")
    code, out, err = run(str(bad))
    assert code == 2 and out == "" and err.count("\n") == 1
    assert err.startswith(f"crosstable: {bad}:{k + 1}:86: ")
    binary = tmp_path / "binary.trf"
    binary.write_bytes(b"001    1\x00\xff\xfe garbage")
    code, out, err = run(str(binary))
    assert code == 2 and out == "" and err.count("\n") == 1 and err.startswith(f"crosstable: {binary}:1")
    assert "Traceback" not in err


def test_a_garbled_team_total_is_not_compared(tmp_path: Path) -> None:
    lines = (REAL / "ejs_grandmommyscup.trf").read_text(encoding="utf-8").splitlines()
    assert lines[294].startswith("310   1 India")
    lines[294] = lines[294][:54] + "  x?.5" + lines[294][60:]
    path = tmp_path / "team.trf"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = check(crosstable.read(path))
    assert result.compared == 149 and not [d for d in result.differences if d.what in ("MP", "GP")]


def test_the_api_checks_an_upload() -> None:
    client = TestClient(app)
    text = (REAL / "ejs_javafo_sample2.trf").read_text(encoding="utf-8")
    r = client.post("/api/check", json={"content": text, "filename": "gros.trf"})
    assert r.status_code == 200
    data = r.json()
    assert data["file"] == "gros.trf" and data["compared"] == 98 and len(data["differences"]) == 39
    assert data["differences"][0]["line"] == 16 and data["differences"][0]["column"] == 86
    r = client.post("/api/check", json={"content": text, "tiebreaks": ["NOPE"]})
    assert r.status_code == 422
    r = client.post("/api/check", json={"content": PRINTED.read_text(encoding="utf-8"), "filename": "final.tsv"})
    assert r.status_code == 422 and r.json()["problems"][0]["line"] == 2


def sources() -> list[dict[str, str]]:
    with (REAL / "SOURCES.tsv").open(encoding="utf-8", newline="") as f:
        return list(csv.DictReader(f, delimiter="\t"))


@pytest.mark.parametrize("row", sources(), ids=lambda row: row["file"])
def test_sources_check_column_is_true(row: dict[str, str]) -> None:
    # SOURCES.tsv's check column: "N of M" (N printed values of M differ from the standings by the
    # file's own rules), or "refused" when the file cannot be read (exit status 2)
    summary = row["check"]
    if summary.startswith("refused"):
        with pytest.raises(crosstable.InputError):
            crosstable.read(REAL / row["file"])
        return
    found = re.match(r"(\d+) of (\d+)", summary)
    assert found, summary
    result = check(crosstable.read(REAL / row["file"]))
    assert (len(result.differences), result.compared) == (int(found[1]), int(found[2]))
