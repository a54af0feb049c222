"""Benchmark against the FIDE reference, the FIDE Technical Commission's tie-break checker
(``gacrux`` on the package registry, the same code as TieBreakServer).

Whole process, same file, same run: ``crosstable standings FILE -t BH/C1,BH,SB,DE,WIN,ARO``
against ``python -m gacrux.tiebreakchecker -i FILE -d T -t PTS BH/C1 BH SB DE WIN ARO``, on the
synthetic 2,000-player 11-round Swiss and the 300-player round robin (``tests/data/fide``),
with every PTS, BH/C1, BH, SB, WIN and ARO value and every participant's rank compared
(DE through the rank: the reference prints a rank within the tied group).

Both programs' Python files are byte-compiled first (``compileall``), as a regular
install does. Usage (gacrux installed in the same environment, as by
``pip install -e '.[test]'``)::

    .venv/bin/python bench/bench_fide.py [DIR [FILE ...]]

Ours is timed as the best of three runs, the reference (minutes on the round robin) once.
"""

from __future__ import annotations

import compileall
import importlib.util
import json
import subprocess
import sys
import time
from fractions import Fraction
from importlib.metadata import version
from pathlib import Path

CODES = ["BH/C1", "BH", "SB", "WIN", "ARO"]


def run(cmd: list[str], cwd: str | None = None) -> tuple[float, str]:
    t0 = time.perf_counter()
    out = subprocess.run(cmd, capture_output=True, text=True, check=True, cwd=cwd).stdout
    return time.perf_counter() - t0, out


def main() -> None:
    here = Path(__file__).resolve().parent.parent
    folder = (Path(sys.argv[1]) if len(sys.argv) > 1 else here / "tests/data/fide").resolve()
    reference = importlib.util.find_spec("gacrux")
    if reference is None or reference.origin is None:
        sys.exit("the reference is not installed: pip install 'gacrux>=1.11.65'")
    print(f"gacrux {version('gacrux')}")
    for folder_to_compile in (here / "src", Path(reference.origin).parent):
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
            sys.executable,
            "-m",
            "gacrux.tiebreakchecker",
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
        t_ref, ref_out = run(ref_cmd)
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
            if int(str(mine["place"]).split("-")[0]) != int(row[head.index("Rank")]):  # "5-6" is rank 5
                differing += 1
        print(
            f"{name}: crosstable {t_ours:.2f} s, gacrux {t_ref:.2f} s, ratio {t_ref / t_ours:.0f}x, "
            f"values and ranks differing: {differing} of {(len(CODES) + 2) * (len(rows) - 1)}"
        )


if __name__ == "__main__":
    main()
