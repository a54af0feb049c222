"""Benchmark of the core (issue: exact standings for any round robin).

Measures, in one run:

1. a 1,000-player round robin (499,500 games) read from a crosstable file, every
   core coefficient computed and ranked, JSON written: in-process phases, and the
   whole ``crosstable standings`` process;
2. the peer, ``tiebreak-core`` (its fastest path, ``calculate_all`` over the
   players), against ours on the same 400-player round robin for SB, BH, BH/C1, KS,
   WIN, with the values checked to be identical;
3. 10,000 small (8-player) tournaments one after another: read, rank, JSON.

The inputs are generated here with a fixed seed (not real events). Run:

    python3 -m venv .venv-bench && .venv-bench/bin/pip install -e . -r bench/requirements.txt
    .venv-bench/bin/python bench/bench_core.py
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from typing import Any

import crosstable
from crosstable.io.writers import to_json
from crosstable.tiebreaks import REGISTRY, Analysis, Column, parse_spec

ALL = "SB,SHM,RIGA,GORIN,SB(2,1,0),GELB,NNSB,KS,BH,BH/C1,BH/M1,WIN,DE"
SHARED = ["SB", "BH", "BH/C1", "KS", "WIN"]
PEER_KEYS = {"SB": "sonneborn_berger", "BH": "buchholz", "BH/C1": "buchholz_cut1", "KS": "koya", "WIN": "wins"}


def round_robin_text(n: int, rng: random.Random) -> str:
    """A crosstable of n players; stronger players (lower numbers) win more often."""
    grid = [["-"] * n for _ in range(n)]
    for i in range(n):
        for j in range(i + 1, n):
            p = 0.5 + 0.4 * (j - i) / n
            x = rng.random()
            a, b = ("1", "0") if x < p - 0.15 else ("½", "½") if x < p + 0.15 else ("0", "1")
            grid[i][j], grid[j][i] = a, b
    lines = ["\t".join(["No", "Name", *map(str, range(1, n + 1))])]
    lines += ["\t".join([str(i + 1), f"Player {i + 1:04d}", *grid[i]]) for i in range(n)]
    return "\n".join(lines) + "\n"


def best_of(k: int, fn: Callable[[], Any]) -> tuple[float, Any]:
    best, out = float("inf"), None
    for _ in range(k):
        t0 = time.perf_counter()
        out = fn()
        best = min(best, time.perf_counter() - t0)
    return best, out


def ours_shared(t: crosstable.Tournament) -> dict[str, Column]:
    """The five coefficients as exact columns (integer numerators over a denominator),
    the counterpart of the peer's dictionaries of floats."""
    a = Analysis(t)
    out = {}
    for code in SHARED:
        spec = parse_spec(code)
        out[code] = REGISTRY[spec.code](a, spec)
    return out


def peer_inputs(t: crosstable.Tournament) -> tuple[dict[int, Any], int]:
    from tiebreak_core import GameRecord, PlayerTiebreakData  # noqa: PLC0415 - the peer, installed for the benchmark

    scores = t.scores()
    players = {i + 1: PlayerTiebreakData(i + 1, 0, float(scores[i]), []) for i in range(len(t.names))}
    for g in t.games:
        ws, bs = float(g.white_score), float(g.black_score)
        players[g.white + 1].games.append(GameRecord(g.black + 1, 0, ws, "white", 0))
        players[g.black + 1].games.append(GameRecord(g.white + 1, 0, bs, "black", 0))
    return players, len(t.names) - 1


def peer_shared(players: dict[int, Any], rounds: int) -> dict[int, dict[str, float]]:
    from tiebreak_core import calculate_all  # noqa: PLC0415 - the peer

    keys = list(PEER_KEYS.values())
    return {pid: calculate_all(p, players, keys, rounds) for pid, p in players.items()}


def main() -> None:
    rng = random.Random(2026)
    work = Path(tempfile.mkdtemp(prefix="crosstable-bench-"))
    print(f"python {sys.version.split()[0]}, data in {work}")

    # 1. 1,000-player round robin, end to end
    big = work / "rr-1000.tsv"
    big.write_text(round_robin_text(1000, rng), encoding="utf-8")
    t_read, t = best_of(3, lambda: crosstable.read(big))
    t_rank, s = best_of(3, lambda: crosstable.rank(t, ALL))
    t_json, _ = best_of(3, lambda: to_json(s))
    cmd = [sys.executable, "-m", "crosstable.cli", "standings", str(big), "-t", ALL, "-o", "json"]
    t_proc, proc = best_of(3, lambda: subprocess.run(cmd, capture_output=True, check=True))
    assert len(json.loads(proc.stdout)["standings"]) == 1000
    print(f"\n1,000-player round robin ({len(t.white):,} games), criteria {ALL}")
    print(
        f"  read {t_read:.3f} s   rank {t_rank:.3f} s   json {t_json:.3f} s"
        f"   in-process {t_read + t_rank + t_json:.3f} s"
    )
    print(f"  whole process (crosstable standings ... -o json): {t_proc:.3f} s   target < 2 s")

    # 2. the peer on a 400-player round robin
    mid = crosstable.read_text(round_robin_text(400, rng))
    players, rounds = peer_inputs(mid)
    t_peer, peer = best_of(5, lambda: peer_shared(players, rounds))
    t_ours, columns = best_of(50, lambda: ours_shared(mid))  # 5 ms each: enough runs for a steady best
    ours = {code: col.fractions() for code, col in columns.items()}
    mismatches = sum(
        1
        for code, key in PEER_KEYS.items()
        for i in range(len(mid.names))
        if Fraction(str(peer[i + 1][key])) != ours[code][i]
    )
    print(f"\n400-player round robin ({len(mid.white):,} games), {', '.join(SHARED)}")
    print(f"  tiebreak-core calculate_all: {t_peer:.3f} s")
    print(f"  crosstable (exact columns):  {t_ours:.4f} s")
    print(f"  ratio: {t_peer / t_ours:.0f}x faster   values differing: {mismatches}   target >= 20x, 0")

    # 3. 10,000 small tournaments one after another
    texts = [round_robin_text(8, rng) for _ in range(10_000)]

    def small() -> None:
        for text in texts:
            to_json(crosstable.rank(crosstable.read_text(text), ALL))

    t_small, _ = best_of(1, small)
    print(f"\n10,000 tournaments of 8 players (read, rank on {ALL.count(',') + 1} criteria, JSON)")
    print(f"  total {t_small:.2f} s, per tournament {1000 * t_small / len(texts):.2f} ms   target < 5 ms")


if __name__ == "__main__":
    main()
