"""A fresh, empty database for each test, on SQLite and on PostgreSQL: the fixture ``database_url``.

The fixture is parametrized: a test that asks for ``database_url`` runs twice, as ``test_x[sqlite]`` and
``test_x[postgresql]``, and gets an SQLAlchemy URL (a ``str``) of a database that no other test sees:

- ``sqlite``: a new file ``events.sqlite`` in the test's ``tmp_path``, as ``sqlite:////abs/path/events.sqlite``.
- ``postgresql``: a database with a unique name (``crosstable_test_<hex>``) created on the server that the environment
  variable ``CROSSTABLE_TEST_POSTGRES`` names, and dropped after the test (``WITH (FORCE)``: connections that the test
  left open don't keep it). That variable is an SQLAlchemy URL with the psycopg 3 driver, of a role that may create
  databases, naming any database that exists there (the fixture gives the same URL with the test's database in its
  place), e.g. ``postgresql+psycopg://crosstable:secret@127.0.0.1:5433/postgres``. ``.ci/run`` starts such a server.

Without ``CROSSTABLE_TEST_POSTGRES`` the ``postgresql`` case is skipped, with the reason, except where ``CI`` or
``CROSSTABLE_REQUIRE_POSTGRES`` is set (to anything but ``""``, ``0``, ``false`` or ``no``): there it fails, so that
CI cannot pass without PostgreSQL. ``.ci/run`` sets ``CROSSTABLE_REQUIRE_POSTGRES=1``.

This module is not a conftest: a test module that wants the fixture loads it as a plugin with
``pytest_plugins = ["tests.databases"]`` (``tests`` is a package, so that name imports). Importing the fixture instead
(``from tests.databases import database_url``) works too, but ruff then flags the import as unused (F401) and the
test's parameter as redefining it (F811).

PYTEST_DONT_REWRITE: the doctest run (``--doctest-modules``) imports this module before a test module loads it as a
plugin, too late for pytest to rewrite its asserts, and pytest warns about that unless this marker is here. The module
has no assert to rewrite.
"""

from __future__ import annotations

import os
import time
import uuid
from collections.abc import Iterator, Mapping
from pathlib import Path

import psycopg
import pytest
from psycopg import sql
from sqlalchemy.engine import URL, make_url

SERVER_VARIABLE = "CROSSTABLE_TEST_POSTGRES"
REQUIRE_VARIABLES = ("CROSSTABLE_REQUIRE_POSTGRES", "CI")
BACKENDS = ("sqlite", "postgresql")


def flag(environ: Mapping[str, str], name: str) -> bool:
    """Whether the environment variable ``name`` is set to something that means yes.

    >>> flag({"CI": "true"}, "CI"), flag({"CI": "0"}, "CI"), flag({}, "CI")
    (True, False, False)
    """
    return environ.get(name, "").strip().lower() not in ("", "0", "false", "no")


def postgres_required(environ: Mapping[str, str] = os.environ) -> bool:
    """Whether a missing PostgreSQL server fails the ``postgresql`` case instead of skipping it."""
    return any(flag(environ, name) for name in REQUIRE_VARIABLES)


def postgres_server_url(environ: Mapping[str, str] = os.environ) -> URL | None:
    """The server that ``CROSSTABLE_TEST_POSTGRES`` names, or None when it is unset or empty."""
    text = environ.get(SERVER_VARIABLE, "").strip()
    if not text:
        return None
    url = make_url(text)
    if url.get_backend_name() != "postgresql":
        raise ValueError(f"{SERVER_VARIABLE} must be a postgresql+psycopg:// URL, not {url.drivername}://")
    return url


def render(url: URL) -> str:
    """The URL as text, with its password (``str(url)`` hides it as ``***``).

    >>> render(make_url("postgresql+psycopg://crosstable:secret@127.0.0.1:5433/postgres").set(database="t"))
    'postgresql+psycopg://crosstable:secret@127.0.0.1:5433/t'
    """
    return url.render_as_string(hide_password=False)


def libpq_url(url: URL) -> str:
    """The same server as a URL that psycopg (libpq) itself understands: without SQLAlchemy's ``+driver``.

    >>> libpq_url(make_url("postgresql+psycopg://crosstable:secret@127.0.0.1:5433/postgres"))
    'postgresql://crosstable:secret@127.0.0.1:5433/postgres'
    """
    return render(url.set(drivername="postgresql"))


def create_postgres_database(server: URL) -> URL:
    """Create a new, empty database with a unique name on ``server``; the URL of that database."""
    name = f"crosstable_test_{uuid.uuid4().hex}"
    with psycopg.connect(libpq_url(server), autocommit=True) as connection:
        connection.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
    return server.set(database=name)


def drop_postgres_database(server: URL, name: str, attempts: int = 20) -> None:
    """Drop the database ``name`` on ``server``, ending any connection still open to it.
    A session the tests' role may not end (an autovacuum worker on that database, the
    server's own) refuses the drop for a moment: tried again, up to ``attempts`` times
    a quarter of a second apart, then left (the cluster is thrown away at the end)."""
    for attempt in range(attempts):
        try:
            with psycopg.connect(libpq_url(server), autocommit=True) as connection:
                connection.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name)))
            return
        except psycopg.errors.InsufficientPrivilege:
            if attempt == attempts - 1:
                return
            time.sleep(0.25)


def sqlite_url(path: Path) -> str:
    """The SQLAlchemy URL of the SQLite file at ``path`` (absolute: four slashes).

    >>> sqlite_url(Path("/tmp/x/events.sqlite"))
    'sqlite:////tmp/x/events.sqlite'
    """
    return f"sqlite:///{path.absolute()}"


@pytest.fixture(params=BACKENDS)
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """The SQLAlchemy URL of a fresh, empty database of this test's own, on each backend in turn."""
    if request.param == "sqlite":
        yield sqlite_url(tmp_path / "events.sqlite")
        return
    server = postgres_server_url()
    if server is None:
        reason = f"no PostgreSQL server: set {SERVER_VARIABLE} (see tests/databases.py; .ci/run starts one)"
        if postgres_required():
            pytest.fail(f"{reason}; it is required here ({' or '.join(REQUIRE_VARIABLES)} is set)", pytrace=False)
        pytest.skip(reason)
    url = create_postgres_database(server)
    name = str(url.database)
    try:
        yield render(url)
    finally:
        drop_postgres_database(server, name)
