"""The commands that run an event and end it (crosstable.cli_run): ``pair``, ``ratings``
and ``norms`` on real files (tests/data/real, sources in tests/data/SOURCES.md).

``pair`` is checked against gacrux's pairing checker, not against itself: the round it
pairs, written into the file (``-o trf``) with results, is re-paired by the checker from
the file and must be accepted. ``ratings`` and ``norms`` print what the library
computes (the library's own tests compare it with the regulations and gacrux). The
commands are loaded by name: ``crosstable standings`` never imports the pairing engine."""

from __future__ import annotations

import csv
import io
import json
import random
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

import crosstable
from crosstable.cli import main
from crosstable.io.trf import write_trf
from crosstable.norms import title_norms
from crosstable.prizes import award, read_prizes
from crosstable.ratings import rating_changes
from tests.conftest import DATA
from tests.test_events_swiss import checker

REAL = DATA / "real"
IN_PROGRESS = ["ejs_javafo_sample2.trf", "trk_tournament1.trf"]
"""Real Swiss files after 4 of their 9 rounds."""


def run(*args: str) -> tuple[int, str, str]:
    done = CliRunner().invoke(main, list(args))
    return done.exit_code, done.stdout, done.stderr


def _results(trf: str, k: int, seed: int) -> str:
    """The TRF with random results in round ``k``'s pending cells (both sides of a board
    agree: White 1 / Black 0, draws, Black wins)."""
    rng = random.Random(seed)
    start = 91 + 10 * (k - 1)
    lines = [line.ljust(start + 10) if line.startswith("001") else line for line in trf.splitlines()]
    by_number = {line[4:8].strip(): n for n, line in enumerate(lines) if line.startswith("001")}
    done: set[str] = set()
    for number, n in by_number.items():
        cell = lines[n][start : start + 10]
        if number in done or cell[5] != "w" or cell[7] != " ":
            continue
        other = cell[:4].strip()
        white, black = rng.choice([("1", "0"), ("=", "="), ("0", "1")])
        lines[n] = lines[n][: start + 7] + white + lines[n][start + 8 :]
        m = by_number[other]
        lines[m] = lines[m][: start + 7] + black + lines[m][start + 8 :]
        done |= {number, other}
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("name", IN_PROGRESS)
def test_the_rounds_paired_to_the_end_are_accepted_by_the_checker(name: str, tmp_path: Path) -> None:
    path = tmp_path / name
    path.write_text((REAL / name).read_text(encoding="latin-1"), encoding="latin-1")
    for k in range(5, 8):
        code, out, err = run("pair", str(path), "-o", "json")
        assert code == 0, err
        assert json.loads(out)["round"] == k
        code, out, err = run("pair", str(path), "-o", "trf")
        assert code == 0, err
        played = crosstable.read_text(_results(out, k, seed=k), fmt="trf")
        path.write_text(write_trf(played), encoding="latin-1")  # the points column made again
    verdicts = checker(path.read_text(encoding="latin-1"), tmp_path)
    assert [v for v in verdicts if v[0] >= 5] == [(5, True), (6, True), (7, True)]


def test_the_json_has_the_shape_of_the_command_line_contract() -> None:
    code, out, err = run("pair", str(REAL / "ejs_javafo_sample2.trf"), "-o", "json", "--bye", "Mirzoev Azer=H")
    assert code == 0, err
    data = json.loads(out)
    assert set(data) == {"round", "engine", "pairings", "byes", "warnings"}
    assert set(data["pairings"][0]) == {"board", "white", "white_no", "black", "black_no"}
    assert {"name": "Mirzoev Azer", "no": 1, "kind": "half"} in data["byes"]
    paired = {p["white"] for p in data["pairings"]} | {p["black"] for p in data["pairings"]}
    assert "Mirzoev Azer" not in paired


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--bye", "Nobody=H"], "'Nobody', who is not a participant"),
        (["--bye", "Mirzoev Azer"], "--bye 'Mirzoev Azer': give NAME=H"),
        (["--bye", "Mirzoev Azer=X"], "a requested bye is H (half point) or Z (zero point)"),
        (["--withdraw", "Nobody"], "'Nobody' is withdrawn but is not a participant"),
        (["--bye", "Mirzoev Azer=H", "--bye", "Mirzoev Azer=Z"], "'Mirzoev Azer' asks for two byes, H and Z"),
        (["--round", "7"], "round"),
    ],
)
def test_a_request_that_cannot_be_paired_is_one_line_and_status_2(args: list[str], words: str) -> None:
    code, out, err = run("pair", str(REAL / "ejs_javafo_sample2.trf"), *args)
    assert code == 2 and out == "", out
    assert len(err.strip().splitlines()) == 1 and words in err, err


def test_a_finished_event_has_no_round_to_pair() -> None:
    code, _out, err = run("pair", str(REAL / "shc_2021_03.trf"))
    assert code == 2 and "9 rounds and all of them are paired" in err, err


def test_ratings_and_norms_print_what_the_library_computes() -> None:
    path = REAL / "ejs_javafo_sample2.trf"
    t = crosstable.read(path)
    code, out, err = run("ratings", str(path), "-o", "json", "--k-of", "Hernandez Elvis=40")
    assert code == 0, err
    assert json.loads(out) == json.loads(json.dumps(rating_changes(t, k_of={"Hernandez Elvis": 40}).to_dict()))
    code, out, err = run("norms", str(REAL / "cch_testLargeFile.trf"), "-o", "json")
    assert code == 0, err
    big = crosstable.read(REAL / "cch_testLargeFile.trf")
    assert json.loads(out) == json.loads(json.dumps(title_norms(big).to_dict()))
    code, out, _err = run("ratings", str(path))
    assert code == 0 and "FIDE Rating Regulations" in out.splitlines()[0]
    code, _out, err = run("ratings", str(path), "--k-of", "Hernandez Elvis")
    assert code == 2 and "give NAME=K" in err


def test_the_commands_are_loaded_by_name() -> None:
    code, out, _err = run("--help")
    assert code == 0 and all(name in out for name in ("pair", "prizes", "ratings", "norms"))
    probe = "import sys, crosstable.cli; print('gacrux' in sys.modules, 'networkx' in sys.modules)"
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["False", "False"]


def test_prizes_hand_out_what_the_library_does_and_refuse_a_bad_list(tmp_path: Path) -> None:
    path = REAL / "trk_tournament1.trf"
    listed = tmp_path / "prizes.csv"
    listed.write_text("prize,amount,condition\n1,1000\n2,500\n3,350\nBest woman,100,sex=F\n", encoding="utf-8")
    code, out, err = run("prizes", str(path), "--prizes", str(listed), "-o", "json", "--sharing", "equal")
    assert code == 0, err
    ranked = crosstable.rank(crosstable.read(path))
    expected = award(ranked, read_prizes(listed.read_text(encoding="utf-8")), "equal").to_dict()
    assert json.loads(out) == json.loads(json.dumps(expected))
    code, out, err = run("prizes", str(path), "--prizes", str(listed), "-o", "csv")
    assert code == 0, err
    rows = list(csv.reader(io.StringIO(out)))
    assert rows[0] == ["place", "name", "prize", "amount"] and len(rows) == 1 + len(expected["prizes"])
    winner = ranked.rows[0].name
    code, out, _err = run("prizes", str(path), "--prizes", str(listed), "--explain", winner)
    assert code == 0 and "Hort system" in out
    listed.write_text("prize,amount,condition\n1,1000\nBest woman,100,rating<12000\n", encoding="utf-8")
    code, out, err = run("prizes", str(path), "--prizes", str(listed))
    assert code == 2 and out == "" and f"{listed}:3:" in err and "12000" in err, err


def test_a_prohibited_pairing_and_an_acceleration_reach_the_engine(tmp_path: Path) -> None:
    """TRF-2026 ``260`` (players 1 and 2 may not meet in round 5) and ``250`` (a virtual
    point for players 1-20 in round 5, Baku acceleration) added to the real Gros sample:
    the engine's round 5 without them pairs 1 with 2; with ``260`` it does not; with
    ``250`` it differs; ``-o trf`` keeps both records."""
    text = (REAL / "ejs_javafo_sample2.trf").read_text(encoding="latin-1")

    def paired(extra: str) -> set[frozenset[int]]:
        path = tmp_path / "event.trf"
        path.write_text(text + extra, encoding="latin-1")
        code, out, err = run("pair", str(path), "-o", "json")
        assert code == 0, err
        return {frozenset((p["white_no"], p["black_no"])) for p in json.loads(out)["pairings"]}

    plain = paired("")
    assert frozenset((1, 2)) in plain
    prohibited = paired("260   5   5    1    2\n")
    assert frozenset((1, 2)) not in prohibited
    assert paired("250  1.0  1.0   5   5    1   20\n") != plain
    code, out, _err = run("pair", str(tmp_path / "event.trf"), "-o", "trf")
    assert code == 0 and "250  1.0  1.0   5   5    1   20" in out.splitlines()


def test_the_written_round_keeps_the_withdrawals_and_the_programs_records(tmp_path: Path) -> None:
    # The Open of Gros 2010 after round 4 (JaVaFo's sample): round 5 paired with one player withdrawn and
    # written as TRF. The withdrawn player is absent from round 5 (0000 - Z): paired again from the written file,
    # he stays unpaired. A file without 012 gets its own name, never the folders of the machine that wrote it;
    # the pairing programs' XX records (here XXC, in a lichess export) are written back as they were.
    source = REAL / "ejs_javafo_sample2.trf"
    gone = crosstable.read(source).names[0]
    code, written, _err = run("pair", str(source), "--withdraw", gone, "-o", "trf")
    assert code == 0
    t = crosstable.read_text(written, fmt="trf")
    assert [(b.kind, b.round) for b in t.byes if t.names[b.participant] == gone] == [("zero", 5)]
    plain = tmp_path / "no-name.trf"
    plain.write_text(
        "\n".join(line for line in (REAL / "dbw_j8rtJ5GL.trf").read_text().splitlines() if not line.startswith("012"))
        + "\n"
    )
    code, written, _err = run("pair", str(plain), "-o", "trf")
    assert code == 0
    assert written.splitlines()[0] == "012 no-name" and "XXC white1" in written.splitlines()


def test_a_preference_for_a_prize_the_list_lacks_is_refused_by_its_name(tmp_path: Path) -> None:
    prizes = tmp_path / "prizes.csv"
    prizes.write_text("prize,amount\n1,100\n2,50\n", encoding="utf-8")
    code, out, err = run("prizes", str(REAL / "ejs_javafo_sample2.trf"), "--prizes", str(prizes), "--prefer", "Nope")
    assert code == 2 and out == ""
    assert err.strip() == "crosstable: --prefer 'Nope': the prize list has no prize of that name (its prizes: 1, 2)"
