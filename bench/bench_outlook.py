"""Benchmark of ``crosstable outlook`` (what can still happen, exactly).

Measures, whole process (``crosstable outlook FILE -o json``), on a 20-team league
with 10 rounds left (about 100 games: 3^100 completions):

1. a real season cut at matchday 28: the Premier League 2015/16 (openfootball,
   ``tests/data/outlook/``), with the league's criteria and three zones (title,
   top four, relegation), magic numbers included and left out;
2. a generated, unusually open league (strengths close, fixed seed): the hard case;

and, in the same run, the peer: the Monte Carlo of ``crosstable scenarios``
(100,000 random completions) on the same files with points only (``-t ""``, so that
both answer the same question): its time, and how many possible places the sampling
missed (a participant's place it never drew but that some completion gives, which the
outlook proves with a witness).

Run (``--busy``: the same with the machine's other core kept busy by a spinning
process for the whole run, as on a machine that does something else; the load average
is printed with the figures):

    .venv/bin/python bench/bench_outlook.py [--busy]
"""

from __future__ import annotations

import contextlib
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
SEASON = ROOT / "tests/data/outlook/premier-league-2015-16.csv"
ZONES = "title=1,ucl=1-4,relegation=18-20"


def cut_at_matchday(path: Path, played: int, out: Path) -> None:
    """Each team's first ``played`` matches (by date) kept, the rest left to play."""
    lines = path.read_text(encoding="utf-8").splitlines()
    count: dict[str, int] = {}
    rows = [lines[0]]
    for line in lines[1:]:
        date, home, away, _, _ = line.split(",")
        count[home] = count.get(home, 0) + 1
        count[away] = count.get(away, 0) + 1
        keep = count[home] <= played and count[away] <= played
        rows.append(line if keep else f"{date},{home},{away},,")
    out.write_text("\n".join(rows) + "\n", encoding="utf-8")


def open_league(out: Path, seed: int = 2) -> None:
    """A double round robin of 20 teams of close strength, 28 rounds played."""
    sys.path.insert(0, str(ROOT / "src"))
    from crosstable.schedule import Schedule  # noqa: PLC0415 - the package under test, from the source tree

    rng = random.Random(seed)
    names = [f"Team {i:02d}" for i in range(20)]
    strength = {n: rng.random() for n in names}
    rows = ["round,home,away,home_goals,away_goals"]
    for r, rnd in enumerate(Schedule.make(names, double=True).rounds, 1):
        for p in rnd:
            a, b = names[p.white - 1], names[p.black - 1]
            if r > 28:
                rows.append(f"{r},{a},{b},,")
                continue
            d = strength[a] - strength[b] + 0.1
            u = rng.random()
            score = "2,0" if u < 0.45 + d / 2 else "1,1" if u < 0.72 + d / 4 else "0,1"
            rows.append(f"{r},{a},{b},{score}")
    out.write_text("\n".join(rows) + "\n", encoding="utf-8")


def run(args: list[str]) -> tuple[float, Any]:
    start = time.perf_counter()
    exe = str(Path(sys.executable).parent / "crosstable")
    done = subprocess.run([exe, *args], capture_output=True, text=True, check=True)
    return time.perf_counter() - start, json.loads(done.stdout)


@contextlib.contextmanager
def other_core_busy(busy: bool) -> Iterator[None]:
    """With ``busy``, one process spinning on the CPU for the time of the block."""
    if not busy:
        yield
        return
    spinner = subprocess.Popen([sys.executable, "-c", "while True: pass"])
    try:
        time.sleep(1)  # let it take its core
        yield
    finally:
        spinner.kill()
        spinner.wait()


def main() -> None:
    busy = "--busy" in sys.argv[1:]
    with tempfile.TemporaryDirectory() as tmp, other_core_busy(busy):
        print(f"other core busy: {'yes' if busy else 'no'}; load average at start {os.getloadavg()[0]:.2f}")
        real, generated = Path(tmp, "pl-2015-16-md28.csv"), Path(tmp, "open-league.csv")
        cut_at_matchday(SEASON, 28, real)
        open_league(generated)
        for label, path, rules in (
            ("Premier League 2015/16 after matchday 28", real, ["--rules", "premier-league"]),
            ("generated open league after round 28", generated, ["--rules", "premier-league"]),
        ):
            full, report = run(["outlook", str(path), *rules, "--zones", ZONES, "-o", "json", "-q"])
            print(f"\n{label}: 20 teams, {report['games_left']} games left (load {os.getloadavg()[0]:.2f})")
            quick, _ = run(["outlook", str(path), *rules, "--zones", ZONES, "--no-magic", "-o", "json", "-q"])
            print(f"  outlook, places + zones + magic numbers: {full:6.2f} s  ({report['programs']} programs)")
            print(f"  outlook, places + zones only:            {quick:6.2f} s")
            exact_t, exact = run(["outlook", str(path), "-t", "", "--zones", ZONES, "--no-magic", "-o", "json", "-q"])
            mc_t, sampled = run(["scenarios", str(path), "-t", "", "--samples", "100000", "-q", "-o", "json"])
            missed = 0
            short = []
            for p in exact["participants"]:
                q = next(x for x in sampled["participants"] if x["name"] == p["name"])
                gap = (q["best"] - p["best"]) + (p["worst"] - q["worst"])
                assert gap >= 0, (p, q)  # a sample never sees more than is possible
                missed += gap
                if gap:
                    short.append(f"{p['name']} {p['best']}-{p['worst']} (sampled {q['best']}-{q['worst']})")
            possible = sum(p["worst"] - p["best"] + 1 for p in exact["participants"])
            print(f"  points only: outlook {exact_t:.2f} s; Monte Carlo (100,000 samples) {mc_t:.2f} s")
            print(f"  ratio Monte Carlo / outlook: {mc_t / exact_t:.1f}x")
            print(
                f"  places the sampling missed: {missed} of {possible} possible, "
                f"for {len(short)} of 20 teams" + (": " + "; ".join(short[:6]) if short else "")
            )


if __name__ == "__main__":
    main()
