"""Benchmark of the scenario engine (issue: schedules and "what do I need?").

A 10-player round robin scheduled with the Berger tables, results drawn with a fixed
seed for rounds 1-7, the last two rounds (10 games, 3^10 = 59,049 outcomes) unplayed,
ranked with SB, KS, DE. Measures, in the same run:

- the bulk engine on all 59,049 outcomes (target: under 5 s);
- the naive loop that rebuilds the standings for every outcome, on the first 3^7
  outcomes (running it on all would take minutes), as outcomes per second.

    .venv/bin/python bench/bench_scenarios.py
"""

from __future__ import annotations

import random
import time

import numpy as np

from crosstable import Tournament
from crosstable.model import PENDING
from crosstable.scenarios import _blocks, _naive_places, scenario_options, scenarios
from crosstable.schedule import Schedule
from crosstable.tiebreaks import parse_list

CRITERIA = ["SB", "KS", "DE"]


def tournament(rng: random.Random) -> Tournament:
    s = Schedule.make([f"Player {k}" for k in range(1, 11)])
    games = [(w, b, "*" if rnd > 7 else rng.choice(["1-0", "½-½", "0-1"]), rnd) for rnd, _board, w, b in s.games()]
    return Tournament.from_games(s.names, games)


def main() -> None:
    t = tournament(random.Random(2026))
    assert t.pending == 10
    t0 = time.perf_counter()
    report = scenarios(t, CRITERIA)
    bulk = time.perf_counter() - t0
    print(f"10-player round robin, last two rounds open: {report.method}; criteria {', '.join(CRITERIA)}")
    print(f"  bulk engine: {bulk:.2f} s for {report.evaluated:,} outcomes = {report.evaluated / bulk:,.0f} outcomes/s")

    # The naive loop on the first 3^7 outcomes of the same enumeration.
    sample = 3**7
    games = np.nonzero(t.status == PENDING)[0]
    options, _ = scenario_options(t)
    prob = np.full((len(games), len(options)), 1 / len(options))
    block = next(_blocks(sample, sample, len(options), len(games), True, prob, np.random.default_rng(0)))
    t0 = time.perf_counter()
    _naive_places(t, parse_list(CRITERIA), games, options, block)
    slow = time.perf_counter() - t0
    rate_naive = sample / slow
    rate_bulk = report.evaluated / bulk
    print(f"  naive loop (standings rebuilt per outcome): {slow:.2f} s for {sample:,} outcomes", end="")
    print(f" = {rate_naive:,.0f} outcomes/s")
    print(f"  ratio: {rate_bulk / rate_naive:.0f}x more outcomes per second", end="")
    print(f"; all {report.evaluated:,} naively ≈ {report.evaluated / rate_naive:.0f} s")
    print("  target: bulk under 5 s")


if __name__ == "__main__":
    main()
