"""Every case of issue #32 ("a public event server anyone can reach") replayed against
one running ``crosstable serve``, on SQLite and on PostgreSQL (``database_url``), as a
hostile user tried them: a game in round 1,000,000,000, a real 112-player Swiss
declaring ``XXR 999`` (and with a game in round 999), a seeding file with a round of 10⁶, an anonymous 1,000-player
round robin (and, made by the organiser, another arbiter writing meanwhile), heavy
standings beside light ones, hundreds of views of one event, 1,100 half-written
connections under 1,024 open files, the names a database cannot store, a win worth 0,
``SB(2,1,0)``, wrong secrets in a burst; then the command line's two cases.

Meanwhile a watcher asks for the page four times a second and a sampler reads the
server's memory (its process and its workers'). What is asserted: no answer is a 500;
every answer comes within the server's budget plus :data:`~tests.servers.PATIENCE`
(a loaded machine); the page answers every time, nine times in ten within a second;
the memory stays under :data:`MEMORY` (the issue saw 2.97 GB, then 22.4 GiB asked).
"""

from __future__ import annotations

import contextlib
import json
import resource
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import psutil
import pytest

import crosstable
from tests.servers import PATIENCE, memory, serving
from tests.test_events import NAMES
from tests.test_events_bounded import announced_only, slow_trf

pytest_plugins = ["tests.databases"]

BUDGET = 10
"""The server's time budget per computation here (seconds)."""

TOKEN = "organiser-token-for-the-replay"
MEMORY = 2 * 2**30
"""The most the server and its workers may hold at once (bytes)."""

COMMON_OPEN_FILES = 1024


def _common_open_files() -> None:  # in the server's process, before it starts
    resource.setrlimit(resource.RLIMIT_NOFILE, (COMMON_OPEN_FILES, COMMON_OPEN_FILES))


class Watch:
    """The page asked for every quarter of a second, and the server's memory sampled,
    in a thread, until :meth:`stop`."""

    def __init__(self, base: str, pid: int) -> None:
        self.base, self.server = base, psutil.Process(pid)
        self.page: list[tuple[int, float]] = []
        self.memory = 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()

    def _run(self) -> None:
        with httpx.Client(timeout=PATIENCE) as client:
            while not self._stop.wait(0.25):
                self.memory = max(self.memory, memory(self.server))
                start = time.monotonic()
                try:
                    status = client.get(self.base + "/").status_code
                except httpx.HTTPError:
                    status = 0
                self.page.append((status, time.monotonic() - start))

    def stop(self) -> None:
        self._stop.set()
        self._thread.join(PATIENCE)


class Client:
    """Calls to the server, each one's status checked against a 500 and its time against
    the budget (with :data:`PATIENCE` to spare); ``client`` is the address it comes from
    as the server sees it (``X-Forwarded-For`` is not trusted: all come from 127.0.0.1)."""

    def __init__(self, base: str) -> None:
        self.base = base
        self.http = httpx.Client(timeout=BUDGET + PATIENCE)
        self.answers: list[tuple[str, int, float]] = []

    def __call__(self, method: str, path: str, **kwargs: Any) -> httpx.Response:
        start = time.monotonic()
        r = self.http.request(method, self.base + path, **kwargs)
        took = time.monotonic() - start
        self.answers.append((f"{method} {path[:60]}", r.status_code, took))
        assert r.status_code < 500 or r.status_code == 503, (method, path, r.status_code, r.text[:500])
        assert took < BUDGET + PATIENCE, (method, path, took)
        return r


def organiser() -> dict[str, str]:
    return {"Authorization": f"Bearer {TOKEN}"}


def create(call: Client, body: dict[str, Any]) -> httpx.Response:
    return call("POST", "/api/events", json=body, headers=organiser())


def problem(r: httpx.Response, status: int, *words: str) -> None:
    assert r.status_code == status, r.text[:500]
    detail = r.json()["detail"]
    for word in words:
        assert word in detail, detail


@pytest.fixture
def server(database_url: str, tmp_path: Path) -> Iterator[tuple[str, subprocess.Popen[bytes], Path]]:
    options = ["--budget", str(BUDGET), "--organiser-token", TOKEN, "--head-timeout", "3"]
    with serving(tmp_path, *options, db=database_url, preexec_fn=_common_open_files) as (base, log, proc):
        yield base, proc, log


def test_every_case_of_the_issue_against_one_running_server(
    server: tuple[str, subprocess.Popen[bytes], Path],
) -> None:
    base, proc, log = server
    watch = Watch(base, proc.pid)
    call = Client(base)
    try:
        _replay(call, base)
    finally:
        watch.stop()
    assert proc.poll() is None, log.read_text(errors="replace")[-3000:]  # it is still up
    assert watch.page and all(status == 200 for status, _ in watch.page), [p for p in watch.page if p[0] != 200]
    quick = sum(took < 1.0 for _, took in watch.page)
    assert quick >= 0.9 * len(watch.page), sorted(took for _, took in watch.page)[-20:]
    assert watch.memory < MEMORY, watch.memory
    assert log.stat().st_size < 1_000_000  # the log rate-limited (the issue: 61 MB in 25 s)


def _replay(call: Client, base: str) -> None:
    club = create(call, {"name": "Club", "participants": NAMES}).json()
    club_id, club_secret = club["id"], club["editor_secret"]

    # A three-line games list with a game in round 1,000,000,000: refused, naming the round.
    games = "round,white,black,result\n1,Ann,Bob,1-0\n1000000000,Bob,Ann,0-1\n"
    problem(create(call, {"name": "Far", "content": games}), 422, "1000000000")

    # The real 112-player Swiss with XXR 999: its standings are those after the last round with results, as the
    # library's; with a game in round 999 too, made and read within the budget, or refused at its creation.
    made = create(call, {"name": "Large", "content": announced_only()})
    assert made.status_code in (201, 503), made.text[:300]  # 503: the budget, on a machine busy with other work
    if made.status_code == 201:
        ranked = call("GET", f"/api/events/{made.json()['id']}/standings?explain=true").json()
        if "rounds" in ranked:  # not a 503 of the budget
            played = crosstable.rank(crosstable.read_text(announced_only())).to_dict()["rounds"]
            assert ranked["rounds"] == played and played["after"] < 999, (ranked["rounds"], played)
    made = create(call, {"name": "Larger", "content": slow_trf()})
    assert made.status_code in (201, 503), made.text[:300]
    if made.status_code == 201:
        assert call("GET", f"/api/events/{made.json()['id']}/standings").status_code in (200, 503)

    # A seeding file with a round of 10⁶: refused, naming it.
    far = "round,white,black,result\n1000000,Ann,Bob,1-0\n"
    problem(create(call, {"name": "Seeded", "participants": ["Ann", "Bob"], "seed_from": far}), 422, "1000000")

    # A 1,000-player round robin: not without the organiser's token; with it, made while
    # another event's arbiter enters results (none refused).
    thousand = {"name": "Open", "participants": [f"Player {k}" for k in range(1, 1001)]}
    assert call("POST", "/api/events", json=thousand).status_code == 401
    big: list[httpx.Response] = []
    creating = threading.Thread(target=lambda: big.append(create(Client(base), thousand)))
    creating.start()
    view = call("GET", f"/api/events/{club_id}").json()
    version = view["version"]
    secret = {"Authorization": f"Bearer {club_secret}"}
    for rnd in view["rounds"]:
        for game in rnd["games"]:
            r = call(
                "PUT",
                f"/api/events/{club_id}/games/{game['id']}",
                json={"result": "=", "version": version},
                headers=secret,
            )
            assert r.status_code == 200, r.text
            version = r.json()["version"]
    creating.join(BUDGET + 2 * PATIENCE)
    assert big and big[0].status_code in (201, 503), big
    big_id = big[0].json()["id"] if big[0].status_code == 201 else None

    # Two heavy standings requests at once: the light ones answer meanwhile.
    heavy: list[int] = []
    if big_id is not None:
        heavy_threads = [
            threading.Thread(
                target=lambda lang=lang: heavy.append(
                    Client(base)("GET", f"/api/events/{big_id}/standings?explain=true&lang={lang}").status_code
                )
            )
            for lang in ("en", "de")
        ]
        for t in heavy_threads:
            t.start()
    light = [call("GET", f"/api/events/{club_id}/standings?round={k}").status_code for k in (1, 2, 3, 4, 5, 1)]
    assert light == [200] * 6
    if big_id is not None:
        for t in heavy_threads:
            t.join(BUDGET + 2 * PATIENCE)
        assert heavy and all(status in (200, 503) for status in heavy), heavy

    # 305 views of one event, every round in every language: the memory sampler bounds them.
    for k in range(305):
        lang = ("en", "bg", "hu", "ru", "de")[k % 5]
        assert (
            call("GET", f"/api/events/{club_id}/standings?round={k % 5 + 1}&lang={lang}&explain=true").status_code
            == 200
        )

    # 1,100 half-written connections under 1,024 open files: each closed at its deadline; the page answers.
    port = int(base.rsplit(":", 1)[1])
    slow = []
    with contextlib.ExitStack() as stack:
        for _ in range(1100):
            try:
                s = stack.enter_context(socket.create_connection(("127.0.0.1", port), timeout=PATIENCE))
                s.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")
                slow.append(s)
            except OSError:
                pass  # refused or reset by the server at its limit: that is its right
        assert call("GET", "/api/options").status_code in (200, 503)
    deadline = time.monotonic() + PATIENCE
    while call("GET", "/api/options").status_code != 200:
        assert time.monotonic() < deadline
        time.sleep(0.5)

    # What a database cannot store: a NUL in an id and in a name; an imported scoring name over 40 characters.
    assert call("GET", "/api/events/%00").status_code == 404
    problem(create(call, {"name": "Open\x00", "participants": NAMES}), 422, "name")
    exported = json.loads(call("GET", f"/api/events/{club_id}/export?to=json").text)
    exported["scoring"]["name"] = "x" * 60
    named = create(call, {"name": "Long scoring", "content": json.dumps(exported)})
    assert named.status_code == 201, named.text
    assert call("GET", f"/api/events/{named.json()['id']}/standings").status_code == 200

    # A win worth 0: refused at creation, or made and ranked; never a 500 on its reads.
    exported["scoring"].update(name="zero", win=0)
    zero = create(call, {"name": "Win worth 0", "content": json.dumps(exported)})
    assert zero.status_code in (201, 422), zero.text
    if zero.status_code == 201:
        assert call("GET", f"/api/events/{zero.json()['id']}/standings").status_code == 200

    # The README's own SB(2,1,0): made and ranked by it.
    weighted = create(call, {"name": "Weighted", "participants": NAMES, "tiebreaks": ["SB(2,1,0)", "DE"]})
    assert weighted.status_code == 201, weighted.text
    ranked = call("GET", f"/api/events/{weighted.json()['id']}/standings").json()
    assert "SB(2,1,0)" in json.dumps(ranked)

    # Wrong secrets in a burst: 429 with Retry-After, and the right one still writes.
    game = call("GET", f"/api/events/{club_id}").json()["rounds"][0]["games"][0]["id"]
    statuses = []
    for k in range(40):
        r = call(
            "PUT",
            f"/api/events/{club_id}/games/{game}",
            json={"result": "1", "version": version},
            headers={"Authorization": f"Bearer wrong-{k}"},
        )
        statuses.append(r.status_code)
        if r.status_code == 429:
            assert int(r.headers["Retry-After"]) >= 1
    assert 403 in statuses and statuses[-1] == 429, statuses

    # The command line: a 3-player file with a game in round 10⁶, and a file without end.
    for args in (["-"], ["/dev/zero"]):
        stdin = "round,white,black,result\n1,Ann,Bob,1-0\n1000000,Bob,Cid,0-1\n" if args[0] == "-" else None
        done = subprocess.run(
            [sys.executable, "-m", "crosstable.cli", "standings", *args],
            input=stdin,
            capture_output=True,
            text=True,
            timeout=PATIENCE,
        )
        assert done.returncode == 2, (args, done.stdout[-300:], done.stderr[-300:])
        assert len(done.stderr.strip().splitlines()) == 1, done.stderr
