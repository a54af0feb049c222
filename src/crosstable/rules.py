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

The football presets are written per edition: ``fifa-1998`` … ``fifa-2026``,
``uefa-euro-2016``/``2020``/``2024``, ``serie-a-2005`` and ``serie-a-2022`` (``serie-a``
is the current season's, ``serie-a-2022``). :data:`EDITIONS` gives the dates each one
covers, and :func:`edition_warning` the warning for matches played outside them
(emitted once by :func:`crosstable.rank` for an explicit preset, so a competition's
groups say it once). :data:`ACROSS` holds the presets that compare the teams at one
place of every group, :data:`BRACKETS` those whose knockout round follows from the
group places alone.
"""

from __future__ import annotations

import difflib
import re
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
    "fifa-1998": (
        ["GD", "GF", "H2H1", "LOT"],
        N_(
            "FIFA World Cup France 1998 regulations (the group stage): goal difference, goals scored, then among "
            "the teams still equal the points, goal difference and goals in their matches (once), drawing of lots; "
            "the round of 16 from the group places (matches 49-56)"
        ),
    ),
    "fifa-2002": (
        ["GD", "GF", "H2H1", "LOT"],
        N_(
            "FIFA World Cup Korea/Japan 2002 regulations (the group stage): goal difference, goals scored, then "
            "among the teams still equal the points, goal difference and goals in their matches (once), drawing of "
            "lots; the round of 16 from the group places (matches 49-56: 1E v 2B …)"
        ),
    ),
    "fifa-2006": (
        ["GD", "GF", "H2H1", "LOT"],
        N_(
            "FIFA World Cup Germany 2006 regulations (the group stage): goal difference, goals scored, then among "
            "the teams still equal the points, goal difference and goals in their matches (once), drawing of lots; "
            "the round of 16 from the group places (matches 49-56)"
        ),
    ),
    "fifa-2010": (
        ["GD", "GF", "H2H1", "LOT"],
        N_(
            "FIFA World Cup South Africa 2010 regulations (the group stage): goal difference, goals scored, then "
            "among the teams still equal the points, goal difference and goals in their matches (once), drawing of "
            "lots; the round of 16 from the group places (matches 49-56)"
        ),
    ),
    "fifa-2014": (
        ["GD", "GF", "H2H1", "LOT"],
        N_(
            "FIFA World Cup Brazil 2014 regulations, art. 41: goal difference, goals scored, then among the teams "
            "still equal the points, goal difference and goals in their matches (once), drawing of lots; the round "
            "of 16 from the group places (matches 49-56)"
        ),
    ),
    "fifa-2026": (
        ["H2H", "GD", "GF", "FP", "FIFA"],
        N_(
            "FIFA World Cup 2026 regulations: head-to-head points, goal difference and goals, re-applied "
            "to a subset still level; overall goal difference and goals; fair-play points; FIFA ranking"
        ),
    ),
    "uefa-euro-2016": (
        ["H2H", "GD", "GF", "PSO", "DISC", "QUAL"],
        N_(
            "UEFA EURO 2016 regulations, art. 18: head-to-head points, goal difference and goals, re-applied to a "
            "subset still level; overall goal difference and goals; the penalty shoot-out of two teams level that "
            "met in the last round (supplied); disciplinary points; the national-team coefficient ranking "
            "(supplied as QUAL); the four best third-placed teams and the round of 16 by the regulations' table"
        ),
    ),
    "uefa-euro-2020": (
        ["H2H", "GD", "GF", "PSO", "DISC", "QUAL"],
        N_(
            "UEFA EURO 2020 regulations (played in 2021), art. 20: head-to-head points, goal difference and goals, "
            "re-applied to a subset still level; overall goal difference and goals; the penalty shoot-out of two "
            "teams level that met in the last round (supplied); disciplinary points; the European qualifiers "
            "ranking (supplied); the four best third-placed teams and the round of 16 by the regulations' table"
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
    "serie-a-2005": (
        ["H2HIT", "GD", "GF", "LOT"],
        N_(
            "Serie A 2005/06 to 2021/22 (FIGC NOIF art. 51, with the Federal Council's derogation for Serie A): "
            "points and goal "
            "difference in the matches among the clubs level (classifica avulsa, re-applied to a subset), overall "
            "goal difference, goals scored, drawing of lots; no play-off"
        ),
    ),
    "serie-a-2022": (
        ["PO", "H2HIT", "GD", "GF", "LOT"],
        N_(
            "Serie A from 2022/23 (FIGC NOIF art. 51, with the Federal Council's derogation for Serie A, C.U. 304/A "
            "of 30 June 2022; also the preset serie-a): two clubs "
            "level on points for the title or for 17th place play a deciding match (PO: its result from the "
            "fixtures' Play-off round, else the place is shared); otherwise points and goal difference in the "
            "matches among the clubs level (classifica avulsa, re-applied to a subset), overall goal difference, "
            "goals scored, drawing of lots"
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
    "caf-afcon": (
        ["H2H", "GD", "GF", "LOT"],
        N_(
            "CAF, Regulations of the Africa Cup of Nations (the 24-team editions, Egypt 2019 to Côte d'Ivoire "
            "2023), art. 74 (the numbering of the Cameroon 2021 edition): the points, then for more than two "
            "teams level the goal difference and goals, of the matches among the teams level, re-applied to two "
            "still level; goal difference; goals scored; drawing of lots. The third-placed teams: art. 75.4"
        ),
    ),
    "afc-asian-cup": (
        ["H2H", "GD", "GF", "PSO", "AFCDISC", "LOT"],
        N_(
            "AFC Asian Cup Competition Regulations (UAE 2019, Qatar 2023), the group stage's ranking: head-to-head "
            "points, goal difference and goals, re-applied to a subset still level; goal difference; goals "
            "scored; the penalty shoot-out of two teams level that met in the last round (supplied); the AFC's "
            "disciplinary points (yellow 1, second yellow 3, direct red 3, yellow then direct red 4); drawing of lots"
        ),
    ),
    "conmebol-copa-america": (
        ["GD", "GF", "H2H1", "RC", "YC", "LOT"],
        N_(
            "CONMEBOL Copa América USA 2024 regulations, the group stage's tie-breaks: goal difference, goals "
            "scored, the result of the match between the teams level (for more, the points, goal difference and "
            "goals of the matches among them), fewer red cards, fewer yellow cards, drawing of lots"
        ),
    ),
    "ligue-1": (
        ["GD", "H2HP", "H2HGD", "H2HGF", "H2HAG", "GF", "AGF"],
        N_(
            "LFP, Règlement des compétitions, art. 518 ter (Ligue 1 2023/24, as from 2017/18): goal difference, "
            "then the points, goal difference, goals and away goals of the matches between the clubs level (once "
            "both are played), goals scored, away goals scored, then the fair-play ranking (not computed). From "
            "2025/26 the away-goals criteria give way to wins and away wins"
        ),
    ),
    "efl": (
        ["GD", "GF", "H2HP", "H2HGD", "H2HGF", "WIN", "AGF"],
        N_(
            "EFL Regulations, Section 3 (the League: Championship, League One, League Two): goal difference, goals "
            "scored, then the points, goal difference and goals of the matches between the clubs level, wins, "
            "away goals, then penalty points (not computed) and a play-off match; the promotion play-offs "
            "(3rd to 6th, 4th to 7th in League Two) are not ranked here"
        ),
    ),
    "mls": (
        ["WIN", "GD", "GF", "MLSDISC", "AGD", "AGF", "HGD", "HGF", "LOT"],
        N_(
            "MLS regular-season tiebreakers (2023 to 2025): wins, goal difference, goals scored, fewest "
            "disciplinary points per match (supplied: --ranking MLSDISC=FILE), away goal difference, away goals, "
            "home goal difference, home goals, coin toss or drawing of lots"
        ),
    ),
    "eredivisie": (
        ["GD", "GF", "H2HP", "H2HGD"],
        N_(
            "KNVB, Reglement betaald voetbal (Eredivisie): goal difference, goals scored, the result of the "
            "matches between the clubs level, then a deciding match (not computed) for the title, relegation or "
            "Europe; during the season the fewer points lost rank first"
        ),
    ),
    "primeira-liga": (
        ["H2HP", "H2HGD", "GD", "WIN", "GF"],
        N_(
            "Liga Portugal, Regulamento das Competições, art. 17.1 (since away goals were removed): the points, "
            "then the goal difference, of the matches between the clubs level, goal difference, wins, goals "
            "scored; then a play-off match (not computed). During the season art. 17.3 counts the head-to-head "
            "points from the first match between them; here they wait for both"
        ),
    ),
    "uefa-nations-league": (
        ["H2H", "GD", "GF", "AGF", "WIN", "AW", "DISC", "UNL"],
        N_(
            "UEFA Nations League 2024/25 regulations, the league phase: head-to-head points, goal difference and "
            "goals, re-applied to a subset still level; goal difference; goals scored; away goals; wins; away "
            "wins; disciplinary points; the position in the access list (supplied: --ranking UNL=FILE)"
        ),
    ),
}
# Go (McMahon events; the codes of crosstable.tiebreaks.go): the points of a go file
# are the McMahon score already, so MMS first only names it.
PRESETS["egf-cup"] = (
    ["MMS", "SOS"],
    N_(
        "go, the EGF's Pandanet Go European Cup rules (from 10 April 2007): a McMahon tournament, the final "
        "order by McMahon score with the SOS tie-break"
    ),
)
PRESETS["opengotha-mcmahon"] = (
    ["MMS", "SOS", "SOSOS"],
    N_(
        "go, OpenGotha's default placement criteria for a McMahon tournament: McMahon score, the sum of the "
        "opponents' McMahon scores (SOS), the sum of the opponents' SOS (SOSOS)"
    ),
)
# Draughts (scoring "draughts", 2-1-0): FMJD's round robin. Its Swiss order (art.
# 5.11.1.2.2, on capital points or Solkoff) was not found in full text: no preset.
PRESETS["fmjd-round-robin"] = (
    ["WIN", "DE"],
    N_(
        "draughts round robin, FMJD tournament regulations art. 5.11.1.2.1 (when no play-off is provided, art. "
        "5.11.1.1): most wins, then the result between the players level; the next criterion, the best result "
        "in the order of the ranking, is not computed"
    ),
)
# The card-game Swiss (scoring 3:1:0): game results are not held, so GWP and OGW are not computed.
PRESETS["mtg"] = (
    ["OMW"],
    N_(
        "Magic: The Gathering Tournament Rules, 3.1 and Appendix C (rank with --scoring 3:1:0): match points, "
        "then the opponents' match-win percentage (0.33 floor); the game-win percentages after it need the "
        "games of each match, which are not read, and are not computed"
    ),
)
PRESETS["fifa-2022"] = PRESETS["fifa-2018"]
PRESETS["serie-a"] = PRESETS["serie-a-2022"]  # the current season's rules


@dataclass(frozen=True)
class Edition:
    """The editions or seasons a preset is written for: a competition whose matches
    are played outside ``first``–``last`` (ISO dates; ``last`` ``None``: still in
    force) is ranked with a warning naming the preset of its ``family`` that fits."""

    family: str
    first: str
    last: str | None
    what: str
    """The editions in words, English (``_(what)`` shows them)."""


EDITIONS: dict[str, Edition] = {
    "fifa-1998": Edition("fifa", "1998-06-10", "1998-07-12", N_("the FIFA World Cup 1998")),
    "fifa-2002": Edition("fifa", "2002-05-31", "2002-06-30", N_("the FIFA World Cup 2002")),
    "fifa-2006": Edition("fifa", "2006-06-09", "2006-07-09", N_("the FIFA World Cup 2006")),
    "fifa-2010": Edition("fifa", "2010-06-11", "2010-07-11", N_("the FIFA World Cup 2010")),
    "fifa-2014": Edition("fifa", "2014-06-12", "2014-07-13", N_("the FIFA World Cup 2014")),
    "fifa-2018": Edition("fifa", "2018-06-14", "2018-07-15", N_("the FIFA World Cup 2018")),
    "fifa-2022": Edition("fifa", "2022-11-20", "2022-12-18", N_("the FIFA World Cup 2022")),
    "fifa-2026": Edition("fifa", "2026-06-11", "2026-07-19", N_("the FIFA World Cup 2026")),
    "uefa-euro-2016": Edition("uefa-euro", "2016-06-10", "2016-07-10", N_("UEFA EURO 2016")),
    "uefa-euro-2020": Edition("uefa-euro", "2021-06-11", "2021-07-11", N_("UEFA EURO 2020 (played in 2021)")),
    "uefa-euro-2024": Edition("uefa-euro", "2024-06-14", "2024-07-14", N_("UEFA EURO 2024")),
    "serie-a-2005": Edition("serie-a", "2005-07-01", "2022-06-30", N_("Serie A 2005/06 to 2021/22")),
    "serie-a-2022": Edition("serie-a", "2022-07-01", None, N_("Serie A from 2022/23")),
    "caf-afcon": Edition("caf-afcon", "2019-06-21", "2024-02-11", N_("the Africa Cup of Nations 2019 to 2023")),
    "afc-asian-cup": Edition("afc-asian-cup", "2019-01-05", "2024-02-10", N_("the AFC Asian Cup 2019 and 2023")),
    "conmebol-copa-america": Edition("conmebol-copa-america", "2024-06-20", "2024-07-14", N_("the Copa América 2024")),
    "ligue-1": Edition("ligue-1", "2017-07-01", "2025-06-30", N_("Ligue 1 2017/18 to 2024/25")),
}
"""The editions each preset of a competition that changes its rules is written for
(the tournaments' dates, the seasons from 1 July); the presets not listed apply to
any date."""
EDITIONS["serie-a"] = EDITIONS["serie-a-2022"]  # as its preset: the current season's rules

_DATE = re.compile(r"(\d{4})[-/.](\d{2})[-/.](\d{2})")


def _iso(text: str | None) -> str | None:
    """A date as ISO ``YYYY-MM-DD`` (``2016/06/10`` and ``2016.06.10`` too); ``None``: not one."""
    m = _DATE.match(text.strip()) if text else None
    return None if m is None else "-".join(m.groups())


def _covers(edition: Edition, first: str, last: str) -> bool:
    return edition.first <= first and (edition.last is None or last <= edition.last)


def edition_warning(name: str, start: str | None, end: str | None) -> str | None:
    """A warning when the matches (played from ``start`` to ``end``, the fixtures'
    first and last dates) fall outside the editions preset ``name`` is written for
    (:data:`EDITIONS`), naming the preset that fits them if there is one; ``None``
    when they fit, when the preset applies to any date, or when no date is known."""
    key = name.strip().lower()
    edition = EDITIONS.get(key)
    first = _iso(start)
    last = _iso(end) or first
    if edition is None or first is None or last is None or _covers(edition, first, last):
        return None
    fits = next((k for k, e in EDITIONS.items() if e.family == edition.family and _covers(e, first, last)), None)
    span = (
        # TRANSLATORS: {first} and {last} are ISO dates (2024-06-14): the editions a preset is written for.
        _("{first} to {last}").format(first=edition.first, last=edition.last)
        if edition.last is not None
        # TRANSLATORS: {first} is an ISO date: a preset written for the seasons from that date on.
        else _("from {first}").format(first=edition.first)
    )
    if fits is not None:
        # TRANSLATORS: {name} and {fits} are presets (uefa-euro-2024), {editions} what a preset is written for
        # (UEFA EURO 2024), {span} its dates; {start} and {end} the first and last dates of the matches.
        message = _(
            "preset {name} is written for {editions} ({span}); these matches are played from {start} to {end}: "
            "rank them with preset {fits}"
        )
    else:
        # TRANSLATORS: as the message before it, when no preset is written for those dates.
        message = _(
            "preset {name} is written for {editions} ({span}); these matches are played from {start} to {end}, "
            "and no preset is written for them"
        )
    return message.format(name=key, editions=_(edition.what), span=span, start=first, end=last, fits=fits)


DEFAULTS = {
    ("individual", "swiss"): "fide-swiss",
    ("individual", "round-robin"): "fide-rr",
    ("team", "swiss"): "fide-team-swiss",
    ("team", "round-robin"): "fide-team-rr",
    ("football", "swiss"): "fifa-2026",
    ("football", "round-robin"): "fifa-2026",
    ("go", "swiss"): "opengotha-mcmahon",
    ("go", "round-robin"): "opengotha-mcmahon",
}
"""The preset of each kind of event (individual, team, football, go) and system, used
when no list is given: FIDE's recommended orders for chess, the current FIFA World
Cup's for football, OpenGotha's default for go (whose files, the EGD's and
OpenGotha's, usually give their own list)."""


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
    "uefa-euro-2016": AcrossGroups(
        3,
        4,
        ["GD", "GF", "DISC", "QUAL"],
        6,
        4,
        "uefa-euro-2016",
        N_("round of 16"),
        N_(
            "UEFA EURO 2016 regulations, art. 18: the four best of the six third-placed teams, by points, goal "
            "difference, goals scored, disciplinary points and the national-team coefficient ranking (supplied as "
            "QUAL); their opponents (the winners of groups A to D) in the round of 16 by the regulations' table of "
            "the 15 combinations"
        ),
    ),
    "uefa-euro-2020": AcrossGroups(
        3,
        4,
        ["GD", "GF", "WIN", "DISC", "QUAL"],
        6,
        4,
        "uefa-euro-2020",
        N_("round of 16"),
        N_(
            "UEFA EURO 2020 regulations, art. 21.03: the four best of the six third-placed teams, by points, goal "
            "difference, goals scored, wins, disciplinary points and the European qualifiers ranking; their "
            "opponents (the winners of groups B, C, E and F) in the round of 16 by the regulations' table of the 15 "
            "combinations (art. 21.05)"
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
    "caf-afcon": AcrossGroups(
        3,
        4,
        ["GD", "GF", "LOT"],
        6,
        4,
        "caf-afcon",
        N_("round of 16"),
        N_(
            "CAF, Regulations of the Africa Cup of Nations, art. 75.4: the four best of the six third-placed teams, "
            "by points, goal difference, goals scored and drawing of lots; their opponents in the round of 16 by "
            "the table of the 15 combinations"
        ),
    ),
    "afc-asian-cup": AcrossGroups(
        3,
        4,
        ["GD", "GF", "AFCDISC", "LOT"],
        6,
        4,
        "afc-asian-cup",
        N_("round of 16"),
        N_(
            "AFC Asian Cup Competition Regulations: the four best of the six third-placed teams, by points, goal "
            "difference, goals scored, the AFC's disciplinary points and drawing of lots; their opponents in the "
            "round of 16 by the table of the 15 combinations"
        ),
    ),
}
"""The presets of competitions that rank teams across groups (see :class:`AcrossGroups`)."""


@dataclass(frozen=True)
class GroupBracket:
    """A knockout round drawn from the group places alone (winners and runners-up:
    no teams compared across the groups), as the World Cups of 1998 to 2022 draw
    their round of 16 (``1A`` v ``2B`` …)."""

    groups: int
    """How many groups the regulation is written for (labelled ``A`` onwards)."""
    size: int
    """How many teams each group has."""
    bracket: str
    """The knockout round's data file: ``{bracket}-round-of-16.csv``."""
    round_name: str
    """The knockout round's name, English (``_(round_name)`` shows it)."""
    source: str
    """The regulation, in words (English: ``_(source)`` shows it)."""


BRACKETS: dict[str, GroupBracket] = {
    name: GroupBracket(8, 4, name, N_("round of 16"), source)
    for name, source in (
        ("fifa-1998", N_("FIFA World Cup 1998: the round of 16 from the group places, matches 49-56")),
        ("fifa-2002", N_("FIFA World Cup 2002: the round of 16 from the group places, matches 49-56")),
        ("fifa-2006", N_("FIFA World Cup 2006: the round of 16 from the group places, matches 49-56")),
        ("fifa-2010", N_("FIFA World Cup 2010: the round of 16 from the group places, matches 49-56")),
        ("fifa-2014", N_("FIFA World Cup 2014: the round of 16 from the group places, matches 49-56")),
        ("fifa-2018", N_("FIFA World Cup 2018: the round of 16 from the group places, matches 49-56")),
        ("fifa-2022", N_("FIFA World Cup 2022: the round of 16 from the group places, matches 49-56")),
    )
}
"""The presets whose knockout round follows from the group places alone (see
:class:`GroupBracket`): the World Cups of 32 teams in eight groups."""


def preset(name: str) -> list[str]:
    """The criteria of a preset regulation."""
    key = name.strip().lower()
    if key not in PRESETS:
        near = difflib.get_close_matches(key, list(PRESETS), n=3, cutoff=0.6)
        if near:
            # TRANSLATORS: {near} are the names of the presets spelled most like the one given (fifa-2018, fifa-2022).
            raise CriterionError(
                _("unknown rules preset {name}; did you mean {near}?").format(name=repr(name), near=", ".join(near))
            )
        raise CriterionError(
            # TRANSLATORS: {presets} are the names of the preset regulations (fide-swiss, fifa-2026 …): keep them.
            _("unknown rules preset {name}; known: {presets}").format(name=repr(name), presets=preset_names())
        )
    return list(PRESETS[key][0])


def preset_names() -> str:
    """Every preset's name, the editions of one regulation written once:
    ``fifa-1998/2002/2006``, ``uefa-euro-2016/2020/2024``.

    >>> preset_names().split(", ")[:3]
    ['afc-asian-cup', 'bundesliga', 'caf-afcon']
    """
    editions: dict[str, list[str]] = {}
    for name in sorted(PRESETS):
        stem, _dash, year = name.rpartition("-")
        key, value = (stem, year) if stem and year.isdigit() and stem not in PRESETS else (name, "")
        editions.setdefault(key, []).append(value)
    return ", ".join(f"{k}-{'/'.join(v)}" if v[0] else k for k, v in editions.items())
