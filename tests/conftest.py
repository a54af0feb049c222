from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

# The tests read English unless they ask for a language (the machine's locale may be another).
os.environ["CROSSTABLE_LANG"] = "en"

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"
DATA = Path(__file__).resolve().parent / "data"


def load_json(name: str) -> Any:
    return json.loads((DATA / name).read_text(encoding="utf-8"))


@pytest.fixture
def examples() -> Path:
    return EXAMPLES
