"""``crosstable batch`` on a folder of real files of every kind, in this process and on
real Dask clusters: a ``LocalCluster`` with two workers started by the test, the same
through ``--scheduler``, and (in CI) the separate scheduler and workers ``.ci/run``
starts (``CROSSTABLE_DASK_SCHEDULER``).

The files: the bundled examples (the seeds' tables, EURO and World Cup groups, the
Premier League) and TRF files from public repositories (``tests/data/real/SOURCES.tsv``);
each must come out exactly as ``crosstable standings FILE -o json`` gives it alone.
"""

from __future__ import annotations

import csv
import json
import os
import shutil
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pyarrow.parquet as pq
import pytest
from click.testing import CliRunner
from distributed import LocalCluster

import crosstable.batch as batch_module
from crosstable.batch import run_batch
from crosstable.cli import main
from tests.conftest import DATA, EXAMPLES

REAL = DATA / "real"
FILES = [
    EXAMPLES / "seed-7-players.tsv",
    EXAMPLES / "olympiad-1957-women-group-C.tsv",
    EXAMPLES / "euro-2024-group-E.csv",
    EXAMPLES / "worldcup-2018-group-H.csv",
    EXAMPLES / "seed-003-last-round.csv",
    REAL / "ejs_javafo_sample2.trf",
    REAL / "shc_2021_03.trf",
    REAL / "cds_random2.trf",
    REAL / "dbw_j8rtJ5GL.trf",
]
BROKEN = "1  Ann   x 1 q\n2  Bob   0 x 1\n3  Cid   0 0 x\n"  # a crosstable typed with a typo (q)


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("season")
    (root / "trf").mkdir()
    for f in FILES:
        shutil.copy(f, root / ("trf" if f.suffix == ".trf" else "") / f.name)
    (root / "typed-by-hand.tsv").write_text(BROKEN, encoding="utf-8")
    (root / ".hidden.trf").write_text("not read", encoding="utf-8")
    return root


def _alone(path: str) -> dict[str, Any]:
    result = CliRunner().invoke(main, ["standings", path, "-o", "json"])
    assert result.exit_code == 0, result.stderr
    data: dict[str, Any] = json.loads(result.stdout)
    return data


def _records(path: Path) -> dict[str, dict[str, Any]]:
    return {r["file"]: r for r in map(json.loads, path.read_text(encoding="utf-8").splitlines())}


def _same_as_alone(records: dict[str, dict[str, Any]]) -> None:
    for file, record in records.items():
        if "error" in record:
            continue
        alone = _alone(file)
        assert record.pop("file") == file
        assert record == alone, file


def test_every_file_as_alone_and_the_broken_one_reported(folder: Path, tmp_path: Path) -> None:
    out = tmp_path / "season.jsonl"
    result = CliRunner().invoke(main, ["batch", str(folder), "-o", str(out), "--workers", "0"])
    assert result.exit_code == 1, result.stderr  # one file could not be read
    assert "10 files in" in result.stderr and "9 ranked, 1 could not be read" in result.stderr
    records = _records(out)
    assert len(records) == 10 and not any(".hidden" in f for f in records)
    broken = records[str(folder / "typed-by-hand.tsv")]
    assert broken["error"].startswith(f"{folder / 'typed-by-hand.tsv'}:1:") and "q" in broken["error"]
    _same_as_alone(records)


def test_csv_and_parquet_rows_per_participant(folder: Path, tmp_path: Path) -> None:
    files = [str(folder / "seed-7-players.tsv"), str(folder / "trf" / "ejs_javafo_sample2.trf")]
    as_csv, as_parquet = tmp_path / "out.csv", tmp_path / "out.parquet"
    for out in (as_csv, as_parquet):
        summary = run_batch(files, str(out), tiebreaks="SB,BH,WIN", workers=0)
        assert (summary.files, summary.errors) == (2, 0)
    rows = list(csv.DictReader(as_csv.open(encoding="utf-8")))
    table = pq.read_table(as_parquet).to_pylist()
    assert len(rows) == len(table) == 7 + len(_alone(files[1])["standings"])
    zhelyazkov = next(r for r in rows if r["name"] == "Zhelyazkov")
    assert (zhelyazkov["place"], zhelyazkov["points"], zhelyazkov["SB"]) == ("3", "4", "9")  # the Bulgarian article
    angelov = next(r for r in table if r["name"] == "Angelov")
    assert (angelov["SB"], json.loads(angelov["tiebreaks"])["SB"], angelov["points"]) == (7.75, 7.75, 4)
    assert [r["name"] for r in rows] == [r["name"] for r in table]


def test_resume_skips_what_is_done_and_drops_a_cut_line(folder: Path, tmp_path: Path) -> None:
    out = tmp_path / "part.jsonl"
    first = [str(folder / "seed-7-players.tsv"), str(folder / "euro-2024-group-E.csv")]
    run_batch(first, str(out), workers=0)
    with out.open("a", encoding="utf-8") as f:
        f.write('{"file": "cut off')  # an interrupted write
    summary = run_batch([str(folder)], str(out), resume=True, workers=0)
    assert (summary.skipped, summary.files) == (2, 8)
    records = _records(out)
    assert len(records) == 10
    _same_as_alone(records)


def test_check_writes_only_the_disagreements(tmp_path: Path) -> None:
    # the real TRF with one player's printed points changed: one disagreement, with its place in the file
    text = (REAL / "ejs_javafo_sample2.trf").read_text(encoding="utf-8")
    lines = text.splitlines()
    k = next(i for i, line in enumerate(lines) if line.startswith("001"))
    points = lines[k][80:84]
    wrong = f"{float(points) + 1:4.1f}"
    lines[k] = lines[k][:80] + wrong + lines[k][84:]
    changed = tmp_path / "changed.trf"
    changed.write_text("\n".join(lines) + "\n", encoding="utf-8")
    out = tmp_path / "check.csv"
    result = CliRunner().invoke(
        main, ["batch", str(changed), str(REAL / "ejs_javafo_sample2.trf"), "-o", str(out), "--check", "--workers", "0"]
    )
    assert result.exit_code == 0, result.stderr
    rows = list(csv.DictReader(out.open(encoding="utf-8")))
    assert len(rows) == 1
    assert (rows[0]["file"], rows[0]["what"], rows[0]["line"]) == (str(changed), "points", str(k + 1))
    assert float(rows[0]["printed"]) == float(wrong) and float(rows[0]["computed"]) == float(points)


def test_bad_batches_exit_2(tmp_path: Path) -> None:
    for args in (
        ["batch", str(tmp_path / "missing"), "-o", str(tmp_path / "x.jsonl")],
        ["batch", str(EXAMPLES), "-o", str(tmp_path / "x.xml")],
        ["batch", str(EXAMPLES), "-o", str(tmp_path / "x.csv"), "-t", "NOPE"],
        ["batch", str(tmp_path / "*.none"), "-o", str(tmp_path / "x.csv")],
    ):
        result = CliRunner().invoke(main, args)
        assert result.exit_code == 2 and result.stderr.count("\n") == 1, (args, result.stderr)


@pytest.fixture(scope="module")
def cluster() -> Iterator[Any]:
    with LocalCluster(n_workers=2, threads_per_worker=1, dashboard_address=":0") as c:
        yield c


def test_on_a_local_cluster_and_through_its_scheduler(folder: Path, tmp_path: Path, cluster: Any) -> None:
    own = tmp_path / "own.jsonl"
    summary = run_batch([str(folder)], str(own), workers=2)
    assert (summary.files, summary.errors, summary.workers) == (10, 1, 2)
    remote = tmp_path / "remote.jsonl"
    summary = run_batch([str(folder)], str(remote), scheduler=cluster.scheduler_address)
    assert (summary.files, summary.errors, summary.workers) == (10, 1, 2)
    assert _records(own) == _records(remote)
    _same_as_alone(_records(remote))


def test_on_the_cluster_ci_starts(folder: Path, tmp_path: Path) -> None:
    address = os.environ.get("CROSSTABLE_DASK_SCHEDULER")
    if not address:
        pytest.fail("no Dask scheduler: .ci/run starts one and sets CROSSTABLE_DASK_SCHEDULER")
    out = tmp_path / "ci.jsonl"
    result = CliRunner().invoke(main, ["batch", str(folder), "-o", str(out), "--scheduler", address])
    assert result.exit_code == 1 and "Dask worker" in result.stderr
    _same_as_alone(_records(out))


def test_without_the_batch_extra_a_clear_message(folder: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)  # as if dask were not installed
    result = CliRunner().invoke(main, ["batch", str(folder), "-o", str(tmp_path / "x.jsonl"), "--workers", "2"])
    assert result.exit_code == 2 and "pip install 'crosstable[batch]'" in result.stderr


def test_its_own_output_is_never_an_input_and_an_unwritable_one_is_refused(folder: Path, tmp_path: Path) -> None:
    inside = folder / "season-out.jsonl"
    try:
        first = run_batch([str(folder)], str(inside), workers=0)
        again = run_batch([str(folder)], str(inside), workers=0)  # the output now lies in the folder
        assert first.files == again.files == 10
    finally:
        inside.unlink(missing_ok=True)
    result = CliRunner().invoke(main, ["batch", str(folder), "-o", str(tmp_path / "no" / "such" / "dir.csv")])
    assert result.exit_code == 2 and "cannot write" in result.stderr


def test_what_cannot_run_is_one_line_and_exit_2(folder: Path, tmp_path: Path) -> None:
    (tmp_path / "d.parquet").mkdir()
    cases = [
        ["batch", str(folder), "-o", str(tmp_path / "d.parquet"), "--workers", "0"],  # the output is a folder
        ["batch", str(folder), "-o", "/dev/full", "--workers", "0"],  # the disk is full
        ["batch", str(folder), "-o", str(tmp_path / "x.jsonl"), "--scheduler", "tcp://127.0.0.1:1"],  # no one there
        ["batch", str(folder), "-o", str(tmp_path / "x.jsonl"), "--scheduler", "nonsense"],
        ["batch", str(folder), "-o", str(tmp_path / "x.jsonl"), "-t", "SB,SB"],
        ["study", "--events", "10", "--scheduler", "tcp://127.0.0.1:1"],
    ]
    for args in cases:
        result = CliRunner().invoke(main, args)
        assert result.exit_code == 2 and result.stderr.count("\n") == 1, (args, result.stderr)


def test_a_fifo_is_skipped_and_a_relative_path_reaches_the_workers(
    folder: Path, tmp_path: Path, cluster: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    odd = tmp_path / "odd"
    odd.mkdir()
    shutil.copy(EXAMPLES / "seed-7-players.tsv", odd / "seed.tsv")
    os.mkfifo(odd / "pipe.trf")  # reading it would wait forever
    monkeypatch.chdir(tmp_path)
    out = tmp_path / "odd.jsonl"
    summary = run_batch(["./odd"], str(out), scheduler=cluster.scheduler_address)  # the workers' directory differs
    assert (summary.files, summary.errors) == (1, 0)
    assert list(_records(out)) == ["odd/seed.tsv"]


def test_resume_redoes_a_cut_csv_record_and_refuses_other_columns(folder: Path, tmp_path: Path) -> None:
    out = tmp_path / "cut.csv"
    files = [str(folder / "seed-7-players.tsv"), str(folder / "trf" / "ejs_javafo_sample2.trf")]
    run_batch(files, str(out), tiebreaks="SB", workers=0)
    whole = out.read_text(encoding="utf-8")
    lines = whole.splitlines(keepends=True)
    out.write_text("".join(lines[:20]) + lines[20][:10], encoding="utf-8")  # cut in the second file's rows
    summary = run_batch(files, str(out), tiebreaks="SB", resume=True, workers=0)
    assert (summary.skipped, summary.files) == (1, 1)
    assert sorted(out.read_text(encoding="utf-8").splitlines()) == sorted(whole.splitlines())
    other = CliRunner().invoke(main, ["batch", *files, "-o", str(out), "--resume", "-t", "BH,WIN", "--workers", "0"])
    assert other.exit_code == 2 and "other columns" in other.stderr


def test_by_default_a_few_files_are_ranked_in_this_process_and_an_archive_on_a_cluster(
    folder: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Ten real files, far below IN_PROCESS_BYTES: no cluster is started (issue #30: the default cluster took
    # 14-17 s to start on 31 files that this process ranks in 0.9 s); the same files, the limit set below
    # their size, go to a local cluster of the machine's cores, with the same records.
    inside = run_batch([str(folder)], str(tmp_path / "inside.jsonl"))
    assert (inside.files, inside.errors, inside.workers) == (10, 1, 0)
    monkeypatch.setattr(batch_module, "IN_PROCESS_BYTES", 1)
    spread = run_batch([str(folder)], str(tmp_path / "spread.jsonl"))
    assert spread.files == 10 and spread.workers >= 1
    assert _records(tmp_path / "inside.jsonl") == _records(tmp_path / "spread.jsonl")
