"""Benchmark against the FIDE reference, TieBreakServer (issue: FIDE TRF and tie-breaks).

Whole process, same file, same run: ``crosstable standings FILE -t BH/C1,BH,SB,DE,WIN,ARO``
against ``tiebreakchecker.py -i FILE -t PTS BH/C1 BH SB DE WIN ARO``, on the synthetic
2,000-player 11-round Swiss and the 300-player round robin of
``shared/examples/fide/synthetic``, with every PTS, BH/C1, BH, SB, WIN and ARO value
and every participant's rank compared (DE is compared through the rank: our DE values
are points among the tied, the reference's a rank).

Both programs' Python files are byte-compiled first (``compileall``), as a regular
install does: this machine sets ``PYTHONDONTWRITEBYTECODE``, which would otherwise
make every run of either compile its source again.

TieBreakServer is not part of this project: fetch ``OttoMilvang/TieBreakServer`` and
point ``TIEBREAKSERVER`` at its directory (Python 3.11, standard library and
networkx; ``TIEBREAKSERVER_PYTHON`` names its interpreter, ``python3`` by default).
Usage::

    TIEBREAKSERVER=/path/to/TieBreakServer .venv/bin/python bench/bench_fide.py [DIR [FILE ...]]

where DIR holds ``swiss-2000p-11r.trf`` and ``rr-300p.trf`` (default:
``../shared/examples/fide/synthetic``; ``tests/data/fide`` has copies). Ours is timed
as the best of three runs, the reference (minutes) once.
"""

from __future__ import annotations

import compileall
import json
import os
import subprocess
import sys
import time
from fractions import Fraction
from pathlib import Path

CODES = ["BH/C1", "BH", "SB", "WIN", "ARO"]


def run(cmd: list[str], cwd: str | None = None) -> tuple[float, str]:
    t0 = time.perf_counter()
    out = subprocess.run(cmd, capture_output=True, text=True, check=True, cwd=cwd).stdout
    return time.perf_counter() - t0, out


def main() -> None:
    here = Path(__file__).resolve().parent.parent
    folder = (Path(sys.argv[1]) if len(sys.argv) > 1 else here.parent / "shared/examples/fide/synthetic").resolve()
    python = os.environ.get("TIEBREAKSERVER_PYTHON", "python3")
    tbs = os.environ.get("TIEBREAKSERVER")
    if not tbs:
        sys.exit("set TIEBREAKSERVER to a checkout of OttoMilvang/TieBreakServer")
    for folder_to_compile in (here / "src", Path(tbs)):
        compileall.compile_dir(folder_to_compile, quiet=1)
    for name in sys.argv[2:] or ["swiss-2000p-11r.trf", "rr-300p.trf"]:
        path = folder / name
        ours_cmd = [
            sys.executable,
            "-m",
            "crosstable.cli",
            "standings",
            str(path),
            "-t",
            "BH/C1,BH,SB,DE,WIN,ARO",
            "-o",
            "json",
        ]
        t_ours, ours_out = min(run(ours_cmd) for _ in range(3))  # best of three; the reference runs once
        ref_cmd = [
            python,
            "tiebreakchecker.py",
            "-i",
            str(path),
            "-t",
            "PTS",
            *CODES[:3],
            "DE",
            "WIN",
            "ARO",
            "-d",
            "T",
        ]
        t_ref, ref_out = run(ref_cmd, cwd=tbs)
        rows = [line.split("\t") for line in ref_out.splitlines() if line.strip()]
        head, differing = rows[0], 0
        standings = json.loads(ours_out)["standings"]
        names = {int(r["name"].split()[-1]): r for r in standings}  # synthetic names end with the number
        for row in rows[1:]:
            mine = names[int(row[0])]
            if Fraction(str(mine["points"])) != Fraction(row[head.index("PTS")]):
                differing += 1
            for code in CODES:
                if Fraction(str(mine["tiebreaks"][code])) != Fraction(row[head.index(code)]):
                    differing += 1
            low, _, high = str(mine["place"]).partition("-")  # a shared place "5-6" admits either rank
            if not int(low) <= int(row[head.index("Rank")]) <= int(high or low):
                differing += 1
        print(
            f"{name}: crosstable {t_ours:.2f} s, TieBreakServer {t_ref:.2f} s, ratio {t_ref / t_ours:.0f}x, "
            f"values and ranks differing: {differing} of {(len(CODES) + 2) * (len(rows) - 1)}"
        )


if __name__ == "__main__":
    main()
