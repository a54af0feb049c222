"""``crosstable site`` on the 2,000-player 11-round Swiss (tests/data/fide, the synthetic
file the FIDE benchmark uses), a whole process each time (issue 29): the time (best of
three runs) and the size of the folder written (its pages and their number). There is
no peer to compare with: chess-results.com publishes from its own server.

    .venv/bin/python bench/bench_site.py [FILE]
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def main() -> None:
    path = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "tests" / "data" / "fide" / "swiss-2000p-11r.trf"
    times = []
    with tempfile.TemporaryDirectory() as work:
        for k in range(3):
            out = Path(work) / f"site-{k}"
            t0 = time.perf_counter()
            done = subprocess.run(
                [sys.executable, "-m", "crosstable.cli", "site", str(path), "-o", str(out)],
                capture_output=True,
                text=True,
            )
            times.append(time.perf_counter() - t0)
            if done.returncode != 0:
                sys.exit(f"crosstable site failed (exit {done.returncode}): {done.stderr.strip()}")
        files = list(out.iterdir())
        size = sum(f.stat().st_size for f in files)
        pages = sum(1 for f in files if f.suffix == ".html")
        largest = max(files, key=lambda f: f.stat().st_size)
        print(
            f"{path.name}: crosstable site {min(times):.2f} s (best of 3, whole process), "
            f"{size / 1e6:.1f} MB in {pages} pages (largest {largest.name}, {largest.stat().st_size / 1e6:.1f} MB)"
        )


if __name__ == "__main__":
    main()
