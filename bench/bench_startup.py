"""Whole-process time on small events: crosstable against the FIDE reference.

Most events are small, and there the process's start decides: for every file of
``tests/data/real`` that the reference reads (its cases, ``tests/data/real/cases.tsv``,
each with the list the reference is given there) this runs ``crosstable standings FILE
-t LIST -o json`` and ``python -m gacrux.tiebreakchecker -i FILE -d T LIST``, alternating,
five times each, and prints both medians and the ratio (the reference's time over ours:
above 1, crosstable is faster). Then ``crosstable --version``, ``crosstable --help``
and the 7-player seed crosstable of ``examples/`` alone.

Both programs' Python files are byte-compiled first (``compileall``), as an install
does. The load of the machine is printed with the figures (``os.getloadavg``): the
README's table says what it was.

Usage (gacrux installed beside, as by ``pip install -e '.[test]'``)::

    .venv/bin/python bench/bench_startup.py [RUNS]
"""

from __future__ import annotations

import compileall
import importlib.util
import os
import shlex
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent
REAL = HERE / "tests" / "data" / "real"


def timed(cmd: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(cmd, capture_output=True, check=False, cwd=REAL)
    return time.perf_counter() - start


def ours(*args: str) -> list[str]:
    return [sys.executable, "-m", "crosstable", *args]  # the program as installed: the quick path first


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    reference = importlib.util.find_spec("gacrux")
    if reference is None or reference.origin is None:
        sys.exit("the reference is not installed: pip install 'gacrux>=1.11.65'")
    for folder in (HERE / "src", Path(reference.origin).parent):
        compileall.compile_dir(folder, quiet=1)
    print(f"load average before: {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores; median of {runs} runs")
    print(f"{'file':<42} {'crosstable':>10} {'reference':>10} {'ratio':>7}")
    ratios = []
    for line in (REAL / "cases.tsv").read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        name, file, args = line.split("\t")[:3]
        words = shlex.split(args)
        codes = words[words.index("-t") + 1 :]
        mine_codes = [{"MPTS": "MP", "GPTS": "GP"}.get(c, c) for c in codes[1:]]
        mine = ours("standings", file, "-t", ",".join(mine_codes), "-o", "json")
        theirs = [sys.executable, "-m", "gacrux.tiebreakchecker", "-i", file, "-d", "T", *words]
        a, b = [], []
        for _ in range(runs):  # alternating: a burst of load falls on both
            a.append(timed(mine))
            b.append(timed(theirs))
        x, y = statistics.median(a), statistics.median(b)
        ratios.append((y / x, name))
        print(f"{name:<42} {x:>9.3f}s {y:>9.3f}s {y / x:>6.2f}×")
    worst = min(ratios)
    print(
        f"smallest ratio: {worst[0]:.2f}× ({worst[1]}); faster than the reference on "
        f"{sum(r > 1 for r, _ in ratios)} of {len(ratios)} files"
    )
    seed = str(HERE / "examples" / "seed-7-players.tsv")
    for label, cmd in (
        ("crosstable --version", ours("--version")),
        ("crosstable --help", ours("--help")),
        ("crosstable standings (the 7-player seed)", ours("standings", seed)),
    ):
        print(f"{label:<42} {statistics.median(timed(cmd) for _ in range(runs)):>9.3f}s")
    print(f"load average after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
