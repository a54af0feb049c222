"""Benchmark of Swiss pairing (issue 24): the chosen engine and the others, in one run.

Engines: ``gacrux`` (the FIDE Technical Commission's tool, chosen: it pairs through
:mod:`crosstable.pairing`, the adapter, so its figures include crosstable's TRF writer
and the engine's TRF reader), ``caissify-pairings`` (its Dutch engine, fed by its own
free pairings checker's TRF reading) and ``pairing-core`` (its ``dutch-till2026-compat``
kernel through ``pair_canonical``, fed the same player states). Measured:

1. one round of 100, 500 and 2,000 players for each engine, each in a process of its
   own (wall time, peak memory from ``ru_maxrss``, a time limit): round 1 of a fresh
   event, then round 2 after gacrux's round 1 with random results; each engine's
   round compared with gacrux's;
2. a whole 2,000-player 11-round event paired round by round through the adapter
   with random results and ranked with ``crosstable.rank`` (``fide-swiss``) after
   every round;
3. agreement: events made by gacrux's ``tournamentgenerator`` (10 to 30 players, 5 to
   9 rounds, its requested byes and forfeits), every round re-paired by the adapter,
   by caissify-pairings and by pairing-core and compared with the file (set of boards
   with colours, and the pairing-allocated bye): events and rounds compared and
   differing, colour-only differences apart. FIDE's endorsement test (C.04.A) allows
   10 differing events in 5,000.

The inputs are generated with fixed seeds. Run (the other engines are optional):

    .venv/bin/pip install -e . caissify-pairings pairing-core
    .venv/bin/python bench/bench_pairing.py [--sizes 100,500,2000] [--players 2000 --rounds 11]
        [--events 1000] [--timeout 600]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from typing import Any

import crosstable
from crosstable.io.trf import write_trf
from crosstable.model import Bye, Tournament
from crosstable.pairing import ENGINE, pair_next

Pairs = frozenset[tuple[int, int | None]]  # (white, black) start numbers, black None: the bye
ENGINES = ("gacrux", "caissify-pairings", "pairing-core")
REQUESTED = {"half": "H", "zero": "Z"}


# -- the engines, on a TRF text, for round k: boards with colours and the pairing-allocated bye --
def pair_gacrux(text: str, k: int) -> Pairs:
    t = crosstable.read_text(text, fmt="trf")
    assert t.numbers is not None
    colour = "black" if "\n152 B" in text else "white"
    asked = {t.names[b.participant]: REQUESTED[b.kind] for b in t.byes if b.round == k and b.kind in REQUESTED}
    p = pair_next(before(t, k), byes=asked, initial_colour=colour)
    out: set[tuple[int, int | None]] = {(t.numbers[w], t.numbers[b]) for _board, w, b in p.pairings}
    return frozenset(out | {(t.numbers[i], None) for i, kind in p.byes if kind == "pab"})


def _caissify_state(text: str, k: int) -> tuple[dict[str, Any], list[dict[str, Any]], set[tuple[int, int]], str]:
    from caissify_pairings import fpc  # noqa: PLC0415 - an optional peer
    from caissify_pairings.trf import TRFParser  # noqa: PLC0415

    parsed = TRFParser(text).parse()
    players = {p["starting_number"]: p for p in parsed["players"]}
    for p in players.values():  # the checker's reading wants round k in the file: everybody is there
        p.setdefault("results", {}).setdefault(k, {"opponent": None, "result": "U", "color": ""})
    state = fpc._build_engine_players(players, k)
    return parsed, state, fpc._build_previous_pairings(players, k), fpc._infer_initial_color(players)


def pair_caissify(text: str, k: int) -> Pairs:
    from caissify_pairings.engines.dutch import DutchEngine  # noqa: PLC0415 - an optional peer

    parsed, state, previous, colour = _caissify_state(text, k)
    total = parsed["tournament"].get("total_rounds") or k
    engine = DutchEngine(
        players=state, previous_pairings=previous, round_number=k, total_rounds=total, initial_color=colour
    )
    return frozenset(
        (p["white_id"], None if p.get("black_id") is None or p.get("bye") else p["black_id"])
        for p in engine.generate_pairings()
    )


def pair_pairing_core(text: str, k: int) -> Pairs:
    import pairing_core as pc  # noqa: PLC0415 - an optional peer

    parsed, state, previous, _colour = _caissify_state(text, k)
    met: dict[int, set[int]] = {}
    for a, b in previous:
        met.setdefault(a, set()).add(b)
        met.setdefault(b, set()).add(a)
    results = {p["starting_number"]: p.get("results", {}) for p in parsed["players"]}
    players = []
    for p in state:
        sn = p["id"]
        pab = any(
            r.get("opponent") is None and r.get("result") in ("U", "F") for rr, r in results[sn].items() if rr < k
        )
        colours = "".join({"white": "w", "black": "b"}.get(c, "-") for c in p["color_hist"])
        floats = "".join({"down": "D", "up": "U"}.get(f, "-") for f in p["float_history"])
        players.append(
            pc.CanonicalPlayer(
                id=sn, pairing_no=sn, rating=p["rating"] or 0, points=p["score"], color_hist=colours,
                opponents=tuple(met.get(sn, ())), received_bye=pab, float_hist=floats,
            )
        )  # fmt: skip
    request = pc.CanonicalRequest(players=tuple(players), ruleset=pc.DUTCH_TILL2026_COMPAT, round_number=k)
    return frozenset((b.white_id, None if b.is_bye else b.black_id) for b in pc.pair_canonical(request).pairings)


PAIRERS: dict[str, Callable[[str, int], Pairs]] = {
    "gacrux": pair_gacrux,
    "caissify-pairings": pair_caissify,
    "pairing-core": pair_pairing_core,
}


def version(engine: str) -> str:
    if engine == "gacrux":
        return ENGINE
    from importlib.metadata import PackageNotFoundError  # noqa: PLC0415
    from importlib.metadata import version as dist_version  # noqa: PLC0415

    try:
        return f"{engine} {dist_version(engine)}"
    except PackageNotFoundError:
        return f"{engine} (not installed)"


# -- events ------------------------------------------------------------------------
def before(t: Tournament, k: int) -> Tournament:
    """The event as it stood before round ``k`` (its number of rounds kept)."""
    import numpy as np  # noqa: PLC0415

    if k == 1:
        out = t.select(list(range(len(t.names))), games=np.zeros(len(t.white), dtype=bool))
        out.byes = []
    else:
        out = t.after_round(k - 1)
    out.rounds_total = t.rounds_total
    return out


def fresh(n: int, rounds: int, seed: int) -> tuple[list[str], list[int]]:
    rng = random.Random(seed)
    return [f"Player {k:04d}" for k in range(1, n + 1)], sorted(
        (rng.randint(1200, 2700) for _ in range(n)), reverse=True
    )


def event(names: list[str], ratings: list[int], games: list[tuple[str, str, str, int]], byes: list[Bye], rounds: int):
    t = Tournament.from_games(names, games)
    t.ratings, t.rounds_total, t.byes, t.system = list(ratings), rounds, list(byes), "swiss"
    return t


def play(names: list[str], p: Any, rng: random.Random) -> tuple[list[tuple[str, str, str, int]], list[Bye]]:
    """Random results for a paired round (stronger players win more often)."""
    games = []
    for _board, w, b in p.pairings:
        x = rng.random() + 0.1 * (b - w) / len(names)
        games.append((names[w], names[b], "1-0" if x > 0.6 else "1/2-1/2" if x > 0.3 else "0-1", p.round))
    return games, [
        Bye(i, p.round, kind, {"pab": Fraction(1), "half": Fraction(1, 2)}.get(kind, Fraction(0))) for i, kind in p.byes
    ]


def worker(engine: str, path: str, k: int) -> None:
    """One engine, one round, in this process: prints time, peak memory and the boards."""
    text = Path(path).read_text(encoding="latin-1")
    t0 = time.perf_counter()
    pairs = PAIRERS[engine](text, k)
    seconds = time.perf_counter() - t0
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(json.dumps({"seconds": seconds, "rss_mb": rss, "pairs": sorted([w, b or 0] for w, b in pairs)}))


def measure(engine: str, path: Path, k: int, timeout: float) -> dict[str, Any]:
    run = [sys.executable, __file__, "--worker", engine, str(path), str(k)]
    try:
        done = subprocess.run(run, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return {"error": f"over {timeout:.0f} s"}
    if done.returncode != 0:
        return {"error": (done.stderr.strip().splitlines() or ["failed"])[-1][:90]}
    return json.loads(done.stdout.strip().splitlines()[-1])  # type: ignore[no-any-return]


def one_round(sizes: list[int], timeout: float) -> None:
    print("1. one round, each engine in its own process (round 2: after gacrux's round 1 with random results)")
    print(
        f"   {'players':>7} {'round':>5} {'engine':<30} {'time':>10} {'peak memory':>12} {'vs gacrux':>10}"
        "  same as gacrux"
    )
    with tempfile.TemporaryDirectory() as tmp:
        for n in sizes:
            names, ratings = fresh(n, 11, n)
            games: list[tuple[str, str, str, int]] = []
            byes: list[Bye] = []
            for k in (1, 2):
                path = Path(tmp) / f"e{n}_{k}.trf"
                path.write_text(write_trf(event(names, ratings, games, byes, 11)) + "152 W\n", encoding="latin-1")
                got = {e: measure(e, path, k, timeout) for e in ENGINES}
                ref = got["gacrux"]
                for e in ENGINES:
                    r = got[e]
                    if "error" in r:
                        print(f"   {n:>7} {k:>5} {version(e):<30} {r['error']:>10}")
                        continue
                    ratio = f"{r['seconds'] / ref['seconds']:.2f}x" if "seconds" in ref else "-"
                    same = "yes" if "pairs" in ref and r["pairs"] == ref["pairs"] else "no"
                    print(
                        f"   {n:>7} {k:>5} {version(e):<30} {r['seconds']:>8.2f} s {r['rss_mb']:>9.0f} MB"
                        f" {ratio:>10}  {same}"
                    )
                if k == 1 and "pairs" in ref:
                    p = pair_next(event(names, ratings, games, byes, 11))
                    more, more_byes = play(names, p, random.Random(n))
                    games, byes = games + more, byes + more_byes


def whole_event(n: int, rounds: int) -> None:
    print(f"2. a whole {n:,}-player {rounds}-round event through the adapter ({ENGINE}), ranked after every round")
    names, ratings = fresh(n, rounds, 7)
    rng = random.Random(7)
    games: list[tuple[str, str, str, int]] = []
    byes: list[Bye] = []
    pairing = ranking = 0.0
    for k in range(1, rounds + 1):
        t = event(names, ratings, games, byes, rounds)
        t0 = time.perf_counter()
        p = pair_next(t)
        t1 = time.perf_counter()
        more, more_byes = play(names, p, rng)
        games, byes = games + more, byes + more_byes
        t2 = time.perf_counter()
        standings = crosstable.rank(event(names, ratings, games, byes, rounds).after_round(k), rules="fide-swiss")
        t3 = time.perf_counter()
        pairing, ranking = pairing + t1 - t0, ranking + t3 - t2
        print(
            f"   round {k:>2}: paired in {t1 - t0:8.2f} s, ranked in {t3 - t2:6.2f} s (leader {standings.rows[0].name})"
        )
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(
        f"   total: pairing {pairing:.1f} s, ranking {ranking:.1f} s, {pairing / rounds:.2f} s a round;"
        f" peak {peak:.0f} MB"
    )


def file_round(text: str, k: int) -> Pairs:
    """Round ``k`` as the file has it (the generator's, that is gacrux's, pairing)."""
    t = crosstable.read_text(text, fmt="trf")
    assert t.numbers is not None and t.rounds is not None
    num = t.numbers
    out: set[tuple[int, int | None]] = {
        (num[int(w)], num[int(b)]) for w, b, r in zip(t.white, t.black, t.rounds, strict=True) if r == k
    }
    return frozenset(out | {(num[b.participant], None) for b in t.byes if b.round == k and b.kind == "pab"})


class _Late(Exception):
    pass


def _alarm(_signum: int, _frame: object) -> None:
    raise _Late


HEADER_KEPT = ("012", "022", "032", "042", "052", "062", "072", "082", "092", "102", "112", "122", "132")


def bbp_check(bbp: str, text: str, rounds: int, tmp: str) -> int:
    """bbpPairings' checker (``--dutch FILE -c``) on a generated event: how many rounds
    it would pair otherwise. Its TRF-16 reader refuses TRF-2026 records, so the file
    keeps the TRF-16 ones, with ``XXR`` and the initial colour as ``XXC``."""
    colour = "black1" if "\n152 B" in text else "white1"
    lines = [line for line in text.splitlines() if line[:3] in ("001", *HEADER_KEPT)]
    path = Path(tmp) / "bbp.trf"
    path.write_text("\n".join([*lines, f"XXR {rounds}", f"XXC {colour}"]) + "\n", encoding="latin-1")
    done = subprocess.run([bbp, "--dutch", str(path), "-c"], capture_output=True, text=True)
    return rounds if done.returncode not in (0, 1) else done.stdout.count("Checker pairings")


def agreement(events: int, per_round: int, bbp: str | None = None) -> None:
    shapes = [(10, 5), (14, 7), (20, 9), (25, 7), (30, 9)]
    print(f"3. agreement on {events} events from gacrux's tournamentgenerator {shapes} (players, rounds)")
    signal.signal(signal.SIGALRM, _alarm)
    names = [*ENGINES, *(["bbpPairings"] if bbp else [])]
    count = {
        e: {"events": 0, "rounds": 0, "events_differing": 0, "rounds_differing": 0, "colour_only": 0, "errors": 0}
        for e in names
    }
    seconds = dict.fromkeys(names, 0.0)
    with tempfile.TemporaryDirectory() as tmp:
        share = [events // len(shapes) + (s < events % len(shapes)) for s in range(len(shapes))]
        first = 0
        for (n, rounds), m in zip(shapes, share, strict=True):
            if m:
                run = [sys.executable, "-m", "gacrux.tournamentgenerator", "-p", str(n), "-n", str(rounds)]
                run += ["-g", str(first), str(m), "-o", f"{tmp}/p{n}r{rounds}_%d.trf"]
                subprocess.run(run, check=True, capture_output=True)
                first += m
        for path in sorted(Path(tmp).glob("*.trf")):
            text = path.read_text(encoding="latin-1")
            rounds = int(path.name.split("r")[1].split("_")[0])
            differs = dict.fromkeys(names, False)
            for k in range(1, rounds + 1):
                ref = file_round(text, k)
                for e in ENGINES:
                    signal.alarm(per_round)
                    t0 = time.perf_counter()
                    try:
                        got: Pairs | None = PAIRERS[e](text, k)
                    except (ImportError, ModuleNotFoundError):
                        got = None
                        count[e]["errors"] += 1
                    except Exception:
                        got = None
                        count[e]["errors"] += 1
                    finally:
                        signal.alarm(0)
                    seconds[e] += time.perf_counter() - t0
                    count[e]["rounds"] += 1
                    if got != ref:
                        count[e]["rounds_differing"] += 1
                        differs[e] = True
                        unordered = {frozenset(x) for x in ref}
                        if got is not None and {frozenset(x) for x in got} == unordered:
                            count[e]["colour_only"] += 1
            if bbp:
                t0 = time.perf_counter()
                wrong = bbp_check(bbp, text, rounds, tmp)
                seconds["bbpPairings"] += time.perf_counter() - t0
                count["bbpPairings"]["rounds"] += rounds
                count["bbpPairings"]["rounds_differing"] += wrong
                differs["bbpPairings"] = wrong > 0
            for e in names:
                count[e]["events"] += 1
                count[e]["events_differing"] += differs[e]
    for e in names:
        c = count[e]
        print(
            f"   {version(e) if e in ENGINES else 'bbpPairings (checker)':<30} events {c['events']:>5},"
            f" differing {c['events_differing']:>5};"
            f" rounds {c['rounds']:>5}, "
            f"differing {c['rounds_differing']:>5} ({c['colour_only']} in colours only, {c['errors']} refused or over "
            f"{per_round} s); {seconds[e]:.1f} s"
        )  # fmt: skip


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--worker", nargs=3, metavar=("ENGINE", "FILE", "ROUND"))
    ap.add_argument("--sizes", default="100,500,2000")
    ap.add_argument("--players", type=int, default=2000)
    ap.add_argument("--rounds", type=int, default=11)
    ap.add_argument("--events", type=int, default=1000)
    ap.add_argument("--timeout", type=float, default=600.0, help="seconds for one engine's round (part 1)")
    ap.add_argument("--round-timeout", type=int, default=5, help="seconds for one engine's round (part 3)")
    ap.add_argument("--parts", default="1,2,3")
    ap.add_argument("--bbp", default=os.environ.get("BBP_PAIRINGS"), help="bbpPairings.exe (built from its repository)")
    args = ap.parse_args()
    if args.worker:
        worker(args.worker[0], args.worker[1], int(args.worker[2]))
        return
    parts = set(args.parts.split(","))
    if "1" in parts:
        one_round([int(s) for s in args.sizes.split(",") if s], args.timeout)
    if "2" in parts:
        whole_event(args.players, args.rounds)
    if "3" in parts:
        agreement(args.events, args.round_timeout, args.bbp)


if __name__ == "__main__":
    main()
