"""A saved Swiss event run through the HTTP API, against the pairing engine alone
(issue 24): ``crosstable serve`` is started on a fresh SQLite file; an event of
``--players`` players (ratings drawn with a fixed seed) is created, then each of its
``--rounds`` rounds is paired (``POST /api/events/{id}/rounds``, the FIDE Dutch system
through crosstable.pairing in the server's slow lane) and its results entered, one
``PUT`` per game; finally its standings are read. The peer, measured in the same run
on the same states: :func:`crosstable.pairing.pair_next` in this process on the event as
the server holds it before each round (the export read back). The server's slow lane
runs at ``nice`` 15, so on a busy machine its share of the cores is smaller than this
process's: measure on a quiet one. Printed: the time of each
pairing request and the engine's alone, their ratio (the saved event's overhead: the
database, the worker, HTTP), the results' requests per second, and whether every round
the server paired is the engine's.

    .venv/bin/python bench/bench_swiss_events.py [--players 300] [--rounds 9] [--budget 600]
"""

from __future__ import annotations

import argparse
import random
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

import crosstable
from crosstable.pairing import pair_next


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, default=300)
    ap.add_argument("--rounds", type=int, default=9)
    ap.add_argument("--budget", type=int, default=600, help="the server's seconds per computation")
    args = ap.parse_args()
    rng = random.Random(24)
    names = [f"Player {k:04d}" for k in range(1, args.players + 1)]
    ratings = [rng.randint(1200, 2700) for _ in names]
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    folder = Path(tempfile.mkdtemp())
    server = subprocess.Popen(
        [
            *[sys.executable, "-m", "crosstable.cli", "serve", "--port", str(port), "--budget", str(args.budget)],
            *["--db", f"sqlite:///{folder / 'events.sqlite'}"],
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    url = f"http://127.0.0.1:{port}"
    http = httpx.Client(base_url=url, timeout=args.budget + 60)
    try:
        for _ in range(600):
            try:
                http.get("/api/options")
                break
            except httpx.HTTPError:
                time.sleep(0.1)
        body = {"name": "Bench", "schedule": "swiss", "rounds": args.rounds, "participants": names, "ratings": ratings}
        made = http.post("/api/events", json=body).json()
        event, auth = made["id"], {"Authorization": f"Bearer {made['editor_secret']}"}
        version, served, alone, same, results, entering = 1, [], [], 0, 0, 0.0
        for k in range(1, args.rounds + 1):
            trf = http.get(f"/api/events/{event}/export?to=trf").text
            t = crosstable.read_text(trf, fmt="trf")
            t0 = time.perf_counter()
            engine = pair_next(t, k)
            alone.append(time.perf_counter() - t0)
            t0 = time.perf_counter()
            answer = http.post(f"/api/events/{event}/rounds", json={"version": version}, headers=auth)
            served.append(time.perf_counter() - t0)
            answer.raise_for_status()
            version = answer.json()["version"]
            listed = http.get(f"/api/events/{event}/rounds/{k}").json()
            mine = [(b["board"], b["white_no"], b["black_no"]) for b in listed["boards"]]
            same += mine == [(b, w + 1, bl + 1) for b, w, bl in engine.pairings]
            t0 = time.perf_counter()
            for board in listed["boards"]:
                result = rng.choice(["1", "=", "0"])
                put = http.put(
                    f"/api/events/{event}/games/{board['game']}",
                    json={"result": result, "version": version},
                    headers=auth,
                )
                put.raise_for_status()
                version = put.json()["version"]
                results += 1
            entering += time.perf_counter() - t0
        t0 = time.perf_counter()
        http.get(f"/api/events/{event}/standings").raise_for_status()
        standings = time.perf_counter() - t0
    finally:
        server.terminate()
        server.wait(timeout=60)
    print(f"a saved Swiss of {args.players} players, {args.rounds} rounds, over HTTP (crosstable serve, SQLite):")
    for k, (a, b) in enumerate(zip(served, alone, strict=True), start=1):
        print(f"  round {k}: paired by the server in {a:.2f} s, by the engine alone in {b:.2f} s ({a / b:.2f}×)")
    print(
        f"  all rounds: server {sum(served):.1f} s, engine alone {sum(alone):.1f} s, "
        f"ratio {sum(served) / sum(alone):.2f}; {same} of {args.rounds} rounds the engine's own"
    )
    print(f"  {results} results entered, {results / entering:.0f} requests/s; the final standings in {standings:.2f} s")


if __name__ == "__main__":
    main()
