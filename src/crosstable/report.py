"""Views of a standings that every output shares: the table of text cells
(:func:`standings_table`), the note saying which criterion separated a row from the
next (:func:`decided_note`), the crosstable's cells (:func:`crosstable_cells`), and
the HTML: one set of templates for the command line's ``--output html``, the web
page's tables and its printable report.

The templates (``crosstable/templates``, Jinja2 with autoescaping) receive a plain
*view*: rows of text cells, the crosstable's cells with a class (``w`` won, ``d``
drawn, ``l`` lost, ``fw``/``fl`` forfeit won/lost, ``p`` pending, ``x`` diagonal)
and the share of the points taken (for the heat map), and the note saying which
criterion separated a row from the next. Every text from the input reaches the page
through the template's escaping, never as markup.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from crosstable.i18n import _, integer_text, language, ngettext, pgettext, roman
from crosstable.model import FORFEIT, LOSS, PENDING, WIN, Tournament
from crosstable.numbers import column_decimals, fmt_fixed, fmt_number, show_fixed, show_number, show_vulgar
from crosstable.ranking import Row, Standings
from crosstable.tiebreaks import REGISTRY
from crosstable.tiebreaks.football import mini_league

if TYPE_CHECKING:
    import jinja2

PLACES = ("arabic", "roman")
"""How the place column writes a place: ``3``, ``3-4`` or in Roman numerals ``III``,
``III–IV`` (as the seeds' tables do)."""


def place_text(place: str, places: str = "arabic") -> str:
    """A place (``3``, ``3-4`` shared) as the place column shows it.

    >>> place_text("3-4"), place_text("3-4", "roman"), place_text("14", "roman")
    ('3-4', 'III–IV', 'XIV')
    """
    if places not in PLACES:
        raise ValueError(f"places must be one of {', '.join(PLACES)}, not {places!r}")
    first, sep, last = place.partition("-")
    if places == "arabic" or not first.isdigit() or (sep and not last.isdigit()):
        return place
    return roman(int(first)) + (f"–{roman(int(last))}" if sep else "")


def _column_titles() -> dict[str, str]:
    """The columns' headers in the current language, by their English identifiers."""
    return {
        # TRANSLATORS: a column of the standings: the participant's final place (1, 2, 3-4 shared).
        "Place": pgettext("column", "Place"),
        # TRANSLATORS: a column of a football league table: the team's position.
        "Pos": pgettext("column", "Pos"),
        "Team": pgettext("column", "Team"),
        # TRANSLATORS: a column of a football league table: matches played (keep it short).
        "P": pgettext("column", "P"),
        # TRANSLATORS: a column of a football league table: matches won (keep it short).
        "W": pgettext("column", "W"),
        # TRANSLATORS: a column of a football league table: matches drawn (keep it short).
        "D": pgettext("column", "D"),
        # TRANSLATORS: a column of a football league table: matches lost (keep it short).
        "L": pgettext("column", "L"),
        # TRANSLATORS: a column of a football league table: points (keep it short).
        "Pts": pgettext("column", "Pts"),
        # TRANSLATORS: a column of the standings: which criterion separated the row from the next.
        "Decided": pgettext("column", "Decided"),
        # TRANSLATORS: a column of the standings: the player's start number (keep it short).
        "No": pgettext("column", "No"),
        # TRANSLATORS: a column of the standings: the chess title (GM, IM, WFM…).
        "Title": pgettext("column", "Title"),
        # TRANSLATORS: a column of the standings: the player's federation (BUL, HUN; keep it short).
        "Fed": pgettext("column", "Fed"),
        # TRANSLATORS: a column of the standings: the points added or deducted outside the games (a
        # league's deduction, -8), which the points include (keep it short).
        "Adj": pgettext("column", "Adj"),
        # TRANSLATORS: a column of the standings' CSV file: the points added or deducted outside the games.
        "adjustment": pgettext("csv column", "adjustment"),
        # TRANSLATORS: a column of the standings: the player's (Elo) rating.
        "Rating": pgettext("column", "Rating"),
        "Name": pgettext("column", "Name"),
        "Points": pgettext("column", "Points"),
        # TRANSLATORS: a column of the ranking across groups: the team's group (keep it short).
        "Grp": pgettext("column", "Grp"),
        # TRANSLATORS: a column of the ranking across groups: whether the team goes through (Q).
        "Through": pgettext("column", "Through"),
        # TRANSLATORS: a column of the knockout round: the match's number.
        "Match": pgettext("column", "Match"),
        # TRANSLATORS: a column of the knockout round: the slot of the draw a team fills (1A, 3C/D/E).
        "Slot": pgettext("column", "Slot"),
        # TRANSLATORS: a column of the knockout round: the home team.
        "Home": pgettext("column", "Home"),
        # TRANSLATORS: a column of the knockout round: the away team.
        "Away": pgettext("column", "Away"),
        "Group": pgettext("column", "Group"),
        # TRANSLATORS: a column of a competition's fixtures: the match's score (2:1).
        "Score": pgettext("column", "Score"),
        # TRANSLATORS: a column of the scenarios and the outlook: the best place still possible.
        "Best": pgettext("column", "Best"),
        # TRANSLATORS: a column of the scenarios and the outlook: the worst place still possible.
        "Worst": pgettext("column", "Worst"),
        # TRANSLATORS: a column of the outlook: games left to play.
        "Left": pgettext("column", "Left"),
        # TRANSLATORS: a column of the outlook: the most points still possible (every game left won).
        "Most": pgettext("column", "Most"),
        # TRANSLATORS: a column of the potentials' table: the Laplacian potential (a rating method).
        "Potential": pgettext("column", "Potential"),
        # TRANSLATORS: a column of the potentials' table: the flow rating (a rating method).
        "Flow": pgettext("column", "Flow"),
        # TRANSLATORS: a column of the potentials' table: the potential as a share of all.
        "Pot %": pgettext("column", "Pot %"),
        # TRANSLATORS: a column of the potentials' table: the flow as a share of all.
        "Flow %": pgettext("column", "Flow %"),
        # TRANSLATORS: a column of the standings' CSV file (lower case, as the file's other headers).
        "rank": pgettext("csv column", "rank"),
        # TRANSLATORS: a column of the standings' CSV file: the place (1, 3-4 shared).
        "place": pgettext("csv column", "place"),
        # TRANSLATORS: a column of the standings' CSV file: the participant's name.
        "name": pgettext("csv column", "name"),
        # TRANSLATORS: a column of the standings' CSV file: the points.
        "points": pgettext("csv column", "points"),
        # TRANSLATORS: a column of the schedule's CSV file: the round's number.
        "round": pgettext("csv column", "round"),
        # TRANSLATORS: a column of the schedule's CSV file: the board's number.
        "board": pgettext("csv column", "board"),
        # TRANSLATORS: a column of the schedule's CSV file: White's start number.
        "white": pgettext("csv column", "white"),
        # TRANSLATORS: a column of the schedule's CSV file: Black's start number.
        "black": pgettext("csv column", "black"),
        # TRANSLATORS: a column of the schedule's CSV file: White's name (one word, as the file's other headers).
        "white_name": pgettext("csv column", "white_name"),
        # TRANSLATORS: a column of the schedule's CSV file: Black's name (one word, as the file's other headers).
        "black_name": pgettext("csv column", "black_name"),
    }


def column_title(name: str) -> str:
    """The header of a column as it is shown in the current language. The tables keep
    their columns' English identifiers (``Place``, ``Name``, ``Decided``: what the code
    looks up); only their headers are translated, when written. A criterion's label
    (``SB``, ``BH/C1``, ``GD``), a number or a zone's name stays as it is.

    >>> column_title("Place"), column_title("BH/C1"), column_title("3")
    ('Place', 'BH/C1', '3')
    """
    if language() == "en":
        return name
    return _column_titles().get(name, name)


_TEXT_COLUMNS = frozenset({"Decided", "Group", "name", "white_name", "black_name"})
_NAME_COLUMNS = frozenset({"Name", "Team", "Home", "Away"})
_MARK_COLUMNS = frozenset({"Title", "Fed", "Grp", "Through", "Slot", "Score"})


def column_kind(name: str) -> str:
    """How a column's cells are aligned, by its English identifier, as the HTML
    templates' class of its header and cells: ``name`` (a participant: left, on one
    line), ``text`` (left, wrapped), ``mark`` (a title, a federation: centred) or ``""``
    for a number (right, the stylesheet's default: places, points, coefficients).

    >>> column_kind("Name"), column_kind("Decided"), column_kind("Fed"), column_kind("BH/C1")
    ('name', 'text', 'mark', '')
    """
    if name in _NAME_COLUMNS:
        return "name"
    if name in _TEXT_COLUMNS:
        return "text"
    return "mark" if name in _MARK_COLUMNS else ""


def standings_table(
    s: Standings,
    style: str = "decimal",
    decimals: int | None = None,
    *,
    places: str = "arabic",
    neutral: bool = False,
) -> tuple[list[str], list[list[str]]]:
    """The standings as text cells, header and rows, which every writer lays out: a
    league table (football) in the layout ``Pos Team P W D L GF GA GD Pts … Decided``,
    else ``Place``, the start number and title when the file gives them, ``Name``,
    federation and rating when given, ``Points``, one column per criterion (each
    with a fixed number of decimals, :func:`_column_texts`) and ``Decided``.

    The header holds the columns' English identifiers (:func:`column_title` shows
    them); the numbers are written as the current language writes them, or with a
    decimal point whatever the language when ``neutral`` (a CSV file's data). The
    place column in Roman numerals with ``places="roman"`` (:func:`place_text`)."""
    number = fmt_number if neutral else show_number
    if s.tournament.kind == "goals":
        extra = [k for k in s.labels if k not in ("GD", "GF")]
        adjusted = ["Adj"] if s.adjusted else []  # a deduction's column, before the points that include it
        head = ["Pos", "Team", "P", "W", "D", "L", "GF", "GA", "GD", *adjusted, "Pts", *extra, "Decided"]
        body = []
        spec_of = {sp.label: sp for sp in s.criteria}
        texts = {
            x: _column_texts([r.values[x] for r in s.rows], style, decimals, neutral, REGISTRY[spec_of[x].code].count)
            for x in extra
        }
        for k, r in enumerate(s.rows):
            rec = s.record(r.index)
            gd = rec["goal_difference"]
            cells = [number(rec[x], style) for x in ("played", "won", "drawn", "lost", "goals_for", "goals_against")]
            body.append(
                [
                    place_text(r.place, places),
                    r.name,
                    *cells,
                    ("+" if gd > 0 else "") + number(gd, style),
                    *([_signed(s.adjustment(r.index), number, style) + _deducted(s, r, neutral)] if adjusted else []),
                    number(r.points, style),
                    *(texts[x][k] for x in extra),
                    decided_note(s, k),
                ]
            )
        return head, body
    t = s.tournament
    profile: list[tuple[str, list[str]]] = []
    if t.numbers is not None:
        profile.append(("No", [str(x) for x in t.numbers]))
    for label, values in (("Title", t.titles), ("Fed", t.federations)):
        if values is not None and any(values):
            profile.append((label, list(values)))
    if t.ratings is not None and any(r is not None for r in t.ratings):
        profile.append(("Rating", ["" if r is None else str(r) for r in t.ratings]))
    before = [label for label, _ in profile if label in ("No", "Title")]
    after = [label for label, _ in profile if label not in ("No", "Title")]
    by_label = dict(profile)
    if s.adjusted:  # a deduction's column, before the points that include it
        after.append("Adj")
        by_label["Adj"] = [_signed(s.adjustment(i), number, style) for i in range(len(t.names))]
    columns: list[list[Fraction | None]] = [[r.points for r in s.rows]]
    columns += [[r.values[k] for r in s.rows] for k in s.labels]
    counts = [False, *(REGISTRY[sp.code].count for sp in s.criteria)]
    shown = [
        _column_texts(values, style, decimals, neutral, whole) for values, whole in zip(columns, counts, strict=True)
    ]
    notes = [decided_note(s, k) for k in range(len(s.rows))]
    head = ["Place", *before, "Name", *after, "Points", *s.labels, *(["Decided"] if any(notes) else [])]
    body = [
        [
            place_text(r.place, places),
            *(by_label[x][r.index] for x in before),
            r.name,
            *(by_label[x][r.index] for x in after),
            *(col[k] for col in shown),
            *([notes[k]] if any(notes) else []),
        ]
        for k, r in enumerate(s.rows)
    ]
    return head, body


DEDUCTED = "*"
"""The mark after the ``Adj`` cell of a team with points deducted (a league table);
a note below the table says how many (:meth:`~crosstable.ranking.Standings.deduction_notes`)."""


def _deducted(s: Standings, r: Row, neutral: bool = False) -> str:
    """The mark of a team with points deducted, else nothing (nothing either in a CSV
    file's data, ``neutral``: its cells stay numbers)."""
    return DEDUCTED if s.deduction(r.index) and not neutral else ""


def _signed(value: Fraction, number: Callable[[Fraction | None, str], str], style: str) -> str:
    """An adjustment as a table shows it: ``-8`` deducted, ``+2`` added, ``0`` none."""
    return ("+" if value > 0 else "") + number(value, style)


def _column_texts(
    values: list[Fraction | None], style: str, decimals: int | None, neutral: bool = False, count: bool = False
) -> list[str]:
    """A column's values as text: ``fraction`` style as ``4½``; else with the same
    decimals on every row, as published ranking lists print them (``decimals``, or as
    many as the column needs: :func:`crosstable.numbers.column_decimals`), none for a
    ``count`` (a criterion whose values are counts, :attr:`Criterion.count`) whatever
    ``decimals`` says; as the current language writes numbers, or with a decimal point
    when ``neutral``."""
    if style == "fraction":
        number = fmt_number if neutral else show_number
        return [number(v, style) for v in values]
    whole = count and all(v is None or v.denominator == 1 for v in values)
    places = 0 if whole else column_decimals(values) if decimals is None else decimals
    fixed = fmt_fixed if neutral else show_fixed
    return [fixed(v, places) for v in values]


def decided_note(s: Standings, k: int) -> str:
    """``ahead of Senegal on FP (fair-play points)`` for row k, if a criterion
    separated it from the next row on equal points: the criterion exactly as listed,
    its name, and for a head-to-head re-applied to a subset, that subset."""
    r = s.rows[k]
    if r.ahead_on is None or k + 1 >= len(s.rows):
        return ""
    below = s.rows[k + 1]
    code = r.ahead_on.split("/")[0].split("(")[0].split(":")[0]
    if code not in REGISTRY:
        # TRANSLATORS: the Decided column: {criterion} is a criterion's code (SB, BH/C1) and its arguments.
        return _("ahead of {below} on {criterion}").format(below=below.name, criterion=r.ahead_on)
    name = REGISTRY[code].title
    group = s.groups.get((r.ahead_on, r.index))
    if code == "H2H" and group and len(group) > 2:
        points, difference, goals = mini_league(s.analysis, group)
        where = {p: n for n, p in enumerate(group)}
        x, y = where[r.index], where[below.index]
        if (points[x], difference[x], goals[x]) == (points[y], difference[y], goals[y]):
            # TRANSLATORS: the Decided column: a head-to-head criterion applied again to the
            # matches of two teams still level after it was applied to more teams.
            return _(
                "ahead of {below} on {criterion} ({name}), re-applied to the matches between {first} and {second}"
            ).format(below=below.name, criterion=r.ahead_on, name=name, first=r.name, second=below.name)
    # TRANSLATORS: the Decided column: {criterion} is a criterion's code (SB, BH/C1), {name} its name.
    return _("ahead of {below} on {criterion} ({name})").format(below=below.name, criterion=r.ahead_on, name=name)


@dataclass
class Cell:
    text: str
    cls: str
    heat: float | None = None


@dataclass
class View:
    title: str
    criteria: list[str]
    head: list[str]
    rows: list[list[str]]
    names: list[str]
    grid_head: list[str]
    grid: list[list[Cell]]
    warnings: list[str] = field(default_factory=list)
    heading: list[str] = field(default_factory=list)
    """The event's name, then what was ranked and how (:meth:`Standings.heading`)."""
    grid_note: str = ""
    """Why there is no crosstable (a round robin too large to draw as a grid)."""


GRID_LIMIT = 400
"""The most participants whose round-robin grid is drawn in HTML (160,000 cells); a
Swiss event's round-by-round crosstable is drawn at any size."""


def view(s: Standings, style: str = "decimal", decimals: int | None = None, *, places: str = "arabic") -> View:
    """The view of a standings that every HTML template takes (the columns' English
    identifiers in ``head``: the templates show them with :func:`column_title`)."""
    head, body = standings_table(s, style, decimals, places=places)
    t = s.tournament
    grid_head: list[str] = []
    grid: list[list[Cell]] = []
    note = ""
    if len(s.rows) > GRID_LIMIT and not (t.system == "swiss" and s.analysis.last_round):
        # TRANSLATORS: keep the command "crosstable standings FILE --crosstable" as it is.
        note = ngettext(
            "The results grid of {participants} participant is not drawn here (more than {limit}): "
            "crosstable standings FILE --crosstable prints it.",
            "The results grid of {participants} participants is not drawn here (more than {limit}): "
            "crosstable standings FILE --crosstable prints it.",
            len(s.rows),
        ).format(participants=integer_text(len(s.rows)), limit=integer_text(GRID_LIMIT))
    else:
        grid_head, grid = crosstable_cells(s, style)
    return View(
        title=s.heading()[0],
        criteria=list(s.labels),
        head=head,
        rows=body,
        names=[r.name for r in s.rows],
        grid_head=grid_head,
        grid=grid,
        warnings=list(s.warnings),
        heading=s.heading(),
        grid_note=note,
    )


def crosstable_cells(s: Standings, style: str = "decimal") -> tuple[list[str], list[list[Cell]]]:
    """The crosstable in the order of the standings: for a Swiss event the
    round-by-round table arbiters publish (:func:`round_cells`), else the results
    grid: ``×`` on the diagonal, ``.`` for a game not played yet, ``+``/``-`` forfeits,
    scores as ``2:1`` in football, every game of a double round robin in its cell;
    each cell with its class and the share of the available points the row's
    participant took there."""
    t = s.tournament
    if t.system == "swiss" and t.rounds is not None and s.analysis.last_round:
        return round_cells(s, style)
    order = [r.index for r in s.rows]
    pos = {p: k for k, p in enumerate(order)}
    n = len(order)
    texts: list[list[list[str]]] = [[[] for _ in range(n)] for _ in range(n)]
    outcomes: list[list[list[str]]] = [[[] for _ in range(n)] for _ in range(n)]
    taken: list[list[list[Fraction]]] = [[[] for _ in range(n)] for _ in range(n)]
    d = t.score_denominator
    win = t.scoring.win or Fraction(1)
    assert t.status is not None
    columns = (t.white, t.black, t.white_score, t.black_score, t.status, t.white_outcome, t.black_outcome)
    for w, b, ws, bs, st, wo, bo in zip(*(c.tolist() for c in columns), strict=True):
        for me, other, mine, theirs, outcome in ((w, b, ws, bs, wo), (b, w, bs, ws, bo)):
            cell = (pos[me], pos[other])
            if st == PENDING:
                texts[cell[0]][cell[1]].append(".")
                outcomes[cell[0]][cell[1]].append("p")
                continue
            if st == FORFEIT and t.kind != "goals":
                text, cls = ("+" if mine > theirs else "-"), ("fw" if outcome == WIN else "fl")
            else:
                text = show_vulgar(Fraction(mine, d))
                if t.kind == "goals":
                    text += f":{show_vulgar(Fraction(theirs, d))}"
                cls = {WIN: "w", LOSS: "l"}.get(outcome, "d")
            texts[cell[0]][cell[1]].append(text)
            outcomes[cell[0]][cell[1]].append(cls)
            taken[cell[0]][cell[1]].append(t.scoring.points(outcome) / win)
    head = ["#", "Name", *(str(k + 1) for k in range(n)), "Points"]
    grid: list[list[Cell]] = []
    for k, p in enumerate(order):
        row = [Cell(str(k + 1), "num"), Cell(t.names[p], "name")]
        for j in range(n):
            if j == k:
                row.append(Cell("×", "x"))
                continue
            kinds = set(outcomes[k][j])
            cls = kinds.pop() if len(kinds) == 1 else ("mixed" if kinds else "none")
            shares = taken[k][j]
            heat = float(sum(shares) / len(shares)) if shares else None
            row.append(Cell(" ".join(texts[k][j]), cls, heat))
        row.append(Cell(show_number(s.rows[k].points, style), "num"))
        grid.append(row)
    return head, grid


_BYE_TEXT = {"pab": "U", "full": "F", "half": "H", "zero": "Z", "absent": "–"}
"""A round without an opponent as TRF writes it: the pairing-allocated bye ``U``, the
full-, half- and zero-point byes ``F``, ``H``, ``Z``; an absence ``–``."""


def round_cells(s: Standings, style: str = "decimal") -> tuple[list[str], list[list[Cell]]]:
    """The round-by-round crosstable of a Swiss event, one row per participant in
    the order of the standings and one column per round: the opponent's place, the
    colour and the result (``12w1``, ``5b½``, ``3w+`` a forfeit won, ``3b−`` lost,
    ``7w.`` not played yet), or the round's bye (``U``, ``F``, ``H``, ``Z``) or
    absence (``–``)."""
    t, a = s.tournament, s.analysis
    assert t.rounds is not None and t.status is not None
    rounds = a.last_round
    place = {r.index: k + 1 for k, r in enumerate(s.rows)}
    row_of = {r.index: k for k, r in enumerate(s.rows)}
    cells: list[list[Cell]] = [[Cell("", "none") for _ in range(rounds)] for _ in s.rows]
    d = t.score_denominator
    win = t.scoring.win or Fraction(1)
    columns = (t.white, t.black, t.white_score, t.black_score, t.status, t.white_outcome, t.black_outcome, t.rounds)
    for w, b, ws, bs, st, wo, bo, rnd in zip(*(c.tolist() for c in columns), strict=True):
        if not 1 <= rnd <= rounds:
            continue
        for me, other, mine, colour, outcome in ((w, b, ws, "w", wo), (b, w, bs, "b", bo)):
            opponent = f"{place[other]}{colour}"
            if st == PENDING:
                cell = Cell(opponent + ".", "p")
            elif st == FORFEIT:
                cell = Cell(opponent + ("+" if outcome == WIN else "−"), "fw" if outcome == WIN else "fl")
            else:
                text = show_vulgar(Fraction(mine, d))
                cell = Cell(
                    opponent + text, {WIN: "w", LOSS: "l"}.get(outcome, "d"), float(t.scoring.points(outcome) / win)
                )
            cells[row_of[me]][rnd - 1] = cell
    for bye in a.byes:
        if 1 <= bye.round <= rounds:
            cls = {WIN: "w", LOSS: "l"}.get(bye.outcome, "d") if bye.kind != "absent" else "none"
            cells[row_of[bye.participant]][bye.round - 1] = Cell(_BYE_TEXT.get(bye.kind, "–"), f"bye {cls}")
    head = ["#", "Name", *(str(k + 1) for k in range(rounds)), "Points"]
    grid = [
        [Cell(str(k + 1), "num"), Cell(r.name, "name"), *cells[k], Cell(show_number(r.points, style), "num")]
        for k, r in enumerate(s.rows)
    ]
    return head, grid


@cache
def template_environment() -> jinja2.Environment:
    """The one Jinja environment of every page (the report, the competition, the site's pages)."""
    import jinja2  # noqa: PLC0415 - optional: jinja2 (~30 ms to import) only for HTML

    env = jinja2.Environment(
        loader=jinja2.PackageLoader("crosstable", "templates"),
        autoescape=True,
        trim_blocks=True,
        lstrip_blocks=True,
        undefined=jinja2.StrictUndefined,
        extensions=["jinja2.ext.i18n"],
    )
    # the functions read the current language when called: one environment serves every language
    env.install_gettext_callables(  # type: ignore[attr-defined]
        gettext=_, ngettext=ngettext, newstyle=True, pgettext=pgettext
    )
    env.globals["column_title"] = column_title
    env.filters["column_kind"] = column_kind
    env.globals["language"] = language
    return env


def event_state(t: Tournament) -> str:
    """How far the event is, for a printed page's header: ``after round 4 of 9`` (an
    event cut before its end or still running), ``final, 9 rounds``, or for an event
    without rounds (a round robin given as a table, a competition's groups) the games
    played of all when some are still to play; empty when there is nothing to say."""
    if t.rounds is not None and t.results_round:
        played = t.results_round
        total = max(t.rounds_cut[1] if t.rounds_cut else t.announced_rounds, played)
        if total > played:
            # TRANSLATORS: the state of an event still running: {round} of {rounds} announced.
            return _("after round {round} of {rounds}").format(round=integer_text(played), rounds=integer_text(total))
        # TRANSLATORS: the state of a finished event: {rounds} is its number of rounds.
        return ngettext("final, {rounds} round", "final, {rounds} rounds", played).format(rounds=integer_text(played))
    if t.status is None or not len(t.status):
        return ""
    total = len(t.status)
    played = int((t.status != PENDING).sum())
    if played < total:
        # TRANSLATORS: the state of an event without rounds still running: {played} games of {total}.
        return ngettext("{played} of {total} game played", "{played} of {total} games played", total).format(
            played=integer_text(played), total=integer_text(total)
        )
    # TRANSLATORS: the state of an event without rounds whose every game is played.
    return _("final")


@dataclass
class PrintLine:
    """What a printed page says at its head (``print-header.html``): the event, how far
    it is (:func:`event_state`), the day the page was made and its source."""

    event: str
    state: str = ""
    written: str = ""
    source: str | None = None


def print_line(
    event: str, t: Tournament | None, written: datetime.date | None = None, source: str | None = None
) -> PrintLine:
    """The header of a printed page: ``written`` today by default, ``source`` the
    event's file name by default."""
    day = written or datetime.datetime.now(datetime.UTC).date()
    if source is None and t is not None and t.source:
        source = Path(t.source).name
    return PrintLine(event, event_state(t) if t is not None else "", day.isoformat(), source)


def render_report(
    s: Standings,
    style: str = "decimal",
    decimals: int | None = None,
    *,
    places: str = "arabic",
    written: datetime.date | None = None,
    source: str | None = None,
) -> str:
    """A standalone, printable HTML page: the standings, then the crosstable (the
    command line's ``--output html`` and the web page's report); printed, it says at
    its head the event, after which round, the day it was made and the source
    (:func:`print_line`)."""
    v = view(s, style, decimals, places=places)
    printed = print_line(v.title, s.tournament, written, source)
    return template_environment().get_template("report.html").render(v=v, printed=printed)


@dataclass
class Section:
    """One table of a page of several (a competition's group, its third-placed teams,
    its knockout round): the ``head``/``rows``/``names`` the standings macro takes."""

    title: str
    head: list[str]
    rows: list[list[str]]
    names: list[str]
    note: str = ""


def render_sections(
    title: str,
    heading: list[str],
    sections: list[Section],
    warnings: list[str],
    *,
    tournament: Tournament | None = None,
    written: datetime.date | None = None,
    source: str | None = None,
) -> str:
    """A standalone, printable HTML page of several tables (same style as the report);
    printed, it says at its head the event, how far it is (given the ``tournament``),
    the day it was made and the source (:func:`print_line`)."""
    page = template_environment().get_template("competition.html")
    printed = print_line(title, tournament, written, source)
    return page.render(title=title, heading=heading, sections=sections, warnings=warnings, printed=printed)


def render_sections_fragment(sections: list[Section]) -> str:
    """The tables of several sections alone, for the web page (same macros)."""
    module = template_environment().get_template("tables.html").module
    return str(module.sections(sections))  # type: ignore[attr-defined]


def render_fragments(s: Standings, style: str = "decimal", *, places: str = "arabic") -> dict[str, Any]:
    """The standings and crosstable tables alone, for the web page (same macros)."""
    module = template_environment().get_template("tables.html").module
    v = view(s, style, places=places)
    return {"standings": str(module.standings(v)), "crosstable": str(module.crosstable(v))}  # type: ignore[attr-defined]
