"""Differential test against the FIDE reference checker (``gacrux``, a test dependency).

Generated events (tests/differential/events.py: individual and team, Swiss and round
robin, forfeits, every bye kind, withdrawals, late entries, one-sided results, unrated
players, 1-½-0, 3-1-0 and 2-1-0; team events with ``013`` or ``310`` records, boards
won or lost without an opponent, empty boards, reserves changing boards in ``300``
line-ups, the ``320`` PAB, team ``299`` records, ``352``) are written as TRF, ranked by
both programs on a broad list of criteria (every team code of the README), and every
value and every rank compared: there must be no difference. After them, the values
compared and differing per team code on the events with a new team shape are named in
a warning (``test_team_codes_compared_on_the_new_team_shapes``).

Environment:

- ``DIFFERENTIAL_EXAMPLES``: how many events (default 300);
- ``DIFFERENTIAL_FEATURES``: which features the events may have, e.g. ``-one_sided,-bye_plus``
  or ``none,+forfeits``, ``all`` for every flag (see :class:`tests.differential.events.Features`;
  default all but the shapes of ``READER_PROBLEMS``, which our TRF reader reads otherwise
  than the reference by a documented decision: ``+implicit_board_byes`` adds them);
- ``DIFFERENTIAL_EXCLUDE``: criteria left out of both lists, e.g. ``AOB,VUR`` (reported);
- ``DIFFERENTIAL_SHRINK=1``: hypothesis draws the events' shapes (smaller events) and
  shrinks a failing one (slow: every try runs the reference).

A failing event is written to ``tests/artifacts/differential/`` (the TRF, both tables
and the differences); the message gives the commands that reproduce it.
"""

from __future__ import annotations

import hashlib
import os
import tempfile
import warnings
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import HealthCheck, Phase, given, settings

from tests.differential.compare import (
    INDIVIDUAL,
    TEAM,
    TEAM_LEADS,
    Outcome,
    compare_text,
    lead_of,
    plan,
    specs_for,
    tally,
)
from tests.differential.events import (
    READER_PROBLEMS,
    Event,
    Features,
    events,
    line_points,
    random_event,
    team_shapes,
    to_trf,
)

EXAMPLES = int(os.environ.get("DIFFERENTIAL_EXAMPLES", "300"))
FEATURES = Features.parse(os.environ.get("DIFFERENTIAL_FEATURES", ""))
EXCLUDE = [x for x in os.environ.get("DIFFERENTIAL_EXCLUDE", "").replace(",", " ").split() if x]
SHRINK = os.environ.get("DIFFERENTIAL_SHRINK", "") not in ("", "0")
ARTIFACTS = Path(__file__).resolve().parent / "artifacts" / "differential"
ROOT = Path(__file__).resolve().parent.parent
TEAM_TALLY: dict[str, list[int]] = {}
"""Per team code, over the generated team events with one of the new team shapes
(:data:`tests.differential.events.TEAM_SHAPES`): values (or ranks) compared, differing."""
SHAPE_EVENTS: dict[str, int] = {}
"""Generated team events per new shape."""
QUICK: list[int] = [0, 0]
"""Values of the quick path (crosstable.quick) compared with the reference's, and the
events they came from (individual ones scored 1-½-0; any difference fails the event)."""


def test_criteria_compared_are_reported() -> None:
    """Criteria of the lists that are not compared (our registry does not know them,
    excluded by DIFFERENTIAL_EXCLUDE, or on some events the reference cannot compute)
    are named in a warning, never dropped silently; the points and most of each list
    must be compared."""
    for name, specs in (("individual", INDIVIDUAL), ("team", TEAM)):
        columns, skipped = plan([s for s in specs if s not in EXCLUDE])
        left_out = {**{s: "DIFFERENTIAL_EXCLUDE" for s in EXCLUDE if s in specs}, **skipped}
        if any(c.ref == "SSSC" for c in columns):
            left_out["SSSC"] = "in one-round events of 3 or 4 boards only: the reference divides by zero there"
        for code in ("TBR", "BBE"):
            if any(c.ref == code for c in columns):
                left_out[code] = (
                    "on events where a team has no result on some board (an empty board in its every match)"
                    ": the reference raises KeyError there (error 510)"
                )
        if left_out:
            listed = "; ".join(f"{s} ({why})" for s, why in left_out.items())
            warnings.warn(f"differential ({name}): not compared: {listed}", UserWarning, stacklevel=1)
        assert columns[0].how == "points" and len(columns) > len(specs) // 2


def test_generated_trf_has_the_columns_of_the_format() -> None:
    """The generator's own check, without the reference: every field where TRF puts it."""
    for seed in range(200):
        event = random_event(seed)
        lines = to_trf(event).splitlines()
        assert lines[2].startswith("092 ") and ("Swiss" in lines[2]) == (event.system == "swiss")
        assert f"XXR {event.rounds}" in lines
        by_number = {int(line[4:8]): line for line in lines if line.startswith("001 ")}
        assert sorted(by_number) == [x.number for x in event.players]
        for x in event.players:
            line = by_number[x.number]
            assert line[14:47].strip() == x.name and line[48:52].strip() == ("" if x.rating_blank else str(x.rating))
            scoring = event.scoring if event.kind == "individual" else "1-0.5-0"  # team boards: game points
            if x.points_blank:
                assert line[80:84].strip() == ""
            else:
                assert Fraction(line[80:84].strip()) == line_points(x, scoring)
            for k, f in enumerate(x.fields):
                cell = line[89 + 10 * k : 99 + 10 * k]
                if f is None:
                    assert cell.strip() == ""
                else:
                    assert cell == f"  {f.opponent:04d} {f.colour} {f.result}"
            assert len(line) <= 89 + 10 * event.rounds
        members = [line for line in lines if line.startswith(("013", "310"))]
        assert len(members) == len(event.teams)
        for team, line in zip(event.teams, members, strict=True):
            first = 36 if line.startswith("013") else 73
            assert [int(line[k : k + 4]) for k in range(first, len(line), 5)] == team.members
            assert line.startswith("013") or int(line[4:7]) == team.number
        for line in (line for line in lines if line.startswith("240")):
            assert line[4] in "HFZ " and int(line[6:9]) >= 1 and all(int(n) for n in line[10:].split())
        _check_team_records(event, lines)


def _check_team_records(event: Event, lines: list[str]) -> None:
    """The TRF-2026 team records where the format puts their fields: ``300`` (round
    5-7, team 9-11, opponent 13-15, players every five columns from 17), ``299`` (type
    5, match points 8-11, game points 14-17, round 20-22, teams every five columns from
    24), ``320`` (points 5-8 and 10-13, round k's team at 15+4(k-1)), ``352``."""
    written = [(int(x[4:7]), int(x[8:11]), int(x[12:15]), [int(x[k : k + 4]) for k in range(16, len(x), 5)])
               for x in lines if x.startswith("300")]  # fmt: skip
    assert written == event.lineups_300
    for rnd, team, other, order in written:
        assert len(order) == event.boards and 1 <= rnd <= event.rounds and team != other
        assert set(order) - {0} <= set(event.teams[team - 1].members)
    abnormal = [x for x in lines if x.startswith("299")]
    assert len(abnormal) == len(event.abnormal_299)
    for line, (letter, mp, gp, rnd, teams) in zip(abnormal, event.abnormal_299, strict=True):
        assert line[4] == letter and all(line[k] == " " for k in (3, 5, 6, 11, 12, 17, 18, 22))
        assert Fraction(line[7:11].strip()) == mp and Fraction(line[13:17].strip()) == gp
        assert int(line[19:22]) == rnd and [int(line[k : k + 4]) for k in range(23, len(line), 5)] == teams
    pab = [x for x in lines if x.startswith("320")]
    assert len(pab) == (event.pab_320 is not None)
    if event.pab_320 is not None:
        mp, gp, teams = event.pab_320
        assert Fraction(pab[0][4:8].strip()) == mp and Fraction(pab[0][9:13].strip()) == gp
        cells = {
            k: int(pab[0][at : at + 3])
            for k, at in enumerate(range(14, len(pab[0]), 4), 1)
            if pab[0][at : at + 3].strip()
        }
        assert cells == teams
    colours = [x for x in lines if x.startswith("352")]
    assert [x[4:] for x in colours] == ([("WB" * event.boards)[: event.boards]] if event.record_352 else [])


def _save(event: Event, text: str, outcome: Outcome) -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    stem = ARTIFACTS / f"{event.kind}-{event.system}-{hashlib.sha1(text.encode()).hexdigest()[:10]}"
    stem.with_suffix(".trf").write_text(text, encoding="latin-1")
    stem.with_suffix(".reference.tsv").write_text(outcome.reference_output, encoding="utf-8")
    stem.with_suffix(".ours.tsv").write_text(outcome.ours_output, encoding="utf-8")
    stem.with_suffix(".differences.txt").write_text("\n".join(map(str, outcome.differences)) + "\n", encoding="utf-8")
    return stem.with_suffix(".trf")


def _message(event: Event, path: Path, outcome: Outcome) -> str:
    shown = outcome.differences[:25]
    more = len(outcome.differences) - len(shown)
    rel = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path
    reference = " ".join(["python", "-m", "gacrux.tiebreakchecker", "-i", str(rel), "-d", "T", "-t", *outcome.specs])
    return "\n".join(
        [
            f"{len(outcome.differences)} differences with the reference on {event.describe()}",
            f"features: {', '.join(sorted(event.features))}",
            f"saved: {rel} (.reference.tsv, .ours.tsv, .differences.txt beside it)",
            f"reference: {reference}",
            f"both:      python -m tests.differential.compare {rel}",
            *map(str, shown),
            *([f"... and {more} more"] if more else []),
        ]
    )


@settings(
    max_examples=EXAMPLES,
    deadline=None,
    derandomize=True,
    database=None,
    phases=[Phase.explicit, Phase.generate, *([Phase.shrink] if SHRINK else [])],
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much],
)
@given(event=events(FEATURES, shapes=SHRINK))
def test_same_values_and_ranks_as_the_reference(event: Event) -> None:
    text = to_trf(event)
    with tempfile.TemporaryDirectory() as tmp:
        outcome = compare_text(text, specs_for(text, EXCLUDE), Path(tmp))
    shapes = team_shapes(event.features) if event.kind == "team" else []
    if shapes:
        for shape in shapes:
            SHAPE_EVENTS[shape] = SHAPE_EVENTS.get(shape, 0) + 1
        for spec, (compared, differing) in tally(outcome, lead_of(text)).items():
            counts = TEAM_TALLY.setdefault(spec, [0, 0])
            counts[0] += compared
            counts[1] += differing
    QUICK[0] += outcome.quick_values_compared
    QUICK[1] += bool(outcome.quick_values_compared)
    if outcome.differences:
        pytest.fail(_message(event, _save(event, text, outcome), outcome), pytrace=False)
    assert outcome.values_compared > 0 and outcome.ranks_compared == event.competitors


def test_the_quick_path_was_compared_with_the_reference() -> None:
    """After the test above: the quick path (the criteria in plain Python that small
    events take) was compared with the reference on the events it takes, value by value
    (a difference failed that event)."""
    if not QUICK[1]:
        pytest.skip("the differential test did not run here (deselected)")
    warnings.warn(
        f"differential: the quick path compared on {QUICK[1]} events, {QUICK[0]} values", UserWarning, stacklevel=1
    )
    assert QUICK[0] > 0


def test_team_codes_compared_on_the_new_team_shapes() -> None:
    """After the test above (pytest runs them in this order): per team code, the values
    (ranks, for the rank-valued criteria on the events they lead) compared and differing
    on the generated team events with a new shape (boards without an opponent, empty
    boards, 300 line-ups, reserves, the 320 PAB, team 299 records, 352), named in a
    warning; every code of the team list must have been compared on them. Any
    difference already failed that test, with the event saved."""
    if not TEAM_TALLY:
        pytest.skip("the differential test did not run here (deselected), or no team event had a new shape")
    shapes = ", ".join(f"{shape} {n}" for shape, n in sorted(SHAPE_EVENTS.items()))
    rows = "; ".join(f"{spec} {c}/{d}" for spec, (c, d) in TEAM_TALLY.items())
    off = ", ".join(
        f"{name} ({why.split(':')[0]})" for name, why in READER_PROBLEMS.items() if not getattr(FEATURES, name)
    )
    warnings.warn(
        f"differential (team, new shapes): events per shape: {shapes}; compared/differing per code: {rows}"
        + (f"; shapes left out of this run, documented deviations: {off}" if off else ""),
        UserWarning,
        stacklevel=1,
    )
    never = [s for s in TEAM if s not in EXCLUDE and TEAM_TALLY.get(s, [0, 0])[0] == 0]
    if never:  # a rank-valued code is compared on the events it leads: a small run may not reach it
        warnings.warn(f"differential (team, new shapes): never compared: {never}", UserWarning, stacklevel=1)
    if EXAMPLES >= 100:
        assert not [s for s in never if s not in TEAM_LEADS], f"team codes never compared on the new shapes: {never}"
    assert sum(d for _, d in TEAM_TALLY.values()) == 0
