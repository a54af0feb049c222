"""Writers: every one takes a :class:`~crosstable.ranking.Standings`.

Formats: ``text`` (an aligned table, drawn with ``rich``), ``json`` (the public
shape of SPEC §11), ``csv``, ``md`` (Markdown). ``style="fraction"`` prints ``4½``
instead of ``4.5`` in text and Markdown; JSON always has plain JSON numbers.
"""

from __future__ import annotations

import csv
import io
import json
from typing import TYPE_CHECKING, Any

from crosstable.numbers import fmt_number, fmt_vulgar, json_number

if TYPE_CHECKING:
    from crosstable.ranking import Standings

OUTPUTS = ("text", "json", "csv", "md")


def standings_dict(s: Standings) -> dict[str, Any]:
    """The JSON object of SPEC §11."""
    return {
        "scoring": {k: json_number(v) for k, v in s.tournament.scoring.as_dict().items()},
        "tiebreaks": s.labels,
        "standings": [
            {
                "rank": r.rank,
                "place": r.place,
                "name": r.name,
                "points": json_number(r.points),
                "tiebreaks": {k: json_number(v) for k, v in r.values.items()},
            }
            for r in s.rows
        ],
        "warnings": list(s.warnings),
    }


def to_json(s: Standings) -> str:
    return json.dumps(standings_dict(s), ensure_ascii=False, indent=2) + "\n"


def _table(s: Standings, style: str) -> tuple[list[str], list[list[str]]]:
    head = ["Place", "Name", "Points", *s.labels]
    body = [
        [r.place, r.name, fmt_number(r.points, style), *(fmt_number(r.values[k], style) for k in s.labels)]
        for r in s.rows
    ]
    return head, body


def to_csv(s: Standings) -> str:
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\n")
    w.writerow(["rank", "place", "name", "points", *s.labels])
    for r in s.rows:
        w.writerow([r.rank, r.place, r.name, fmt_number(r.points), *(fmt_number(r.values[k]) for k in s.labels)])
    return out.getvalue()


def to_markdown(s: Standings, style: str = "decimal") -> str:
    head, body = _table(s, style)
    lines = [
        "| " + " | ".join(head) + " |",
        "|" + "|".join("---:" if k != 1 else "---" for k in range(len(head))) + "|",
    ]
    lines += ["| " + " | ".join(c.replace("|", "\\|") for c in row) + " |" for row in body]
    return "\n".join(lines) + "\n"


def to_text(s: Standings, style: str = "decimal", crosstable: bool = False, width: int = 200) -> str:
    """An aligned table; with ``crosstable=True`` the full results grid first."""
    from rich.console import Console
    from rich.table import Table

    console = Console(file=io.StringIO(), width=width, color_system=None, legacy_windows=False)
    if crosstable:
        console.print(crosstable_table(s, style))
    head, body = _table(s, style)
    table = Table(title=s.tournament.source, show_edge=False, header_style="bold")
    for k, h in enumerate(head):
        table.add_column(h, justify="left" if k == 1 else "right", no_wrap=True)
    for row in body:
        table.add_row(*row)
    console.print(table)
    for w in s.warnings:
        console.print(f"warning: {w}", markup=False, highlight=False)
    out = console.file
    assert isinstance(out, io.StringIO)
    return out.getvalue()


def crosstable_table(s: Standings, style: str = "decimal") -> Any:
    """The results grid in the order of the standings (a ``rich`` table)."""
    from fractions import Fraction

    from rich.table import Table

    t = s.tournament
    order = [r.index for r in s.rows]
    pos = {p: k for k, p in enumerate(order)}
    n = len(order)
    cells: list[list[list[str]]] = [[[] for _ in range(n)] for _ in range(n)]
    d = t.score_denominator
    assert t.status is not None
    for w, b, ws, bs, st in zip(
        t.white.tolist(),
        t.black.tolist(),
        t.white_score.tolist(),
        t.black_score.tolist(),
        t.status.tolist(),
        strict=True,
    ):
        if st == 2:
            a, c = ".", "."
        elif st == 1:
            a, c = ("+" if ws > bs else "-"), ("+" if bs > ws else "-")
        elif t.kind == "goals":
            a, c = f"{ws // d}:{bs // d}", f"{bs // d}:{ws // d}"
        else:
            a, c = fmt_vulgar(Fraction(ws, d)), fmt_vulgar(Fraction(bs, d))
        cells[pos[w]][pos[b]].append(a)
        cells[pos[b]][pos[w]].append(c)
    table = Table(show_edge=False, header_style="bold", title="Crosstable")
    table.add_column("#", justify="right")
    table.add_column("Name")
    for k in range(n):
        table.add_column(str(k + 1), justify="center")
    table.add_column("Points", justify="right")
    for k, p in enumerate(order):
        row = [" ".join(c) if j != k else "×" for j, c in enumerate(cells[k])]
        table.add_row(str(k + 1), t.names[p], *row, fmt_number(s.rows[k].points, style))
    return table


def render(s: Standings, output: str, style: str = "decimal", crosstable: bool = False) -> str:
    if output == "json":
        return to_json(s)
    if output == "csv":
        return to_csv(s)
    if output == "md":
        return to_markdown(s, style)
    return to_text(s, style, crosstable)
