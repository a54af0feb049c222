"""FIDE rating changes of an event, under the FIDE Rating Regulations (FIDE Handbook B.02).

For every rated player: each game against a rated opponent with the expected score
from the conversion table 8.1.2, the development coefficient K, and the change
``K × (score − expected)``, per game and in total; for every unrated player, the
initial rating this event gives (art. 8.2) when the regulations let one be computed
from it. Everything is exact (``Fraction``): the table's probabilities are
two-decimal numbers, K a whole number, so a change is an exact decimal.

The editions (the one in force on the event's start date, TRF ``042``, unless
``edition=`` says which):

- ``2022``: *FIDE Rating Regulations effective from 1 January 2022 till 29 February
  2024* (https://handbook.fide.com/chapter/B022022). The 400-point rule of 8.3.1 with
  "only one upgrade" per tournament, "for the game in which the rating difference is
  greatest". Our reading: the upgrade is the higher-rated player's (the opponent's
  rating raised to 400 below his own); for the lower-rated player a difference of
  more than 400 always counts as 400. The initial rating of 8.2.3 (2022): ``Ra`` the
  average of the rated opponents, ``Ru = Ra`` at 50 %, ``Ra + 20`` for each half point
  over 50 %, ``Ra + dp`` below 50 %.
- ``2024``: *FIDE Rating Regulations effective from 1 March 2024* (approved by the FIDE
  Council on 15/12/2023; https://handbook.fide.com/chapter/B022024), until 30 September
  2025: every difference over 400 counts as 400. Initial rating 8.2.2-8.2.3: two
  hypothetical opponents rated 1800, both drawn, join the rated opponents;
  ``Ru = Ra + dp``, rounded, at most 2200.
- ``2025``: the same chapter as amended from 1 October 2025 (8.3.1): the 400-point rule
  for players rated below 2650; for a player rated 2650 or more the actual difference.
- ``rapid-2024`` and ``rapid-2024-12``: *FIDE Rapid and Blitz Rating Regulations
  effective from 1 March 2024* (https://handbook.fide.com/chapter/B02RBRegulations2024),
  for rapid and blitz events (``category="rapid"`` or ``"blitz"``): the same tables, K
  and rounding; the 400-point rule for everybody; from 1 December 2024 (7.3.1) a game
  between players whose ratings differ by 600 or more is not rated when one of them
  is rated above 2600. A standard rating an unrated player has is not known to the
  file (7.2.1 of that chapter): give it as their rating.

Decisions:

- **K** (8.3.3) is 40 for a player new to the list until 30 games, 40 until the end of
  the year of the 18th birthday while the rating is under 2300, 20 under 2400, 10 once
  the published rating has reached 2400. A file gives the rating but neither the games
  played before nor (in the model) the birth date: K is ``k_of[name]`` when given,
  else 10 for a rating of 2400 or more (the rule that the rating decides), else the
  default ``k`` (20), and the result says so. :func:`development_coefficient` applies
  8.3.3 to what is known. The rule of 8.3.3 that ``K × n`` may not exceed 700 (``n``:
  the player's games in the rating period) is applied to this event's games; games of
  other events of the same period can lower K further.
- **Rounding** (8.3.4): "The Rating Change for a Rating Period is rounded to the
  nearest whole number. 0.5 is rounded away from zero." The rounding is of a rating
  period's total, not of a game or of an event: ``change`` is the exact change of the
  event, ``rounded`` the change were this event the period's only one.
- **Games counted**: games played over the board (a forfeit is not counted, 5.1)
  against a rated opponent (8.3.1); a game against an unrated player is not counted
  for the rated player. An opponent who receives a rating from this event still
  counts as unrated (8.2.4).
- **Initial ratings** (8.2, 7.1.4): computed from this event's games against rated
  opponents; published only from 5 such games (pooled over events within 26 months:
  this event alone may not be enough) and, under the 2024 editions, at least 1400 (the
  2022 edition's floor and maximum are not applied). A zero score in the player's
  first event is disregarded (8.2.1): the file does not say whether the event is the
  first, so a zero score gives no rating, with the reason. Not done: pooling with
  other events, 8.2.4, and matches (6.1).
- The percentage of 8.2.3 is rounded to a whole percent, 0.5 up, as the Title
  Regulations' table 1.4.9 says for the same table (the Rating Regulations do not say).
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Literal

from crosstable.fields import ArgumentError, Range, argument_error, check_type, parse_date, whole_argument
from crosstable.i18n import N_, _, integer_text, ngettext
from crosstable.model import PLAYED, Tournament, tournament_argument
from crosstable.numbers import fmt_decimal, half_up, show_decimal, show_fixed
from crosstable.tiebreaks.rating import dp

K_VALUE = Range(1, 40, N_("{cell} is not a development coefficient K from {low} to {high}"))
RATED = Range(1, 4000, N_("{cell} is not a rating from {low} to {high}"))
A_K_MAPPING = N_("a mapping of participants' names to their K (whole numbers)")
A_CATEGORY = N_("one of 'standard', 'rapid', 'blitz'")
AN_EDITION = N_("an edition of the FIDE Rating Regulations: {codes}")

#: FIDE Rating Regulations (effective from 1 March 2024; the same table in the 2022
#: edition and in the Rapid and Blitz chapter), table 8.1.2: the conversion of a
#: difference in rating ``D`` into the scoring probability ``PD`` of the higher rated
#: player, one row per range ``(lowest D, highest D, PD in hundredths)``; the lower
#: rated player's ``PD`` is 1 − that. The last row is "> 735".
PD_TABLE: tuple[tuple[int, int | None, int], ...] = (
    (0, 3, 50), (4, 10, 51), (11, 17, 52), (18, 25, 53), (26, 32, 54), (33, 39, 55), (40, 46, 56),
    (47, 53, 57), (54, 61, 58), (62, 68, 59), (69, 76, 60), (77, 83, 61), (84, 91, 62), (92, 98, 63),
    (99, 106, 64), (107, 113, 65), (114, 121, 66), (122, 129, 67), (130, 137, 68), (138, 145, 69),
    (146, 153, 70), (154, 162, 71), (163, 170, 72), (171, 179, 73), (180, 188, 74), (189, 197, 75),
    (198, 206, 76), (207, 215, 77), (216, 225, 78), (226, 235, 79), (236, 245, 80), (246, 256, 81),
    (257, 267, 82), (268, 278, 83), (279, 290, 84), (291, 302, 85), (303, 315, 86), (316, 328, 87),
    (329, 344, 88), (345, 357, 89), (358, 374, 90), (375, 391, 91), (392, 411, 92), (412, 432, 93),
    (433, 456, 94), (457, 484, 95), (485, 517, 96), (518, 559, 97), (560, 619, 98), (620, 735, 99),
    (736, None, 100),
)  # fmt: skip

_PD_HIGH = [pd for low, high, pd in PD_TABLE[:-1] for _d in range(low, (high or low) + 1)]

HYPOTHETICAL = 1800
"""8.2.2 (2024): the rating of the two hypothetical opponents of an initial rating."""
MAX_INITIAL = 2200
"""8.2.3 (2024): the maximum initial rating."""
FLOOR = 1400
"""7.1.4 and 7.2.1 (2024): the lowest rating published."""
MIN_GAMES = 5
"""7.1.4: the games against rated opponents a first rating needs."""
MAX_K_GAMES = 700
"""8.3.3: ``K × n`` may not exceed 700."""

Cap = Literal["once", "always", "below-2650"]


@dataclass(frozen=True)
class Edition:
    """An edition of the FIDE Rating Regulations and what in it changes the arithmetic."""

    code: str
    """What ``edition=`` takes (``2024``)."""
    title: str
    """The regulation's name as the Handbook gives it (a msgid; :attr:`name` translates it)."""
    effective: datetime.date
    url: str
    cap: Cap
    """The 400-point rule: ``once`` per tournament (2022), ``always`` (2024), or for
    players rated below 2650 (2025)."""
    initial: Literal["2022", "2024"]
    """Which article 8.2 computes the initial ratings."""
    category: Literal["standard", "rapid"] = "standard"
    exclude_600: bool = False
    """Rapid and blitz from 1 December 2024: a game between ratings 600 or more apart,
    one of them above 2600, is not rated."""

    @property
    def name(self) -> str:
        """The edition's name in the current language."""
        return _(self.title)


EDITIONS: dict[str, Edition] = {
    e.code: e
    for e in (
        Edition(
            "2022",
            N_("FIDE Rating Regulations effective from 1 January 2022 till 29 February 2024"),
            datetime.date(2022, 1, 1),
            "https://handbook.fide.com/chapter/B022022",
            "once",
            "2022",
        ),
        Edition(
            "2024",
            N_("FIDE Rating Regulations effective from 1 March 2024"),
            datetime.date(2024, 3, 1),
            "https://handbook.fide.com/chapter/B022024",
            "always",
            "2024",
        ),
        Edition(
            "2025",
            N_("FIDE Rating Regulations effective from 1 March 2024, as amended from 1 October 2025"),
            datetime.date(2025, 10, 1),
            "https://handbook.fide.com/chapter/B022024",
            "below-2650",
            "2024",
        ),
        Edition(
            "rapid-2024",
            N_("FIDE Rapid and Blitz Rating Regulations effective from 1 March 2024"),
            datetime.date(2024, 3, 1),
            "https://handbook.fide.com/chapter/B02RBRegulations2024",
            "always",
            "2024",
            "rapid",
        ),
        Edition(
            "rapid-2024-12",
            N_("FIDE Rapid and Blitz Rating Regulations effective from 1 March 2024, as amended from 1 December 2024"),
            datetime.date(2024, 12, 1),
            "https://handbook.fide.com/chapter/B02RBRegulations2024",
            "always",
            "2024",
            "rapid",
            exclude_600=True,
        ),
    )
}
"""The editions implemented, by code."""


def score_probability(difference: int) -> Fraction:
    """Table 8.1.2: the scoring probability ``PD`` of a player whose rating is
    ``difference`` above the opponent's (below when negative), the difference as
    counted (after the 400-point rule).

    >>> [str(score_probability(d)) for d in (0, 3, 4, -4, 400, 735, 736, -800)]
    ['1/2', '1/2', '51/100', '49/100', '23/25', '99/100', '1', '0']
    """
    d = abs(difference)
    high = Fraction(_PD_HIGH[d] if d < len(_PD_HIGH) else 100, 100)
    return high if difference >= 0 else 1 - high


def counted_difference(rating: int, opponent: int, edition: Edition) -> int:
    """The difference ``rating − opponent`` as 8.3.1 counts it for the player rated
    ``rating``: at most 400 either way, except for a player rated 2650 or more from 1
    October 2025. (Under the 2022 edition's "only one upgrade" see :func:`rating_changes`;
    a single game counts as that upgrade.)

    >>> e = EDITIONS["2025"]
    >>> counted_difference(2200, 1500, e), counted_difference(1500, 2200, e), counted_difference(2700, 2200, e)
    (400, -400, 500)
    """
    d = rating - opponent
    if edition.cap == "below-2650" and rating >= 2650:
        return d
    return max(-400, min(400, d))


def expected_score(rating: int, opponent: int, edition: str = "2025") -> Fraction:
    """The expected score of a player rated ``rating`` against one rated ``opponent``
    (table 8.1.2 after the 400-point rule of ``edition``).

    >>> str(expected_score(2000, 1900)), str(expected_score(1500, 2200)), str(expected_score(2700, 1900))
    ('16/25', '2/25', '1')
    """
    e = edition_argument(edition)
    r = whole_argument(rating, RATED, "rating")
    o = whole_argument(opponent, RATED, "opponent")
    return score_probability(counted_difference(r, o, e))


def fide_round(value: Fraction) -> int:
    """8.3.4: to the nearest whole number, 0.5 away from zero.

    >>> fide_round(Fraction(5, 2)), fide_round(Fraction(-5, 2)), fide_round(Fraction(-12, 5))
    (3, -3, -2)
    """
    return half_up(value) if value >= 0 else -half_up(-value)


def development_coefficient(
    rating: int,
    *,
    games_before: int | None = None,
    birth_year: int | None = None,
    year: int | None = None,
    reached_2400: bool = False,
) -> int | None:
    """K under 8.3.3 (2024) from what is known of the player, ``None`` when that does
    not decide it: ``games_before`` the rated games completed before the event,
    ``birth_year`` and ``year`` (the event's) for the junior rule, ``reached_2400`` when
    the published rating once reached 2400.

    >>> development_coefficient(2450), development_coefficient(1900, games_before=12)
    (10, 40)
    >>> development_coefficient(1900, games_before=80, birth_year=2009, year=2027)
    40
    >>> development_coefficient(2350, games_before=80, birth_year=2009, year=2027), development_coefficient(1900)
    (20, None)
    """
    r = whole_argument(rating, RATED, "rating")
    if r >= 2400 or reached_2400:
        return 10
    if games_before is not None and games_before < 30:
        return 40
    junior: bool | None = None
    if birth_year is not None and year is not None:
        junior = year - birth_year <= 18
    if junior and r < 2300:
        return 40
    if games_before is not None and junior is not None:
        return 20
    return None


@dataclass(frozen=True)
class GameRating:
    """One game of a rated player against a rated opponent."""

    round: int
    opponent: str
    opponent_rating: int
    difference: int
    """The player's rating minus the opponent's, as counted (8.3.1)."""
    score: Fraction
    expected: Fraction
    change: Fraction
    """``K × (score − expected)``, exact."""


@dataclass(frozen=True)
class RatingChange:
    """A rated player's change over the event."""

    name: str
    rating: int
    k: int
    k_reason: str
    """Where K comes from, a sentence."""
    games: tuple[GameRating, ...]
    score: Fraction
    expected: Fraction
    change: Fraction
    """``K × (score − expected)`` summed, exact."""
    rounded: int
    """:attr:`change` rounded as 8.3.4 rounds a rating period's change."""

    @property
    def counted(self) -> int:
        """The games counted."""
        return len(self.games)


@dataclass(frozen=True)
class InitialRating:
    """An unrated player's first rating from this event (art. 8.2)."""

    name: str
    games: int
    """Games against rated opponents."""
    score: Fraction
    """Their score in them."""
    average: Fraction
    """``Ra``: the average rating of the opponents (with the two hypothetical ones, 2024)."""
    percent: int
    """The percentage score the table is read at (with the hypothetical draws, 2024)."""
    difference: int
    """``dp`` (or the 2022 edition's 20 per half point over 50 %)."""
    rating: int | None
    """``Ru``, when the regulations let this event give it; else ``None``."""
    reason: str
    """Why :attr:`rating` is what it is, a sentence."""


@dataclass
class RatingReport:
    """The rating changes of an event."""

    edition: Edition
    edition_reason: str
    players: list[RatingChange] = field(default_factory=list)
    unrated: list[InitialRating] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)

    def player(self, name: str) -> RatingChange:
        """The change of ``name`` (a :class:`KeyError` when they are not rated)."""
        for p in self.players:
            if p.name == name:
                return p
        raise KeyError(name)

    def to_dict(self) -> dict[str, object]:
        """A JSON-ready dictionary (numbers as decimal strings, exact)."""

        dec = fmt_decimal
        return {
            "edition": {"code": self.edition.code, "title": self.edition.title, "url": self.edition.url},
            "players": [
                {
                    "name": p.name,
                    "rating": p.rating,
                    "k": p.k,
                    "games": p.counted,
                    "score": dec(p.score),
                    "expected": dec(p.expected),
                    "change": dec(p.change),
                    "rounded": p.rounded,
                    "per_game": [
                        {
                            "round": g.round,
                            "opponent": g.opponent,
                            "opponent_rating": g.opponent_rating,
                            "difference": g.difference,
                            "score": dec(g.score),
                            "expected": dec(g.expected),
                            "change": dec(g.change),
                        }
                        for g in p.games
                    ],
                }
                for p in self.players
            ],
            "unrated": [
                {
                    "name": u.name,
                    "games": u.games,
                    "score": dec(u.score),
                    "average": dec(u.average),
                    "rating": u.rating,
                }
                for u in self.unrated
            ],
            "warnings": list(self.warnings),
        }


def edition_argument(value: object) -> Edition:
    """``value`` (an edition's code) as the :class:`Edition`, else an :class:`ArgumentError`."""
    if isinstance(value, Edition):
        return value
    if isinstance(value, str) and value in EDITIONS:
        return EDITIONS[value]
    raise argument_error("edition", _(AN_EDITION).format(codes=", ".join(EDITIONS)), value)


def edition_of(start_date: str | None, category: str = "standard") -> tuple[Edition, str]:
    """The edition in force on ``start_date`` (as a file writes it), and why.

    >>> edition_of("2024/03/18")[0].code, edition_of("2025-10-01")[0].code, edition_of("05.01.2023")[0].code
    ('2024', '2025', '2022')
    >>> edition_of("2024-12-05", "blitz")[0].code
    'rapid-2024-12'
    """
    kind = "rapid" if category in ("rapid", "blitz") else "standard"
    candidates = sorted((e for e in EDITIONS.values() if e.category == kind), key=lambda e: e.effective)
    latest = candidates[-1]
    if start_date is None or not start_date.strip():
        # TRANSLATORS: {edition} is the name of a FIDE regulation ("FIDE Rating Regulations effective from …")
        return latest, _("{edition}: the file gives no start date").format(edition=latest.name)
    day = parse_date(start_date)
    if day is None:
        # TRANSLATORS: {edition} is the name of a FIDE regulation; {date} the start date as the file writes it
        return latest, _('{edition}: the start date "{date}" cannot be read').format(
            edition=latest.name, date=start_date.strip()
        )
    chosen = next((e for e in reversed(candidates) if day >= e.effective), None)
    if chosen is None:
        chosen = candidates[0]
        # TRANSLATORS: {edition} is the name of a FIDE regulation; {day} a date (2020-05-29)
        return chosen, _(
            "{edition}: the event started on {day}, before it; earlier editions are not implemented"
        ).format(edition=chosen.name, day=day.isoformat())
    # TRANSLATORS: {edition} is the name of a FIDE regulation; {day} a date (2024-09-01)
    return chosen, _("{edition}: the event started on {day}").format(edition=chosen.name, day=day.isoformat())


def _k_of_argument(value: object) -> dict[str, int]:
    if value is None:
        return {}
    if not isinstance(value, Mapping):
        raise argument_error("k_of", _(A_K_MAPPING), value)
    out: dict[str, int] = {}
    for name, k in value.items():
        check_type(name, str, "k_of", A_K_MAPPING)
        out[name] = whole_argument(k, K_VALUE, "k_of")
    return out


def _rated(r: int | None) -> bool:
    return r is not None and r > 0


def rating_changes(
    t: Tournament,
    *,
    k: int = 20,
    k_of: Mapping[str, int] | None = None,
    edition: str | None = None,
    category: str = "standard",
) -> RatingReport:
    """The FIDE rating change of every rated participant of ``t``, and the initial
    rating of every unrated one, under the edition in force at its start date (or
    ``edition``, a code of :data:`EDITIONS`); ``category`` is ``standard``, ``rapid``
    or ``blitz``.

    K of a player is ``k_of[name]``, else 10 for a rating of 2400 or more, else ``k``.

    >>> t = Tournament.from_games(["A", "B"], [("A", "B", "1-0")])
    >>> t.ratings = [2000, 1900]
    >>> r = rating_changes(t, edition="2024")
    >>> [(p.name, str(p.expected), str(p.change), p.rounded) for p in r.players]
    [('A', '16/25', '36/5', 7), ('B', '9/25', '-36/5', -7)]
    """
    tt = tournament_argument(t)
    k_default = whole_argument(k, K_VALUE, "k")
    given = _k_of_argument(k_of)
    cat = check_type(category, str, "category", A_CATEGORY)
    if cat not in ("standard", "rapid", "blitz"):
        raise argument_error("category", _(A_CATEGORY), category)
    if edition is None:
        ed, reason = edition_of(tt.start_date, cat)
    else:
        ed = edition_argument(edition)
        # TRANSLATORS: {edition} is the name of a FIDE regulation
        reason = _("{edition}: as asked").format(edition=ed.name)
    if tt.kind != "result":
        raise ArgumentError(_("t must be an event of individual games (chess results)"))
    report = RatingReport(ed, reason)
    day = parse_date(tt.start_date or "")
    if edition is None and (day is None or day < ed.effective):
        report.warnings.append(reason)  # no date, none readable, or before every edition here: said twice
    unknown = sorted(set(given) - set(tt.names))
    if unknown:
        raise ArgumentError(
            # TRANSLATORS: {names} are names given to k_of that are no participant's
            _("k_of names no participant: {names}").format(names=", ".join(repr(n) for n in unknown[:5]))
        )
    n = len(tt.names)
    ratings: list[int | None] = list(tt.ratings) if tt.ratings is not None else [None] * n
    for r in ratings:
        if r is not None and r != 0:
            whole_argument(r, RATED, "t.ratings")
    # every played game, per participant: (round, opponent, score)
    played: list[list[tuple[int, int, Fraction]]] = [[] for _i in range(n)]
    assert tt.rounds is not None and tt.status is not None
    for g in range(len(tt.white)):
        if int(tt.status[g]) != PLAYED:
            continue
        w, b = int(tt.white[g]), int(tt.black[g])
        wo, bo = int(tt.white_outcome[g]), int(tt.black_outcome[g])
        if wo < 0 or bo < 0:
            continue
        rnd = int(tt.rounds[g])
        played[w].append((rnd, b, Fraction(wo, 2)))
        played[b].append((rnd, w, Fraction(bo, 2)))
    assumed: list[str] = []
    excluded = 0
    for i, name in enumerate(tt.names):
        own = ratings[i]
        games = []
        for rnd, o, score in played[i]:
            opp = ratings[o]
            if not _rated(opp):
                continue
            assert opp is not None
            if not _rated(own):
                games.append((rnd, o, opp, score))
                continue
            assert own is not None
            if ed.exclude_600 and abs(own - opp) >= 600 and max(own, opp) > 2600:
                excluded += 1
                continue
            games.append((rnd, o, opp, score))
        if not _rated(own):
            report.unrated.append(_initial(name, [(opp, s) for _r, _o, opp, s in games], ed))
            continue
        assert own is not None
        if name in given:
            kk, k_reason = given[name], _("given")
        elif own >= 2400:
            kk, k_reason = 10, _("rating 2400 or more (8.3.3)")
        else:
            kk, k_reason = k_default, _("assumed: the file does not say whether the player is new or a junior")
            if games:
                assumed.append(name)
        if games and kk * len(games) > MAX_K_GAMES:
            kk = MAX_K_GAMES // len(games)
            # TRANSLATORS: {reason} is where K came from; {n} the number of games; 700 is the limit of K × games
            k_reason = ngettext(
                "{reason}; lowered to {k} for {n} game (K × n at most 700, 8.3.3)",
                "{reason}; lowered to {k} for {n} games (K × n at most 700, 8.3.3)",
                len(games),
            ).format(reason=k_reason, k=integer_text(kk), n=integer_text(len(games)))
        diffs = [counted_difference(own, opp, ed) for _r, _o, opp, _s in games]
        if ed.cap == "once":
            diffs = _once(own, [opp for _r, _o, opp, _s in games])
        rows = []
        for (rnd, o, opp, score), d in zip(games, diffs, strict=True):
            pd = score_probability(d)
            rows.append(GameRating(rnd, tt.names[o], opp, d, score, pd, kk * (score - pd)))
        total_score = sum((g.score for g in rows), Fraction(0))
        total_expected = sum((g.expected for g in rows), Fraction(0))
        change = kk * (total_score - total_expected)
        report.players.append(
            RatingChange(name, own, kk, k_reason, tuple(rows), total_score, total_expected, change, fide_round(change))
        )
    if assumed:
        report.warnings.append(
            # TRANSLATORS: {n} players, {k} the K assumed for them; k_of is the library's argument
            ngettext(
                "K of {n} player rated under 2400 is assumed to be {k}: the file does not say who is new "
                "(under 30 games) or a junior (K 40); give it with k_of",
                "K of {n} players rated under 2400 is assumed to be {k}: the file does not say who is new "
                "(under 30 games) or a junior (K 40); give it with k_of",
                len(assumed),
            ).format(n=integer_text(len(assumed)), k=integer_text(k_default))
        )
    if excluded:
        report.warnings.append(
            # TRANSLATORS: {n} is a number of games
            ngettext(
                "{n} game result is not rated: the ratings differ by 600 or more and one is above 2600 "
                "(Rapid and Blitz Rating Regulations 7.3.1, from 1 December 2024)",
                "{n} game results are not rated: the ratings differ by 600 or more and one is above 2600 "
                "(Rapid and Blitz Rating Regulations 7.3.1, from 1 December 2024)",
                excluded,
            ).format(n=integer_text(excluded))
        )
    return report


def _once(own: int, opponents: Sequence[int]) -> list[int]:
    """The 2022 edition's 400-point rule for one player over a tournament: a difference
    of more than 400 below the player counts as 400 below; one of more than 400 above
    counts as 400 only in the game where it is greatest (the first such game on a tie),
    the others at their actual difference."""
    diffs = [own - o for o in opponents]
    out = [max(-400, d) for d in diffs]
    over = [j for j, d in enumerate(diffs) if d > 400]
    if over:
        best = max(over, key=lambda j: (diffs[j], -j))
        out[best] = 400
    return out


def _initial(name: str, games: Sequence[tuple[int, Fraction]], edition: Edition) -> InitialRating:
    """Article 8.2 for one unrated player's games against rated opponents."""
    n = len(games)
    score = sum((s for _r, s in games), Fraction(0))
    if n == 0:
        return InitialRating(
            name, 0, score, Fraction(0), 0, 0, None, _("no game against a rated opponent: no initial rating")
        )
    if edition.initial == "2024":
        total = sum(r for r, _s in games) + 2 * HYPOTHETICAL
        average = Fraction(total, n + 2)
        percent = half_up(100 * (score + 1) / (n + 2))
        diff = dp(percent)
        value = min(half_up(average + diff), MAX_INITIAL)
    else:
        average = Fraction(sum(r for r, _s in games), n)
        percent = half_up(100 * score / n)
        half = score - Fraction(n, 2)
        diff = int(40 * half) if half > 0 else (0 if half == 0 else dp(percent))
        value = half_up(average + diff)
    rating: int | None = value
    if score == 0:
        rating, reason = None, _("a zero score: disregarded if this is the player's first event (8.2.1)")
    elif n < MIN_GAMES:
        rating = None
        # TRANSLATORS: {n} is a number of games (fewer than 5)
        reason = ngettext(
            "{n} game against rated opponents: a first rating needs 5 (7.1.4), with games of other events "
            "within 26 months",
            "{n} games against rated opponents: a first rating needs 5 (7.1.4), with games of other events "
            "within 26 months",
            n,
        ).format(n=integer_text(n))
    elif edition.initial == "2024" and value < FLOOR:
        rating = None
        # TRANSLATORS: {rating} is a rating below 1400
        reason = _("{rating} is below 1400, the lowest rating published (7.1.4)").format(rating=str(value))
    else:
        # TRANSLATORS: {average} is the average rating of the opponents, {dp} the rating difference added
        reason = _("Ra {average} + dp {dp}").format(
            average=show_decimal(average) if (average * 100).denominator == 1 else show_fixed(average, 2),
            dp=integer_text(diff),
        )
    return InitialRating(name, n, score, average, percent, diff, rating, reason)


__all__ = [
    "EDITIONS",
    "PD_TABLE",
    "Edition",
    "GameRating",
    "InitialRating",
    "RatingChange",
    "RatingReport",
    "counted_difference",
    "development_coefficient",
    "edition_of",
    "expected_score",
    "fide_round",
    "rating_changes",
    "score_probability",
]
