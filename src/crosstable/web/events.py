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
- ``GET /api/events/{id}/standings?round=K`` (the JSON of ``--output json``; with
  ``explain`` and ``html`` as the calculator's), ``GET /api/events/{id}/export?to=trf|
  json|csv|html`` (a file).
- Pages: ``/events`` (the list, and creating one), ``/events/{id}`` (the public page:
  standings, crosstable, the next round's pairings, refreshed when results come in,
  printable; no edit controls), ``/events/{id}/edit`` (result entry; the secret from
  the link's fragment, kept in the browser's local storage).

Standings are computed once per event version, round and language (their warnings,
explanations and HTML tables are sentences) and kept (the most recent
:data:`CACHED`), so that many readers of a public page cost one ranking per result
(:class:`StandingsCache`); the public page's readers (``fresh=false``) get the last ones
computed while newer ones are being computed, or within a second of the last
computation, their ``version`` saying which.
"""

from __future__ import annotations

import asyncio
import importlib.resources
import json
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends, Header, Query, Request
from fastapi import Path as FastPath
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import HTMLResponse, JSONResponse, Response
from pydantic import BaseModel, Field
from sqlalchemy.exc import OperationalError

from crosstable.errors import CrosstableError
from crosstable.events import Conflict, EventStore, NewEvent, NotAllowed, NotFound
from crosstable.i18n import _, language
from crosstable.io.jsonfmt import write_json
from crosstable.io.trf import write_trf
from crosstable.io.writers import render
from crosstable.ranking import rank
from crosstable.report import render_fragments
from crosstable.web.jobs import download, explained

CACHED = 256
"""How many standings (event, version, round, language) are kept computed."""
RECHECK = 0.5
"""Seconds a reader trusts the event version it last read (a write through this
process is known at once; another server process's within this time)."""
PATIENCE = 0.5
"""Seconds the reader that starts a computation of newer standings waits for it before
taking the last ones."""
SETTLE = 1.0
"""Seconds between two computations of one event's standings for readers that do not
ask for ``fresh`` ones: results entered in a burst cost one ranking, not one each."""


class CreateEvent(BaseModel):
    name: str = Field(..., max_length=1000, description="The event's name (at most 200 characters once trimmed).")
    participants: list[str] | None = Field(None, description="Names in seeding order (a round robin is paired).")
    content: str | None = Field(None, description="A file's text to import instead (TRF, our JSON, a games list).")
    scoring: str = Field("chess", max_length=40, description="chess | draughts | football | W:D:L.")
    tiebreaks: list[str] | None = Field(None, description="Criteria in order; none: the preset or the default.")
    rules: str | None = Field(None, max_length=40, description="A preset regulation.")
    schedule: Literal["single", "double"] = "single"
    seed_from: str | None = Field(None, description="A standings file's text to seed by (as schedule --seed-from).")


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
WRITE: dict[int | str, dict[str, Any]] = {
    **READ,
    **INPUT,
    401: {"model": Refusal, "description": "No editor secret (Authorization: Bearer …)."},
    403: {"model": Refusal, "description": "Not this event's editor secret."},
    409: {"model": Stale, "description": "The event changed since the version given: the event as it now is."},
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


def _bearer(authorization: str | None) -> str | None:
    if authorization is None:
        return None
    scheme, _sep, token = authorization.partition(" ")
    return token.strip() if scheme.lower() == "bearer" and token.strip() else None


def _page(name: str) -> str:
    return (importlib.resources.files("crosstable.web") / "static" / name).read_text(encoding="utf-8")


Key = tuple[str, int, int | None, bool, str]
"""A standings: the event, its version, the round (``None``: the latest), with extras,
in a language (the answer's warnings, explanations and HTML are sentences)."""
View = tuple[str, int | None, bool, str]
"""A standings whatever its version: the event, the round, with extras, the language."""


def _view(key: Key) -> View:
    return key[0], key[2], key[3], key[4]


class StandingsCache:
    """Standings encoded once per event version, round and language. A reader learns the event's
    version from the database at most every :data:`RECHECK` seconds (at once after a
    write through this process, or with ``fresh``); a cached answer is served on the
    event loop, without a thread, so that many readers leave the threads to the
    writers; the readers of a new version wait for one computation (while another
    computation runs, or within :data:`SETTLE` seconds of the last one, readers that
    do not ask for ``fresh`` standings get the last ones computed, their version said)."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.cache: OrderedDict[Key, bytes] = OrderedDict()
        self.latest: dict[View, tuple[int, bytes]] = {}
        self.flights: dict[Key, asyncio.Lock] = {}
        self.known: dict[str, tuple[int, float]] = {}
        self.started: dict[View, float] = {}
        self.tasks: set[asyncio.Task[bytes]] = set()

    def noted(self, event_id: str, version: int) -> int:
        """A write through this process: its version is the event's."""
        with self.lock:
            self.known[event_id] = (version, time.monotonic())
        return version

    def forget(self, event_id: str) -> None:
        with self.lock:
            for key in [k for k in self.cache if k[0] == event_id]:
                del self.cache[key]
            for view in [k for k in self.latest if k[0] == event_id]:
                del self.latest[view]
            self.known.pop(event_id, None)

    async def version(self, event_id: str, fresh: bool, read: Callable[[], int]) -> int:
        with self.lock:
            known = self.known.get(event_id)
        if known is not None and not fresh and time.monotonic() - known[1] < RECHECK:
            return known[0]
        version = await run_in_threadpool(read)
        with self.lock:
            if event_id not in self.known or self.known[event_id][0] <= version:
                self.known[event_id] = (version, time.monotonic())
        return version

    async def get(self, key: Key, fresh: bool, compute: Callable[[], tuple[int, bytes]]) -> bytes:
        view = _view(key)
        with self.lock:
            if key in self.cache:
                self.cache.move_to_end(key)
                return self.cache[key]
            stale = None if fresh else self.latest.get(view)
            flight = self.flights.get(key)
            recent = time.monotonic() - self.started.get(view, -SETTLE) < SETTLE
            task = None
            if stale is not None and not (flight is not None and flight.locked()) and not recent:
                task = asyncio.create_task(self._computed(key, compute))  # the newest, computed once
                self.tasks.add(task)
                task.add_done_callback(self.tasks.discard)
        if stale is None:
            return await self._computed(key, compute)
        if task is not None:  # the reader that starts it waits a little: usually the newest is ready by then
            try:
                return await asyncio.wait_for(asyncio.shield(task), PATIENCE)
            except TimeoutError:
                pass
        return stale[1]  # the last standings computed, their version said

    async def _computed(self, key: Key, compute: Callable[[], tuple[int, bytes]]) -> bytes:
        view = _view(key)
        with self.lock:
            flight = self.flights.setdefault(key, asyncio.Lock())
        async with flight:  # the readers of a new version wait for one computation, not a hundred
            with self.lock:
                if key in self.cache:
                    return self.cache[key]
                self.started[view] = time.monotonic()
            try:
                version, body = await run_in_threadpool(compute)
            finally:
                with self.lock:
                    self.flights.pop(key, None)
            with self.lock:
                self.cache[key] = body
                self.cache[(key[0], version, key[2], key[3], key[4])] = body
                if view not in self.latest or self.latest[view][0] <= version:
                    self.latest[view] = (version, body)
                while len(self.cache) > CACHED:
                    self.cache.popitem(last=False)
            return body


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
    :data:`REFUSALS`): 404, 401 or 403, 409 with the event as it now is, 503."""
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


REFUSALS = (NotFound, NotAllowed, Conflict, OperationalError)
"""The exceptions :func:`refusal` answers."""


def events_router(store: Callable[[], EventStore | None]) -> APIRouter:
    """The routes, over the store the application opened (``None``: none configured);
    the application answers their refusals with :func:`refusal`."""
    router = APIRouter()
    standings_cache = StandingsCache()
    noted = standings_cache.noted

    def opened() -> EventStore:
        s = store()
        if s is None:
            raise CrosstableError(_("this server keeps no events: start it with crosstable serve (--db URL)"))
        return s

    @router.post("/api/events", status_code=201, response_model=Created, responses=INPUT)
    def create(req: CreateEvent) -> dict[str, Any]:
        """Create an event: from names (a round robin paired by the Berger tables) or a
        file's text; the answer holds the editor secret, shown this once."""
        spec = NewEvent(
            req.name,
            req.participants or (),
            req.scoring,
            req.tiebreaks,
            req.rules,
            req.schedule,
            req.content,
            req.seed_from,
        )
        event_id, secret = opened().create(spec)
        return {"id": event_id, "editor_secret": secret, "version": 1}

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

    @router.get("/api/events/{event_id}/changes", responses=WRITE)
    def changes(event_id: str, who: Writer) -> list[dict[str, Any]]:
        """Every change: version, when, from which client, what, before and after (for
        the event's arbiters: it names their addresses; the editor secret is needed)."""
        return opened().changes(event_id, who.secret)

    @router.put("/api/events/{event_id}/games/{game_id}", response_model=Version, responses=WRITE)
    def result(
        event_id: str, game_id: Annotated[int, FastPath(ge=1, le=2**31 - 1)], req: SetResult, who: Writer
    ) -> dict[str, int]:
        """Enter, correct or clear a result (based on ``version``)."""
        written = opened().set_result(event_id, game_id, req.result, req.version, who.secret, who.client)
        return {"version": noted(event_id, written)}

    @router.patch("/api/events/{event_id}", response_model=Version, responses=WRITE)
    def rename(event_id: str, req: Rename, who: Writer) -> dict[str, int]:
        """Rename the event (based on ``version``)."""
        return {"version": noted(event_id, opened().rename(event_id, req.name, req.version, who.secret, who.client))}

    @router.post("/api/events/{event_id}/undo", response_model=Version, responses=WRITE)
    def undo(event_id: str, req: Version, who: Writer) -> dict[str, int]:
        """Undo the last change not yet undone (based on ``version``)."""
        return {"version": noted(event_id, opened().undo(event_id, req.version, who.secret, who.client))}

    @router.delete("/api/events/{event_id}", responses=WRITE)
    def delete(event_id: str, who: Writer) -> dict[str, str]:
        """Delete the event and everything recorded of it."""
        opened().delete(event_id, who.secret)
        standings_cache.forget(event_id)
        return {"deleted": event_id}

    def computed(event_id: str, round_: int | None, extras: bool) -> tuple[int, bytes]:
        t, view = opened().tournament(event_id)  # one snapshot: its version may be newer than the one asked for
        if round_ is not None:
            t = t.after_round(round_)
        ranked = rank(t, view["tiebreaks"], rules=view["rules"])
        out = ranked.to_dict()
        out["version"] = view["version"]
        out["round"] = round_
        if extras:
            explained(out, [r.name for r in ranked.rows], ranked.explain)
            out["html"] = render_fragments(ranked)
        return view["version"], json.dumps(out, ensure_ascii=False, separators=(",", ":")).encode()

    @router.get("/api/events/{event_id}/standings", responses={**READ, **INPUT})
    async def standings(
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
        key = (event_id, version, round_, explain or html, language())
        body = await standings_cache.get(key, fresh, lambda: computed(event_id, round_, explain or html))
        return Response(body, media_type="application/json")

    @router.get("/api/events/{event_id}/export", responses={200: {"content": {"text/plain": {}}}, **READ, **INPUT})
    def export(event_id: str, to: Literal["trf", "json", "csv", "html"] = "csv") -> Response:
        """The event as a file: TRF, our JSON (the whole event), or its standings as CSV or HTML."""
        t, view = opened().tournament(event_id)
        if to == "trf":
            body = write_trf(t)
        elif to == "json":
            body = write_json(t)
        else:
            body = render(rank(t, view["tiebreaks"], rules=view["rules"]), to)
        return download(body, to, view["name"], fallback="event").response()

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


__all__ = ["events_router"]
