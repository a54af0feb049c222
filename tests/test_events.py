"""Saved events over HTTP, on SQLite and on PostgreSQL (the fixture ``database_url``
runs every test on both; ``.ci/run`` starts the PostgreSQL server): creation, result
entry, corrections, versions and 409, the editor secret, the standings against
``crosstable standings`` on the exported file, an event imported from a real TRF, and
a server killed with SIGKILL after acknowledging results."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from click.testing import CliRunner
from fastapi.testclient import TestClient

import crosstable
from crosstable.cli import main
from crosstable.web.app import create_app
from tests.conftest import DATA

pytest_plugins = ["tests.databases"]

ROOT = DATA.parent.parent
NAMES = ["Mikhailov", "Alexandrov", "Zhelyazkov", "Angelov", "Ganev", "Kalchev"]
# results as an arbiter types them, round by round (boards in the Berger tables' order)
TYPED = [["1", "=", "0"], ["=", "1", "0"], ["1", "=", "+"], ["0", "1", "="], ["=", "1", "1"]]


@pytest.fixture
def client(database_url: str) -> Iterator[TestClient]:
    app = create_app(db=database_url)
    with TestClient(app) as c:
        yield c


def created(client: TestClient, names: list[str] = NAMES, **extra: object) -> tuple[str, str]:
    r = client.post("/api/events", json={"name": "Club round robin", "participants": names, **extra})
    assert r.status_code == 201, r.text
    return r.json()["id"], r.json()["editor_secret"]


def enter(client: TestClient, event_id: str, secret: str, typed: list[list[str]] = TYPED) -> int:
    view = client.get(f"/api/events/{event_id}").json()
    version = view["version"]
    for rnd, results in zip(view["rounds"], typed, strict=True):
        for game, result in zip(rnd["games"], results, strict=True):
            r = client.put(
                f"/api/events/{event_id}/games/{game['id']}",
                json={"result": result, "version": version},
                headers={"Authorization": f"Bearer {secret}"},
            )
            assert r.status_code == 200, r.text
            version = r.json()["version"]
    return int(version)


def test_a_round_robin_is_paired_and_ranked_as_the_command_line_ranks_its_export(
    client: TestClient, tmp_path: Path
) -> None:
    event_id, secret = created(client, tiebreaks=["SB", "DE"])
    view = client.get(f"/api/events/{event_id}").json()
    assert view["version"] == 1 and view["participants"] == NAMES
    assert [len(r["games"]) for r in view["rounds"]] == [3] * 5  # FIDE's Berger table for six
    first = [(g["white"], g["black"]) for g in view["rounds"][0]["games"]]
    assert first == [("Mikhailov", "Kalchev"), ("Alexandrov", "Ganev"), ("Zhelyazkov", "Angelov")]
    assert all(g["result"] is None for r in view["rounds"] for g in r["games"])
    assert enter(client, event_id, secret) == 16
    standings = client.get(f"/api/events/{event_id}/standings").json()
    exported = tmp_path / "event.trf"
    exported.write_text(client.get(f"/api/events/{event_id}/export?to=trf").text, encoding="utf-8")
    cli = CliRunner().invoke(main, ["standings", str(exported), "-t", "SB,DE", "-o", "json"])
    assert cli.exit_code == 0, cli.stderr
    ours = json.loads(cli.stdout)["standings"]
    assert [(r["name"], r["points"], r["tiebreaks"]["SB"]) for r in standings["standings"]] == [
        (r["name"], r["points"], r["tiebreaks"]["SB"]) for r in ours
    ]
    after_two = client.get(f"/api/events/{event_id}/standings?round=2").json()
    assert sum(r["points"] for r in after_two["standings"]) == 6  # two rounds of three games


def test_a_correction_recomputes_and_an_undo_restores(client: TestClient) -> None:
    event_id, secret = created(client, tiebreaks=["SB"])
    version = enter(client, event_id, secret)
    before = client.get(f"/api/events/{event_id}/standings").json()["standings"]
    game = client.get(f"/api/events/{event_id}").json()["rounds"][1]["games"][0]  # round 2, board 1
    auth = {"Authorization": f"Bearer {secret}"}
    r = client.put(f"/api/events/{event_id}/games/{game['id']}", json={"result": "1", "version": version}, headers=auth)
    assert r.status_code == 200 and r.json()["version"] == version + 1
    after = client.get(f"/api/events/{event_id}/standings").json()["standings"]
    points = {x["name"]: x["points"] for x in after}
    old = {x["name"]: x["points"] for x in before}
    assert points[game["white"]] == old[game["white"]] + 0.5 and points[game["black"]] == old[game["black"]] - 0.5
    r = client.post(f"/api/events/{event_id}/undo", json={"version": version + 1}, headers=auth)
    assert r.status_code == 200
    assert client.get(f"/api/events/{event_id}/standings").json()["standings"] == before
    assert client.get(f"/api/events/{event_id}/changes").status_code == 401  # it names the arbiters' clients
    changes = client.get(f"/api/events/{event_id}/changes", headers=auth).json()
    assert [c["what"] for c in changes[-2:]] == ["result", "undo"] and changes[-2]["undone"]
    assert changes[-2]["before"] == "½-½" and changes[-2]["after"] == "1-0"


def test_two_arbiters_one_game_one_wins_and_nothing_is_lost(client: TestClient) -> None:
    event_id, secret = created(client)
    game = client.get(f"/api/events/{event_id}").json()["rounds"][0]["games"][0]
    auth = {"Authorization": f"Bearer {secret}"}
    url = f"/api/events/{event_id}/games/{game['id']}"
    answers: dict[str, httpx.Response] = {}

    def write(result: str) -> None:
        answers[result] = client.put(url, json={"result": result, "version": 1}, headers=auth)

    threads = [threading.Thread(target=write, args=(x,)) for x in ("1", "0")]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    codes = sorted(a.status_code for a in answers.values())
    assert codes == [200, 409]
    winner = next(res for res, a in answers.items() if a.status_code == 200)
    loser = answers["0" if winner == "1" else "1"].json()
    assert loser["current"]["version"] == 2  # the 409 carries the event as it now is
    stored = client.get(f"/api/events/{event_id}").json()["rounds"][0]["games"][0]["result"]
    assert stored == {"1": "1-0", "0": "0-1"}[winner]


def test_writes_need_the_secret_and_reads_do_not(client: TestClient) -> None:
    event_id, secret = created(client)
    game = client.get(f"/api/events/{event_id}").json()["rounds"][0]["games"][0]
    url = f"/api/events/{event_id}/games/{game['id']}"
    assert client.put(url, json={"result": "1", "version": 1}).status_code == 401
    assert (
        client.put(url, json={"result": "1", "version": 1}, headers={"Authorization": "Bearer nope"}).status_code == 403
    )
    assert client.delete(f"/api/events/{event_id}").status_code == 401
    other_id, other_secret = created(client)
    wrong = {"Authorization": f"Bearer {other_secret}"}  # another event's secret
    assert client.put(url, json={"result": "1", "version": 1}, headers=wrong).status_code == 403
    assert client.get(f"/api/events/{event_id}").status_code == 200  # reads need nothing
    assert client.get(f"/api/events/{event_id}/standings").status_code == 200
    bad = client.put(url, json={"result": "2-2-2", "version": 1}, headers={"Authorization": f"Bearer {secret}"})
    assert bad.status_code == 422 and "not a result" in bad.json()["detail"]
    assert client.get("/api/events/nope").status_code == 404
    assert client.delete(f"/api/events/{other_id}", headers=wrong).status_code == 200
    assert client.get(f"/api/events/{other_id}").status_code == 404


def test_the_standings_are_kept_in_each_language_apart(client: TestClient) -> None:
    # The standings are computed in the jobs' worker processes, with the real catalogues (a catalogue
    # patched in this process would not reach them): the Bulgarian article's "Място" for "Place".
    event_id, secret = created(client)
    enter(client, event_id, secret)
    url = f"/api/events/{event_id}/standings?explain=true&html=true"
    english = client.get(url).content
    bulgarian = client.get(url + "&lang=bg")  # the same version: a Bulgarian reader never gets the English answer
    assert bulgarian.status_code == 200 and "Място" in bulgarian.text and "Място" not in english.decode()
    assert ">Place<" in english.decode()
    assert client.get(url).content == english
    assert client.get(url, headers={"Accept-Language": "bg"}).content == bulgarian.content


def test_an_event_imported_from_a_real_trf_ranks_as_the_file(client: TestClient) -> None:
    path = ROOT / "tests" / "data" / "real" / "ejs_javafo_sample2.trf"
    r = client.post(
        "/api/events",
        json={"name": "JaVaFo sample", "content": path.read_text(encoding="utf-8"), "tiebreaks": ["BH/C1", "BH", "SB"]},
    )
    assert r.status_code == 201, r.text
    event_id = r.json()["id"]
    ours = client.get(f"/api/events/{event_id}/standings").json()["standings"]
    direct = crosstable.rank(crosstable.read(path), ["BH/C1", "BH", "SB"]).to_dict()["standings"]
    assert [(x["name"], x["points"]) for x in ours] == [(x["name"], x["points"]) for x in direct]


# -- a server killed after acknowledging results ------------------------------------------------------
def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _serve(database_url: str, port: int) -> subprocess.Popen[bytes]:
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    command = [sys.executable, "-c", "from crosstable.cli import main; main()", "serve", "--port", str(port)]
    proc = subprocess.Popen(
        [*command, "--db", database_url], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    for _ in range(300):
        try:
            httpx.get(f"http://127.0.0.1:{port}/api/events", timeout=1)
            return proc
        except httpx.TransportError:
            time.sleep(0.1)
    proc.kill()
    raise AssertionError("the server did not start")


def test_acknowledged_results_survive_a_sigkill(database_url: str) -> None:
    port = _free_port()
    proc = _serve(database_url, port)
    base = f"http://127.0.0.1:{port}"
    try:
        r = httpx.post(f"{base}/api/events", json={"name": "Killed", "participants": NAMES})
        event_id, secret = r.json()["id"], r.json()["editor_secret"]
        view = httpx.get(f"{base}/api/events/{event_id}").json()
        games = [g for rnd in view["rounds"] for g in rnd["games"]]
        version, acknowledged = 1, 0
        for game in games[:11]:
            answer = httpx.put(
                f"{base}/api/events/{event_id}/games/{game['id']}",
                json={"result": "1", "version": version},
                headers={"Authorization": f"Bearer {secret}"},
            )
            assert answer.status_code == 200
            version, acknowledged = answer.json()["version"], acknowledged + 1
    finally:
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait()
    proc = _serve(database_url, port)
    try:
        again = httpx.get(f"{base}/api/events/{event_id}").json()
        stored = [g for rnd in again["rounds"] for g in rnd["games"] if g["result"] is not None]
        assert len(stored) == acknowledged == 11 and again["version"] == 12
    finally:
        proc.terminate()
        proc.wait()


def test_seeded_by_the_standings_of_a_previous_event(client: TestClient) -> None:
    # the Bulgarian article's table, ranked as crosstable standings ranks it by default (FIDE's round-robin
    # list: Angelov, with three wins, before Zhelyazkov, who is ahead on SB alone)
    path = ROOT / "examples" / "seed-7-players.tsv"
    table = path.read_text(encoding="utf-8")
    given = ["Getovski", "Newcomer", "Ganev", "Mikhailov", "Angelov", "Alexandrov", "Zhelyazkov", "Kalchev"]
    r = client.post("/api/events", json={"name": "Next season", "participants": given, "seed_from": table})
    assert r.status_code == 201, r.text
    view = client.get(f"/api/events/{r.json()['id']}").json()
    ranked = [r.name for r in crosstable.rank(crosstable.read(path)).rows]
    assert ranked[:4] == ["Mikhailov", "Alexandrov", "Angelov", "Zhelyazkov"]
    assert view["participants"] == [*ranked, "Newcomer"]  # a name the standings do not rank comes after
    first = view["rounds"][0]["games"][0]
    assert (first["white"], first["black"]) == ("Mikhailov", "Newcomer")  # 1 v 8 in the Berger table


def test_a_result_must_fit_the_event_and_numbers_stay_in_range(client: TestClient) -> None:
    event_id, secret = created(client)
    game = client.get(f"/api/events/{event_id}").json()["rounds"][0]["games"][0]
    url = f"/api/events/{event_id}/games/{game['id']}"
    auth = {"Authorization": f"Bearer {secret}"}
    for typo in ("2:1", "1-1", "3:0 awd", "0-0"):  # scores in a chess event: each would turn it into another kind
        r = client.put(url, json={"result": typo, "version": 1}, headers=auth)
        assert r.status_code == 422 and "not a game's result" in r.json()["detail"], typo
    assert client.get(f"/api/events/{event_id}/version").json() == {"version": 1}  # nothing written
    assert client.put(url, json={"result": "1", "version": 2**63}, headers=auth).status_code == 422
    huge = f"/api/events/{event_id}/games/{2**63}"
    assert client.put(huge, json={"result": "1", "version": 1}, headers=auth).status_code == 422
    league, league_secret = created(client, ["Arsenal", "Chelsea", "Everton", "Fulham"], scoring="football")
    match = client.get(f"/api/events/{league}").json()["rounds"][0]["games"][0]
    score = {"Authorization": f"Bearer {league_secret}"}
    assert (
        client.put(
            f"/api/events/{league}/games/{match['id']}", json={"result": "½", "version": 1}, headers=score
        ).status_code
        == 422
    )
    assert (
        client.put(
            f"/api/events/{league}/games/{match['id']}", json={"result": "2:1", "version": 1}, headers=score
        ).status_code
        == 200
    )
