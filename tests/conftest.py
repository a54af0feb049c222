from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

import crosstable

# The tests read English unless they ask for a language (the machine's locale may be another).
os.environ["CROSSTABLE_LANG"] = "en"

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"
DATA = Path(__file__).resolve().parent / "data"
SHARED_TRF = Path("/work/shared/inputs/real-world/trf")
"""More real TRF files, when this machine has them (sources in their folder's SOURCES.md)."""


def rated_trf_files(every: bool) -> list[Path]:
    """The real TRF files (tests/data/real, and :data:`SHARED_TRF` when present) that
    read, with a rating for every participant (``every``) or for some."""
    files = sorted((DATA / "real").glob("*.trf"))
    if SHARED_TRF.is_dir():
        files += sorted(SHARED_TRF.glob("*.trf"))
    out = []
    for f in files:
        try:
            t = crosstable.read(str(f))
        except crosstable.CrosstableError:
            continue
        rated = [r is not None and r > 0 for r in t.ratings or []]
        if rated and (all(rated) if every else any(rated)):
            out.append(f)
    return out


def load_json(name: str) -> Any:
    return json.loads((DATA / name).read_text(encoding="utf-8"))


@pytest.fixture
def examples() -> Path:
    return EXAMPLES
