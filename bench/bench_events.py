"""Benchmark of saved events (issue: run an event from the first round to the prize-giving).

100 clients read the public standings of a 300-player round robin (44,850 games) as
fast as they can (``wrk``, Debian's package, when installed: a C load generator that
leaves the server the machine; else Python clients) while one arbiter enters a whole
round (150 results, each based on the version it saw), against a real ``crosstable
serve`` process: reads per second, read latency (p50, p99), the arbiter's write
latency, errors (any answer but 200).
Measured on SQLite (the default) and on PostgreSQL (when ``CROSSTABLE_TEST_POSTGRES``
names a server whose role may create databases, as ``.ci/run`` starts one); the
ratio printed is PostgreSQL's against SQLite's, in the same run. Run:

    .venv/bin/python bench/bench_events.py [--clients 100] [--players 300]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import uuid
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx
from bench_web import parse_wrk  # the same parsing of wrk's summary


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


def setup(base: str, players: int) -> tuple[str, str, list[dict[str, Any]], int]:
    """The event (a round robin of ``players``), its secret, round 1's games, its version."""
    names = [f"Player {k:03d}" for k in range(1, players + 1)]
    made = httpx.post(
        f"{base}/api/events", json={"name": "Bench open", "participants": names, "tiebreaks": ["SB"]}, timeout=120
    )
    made.raise_for_status()
    event_id, secret = made.json()["id"], made.json()["editor_secret"]
    view = httpx.get(f"{base}/api/events/{event_id}", timeout=120).json()
    httpx.get(f"{base}/api/events/{event_id}/standings", timeout=120).raise_for_status()  # the first computation
    return event_id, secret, view["rounds"][0]["games"], view["version"]


def arbiter(base: str, event_id: str, secret: str, games: list[dict[str, Any]], version: int) -> dict[str, Any]:
    """One arbiter entering the round's results one after another, each on the version it saw."""
    writes: list[float] = []
    errors = 0
    start = time.perf_counter()
    with httpx.Client(base_url=base, timeout=120) as http:
        for k, game in enumerate(games):
            t0 = time.perf_counter()
            r = http.put(
                f"/api/events/{event_id}/games/{game['id']}",
                json={"result": ["1", "=", "0"][k % 3], "version": version},
                headers={"Authorization": f"Bearer {secret}"},
            )
            writes.append(time.perf_counter() - t0)
            if r.status_code != 200:
                errors += 1
                continue
            version = r.json()["version"]
        final = http.get(f"/api/events/{event_id}").json()
    entered = sum(g["result"] is not None for g in final["rounds"][0]["games"])
    return {
        "writes": len(writes),
        "seconds": time.perf_counter() - start,
        "write_p99": percentile(writes, 99),
        "write_errors": errors,
        "entered": entered,
    }


def readers_wrk(url: str, clients: int, seconds: float) -> subprocess.Popen[str]:
    return subprocess.Popen(
        ["wrk", "-t2", f"-c{clients}", f"-d{seconds}s", "--latency", url], stdout=subprocess.PIPE, text=True
    )


async def readers_python(url: str, clients: int, seconds: float) -> dict[str, float]:
    """The same readers as Python clients (slower than the server: the figure is theirs)."""
    limits = httpx.Limits(max_connections=clients + 10, max_keepalive_connections=clients + 10)
    times: list[float] = []
    failures = 0
    end = time.perf_counter() + seconds
    async with httpx.AsyncClient(timeout=120, limits=limits) as http:

        async def reader() -> None:
            nonlocal failures
            while time.perf_counter() < end:
                t0 = time.perf_counter()
                try:
                    r = await http.get(url)
                    failures += r.status_code != 200
                except httpx.TransportError:
                    failures += 1
                times.append(time.perf_counter() - t0)

        await asyncio.gather(*(reader() for _ in range(clients)))
    return {
        "requests": len(times),
        "rps": len(times) / seconds,
        "p50": percentile(times, 50),
        "p99": percentile(times, 99),
        "max": max(times, default=0.0),
        "failures": failures,
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


def measure(db: str, clients: int, players: int, seconds: float, use_wrk: bool) -> dict[str, Any]:
    port = free_port()
    proc = serve(db, port)
    base = f"http://127.0.0.1:{port}"
    try:
        event_id, secret, games, version = setup(base, players)
        url = f"{base}/api/events/{event_id}/standings?fresh=false"  # as the public page asks
        if use_wrk:
            load = readers_wrk(url, clients, seconds)
            time.sleep(2)  # the readers at full speed before the round starts
            entry = arbiter(base, event_id, secret, games, version)
            out, _ = load.communicate()
            if os.environ.get("CROSSTABLE_BENCH_LOG"):
                Path(os.environ["CROSSTABLE_BENCH_LOG"]).with_suffix(".wrk").write_text(out, encoding="utf-8")
            reads = parse_wrk(out)
            reads["detail"] = "; ".join(x.strip() for x in out.splitlines() if "errors" in x or "Non-2xx" in x)
        else:
            with ThreadPoolExecutor(1) as pool:
                later = pool.submit(lambda: (time.sleep(2), arbiter(base, event_id, secret, games, version))[1])
                reads = asyncio.run(readers_python(url, clients, seconds))
                entry = later.result()
        return {**reads, **entry}
    finally:
        proc.terminate()
        proc.wait()


def show(label: str, r: dict[str, Any]) -> None:
    print(
        f"  {label:10} {r['requests']:7} reads: {r['rps']:6.0f} reads/s, p50 {r['p50'] * 1000:.0f} ms, "
        f"p99 {r['p99'] * 1000:.0f} ms, errors {r['failures']:.0f}; the arbiter's {r['writes']} results in "
        f"{r['seconds']:.1f} s (write p99 {r['write_p99'] * 1000:.0f} ms, {r['write_errors']} refused, "
        f"{r['entered']} stored)" + (f" [{r['detail']}]" if r.get("detail") else "")
    )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--clients", type=int, default=100)
    parser.add_argument("--players", type=int, default=300)
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--no-wrk", action="store_true", help="Python clients even when wrk is installed.")
    args = parser.parse_args()
    use_wrk = shutil.which("wrk") is not None and not args.no_wrk
    print(
        f"readers: {'wrk (Debian package), 2 threads' if use_wrk else 'Python clients (httpx)'}, {args.seconds:.0f} s"
    )
    print(
        f"{args.clients} clients reading the public standings of a {args.players}-player round robin "
        f"while one arbiter enters round 1 ({args.players // 2} results):"
    )
    with tempfile.TemporaryDirectory() as tmp:
        sqlite = measure(f"sqlite:///{Path(tmp) / 'bench.sqlite'}", args.clients, args.players, args.seconds, use_wrk)
    show("SQLite", sqlite)
    server = os.environ.get("CROSSTABLE_TEST_POSTGRES")
    if not server:
        print("  PostgreSQL: not measured (set CROSSTABLE_TEST_POSTGRES to a server URL, as .ci/run does)")
        return
    url, name = postgres_database(server)
    try:
        pg = measure(url, args.clients, args.players, args.seconds, use_wrk)
    finally:
        drop(server, name)
    show("PostgreSQL", pg)
    print(f"ratio PostgreSQL / SQLite, reads per second, same run: {pg['rps'] / sqlite['rps']:.2f}")


if __name__ == "__main__":
    main()
