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
- **A round robin** is paired at creation by the Berger tables; a withdrawal there is
  its forfeits (``-`` or ``+``). An event imported from a file (TRF, our JSON, a games
  list) keeps its own pairings and results.
- **A Swiss event** (``schedule="swiss"``, its ``rounds``) is paired round by round by
  the FIDE Dutch system through :mod:`crosstable.pairing` (:func:`paired_round`; the
  computing apart from the database, in a worker for the web server, then
  :meth:`EventStore.set_round`), once every result of the round before is in; a round
  is paired again, or by hand (:func:`hand_round`: every participant on one board or
  with one bye; a rematch, a second pairing-allocated bye and any difference from the
  engine's pairing said in its verdict), until its first result. Created from names
  and ratings, the participants are numbered in FIDE's initial ranking (the pairing
  numbers); imported from a TRF in progress, by its start numbers. A late entry
  (:meth:`EventStore.enter_late`) takes the next number and is paired from the next
  round; a withdrawal (:meth:`EventStore.withdraw`) is not paired from the next round.
  Byes are rows of their own: the pairing-allocated bye, and the half- and zero-point
  byes asked for a round (a bye asked ahead for a round not paired yet does not pair
  it). Pairings, late entries and withdrawals are changes like results: recorded and
  undone.
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
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from fractions import Fraction
from importlib import resources
from typing import Any

import numpy as np
from sqlalchemy import ForeignKey, Integer, String, Text, create_engine, delete, event, func, insert, select, update
from sqlalchemy.engine import Engine
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column, sessionmaker

from crosstable.errors import CrosstableError
from crosstable.fields import RATING, ROUNDS, Range, whole_argument
from crosstable.i18n import _, integer_text, ngettext
from crosstable.io import read_text
from crosstable.io.jsonfmt import read_json, write_json
from crosstable.io.seeding import standings_order
from crosstable.io.trf import rules_of_date
from crosstable.model import FORFEIT, PENDING, PLAYED, Bye, IntArray, Scoring, Tournament, parse_result
from crosstable.names import name_key
from crosstable.numbers import fmt_decimal, fmt_vulgar, json_number
from crosstable.pairing import initial_ranking, pair_next
from crosstable.ranking import Standings, rank
from crosstable.rules import PRESETS
from crosstable.schedule import Schedule
from crosstable.tiebreaks import parse_list
from crosstable.tiebreaks.go import GO_SCORING, rank_value, start_score, with_start_scores

MAX_PARTICIPANTS = 1000
SWISS = "swiss"
"""The schedule of an event paired round by round by the FIDE Dutch system."""
SWISS_ROUNDS = Range(1, 99, ROUNDS.message)
"""A Swiss event's rounds."""
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
    """``single`` or ``double`` (a round robin's Berger tables), ``swiss`` (paired round by round)."""
    rounds: Mapped[int | None] = mapped_column(Integer, nullable=True)
    """A Swiss event's rounds, as announced."""
    start_date: Mapped[str | None] = mapped_column(String(40), nullable=True)
    """An imported Swiss's start date as its file gives it (TRF ``042``: the edition of C.07)."""
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
    rating: Mapped[int | None] = mapped_column(Integer, nullable=True)
    title: Mapped[str | None] = mapped_column(String(3), nullable=True)
    sex: Mapped[str | None] = mapped_column(String(1), nullable=True)
    born: Mapped[int | None] = mapped_column(Integer, nullable=True)
    federation: Mapped[str | None] = mapped_column(String(3), nullable=True)
    entered: Mapped[int | None] = mapped_column(Integer, nullable=True)
    """A late entry's first round (None: from the first)."""
    withdrawn: Mapped[int | None] = mapped_column(Integer, nullable=True)
    """A withdrawn participant's first round not paired (None: not withdrawn)."""


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
    detail: Mapped[str | None] = mapped_column(Text, nullable=True)
    """What an undo needs beyond ``before``: a round's pairings as they were (JSON)."""


class ByeRow(Base):
    """A Swiss round's bye: the pairing-allocated bye (``pab``) or a requested one
    (``half``, ``zero``)."""

    __tablename__ = "byes"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    event_id: Mapped[str] = mapped_column(ForeignKey("events.id", ondelete="CASCADE"), index=True)
    round: Mapped[int] = mapped_column(Integer)
    participant: Mapped[int] = mapped_column(Integer)
    kind: Mapped[str] = mapped_column(String(10))


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
    ratings: Sequence[int | None] = ()
    """The participants' ratings (a Swiss event's initial ranking), None for an unrated one."""
    rounds: int | None = None
    """A Swiss event's rounds (``schedule="swiss"``)."""
    go_ranks: Sequence[str] = ()
    """A McMahon round robin's participants' go ranks (``5k``, ``2d``), in their order:
    each starts from the McMahon score of its rank (scoring ``go``)."""
    bar: str | None = None
    """A McMahon round robin's bar (a rank): the players above it start as at it."""


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
            rounds=new.rounds,
            start_date=new.start_date,
            version=0,  # being written: seen by nobody until its last part (the module's docstring)
            created=now(),
            source=new.source,
            secret_hash=digest(secret),
        )
        with self._session() as s:
            s.add(row)
            s.flush()
            ratings = new.ratings or [None] * len(new.names)
            titles = new.titles or [None] * len(new.names)
            data = new.data or [(None, None, None)] * len(new.names)
            rows = [
                {
                    "event_id": event_id,
                    "number": k + 1,
                    "name": n,
                    "rating": r,
                    "title": title,
                    "sex": sex,
                    "born": born,
                    "federation": fed,
                }
                for k, (n, r, title, (sex, born, fed)) in enumerate(zip(new.names, ratings, titles, data, strict=True))
            ]
            s.execute(insert(ParticipantRow), rows)
            for rnd, number, kind in new.byes:
                s.add(ByeRow(event_id=event_id, round=rnd, participant=number, kind=kind))
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
            "rounds_total": row.rounds,
            "start_date": row.start_date,
        }

    def _names(self, s: Session, event_id: str) -> list[str]:
        by_number = (
            select(ParticipantRow.name).where(ParticipantRow.event_id == event_id).order_by(ParticipantRow.number)
        )
        return list(s.scalars(by_number))

    def _players(self, s: Session, event_id: str) -> list[Player]:
        columns = (
            ParticipantRow.name,
            ParticipantRow.rating,
            ParticipantRow.title,
            ParticipantRow.entered,
            ParticipantRow.withdrawn,
            ParticipantRow.sex,
            ParticipantRow.born,
            ParticipantRow.federation,
        )
        by_number = select(*columns).where(ParticipantRow.event_id == event_id).order_by(ParticipantRow.number)
        return [Player(*row) for row in s.execute(by_number)]

    def _byes(self, s: Session, event_id: str) -> list[tuple[int, int, str]]:
        columns = (ByeRow.round, ByeRow.participant, ByeRow.kind)
        found = select(*columns).where(ByeRow.event_id == event_id).order_by(ByeRow.round, ByeRow.id)
        return [(int(r), int(p), str(k)) for r, p, k in s.execute(found)]

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
        view = {
            **self._settings(row),
            "participants": names,
            "rounds": [{"round": r, "games": rounds[r]} for r in sorted(rounds)],
        }
        if row.schedule == SWISS:  # the players' data, each round's byes, the next round to pair
            players = self._players(s, row.id)
            view["players"] = [{"number": k + 1, **dataclasses.asdict(p)} for k, p in enumerate(players)]
            byes: dict[int, list[dict[str, Any]]] = {}
            for rnd, number, kind in self._byes(s, row.id):
                byes.setdefault(rnd, []).append({"name": names[number - 1], "kind": kind})
            view["rounds"] = [
                {"round": r, "games": rounds.get(r, []), "byes": byes.get(r, [])} for r in sorted({*rounds, *byes})
            ]
            view["next_round"] = _next_round(view["rounds"])
        return view

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
            players = self._players(s, event_id)
            byes = self._byes(s, event_id) if row.schedule == SWISS else []
        return Stored(settings, source, games, [p.name for p in players], players, byes)

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
            else:
                self._undo_swiss(s, event_id, last)
            last.undone = 1
            what = (
                {"before": last.after, "after": last.before}
                if last.what in ("result", "name")
                else {"after": last.what}
            )
            _record(s, event_id, new, client, what="undo", game_id=last.game_id, **what)
            return new

    # -- a Swiss event, round by round -----------------------------------------------------
    def _swiss(self, row: EventRow) -> None:
        if row.schedule != SWISS:
            raise CrosstableError(_("this event is a round robin: its rounds are the Berger tables"))

    def _round_rows(self, s: Session, event_id: str, k: int) -> tuple[list[GameRow], list[ByeRow]]:
        games = list(s.scalars(select(GameRow).where(GameRow.event_id == event_id, GameRow.round == k)))
        byes = list(s.scalars(select(ByeRow).where(ByeRow.event_id == event_id, ByeRow.round == k)))
        return games, byes

    def _paired_rounds(self, s: Session, event_id: str) -> int:
        """The last round with pairings (0 before the first)."""
        last_game = s.scalar(select(func.max(GameRow.round)).where(GameRow.event_id == event_id))
        last_bye = s.scalar(select(func.max(ByeRow.round)).where(ByeRow.event_id == event_id, ByeRow.kind == "pab"))
        return max(int(last_game or 0), int(last_bye or 0))

    def set_round(
        self, event_id: str, plan: RoundPlan, version: int, secret: str | None, client: str, again: bool = False
    ) -> int:
        """Store round ``plan.round`` of a Swiss event (paired by :func:`paired_round`, or
        by hand: :func:`hand_round`): a new round, or, ``again``, in place of the round's
        pairings while none of its results is in. The event's new version."""
        with self._writing(event_id, version, secret) as (s, row, new):
            self._swiss(row)
            k = plan.round
            games, byes = self._round_rows(s, event_id, k)
            last = self._paired_rounds(s, event_id)
            if again:
                if not games and not any(b.kind == "pab" for b in byes):
                    raise CrosstableError(_("round {round} is not paired yet").format(round=k))
                if any(g.result is not None for g in games):
                    raise CrosstableError(
                        _("round {round} has results: it can be paired again only before its first result").format(
                            round=k
                        )
                    )
                if k != last:
                    raise CrosstableError(
                        _("only the last round paired, {round}, can be paired again").format(round=last)
                    )
            elif k != last + 1:
                raise CrosstableError(
                    _("round {round} cannot be paired now: the next round to pair is {next}").format(
                        round=k, next=last + 1
                    )
                )
            # what the round held (its pairings, or the byes asked for it ahead), for the undo
            before = None
            if games or byes:
                before = json.dumps(
                    {
                        "games": [[g.board, g.white, g.black] for g in games],
                        "byes": [[b.participant, b.kind] for b in byes],
                    }
                )
            for old in [*games, *byes]:
                s.delete(old)
            s.flush()
            count = s.scalar(
                select(func.count()).select_from(ParticipantRow).where(ParticipantRow.event_id == event_id)
            )
            if any(not 1 <= n <= int(count or 0) for _b, w, bl in plan.boards for n in (w, bl)):
                raise CrosstableError(_("the pairings name a participant the event does not have"))
            if plan.boards:
                s.execute(
                    insert(GameRow),
                    [
                        {"event_id": event_id, "round": k, "board": b, "white": w, "black": bl, "result": None}
                        for b, w, bl in plan.boards
                    ],
                )
            for number, kind in plan.byes:
                s.add(ByeRow(event_id=event_id, round=k, participant=number, kind=kind))
            what = "pairing" if plan.by_hand else "pair"
            _record(s, event_id, new, client, what=what, before=None, after=str(k), detail=before)
            return new

    def enter_late(
        self, event_id: str, name: str, rating: int | None, version: int, secret: str | None, client: str
    ) -> int:
        """A late entry into a Swiss event: paired from the next round (the rounds before
        are absences). The event's new version."""
        clean = " ".join(str(name).split())
        _participant_name(clean, "name")
        if rating is not None:
            rating = whole_argument(rating, RATING, "rating")
        with self._writing(event_id, version, secret) as (s, row, new):
            self._swiss(row)
            names = self._names(s, event_id)
            if clean in names:
                raise CrosstableError(_("participant {name} is listed twice").format(name=repr(clean)))
            if len(names) >= MAX_PARTICIPANTS:
                raise CrosstableError(
                    _("an event needs 2 to {most} participants, not {count}").format(
                        most=integer_text(MAX_PARTICIPANTS), count=integer_text(len(names) + 1)
                    )
                )
            first = self._paired_rounds(s, event_id) + 1
            if row.rounds is not None and first > row.rounds:
                raise CrosstableError(_("every round is paired: nobody can enter now"))
            number = len(names) + 1
            s.add(ParticipantRow(event_id=event_id, number=number, name=clean, rating=rating, entered=first))
            _record(s, event_id, new, client, what="entry", before=None, after=clean, detail=str(number))
            return new

    def withdraw(self, event_id: str, name: str, version: int, secret: str | None, client: str) -> int:
        """A participant of a Swiss event withdrawn: not paired from the next round on (the
        games already paired and not played are the arbiter's: forfeits). The new version."""
        with self._writing(event_id, version, secret) as (s, row, new):
            self._swiss(row)
            found = s.scalars(
                select(ParticipantRow).where(ParticipantRow.event_id == event_id, ParticipantRow.name == name)
            ).first()
            if found is None:
                raise CrosstableError(_("{name} is not a participant").format(name=repr(name)))
            if found.withdrawn is not None:
                raise CrosstableError(
                    _("{name} has withdrawn already (from round {round})").format(
                        name=repr(name), round=found.withdrawn
                    )
                )
            found.withdrawn = self._paired_rounds(s, event_id) + 1
            _record(s, event_id, new, client, what="withdrawal", before=name, after=str(found.withdrawn))
            return new

    def _undo_swiss(self, s: Session, event_id: str, last: ChangeRow) -> None:
        """Undo a Swiss event's change: a round paired (by the engine or by hand), a late
        entry, a withdrawal."""
        if last.what in ("pair", "pairing"):
            k = int(last.after or 0)
            games, byes = self._round_rows(s, event_id, k)
            if any(g.result is not None for g in games):
                raise CrosstableError(_("round {round} has results: undo them first").format(round=k))
            for old in [*games, *byes]:
                s.delete(old)
            s.flush()
            if last.detail:  # paired again, or by hand: the pairings as they were
                former = json.loads(last.detail)
                for board, white, black in former["games"]:
                    s.add(GameRow(event_id=event_id, round=k, board=board, white=white, black=black, result=None))
                for number, kind in former["byes"]:
                    s.add(ByeRow(event_id=event_id, round=k, participant=number, kind=kind))
        elif last.what == "entry":
            s.execute(
                delete(ParticipantRow).where(
                    ParticipantRow.event_id == event_id, ParticipantRow.number == int(last.detail or 0)
                )
            )
        elif last.what == "withdrawal":
            s.execute(
                update(ParticipantRow)
                .where(ParticipantRow.event_id == event_id, ParticipantRow.name == last.before)
                .values(withdrawn=None)
            )

    def delete(self, event_id: str, secret: str | None) -> None:
        known_id(event_id)
        with self._session() as s:
            row = self._row(s, event_id)
            self._authorised(row, secret)
            s.delete(row)


@dataclass(frozen=True)
class Player:
    """A participant as stored: a Swiss event's rating and title, its late entry's
    first round and its withdrawal's first round not paired."""

    name: str
    rating: int | None = None
    title: str | None = None
    entered: int | None = None
    withdrawn: int | None = None
    sex: str | None = None
    born: int | None = None
    federation: str | None = None


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
    players: list[Player] = dataclasses.field(default_factory=list)
    byes: list[tuple[int, int, str]] = dataclasses.field(default_factory=list)
    """A Swiss event's byes: ``(round, number, kind)``."""

    def tournament(self) -> Tournament:
        """The event as a :class:`Tournament` (games not played yet are pending)."""
        return _built(self.settings, self.source, self.games, self.names, self.players, self.byes)


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
    ratings: list[int | None] = dataclasses.field(default_factory=list)
    rounds: int | None = None
    titles: list[str | None] = dataclasses.field(default_factory=list)
    byes: list[tuple[int, int, str]] = dataclasses.field(default_factory=list)
    """An imported Swiss's byes: ``(round, number, kind)``."""
    start_date: str | None = None
    data: list[tuple[str | None, int | None, str | None]] = dataclasses.field(default_factory=list)
    """An imported Swiss's participants' sex, year of birth and federation."""


@dataclass(frozen=True)
class _Imported:
    names: list[str]
    ratings: list[int | None]
    titles: list[str | None]
    games: list[tuple[int, int, int, int, str | None]]
    byes: list[tuple[int, int, str]]
    rounds: int
    scoring: str
    start_date: str | None
    data: list[tuple[str | None, int | None, str | None]]


SWISS_BYES = {"pab": "pab", "full": "pab", "half": "half", "zero": "zero"}
"""A file's byes as a saved Swiss keeps them (a full-point bye as the pairing-allocated one)."""


def _swiss_import(spec: NewEvent) -> _Imported:
    """A Swiss in progress imported from a file (a TRF), to be run on here: its start
    numbers (the pairing numbers), names, ratings, titles, games with their results, its
    byes, and its rounds (``rounds``, else the file's ``XXR``). What else the file holds
    (federations, birth dates, its other records) is not kept."""
    t = read_text(str(spec.content), source="import")
    if t.kind != "result" or t.squad is not None or t.boards is not None or t.groups is not None:
        raise CrosstableError(_("only an individual event can be paired by the Dutch system"))
    assert t.rounds is not None and t.status is not None
    if len(t.rounds) and not t.rounds.all():
        raise CrosstableError(_("the games have no round numbers: a Swiss event is paired round by round"))
    last = max([int(t.rounds.max()) if len(t.rounds) else 0] + [b.round for b in t.byes])
    given = spec.rounds if spec.rounds is not None else t.rounds_total
    if given is None:
        raise CrosstableError(_("a Swiss event needs its number of rounds"))
    rounds = whole_argument(given, SWISS_ROUNDS, "rounds")
    if rounds < last:
        raise CrosstableError(
            _("the file's games reach round {last}: the event needs at least {last} rounds").format(last=last)
        )
    names = list(t.names)
    for k, n in enumerate(names):
        _participant_name(n, _("{field} (participant {number})").format(field="content", number=k + 1))
    boards: dict[int, int] = {}
    games: list[tuple[int, int, int, int, str | None]] = []
    for k in sorted(range(len(t.white)), key=lambda g: int(t.rounds[g])):  # type: ignore[index]
        rnd = int(t.rounds[k])
        boards[rnd] = boards.get(rnd, 0) + 1
        result = None if t.status[k] == PENDING else _result_text(t, k)
        games.append((rnd, boards[rnd], int(t.white[k]) + 1, int(t.black[k]) + 1, result))
    byes = [(b.round, b.participant + 1, SWISS_BYES[b.kind]) for b in t.byes if b.kind in SWISS_BYES]
    return _Imported(
        names=names,
        ratings=list(t.ratings) if t.ratings else [None] * len(names),
        titles=[x or None for x in t.titles] if t.titles else [None] * len(names),
        games=games,
        byes=byes,
        rounds=rounds,
        scoring=scoring_name(t.scoring),
        start_date=None if t.start_date is None else storable(t.start_date[:40], "content"),
        data=[
            (
                (t.sexes[k] or None) if t.sexes else None,
                t.birth_years[k] if t.birth_years else None,
                storable(t.federations[k][:3], "content") or None if t.federations else None,
            )
            for k in range(len(names))
        ],
    )


def prepared(spec: NewEvent, check: Callable[[Standings], object] | None = None) -> Prepared:
    """The event ``spec`` makes, every field checked, its file imported or its names
    seeded and paired, and the event as it will be read back ranked once (criteria or
    rules it cannot be ranked by are refused now, not on every reading of its standings),
    that ranking given to ``check``: all the computing of a creation, no database."""
    name = event_name(spec.name)
    if spec.schedule not in ("single", "double", SWISS):
        raise CrosstableError(_("schedule {schedule}: single, double or swiss").format(schedule=repr(spec.schedule)))
    starts = _go_starts(spec)
    imported = _swiss_import(spec) if spec.schedule == SWISS and spec.content is not None else None
    rounds = imported.rounds if imported is not None else _swiss_rounds(spec)
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
    titles: list[str | None] = []
    byes: list[tuple[int, int, str]] = []
    if imported is not None:  # a Swiss in progress: its file's numbers, games and byes
        names, games, source, scoring = imported.names, imported.games, None, imported.scoring
        ratings, titles, byes = imported.ratings, imported.titles, imported.byes
    else:
        names, games, source, scoring = _pairings(spec, starts)
        ratings = _ratings(spec, names)
        if spec.schedule == SWISS:  # numbered in FIDE's initial ranking: the pairing numbers
            names, ratings = _initial_ranking(names, ratings)
    new = Prepared(
        name=name,
        scoring=scoring,
        tiebreaks=None if tiebreaks is None else storable(str(criteria_text(tiebreaks)), "tiebreaks"),
        rules=rules,
        schedule=spec.schedule,
        names=names,
        games=games,
        source=source,
        ratings=ratings,
        rounds=rounds,
        titles=titles,
        byes=byes,
        start_date=imported.start_date if imported is not None else None,
        data=imported.data if imported is not None else [],
    )
    settings: dict[str, Any] = {
        "name": name,
        "scoring": scoring,
        "schedule": spec.schedule,
        "rounds_total": rounds,
        "start_date": new.start_date,
    }
    data = new.data or [(None, None, None)] * len(names)
    players = [
        Player(n, r, title, sex=sex, born=born, federation=fed)
        for n, r, title, (sex, born, fed) in zip(
            names, ratings or [None] * len(names), titles or [None] * len(names), data, strict=True
        )
    ]
    t = _built(settings, source, [(0, *g) for g in games], names, players=players, byes=byes)
    ranked = rank(t, tiebreaks, rules=rules)
    if check is not None:
        check(ranked)
    return new


def _pairings(
    spec: NewEvent, starts: dict[str, tuple[str, Fraction]] | None = None
) -> tuple[list[str], list[tuple[int, int, int, int, str | None]], str | None, str]:
    """The participants, the games ``(round, board, white, black, result)``, for an
    imported event or a McMahon round robin (``starts``, :func:`_go_starts`) the event
    as our JSON, and the scoring (an import's own)."""
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
    if spec.content is None and spec.schedule != SWISS:
        schedule = Schedule.make(names, double=spec.schedule == "double")
        games = [(p.round, p.board, p.white, p.black, None) for rnd in schedule.rounds for p in rnd if not p.bye]
    if starts is not None:
        source = _mcmahon_source(names, games, starts)
    return names, games, source, scoring


def _go_starts(spec: NewEvent) -> dict[str, tuple[str, Fraction]] | None:
    """A McMahon round robin's participants (by name) with their go ranks and start
    scores (EGF Tournament System Rules, "Tournament Systems": rank and bar,
    :func:`~crosstable.tiebreaks.go.start_score`); none without go ranks. A McMahon
    Swiss is refused: no pairing engine for it runs here (OpenGotha's is Java; it would
    take running its jar per round, or a Python port of its pairer); so are go ranks
    given with an imported file, which has its own."""
    if not spec.go_ranks:
        return None
    if spec.schedule == SWISS or spec.content is not None:
        raise CrosstableError(
            _(
                "go ranks make a McMahon round robin (schedule single or double): a McMahon Swiss has no "
                "pairing engine here; pair it in OpenGotha and import its file"
            )
        )
    if Scoring.parse(spec.scoring).name != "go":
        raise CrosstableError(_("go ranks are for a go event: give the scoring go"))
    if len(spec.go_ranks) != len(spec.participants):
        raise CrosstableError(
            _("{ranks} go ranks for {count} participants: give one for each, in their order").format(
                ranks=integer_text(len(spec.go_ranks)), count=integer_text(len(spec.participants))
            )
        )
    values: list[int] = []
    for k, text in enumerate(spec.go_ranks):
        value = rank_value(str(text).strip())
        if value is None:
            raise CrosstableError(
                _("go_ranks[{index}]: {rank} is not a go rank (30k to 1k, 1d to 9d, 1p to 9p)").format(
                    index=k, rank=repr(text)
                )
            )
        values.append(value)
    bar = None
    if spec.bar is not None:
        bar = rank_value(spec.bar.strip())
        if bar is None:
            raise CrosstableError(
                _("bar: {rank} is not a go rank (30k to 1k, 1d to 9d, 1p to 9p)").format(rank=repr(spec.bar))
            )
    return {
        " ".join(name.split()): (str(text).strip().lower(), Fraction(start_score(value, bar)))
        for name, text, value in zip(spec.participants, spec.go_ranks, values, strict=True)
    }


def _mcmahon_source(
    names: list[str], games: list[tuple[int, int, int, int, str | None]], starts: dict[str, tuple[str, Fraction]]
) -> str:
    """A McMahon round robin kept as our JSON (as an imported event is): its
    participants' go ranks and start scores (:func:`_go_starts`), its games pending."""
    t = _tournament(names, [(0, *g) for g in games], GO_SCORING)
    t.go_ranks = [starts[n][0] for n in names]
    with_start_scores(t, [starts[n][1] for n in names])
    t.system, t.system_reason = "round-robin", _("the Berger tables (a McMahon round robin)")
    return storable(write_json(t), "content")


def _swiss_rounds(spec: NewEvent) -> int | None:
    """A Swiss event's rounds (1 to :data:`MOST_SWISS_ROUNDS`); none for a round robin."""
    if spec.schedule != SWISS:
        if spec.rounds is not None:
            raise CrosstableError(_("rounds are given for a Swiss event; a round robin has the Berger tables' own"))
        return None
    if spec.rounds is None:
        raise CrosstableError(_("a Swiss event needs its number of rounds"))
    return whole_argument(spec.rounds, SWISS_ROUNDS, "rounds")


def _initial_ranking(names: list[str], ratings: list[int | None]) -> tuple[list[str], list[int | None]]:
    """The participants (and their ratings) in the order of FIDE's initial ranking
    (:func:`crosstable.pairing.initial_ranking`: rating, then name)."""
    t = Tournament.from_games(names, [])
    t.ratings = list(ratings) or None
    order = initial_ranking(t)
    return [names[k] for k in order], [ratings[k] for k in order] if ratings else []


def _ratings(spec: NewEvent, names: list[str]) -> list[int | None]:
    """The participants' ratings (0 to 4,000, or none), as many as the names, or none at all."""
    if not spec.ratings:
        return []
    if spec.content is not None or spec.seed_from is not None:
        raise CrosstableError(_("ratings are given with the names, in their order (not with a file or a seeding)"))
    if len(spec.ratings) != len(names):
        raise CrosstableError(
            _("{ratings} ratings for {names} participants: give one for each (null for an unrated player)").format(
                ratings=integer_text(len(spec.ratings)), names=integer_text(len(names))
            )
        )
    return [None if r is None else whole_argument(r, RATING, f"ratings[{k}]") for k, r in enumerate(spec.ratings)]


@dataclass(frozen=True)
class RoundPlan:
    """A Swiss round to store: ``boards`` ``(board, white, black)`` and ``byes``
    ``(participant, kind)`` by the participants' numbers (from 1), the engine that
    paired it (or none: by hand), the engine's warnings, and for a round paired by hand
    the check's verdict (empty: the Dutch system's own pairing)."""

    round: int
    boards: list[tuple[int, int, int]]
    byes: list[tuple[int, str]]
    engine: str | None = None
    warnings: list[str] = dataclasses.field(default_factory=list)
    by_hand: bool = False
    verdict: list[str] = dataclasses.field(default_factory=list)


def _next_round(rounds: Sequence[dict[str, Any]]) -> int:
    """The round to pair next: the one after the last round with pairings (games or the
    pairing-allocated bye; a bye asked for ahead does not pair a round)."""
    paired = [r["round"] for r in rounds if r["games"] or any(b["kind"] == "pab" for b in r.get("byes", ()))]
    return max(paired, default=0) + 1


def last_paired(stored: Stored) -> int:
    """The last round with pairings: games, or the pairing-allocated bye (a half- or
    zero-point bye asked for a round not paired yet is a request for it, as TRF-2026
    ``240`` records give them ahead)."""
    return max([g[1] for g in stored.games] + [b[0] for b in stored.byes if b[2] == "pab"], default=0)


def _without_round(stored: Stored, k: int) -> Stored:
    """The event as it was before round ``k`` was paired: its byes asked for kept."""
    return dataclasses.replace(
        stored,
        games=[g for g in stored.games if g[1] != k],
        byes=[b for b in stored.byes if b[0] != k or b[2] != "pab"],
    )


def _round_to_pair(stored: Stored, again: bool) -> tuple[int, Stored]:
    """The round a pairing request makes (the next, or, ``again``, the last one paired)
    and the event without it."""
    if stored.settings.get("schedule") != SWISS:
        raise CrosstableError(_("this event is a round robin: its rounds are the Berger tables"))
    last = last_paired(stored)
    rounds = int(stored.settings["rounds_total"])
    if again:
        if last == 0:
            raise CrosstableError(_("round {round} is not paired yet").format(round=1))
        return last, _without_round(stored, last)
    if last >= rounds:
        raise CrosstableError(
            ngettext(
                "the event's {rounds} round is paired: there is no round to pair",
                "the event's {rounds} rounds are all paired: there is no round to pair",
                rounds,
            ).format(rounds=rounds)
        )
    return last + 1, stored


def _absent(stored: Stored, k: int) -> list[str]:
    """The participants not to pair in round ``k``: withdrawn by then."""
    return [p.name for p in stored.players if p.withdrawn is not None and p.withdrawn <= k]


def paired_round(stored: Stored, byes: Mapping[str, str] | None = None, again: bool = False) -> RoundPlan:
    """The next round of a Swiss event paired by the engine (:func:`crosstable.pairing.pair_next`),
    with the byes requested for it (name → ``H`` or ``Z``); ``again``: its last round
    paired anew. The pairing numbers are the participants' numbers: FIDE's initial
    ranking at creation (rating, then name), a late entry the next number (they are
    not reassigned, which FIDE C.04.2 allows but does not require)."""
    k, before = _round_to_pair(stored, again)
    t = before.tournament()
    done = pair_next(t, k, byes or {}, _absent(stored, k))
    return RoundPlan(
        round=k,
        boards=[(board, w + 1, b + 1) for board, w, b in done.pairings],
        byes=[(p + 1, kind) for p, kind in done.byes],
        engine=done.engine,
        warnings=list(done.warnings),
    )


def hand_round(stored: Stored, k: int, boards: Sequence[Sequence[str]], byes: Mapping[str, str]) -> RoundPlan:
    """Round ``k`` of a Swiss event as the arbiter pairs it by hand: ``boards`` (white,
    black) and ``byes`` (name → ``pab``, ``half`` or ``zero``) by name. Refused unless
    every participant to pair is on one board or has one bye; then checked: a rematch
    or a second pairing-allocated bye is flagged (FIDE C.04.1: two players meet once, a
    player has the pairing-allocated bye once), and any difference from the Dutch
    system's own pairing of the round is said."""
    last = last_paired(stored)
    if k not in (last, last + 1) or not 1 <= k <= int(stored.settings.get("rounds_total") or 0):
        raise CrosstableError(
            _("round {round} cannot be paired now: the next round to pair is {next}").format(round=k, next=last + 1)
        )
    if stored.settings.get("schedule") != SWISS:
        raise CrosstableError(_("this event is a round robin: its rounds are the Berger tables"))
    before = _without_round(stored, k)
    number = {p.name: n + 1 for n, p in enumerate(stored.players)}
    seen: set[str] = set()

    def known(name: str) -> int:
        if name not in number:
            raise CrosstableError(_("{name} is not a participant").format(name=repr(name)))
        if name in seen:
            raise CrosstableError(_("{name} is paired twice in round {round}").format(name=repr(name), round=k))
        seen.add(name)
        return number[name]

    table = [(b + 1, known(str(w)), known(str(bl))) for b, (w, bl) in enumerate(boards)]
    kinds = {"pab": "pab", "half": "half", "zero": "zero", "h": "half", "z": "zero"}
    given: list[tuple[int, str]] = []
    for name, kind in byes.items():
        if str(kind).lower() not in kinds:
            raise CrosstableError(
                _("the bye of {name} is {kind}: pab, half or zero").format(name=repr(name), kind=repr(kind))
            )
        given.append((known(str(name)), kinds[str(kind).lower()]))
    gone = set(_absent(stored, k))
    for name in sorted(seen & gone):
        raise CrosstableError(_("{name} has withdrawn: not paired in round {round}").format(name=repr(name), round=k))
    for p in stored.players:
        if p.name not in seen and p.name not in gone:
            raise CrosstableError(
                _("{name} is neither paired nor given a bye in round {round}").format(name=repr(p.name), round=k)
            )
    if sum(kind == "pab" for _n, kind in given) > 1:
        raise CrosstableError(_("round {round} gives the pairing-allocated bye twice").format(round=k))
    verdict: list[str] = []
    met = {  # games played (a forfeit is no game: FIDE C.04.1 art. 2)
        frozenset((g[3], g[4])): g[1] for g in before.games if g[5] and (parse_result(g[5]) or (0, 0, -1))[2] == PLAYED
    }
    names = [p.name for p in stored.players]
    for _b, w, bl in table:
        if frozenset((w, bl)) in met:
            verdict.append(
                _("{white} and {black} have met already (round {round})").format(
                    white=names[w - 1], black=names[bl - 1], round=met[frozenset((w, bl))]
                )
            )
    had_pab = {n for _r, n, kind in before.byes if kind == "pab"}
    for n, kind in given:
        if kind == "pab" and n in had_pab:
            verdict.append(_("{name} has had the pairing-allocated bye already").format(name=names[n - 1]))
    requested = {names[n - 1]: "H" if kind == "half" else "Z" for n, kind in given if kind != "pab"}
    try:
        engine = paired_round(before, requested)
    except CrosstableError as error:
        verdict.append(_("the Dutch system cannot pair this round: {reason}").format(reason=error))
    else:
        ours = {(w, bl) for _b, w, bl in table}
        theirs = {(w, bl) for _b, w, bl in engine.boards}
        if ours != theirs or sorted(given) != sorted(engine.byes):
            differ = sorted(ours - theirs)
            shown = ", ".join(f"{names[w - 1]} – {names[bl - 1]}" for w, bl in differ[:5]) or "—"
            verdict.append(
                _("not the Dutch system's pairing ({engine}): it differs on {boards}").format(
                    engine=engine.engine, boards=shown
                )
            )
    return RoundPlan(round=k, boards=table, byes=given, engine=None, by_hand=True, verdict=verdict)


def _running_points(stored: Stored) -> dict[tuple[int, int], Fraction]:
    """Each participant's game points after each round: ``(number, round) → points``
    (a game without a result counts nothing yet; a bye its kind's points)."""
    scoring = Scoring.parse(stored.settings["scoring"])
    bye_points = {"pab": scoring.win, "half": scoring.draw, "zero": Fraction(0)}
    per_round: dict[tuple[int, int], Fraction] = {}
    for _gid, rnd, _board, white, black, result in stored.games:
        parsed = parse_result(result) if result else None
        if parsed is None or parsed[2] == PENDING:
            continue
        per_round[(white, rnd)] = per_round.get((white, rnd), Fraction(0)) + parsed[0]
        per_round[(black, rnd)] = per_round.get((black, rnd), Fraction(0)) + parsed[1]
    for rnd, number, kind in stored.byes:
        per_round[(number, rnd)] = per_round.get((number, rnd), Fraction(0)) + bye_points[kind]
    last = last_paired(stored)
    running: dict[tuple[int, int], Fraction] = {}
    for number in range(1, len(stored.names) + 1):
        total = Fraction(0)
        for rnd in range(0, last + 1):
            total += per_round.get((number, rnd), Fraction(0))
            running[(number, rnd)] = total
    return running


def pairing_list(stored: Stored, k: int) -> dict[str, Any]:
    """Round ``k``'s pairings as arbiters post them: each board with White and Black and
    their points before the round, the result when in; the byes below."""
    names = stored.names
    running = _running_points(stored)
    boards = sorted((g for g in stored.games if g[1] == k), key=lambda g: g[2])
    byes = [b for b in stored.byes if b[0] == k]
    if not boards and not byes:
        raise NotFound(_("round {round} is not paired").format(round=k))

    def points(number: int) -> int | float | None:
        return json_number(running.get((number, k - 1), Fraction(0)))

    return {
        "round": k,
        "rounds": stored.settings.get("rounds_total"),
        "boards": [
            {
                "board": board,
                "game": gid,
                "white": names[white - 1],
                "white_no": white,
                "white_points": points(white),
                "result": result,
                "black": names[black - 1],
                "black_no": black,
                "black_points": points(black),
            }
            for gid, _rnd, board, white, black, result in boards
        ],
        "byes": [{"name": names[n - 1], "no": n, "kind": kind, "points": points(n)} for _r, n, kind in byes],
    }


def player_card(stored: Stored, number: int) -> dict[str, Any]:
    """A participant's card: each round's colour, opponent, result and running score."""
    if not 1 <= number <= len(stored.names):
        raise NotFound(_("no participant {number}").format(number=number))
    running = _running_points(stored)
    scoring = Scoring.parse(stored.settings["scoring"])
    bye_points = {"pab": scoring.win, "half": scoring.draw, "zero": Fraction(0)}
    rows: list[dict[str, Any]] = []
    for _gid, rnd, _board, white, black, result in sorted(stored.games, key=lambda g: g[1]):
        if number not in (white, black):
            continue
        colour, other = ("white", black) if number == white else ("black", white)
        parsed = parse_result(result) if result else None
        own: Fraction | None = None
        if parsed is not None and parsed[2] != PENDING:
            own = parsed[0] if colour == "white" else parsed[1]
        rows.append(
            {
                "round": rnd,
                "colour": colour,
                "opponent": stored.names[other - 1],
                "opponent_no": other,
                "result": json_number(own),
                "forfeit": bool(parsed and parsed[2] == FORFEIT),
                "score": json_number(running.get((number, rnd), Fraction(0))),
            }
        )
    for rnd, n, kind in stored.byes:
        if n == number:
            rows.append(
                {
                    "round": rnd,
                    "colour": None,
                    "opponent": None,
                    "opponent_no": None,
                    "result": json_number(bye_points[kind]),
                    "bye": kind,
                    "score": json_number(running.get((number, rnd), Fraction(0))),
                }
            )
    player = stored.players[number - 1] if stored.players else Player(stored.names[number - 1])
    return {"no": number, **dataclasses.asdict(player), "rounds": sorted(rows, key=lambda r: r["round"])}


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


def _built(
    settings: dict[str, Any],
    source: str | None,
    games: Sequence[Any],
    names: list[str],
    players: Sequence[Player] = (),
    byes: Sequence[tuple[int, int, str]] = (),
) -> Tournament:
    """The event as a :class:`Tournament`: an imported one's file (our JSON) with its
    games' results as they now stand, else the games ``(id, round, board, white,
    black, result)`` of the Berger tables, or of a Swiss event's rounds paired so far
    with its byes ``(round, number, kind)`` and its participants' ratings and titles."""
    if settings.get("schedule") == SWISS:
        scoring = Scoring.parse(settings["scoring"])
        t = _tournament(names, games, scoring)
        points = {"pab": scoring.win, "half": scoring.draw, "zero": Fraction(0)}
        t.byes = [Bye(number - 1, rnd, kind, points[kind]) for rnd, number, kind in byes]
        t.ratings = [p.rating for p in players] if players else None
        t.titles = [p.title or "" for p in players] if players else None
        if any(p.sex or p.born or p.federation for p in players):  # an imported Swiss's data
            t.sexes = [p.sex or "" for p in players]
            t.birth_years = [p.born for p in players]
            t.federations = [p.federation or "" for p in players]
        t.source = settings["name"]
        t.info["012"] = settings["name"]
        t.rounds_total = settings["rounds_total"]
        t.info["152"] = "W"  # the initial colour: White for pairing number 1 in round 1 (the engine's lot)
        if settings.get("start_date"):  # an imported Swiss: the edition of C.07 of its date
            t.start_date = settings["start_date"]
            t.fide_rules, t.rules_reason = rules_of_date(t.start_date)
        t.system, t.system_reason = "swiss", _("paired by the FIDE Dutch system, round by round")
        return t
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
    "RoundPlan",
    "Stored",
    "hand_round",
    "normal_result",
    "paired_round",
    "pairing_list",
    "player_card",
    "prepared",
]
