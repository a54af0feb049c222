"""crosstable: tournament results in, exact standings out.

>>> import crosstable
>>> t = crosstable.read("examples/seed-7-players.tsv")
>>> s = crosstable.rank(t, ["SB", "SHM"])
>>> [(r.place, r.name, str(r.values["SB"])) for r in s.rows[2:4]]
[('3', 'Zhelyazkov', '9'), ('4', 'Angelov', '31/4')]

The names below are imported when first used (PEP 562's module ``__getattr__``), not
when the package is: the command line, whose every run starts with this package,
imports numpy and the readers only for the commands that need them (``crosstable
--version`` needs none).
"""

from __future__ import annotations

import importlib

TYPE_CHECKING = False  # typing itself is not imported: it would slow every start (mypy knows the name)

__version__ = "0.1.0"
"""The version (``pyproject.toml`` reads it from here)."""

if TYPE_CHECKING:
    from typing import Any

    from crosstable.competition import Competition, rank_competition
    from crosstable.errors import CriterionError, CrosstableError, InputError, Problem
    from crosstable.io import read, read_text
    from crosstable.model import Game, Scoring, Tournament
    from crosstable.ranking import Row, Standings, rank
    from crosstable.tiebreaks import REGISTRY, Spec, parse_list, parse_spec

_WHERE = {
    "Competition": "crosstable.competition",
    "rank_competition": "crosstable.competition",
    "CriterionError": "crosstable.errors",
    "CrosstableError": "crosstable.errors",
    "InputError": "crosstable.errors",
    "Problem": "crosstable.errors",
    "read": "crosstable.io",
    "read_text": "crosstable.io",
    "Game": "crosstable.model",
    "Scoring": "crosstable.model",
    "Tournament": "crosstable.model",
    "Row": "crosstable.ranking",
    "Standings": "crosstable.ranking",
    "rank": "crosstable.ranking",
    "REGISTRY": "crosstable.tiebreaks",
    "Spec": "crosstable.tiebreaks",
    "parse_list": "crosstable.tiebreaks",
    "parse_spec": "crosstable.tiebreaks",
}
"""Where each public name lives."""


def __getattr__(name: str) -> Any:
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module 'crosstable' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value  # once: later uses find it without this function
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *_WHERE])


__all__ = [
    "REGISTRY",
    "Competition",
    "CriterionError",
    "CrosstableError",
    "Game",
    "InputError",
    "Problem",
    "Row",
    "Scoring",
    "Spec",
    "Standings",
    "Tournament",
    "parse_list",
    "parse_spec",
    "rank",
    "rank_competition",
    "read",
    "read_text",
]
