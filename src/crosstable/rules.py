"""Preset regulations: the order of the criteria after points, as published.

An explicit criteria list always overrides a preset. Codes are those of the
registry (``H2H`` re-applies the head-to-head comparison to a subset still level,
``H2H1`` applies it once; ``FIFA``, ``QUAL`` and ``PSO`` are supplied from files).

The chess presets. FIDE's tie-break regulations (Handbook C.07, editions of 2023,
2024 and 2026) leave the list to the organiser (art. 4.1) and publish no
recommended list; the last lists FIDE recommended per kind of event are those of
the Handbook's earlier tie-break regulations (C.02, art. 13.16, 2017 edition), which
we take, written in C.07's codes, within C.07's constraints: no Buchholz in a round
robin (2026, note to art. 8), no rating criterion by default (art. 10: rating-based
tie-breaks need every participant rated or the handling of the unrated published).
The Olympiad list is that of the Chess Olympiad regulations.

:data:`DEFAULTS` names the preset used when neither ``--tiebreaks`` nor ``--rules``
is given and the file declares no list (TRF-2026 ``202``).
"""

from __future__ import annotations

from crosstable.errors import CriterionError

PRESETS: dict[str, tuple[list[str], str]] = {
    "fide-swiss": (
        ["BH/C1", "BH", "SB", "PS", "DE", "WIN", "BWG"],
        "individual Swiss, FIDE's recommended order (Handbook C.02 art. 13.16.4, in C.07 codes): Buchholz "
        "cut 1, Buchholz, Sonneborn-Berger, progressive scores, direct encounter, wins, wins with black",
    ),
    "fide-rr": (
        ["DE", "WIN", "SB", "KS"],
        "individual round robin, FIDE's recommended order (Handbook C.02 art. 13.16.2, in C.07 codes): direct "
        "encounter, wins, Sonneborn-Berger, Koya",
    ),
    "fide-team-swiss": (
        ["MPVGP", "DE", "BH/C1", "BH", "SB:MP"],
        "team Swiss, FIDE's recommended order (Handbook C.02 art. 13.16.6, in C.07 codes): game points (match "
        "points when game points rank first), direct encounter, Buchholz cut 1, Buchholz, Sonneborn-Berger",
    ),
    "fide-team-rr": (
        ["MPVGP", "DE", "SB:MP"],
        "team round robin, FIDE's recommended order (Handbook C.02 art. 13.16.3, in C.07 codes): game points "
        "(match points when game points rank first), direct encounter, Sonneborn-Berger",
    ),
    "olympiad": (
        ["EMGSB/C1", "MPVGP", "BH:MP/C1"],
        "Chess Olympiad regulations: the Olympiad Sonneborn-Berger (match result x opponents' game points) "
        "without the lowest, game points, the opponents' match points without the lowest",
    ),
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

DEFAULTS = {
    ("individual", "swiss"): "fide-swiss",
    ("individual", "round-robin"): "fide-rr",
    ("team", "swiss"): "fide-team-swiss",
    ("team", "round-robin"): "fide-team-rr",
    ("football", "swiss"): "fifa-2026",
    ("football", "round-robin"): "fifa-2026",
}
"""The preset of each kind of event (individual, team, football) and system, used when
no list is given: FIDE's recommended orders for chess, the current FIFA World Cup's
for football."""


def preset(name: str) -> list[str]:
    """The criteria of a preset regulation."""
    key = name.strip().lower()
    if key not in PRESETS:
        raise CriterionError(f"unknown rules preset {name!r}; known: {', '.join(sorted(PRESETS))}")
    return list(PRESETS[key][0])
