"""The quick path's TRF reader: the common records of an individual event, in plain Python.

A second reader of :mod:`crosstable.io.trf`'s format, for the quick path
(:mod:`crosstable.quick`): it takes the player lines (``001``), the event's name
(``012``) and descriptive records, the type (``092``), the start date (``042``, which
chooses the edition of FIDE C.07), the rounds (``XXR``/``142``) and the records that do
not change the standings, and gives the same :class:`~crosstable.quick.event.Event`,
the same warnings and the same live cut ("standings after round 4 of 9") as the full
reader and :meth:`crosstable.model.Tournament.live`. Anything else raises
:class:`~crosstable.quick.event.Unsupported`, so that the full reader reads the file and
says what it says: a problem in the file (an error with its line and column), a note
of the full reader (a game read from one side, results that do not add up), teams,
a scoring record (``162``), byes and abnormal points (``240``, ``299``), a declared
tie-break list (``202``, ``212``), a printed points total other than the computed one,
two names one slip apart (:func:`crosstable.io.checks.near_names`), a round paired
without results but with byes. ``tests/test_quick.py`` compares both paths.
"""

from __future__ import annotations

from crosstable.codes import (
    FORFEIT,
    LOSS,
    PLAYED,
    TRF_BYE_KIND,
    TRF_FORFEIT,
    TRF_HALVES,
    TRF_MIRROR,
    TRF_OUTCOME,
    TRF_PLAYED,
)
from crosstable.dates import day_of, edition_on
from crosstable.names import alike
from crosstable.quick.event import Event, Unsupported

_OUTCOME, _HALVES, _MIRROR, _BYE_KIND = TRF_OUTCOME, TRF_HALVES, TRF_MIRROR, TRF_BYE_KIND
_PLAYED_CODES, _FORFEIT_CODES = TRF_PLAYED, TRF_FORFEIT
_BYE_HALVES = {"pab": 2, "full": 2, "half": 1, "zero": 0}
_KEPT = ("012", "022", "032", "052", "062", "072", "082", "102", "112", "122", "132")
_UNUSED = {
    "152": "initial colour",
    "172": "national ratings: the rating criteria take the ratings of the 001 lines",
    "182": "pairing controller",
    "192": "encoded type of tournament",
    "222": "encoded time control",
    "250": "accelerated rounds",
    "260": "prohibited pairings",
    "801": "team information",
    "802": "team information",
}
_DIGITS = frozenset("0123456789")
_LONGEST_LINE = 16_384


class Read:
    """What the reader gives: the event (after the live cut), its name as the JSON's
    ``event``, the edition's reason, the system's reason, the warnings (the reader's and
    the live cut's, in the full path's order) and ``rounds`` (``after``, ``with_results``,
    ``announced``, as :meth:`crosstable.ranking.Standings.rounds_shown`)."""

    __slots__ = ("event", "name", "rounds", "rules_reason", "system_reason", "warnings")

    def __init__(
        self,
        event: Event,
        name: str,
        rules_reason: str,
        system_reason: str,
        warnings: list[str],
        rounds: tuple[int, int, int] | None,
    ) -> None:
        self.event = event
        self.name = name
        self.rules_reason = rules_reason
        self.system_reason = system_reason
        self.warnings = warnings
        self.rounds = rounds


def _whole(text: str, high: int, low: int = 0) -> int:
    """A whole number as :func:`crosstable.fields.whole` reads it, else Unsupported (the
    full reader refuses it, naming the cell)."""
    t = text.strip()
    if not t or not _DIGITS.issuperset(t) or len(t.lstrip("0")) > len(str(high)):
        raise Unsupported("not a whole number")
    value = int(t)
    if not low <= value <= high:
        raise Unsupported("out of range")
    return value


def _lines(text: str) -> list[str]:
    return text.replace("\r\n", "\n").replace("\r", "\n").split("\n")


def read(text: str, source: str) -> Read:
    """Read a TRF text as the full reader would, or raise Unsupported."""
    if "\x00" in text or not looks_like_trf(text):
        raise Unsupported("not a TRF text")
    players: dict[int, tuple[str, int | None, int, str, str]] = {}  # name, rating, line, tail, points
    rounds_given = 0
    system_text: str | None = None
    start: str | None = None
    event_name: str | None = None
    unused: dict[str, int] = {}
    unknown: dict[str, list[int]] = {}
    byes240: list[tuple[str, int, list[int]]] = []
    for lineno, line in enumerate(_lines(text), 1):
        code = line[:3]
        if not line.strip() or code == "###":
            continue
        if len(line) > _LONGEST_LINE:
            raise Unsupported("a line too long")
        if code == "001":
            number = _whole(line[4:8], 9999, 1)
            if number in players:
                raise Unsupported("a start number twice")
            name = line[14:47].strip() or f"Player {number}"
            if not name.isprintable():  # the full reader refuses a control character, the model cleans the rest
                raise Unsupported("a character that is not printable")
            rating_text = line[48:52].strip()
            rating = _whole(rating_text, 4000) if rating_text else 0
            for first, last in ((58, 68), (86, 89)):
                cell = line[first - 1 : last].strip()
                if cell and not _DIGITS.issuperset(cell) and cell.strip("-"):  # dashes: an id not known
                    raise Unsupported("a misaligned line")
            players[number] = (name, rating or None, lineno, line[91:], line[80:84].strip())
        elif code == "092":
            system_text = line[4:].strip()
        elif code == "042":
            start = line[4:].strip() or None
        elif code in ("XXR", "142"):
            value = line[4:].strip() if code == "142" else line[3:].strip()
            rounds = _whole(value, 999)
            rounds_given = max(rounds_given, rounds)
        elif code in _KEPT:
            if code == "012":
                event_name = line[4:].rstrip() if event_name is None else event_name + "\n" + line[4:].rstrip()
        elif code == "240":
            byes240.append(_bye_line(line.replace("\t", " ")))
        elif code in _UNUSED or code.startswith("XX"):
            unused.setdefault(code, lineno)
        elif code in _NOT_TAKEN:
            raise Unsupported(f"record {code}")
        else:
            unknown.setdefault(code, []).append(lineno)
    if not players:
        raise Unsupported("no player lines")
    return _event(players, rounds_given, system_text, start, event_name, unused, unknown, byes240, source)


def _bye_line(line: str) -> tuple[str, int, list[int]]:
    """``240``: type (column 5: F, H, Z or blank), round (7-9), start numbers from
    column 11, every five columns (blank or zero fields skipped)."""
    kind = {"F": "full", "H": "half", "Z": "zero", " ": "zero"}.get((line[4:5] or " ").upper())
    if kind is None:
        raise Unsupported("a bye type")
    rnd = _whole(line[6:9], 999) if line[6:9].strip() else 0
    if rnd < 1:
        raise Unsupported("a bye without its round")
    who = []
    for k in range(10, len(line), 5):
        cell = line[k : k + 4].strip()
        if cell and cell.strip("0"):
            who.append(_whole(cell, 9999, 1))
    return kind, rnd, who


_NOT_TAKEN = frozenset(("202", "212", "162", "362", "013", "310", "299", "320", "330", "300", "352"))
"""Records the full reader reads and this one does not take."""


def looks_like_trf(text: str) -> bool:
    """Whether :func:`crosstable.io.detect_format` takes the text for TRF: not a JSON
    object, XML or an EGD file, and a ``001`` line among the first 200."""
    head = text.lstrip("\ufeff").lstrip()
    if head[:1] in ("{", "[", "<"):
        raise Unsupported("another format first")
    lines = text.splitlines()[:200]
    if not any(line.startswith("001 ") for line in lines):
        return False
    head = head[:4000]
    if "\n;" in "\n" + head:  # crosstable.io.egd.looks_like_egd, which detect_format tries first: a ";" line
        raise Unsupported("perhaps an EGD file")
    for line in head.splitlines()[:20]:
        tokens = line.split()
        numbered = len(tokens) > 6 and _ascii_digits(tokens[0], 1, 5)
        rank = tokens[2] if numbered else tokens[1] if len(tokens) > 6 else ""
        tail = tokens[-3:]
        go_rank = _ascii_digits(rank[:-1], 1, 2) and rank[-1:] in ("k", "K", "d", "D", "p", "P")
        if go_rank and all(_egd_result(x) for x in tail[-2:]) and any("/" in x for x in tail):
            raise Unsupported("an EGD file")
    return True


def _ascii_digits(text: str, fewest: int, most: int) -> bool:
    """Whether ``text`` is ``fewest`` to ``most`` ASCII digits (``[0-9]{fewest,most}``)."""
    return fewest <= len(text) <= most and _DIGITS.issuperset(text)


def _egd_result(text: str) -> bool:
    """Whether ``text`` is an EGD result (``12+``, ``7-/w``, ``3=/b2``, ``5+!``): the
    pattern of :mod:`crosstable.io.egd`, without importing ``re``."""
    k = 0
    while k < len(text) and k < 6 and text[k] in _DIGITS:
        k += 1
    if not 1 <= k <= 5 or k >= len(text) or text[k] not in "+-=?":
        return False
    rest = text[k + 1 :]
    if not rest:
        return True
    if rest[0] not in "/!":
        return False
    rest = rest[1:]
    if rest[:1] and rest[0] in "wWbB?":
        rest = rest[1:]
    return rest == "" or (len(rest) == 1 and rest in _DIGITS)


def _event(
    players: dict[int, tuple[str, int | None, int, str, str]],
    rounds_given: int,
    system_text: str | None,
    start: str | None,
    event_name: str | None,
    unused: dict[str, int],
    unknown: dict[str, list[int]],
    byes240: list[tuple[str, int, list[int]]],
    source: str,
) -> Read:
    numbers = sorted(players)
    index = {num: k for k, num in enumerate(numbers)}
    n = len(numbers)
    fields: list[list[tuple[int, str, str]]] = []  # per player, per round: opponent number, colour, result
    in_lines = 0
    for num in numbers:
        tail = players[num][3].rstrip("\n")
        if any(ord(ch) > 0xFFFF for ch in tail):
            raise Unsupported("a character beyond the first plane")  # the full reader reads it as a blank
        row: list[tuple[int, str, str]] = []
        for k in range(0, len(tail), 10):
            f = tail[k : k + 10]
            if f[:8].count(" ") == len(f[:8]):  # the full reader reads spaces only as blank: a tab fills a field
                row.append((0, " ", " "))
                continue
            if len(f) <= 5:
                raise Unsupported("a round cut short")
            if f[4] != " " or f[6:7] not in ("", " ") or f[8:10].count(" ") != len(f[8:10]):
                raise Unsupported("a misaligned field")
            opp_field = f[:4]
            if any(ch != " " and ch not in _DIGITS for ch in opp_field) or len(opp_field.split()) > 1:
                raise Unsupported("not a start number")  # digits and spaces only, one run of digits
            opp_text = opp_field.strip(" ")
            if not opp_text.strip("0") and f[5] == " " and f[7:8] in ("", " "):
                raise Unsupported("a field of zeros alone")
            colour = f[5]
            colour = {"W": "w", "B": "b"}.get(colour, colour)
            if colour not in "wb- ":
                raise Unsupported("not a colour")
            result = f[7] if len(f) > 7 else " "
            row.append((int(opp_text) if opp_text else 0, colour, result))
        while row and row[-1] == (0, " ", " "):
            row.pop()
        in_lines = max(in_lines, len(row))
        fields.append(row)
    if rounds_given and in_lines > rounds_given:
        raise Unsupported("a round beyond XXR")
    total = max(rounds_given, in_lines)
    for row in fields:
        row.extend([(0, " ", " ")] * (total - len(row)))
    games: list[tuple[int, int, int, int, int, int]] = []
    pending: list[tuple[int, int, int]] = []  # white, black, round of the games without a result
    byes: list[tuple[int, int, str, int]] = []
    for i, row in enumerate(fields):
        for r, (opp, colour, result) in enumerate(row):
            if opp == 0:
                if result == " ":
                    continue
                kind = _BYE_KIND.get(result)
                if kind is None:
                    raise Unsupported("a result without an opponent")
                byes.append((i, r + 1, kind, _BYE_HALVES[kind]))
                continue
            j = index.get(opp)
            if j is None:
                raise Unsupported("an opponent not in the file")
            other, other_colour, other_result = fields[j][r]
            if other == 0 and other_colour == " " and other_result == " ":
                raise Unsupported("a game read from one side")  # the full reader's note
            if other != numbers[i]:
                raise Unsupported("the lines do not name each other")
            if i > j:
                continue
            a = result if result != " " else _MIRROR.get(other_result, other_result)
            b = other_result if other_result != " " else _MIRROR.get(a, a)
            white_is_j = colour == "b" or other_colour == "w"
            if colour == other_colour and colour in ("w", "b") and a in _PLAYED_CODES and b in _PLAYED_CODES:
                raise Unsupported("both the same colour")
            w, bl = (j, i) if white_is_j else (i, j)
            wa, ba = (b, a) if white_is_j else (a, b)
            if a == " " and b == " ":
                pending.append((w, bl, r + 1))
                continue
            if a in _PLAYED_CODES and b in _PLAYED_CODES:
                if _HALVES[a] + _HALVES[b] != 2:
                    raise Unsupported("results that do not add up")  # the full reader's note
                status = PLAYED
            elif a in _FORFEIT_CODES and b in _FORFEIT_CODES:
                if a == b == "+":
                    raise Unsupported("a forfeit won by both")  # outcomes overridden in the full reader
                status = FORFEIT
            else:
                raise Unsupported("not a result code")
            hw, hb = _HALVES[wa], _HALVES[ba]
            games.append(
                (w, bl, r + 1, 2 if hw > hb else 1 if hw == hb else 0, 2 if hb > hw else 1 if hw == hb else 0, status)
            )
            if status == FORFEIT and hw == hb:
                games[-1] = (w, bl, r + 1, LOSS, LOSS, FORFEIT)
    if pending:
        raise Unsupported("games still to be played")  # they take their round from an absence (Analysis.byes)
    if byes240:
        given = {(b[0], b[1]): b for b in byes}
        busy = {(p, g[2]) for g in games for p in g[:2]}
        for kind, rnd, who in byes240:
            for num in who:
                at = index.get(num)
                if at is None or (at, rnd) in busy or ((at, rnd) in given and given[at, rnd][2] != kind):
                    raise Unsupported("a 240 bye the full reader refuses")
                given[at, rnd] = (at, rnd, kind, _BYE_HALVES[kind])
        byes = list(given.values())
    rounds = max([total, *(b[1] for b in byes)])
    names = _names([players[num][0] for num in numbers], numbers)
    edition, rules_reason = rules_of_date(start)
    system, system_reason = _system(system_text, [(g[0], g[1]) for g in games], n)
    warnings = _record_warnings(unused, unknown)
    byes.sort(key=lambda b: (b[1], b[0]))
    _near_names(names, games, byes)
    event = Event(names, [players[num][1] for num in numbers], numbers, games, byes, system, edition, rounds)
    cut = _live(event, warnings)
    last = event.rounds_total or 0
    ahead = {b[0] for b in byes if b[1] > last}  # byes entered ahead, cut: the printed points count them
    halves = [0] * n
    for w, bl, _r, wo, bo, _s in games:
        halves[w] += wo
        halves[bl] += bo
    for p, _r, _kind, h in event.byes:
        halves[p] += h
    for k, num in enumerate(numbers):
        text = players[num][4]
        if text and k not in ahead:
            value, den = _points_field(text)
            if value * 2 != halves[k] * den:
                raise Unsupported("printed points other than the computed ones")  # the full path warns
    return Read(event, source if event_name is None else event_name, rules_reason, system_reason, warnings, cut)


def _live(event: Event, warnings: list[str]) -> tuple[int, int, int] | None:
    """:meth:`crosstable.model.Tournament.live` and ``rounds_shown``: the event cut
    after its last paired round when it announces rounds beyond it (the warning added),
    and the rounds the output shows. Every game has its result here (the reader gives
    an event with games still to be played to the full path), so the last round paired
    is the last round with results."""
    done = [g[2] for g in event.games]
    results_round = paired = max(done) if done else 0
    announced = max([event.rounds_total or 0, paired, *(b[1] for b in event.byes)])
    if results_round < 1:
        if any(b[1] > paired for b in event.byes) or (event.rounds_total or 0) > paired:
            raise Unsupported("no results yet")
        return None
    counted = event.rounds_total or max([paired, *(b[1] for b in event.byes)])
    if counted > paired or any(b[1] > paired for b in event.byes):
        warnings.append(
            f"standings after round {_integer(results_round)} of {_integer(announced)}, the last round with "
            "results: the rounds not paired yet do not count"
        )
        event.byes = [b for b in event.byes if b[1] <= paired]
        event.rounds_total = paired
        return (results_round, results_round, announced)
    return (results_round, results_round, announced)


def _integer(n: int) -> str:
    """:func:`crosstable.i18n.integer_text` in English: digits grouped by commas."""
    return f"{n:,}"


def _points_field(text: str) -> tuple[int, int]:
    """A TRF points field as (numerator, denominator), as ``_points_field`` of the full reader."""
    whole, dot, tenths = text.partition(".")
    if whole and _DIGITS.issuperset(whole) and (not dot or (tenths and _DIGITS.issuperset(tenths))) and len(text) <= 8:
        return int(whole + tenths), 10 ** len(tenths)
    raise Unsupported("a points field of another kind")


def _names(names: list[str], numbers: list[int]) -> list[str]:
    """The names, a start number added to one that appears twice."""
    seen: dict[str, int] = {}
    for name in names:
        seen[name] = seen.get(name, 0) + 1
    out = [f"{name} ({num})" if seen[name] > 1 else name for name, num in zip(names, numbers, strict=True)]
    if len(set(out)) != len(out):  # "A (2)" written in the file beside two "A": the model refuses the file
        raise Unsupported("a name twice")
    return out


def _near_names(
    names: list[str], games: list[tuple[int, int, int, int, int, int]], byes: list[tuple[int, int, str, int]]
) -> None:
    """Unsupported when :func:`crosstable.io.checks.near_names` would warn: two names one
    slip apart whose players never meet nor play in the same round, and have together no
    more games and byes than the busiest player (the full path's warning names them)."""
    pairs = alike(names)
    if not pairs:
        return
    rounds: list[set[int]] = [set() for _ in names]
    met = set()
    busy = [0] * len(names)
    for w, b, r, *_rest in games:
        met.add((min(w, b), max(w, b)))
        rounds[w].add(r)
        rounds[b].add(r)
        busy[w] += 1
        busy[b] += 1
    for p, r, _kind, _h in byes:
        rounds[p].add(r)
        busy[p] += 1
    most = max(busy)
    for i, j in pairs:
        if (i, j) not in met and busy[i] + busy[j] <= most and not rounds[i] & rounds[j]:
            raise Unsupported("names almost alike")


def rules_of_date(text: str | None) -> tuple[str, str]:
    """:func:`crosstable.io.trf.rules_of_date`: the edition of FIDE C.07 of a start date, and why."""
    if text is None or not text.strip():
        return "2026", "FIDE C.07 (2026 edition): the file gives no start date (042)"
    day = day_of(text)
    if day is None:
        return "2026", f'FIDE C.07 (2026 edition): the start date (042 "{text.strip()}") cannot be read'
    edition = edition_on(day)
    started = f'the event started on {day[0]:04d}-{day[1]:02d}-{day[2]:02d} (042 "{text.strip()}")'
    if edition == "2023":
        return edition, f"FIDE C.07 (2023 edition, computed as 2024): {started}"
    return edition, f"FIDE C.07 ({edition} edition): {started}"


def _system(text: str | None, pairs: list[tuple[int, int]], n: int) -> tuple[str, str]:
    """:func:`crosstable.io.trf._system`: the ``092`` record, else whether every pair met alike."""
    if text:
        low = text.lower()
        if "swiss" in low:
            return "swiss", f'092 "{text}"'
        if "robin" in low or "berger" in low or "round" in low:
            return "round-robin", f'092 "{text}"'
        if "rr" in low:
            raise Unsupported("092 with rr")
    met: dict[tuple[int, int], int] = {}
    for w, b in pairs:
        key = (w, b) if w < b else (b, w)
        met[key] = met.get(key, 0) + 1
    if n > 1 and len(met) == n * (n - 1) // 2 and min(met.values()) == max(met.values()):
        times = max(met.values())
        if times == 1:
            return "round-robin", "no 092 record: every pair met once"
        if times == 2:
            return "round-robin", "no 092 record: every pair met twice"
        return "round-robin", f"no 092 record: every pair met {times} times"
    return "swiss", "no 092 record: not every pair met once"


def _record_warnings(unused: dict[str, int], unknown: dict[str, list[int]]) -> list[str]:
    """The full reader's warnings on the records read but not used, and the unknown ones."""
    out = []
    if unused:
        kinds = ", ".join(f"{code} ({_UNUSED.get(code, 'pairing program data')})" for code in sorted(unused))
        out.append(f"records read but not used (they do not change the standings): {kinds}")
    for code, lines in sorted(unknown.items()):
        if len(lines) > 1:
            out.append(
                f"line {lines[0]} and {_integer(len(lines) - 1)} more lines: record {code!r} is not a TRF record "
                "this reader knows; not used"
            )
        else:
            out.append(f"line {lines[0]}: record {code!r} is not a TRF record this reader knows; not used")
    return out
