"""The prize-giving's commands on the 2,000-player 11-round Swiss (tests/data/fide, the
synthetic file the FIDE benchmark uses), each a whole process, beside the standings
alone measured in the same run (issue 25): ``crosstable standings FILE -o json``, then
``ratings``, ``norms`` and, when the command exists, ``prizes`` with a prize list of 20
places and four category prizes. Each timed as the best of three runs; printed with
its ratio to the standings.

    .venv/bin/python bench/bench_prizegiving.py [FILE]
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PRIZES = (
    "prize,amount,condition\n"
    + "".join(f"{k},{2000 // k}\n" for k in range(1, 21))
    + (
        "Best under 1800,300,rating<1800\nBest under 1600,200,rating<1600\nBest unrated,150,unrated\n"
        "Best from BUL,100,federation=BUL\n"
    )
)


def best_of(command: list[str], k: int = 3) -> tuple[float, int]:
    times, code = [], 0
    for _ in range(k):
        t0 = time.perf_counter()
        done = subprocess.run(command, capture_output=True, text=True)
        times.append(time.perf_counter() - t0)
        code = done.returncode
    return min(times), code


def main() -> None:
    path = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "tests" / "data" / "fide" / "swiss-2000p-11r.trf"
    prizes = Path(tempfile.mkdtemp()) / "prizes.csv"
    prizes.write_text(PRIZES, encoding="utf-8")
    cli = [sys.executable, "-m", "crosstable.cli"]
    alone, code = best_of([*cli, "standings", str(path), "-o", "json"])
    print(f"{path.name}: standings alone {alone:.2f} s (exit {code})")
    commands = {
        "ratings": [*cli, "ratings", str(path), "-o", "json"],
        "norms": [*cli, "norms", str(path), "-o", "json"],
        "prizes": [*cli, "prizes", str(path), "--prizes", str(prizes), "-o", "json"],
    }
    for name, command in commands.items():
        took, code = best_of(command)
        if code != 0 and name == "prizes":
            print(f"  {name}: not available (exit {code})")
            continue
        print(f"  {name}: {took:.2f} s (exit {code}), {took / alone:.2f}× the standings")


if __name__ == "__main__":
    main()
