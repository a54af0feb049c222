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

from dataclasses import dataclass

from crosstable.errors import CriterionError
from crosstable.i18n import N_, _

# Each preset: its criteria, and the regulation in words (English; ``_(description)`` shows it).
PRESETS: dict[str, tuple[list[str], str]] = {
    "fide-swiss": (
        ["BH/C1", "BH", "SB", "PS", "DE", "WIN", "BWG"],
        N_(
            "individual Swiss, FIDE's recommended order (Handbook C.02 art. 13.16.4, in C.07 codes): Buchholz "
            "cut 1, Buchholz, Sonneborn-Berger, progressive scores, direct encounter, wins, wins with black"
        ),
    ),
    "fide-rr": (
        ["DE", "WIN", "SB", "KS"],
        N_(
            "individual round robin, FIDE's recommended order (Handbook C.02 art. 13.16.2, in C.07 codes): direct "
            "encounter, wins, Sonneborn-Berger, Koya"
        ),
    ),
    "fide-team-swiss": (
        ["MPVGP", "DE", "BH/C1", "BH", "SB:MP"],
        N_(
            "team Swiss, FIDE's recommended order (Handbook C.02 art. 13.16.6, in C.07 codes): game points (match "
            "points when game points rank first), direct encounter, Buchholz cut 1, Buchholz, Sonneborn-Berger"
        ),
    ),
    "fide-team-rr": (
        ["MPVGP", "DE", "SB:MP"],
        N_(
            "team round robin, FIDE's recommended order (Handbook C.02 art. 13.16.3, in C.07 codes): game points "
            "(match points when game points rank first), direct encounter, Sonneborn-Berger"
        ),
    ),
    "olympiad": (
        ["EMGSB/C1", "MPVGP", "BH:MP/C1"],
        N_(
            "Chess Olympiad regulations: the Olympiad Sonneborn-Berger (each opponent's match points x the game "
            "points scored against it) without the lowest, game points, the opponents' match points without the "
            "lowest"
        ),
    ),
    "fifa-2018": (
        ["GD", "GF", "H2H1", "FP", "LOT"],
        N_(
            "FIFA World Cup Russia 2018 regulations, art. 32.5 (also Qatar 2022): goal difference, goals "
            "scored, then among the teams still equal points, goal difference and goals in their matches "
            "(once), fair-play points, drawing of lots"
        ),
    ),
    "fifa-2026": (
        ["H2H", "GD", "GF", "FP", "FIFA"],
        N_(
            "FIFA World Cup 2026 regulations: head-to-head points, goal difference and goals, re-applied "
            "to a subset still level; overall goal difference and goals; fair-play points; FIFA ranking"
        ),
    ),
    "uefa-euro-2024": (
        ["H2H", "GD", "GF", "PSO", "DISC", "QUAL"],
        N_(
            "UEFA EURO 2024 regulations, art. 20: head-to-head points, goal difference and goals, "
            "re-applied to a subset still level; overall goal difference and goals; the penalty "
            "shoot-out of two teams level that met in the last round (supplied); disciplinary points; "
            "the European qualifiers ranking (supplied)"
        ),
    ),
    "premier-league": (
        ["GD", "GF", "H2HP", "H2HAG"],
        N_(
            "Premier League Handbook, section C (since 2019/20): goal difference, goals scored, then the "
            "points and the away goals in the matches between the clubs level; a play-off (not computed) "
            "where the title, Europe or relegation is still at stake"
        ),
    ),
    "premier-league-1992": (
        ["GD", "GF"],
        N_(
            "Premier League 1992/93 to 2018/19: goal difference, goals scored; a play-off (not computed) "
            "where the title, Europe or relegation was still at stake"
        ),
    ),
    "football-league-1888": (
        ["GAV"],
        N_(
            "the Football League from 1888/89 to 1975/76: goal average (goals scored ÷ goals conceded); "
            "two points for a win until 1980/81: rank with --scoring 2:1:0"
        ),
    ),
    "laliga": (
        ["H2HES", "GD", "GF"],
        N_(
            "RFEF General Regulations, art. 201 (La Liga; head-to-head first since 1928/29): for two clubs "
            "the goal difference of their two matches, for three or more the points and then the goal "
            "difference of the matches among them; overall goal difference; goals scored; then the RFEF "
            "fair-play table (not computed: it counts sanctions beyond cards) and a play-off"
        ),
    ),
    "serie-a": (
        ["H2HIT", "GD", "GF", "LOT"],
        N_(
            "Serie A (FIGC NOIF art. 51 as applied each season): points and goal difference in the matches "
            "among the clubs level (classifica avulsa, re-applied to a subset), overall goal difference, "
            "goals scored, drawing of lots; from 2022/23 a play-off (not computed) between two clubs level "
            "for the title or 17th place"
        ),
    ),
    "bundesliga": (
        ["GD", "GF", "H2HGD", "H2HAG", "AGFB"],
        N_(
            "DFL Spielordnung (Bundesliga and 2. Bundesliga): goal difference, goals scored, the aggregate "
            "score of the matches between the clubs level, their away goals in those matches, away goals over "
            "the season (these three only once both matches between them are played); a play-off (not computed)"
        ),
    ),
    "uefa-club-2024": (
        ["GD", "GF", "AGF", "WIN", "AW", "OPTS", "OGD", "OGF", "DISC", "CLUB"],
        N_(
            "UEFA club competitions 2024/25, art. 18.01 (the league phase of the Champions League, Europa "
            "League and Conference League): goal difference, goals scored, away goals scored, wins, away "
            "wins, the points, goal difference and goals of the league-phase opponents, disciplinary points, "
            "club coefficient (supplied: --ranking CLUB=FILE). Before the last matchday UEFA applies a) to "
            "e) only, then the alphabetical order: rank those tables with -t GD,GF,AGF,WIN,AW"
        ),
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


@dataclass(frozen=True)
class AcrossGroups:
    """How a competition played in groups compares the teams at one place of every
    group (the best third-placed teams), and what follows from it."""

    place: int
    """The place compared (3: the third-placed teams)."""
    qualify: int
    """How many of them go through."""
    criteria: list[str]
    """The criteria after points, computed over each team's group matches."""
    groups: int
    """How many groups the regulation is written for (labelled ``A`` onwards)."""
    size: int
    """How many teams each group has."""
    bracket: str
    """The knockout round drawn from the group orders: the name of its data files."""
    round_name: str
    """The knockout round's name, English (the JSON's ``knockout_round``): ``_(round_name)`` shows it."""
    source: str
    """The regulation, in words (English: ``_(source)`` shows it)."""


ACROSS: dict[str, AcrossGroups] = {
    "fifa-2026": AcrossGroups(
        3,
        8,
        ["GD", "GF", "FP", "FIFA"],
        12,
        4,
        "fifa-2026",
        N_("round of 32"),
        N_(
            "FIFA World Cup 26 regulations: the eight best of the twelve third-placed teams, by points, goal "
            "difference, goals scored, team conduct score and the FIFA ranking; their opponents in the round "
            "of 32 by the combination table of Annex C"
        ),
    ),
    "uefa-euro-2024": AcrossGroups(
        3,
        4,
        ["GD", "GF", "WIN", "DISC", "QUAL"],
        6,
        4,
        "uefa-euro-2024",
        N_("round of 16"),
        N_(
            "UEFA EURO 2024 regulations: the four best of the six third-placed teams, by points, goal "
            "difference, goals scored, wins, disciplinary points and the European qualifiers ranking; their "
            "opponents in the round of 16 by the regulations' table of the 15 combinations"
        ),
    ),
}
"""The presets of competitions that rank teams across groups (see :class:`AcrossGroups`)."""


def preset(name: str) -> list[str]:
    """The criteria of a preset regulation."""
    key = name.strip().lower()
    if key not in PRESETS:
        raise CriterionError(
            # TRANSLATORS: {presets} are the names of the preset regulations (fide-swiss, fifa-2026 …): keep them.
            _("unknown rules preset {name}; known: {presets}").format(
                name=repr(name), presets=", ".join(sorted(PRESETS))
            )
        )
    return list(PRESETS[key][0])
