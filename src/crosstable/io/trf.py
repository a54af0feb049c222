"""FIDE TRF-16 and TRF-2026 tournament report files.

Read by character position after decoding (UTF-8, else Latin-1), so names with
non-ASCII letters do not shift the columns. Per player line ``001``: start number
(cols 5-8), name (15-47), rating (49-52), points (81-84: cross-checked when present,
with a warning naming the cell; a blank or overlong field is accepted), then one
10-character block per round from column 92: opponent (4), colour (``w``/``b``/``-``),
result. The blocks of all players are read as one array of characters, so a
2,000-player Swiss is read in a few hundredths of a second.

Result codes: ``1 0 =`` played; ``+ -`` forfeit win / loss (with an opponent);
``W D L`` played but not rated (counted as ``1 = 0``); with opponent ``0000``:
``U`` pairing-allocated bye, ``F`` full-point bye, ``H`` half-point bye, ``Z`` or
``-`` zero-point bye; a blank block: not paired (absent). Each game appears on both
players' lines; the two must agree (``-`` on both is a double forfeit, a loss for
each), or the file is refused with both places named.

Header lines read: ``092`` (type: a Swiss-System or round robin), ``042`` (start
date: it chooses the edition of C.07, see :func:`rules_of_date`), ``XXR`` (rounds),
``013`` (teams: name in columns 5-36, then the players' start numbers, five columns
each: the event becomes a team event, see :func:`team_tournament`), and the TRF-2026
records:

- ``###`` comments (ignored, like every line not named here);
- ``202`` / ``212``: the tie-break list, codes separated by spaces or commas, ``212``
  starting with ``PTS``; it becomes the default criteria;
- ``162``: the scoring, a symbol every nine columns from column 6 with its points in
  the four columns after it: ``W D L`` the points of a win, a draw and a loss, ``P``
  those of a pairing-allocated bye; ``A`` and ``X`` are accepted and not used. A
  scoring given on the command line wins over it;
- ``240``: byes given apart from the player lines: type (column 5: ``F``, ``H``,
  ``Z``), round (7-9), start numbers (from 11, every five columns). A player named
  must not have a game that round;
- ``299``: abnormal points: type (column 5), match points (8-11), game points (14-17),
  round (20-22), start numbers (from 24, every five columns). With a type (``F W +``
  a full point, ``H D`` a half, ``Z L -`` nothing, ``U P`` a pairing-allocated bye),
  a round and players: that round is an unplayed round of that kind worth the game
  points given. With a type and neither round nor players: what every such unplayed
  round is worth. Without a type: points added to (negative: deducted from) the
  players' scores. In team events 299 records are not applied (a warning says so);
- ``310``: a team (number in 5-7, name in 9-40, members from column 74, every five
  columns), the TRF-2026 form of ``013``.

Decisions where the format leaves room: 240 and 299 byes replace whatever the player
line shows for that round when it shows no game; the FIDE reference (TieBreakServer
1.9.57) stops on a 299 record that names players, and checks a points field before
applying 240 byes, so such files are compared with it with those fields blank.
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np

from crosstable.errors import CrosstableError, InputError, Problem
from crosstable.model import DRAW, FORFEIT, PENDING, PLAYED, PRESET_SCORING, Bye, Declared, Scoring, Tournament
from crosstable.numbers import fmt_decimal, parse_number
from crosstable.schedule import berger
from crosstable.tiebreaks import Analysis

_PLAYED = {"1": (2, 0), "0": (0, 2), "=": (1, 1), "W": (2, 0), "L": (0, 2), "D": (1, 1)}
_FORFEIT = {"+": (2, 0), "-": (0, 2)}
_BYES = {"U": "pab", "F": "full", "H": "half", "Z": "zero", "-": "zero", " ": "absent"}
_MIRROR = {"1": "0", "0": "1", "=": "=", "W": "L", "L": "W", "D": "D", "+": "-", "-": "+"}
_MIRROR_CODES = np.full(128, -1, dtype=np.int64)
_MIRROR_CODES[[ord(c) for c in _MIRROR]] = [ord(c) for c in _MIRROR.values()]
_CODE_TABLE = np.zeros((3, 128), dtype=np.int64)  # white's halves, black's halves, status by white's code
_CODE_TABLE[2] = PENDING
for _code, (_w, _b) in _PLAYED.items():
    _CODE_TABLE[:, ord(_code)] = (_w, _b, PLAYED)
for _code, (_w, _b) in _FORFEIT.items():
    _CODE_TABLE[:, ord(_code)] = (_w, _b, FORFEIT)


def looks_like_trf(text: str) -> bool:
    return any(line.startswith("001 ") for line in text.splitlines()[:200])


def read_trf(text: str, source: str | None = None, scoring: Scoring | None = None) -> Tournament:
    """Read a TRF-16 / TRF-2026 file into a :class:`Tournament` (see the module docstring)."""
    problems: list[Problem] = []
    players: dict[int, tuple[str, int | None, int]] = {}
    tails: dict[int, str] = {}
    points_fields: dict[int, str] = {}
    declared_rounds = 0
    swiss = True
    rules = "2026"
    start: str | None = None
    declared: list[str] | None = None
    teams: list[tuple[int, str, list[int], int]] = []
    values: dict[str, Fraction] = {}
    defaults: dict[str, Fraction] = {}
    extra_byes: list[tuple[str, int, list[tuple[int, int]], int, Fraction | None]] = []
    bonuses: list[tuple[Fraction, list[tuple[int, int]], int]] = []
    for lineno, raw in enumerate(text.splitlines(), 1):
        line = raw.rstrip("\r\n")
        code = line[:3]
        if code == "092":
            swiss = "round" not in line.lower() or "swiss" in line.lower()
        elif code == "042":
            start = line[4:].strip()
            rules = rules_of_date(start)
        elif code in ("013", "310"):
            teams.append(_team_line(line, lineno, len(teams) + 1, problems))
        elif code in ("202", "212"):
            codes = [c for c in line[4:].replace(",", " ").split() if c]
            declared = codes[1:] if code == "212" and codes[:1] == ["PTS"] else codes
        elif code == "162":
            _score_line(line, lineno, values, problems)
        elif code == "240":
            kind = {"F": "full", "H": "half", "Z": "zero", " ": "zero"}.get(line[4:5] or " ")
            rnd_text = line[6:9].strip()
            if kind is None:
                problems.append(Problem(f"bye type {line[4]!r} is not F, H or Z", lineno, 5))
            elif not rnd_text.isdigit() or int(rnd_text) < 1:
                problems.append(Problem(f"round {rnd_text!r} is not a round number", lineno, 7))
            else:
                extra_byes.append((kind, int(rnd_text), _numbers(line, 10, lineno, problems), lineno, None))
        elif code == "299":
            _abnormal_line(line, lineno, defaults, extra_byes, bonuses, problems)
        elif code == "XXR":
            value = parse_number(line[3:].strip())
            declared_rounds = int(value) if value is not None else 0
        elif code == "001":
            number_text = line[4:8].strip()
            if not number_text.isdigit():
                problems.append(Problem(f"start number {number_text!r} is not a number", lineno, 5))
                continue
            number = int(number_text)
            if number in players:
                problems.append(Problem(f"start number {number} appears twice", lineno, 5))
                continue
            name = line[14:47].strip() or f"Player {number}"
            rating_text = line[48:52].strip()
            rating = int(rating_text) if rating_text.isdigit() and int(rating_text) > 0 else None
            players[number] = (name, rating, lineno)
            tails[number] = line[91:]
            points_fields[number] = line[80:84].strip()
    if not players:
        problems.append(Problem("no player lines (001) in the file", 1, 1))
    if problems:
        raise InputError(source, problems)

    numbers = sorted(players)
    names = [players[num][0] for num in numbers]
    seen = set()
    for k, name in enumerate(names):
        if name in seen:
            names[k] = f"{name} ({numbers[k]})"
        seen.add(name)
    if scoring is None and {"W", "D", "L"} & values.keys():
        chess = PRESET_SCORING["chess"]
        w, d, lo = (values.get(s, v) for s, v in zip("WDL", (chess.win, chess.draw, chess.loss), strict=True))
        scoring = Scoring(w, d, lo, "chess" if (w, d, lo) == (chess.win, chess.draw, chess.loss) else f"{w}:{d}:{lo}")
    sc = scoring or PRESET_SCORING["chess"]
    grid = _Grid(numbers, [tails[num] for num in numbers], [players[num][2] for num in numbers], problems)
    if problems:
        raise InputError(source, problems)
    rounds = max(declared_rounds, grid.rounds)
    worth = {
        "pab": values.get("P", sc.win),
        "full": sc.win,
        "half": sc.draw,
        "zero": Fraction(0),
        "absent": Fraction(0),
    }
    worth |= defaults
    byes = {(b.participant, b.round): b for b in grid.byes(worth, problems)}
    index = {num: k for k, num in enumerate(numbers)}
    for kind, rnd, who, lineno, pts in extra_byes:
        for num, column in who:
            if num not in index:
                problems.append(Problem(f"player {num} is not a player of the file", lineno, column))
            elif grid.has_game(index[num], rnd):
                problems.append(
                    Problem(f"player {num} has a game in round {rnd} on line {players[num][2]}", lineno, column)
                )
            else:
                byes[index[num], rnd] = Bye(index[num], rnd, kind, worth[kind] if pts is None else pts)
    adjustments: dict[int, Fraction] = {}
    for amount, who, lineno in bonuses:
        for num, column in who:
            if num not in index:
                problems.append(Problem(f"player {num} is not a player of the file", lineno, column))
            else:
                adjustments[index[num]] = adjustments.get(index[num], Fraction(0)) + amount
    if problems:
        raise InputError(source, problems)
    rounds = max([rounds, *(rnd for _, rnd in byes)])
    t = Tournament.from_columns(names, grid.columns, scoring=sc, source=source)
    t.byes = [byes[key] for key in sorted(byes, key=lambda key: (key[1], key[0]))]
    t.adjustments = adjustments
    t.system = "swiss" if swiss else "round-robin"
    t.fide_rules = rules
    t.start_date = start
    t.criteria = declared
    t.rounds_total = rounds
    t.ratings = [players[num][1] for num in numbers]
    for k, num in enumerate(numbers):
        value = _points_field(points_fields[num])
        if value is not None and not teams:
            t.declared.setdefault("points", {})[k] = Declared(value, players[num][2], 81)
    if teams:
        if bonuses or any(pts is not None for *_, pts in extra_byes):
            t.warnings.append("abnormal points (299) of a team event are not applied")
        return team_tournament(
            t, [(name, members, lineno) for _, name, members, lineno in sorted(teams)], numbers, source
        )
    return t


def _points_field(text: str) -> Fraction | None:
    """A TRF points field (``5.5``, ``10``), quickly; anything else through parse_number."""
    whole, dot, tenths = text.partition(".")
    if whole.isdigit() and (not dot or tenths.isdigit()):
        return Fraction(int(whole + tenths), 10 ** len(tenths))
    return parse_number(text) if text else None


def rules_of_date(date: str) -> str:
    """The edition of FIDE C.07 in force on a start date (``YYYY/MM/DD``): ``2026``
    from 1 March 2026, ``2024`` from 1 August 2024 (approved 29 July 2024), ``2023``
    before (the dummy-opponent rules approved 1 August 2023, applied from 1 September
    2023, with explanations revised from 1 April 2024; earlier events are also read
    with them, as the FIDE reference does).

    >>> rules_of_date("2024/03/18"), rules_of_date("2025-01-02"), rules_of_date("2026.03.15")
    ('2023', '2024', '2026')
    """
    day = date.strip().replace("-", "/").replace(".", "/")[:10]
    return "2026" if day >= "2026/03/01" else "2024" if day >= "2024/08/01" else "2023"


class _Grid:
    """The round blocks of all ``001`` lines as arrays of characters (players × rounds
    × 10), so that opponents, colours and results are read and the two sides of every
    game compared without a Python loop per block."""

    def __init__(self, numbers: list[int], tails: list[str], lines: list[int], problems: list[Problem]) -> None:
        n = len(numbers)
        self.lines = lines
        self.rounds = max((len(s) + 9) // 10 for s in tails) if tails else 0
        width = max(self.rounds * 10, 10)
        chars = np.array([s.ljust(width) for s in tails], dtype=f"<U{width}").view(np.uint32).reshape(n, -1, 10)
        self.present = (np.arange(chars.shape[1]) * 10)[None, :] < np.array([len(s) for s in tails])[:, None]
        opp_chars = chars[:, :, :4].astype(np.int64)
        digit = (opp_chars >= 48) & (opp_chars <= 57)
        space = opp_chars == 32
        runs = digit[:, :, 0].astype(np.int64) + (digit[:, :, 1:] & ~digit[:, :, :-1]).sum(axis=2)
        opp = np.zeros(opp_chars.shape[:2], dtype=np.int64)
        for k in range(4):
            opp = np.where(digit[:, :, k], opp * 10 + opp_chars[:, :, k] - 48, opp)
        bad = self.present & ((~(digit | space)).any(axis=2) | (runs > 1))
        for i, r in zip(*np.nonzero(bad), strict=True):
            text = "".join(map(chr, chars[i, r, :4])).strip()
            problems.append(Problem(f"opponent {text!r} is not a start number", lines[i], 92 + 10 * int(r)))
        self.opp = np.where(bad | ~self.present, 0, opp)
        self.colour, self.result = chars[:, :, 5], chars[:, :, 7]
        lookup = np.full(max(numbers) + 1 if numbers else 1, -1, dtype=np.int64)
        lookup[numbers] = np.arange(n)
        has_opp = self.opp > 0
        known = np.zeros_like(has_opp)
        known[has_opp] = (self.opp[has_opp] < len(lookup)) & (
            lookup[np.minimum(self.opp[has_opp], len(lookup) - 1)] >= 0
        )
        for i, r in zip(*np.nonzero(has_opp & ~known), strict=True):
            problems.append(
                Problem(f"opponent {int(self.opp[i, r])} is not a player of the file", lines[i], 92 + 10 * int(r))
            )
        self.games_mask = has_opp & known
        self._byes_mask = self.present & ~has_opp & ~bad
        i, r = np.nonzero(self.games_mask)
        j = lookup[self.opp[i, r]]
        res, mres = self.result[i, r], self.result[j, r]
        back = self.opp[j, r] == np.asarray(numbers)[i]
        same = (_MIRROR_CODES[np.minimum(res, 127)] == mres) | ((res == mres) & ((res == ord("-")) | (res == ord(" "))))
        agree = back & same & self.present[j, r]
        report = ~agree & ((i < j) | ~back)
        for a, b, rr in zip(i[report].tolist(), j[report].tolist(), r[report].tolist(), strict=True):
            problems.append(
                Problem(
                    f"round {rr + 1}: player {numbers[a]} has {chr(self.result[a, rr])!r} against {numbers[b]}, "
                    f"but line {lines[b]} does not show the same game",
                    lines[a],
                    92 + 10 * rr,
                )
            )
        keep = agree & (i < j)
        i, j, r, res, mres = i[keep], j[keep], r[keep], res[keep], mres[keep]
        black_first = self.colour[i, r] == ord("b")
        white = np.where(black_first, j, i)
        black = np.where(black_first, i, j)
        white_res = np.where(black_first, mres, res)
        w_half, b_half, status = (_CODE_TABLE[k][np.minimum(white_res, 127)] for k in range(3))
        double = (res == ord("-")) & (mres == ord("-"))
        w_half, b_half, status = (
            np.where(double, 0, w_half),
            np.where(double, 0, b_half),
            np.where(double, FORFEIT, status),
        )
        self.columns = [white, black, w_half, b_half, r + 1, status]

    def has_game(self, i: int, rnd: int) -> bool:
        return 0 < rnd <= self.games_mask.shape[1] and bool(self.games_mask[i, rnd - 1])

    def byes(self, worth: dict[str, Fraction], problems: list[Problem]) -> list[Bye]:
        """The rounds without an opponent (checked: a played result needs one)."""
        out: list[Bye] = []
        for i, r in zip(*np.nonzero(self._byes_mask), strict=True):
            res = chr(self.result[i, r])
            column = 92 + 10 * int(r) + 7
            if res in _PLAYED or res == "+":
                problems.append(Problem(f"result {res!r} needs an opponent", self.lines[i], column))
                continue
            if res not in _BYES:
                problems.append(Problem(f"{res!r} is not a TRF result code", self.lines[i], column))
                continue
            kind = _BYES[res]
            out.append(Bye(int(i), int(r) + 1, kind, worth[kind]))
        return out


def _numbers(line: str, first: int, lineno: int, problems: list[Problem]) -> list[tuple[int, int]]:
    """Start numbers in four-character fields every five columns from index ``first``,
    with their (1-based) columns; blank or ``0000`` fields are skipped."""
    out: list[tuple[int, int]] = []
    for k in range(first, len(line), 5):
        field_text = line[k : k + 4].strip()
        if not field_text:
            continue
        if not field_text.isdigit():
            problems.append(Problem(f"{field_text!r} is not a start number", lineno, k + 1))
        elif int(field_text):
            out.append((int(field_text), k + 1))
    return out


def _team_line(line: str, lineno: int, order: int, problems: list[Problem]) -> tuple[int, str, list[int], int]:
    """A team: ``013`` (name in columns 5-36, members from 37) or TRF-2026 ``310``
    (number in 5-7, name in 9-40, members from 74), five columns per member."""
    if line.startswith("310"):
        number_text = line[4:7].strip()
        if not number_text.isdigit():
            problems.append(Problem(f"team number {number_text!r} is not a number", lineno, 5))
        number, name, first = (int(number_text) if number_text.isdigit() else order), line[8:40], 73
    else:
        number, name, first = order, line[4:36], 36
    members = [num for num, _ in _numbers(line, first, lineno, problems)]
    return number, name.strip() or f"Team {number}", members, lineno


def _score_line(line: str, lineno: int, values: dict[str, Fraction], problems: list[Problem]) -> None:
    """TRF-2026 ``162``: symbol (column 6, 15, 24 …) and points (the four columns after it)."""
    for k in range(5, len(line), 9):
        symbol, text = line[k], line[k + 1 : k + 5].strip()
        if symbol == " " and not text:
            continue
        value = parse_number(text)
        if value is None or value < 0:
            problems.append(Problem(f"points {text!r} after {symbol!r} are not a number", lineno, k + 2))
        elif symbol.upper() in "WDLPAX":
            values[symbol.upper()] = value
        else:
            problems.append(Problem(f"scoring symbol {symbol!r} is not one of W D L P A X", lineno, k + 1))


_ABNORMAL_KIND = {"F": "full", "W": "full", "+": "full", "H": "half", "D": "half", "Z": "zero", "L": "zero"}
_ABNORMAL_KIND |= {"-": "zero", "U": "pab", "P": "pab"}


def _abnormal_line(
    line: str,
    lineno: int,
    defaults: dict[str, Fraction],
    extra_byes: list[tuple[str, int, list[tuple[int, int]], int, Fraction | None]],
    bonuses: list[tuple[Fraction, list[tuple[int, int]], int]],
    problems: list[Problem],
) -> None:
    """TRF-2026 ``299``, abnormal points: type (column 5), match points (8-11), game
    points (14-17), round (20-22, ``000`` or blank: all), start numbers from 24."""
    kind_code = line[4:5].upper() or " "
    text = line[13:17].strip()
    amount = parse_number(text)
    if amount is None:
        problems.append(Problem(f"game points {text!r} are not a number", lineno, 14))
        return
    rnd_text = line[19:22].strip() or "0"
    if not rnd_text.isdigit():
        problems.append(Problem(f"round {rnd_text!r} is not a round number", lineno, 20))
        return
    who = _numbers(line, 23, lineno, problems)
    if kind_code == " ":
        if not who:
            problems.append(Problem("abnormal points without a type must name the players", lineno, 24))
        bonuses.append((amount, who, lineno))
    elif kind_code not in _ABNORMAL_KIND:
        problems.append(Problem(f"type {kind_code!r} is not one of F H Z W D L + - U", lineno, 5))
    elif int(rnd_text) == 0 and not who:
        defaults[_ABNORMAL_KIND[kind_code]] = amount
    elif int(rnd_text) == 0:
        problems.append(Problem("abnormal points for named players need a round", lineno, 20))
    else:
        extra_byes.append((_ABNORMAL_KIND[kind_code], int(rnd_text), who, lineno, amount))


def team_tournament(
    t: Tournament, teams: list[tuple[str, list[int], int]], numbers: list[int], source: str | None
) -> Tournament:
    """The team event of a TRF file with team lines ``013``: every round, the games
    between two teams' players make one match; its game points are the sum of the
    boards, its match points come from comparing them (2-1-0). A team whose players
    had a pairing-allocated bye in a round, and no match, has the team's bye: as the
    FIDE reference scores it by default, a drawn match (1 match point) with every
    board won (game points = the number of boards). Each team's players must be
    players of the file and belong to one team only."""
    index = {num: k for k, num in enumerate(numbers)}
    team_of: dict[int, int] = {}
    problems: list[Problem] = []
    for k, (name, members, lineno) in enumerate(teams):
        for m in members:
            if m not in index:
                problems.append(Problem(f"team {name}: player {m} is not in the file", lineno, 37))
            elif index[m] in team_of:
                problems.append(Problem(f"team {name}: player {m} is already in another team", lineno, 37))
            else:
                team_of[index[m]] = k
    unassigned = [numbers[i] for i in range(len(numbers)) if i not in team_of]
    if unassigned:
        problems.append(Problem(f"players without a team: {', '.join(map(str, unassigned[:10]))}", teams[0][2], 1))
    if problems:
        raise InputError(source, problems)
    assert t.rounds is not None and t.status is not None
    matches: dict[tuple[int, int, int], list[int]] = {}
    for w, b, ws, bs, r, st in zip(t.white, t.black, t.white_score, t.black_score, t.rounds, t.status, strict=True):
        tw, tb = team_of[int(w)], team_of[int(b)]
        if tw == tb:
            continue
        key = (int(r), min(tw, tb), max(tw, tb))
        score = matches.setdefault(key, [0, 0, 0, 0])  # both teams' game points, any played?, boards
        first, second = (int(ws), int(bs)) if tw < tb else (int(bs), int(ws))
        score[0] += first
        score[1] += second
        score[2] |= int(st == PLAYED)
        score[3] += 1
    columns: list[list[int]] = [[], [], [], [], [], []]
    for (rnd, a, b), (x, y, played, _) in sorted(matches.items()):
        record = (a, b, x, y, rnd, PLAYED if played else FORFEIT)
        for column_list, item in zip(columns, record, strict=True):
            column_list.append(item)
    names = [name for name, _, _ in teams]
    team_t = Tournament.from_columns(names, columns, scoring=Scoring.parse("team"), kind="game_points", source=source)
    met = {(rnd, side) for rnd, a, b in matches for side in (a, b)}
    rounds = t.rounds_total or 0
    boards = max((m[3] for m in matches.values()), default=1)
    team_t.byes = [
        Bye(k, rnd, "pab", team_t.scoring.draw, game_points=Fraction(boards), result=DRAW)
        for k in range(len(teams))
        for rnd in range(1, rounds + 1)
        if (rnd, k) not in met
        and any(b.round == rnd and team_of[b.participant] == k and not b.voluntary for b in t.byes)
    ]
    team_t.system, team_t.fide_rules, team_t.start_date = t.system, t.fide_rules, t.start_date
    team_t.rounds_total, team_t.criteria = t.rounds_total, t.criteria
    return team_t


_BYE_CODES = {"pab": "U", "full": "F", "half": "H", "zero": "Z"}


def write_trf(t: Tournament) -> str:
    """The tournament as TRF-16 (individual events): header lines ``012 062 092 XXR``
    and one ``001`` line per participant, so that an event entered elsewhere can be
    exported. Games without round numbers (a crosstable) are placed in the rounds of
    the Berger tables; a game not played yet is written with a blank result.
    """
    if t.kind != "result":
        raise CrosstableError("TRF-16 holds individual games; this tournament has team or football scores")
    assert t.rounds is not None and t.status is not None
    rounds, white, black = t.rounds.copy(), t.white, t.black
    if len(rounds) and not rounds.any():
        rounds, flip = _berger_rounds(t)
        white, black = np.where(flip, t.black, t.white), np.where(flip, t.white, t.black)
    total = max([int(rounds.max()) if len(rounds) else 0, *(b.round for b in t.byes)])
    n = len(t.names)
    blocks = [[" " * 8 for _ in range(total)] for _ in range(n)]
    for w, b, ws, bs, r, st, swap in zip(
        white, black, t.white_score, t.black_score, rounds, t.status, white != t.white, strict=True
    ):
        if swap:
            ws, bs = bs, ws
        if st == PENDING:
            codes = (" ", " ")
        elif st == FORFEIT:
            codes = ("+" if ws > bs else "-", "+" if bs > ws else "-")
        else:
            codes = {1: ("1", "0"), 0: ("=", "="), -1: ("0", "1")}[int(np.sign(ws - bs))]
        blocks[int(w)][int(r) - 1] = f"{int(b) + 1:>4} w {codes[0]}"
        blocks[int(b)][int(r) - 1] = f"{int(w) + 1:>4} b {codes[1]}"
    for bye in t.byes:
        if bye.kind != "absent":
            blocks[bye.participant][bye.round - 1] = f"0000 - {_BYE_CODES[bye.kind]}"
    points = Analysis(t).points.fractions()
    lines = [
        f"012 {t.source or 'crosstable export'}",
        f"062 {n}",
        *([f"042 {t.start_date}"] if t.start_date else []),
        f"092 Individual: {'Swiss-System' if t.system == 'swiss' else 'Round-Robin'}",
        f"XXR {total}",
    ]
    for k, name in enumerate(t.names):
        rating = t.ratings[k] if t.ratings and t.ratings[k] else 0
        pts = fmt_decimal(points[k]) if points[k] < 100 else ""
        if pts and "." not in pts:
            pts += ".0"
        head = f"001 {k + 1:>4}      {name[:33]:<33} {rating:>4}{'':28}{pts:>4}{'':5}"
        lines.append((head + "".join(f"  {b}" for b in blocks[k])).rstrip())
    return "\n".join(lines) + "\n"


def _berger_rounds(t: Tournament) -> tuple[np.ndarray, np.ndarray]:
    """Round numbers (and whether to swap the colours) for the games of a round robin
    given without them, from the Berger tables (the second cycle reversed)."""
    n = len(t.names)
    where = {}
    for rnd in berger(n):
        for p in rnd:
            where[frozenset((p.white - 1, p.black - 1))] = (p.round, p.white - 1)
    m = len(berger(n))
    seen: dict[frozenset[int], int] = {}
    out, flip = [], []
    for w, b in zip(t.white.tolist(), t.black.tolist(), strict=True):
        pair = frozenset((w, b))
        if pair not in where:
            raise CrosstableError("the games have no round numbers and are not a round robin")
        cycle = seen.get(pair, 0)
        number, berger_white = where[pair]
        out.append(number + m * cycle)
        flip.append((berger_white != w) != (cycle % 2 == 1))
        seen[pair] = cycle + 1
    return np.array(out, dtype=np.int64), np.array(flip, dtype=bool)
