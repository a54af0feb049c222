"""Swiss pairings by the FIDE Dutch system (Handbook C.04.3) through an existing engine.

No pairing algorithm is written here: the next round is paired by ``gacrux``, the
FIDE Technical Commission's pairing tool (MIT licence), chosen over ``pairing-core``
and ``caissify-pairings`` after measuring all three on the same generated events
(``bench/bench_pairing.py``: gacrux pairs a 2,000-player round in seconds, the others
either differ from the Dutch rules or take minutes). This module is the one place
that knows the engine, so that it can be swapped:

- the event goes to the engine as a TRF-16 text written by crosstable's own TRF
  writer (:func:`crosstable.io.trf.write_trf`), with the round's requested byes as
  ``0000 - H`` / ``0000 - Z`` cells, the withdrawn players in an ``XXZ`` record, the
  number of rounds in ``XXR`` and, for round 1, the initial colour in ``152``;
- the engine's boards come back as indices of the tournament's participants.

Layer: because it uses the TRF writer of :mod:`crosstable.io`, this module sits in a
layer of its own just above ``io`` and below ``batch | events | serving`` (so that
saved events, the web page and the command line can all use it).

>>> from crosstable.model import Tournament
>>> t = Tournament.from_games(["Ann", "Bob", "Cid", "Dan"], [])
>>> t.ratings, t.rounds_total = [2400, 2300, 2200, 2100], 3
>>> p = pair_next(t)
>>> p.round, p.pairings
(1, [(1, 0, 2), (2, 3, 1)])
"""

from __future__ import annotations

import copy
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

import numpy as np
from gacrux import version as gacrux_version
from gacrux.gacruxexeptions import GacruxNoLegalPairing
from gacrux.pairingdutch import pairing_dutch
from gacrux.trf2json import trf2json

from crosstable.errors import CrosstableError
from crosstable.i18n import _, integer_text, ngettext
from crosstable.io.trf import write_trf
from crosstable.model import PENDING, Bye, Tournament, tournament_argument

ENGINE = f"gacrux {gacrux_version.version()['version']}"
"""The engine's name and version, as every :class:`Paired` records it."""

REQUESTED_BYES = {"H": "half", "HALF": "half", "Z": "zero", "ZERO": "zero"}
"""The byes a player may ask for (TRF-2026 ``240``): a half-point bye or a zero-point bye."""

_POINTS = {"half": Fraction(1, 2), "zero": Fraction(0)}

TITLE_ORDER = ("GM", "IM", "WGM", "FM", "WIM", "CM", "WFM", "WCM")
"""Titles in the order of the initial ranking (FIDE C.04.2 art. 2.3.1), the untitled last."""


@dataclass(frozen=True)
class Paired:
    """One round paired: boards, byes, and what the engine was.

    ``pairings`` are ``(board, white, black)`` with participant indices; ``byes`` are
    ``(participant, kind)`` with ``kind`` ``pab`` (the pairing-allocated bye, C.04.1
    art. 3.4), ``half`` or ``zero`` (requested byes)."""

    round: int
    engine: str
    pairings: list[tuple[int, int, int]] = field(default_factory=list)
    byes: list[tuple[int, str]] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)


def initial_ranking(t: Tournament) -> list[int]:
    """The participants in the order of FIDE's initial ranking (C.04.2 art. 2.3.1):
    rating (highest first, unrated last), title, then name.

    >>> from crosstable.model import Tournament
    >>> t = Tournament.from_games(["Cid", "Ann", "Bob"], [])
    >>> t.ratings, t.titles = [2200, 2200, 2300], ["", "IM", ""]
    >>> [t.names[i] for i in initial_ranking(t)]
    ['Bob', 'Ann', 'Cid']
    """
    t = tournament_argument(t)
    ratings = t.ratings or [None] * len(t.names)
    titles = t.titles or [""] * len(t.names)

    def key(i: int) -> tuple[int, int, str]:
        title = titles[i].upper()
        rank = TITLE_ORDER.index(title) if title in TITLE_ORDER else len(TITLE_ORDER)
        return (-(ratings[i] or 0), rank, t.names[i].casefold())

    return sorted(range(len(t.names)), key=key)


def pair_next(
    t: Tournament,
    round_: int | None = None,
    byes: Mapping[str, str] | None = None,
    withdrawn: Collection[str] = (),
    *,
    initial_colour: str = "white",
    ranking: Sequence[int] | None = None,
) -> Paired:
    """Pair the next round of the Swiss event ``t`` by the FIDE Dutch system.

    ``round_`` is the round to pair (by default the one after the last round with
    games, which must then have no game pending); ``byes`` the requested byes of that
    round, name → ``H`` (half point) or ``Z`` (zero point); ``withdrawn`` the players
    not paired in it. The pairing numbers are the participants' order (a TRF's start
    numbers), or ``ranking`` when given (participant indices, first the pairing number
    1: :func:`initial_ranking` gives FIDE's). ``initial_colour`` is the colour the
    drawing of lots gave pairing number 1 in round 1 (C.04.3 art. 5.2.5 gives the
    rest). A round that cannot be paired raises :class:`CrosstableError` with the reason.
    """
    t = tournament_argument(t)
    if t.kind != "result" or t.squad is not None or t.boards is not None:
        raise CrosstableError(_("only an individual event can be paired by the Dutch system"))
    if t.system != "swiss" and t.system_reason is not None:  # declared (TRF 092), or every pair met
        # (a tournament built in the library without a reason has the model's default system, no decision)
        raise CrosstableError(
            # TRANSLATORS: {reason} says why the event is a round robin (its 092 record, or every pair met).
            _(
                "the event is a round robin ({reason}): its rounds come from the Berger tables (crosstable "
                "schedule), not from the Dutch system"
            ).format(reason=t.system_reason)
        )
    colour = {"white": "w", "w": "w", "black": "b", "b": "b"}.get(str(initial_colour).lower())
    if colour is None:
        raise CrosstableError(
            _("the initial colour is {value}: it is white or black").format(value=repr(initial_colour))
        )
    index = {name: k for k, name in enumerate(t.names)}
    requested = _requested_byes(t, byes or {}, index)
    gone = _withdrawn(withdrawn, index, requested)
    k, warnings = _round_to_pair(t, round_)
    for bye in t.byes:  # byes the file already records for that round (TRF-2026 240)
        if bye.round == k and bye.kind in _POINTS:
            requested.setdefault(bye.participant, bye.kind)
        elif bye.round == k and bye.kind == "absent":
            gone.add(bye.participant)
    present = [i for i in range(len(t.names)) if i not in requested and i not in gone]
    if len(present) < 2:
        # TRANSLATORS: {round} is a round number, {n} how many players are left to pair (0 or 1).
        message = ngettext(
            "round {round} cannot be paired: {n} player is left to pair, at least 2 are needed",
            "round {round} cannot be paired: {n} players are left to pair, at least 2 are needed",
            len(present),
        )
        raise CrosstableError(message.format(round=k, n=integer_text(len(present))))
    order = list(range(len(t.names))) if ranking is None else _ranking(ranking, len(t.names))
    rounds_total = t.rounds_total
    if rounds_total is None:
        warnings.append(_("the number of rounds is not known: round {round} is paired as not the last").format(round=k))
        rounds_total = k + 1
    text = _engine_input(t, order, k, rounds_total, requested, gone, colour)
    pairs = _run_engine(text, k)
    number = {n + 1: p for n, p in enumerate(order)}  # pairing number → participant
    boards: list[tuple[int, int, int]] = []
    out_byes: list[tuple[int, str]] = []
    for board, w, b in pairs:
        if b == 0:
            out_byes.append((number[w], "pab"))
        else:
            boards.append((board, number[w], number[b]))
    boards.sort()
    seen = sorted([p for _board, w, b in boards for p in (w, b)] + [p for p, _kind in out_byes])
    if seen != sorted(present):
        raise CrosstableError(
            _("the pairing engine {engine} returned round {round} incomplete").format(engine=ENGINE, round=k)
        )
    out_byes += sorted(requested.items())
    return Paired(round=k, engine=ENGINE, pairings=boards, byes=out_byes, warnings=warnings)


def _same_name(name: str, index: Mapping[str, int]) -> None:
    """Refuse a name that several participants share: the file's names are told apart as
    ``0 (114)`` (the name and the start number), and only that spelling says whom."""
    spelled = sorted(n for n in index if n.startswith(f"{name} (") and n.endswith(")"))
    if spelled:
        # TRANSLATORS: {name} is a name several players have; {spelled} how each of them is written
        message = _("{name} is the name of {n} players: write one of {spelled}")
        raise CrosstableError(message.format(name=repr(name), n=integer_text(len(spelled)), spelled=", ".join(spelled)))


def _requested_byes(t: Tournament, byes: Mapping[str, str], index: Mapping[str, int]) -> dict[int, str]:
    out: dict[int, str] = {}
    for name, kind in byes.items():
        if name not in index:
            _same_name(name, index)
            raise CrosstableError(_("a bye is requested for {name}, who is not a participant").format(name=repr(name)))
        value = REQUESTED_BYES.get(str(kind).strip().upper())
        if value is None:
            raise CrosstableError(
                _("the bye of {name} is {kind}: a requested bye is H (half point) or Z (zero point)").format(
                    name=repr(name), kind=repr(kind)
                )
            )
        out[index[name]] = value
    return out


def _withdrawn(withdrawn: Collection[str], index: Mapping[str, int], requested: Mapping[int, str]) -> set[int]:
    if isinstance(withdrawn, str):
        withdrawn = [withdrawn]
    out: set[int] = set()
    for name in withdrawn:
        if name not in index:
            _same_name(name, index)
            raise CrosstableError(_("{name} is withdrawn but is not a participant").format(name=repr(name)))
        if index[name] in requested:
            raise CrosstableError(_("{name} is withdrawn and also asks for a bye").format(name=repr(name)))
        out.add(index[name])
    return out


def _round_to_pair(t: Tournament, round_: int | None) -> tuple[int, list[str]]:
    """The round to pair, refused when the rounds before it are not complete."""
    assert t.rounds is not None and t.status is not None
    if len(t.rounds) and not t.rounds.all():
        raise CrosstableError(_("the games have no round numbers: a Swiss event is paired round by round"))
    paired = [int(t.rounds.max())] if len(t.rounds) else []
    paired += [b.round for b in t.byes if b.kind in ("pab", "full")]
    last = max(paired, default=0)
    k = last + 1 if round_ is None else round_
    if isinstance(k, bool) or not isinstance(k, int) or k < 1:
        raise CrosstableError(_("the round to pair is {value}: a round is a whole number from 1").format(value=k))
    if k <= last:
        raise CrosstableError(_("round {round} is already paired").format(round=k))
    if k > last + 1:
        raise CrosstableError(
            _("round {round} cannot be paired before round {before}").format(round=k, before=last + 1)
        )
    if t.rounds_total is not None and k > t.rounds_total:
        raise CrosstableError(
            _("the event has {n} rounds and all of them are paired: there is no round {round}").format(
                n=t.rounds_total, round=k
            )
        )
    pending = np.count_nonzero(t.status == PENDING)
    if pending:
        first = int(t.rounds[t.status == PENDING].min())
        # TRANSLATORS: {round} is the round to pair, {before} an earlier round, {n} how many of its games.
        message = ngettext(
            "round {round} cannot be paired: round {before} has {n} game without a result",
            "round {round} cannot be paired: round {before} has {n} games without a result",
            int(pending),
        )
        raise CrosstableError(message.format(round=k, before=first, n=integer_text(int(pending))))
    return k, []


def _ranking(ranking: Sequence[int], n: int) -> list[int]:
    order = [int(i) for i in ranking]
    if sorted(order) != list(range(n)):
        raise CrosstableError(_("the ranking must name every participant once, by index from 0"))
    return order


def _engine_input(
    t: Tournament,
    order: list[int],
    k: int,
    rounds_total: int,
    requested: Mapping[int, str],
    gone: Collection[int],
    colour: str,
) -> str:
    """The TRF-16 text the engine reads: the event in pairing-number order, with the
    round's requested byes, the withdrawn (``XXZ``), and the initial colour (``152``)."""
    placed = t.select(order) if order != list(range(len(t.names))) else copy.copy(t)
    position = {p: n for n, p in enumerate(order)}
    extra = [Bye(position[p], k, kind, _POINTS[kind]) for p, kind in requested.items()]
    placed.byes = [b for b in placed.byes if b.round < k] + extra
    placed.rounds_total = max(rounds_total, k)
    lines = write_trf(placed).splitlines()
    if k == 1:
        lines.append(f"152 {colour.upper()}")
    if gone:
        lines.append("XXZ " + " ".join(str(position[p] + 1) for p in sorted(gone, key=position.__getitem__)))
    return "\n".join(lines) + "\n"


def _run_engine(text: str, k: int) -> list[tuple[int, int, int]]:
    """The engine's round ``k`` of the TRF ``text``: (board, white, black) pairing
    numbers, black 0 for the pairing-allocated bye."""
    reader = trf2json()
    reader.parse_file(text, 0)
    status = reader.chessjson["status"]
    if status["code"] > 400:
        raise CrosstableError(
            _("the pairing engine {engine} cannot read the event: {reason}").format(
                engine=ENGINE, reason="; ".join(str(e) for e in status.get("error", [])) or status["code"]
            )
        )
    tournament = reader.get_tournament(1)
    tournament["pairingSystem"] = ["dutch"]
    tournament["maxMeets"] = max(1, int(tournament.get("maxMeets", 1)))
    engine = pairing_dutch(tournament, k, {"experimental": [], "verbose": 0, "top_color": ""})
    try:
        brackets = engine.compute_pairing(False)
    except GacruxNoLegalPairing as fault:
        raise CrosstableError(
            _("round {round} cannot be paired by the Dutch rules: {reason}").format(round=k, reason=fault)
        ) from None
    return sorted(
        (int(pair["board"]), int(pair["w"]), int(pair["b"] or 0))
        for bracket in brackets
        if bracket
        for pair in bracket.get("pairs", [])
    )
