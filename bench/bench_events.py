"""Benchmark of saved events (issue: run an event from the first round to the prize-giving).

100 clients read the public standings of a 300-player round robin (44,850 games) as
fast as they can while one arbiter enters a whole round (150 results, each based on
the version it saw), against a real ``crosstable serve`` process: reads per second,
read latency (p50, p99), the arbiter's write latency, errors (any answer but 200).
Measured on SQLite (the default) and on PostgreSQL (when ``CROSSTABLE_TEST_POSTGRES``
names a server whose role may create databases, as ``.ci/run`` starts one); the
ratio printed is PostgreSQL's against SQLite's, in the same run. Run:

    .venv/bin/python bench/bench_events.py [--clients 100] [--players 300]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import socket
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path
from typing import Any

import httpx


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def serve(db: str, port: int) -> subprocess.Popen[bytes]:
    command = [
        sys.executable,
        "-c",
        "from crosstable.cli import main; main()",
        "serve",
        "--port",
        str(port),
        "--db",
        db,
    ]
    log = open(os.environ.get("CROSSTABLE_BENCH_LOG", os.devnull), "ab")  # noqa: SIM115 - the server's lifetime
    proc = subprocess.Popen(command, stdout=log, stderr=log)
    for _ in range(300):
        try:
            httpx.get(f"http://127.0.0.1:{port}/api/events", timeout=1)
            return proc
        except httpx.TransportError:
            time.sleep(0.1)
    proc.kill()
    raise SystemExit("the server did not start")


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p / 100 * len(ordered)))] if ordered else float("nan")


async def load(base: str, clients: int, players: int) -> dict[str, Any]:
    limits = httpx.Limits(max_connections=clients + 10, max_keepalive_connections=clients + 10)
    async with httpx.AsyncClient(base_url=base, timeout=120, limits=limits) as http:
        names = [f"Player {k:03d}" for k in range(1, players + 1)]
        made = await http.post("/api/events", json={"name": "Bench open", "participants": names, "tiebreaks": ["SB"]})
        made.raise_for_status()
        event_id, secret = made.json()["id"], made.json()["editor_secret"]
        view = (await http.get(f"/api/events/{event_id}")).json()
        games = view["rounds"][0]["games"]
        (await http.get(f"/api/events/{event_id}/standings")).raise_for_status()  # the first computation
        reads: list[float] = []
        failures: list[str] = []
        errors = 0
        done = asyncio.Event()

        async def reader() -> None:
            nonlocal errors
            while not done.is_set():
                t0 = time.perf_counter()
                try:
                    r = await http.get(f"/api/events/{event_id}/standings?fresh=false")  # as the public page
                except httpx.TransportError as e:
                    failures.append(repr(e))
                    errors += 1
                    continue
                reads.append(time.perf_counter() - t0)
                errors += r.status_code != 200

        writes: list[float] = []

        async def arbiter() -> None:
            nonlocal errors
            version = view["version"]
            for k, game in enumerate(games):
                t0 = time.perf_counter()
                r = await http.put(
                    f"/api/events/{event_id}/games/{game['id']}",
                    json={"result": ["1", "=", "0"][k % 3], "version": version},
                    headers={"Authorization": f"Bearer {secret}"},
                )
                writes.append(time.perf_counter() - t0)
                if r.status_code != 200:
                    errors += 1
                    continue
                version = r.json()["version"]
            done.set()

        start = time.perf_counter()
        await asyncio.gather(arbiter(), *(reader() for _ in range(clients)))
        elapsed = time.perf_counter() - start
        final = (await http.get(f"/api/events/{event_id}")).json()
        entered = sum(g["result"] is not None for g in final["rounds"][0]["games"])
        return {
            "elapsed": elapsed,
            "reads": len(reads),
            "rps": len(reads) / elapsed,
            "p50": percentile(reads, 50),
            "p99": percentile(reads, 99),
            "writes": len(writes),
            "write_p99": percentile(writes, 99),
            "errors": errors,
            "entered": entered,
            "failures": sorted(set(failures))[:3],
        }


def postgres_database(server: str) -> tuple[str, str]:
    import psycopg  # noqa: PLC0415 - only when PostgreSQL is measured
    from sqlalchemy.engine import make_url  # noqa: PLC0415

    url = make_url(server)
    name = f"crosstable_bench_{uuid.uuid4().hex[:12]}"
    plain = url.set(drivername="postgresql").render_as_string(hide_password=False)
    with psycopg.connect(plain, autocommit=True) as connection:
        connection.execute(f'CREATE DATABASE "{name}"')
    return url.set(database=name).render_as_string(hide_password=False), name


def drop(server: str, name: str) -> None:
    import psycopg  # noqa: PLC0415
    from sqlalchemy.engine import make_url  # noqa: PLC0415

    plain = make_url(server).set(drivername="postgresql").render_as_string(hide_password=False)
    with psycopg.connect(plain, autocommit=True) as connection:
        connection.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def measure(db: str, clients: int, players: int) -> dict[str, Any]:
    port = free_port()
    proc = serve(db, port)
    try:
        return asyncio.run(load(f"http://127.0.0.1:{port}", clients, players))
    finally:
        proc.terminate()
        proc.wait()


def show(label: str, r: dict[str, Any]) -> None:
    print(
        f"  {label:10} {r['reads']:6} reads in {r['elapsed']:.1f} s: {r['rps']:7.0f} reads/s, p50 "
        f"{r['p50'] * 1000:.0f} ms, p99 {r['p99'] * 1000:.0f} ms; {r['writes']} results entered "
        f"({r['entered']} stored), write p99 {r['write_p99'] * 1000:.0f} ms; errors {r['errors']}"
        + (f" ({'; '.join(r['failures'])})" if r["failures"] else "")
    )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--clients", type=int, default=100)
    parser.add_argument("--players", type=int, default=300)
    args = parser.parse_args()
    print(
        f"{args.clients} clients reading the public standings of a {args.players}-player round robin "
        f"while one arbiter enters round 1 ({args.players // 2} results):"
    )
    with tempfile.TemporaryDirectory() as tmp:
        sqlite = measure(f"sqlite:///{Path(tmp) / 'bench.sqlite'}", args.clients, args.players)
    show("SQLite", sqlite)
    server = os.environ.get("CROSSTABLE_TEST_POSTGRES")
    if not server:
        print("  PostgreSQL: not measured (set CROSSTABLE_TEST_POSTGRES to a server URL, as .ci/run does)")
        return
    url, name = postgres_database(server)
    try:
        pg = measure(url, args.clients, args.players)
    finally:
        drop(server, name)
    show("PostgreSQL", pg)
    print(f"ratio PostgreSQL / SQLite, reads per second, same run: {pg['rps'] / sqlite['rps']:.2f}")


if __name__ == "__main__":
    main()
