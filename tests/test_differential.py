"""Differential test against the FIDE reference checker (``gacrux``, a test dependency).

Generated events (tests/differential/events.py: individual and team, Swiss and round
robin, forfeits, every bye kind, withdrawals, late entries, one-sided results, unrated
players, 1-½-0, 3-1-0 and 2-1-0) are written as TRF, ranked by both programs on a broad
list of criteria, and every value and every rank compared: there must be no difference.

Environment:

- ``DIFFERENTIAL_EXAMPLES``: how many events (default 300);
- ``DIFFERENTIAL_FEATURES``: which features the events may have, e.g. ``-one_sided,-bye_plus``
  or ``none,+forfeits`` (see :class:`tests.differential.events.Features`; default all);
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

from tests.differential.compare import INDIVIDUAL, TEAM, Outcome, compare_text, plan, specs_for
from tests.differential.events import Event, Features, events, line_points, random_event, to_trf

EXAMPLES = int(os.environ.get("DIFFERENTIAL_EXAMPLES", "300"))
FEATURES = Features.parse(os.environ.get("DIFFERENTIAL_FEATURES", ""))
EXCLUDE = [x for x in os.environ.get("DIFFERENTIAL_EXCLUDE", "").replace(",", " ").split() if x]
SHRINK = os.environ.get("DIFFERENTIAL_SHRINK", "") not in ("", "0")
ARTIFACTS = Path(__file__).resolve().parent / "artifacts" / "differential"
ROOT = Path(__file__).resolve().parent.parent


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
    if outcome.differences:
        pytest.fail(_message(event, _save(event, text, outcome), outcome), pytrace=False)
    assert outcome.values_compared > 0 and outcome.ranks_compared == event.competitors
