"""Criteria the confederations' and leagues' presets need beyond :mod:`.football`:
the AFC's disciplinary points, fewer red and yellow cards (CONMEBOL), head-to-head
goals scored (Ligue 1, the EFL), home and away goal differences (MLS), and two
values supplied from files: MLS's disciplinary points per match and the Nations
League's access list."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

import numpy as np

from crosstable.i18n import N_, _
from crosstable.model import Cards
from crosstable.numbers import show_decimal
from crosstable.tiebreaks.analysis import Analysis
from crosstable.tiebreaks.columns import Column
from crosstable.tiebreaks.football import (
    _away,
    _explain_league_h2h,
    _external,
    _league_h2h,
    _unless_no_cards,
    cards_text,
    mini_league,
    unplayed_among,
)
from crosstable.tiebreaks.registry import criterion
from crosstable.tiebreaks.spec import Spec


def afc_points(c: Cards) -> int:
    """The AFC's disciplinary points of a record: yellow 1, sent off for a second
    yellow 3, direct red 3, yellow then direct red 4."""
    return c.yellow + 3 * c.indirect_red + 3 * c.direct_red + 4 * c.yellow_and_direct_red


@criterion("AFCDISC", "AFC disciplinary points", aliases=("AFC-DISC",), lower_is_better=True, count=True)
def afc_disciplinary(a: Analysis, spec: Spec) -> Column:
    """The AFC's disciplinary points (fewer is better), counted over the group matches
    from the cards (``--discipline``): yellow card 1, indirect red card (a second
    yellow) 3, direct red card 3, yellow card then direct red card 4. None for
    everybody (–) when no cards were supplied.

    Source: AFC Asian Cup UAE 2019 Competition Regulations, the group stage's ranking
    (fewer disciplinary points, after goal difference and goals scored; also for the
    third-placed teams). Example (2019, the third-placed teams): Kyrgyzstan and Oman
    level on 3 points, 4-4 goals; Kyrgyzstan 5 yellow cards = 5 points, Oman 6 = 6:
    Kyrgyzstan ahead.
    """
    return _unless_no_cards(a, [afc_points(a.t.cards.get(i, Cards())) for i in range(a.n)])


@afc_disciplinary.explainer
def _explain_afc(a: Analysis, spec: Spec, i: int, group: Sequence[int]) -> str:
    c = a.t.cards.get(i, Cards())
    if not a.t.cards:
        return _("{label}: no cards supplied").format(label=spec.label)
    return f"{spec.label} = {show_decimal(Fraction(afc_points(c)))} ({cards_text(c)})"


def red_cards(c: Cards) -> int:
    """A record's red cards: sendings-off for a second yellow, direct reds, and direct
    reds after a yellow."""
    return c.indirect_red + c.direct_red + c.yellow_and_direct_red


@criterion("RC", "red cards", aliases=("REDS",), lower_is_better=True, count=True)
def fewer_red_cards(a: Analysis, spec: Spec) -> Column:
    """Red cards received (fewer is better), every sending-off counted once: a second
    yellow, a direct red, a direct red after a yellow. None (–) when no cards were
    supplied (``--discipline``).

    Source: CONMEBOL Copa América USA 2024 regulations, the group stage's tie-breaks
    (fewer red cards, after the head-to-head criteria). Example: one direct red and one
    second yellow give RC = 2.
    """
    return _unless_no_cards(a, [red_cards(a.t.cards.get(i, Cards())) for i in range(a.n)])


@criterion("YC", "yellow cards", aliases=("YELLOWS",), lower_is_better=True, count=True)
def fewer_yellow_cards(a: Analysis, spec: Spec) -> Column:
    """Yellow cards received (fewer is better), as the discipline file counts them
    (its ``yellow`` column). None (–) when no cards were supplied.

    Source: CONMEBOL Copa América USA 2024 regulations, the group stage's tie-breaks
    (fewer yellow cards, after fewer red cards). Example: 7 yellow cards against 5:
    the team with 5 is ahead.
    """
    return _unless_no_cards(a, [a.t.cards.get(i, Cards()).yellow for i in range(a.n)])


def _explain_counted_cards(a: Analysis, spec: Spec, i: int, group: Sequence[int]) -> str:
    if not a.t.cards:
        return _("{label}: no cards supplied").format(label=spec.label)
    value = (fewer_red_cards if spec.code == "RC" else fewer_yellow_cards)(a, spec)[i]
    return f"{spec.label} = {show_decimal(value)}"


fewer_red_cards.explainer(_explain_counted_cards)
fewer_yellow_cards.explainer(_explain_counted_cards)


@criterion("H2HGF", "head-to-head goals scored", local=True)
def head_to_head_goals(a: Analysis, spec: Spec, group: Sequence[int]) -> Column:
    """Goals scored in the matches among the clubs still level, once those matches are
    all played (home and away); none separates them before.

    Source: LFP, Règlement des compétitions, art. 518 ter (Ligue 1 2023/24: after the
    head-to-head points and goal difference). Example: 2-1 and 1-2 between two clubs
    give 3 goals each: still level, the next criterion decides.
    """
    return _league_h2h(a, group, "G")


head_to_head_goals.explainer(_explain_league_h2h)


def _goals_display(a: Analysis, group: Sequence[int], spec: Spec | None = None) -> list[Fraction | None]:
    """The head-to-head goals shown for each club of the group; none (–) while not applied."""
    if unplayed_among(a, group):
        return [None] * len(group)
    return [Fraction(x, a.t.score_denominator) for x in mini_league(a, group)[2]]


head_to_head_goals.local_display = _goals_display


def _side(a: Analysis, away: bool) -> tuple[np.ndarray, np.ndarray]:
    """Per participant, goals scored and goals conceded in its away (or home) matches."""
    half = len(a.gs) // 2
    opponent = np.concatenate([a.gs[half:], a.gs[:half]])
    mask = _away(a) if away else ~_away(a)
    return a.group_sum(a.gs, mask), a.group_sum(opponent, mask)


@criterion("AGD", "away goal difference", count=True)
def away_goal_difference(a: Analysis, spec: Spec) -> Column:
    """Goals scored minus goals conceded in away matches (the second-named side of a
    fixture).

    Source: MLS regular-season tiebreakers (2023 to 2025), 5: away goal differential.
    Example: 1-2 and 3-3 away, 0-1 at home: AGD = (2 + 3) − (1 + 3) = +1.
    """
    scored, conceded = _side(a, True)
    return Column(scored - conceded, a.t.score_denominator)


@criterion("HGD", "home goal difference", count=True)
def home_goal_difference(a: Analysis, spec: Spec) -> Column:
    """Goals scored minus goals conceded in home matches (the first-named side).

    Source: MLS regular-season tiebreakers (2023 to 2025), 7: home goal differential.
    Example: 2-0 and 1-3 at home: HGD = 3 − 3 = 0.
    """
    scored, conceded = _side(a, False)
    return Column(scored - conceded, a.t.score_denominator)


@criterion("HGF", "home goals scored", count=True)
def home_goals(a: Analysis, spec: Spec) -> Column:
    """Goals scored in home matches (the first-named side of a fixture).

    Source: MLS regular-season tiebreakers (2023 to 2025), 8: home goals for.
    Example: 2-0 and 1-3 at home: HGF = 3.
    """
    return Column(_side(a, False)[0], a.t.score_denominator)


def _explain_sides(a: Analysis, spec: Spec, i: int, group: Sequence[int]) -> str:
    d = a.t.score_denominator
    away = spec.code == "AGD"
    scored, conceded = (Fraction(int(v[i]), d) for v in _side(a, away))
    if spec.code == "HGF":
        # TRANSLATORS: {label} is a criterion's code (HGF), {goals} a number of goals.
        return _("{label} = {goals} (goals in home matches)").format(label=spec.label, goals=show_decimal(scored))
    where = _("in away matches") if away else _("in home matches")
    # TRANSLATORS: {where} is "in away matches" or "in home matches".
    return _("{label} = {scored} scored − {conceded} conceded {where} = {difference}").format(
        label=spec.label,
        scored=show_decimal(scored),
        conceded=show_decimal(conceded),
        where=where,
        difference=show_decimal(scored - conceded),
    )


for _crit in (away_goal_difference, home_goal_difference, home_goals):
    _crit.explainer(_explain_sides)


_external(
    "MLSDISC",
    N_("MLS disciplinary points per match"),
    "MLS regular-season tiebreakers (2023 to 2025), 4: fewest disciplinary points per match (fouls 1, "
    "technical staff warnings 2, yellow 3, second yellow or straight red 7)",
)
_external(
    "UNL",
    N_("position in the UEFA Nations League access list"),
    "UEFA Nations League 2024/25 regulations, the last criterion of the league phase",
)
