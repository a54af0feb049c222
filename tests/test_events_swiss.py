"""A saved Swiss event run round by round over HTTP (issue #24, item 4), on SQLite and
on PostgreSQL (``database_url``): 15 players created from names and ratings, 5 rounds
each paired by the server (the FIDE Dutch system through the engine of
:mod:`crosstable.pairing`), a late entry before round 2, a withdrawal after round 3, a
half-point bye requested for round 4 and a forfeit. Checked, not trusted: the exported
TRF is judged round by round by gacrux's pairing checker (check mode: it re-pairs every
round from the file and compares), and ranked by ``crosstable standings`` as the
event's own standings. Then the arbiter's controls: a round paired again before its
first result and not after, a round paired by hand with the check's verdict, undo of
a pairing, a late entry and a withdrawal; and the refusals (422, nothing changed)."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from fastapi.testclient import TestClient

import crosstable
from crosstable.cli import main
from crosstable.norms import title_norms
from crosstable.prizes import award, read_prizes
from crosstable.ratings import rating_changes
from crosstable.web.app import create_app
from tests.conftest import DATA

pytest_plugins = ["tests.databases"]

PLAYERS = [
    ("Aronian", 2740),
    ("Bacrot", 2650),
    ("Caruana", 2790),
    ("Dominguez", 2700),
    ("Erigaisi", 2760),
    ("Fedoseev", 2690),
    ("Giri", 2720),
    ("Harikrishna", 2680),
    ("Ivanchuk", 2640),
    ("Jobava", 2600),
    ("Keymer", 2730),
    ("Leko", 2630),
    ("Mamedyarov", 2710),
    ("Nepomniachtchi", 2750),
    ("Oparin", 2620),
]
LATE = ("Praggnanandhaa", 2745)


@pytest.fixture
def client(database_url: str) -> Iterator[TestClient]:
    with TestClient(create_app(db=database_url)) as c:
        yield c


class Arbiter:
    """The editor's calls, with the event's secret and its version kept."""

    def __init__(self, client: TestClient, event_id: str, secret: str) -> None:
        self.client, self.event_id, self.version = client, event_id, 1
        self.auth = {"Authorization": f"Bearer {secret}"}

    def view(self) -> dict[str, Any]:
        got: dict[str, Any] = self.client.get(f"/api/events/{self.event_id}").json()
        return got

    def write(self, method: str, path: str, status: int = 200, **body: Any) -> dict[str, Any]:
        r = self.client.request(
            method, f"/api/events/{self.event_id}{path}", json={"version": self.version, **body}, headers=self.auth
        )
        assert r.status_code == status, r.text
        answer: dict[str, Any] = r.json()
        if status < 300:
            self.version = answer["version"]
        return answer

    def refused(self, method: str, path: str, *words: str, **body: Any) -> None:
        before = self.view()
        answer = self.write(method, path, 422, **body)
        for word in words:
            assert word in answer["detail"], answer
        assert self.view() == before  # nothing changed

    def results(self, k: int, forfeit_board: int | None = None) -> None:
        """Round ``k``'s results: the higher-rated player wins, but every third board is
        drawn (and ``forfeit_board`` is a forfeit win for White)."""
        rating = dict([*PLAYERS, LATE])
        rnd = next(r for r in self.view()["rounds"] if r["round"] == k)
        for game in rnd["games"]:
            if game["board"] == forfeit_board:
                result = "+"
            elif game["board"] % 3 == 0:
                result = "="
            else:
                result = "1" if rating[game["white"]] > rating[game["black"]] else "0"
            self.write("PUT", f"/games/{game['id']}", result=result)


def created(client: TestClient) -> Arbiter:
    body = {
        "name": "Club Swiss",
        "schedule": "swiss",
        "rounds": 5,
        "participants": [n for n, _ in PLAYERS],
        "ratings": [r for _, r in PLAYERS],
    }
    r = client.post("/api/events", json=body)
    assert r.status_code == 201, r.text
    return Arbiter(client, r.json()["id"], r.json()["editor_secret"])


def checker(text: str, tmp: Path) -> list[tuple[int, bool]]:
    """gacrux's pairing checker on a TRF: each round re-paired from the file and compared."""
    src, out = tmp / "event.trf", tmp / "check.json"
    src.write_text(text, encoding="latin-1")
    run = [sys.executable, "-m", "gacrux.pairingchecker", "-i", str(src), "-c", "-o", str(out)]
    subprocess.run(run, check=True, capture_output=True, timeout=300)
    verdicts = json.loads(out.read_text(encoding="utf-8"))["pairingResult"]["roundpairing"]
    return [(v["round"], v["check"]) for v in verdicts]


def test_a_swiss_run_round_by_round_is_what_the_checker_and_the_command_line_find(
    client: TestClient, tmp_path: Path
) -> None:
    arbiter = created(client)
    assert arbiter.view()["next_round"] == 1
    answer = arbiter.write("POST", "/rounds", 201)
    assert answer["round"] == 1 and answer["engine"].startswith("gacrux")
    one = client.get(f"/api/events/{arbiter.event_id}/rounds/1").json()
    assert len(one["boards"]) == 7 and len(one["byes"]) == 1 and one["byes"][0]["kind"] == "pab"
    arbiter.results(1)
    arbiter.write("POST", "/participants", name=LATE[0], rating=LATE[1])  # a late entry, from round 2
    for k in (2, 3):
        arbiter.write("POST", "/rounds", 201)
        arbiter.results(k, forfeit_board=2 if k == 3 else None)
    arbiter.write("POST", "/withdrawals", name="Jobava")  # after round 3
    arbiter.write("POST", "/rounds", 201, byes={"Leko": "H"})  # a half-point bye asked for round 4
    arbiter.results(4)
    arbiter.write("POST", "/rounds", 201)
    arbiter.results(5)
    view = arbiter.view()
    assert [r["round"] for r in view["rounds"]] == [1, 2, 3, 4, 5]
    names = {name for r in view["rounds"] for g in r["games"] for name in (g["white"], g["black"])}
    four = next(r for r in view["rounds"] if r["round"] == 4)
    assert {"name": "Leko", "kind": "half"} in four["byes"]
    assert all("Jobava" not in (g["white"], g["black"]) for r in view["rounds"][3:] for g in r["games"])
    assert all(LATE[0] not in (g["white"], g["black"]) for g in view["rounds"][0]["games"])
    assert LATE[0] in names
    # refused: a sixth round of a five-round event
    arbiter.refused("POST", "/rounds", "5 rounds")
    trf = client.get(f"/api/events/{arbiter.event_id}/export?to=trf").text
    assert checker(trf, tmp_path) == [(k, True) for k in range(1, 6)]
    (tmp_path / "final.trf").write_text(trf, encoding="utf-8")
    cli = CliRunner().invoke(main, ["standings", str(tmp_path / "final.trf"), "-o", "json"])
    assert cli.exit_code == 0, cli.output
    ours = client.get(f"/api/events/{arbiter.event_id}/standings").json()
    assert [r["name"] for r in json.loads(cli.stdout)["standings"]] == [r["name"] for r in ours["standings"]]
    assert [r["tiebreaks"] for r in json.loads(cli.stdout)["standings"]] == [r["tiebreaks"] for r in ours["standings"]]
    # the player's card adds up to the standings' points
    number = next(p["number"] for p in view["players"] if p["name"] == "Leko")
    card = client.get(f"/api/events/{arbiter.event_id}/players/{number}").json()
    assert [r["round"] for r in card["rounds"]] == [1, 2, 3, 4, 5]
    assert card["rounds"][3]["bye"] == "half"
    leko = next(r for r in ours["standings"] if r["name"] == "Leko")
    assert card["rounds"][-1]["score"] == leko["points"]


def test_a_round_is_paired_again_until_its_first_result_and_undone(client: TestClient) -> None:
    arbiter = created(client)
    arbiter.write("POST", "/rounds", 201)

    def boards() -> list[tuple[int, str, str]]:
        return [(g["board"], g["white"], g["black"]) for r in arbiter.view()["rounds"] for g in r["games"]]

    first = boards()
    arbiter.write("POST", "/rounds", 201, again=True)  # the same players, the same engine: the same round
    assert boards() == first
    game = arbiter.view()["rounds"][0]["games"][0]
    arbiter.write("PUT", f"/games/{game['id']}", result="1")
    arbiter.refused("POST", "/rounds", "before its first result", again=True)
    arbiter.refused("POST", "/rounds", "not a participant", byes={"Nobody": "H"})  # an unknown name
    arbiter.refused("POST", "/rounds", "round 1")  # its results are not all in
    arbiter.write("POST", "/undo")  # the result
    arbiter.write("POST", "/undo")  # the pairing again: round 1 as first paired
    assert [len(r["games"]) for r in arbiter.view()["rounds"]] == [7]
    arbiter.write("POST", "/undo")  # round 1's pairing
    assert arbiter.view()["rounds"] == [] and arbiter.view()["next_round"] == 1


def test_a_round_paired_by_hand_is_checked_and_bad_pairings_refused(client: TestClient) -> None:
    arbiter = created(client)
    arbiter.write("POST", "/rounds", 201)
    arbiter.results(1)
    engine = arbiter.write("POST", "/rounds", 201)
    assert engine["round"] == 2
    two = client.get(f"/api/events/{arbiter.event_id}/rounds/2").json()
    boards = [[b["white"], b["black"]] for b in two["boards"]]
    byes = {b["name"]: b["kind"] for b in two["byes"]}
    same = arbiter.write("PUT", "/rounds/2", boards=boards, byes=byes)
    assert same["verdict"] == []  # the Dutch system's own pairing
    swapped = [[boards[0][0], boards[1][1]], [boards[1][0], boards[0][1]], *boards[2:]]
    changed = arbiter.write("PUT", "/rounds/2", boards=swapped, byes=byes)
    assert changed["verdict"] and "not the Dutch system's pairing" in changed["verdict"][-1]
    one = arbiter.view()["rounds"][0]["games"][0]
    rematch = [[one["white"], one["black"]]] + [b for b in boards if one["white"] not in b and one["black"] not in b]
    partners = [
        p for b in boards if one["white"] in b or one["black"] in b for p in b if p not in (one["white"], one["black"])
    ]
    rematch.append(partners)
    flagged = arbiter.write("PUT", "/rounds/2", boards=rematch, byes=byes)
    assert any("have met already (round 1)" in v for v in flagged["verdict"]), flagged
    twice = [boards[0], [boards[0][0], boards[1][1]], *boards[2:]]
    arbiter.refused("PUT", "/rounds/2", "paired twice", boards=twice, byes=byes)
    arbiter.refused("PUT", "/rounds/2", "not a participant", boards=[["Nobody", boards[0][1]], *boards[1:]], byes=byes)
    arbiter.refused("PUT", "/rounds/2", "neither paired nor given a bye", boards=boards[1:], byes=byes)
    arbiter.refused("PUT", "/rounds/2", "paired twice", boards=boards, byes={**byes, boards[0][0]: "half"})
    arbiter.write("POST", "/undo")  # the rematch: back to the swapped boards
    assert arbiter.view()["rounds"][1]["games"][0]["white"] == swapped[0][0]


def test_a_round_robin_is_not_paired_round_by_round(client: TestClient) -> None:
    r = client.post("/api/events", json={"name": "RR", "participants": ["A", "B", "C", "D"]})
    arbiter = Arbiter(client, r.json()["id"], r.json()["editor_secret"])
    arbiter.refused("POST", "/rounds", "round robin")
    arbiter.refused("POST", "/participants", "round robin", name="E")
    arbiter.refused("POST", "/withdrawals", "round robin", name="A")


def test_a_swiss_needs_its_rounds_and_one_rating_each(client: TestClient) -> None:
    names = [n for n, _ in PLAYERS]
    for body, words in (
        ({"schedule": "swiss", "participants": names}, "number of rounds"),
        ({"schedule": "swiss", "rounds": 0, "participants": names}, "rounds"),
        ({"schedule": "swiss", "rounds": 5, "participants": names, "ratings": [2000]}, "1 ratings for 15"),
        ({"schedule": "swiss", "rounds": 5, "participants": names, "ratings": [12000] * 15}, "12000"),
        ({"rounds": 5, "participants": names}, "round robin"),
    ):
        r = client.post("/api/events", json={"name": "S", **body})
        assert r.status_code == 422 and words in r.json()["detail"], (body, r.text)


def test_a_swiss_in_progress_imported_from_its_trf_is_run_on(client: TestClient) -> None:
    """The real Open of Gros 2010's JaVaFo sample after 4 of its 9 rounds (tests/data/real,
    its source in tests/data/SOURCES.md): imported, its standings are the file's (after
    round 4), and its round 5 is the one ``crosstable pair`` makes of the file."""
    path = DATA / "real" / "ejs_javafo_sample2.trf"
    text = path.read_text(encoding="latin-1")
    r = client.post("/api/events", json={"name": "Gros", "schedule": "swiss", "content": text})
    assert r.status_code == 201, r.text
    arbiter = Arbiter(client, r.json()["id"], r.json()["editor_secret"])
    view = arbiter.view()
    assert view["rounds_total"] == 9 and view["next_round"] == 5
    cli = CliRunner().invoke(main, ["standings", str(path), "-o", "json"])
    assert cli.exit_code == 0, cli.output
    ours = client.get(f"/api/events/{arbiter.event_id}/standings").json()
    assert [(x["name"], x["points"]) for x in ours["standings"]] == [
        (x["name"], x["points"]) for x in json.loads(cli.stdout)["standings"]
    ]
    answer = arbiter.write("POST", "/rounds", 201)
    assert answer["round"] == 5
    paired = CliRunner().invoke(main, ["pair", str(path), "-o", "json"])
    assert paired.exit_code == 0, paired.output
    expected = [(p["board"], p["white"], p["black"]) for p in json.loads(paired.stdout)["pairings"]]
    five = client.get(f"/api/events/{arbiter.event_id}/rounds/5").json()
    assert [(b["board"], b["white"], b["black"]) for b in five["boards"]] == expected
    assert sorted(b["name"] for b in five["byes"]) == sorted(b["name"] for b in json.loads(paired.stdout)["byes"])


def test_the_prize_giving_of_an_imported_swiss_is_the_librarys_on_its_file(client: TestClient) -> None:
    """The real Gros 2010 tournament (tests/data/real/trk_tournament1.trf: sexes and years
    of birth on its lines), imported as a Swiss: its prizes (a category prize for women
    among them), rating changes and title norms are what the library gives on the file."""
    path = DATA / "real" / "trk_tournament1.trf"
    r = client.post("/api/events", json={"name": "Gros", "schedule": "swiss", "content": path.read_text("latin-1")})
    assert r.status_code == 201, r.text
    event_id = r.json()["id"]
    listed = "prize,amount,condition\n1,1000\n2,500\n3,300\nBest woman,100,sex=F\nBest junior,80,born>=1995\n"
    answer = client.post(f"/api/events/{event_id}/prizes", json={"prizes": listed, "sharing": "equal"})
    assert answer.status_code == 200, answer.text
    t = crosstable.read(path)
    expected = award(crosstable.rank(t), read_prizes(listed), "equal")
    got = answer.json()
    assert got["prizes"] == json.loads(json.dumps(expected.to_dict()["prizes"]))
    assert any(p["prize"] == "Best woman" for p in got["prizes"])
    assert got["explanations"] == {a.name: expected.explain(a.name) for a in expected.awards}

    def by_round(players: list[dict[str, Any]]) -> list[dict[str, Any]]:  # the event keeps its games by round
        return [{**p, "per_game": sorted(p["per_game"], key=lambda g: g["round"])} for p in players]

    ratings = client.get(f"/api/events/{event_id}/ratings").json()
    assert by_round(ratings["players"]) == by_round(json.loads(json.dumps(rating_changes(t).to_dict()))["players"])
    norms = client.get(f"/api/events/{event_id}/norms").json()
    assert [p["name"] for p in norms["players"]] == [p.name for p in title_norms(t).players]
    bad = client.post(f"/api/events/{event_id}/prizes", json={"prizes": "prize,amount\n1,-5\n"})
    assert bad.status_code == 422 and bad.json()["problems"][0]["line"] == 2, bad.text
