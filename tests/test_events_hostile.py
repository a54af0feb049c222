"""Saved events on a server anyone can reach (issue #32), on SQLite and on PostgreSQL
(the fixture ``database_url``): what a database cannot take is refused before it gets
there, naming the field (a NUL in an id, a name or a file; a scoring name longer than
its column), criteria with weights survive being stored (``SB(2,1,0)``) and criteria
that cannot be computed are refused at creation, wrong editor secrets are limited per
client (429 with ``Retry-After``), and the standings kept computed stay within their
bound in bytes."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, text

import crosstable
import crosstable.web.events as web_events
from crosstable.web.app import create_app
from crosstable.web.events import SecretGuard, StandingsCache, TooManyWrong, client_key
from tests.test_events import NAMES, created, enter

pytest_plugins = ["tests.databases"]


@pytest.fixture
def client(database_url: str) -> Iterator[TestClient]:
    with TestClient(create_app(db=database_url)) as c:
        yield c


def our_json(client: TestClient, **scoring: str) -> dict[str, Any]:
    """A round robin as our JSON (an event's export), its scoring changed as given."""
    event_id, secret = created(client)
    enter(client, event_id, secret)
    exported = json.loads(client.get(f"/api/events/{event_id}/export?to=json").text)
    exported["scoring"].update(scoring)
    return dict(exported)


def refused(answer: Any, status: int, *words: str) -> None:
    assert answer.status_code == status, answer.text
    body = answer.json()
    assert set(body) >= {"detail", "problems"}, body
    for word in words:
        assert word in body["detail"], body


# -- what a database cannot take ---------------------------------------------------------------


@pytest.mark.parametrize("path", ["%00", "%00/standings", "%00/version", "%00/export", "%00/changes", "x" * 3000])
def test_an_id_that_is_none_of_ours_is_404_before_the_database(client: TestClient, path: str) -> None:
    refused(client.get(f"/api/events/{path}"), 404)


def test_writes_to_an_id_that_is_none_of_ours_are_404(client: TestClient) -> None:
    auth = {"Authorization": "Bearer whatever"}
    refused(client.put("/api/events/%00/games/1", json={"result": "1", "version": 1}, headers=auth), 404)
    refused(client.patch("/api/events/%00", json={"name": "y", "version": 1}, headers=auth), 404)
    refused(client.post("/api/events/%00/undo", json={"version": 1}, headers=auth), 404)
    refused(client.delete("/api/events/%00", headers=auth), 404)
    event_id, _secret = created(client)
    refused(client.get(f"/api/events/{event_id.upper()}"), 404)  # not the text we made
    assert client.get(f"/api/events/{event_id}").status_code == 200


def test_a_nul_in_a_name_is_refused_naming_the_field(client: TestClient) -> None:
    refused(client.post("/api/events", json={"name": "Open\x00", "participants": NAMES}), 422, "name", "U+0000")
    names = [*NAMES[:2], "Zhel\x00yazkov", *NAMES[3:]]
    refused(client.post("/api/events", json={"name": "Open", "participants": names}), 422, "participants[2]")
    event_id, secret = created(client)
    auth = {"Authorization": f"Bearer {secret}"}
    refused(client.patch(f"/api/events/{event_id}", json={"name": "a\x00b", "version": 1}, headers=auth), 422, "name")
    assert client.get(f"/api/events/{event_id}").json()["version"] == 1  # nothing written


def test_a_name_longer_than_its_column_is_refused_naming_the_field(client: TestClient) -> None:
    names = [NAMES[0], "x" * 201, *NAMES[2:]]
    refused(client.post("/api/events", json={"name": "Open", "participants": names}), 422, "participants[1]", "200")
    refused(client.post("/api/events", json={"name": "y" * 201, "participants": NAMES}), 422, "200")
    exported = our_json(client)
    exported["participants"][2]["name"] = "z" * 201
    answer = client.post("/api/events", json={"name": "Open", "content": json.dumps(exported)})
    refused(answer, 422, "content (participant 3)", "200")


def test_a_lone_surrogate_is_refused_naming_the_field(client: TestClient) -> None:
    body = b'{"name": "Open", "participants": ["A", "B\\udfff", "C"]}'
    answer = client.post("/api/events", content=body, headers={"Content-Type": "application/json"})
    refused(answer, 422, "participants[1]", "U+DFFF")


def test_a_nul_in_the_criteria_or_a_result_is_refused(client: TestClient) -> None:
    refused(client.post("/api/events", json={"name": "x", "participants": NAMES, "tiebreaks": ["SB\x00"]}), 422)
    refused(client.post("/api/events", json={"name": "x", "participants": NAMES, "rules": "fide-rr\x00"}), 422)
    event_id, secret = created(client)
    game = client.get(f"/api/events/{event_id}").json()["rounds"][0]["games"][0]["id"]
    auth = {"Authorization": f"Bearer {secret}"}
    answer = client.put(f"/api/events/{event_id}/games/{game}", json={"result": "1-0\x00", "version": 1}, headers=auth)
    refused(answer, 422)


def test_an_imported_scoring_name_too_long_to_store_is_stored_by_its_values(client: TestClient) -> None:
    for name in ("x" * 50, "chess\x00"):
        answer = client.post(
            "/api/events", json={"name": "Imported", "content": json.dumps(our_json(client, name=name))}
        )
        assert answer.status_code == 201, answer.text
        event_id = answer.json()["id"]
        assert client.get(f"/api/events/{event_id}").json()["scoring"] == "1:0.5:0"
        standings = client.get(f"/api/events/{event_id}/standings")
        assert standings.status_code == 200 and standings.json()["scoring"] == {"win": 1, "draw": 0.5, "loss": 0}


def test_a_scoring_is_stored_by_its_canonical_name(client: TestClient) -> None:
    event_id, _secret = created(client, scoring=" Football ")
    assert client.get(f"/api/events/{event_id}").json()["scoring"] == "football"


# -- criteria ----------------------------------------------------------------------------------


def test_criteria_with_weights_survive_and_rank_as_the_library(client: TestClient) -> None:
    event_id, secret = created(client, tiebreaks=["SB(2,1,0)", "DE"])
    assert client.get(f"/api/events/{event_id}").json()["tiebreaks"] == ["SB(2,1,0)", "DE"]
    enter(client, event_id, secret)
    answer = client.get(f"/api/events/{event_id}/standings")
    assert answer.status_code == 200, answer.text
    view = client.get(f"/api/events/{event_id}").json()
    games = [(g["white"], g["black"], g["result"], r["round"]) for r in view["rounds"] for g in r["games"]]
    direct = crosstable.rank(crosstable.Tournament.from_games(NAMES, games), ["SB(2,1,0)", "DE"]).to_dict()
    ours = answer.json()
    assert ours["tiebreaks"] == direct["tiebreaks"]
    assert [(r["name"], r["points"], r["tiebreaks"]) for r in ours["standings"]] == [
        (r["name"], r["points"], r["tiebreaks"]) for r in direct["standings"]
    ]
    assert any(r["tiebreaks"]["SB(2,1,0)"] not in (None, 0) for r in ours["standings"])


def test_criteria_stored_before_as_text_joined_by_commas_still_read(client: TestClient, database_url: str) -> None:
    event_id, secret = created(client, tiebreaks=["SB", "DE"])
    enter(client, event_id, secret)
    engine = create_engine(database_url)
    try:
        with engine.begin() as connection:  # as the store wrote them before: joined by commas
            connection.execute(text("UPDATE events SET tiebreaks = 'SB(2,1,0),DE' WHERE id = :id"), {"id": event_id})
    finally:
        engine.dispose()
    assert client.get(f"/api/events/{event_id}").json()["tiebreaks"] == ["SB(2,1,0)", "DE"]
    answer = client.get(f"/api/events/{event_id}/standings")
    assert answer.status_code == 200, answer.text
    assert answer.json()["tiebreaks"] == ["SB(2,1,0)", "DE"]


@pytest.mark.parametrize(
    ("criteria", "words"), [(["SB(2"], ["SB(2"]), (["SB", "SB"], ["SB"]), (["SB(2,1)"], ["SB(2,1)"]), ([""], [])]
)
def test_criteria_that_cannot_be_computed_are_refused_at_creation(
    client: TestClient, criteria: list[str], words: list[str]
) -> None:
    refused(client.post("/api/events", json={"name": "x", "participants": NAMES, "tiebreaks": criteria}), 422, *words)
    assert client.get("/api/events").json() == []


def test_no_criteria_is_kept_apart_from_the_default(client: TestClient) -> None:
    event_id, secret = created(client, tiebreaks=[])
    assert client.get(f"/api/events/{event_id}").json()["tiebreaks"] == []
    enter(client, event_id, secret)
    assert client.get(f"/api/events/{event_id}/standings").json()["tiebreaks"] == []


# -- wrong editor secrets ----------------------------------------------------------------------


def test_wrong_secrets_are_answered_429_after_ten_and_others_still_write(database_url: str) -> None:
    app = create_app(db=database_url)
    with TestClient(app, client=("198.51.100.7", 4000)) as guessing:
        other = TestClient(app, client=("203.0.113.9", 4000))
        event_id, secret = created(guessing)
        url = f"/api/events/{event_id}"
        wrong = {"Authorization": "Bearer not-the-secret"}
        codes = [guessing.patch(url, json={"name": "y", "version": 1}, headers=wrong).status_code for _ in range(10)]
        assert codes == [403] * 10
        answer = guessing.patch(url, json={"name": "y", "version": 1}, headers=wrong)
        refused(answer, 429)
        assert 1 <= int(answer.headers["Retry-After"]) <= 60
        right = {"Authorization": f"Bearer {secret}"}
        refused(guessing.patch(url, json={"name": "y", "version": 1}, headers=right), 429)  # not an oracle
        refused(guessing.get(f"{url}/changes", headers=right), 429)
        assert guessing.get(url).status_code == 200  # reads need no secret
        answer = other.patch(url, json={"name": "Renamed", "version": 1}, headers=right)
        assert answer.status_code == 200, answer.text
        assert other.get(url).json()["name"] == "Renamed"
        assert other.patch(url, json={"name": "z", "version": 2}, headers=wrong).status_code == 403


def test_no_secret_is_not_a_wrong_secret(client: TestClient) -> None:
    event_id, _secret = created(client)
    codes = [client.delete(f"/api/events/{event_id}").status_code for _ in range(15)]
    assert codes == [401] * 15


class Clock:
    """A clock the test moves by hand (``now``)."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_the_guard_counts_per_client_and_forgets_after_the_window() -> None:
    clock = Clock()
    guard = SecretGuard(most=3, window=60, clients=100, clock=clock)
    for _ in range(3):
        guard.check("a")
        guard.failed("a")
    with pytest.raises(TooManyWrong) as refusal:
        guard.check("a")
    assert refusal.value.retry_after == 60
    guard.check("b")  # another client
    clock.now += 45
    with pytest.raises(TooManyWrong) as refusal:
        guard.check("a")
    assert refusal.value.retry_after == 15
    clock.now += 15
    guard.check("a")  # the window is over
    assert "a" not in guard.wrong


def test_the_guard_remembers_a_bounded_number_of_clients() -> None:
    clock = Clock()
    guard = SecretGuard(most=3, window=60, clients=100, clock=clock)
    for k in range(10_000):
        guard.failed(f"10.0.{k // 256}.{k % 256}")
        assert len(guard.wrong) <= 100
    clock.now += 61
    guard.failed("192.0.2.1")
    assert list(guard.wrong) == ["192.0.2.1"]  # the expired ones forgotten as met


def test_a_client_is_its_address_an_ipv6_one_by_its_64() -> None:
    assert client_key("2001:db8:1:2:aaaa::1") == client_key("2001:db8:1:2:bbbb::2") == "2001:db8:1:2::/64"
    assert client_key("2001:db8:1:3::1") != client_key("2001:db8:1:2::1")
    assert client_key("198.51.100.7") != client_key("198.51.100.8")


# -- the standings kept computed ---------------------------------------------------------------


def distinct_bytes(cache: StandingsCache) -> int:
    bodies = {id(body): len(body) for _version, body in cache.entries.values()}
    return sum(bodies.values())


def test_the_standings_cache_stays_within_its_bytes() -> None:
    cache = StandingsCache(max_bytes=100_000)
    computed = 0

    def compute(size: int) -> tuple[int, bytes]:
        nonlocal computed
        computed += 1
        return 1, bytes(size)

    async def views() -> None:
        for rnd in range(1, 31):
            for lang in ("en", "bg", "hu", "ru", "de"):
                for extras in (False, True):
                    size = 9_000 if extras else 3_000
                    body = await cache.get(("e", 1, rnd, extras, lang), True, lambda s=size: compute(s))
                    assert len(body) == size
                    assert distinct_bytes(cache) <= cache.size <= cache.max_bytes
        await cache.get(("e", 1, 30, True, "de"), True, lambda: compute(1))  # the most recent: kept
        big = await cache.get(("e", 1, None, True, "en"), True, lambda: compute(200_000))
        assert len(big) == 200_000 and cache.size <= cache.max_bytes  # answered, not kept

    asyncio.run(views())
    assert computed == 300 + 1
    assert cache.size <= cache.max_bytes and len(cache.entries) < 300 * 3
    cache.forget("e")
    assert cache.size == 0 and not cache.entries and not cache.shared


def test_the_standings_cache_over_http_stays_within_its_bytes(
    database_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    caches: list[StandingsCache] = []

    class Small(StandingsCache):
        def __init__(self) -> None:
            super().__init__(max_bytes=60_000)
            caches.append(self)

    monkeypatch.setattr(web_events, "StandingsCache", Small)
    with TestClient(create_app(db=database_url)) as small:
        (cache,) = caches
        event_id, secret = created(small)
        enter(small, event_id, secret)
        first: dict[tuple[int, str, bool], Any] = {}
        for _again in range(2):
            for rnd in range(1, 6):
                for lang in ("en", "bg", "hu", "ru", "de"):
                    for extras in (False, True):
                        url = f"/api/events/{event_id}/standings?round={rnd}&lang={lang}&explain={extras}"
                        answer = small.get(url)
                        assert answer.status_code == 200, answer.text
                        first.setdefault((rnd, lang, extras), answer.json())
                        assert answer.json() == first[(rnd, lang, extras)]  # recomputed alike once dropped
                        assert distinct_bytes(cache) <= cache.size <= 60_000
        assert len(cache.entries) < 2 * 50
