"""The cases of ``tests/data/real/cases.tsv`` (the real files the FIDE reference reads,
each with the list it is given there), as the tests of the quick path read them;
``bench/bench_startup.py`` reads the same file the same way (MPTS and GPTS as our MP, GP)."""

from __future__ import annotations

import shlex
from pathlib import Path

REAL = Path(__file__).resolve().parent / "data" / "real"


def cases() -> list[tuple[str, str, list[str]]]:
    """``(case, file, codes)``, the codes as our spelling (``MPTS``: ``MP``, ``GPTS``: ``GP``)."""
    out = []
    for line in (REAL / "cases.tsv").read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        name, file, args = line.split("\t")[:3]
        words = shlex.split(args)
        codes = words[words.index("-t") + 1 :]
        out.append((name, file, [{"MPTS": "MP", "GPTS": "GP"}.get(c, c) for c in codes]))
    return out
