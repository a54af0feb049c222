"""Writers: every one takes a :class:`~crosstable.ranking.Standings` (or a schedule,
a scenario report, potentials) and renders it.

Formats: ``text`` (an aligned table, drawn with ``rich``), ``json`` (the public
shape, :meth:`~crosstable.ranking.Standings.to_dict`), ``csv``, ``md`` (Markdown),
``html`` (the templates of :mod:`crosstable.report`). ``style="fraction"`` prints
``4½`` instead of ``4.5`` in text and Markdown; JSON always has plain JSON numbers.
The table of cells every format shares is :func:`crosstable.report.standings_table`.

Languages: the tables keep their columns' English identifiers (what the code looks
up: :data:`TEXT_COLUMNS`, ``Decided``), translated only when the header is written
(:func:`crosstable.report.column_title`); text, Markdown and HTML write numbers as the
current language does (``11,75`` in Bulgarian), CSV with a decimal point (its header
row and its ``Decided`` notes, words for people, are translated), JSON does not depend
on the language. ``places="roman"`` shows the place column in Roman numerals
(``III–IV`` a shared place) in text, Markdown and HTML; CSV and JSON keep the numbers.
"""

from __future__ import annotations

import csv
import io
import json
import shutil
from collections.abc import Callable, Iterator, Sequence
from itertools import repeat
from typing import Any

from crosstable.competition import Competition
from crosstable.i18n import _, integer_text, ngettext, pgettext
from crosstable.numbers import fmt_number, json_number, parse_number
from crosstable.ranking import Standings
from crosstable.report import (
    Section,
    column_title,
    crosstable_cells,
    render_report,
    render_sections,
    render_sections_fragment,
    standings_table,
)
from crosstable.schedule import Schedule

OUTPUTS = ("text", "json", "csv", "md", "html")
TEXT_COLUMNS = {"Name", "Team", "Title", "Fed", "Decided", "Grp", "Through", "Home", "Away", "Slot"}
"""Columns of words, aligned left (numbers align right): their English identifiers."""


def to_json(s: Standings) -> str:
    """The JSON object of :meth:`~crosstable.ranking.Standings.to_dict`, one standings
    row per line (compact rows keep the fast C encoder; a 2,000-player event is written
    in milliseconds)."""
    data = s.to_dict()

    def dump(x: Any) -> str:
        return json.dumps(x, ensure_ascii=False)

    rows = ",\n    ".join(dump(r) for r in data["standings"])
    head = ",\n  ".join(f"{dump(k)}: {dump(v)}" for k, v in data.items() if k not in ("standings", "warnings"))
    warnings = ",\n    ".join(dump(w) for w in data["warnings"])
    return (
        "{\n  "
        + head
        + ',\n  "standings": [\n    '
        + rows
        + '\n  ],\n  "warnings": ['
        + (f"\n    {warnings}\n  " if warnings else "")
        + "]\n}\n"
    )


def csv_safe(cell: str) -> str:
    """A cell that a spreadsheet will not run as a formula (``=``, ``+``, ``-``, ``@``
    at the start of text get a leading apostrophe); numbers are left alone."""
    if cell[:1] in ("=", "+", "-", "@", "\t", "\r") and parse_number(cell) is None:
        return "'" + cell
    return cell


def to_csv(s: Standings, notes: bool = False) -> str:
    """Comma-separated values, an undefined value an empty cell. With ``notes``, the
    heading and the warnings first, as ``#`` comment lines (off by default: most CSV
    readers take them for data)."""
    out = io.StringIO()
    if notes:
        out.writelines(f"# {line}\n" for line in s.heading())
        out.writelines(_csv_warnings(s.warnings))
    w = csv.writer(out, lineterminator="\n")
    if s.tournament.kind == "goals":
        head, body = standings_table(s, "decimal", neutral=True)
        w.writerow([column_title(h) for h in head])
        w.writerows([_csv_cells(row) for row in body])
        return out.getvalue()
    adjusted = ["adjustment"] if s.adjusted else []  # a deduction (-8), which the points include
    w.writerow([*(column_title(h) for h in ("rank", "place", "name", *adjusted, "points")), *s.labels])
    for r in s.rows:
        cells = ["" if r.values[k] is None else fmt_number(r.values[k]) for k in s.labels]
        adjustment = [fmt_number(s.adjustment(r.index))] if adjusted else []
        w.writerow([r.rank, r.place, csv_safe(r.name), *adjustment, fmt_number(r.points), *cells])
    return out.getvalue()


def _csv_warnings(warnings: list[str]) -> list[str]:
    """The warnings as a CSV file's comment lines."""
    # TRANSLATORS: a warning written as a comment line of a CSV file.
    return ["# " + _("warning: {message}").format(message=w) + "\n" for w in warnings]


def _csv_cells(row: list[str]) -> list[str]:
    """A table row for CSV: an undefined value (–) empty, text safe from spreadsheets."""
    return ["" if c == "–" else csv_safe(c) for c in row]


def _markdown_table(head: list[str], body: list[list[str]]) -> list[str]:
    """A table's Markdown lines: words aligned left, numbers right, ``|`` escaped."""
    rule = "|" + "|".join("---" if h in TEXT_COLUMNS else "---:" for h in head) + "|"
    return [
        "| " + " | ".join(column_title(h) for h in head) + " |",
        rule,
        *("| " + " | ".join(c.replace("|", "\\|") for c in row) + " |" for row in body),
    ]


def _markdown_notes(warnings: list[str]) -> list[str]:
    # TRANSLATORS: the word before each warning below a Markdown table (written in bold).
    note = _("Note:")
    return ["", *(f"> **{note}** {w.replace('|', chr(92) + '|')}" for w in warnings)] if warnings else []


def to_markdown(s: Standings, style: str = "decimal", decimals: int | None = None, *, places: str = "arabic") -> str:
    """A Markdown table after the heading, the warnings as a note below it."""
    table = _markdown_table(*standings_table(s, style, decimals, places=places))
    lines = [*(f"{line}  " for line in s.heading()), "", *table]
    return "\n".join(lines + _markdown_notes(s.warnings)) + "\n"


def to_text(
    s: Standings,
    style: str = "decimal",
    crosstable: bool = False,
    width: int | None = None,
    decimals: int | None = None,
    heading: bool = True,
    table: tuple[list[str], list[list[str]]] | None = None,
    *,
    places: str = "arabic",
) -> str:
    """The heading and an aligned table; with ``crosstable=True`` the full results grid
    first. The warnings are not part of it: the command line writes them to standard
    error (every format), so that the table on standard output stays clean. ``table``
    replaces the standings' own cells (a table with more columns; ``places`` is then
    the table's business)."""
    from rich.console import Console  # noqa: PLC0415 - optional: rich (~20 ms to import) only for text
    from rich.table import Table  # noqa: PLC0415 - optional: rich only for text

    if width is None:
        width = terminal_width()
    console = Console(file=io.StringIO(), width=width, color_system=None, legacy_windows=False)
    if crosstable:
        console.print(crosstable_table(s, style))
    head, body = table if table is not None else standings_table(s, style, decimals, places=places)
    for line in s.heading() if heading else ():
        console.print(line, markup=False, highlight=False)

    def build(columns: list[int], first: bool = True) -> Table:
        table = Table(show_edge=False, header_style="bold")
        for k in columns:
            table.add_column(
                column_title(head[k]), justify="left" if head[k] in TEXT_COLUMNS else "right", no_wrap=True
            )
        for row in body:
            table.add_row(*(row[k] for k in columns))
        return table

    everything = list(range(len(head)))
    notes: list[str] = []
    titles = [column_title(h) for h in head]
    widths = natural_widths(titles, body)
    if "Decided" in head and sum(widths) + len(widths) - 1 > width:
        k = head.index("Decided")  # too wide for the terminal: the notes go below the table
        everything.remove(k)
        name = head.index("Name") if "Name" in head else head.index("Team")
        notes = [f"{row[name]}: {row[k]}" for row in body if row[k]]
    fixed = [j for j in everything if head[j] in ("Place", "Pos", "Name", "Team")]  # who each row is
    print_fitted(console, build, everything, fixed, width, widths)
    for note in notes:
        console.print(note, markup=False, highlight=False)
    out = console.file
    assert isinstance(out, io.StringIO)
    return out.getvalue()


def terminal_width() -> int:
    """The width text tables fit: ``COLUMNS``, else the terminal's (as ``rich`` reads
    them); written to a file or a pipe, 1000, as wide as a table needs."""
    return shutil.get_terminal_size((1000, 24)).columns


def column_blocks(widths: Sequence[int], fixed: Sequence[int], width: int) -> list[list[int]]:
    """The columns of a table too wide for ``width`` characters, in blocks that each
    fit, so that no cell is cut: every block repeats the ``fixed`` columns (the place
    and the name) and takes the next columns while they fit, at least one. ``widths``
    are the columns' widths each alone (its widest cell and its padding); a table is
    as wide as its columns and one rule between two of them.

    >>> column_blocks([4, 10, 7, 7, 7], [0, 1], 31)
    [[0, 1, 2, 3], [0, 1, 4]]
    >>> column_blocks([4, 10, 7], [0, 1], 80)
    [[0, 1, 2]]
    """
    base = sum(widths[k] + 1 for k in fixed)
    blocks: list[list[int]] = []
    block: list[int] = []
    used = base
    for k in (k for k in range(len(widths)) if k not in fixed):
        if block and used + widths[k] > width:
            blocks.append(sorted([*fixed, *block]))
            block, used = [], base
        block.append(k)
        used += widths[k] + 1
    return [*blocks, sorted([*fixed, *block])]


def natural_widths(titles: Sequence[str], body: Sequence[Sequence[str]]) -> list[int]:
    """Each column's width at its natural size in a ``rich`` table without edges: its
    widest cell (the title among them, in terminal cells) and one blank on each side.
    Counted from the texts, not by ``rich``'s measuring, which costs a second on a
    2,000-row table.

    >>> natural_widths(["Place", "Name"], [["1", "Kasparov"], ["2", "Карпов"]])
    [7, 10]
    """
    from rich.cells import cell_len  # noqa: PLC0415 - optional: rich only for text

    return [max([cell_len(t), *(cell_len(row[k]) for row in body)]) + 2 for k, t in enumerate(titles)]


def print_fitted(
    console: Any,
    build: Callable[[list[int], bool], Any],
    columns: list[int],
    fixed: list[int],
    width: int,
    widths: Sequence[int],
) -> None:
    """Print the table that ``build(columns, first)`` makes (``first``: the block that
    carries the title) within ``width`` without cutting a cell: whole when it fits,
    else in blocks of columns, each repeating the ``fixed`` ones
    (:func:`column_blocks`); ``widths``: every column's natural width
    (:func:`natural_widths`), a rule between two columns."""
    if sum(widths[k] for k in columns) + len(columns) - 1 <= width:
        console.print(build(columns, True))
        return
    position = {k: n for n, k in enumerate(columns)}
    for n, block in enumerate(column_blocks([widths[k] for k in columns], [position[k] for k in fixed], width)):
        if n:
            console.print()
        console.print(build([columns[j] for j in block], n == 0))


def crosstable_grid(s: Standings, style: str = "decimal") -> tuple[list[str], list[list[str]]]:
    """The results grid in the order of the standings, as text (see
    :func:`crosstable.report.crosstable_cells`)."""
    head, grid = crosstable_cells(s, style)
    return head, [[c.text for c in row] for row in grid]


def crosstable_table(s: Standings, style: str = "decimal") -> Any:
    """The results grid as a ``rich`` table."""
    from rich.table import Table  # noqa: PLC0415 - optional: rich only for text

    head, body = crosstable_grid(s, style)
    table = Table(show_edge=False, header_style="bold", title=_("Crosstable"))
    for k, h in enumerate(head):
        table.add_column(
            column_title(h), justify="left" if k == 1 else "right" if k in (0, len(head) - 1) else "center"
        )
    for row in body:
        table.add_row(*row)
    return table


def to_html(s: Standings, style: str = "decimal", decimals: int | None = None, *, places: str = "arabic") -> str:
    """A standalone, printable HTML page (the template shared with the web page)."""
    return render_report(s, style, decimals, places=places)


def render(
    s: Standings,
    output: str,
    style: str = "decimal",
    crosstable: bool = False,
    notes: bool = False,
    decimals: int | None = None,
    *,
    places: str = "arabic",
) -> str:
    """The standings in a format of :data:`OUTPUTS`. Warnings are inside JSON
    (``warnings``), HTML and Markdown (a note); in CSV only with ``notes``; never in
    text (see :func:`to_text`). ``places="roman"``: the place column in Roman
    numerals in text, Markdown and HTML (CSV and JSON keep the numbers)."""
    if output == "html":
        return to_html(s, style, decimals, places=places)
    if output == "json":
        return to_json(s)
    if output == "csv":
        return to_csv(s, notes)
    if output == "md":
        return to_markdown(s, style, decimals, places=places)
    return to_text(s, style, crosstable, decimals=decimals, places=places)


def across_table(
    c: Competition, style: str = "decimal", *, places: str = "arabic", neutral: bool = False
) -> tuple[list[str], list[list[str]]]:
    """The ranking across groups as cells: the standings' own, with the group after
    the team and whether it goes through (``Q``) at the end."""
    assert c.across is not None
    head, body = standings_table(c.across.standings, style, places=places, neutral=neutral)
    name = head.index("Team") if "Team" in head else head.index("Name")
    # TRANSLATORS: the mark of a team that goes through (qualifies), in the ranking across groups.
    qualified = pgettext("qualified", "Q")
    rows = []
    for row in body:
        team = row[name]
        mark = qualified if team in c.across.qualified else ""
        if team in c.across.undecided:  # the group's place is shared: the team is not known
            through = c.across.group_of[team] in c.across.qualified_groups
            mark = f"{qualified + ': ' if through else ''}{c.across.sharing(team)}?"
        rows.append([*row[: name + 1], c.across.group_of[team], *row[name + 1 :], mark])
    return [*head[: name + 1], "Grp", *head[name + 1 :], "Through"], rows


def knockout_table(c: Competition) -> tuple[list[str], list[list[str]]]:
    """The knockout round as cells: match, slots and teams (``?`` where undecided)."""
    head = ["Match", "Slot", "Home", "Slot", "Away"]
    return head, [[str(k.match), k.home_slot, k.home or "?", k.away_slot, k.away or "?"] for k in c.knockout]


def _across_title(c: Competition) -> str:
    assert c.across is not None
    a = c.across
    if a.place == 1:
        teams = _("Group winners")
    elif a.place == 2:
        teams = _("Runners-up")
    elif a.place == 3:
        teams = _("Third-placed teams")
    else:
        # TRANSLATORS: the teams that finished their groups in this place (4, 5…), ranked across the groups.
        teams = _("Teams placed {place}").format(place=integer_text(a.place))
    criteria = ", ".join(a.standings.labels)
    if a.qualify is None:
        # TRANSLATORS: a table's title; {teams} is e.g. "Third-placed teams", {criteria} criteria's codes (GD, GF).
        return _("{teams}, ranked across the groups (points, then {criteria})").format(teams=teams, criteria=criteria)
    through = ngettext("the first goes through", "the first {n} go through", a.qualify).format(
        n=integer_text(a.qualify)
    )
    # TRANSLATORS: a table's title; {through} is "the first 4 go through" (how many teams qualify).
    return _("{teams}, ranked across the groups (points, then {criteria}; {through})").format(
        teams=teams, criteria=criteria, through=through
    )


def competition_tables(
    c: Competition, style: str = "decimal", decimals: int | None = None, places: str = "arabic"
) -> list[tuple[str, list[str], list[list[str]]]]:
    """Every table of a competition: the groups, the ranking across groups, the knockout round."""
    tables: list[tuple[str, list[str], list[list[str]]]] = []
    for g in c.groups:
        title = _("Group {group}").format(group=g.group)
        tables.append((title, *standings_table(g.standings, style, decimals, places=places)))
    if c.across is not None:
        tables.append((_across_title(c), *across_table(c, style, places=places)))
    if c.knockout:
        tables.append((c.stage, *knockout_table(c)))
    return tables


def _sections(tables: list[tuple[str, list[str], list[list[str]]]]) -> list[Section]:
    """HTML sections of tables; a row's name (for the page's explanations) is its team."""
    out = []
    for title, head, body in tables:
        k = head.index("Team") if "Team" in head else head.index("Name") if "Name" in head else None
        out.append(Section(title, head, body, [row[k] if k is not None else "" for row in body]))
    return out


def competition_fragment(c: Competition, *, places: str = "arabic") -> str:
    """A competition's tables as HTML, for the web page."""
    return render_sections_fragment(_sections(competition_tables(c, places=places)))


def competition_json(c: Competition) -> str:
    """The JSON object of :meth:`~crosstable.competition.Competition.to_dict`."""
    return json.dumps(c.to_dict(), ensure_ascii=False, indent=2, default=json_number) + "\n"


def render_competition(
    c: Competition,
    output: str,
    style: str = "decimal",
    crosstable: bool = False,
    notes: bool = False,
    decimals: int | None = None,
    *,
    places: str = "arabic",
) -> str:
    """A competition in a format of :data:`OUTPUTS`: one table per group, the ranking
    across groups with the qualifiers marked, the knockout round. CSV holds the group
    tables only (a ``Group`` column first); the other formats hold everything.
    ``places="roman"``: the place columns in Roman numerals (not in CSV and JSON)."""
    if output == "json":
        return competition_json(c)
    first = c.groups[0].standings
    if output == "csv":
        out = io.StringIO()
        if notes:
            out.writelines(f"# {line}\n" for line in c.heading())
            out.writelines(_csv_warnings(list(c.warnings)))
        w = csv.writer(out, lineterminator="\n")
        for k, g in enumerate(c.groups):
            head, body = standings_table(g.standings, "decimal", neutral=True)
            if k == 0:
                w.writerow([column_title("Group"), *(column_title(h) for h in head)])
            w.writerows([[g.group, *_csv_cells(row)] for row in body])
        return out.getvalue()
    tables = competition_tables(c, style, decimals, places)
    heading = c.heading()
    if output == "html":
        return render_sections(heading[0], heading, _sections(tables), list(c.warnings), tournament=c.tournament)
    if output == "md":
        lines = [f"{line}  " for line in heading]
        for title, head, body in tables:
            lines += ["", f"### {title}", "", *_markdown_table(head, body)]
        return "\n".join(lines + _markdown_notes(c.warnings)) + "\n"
    parts = ["\n".join(heading) + "\n"]
    for k, (title, head, body) in enumerate(tables):
        grid = crosstable and k < len(c.groups)
        source = c.groups[k].standings if grid else first
        parts.append(f"\n{title}\n" + to_text(source, style, grid, heading=False, table=(head, body)))
    return "".join(parts)


SCHEDULE_OUTPUTS = ("text", "json", "csv", "games")


def _schedule_participants(s: Schedule) -> list[dict[str, Any]]:
    return [{"number": k + 1, "name": n} for k, n in enumerate(s.names)]


def schedule_dict(s: Schedule) -> dict[str, Any]:
    """The participants with their numbers, and every round's pairings by board."""
    return {
        "participants": _schedule_participants(s),
        "rounds": [
            [
                {
                    "board": p.board,
                    "white": p.white,
                    "black": p.black,
                    "white_name": s.name(p.white),
                    "black_name": s.name(p.black),
                    "bye": p.bye,
                }
                for p in rnd
            ]
            for rnd in s.rounds
        ],
    }


Piece = str | tuple[str, Callable[[int], str]]
"""A piece of a schedule's line: a fixed text, or ``("board" | "white" | "black", text)``:
the text made from the board's number, or from the number of who has White or Black."""


def _schedule_lines(s: Schedule, *pieces: Piece) -> Iterator[list[str]]:
    """Each round's boards as lines, each line the concatenation of ``pieces``.

    Every text is made once per number and the lines are joined by C loops (``map``,
    ``zip``, ``str.join``): a 1,000-player double round robin has a million boards,
    which one format or one dictionary per board wrote in 1 to 10 seconds.
    """
    last = {"board": s.table.shape[1], "white": len(s.everyone), "black": len(s.everyone)}
    texts = [p if isinstance(p, str) else (p[0], ["", *map(p[1], range(1, last[p[0]] + 1))]) for p in pieces]
    boards = list(range(1, last["board"] + 1))
    for white, black in zip(s.table[..., 0].tolist(), s.table[..., 1].tolist(), strict=True):
        numbers = {"board": boards, "white": white, "black": black}
        columns = [repeat(p) if isinstance(p, str) else map(p[1].__getitem__, numbers[p[0]]) for p in texts]
        yield list(map("".join, zip(*columns, strict=False)))  # (repeat() is endless)


def _schedule_json(s: Schedule) -> str:
    """``json.dumps(schedule_dict(s), ensure_ascii=False, indent=2)``, written line by
    line (:func:`_schedule_lines`; a test compares the two)."""
    head = json.dumps({"participants": _schedule_participants(s)}, ensure_ascii=False, indent=2)
    quoted = [json.dumps(name, ensure_ascii=False) for name in s.everyone]
    free, bye = '        "bye": false\n      }', '        "bye": true\n      }'
    rounds = []
    for boards in _schedule_lines(
        s,
        ("board", lambda t: f'      {{\n        "board": {t},\n'),
        ("white", lambda k: f'        "white": {k},\n'),
        ("black", lambda k: f'        "black": {k},\n'),
        ("white", lambda k: f'        "white_name": {quoted[k - 1]},\n'),
        ("black", lambda k: f'        "black_name": {quoted[k - 1]},\n'),
        free,
    ):
        if s.has_bye:
            boards[0] = boards[0].removesuffix(free) + bye
        rounds.append("    [\n" + ",\n".join(boards) + "\n    ]")
    return head[: head.rindex("\n}")] + ',\n  "rounds": [\n' + ",\n".join(rounds) + "\n  ]\n}\n"


def render_schedule(s: Schedule, output: str) -> str:
    """A schedule as ``text``, ``json``, ``csv`` (round, board, numbers, names) or
    ``games``: a games list with an empty result column, which the standings readers
    accept back once the results are filled in. A 1,000-player double round robin (a
    million boards) takes about a second (:func:`_schedule_lines`)."""
    if output == "json":
        return _schedule_json(s)
    lines: list[str] = []  # one list joined once
    pieces: tuple[Piece, ...]
    if output in ("csv", "games"):
        out = io.StringIO()
        w = csv.writer(out, lineterminator="\n")
        if output == "csv":
            w.writerow([column_title(h) for h in ("round", "board", "white", "black", "white_name", "black_name")])
        else:  # a games list, read back by the readers: its header stays as they know it
            w.writerow(["round", "white", "black", "result"])
        lines.append(out.getvalue().removesuffix("\n"))
        quoted = []  # each name as the csv module writes a field (not alone: it writes an empty one alone as "")
        for who in s.everyone:
            out.seek(0)
            out.truncate()
            w.writerow([who, ""])
            quoted.append(out.getvalue().removesuffix(",\n"))

        def named(k: int) -> str:
            return f"{quoted[k - 1]},"

        if output == "csv":
            pieces = (("board", "{},".format), ("white", "{},".format), ("black", "{},".format))
            pieces += (("white", named), ("black", lambda k: quoted[k - 1]))
        else:
            pieces = (("white", named), ("black", named))
        for r, boards in enumerate(_schedule_lines(s, *pieces), 1):
            if output == "games" and s.has_bye:
                boards = boards[1:]
            lines += map(f"{r},".__add__, boards)
        return "\n".join(lines) + "\n"
    width = len(str(len(s.names) + 1))
    numbered = s.names == [str(k + 1) for k in range(len(s.names))]
    # TRANSLATORS: said of a pairing in the schedule: the player has no opponent this round.
    bye = " " + _("(bye)")
    board_no: Piece = ("board", lambda t: f"  {t:>2}.  ")
    white_no: Piece = ("white", lambda k: f"{k:>{width}} - ")
    if numbered:
        pieces = (board_no, white_no, ("black", str))
    else:
        # TRANSLATORS: the name of the bye in a schedule with names: "Mikhailov - bye".
        shown = [*s.names, pgettext("schedule", "bye")]
        pieces = (
            board_no,
            white_no,
            ("black", lambda k: f"{k:<{width}}  "),
            ("white", lambda k: f"{shown[k - 1]} - "),
            ("black", lambda k: shown[k - 1]),
        )
    for r, boards in enumerate(_schedule_lines(s, *pieces), 1):
        lines.append(_("Round {round}").format(round=integer_text(r)))
        if numbered and s.has_bye:
            boards[0] += bye
        lines += boards if numbered else map(str.rstrip, boards)
    return "\n".join(lines) + "\n"
