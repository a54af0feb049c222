"""Benchmark of a 500-player McMahon event (issue #31: go tournaments).

Generates (fixed seed) a 500-player, 10-round McMahon event: ranks from 30k to 7d,
the bar at 4d and the floor at 20k, each round's players paired by their McMahon score
(neighbours, a little shuffled), handicaps below the bar, some absences and byes, the
stronger player likelier to win. Writes it as an OpenGotha tournament file (XML) and,
from our reading of it, as an EGD ``.h9`` (``crosstable.io.egd.write_h9``, the
standings' order, MMS, SOS and SOSOS), and measures whole processes (start, read,
rank, JSON written), best of ``RUNS``:

1. ``crosstable standings EVENT.xml -o json``;
2. ``crosstable standings EVENT.h9 -o json``;
3. OpenGotha, where it runs (``OPENGOTHA_JAR`` names its ``opengotha.jar`` with
   ``lib/jhall.jar`` beside it, and a JDK is installed): the same small driver as
   ``tests/test_go_oracle.py`` (OpenGotha's own XML import and ``.h9`` export, which
   ranks the event: its placement by MMS, SOS, SOSOS), headless, one JVM per run.

The ratio printed is OpenGotha's time ÷ ours, measured in the same run. Before timing,
OpenGotha's ``.h9`` is read by our EGD reader, which compares every printed value with
the computed one: the bench prints how many differ (0 expected) and stops otherwise.

    OPENGOTHA_JAR=/path/to/opengotha.jar .venv/bin/python bench/bench_go.py
"""

from __future__ import annotations

import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import crosstable
from crosstable.io.egd import write_h9
from crosstable.ranking import disagreements, rank

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the repository, for the oracle's driver
from tests.test_go_oracle import run_opengotha

SEED = 31
PLAYERS = 500
ROUNDS = 10
RUNS = 5
BAR = 3  # 4d: ranks as OpenGotha's values, 1d = 0, 1k = -1
FLOOR = -20  # 20k
DATA = Path(__file__).resolve().parent.parent / "tests" / "data" / "go"


def _rank(v: int) -> str:
    return f"{-v}K" if v < 0 else f"{v + 1}D"


def event_xml() -> str:
    """The generated event as an OpenGotha file."""
    rng = random.Random(SEED)
    ranks = [max(-30, min(6, round(rng.gauss(-5, 7)))) for _ in range(PLAYERS)]
    start = [min(BAR, max(FLOOR, r)) + 30 for r in ranks]
    score = list(start)
    present = ["".join("0" if rng.random() < 0.04 else "1" for _ in range(ROUNDS)) for _ in range(PLAYERS)]
    key = [f"PLAYER{i:03d}X" for i in range(PLAYERS)]
    games, byes = [], []
    for rd in range(1, ROUNDS + 1):
        here = [i for i in range(PLAYERS) if present[i][rd - 1] == "1"]
        here.sort(key=lambda i: (score[i] + rng.random() * 1.5, rng.random()), reverse=True)
        if len(here) % 2:
            byes.append((here.pop(), rd))
            score[byes[-1][0]] += 1
        for k in range(0, len(here), 2):
            a, b = here[k], here[k + 1]
            white, black = (a, b) if ranks[a] >= ranks[b] else (b, a)
            stones = 0 if ranks[black] >= BAR else min(9, max(0, ranks[white] - ranks[black] - 1))
            p_white = 0.5 + 0.08 * (ranks[white] - ranks[black] - stones)
            winner = white if rng.random() < max(0.1, min(0.9, p_white)) else black
            score[winner] += 1
            result = "RESULT_WHITEWINS" if winner == white else "RESULT_BLACKWINS"
            games.append((key[white], key[black], stones, result, rd, k // 2 + 1))
    lines = [
        '<?xml version="1.0" encoding="UTF-8" standalone="no"?>',
        '<Tournament dataVersion="201" gothaMinorVersion="5" gothaVersion="348">',
        "<Players>",
    ]
    for i in range(PLAYERS):
        lines.append(
            f'<Player agaExpirationDate="" agaId="" club="C{i % 40:02d}" country="FR" egfPin="" ffgLicence="" '
            f'ffgLicenceStatus="" firstName="X" grade="{_rank(ranks[i])}" name="Player{i:03d}" '
            f'participating="{present[i]}{"1" * (20 - ROUNDS)}" rank="{_rank(ranks[i])}" '
            f'rating="{2100 + 100 * ranks[i]}" ratingOrigin="MAN" registeringStatus="FIN" smmsCorrection="0"/>'
        )
    lines.append("</Players>\n<Games>")
    for w, b, stones, result, rd, table in games:
        lines.append(
            f'<Game blackPlayer="{b}" handicap="{stones}" knownColor="true" result="{result}" '
            f'roundNumber="{rd}" tableNumber="{table}" whitePlayer="{w}"/>'
        )
    lines.append("</Games>\n<ByePlayers>")
    lines += [f'<ByePlayer player="{key[p]}" roundNumber="{rd}"/>' for p, rd in byes]
    lines.append("</ByePlayers>\n<TournamentParameterSet>")
    lines.append(
        '<GeneralParameterSet basicTime="60" beginDate="2026-07-25" canByoYomiTime="300" '
        'complementaryTimeSystem="STDBYOYOMI" director="" endDate="2026-08-02" fischerTime="10" '
        f'genCountNotPlayedGamesAsHalfPoint="false" genMMBar="{_rank(BAR)}" komi="6.5" location="Bench" '
        'genNBW2ValueAbsent="0" genNBW2ValueBye="2" nbMovesCanTime="15" numberOfCategories="1" size="19" '
        f'stdByoYomiTime="30" genMMFloor="{_rank(FLOOR)}" genMMS2ValueAbsent="1" genMMS2ValueBye="2" '
        f'genMMZero="30K" genRoundDownNBWMMS="true" name="Bench McMahon" numberOfRounds="{ROUNDS}" '
        'shortName="bench"/>'
    )
    lines.append('<HandicapParameterSet hdBasedOnMMS="true" hdCeiling="9" hdCorrection="1" hdNoHdRankThreshold="4D"/>')
    lines.append("<PlacementParameterSet>\n<PlacementCriteria>")
    lines += [f'<PlacementCriterion name="{c}" number="{k}"/>' for k, c in enumerate(["MMS", "SOSM", "SOSOSM"], 1)]
    lines.append("</PlacementCriteria>\n</PlacementParameterSet>")
    template = (DATA / "Tournoi de Juvisy.xml").read_text(encoding="utf-8")
    lines.append(template[template.index("<PairingParameterSet") : template.index("</TournamentParameterSet>")].strip())
    lines.append("</TournamentParameterSet>\n</Tournament>")
    return "\n".join(lines) + "\n"


def best(cmd: list[str], env: dict[str, str] | None = None) -> float:
    times = []
    for _ in range(RUNS):
        t0 = time.perf_counter()
        subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
        times.append(time.perf_counter() - t0)
    return min(times)


def main() -> None:
    tmp = Path(tempfile.mkdtemp(prefix="bench_go_"))
    xml = tmp / "event.xml"
    xml.write_text(event_xml(), encoding="utf-8")
    t = crosstable.read(str(xml))
    s = rank(t, announced_rounds=True)
    index = {name: k for k, name in enumerate(t.names)}
    order = [index[r.name] for r in s.rows]
    columns = [
        (name, [next(r.points if code is None else r.values[code] for r in s.rows if r.name == n) for n in t.names])
        for name, code in (("MMS", None), ("SOS", "SOS"), ("SOSOS", "SOSOS"))
    ]
    h9 = tmp / "event.h9"
    h9.write_text(write_h9(t, order, columns, [r.place.partition("-")[0] for r in s.rows]), encoding="utf-8")
    games = len(t.white)
    print(f"event: {len(t.names)} players, {ROUNDS} rounds, {games} games, {len(t.byes)} byes/absences")
    cli = [str(Path(sys.executable).with_name("crosstable")), "standings"]
    for path in (xml, h9):
        out = subprocess.run([*cli, str(path), "-o", "json"], check=True, capture_output=True, text=True)
        rows = json.loads(out.stdout)
        assert rows, path
    ours_xml = best([*cli, str(xml), "-o", "json"])
    ours_h9 = best([*cli, str(h9), "-o", "json"])
    print(f"crosstable standings event.xml -o json: {ours_xml:.3f} s (best of {RUNS})")
    print(f"crosstable standings event.h9 -o json:  {ours_h9:.3f} s (best of {RUNS})")
    jar = Path(os.environ.get("OPENGOTHA_JAR", ""))
    if not (jar.is_file() and shutil.which("javac") and shutil.which("java")):
        print("OpenGotha: not measured (set OPENGOTHA_JAR and install a JDK)")
        return
    theirs_h9 = tmp / "opengotha.h9"
    run_opengotha(jar, tmp, [str(xml), str(theirs_h9)])
    theirs = crosstable.read(str(theirs_h9))
    ranked = rank(theirs, announced_rounds=True)
    differ = disagreements(ranked, every=True)
    compared = sum(len(cells) for cells in theirs.declared.values())
    kinds = ", ".join(f"{key} {len(cells)}" for key, cells in theirs.declared.items())
    same_places = sum(
        1 for a, b in zip(s.rows, ranked.rows, strict=True) if a.name == b.name.replace("_", " ") or a.name == b.name
    )
    print(f"OpenGotha's .h9 read back: {len(differ)} of its {compared} printed values ({kinds})")
    print(f"  differ from ours; the same player at {same_places} of {len(s.rows)} places")
    if differ:
        print("\n".join(map(str, differ[:5])))
        sys.exit(1)
    times = []
    for _ in range(RUNS):  # the driver compiled already: each run is one JVM, as OpenGotha is started
        t0 = time.perf_counter()
        run_opengotha(jar, tmp, [str(xml), str(theirs_h9)])
        times.append(time.perf_counter() - t0)
    theirs_time = min(times)
    print(f"OpenGotha import + rank + .h9 export (one JVM): {theirs_time:.3f} s (best of {RUNS})")
    print(f"ratio OpenGotha / crosstable: {theirs_time / ours_xml:.2f} (XML), {theirs_time / ours_h9:.2f} (.h9)")


if __name__ == "__main__":
    main()
