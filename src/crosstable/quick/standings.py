"""The standings of a small individual event in plain Python (the quick path).

A second implementation of :func:`crosstable.ranking.rank` for an :class:`Event`: the
participants by points, then by each criterion of the list in turn, direct encounter
(DE) among the groups still tied at its turn, places shared (``2-3``) by those equal on
everything, who keep the input order; the warnings the full path adds for such an event,
in its order and words (English). ``tests/test_quick_criteria.py`` checks every rank,
place, value and warning against the full path. Anything else raises
:class:`Unsupported`.
"""

from __future__ import annotations

from crosstable.quick.criteria import LOCAL, LOWER_IS_BETTER, Analysis, column, direct_encounter, parse
from crosstable.quick.event import Unsupported, decimal_text
from crosstable.ties import group_ids, order_keys, split

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Sequence

    from crosstable.quick.criteria import Spec
    from crosstable.quick.event import Event, Ratio


class Row:
    """One line of the standings, as :class:`crosstable.ranking.Row`: ``rank`` (1, 2, …),
    ``place`` (``"2-3"`` when shared), ``index`` (the participant's), ``name``,
    ``points`` and ``values`` (label → value or ``None``: undefined; DE
    ``None`` for a participant not tied at its turn) and ``ahead_on`` (the label of the
    criterion that put the row above the next one on equal points, else ``None``)."""

    __slots__ = ("ahead_on", "index", "name", "place", "points", "rank", "values")

    def __init__(
        self, rank: int, place: str, index: int, name: str, points: Ratio, values: dict[str, Ratio | None]
    ) -> None:
        self.rank = rank
        self.place = place
        self.index = index
        self.name = name
        self.points = points
        self.values = values
        self.ahead_on: str | None = None

    def __repr__(self) -> str:
        return f"Row({self.place} {self.name} {self.points})"


class Table:
    """The ranked event: ``rows`` in order, ``labels`` (the criteria after the points,
    canonical), ``warnings`` (as :attr:`crosstable.ranking.Standings.warnings`) and
    ``rounds_matter`` (:attr:`crosstable.ranking.Standings.rounds_matter`: whether the
    edition of FIDE C.07 changes anything, the event having unplayed rounds)."""

    __slots__ = ("labels", "rounds_matter", "rows", "warnings")

    def __init__(self, rows: list[Row], labels: list[str], warnings: list[str], rounds_matter: bool) -> None:
        self.rows = rows
        self.labels = labels
        self.warnings = warnings
        self.rounds_matter = rounds_matter


def criteria_list(criteria: Sequence[str] | str) -> list[Spec]:
    """The criteria after the points (a leading ``PTS`` names the primary score and is
    dropped, as :func:`crosstable.ranking.primary_of` does); a comma-separated string is
    split as :func:`crosstable.tiebreaks.registry.parse_list` splits it. A criterion
    listed twice, or one :func:`crosstable.quick.criteria.parse` does not take, raises
    :class:`Unsupported`."""
    if isinstance(criteria, str):
        if "(" in criteria or ")" in criteria:
            raise Unsupported("weights in parentheses")
        parts = [s for s in (x.strip() for x in criteria.split(",")) if s]
    else:
        parts = list(criteria)
    specs = [parse(p) for p in parts]
    if specs and specs[0].code == "PTS":
        specs = specs[1:]
    seen = set()
    for s in specs:
        if s.label in seen:
            raise Unsupported(f"criterion {s.label} listed twice")
        seen.add(s.label)
    return specs


def _cut_warnings(a: Analysis, specs: list[Spec]) -> list[str]:
    """The full path's warning for each criterion whose cuts leave some participants
    nothing (``crosstable.ranking._flags``), in English."""
    out = []
    counts = [a.last_round] * a.n if a.last_round else [len(a.by_p[i]) for i in range(a.n)]
    for spec in specs:
        low, high = spec.cuts
        if not low + high:
            continue
        short = sum(1 for c in counts if c <= low + high)
        if not short:
            continue
        cut = low + high
        values_text = f"{cut:,} value" if cut == 1 else f"{cut:,} values"
        if short == 1:
            text = (
                f"{spec.label} leaves out {values_text}; {short:,} participant of {a.n:,} has no more than that: "
                f"its {spec.label} is that of nothing (a sum 0, an average –)"
            )
        else:
            text = (
                f"{spec.label} leaves out {values_text}; {short:,} participants of {a.n:,} have no more than that: "
                f"their {spec.label} is that of nothing (a sum 0, an average –)"
            )
        out.append(text)
    return out


def rank_event(
    event: Event,
    criteria: Sequence[str] | str,
    *,
    warnings: Sequence[str] = (),
    declared_points: Sequence[tuple[int, Ratio | str, int, int]] = (),
    source: str | None = None,
    announced: Sequence[str] | None = None,
) -> Table:
    """The standings of ``event`` by points, then ``criteria`` (written as the full path
    labels them, e.g. ``["PTS", "BH/C1", "BH", "SB", "DE"]``), as
    ``crosstable.rank(t, criteria)`` gives them for the event's tournament ``t``.

    - ``warnings``: the reader's warnings (``t.warnings`` after
      :meth:`~crosstable.model.Tournament.live`), kept first, each once;
    - ``declared_points``: the points the file prints (TRF ``001``) as ``(participant,
      value, line, column)``, compared with the computed ones as the full path does
      (``FILE:LINE:COL: NAME's points is printed as 4, computed 4.5``; ``source`` the
      file's name, ``<input>`` when ``None``);
    - ``announced``: the file's tie-break list (TRF-2026 ``202``), if it gives one: a
      warning when the event is ranked by another list.

    Every code, modifier or case the quick path does not take raises
    :class:`Unsupported`."""
    specs = criteria_list(criteria)
    a = Analysis(event)
    n = a.n
    if len(event.names) != len(event.ratings) or len(event.names) != len(event.numbers):
        raise Unsupported("an event whose lists differ in length")
    pts = a.results
    columns: dict[str, list[Ratio | None]] = {}
    groups = split([list(range(n))], pts)
    history = [group_ids(groups, n)]
    for spec in specs:
        if spec.code in LOCAL:
            shown: list[Ratio | None] = [None] * n
            new: list[list[int]] = []
            for g in groups:
                if len(g) <= 1:
                    new.append(g)
                    continue
                tiers, display = direct_encounter(a, spec, g)
                for p, v in zip(g, display, strict=True):
                    shown[p] = v
                full = [0] * n
                for p, t in zip(g, tiers, strict=True):
                    full[p] = t
                new.extend(split([g], full))
            groups = new
            columns[spec.label] = shown
        else:
            col = column(a, spec)
            nums, den = col
            columns[spec.label] = [None if x is None else (x, den) for x in nums]
            ascending = (spec.code in LOWER_IS_BETTER) != spec.has("R")
            groups = split(
                groups,
                order_keys([0 if x is None else x for x in col[0]], [x is None for x in col[0]], ascending, ascending),
            )
        history.append(group_ids(groups, n))
    points = [(x, 2) for x in pts]
    rows: list[Row] = []
    order = [p for g in groups for p in g]
    position = 0
    items = list(columns.items())
    for g in groups:
        first, last = position + 1, position + len(g)
        place = str(first) if first == last else f"{first}-{last}"
        for p in g:
            position += 1
            rows.append(Row(position, place, p, event.names[p], points[p], {k: v[p] for k, v in items}))
    labels = ["points"] + [s.label for s in specs]
    for k in range(len(order) - 1):
        x, y = order[k], order[k + 1]
        if pts[x] != pts[y]:
            continue
        for stage in range(1, len(history)):
            if history[stage][x] != history[stage][y]:
                rows[k].ahead_on = labels[stage]
                break
    out = list(dict.fromkeys(warnings))
    out.extend(_other_than_announced(announced, specs))
    for i, value, line, col_no in sorted(declared_points, key=lambda d: d[0]):
        mine = points[i]
        if isinstance(value, tuple) and value[0] * mine[1] == mine[0] * value[1]:
            continue
        shown_text = decimal_text(value) if isinstance(value, tuple) else str(value)
        out.append(
            f"{source or '<input>'}:{line}:{col_no}: {event.names[i]}'s points is printed as {shown_text}, "
            f"computed {decimal_text(mine)}"
        )
    out.extend(_cut_warnings(a, specs))
    out.extend(dict.fromkeys(a.notes))
    return Table(rows, [s.label for s in specs], out, a.last_round > 0 and a.unplayed_rules)


def _other_than_announced(announced: Sequence[str] | None, specs: list[Spec]) -> list[str]:
    """The full path's warning when the file announces a tie-break list (TRF-2026
    ``202``) other than the one the event is ranked by (``crosstable.ranking._other_than_announced``)."""
    if announced is None:
        return []
    listed = criteria_list(list(announced))
    if [s.label for s in listed] == [s.label for s in specs]:
        return []
    return [
        f"the file announces the tie-break list {', '.join(s.label for s in listed) or '-'} (202) and the event is "
        f"ranked by {', '.join(s.label for s in specs) or '-'} instead: FIDE C.07 has the list announced before "
        "the event and kept to its end"
    ]
