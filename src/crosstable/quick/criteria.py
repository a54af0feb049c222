"""The FIDE C.07 criteria of a small individual event in plain Python (the quick path).

This is a second implementation of what :mod:`crosstable.tiebreaks` computes with numpy
(``analysis.py``, ``basic.py``, ``buchholz.py``, ``berger.py``, ``cuts.py``, ``direct.py``,
``fide.py``, ``koya.py``, ``rating.py``), ported line by line for an :class:`Event` scored
1-½-0, and checked against the full one on every TRF of the tests and on generated events
by ``tests/test_quick_criteria.py``: every value must be equal (``None`` where
undefined). Scores are integers in half-points in the inner loops; a criterion's values
are exact pairs (numerator, denominator: :data:`crosstable.quick.event.Ratio`), not
Fractions, whose module would cost a third of a small event's process. A code, modifier
or spelling not ported here raises :class:`Unsupported` (the full path then runs
instead): nothing is guessed.
"""

from __future__ import annotations

from itertools import accumulate
from math import lcm

from crosstable.codes import DRAW, FORFEIT, LOSS, PLAYED, WIN
from crosstable.fide_tables import DP_TABLE, PD_LIMITS
from crosstable.quick.event import Unsupported

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Sequence

    from crosstable.quick.event import Event, Ratio

# -- the criteria as written ------------------------------------------------------------

_FLAGS = "PSDFR"
"""Modifiers without a number (``/P`` ``/S`` ``/D`` ``/F`` ``/R``) that the port takes."""
_EDITIONS = {"0": "virtual", "1": "2024", "2": "2026"}
_EDITION_DIGIT = {"virtual": "0", "2024": "1", "2026": "2"}
MODIFIERS = {
    "PTS": "",
    "BH": "CMPSF",
    "FB": "CMPS",
    "AOB": "CMPSF",
    "SB": "CMPSDF",
    "DE": "PS",
    "WIN": "",
    "WON": "",
    "BPG": "",
    "BWG": "",
    "GE": "",
    "REP": "",
    "VUR": "",
    "NUM": "",
    "PS": "C",
    "KS": "",
    "ARO": "CMU",
    "TPR": "CMU",
    "APRO": "U",
    "PTP": "CMU",
}
"""The codes the quick path computes and the modifiers it takes for each (besides the
universal ``/R`` and ``/V``), as the registry declares them (``KS/L`` is not ported)."""
LOWER_IS_BETTER = frozenset({"VUR"})
"""Codes ranked lower first."""
LOCAL = frozenset({"DE"})
"""Codes computed among the participants still tied (direct encounter)."""


class Spec:
    """A criterion as written, in its canonical spelling: ``code``, ``modifiers``
    (``(letter, number)`` in the order written), ``edition`` (``/V``), ``label``."""

    __slots__ = ("code", "edition", "label", "modifiers")

    def __init__(self, code: str, modifiers: list[tuple[str, int]], edition: str | None) -> None:
        self.code = code
        self.modifiers = modifiers
        self.edition = edition
        text = code
        for letter, number in modifiers:
            if letter in _FLAGS:
                text += "/" + letter
            elif letter == "V":
                text += "/V" + _EDITION_DIGIT[edition or "2026"]
            else:
                text += f"/{letter}{number}"
        self.label = text

    def has(self, letter: str) -> bool:
        """Whether the modifier ``letter`` is given."""
        return any(lt == letter for lt, _n in self.modifiers)

    def number(self, letter: str) -> int | None:
        """The number of the first modifier ``letter`` (``None``: not given)."""
        for lt, n in self.modifiers:
            if lt == letter:
                return n
        return None

    @property
    def cuts(self) -> tuple[int, int]:
        """``(low, high)``: values left out below and above (``/Cn``, ``/Mn``; FIDE C.07 art. 14)."""
        c = self.number("C") or 0
        m = self.number("M") or 0
        return c + m, m

    def __repr__(self) -> str:
        return f"Spec({self.label!r})"


def parse(text: str) -> Spec:
    """A criterion written as the full path labels it (``BH/C1/V1``, ``SB``,
    ``ARO/U1000``; in ASCII letters of either case, ``bh/c1``), as
    :func:`crosstable.tiebreaks.registry.parse_spec` reads it; any other spelling,
    code, alias or modifier raises :class:`Unsupported`."""
    if not isinstance(text, str) or not text.isascii():
        raise Unsupported("a criterion that is not a string of ASCII characters")
    written = text.upper()  # the full path reads codes and modifiers in either case
    parts = written.split("/")
    code = parts[0]
    if code not in MODIFIERS:
        raise Unsupported(f"criterion {text!r}")
    allowed = MODIFIERS[code] + "RV"
    modifiers: list[tuple[str, int]] = []
    edition = None
    seen = set()
    for part in parts[1:]:
        if not part or part[0] not in allowed or part[0] in seen:
            raise Unsupported(f"criterion {text!r}")
        letter, rest = part[0], part[1:]
        seen.add(letter)
        if letter in _FLAGS:
            if rest:
                raise Unsupported(f"criterion {text!r}")
            modifiers.append((letter, 1))
        elif letter == "V":
            if rest not in _EDITIONS:
                raise Unsupported(f"criterion {text!r}")
            edition = _EDITIONS[rest]
            modifiers.append(("V", 0))
        else:  # C, M, U: a whole number written plainly
            if not rest.isdigit() or not rest.isascii() or str(int(rest)) != rest:
                raise Unsupported(f"criterion {text!r}")
            number = int(rest)
            if (letter in "CM" and number > 1000) or (letter == "U" and number > 4000):
                raise Unsupported(f"criterion {text!r}")
            modifiers.append((letter, number))
    spec = Spec(code, modifiers, edition)
    if spec.label != written:
        raise Unsupported(f"criterion {text!r} (not in its canonical spelling)")
    return spec


# -- what every criterion reads ---------------------------------------------------------


class Rounds:
    """Every round of every participant for sums over rounds (FIDE C.07 art. 16), as
    :class:`crosstable.tiebreaks.analysis.Rounds`, grouped by participant: for each,
    its rows in the full path's order as ``(value, own, vur, round, opponent)``; values
    and own points in half-points (``opponent`` −1 for a bye)."""

    __slots__ = ("rows",)

    def __init__(self, rows: list[list[tuple[int, int, bool, int, int]]]) -> None:
        self.rows = rows


class Analysis:
    """What the criteria share, computed once per event, as
    :class:`crosstable.tiebreaks.analysis.Analysis`: the games as per-side entries
    (white sides, then black sides, in the games' order), the byes with the absences the
    rounds imply (art. 16), the scores in half-points.

    Raises :class:`Unsupported` for what the port does not take: games or byes without
    a round (or beyond the rounds counted)."""

    def __init__(self, event: Event) -> None:
        self.event = event
        n = self.n = len(event.names)
        games = event.games
        self.swiss = event.system == "swiss"
        if event.system not in ("swiss", "round-robin"):
            raise Unsupported(f"system {event.system!r}")
        self.rules = event.edition
        white = [g[0] for g in games]
        black = [g[1] for g in games]
        ep = white + black
        eq = black + white
        er = [g[3] for g in games] + [g[4] for g in games]
        rnds = [g[2] for g in games]
        ernd = rnds + rnds
        status = [g[5] for g in games]
        est = status + status
        if not {LOSS, DRAW, WIN}.issuperset(er):
            raise Unsupported("an outcome code")
        if not {PLAYED, FORFEIT}.issuperset(est):
            raise Unsupported("a game status")
        self.ep, self.eq, self.er, self.ernd, self.est = ep, eq, er, ernd, est
        self.half = len(games)
        """Entries from this index on are the black sides."""
        file_byes = event.byes
        highest = max(ernd, default=0)
        self.last_round = event.rounds_total or max([highest, *(b[1] for b in file_byes), 0])
        last = self.last_round
        lowest = min(rnds, default=1)
        if lowest < 1 or highest > last or any(b[1] < 1 or b[1] > last for b in file_byes):
            raise Unsupported("a game or a bye without a round, or beyond the rounds counted")
        for _p, _r, kind, _h in file_byes:
            if kind not in ("pab", "full", "half", "zero", "absent"):
                raise Unsupported(f"bye kind {kind!r}")
        # the byes, then an absence for every round with neither a game nor a bye
        byes = [(p, r, kind, h) for p, r, kind, h in file_byes]
        if last:
            taken = [bytearray(last + 1) for _ in range(n)]
            for p, r in zip(ep, ernd, strict=True):
                taken[p][r] = 1
            for who, when, _kind, _halves in file_byes:
                taken[who][when] = 1
            for i in range(n):
                row = taken[i]
                for r in range(1, last + 1):
                    if not row[r]:
                        byes.append((i, r, "absent", 0))
        self.byes = byes
        self.bye_outcome = [WIN if k in ("pab", "full") else DRAW if k == "half" else LOSS for _p, _r, k, _h in byes]
        self.bye_vur = [k not in ("pab", "full") for _p, _r, k, _h in byes]
        res = [0] * n
        for p, r in zip(ep, er, strict=True):
            if r:
                res[p] += r  # the outcome code is the points in halves (1-½-0)
        for p, _r, _k, h in file_byes:
            res[p] += h
        self.results = res
        """Each participant's points in half-points (PTS: the results, no adjustment)."""
        self.any_forfeit = FORFEIT in est
        self.unplayed_rules = bool(byes) or (self.swiss and self.any_forfeit)
        self.by_p: list[list[int]] = [[] for _ in range(n)]
        for e, p in enumerate(ep):
            self.by_p[p].append(e)
        self.cache: dict[str, object] = {}
        self.notes: list[str] = []
        """Warnings the criteria raise (in the order the full path gives them)."""

    # -- scores ---------------------------------------------------------------------------
    def last_present(self) -> list[int]:
        """Each participant's last round that is not a voluntary unplayed round (a game
        played, a forfeit won, a pairing-allocated or full-point bye); 0 if none."""
        got = self.cache.get("last_present")
        if got is not None:
            return got  # type: ignore[return-value]
        last = [0] * self.n
        for p, r, rnd, st in zip(self.ep, self.er, self.ernd, self.est, strict=True):
            if not (st == FORFEIT and r != WIN) and rnd > last[p]:
                last[p] = rnd
        for (p, rnd, _k, _h), vur in zip(self.byes, self.bye_vur, strict=True):
            if not vur and rnd > last[p]:
                last[p] = rnd
        self.cache["last_present"] = last
        return last

    def fore_shift(self) -> list[int]:
        """What counting every game of the last round as a draw adds to each score (FIDE
        C.07 art. 8.3), in half-points."""
        shift = [0] * self.n
        last = self.last_round
        for p, r, rnd in zip(self.ep, self.er, self.ernd, strict=True):
            if rnd == last:
                shift[p] += 1 - r
        return shift

    def adjusted(self, fore: bool = False) -> list[int]:
        """The score an opponent's Buchholz-like sums take (FIDE C.07 art. 16.3), in
        half-points: the results, a round without an opponent after the last round
        present counted as a draw in a Swiss event and as nothing in a round robin
        (2009-2022: every unplayed round a draw); with ``fore`` the last round's games
        as draws (art. 8.3). As :meth:`Analysis.adjusted_for`."""
        key = f"adj:{fore}"
        got = self.cache.get(key)
        if got is not None:
            return got  # type: ignore[return-value]
        res = self.results
        if not fore and not self.byes and (self.rules != "virtual" or not self.any_forfeit):
            self.cache[key] = res
            return res
        total = list(res)
        if self.rules == "virtual":
            for p, r, st in zip(self.ep, self.er, self.est, strict=True):
                if st == FORFEIT:
                    total[p] += 1 - r
            for p, _r, _k, h in self.byes:
                total[p] += 1 - h
        else:
            last = self.last_present()
            if fore:
                paired = [False] * self.n
                for p, rnd in zip(self.ep, self.ernd, strict=True):
                    if rnd == self.last_round:
                        paired[p] = True
                last = [self.last_round if paired[i] else last[i] for i in range(self.n)]
                for i, x in enumerate(self.fore_shift()):
                    total[i] += x
            target = 1 if self.swiss else 0
            for p, rnd, _k, h in self.byes:
                if rnd > last[p]:
                    total[p] += target - h
        self.cache[key] = total
        return total

    def own(self, fore: bool = False) -> list[int]:
        """The participant's own score, the dummy opponent's before the 2026 cap (FIDE
        C.07 art. 16), in half-points; the last round as draws under ``fore``."""
        if not fore:
            return self.results
        return [x + y for x, y in zip(self.results, self.fore_shift(), strict=True)]

    def virtual_opponents(self) -> tuple[list[int], list[int]]:
        """The virtual opponents' scores of the 2009-2022 rules (FIDE C.02) for every
        entry and every bye, in half-points: the score before the round, plus what the
        round did not give (a win's points minus those awarded), plus a draw for every
        round still to come."""
        n_rounds = self.last_round
        per_round = [[0] * (n_rounds + 1) for _ in range(self.n)]
        for p, r, rnd in zip(self.ep, self.er, self.ernd, strict=True):
            per_round[p][rnd] += r
        for p, rnd, _k, h in self.byes:
            per_round[p][rnd] += h
        before = []
        for row in per_round:
            acc, out = 0, []
            for x in row:
                out.append(acc)
                acc += x
            before.append(out)
        games = [
            before[p][rnd] + (2 - r) + (n_rounds - rnd) for p, r, rnd in zip(self.ep, self.er, self.ernd, strict=True)
        ]
        byes = [before[p][rnd] + (2 - h) + (n_rounds - rnd) for p, rnd, _k, h in self.byes]
        return games, byes

    def round_values(
        self, fore: bool = False, predetermined: bool = False, swiss: bool = False, edition: str | None = None
    ) -> Rounds:
        """Every round of every participant as FIDE C.07 art. 16 counts it in sums over
        rounds (:meth:`crosstable.tiebreaks.analysis.Analysis.round_values`): a game
        counted as played (over the board; with ``predetermined`` (``/P``) or in a round
        robin also a forfeit; with ``fore`` every game of the last round) is worth the
        opponent's adjusted score; any other round of a Swiss event a dummy opponent with
        the participant's own score (2026, art. 16.4: capped by the real opponent's for a
        forfeit, by a draw a round for a bye), or (2009-2022) the virtual opponent; in a
        round robin a forfeit not counted is worth nothing and a bye is left out.
        ``swiss`` (``/S``) does not count a round robin's forfeits as played; ``edition``
        (``/V``) overrides the event's."""
        key = f"rv:{fore}:{predetermined}:{swiss}:{edition}"
        got = self.cache.get(key)
        if got is not None:
            return got  # type: ignore[return-value]
        rules = edition or self.rules
        count_forfeits = predetermined or (not self.swiss and not swiss)
        opp = self.adjusted(fore)
        forfeits_left_out = not count_forfeits and self.any_forfeit
        ep, eq, er, ernd, est = self.ep, self.eq, self.er, self.ernd, self.est
        rows: list[list[tuple[int, int, bool, int, int]]] = [[] for _ in range(self.n)]
        if not (self.unplayed_rules or fore or forfeits_left_out):
            for p, q, r, rnd in zip(ep, eq, er, ernd, strict=True):
                rows[p].append((opp[q], r, False, rnd, q))
            rounds = Rounds(rows)
            self.cache[key] = rounds
            return rounds
        own = self.own(fore)
        last = self.last_round
        if rules == "virtual":
            dummy_games, dummy_byes = self.virtual_opponents()
        else:
            dummy_games = [own[p] for p in ep]
            dummy_byes = [own[b[0]] for b in self.byes]
            if rules >= "2026":
                dummy_games = [min(x, opp[q]) for x, q in zip(dummy_games, eq, strict=True)]
                dummy_byes = [min(x, last) for x in dummy_byes]
        swiss_event = self.swiss
        for p, q, r, rnd, st, dummy in zip(ep, eq, er, ernd, est, dummy_games, strict=True):
            if count_forfeits or st != FORFEIT or (fore and rnd == last):
                rows[p].append((opp[q], r, False, rnd, q))
            else:
                rows[p].append((dummy if swiss_event else 0, r, r != WIN, rnd, q))
        if swiss_event:
            for k, (p, rnd, _kind, h) in enumerate(self.byes):
                rows[p].append((dummy_byes[k], h, self.bye_vur[k], rnd, -1))
        rounds = Rounds(rows)
        self.cache[key] = rounds
        return rounds

    def rounds_of(self, spec: Spec, fore: bool = False) -> Rounds:
        """The rounds a sum over rounds takes with the spec's ``/P``, ``/S``, ``/F``,
        ``/V`` (:func:`crosstable.tiebreaks.berger.rounds_of`)."""
        return self.round_values(fore or spec.has("F"), spec.has("P"), spec.has("S"), spec.edition)


# -- cuts (FIDE C.07 art. 14, 16.5) ------------------------------------------------------


def cut_sum(rows: Sequence[tuple[int, int, bool]], low: int, high: int) -> int:
    """Σ of one participant's contributions without the ``low`` least and ``high`` most
    significant (``rows``: ``(key, contribution, vur)`` in the full path's order): the
    ``/Cn`` and ``/Mn`` modifiers (FIDE C.07 art. 14); with voluntary unplayed rounds
    the order of art. 16.5 as ``tiebreaks/cuts.py`` ``_fide_cuts`` applies it; 0 for a
    participant with no more than ``low + high`` values."""
    if not low and not high:
        return sum([c for _k, c, _v in rows])
    if len(rows) <= low + high:
        return 0
    if any(v for _k, _c, v in rows):
        left = list(rows)
        for _ in range(min(low, len(left))):
            lowest = min(left, key=lambda e: (e[0], e[1]))
            voluntary = [e for e in left if e[2]]
            candidate = min(voluntary, key=lambda e: (e[1], e[0])) if voluntary else lowest
            cut = lowest if lowest[1] > candidate[1] else candidate
            left.remove(cut)
        for _ in range(min(high, len(left))):
            left.remove(max(left, key=lambda e: (e[0], e[1])))
        return sum(c for _k, c, _v in left)
    ordered = sorted(rows, key=lambda e: (e[0], e[1]))[low:]
    if high:
        ordered = sorted(ordered, key=lambda e: (-e[0], -e[1]))[high:]
    return sum([c for _k, c, _v in ordered])


# -- the criteria --------------------------------------------------------------------------


def buchholz(a: Analysis, spec: Spec, fore: bool = False) -> list[int]:
    """Buchholz (FIDE C.07 art. 8.1), in half-points: the sum of the opponents' adjusted
    scores over every round (dummy or virtual opponents for the unplayed rounds, art.
    16), ``/Cn`` ``/Mn`` cut (art. 14, 16.5); Fore Buchholz with ``fore`` (art. 8.3)."""
    low, high = spec.cuts
    rounds = a.rounds_of(spec, fore)
    key = f"bh:{id(rounds)}:{low}:{high}"
    got = a.cache.get(key)
    if got is not None:
        return got  # type: ignore[return-value]
    out = []
    for rows in rounds.rows:
        if not low and not high:
            out.append(sum([row[0] for row in rows]))
        elif len(rows) <= low + high:
            out.append(0)
        elif any([row[2] for row in rows]):
            out.append(cut_sum([(v, v, vur) for v, _o, vur, _r, _q in rows], low, high))
        else:  # the plain cuts: the lowest and the highest values
            ordered = sorted([row[0] for row in rows])
            out.append(sum(ordered[low : len(ordered) - high]))
    a.cache[key] = out
    return out


def average_of_opponents_buchholz(a: Analysis, spec: Spec) -> tuple[list[int | None], int]:
    """AOB (FIDE C.07 art. 8.4): the average Buchholz (same modifiers) of the opponents
    met over the board, rounded half up to :func:`decimals_of_averages` decimals;
    undefined without such a game."""
    bh = buchholz(a, spec)
    scale = 10 ** decimals_of_averages(a.last_round)
    total = [0] * a.n
    games = [0] * a.n
    for p, q, st in zip(a.ep, a.eq, a.est, strict=True):
        if st == PLAYED:
            total[p] += bh[q]
            games[p] += 1
    return [half_up_ratio(x * scale, 2 * c) if c else None for x, c in zip(total, games, strict=True)], scale


def decimals_of_averages(rounds: int) -> int:
    """The decimals AOB is rounded to, as the FIDE reference prints it: 2 below 9 rounds,
    3 below 27, 4 below 73, else 5 (as :func:`crosstable.tiebreaks.buchholz.decimals_of_averages`)."""
    return 2 if rounds < 9 else 3 if rounds < 27 else 4 if rounds < 73 else 5


def half_up_ratio(a: int, b: int) -> int:
    """``a / b`` (``b`` > 0) rounded to the nearest whole number, halves up (FIDE C.07:
    ARO, TPR, AOB; :func:`crosstable.numbers.half_up`), in integers."""
    return (2 * a + b) // (2 * b)


def sonneborn_berger(a: Analysis, spec: Spec) -> list[int]:
    """Sonneborn-Berger (FIDE C.07 art. 9.1): Σ of each round's opponent's score (the
    dummy's for an unplayed round, art. 16) times the points scored in it (``/D``: a
    draw's; ``/F``: the last round's games as draws), ``/Cn`` ``/Mn`` cutting the rounds
    of the lowest (highest) opponents' scores first, voluntary unplayed rounds first
    (art. 14, 16.5); in quarter-points."""
    low, high = spec.cuts
    rounds = a.rounds_of(spec)
    draws = spec.has("D")
    fore = spec.has("F")
    last = a.last_round
    out: list[int] = []
    for rows in rounds.rows:
        terms = []
        for value, own, vur, rnd, q in rows:
            if draws or (fore and rnd == last and q >= 0):
                own = 1  # a draw's half-point (/D; /F: the last round's games)
            terms.append((value, own * value, vur))
        out.append(cut_sum(terms, low, high))
    return out


def wins(a: Analysis) -> list[int]:
    """WIN (FIDE C.07 art. 7.2): rounds won: games won, forfeit wins, full-point and
    pairing-allocated byes."""
    out = [0] * a.n
    for p, r in zip(a.ep, a.er, strict=True):
        if r == WIN:
            out[p] += 1
    for (p, _r, _k, _h), o in zip(a.byes, a.bye_outcome, strict=True):
        if o == WIN:
            out[p] += 1
    return out


def won(a: Analysis) -> list[int]:
    """WON (FIDE C.07 art. 7.3): games won over the board."""
    out = [0] * a.n
    for p, r, st in zip(a.ep, a.er, a.est, strict=True):
        if r == WIN and st != FORFEIT:
            out[p] += 1
    return out


def black_games(a: Analysis, wins_only: bool) -> list[int]:
    """BPG (FIDE C.07 art. 7.4): games played over the board with black; BWG (art. 7.5)
    with ``wins_only``: those won."""
    out = [0] * a.n
    for e in range(a.half, len(a.ep)):
        if a.est[e] == PLAYED and (not wins_only or a.er[e] == WIN):
            out[a.ep[e]] += 1
    return out


def elected(a: Analysis) -> list[int]:
    """GE, REP (FIDE C.07 art. 7.6): rounds elected to play: games played, forfeit wins,
    pairing-allocated and full-point byes."""
    got = a.cache.get("elected")
    if got is not None:
        return got  # type: ignore[return-value]
    out = [0] * a.n
    for p, r, st in zip(a.ep, a.er, a.est, strict=True):
        if st == PLAYED or r == WIN:
            out[p] += 1
    for (p, _r, _k, _h), vur in zip(a.byes, a.bye_vur, strict=True):
        if not vur:
            out[p] += 1
    a.cache["elected"] = out
    return out


def voluntary_unplayed(a: Analysis) -> list[int]:
    """VUR (FIDE C.07 art. 16): forfeits not won, half- and zero-point byes, absences."""
    out = [0] * a.n
    for p, r, st in zip(a.ep, a.er, a.est, strict=True):
        if st == FORFEIT and r != WIN:
            out[p] += 1
    for (p, _r, _k, _h), vur in zip(a.byes, a.bye_vur, strict=True):
        if vur:
            out[p] += 1
    return out


def games_played(a: Analysis) -> list[int]:
    """NUM: games played over the board (forfeits and byes not counted)."""
    out = [0] * a.n
    for p, st in zip(a.ep, a.est, strict=True):
        if st == PLAYED:
            out[p] += 1
    return out


def progressive(a: Analysis, spec: Spec) -> list[int]:
    """PS (FIDE C.07 art. 7.7, art. 14): Σ of the running score after every round, the
    first n rounds left out with ``/Cn``; in half-points."""
    rounds = max(a.last_round, 1)
    per = [[0] * rounds for _ in range(a.n)]
    for p, r, rnd in zip(a.ep, a.er, a.ernd, strict=True):
        per[p][rnd - 1] += r
    for p, rnd, _k, h in a.event.byes:
        per[p][rnd - 1] += h
    cut = spec.cuts[0]
    return [sum(list(accumulate(row))[cut:]) for row in per]


def koya(a: Analysis) -> list[int]:
    """KS (FIDE C.07 art. 9.2): the points scored against the opponents who reached
    50 % of the games counted (:func:`crosstable.tiebreaks.koya.games_counted`) on their
    own score, as the FIDE reference counts them; in half-points."""
    rounds = a.last_round
    n = a.n
    width = rounds + 1
    twice = len({p * width + rnd for p, rnd in zip(a.ep, a.ernd, strict=True)}) < len(a.ep)
    if not rounds or twice:
        counted = [len(a.by_p[i]) for i in range(n)]
    else:
        games = rounds
        if not a.swiss:
            if rounds % n == 0:
                games -= rounds // n
            paired = [False] * n
            for p in a.ep:
                paired[p] = True
            for p, _r, kind, _h in a.byes:
                if kind == "pab":
                    paired[p] = True
            games -= paired.count(False)
        counted = [games] * n
    own = a.results
    ok = [g > 0 and x >= g for x, g in zip(own, counted, strict=True)]
    out = [0] * n
    for p, q, r in zip(a.ep, a.eq, a.er, strict=True):
        if ok[q]:
            out[p] += r
    return out


# -- the rating criteria (FIDE C.07 art. 10; FIDE Handbook B.02 table 8.1) ----------------


def _expected_table() -> list[int]:
    """Table 8.1(b) as the expected percent for every difference 0 … 800."""
    out = []
    k = 0
    for d in range(801):
        while k < len(PD_LIMITS) and PD_LIMITS[k] < d:
            k += 1
        out.append(k + 50)
    return out


_PD = _expected_table()


def expected_percent(diff: int) -> int:
    """Expected score in percent for a rating difference (own − opponent's), table 8.1(b)."""
    pd = _PD[min(abs(diff), 800)]
    return pd if diff >= 0 else 100 - pd


def _expected_span(offset: int) -> list[int]:
    """:func:`expected_percent` of every difference from ``-offset`` to ``offset``, at
    index ``difference + offset`` (``offset`` at least 800: beyond ±800 the table gives
    0 and 100)."""
    wide = offset - 800
    return [0] * wide + [100 - _PD[d] for d in range(800, 0, -1)] + _PD + [100] * wide


def dp(percent: int) -> int:
    """Table 8.1(a) for a whole percentage 0 … 100."""
    return DP_TABLE[percent - 50] if percent >= 50 else -DP_TABLE[50 - percent]


def ratings_of(a: Analysis, spec: Spec) -> list[int] | None:
    """Every participant's rating, an unrated one at ``/U<rating>``; ``None`` (with the
    full path's warning) when someone is unrated and no rating is given for them."""
    ratings = a.event.ratings
    fallback = spec.number("U")
    if any(r is None for r in ratings):
        if fallback is None:
            a.notes.append(
                f"{spec.label} is undefined for everybody: some participants are unrated "
                f"(give their rating with {spec.code}/U<rating>, e.g. {spec.code}/U1000, or --unrated)"
            )
            return None
        return [fallback if r is None else r for r in ratings]
    return [r for r in ratings if r is not None]


def rated_games(a: Analysis, spec: Spec) -> list[list[tuple[int, int]]] | None:
    """Each participant's games played over the board that the cuts keep, as
    ``(opponent's rating, score in halves)`` (``None``: ratings undefined). The cuts take
    the lowest (highest) rated opponents, among equal ratings the earliest (latest)
    round; under ``/V0`` each unplayed round uses up a low cut first (as
    :func:`crosstable.tiebreaks.rating._rated_games`)."""
    ratings = ratings_of(a, spec)  # each time: its warning names the criterion
    if ratings is None:
        return None
    low, high = spec.cuts
    virtual = spec.edition == "virtual" and low > 0
    key = f"rated:{spec.number('U')}:{low}:{high}:{virtual}"
    got = a.cache.get(key)
    if got is not None:
        return got  # type: ignore[return-value]
    games: list[list[tuple[int, int, int]]] = [[] for _ in range(a.n)]
    for p, q, r, rnd, st in zip(a.ep, a.eq, a.er, a.ernd, a.est, strict=True):
        if st == PLAYED:
            games[p].append((ratings[q], rnd, r))
    out: list[list[tuple[int, int]]] = []
    for mine in games:
        lows = low
        if virtual:
            lows = max(low - max(a.last_round - len(mine), 0), 0)
        elif len(mine) <= low + high:
            out.append([])
            continue
        kept = sorted(mine, key=lambda g: (g[0], g[1]))[lows:] if lows else mine
        if high:
            kept = sorted(kept, key=lambda g: (-g[0], -g[1]))[high:]
        out.append([(rating, r) for rating, _rnd, r in kept])
    a.cache[key] = out
    return out


def _average(a: Analysis, spec: Spec) -> tuple[list[int | None], list[int | None]] | None:
    """ARO and the percentage scored (both rounded half up) per participant, after the cuts."""
    games = rated_games(a, spec)
    if games is None:
        return None
    aro: list[int | None] = []
    pct: list[int | None] = []
    for mine in games:
        if not mine:
            aro.append(None)
            pct.append(None)
            continue
        c = len(mine)
        aro.append(half_up_ratio(sum([g[0] for g in mine]), c))
        pct.append(half_up_ratio(sum([g[1] for g in mine]) * 50, c))
    return aro, pct


def average_rating(a: Analysis, spec: Spec) -> list[int | None]:
    """ARO (FIDE C.07 art. 10.1): the average rating of the opponents met over the
    board, rounded halves up, ``/Cn`` ``/Mn`` cut; undefined without such a game, and for
    everybody when someone is unrated without ``/U``."""
    result = _average(a, spec)
    if result is None:
        return [None] * a.n
    return result[0]


def performance(a: Analysis, spec: Spec) -> list[int | None]:
    """TPR (FIDE C.07 art. 10.2): ARO + dp(p), p the percentage scored rounded, dp from
    FIDE table 8.1(a); undefined as ARO is."""
    result = _average(a, spec)
    if result is None:
        return [None] * a.n
    return [None if x is None or pc is None else x + dp(pc) for x, pc in zip(result[0], result[1], strict=True)]


def average_performance(a: Analysis, spec: Spec) -> list[int | None]:
    """APRO (FIDE C.07 art. 10.4): the average TPR (with the same ``/U``) of the
    opponents met over the board, rounded halves up, those without one left out."""
    tpr = performance(a, Spec("TPR", spec.modifiers, None))  # as the full path: no edition
    if all(x is None for x in tpr):
        return [None] * a.n
    total = [0] * a.n
    count = [0] * a.n
    for p, q, st in zip(a.ep, a.eq, a.est, strict=True):
        v = tpr[q]
        if st == PLAYED and v is not None:
            total[p] += v
            count[p] += 1
    return [half_up_ratio(s, c) if c else None for s, c in zip(total, count, strict=True)]


def perfect_performance(a: Analysis, spec: Spec) -> list[int | None]:
    """PTP (FIDE C.07 art. 10.3): the lowest rating whose expected scores (table 8.1(b))
    against the opponents met over the board add up to at least the score made against
    them; the lowest opponent's rating − 800 for no points; undefined without a game."""
    games = rated_games(a, spec)
    if games is None:
        return [None] * a.n
    every = [g[0] for mine in games for g in mine]
    spread = max(every) - min(every) if every else 0
    table: list[int] | None = None
    out: list[int | None] = []
    for mine in games:
        if not mine:
            out.append(None)
            continue
        need = sum([g[1] for g in mine]) * 50
        rated = [g[0] for g in mine]
        lowest = min(rated)
        if need == 0:
            out.append(lowest - 800)
            continue
        highest = max(rated)
        lo, hi = lowest - 801, highest + 800  # invariant: lo falls short, hi reaches the score
        # expected percent for a difference d at table[d + offset], every difference the search meets
        offset = spread + 801
        if table is None:
            table = _expected_span(offset)
        while hi - lo > 1:
            mid = (lo + hi) // 2
            base = mid + offset
            if sum([table[base - r] for r in rated]) >= need:
                hi = mid
            else:
                lo = mid
        out.append(hi)
    return out


# -- direct encounter (FIDE C.07 art. 6) -------------------------------------------------


def _counts_forfeits(a: Analysis, spec: Spec) -> bool:
    """Whether forfeits count among the tied (FIDE C.07 art. 6): with ``/P``, and in a
    round robin unless ``/S`` (``crosstable.tiebreaks.direct.counts_forfeits``)."""
    return spec.has("P") or (not a.swiss and not spec.has("S"))


def _games_among(a: Analysis, group: Sequence[int], spec: Spec) -> dict[tuple[int, int], list[int]]:
    """The half-points each member took from each other member it met, game by game."""
    members = set(group)
    every = _counts_forfeits(a, spec)
    taken: dict[tuple[int, int], list[int]] = {}
    for p in group:
        for e in a.by_p[p]:
            q = a.eq[e]
            if q in members and (every or a.est[e] == PLAYED):
                taken.setdefault((p, q), []).append(a.er[e])
    return taken


def _points_among(a: Analysis, group: Sequence[int], spec: Spec) -> tuple[list[int], list[int], int]:
    """Half-points each member took from the others (a pair that met more than once:
    the average of its games), in units of ``1/scale`` half-points (the least common
    multiple of the games of a pair), and how many of the others each has not met."""
    pos = {p: k for k, p in enumerate(group)}
    taken = _games_among(a, group, spec)
    scale = lcm(1, *(len(pts) for pts in taken.values()))
    score = [0] * len(group)
    met = [0] * len(group)
    for (p, _q), pts in taken.items():
        k = pos[p]
        score[k] += sum(pts) * (scale // len(pts))
        met[k] += 1
    return score, [len(group) - 1 - m for m in met], scale


def _order_blocks(a: Analysis, group: list[int], spec: Spec, all_met: bool) -> list[list[int]]:
    """The direct-encounter order of a tied group as blocks still tied (FIDE C.07 art. 6,
    as :func:`crosstable.tiebreaks.direct.order_blocks`; in half-points, a win 2)."""
    if len(group) < 2:
        return [list(group)]
    score, missing, scale = _points_among(a, group, spec)
    win = 2 * scale  # a win's half-points, in the units of score
    members = sorted(range(len(group)), key=lambda k: (-score[k], -(score[k] + win * missing[k])))
    blocks: list[list[int]] = []
    if all_met or not any(missing):
        for k in members:
            if blocks and score[blocks[-1][-1]] == score[k]:
                blocks[-1].append(k)
            else:
                blocks.append([k])
    else:
        rest = list(members)
        while len(rest) > 1 and score[rest[0]] > max(score[k] + win * missing[k] for k in rest[1:]):
            blocks.append([rest.pop(0)])
        blocks.append(rest)
    out: list[list[int]] = []
    for block in blocks:
        people = [group[k] for k in block]
        if len(people) > 1 and len(blocks) > 1:
            out.extend(_order_blocks(a, people, spec, all_met))
        else:
            out.append(people)
    return out


def direct_encounter(a: Analysis, spec: Spec, group: Sequence[int]) -> tuple[list[int], list[Ratio]]:
    """DE (FIDE C.07 art. 6) on a tied group: each member's tier (higher first) and the
    value shown, the points it scored in the games among the tied (forfeits counted in a
    round robin and with ``/P``, not in a Swiss event; ``/S`` a round robin as a Swiss)."""
    all_met = not a.swiss and not spec.has("S")
    blocks = _order_blocks(a, list(group), spec, all_met)
    tier = {p: len(group) - k for k, block in enumerate(blocks) for p in block}
    taken = _games_among(a, group, spec)
    shown = [(sum(sum(v) for (p, _q), v in taken.items() if p == member), 2) for member in group]
    return [tier[p] for p in group], shown


# -- dispatch ------------------------------------------------------------------------------


def values(a: Analysis, spec: Spec) -> list[Ratio | None]:
    """The values of a criterion computed over the whole field (every code of
    :data:`MODIFIERS` but DE), one per participant, as the full path gives them:
    exact pairs (numerator, denominator), ``None`` where undefined."""
    nums, den = column(a, spec)
    return [None if x is None else (x, den) for x in nums]


def column(a: Analysis, spec: Spec) -> tuple[Sequence[int | None], int]:
    """:func:`values` as ``(numerators, denominator)`` (``None``: undefined)."""
    code = spec.code
    if code == "PTS":
        return a.results, 2
    if code == "BH":
        return buchholz(a, spec), 2
    if code == "FB":
        if a.last_round == 0:
            raise Unsupported("FB without rounds")
        return buchholz(a, spec, fore=True), 2
    if code == "AOB":
        return average_of_opponents_buchholz(a, spec)
    if code == "SB":
        return sonneborn_berger(a, spec), 4
    if code == "WIN":
        return wins(a), 1
    if code == "WON":
        return won(a), 1
    if code == "BPG":
        return black_games(a, False), 1
    if code == "BWG":
        return black_games(a, True), 1
    if code in ("GE", "REP"):
        return elected(a), 1
    if code == "VUR":
        return voluntary_unplayed(a), 1
    if code == "NUM":
        return games_played(a), 1
    if code == "PS":
        return progressive(a, spec), 2
    if code == "KS":
        return koya(a), 2
    if code == "ARO":
        return average_rating(a, spec), 1
    if code == "TPR":
        return performance(a, spec), 1
    if code == "APRO":
        return average_performance(a, spec), 1
    if code == "PTP":
        return perfect_performance(a, spec), 1
    raise Unsupported(f"criterion {spec.label}")
