"""Benchmark of ``crosstable batch`` and ``crosstable study`` on Dask.

1. ``batch``: 10,000 TRF files of 100-player 9-round Swiss events (generated: 1,000
   distinct events paired by :func:`crosstable.study.swiss_event`, each written ten
   times under different event names) ranked with the FIDE Swiss preset into a CSV:
   a plain loop in this process (``--workers 0``, no Dask), then a ``LocalCluster`` of
   1 and of 2 worker processes, cluster start-up included; files per second and the
   ratios.
2. ``study``: simulated 10-player round robins per second, in this process and on a
   ``LocalCluster`` of 2 workers (its first run, with the workers' imports, and a
   second one), the same tallies every way.

Run (after ``pip install -e '.[batch]'``):

    .venv/bin/python bench/bench_batch.py [--files 10000] [--events 1000000]
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

import numpy as np
from distributed import Client

from crosstable.batch import local_cluster, run_batch
from crosstable.io.trf import write_trf
from crosstable.study import Design, run_study, swiss_event


def generate(folder: Path, files: int, distinct: int) -> None:
    rng = np.random.default_rng(2026)
    design = Design(system="swiss", players=100, rounds=9)
    copies = max(1, files // distinct)
    written = 0
    for k in range(distinct):
        t = swiss_event(design, rng, rng.normal(0.0, 200.0, 100))
        for c in range(copies):
            if written == files:
                return
            t.info["012"] = f"Generated Swiss {k + 1}, copy {c + 1}"
            (folder / f"swiss-{k:05d}-{c:02d}.trf").write_text(write_trf(t), encoding="utf-8")
            written += 1


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--files", type=int, default=10_000)
    parser.add_argument("--events", type=int, default=1_000_000)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp, "archive")
        folder.mkdir()
        start = time.perf_counter()
        generate(folder, args.files, max(1, args.files // 10))
        print(f"generated {args.files:,} TRF files in {time.perf_counter() - start:.0f} s")
        rates = {}
        for workers in (0, 1, 2):
            out = Path(tmp, f"out-{workers}.csv")
            summary = run_batch([str(folder)], str(out), rules="fide-swiss", workers=workers)
            assert summary.errors == 0 and summary.files == args.files
            rates[workers] = summary.files / summary.seconds
            where = "plain loop, this process" if workers == 0 else f"Dask LocalCluster, {workers} worker(s)"
            print(f"batch, {where}: {summary.seconds:.1f} s, {rates[workers]:.0f} files/s")
            if workers:
                a = Path(tmp, "out-0.csv").read_text(encoding="utf-8").splitlines()
                b = out.read_text(encoding="utf-8").splitlines()
                assert sorted(a) == sorted(b), "the same rows whatever runs them"
        print(f"ratio 2 workers / plain loop: {rates[2] / rates[0]:.2f}x")
        print(f"ratio 2 workers / 1 worker: {rates[2] / rates[1]:.2f}x")

    design = Design(system="rr", players=10)
    here = run_study(design, args.events, seed=1)
    print(f"study, this process: {here.events / here.seconds:,.0f} round robins/s ({here.seconds:.1f} s)")
    start = time.perf_counter()
    with local_cluster(2) as cluster, Client(cluster) as client:
        cold = run_study(design, args.events, seed=1, client=client)
        warm = run_study(design, args.events, seed=1, client=client)  # the workers have imported everything
    total = time.perf_counter() - start
    assert here.tallies == cold.tallies == warm.tallies
    print(
        f"study, LocalCluster of 2 workers: {warm.events / warm.seconds:,.0f} round robins/s warm "
        f"({warm.seconds:.1f} s); {cold.events / cold.seconds:,.0f}/s on its first run (imports included); "
        f"{total:.1f} s for both with the cluster's start-up"
    )


if __name__ == "__main__":
    main()
