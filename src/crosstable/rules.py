"""Preset regulations: the order of the criteria after points, as published.

An explicit criteria list always overrides a preset. Codes are those of the
registry (``H2H`` re-applies the head-to-head comparison to a subset still level,
``H2H1`` applies it once; ``FIFA``, ``QUAL`` and ``PSO`` are supplied from files).
"""

from __future__ import annotations

from crosstable.errors import CriterionError

PRESETS: dict[str, tuple[list[str], str]] = {
    "fifa-2018": (
        ["GD", "GF", "H2H1", "FP", "LOT"],
        "FIFA World Cup Russia 2018 regulations, art. 32.5 (also Qatar 2022): goal difference, goals "
        "scored, then among the teams still equal points, goal difference and goals in their matches "
        "(once), fair-play points, drawing of lots",
    ),
    "fifa-2026": (
        ["H2H", "GD", "GF", "FP", "FIFA"],
        "FIFA World Cup 2026 regulations: head-to-head points, goal difference and goals, re-applied "
        "to a subset still level; overall goal difference and goals; fair-play points; FIFA ranking",
    ),
    "uefa-euro-2024": (
        ["H2H", "GD", "GF", "PSO", "DISC", "QUAL"],
        "UEFA EURO 2024 regulations, art. 18: head-to-head points, goal difference and goals, "
        "re-applied to a subset still level; overall goal difference and goals; the penalty "
        "shoot-out of two teams level that met in the last round (supplied); disciplinary points; "
        "the European qualifiers ranking (supplied)",
    ),
    "premier-league": (
        ["GD", "GF", "H2H"],
        "Premier League rules (section C): goal difference, goals scored, then head-to-head; a "
        "play-off decides what is still level where it matters",
    ),
}
PRESETS["fifa-2022"] = PRESETS["fifa-2018"]


def preset(name: str) -> list[str]:
    """The criteria of a preset regulation."""
    key = name.strip().lower()
    if key not in PRESETS:
        raise CriterionError(f"unknown rules preset {name!r}; known: {', '.join(sorted(PRESETS))}")
    return list(PRESETS[key][0])
