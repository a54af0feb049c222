"""FIDE TRF-16 tournament report files (player lines ``001``).

Read by character position after decoding (UTF-8, else Latin-1), so names with
non-ASCII letters do not shift the columns. Per player line: start number (cols
5-8), name (15-47), rating (49-52), points (81-84, cross-checked when present; a
blank or overlong field is accepted), then one 10-character block per round from
column 92: opponent (4), colour (``w``/``b``/``-``), result.

Result codes: ``1 0 =`` played; ``+ -`` forfeit win / loss (with an opponent);
``W D L`` played but not rated (counted as ``1 = 0``); with opponent ``0000``:
``U`` pairing-allocated bye, ``F`` full-point bye, ``H`` half-point bye, ``Z`` or
``-`` zero-point bye; a blank block: not paired (absent). Header lines read:
``013`` (teams: name in columns 5-36, then the players' start numbers, five columns
each: the event becomes a team event, see :func:`team_tournament`), ``092`` (type: a
Swiss-System or round robin), ``042`` (start date: from 2026/03/01
the 2026 edition of C.07 applies, before it the 2024 edition, as the FIDE reference
decides), ``XXR`` (rounds), ``202`` / ``212`` (TRF-2026: the tie-break list, codes
separated by spaces or commas, ``212`` starting with ``PTS``; it becomes the default
criteria). ``###`` comments and the other lines are ignored for now (the name
``012``, team lines ``013``, ``162``, ``240``, ``299``, ``310``).

Each game appears on both players' lines; the two must agree (``-`` on both is a
double forfeit, a loss for each), or the file is refused with both places named.
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np

from crosstable.errors import InputError, Problem
from crosstable.model import FORFEIT, PENDING, PLAYED, Bye, Scoring, Tournament
from crosstable.numbers import parse_number

_PLAYED = {"1": (2, 0), "0": (0, 2), "=": (1, 1), "W": (2, 0), "L": (0, 2), "D": (1, 1)}
_FORFEIT = {"+": (2, 0), "-": (0, 2)}
_BYES = {"U": "pab", "F": "full", "H": "half", "Z": "zero", "-": "zero", " ": "absent"}
_MIRROR = {"1": "0", "0": "1", "=": "=", "W": "L", "L": "W", "D": "D", "+": "-", "-": "+"}


def looks_like_trf(text: str) -> bool:
    return any(line.startswith("001 ") for line in text.splitlines()[:200])


def read_trf(text: str, source: str | None = None, scoring: Scoring | None = None) -> Tournament:
    """Read a TRF-16 file into a :class:`Tournament` (see the module docstring)."""
    problems: list[Problem] = []
    players: dict[int, tuple[str, int | None, int]] = {}
    blocks: dict[int, list[tuple[int, str, str, int, int]]] = {}
    declared_rounds = 0
    swiss = True
    rules = "2026"
    start: str | None = None
    declared: list[str] | None = None
    teams: list[tuple[str, list[int], int]] = []
    for lineno, raw in enumerate(text.splitlines(), 1):
        line = raw.rstrip("\r\n")
        code = line[:3]
        if code == "092":
            swiss = "round" not in line.lower() or "swiss" in line.lower()
        elif code == "042":
            start = line[4:].strip()
            date = start.replace("-", "/").replace(".", "/")
            rules = "2026" if date[:10] >= "2026/03/01" else "2024"
        elif code == "013":
            member_text = line[36:]
            members = [
                int(x) for x in (member_text[k : k + 5].strip() for k in range(0, len(member_text), 5)) if x.isdigit()
            ]
            teams.append((line[4:36].strip() or f"Team {len(teams) + 1}", [m for m in members if m], lineno))
        elif code in ("202", "212"):
            codes = [c for c in line[4:].replace(",", " ").split() if c]
            declared = codes[1:] if code == "212" and codes[:1] == ["PTS"] else codes
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
            rows = []
            k = 91
            rnd = 0
            while k < len(line):
                rnd += 1
                block = line[k : k + 10].ljust(10)
                opponent_text, colour, result = block[0:4].strip(), block[5], block[7]
                if opponent_text and not opponent_text.isdigit():
                    problems.append(Problem(f"opponent {opponent_text!r} is not a start number", lineno, k + 1))
                else:
                    rows.append((rnd, result, colour, int(opponent_text or 0), k + 1))
                k += 10
            blocks[number] = rows
    if not players:
        problems.append(Problem("no player lines (001) in the file", 1, 1))
    if problems:
        raise InputError(source, problems)

    numbers = sorted(players)
    index = {num: k for k, num in enumerate(numbers)}
    names = [players[num][0] for num in numbers]
    seen = set()
    for k, name in enumerate(names):
        if name in seen:
            names[k] = f"{name} ({numbers[k]})"
        seen.add(name)
    rounds = max([declared_rounds, *(len(b) for b in blocks.values())])
    columns: list[list[int]] = [[], [], [], [], [], []]  # white, black, white and black halves, round, status
    byes: list[Bye] = []
    win = Fraction(1)
    rounds_of = {num: {rnd: (res, col, opp, column) for rnd, res, col, opp, column in blocks[num]} for num in numbers}
    for num in numbers:
        line_no = players[num][2]
        for rnd, (res, col, opp, column) in sorted(rounds_of[num].items()):
            if opp == 0:
                if res in _PLAYED or res == "+":
                    problems.append(Problem(f"result {res!r} needs an opponent", line_no, column + 7))
                elif res not in _BYES:
                    problems.append(Problem(f"{res!r} is not a TRF result code", line_no, column + 7))
                else:
                    kind = _BYES[res]
                    byes.append(
                        Bye(index[num], rnd, kind, {"pab": win, "full": win, "half": win / 2}.get(kind, 0 * win))
                    )
                continue
            if opp not in index:
                problems.append(Problem(f"opponent {opp} is not a player of the file", line_no, column))
                continue
            mirror = rounds_of[opp].get(rnd)
            # the same game seen from the other side; "-" on both is a double forfeit, " " on both not played yet
            same = mirror is not None and (_MIRROR.get(res) == mirror[0] or (res == mirror[0] and res in "- "))
            agree = mirror is not None and mirror[2] == num and same
            if not agree:
                if num < opp or mirror is None or mirror[2] != num:  # report each disagreement once
                    problems.append(
                        Problem(
                            f"round {rnd}: player {num} has {res!r} against {opp}, but line {players[opp][2]} does "
                            "not show the same game",
                            line_no,
                            column,
                        )
                    )
                continue
            if num > opp:
                continue  # the game was taken from the lower number's line
            assert mirror is not None
            white, black = (num, opp) if col == "w" or (col != "b" and num < opp) else (opp, num)
            white_res = res if white == num else mirror[0]
            if res == mirror[0] == "-":  # both forfeited: a loss for each
                halves, status = (0, 0), FORFEIT
            elif white_res in _FORFEIT:
                halves, status = _FORFEIT[white_res], FORFEIT
            elif white_res in _PLAYED:
                halves, status = _PLAYED[white_res], PLAYED
            else:
                halves, status = (0, 0), PENDING
            record = (index[white], index[black], halves[0], halves[1], rnd, status)
            for column_list, item in zip(columns, record, strict=True):
                column_list.append(item)
    if problems:
        raise InputError(source, problems)
    rounds = max([rounds, *(bye.round for bye in byes)])
    t = Tournament.from_columns(names, columns, scoring=scoring, source=source)
    t.byes = byes
    t.system = "swiss" if swiss else "round-robin"
    t.fide_rules = rules
    t.start_date = start
    t.criteria = declared
    t.rounds_total = rounds
    t.ratings = [players[num][1] for num in numbers]
    if teams:
        return team_tournament(t, teams, numbers, source)
    return t


def team_tournament(
    t: Tournament, teams: list[tuple[str, list[int], int]], numbers: list[int], source: str | None
) -> Tournament:
    """The team event of a TRF file with team lines ``013``: every round, the games
    between two teams' players make one match; its game points are the sum of the
    boards, its match points come from comparing them (2-1-0). A team whose players
    all had byes in a round has a bye worth a won match. Each team's players must be
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
        score = matches.setdefault(key, [0, 0, 0])  # game points of the lower and higher team, any played?
        first, second = (int(ws), int(bs)) if tw < tb else (int(bs), int(ws))
        score[0] += first
        score[1] += second
        score[2] |= int(st == PLAYED)
    columns: list[list[int]] = [[], [], [], [], [], []]
    for (rnd, a, b), (x, y, played) in sorted(matches.items()):
        record = (a, b, x, y, rnd, PLAYED if played else FORFEIT)
        for column_list, item in zip(columns, record, strict=True):
            column_list.append(item)
    names = [name for name, _, _ in teams]
    team_t = Tournament.from_columns(names, columns, scoring=Scoring.parse("team"), kind="game_points", source=source)
    met = {(rnd, side) for rnd, a, b in matches for side in (a, b)}
    rounds = t.rounds_total or 0
    team_t.byes = [
        Bye(k, rnd, "pab", team_t.scoring.win)
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
    from crosstable.errors import CrosstableError
    from crosstable.numbers import fmt_decimal
    from crosstable.tiebreaks import Analysis

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
    from crosstable.errors import CrosstableError
    from crosstable.schedule import berger

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
