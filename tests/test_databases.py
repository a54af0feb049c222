"""The fixture ``database_url`` of tests/databases.py, on both backends, with plain SQLAlchemy."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from sqlalchemy import Column, Engine, Integer, MetaData, String, Table, create_engine, inspect, select
from sqlalchemy.engine import make_url

from tests.databases import postgres_required

pytest_plugins = ["tests.databases", "pytester"]


def events_table(metadata: MetaData) -> Table:
    return Table(
        "events",
        metadata,
        Column("id", Integer, primary_key=True),
        Column("name", String(200), nullable=False),
    )


@contextmanager
def engine_for(url: str) -> Iterator[Engine]:
    engine = create_engine(url)
    try:
        yield engine
    finally:
        engine.dispose()


def test_the_url_is_of_the_backend_named_in_the_test_id(database_url: str, request: pytest.FixtureRequest) -> None:
    backend = request.node.callspec.params["database_url"]
    url = make_url(database_url)
    assert url.get_backend_name() == backend
    if backend == "postgresql":
        assert url.get_driver_name() == "psycopg"
        assert url.database is not None and url.database.startswith("crosstable_test_")
    assert "***" not in database_url  # a password, if any, is in it, not masked as str(URL) would


def test_a_table_written_reads_back(database_url: str) -> None:
    metadata = MetaData()
    events = events_table(metadata)
    with engine_for(database_url) as engine:
        metadata.create_all(engine)
        with engine.begin() as connection:
            connection.execute(events.insert(), [{"name": "Tata Steel 2024"}, {"name": "Wijk aan Zee – Ренессанс"}])
    # A new engine, so the rows come from the database, not from a connection that wrote them.
    with engine_for(database_url) as engine, engine.connect() as connection:
        rows = connection.execute(select(events.c.id, events.c.name).order_by(events.c.id)).all()
    assert [tuple(row) for row in rows] == [(1, "Tata Steel 2024"), (2, "Wijk aan Zee – Ренессанс")]


@pytest.mark.parametrize("turn", [1, 2])
def test_each_test_starts_empty_and_sees_no_other_tests_data(database_url: str, turn: int) -> None:
    # Runs twice per backend with the same table name: whichever turn comes second would see the first one's table.
    with engine_for(database_url) as engine:
        assert inspect(engine).get_table_names() == []
        metadata = MetaData()
        events = events_table(metadata)
        metadata.create_all(engine)
        with engine.begin() as connection:
            connection.execute(events.insert(), [{"name": f"turn {turn}"}])
            assert connection.execute(select(events.c.name)).scalars().all() == [f"turn {turn}"]


def test_an_open_connection_does_not_keep_the_database_from_being_dropped(database_url: str) -> None:
    # The storage layer may leave pooled connections open; the fixture's teardown must still drop the database.
    engine = create_engine(database_url)
    connection = engine.connect()
    connection.exec_driver_sql("CREATE TABLE kept_open (x INTEGER)")
    connection.commit()
    assert inspect(connection).get_table_names() == ["kept_open"]


INNER_TEST = """
pytest_plugins = ["tests.databases"]

def test_uses_a_database(database_url):
    assert database_url
"""


def run_inner(pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch, **environ: str) -> pytest.RunResult:
    for name in ("CROSSTABLE_TEST_POSTGRES", "CROSSTABLE_REQUIRE_POSTGRES", "CI"):
        monkeypatch.delenv(name, raising=False)
    for name, value in environ.items():
        monkeypatch.setenv(name, value)
    pytester.makepyfile(test_inner=INNER_TEST)
    return pytester.runpytest_inprocess("-rs")


def test_without_a_server_postgresql_is_skipped_with_the_reason(
    pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    result = run_inner(pytester, monkeypatch)
    result.assert_outcomes(passed=1, skipped=1)
    result.stdout.fnmatch_lines(["*SKIPPED*no PostgreSQL server: set CROSSTABLE_TEST_POSTGRES*"])


@pytest.mark.parametrize(
    "environ",
    [{"CI": "true"}, {"CROSSTABLE_REQUIRE_POSTGRES": "1"}],
    ids=["CI", "CROSSTABLE_REQUIRE_POSTGRES"],
)
def test_without_a_server_postgresql_fails_where_it_is_required(
    pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch, environ: dict[str, str]
) -> None:
    assert postgres_required(environ)
    result = run_inner(pytester, monkeypatch, **environ)
    result.assert_outcomes(passed=1, errors=1)
    result.stdout.fnmatch_lines(["*no PostgreSQL server: set CROSSTABLE_TEST_POSTGRES*it is required here*"])
    assert result.ret != 0


def test_ci_set_to_false_does_not_require_postgresql() -> None:
    assert not postgres_required({"CI": "false"})
    assert not postgres_required({"CROSSTABLE_REQUIRE_POSTGRES": "0", "CI": ""})
    assert not postgres_required({})
