"""Benchmark of whole football competitions (issue: competitions as they are played now).

Measures, in one run, whole processes (start, read, rank, JSON written), best of 7:

1. a 20-team, 380-match league season (La Liga 2006/07) under the ``laliga`` preset
   (head-to-head first);
2. the 36-team league phase of the 2024/25 Champions League (144 matches) under
   ``uefa-club-2024`` (ten criteria, the opponents' sums among them);
3. the 2026 World Cup: 12 groups, the third-placed teams, the round of 32;
4. a season read from openfootball's Football.TXT (the Premier League 2023/24, 380
   matches, ``1-premierleague.txt``) beside the same season from openfootball's JSON
   (``en.1.json``) and as a plain CSV of its results (``home,away,home_goals,away_goals``,
   written from the text's games into a temporary file for the run: every row of its
   standings checked equal first): the ratios are the text's ÷ the CSV's and ÷ the JSON's;

and the peer on the same season: the league table a statistician writes with
``pandas`` (group by team, points, goal difference, goals, ``sort_values``, JSON):
no head-to-head, no explanation, floats. The ratio is ours ÷ the peer's.

Real data from ``tests/data/competitions`` (sources in its ``SOURCES.tsv``) and
``tests/data/openfootball`` (sources in ``tests/data/SOURCES.md`` and its ``SOURCES.md``). Run:

    python3 -m venv .venv-bench && .venv-bench/bin/pip install -e . -r bench/requirements.txt
    .venv-bench/bin/python bench/bench_competition.py
"""

from __future__ import annotations

import csv
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import crosstable

DATA = Path(__file__).resolve().parent.parent / "tests" / "data" / "competitions"
OPENFOOTBALL = DATA.parent / "openfootball"
RUNS = 7

PEER = """
import sys
import pandas as pd
m = pd.read_csv(sys.argv[1])
home = pd.DataFrame({"team": m.home, "gf": m.home_goals, "ga": m.away_goals})
away = pd.DataFrame({"team": m.away, "gf": m.away_goals, "ga": m.home_goals})
rows = pd.concat([home, away])
rows["w"] = (rows.gf > rows.ga).astype(int)
rows["d"] = (rows.gf == rows.ga).astype(int)
rows["l"] = (rows.gf < rows.ga).astype(int)
table = rows.groupby("team").sum()
table["pts"] = 3 * table.w + table.d
table["gd"] = table.gf - table.ga
table = table.sort_values(["pts", "gd", "gf"], ascending=False)
sys.stdout.write(table.reset_index().to_json(orient="records"))
"""


def whole_process(args: list[str]) -> float:
    best = float("inf")
    for _ in range(RUNS):
        t0 = time.perf_counter()
        subprocess.run(args, check=True, capture_output=True)
        best = min(best, time.perf_counter() - t0)
    return best


def season_as_csv(season: Path, out: Path) -> Path:
    """The season's results as a CSV file (home, away, goals), its standings checked equal to the text's."""
    t = crosstable.read(season)
    with out.open("w", encoding="utf-8", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["home", "away", "home_goals", "away_goals"])
        w.writerows([t.names[g.white], t.names[g.black], g.white_score, g.black_score] for g in t.games)
    if crosstable.rank(crosstable.read(out)).rows != crosstable.rank(t).rows:
        raise SystemExit(f"{out}: not the same standings as {season}")
    return out


def main() -> None:
    ours = [sys.executable, "-m", "crosstable.cli", "standings"]
    cases = [
        ("La Liga 2006/07, 380 matches, laliga", "laliga2006_07.csv", ["--rules", "laliga"]),
        ("Champions League 2024/25 league phase, 144 matches, uefa-club-2024", "ucl2024_25_league_phase.csv",
         ["--rules", "uefa-club-2024"]),
        ("World Cup 2026, 12 groups + thirds + round of 32, fifa-2026", "wc2026_group_stage.csv",
         ["--rules", "fifa-2026"]),
    ]  # fmt: skip
    print(f"whole process, best of {RUNS} (start, read, rank, JSON written):")
    times = {}
    for label, name, extra in cases:
        times[name] = whole_process([*ours, str(DATA / name), *extra, "-o", "json"])
        print(f"  crosstable  {label}: {times[name] * 1000:.0f} ms")
    text = whole_process([*ours, str(OPENFOOTBALL / "en-1-2023-24.txt"), "-o", "json"])
    json_ = whole_process([*ours, str(OPENFOOTBALL / "en-1-2023-24.json"), "-o", "json"])
    with tempfile.TemporaryDirectory() as tmp:
        table = season_as_csv(OPENFOOTBALL / "en-1-2023-24.txt", Path(tmp) / "en-1-2023-24.csv")
        csv_ = whole_process([*ours, str(table), "-o", "json"])
    print(f"  crosstable  Premier League 2023/24, 380 matches, Football.TXT: {text * 1000:.0f} ms")
    print(f"  crosstable  Premier League 2023/24, 380 matches, CSV of its results: {csv_ * 1000:.0f} ms")
    print(f"  crosstable  Premier League 2023/24, 380 matches, openfootball JSON: {json_ * 1000:.0f} ms")
    print(f"ratio (Football.TXT ÷ CSV, same season, same run): {text / csv_:.2f}")
    print(f"ratio (Football.TXT ÷ openfootball JSON, same season, same run): {text / json_:.2f}")
    with tempfile.TemporaryDirectory() as tmp:
        script = Path(tmp) / "peer.py"
        script.write_text(PEER, encoding="utf-8")
        try:
            import pandas  # noqa: F401, PLC0415 - the peer, installed for the benchmark
        except ModuleNotFoundError:
            print("  peer: pandas is not installed (pip install -r bench/requirements.txt)")
            return
        peer = whole_process([sys.executable, str(script), str(DATA / "laliga2006_07.csv")])
    print(f"  pandas      La Liga 2006/07, points/GD/GF table only: {peer * 1000:.0f} ms")
    print(f"ratio (crosstable ÷ pandas, same season, same run): {times['laliga2006_07.csv'] / peer:.2f}")


if __name__ == "__main__":
    main()
