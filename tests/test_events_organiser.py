"""Creating saved events is an organiser's act on a server others can reach (issue #32,
item 3): with an organiser token, ``POST /api/events`` needs it (none 401, a wrong one
403, guessing 429 by the wrong-secret limiter); ``crosstable serve`` makes one when it
is bound to another address than the loopback; every client's creations are within
quotas an hour (events, participants, bytes of imported files), organiser or not. On
SQLite and on PostgreSQL (``database_url``)."""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

import httpx
import pytest
from click.testing import CliRunner
from fastapi.testclient import TestClient

from crosstable import serving
from crosstable.cli import main
from crosstable.cli_common import creation_token, is_loopback
from crosstable.web import events as web_events
from crosstable.web.app import create_app, serving_app
from crosstable.web.events import Quotas
from tests.conftest import DATA
from tests.test_events import NAMES
from tests.test_events_hostile import Clock

pytest_plugins = ["tests.databases"]

ROOT = DATA.parent.parent
TOKEN = "the-organisers-token"
TRF = (ROOT / "tests" / "data" / "real" / "ejs_javafo_sample2.trf").read_text(encoding="utf-8")
ENVIRONMENT = [
    "CROSSTABLE_HOST",
    "CROSSTABLE_BUDGET",
    "CROSSTABLE_DB",
    "CROSSTABLE_ORGANISER_TOKEN",
    "CROSSTABLE_QUOTA_EVENTS",
    "CROSSTABLE_QUOTA_PARTICIPANTS",
    "CROSSTABLE_QUOTA_BYTES",
]


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def create(
    client: TestClient, names: list[str] = NAMES, headers: dict[str, str] | None = None, **extra: Any
) -> httpx.Response:
    body: dict[str, Any] = {"name": "Club round robin", **extra}
    if "content" not in extra:
        body["participants"] = names
    return client.post("/api/events", json=body, headers=headers or {})


def refused(answer: httpx.Response, status: int, *words: str) -> str:
    assert answer.status_code == status, answer.text
    detail = answer.json()["detail"]
    assert isinstance(detail, str) and detail
    for word in words:
        assert word in detail, detail
    return detail


def event_count(client: TestClient) -> int:
    return len(client.get("/api/events").json())


# -- the organiser token -------------------------------------------------------------------


def test_with_a_token_creating_needs_it_and_guessing_it_meets_429(database_url: str) -> None:
    app = create_app(db=database_url, organiser_token=TOKEN)
    with TestClient(app, client=("198.51.100.7", 4000)) as guessing:
        organiser = TestClient(app, client=("203.0.113.9", 4000))
        answer = create(guessing)
        refused(answer, 401, "organiser")
        assert answer.headers["WWW-Authenticate"] == "Bearer"
        assert [create(guessing, headers=bearer("a-guess")).status_code for _ in range(10)] == [403] * 10
        answer = create(guessing, headers=bearer("another-guess"))
        refused(answer, 429)
        assert 1 <= int(answer.headers["Retry-After"]) <= 60
        refused(create(guessing, headers=bearer(TOKEN)), 429)  # not an oracle while refused
        assert event_count(guessing) == 0
        answer = create(organiser, headers=bearer(TOKEN))
        assert answer.status_code == 201, answer.text
        event_id, secret = answer.json()["id"], answer.json()["editor_secret"]
        assert event_count(organiser) == 1
        # the event's editor secret is not the organiser token, nor the token the secret
        assert create(organiser, headers=bearer(secret)).status_code == 403
        rename = organiser.patch(f"/api/events/{event_id}", json={"name": "x", "version": 1}, headers=bearer(TOKEN))
        assert rename.status_code == 403
        assert guessing.get("/api/options").json()["organiser_token"] is True


def test_no_token_on_loopback_creates_as_before(database_url: str) -> None:
    with TestClient(create_app(db=database_url)) as client:
        assert client.get("/api/options").json()["organiser_token"] is False
        answer = create(client)
        assert answer.status_code == 201, answer.text
        assert create(client, headers=bearer("whatever")).status_code == 201  # no token: nothing checked


# -- quotas ----------------------------------------------------------------------------------


def test_the_events_quota_refuses_the_next_event_of_one_client_and_not_anothers(database_url: str) -> None:
    app = create_app(db=database_url, organiser_token=TOKEN, quota_events=3)
    with TestClient(app, client=("198.51.100.7", 4000)) as one:
        other = TestClient(app, client=("203.0.113.9", 4000))
        assert [create(one, headers=bearer(TOKEN)).status_code for _ in range(3)] == [201] * 3
        answer = create(one, headers=bearer(TOKEN))  # the organiser too: the quotas protect the machine
        refused(answer, 429, "3 events")
        assert 1 <= int(answer.headers["Retry-After"]) <= 3600
        assert event_count(one) == 3
        assert create(other, headers=bearer(TOKEN)).status_code == 201


def test_a_creation_refused_by_its_input_does_not_count_as_an_event(database_url: str) -> None:
    with TestClient(create_app(db=database_url, quota_events=1)) as client:
        assert create(client, tiebreaks=["NOT-A-CRITERION"]).status_code == 422
        assert create(client).status_code == 201
        refused(create(client), 429, "1 events")


def test_the_participants_quota_counts_names_and_imports(database_url: str) -> None:
    app = create_app(db=database_url, quota_participants=10)
    with TestClient(app, client=("198.51.100.7", 4000)) as one:
        assert create(one).status_code == 201  # 6
        refused(create(one), 429, "10 participants")  # 12 > 10
        assert create(one, names=NAMES[:4]).status_code == 201  # 10
        refused(create(one, names=NAMES[:1]), 429, "participants")
        assert event_count(one) == 2
        other = TestClient(app, client=("203.0.113.9", 4000))
        players = TRF.count("\n001 ")
        assert players > 10
        refused(create(other, content=TRF), 429, "participants")  # known once the file is read
        assert event_count(other) == 2  # nothing stored
        assert create(other, names=NAMES).status_code == 201  # the refused import counted no participants


def test_the_bytes_quota_counts_imported_files(database_url: str) -> None:
    sent = len(TRF.encode("utf-8"))
    app = create_app(db=database_url, quota_bytes=sent + 100)
    with TestClient(app, client=("198.51.100.7", 4000)) as one:
        assert create(one, content=TRF).status_code == 201
        answer = create(one, content=TRF)
        refused(answer, 429, "bytes")
        assert int(answer.headers["Retry-After"]) >= 1
        refused(create(one, seed_from=TRF), 429, "bytes")  # a seeding's file counts too
        assert create(one).status_code == 201  # names alone send no file
        other = TestClient(app, client=("203.0.113.9", 4000))
        assert create(other, content=TRF).status_code == 201


def test_the_quotas_are_per_client_and_end_with_their_hour() -> None:
    clock = Clock()
    quotas = Quotas(events=2, participants=100, bytes_=1000, window=3600, clients=100, clock=clock)
    quotas.take("a", 1, 10, 0)
    clock.now += 1800
    quotas.take("a", 1, 10, 0)
    with pytest.raises(web_events.OverQuota) as refusal:
        quotas.take("a", 1, 10, 0)
    assert refusal.value.retry_after == 1800
    assert "30 min" in str(refusal.value)
    quotas.take("b", 1, 100, 1000)
    with pytest.raises(web_events.OverQuota):
        quotas.take("b", 0, 0, 1)
    clock.now += 1800  # a's hour is over
    quotas.take("a", 1, 10, 0)
    quotas.give_back("a", 1)
    quotas.take("a", 1, 10, 0)


def test_the_quotas_remember_a_bounded_number_of_clients() -> None:
    quotas = Quotas(events=1, clients=5, clock=Clock())
    for k in range(50):
        quotas.take(f"198.51.100.{k}", 1, 1, 1)
    assert len(quotas.used) == 5


# -- crosstable serve ------------------------------------------------------------------------


@pytest.mark.parametrize("host", ["127.0.0.1", "127.0.0.2", "::1", "localhost", "LOCALHOST"])
def test_no_token_is_made_on_a_loopback_address(host: str) -> None:
    assert is_loopback(host)
    assert creation_token(host, None, False) == (None, False)
    assert creation_token(host, TOKEN, False) == (TOKEN, False)


@pytest.mark.parametrize("host", ["0.0.0.0", "::", "192.168.1.20", "chess.example.org"])
def test_a_token_is_made_on_any_other_address_unless_creation_is_open(host: str) -> None:
    assert not is_loopback(host)
    token, made = creation_token(host, None, False)
    assert made and token and len(token) >= 30
    assert creation_token(host, None, False)[0] != token  # a new one each start
    assert creation_token(host, TOKEN, False) == (TOKEN, False)
    assert creation_token(host, None, True) == (None, False)
    assert creation_token(host, TOKEN, True) == (None, False)


@pytest.fixture
def started(monkeypatch: pytest.MonkeyPatch) -> list[tuple[Any, ...]]:
    """``crosstable serve`` up to the point it would start uvicorn; its environment restored after."""
    for name in ENVIRONMENT:  # recorded (set first: deleting an absent one records nothing), then removed
        monkeypatch.setenv(name, "")
        monkeypatch.delenv(name)
    calls: list[tuple[Any, ...]] = []
    monkeypatch.setattr(serving, "run", lambda *args: calls.append(args))
    return calls


def serve(tmp_path: Path, *args: str) -> Any:
    db = f"sqlite:///{tmp_path / 'events.sqlite'}"
    return CliRunner().invoke(main, ["serve", "--db", db, *args])


def test_serve_on_another_address_makes_a_token_and_prints_it_once(
    tmp_path: Path, started: list[tuple[Any, ...]]
) -> None:
    result = serve(tmp_path, "--host", "0.0.0.0", "--quota-events", "7")
    assert result.exit_code == 0, result.output
    assert started
    printed = re.findall(r"^crosstable: organiser token: (\S+)", result.stdout, re.MULTILINE)
    assert len(printed) == 1
    assert os.environ["CROSSTABLE_ORGANISER_TOKEN"] == printed[0]
    assert os.environ["CROSSTABLE_QUOTA_EVENTS"] == "7"
    assert result.stdout.count(printed[0]) == 1
    assert printed[0] not in result.stderr
    with TestClient(serving_app()) as client:  # what the server's processes make of it
        assert client.get("/api/options").json()["organiser_token"] is True
        refused(create(client), 401)
        assert create(client, headers=bearer(printed[0])).status_code == 201


def test_serve_on_loopback_or_with_open_creation_needs_no_token(
    tmp_path: Path, started: list[tuple[Any, ...]], monkeypatch: pytest.MonkeyPatch
) -> None:
    result = serve(tmp_path, "--host", "127.0.0.1")
    assert result.exit_code == 0, result.output
    assert "organiser token" not in result.output and "CROSSTABLE_ORGANISER_TOKEN" not in os.environ
    for args in (["--host", "127.0.0.1"], ["--host", "0.0.0.0", "--open-creation"]):
        monkeypatch.setenv("CROSSTABLE_ORGANISER_TOKEN", "from-the-environment")
        result = serve(tmp_path, *args)
        assert result.exit_code == 0, result.output
        assert "organiser token" not in result.output
        if "--open-creation" in args:
            assert "CROSSTABLE_ORGANISER_TOKEN" not in os.environ
        else:
            assert os.environ["CROSSTABLE_ORGANISER_TOKEN"] == "from-the-environment"  # given, not printed


def test_serve_takes_the_token_given_and_does_not_print_it(tmp_path: Path, started: list[tuple[Any, ...]]) -> None:
    result = serve(tmp_path, "--host", "0.0.0.0", "--organiser-token", TOKEN)
    assert result.exit_code == 0, result.output
    assert TOKEN not in result.output
    assert os.environ["CROSSTABLE_ORGANISER_TOKEN"] == TOKEN
    with TestClient(serving_app()) as client:
        assert create(client, headers=bearer(TOKEN)).status_code == 201


# -- what the README says --------------------------------------------------------------------


def test_the_readme_says_what_the_server_does() -> None:
    readme = " ".join((ROOT / "README.md").read_text(encoding="utf-8").split())
    for said in (
        "--organiser-token",
        "CROSSTABLE_ORGANISER_TOKEN",
        "--open-creation",
        "crosstable: organiser token:",
        "--quota-events",
        "--quota-participants",
        "--quota-bytes",
    ):
        assert said in readme, said
    assert web_events.QUOTA_EVENTS == 20 and "20 events" in readme
    assert web_events.QUOTA_PARTICIPANTS == 5_000 and "5,000 participants" in readme
    assert web_events.QUOTA_BYTES == 20_000_000 and "20 MB" in readme
