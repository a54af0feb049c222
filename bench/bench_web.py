"""Load check of ``crosstable serve`` (issue: web page and HTTP API).

200 concurrent clients post a 100-player, 9-round Swiss (a synthetic FIDE TRF made
here with a fixed seed, ratings included) to ``/api/standings`` with the criteria
``BH/C1,BH,SB,DE,WIN,ARO`` for 30 seconds against a local server started by this
script. Printed: requests per second, the 50th/99th percentile and the longest
latency, and how many requests failed (any answer but a 200, any socket error or
timeout). The clients are ``wrk`` (Debian's package, a C load generator that leaves
the cores to the server) when it is installed, else Python ``httpx`` clients in this
process (which compete with the server for the two cores). Before the load, 20
answers are checked to give the library's standings. The peer, measured in the same
run: the library alone, reading and ranking the same text in this process, as
requests per second of one core.

Usage::

    .venv/bin/python bench/bench_web.py [--clients 200] [--seconds 30] [--workers 2] [--no-wrk] [--heavy 5]

``--heavy 5``: five of the clients (2.5 %) send heavy scenario requests instead (a
12-player round robin with 15 games left, every sampled combination ranked by the
potential: minutes of work, cut at the server's budget of 30 s), while the others'
light requests are measured.

``--hostile``: beside the light load, one client replays the saved events' hostile
traffic of issue #32 for the whole run, round after round: an event with a game in
round 1,000,000,000, a real 112-player Swiss declaring ``XXR 999`` created, and the same with a game in
round 999 created and read,
a 1,000-player round robin created (with the organiser's token), standings of every
round in every language, wrong secrets in a burst, 300 half-written connections.
Printed: the light requests' figures with it and, measured first in the same run, the
same light load alone (the peer: p99 with / p99 alone); how each kind of hostile
request was answered (statuses, the longest); and the server's memory (its process
and its workers', sampled twice a second) before, at most and after.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import re
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter, defaultdict
from pathlib import Path

import httpx
import psutil

import crosstable
from crosstable.io.trf import write_trf

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the repository, for its tests' real inputs
from tests.servers import memory
from tests.test_events_bounded import announced_only, slow_trf

CRITERIA = ["BH/C1", "BH", "SB", "DE", "WIN", "ARO"]
TOKEN = "bench-organiser-token"


def tournament() -> str:
    rnd = random.Random(100)
    names = [f"Player {k:03d}" for k in range(1, 101)]
    games = []
    for r in range(1, 10):
        order = list(range(100))
        rnd.shuffle(order)
        for k in range(0, 100, 2):
            games.append((names[order[k]], names[order[k + 1]], rnd.choice(["1-0", "½-½", "0-1"]), r))
    t = crosstable.Tournament.from_games(names, games)
    t.system, t.ratings = "swiss", [rnd.randint(1400, 2600) for _ in names]
    return write_trf(t)


def library_rate(text: str, seconds: float = 3.0) -> tuple[float, list[str]]:
    """Requests per second of the library alone (read, rank, the JSON answer's dict)."""
    done, t0 = 0, time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        data = crosstable.rank(crosstable.read_text(text), CRITERIA).to_dict()
        done += 1
    return done / (time.perf_counter() - t0), [r["name"] for r in data["standings"]]


async def load(
    url: str, body: dict[str, object], expected: list[str], clients: int, seconds: float
) -> dict[str, float]:
    latencies: list[float] = []
    failures = 0
    deadline = time.perf_counter() + seconds
    limits = httpx.Limits(max_connections=clients, max_keepalive_connections=clients)
    async with httpx.AsyncClient(base_url=url, limits=limits, timeout=120) as client:

        async def one_client() -> None:
            nonlocal failures
            while time.perf_counter() < deadline:
                t0 = time.perf_counter()
                try:
                    r = await client.post("/api/standings", json=body)
                    ok = r.status_code == 200 and [x["name"] for x in r.json()["standings"]] == expected
                except httpx.HTTPError:
                    ok = False
                latencies.append(time.perf_counter() - t0)
                failures += not ok

        t_start = time.perf_counter()
        await asyncio.gather(*(one_client() for _ in range(clients)))
        elapsed = time.perf_counter() - t_start
    latencies.sort()
    return {
        "requests": len(latencies),
        "rps": len(latencies) / elapsed,
        "p50": statistics.median(latencies),
        "p99": latencies[int(0.99 * (len(latencies) - 1))],
        "max": latencies[-1],
        "failures": failures,
    }


def wrk_command(url: str, body: dict[str, object], clients: int, seconds: float, threads: int = 2) -> list[str]:
    """wrk posting ``body`` to ``url`` from ``clients`` connections."""
    folder = Path(tempfile.mkdtemp())
    (folder / "body.json").write_text(json.dumps(body), encoding="utf-8")
    lua = folder / "post.lua"
    lua.write_text(
        'wrk.method = "POST"\nwrk.headers["Content-Type"] = "application/json"\n'
        f'local f = io.open("{folder / "body.json"}", "rb")\nwrk.body = f:read("*all")\nf:close()\n'
    )
    options = [f"-t{threads}", f"-c{clients}", f"-d{seconds:.0f}s", "--latency", "--timeout", "60s", "-s", str(lua)]
    return ["wrk", *options, url]


def load_wrk(url: str, body: dict[str, object], clients: int, seconds: float) -> dict[str, float]:
    """The same load driven by wrk (two threads), its latency distribution parsed."""
    cmd = wrk_command(url + "/api/standings", body, clients, seconds)
    out = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout
    for line in out.splitlines():  # what the failures were
        if "errors" in line or "Non-2xx" in line:
            print(f"  (wrk: {line.strip()})")
    return parse_wrk(out)


def heavy_body() -> dict[str, object]:
    """Scenarios of a 12-player round robin with 15 games left, ranked in each of 200,000
    sampled combinations by the potential: minutes of work, cut at the server's budget."""
    rng = random.Random(1)
    names = [f"P{i:02d}" for i in range(12)]
    pairs = [(a, b) for k, a in enumerate(names) for b in names[k + 1 :]]
    lines = ["white,black,result"] + [
        f"{a},{b},{'*' if k >= len(pairs) - 15 else rng.choice(['1-0', '0-1', '½-½'])}"
        for k, (a, b) in enumerate(pairs)
    ]
    return {"content": "\n".join(lines) + "\n", "tiebreaks": ["POT"], "limit": 1, "samples": 200_000}


def load_mixed(
    url: str, body: dict[str, object], clients: int, heavy: int, seconds: float
) -> tuple[dict[str, float], str]:
    """``clients - heavy`` wrk connections of light requests and ``heavy`` of heavy ones
    at the same time; the light requests' figures, and the heavy ones' outcome."""
    light = subprocess.Popen(
        wrk_command(url + "/api/standings", body, clients - heavy, seconds), stdout=subprocess.PIPE, text=True
    )
    slow = subprocess.Popen(
        wrk_command(url + "/api/scenarios", heavy_body(), heavy, seconds, threads=1), stdout=subprocess.PIPE, text=True
    )
    light_out, _ = light.communicate()
    heavy_out, _ = slow.communicate()
    done = re.search(r"(\d+) requests in", heavy_out)
    non_2xx = re.search(r"Non-2xx or 3xx responses: (\d+)", heavy_out)
    heavy_note = (
        f"{done.group(1) if done else 0} heavy requests from {heavy} clients, "
        f"{non_2xx.group(1) if non_2xx else 0} of them answered 503 at the budget"
    )
    return parse_wrk(light_out), heavy_note


def parse_wrk(out: str) -> dict[str, float]:
    """wrk's summary: requests, requests/s, p50, p99, max, failures (errors and non-2xx)."""

    def seconds_of(text: str) -> float:
        value, unit = re.fullmatch(r"([\d.]+)(us|ms|s|m)", text).groups()  # type: ignore[union-attr]
        return float(value) * {"us": 1e-6, "ms": 1e-3, "s": 1.0, "m": 60.0}[unit]

    failures = sum(int(x) for x in re.findall(r"(?:connect|read|write|timeout) (\d+)", out))
    non_2xx = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    failures += int(non_2xx.group(1)) if non_2xx else 0
    return {
        "requests": int(re.search(r"(\d+) requests in", out).group(1)),  # type: ignore[union-attr]
        "rps": float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1)),  # type: ignore[union-attr]
        "p50": seconds_of(re.search(r"50%\s+(\S+)", out).group(1)),  # type: ignore[union-attr]
        "p99": seconds_of(re.search(r"99%\s+(\S+)", out).group(1)),  # type: ignore[union-attr]
        "max": seconds_of(re.search(r"Latency\s+\S+\s+\S+\s+(\S+)", out).group(1)),  # type: ignore[union-attr]
        "failures": failures,
    }


class Memory:
    """The server's memory (its process and every child), sampled twice a second."""

    def __init__(self, pid: int) -> None:
        self.server = psutil.Process(pid)
        self.first = memory(self.server)
        self.most = self.last = self.first
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()

    def _run(self) -> None:
        while not self._stop.wait(0.5):
            self.last = memory(self.server)
            self.most = max(self.most, self.last)

    def stop(self) -> None:
        self._stop.set()
        self._thread.join()


class Hostile:
    """Issue #32's saved-event traffic, one kind after another until :meth:`stop`; each
    answer's status and time kept by kind."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.answers: dict[str, list[tuple[int, float]]] = defaultdict(list)
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()

    def _call(self, client: httpx.Client, kind: str, method: str, path: str, **kwargs: object) -> httpx.Response | None:
        t0 = time.perf_counter()
        try:
            r = client.request(method, self.url + path, **kwargs)  # type: ignore[arg-type]
            status = r.status_code
        except httpx.HTTPError:
            r, status = None, 0
        self.answers[kind].append((status, time.perf_counter() - t0))
        return r

    def _run(self) -> None:
        organiser = {"Authorization": f"Bearer {TOKEN}"}
        names = ["Mikhailov", "Alexandrov", "Zhelyazkov", "Angelov", "Ganev", "Kalchev"]
        far = "round,white,black,result\n1,Ann,Bob,1-0\n1000000000,Bob,Ann,0-1\n"
        with httpx.Client(timeout=300) as client:
            made = self._call(
                client,
                "create 6 players",
                "POST",
                "/api/events",
                json={"name": "Club", "participants": names},
                headers=organiser,
            )
            club = made.json() if made is not None and made.status_code == 201 else None
            while not self._stop.is_set():
                self._call(
                    client,
                    "round 1,000,000,000",
                    "POST",
                    "/api/events",
                    json={"name": "Far", "content": far},
                    headers=organiser,
                )
                self._call(
                    client,
                    "112 players, XXR 999",
                    "POST",
                    "/api/events",
                    json={"name": "Announced", "content": announced_only()},
                    headers=organiser,
                )
                big = self._call(
                    client,
                    "112 players, a game in round 999",
                    "POST",
                    "/api/events",
                    json={"name": "Large", "content": slow_trf()},
                    headers=organiser,
                )
                if big is not None and big.status_code == 201:
                    self._call(client, "its standings", "GET", f"/api/events/{big.json()['id']}/standings?explain=true")
                thousand = {"name": "Open", "participants": [f"Player {k}" for k in range(1, 1001)]}
                self._call(client, "1,000-player round robin", "POST", "/api/events", json=thousand, headers=organiser)
                if club is not None:
                    for k in range(25):
                        lang = ("en", "bg", "hu", "ru", "de")[k % 5]
                        path = f"/api/events/{club['id']}/standings?round={k // 5 + 1}&lang={lang}&explain=true"
                        self._call(client, "standings views", "GET", path)
                    game = f"/api/events/{club['id']}/games/1"
                    for k in range(20):
                        wrong = {"Authorization": f"Bearer wrong-{k}"}
                        self._call(
                            client, "wrong secrets", "PUT", game, json={"result": "1", "version": 1}, headers=wrong
                        )
                self._slow_connections(300)

    def _slow_connections(self, count: int) -> None:
        port = int(self.url.rsplit(":", 1)[1])
        held = []
        for _ in range(count):
            try:
                s = socket.create_connection(("127.0.0.1", port), timeout=5)
                s.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")
                held.append(s)
            except OSError:
                break
        self.answers["half-written connections"].append((len(held), 0.0))
        self._stop.wait(3)
        for s in held:
            s.close()

    def stop(self) -> None:
        self._stop.set()
        self._thread.join()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--clients", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--no-wrk", action="store_true", help="Python clients even when wrk is installed.")
    parser.add_argument("--heavy", type=int, default=0, help="Clients (of --clients) sending heavy scenarios (wrk).")
    parser.add_argument("--budget", type=int, default=30, help="The server's budget of seconds per request.")
    parser.add_argument("--hostile", action="store_true", help="Saved events' hostile traffic beside the load.")
    args = parser.parse_args()
    text = tournament()
    rate, expected = library_rate(text)
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = subprocess.Popen(
        [
            *[sys.executable, "-m", "crosstable.cli", "serve", "--port", str(port)],
            *["--workers", str(args.workers), "--budget", str(args.budget)],
            *["--organiser-token", TOKEN, "--head-timeout", "2"],
            *["--db", f"sqlite:///{tempfile.mkdtemp()}/events.sqlite"],
        ],
        stdout=subprocess.DEVNULL,
    )
    url = f"http://127.0.0.1:{port}"
    try:
        for _ in range(200):
            try:
                httpx.get(url + "/api/options", timeout=1)
                break
            except httpx.HTTPError:
                time.sleep(0.1)
        body: dict[str, object] = {"content": text, "format": "trf", "tiebreaks": CRITERIA}
        for _ in range(20):
            r = httpx.post(url + "/api/standings", json=body, timeout=60)
            assert [x["name"] for x in r.json()["standings"]] == expected, "the server's standings differ"
        use_wrk = shutil.which("wrk") is not None and not args.no_wrk

        def light() -> dict[str, float]:
            if use_wrk:
                return load_wrk(url, body, args.clients, args.seconds)
            return asyncio.run(load(url, body, expected, args.clients, args.seconds))

        heavy_note, alone, hostile, memory = "", None, None, None
        if args.hostile:
            alone = light()  # the peer: the same light load with nothing else
            memory = Memory(server.pid)
            hostile = Hostile(url)
            result = light()
            hostile.stop()
            memory.stop()
        elif use_wrk and args.heavy:
            result, heavy_note = load_mixed(url, body, args.clients, args.heavy, args.seconds)
        else:
            result = light()
    finally:
        server.terminate()
        server.wait(timeout=30)
    print(
        f"{args.clients} clients ({'wrk' if use_wrk else 'httpx'}), {args.seconds:.0f} s, {args.workers} server "
        f"workers, a 100-player 9-round Swiss ({len(text):,} bytes) with {','.join(CRITERIA)}:"
    )
    print(
        f"  served: {result['requests']:,} requests, {result['rps']:.0f} requests/s, "
        f"latency p50 {1000 * result['p50']:.0f} ms, p99 {1000 * result['p99']:.0f} ms, "
        f"max {1000 * result['max']:.0f} ms, failed: {result['failures']}"
    )
    if heavy_note:
        print(f"  (the light requests of {args.clients - args.heavy} clients) while {heavy_note}")
    if alone is not None and hostile is not None and memory is not None:
        print(
            f"  with the hostile saved-event traffic; the same load alone: {alone['rps']:.0f} requests/s, "
            f"p99 {1000 * alone['p99']:.0f} ms, failed: {alone['failures']}; "
            f"p99 with / alone = {result['p99'] / alone['p99']:.2f}"
        )
        for kind, answers in hostile.answers.items():
            if kind == "half-written connections":
                print(f"  {kind}: {len(answers)} rounds of {max(n for n, _ in answers)} held 3 s each")
                continue
            statuses = ", ".join(f"{n}×{status}" for status, n in sorted(Counter(s for s, _ in answers).items()))
            print(f"  {kind}: {statuses}; longest {max(t for _, t in answers):.2f} s")
        print(
            f"  server memory (with its workers): {memory.first / 2**20:.0f} MB before, "
            f"{memory.most / 2**20:.0f} MB at most, {memory.last / 2**20:.0f} MB after"
        )
    print(f"  the library alone (one core, no HTTP): {rate:.0f} requests/s; served/alone = {result['rps'] / rate:.2f}")
    print(json.dumps({k: round(v, 4) for k, v in result.items()}))


if __name__ == "__main__":
    main()
