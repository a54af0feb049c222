"""Saved events computed within the server's bounds (issue #32, item 1): the standings,
exports and creation of saved events run as jobs in the worker lanes, as the
calculator's do. An event whose public page cannot be computed within the budget is
refused at its creation (503, nothing stored); a light request answers while heavy
ones run; the standings stay those of the command line. On SQLite and PostgreSQL
(``database_url``)."""

from __future__ import annotations

import json
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from crosstable.web.app import create_app
from tests.conftest import DATA
from tests.servers import PATIENCE, serving
from tests.test_events import NAMES

pytest_plugins = ["tests.databases"]

BUDGET = 3
"""The server's time budget per computation in these tests (seconds)."""


def slow_trf() -> str:
    """A real 112-player Swiss TRF declaring 999 rounds (``XXR 999``) with one more game,
    between its first two players, in round 999: every other player is absent in rounds
    10 to 999, and its public page's standings (every explanation, the HTML tables) take
    far longer than :data:`BUDGET` (about 50 s on one core), its plain ranking about a
    second. (With ``XXR 999`` alone, the standings are those after the last round with
    results, the ninth: computed in a second.)"""
    lines = (DATA / "real" / "cch_testLargeFile.trf").read_text(encoding="utf-8").splitlines()
    first, second = [k for k, line in enumerate(lines) if line.startswith("001")][:2]
    numbers = lines[first][4:8], lines[second][4:8]
    for k, opponent, colour, result in ((first, numbers[1], "w", "1"), (second, numbers[0], "b", "0")):
        lines[k] = lines[k].rstrip().ljust(91 + 10 * 998) + f"{opponent} {colour} {result}  "
    return "\n".join("XXR 999" if line.startswith("XXR") else line for line in lines) + "\n"


def announced_only() -> str:
    """The same real Swiss with only its ``XXR`` made 999 (issue #32's case)."""
    text = (DATA / "real" / "cch_testLargeFile.trf").read_text(encoding="utf-8")
    return "\n".join("XXR 999" if line.startswith("XXR") else line for line in text.splitlines()) + "\n"


@pytest.fixture
def bounded(database_url: str) -> Iterator[TestClient]:
    with TestClient(create_app(db=database_url, budget=BUDGET)) as c:
        yield c


def test_an_event_beyond_the_budget_is_refused_at_creation(bounded: TestClient) -> None:
    start = time.monotonic()
    r = bounded.post("/api/events", json={"name": "Nine hundred ninety-nine rounds", "content": slow_trf()})
    took = time.monotonic() - start
    assert r.status_code == 503, r.text
    assert "budget" in r.json()["detail"] and took < BUDGET + PATIENCE
    assert bounded.get("/api/events").json() == []  # nothing stored


def test_a_normal_event_is_made_and_read_in_the_workers(bounded: TestClient) -> None:
    r = bounded.post("/api/events", json={"name": "Club", "participants": NAMES, "tiebreaks": ["SB", "DE"]})
    assert r.status_code == 201, r.text
    event_id = r.json()["id"]
    standings = bounded.get(f"/api/events/{event_id}/standings?html=true")
    assert standings.status_code == 200 and standings.json()["version"] == 1
    assert set(standings.json()["html"]) and len(standings.json()["explanations"]) == len(NAMES)
    assert bounded.get(f"/api/events/{event_id}/standings?round=2").status_code == 200
    beyond = bounded.get(f"/api/events/{event_id}/standings?round=9")  # an error of the input, from the worker
    assert beyond.status_code == 422 and beyond.json()["detail"]
    for to in ("trf", "json", "csv", "html"):
        exported = bounded.get(f"/api/events/{event_id}/export?to={to}")
        assert exported.status_code == 200 and exported.content, to
    # each language computed apart (in the worker, with the worker's catalogues)
    english = bounded.get(f"/api/events/{event_id}/standings?html=true&lang=en").json()
    bulgarian = bounded.get(f"/api/events/{event_id}/standings?html=true&lang=bg").json()
    assert english["explanations"] != bulgarian["explanations"]
    again = bounded.get(f"/api/events/{event_id}/standings?html=true", headers={"Accept-Language": "bg"}).json()
    assert again == bulgarian


def test_an_unreadable_import_and_a_bad_seeding_are_422_from_the_worker(bounded: TestClient) -> None:
    r = bounded.post("/api/events", json={"name": "Broken", "content": "001 this is not a tournament"})
    assert r.status_code == 422 and r.json()["detail"]
    r = bounded.post("/api/events", json={"name": "Seeded", "participants": NAMES, "seed_from": "\x01\x02 nothing"})
    assert r.status_code == 422 and r.json()["detail"]
    assert bounded.get("/api/events").json() == []


# -- a real server process: heavy creations and a light reader at once ---------------------------


def _call(url: str, body: dict[str, object] | None = None) -> tuple[int, Any, float]:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, headers={"Content-Type": "application/json"})
    start = time.monotonic()
    try:
        with urllib.request.urlopen(request, timeout=PATIENCE) as answer:
            status, text = answer.status, answer.read()
    except urllib.error.HTTPError as error:
        status, text = error.code, error.read()
    return status, json.loads(text), time.monotonic() - start


@pytest.fixture
def served(database_url: str, tmp_path: Path) -> Iterator[str]:
    with serving(tmp_path, "--budget", str(BUDGET), db=database_url) as (base, _log, _proc):
        yield base


def test_a_light_request_answers_while_heavy_creations_run(served: str) -> None:
    status, made, _took = _call(served + "/api/events", {"name": "Club", "participants": NAMES})
    assert status == 201, made
    standings = f"{served}/api/events/{made['id']}/standings"
    assert _call(standings)[0] == 200  # the light lane's worker started
    heavy: list[tuple[int, Any, float]] = []

    def create_heavy() -> None:
        heavy.append(_call(served + "/api/events", {"name": "Slow", "content": slow_trf()}))

    threads = [threading.Thread(target=create_heavy) for _ in range(2)]
    for t in threads:
        t.start()
    time.sleep(1.0)  # the heavy ones are computing
    light = [_call(f"{standings}?round={k}&explain=true") for k in (1, 2, 3)]
    options = _call(served + "/api/options")
    for t in threads:
        t.join(PATIENCE)
    assert all(status == 200 for status, _body, _took in light) and options[0] == 200
    assert max(took for _s, _b, took in light) < BUDGET  # generous: a light job takes milliseconds
    assert len(heavy) == 2 and all(status == 503 for status, _body, _took in heavy), heavy
    assert all(took < BUDGET + PATIENCE for _s, _b, took in heavy)
    listed = _call(served + "/api/events")[1]
    assert isinstance(listed, list) and [e["name"] for e in listed] == ["Club"]  # the refused ones not stored
