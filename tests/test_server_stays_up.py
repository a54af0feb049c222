"""The server stays up: ``crosstable serve`` started as a process, a heavy request
(scenarios ranking every sampled combination by the Laplacian potential: minutes of
work) does not slow the page for anyone else, ends at the time budget, and forty such
requests abandoned by their clients leave the server answering at once and its CPU
idle within five seconds.
"""

from __future__ import annotations

import itertools
import json
import os
import random
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections import Counter
from collections.abc import Iterator

import pytest


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@pytest.fixture(scope="module")
def server() -> Iterator[tuple[str, int]]:
    port = _free_port()
    proc = subprocess.Popen(
        [sys.executable, "-m", "crosstable.cli", "serve", "--port", str(port), "--budget", "6"],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
    )
    base = f"http://127.0.0.1:{port}"
    for _ in range(100):
        try:
            urllib.request.urlopen(base + "/api/options", timeout=1).read()
            break
        except OSError:
            time.sleep(0.1)
    try:
        yield base, proc.pid
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def heavy_body() -> bytes:
    """A 12-player round robin with 15 games left, ranked in every one of 200,000
    sampled combinations by the potential (no bulk evaluation: minutes of work)."""
    rng = random.Random(1)
    pairs = list(itertools.combinations([f"P{i:02d}" for i in range(12)], 2))
    lines = ["white,black,result"] + [
        f"{a},{b},{'*' if k >= len(pairs) - 15 else rng.choice(['1-0', '0-1', '½-½'])}"
        for k, (a, b) in enumerate(pairs)
    ]
    payload = {"content": "\n".join(lines) + "\n", "tiebreaks": ["POT"], "limit": 1, "samples": 200_000}
    return json.dumps(payload).encode()


def post(base: str, body: bytes, timeout: float) -> int | str:
    request = urllib.request.Request(base + "/api/scenarios", data=body, headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=timeout) as answer:
            return int(answer.status)
    except urllib.error.HTTPError as e:
        return e.code
    except OSError:
        return "gone"


def page_time(base: str) -> float:
    t0 = time.perf_counter()
    urllib.request.urlopen(base + "/", timeout=5).read()
    return time.perf_counter() - t0


def tree_cpu(pid: int) -> float:
    """CPU seconds used so far by the server and its worker processes."""
    children = subprocess.run(["ps", "-o", "pid=", "--ppid", str(pid)], capture_output=True, text=True).stdout.split()
    total = 0
    for p in [pid, *map(int, children)]:
        try:
            fields = open(f"/proc/{p}/stat").read().rsplit(")", 1)[1].split()  # noqa: SIM115
        except FileNotFoundError:
            continue
        total += int(fields[11]) + int(fields[12])
    return total / os.sysconf("SC_CLK_TCK")


def test_a_heavy_request_does_not_stop_the_page_and_ends_at_the_budget(server: tuple[str, int]) -> None:
    base, _ = server
    outcome: list[int | str] = []
    worker = threading.Thread(target=lambda: outcome.append(post(base, heavy_body(), 60)))
    t0 = time.perf_counter()
    worker.start()
    time.sleep(1)
    slowest = max(page_time(base) for _ in range(5))
    worker.join()
    assert slowest < 0.5
    assert outcome == [503] and time.perf_counter() - t0 < 15  # the budget of 6 s, then the answer


def test_abandoned_requests_free_the_server(server: tuple[str, int]) -> None:
    base, pid = server
    body = heavy_body()
    codes: list[int | str] = []
    clients = [threading.Thread(target=lambda: codes.append(post(base, body, 0.5))) for _ in range(40)]
    for c in clients:
        c.start()
    for c in clients:
        c.join()
    counted = Counter(codes)
    assert counted[429] > 0 and counted["gone"] > 0 and set(counted) <= {429, "gone"}  # busy beyond the queue
    assert page_time(base) < 1
    time.sleep(4)
    before = tree_cpu(pid)
    time.sleep(1)
    assert tree_cpu(pid) - before < 0.2  # idle: the abandoned work was stopped


def test_a_request_for_another_host_is_refused(server: tuple[str, int]) -> None:
    base, _ = server
    request = urllib.request.Request(base + "/", headers={"Host": "rebound.example"})
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(request, timeout=5)
    assert refused.value.code == 400
    assert page_time(base) < 1  # its own name is answered
