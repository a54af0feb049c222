"""Title norms (GM, IM, WGM, WIM) of an event, under the FIDE Title Regulations
(FIDE Handbook B.01) effective from 1 January 2024 (https://handbook.fide.com/chapter/B012024).

For every player and every norm they do not already hold a title for, the
requirements the file lets us check, each with its numbers:

- **Games** (1.4.1): at least 9 games played over the board; a forfeit or a bye is
  no game.
- **Federations** (1.4.3, 1.4.4): at least two federations other than the
  applicant's among the opponents (``FID`` is no foreign federation: our reading of
  the Regulations' note on FIDE-registered players); at most 3/5 of the opponents
  from the applicant's federation; at most 2/3 from any one federation (each whole
  number rounded down: 5 and 6 of 9).
- **Titles** (1.4.5): at least 50 % of the opponents title holders (the titles of 0.3
  without CM and WCM: GM, IM, WGM, WIM, FM, WFM), at least 1/3 of them, and at least 3,
  holders of the norm's title or a higher one (GM for a GM norm; GM or IM for IM; GM,
  IM or WGM for WGM; GM, IM, WGM or WIM for WIM); counts rounded up (5 and 3 of 9).
- **Rating floor** (1.4.6): the opponents' ratings of the file (the rating list at
  the start of the event); at most one opponent, the lowest rated, raised to the floor
  of the norm (GM 2200, IM 2050, WGM 2000, WIM 1850); an unrated opponent not raised
  counts as 1400.
- **Average** (1.4.7): the opponents' ratings (as 1.4.6 counts them) averaged and
  rounded to the nearest whole number, 0.5 up; at least GM 2380, IM 2230, WGM 2180,
  WIM 2030 (1.4.8a).
- **Performance** (1.4.8, 1.4.9): ``Rp = Ra + dp``, ``dp`` from table 1.4.9 at the
  percentage score rounded to a whole percent (0.5 up); at least GM 2600, IM 2450,
  WGM 2400, WIM 2250; and a score of at least 35 %.

The least score that would make the norm with the same opponents is given too
(``needed``): what a player must reach for the performance and the 35 %.

Not done (the arbiter decides; the result says what was checked): the exceptions of
1.4.1 (fewer games in some team and continental events), 1.4.3 a-d (national
championships, large Swiss events exempt from the federation mix), 1.4.5 f (double
round robins), the tournament's own conditions (rate of play, arbiters, rounds a day),
a norm of more than 13 games counting as 13 (1.7), the ratings applying when each
game was played in an event of more than 30 days (1.1.4), and what score in the
remaining rounds of a running event still makes a norm. WGM and WIM norms are women's:
``women=`` names them, else the file's sexes do (TRF ``001`` column 10, ``w`` or
``f``), else those norms are checked for everybody, with a warning. Only the 2024
edition is implemented: an event that started before 1 January 2024 (TRF ``042``) is
checked by it with a warning saying so.
"""

from __future__ import annotations

import dataclasses
import datetime
import functools
import math
from collections import Counter
from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from crosstable.fields import ArgumentError, argument_error, parse_date, texts_argument
from crosstable.i18n import N_, _, integer_text, ngettext
from crosstable.model import PLAYED, Tournament, tournament_argument
from crosstable.numbers import fmt_decimal, half_up, show_vulgar
from crosstable.tiebreaks.rating import dp

EDITION = N_("FIDE Title Regulations effective from 1 January 2024")
"""The edition implemented (a msgid)."""
EFFECTIVE = datetime.date(2024, 1, 1)
"""The day it came into force."""
EDITION_URL = "https://handbook.fide.com/chapter/B012024"

NORMS = ("GM", "IM", "WGM", "WIM")


@dataclass(frozen=True)
class NormRule:
    """The numbers of one norm in the Title Regulations (2024)."""

    norm: str
    performance: int
    """1.4.8: the least performance rating."""
    average: int
    """1.4.8 a: the least average rating of the opponents."""
    floor: int
    """1.4.6 b: the adjusted rating floor."""
    titles: frozenset[str]
    """1.4.5 b-e: the titles that count towards the norm's third."""


RULES: dict[str, NormRule] = {
    "GM": NormRule("GM", 2600, 2380, 2200, frozenset({"GM"})),
    "IM": NormRule("IM", 2450, 2230, 2050, frozenset({"GM", "IM"})),
    "WGM": NormRule("WGM", 2400, 2180, 2000, frozenset({"GM", "IM", "WGM"})),
    "WIM": NormRule("WIM", 2250, 2030, 1850, frozenset({"GM", "IM", "WGM", "WIM"})),
}
"""FIDE Title Regulations (2024) 0.5, 1.4.5, 1.4.6 b and 1.4.8, by norm."""

TITLE_HOLDERS = frozenset({"GM", "IM", "WGM", "WIM", "FM", "WFM"})
"""1.4.5 a: the titles of 0.3 that count as title holders (CM and WCM do not)."""
UNRATED = 1400
"""1.4.6 d: the rating of an unrated opponent not raised to the floor."""
MIN_GAMES = 9
"""1.4.1: the least number of games."""
MIN_SCORE = Fraction(35, 100)
"""1.4.8 b: the least score, for every norm."""

_ALIASES = {"G": "GM", "M": "IM", "WG": "WGM", "WM": "WIM", "F": "FM", "WF": "WFM", "C": "CM", "WC": "WCM"}
_COVERS = {
    "GM": {"GM", "IM", "WGM", "WIM"},
    "IM": {"IM", "WIM"},
    "WGM": {"WGM", "WIM"},
    "WIM": {"WIM"},
}
"""The norms a title makes needless: a GM needs no norm, an IM no IM or WIM norm …"""


def title_code(text: str) -> str:
    """A title as the file writes it (``GM``, ``g``, ``wg``, ``WIM``) as its code, ``""`` when none.

    >>> title_code("g"), title_code(" WIM "), title_code("wf"), title_code("")
    ('GM', 'WIM', 'WFM', '')
    """
    t = text.strip().upper()
    return _ALIASES.get(t, t)


def average_rating(ratings: Sequence[int | None], norm: str) -> tuple[int, int | None]:
    """1.4.6-1.4.7: the rounded average of the opponents' ``ratings`` (``None``:
    unrated) for ``norm``, and the index of the opponent raised to the floor (``None``
    when nobody is below it).

    >>> average_rating([2500, 2400, 2100, 1900, None], "GM")
    (2220, 4)
    """
    rule = RULES[norm]
    counted = [UNRATED if r is None or r <= 0 else r for r in ratings]
    raised: int | None = None
    if counted:
        low = min(range(len(counted)), key=lambda j: (counted[j], j))
        if counted[low] < rule.floor:
            counted[low], raised = rule.floor, low
    if not counted:
        return 0, None
    return half_up(Fraction(sum(counted), len(counted))), raised


def performance(score: Fraction, games: int, average: int) -> tuple[int, int]:
    """1.4.8-1.4.9: the percentage score (rounded to a whole percent, 0.5 up) and the
    performance ``Ra + dp``.

    >>> performance(Fraction(7), 9, 2380)
    (78, 2600)
    """
    percent = half_up(100 * score / games)
    return percent, average + dp(percent)


@dataclass(frozen=True)
class NormCheck:
    """One norm for one player: every requirement's numbers, and which fail."""

    norm: str
    games: int
    score: Fraction
    average: int
    """The opponents' average as 1.4.6-1.4.7 count it."""
    raised: str | None
    """The opponent whose rating was raised to the floor (1.4.6 c)."""
    percent: int
    performance: int
    needed: Fraction | None
    """The least score (in half points) that makes the performance and the 35 % with
    these opponents; ``None`` when no score does."""
    title_holders: int
    norm_titles: int
    own_federation: int
    top_federation: tuple[str, int] | None
    foreign_federations: int
    failures: tuple[str, ...]
    """The requirements not met, each a sentence; empty: the norm is made (as far as
    the file lets us check)."""
    remaining: int = 0
    """In an event still running: the rounds left (announced, not yet with results)."""
    needed_remaining: Fraction | None = None
    """In an event still running: the least score in the :attr:`remaining` rounds that
    makes the norm's performance and 35 % at the end, if the opponents to come average
    what these do (an assumption: they are not paired yet); ``None`` when none does, or
    no round is left. The other requirements are counted at the end."""

    @property
    def made(self) -> bool:
        """Whether every requirement checked is met."""
        return not self.failures


@dataclass(frozen=True)
class PlayerNorms:
    """The norms checked for one player."""

    name: str
    title: str
    federation: str
    checks: dict[str, NormCheck]

    @property
    def made(self) -> list[str]:
        """The norms made."""
        return [n for n, c in self.checks.items() if c.made]


@dataclass
class NormReport:
    """The title norms of an event."""

    players: list[PlayerNorms] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    edition: str = EDITION
    url: str = EDITION_URL

    def player(self, name: str) -> PlayerNorms:
        """The norms of ``name`` (a :class:`KeyError` when there is no such player)."""
        for p in self.players:
            if p.name == name:
                return p
        raise KeyError(name)

    def to_dict(self) -> dict[str, object]:
        """A JSON-ready dictionary (scores as decimal strings, exact)."""
        return {
            "edition": {"title": self.edition, "url": self.url},
            "players": [
                {
                    "name": p.name,
                    "title": p.title,
                    "federation": p.federation,
                    "made": p.made,
                    "norms": {
                        n: {
                            "games": c.games,
                            "score": fmt_decimal(c.score),
                            "average": c.average,
                            "raised": c.raised,
                            "percent": c.percent,
                            "performance": c.performance,
                            "needed": fmt_decimal(c.needed) if c.needed is not None else None,
                            "title_holders": c.title_holders,
                            "norm_titles": c.norm_titles,
                            "own_federation": c.own_federation,
                            "foreign_federations": c.foreign_federations,
                            "failures": list(c.failures),
                            "remaining": c.remaining,
                            "needed_remaining": (
                                fmt_decimal(c.needed_remaining) if c.needed_remaining is not None else None
                            ),
                        }
                        for n, c in p.checks.items()
                    },
                }
                for p in self.players
            ],
            "warnings": list(self.warnings),
        }


@functools.cache
def _needed(games: int, average: int, rule: NormRule) -> Fraction | None:
    """The least score (in half points) that makes the norm: both conditions grow with
    the score (``dp`` does not fall as the percentage rises), so a binary search."""

    def enough(halves: int) -> bool:
        score = Fraction(halves, 2)
        return score >= MIN_SCORE * games and performance(score, games, average)[1] >= rule.performance

    low, high = 0, 2 * games
    if not enough(high):
        return None
    while low < high:
        middle = (low + high) // 2
        if enough(middle):
            high = middle
        else:
            low = middle + 1
    return Fraction(low, 2)


def check_norm(
    norm: str,
    score: Fraction,
    opponents: Sequence[tuple[int | None, str, str]],
    federation: str,
    names: Sequence[str] | None = None,
) -> NormCheck:
    """The requirements of ``norm`` for a player of ``federation`` who scored ``score``
    in games against ``opponents`` (each ``(rating or None, title, federation)``);
    ``names``: the opponents' names, to say who was raised to the floor.

    >>> gms = [(2500, "GM", f) for f in ("NOR", "GER", "FRA")]
    >>> ims = [(2400, "IM", f) for f in ("ESP", "ITA", "NED", "HUN", "POL", "CZE")]
    >>> c = check_norm("GM", Fraction(7), gms + ims, "ENG")
    >>> c.average, c.performance, c.made, str(c.needed)
    (2433, 2653, True, '7')
    """
    if norm not in RULES:
        raise argument_error("norm", _("one of 'GM', 'IM', 'WGM', 'WIM'"), norm)
    rule = RULES[norm]
    n = len(opponents)
    average, raised = average_rating([r for r, _t, _f in opponents], norm)
    percent, rp = performance(score, n, average) if n else (0, 0)
    titles = [title_code(t) for _r, t, _f in opponents]
    holders = sum(1 for t in titles if t in TITLE_HOLDERS)
    norm_titles = sum(1 for t in titles if t in rule.titles)
    feds = Counter(f.strip().upper() for _r, _t, f in opponents if f.strip())
    own = federation.strip().upper()
    own_count = feds.get(own, 0) if own else 0
    top = feds.most_common(1)[0] if feds else None
    foreign = len([f for f in feds if f not in (own, "FID")])
    failures: list[str] = []
    if n < MIN_GAMES:
        # TRANSLATORS: {n} games played; 9 is the least number of games of a norm (1.4.1)
        failures.append(
            ngettext(
                "{n} game: a norm needs at least 9 (1.4.1)", "{n} games: a norm needs at least 9 (1.4.1)", n
            ).format(n=integer_text(n))
        )
    if n:
        if not own or sum(feds.values()) < n:
            failures.append(_("the federations of the player or of some opponents are not known (1.4.3)"))
        else:
            if foreign < 2:
                # TRANSLATORS: {n} is a number of federations (fewer than 2)
                failures.append(
                    ngettext(
                        "{n} federation other than the player's: at least 2 are needed (1.4.3)",
                        "{n} federations other than the player's: at least 2 are needed (1.4.3)",
                        foreign,
                    ).format(n=integer_text(foreign))
                )
            if own_count > 3 * n // 5:
                # TRANSLATORS: {n} opponents of the player's own federation, {most} the most allowed (3/5)
                failures.append(
                    ngettext(
                        "{n} opponent from the player's federation: at most {most} (3/5, 1.4.4)",
                        "{n} opponents from the player's federation: at most {most} (3/5, 1.4.4)",
                        own_count,
                    ).format(n=integer_text(own_count), most=integer_text(3 * n // 5))
                )
            if top is not None and top[1] > 2 * n // 3:
                # TRANSLATORS: {n} opponents from one federation {federation}; {most} the most allowed (2/3)
                failures.append(
                    ngettext(
                        "{n} opponent from {federation}: at most {most} from one federation (2/3, 1.4.4)",
                        "{n} opponents from {federation}: at most {most} from one federation (2/3, 1.4.4)",
                        top[1],
                    ).format(n=integer_text(top[1]), federation=top[0], most=integer_text(2 * n // 3))
                )
        need_holders = math.ceil(n / 2)
        if holders < need_holders:
            # TRANSLATORS: {n} title holders among the opponents, {least} the least needed (half)
            failures.append(
                ngettext(
                    "{n} title holder among the opponents: at least {least} (50 %, 1.4.5)",
                    "{n} title holders among the opponents: at least {least} (50 %, 1.4.5)",
                    holders,
                ).format(n=integer_text(holders), least=integer_text(need_holders))
            )
        need_titles = max(3, math.ceil(n / 3))
        if norm_titles < need_titles:
            # TRANSLATORS: {n} opponents holding {titles} (GM, IM …), {least} the least needed (a third, at least 3)
            failures.append(
                ngettext(
                    "{n} opponent with the title {titles}: at least {least} (1/3 and at least 3, 1.4.5)",
                    "{n} opponents with the title {titles}: at least {least} (1/3 and at least 3, 1.4.5)",
                    norm_titles,
                ).format(
                    n=integer_text(norm_titles),
                    titles="/".join(t for t in NORMS if t in rule.titles),
                    least=integer_text(need_titles),
                )
            )
        if average < rule.average:
            # TRANSLATORS: {average} the opponents' average rating, {least} the least for the norm (2380 …)
            failures.append(
                _("the opponents' average rating {average} is under {least} (1.4.8)").format(
                    average=str(average), least=str(rule.average)
                )
            )
        if score < MIN_SCORE * n:
            failures.append(_("the score is under 35 % (1.4.8)"))
        if rp < rule.performance:
            # TRANSLATORS: {performance} the performance rating, {least} the least for the norm (2600 …)
            failures.append(
                _("performance {performance}: at least {least} (1.4.8)").format(
                    performance=str(rp), least=str(rule.performance)
                )
            )
    return NormCheck(
        norm=norm,
        games=n,
        score=score,
        average=average,
        raised=(names[raised] if names is not None and raised is not None else None),
        percent=percent,
        performance=rp,
        needed=_needed(n, average, rule) if n else None,
        title_holders=holders,
        norm_titles=norm_titles,
        own_federation=own_count,
        top_federation=top,
        foreign_federations=foreign,
        failures=tuple(failures),
    )


def title_norms(
    t: Tournament,
    *,
    norms: Sequence[str] = NORMS,
    women: Collection[str] | None = None,
) -> NormReport:
    """The title norms of every player of ``t`` (the norms ``norms``, of those their
    title does not already make needless; WGM and WIM only for ``women``, when given).

    >>> t = Tournament.from_games(["A", "B"], [("A", "B", "1-0")])
    >>> r = title_norms(t)
    >>> r.player("A").checks["GM"].failures[0]
    '1 game: a norm needs at least 9 (1.4.1)'
    """
    tt = tournament_argument(t)
    wanted = texts_argument(norms, "norms")
    for nm in wanted:
        if nm not in RULES:
            raise argument_error("norms", _("one of 'GM', 'IM', 'WGM', 'WIM'"), nm)
    female = set(texts_argument(women, "women")) if women is not None else None
    if tt.kind != "result":
        raise ArgumentError(_("t must be an event of individual games (chess results)"))
    report = NormReport()
    n = len(tt.names)
    ratings: list[int | None] = list(tt.ratings) if tt.ratings is not None else [None] * n
    titles = [title_code(x) for x in tt.titles] if tt.titles is not None else [""] * n
    feds = [f.strip().upper() for f in tt.federations] if tt.federations is not None else [""] * n
    if tt.titles is None:
        report.warnings.append(_("the file gives no titles: every opponent counts as untitled"))
    if tt.federations is None:
        report.warnings.append(_("the file gives no federations: the federation requirements cannot be checked"))
    if female is None and tt.sexes is not None and any(tt.sexes):  # the file gives sexes: its women
        female = {name for name, sex in zip(tt.names, tt.sexes, strict=True) if sex == "F"}
    if female is None and any(x in ("WGM", "WIM") for x in wanted):
        report.warnings.append(
            _("WGM and WIM norms are checked for everybody: the file gives no player's sex (give women=)")
        )
    day = parse_date(tt.start_date or "")
    if day is not None and day < EFFECTIVE:
        # TRANSLATORS: {edition} is the name of a FIDE regulation; {day} a date (2021-10-27)
        message = _("{edition}: the event started on {day}, before it; earlier editions are not implemented")
        report.warnings.append(message.format(edition=_(EDITION), day=day.isoformat()))
    games: list[list[tuple[int, Fraction]]] = [[] for _i in range(n)]
    assert tt.status is not None
    for g in range(len(tt.white)):
        if int(tt.status[g]) != PLAYED:
            continue
        w, b = int(tt.white[g]), int(tt.black[g])
        wo, bo = int(tt.white_outcome[g]), int(tt.black_outcome[g])
        if wo < 0 or bo < 0:
            continue
        games[w].append((b, Fraction(wo, 2)))
        games[b].append((w, Fraction(bo, 2)))
    left = max(0, tt.announced_rounds - tt.results_round) if tt.results_round else 0
    for i, name in enumerate(tt.names):
        needless = _COVERS.get(titles[i], set())
        checks: dict[str, NormCheck] = {}
        for norm in wanted:
            if norm in needless or (female is not None and norm in ("WGM", "WIM") and name not in female):
                continue
            opponents = [(ratings[o], titles[o], feds[o]) for o, _s in games[i]]
            score = sum((s for _o, s in games[i]), Fraction(0))
            check = check_norm(norm, score, opponents, feds[i], [tt.names[o] for o, _s in games[i]])
            if left > 0:
                check = _running(check, left)
            checks[norm] = check
        report.players.append(PlayerNorms(name, titles[i], feds[i], checks))
    return report


def _running(check: NormCheck, left: int) -> NormCheck:
    """``check`` with what the ``left`` rounds to come need (:attr:`NormCheck.needed_remaining`)."""
    total = _needed(check.games + left, check.average, RULES[check.norm]) if check.games else None
    rest = None if total is None else max(Fraction(0), total - check.score)
    return dataclasses.replace(check, remaining=left, needed_remaining=rest if rest is None or rest <= left else None)


def needed_text(check: NormCheck) -> str:
    """The least score for the norm with these opponents, in a sentence.

    >>> gms = [(2500, "GM", f) for f in ("NOR", "GER", "FRA")]
    >>> ims = [(2400, "IM", f) for f in ("ESP", "ITA", "NED", "HUN", "POL", "CZE")]
    >>> needed_text(check_norm("GM", Fraction(6), gms + ims, "ENG"))
    'a performance of 2600 needs 7 of 9 against these opponents'
    """
    rule = RULES[check.norm]
    if check.needed is None:
        # TRANSLATORS: {performance} is the least performance of a norm (2600 …)
        return _("no score reaches a performance of {performance} against these opponents").format(
            performance=str(rule.performance)
        )
    # TRANSLATORS: {performance} the least performance (2600 …); {score} a score (6½), {n} the games
    return _("a performance of {performance} needs {score} of {n} against these opponents").format(
        performance=str(rule.performance), score=show_vulgar(check.needed), n=integer_text(check.games)
    )


__all__ = [
    "EDITION",
    "EDITION_URL",
    "MIN_GAMES",
    "MIN_SCORE",
    "NORMS",
    "RULES",
    "TITLE_HOLDERS",
    "NormCheck",
    "NormReport",
    "NormRule",
    "PlayerNorms",
    "average_rating",
    "check_norm",
    "needed_text",
    "performance",
    "title_code",
    "title_norms",
]
