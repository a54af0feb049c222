"""The local web page and its HTTP API (``crosstable serve``).

A thin face over the library: every answer is computed by the same functions as the
command line, and the page's tables come from the same templates as ``--output
html`` (:mod:`crosstable.report`). Nothing is loaded from the network: the page's
script and style are files of this package, and the API docs (Swagger UI at ``/docs``,
ReDoc at ``/redoc``) load theirs from the ``fastapi-offline`` package, served under
``/docs/assets``, instead of FastAPI's default CDN.

Endpoints (their schema at ``/openapi.json``, browsable at ``/docs`` and ``/redoc``):

- ``POST /api/standings``: a tournament (file content in any supported format, or
  our JSON tournament object) and options; the answer is the JSON of ``--output json``, with,
  on request, every participant's explanation, the Laplacian potentials and the
  tables as HTML.
- ``POST /api/export``: the same request and ``to`` (``csv``, ``json``, ``trf``,
  ``html``): a file to download.
- ``POST /api/upload``: a file (multipart); its text, decoded as UTF-8 or else
  Latin-1, and the format detected.
- ``POST /api/schedule``: Berger tables for N participants or a list of names.
- ``POST /api/scenarios``: what the games still to be played can change.
- ``POST /api/outlook``: what can still happen, exactly (``crosstable outlook``):
  best and worst places, zones, magic numbers, and the completion behind each place.

Standings, exports, scenarios and outlooks (and the saved events' standings, exports and
creation) are computed in worker processes, off the event loop, each within a time and
a memory budget, and stopped when the client goes away (:mod:`crosstable.web.jobs`);
the page, its assets, uploads and schedules are answered
at once. With ``allowed_hosts`` (what ``crosstable serve`` sets from its ``--host``)
a request addressed to another host is refused (DNS rebinding).

Limits (decided here; arguments of :func:`create_app`): a request body of at most
5 MB and at most 5,000 participants (413 beyond either); schedules of at most 200
participants and scenario runs of at most a million combinations or 200,000 samples
(422 from the schema); the rest in :mod:`crosstable.web.jobs`. An input that cannot be read answers 422 with every
problem's line, column and message. Every text from the input is escaped in the
page and the HTML exports, and CSV cells that a spreadsheet would run as a formula
(``=``, ``+``, ``-``, ``@`` at the start) get a leading apostrophe.
"""

from __future__ import annotations

import contextlib
import importlib.resources
import os
from collections.abc import AsyncIterator, Sequence
from importlib.metadata import PackageNotFoundError, version
from typing import Annotated, Any, Literal
from urllib.parse import parse_qsl

from fastapi import FastAPI, File, HTTPException, Query, Request, Response, UploadFile
from fastapi.exceptions import RequestValidationError
from fastapi.openapi.docs import get_redoc_html, get_swagger_ui_html, get_swagger_ui_oauth2_redirect_html
from fastapi.responses import HTMLResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, ConfigDict, Field
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from crosstable.errors import CrosstableError
from crosstable.events import EventStore
from crosstable.fields import is_whole
from crosstable.i18n import LANGUAGE_NAMES, _, catalogue, check_language, decimal_text, integer_text, using
from crosstable.io import FORMATS, decode, detect_format
from crosstable.io.writers import schedule_dict
from crosstable.model import PRESET_SCORING
from crosstable.rules import PRESETS
from crosstable.schedule import Schedule
from crosstable.tiebreaks import REGISTRY
from crosstable.web.events import (
    QUOTA_BYTES,
    QUOTA_EVENTS,
    QUOTA_PARTICIPANTS,
    REFUSALS,
    Quotas,
    events_router,
    refusal,
)
from crosstable.web.jobs import (
    Jobs,
    Limits,
    check_job,
    error_body,
    export_job,
    outlook_job,
    scenarios_job,
    standings_job,
)

MAX_BYTES = 5_000_000
MAX_PARTICIPANTS = 5_000
DOCS_ASSETS = "/docs/assets"
"""Where the API docs' script, style and icon are served (files of ``fastapi-offline``)."""

Format = Literal["auto", "crosstable", "games", "trf", "pgn", "json"]
FideRules = Literal["2023", "2024", "2026", "virtual"]
Number = int | float | str


class TournamentRequest(BaseModel):
    """A tournament: ``content`` (a file's text) or ``tournament`` (our JSON object)."""

    model_config = ConfigDict(extra="forbid")

    content: str | None = Field(None, description="The file's text, in any supported format.")
    tournament: dict[str, Any] | None = Field(
        None, description="Our JSON tournament object (crosstable convert --to json)."
    )
    format: Format = "auto"
    filename: str | None = Field(None, max_length=200, description="Shown in messages and titles.")
    scoring: str | None = Field(None, max_length=40, description="chess, draughts, football, team, go or W:D:L.")
    discipline: str | None = Field(None, description="A discipline file's text: cards and deductions per team.")


class StandingsRequest(TournamentRequest):
    tiebreaks: list[str] | None = Field(None, description="Criteria in order, e.g. ['SB', 'BH/C1']; none: default.")
    rules: str | None = Field(None, description="A preset regulation: " + ", ".join(sorted(PRESETS)) + ".")
    fide_rules: FideRules | None = None
    round: int | None = Field(
        None,
        ge=1,
        le=999,
        description="The standings after this round; none: after the last round with results (a Swiss after 4 of "
        "9 rounds is ranked after round 4, not with rounds 5-9 as absences of everybody).",
    )
    unrated: int | None = Field(None, ge=0, le=4000, description="Rating counted for unrated players.")
    explain: bool = Field(False, description="Add every participant's explanation.")
    potentials: bool = Field(False, description="Add the Laplacian potentials and flows.")
    html: bool = Field(False, description="Add the standings and crosstable tables as HTML.")


class ExportRequest(StandingsRequest):
    to: Literal["csv", "json", "trf", "html"] = "csv"


class ScenariosRequest(TournamentRequest):
    tiebreaks: list[str] | None = None
    group: str | None = Field(None, description="A competition in groups: the group to look at (e.g. 'E').")
    rules: str | None = None
    scores: list[str] | None = Field(None, description="Score lines a pending game can end with, e.g. ['1:0', '0:0'].")
    limit: int = Field(100_000, ge=1, le=1_000_000, description="Enumerate all combinations up to this many.")
    samples: int = Field(20_000, ge=100, le=200_000, description="Monte Carlo samples beyond the limit.")
    seed: int = Field(0, ge=0, le=2**31)


class OutlookRequest(TournamentRequest):
    tiebreaks: list[str] | None = None
    group: str | None = Field(None, description="A competition in groups: the group to look at (e.g. 'E').")
    rules: str | None = None
    zones: str | None = Field(
        None, max_length=500, description="Named places, e.g. 'title=1,ucl=1-4,relegation=18-20' (default title=1)."
    )
    draws: bool = Field(True, description="False: a game left can only be won or lost.")
    magic: bool = Field(True, description="False: leave out the magic numbers (the slowest part).")
    limit: int = Field(
        100_000,
        ge=1,
        le=1_000_000,
        description="Places that Berger or Buchholz criteria decide: every completion of the games left ranked up "
        "to this many, else those places are 'open' (as the scenarios' limit; the command line's default is 3^14).",
    )


class ScheduleRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")

    n: int | None = Field(None, ge=2, le=200, description="Number of participants (or give names).")
    names: list[Annotated[str, Field(min_length=1, max_length=200)]] | None = Field(None, min_length=2, max_length=200)
    double: bool = False


class Row(BaseModel):
    rank: int
    place: str
    name: str
    points: Number
    tiebreaks: dict[str, Number | None]
    """A criterion's value; ``null`` where it has none (an average over no game, a
    criterion among the tied for someone not tied, data not supplied)."""
    decided_by: str | None = None
    model_config = ConfigDict(extra="allow")


class StandingsResponse(BaseModel):
    """The JSON of ``--output json``, and what was asked for besides. A competition in
    groups answers ``groups`` (each with its ``standings``) instead of ``standings``,
    the ranking across groups under ``third_placed`` (``second_placed`` … for another
    place) and the ``knockout`` round, as ``crosstable standings`` writes them."""

    model_config = ConfigDict(extra="allow")

    event: str | None = None
    format: str | None = None
    system: str | None = None
    rules: dict[str, str | None] | None = None
    scoring: dict[str, Number]
    scoring_reason: str | None = None
    primary: str | None = None
    tiebreaks: list[str]
    tiebreaks_source: str | None = None
    standings: list[Row] | None = None
    groups: list[dict[str, Any]] | None = None
    third_placed: dict[str, Any] | None = None
    knockout_round: str | None = None
    knockout: list[dict[str, Any]] | None = None
    rounds: dict[str, int] | None = Field(
        None,
        description="An event played in rounds with results: 'after' (the round these standings are after), "
        "'with_results' (its last round with results: the rounds the page offers) and 'announced' (its rounds).",
    )
    warnings: list[str]
    explanations: dict[str, str] | None = None
    potentials: list[dict[str, Any]] | None = None
    html: dict[str, str] | None = None


class Difference(BaseModel):
    """A value the file prints that differs from the computed one."""

    participant: str
    what: str = Field(description="points, place, wins, draws, losses, MP, GP or a criterion's code.")
    printed: str
    computed: str
    line: int
    column: int


class CheckResponse(BaseModel):
    """The JSON of ``crosstable check -o json``: what the file prints against what its rules give."""

    file: str | None = None
    criteria: list[str]
    criteria_source: str
    compared: int = Field(description="How many printed values were compared.")
    differences: list[Difference]
    warnings: list[str]


class Problem(BaseModel):
    line: int | None
    column: int | None
    message: str


class ErrorAnswer(BaseModel):
    detail: str
    source: str | None = None
    problems: list[Problem] = []


ERRORS: dict[int | str, dict[str, Any]] = {
    400: {"model": ErrorAnswer, "description": "The body is not well-formed (not JSON, or not a form)."},
    413: {"model": ErrorAnswer, "description": "The input is larger than the server's limits."},
    422: {"model": ErrorAnswer, "description": "The input cannot be read: each problem with its line and column."},
}


class _BodyLimit:
    """413 for a request body over the limit, by its declared length or as it arrives
    (a plain ASGI middleware: it costs nothing on the way of an ordinary request)."""

    def __init__(self, app: ASGIApp, max_bytes: int) -> None:
        self.app, self.max_bytes = app, max_bytes

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = dict(scope.get("headers") or [])
        declared = headers.get(b"content-length", b"").decode("latin-1")
        if is_whole(declared) and (len(declared.lstrip("0")) > 18 or int(declared) > self.max_bytes):
            await self._refuse(scope, receive, send)
            return
        seen = 0

        async def counted() -> Message:
            nonlocal seen
            message = await receive()
            seen += len(message.get("body", b""))
            if seen > self.max_bytes:
                raise _TooLarge(413, _too_large(self.max_bytes))
            return message

        try:
            await self.app(scope, counted, send)
        except _TooLarge:
            await self._refuse(scope, receive, send)

    async def _refuse(self, scope: Scope, receive: Receive, send: Send) -> None:
        text = _too_large(self.max_bytes)
        await JSONResponse({"detail": text, "problems": []}, status_code=413)(scope, receive, send)


def _too_large(max_bytes: int) -> str:
    return _("the request is larger than {limit} bytes").format(limit=integer_text(max_bytes))


class _Language:
    """Each request in its language: ``?lang=bg``, else the browser's
    ``Accept-Language`` (its first language we have), else English. The messages of
    the answer (errors, warnings, explanations, HTML tables) follow it; the JSON's keys,
    codes and numbers do not."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        with using(request_language(scope)):
            await self.app(scope, receive, send)


def request_language(scope: Scope) -> str:
    """The language a request asks for (see :class:`_Language`)."""
    for key, value in parse_qsl(scope.get("query_string", b"").decode("latin-1")):
        if key == "lang":
            with contextlib.suppress(ValueError):
                return check_language(value)
    accept = dict(scope.get("headers") or []).get(b"accept-language", b"").decode("latin-1")
    ranked: list[tuple[float, int, str]] = []
    for k, part in enumerate(accept.split(",")):
        tag, _semicolon, weight = part.partition(";")
        try:
            q = float(weight.strip().removeprefix("q=")) if weight.strip().startswith("q=") else 1.0
            if q > 0:  # q=0: not wanted
                ranked.append((-q, k, check_language(tag)))
        except ValueError:
            continue
    return min(ranked)[2] if ranked else "en"  # the most wanted of ours, the first of equals


class _TooLarge(HTTPException):
    """Raised while the body arrives; FastAPI passes HTTP exceptions through."""


def create_app(
    max_bytes: int = MAX_BYTES,
    max_participants: int = MAX_PARTICIPANTS,
    *,
    budget: float = 30.0,
    workers: int | None = None,
    queue: int | None = None,
    memory: int = 2 * 2**30,
    allowed_hosts: Sequence[str] | None = None,
    db: str | None = None,
    organiser_token: str | None = None,
    quota_events: int = QUOTA_EVENTS,
    quota_participants: int = QUOTA_PARTICIPANTS,
    quota_bytes: int = QUOTA_BYTES,
) -> FastAPI:
    """The web application: the page, its assets and the API. Heavy work runs in
    ``workers`` processes (one per core by default), at most ``queue`` jobs at once,
    each within ``budget`` seconds and ``memory`` bytes (:mod:`crosstable.web.jobs`).
    With ``allowed_hosts``, a request whose ``Host`` header names another host is
    refused (400): a page elsewhere cannot reach the local server through a name it
    controls (DNS rebinding). With ``db`` (an SQLAlchemy URL), saved events are kept
    there (:mod:`crosstable.web.events`); without, the events API answers that none
    are kept. With ``organiser_token``, creating an event needs it (``Authorization:
    Bearer …``); each client creates at most ``quota_events`` events, ``quota_participants``
    participants and ``quota_bytes`` bytes of imported files an hour, organiser or not
    (:class:`crosstable.web.events.Quotas`)."""
    jobs = Jobs(Limits(max_participants, budget, memory), workers, queue)
    store = EventStore(db) if db is not None else None

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        yield
        jobs.close()
        if store is not None:
            store.close()

    app = FastAPI(
        lifespan=lifespan,
        title="crosstable",
        summary="Tournament results in, standings with exact tie-break coefficients out.",
        version=_version(),
        docs_url=None,
        redoc_url=None,
    )
    app.state.jobs = jobs
    app.add_middleware(_BodyLimit, max_bytes=max_bytes)
    app.add_middleware(_Language)
    if allowed_hosts:
        app.add_middleware(TrustedHostMiddleware, allowed_hosts=list(allowed_hosts))
    static = importlib.resources.files("crosstable.web") / "static"
    app.mount("/static", StaticFiles(directory=str(static)), name="static")
    app.state.store = store
    quotas = Quotas(quota_events, quota_participants, quota_bytes)
    app.include_router(events_router(lambda: store, jobs=jobs, organiser_token=organiser_token, quotas=quotas))
    _add_docs(app)

    for kind in REFUSALS:  # the saved events' refusals: 404, 401/403, 409, 503
        app.add_exception_handler(kind, refusal)

    @app.exception_handler(CrosstableError)
    async def _unreadable(request: Request, error: CrosstableError) -> JSONResponse:
        return JSONResponse(error_body(error), status_code=422)

    @app.exception_handler(RequestValidationError)
    async def _invalid(request: Request, error: RequestValidationError) -> JSONResponse:
        messages = [f"{'.'.join(map(str, e['loc']))}: {e['msg']}" for e in error.errors()]
        problems = [{"line": None, "column": None, "message": m} for m in messages]
        # pydantic's own messages stay English (as click's do on the command line)
        detail = _("the request does not match the API's schema: {problems}").format(problems="; ".join(messages))
        return JSONResponse({"detail": detail, "problems": problems}, status_code=422)

    # read once: a server out of open files (a flood of connections) still answers its page
    index = (importlib.resources.files("crosstable.web") / "static" / "index.html").read_text(encoding="utf-8")
    css = (importlib.resources.files("crosstable") / "templates" / "report.css").read_text(encoding="utf-8")

    @app.get("/", response_class=HTMLResponse, include_in_schema=False)
    def page() -> str:
        return index

    @app.get("/report.css", include_in_schema=False)
    def report_css() -> Response:
        return Response(css, media_type="text/css")

    @app.get("/api/messages", responses=ERRORS)
    def messages(lang: Annotated[str, Query(pattern="^(en|bg|hu|ru|de)$")] = "en") -> dict[str, Any]:
        """The page's words in a language: every message of its catalogue (identifier,
        the English text → translation) and how that language writes a number."""
        with using(lang):
            sample = decimal_text("-1.5")
        return {"lang": lang, "languages": LANGUAGE_NAMES, "number": sample, "messages": catalogue(lang)}

    @app.get("/api/options")
    def options() -> dict[str, Any]:
        """What the page offers: formats, scorings, presets, criteria codes with their
        names, and whether creating a saved event needs the organiser's token."""
        return {
            "organiser_token": organiser_token is not None,
            "formats": list(FORMATS),
            "scorings": list(PRESET_SCORING),
            "presets": sorted(PRESETS),
            "criteria": {code: c.title for code, c in sorted(REGISTRY.items())},
        }

    @app.post("/api/standings", response_model=StandingsResponse, responses=ERRORS)
    async def standings(req: StandingsRequest, request: Request) -> Response:
        """Rank a tournament: the JSON of ``--output json`` (exact values: integers, decimals
        that terminate, else floats), with explanations, potentials and HTML tables on
        request. An event that announces more rounds than its results reach is ranked
        after its last round with results (``rounds``, and a warning, say so), or after
        ``round``."""
        return await jobs.run(request, standings_job, req)

    @app.post("/api/check", response_model=CheckResponse, responses=ERRORS)
    async def check(req: StandingsRequest, request: Request) -> Response:
        """Compare what the file prints (TRF points and ranks, a team's ``310`` match
        points, game points and rank, a crosstable's points and coefficient columns) with
        the standings by its own rules, or the criteria given: every difference with its
        line and column (the body of ``/api/standings``; ``explain``, ``potentials`` and
        ``html`` are not used)."""
        return await jobs.run(request, check_job, req)

    @app.post("/api/export", responses={200: {"content": {"text/plain": {}}}, **ERRORS})
    async def export(req: ExportRequest, request: Request) -> Response:
        """The standings as a file: CSV (safe against formula injection), JSON (as
        ``--output json``), TRF (individual events) or a standalone printable HTML report."""
        return await jobs.run(request, export_job, req)

    @app.post("/api/upload", responses=ERRORS)
    async def upload(file: Annotated[UploadFile, File(description="A tournament file.")]) -> dict[str, Any]:
        """A file's text (UTF-8, else Latin-1) and the format it is detected as."""
        raw = await file.read(max_bytes + 1)
        if len(raw) > max_bytes:
            raise HTTPException(413, _("the file is larger than {limit} bytes").format(limit=integer_text(max_bytes)))
        text = decode(raw)
        return {"filename": file.filename, "content": text, "format": detect_format(text)}

    @app.post("/api/schedule", responses=ERRORS)
    def schedule(req: ScheduleRequest) -> Any:
        """Berger-table pairings (FIDE C.05 Annex 1) for ``n`` participants or the names given."""
        if req.names is not None:
            names = req.names
        elif req.n is not None:
            names = [str(k) for k in range(1, req.n + 1)]
        else:
            raise CrosstableError(_("give n or names"))
        if len(set(names)) != len(names):
            raise CrosstableError(_("the names must differ"))
        return schedule_dict(Schedule.make(names, double=req.double))

    @app.post("/api/scenarios", responses=ERRORS)
    async def scenarios(req: ScenariosRequest, request: Request) -> Response:
        """What the games still to be played can change: best and worst places, their
        probabilities, and what each result of one's next game keeps possible."""
        return await jobs.run(request, scenarios_job, req, lane="heavy")

    @app.post("/api/outlook", responses=ERRORS)
    async def outlook(req: OutlookRequest, request: Request) -> Response:
        """What can still happen, exactly: each participant's best and worst place, the
        zones clinched, possible or eliminated, the magic numbers, and a completion of
        the games left behind each best and worst place."""
        return await jobs.run(request, outlook_job, req, lane="heavy")

    return app


def _add_docs(app: FastAPI) -> None:
    """``/docs`` (Swagger UI, with its OAuth2 redirect page) and ``/redoc``, as FastAPI
    makes them but with every asset served from here: FastAPI's documented way of
    self-hosting them, with the files that ``fastapi-offline`` ships."""
    assets = importlib.resources.files("fastapi_offline") / "static"
    app.mount(DOCS_ASSETS, StaticFiles(directory=str(assets)), name="docs-assets")
    openapi_url, redirect_url = app.openapi_url or "/openapi.json", app.swagger_ui_oauth2_redirect_url

    def root(request: Request) -> str:
        return str(request.scope.get("root_path", "")).rstrip("/")

    @app.get("/docs", include_in_schema=False)
    async def swagger_ui(request: Request) -> HTMLResponse:
        base = root(request)
        return get_swagger_ui_html(
            openapi_url=base + openapi_url,
            title=f"{app.title} - Swagger UI",
            oauth2_redirect_url=base + redirect_url if redirect_url else None,
            swagger_js_url=f"{base}{DOCS_ASSETS}/swagger-ui-bundle.js",
            swagger_css_url=f"{base}{DOCS_ASSETS}/swagger-ui.css",
            swagger_favicon_url=f"{base}{DOCS_ASSETS}/favicon.png",
            # No online validator: its badge would send the schema to a remote service.
            swagger_ui_parameters={"validatorUrl": None, **(app.swagger_ui_parameters or {})},
        )

    if redirect_url:

        @app.get(redirect_url, include_in_schema=False)
        async def swagger_ui_redirect() -> HTMLResponse:
            return get_swagger_ui_oauth2_redirect_html()

    @app.get("/redoc", include_in_schema=False)
    async def redoc(request: Request) -> HTMLResponse:
        base = root(request)
        return get_redoc_html(
            openapi_url=base + openapi_url,
            title=f"{app.title} - ReDoc",
            redoc_js_url=f"{base}{DOCS_ASSETS}/redoc.standalone.js",
            redoc_favicon_url=f"{base}{DOCS_ASSETS}/favicon.png",
            with_google_fonts=False,
        )


def _version() -> str:
    try:
        return version("crosstable")
    except PackageNotFoundError:
        return "0"


def hosts_for(bound: str) -> list[str] | None:
    """The ``Host`` names a server bound to ``bound`` answers: the address and the
    names of this machine's loopback for a local server; any for one bound to every
    interface (``0.0.0.0``, ``::``), which its user chose to expose."""
    if bound in ("0.0.0.0", "::", ""):
        return None
    local = ["127.0.0.1", "localhost", "::1", "[::1]"]
    return [bound, f"[{bound}]", *local] if ":" in bound else [bound, *local]


def serving_app() -> FastAPI:
    """The application ``crosstable serve`` runs: bound to the host it was given
    (``CROSSTABLE_HOST``), it answers only requests addressed to it; each request's
    work is limited to ``CROSSTABLE_BUDGET`` seconds; creating a saved event needs
    ``CROSSTABLE_ORGANISER_TOKEN`` if it is set (and not empty), within the quotas
    ``CROSSTABLE_QUOTA_EVENTS``, ``CROSSTABLE_QUOTA_PARTICIPANTS``, ``CROSSTABLE_QUOTA_BYTES``."""
    environ = os.environ
    budget = float(environ.get("CROSSTABLE_BUDGET", "30"))
    hosts = hosts_for(environ.get("CROSSTABLE_HOST", "127.0.0.1"))
    return create_app(
        budget=budget,
        allowed_hosts=hosts,
        db=environ.get("CROSSTABLE_DB"),
        organiser_token=environ.get("CROSSTABLE_ORGANISER_TOKEN") or None,
        quota_events=int(environ.get("CROSSTABLE_QUOTA_EVENTS", QUOTA_EVENTS)),
        quota_participants=int(environ.get("CROSSTABLE_QUOTA_PARTICIPANTS", QUOTA_PARTICIPANTS)),
        quota_bytes=int(environ.get("CROSSTABLE_QUOTA_BYTES", QUOTA_BYTES)),
    )


app = create_app()
