"""Games lists: CSV or TSV, one game per line.

Columns, found by their header names (case-insensitive) or, without a header, by
position (``round, white, black, result``; three columns: ``white, black, result``):

- ``round`` (or ``rd``, ``date``, ``matchday``): the round, or a date (rounds are then
  numbered by date order);
- ``white`` / ``home``, ``black`` / ``away``: the two participants;
- ``result`` (or ``score``): ``1-0``, ``0-1``, ``½-½``, ``1/2-1/2``, ``=``, ``+-``, ``-+``,
  ``--`` (double forfeit), ``2:1``, ``1½-2½``, ``*`` or empty (not played yet);
- or ``home_goals`` and ``away_goals`` in two columns;
- optional ``group`` (or ``pool``): the group of a competition played in groups;
  every game then names its group, and both of its participants belong to that
  group only (a game without a group, or between two groups, is an error: knockout
  matches are not part of the group tables). Every group is ranked in one run;
- optional ``white_rating`` / ``black_rating`` (or ``white_elo`` / ``black_elo``): ratings;
- optional cards per side: ``home_yellow``, ``home_indirect_red`` (second yellow),
  ``home_direct_red``, ``home_yellow_and_direct_red`` and the same with ``away_``
  (or ``white_`` / ``black_``), summed per team for the fair-play criteria.

An awarded result (walkover) is written with ``awd``, ``awarded`` or ``w/o`` after the
score (``3:0 awd``): it counts as played for points and goals, with the status
"forfeit".

A bye (a round without an opponent) is a line whose other participant is ``BYE`` (any
case) or ``-``: its result, from the player's side, is ``+``, ``1``, ``1-0`` (or ``0-1``
when the player is the second name) or empty for the pairing-allocated bye (the
scoring's win), ``½`` or ``=`` for a half-point bye, ``0`` or ``-`` for a zero-point bye;
a bye needs a round. This is how the PGN reader reads ``[White "BYE"]``.

Every number a user wrote (a round, a rating, cards) is read by :mod:`crosstable.fields`:
ASCII digits, in its range (a round 1 to 999, a rating 0 to 4,000, cards 0 to 999).

Without a round column a pair may meet any number of times (a match, a league whose
teams meet four times); a game copied twice is warned of after every reader
(:mod:`crosstable.io.checks`).

Participants are numbered in order of first appearance.
"""

from __future__ import annotations

import csv
from dataclasses import dataclass
from fractions import Fraction

from crosstable.errors import InputError, Problem, quoted
from crosstable.fields import CARDS, RATING, ROUND, digit_hint, foreign_digit, is_whole, whole_at
from crosstable.i18n import _, integer_text, ngettext
from crosstable.model import (
    PLAYED,
    Bye,
    Cards,
    Game,
    GroupBook,
    Lean,
    Scoring,
    Tournament,
    classify_scores,
    infer_system,
    normal_group,
    parse_result,
    spelled_twice,
)

_ALIASES = {
    "round": ("round", "rd", "rnd", "r", "date", "matchday", "md", "forduló", "кръг"),
    "white": ("white", "home", "player1", "team1", "w"),
    "black": ("black", "away", "player2", "team2", "b"),
    "result": ("result", "score", "res"),
    "home_goals": ("home_goals", "homegoals", "hg", "home goals", "white_score"),
    "away_goals": ("away_goals", "awaygoals", "ag", "away goals", "black_score"),
    "group": ("group", "grp", "pool", "csoport", "група", "группа", "gruppe"),
    "white_rating": ("white_rating", "white_elo", "whiteelo", "home_rating"),
    "black_rating": ("black_rating", "black_elo", "blackelo", "away_rating"),
}
_CARDS = ("yellow", "indirect_red", "direct_red", "yellow_and_direct_red")
_CARD_WORDS = {
    "yellow": ("yellow", "yellows", "yc"),
    "indirect_red": ("indirect_red", "second_yellow", "yellow_yellow", "2yc"),
    "direct_red": ("direct_red", "red", "rc"),
    "yellow_and_direct_red": ("yellow_and_direct_red", "yellow_red", "yellow_direct_red", "ydr"),
}
for _side, _words in (("white", ("home", "white")), ("black", ("away", "black"))):
    for _card, _names in _CARD_WORDS.items():
        _ALIASES[f"{_side}_{_card}"] = tuple(f"{w}_{n}" for w in _words for n in _names)


BYE_NAMES = ("bye", "-")
"""A games list's names for the other side of a bye (compared in lower case)."""
_BYE_RESULTS = {"+": "pab", "1": "pab", "": "pab", "*": "pab", "½": "half", "=": "half", "1/2": "half",
                "0.5": "half", "0,5": "half", "0": "zero", "-": "zero"}  # fmt: skip
LONGEST_LINE = 65_536
"""The longest line read (a game takes a few dozen characters; csv refuses fields over 128 KB)."""


def split_lines(text: str) -> list[str]:
    """The lines of a text, ended by LF, CRLF or CR only (``str.splitlines`` would also
    end a line at a vertical tab or a form feed inside a name)."""
    return text.replace("\r\n", "\n").replace("\r", "\n").split("\n")


def _header_map(cells: list[str]) -> dict[str, int] | None:
    found: dict[str, int] = {}
    for k, cell in enumerate(cells):
        key = cell.strip().lower()
        for name, words in _ALIASES.items():
            if key in words and name not in found:
                found[name] = k
    if "white" in found and "black" in found and ("result" in found or {"home_goals", "away_goals"} <= found.keys()):
        return found
    return None


def sniff_delimiter(text: str) -> str:
    first = next((ln for ln in split_lines(text) if ln.strip()), "")
    for d in ("\t", ";", ","):
        if d in first:
            return d
    return ","


def looks_like_games(text: str) -> bool:
    """Whether a text is a games list (has a header naming the white/home, black/away and result columns)."""
    first = next((ln for ln in split_lines(text) if ln.strip()), "")
    if len(first) > LONGEST_LINE:
        return False
    return _header_map(next(csv.reader([first], delimiter=sniff_delimiter(text)), [])) is not None


@dataclass(frozen=True)
class _Row:
    """One game as read: its line, the two participants, the scores and status, the
    round label, the result's text and column, and the two names as written."""

    line: int
    white: int
    black: int
    white_score: Fraction
    black_score: Fraction
    status: int
    round: str
    result: str
    column: int
    names: str


def read_games(text: str, source: str | None = None, scoring: Scoring | None = None) -> Tournament:
    """Read a games list into a :class:`Tournament` (see the module docstring)."""
    long = next((k for k, line in enumerate(split_lines(text)) if len(line) > LONGEST_LINE), None)
    if long is not None:
        raise InputError(
            source,
            [
                Problem(
                    _("a line longer than {n} characters: not a games list").format(n=integer_text(LONGEST_LINE)),
                    long + 1,
                )
            ],
        )
    delim = sniff_delimiter(text)
    rows = [
        (k + 1, r) for k, r in enumerate(csv.reader(split_lines(text), delimiter=delim)) if any(c.strip() for c in r)
    ]
    if not rows:
        raise InputError(source, [Problem(_("no games in the file"), 1, 1)])
    cols = _header_map(rows[0][1])
    header = [c.strip().lower() for c in rows[0][1]] if cols is not None else []
    if cols is not None:
        rows = rows[1:]
    else:
        width = len(rows[0][1])
        if width >= 4:
            cols = {"round": 0, "white": 1, "black": 2, "result": 3}
        elif width == 3:
            cols = {"white": 0, "black": 1, "result": 2}
        else:
            raise InputError(
                source,
                [
                    Problem(
                        # TRANSLATORS: round, white, black, result are the names of the columns
                        # as a file's header writes them: keep them in English.
                        _("a games list needs the columns round, white, black, result"),
                        rows[0][0],
                        1,
                    )
                ],
            )
    names: list[str] = []
    index: dict[str, int] = {}
    first_seen: dict[str, tuple[int, int]] = {}
    ratings: dict[str, int] = {}
    cards: dict[str, Cards] = {}
    problems: list[Problem] = []
    parsed: list[_Row] = []
    bye_rows: list[tuple[int, str, str, str, int]] = []  # line, player, result, round, result's column
    book: GroupBook[int] = GroupBook()

    card_columns = any(f"{side}_{card}" in cols for side in ("white", "black") for card in _CARDS)

    def col_of(cells: list[str], k: int) -> int:
        return sum(len(c) + 1 for c in cells[:k]) + 1

    for lineno, cells in rows:
        need = max(cols.values())
        if len(cells) <= need:
            problems.append(
                Problem(
                    ngettext(
                        "expected at least {n} column, found {found}",
                        "expected at least {n} columns, found {found}",
                        need + 1,
                    ).format(n=need + 1, found=len(cells)),
                    lineno,
                    1,
                )
            )
            continue
        w, b = cells[cols["white"]].strip(), cells[cols["black"]].strip()
        for who, k in ((w, cols["white"]), (b, cols["black"])):
            if not who:
                problems.append(Problem(_("empty participant name"), lineno, col_of(cells, k)))
        if not w or not b:
            continue
        rnd = cells[cols["round"]].strip() if "round" in cols else ""
        if rnd and (foreign_digit(rnd) or is_whole(rnd)):
            rnd = "" if whole_at(rnd, ROUND, problems, lineno, col_of(cells, cols["round"])) is None else rnd
        if w.lower() in BYE_NAMES or b.lower() in BYE_NAMES:
            who, side = (b, "black") if w.lower() in BYE_NAMES else (w, "white")
            k = cols.get("result", cols.get("home_goals", 0))
            kind = _bye_kind(cells[k] if "result" in cols else "", side)
            if who.lower() in BYE_NAMES or kind is None or not rnd:
                if who.lower() in BYE_NAMES:
                    message = _("a bye on both sides: one side of a bye is a participant")
                elif kind is None:
                    # TRANSLATORS: {cell} is the result written on a bye's line; keep the signs as they are
                    message = _("{cell} is not a bye's result (+ or 1 for a full point, ½ for a half, 0 for none)")
                    message = message.format(cell=quoted(cells[k]))
                else:
                    message = _("a bye needs its round (the round column)")
                problems.append(Problem(message, lineno, col_of(cells, k)))
                continue
            if who not in index:
                index[who] = len(names)
                names.append(who)
                first_seen[who] = (lineno, col_of(cells, cols[side]))
            bye_rows.append((lineno, who, kind, rnd, col_of(cells, k)))
            continue
        if w == b:
            problems.append(
                Problem(_("{name} cannot play against itself").format(name=w), lineno, col_of(cells, cols["black"]))
            )
            continue
        if "result" in cols:
            k = cols["result"]
            written = cells[k].strip()
            res = parse_result(cells[k])
        else:
            k = cols["home_goals"]
            hg, ag = cells[cols["home_goals"]].strip(), cells[cols["away_goals"]].strip()
            written = f"{hg}:{ag}" if (hg or ag) else ""
            res = parse_result(written)
        if res is None:
            if "result" in cols:
                message = _("{cell} is not a result ({white} - {black})")
            else:  # the cell at fault: the away goals' when the home goals' are a number
                k = cols["away_goals"] if is_whole(hg) else cols["home_goals"]
                message = _("{cell} is not a number of goals ({white} - {black})")
            said = message.format(cell=quoted(cells[k]), white=w, black=b)
            hint = digit_hint(cells[k])
            said = f"{said}: {hint}" if hint else said
            problems.append(Problem(said, lineno, col_of(cells, k)))
            continue
        if "group" in cols:
            problems += _group_problems(cells, cols, col_of(cells, cols["group"]), lineno, w, b, book)
        for who, side in ((w, "white"), (b, "black")):
            if who not in index:
                index[who] = len(names)
                names.append(who)
                first_seen[who] = (lineno, col_of(cells, cols[side]))
        parsed.append(
            _Row(lineno, index[w], index[b], res[0], res[1], res[2], rnd, written, col_of(cells, k), f"{w} - {b}")
        )
        for who, key in ((w, "white_rating"), (b, "black_rating")):
            text = cells[cols[key]].strip() if key in cols and cols[key] < len(cells) else ""
            rating = whole_at(text, RATING, problems, lineno, col_of(cells, cols[key])) if text else None
            if rating is not None:
                ratings[who] = rating
        for who, side in ((w, "white"), (b, "black")) if card_columns else ():
            counts = []
            for card in _CARDS:
                ck = cols.get(f"{side}_{card}")
                text = cells[ck].strip() if ck is not None and ck < len(cells) else ""
                counts.append((whole_at(text, CARDS, problems, lineno, col_of(cells, ck or 0)) if text else 0) or 0)
            if any(counts):
                cards[who] = cards.get(who, Cards()) + Cards(*counts)
    problems += _same_names(names, first_seen)
    problems += _duplicates(parsed, names, "round" in cols)
    if problems:
        problems.sort(key=lambda p: (p.line or 0, p.column or 0))
        raise InputError(source, problems)
    round_labels = [g.round for g in parsed]
    numbered = all(is_whole(r) for r in round_labels if r) and all(is_whole(r) for _l, _p, _r, r, _c in bye_rows)
    if numbered:
        rounds = [int(r) if r else 0 for r in round_labels]
    else:  # dates or names of rounds: numbered in their order (the byes' rounds among them)
        order = {label: k + 1 for k, label in enumerate(sorted({*round_labels, *(r for *_x, r, _c in bye_rows)}))}
        rounds = [order[r] for r in round_labels]
    games = [
        Game(g.white, g.black, g.white_score, g.black_score, rnd, g.status)
        for g, rnd in zip(parsed, rounds, strict=True)
    ]
    played = [g for g in parsed if g.status == PLAYED]
    lean, named = _lean(header, cols, played)
    choice = classify_scores([(g.white_score, g.black_score) for g in played], scoring, lean, named)
    if choice.misfits:
        fit = len(played) - len(choice.misfits)
        raise InputError(
            source,
            [
                Problem(
                    # TRANSLATORS: {kind} is what the other games are, such as "a chess result (1-0,
                    # 0-1 or ½-½)"; {game} the two participants, "Ann - Bob".
                    ngettext(
                        "{result} ({game}) is not {kind} like the other {n} game: "
                        "one kind of result for the whole list",
                        "{result} ({game}) is not {kind} like the other {n} games: "
                        "one kind of result for the whole list",
                        fit,
                    ).format(
                        result=repr(played[m].result),
                        game=played[m].names,
                        kind=choice.description,
                        n=integer_text(fit),
                    ),
                    played[m].line,
                    played[m].column,
                )
                for m in choice.misfits
            ],
        )
    if scoring is None:
        preset = {"result": "chess", "game_points": "team", "goals": "football"}[choice.kind]
        scoring = Scoring.parse("draughts" if choice.kind == "result" and choice.per_game == 2 else preset)
        scoring_reason = choice.reason
    else:
        scoring_reason = "given"
    t = Tournament.from_game_objects(names, games, scoring=scoring, kind=choice.kind, source=source)
    t.scoring_reason = scoring_reason
    worth = {"pab": scoring.win, "half": scoring.draw, "zero": Fraction(0)}
    t.byes = [
        Bye(index[who], int(rnd) if numbered else order[rnd], kind, worth[kind]) for _l, who, kind, rnd, _c in bye_rows
    ]
    if t.byes:
        t.rounds_total = max(rounds or [0]) if numbered else len(order)
        t.rounds_total = max(t.rounds_total, *(b.round for b in t.byes))
    if any(rounds) or t.byes:
        t.system, t.system_reason = infer_system(t.white, t.black, len(names))
    if ratings:
        t.ratings = [ratings.get(name) for name in names]
    t.cards = {index[name]: c for name, c in cards.items()}
    if "group" in cols:
        t.groups = [book.of(name) for name in names]
    return t


def _bye_kind(cell: str, side: str) -> str | None:
    """The kind of a bye (``pab``, ``half``, ``zero``) from its result as the player's
    side writes it (a full ``1-0`` for the first name is ``0-1`` for the second), or
    ``None`` when it is no bye's result."""
    t = cell.strip().replace("–", "-").replace("−", "-").replace(" ", "")
    if t in _BYE_RESULTS:
        return _BYE_RESULTS[t]
    result = parse_result(t)
    if result is None or result[2] != PLAYED or result[0] + result[1] != 1:
        return None
    mine = result[0] if side == "white" else result[1]
    return "pab" if mine == 1 else "half" if mine * 2 == 1 else "zero"


def _group_problems(
    cells: list[str],
    cols: dict[str, int],
    column: int,
    lineno: int,
    w: str,
    b: str,
    book: GroupBook[int],
) -> list[Problem]:
    """A game's group: given, and the same group its two participants have had so far."""
    group = normal_group(cells[cols["group"]])
    if not group:
        return [
            Problem(
                _(
                    "{white} - {black} has no group: in a file with a group column every game is a group match "
                    "(knockout matches are not ranked)"
                ).format(white=w, black=b),
                lineno,
                column,
            )
        ]
    out = []
    for who in (w, b):
        clash = book.place(who, group, lineno)
        if clash is not None:
            out.append(
                Problem(
                    _("{name} is in group {group} (line {line}), here in group {other}").format(
                        name=who, group=clash[0], line=clash[1], other=group
                    ),
                    lineno,
                    column,
                )
            )
    return out


def _lean(header: list[str], cols: dict[str, int], played: list[_Row]) -> tuple[Lean, bool]:
    """What the layout says before the scores do, and whether columns say it: columns
    named white/black mean chess, home/away or goal columns football; else the
    notation, when every result uses the same separator (``1-0``: chess, ``2:1``:
    football)."""
    if header:
        if header[cols["white"]] in ("white", "w") or header[cols["black"]] in ("black", "b"):
            return "chess", True
        if header[cols["white"]] == "home" or "home_goals" in cols:
            return "football", True
    marks = {"football" if ":" in g.result else "chess" if "-" in g.result else None for g in played}
    if len(marks) == 1:
        lean = marks.pop()
        return ("football" if lean == "football" else "chess" if lean == "chess" else None), False
    return None, False


def _same_names(names: list[str], first_seen: dict[str, tuple[int, int]]) -> list[Problem]:
    """Two spellings of one name (:func:`~crosstable.model.spelled_twice`): an error
    naming both places, not a participant more."""
    out: list[Problem] = []
    for name, known in spelled_twice(names):
        line, col = first_seen[known]
        out.append(
            Problem(
                _(
                    "{name} and {other} (line {line}, column {column}) differ only in case or spacing: "
                    "write one participant one way"
                ).format(name=repr(name), other=repr(known), line=line, column=col),
                *first_seen[name],
            )
        )
    return out


def _duplicates(parsed: list[_Row], names: list[str], with_rounds: bool) -> list[Problem]:
    """The same game listed twice: the same two participants in the same round, an
    error naming both lines. Without a round (or date) column a pair may meet any
    number of times (a match, a league whose teams meet four times): nothing to say."""
    first: dict[tuple[str, int, int], _Row] = {}
    out: list[Problem] = []
    for g in parsed if with_rounds else ():
        key = (g.round, min(g.white, g.black), max(g.white, g.black))
        if key in first:
            out.append(
                Problem(
                    # TRANSLATORS: {game} is a game written "Ann - Bob"; {round} the round as the file gives it.
                    _("{game} is listed twice, round {round}: also line {line}").format(
                        game=g.names, round=g.round, line=first[key].line
                    ),
                    g.line,
                    1,
                )
            )
        else:
            first[key] = g
    return out
