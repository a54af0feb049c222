"""A large event is written in parts (issue #32: a 1,000-player round robin's creation
held SQLite's write lock while its half a million games were written, and another
event's arbiter saw 503): another event's results are written while it is, the event
is seen by nobody until its last part, a creation that fails leaves nothing, and an
event a stopped server left half-written is deleted an hour later. On SQLite and on
PostgreSQL (the fixture ``database_url``)."""

from __future__ import annotations

import threading
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from sqlalchemy import create_engine, func, select, text

import crosstable.events as events_module
from crosstable.events import EventRow, EventStore, GameRow, NewEvent, NotFound, prepared
from tests.test_events import NAMES

pytest_plugins = ["tests.databases"]


def games_stored(url: str) -> int:
    engine = create_engine(url)
    try:
        with engine.connect() as c:
            return int(c.execute(select(func.count()).select_from(GameRow)).scalar_one())
    finally:
        engine.dispose()


def test_another_events_results_are_written_while_a_large_one_is_created(
    database_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Between two parts of the large event, another event's arbiter writes every result
    of a round robin, from another thread, and each write is done before the next part
    starts: nothing is held across the parts (a lock kept for the whole creation would
    leave the writes waiting, and the test fails at its timeout, not by a race)."""
    store = EventStore(database_url)
    try:
        small, secret = store.create(NewEvent(name="Club", participants=NAMES))
        games = [g["id"] for r in store.view(small)["rounds"] for g in r["games"]]
        big = prepared(NewEvent(name="Open", participants=[f"Player {k}" for k in range(1, 1001)]))
        assert len(big.games) == 1000 * 999 // 2
        failures: list[BaseException] = []
        versions: list[int] = []
        stored: list[int] = []
        session = store._session
        sessions = 0

        def write_everything() -> None:
            try:
                version = 1
                for k, game in enumerate(games):
                    version = store.set_result(small, game, "1" if k % 2 else "=", version, secret, "arbiter")
                    stored.append(games_stored(database_url) - len(games))  # the large event's games, committed
                versions.append(version)
            except BaseException as error:  # pragma: no cover - reported by the assertion below
                failures.append(error)

        def between_parts() -> Any:
            nonlocal sessions
            sessions += 1
            if sessions == 3:  # the event and its players, then the first part, are committed
                writer = threading.Thread(target=write_everything)
                writer.start()
                writer.join(timeout=120)
                assert not writer.is_alive(), "another event's writes waited for the large one"
            return session()

        monkeypatch.setattr(store, "_session", between_parts)
        store.insert(big)
        assert failures == []
        assert versions == [1 + len(games)]  # every result written
        assert stored and all(n == events_module.WRITE_PART for n in stored), stored  # while half-written
        monkeypatch.undo()
        listed = {e["name"]: e for e in store.events()}
        assert listed["Open"]["version"] == 1
        assert sum(len(r["games"]) for r in store.view(listed["Open"]["id"])["rounds"]) == len(big.games)
    finally:
        store.close()


def test_an_event_being_written_is_seen_by_nobody(database_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    store = EventStore(database_url)
    seen: list[Any] = []
    written = store._session  # the store's own transactions, watched between the parts

    def watched() -> Any:
        rows = store.engine.connect()
        try:
            half = rows.execute(select(EventRow.id).where(EventRow.version == 0)).scalars().all()
        finally:
            rows.close()
        for event_id in half:
            seen.append((store.events(), _refused(store.view, event_id), _refused(store.version, event_id)))
        return written()

    monkeypatch.setattr(events_module, "WRITE_PART", 4)
    monkeypatch.setattr(store, "_session", watched)
    try:
        event_id, _secret = store.insert(prepared(NewEvent(name="Club", participants=NAMES)))
        assert len(seen) >= 3  # the parts of 15 games, 4 at a time, and the last write
        assert all(listed == [] and view and version for listed, view, version in seen)
        assert store.version(event_id) == 1
    finally:
        store.close()


def _refused(read: Any, event_id: str) -> bool:
    try:
        read(event_id)
    except NotFound:
        return True
    return False


def test_a_creation_that_fails_leaves_nothing(database_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    store = EventStore(database_url)
    try:
        monkeypatch.setattr(events_module, "WRITE_PART", 4)
        good = prepared(NewEvent(name="Club", participants=NAMES))
        broken = events_module.Prepared(**{**good.__dict__, "games": [*good.games, (6, 1, None, 2, None)]})
        with pytest.raises(Exception, match=r"(?i)null"):
            store.insert(broken)
        assert store.events() == []
        assert games_stored(database_url) == 0
    finally:
        store.close()


def test_an_event_left_half_written_is_deleted_an_hour_later(database_url: str) -> None:
    store = EventStore(database_url)
    store.close()
    engine = create_engine(database_url)
    hours_ago = (datetime.now(UTC) - timedelta(hours=1, minutes=1)).isoformat(timespec="milliseconds")
    just_now = datetime.now(UTC).isoformat(timespec="milliseconds")
    with engine.begin() as c:
        for event_id, created in (
            ("0" * 8 + "-0000-4000-8000-" + "0" * 12, hours_ago),
            ("1" * 8 + "-1111-4111-8111-" + "1" * 12, just_now),
        ):
            c.execute(
                text(
                    "INSERT INTO events (id, name, scoring, schedule, version, secret_hash, created) "
                    "VALUES (:id, 'Open', 'chess', 'single', 0, 'x', :created)"
                ),
                {"id": event_id, "created": created},
            )
    store = EventStore(database_url)  # opening it cleans
    try:
        with engine.connect() as c:
            left = c.execute(select(EventRow.created).where(EventRow.version == 0)).scalars().all()
        assert left == [just_now]  # the one still being written (by another server, perhaps) is kept
        assert store.events() == []
    finally:
        store.close()
        engine.dispose()
