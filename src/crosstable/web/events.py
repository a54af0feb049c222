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

Standings are computed once per event version and round and kept (the most recent
:data:`CACHED`), so that many readers of a public page cost one ranking per result.
"""

from __future__ import annotations

import importlib.resources
import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Header, Query, Request
from fastapi.responses import HTMLResponse, JSONResponse, Response
from pydantic import BaseModel, Field

from crosstable.errors import CrosstableError
from crosstable.events import Conflict, EventStore, NewEvent, NotAllowed, NotFound
from crosstable.io.jsonfmt import write_json
from crosstable.io.trf import write_trf
from crosstable.io.writers import render
from crosstable.ranking import rank
from crosstable.report import render_fragments

CACHED = 256
"""How many standings (event, version, round) are kept computed."""


class CreateEvent(BaseModel):
    name: str = Field(..., max_length=200, description="The event's name.")
    participants: list[str] | None = Field(None, description="Names in seeding order (a round robin is paired).")
    content: str | None = Field(None, description="A file's text to import instead (TRF, our JSON, a games list).")
    scoring: str = Field("chess", max_length=40, description="chess | draughts | football | W:D:L.")
    tiebreaks: list[str] | None = Field(None, description="Criteria in order; none: the preset or the default.")
    rules: str | None = Field(None, max_length=40, description="A preset regulation.")
    schedule: Literal["single", "double"] = "single"


class Created(BaseModel):
    id: str
    editor_secret: str
    version: int


class SetResult(BaseModel):
    result: str | None = Field(None, max_length=20, description="1, 0, =, +, -, --, 1-0, 2:1 …; null clears it.")
    version: int


class Rename(BaseModel):
    name: str = Field(..., max_length=200)
    version: int


class VersionOnly(BaseModel):
    version: int


class Version(BaseModel):
    version: int


def _bearer(authorization: str | None) -> str | None:
    if authorization is None:
        return None
    scheme, _, token = authorization.partition(" ")
    return token.strip() if scheme.lower() == "bearer" and token.strip() else None


def _client(request: Request, agent: str | None) -> str:
    host = request.client.host if request.client else "?"
    return f"{host} {(agent or '')[:60]}".strip()


def _page(name: str) -> str:
    return (importlib.resources.files("crosstable.web") / "static" / name).read_text(encoding="utf-8")


def events_router(store: Callable[[], EventStore | None]) -> APIRouter:
    """The routes, over the store the application opened (``None``: none configured)."""
    router = APIRouter()
    cache: OrderedDict[tuple[str, int, int | None, bool], dict[str, Any]] = OrderedDict()
    lock = threading.Lock()
    flights: dict[tuple[str, int, int | None, bool], threading.Lock] = {}

    def opened() -> EventStore:
        s = store()
        if s is None:
            raise CrosstableError("this server keeps no events: start it with crosstable serve (--db URL)")
        return s

    def answer(fn: Callable[[], Any], status: int = 200) -> Response:
        try:
            return JSONResponse(fn(), status_code=status)
        except NotFound as e:
            return JSONResponse({"detail": str(e), "problems": []}, status_code=404)
        except NotAllowed as e:
            headers = {"WWW-Authenticate": "Bearer"} if e.status == 401 else None
            return JSONResponse({"detail": str(e), "problems": []}, status_code=e.status, headers=headers)
        except Conflict as e:
            return JSONResponse({"detail": str(e), "problems": [], "current": e.current}, status_code=409)

    @router.post("/api/events", status_code=201, response_model=Created)
    def create(req: CreateEvent) -> Response:
        """Create an event: from names (a round robin paired by the Berger tables) or a
        file's text; the answer holds the editor secret, shown this once."""
        spec = NewEvent(
            req.name, req.participants or (), req.scoring, req.tiebreaks, req.rules, req.schedule, req.content
        )

        def made() -> dict[str, Any]:
            event_id, secret = opened().create(spec)
            return {"id": event_id, "editor_secret": secret, "version": 1}

        return answer(made, 201)

    @router.get("/api/events")
    def listed() -> Response:
        """The saved events: id, name, version, when created."""
        return answer(lambda: opened().events())

    @router.get("/api/events/{event_id}")
    def one(event_id: str) -> Response:
        """An event: its settings, version, participants and rounds of games (``result``
        null while not played)."""
        return answer(lambda: opened().view(event_id))

    @router.get("/api/events/{event_id}/changes")
    def changes(event_id: str) -> Response:
        """Every change: version, when, from which client, what, before and after."""
        return answer(lambda: opened().changes(event_id))

    @router.put("/api/events/{event_id}/games/{game_id}", response_model=Version)
    def result(
        event_id: str,
        game_id: int,
        req: SetResult,
        request: Request,
        authorization: Annotated[str | None, Header()] = None,
        user_agent: Annotated[str | None, Header()] = None,
    ) -> Response:
        """Enter, correct or clear a result (based on ``version``)."""
        secret, client = _bearer(authorization), _client(request, user_agent)
        return answer(
            lambda: {"version": opened().set_result(event_id, game_id, req.result, req.version, secret, client)}
        )

    @router.patch("/api/events/{event_id}", response_model=Version)
    def rename(
        event_id: str,
        req: Rename,
        request: Request,
        authorization: Annotated[str | None, Header()] = None,
        user_agent: Annotated[str | None, Header()] = None,
    ) -> Response:
        """Rename the event (based on ``version``)."""
        secret, client = _bearer(authorization), _client(request, user_agent)
        return answer(lambda: {"version": opened().rename(event_id, req.name, req.version, secret, client)})

    @router.post("/api/events/{event_id}/undo", response_model=Version)
    def undo(
        event_id: str,
        req: VersionOnly,
        request: Request,
        authorization: Annotated[str | None, Header()] = None,
        user_agent: Annotated[str | None, Header()] = None,
    ) -> Response:
        """Undo the last change (based on ``version``)."""
        secret, client = _bearer(authorization), _client(request, user_agent)
        return answer(lambda: {"version": opened().undo(event_id, req.version, secret, client)})

    @router.delete("/api/events/{event_id}")
    def delete(event_id: str, authorization: Annotated[str | None, Header()] = None) -> Response:
        """Delete the event and everything recorded of it."""

        def gone() -> dict[str, Any]:
            opened().delete(event_id, _bearer(authorization))
            with lock:
                for key in [k for k in cache if k[0] == event_id]:
                    del cache[key]
            return {"deleted": event_id}

        return answer(gone)

    def standings_of(event_id: str, round_: int | None, extras: bool) -> dict[str, Any]:
        s = opened()
        asked = (event_id, s.version(event_id), round_, extras)
        with lock:
            if asked in cache:
                cache.move_to_end(asked)
                return cache[asked]
            flight = flights.setdefault(asked, threading.Lock())
        with flight:  # the readers of a new version wait for one computation, not a hundred
            with lock:
                if asked in cache:
                    return cache[asked]
            out = computed(s, event_id, round_, extras)
            with lock:
                cache[asked] = out
                cache[(event_id, out["version"], round_, extras)] = out
                flights.pop(asked, None)
                while len(cache) > CACHED:
                    cache.popitem(last=False)
            return out

    def computed(s: EventStore, event_id: str, round_: int | None, extras: bool) -> dict[str, Any]:
        t, view = s.tournament(event_id)  # one snapshot: its version may be newer than the one asked for
        version = view["version"]
        if round_ is not None:
            t = t.after_round(round_)
        ranked = rank(t, view["tiebreaks"], rules=view["rules"])
        out = ranked.to_dict()
        out["version"] = version
        out["round"] = round_
        if extras:
            out["explanations"] = {r.name: ranked.explain(r.name) for r in ranked.rows}
            out["html"] = render_fragments(ranked)
        return out

    @router.get("/api/events/{event_id}/standings")
    def standings(
        event_id: str,
        round_: Annotated[int | None, Query(alias="round", ge=1, le=999)] = None,
        explain: bool = False,
        html: bool = False,
    ) -> Response:
        """The standings (after round K), as ``crosstable standings -o json`` writes
        them, with the event's version; explanations and HTML tables on request."""
        return answer(lambda: standings_of(event_id, round_, explain or html))

    @router.get("/api/events/{event_id}/export")
    def export(event_id: str, to: Literal["trf", "json", "csv", "html"] = "csv") -> Response:
        """The event as a file: TRF, our JSON (the whole event), or its standings as CSV or HTML."""
        try:
            t, view = opened().tournament(event_id)
        except NotFound as e:
            return JSONResponse({"detail": str(e), "problems": []}, status_code=404)
        if to == "trf":
            body, media = write_trf(t), "text/plain"
        elif to == "json":
            body, media = write_json(t), "application/json"
        else:
            body = render(rank(t, view["tiebreaks"], rules=view["rules"]), to)
            media = "text/csv" if to == "csv" else "text/html"
        safe = "".join(c if c.isascii() and (c.isalnum() or c in "-_") else "_" for c in view["name"])[:60] or "event"
        disposition = f'attachment; filename="{safe}.{to}"'
        return Response(body, media_type=f"{media}; charset=utf-8", headers={"Content-Disposition": disposition})

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
