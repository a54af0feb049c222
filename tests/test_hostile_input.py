"""Hostile and unlucky input: every case of the server-stays-up issue, on the command
line and through the API. Each ends with a message naming the field or the place
(exit status 2, or 413/422), never a traceback, a hang, a silent change or an
injected line.
"""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest
from click.testing import CliRunner
from fastapi.testclient import TestClient

import crosstable
from crosstable.cli import main
from crosstable.io.trf import write_trf
from crosstable.io.writers import to_csv, to_markdown, to_text
from crosstable.web.app import create_app
from tests.conftest import EXAMPLES

FIDE = Path(__file__).parent / "data" / "fide" / "tournament.trf"
SEED = (EXAMPLES / "seed-7-players.tsv").read_text(encoding="utf-8")
client = TestClient(create_app(workers=1, budget=20))


def refused(path: Path) -> str:
    result = CliRunner().invoke(main, ["standings", str(path)])
    assert result.exit_code == 2 and result.stdout == "", result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and len(lines[0]) < 500
    return lines[0]


# -- 4. readers: every field range-checked ----------------------------------------------------
@pytest.mark.parametrize("rounds", ["100000000", "99999999999"])
def test_an_absurd_number_of_rounds(tmp_path: Path, rounds: str) -> None:
    path = tmp_path / "xxr.trf"
    path.write_text(FIDE.read_text().replace("XXR 5", f"XXR {rounds}"), encoding="utf-8")
    assert f"xxr.trf:6:5: '{rounds}' is not a number of rounds from 0 to 999" in refused(path)


def test_a_player_line_of_megabytes(tmp_path: Path) -> None:
    lines = FIDE.read_text().splitlines()
    k = next(i for i, line in enumerate(lines) if line.startswith("001"))
    lines[k] += "  0002 w 1" * 450_000
    path = tmp_path / "long.trf"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert f"long.trf:{k + 1}: a line of 4,500,1" in refused(path)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("round,white,black,result\n1,A,B,1-²\n", "'1-²' is not a result"),
        ("round,white,black,result\n1,A,B," + "1" * 5000 + "-0\n", "is not a result"),
        ("round,white,black,result\n1,A,B,9223372036854775807:0\n", "is not a result"),
        ("round,white,black,result,white_rating,black_rating\n1,A,B,1-0,124000,1000\n", "'124000' is not a rating"),
    ],
)
def test_numbers_out_of_range(tmp_path: Path, text: str, words: str) -> None:
    path = tmp_path / "games.csv"
    path.write_text(text, encoding="utf-8")
    assert words in refused(path)


def test_a_short_discipline_row(tmp_path: Path) -> None:
    disc = tmp_path / "cards.csv"
    disc.write_text("yellow,team\n3\n", encoding="utf-8")
    result = CliRunner().invoke(
        main, ["standings", str(EXAMPLES / "worldcup-2018-group-H.csv"), "--discipline", str(disc)]
    )
    assert result.exit_code == 2 and "cards.csv:2:1: no team in column 2" in result.stderr


def test_scenarios_that_would_not_fit_in_memory_are_refused(tmp_path: Path) -> None:
    names = [f"P{k:03d}" for k in range(400)]
    lines = ["white,black,result"] + [f"{names[k]},{names[k + 1]},*" for k in range(0, 398, 2)]
    lines += [f"{names[k]},{names[k + 3]},1-0" for k in range(0, 396, 4)]
    path = tmp_path / "big.csv"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["scenarios", str(path), "-q"])
    assert result.exit_code == 2 and "at most 256 MiB" in result.stderr


@pytest.mark.parametrize("printed", ["2 .5", "1. 5", "3 ", " 1.0"])
def test_a_points_field_with_a_blank_inside_is_not_a_defect(tmp_path: Path, printed: str) -> None:
    """A TRF points field (columns 81-84) typed with a blank inside it: read as no printed
    total, as any points field that is not a number (the reader's int() of "2 5" was an
    internal error, status 70)."""
    text = (Path(__file__).parent / "data" / "real" / "vga_Sample_Tournament.trfx").read_text(encoding="utf-8")
    lines = text.split("\n")
    k = next(k for k, line in enumerate(lines) if line.startswith("001"))
    lines[k] = lines[k][:80] + printed.ljust(4)[:4] + lines[k][84:]
    path = tmp_path / "points.trf"
    path.write_text("\n".join(lines), encoding="utf-8")
    result = CliRunner().invoke(main, ["standings", str(path), "-t", "BH", "-o", "json"])
    assert result.exit_code == 0, result.stderr
    assert "internal error" not in result.stderr


# -- 5. wrong in silence -------------------------------------------------------------------------
def test_a_player_paired_with_himself_is_refused(tmp_path: Path) -> None:
    pgn = tmp_path / "self.pgn"
    pgn.write_text('[White "Ann"]\n[Black "Ann"]\n[Round "1"]\n[Result "1-0"]\n\n1-0\n', encoding="utf-8")
    assert "Ann is paired with themself (round 1)" in refused(pgn)
    data = json.loads(CliRunner().invoke(main, ["convert", str(EXAMPLES / "seed-7-players.tsv")]).stdout)
    data["games"][0]["black"] = data["games"][0]["white"]
    js = tmp_path / "self.json"
    js.write_text(json.dumps(data), encoding="utf-8")
    assert "is paired with themself" in refused(js)


def test_two_games_of_one_player_in_one_round_are_refused(tmp_path: Path) -> None:
    path = tmp_path / "twice.csv"
    path.write_text("round,white,black,result\n1,Ann,Bob,1-0\n1,Ann,Cid,1-0\n1,Dan,Eve,1-0\n", encoding="utf-8")
    assert "Ann has 2 games in round 1 (against Bob, Cid)" in refused(path)


# -- 6. injection --------------------------------------------------------------------------------
def test_control_characters_never_reach_an_output() -> None:
    games = "round,white,black,result\n1,\x1b]0;owned\x07Ann,Bob,1-0\n2,\x0d=cmd|' /C calc'!A0,Ann,1-0\n2,Bob,Cid,0-1\n"
    t = crosstable.read_text(games.replace("\x0d", "\x0b"))  # a bare CR would end the CSV line: the vertical tab
    assert any("had control characters" in w for w in t.warnings)
    s = crosstable.rank(t, ["SB"])
    for text in (to_text(s, width=200), to_markdown(s), to_csv(s), write_trf(t)):
        assert "\x1b" not in text and "\x07" not in text and "\x0b" not in text
    assert "'=cmd|" in to_csv(s)  # the formula guard still applies once the control character is gone
    assert write_trf(t).count("\n001 ") == len(t.names) == 5  # one record a participant, none injected


def test_names_cut_to_the_trf_width_are_warned(tmp_path: Path) -> None:
    long = "Bartholomew Alexander Fitzgerald-Montgomery"
    path = tmp_path / "long.tsv"
    path.write_text(SEED.replace("Mikhailov", long), encoding="utf-8")
    result = CliRunner().invoke(main, ["convert", str(path), "--to", "trf"])
    assert result.exit_code == 0
    assert f"warning: the name {long!r} is cut to the 33 columns TRF has" in result.stderr


# -- 7. API validation -----------------------------------------------------------------------------
def tournament() -> dict[str, object]:
    return json.loads(CliRunner().invoke(main, ["convert", str(EXAMPLES / "seed-7-players.tsv")]).stdout)


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"cards": {"0": [1, 0, 0, 0]}}, "cards.0: not a start number from 1 to 7"),
        ({"cards": {"1": "yellow"}}, "cards.1: four numbers are required"),
        ({"rankings": {"FIFA": {"99": 3}}}, "rankings.FIFA.99: not a start number"),
        ({"lots_seed": -4}, "lots_seed: -4 is not a whole number"),
        ({"system": "knockout"}, "system: 'knockout' is not one of round-robin, swiss"),
        ({"rounds": 10**30}, "rounds: "),
        ({"kind": 7}, "kind: 7 is not one of"),
        ({"criteria": "SB"}, "criteria: a list of criteria codes is required"),
        ({"adjustments": [{"participant": 1, "points": "1e400"}]}, "adjustments[0].points"),
    ],
)
def test_every_field_of_our_json_is_validated(change: dict[str, object], field: str) -> None:
    body = {**tournament(), **change}
    answer = client.post("/api/standings", json={"tournament": body, "tiebreaks": ["SB"]})
    assert answer.status_code == 422
    assert field in answer.json()["detail"] or any(field in p["message"] for p in answer.json()["problems"])


def test_a_download_with_a_name_in_cyrillic() -> None:
    answer = client.post("/api/export", json={"content": SEED, "to": "csv", "filename": "турнир.tsv"})
    assert answer.status_code == 200
    assert answer.headers["content-disposition"] == (
        "attachment; filename=\"______.csv\"; filename*=UTF-8''%D1%82%D1%83%D1%80%D0%BD%D0%B8%D1%80.csv"
    )


def test_sizes_known_in_advance_are_refused_with_their_bound() -> None:
    names = [f"P{k:04d}" for k in range(1100)]
    lines = ["white,black,result"] + [f"{names[k]},{names[k + 1]},1-0" for k in range(0, 1098, 2)]
    answer = client.post("/api/standings", json={"content": "\n".join(lines), "explain": True, "tiebreaks": ["SB"]})
    assert answer.status_code == 200 and "explanations" not in answer.json()
    assert any("explanations are given for up to 1,000 participants" in w for w in answer.json()["warnings"])
    broken = "\n".join(f"{k}\tP{k}\t" + "\t".join("x" for _ in range(300)) for k in range(1, 301))
    answer = client.post("/api/standings", json={"content": broken, "format": "crosstable"})
    problems = answer.json()["problems"]
    assert answer.status_code == 422 and len(problems) == 101 and problems[-1]["message"].startswith("and ")


def test_a_big_round_robin_report_has_no_grid_but_says_so() -> None:
    names = [f"P{k:03d}" for k in range(450)]
    lines = ["white,black,result"] + [f"{names[k]},{names[(k + 1) % 450]},1-0" for k in range(450)]
    t = crosstable.read_text("\n".join(lines))
    t.system = "round-robin"
    html = crosstable.report.render_report(crosstable.rank(t, ["SB"]))
    assert "The results grid of 450 participants is not drawn here (more than 400)" in html
    assert 'class="crosstable"' not in html


def test_a_match_in_one_round_is_read_but_not_written_as_trf(tmp_path: Path) -> None:
    # A PGN of a match whose games are numbered 1.1, 1.2 (round 1, games 1 and 2): read as a match; TRF holds
    # one game a player a round, so the export says so instead of writing one game over the other.
    pgn = tmp_path / "match.pgn"
    games = [("Carlsen", "Caruana", "1.1", "1/2-1/2"), ("Caruana", "Carlsen", "1.2", "1-0")]
    pgn.write_text(
        "".join(f'[White "{w}"]\n[Black "{b}"]\n[Round "{r}"]\n[Result "{x}"]\n\n{x}\n\n' for w, b, r, x in games),
        encoding="utf-8",
    )
    assert crosstable.read(pgn).scores() == [Fraction(1, 2), Fraction(3, 2)]
    result = CliRunner().invoke(main, ["convert", str(pgn), "--to", "trf"])
    assert result.exit_code == 2 and "TRF holds one game a player a round" in result.stderr
