"""Benchmark of the languages (issue: the arbiter's language).

What a language costs, measured as whole ``crosstable standings`` processes (start,
read, rank, write), best of 7, each language against the same command in English
(the peer: the identical work without a catalogue, Babel's number data or
translated sentences) in the same run:

1. the Bulgarian article's 7-player table with every number of one player explained
   (``--explain``: the most sentences per number);
2. a 1,000-player round robin (499,500 games, generated with a fixed seed, as in
   ``bench_core.py``), the text table with its ``Decided`` notes (1,000 rows of
   translated words and localized numbers).

The ratio is the language's time ÷ English's. Run:

    python3 -m venv .venv-bench && .venv-bench/bin/pip install -e . -r bench/requirements.txt
    .venv-bench/bin/python bench/bench_languages.py
"""

from __future__ import annotations

import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench_core import round_robin_text

ROOT = Path(__file__).resolve().parent.parent
RUNS = 7
LANGUAGES = ("en", "bg", "hu", "ru", "de")


def best(command: list[str]) -> float:
    times = []
    for _ in range(RUNS):
        t0 = time.perf_counter()
        subprocess.run(command, check=True, capture_output=True)
        times.append(time.perf_counter() - t0)
    return min(times)


def main() -> None:
    exe = [sys.executable, "-m", "crosstable.cli", "standings"]
    with tempfile.TemporaryDirectory() as tmp:
        big = Path(tmp) / "rr1000.tsv"
        big.write_text(round_robin_text(1000, random.Random(1)), encoding="utf-8")
        cases = {
            "seed table, --explain": [
                str(ROOT / "examples" / "seed-7-players.tsv"),
                "-t",
                "SB,SHM",
                "--explain",
                "Zhelyazkov",
            ],
            "1,000-player round robin, text": [str(big), "-t", "SB,KS,WIN", "-o", "text"],
        }
        for title, args in cases.items():
            english = best([*exe, *args, "--lang", "en"])
            print(f"{title}: en {english * 1000:.0f} ms")
            for lang in LANGUAGES[1:]:
                took = best([*exe, *args, "--lang", lang])
                print(f"  {lang} {took * 1000:.0f} ms, ratio {took / english:.2f}")


if __name__ == "__main__":
    main()
