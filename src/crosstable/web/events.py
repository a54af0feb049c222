"""The saved events' HTTP API and pages (:mod:`crosstable.events` underneath).

- ``POST /api/events`` → ``201 {"id", "editor_secret", "version"}``: the secret is
  shown once (a link to the editor page carries it in the URL's fragment, which no
  browser sends to a server).
- ``GET /api/events`` (the list), ``GET /api/events/{id}`` (names, settings, version,
  rounds of games), ``GET /api/events/{id}/changes`` (the record of every change).
- Writes carry the version they were based on and ``Authorization: Bearer <secret>``:
  ``PUT /api/events/{id}/games/{game_id}`` ``{"result", "version"}``, ``PATCH
  /api/events/{id}`` ``{"name", "version"}``, ``POST /api/events/{id}/undo``
  ``{"version"}``, ``DELETE /api/events/{id}``: ``200 {"version"}``; ``409`` with the
  event as it now is when the version is stale, ``401`` without the secret, ``403``
  with a wrong one. Nothing rides on cookies, so a page elsewhere cannot write through
  the user's browser (no CSRF).
- Creating takes at most 50 criteria of at most 100 characters each (422 from the
  schema); what the store refuses, and why, is in :mod:`crosstable.events`.
- ``GET /api/events/{id}/standings?round=K`` (the JSON of ``--output json``; with
  ``explain`` and ``html`` as the calculator's), ``GET /api/events/{id}/export?to=trf|
  json|csv|html`` (a file).
- Pages: ``/events`` (the list, and creating one), ``/events/{id}`` (the public page:
  standings, crosstable, the next round's pairings, refreshed when results come in,
  printable; no edit controls), ``/events/{id}/edit`` (result entry; the secret from
  the link's fragment, kept in the browser's local storage).

Every computation (the standings, the exports, and at creation the import, the
seeding, the pairings and the ranking that checks the event, with its public page's
explanations and HTML tables) runs as a job in the application's worker lanes
(:mod:`crosstable.web.jobs`: its budget, memory limit, queue, and cancellation when the
client leaves); the lane of each is decided there. An event that cannot be ranked so
within the budget is refused at creation (503, the budget's message; nothing stored).
The database's reads and writes stay in the server process, in threads.

Standings are computed once per event version, round and language (their warnings,
explanations and HTML tables are sentences) and kept, so that many readers of a public
page cost one ranking per result (:class:`StandingsCache`); the public page's readers
(``fresh=false``) get the last ones computed while newer ones are being computed, or
within a second of the last computation, their ``version`` saying which. What is kept
is bounded by its bytes: :data:`CACHE_BYTES` (64 MiB) in all, the standings of every
version and the last ones of every view counted together (a body once however many
keys share it, plus :data:`ENTRY_BYTES` per key), the least recently used dropped
first (a standings larger than the whole bound is answered and not kept); the
versions known of at most :data:`TRACKED` events likewise.

**Wrong editor secrets are limited** (a server anyone can reach): a client that gives
:data:`WRONG_SECRETS` (10) wrong secrets within :data:`WRONG_WINDOW` (60) seconds, on
any of the routes that take the secret (the writes and the record of changes), is
answered 429 with ``Retry-After`` (the seconds left of that minute) and the refusal's
``detail``, whatever secret it gives, until the minute since its first wrong secret
is over; the others, right secret or not, are answered as before. A client is its
address (an IPv6 address by its /64 network, which one machine usually holds whole),
as uvicorn gives it: behind a reverse proxy on the same machine, the address the proxy
writes in ``X-Forwarded-For`` (uvicorn trusts that header from 127.0.0.1 only, as
``crosstable serve`` runs it; a proxy elsewhere makes every client the proxy). At
most :data:`CLIENTS` (10,000) clients are remembered, the one whose last wrong secret
is the oldest forgotten first (:class:`SecretGuard`).

**Creation is an organiser's act** when the application is given an
``organiser_token`` (``crosstable serve`` gives one unless it is bound to a loopback
address, or ``--open-creation``): ``POST /api/events`` then needs ``Authorization:
Bearer <token>`` (none: 401; another: 403, counted by the same :class:`SecretGuard` as
wrong editor secrets, so that guessing it meets 429). The token is compared in constant
time and never written anywhere. Whoever creates, each client (as above) may create
within an hour (:data:`QUOTA_WINDOW`, from its first creation in it) at most
:data:`QUOTA_EVENTS` (20) events, :data:`QUOTA_PARTICIPANTS` (5,000) participants in
all and :data:`QUOTA_BYTES` (20 MB) of imported files (``content`` and ``seed_from``)
in all; beyond, 429 with ``Retry-After`` and the quota's name (:class:`Quotas`, at most
:data:`CLIENTS` clients remembered). A creation refused after it was accepted (422,
503) gives its event back, not the participants and bytes its computation took.
"""

from __future__ import annotations

import asyncio
import functools
import hmac
import importlib.resources
import inspect
import ipaddress
import math
import threading
import time
from collections import OrderedDict
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from dataclasses import dataclass
from typing import Annotated, Any, Literal, TypeVar

from fastapi import APIRouter, Depends, Header, Query, Request
from fastapi import Path as FastPath
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import HTMLResponse, JSONResponse, Response
from pydantic import BaseModel, Field
from sqlalchemy.exc import OperationalError

from crosstable.errors import CrosstableError
from crosstable.events import (
    Conflict,
    EventStore,
    NewEvent,
    NotAllowed,
    NotFound,
    RoundPlan,
    Stored,
    pairing_list,
    player_card,
)
from crosstable.i18n import _, integer_text, language, ngettext
from crosstable.web.jobs import (
    GONE,
    Answer,
    EventPairing,
    EventPrizeGiving,
    EventRead,
    Jobs,
    event_create_job,
    event_export_job,
    event_pair_job,
    event_prize_giving_job,
    event_standings_job,
)

CACHE_BYTES = 64 * 2**20
"""The bytes of standings kept computed, in all (the least recently used dropped first)."""
ENTRY_BYTES = 512
"""The bytes counted for each key of the cache besides its body (its key and bookkeeping)."""
TRACKED = 10_000
"""The most events whose version is remembered, and views whose last computation is."""
WRONG_SECRETS = 10
"""Wrong editor secrets a client may give in :data:`WRONG_WINDOW` seconds; after
them its requests that take the secret are answered 429 until the window ends."""
WRONG_WINDOW = 60.0
"""Seconds from a client's first wrong editor secret in which :data:`WRONG_SECRETS` count."""
CLIENTS = 10_000
"""The most clients whose wrong secrets are remembered (the least recent forgotten first)."""
QUOTA_WINDOW = 3600.0
"""Seconds from a client's first creation in which its quotas count (an hour)."""
QUOTA_EVENTS = 20
"""The most events one client may create in :data:`QUOTA_WINDOW`."""
QUOTA_PARTICIPANTS = 5_000
"""The most participants, in all, of the events one client may create in :data:`QUOTA_WINDOW`."""
QUOTA_BYTES = 20_000_000
"""The most bytes of imported files (``content``, ``seed_from``), in all, one client may
send to create events in :data:`QUOTA_WINDOW`."""
RECHECK = 0.5
"""Seconds a reader trusts the event version it last read (a write through this
process is known at once; another server process's within this time)."""
PATIENCE = 0.5
"""Seconds the reader that starts a computation of newer standings waits for it before
taking the last ones."""
SETTLE = 1.0
"""Seconds between two computations of one event's standings for readers that do not
ask for ``fresh`` ones: results entered in a burst cost one ranking, not one each."""
QUICK = 1.0
"""Seconds of a worker's time within which an event's computation is quick: an event
whose last one took longer (or ran out of the budget) is read in the heavy lane."""
LIGHT_CREATION = 100
"""The most participants of an event created in the light lane (from names, without
``seed_from``); larger ones, imports and seedings are made in the heavy lane."""


class Uncomputed(Exception):
    """A computation of standings that did not give them: the job's answer (422, 413,
    429, 503, 499), answered to the reader and not kept."""

    def __init__(self, answer: Answer) -> None:
        super().__init__(answer.status)
        self.answer = answer


class CreateEvent(BaseModel):
    name: str = Field(..., max_length=1000, description="The event's name (at most 200 characters once trimmed).")
    participants: list[str] | None = Field(None, description="Names in seeding order (a round robin is paired).")
    content: str | None = Field(None, description="A file's text to import instead (TRF, our JSON, a games list).")
    scoring: str = Field("chess", max_length=40, description="chess | draughts | football | go | W:D:L.")
    tiebreaks: list[Annotated[str, Field(max_length=100)]] | None = Field(
        None, max_length=50, description="Criteria in order (at most 50); none: the preset or the default."
    )
    rules: str | None = Field(None, max_length=40, description="A preset regulation.")
    schedule: Literal["single", "double", "swiss"] = "single"
    seed_from: str | None = Field(None, description="A standings file's text to seed by (as schedule --seed-from).")
    ratings: list[int | None] | None = Field(
        None, max_length=1000, description="The participants' ratings, in their order (null: unrated)."
    )
    rounds: int | None = Field(None, description="A Swiss event's rounds (schedule swiss), 1 to 99.")
    go_ranks: list[Annotated[str, Field(max_length=3)]] | None = Field(
        None, max_length=1000, description="A McMahon round robin's go ranks (5k, 2d), in the participants' order."
    )
    bar: str | None = Field(None, max_length=3, description="A McMahon round robin's bar (a rank, such as 3d).")


class Problem(BaseModel):
    line: int | None
    column: int | None
    message: str


class Refusal(BaseModel):
    """Why a request was refused."""

    detail: str
    problems: list[Problem] = []


class Stale(Refusal):
    """A write based on an old version: the event as it now is."""

    current: dict[str, Any]


READ: dict[int | str, dict[str, Any]] = {404: {"model": Refusal, "description": "No such event (or game)."}}
INPUT: dict[int | str, dict[str, Any]] = {
    400: {"model": Refusal, "description": "The body is not well-formed JSON."},
    413: {"model": Refusal, "description": "The body is larger than the server's limit."},
    422: {"model": Refusal, "description": "The input is not valid."},
}
COMPUTED: dict[int | str, dict[str, Any]] = {
    413: {"model": Refusal, "description": "The body is larger than the limit, or the computation needs more memory."},
    429: {"model": Refusal, "description": "Too many computations waiting: try again (Retry-After)."},
    503: {"model": Refusal, "description": "The computation took longer than the server's budget."},
}
CREATE: dict[int | str, dict[str, Any]] = {
    401: {"model": Refusal, "description": "The server needs the organiser's token (Authorization: Bearer …)."},
    403: {"model": Refusal, "description": "Not the organiser's token."},
    429: {"model": Refusal, "description": "A quota of this client's, or too many wrong tokens: wait (Retry-After)."},
}
WRITE: dict[int | str, dict[str, Any]] = {
    **READ,
    **INPUT,
    401: {"model": Refusal, "description": "No editor secret (Authorization: Bearer …)."},
    403: {"model": Refusal, "description": "Not this event's editor secret."},
    409: {"model": Stale, "description": "The event changed since the version given: the event as it now is."},
    429: {"model": Refusal, "description": "Too many wrong editor secrets from this client: wait (Retry-After)."},
    503: {"model": Refusal, "description": "The database is busy: try again (Retry-After)."},
}


class Created(BaseModel):
    id: str
    editor_secret: str
    version: int


VERSION = Field(..., ge=1, le=2**31 - 1, description="The event's version the change is based on.")


class SetResult(BaseModel):
    result: str | None = Field(None, max_length=20, description="1, 0, =, +, -, --, 1-0, 2:1 …; null clears it.")
    version: int = VERSION


class Rename(BaseModel):
    name: str = Field(..., max_length=1000)
    version: int = VERSION


class Version(BaseModel):
    version: int = VERSION


class PairRound(BaseModel):
    version: int = VERSION
    byes: dict[Annotated[str, Field(max_length=1000)], Literal["H", "Z", "h", "z"]] = Field(
        default_factory=dict, max_length=1000, description="The byes requested for the round: name → H or Z."
    )
    again: bool = Field(False, description="Pair the last round paired anew (only before its first result).")


class HandRound(BaseModel):
    version: int = VERSION
    boards: list[Annotated[list[Annotated[str, Field(max_length=1000)]], Field(min_length=2, max_length=2)]] = Field(
        ..., max_length=1000, description="The boards in order: [white, black] by name."
    )
    byes: dict[Annotated[str, Field(max_length=1000)], Literal["pab", "half", "zero"]] = Field(
        default_factory=dict, max_length=1000, description="The round's byes: name → pab, half or zero."
    )


class LateEntry(BaseModel):
    version: int = VERSION
    name: str = Field(..., max_length=1000)
    rating: int | None = Field(None, description="The player's rating (0 to 4,000), or none.")


class Withdrawal(BaseModel):
    version: int = VERSION
    name: str = Field(..., max_length=1000)


class PrizeList(BaseModel):
    prizes: str = Field(..., max_length=100_000, description="The prize list as CSV: prize,amount(,condition).")
    sharing: Literal["hort", "equal", "none"] = "hort"
    cents: bool = False


def _bearer(authorization: str | None) -> str | None:
    if authorization is None:
        return None
    scheme, _sep, token = authorization.partition(" ")
    return token.strip() if scheme.lower() == "bearer" and token.strip() else None


@functools.cache  # read once: a server out of open files still answers its pages
def _page(name: str) -> str:
    return (importlib.resources.files("crosstable.web") / "static" / name).read_text(encoding="utf-8")


Compute = Callable[[], tuple[int, bytes]] | Callable[[], Awaitable[tuple[int, bytes]]]
"""What computes a standings: a version and its body."""
Key = tuple[str, int, int | None, bool, str]
"""A standings: the event, its version, the round (``None``: the latest), with extras,
in a language (the answer's warnings, explanations and HTML are sentences)."""
View = tuple[str, int | None, bool, str]
"""A standings whatever its version: the event, the round, with extras, the language."""


def _view(key: Key) -> View:
    return key[0], key[2], key[3], key[4]


def _tracked(table: OrderedDict[Any, Any], key: Any, value: Any) -> None:
    """``table[key] = value``, the most recent, the oldest beyond :data:`TRACKED` dropped."""
    table[key] = value
    table.move_to_end(key)
    while len(table) > TRACKED:
        table.popitem(last=False)


class StandingsCache:
    """Standings encoded once per event version, round and language. A reader learns the event's
    version from the database at most every :data:`RECHECK` seconds (at once after a
    write through this process, or with ``fresh``); a cached answer is served on the
    event loop, without a thread, so that many readers leave the threads to the
    writers; the readers of a new version wait for one computation (while another
    computation runs, or within :data:`SETTLE` seconds of the last one, readers that
    do not ask for ``fresh`` standings get the last ones computed, their version said).

    What is kept is at most ``max_bytes`` (:data:`CACHE_BYTES`), counted in
    :attr:`size`: the standings of each version (``("at", *key)``) and the last ones of
    each view (``("latest", *view)``), in one order of use, the least recently used
    dropped first; a body counts once however many keys share it, each key
    :data:`ENTRY_BYTES` more."""

    def __init__(self, max_bytes: int = CACHE_BYTES) -> None:
        self.lock = threading.Lock()
        self.max_bytes = max_bytes
        self.entries: OrderedDict[tuple[Any, ...], tuple[int, bytes]] = OrderedDict()
        """``("at", *key)`` and ``("latest", *view)``: the version the body is of, the body."""
        self.size = 0
        """The bytes counted of what :attr:`entries` hold (never above ``max_bytes``)."""
        self.shared: dict[int, int] = {}
        """How many keys hold each body (by its ``id``): a body's bytes count once."""
        self.flights: dict[Key, asyncio.Lock] = {}
        self.known: OrderedDict[str, tuple[int, float]] = OrderedDict()
        self.started: OrderedDict[View, float] = OrderedDict()
        self.tasks: set[asyncio.Task[bytes]] = set()

    def _hit(self, key: tuple[Any, ...]) -> tuple[int, bytes] | None:
        found = self.entries.get(key)
        if found is not None:
            self.entries.move_to_end(key)
        return found

    def _drop(self, key: tuple[Any, ...]) -> None:
        _version, body = self.entries.pop(key)
        self.size -= ENTRY_BYTES
        left = self.shared[id(body)] - 1
        if left:
            self.shared[id(body)] = left
        else:
            del self.shared[id(body)]
            self.size -= len(body)

    def _keep(self, key: tuple[Any, ...], version: int, body: bytes) -> None:
        """Keep ``body`` under ``key`` (the most recently used), then drop the least
        recently used until the bytes are within the bound."""
        if ENTRY_BYTES + len(body) > self.max_bytes:
            return  # larger than the whole cache: answered, not kept
        if key in self.entries:
            self._drop(key)
        self.entries[key] = (version, body)
        self.size += ENTRY_BYTES
        if id(body) in self.shared:
            self.shared[id(body)] += 1
        else:
            self.shared[id(body)] = 1
            self.size += len(body)
        while self.size > self.max_bytes:
            self._drop(next(iter(self.entries)))

    def noted(self, event_id: str, version: int) -> int:
        """A write through this process: its version is the event's."""
        with self.lock:
            _tracked(self.known, event_id, (version, time.monotonic()))
        return version

    def forget(self, event_id: str) -> None:
        with self.lock:
            for key in [k for k in self.entries if k[1] == event_id]:
                self._drop(key)
            for view in [v for v in self.started if v[0] == event_id]:
                del self.started[view]
            self.known.pop(event_id, None)

    async def version(self, event_id: str, fresh: bool, read: Callable[[], int]) -> int:
        with self.lock:
            known = self.known.get(event_id)
        if known is not None and not fresh and time.monotonic() - known[1] < RECHECK:
            return known[0]
        version = await run_in_threadpool(read)
        with self.lock:
            if event_id not in self.known or self.known[event_id][0] <= version:
                _tracked(self.known, event_id, (version, time.monotonic()))
        return version

    async def get(self, key: Key, fresh: bool, compute: Compute) -> bytes:
        """The standings of ``key``; ``compute`` (a function, run in a thread, or a
        coroutine function) gives a version and its body, or raises :class:`Uncomputed`."""
        view = _view(key)
        with self.lock:
            hit = self._hit(("at", *key))
            if hit is not None:
                return hit[1]
            stale = None if fresh else self._hit(("latest", *view))
            flight = self.flights.get(key)
            recent = time.monotonic() - self.started.get(view, -SETTLE) < SETTLE
            task = None
            if stale is not None and not (flight is not None and flight.locked()) and not recent:
                task = asyncio.create_task(self._computed(key, compute))  # the newest, computed once
                self.tasks.add(task)
                task.add_done_callback(self.tasks.discard)
                task.add_done_callback(_retrieved)
        if stale is None:
            return await self._computed(key, compute)
        if task is not None:  # the reader that starts it waits a little: usually the newest is ready by then
            try:
                return await asyncio.wait_for(asyncio.shield(task), PATIENCE)
            except (TimeoutError, Uncomputed):
                pass
        return stale[1]  # the last standings computed, their version said

    async def _computed(self, key: Key, compute: Compute) -> bytes:
        view = _view(key)
        with self.lock:
            flight = self.flights.setdefault(key, asyncio.Lock())
        async with flight:  # the readers of a new version wait for one computation, not a hundred
            with self.lock:
                hit = self._hit(("at", *key))
                if hit is not None:
                    return hit[1]
                _tracked(self.started, view, time.monotonic())
            try:
                computing: tuple[int, bytes]
                if inspect.iscoroutinefunction(compute):
                    computing = await compute()
                else:
                    computing = await run_in_threadpool(compute)  # type: ignore[arg-type]
                version, body = computing
            finally:
                with self.lock:
                    self.flights.pop(key, None)
            with self.lock:
                latest = self.entries.get(("latest", *view))
                if latest is None or latest[0] <= version:
                    self._keep(("latest", *view), version, body)
                self._keep(("at", key[0], version, key[2], key[3], key[4]), version, body)
                self._keep(("at", *key), version, body)  # the one asked for: the most recently used
            return body


def _retrieved(task: asyncio.Task[bytes]) -> None:
    """A computation started for the next readers: its failure is theirs to see (they
    compute again), not the log's."""
    if not task.cancelled():
        task.exception()


class Costs:
    """Which lane each event's reads take: the light one, unless its last computation
    took more than :data:`QUICK` seconds of a worker's time or ended without an answer
    in time (503), or its cost is not known yet (none computed in this process) and one
    of its computations is in the light lane already: then the heavy one. A client
    cannot hold the light lane with the reads of a slow event, beyond the one
    computation that finds it slow. The last :data:`TRACKED` events are remembered."""

    def __init__(self) -> None:
        self.seconds: OrderedDict[str, float] = OrderedDict()
        self.light: dict[str, int] = {}
        """Events whose cost is not known, and how many of their computations run light."""

    def lane(self, event_id: str) -> str:
        known = self.seconds.get(event_id)
        if known is not None:
            return "light" if known <= QUICK else "heavy"
        if self.light.get(event_id, 0):
            return "heavy"
        self.light[event_id] = self.light.get(event_id, 0) + 1
        return "light"

    def took(self, event_id: str, answer: Answer, lane: str | None = None) -> None:
        """A computation of the event ended with ``answer`` (the worker's time in it)."""
        if lane == "light" and event_id in self.light:
            self.light[event_id] -= 1
            if not self.light[event_id]:
                del self.light[event_id]
        if answer.status == 503:
            _tracked(self.seconds, event_id, math.inf)
        elif answer.status != 499 and answer.seconds:
            _tracked(self.seconds, event_id, answer.seconds)


class TooManyWrong(CrosstableError):
    """A client that gave too many wrong editor secrets (HTTP 429, ``Retry-After``)."""

    def __init__(self, message: str, retry_after: int) -> None:
        super().__init__(message)
        self.retry_after = retry_after


def client_key(host: str) -> str:
    """Who a client is for :class:`SecretGuard`: its address, an IPv6 one by its /64
    network (one machine usually holds a whole /64).

    >>> client_key("2001:db8::1"), client_key("203.0.113.7"), client_key("testclient")
    ('2001:db8::/64', '203.0.113.7', 'testclient')
    """
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return host[:100]
    if address.version == 6:
        return str(ipaddress.ip_network(f"{address}/64", strict=False))
    return str(address)


@dataclass
class _Window:
    """What one client did within its window: since when, and how many times."""

    start: float
    count: int = 0


_W = TypeVar("_W", bound=_Window)


class ClientWindows(OrderedDict[str, _W]):
    """Per client, a record (``make(start)``) that holds for ``window`` seconds from its
    start and is forgotten after; at most ``clients`` kept, the least recently touched
    dropped first. What :class:`SecretGuard` and :class:`Quotas` count their clients in."""

    def __init__(self, window: float, clients: int, make: Callable[[float], _W]) -> None:
        super().__init__()
        self.window, self.clients, self.make = window, clients, make

    def alive(self, client: str, now: float) -> _W | None:
        """``client``'s record while its window lasts (forgotten once it is over)."""
        found = self.get(client)
        if found is not None and found.start + self.window <= now:
            del self[client]
            return None
        return found

    def current(self, client: str, now: float) -> _W:
        """``client``'s record, a new one if its window is over, now the most recent;
        beyond the bound the least recent dropped, and the expired ones at the front."""
        found = self.pop(client, None)
        if found is None or found.start + self.window <= now:
            found = self.make(now)
        self[client] = found
        while len(self) > self.clients:
            self.popitem(last=False)
        while self:
            oldest = next(iter(self.values()))
            if oldest.start + self.window > now:
                break
            self.popitem(last=False)
        return found


class SecretGuard:
    """Wrong editor secrets counted by client: after ``most`` (:data:`WRONG_SECRETS`)
    within ``window`` seconds (:data:`WRONG_WINDOW`) of the client's first one, every
    request of that client that takes the secret is :class:`TooManyWrong` until the
    window ends. At most ``clients`` (:data:`CLIENTS`) are remembered: a client whose
    window is over is forgotten when met, and beyond the bound the one whose last wrong
    secret is the oldest."""

    def __init__(
        self,
        most: int = WRONG_SECRETS,
        window: float = WRONG_WINDOW,
        clients: int = CLIENTS,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.most, self.window, self.clock = most, window, clock
        self.lock = threading.Lock()
        self.wrong: ClientWindows[_Window] = ClientWindows(window, clients, _Window)
        """Client → the start of its window and the wrong secrets in it (the least recent first)."""

    def check(self, client: str) -> None:
        """Refuse ``client`` (:class:`TooManyWrong`) while it has given too many wrong secrets."""
        now = self.clock()
        with self.lock:
            found = self.wrong.alive(client, now)
            if found is None or found.count < self.most:
                return
            left = found.start + self.window - now
        seconds = max(1, math.ceil(left))
        raise TooManyWrong(
            ngettext(
                "too many wrong editor secrets from this address: try again in {seconds} second",
                "too many wrong editor secrets from this address: try again in {seconds} seconds",
                seconds,
            ).format(seconds=integer_text(seconds)),
            seconds,
        )

    def failed(self, client: str) -> None:
        """``client`` gave a wrong secret."""
        with self.lock:
            self.wrong.current(client, self.clock()).count += 1


class OverQuota(TooManyWrong):
    """A creation beyond one of the client's quotas (HTTP 429, ``Retry-After``)."""


@dataclass
class _Used(_Window):
    """What a client created in its window: since when, events (``count``), participants, bytes."""

    participants: int = 0
    bytes: int = 0


class Quotas:
    """Creations counted by client: within ``window`` seconds (:data:`QUOTA_WINDOW`)
    of its first creation, at most ``events``, ``participants`` in all and ``bytes`` of
    imported files in all; beyond, :class:`OverQuota` until the window ends. At most
    ``clients`` (:data:`CLIENTS`) are remembered (the least recent forgotten first)."""

    def __init__(
        self,
        events: int = QUOTA_EVENTS,
        participants: int = QUOTA_PARTICIPANTS,
        bytes_: int = QUOTA_BYTES,
        window: float = QUOTA_WINDOW,
        clients: int = CLIENTS,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.events, self.participants, self.bytes = events, participants, bytes_
        self.window, self.clock = window, clock
        self.lock = threading.Lock()
        self.used: ClientWindows[_Used] = ClientWindows(window, clients, _Used)

    def _refused(self, message: str, limit: int, used: _Used, now: float) -> OverQuota:
        seconds = max(1, math.ceil(used.start + self.window - now))
        minutes = max(1, math.ceil(seconds / 60))
        return OverQuota(message.format(limit=integer_text(limit), minutes=integer_text(minutes)), seconds)

    def take(self, client: str, events: int, participants: int, bytes_: int) -> None:
        """Count ``client``'s creation (its events, participants, bytes), or refuse it
        (:class:`OverQuota`, nothing counted) if it goes beyond a quota."""
        now = self.clock()
        with self.lock:
            used = self.used.current(client, now)
            if used.count + events > self.events:
                message = _(
                    "quota reached: at most {limit} events an hour from this address; try again in {minutes} min"
                )
                raise self._refused(message, self.events, used, now)
            if used.participants + participants > self.participants:
                message = _(
                    "quota reached: at most {limit} participants an hour from this address; try again in {minutes} min"
                )
                raise self._refused(message, self.participants, used, now)
            if used.bytes + bytes_ > self.bytes:
                message = _(
                    "quota reached: at most {limit} bytes of imported files an hour from this address; "
                    "try again in {minutes} min"
                )
                raise self._refused(message, self.bytes, used, now)
            used.count += events
            used.participants += participants
            used.bytes += bytes_

    def give_back(self, client: str, events: int) -> None:
        """``client``'s creation made no event: its event is not counted."""
        with self.lock:
            used = self.used.get(client)
            if used is not None:
                used.count = max(0, used.count - events)


def same_token(given: str | None, token: str) -> bool:
    """Whether ``given`` is ``token``, compared in constant time."""
    return given is not None and hmac.compare_digest(given.encode("utf-8"), token.encode("utf-8"))


@dataclass(frozen=True)
class Editor:
    """Who asks for a write: the secret they give (``Authorization: Bearer …``) and
    their client (address and browser, for the record of changes)."""

    secret: str | None
    client: str


def editor(
    request: Request,
    authorization: Annotated[str | None, Header()] = None,
    user_agent: Annotated[str | None, Header()] = None,
) -> Editor:
    host = request.client.host if request.client else "?"
    return Editor(_bearer(authorization), f"{host} {(user_agent or '')[:60]}".strip())


Writer = Annotated[Editor, Depends(editor)]


async def refusal(request: Request, error: Exception) -> JSONResponse:
    """The answer to a refused request on saved events (the application's handler of
    :data:`REFUSALS`): 404, 401 or 403, 409 with the event as it now is, 429 after too
    many wrong editor secrets, 503."""
    if isinstance(error, TooManyWrong):
        wait = {"Retry-After": str(error.retry_after)}
        return JSONResponse({"detail": str(error), "problems": []}, status_code=429, headers=wait)
    if isinstance(error, NotFound):
        return JSONResponse({"detail": str(error), "problems": []}, status_code=404)
    if isinstance(error, NotAllowed):
        headers = {"WWW-Authenticate": "Bearer"} if error.status == 401 else None
        return JSONResponse({"detail": str(error), "problems": []}, status_code=error.status, headers=headers)
    if isinstance(error, Conflict):
        return JSONResponse({"detail": str(error), "problems": [], "current": error.current}, status_code=409)
    assert isinstance(error, OperationalError)  # a database busy past its timeout (an SQLite file locked)
    detail = _("the database is busy ({reason}); try again").format(reason=str(error.orig)[:120])
    return JSONResponse({"detail": detail, "problems": []}, status_code=503, headers={"Retry-After": "2"})


REFUSALS = (NotFound, NotAllowed, Conflict, TooManyWrong, OperationalError)
"""The exceptions :func:`refusal` answers."""


def events_router(
    store: Callable[[], EventStore | None],
    *,
    jobs: Jobs,
    standings_cache: StandingsCache | None = None,
    guard: SecretGuard | None = None,
    organiser_token: str | None = None,
    quotas: Quotas | None = None,
) -> APIRouter:
    """The routes, over the store the application opened (``None``: none configured),
    computing in the application's ``jobs`` (the lanes: :func:`lane_of`); the
    application answers their refusals with :func:`refusal`. Each router has its own
    cache of standings, its own count of wrong secrets and its own quotas unless given
    them. With ``organiser_token``, creating an event needs it (``Authorization:
    Bearer …``)."""
    router = APIRouter()
    standings_cache = standings_cache if standings_cache is not None else StandingsCache()
    guard = guard if guard is not None else SecretGuard()
    quotas = quotas if quotas is not None else Quotas()
    noted = standings_cache.noted
    costs = Costs()

    def checked(request: Request) -> Iterator[None]:
        """A client that gave too many wrong secrets is refused before anything is read
        (:class:`SecretGuard`); a wrong secret the route finds is counted."""
        client = client_key(request.client.host if request.client else "?")
        guard.check(client)
        try:
            yield
        except NotAllowed as error:
            if error.status == 403:
                guard.failed(client)
            raise

    guarded = [Depends(checked)]
    """The dependency of every route that takes the editor secret."""

    async def organiser(request: Request, authorization: Annotated[str | None, Header()] = None) -> AsyncIterator[None]:
        """With an organiser token, creating needs it: none 401, another 403 (counted
        as a wrong secret by :class:`SecretGuard`, which refuses the client after too many)."""
        if organiser_token is None:
            yield
            return
        client = client_key(request.client.host if request.client else "?")
        guard.check(client)
        given = _bearer(authorization)
        if given is None:
            raise NotAllowed(_("creating an event needs the organiser's token (Authorization: Bearer …)"), 401)
        if not same_token(given, organiser_token):
            guard.failed(client)
            raise NotAllowed(_("this is not the organiser's token"), 403)
        yield

    def opened() -> EventStore:
        s = store()
        if s is None:
            raise CrosstableError(_("this server keeps no events: start it with crosstable serve (--db URL)"))
        return s

    @router.post(
        "/api/events",
        status_code=201,
        response_model=Created,
        responses={**INPUT, **COMPUTED, **CREATE},
        dependencies=[Depends(organiser)],
    )
    async def create(req: CreateEvent, request: Request) -> Response:
        """Create an event: from names (a round robin paired by the Berger tables) or a
        file's text; the answer holds the editor secret, shown this once. The event is
        made and ranked once in a worker, within the server's budget (503 beyond it:
        nothing is stored). With an organiser token set on the server, it is needed
        (``Authorization: Bearer …``); every client has its quotas an hour (429 beyond)."""
        events = opened()
        client = client_key(request.client.host if request.client else "?")
        sent = sum(len(text.encode("utf-8")) for text in (req.content, req.seed_from) if text is not None)
        quotas.take(client, 1, len(req.participants or ()) if req.content is None else 0, sent)
        made = False
        try:
            spec = NewEvent(
                req.name,
                list(req.participants or ()),
                req.scoring,
                list(req.tiebreaks) if req.tiebreaks is not None else None,
                req.rules,
                req.schedule,
                req.content,
                req.seed_from,
                list(req.ratings or ()),
                req.rounds,
                list(req.go_ranks or ()),
                req.bar,
            )
            light = req.content is None and req.seed_from is None and len(spec.participants) <= LIGHT_CREATION
            answer = await jobs.answer(request, event_create_job, spec, "light" if light else "heavy")
            if answer.status != 200:
                return answer.response()
            if req.content is not None:  # an import's participants are known once it is read
                quotas.take(client, 0, len(answer.value.names), 0)
            event_id, secret = await run_in_threadpool(events.insert, answer.value)
            made = True
        finally:
            if not made:
                quotas.give_back(client, 1)
        costs.took(event_id, answer)
        return JSONResponse({"id": event_id, "editor_secret": secret, "version": 1}, status_code=201)

    @router.get("/api/events", responses=INPUT)
    def listed() -> list[dict[str, Any]]:
        """The saved events: id, name, version, when created."""
        return opened().events()

    @router.get("/api/events/{event_id}", responses={**READ, **INPUT})
    def one(event_id: str) -> dict[str, Any]:
        """An event: its settings, version, participants and rounds of games (``result``
        null while not played)."""
        return opened().view(event_id)

    @router.get("/api/events/{event_id}/version", response_model=Version, responses={**READ, **INPUT})
    def version(event_id: str) -> dict[str, int]:
        """The event's version alone: a cheap way to know whether anything changed (the
        public page asks every two seconds)."""
        return {"version": opened().version(event_id)}

    @router.get("/api/events/{event_id}/changes", responses=WRITE, dependencies=guarded)
    def changes(event_id: str, who: Writer) -> list[dict[str, Any]]:
        """Every change: version, when, from which client, what, before and after (for
        the event's arbiters: it names their addresses; the editor secret is needed)."""
        return opened().changes(event_id, who.secret)

    @router.put("/api/events/{event_id}/games/{game_id}", response_model=Version, responses=WRITE, dependencies=guarded)
    def result(
        event_id: str,
        game_id: Annotated[int, FastPath(ge=1, le=2**31 - 1)],
        req: SetResult,
        who: Writer,
    ) -> dict[str, int]:
        """Enter, correct or clear a result (based on ``version``)."""
        written = opened().set_result(event_id, game_id, req.result, req.version, who.secret, who.client)
        return {"version": noted(event_id, written)}

    @router.patch("/api/events/{event_id}", response_model=Version, responses=WRITE, dependencies=guarded)
    def rename(event_id: str, req: Rename, who: Writer) -> dict[str, int]:
        """Rename the event (based on ``version``)."""
        return {"version": noted(event_id, opened().rename(event_id, req.name, req.version, who.secret, who.client))}

    @router.post("/api/events/{event_id}/undo", response_model=Version, responses=WRITE, dependencies=guarded)
    def undo(event_id: str, req: Version, who: Writer) -> dict[str, int]:
        """Undo the last change not yet undone (based on ``version``)."""
        return {"version": noted(event_id, opened().undo(event_id, req.version, who.secret, who.client))}

    @router.delete("/api/events/{event_id}", responses=WRITE, dependencies=guarded)
    def delete(event_id: str, who: Writer) -> dict[str, str]:
        """Delete the event and everything recorded of it."""
        opened().delete(event_id, who.secret)
        standings_cache.forget(event_id)
        return {"deleted": event_id}

    async def computed(request: Request | None, job: Any, event_id: str, read: Callable[[Stored], EventRead]) -> Answer:
        """The answer of ``job`` on the event as stored now (read in a thread, computed in
        a worker of the event's lane); the client of ``request`` watched while it is the
        one waiting for it (a computation the cache starts for the next readers runs to
        its end or to the budget)."""
        found = await run_in_threadpool(opened().stored, event_id)  # one snapshot: maybe newer than asked for
        lane = costs.lane(event_id)
        answer = GONE
        try:
            answer = await jobs.answer(request, job, read(found), lane)
        finally:
            costs.took(event_id, answer, lane)
        return answer

    @router.get("/api/events/{event_id}/standings", responses={**READ, **INPUT, **COMPUTED})
    async def standings(
        request: Request,
        event_id: str,
        round_: Annotated[int | None, Query(alias="round", ge=1, le=999)] = None,
        explain: bool = False,
        html: bool = False,
        fresh: bool = True,
    ) -> Response:
        """The standings (after round K), as ``crosstable standings -o json`` writes
        them, with the ``version`` of the event they are of; explanations and HTML tables
        on request. With ``fresh=false`` (the public page), the standings last computed
        are answered at once while newer ones are being computed or were computed less
        than a second ago (their version says which): many readers, one ranking a second."""
        version = await standings_cache.version(event_id, fresh, lambda: opened().version(event_id))
        extras = explain or html
        key = (event_id, version, round_, extras, language())
        reader = asyncio.current_task()

        async def compute() -> tuple[int, bytes]:
            watched = request if asyncio.current_task() is reader else None
            found: list[int] = []

            def read(stored: Stored) -> EventRead:
                found.append(stored.settings["version"])
                return EventRead(stored, round_, extras)

            answer = await computed(watched, event_standings_job, event_id, read)
            if answer.status != 200:
                raise Uncomputed(answer)
            return found[0], answer.body

        try:
            body = await standings_cache.get(key, fresh, compute)
        except Uncomputed as failed:
            return failed.answer.response()
        return Response(body, media_type="application/json")

    @router.get(
        "/api/events/{event_id}/export",
        responses={200: {"content": {"text/plain": {}}}, **READ, **INPUT, **COMPUTED},
    )
    async def export(request: Request, event_id: str, to: Literal["trf", "json", "csv", "html"] = "csv") -> Response:
        """The event as a file: TRF, our JSON (the whole event), or its standings as CSV or HTML."""
        answer = await computed(request, event_export_job, event_id, lambda stored: EventRead(stored, to=to))
        return answer.response()

    async def paired(request: Request, event_id: str, pairing: Callable[[Stored], EventPairing]) -> RoundPlan | Answer:
        """A round planned in a worker (the slow lane: a 2,000-player round takes seconds)."""
        found = await run_in_threadpool(opened().stored, event_id)
        answer = await jobs.answer(request, event_pair_job, pairing(found), "heavy")
        if answer.status != 200:
            return answer
        plan: RoundPlan = answer.value
        return plan

    @router.post(
        "/api/events/{event_id}/rounds", status_code=201, responses={**WRITE, **COMPUTED}, dependencies=guarded
    )
    async def pair(event_id: str, req: PairRound, request: Request, who: Writer) -> Response:
        """A Swiss event's next round paired by the FIDE Dutch system (the engine named in
        the answer), with the byes requested for it; ``again``: its last round paired anew,
        before its first result. The answer: the new version, the round, the engine, its
        warnings."""
        byes = {name: kind.upper() for name, kind in req.byes.items()}
        plan = await paired(request, event_id, lambda stored: EventPairing(stored, byes, req.again))
        if isinstance(plan, Answer):
            return plan.response()
        store = opened()
        written = await run_in_threadpool(
            store.set_round, event_id, plan, req.version, who.secret, who.client, req.again
        )
        body = {
            "version": noted(event_id, written),
            "round": plan.round,
            "engine": plan.engine,
            "warnings": plan.warnings,
        }
        return JSONResponse(body, status_code=201)

    @router.put("/api/events/{event_id}/rounds/{round_}", responses={**WRITE, **COMPUTED}, dependencies=guarded)
    async def pair_by_hand(
        event_id: str, round_: Annotated[int, FastPath(ge=1, le=99)], req: HandRound, request: Request, who: Writer
    ) -> Response:
        """A Swiss round paired by the arbiter (the next round, or the last one before its
        first result): every participant on one board or with one bye. The answer: the
        new version and the check's ``verdict`` (empty: the Dutch system's own pairing;
        else each rule the round breaks and how it differs from the Dutch pairing)."""
        boards = [list(b) for b in req.boards]
        byes: dict[str, str] = dict(req.byes)
        plan = await paired(request, event_id, lambda stored: EventPairing(stored, byes, False, round_, boards))
        if isinstance(plan, Answer):
            return plan.response()
        store = opened()
        view = await run_in_threadpool(store.view, event_id)
        again = any(r["round"] == round_ for r in view["rounds"])
        written = await run_in_threadpool(store.set_round, event_id, plan, req.version, who.secret, who.client, again)
        return JSONResponse({"version": noted(event_id, written), "round": plan.round, "verdict": plan.verdict})

    @router.post("/api/events/{event_id}/participants", response_model=Version, responses=WRITE, dependencies=guarded)
    def late_entry(event_id: str, req: LateEntry, who: Writer) -> dict[str, int]:
        """A late entry into a Swiss event: paired from the next round (the rounds before are absences)."""
        written = opened().enter_late(event_id, req.name, req.rating, req.version, who.secret, who.client)
        return {"version": noted(event_id, written)}

    @router.post("/api/events/{event_id}/withdrawals", response_model=Version, responses=WRITE, dependencies=guarded)
    def withdrawal(event_id: str, req: Withdrawal, who: Writer) -> dict[str, int]:
        """A participant of a Swiss event withdrawn: not paired from the next round on."""
        written = opened().withdraw(event_id, req.name, req.version, who.secret, who.client)
        return {"version": noted(event_id, written)}

    @router.get("/api/events/{event_id}/rounds/{round_}", responses={**READ, **INPUT})
    def pairings(event_id: str, round_: Annotated[int, FastPath(ge=1, le=999)]) -> dict[str, Any]:
        """A round's pairing list as arbiters post it: board, White with points, result,
        Black with points; the byes below (points before the round)."""
        return pairing_list(opened().stored(event_id), round_)

    @router.get("/api/events/{event_id}/players/{number}", responses={**READ, **INPUT})
    def card(event_id: str, number: Annotated[int, FastPath(ge=1, le=9999)]) -> dict[str, Any]:
        """A participant's card: each round's colour, opponent, result and running score."""
        return player_card(opened().stored(event_id), number)

    async def prize_giving(request: Request, event_id: str, req: Callable[[Stored], EventPrizeGiving]) -> Response:
        found = await run_in_threadpool(opened().stored, event_id)
        answer = await jobs.answer(request, event_prize_giving_job, req(found), costs.lane(event_id))
        return answer.response()

    @router.post("/api/events/{event_id}/prizes", responses={**READ, **INPUT, **COMPUTED})
    async def prizes(event_id: str, req: PrizeList, request: Request) -> Response:
        """The prizes of the event's standings (no secret: nothing is written): the prize
        list's places and category prizes, one prize a player, shared places by the
        Hort system, equally or by the tie-break order; each prize's arithmetic."""
        return await prize_giving(
            request, event_id, lambda stored: EventPrizeGiving(stored, "prizes", req.prizes, req.sharing, req.cents)
        )

    @router.get("/api/events/{event_id}/ratings", responses={**READ, **INPUT, **COMPUTED})
    async def ratings(request: Request, event_id: str, k: Annotated[int, Query(ge=10, le=40)] = 20) -> Response:
        """Each rated player's FIDE rating change (K ``k`` where the event does not decide it)."""
        return await prize_giving(request, event_id, lambda stored: EventPrizeGiving(stored, "ratings", k=k))

    @router.get("/api/events/{event_id}/norms", responses={**READ, **INPUT, **COMPUTED})
    async def norms(request: Request, event_id: str) -> Response:
        """The title norms the event gives (FIDE Title Regulations)."""
        return await prize_giving(request, event_id, lambda stored: EventPrizeGiving(stored, "norms"))

    @router.get("/events", response_class=HTMLResponse, include_in_schema=False)
    def events_page() -> str:
        return _page("events.html")

    @router.get("/events/{event_id}", response_class=HTMLResponse, include_in_schema=False)
    def public_page(event_id: str) -> str:
        return _page("event.html")

    @router.get("/events/{event_id}/edit", response_class=HTMLResponse, include_in_schema=False)
    def editor_page(event_id: str) -> str:
        return _page("event.html")

    return router


__all__ = ["Quotas", "SecretGuard", "StandingsCache", "events_router"]
