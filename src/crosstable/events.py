"""Saved events: an event run from the first round to the prize-giving, stored with
SQLAlchemy (an SQLite file by default, PostgreSQL when given), its schema made and
upgraded by Alembic's migrations (``crosstable/migrations``).

An event holds its participants (numbered from 1 in the order given: the seeding), its
scoring and criteria (a list, or a preset), and its games by round and board; a
round robin's games are the FIDE Berger tables made at creation (single or double;
an odd field's bye is no game). Decisions:

- **Every write is one transaction** that checks and raises the event's version:
  ``UPDATE events SET version = version + 1 WHERE id = … AND version = <the version
  the writer saw>``; no row updated means another write came first: :class:`Conflict`
  (HTTP 409) with the event as it now is. No update is lost, none is applied twice.
  An acknowledged write is committed (SQLite in WAL mode with ``synchronous=FULL``,
  PostgreSQL's default), so it survives the server being killed.
- **Who may write**: creating an event returns an editor secret, shown once; the
  database keeps only its SHA-256. Every write needs it (compared in constant time):
  none is :class:`NotAllowed` 401, a wrong one 403. Reads need nothing, but the record
  of changes, which names the clients.
- **Every change is recorded** (what, before, after, when, from which client) and
  undone step by step, the last change not yet undone first (an undo is itself a
  change, with its own version).
- **A result** is typed as on a score sheet: ``1`` (White/home wins), ``0`` (Black/away
  wins), ``=`` or ``½`` (a draw), ``+`` / ``-`` (a forfeit win / loss for White),
  ``--`` (both forfeit), or any result the games lists read (``1-0``, ``2:1``), as long
  as it fits the event (:func:`normal_result`); an empty result clears the game.
- **Withdrawals** are results: the games a withdrawn player does not play are
  entered as forfeits (``-`` or ``+``). Late entries and pairings beyond the Berger
  tables are not supported; an event imported from a file (TRF, our JSON, a games
  list) keeps its own pairings and results.
- **Only what can be stored is taken, and it is checked before the database sees it**
  (a server anyone can reach): an event id that is not one we make (a UUID's
  canonical text) is :class:`NotFound` at once, never sent to the database; every
  text stored is refused (HTTP 422, naming the field) when it holds a character a
  database cannot store (U+0000, which PostgreSQL's text cannot hold, or a lone
  surrogate, which is no UTF-8) or is longer than its column: the event's name and
  the participants' names (:data:`MAX_NAME`), an imported file's text. The scoring is
  stored by its canonical name (``chess``, ``3:1:0``); an imported event's scoring
  (derived data: its standings use the file's own) by its name when that is 1 to
  :data:`MAX_SCORING` characters a database can store, else by its values
  ``W:D:L`` (at most 29 characters), never refused. A rules preset is stored by its
  name, lower case.
- **Criteria are stored as a JSON list** of the criteria as given (``["SB(2,1,0)",
  "DE"]``): a comma inside a criterion's weights survives. Events stored before, as
  the criteria joined by commas, still read: their text is split at the commas
  outside parentheses, as :func:`~crosstable.tiebreaks.parse_list` splits. An event
  whose criteria or rules cannot be computed is refused at creation (HTTP 422): the
  event as it will be read back is ranked once before it is stored.
- **A large event is written in parts**, so that it never holds the database's write
  lock for long (SQLite has one lock for the whole file: a 1,000-player round robin's
  half a million games written at once held it 4 to 17 s, and another event's arbiter
  saw 503). The event row is written first with version 0, which no read or write
  sees (it is :class:`NotFound`), then its games :data:`WRITE_PART` rows per
  transaction, then version 1, which makes it visible. Within one server the writes
  take their turns in the order they came (:class:`Turns`, on SQLite: a busy SQLite
  connection is retried at intervals, not in order, so a writer waiting for the lock
  could lose every race to the next part), so another event's result waits at most
  one part (a tenth of a second). An event left at version 0 by a server killed while
  writing it is deleted when a store opens the database an hour later or more.
"""

from __future__ import annotations

import dataclasses
import hashlib
import hmac
import json
import math
import re
import secrets
import threading
import uuid
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from fractions import Fraction
from importlib import resources
from typing import Any

import numpy as np
from sqlalchemy import ForeignKey, Integer, String, Text, create_engine, delete, event, insert, select, update
from sqlalchemy.engine import Engine
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column, sessionmaker

from crosstable.errors import CrosstableError
from crosstable.i18n import _, integer_text
from crosstable.io import read_text
from crosstable.io.jsonfmt import read_json, write_json
from crosstable.io.seeding import standings_order
from crosstable.model import FORFEIT, PENDING, IntArray, Scoring, Tournament, name_key, parse_result
from crosstable.numbers import fmt_decimal, fmt_vulgar
from crosstable.ranking import Standings, rank
from crosstable.rules import PRESETS
from crosstable.schedule import Schedule
from crosstable.tiebreaks import parse_list

MAX_PARTICIPANTS = 1000
"""The most participants an event holds (a 1,000-player round robin: 499,500 games)."""
MAX_NAME = 200
"""The longest name of an event or a participant."""
MAX_SCORING = 40
"""The longest scoring name stored (the column's length)."""
UNSTORABLE = re.compile("[\x00\ud800-\udfff]")
"""The characters no database of ours stores: U+0000 (PostgreSQL's text cannot hold
it) and lone surrogates (no UTF-8 encodes them)."""
SHORTCUTS = {"1": "1-0", "0": "0-1", "=": "½-½", "½": "½-½", "+": "+-", "-": "-+", "--": "--"}
"""Results as typed on a score sheet, and what they mean."""


WRITE_PART = 20_000
"""The games written per transaction when an event is created (about 0.1 s of SQLite's
write lock)."""

ABANDONED = timedelta(hours=1)
"""An event still being written (version 0) this long after its creation began was
left by a server that stopped while writing it: the next store opened deletes it."""


class Turns:
    """Writes in the order they came (a ticket lock): each :meth:`turn` waits until the
    writes that asked before it are done. SQLite's own waiting (``busy_timeout``) retries
    at intervals, so a write could wait behind every part of a large creation."""

    def __init__(self) -> None:
        self._changed = threading.Condition()
        self._next = 0
        self._serving = 0

    @contextmanager
    def turn(self) -> Iterator[None]:
        with self._changed:
            ticket = self._next
            self._next += 1
            self._changed.wait_for(lambda: self._serving == ticket)
        try:
            yield
        finally:
            with self._changed:
                self._serving += 1
                self._changed.notify_all()


class _AnyTime:
    """No turns (PostgreSQL locks rows, not the database)."""

    @contextmanager
    def turn(self) -> Iterator[None]:
        yield


class Base(DeclarativeBase):
    pass


class EventRow(Base):
    __tablename__ = "events"
    id: Mapped[str] = mapped_column(String(36), primary_key=True)
    name: Mapped[str] = mapped_column(String(MAX_NAME))
    scoring: Mapped[str] = mapped_column(String(40))
    tiebreaks: Mapped[str | None] = mapped_column(Text, nullable=True)
    rules: Mapped[str | None] = mapped_column(String(40), nullable=True)
    schedule: Mapped[str] = mapped_column(String(10))
    version: Mapped[int] = mapped_column(Integer)
    secret_hash: Mapped[str] = mapped_column(String(64))
    created: Mapped[str] = mapped_column(String(40))
    source: Mapped[str | None] = mapped_column(Text, nullable=True)
    """An imported event as our JSON (byes, system, ratings …); its games' results are
    the games table's."""


class ParticipantRow(Base):
    __tablename__ = "participants"
    event_id: Mapped[str] = mapped_column(ForeignKey("events.id", ondelete="CASCADE"), primary_key=True)
    number: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(MAX_NAME))


class GameRow(Base):
    __tablename__ = "games"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    event_id: Mapped[str] = mapped_column(ForeignKey("events.id", ondelete="CASCADE"), index=True)
    round: Mapped[int] = mapped_column(Integer)
    board: Mapped[int] = mapped_column(Integer)
    white: Mapped[int] = mapped_column(Integer)
    black: Mapped[int] = mapped_column(Integer)
    result: Mapped[str | None] = mapped_column(String(20), nullable=True)


class ChangeRow(Base):
    __tablename__ = "changes"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    event_id: Mapped[str] = mapped_column(ForeignKey("events.id", ondelete="CASCADE"), index=True)
    version: Mapped[int] = mapped_column(Integer)
    at: Mapped[str] = mapped_column(String(40))
    client: Mapped[str] = mapped_column(String(100))
    what: Mapped[str] = mapped_column(String(20))
    game_id: Mapped[int | None] = mapped_column(Integer, nullable=True)
    before: Mapped[str | None] = mapped_column(String(MAX_NAME), nullable=True)
    after: Mapped[str | None] = mapped_column(String(MAX_NAME), nullable=True)
    undone: Mapped[int] = mapped_column(Integer, default=0)


class _Stale(Exception):
    """A write based on an old version (becomes :class:`Conflict` once rolled back)."""


class NotFound(CrosstableError):
    """No such event (or no such game in it)."""


class NotAllowed(CrosstableError):
    """A write without the editor secret (401) or with a wrong one (403)."""

    def __init__(self, message: str, status: int) -> None:
        super().__init__(message)
        self.status = status


class Conflict(CrosstableError):
    """A write based on a version that is no longer the event's (HTTP 409)."""

    def __init__(self, message: str, current: dict[str, Any]) -> None:
        super().__init__(message)
        self.current = current


@dataclass(frozen=True)
class NewEvent:
    """What an event is created from: names (the seeding) or a file's text."""

    name: str
    participants: Sequence[str] = ()
    scoring: str = "chess"
    tiebreaks: Sequence[str] | None = None
    rules: str | None = None
    schedule: str = "single"
    content: str | None = None
    seed_from: str | None = None
    """A standings to seed by (our ``--output json``, or any tournament file, ranked):
    the participants it ranks come first in its order, the others after, as given."""


def storable(text: str, field: str) -> str:
    """``text`` as it is, if a database can store it; else refused, naming the field
    (:data:`UNSTORABLE`)."""
    found = UNSTORABLE.search(text)
    if found is not None:
        raise CrosstableError(
            # TRANSLATORS: {field} names a field of the request (name, participants[2], content …), to keep as it
            # is; {character} is a character's code, such as U+0000.
            _("{field} holds the character {character}, which cannot be stored").format(
                field=field, character=f"U+{ord(found.group()):04X}"
            )
        )
    return text


def known_id(event_id: str) -> str:
    """``event_id`` if it is an id we make (a UUID's canonical text), else
    :class:`NotFound` at once, without asking the database (which need not take every
    text: PostgreSQL refuses U+0000)."""
    try:
        ours = str(uuid.UUID(event_id)) == event_id
    except (ValueError, TypeError):
        ours = False
    if not ours:
        raise NotFound(_("no event {event}").format(event=repr(event_id[:40])))
    return event_id


def criteria_text(tiebreaks: Sequence[str] | None) -> str | None:
    """Criteria as stored: a JSON list (``None``: the preset's or the default)."""
    return None if tiebreaks is None else json.dumps(list(tiebreaks), ensure_ascii=False)


def stored_criteria(text: str | None) -> list[str] | None:
    """Criteria as stored, read back: a JSON list; an event stored before, as the
    criteria joined by commas, split at the commas outside parentheses (``SB(2,1,0),DE``
    is two criteria), as :func:`~crosstable.tiebreaks.parse_list` splits.

    >>> stored_criteria('["SB(2,1,0)", "DE"]'), stored_criteria("SB(2,1,0),DE"), stored_criteria("")
    (['SB(2,1,0)', 'DE'], ['SB(2,1,0)', 'DE'], None)
    """
    if not text:
        return None
    if text.startswith("["):
        return [str(c) for c in json.loads(text)]
    items: list[str] = []
    depth, start = 0, 0
    for k, ch in enumerate(text):
        depth += (ch == "(") - (ch == ")")
        if ch == "," and depth == 0:
            items.append(text[start:k])
            start = k + 1
    return [*items, text[start:]]


def scoring_name(scoring: Scoring) -> str:
    """An imported event's scoring as stored: its name if a database can store it in
    :data:`MAX_SCORING` characters, else its values ``W:D:L`` (each at most 1,000 with
    a denominator of at most 1,000: 29 characters at most)."""
    name = scoring.name.strip()
    if 1 <= len(name) <= MAX_SCORING and UNSTORABLE.search(name) is None:
        return name
    return ":".join(fmt_decimal(v) for v in (scoring.win, scoring.draw, scoring.loss))


def now() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds")


def digest(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


def normal_result(text: str | None, scoring: str = "chess") -> str | None:
    """A result as typed, as the games lists write it; ``None`` for an empty one. It
    must fit the event: a football event takes scores in whole goals (``2:1``, ``3:0
    awd``), any other a game's result (``1-0``, ``½-½``, ``+-``, ``--``): one mistyped
    score would otherwise change what kind of event the whole table is."""
    if text is None or not text.strip():
        return None
    typed = text.strip()
    result = SHORTCUTS.get(typed, typed)
    parsed = parse_result(result) if len(result) <= 20 else None
    if parsed is None:
        raise CrosstableError(
            _("{typed} is not a result: type 1, 0, = (or ½), +, -, --, or a score such as 1-0 or 2:1").format(
                typed=repr(typed)
            )
        )
    white, black, status = parsed
    if scoring == "football":
        if white.denominator != 1 or black.denominator != 1 or status == PENDING:
            raise CrosstableError(
                _("{typed} is not a football score: type the goals, such as 2:1 (or 3:0 awd)").format(typed=repr(typed))
            )
    elif white + black not in (0, 1) or (white + black == 0 and status != FORFEIT):
        raise CrosstableError(
            _("{typed} is not a game's result: type 1, 0, = (or ½), +, -, -- (or 1-0, ½-½, 0-1)").format(
                typed=repr(typed)
            )
        )
    return result


def _sqlite_pragmas(dbapi_connection: Any, record: Any) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=FULL")
    cursor.execute("PRAGMA busy_timeout=10000")
    cursor.close()


def migrate(engine: Engine) -> None:
    """Create or upgrade the schema to the newest migration (Alembic)."""
    from alembic import command  # noqa: PLC0415 - heavy (~150 ms): only when a database is opened
    from alembic.config import Config  # noqa: PLC0415

    config = Config()
    config.set_main_option("script_location", str(resources.files("crosstable") / "migrations"))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "head")


def _record(s: Session, event_id: str, version: int, client: str, **what: Any) -> None:
    """One change in the event's record: its version, when, from which client, what."""
    s.add(ChangeRow(event_id=event_id, version=version, at=now(), client=UNSTORABLE.sub("?", client)[:100], **what))


def database_url(url: str) -> tuple[str, str]:
    """An SQLAlchemy URL for the store, and the same with its password hidden (for
    messages): ``sqlite:///PATH`` (a file: an in-memory database would lose everything
    at the end of each connection), ``postgresql://`` or ``postgres://`` (the psycopg 3
    driver)."""
    from sqlalchemy.engine import make_url  # noqa: PLC0415 - with SQLAlchemy, already imported here

    for prefix in ("postgresql://", "postgres://"):
        if url.startswith(prefix):
            url = "postgresql+psycopg://" + url[len(prefix) :]
    try:
        parsed = make_url(url)
    except Exception:
        raise CrosstableError(
            _("{url} is not a database URL: give sqlite:///PATH or postgresql://USER@HOST/DB").format(
                url=repr(url[:80])
            )
        ) from None
    shown = parsed.render_as_string(hide_password=True)
    if parsed.drivername not in ("sqlite", "postgresql+psycopg"):
        raise CrosstableError(
            _("{url}: give sqlite:///PATH or postgresql://USER@HOST/DB (psycopg 3)").format(url=shown)
        )
    if parsed.drivername == "sqlite" and parsed.database in (None, "", ":memory:"):
        raise CrosstableError(
            _("{url}: give a file, sqlite:///PATH (an in-memory database would be lost)").format(url=shown)
        )
    return url, shown


class EventStore:
    """Saved events in one database (an SQLAlchemy URL: ``sqlite:///path`` or
    ``postgresql+psycopg://user@host/db``); the schema is migrated on opening."""

    def __init__(self, url: str) -> None:
        url, _shown = database_url(url)
        sqlite = url.startswith("sqlite")
        self.engine = create_engine(url, connect_args={"check_same_thread": False} if sqlite else {})
        if sqlite:
            event.listen(self.engine, "connect", _sqlite_pragmas)
        migrate(self.engine)
        self.sessions = sessionmaker(self.engine, expire_on_commit=False)
        self.turns: Turns | _AnyTime = Turns() if sqlite else _AnyTime()
        self._abandoned()

    def close(self) -> None:
        self.engine.dispose()

    @contextmanager
    def _session(self) -> Iterator[Session]:
        """One write transaction, in its turn (:class:`Turns`)."""
        with self.turns.turn(), self.sessions.begin() as session:
            yield session

    def _abandoned(self) -> None:
        """Delete the events a stopped server left half-written (:data:`ABANDONED`)."""
        before = (datetime.now(UTC) - ABANDONED).isoformat(timespec="milliseconds")
        with self._session() as s:
            s.execute(delete(EventRow).where(EventRow.version == 0, EventRow.created < before))

    @contextmanager
    def _reading(self) -> Iterator[Session]:
        """A read of one state: a snapshot on PostgreSQL (repeatable read), so that a
        version and the results read with it belong together. On SQLite (pysqlite reads
        statement by statement) the results may be newer than the version read first,
        never older: standings labelled version V may hold a result of V+1."""
        with self.engine.connect() as connection:
            if connection.dialect.name == "postgresql":
                connection = connection.execution_options(isolation_level="REPEATABLE READ")
            with Session(bind=connection) as session, session.begin():
                yield session

    # -- creating ---------------------------------------------------------------------------
    def create(self, spec: NewEvent) -> tuple[str, str]:
        """A new event: its id and its editor secret (shown once); :func:`prepared`
        (the computing) then :meth:`insert` (the database)."""
        return self.insert(prepared(spec))

    def insert(self, new: Prepared) -> tuple[str, str]:
        """Store an event :func:`prepared` made: its id and its editor secret (shown once)."""
        secret = secrets.token_urlsafe(24)
        event_id = str(uuid.uuid4())
        row = EventRow(
            id=event_id,
            name=new.name,
            scoring=new.scoring,
            tiebreaks=new.tiebreaks,
            rules=new.rules,
            schedule=new.schedule,
            version=0,  # being written: seen by nobody until its last part (the module's docstring)
            created=now(),
            source=new.source,
            secret_hash=digest(secret),
        )
        with self._session() as s:
            s.add(row)
            s.flush()
            rows = [{"event_id": event_id, "number": k + 1, "name": n} for k, n in enumerate(new.names)]
            s.execute(insert(ParticipantRow), rows)
        try:
            for start in range(0, len(new.games), WRITE_PART):
                with self._session() as s:
                    s.execute(
                        insert(GameRow),
                        [
                            {"event_id": event_id, "round": r, "board": b, "white": w, "black": bl, "result": res}
                            for r, b, w, bl, res in new.games[start : start + WRITE_PART]
                        ],
                    )
            with self._session() as s:
                s.execute(update(EventRow).where(EventRow.id == event_id).values(version=1))
        except BaseException:
            with self._session() as s:  # nothing half-written is left behind
                s.execute(delete(EventRow).where(EventRow.id == event_id))
            raise
        return event_id, secret

    # -- reading ----------------------------------------------------------------------------
    def _row(self, s: Session, event_id: str) -> EventRow:
        row = s.get(EventRow, known_id(event_id))
        if row is None or row.version == 0:
            raise NotFound(_("no event {event}").format(event=repr(event_id)))
        return row

    def events(self) -> list[dict[str, Any]]:
        with self._reading() as s:
            rows = s.scalars(select(EventRow).where(EventRow.version > 0).order_by(EventRow.created)).all()
            return [{"id": r.id, "name": r.name, "version": r.version, "created": r.created} for r in rows]

    def version(self, event_id: str) -> int:
        """The event's version alone (a cheap read: has anything changed?)."""
        known_id(event_id)
        with self._reading() as s:
            found = s.scalar(select(EventRow.version).where(EventRow.id == event_id))
            if not found:  # none, or 0: still being written
                raise NotFound(_("no event {event}").format(event=repr(event_id)))
            return int(found)

    def view(self, event_id: str) -> dict[str, Any]:
        """The event as the API shows it: names, settings, version, rounds of games."""
        known_id(event_id)
        with self._reading() as s:
            return self._view(s, self._row(s, event_id))

    def _settings(self, row: EventRow) -> dict[str, Any]:
        return {
            "id": row.id,
            "name": row.name,
            "version": row.version,
            "scoring": row.scoring,
            "tiebreaks": stored_criteria(row.tiebreaks),
            "rules": row.rules,
            "schedule": row.schedule,
        }

    def _names(self, s: Session, event_id: str) -> list[str]:
        by_number = (
            select(ParticipantRow.name).where(ParticipantRow.event_id == event_id).order_by(ParticipantRow.number)
        )
        return list(s.scalars(by_number))

    def _games(self, s: Session, event_id: str, order: Any) -> list[Any]:
        """The games as plain rows ``(id, round, board, white, black, result)`` (no ORM
        objects: a 1,000-player round robin has half a million)."""
        columns = (GameRow.id, GameRow.round, GameRow.board, GameRow.white, GameRow.black, GameRow.result)
        return list(s.execute(select(*columns).where(GameRow.event_id == event_id).order_by(*order)))

    def _view(self, s: Session, row: EventRow) -> dict[str, Any]:
        names = self._names(s, row.id)
        rounds: dict[int, list[dict[str, Any]]] = {}
        for gid, rnd, board, white, black, result in self._games(s, row.id, (GameRow.round, GameRow.board)):
            rounds.setdefault(rnd, []).append(
                {"id": gid, "board": board, "white": names[white - 1], "black": names[black - 1], "result": result}
            )
        return {
            **self._settings(row),
            "participants": names,
            "rounds": [{"round": r, "games": rounds[r]} for r in sorted(rounds)],
        }

    def tournament(self, event_id: str) -> tuple[Tournament, dict[str, Any]]:
        """The event as a :class:`Tournament` (games not played yet are pending) and its
        settings (name, version, scoring, criteria), read in one snapshot."""
        found = self.stored(event_id)
        return found.tournament(), found.settings

    def stored(self, event_id: str) -> Stored:
        """The event as stored, read in one snapshot (no computing: :meth:`Stored.tournament`
        builds it, in a worker process for the web server)."""
        known_id(event_id)
        with self._reading() as s:
            row = self._row(s, event_id)
            settings, source = self._settings(row), row.source
            games = [tuple(g) for g in self._games(s, event_id, (GameRow.id,))]  # the order made: an import's own
            names = self._names(s, event_id)
        return Stored(settings, source, games, names)

    def changes(self, event_id: str, secret: str | None) -> list[dict[str, Any]]:
        """The record of changes (it names the clients: the editor secret is needed)."""
        known_id(event_id)
        with self._session() as s:
            self._authorised(self._row(s, event_id), secret)
            rows = s.scalars(select(ChangeRow).where(ChangeRow.event_id == event_id).order_by(ChangeRow.id)).all()
            return [
                {
                    "version": c.version,
                    "at": c.at,
                    "client": c.client,
                    "what": c.what,
                    "game": c.game_id,
                    "before": c.before,
                    "after": c.after,
                    "undone": bool(c.undone),
                }
                for c in rows
            ]

    # -- writing ----------------------------------------------------------------------------
    def _authorised(self, row: EventRow, secret: str | None) -> None:
        if not secret:
            raise NotAllowed(_("this change needs the event's editor secret (Authorization: Bearer …)"), 401)
        if not hmac.compare_digest(digest(secret), row.secret_hash):
            raise NotAllowed(_("the editor secret is not this event's"), 403)

    @contextmanager
    def _writing(self, event_id: str, version: int, secret: str | None) -> Iterator[tuple[Session, EventRow, int]]:
        """One write: the secret checked, the version raised from ``version`` (else
        :class:`Conflict`, nothing written), the session, the event and its new version."""
        known_id(event_id)
        try:
            with self._session() as s:
                row = self._row(s, event_id)
                self._authorised(row, secret)
                done = s.execute(
                    update(EventRow)
                    .where(EventRow.id == event_id, EventRow.version == version)
                    .values(version=EventRow.version + 1)
                    .execution_options(synchronize_session=False)
                )
                if done.rowcount != 1:  # type: ignore[attr-defined]
                    raise _Stale
                yield s, row, version + 1
        except _Stale:
            current = self.view(event_id)
            raise Conflict(
                _("the event changed since version {version}: it is at version {current}").format(
                    version=version, current=current["version"]
                ),
                current,
            ) from None

    def set_result(
        self, event_id: str, game_id: int, result: str | None, version: int, secret: str | None, client: str
    ) -> int:
        """Enter (or correct, or clear) a game's result; the event's new version."""
        with self._writing(event_id, version, secret) as (s, row, new):
            after = normal_result(result, row.scoring)
            game = s.get(GameRow, game_id)
            if game is None or game.event_id != event_id:
                raise NotFound(_("no game {game} in event {event}").format(game=game_id, event=repr(event_id)))
            before, game.result = game.result, after
            _record(s, event_id, new, client, what="result", game_id=game_id, before=before, after=after)
            return new

    def rename(self, event_id: str, name: str, version: int, secret: str | None, client: str) -> int:
        clean = event_name(name)
        with self._writing(event_id, version, secret) as (s, row, new):
            before = row.name
            s.execute(update(EventRow).where(EventRow.id == event_id).values(name=clean))
            _record(s, event_id, new, client, what="name", before=before, after=clean)
            return new

    def undo(self, event_id: str, version: int, secret: str | None, client: str) -> int:
        """Undo the last change not yet undone (itself recorded as a change)."""
        with self._writing(event_id, version, secret) as (s, _row, new):
            last = s.scalars(
                select(ChangeRow)
                .where(ChangeRow.event_id == event_id, ChangeRow.undone == 0, ChangeRow.what != "undo")
                .order_by(ChangeRow.id.desc())
                .limit(1)
            ).first()
            if last is None:
                raise CrosstableError(_("nothing to undo"))
            if last.what == "result" and last.game_id is not None:
                game = s.get(GameRow, last.game_id)
                assert game is not None
                game.result = last.before
            elif last.what == "name" and last.before is not None:
                s.execute(update(EventRow).where(EventRow.id == event_id).values(name=last.before))
            last.undone = 1
            _record(s, event_id, new, client, what="undo", game_id=last.game_id, before=last.after, after=last.before)
            return new

    def delete(self, event_id: str, secret: str | None) -> None:
        known_id(event_id)
        with self._session() as s:
            row = self._row(s, event_id)
            self._authorised(row, secret)
            s.delete(row)


@dataclass(frozen=True)
class Stored:
    """An event as read from the database, plain data (picklable: the web server builds
    and ranks it in a worker process): its settings (name, version, scoring, criteria,
    rules, schedule), an imported one's file as our JSON, its games ``(id, round, board,
    white, black, result)`` in the order they were made, its participants' names."""

    settings: dict[str, Any]
    source: str | None
    games: list[tuple[Any, ...]]
    names: list[str]

    def tournament(self) -> Tournament:
        """The event as a :class:`Tournament` (games not played yet are pending)."""
        return _built(self.settings, self.source, self.games, self.names)


@dataclass(frozen=True)
class Prepared:
    """An event made and checked, ready to be stored (picklable: it is made in a worker
    process by the web server): its row's settings, names, games ``(round, board,
    white, black, result)`` and, imported, its file as our JSON."""

    name: str
    scoring: str
    tiebreaks: str | None
    rules: str | None
    schedule: str
    names: list[str]
    games: list[tuple[int, int, int, int, str | None]]
    source: str | None


def prepared(spec: NewEvent, check: Callable[[Standings], object] | None = None) -> Prepared:
    """The event ``spec`` makes, every field checked, its file imported or its names
    seeded and paired, and the event as it will be read back ranked once (criteria or
    rules it cannot be ranked by are refused now, not on every reading of its standings),
    that ranking given to ``check``: all the computing of a creation, no database."""
    name = event_name(spec.name)
    if spec.schedule not in ("single", "double"):
        raise CrosstableError(_("schedule {schedule}: single or double").format(schedule=repr(spec.schedule)))
    Scoring.parse(spec.scoring)
    tiebreaks = None if spec.tiebreaks is None else [c.strip() for c in spec.tiebreaks]
    if tiebreaks is not None:
        parse_list(tiebreaks)
    rules = None if spec.rules is None else spec.rules.strip().lower()
    if rules is not None and rules not in PRESETS:
        raise CrosstableError(
            _("unknown rules preset {rules}; known: {known}").format(
                rules=repr(spec.rules), known=", ".join(sorted(PRESETS))
            )
        )
    names, games, source, scoring = _pairings(spec)
    new = Prepared(
        name=name,
        scoring=scoring,
        tiebreaks=None if tiebreaks is None else storable(str(criteria_text(tiebreaks)), "tiebreaks"),
        rules=rules,
        schedule=spec.schedule,
        names=names,
        games=games,
        source=source,
    )
    settings: dict[str, Any] = {"name": name, "scoring": scoring, "schedule": spec.schedule}
    t = _built(settings, source, [(0, *g) for g in games], names)
    ranked = rank(t, tiebreaks, rules=rules)
    if check is not None:
        check(ranked)
    return new


def _pairings(spec: NewEvent) -> tuple[list[str], list[tuple[int, int, int, int, str | None]], str | None, str]:
    """The participants, the games ``(round, board, white, black, result)``, for an
    imported event the event as our JSON, and the scoring (an import's own)."""
    source, scoring = None, spec.scoring
    games: list[tuple[int, int, int, int, str | None]] = []
    if spec.content is not None:
        t = read_text(spec.content, source="import")
        if t.kind == "game_points" or t.groups is not None:
            raise CrosstableError(_("import an individual event or a league (a team event or groups cannot be saved)"))
        assert t.rounds is not None
        boards: dict[int, int] = {}
        for k, g in enumerate(t.games):
            rnd = int(t.rounds[k]) or 1
            boards[rnd] = boards.get(rnd, 0) + 1
            games.append(
                (rnd, boards[rnd], g.white + 1, g.black + 1, None if g.status == PENDING else _result_text(t, k))
            )
        names, source, scoring = list(t.names), storable(write_json(t), "content"), scoring_name(t.scoring)
        # TRANSLATORS: {field} is a field of the request (content: the file imported), to keep as it is;
        # {number} is a participant's number in that file.
        participant = _("{field} (participant {number})")
        for k, n in enumerate(names):
            _participant_name(n, participant.format(field="content", number=k + 1))
    else:
        names = [" ".join(n.split()) for n in spec.participants]
        for k, n in enumerate(names):
            _participant_name(n, f"participants[{k}]")
        scoring = Scoring.parse(spec.scoring).name
        if spec.seed_from is not None:
            names = seeded(names, spec.seed_from)
    if not 2 <= len(names) <= MAX_PARTICIPANTS:
        raise CrosstableError(
            _("an event needs 2 to {most} participants, not {count}").format(
                most=integer_text(MAX_PARTICIPANTS), count=integer_text(len(names))
            )
        )
    if len(set(names)) != len(names):
        dup = next(n for k, n in enumerate(names) if n in names[:k])
        raise CrosstableError(_("participant {name} is listed twice").format(name=repr(dup)))
    if spec.content is None:
        schedule = Schedule.make(names, double=spec.schedule == "double")
        games = [(p.round, p.board, p.white, p.black, None) for rnd in schedule.rounds for p in rnd if not p.bye]
    return names, games, source, scoring


def event_name(typed: str) -> str:
    """An event's name as stored: its spaces collapsed, 1 to :data:`MAX_NAME`
    characters a database can store."""
    name = " ".join(typed.split())
    if not name or len(name) > MAX_NAME:
        raise CrosstableError(_("an event needs a name of 1 to {most} characters").format(most=MAX_NAME))
    return storable(name, "name")


def _participant_name(name: str, field: str) -> None:
    """A participant's name as stored (spaces collapsed): 1 to :data:`MAX_NAME`
    characters a database can store, else refused naming the field."""
    if not name or len(name) > MAX_NAME:
        # TRANSLATORS: {field} names a field of the request (participants[2], content (participant 3)), to keep.
        raise CrosstableError(_("{field} needs a name of 1 to {most} characters").format(field=field, most=MAX_NAME))
    storable(name, field)


def _built(settings: dict[str, Any], source: str | None, games: Sequence[Any], names: list[str]) -> Tournament:
    """The event as a :class:`Tournament`: an imported one's file (our JSON) with its
    games' results as they now stand, else the games ``(id, round, board, white,
    black, result)`` of the Berger tables."""
    if source is not None:
        imported = _with_results(read_json(source), [g[5] for g in games])
        imported.info["012"] = settings["name"]
        return imported
    t = _tournament(names, games, Scoring.parse(settings["scoring"]))
    t.source = settings["name"]
    t.info["012"] = settings["name"]
    t.rounds_total = max((g[1] for g in games), default=0) or None
    if settings["schedule"] == "double":
        t.system, t.system_reason = "round-robin", _("the Berger tables (double round robin)")
    else:
        t.system, t.system_reason = "round-robin", _("the Berger tables (single round robin)")
    return t


def seeded(names: list[str], standings: str) -> list[str]:
    """The names in the order of a standings (:func:`~crosstable.io.seeding.standings_order`);
    names it does not rank keep their order after those it does."""
    order = standings_order(standings, source="seeding")
    place = {name_key(n): k for k, n in enumerate(order)}
    return sorted(names, key=lambda n: place.get(name_key(n), len(order)))


def _scores(results: Sequence[str | None], base: int = 1) -> tuple[IntArray, IntArray, IntArray, int]:
    """Stored results as columns: each side's score in units of a common denominator
    (a multiple of ``base``), each game's status, the denominator; a few distinct
    results parsed once (a 300-player round robin has 44,850 games)."""
    texts = [r or "*" for r in results]
    parsed = {text: parse_result(text) for text in set(texts)}
    scores = {text: p for text, p in parsed.items() if p is not None}
    if len(scores) != len(parsed):
        raise CrosstableError(_("a stored result cannot be read"))
    den = math.lcm(base, *(x.denominator for p in scores.values() for x in p[:2]))
    units = {text: (int(p[0] * den), int(p[1] * den), p[2]) for text, p in scores.items()}
    rows = np.array([units[text] for text in texts], dtype=np.int64).reshape(-1, 3)
    return rows[:, 0], rows[:, 1], rows[:, 2], den


def _tournament(names: list[str], games: Sequence[Any], scoring: Scoring) -> Tournament:
    """The tournament of the games ``(id, round, board, white, black, result)``, built
    column-wise. Its kind follows the scoring (:func:`normal_result` keeps every result
    a football score, or a game's result, accordingly)."""
    white, black, status, den = _scores([g[5] for g in games])
    columns = np.array([(g[3] - 1, g[4] - 1, g[1]) for g in games], dtype=np.int64).reshape(-1, 3)
    return Tournament(
        names=names,
        white=columns[:, 0],
        black=columns[:, 1],
        white_score=white,
        black_score=black,
        score_denominator=den,
        rounds=columns[:, 2],
        status=status,
        kind="goals" if scoring.name == "football" else "result",
        scoring=scoring,
    )


def _with_results(t: Tournament, results: Sequence[str | None]) -> Tournament:
    """An imported event with its games' results as they now stand (in the file's order
    of games; a one-sided decision of the file is kept while its game is unchanged)."""
    assert t.status is not None
    if len(results) != len(t.white):
        raise CrosstableError(_("the event's games no longer match its imported file"))
    white, black, status, den = _scores(results, t.score_denominator)
    scale = den // t.score_denominator
    same = (white == t.white_score * scale) & (black == t.black_score * scale) & (status == t.status)
    override = None
    if t.outcome_override is not None:
        override = np.where(same[:, None], t.outcome_override, -1)
    return dataclasses.replace(
        t, white_score=white, black_score=black, status=status, score_denominator=den, outcome_override=override
    )


def _result_text(t: Tournament, k: int) -> str:
    """Game ``k`` of an imported event as the games lists write its result (a forfeit
    as ``+-``, ``-+``, ``--``, or a football score with ``awd``)."""
    assert t.status is not None
    d = t.score_denominator
    white, black = Fraction(int(t.white_score[k]), d), Fraction(int(t.black_score[k]), d)
    if t.kind == "goals":
        return f"{fmt_vulgar(white)}:{fmt_vulgar(black)}" + (" awd" if t.status[k] == FORFEIT else "")
    if t.status[k] == FORFEIT:
        return "+-" if white > black else "-+" if black > white else "--"
    return f"{fmt_vulgar(white)}-{fmt_vulgar(black)}"


__all__ = [
    "Conflict",
    "EventStore",
    "NewEvent",
    "NotAllowed",
    "NotFound",
    "Prepared",
    "Stored",
    "normal_result",
    "prepared",
]
