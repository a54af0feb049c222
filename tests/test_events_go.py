"""A McMahon round robin run as a saved event (over HTTP, on SQLite and PostgreSQL):
the players of a real go tournament (OpenGotha's export of the Tournoi de Juvisy,
``tests/data/go/``, with their ranks as the file gives them) paired by the Berger
tables, each starting from the McMahon score of the rank and bar (EGF Tournament
System Rules, "Tournament Systems": at or above the bar level, one point less per
rank below it), results entered as an arbiter types them."""

from __future__ import annotations

import json
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path

import pytest
from click.testing import CliRunner
from fastapi.testclient import TestClient

import crosstable
from crosstable.cli import main
from crosstable.web.app import create_app
from tests.conftest import DATA

pytest_plugins = ["tests.databases"]

JUVISY = DATA / "go" / "Tournoi de Juvisy.h9"


def scale(rank: str) -> int:
    """A rank on the rules' scale: 30k = 0, 1k = 29, 1d = 30, 2d = 31."""
    n, letter = int(rank[:-1]), rank[-1].lower()
    return 30 - n if letter == "k" else 29 + n


@pytest.fixture
def client(database_url: str) -> Iterator[TestClient]:
    with TestClient(create_app(db=database_url)) as c:
        yield c


def players() -> list[tuple[str, str]]:
    """Six of the tournament's players, ranks from 2d down to kyu ranks, as the file gives them."""
    t = crosstable.read(JUVISY)
    assert t.go_ranks is not None
    return [(t.names[k], t.go_ranks[k]) for k in range(0, 18, 3)]


def test_a_mcmahon_round_robin_starts_from_rank_and_bar_and_ranks_by_mms_and_sos(
    client: TestClient, tmp_path: Path
) -> None:
    six = players()
    ranks = [r for _, r in six]
    assert len(set(ranks)) > 2  # a bar above some, below others
    bar = sorted(ranks, key=scale)[-2]  # the second strongest's rank: the strongest starts as at it
    r = client.post(
        "/api/events",
        json={
            "name": "Juvisy McMahon round robin",
            "participants": [n for n, _ in six],
            "scoring": "go",
            "go_ranks": ranks,
            "bar": bar,
        },
    )
    assert r.status_code == 201, r.text
    event_id, secret = r.json()["id"], r.json()["editor_secret"]
    view = client.get(f"/api/events/{event_id}").json()
    version = view["version"]
    wins = dict.fromkeys((n for n, _ in six), 0)
    for rnd in view["rounds"]:  # white wins every game but a jigo on board 2
        for board, game in enumerate(rnd["games"]):
            result = "=" if board == 1 else "1"
            got = client.put(
                f"/api/events/{event_id}/games/{game['id']}",
                json={"result": result, "version": version},
                headers={"Authorization": f"Bearer {secret}"},
            )
            assert got.status_code == 200, got.text
            version = got.json()["version"]
            if result == "1":
                wins[game["white"]] += 2
            else:
                wins[game["white"]] += 1
                wins[game["black"]] += 1
    standings = client.get(f"/api/events/{event_id}/standings").json()
    assert standings["tiebreaks"] == ["MMS", "SOS", "SOSOS"] and standings["system"] == "round-robin"  # the go default

    mms = {n: min(scale(rank), scale(bar)) + Fraction(wins[n], 2) for n, rank in six}
    rows = {x["name"]: x for x in standings["standings"]}
    for name in mms:
        assert Fraction(str(rows[name]["tiebreaks"]["MMS"])) == mms[name], name
        # a round robin: every other player is an opponent once
        assert Fraction(str(rows[name]["tiebreaks"]["SOS"])) == sum(v for n, v in mms.items() if n != name), name
    # the event's JSON export ranks the same from the command line
    exported = tmp_path / "event.json"
    exported.write_text(client.get(f"/api/events/{event_id}/export?to=json").text, encoding="utf-8")
    cli = CliRunner().invoke(main, ["standings", str(exported), "-o", "json"])
    assert cli.exit_code == 0, cli.stderr
    again = {x["name"]: x["tiebreaks"] for x in json.loads(cli.stdout)["standings"]}
    assert all(
        again[n]["MMS"] == rows[n]["tiebreaks"]["MMS"] and again[n]["SOS"] == rows[n]["tiebreaks"]["SOS"] for n in mms
    )
    # TRF has no place for go ranks and start scores: refused, not written without them
    trf = client.get(f"/api/events/{event_id}/export?to=trf")
    assert trf.status_code == 422 and "go event" in trf.text


def test_go_ranks_that_cannot_make_a_mcmahon_round_robin_are_refused(client: TestClient) -> None:
    six = players()
    names, ranks = [n for n, _ in six], [r for _, r in six]
    base = {"name": "McMahon", "participants": names, "scoring": "go"}
    swiss = client.post("/api/events", json={**base, "go_ranks": ranks, "schedule": "swiss", "rounds": 4})
    assert swiss.status_code == 422 and "OpenGotha" in swiss.text
    typo = client.post("/api/events", json={**base, "go_ranks": [*ranks[:3], "3kk", *ranks[4:]]})
    assert typo.status_code == 422 and "go_ranks[3]" in typo.text and "3kk" in typo.text
    short = client.post("/api/events", json={**base, "go_ranks": ranks[:5]})
    assert short.status_code == 422 and "5 go ranks for 6 participants" in short.text
    imported = {**base, "go_ranks": ranks, "schedule": "swiss", "content": JUVISY.read_text(encoding="utf-8")}
    assert client.post("/api/events", json=imported).status_code == 422  # an import has its own ranks
    chess = client.post("/api/events", json={**base, "scoring": "chess", "go_ranks": ranks})
    assert chess.status_code == 422 and "scoring go" in chess.text
    assert client.get("/api/events").json() == [] or all(
        e["name"] != "McMahon" for e in client.get("/api/events").json()
    )
