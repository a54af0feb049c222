"""``crosstable study``: the simulated events are ranked as the library ranks them, the
counting is right, the intervals are the events-as-clusters ones (computed directly
here) or, for few events, Wilson's (scipy's implementation as the reference), and the
answer does not depend on where the chunks run (a real ``LocalCluster`` with two
workers)."""

from __future__ import annotations

import dataclasses
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from click.testing import CliRunner
from distributed import Client, LocalCluster
from scipy.stats import binomtest

import crosstable
from crosstable.cli import main
from crosstable.model import PENDING, PLAYED
from crosstable.scenarios import Bulk, drawable, scenario_options
from crosstable.schedule import Schedule
from crosstable.study import Design, Tally, _Pairs, _potential_batch, run_study, swiss_event
from crosstable.tiebreaks.potential import potentials


def test_the_bulk_keys_order_as_the_library_ranks() -> None:
    # simulated 8-player round robins: each coefficient's order among those level on points, from the bulk
    # engine, is the order the library's standings give when ranked by points then that coefficient alone
    names = [f"P{i + 1}" for i in range(8)]
    plan = Schedule.make(names)
    games = [(names[p.white - 1], names[p.black - 1], "*", p.round) for rnd in plan.rounds for p in rnd if not p.bye]
    t = drawable(crosstable.Tournament.from_games(names, games, scoring="chess"))
    labels = ["SB", "SHM", "GORIN", "KS", "WIN", "DE", "BH"]
    now = crosstable.rank(t, labels)
    pending = np.nonzero(t.status == PENDING)[0]
    options, _ = scenario_options(t)
    engine = Bulk(now.analysis, now.criteria, pending, options)
    block = np.random.default_rng(7).integers(0, 3, size=(40, len(pending)))
    points, keys = engine.alone(block)
    for e in range(len(block)):
        ws, bs, st = t.white_score.copy(), t.black_score.copy(), t.status.copy()
        for g, o in zip(pending.tolist(), block[e].tolist(), strict=True):
            ws[g], bs[g], st[g] = options[o].white, options[o].black, PLAYED
        played = dataclasses.replace(t, white_score=ws, black_score=bs, status=st, warnings=[])
        for label in labels:
            ranked = crosstable.rank(played, [label])
            place = {r.index: int(r.place.split("-")[0]) for r in ranked.rows}
            for i in range(8):
                for j in range(8):
                    if points[e, i] == points[e, j] and keys[label][e, i] > keys[label][e, j]:
                        assert place[i] < place[j], (label, e, i, j)


def test_the_potential_in_bulk_is_the_library_s() -> None:
    design = Design(players=6)
    rng = np.random.default_rng(3)
    for _ in range(40):
        t = swiss_event(Design(system="swiss", players=6, rounds=5), rng, rng.normal(0, 200, 6))
        a = crosstable.rank(t, []).analysis
        taken = np.zeros((1, 6, 6))
        np.add.at(taken[0], (a.p, a.q), a.pts / a.D)
        ours = _potential_batch(taken)[0]
        exact = potentials(t, exact=True).potential
        scale = max(abs(float(x)) for x in exact) or 1.0
        assert np.allclose(ours / (np.abs(ours).max() or 1.0), [float(x) / scale for x in exact], atol=1e-9)
    assert design.labels()[0] == "SB"


def test_counting_the_pairs() -> None:
    points = np.array([[3, 3, 1, 1]])
    strength = np.array([[10.0, 20.0, 5.0, 1.0]])
    pairs = _Pairs(points, strength)
    assert pairs.count == 2  # (0, 1) and (2, 3)

    def counts(t: Tally) -> tuple[int, int, int]:
        return t.agree, t.disagree, t.level

    assert counts(pairs.tally(np.array([[1, 2, 7, 7]]))) == (1, 0, 1)
    assert counts(pairs.tally(np.array([[2, 1, 8, 7]]))) == (1, 1, 0)
    assert counts(pairs.tally(np.array([[np.nan, 1, 8, 7]]), tol=1e-9)) == (1, 0, 1)


def test_the_interval_takes_the_events_as_clusters() -> None:
    # per-event agreements and decided pairs; the interval is the ratio estimator's, computed here directly
    rng = np.random.default_rng(5)
    points = rng.integers(0, 4, size=(500, 6))
    strength = rng.normal(0, 1, size=(500, 6))
    key = strength + rng.normal(0, 2, size=(500, 6))
    pairs = _Pairs(points, strength)
    tally = pairs.tally(key)
    a = np.zeros(500)
    d = np.zeros(500)
    for e, x, y in zip(pairs.event, pairs.a, pairs.b, strict=True):
        if key[e, x] != key[e, y]:
            d[e] += 1
            a[e] += np.sign(key[e, x] - key[e, y]) == np.sign(strength[e, x] - strength[e, y])
    p = a.sum() / d.sum()
    k = int((d > 0).sum())
    half = 1.959964 * np.sqrt(((a - p * d) ** 2).sum() * k / (k - 1)) / d.sum()
    low, high = tally.interval() or (0.0, 0.0)
    assert abs(low - (p - half)) < 1e-12 and abs(high - (p + half)) < 1e-12


@pytest.mark.parametrize(("agree", "disagree"), [(81, 182), (50, 50), (1, 99), (995, 5)])
def test_the_interval_is_wilson_s(agree: int, disagree: int) -> None:
    ours = Tally(agree, disagree).interval()
    theirs = binomtest(agree, agree + disagree).proportion_ci(method="wilson")
    assert ours is not None
    assert abs(ours[0] - theirs.low) < 1e-6 and abs(ours[1] - theirs.high) < 1e-6


@pytest.fixture(scope="module")
def client() -> Iterator[Any]:
    with LocalCluster(n_workers=2, threads_per_worker=1, dashboard_address=":0") as cluster, Client(cluster) as c:
        yield c


def test_the_same_answer_on_a_cluster(client: Any) -> None:
    for design, events in ((Design(players=8), 45_000), (Design(system="swiss", players=12, rounds=5), 450)):
        here = run_study(design, events, seed=11)
        there = run_study(design, events, seed=11, client=client)
        assert there.workers == 2
        assert here.tallies == there.tallies and here.pairs == there.pairs > 0


def test_the_command_line(tmp_path: Path) -> None:
    png, svg = tmp_path / "o.png", tmp_path / "o.svg"
    args = ["study", "--events", "3000", "--players", "6", "--plot", str(png), "--plot", str(svg), "-q"]
    result = CliRunner().invoke(main, [*args, "-o", "json"])
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["events"] == 3000 and data["design"]["players"] == 6
    rows = {r["criterion"]: r for r in data["coefficients"]}
    assert rows["BH"]["decided" if "decided" in rows["BH"] else "agree"] == 0  # a round robin: BH never separates
    assert all(r["agree"] + r["disagree"] + r["level"] == data["level_pairs"] for r in rows.values())
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and svg.read_text().lstrip().startswith("<?xml")
    few = CliRunner().invoke(main, ["study", "--events", "1", "-q", "-o", "json"])
    assert all(r["low"] is None or r["low"] < r["high"] for r in json.loads(few.stdout)["coefficients"])  # Wilson
    nothing = CliRunner().invoke(main, ["study", "--events", "50", "-t", "BH", "--plot", str(tmp_path / "bh.png")])
    assert nothing.exit_code == 0 and "no plot written" in nothing.stderr and not (tmp_path / "bh.png").exists()
    bad_plot = ["--plot", str(tmp_path / "no" / "x.png")]
    for bad in (
        ["--players", "1"],
        ["--system", "knockout"],
        ["-t", "NOPE"],
        ["-t", "ARO"],
        ["--plot", "x.gif"],
        bad_plot,
    ):
        wrong = CliRunner().invoke(main, ["study", "--events", "10", *bad])
        assert wrong.exit_code == 2, (bad, wrong.stderr)


@pytest.mark.parametrize(("lang", "half"), [("en", "0.50"), ("bg", "0,50"), ("de", "0,50")])
def test_the_plot_writes_its_axis_as_the_language_does(tmp_path: Path, lang: str, half: str) -> None:
    # matplotlib keeps each text of an SVG in a comment beside its glyphs
    svg = tmp_path / "o.svg"
    args = ["study", "--events", "300", "--players", "6", "--plot", str(svg), "-q", "--lang", lang]
    assert CliRunner().invoke(main, args).exit_code == 0
    ticks = re.findall(r"<!-- ([0-9.,]+) -->", svg.read_text(encoding="utf-8"))
    assert half in ticks and all(("," in t) == (half == "0,50") for t in ticks if t not in ("0", "1"))
