"""Rank one TRF text with crosstable and with the reference, compare every value and every rank.

The reference ranks by its whole list (``PTS`` or ``MPTS`` first); crosstable ranks by
points and then the same list without that first code, so the final ranks are
comparable. How each column is compared:

- ``PTS`` / ``MPTS``: our ``row.points``;
- rank-valued criteria (``DE``, ``EDE…``, ``TBR``, ``BBE``): through the rank only (the
  reference prints a group-relative rank, we print points among the tied);
- ``AOB``: ours rounded half up as the reference rounds it (2 decimals below 9 rounds,
  3 below 27, 4 below 73, else 5: docs/reference.md; a no-op when ours is rounded already);
- a criterion whose docstring says it is "ranked by the negative" (shows the negated
  value, as ``VUR`` and ``TPN`` once did): our value negated;
- everything else: exact equality of Fractions; an undefined reference value (``-0``)
  must be undefined (``None``) in ours;
- every round the file's ``XXR`` announces counts, those not played yet as absences of
  everybody, as the reference counts them: ours with ``announced_rounds`` (our default
  ranks after the last round with results: tests/test_live_standings.py compares it with
  the reference given the file with ``XXR`` at that round);
- the documented decisions of the README's conformance list: ``VUR`` is compared by
  value only (:data:`VALUES_ONLY`), ``KS`` is left out where it deviates
  (:data:`DEVIATIONS`), each named in the outcome's ``skipped``.

The reference's ``MPTS``/``GPTS`` are our ``MP``/``GP``; every other code is passed to
both programs as written (ours reads ``KS/L+2`` as the reference does: +2 half-points).
Codes our registry does not know are left out of both lists and reported as skipped,
and so are codes the reference cannot compute on the event (see
:func:`reference_limits`: ``SSSC`` dividing by zero, ``TBR``/``BBE`` raising on a team
without a result on some board). ``FB`` is always ranked last (see :data:`LAST`). A
team event puts one rank-valued criterion of :data:`TEAM_LEADS` right after ``MPTS``
(:func:`lead_of`), so that every one of them decides the ties of some events;
:func:`tally` counts the values (and ranks) compared and differing per code.

Run on a file: ``python -m tests.differential.compare FILE.trf [SPEC ...]``.
"""

from __future__ import annotations

import math
import re
import sys
import tempfile
import zlib
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from types import SimpleNamespace
from typing import Any, Literal

import crosstable
from crosstable import REGISTRY, CrosstableError, parse_spec
from crosstable.quick.event import Unsupported
from crosstable.quick.standings import rank_event
from tests.differential.reference import ReferenceError, ReferenceTable, Value, command, run_reference
from tests.quick_adapter import rank_inputs

INDIVIDUAL = [
    *["PTS", "BH", "BH/C1", "BH/M1", "SB", "SB/C1", "KS", "PS"],
    *["WIN", "WON", "BPG", "BWG", "GE", "REP", "VUR", "NUM"],
    *["ARO", "TPR", "AOB", "APRO", "APPO", "PTP"],
    *["BH/P", "KS/L+2", "DE", "DE/P", "FB"],
]
"""The individual list, in ranking order (the rank-valued DE, then FB: see :data:`LAST`)."""

TEAM = [
    *["MPTS", "GPTS", "BH:MP", "BH:GP", "SB:MP", "SB:GP", "BH:MP/C1", "KS", "KS:GP", "PS", "PS:GP"],
    *["WIN", "WIN:GP", "WON", "GE", "NUM", "VUR", "AOB", "MPVGP"],
    *["ESB", "EMMSB", "EMGSB", "EGMSB", "EGGSB", "SSSC", "SSSC:GP", "BC"],
    *["DE", "EDE", "EDEC", "EDET", "EDEB", "EDEBT", "EDEBB", "TBR", "BBE", "FB"],
]
"""The team list, in ranking order (the rank-valued criteria, then FB): every team code
of the README's list of coefficients (``MPTS``, ``GPTS``, ``MPVGP``, ``ESB`` and its
four forms, ``BC``, ``TBR``, ``BBE``, ``EDE`` and its five forms, ``SSSC`` and
``SSSC:GP``) and the criteria on match or game points. Each event moves one of
:data:`TEAM_LEADS` to just after ``MPTS`` (see :func:`specs_for`)."""

TEAM_LEADS = ["DE", "EDE", "EDEC", "EDET", "EDEB", "EDEBT", "EDEBB", "TBR", "BBE", "BC"]
"""The criteria compared through the ranks (and ``BC``, ranked lower first): after some
twenty value criteria few ties are left for them to break, so each team event puts one
of them (chosen from the event's text) right after the match points, where it decides
every tie of match points the final ranks then compare."""

LAST = "FB"
"""Kept at the end of both lists: in the reference, Fore Buchholz leaves the final round
as a draw for the criteria computed after it (gacrux 1.11.65: ``-t PTS FB BH/P AOB``
gives other BH/P and AOB values than ``-t PTS BH/P AOB``), so nothing but the final
tie-break on the remaining ties may follow it."""

VALUES_ONLY = {
    "VUR": "ranked by fewer voluntary unplayed rounds here, by more in the reference (README, conformance: VUR)",
}
"""Criteria whose values are compared but whose ranking direction is a documented
decision of ours: the reference ranks by them last, we leave its remaining ties shared
(``3-4``), and its rank must fall within our shared place."""

DEVIATIONS = {
    "KS": "a round robin scored other than in proportion to 1-½-0 (3-1-0): the Koya limit "
    "is the share of games here, of points in the reference (README, conformance: KS)",
}
"""Documented decisions where our value differs from the reference's on some events:
left out of both lists on those events (see :func:`deviations`)."""

OUR_SPELLING = {"MPTS": "MP", "GPTS": "GP"}
RANK_VALUED = {"DE", "EDE", "EDEC", "EDET", "EDEB", "EDEBT", "EDEBB", "TBR", "BBE"}
_NEGATED = re.compile(r"ranked by (?:the|its|their) negative")

How = Literal["points", "value", "negated", "rank", "aob"]


@dataclass(frozen=True)
class Column:
    """One criterion of the comparison: the reference's spec, ours, how they compare."""

    ref: str
    ours: str | None
    """Our spec's label (``None`` for the points column)."""
    how: How


@dataclass(frozen=True)
class Difference:
    number: int
    """Start number (team number in team events); 0 for the whole event."""
    spec: str
    """The reference's spec, ``RANK``, or a whole-event problem: ``READ`` (our reader
    refused the file), ``RAISED`` (our ranking raised), ``REFERENCE`` (the reference
    refused the file), ``COMPETITORS`` (not the same competitors), ``COLUMN`` (our
    standings lack a criterion's column)."""
    ours: str
    reference: str

    def __str__(self) -> str:
        who = f"#{self.number}" if self.number else "event"
        return f"{who} {self.spec}: ours {self.ours}, reference {self.reference}"


@dataclass
class Outcome:
    """The comparison of one event."""

    differences: list[Difference] = field(default_factory=list)
    values_compared: int = 0
    ranks_compared: int = 0
    per_spec: Counter[str] = field(default_factory=Counter)
    """Values compared per reference spec (ranks, for the rank-valued criteria)."""
    specs: list[str] = field(default_factory=list)
    """The reference specs both programs ranked by."""
    skipped: dict[str, str] = field(default_factory=dict)
    """Specs left out, with the reason (our registry does not know them, our ranking raised)."""
    reference_output: str = ""
    ours_output: str = ""
    command: list[str] = field(default_factory=list)
    quick_values_compared: int = 0
    """Values of the quick path (:mod:`crosstable.quick`) compared with the reference's."""

    @property
    def compared(self) -> bool:
        """Both programs produced a table."""
        return bool(self.values_compared)


def base_code(spec: str) -> str:
    return re.split(r"[:/#!@]", spec, maxsplit=1)[0].upper()


def negated(code: str) -> bool:
    """Whether we rank the criterion by its negative (and show the negative)."""
    crit = REGISTRY.get(code)
    return bool(crit and _NEGATED.search(" ".join(crit.doc.split())))


def plan(specs: Sequence[str]) -> tuple[list[Column], dict[str, str]]:
    """The columns to compare (the first spec is the points) and the specs skipped."""
    columns = [Column(specs[0], None, "points")]
    skipped: dict[str, str] = {}
    for ref in specs[1:]:
        try:
            spec = parse_spec(OUR_SPELLING.get(ref, ref))
        except CrosstableError as e:
            skipped[ref] = str(e).split("; known codes")[0]
            continue
        how: How = "value"
        if base_code(ref) in RANK_VALUED:
            how = "rank"
        elif spec.code == "AOB":
            how = "aob"
        elif negated(spec.code):
            how = "negated"
        columns.append(Column(ref, spec.label, how))
    return columns, skipped


def lead_of(text: str) -> str | None:
    """The criterion of :data:`TEAM_LEADS` a team event's list puts after ``MPTS``
    (``None`` for an individual event): chosen by a checksum of the text."""
    if not any(line.startswith(("013", "310")) for line in text.splitlines()):
        return None
    return TEAM_LEADS[zlib.crc32(text.encode("latin-1", "replace")) % len(TEAM_LEADS)]


def specs_for(text: str, exclude: Sequence[str] = ()) -> list[str]:
    """The list for a TRF text: the team list when it has team records, its lead
    criterion (:func:`lead_of`) moved to just after ``MPTS``."""
    lead = lead_of(text)
    if lead is None:
        return [s for s in INDIVIDUAL if s not in exclude]
    specs = [TEAM[0], lead, *(s for s in TEAM[1:] if s != lead)]
    return [s for s in specs if s not in exclude]


def aob_decimals(rounds: int) -> int:
    return 2 if rounds < 9 else 3 if rounds < 27 else 4 if rounds < 73 else 5


def round_half_up(x: Fraction, decimals: int) -> Fraction:
    scale = 10**decimals
    return Fraction(math.floor(x * scale + Fraction(1, 2)), scale)


def show(x: Fraction | None) -> str:
    """A value as a decimal (exact when it terminates), ``undefined`` for None."""
    if x is None:
        return "undefined"
    den = x.denominator
    while den % 2 == 0:
        den //= 2
    while den % 5 == 0:
        den //= 5
    if den == 1:
        text = f"{x.numerator / x.denominator:.10f}".rstrip("0").rstrip(".")
        return text if Fraction(text) == x else str(x)
    return f"{x} (≈{float(x):.4f})"


def _rounds(text: str) -> int:
    """The rounds the reference counts: ``XXR``, else TRF-2026's ``142``, else the most
    round fields (columns 92-101, 102-111, …) of a ``001`` line."""
    for code in ("XXR", "142"):
        for line in text.splitlines():
            if line.startswith(code) and line[3:].strip().isdigit():
                return int(line[3:].strip())
    lengths = [len(line.rstrip()) for line in text.splitlines() if line.startswith("001")]
    return max(((n - 91 + 9) // 10 for n in lengths if n > 91), default=0)


def team_size(text: str) -> int:
    """The boards of a team event as the reference counts them: the ``352`` record's
    colours, else the most games with an opponent a team has in one round (reserves
    and boards without an opponent do not count); 0 in an individual event."""
    lines = text.splitlines()
    for line in lines:
        if line.startswith("352") and line[4:].strip():
            return len(line[4:].strip())
    team_of: dict[int, int] = {}
    for k, line in enumerate(x for x in lines if x.startswith(("013", "310"))):
        first = 73 if line.startswith("310") else 36
        for at in range(first, len(line), 5):
            if line[at : at + 4].strip().isdigit():
                team_of[int(line[at : at + 4])] = int(line[4:7]) if line.startswith("310") else k + 1
    games: dict[tuple[int, int], int] = {}
    for line in (x for x in lines if x.startswith("001") and x[4:8].strip().isdigit()):
        team = team_of.get(int(line[4:8]), 0)
        for r, at in enumerate(range(91, len(line), 10), 1):
            opponent = line[at : at + 4].strip()
            if opponent.isdigit() and int(opponent) > 0:
                games[r, team] = games.get((r, team), 0) + 1
    return max(games.values(), default=0) if team_of else 0


def _our_value(column: Column, value: Fraction | None, rounds: int) -> Fraction | None:
    if value is None:
        return None
    if column.how == "negated":
        return -value
    if column.how == "aob":
        return round_half_up(value, aob_decimals(rounds))
    return value


def reference_limits(text: str, specs: Sequence[str]) -> tuple[list[str], dict[str, str]]:
    """``specs`` with ``FB`` moved last (see :data:`LAST`) and without what the reference
    cannot compute on this event: ``SSSC`` divides by ⌊2·R / boards⌋ (match points of a
    win × rounds / game points of a win / boards), zero in a one-round event of three or
    four boards (error 510); ``TBR`` and ``BBE`` raise ``KeyError`` (error 510) when a
    team has no result on some board (:func:`never_on_a_board`). The boards are counted
    as the reference counts them (:func:`team_size`)."""
    rounds = _rounds(text)
    boards = team_size(text)
    out = [s for s in specs if base_code(s) != LAST] + [s for s in specs if base_code(s) == LAST]
    skipped: dict[str, str] = {}
    if boards and 2 * rounds // boards == 0:
        for s in [s for s in out if base_code(s) == "SSSC" and ":GP" not in s.upper()]:
            out.remove(s)
            skipped[s] = f"the reference divides by zero ({rounds} round, {boards} boards)"
    empty = boards and never_on_a_board(text, boards)
    if empty:
        team, board = empty
        for s in [s for s in out if base_code(s) in ("TBR", "BBE")]:
            out.remove(s)
            skipped[s] = f"the reference raises KeyError (error 510): team {team} has no result on board {board}"
    return out, skipped


def _int(text: str) -> int:
    return int(text) if text.strip().isdigit() else 0


def never_on_a_board(text: str, boards: int) -> tuple[int, int] | None:
    """A team and a board (1-based) on which it has no result in any round: an empty
    board (``0`` in its ``300`` line-up, or fewer players than boards) in every match,
    and no bye round (a bye is a result on every board in the reference). ``None`` if
    every team has a result on every board."""
    lines = text.splitlines()
    members: dict[int, list[int]] = {}
    for k, line in enumerate(x for x in lines if x.startswith(("013", "310"))):
        first = 73 if line.startswith("310") else 36
        number = int(line[4:7]) if line.startswith("310") else k + 1
        members[number] = [_int(line[at : at + 4]) for at in range(first, len(line), 5) if _int(line[at : at + 4])]
    team_of = {m: team for team, ms in members.items() for m in ms}
    fields: dict[int, list[str]] = {}
    for line in (x for x in lines if x.startswith("001") and x[4:8].strip().isdigit()):
        fields[int(line[4:8])] = [line[at : at + 8] for at in range(91, len(line), 10)]
    lineups = {(_int(x[4:7]), _int(x[8:11])): [_int(x[k : k + 4]) for k in range(16, len(x.rstrip()), 5)]
               for x in lines if x.startswith("300")}  # fmt: skip
    byes = {(_int(x[6:9]), _int(n)) for x in lines if x.startswith("240") for n in x[10:].split()}
    for line in (x for x in lines if x.startswith("320")):
        byes |= {(k, _int(line[at : at + 3])) for k, at in enumerate(range(14, len(line), 4), 1)}
    rounds = _rounds(text)
    for team, ms in members.items():
        covered: set[int] = set()
        for r in range(1, rounds + 1):
            entries = [m for m in ms if len(fields.get(m, [])) >= r and fields[m][r - 1][7:8].strip()]
            played = [m for m in entries if fields[m][r - 1][:4].strip().strip("0")]
            if not played and (entries or (r, team) in byes):
                covered = set(range(1, boards + 1))  # a bye round: every board
                break
            if (r, team) in lineups:
                covered |= {k for k, m in enumerate(lineups[r, team], 1) if m}
            else:
                covered |= set(range(1, min(len(entries), boards) + 1))
        missing = sorted(set(range(1, boards + 1)) - covered)
        if missing and team_of:
            return team, missing[0]
    return None


def deviations(t: crosstable.Tournament, specs: Sequence[str]) -> dict[str, str]:
    """The specs of :data:`DEVIATIONS` that deviate on this event, with the reason: KS
    on points (not ``:GP``) in a round robin whose draw is not half a win or whose loss
    is worth something."""
    sc = t.scoring
    out: dict[str, str] = {}
    if t.system != "swiss" and (2 * sc.draw != sc.win or sc.loss != 0):
        for s in specs:
            if base_code(s) == "KS" and ":GP" not in s.upper():
                out[s] = DEVIATIONS["KS"]
    return out


def compare_text(text: str, specs: Sequence[str], workdir: Path) -> Outcome:
    """Both programs on one TRF text, ranked by ``specs`` (the first is the points);
    the :data:`VALUES_ONLY` criteria go last in the reference's list and are left out of
    ours (their values computed apart)."""
    usable, limited = reference_limits(text, specs)
    outcome = Outcome(skipped=limited)
    path = workdir / "event.trf"
    path.write_text(text, encoding="latin-1")
    try:
        t = crosstable.read_text(text, fmt="trf")
    except Exception as e:  # any failure of ours is a difference, not a crash of the test
        t = None
        outcome.differences.append(Difference(0, "READ", f"{type(e).__name__}: {e}", "read the file"))
    if t is not None:
        deviating = deviations(t, usable)
        outcome.skipped.update(deviating)
        usable = [s for s in usable if s not in deviating]
    usable = [s for s in usable if s not in VALUES_ONLY] + [s for s in usable if s in VALUES_ONLY]
    columns, skipped = plan(usable)
    outcome.skipped.update(skipped)
    standings = None
    apart: dict[int, dict[str, Fraction | None]] = {}
    if t is not None:
        ours = [c.ours for c in columns if c.ours is not None and c.ref not in VALUES_ONLY]
        alone = [c.ours for c in columns if c.ours is not None and c.ref in VALUES_ONLY]
        try:
            if alone:
                apart = {r.index: dict(r.values) for r in crosstable.rank(t, alone, announced_rounds=True).rows}
        except Exception as e:
            outcome.differences.append(Difference(0, "RAISED", f"{alone}: {type(e).__name__}: {e}", "-"))
        try:
            standings = crosstable.rank(t, ours, announced_rounds=True)
        except Exception:
            # find the criteria that raise, report each, rank by the others
            for c in list(columns):
                if c.ours is None:
                    continue
                try:
                    crosstable.rank(t, [c.ours], announced_rounds=True)
                except Exception as e:
                    columns.remove(c)
                    outcome.skipped[c.ref] = f"our ranking raised {type(e).__name__}"
                    outcome.differences.append(Difference(0, "RAISED", f"{c.ours}: {type(e).__name__}: {e}", "-"))
            try:
                standings = crosstable.rank(t, [c.ours for c in columns if c.ours is not None], announced_rounds=True)
            except Exception as e:
                outcome.differences.append(Difference(0, "RAISED", f"{type(e).__name__}: {e}", "-"))
    outcome.specs = [c.ref for c in columns]
    try:
        table = run_reference(path, outcome.specs)
    except ReferenceError as e:
        outcome.command = e.command
        outcome.reference_output = e.output
        outcome.differences.append(Difference(0, "REFERENCE", "read the file", str(e)))
        return outcome
    outcome.command = table.command
    outcome.reference_output = table.output
    if standings is None:
        return outcome
    _compare_rows(outcome, columns, standings, table, _rounds(text), apart)
    if t is not None:
        _compare_quick(outcome, t, columns, table, _rounds(text))
    return outcome


def _compare_quick(
    outcome: Outcome, t: crosstable.Tournament, columns: list[Column], table: ReferenceTable, rounds: int
) -> None:
    """The quick path (:mod:`crosstable.quick`: the same criteria in plain Python) on the
    same event, against the reference as the full path is, when it takes the event (an
    individual one scored 1-½-0) and the reference's reading of the rounds is the live
    one (no round announced beyond those paired): when it takes the whole list, every
    rank and value; else the value of every criterion it takes that does not depend on
    the others (not DE), each ranked alone. Its differences are named ``quick:`` and
    the code."""
    if t.live() is not t:
        return
    try:
        event, _kwargs = rank_inputs(t)
    except Unsupported:
        return
    ours = [c.ours for c in columns if c.ours is not None and c.ref not in VALUES_ONLY]
    alone = [c.ours for c in columns if c.ours is not None and c.ref in VALUES_ONLY]
    mine = Outcome(specs=outcome.specs)
    try:
        quick = _as_fractions(rank_event(event, ours).rows)
        apart = {r.index: r.values for r in _as_fractions(rank_event(event, alone).rows)} if alone else {}
        _compare_rows(mine, columns, SimpleNamespace(rows=quick), table, rounds, apart)  # type: ignore[arg-type]
    except Unsupported:
        mine = Outcome(specs=outcome.specs)
        for c in columns:
            if c.ours is None or c.how == "rank" or base_code(c.ours) == "DE":
                continue
            try:
                rows = _as_fractions(rank_event(event, [c.ours]).rows)
            except Unsupported:
                continue
            for row in rows:
                number = row.index + 1
                if number not in table.rows:
                    continue
                value, ref_value = _our_value(c, row.values.get(c.ours), rounds), table.rows[number][c.ref]
                mine.values_compared += 1
                if value != ref_value:
                    mine.differences.append(Difference(number, c.ref, show(value), show(ref_value)))
    outcome.quick_values_compared += mine.values_compared
    outcome.differences.extend(Difference(d.number, f"quick:{d.spec}", d.ours, d.reference) for d in mine.differences)


def _as_fractions(rows: Sequence[Any]) -> list[SimpleNamespace]:
    """The quick path's rows with Fractions for its exact (numerator, denominator) pairs:
    the shape of :class:`crosstable.Row` that :func:`_compare_rows` reads."""
    return [
        SimpleNamespace(
            index=r.index,
            place=r.place,
            points=Fraction(*r.points),
            values={k: None if v is None else Fraction(*v) for k, v in r.values.items()},
        )
        for r in rows
    ]


def _compare_rows(
    outcome: Outcome,
    columns: list[Column],
    standings: crosstable.Standings,
    table: ReferenceTable,
    rounds: int,
    apart: dict[int, dict[str, Fraction | None]],
) -> None:
    rows = {r.index + 1: r for r in standings.rows}
    lines = ["\t".join(["StartNo", "Rank", *outcome.specs])]
    labels = set(standings.rows[0].values) if standings.rows else set()
    labels |= {label for values in apart.values() for label in values}
    shared = any(c.ref in VALUES_ONLY for c in columns)
    for c in [c for c in columns if c.ours is not None and c.ours not in labels]:
        outcome.differences.append(Difference(0, "COLUMN", f"no column {c.ours!r} in the standings", c.ref))
        columns = [x for x in columns if x is not c]
    if set(rows) != set(table.rows):
        outcome.differences.append(
            Difference(0, "COMPETITORS", f"numbers {sorted(rows)}", f"numbers {sorted(table.rows)}")
        )
    for number in sorted(set(rows) & set(table.rows)):
        row, ref_row = rows[number], table.rows[number]
        first, _, last = row.place.partition("-")
        outcome.ranks_compared += 1
        low = int(first)
        high = int(last) if shared and last else low
        if not low <= table.ranks[number] <= high:
            outcome.differences.append(Difference(number, "RANK", row.place, str(table.ranks[number])))
        cells = [str(number), row.place]
        for c in columns:
            ref_value: Value = ref_row[c.ref]
            if c.how == "points":
                mine: Fraction | None = row.points
            else:
                assert c.ours is not None
                values = apart[row.index] if c.ref in VALUES_ONLY else row.values
                mine = _our_value(c, values.get(c.ours), rounds)
            cells.append("-" if c.how == "rank" else show(mine))
            outcome.per_spec[c.ref] += 1
            if c.how == "rank":
                continue
            outcome.values_compared += 1
            if mine != ref_value:
                outcome.differences.append(Difference(number, c.ref, show(mine), show(ref_value)))
        lines.append("\t".join(cells))
    outcome.ours_output = "\n".join(lines) + "\n"


def tally(outcome: Outcome, lead: str | None) -> dict[str, tuple[int, int]]:
    """Per reference spec of the event: how many of its values were compared and how
    many differ. A rank-valued criterion counts the ranks compared and the ranks that
    differ on the events it leads (:func:`lead_of`; elsewhere few ties reach it), and
    ``RANK`` all the ranks."""
    differing = Counter(d.spec for d in outcome.differences)
    out: dict[str, tuple[int, int]] = {}
    for spec in outcome.specs:
        if base_code(spec) in RANK_VALUED:
            if spec == lead:
                out[spec] = (outcome.ranks_compared, differing["RANK"])
        else:
            out[spec] = (outcome.per_spec[spec], differing[spec])
    out["RANK"] = (outcome.ranks_compared, differing["RANK"])
    return out


def main(argv: list[str]) -> int:
    """``python -m tests.differential.compare FILE [SPEC ...]``: the differences on one file."""
    if not argv:
        print(__doc__)
        return 2
    text = Path(argv[0]).read_text(encoding="latin-1")
    specs = argv[1:] or specs_for(text)
    with tempfile.TemporaryDirectory() as tmp:
        outcome = compare_text(text, specs, Path(tmp))
    for spec, why in outcome.skipped.items():
        print(f"skipped {spec}: {why}")
    print(" ".join(command(argv[0], outcome.specs)))
    print(f"{outcome.values_compared} values and {outcome.ranks_compared} ranks compared")
    for d in outcome.differences:
        print(d)
    return 1 if outcome.differences else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
