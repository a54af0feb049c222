"""Regenerate the FIDE reference's outputs for the cases of ``cases.tsv``.

Each line of ``cases.tsv`` names a case, its TRF file and the reference's arguments;
this script runs ``python -m gacrux.tiebreakchecker -i FILE -d T ARGS`` (the FIDE
Technical Commission's checker, a test dependency) and writes ``<case>.tsv`` with
its output, unchanged. ``tests/test_reference_cases.py`` ranks the same file with the
same list and compares every value and rank with it. The TRF inputs were written for
this project, each to show one feature (SOURCE.md names them).

Usage: ``.venv/bin/python tests/data/reference/regenerate.py [FOLDER]`` (default: this
folder; ``tests/data/real`` holds the real files' cases). gacrux 1.11.65 made the
committed outputs.
"""

from __future__ import annotations

import shlex
import subprocess
import sys
from importlib.metadata import version
from pathlib import Path

HERE = Path(__file__).parent


def cases(folder: Path = HERE) -> list[tuple[str, str, list[str]]]:
    """The cases of ``folder/cases.tsv``: name, file and the reference's arguments
    (a fourth column, a note for the tests, is not the reference's)."""
    out = []
    for line in (folder / "cases.tsv").read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            name, file, args = line.split("\t")[:3]
            out.append((name, file, shlex.split(args)))
    return out


def main() -> int:
    folder = Path(sys.argv[1]) if len(sys.argv) > 1 else HERE
    print(f"gacrux {version('gacrux')}")
    for name, file, args in cases(folder):
        cmd = [sys.executable, "-m", "gacrux.tiebreakchecker", "-i", file, "-d", "T", *args]
        proc = subprocess.run(cmd, cwd=folder, capture_output=True, text=True, check=False)
        (folder / f"{name}.tsv").write_text(proc.stdout, encoding="utf-8")
        status = "refused" if proc.stdout.startswith("### Error") else "ok"
        print(f"{name}: {status}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
