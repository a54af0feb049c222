"""Differential run against the FIDE reference checker (``gacrux``) on many generated events.

Each event (tests/differential/events.py, drawn from ``seed + k``) is written as TRF,
ranked by the reference (``python -m gacrux.tiebreakchecker``) and by crosstable on the
broad individual or team list, and every value and every rank compared
(tests/differential/compare.py). Two worker processes by default.

Usage::

    .venv/bin/python bench/bench_differential.py [--events 10000] [--seed 0] [--jobs 2]
        [--features "-one_sided,-bye_plus"] [--exclude AOB,VUR] [--dump DIR]

Prints the events generated and compared, the values and ranks compared, the differing
values and ranks by criterion, per team code on the new team shapes (boards without
an opponent, empty boards, ``300`` line-ups, reserves, the ``320`` PAB, team ``299``
records, ``352``) and on the other team events, and by feature (also over the events that have only one
feature beyond the plain ones, which points at the feature responsible), what made
either program refuse an event, and the time. ``--dump DIR`` writes the smallest
differing event of every criterion and every refusal message as a TRF with its
differences. Exits 1 if anything differs.
"""

from __future__ import annotations

import argparse
import re
import sys
import tempfile
import time
from collections import Counter, defaultdict
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.differential.compare import RANK_VALUED, TEAM, base_code, compare_text, lead_of, specs_for, tally  # noqa: E402
from tests.differential.events import READER_PROBLEMS, Features, random_event, team_shapes, to_trf  # noqa: E402

EVENT_ERRORS = ("READ", "RAISED", "REFERENCE", "COMPETITORS", "COLUMN")
PLAIN = re.compile(r"^(individual|team|individual-swiss|individual-round-robin|team-swiss|team-round-robin)$")
BASE_TAGS = re.compile(r"^(rules-|scoring-|team-0|team-3)")


@dataclass
class Result:
    seed: int
    description: str
    features: list[str]
    compared: bool
    values: int
    ranks: int
    per_spec: dict[str, int]
    differences: list[tuple[int, str, str, str]]
    text: str = ""
    seconds: float = 0.0
    specs: list[str] = field(default_factory=list)
    skipped: dict[str, str] = field(default_factory=dict)
    shapes: list[str] = field(default_factory=list)
    """The new team shapes the event has (:data:`tests.differential.events.TEAM_SHAPES`)."""
    tally: dict[str, tuple[int, int]] = field(default_factory=dict)
    """Per spec: values (ranks, for a rank-valued criterion leading the list) compared, differing."""


def run_one(task: tuple[int, str, tuple[str, ...]]) -> Result:
    seed, features_text, exclude = task
    t0 = time.perf_counter()
    event = random_event(seed, Features.parse(features_text))
    text = to_trf(event)
    with tempfile.TemporaryDirectory() as tmp:
        outcome = compare_text(text, specs_for(text, exclude), Path(tmp))
    per_spec = dict(outcome.per_spec)
    return Result(
        seed=seed,
        description=event.describe(),
        features=sorted(event.features),
        compared=outcome.compared,
        values=outcome.values_compared,
        ranks=outcome.ranks_compared,
        per_spec=per_spec,
        differences=[(d.number, d.spec, d.ours, d.reference) for d in outcome.differences],
        text=text if outcome.differences else "",
        seconds=time.perf_counter() - t0,
        specs=outcome.specs,
        skipped=outcome.skipped,
        shapes=team_shapes(event.features) if event.kind == "team" else [],
        tally=tally(outcome, lead_of(text)),
    )


def message_kind(text: str) -> str:
    """A refusal or exception message without its numbers and extra occurrences."""
    text = text.split(" (also ")[0]
    text = re.sub(r"<input>:\d+:\d+: ", "", text)
    text = re.sub(r"/tmp/\S+", "FILE", text)
    return re.sub(r"\d+", "N", text)[:140]


def special(features: list[str]) -> list[str]:
    """The features beyond the plain ones (kind, system, rules edition, scoring, team record)."""
    return [f for f in features if not PLAIN.match(f) and not BASE_TAGS.match(f)]


def table(title: str, header: list[str], rows: list[list[object]]) -> None:
    print(f"\n{title}")
    widths = [max(len(str(x)) for x in [h, *(r[k] for r in rows)]) for k, h in enumerate(header)]
    print(
        "  ".join(f"{h:<{w}}" if k == 0 else f"{h:>{w}}" for k, (h, w) in enumerate(zip(header, widths, strict=True)))
    )
    for r in rows:
        cells = [f"{x!s:<{w}}" if k == 0 else f"{x!s:>{w}}" for k, (x, w) in enumerate(zip(r, widths, strict=True))]
        print("  ".join(cells))


def team_codes(results: list[Result]) -> None:
    """Per team code: the values compared and differing on the team events with one of
    the new shapes (and on the other team events), the rank-valued criteria on the events
    they lead; and the events per new shape."""
    team = [r for r in results if r.description.startswith("team")]
    if not team:
        return
    shaped = [r for r in team if r.shapes]
    shape_events = Counter(shape for r in shaped for shape in r.shapes)
    rows: list[list[object]] = [[shape, n] for shape, n in sorted(shape_events.items())]
    table(f"team events per new shape ({len(shaped)} of {len(team)} team events)", ["shape", "events"], rows)
    totals: dict[str, list[int]] = {}
    for r in team:
        for spec, (compared, differing) in r.tally.items():
            counts = totals.setdefault(spec, [0, 0, 0, 0])
            counts[0 if r.shapes else 2] += compared
            counts[1 if r.shapes else 3] += differing
    header = [
        "team code",
        "compared as",
        "new shapes: compared",
        "differing",
        "other team events: compared",
        "differing",
    ]
    order = {spec: k for k, spec in enumerate([*TEAM, "RANK"])}
    rows = [
        [spec, "rank" if spec == "RANK" else "rank (leading)" if base_code(spec) in RANK_VALUED else "value", *counts]
        for spec, counts in sorted(totals.items(), key=lambda item: order.get(item[0], len(order)))
    ]
    table("team codes on the new team shapes", header, rows)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--events", type=int, default=10_000)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--features", default="", help="e.g. '-one_sided,-bye_plus' or 'none,+forfeits'")
    ap.add_argument("--exclude", default="", help="criteria left out of both lists, e.g. AOB,VUR")
    ap.add_argument("--dump", type=Path, default=None, help="write the smallest differing events here")
    args = ap.parse_args()
    features = Features.parse(args.features)  # fail early on a bad list
    off = [name for name in READER_PROBLEMS if not getattr(features, name)]
    if off:
        print(f"left out (documented deviations, --features=+NAME adds them): {', '.join(off)}", file=sys.stderr)
    exclude = tuple(x for x in args.exclude.replace(",", " ").split() if x)
    tasks = [(args.seed * 1_000_003 + k, args.features, exclude) for k in range(args.events)]
    t0 = time.perf_counter()
    results: list[Result] = []
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        for k, r in enumerate(pool.map(run_one, tasks, chunksize=16), 1):
            results.append(r)
            if k % 1000 == 0:
                print(f"  {k} events, {time.perf_counter() - t0:.0f} s", file=sys.stderr)
    elapsed = time.perf_counter() - t0

    values = sum(r.values for r in results)
    ranks = sum(r.ranks for r in results)
    diffs = [(r, d) for r in results for d in r.differences]
    value_diffs = [(r, d) for r, d in diffs if d[1] not in (*EVENT_ERRORS, "RANK")]
    rank_diffs = [(r, d) for r, d in diffs if d[1] == "RANK"]
    print(f"events generated:      {len(results)}")
    print(f"events compared:       {sum(r.compared for r in results)} (both programs gave a table)")
    for code, what in (
        ("READ", "our reader refused"),
        ("RAISED", "our ranking raised"),
        ("REFERENCE", "the reference refused"),
    ):
        print(f"  {what + ':':<22} {len({r.seed for r, d in diffs if d[1] == code})} events")
    print(f"values compared:       {values}")
    print(f"ranks compared:        {ranks}")
    print(f"differing values:      {len(value_diffs)}")
    print(f"differing ranks:       {len(rank_diffs)}")
    print(f"events with a difference: {len({r.seed for r, _ in diffs})}")
    print(f"time: {elapsed:.1f} s ({1000 * elapsed / max(1, len(results)):.1f} ms per event, {args.jobs} processes)")

    compared: Counter[str] = Counter()
    for r in results:
        compared.update(r.per_spec)
    by_spec: Counter[str] = Counter(d[1] for _, d in value_diffs + rank_diffs)
    events_by_spec: dict[str, set[int]] = defaultdict(set)
    for r, d in diffs:
        events_by_spec[d[1]].add(r.seed)
    specs = list(dict.fromkeys([s for r in results for s in r.specs] + ["RANK"]))
    rows: list[list[object]] = []
    for s in specs:
        n = compared[s] if s != "RANK" else ranks
        via = "rank" if s == "RANK" or base_code(s) in RANK_VALUED else "value"
        rows.append([s, via, n, by_spec[s], len(events_by_spec[s])])
    table("by criterion", ["criterion", "compared as", "compared", "differing", "events"], rows)
    left_out: Counter[tuple[str, str]] = Counter((spec, why) for r in results for spec, why in r.skipped.items())
    if left_out:
        rows = [[f"{spec}: {why}", n] for (spec, why), n in sorted(left_out.items())]
        table("left out of both lists on some events (documented)", ["criterion: why", "events"], rows)

    team_codes(results)

    feature_events: Counter[str] = Counter()
    feature_bad: Counter[str] = Counter()
    feature_values: Counter[str] = Counter()
    feature_ranks: Counter[str] = Counter()
    feature_refused: Counter[str] = Counter()
    alone_events: Counter[str] = Counter()
    alone_bad: Counter[str] = Counter()
    for r in results:
        extra = special(r.features)
        bad_values = sum(1 for d in r.differences if d[1] not in (*EVENT_ERRORS, "RANK"))
        bad_ranks = sum(1 for d in r.differences if d[1] == "RANK")
        refused = any(d[1] in EVENT_ERRORS for d in r.differences)
        for f in r.features:
            feature_events[f] += 1
            feature_bad[f] += bool(r.differences)
            feature_values[f] += bad_values
            feature_ranks[f] += bad_ranks
            feature_refused[f] += refused
        key = extra[0] if len(extra) == 1 else "(none)" if not extra else ""
        if key:
            kind = next(f for f in r.features if PLAIN.match(f) and "-" in f)
            alone_events[f"{kind}: {key}"] += 1
            alone_bad[f"{kind}: {key}"] += bool(r.differences)
    rows = [
        [f, feature_events[f], feature_bad[f], feature_values[f], feature_ranks[f], feature_refused[f]]
        for f in sorted(feature_events)
    ]
    header = ["feature", "events", "differing", "values", "ranks", "refused"]
    table("by feature (events that contain it)", header, rows)
    rows = [[f, alone_events[f], alone_bad[f]] for f in sorted(alone_events)]
    table("events with one feature beyond the plain ones", ["kind: feature", "events", "differing"], rows)

    messages: Counter[str] = Counter()
    for _, d in diffs:
        if d[1] in EVENT_ERRORS:
            messages[f"{d[1]}: {message_kind(d[2] if d[1] != 'REFERENCE' else d[3])}"] += 1
    if messages:
        table("refusals and exceptions", ["message", "times"], [[m, n] for m, n in messages.most_common()])

    if args.dump is not None:
        args.dump.mkdir(parents=True, exist_ok=True)
        smallest: dict[str, Result] = {}
        for r, d in diffs:
            key = d[1] if d[1] not in EVENT_ERRORS else f"{d[1]}-{message_kind(d[2] if d[1] != 'REFERENCE' else d[3])}"
            if key not in smallest or len(r.text) < len(smallest[key].text):
                smallest[key] = r
        for key, r in smallest.items():
            name = re.sub(r"[^A-Za-z0-9+.-]+", "_", key)[:80]
            (args.dump / f"{name}.trf").write_text(r.text, encoding="latin-1")
            lines = [f"seed {r.seed}: {r.description}", f"features: {', '.join(r.features)}"]
            lines += [f"#{n} {s}: ours {o}, reference {x}" for n, s, o, x in r.differences]
            (args.dump / f"{name}.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
        print(f"\nwrote {len(smallest)} smallest examples to {args.dump}")
    return 1 if diffs else 0


if __name__ == "__main__":
    sys.exit(main())
