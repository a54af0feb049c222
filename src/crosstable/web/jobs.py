"""The web API's heavy work, off the event loop, bounded and cancellable.

Every request that reads a tournament and computes on it (standings, export,
scenarios) runs as a *job* in a pool of worker processes (``pebble``, one per core
by default), so that the event loop keeps answering everybody else while it runs.
Decisions:

- **Lanes**: standings and exports (quick: bounded by the participants) and scenarios
  (which may run to the budget) have a pool each, one worker per core, so that a long
  job never holds up a quick one; the heavy lane's workers run at a lower priority
  (``nice`` 15), leaving the cores to the quick ones when both are busy.
- **Saved events** (:mod:`crosstable.web.events`) compute in the same lanes: an event's
  standings and exports in the light lane, unless its last computation in this
  process took more than a second of a worker's time or ran out of the budget, or its
  cost is not known yet and one of its computations is already in the light lane: then
  in the heavy one (:class:`~crosstable.web.events.Costs`), so that a client reading a
  slow event again and again (other rounds, languages) holds the heavy lane, not the
  quick one. Creation (the import of a file, the seeding by a standings file, the
  pairings, the event ranked once as its public page reads it, every explanation and
  the HTML tables) runs in the heavy lane, but for a round robin of at most 100 names
  without a seeding (quick: light); beyond the budget the event is refused (the
  budget's 503) and nothing is stored. The database's reads and writes stay in the
  server process (quick); the job gets the event as read (plain data:
  :class:`~crosstable.events.Stored`) and gives back the event to store
  (:class:`~crosstable.events.Prepared`, its :attr:`Answer.value`).
- **Concurrency**: a lane accepts at most ``queue`` jobs at once (running or waiting
  for a worker): 256 quick ones, four heavy ones per worker by default; beyond, the
  answer is 429 with ``Retry-After``.
- **Time**: a job has a budget (30 s by default); beyond it, its worker is stopped and
  the answer is 503 saying the budget (the command line has none).
- **Memory**: a worker's address space is limited (2 GiB by default); a job that would
  need more ends with 413 (or 503 when its worker dies) instead of taking the machine.
- **Workers** start from a fork server, never forked from the server itself, so that
  they hold none of its sockets.
- **Cancellation**: while a job runs, the server watches its client; when the client
  goes away, the worker is stopped at once (its CPU is free within the next poll,
  0.2 s).
- **Sizes known in advance** are refused before any work (413 naming the bound) or
  served in a bounded form: at most 5,000 participants; the explanations of every
  participant up to 1,000 of them (beyond, a warning says how to ask for one); the
  results grid of a round robin in HTML up to 400 participants (a Swiss event's
  crosstable is its round-by-round table, whatever its size); the scenarios' memory
  estimated first (:data:`crosstable.scenarios.MAX_MEMORY`); the problems of an
  unreadable input, 100 and how many more.

A job is a module-level function of its request, returning an :class:`Answer` (status,
body, media type, headers): errors of the input are answers (422 with every problem,
at most 100 of them), never exceptions crossing the process boundary.
"""

from __future__ import annotations

import asyncio
import dataclasses
import json
import multiprocessing
import os
import resource
import time
from collections.abc import Callable
from concurrent.futures import CancelledError
from concurrent.futures import TimeoutError as FutureTimeout
from dataclasses import dataclass, field
from typing import Any

from pebble import ProcessExpired, ProcessPool
from starlette.requests import Request
from starlette.responses import Response

from crosstable.check import check
from crosstable.competition import Competition, one_group, rank_competition
from crosstable.errors import CrosstableError, InputError
from crosstable.events import NewEvent, RoundPlan, Stored, hand_round, paired_round, prepared
from crosstable.i18n import _, decimal_text, integer_text, language, ngettext, using
from crosstable.io import read_text
from crosstable.io.analysis_writers import outlook_dict, scenario_dict
from crosstable.io.jsonfmt import write_json
from crosstable.io.sidecar import add_discipline
from crosstable.io.trf import write_trf
from crosstable.io.writers import competition_fragment, render, render_competition
from crosstable.model import PENDING, Tournament
from crosstable.norms import title_norms
from crosstable.outlook import outlook as run_outlook
from crosstable.prizes import award, read_prizes
from crosstable.ranking import Standings, criteria_for, rank
from crosstable.ratings import rating_changes
from crosstable.report import GRID_LIMIT, render_fragments
from crosstable.scenarios import scenarios as run_scenarios
from crosstable.tiebreaks.potential import potentials

MAX_EXPLAINED = 1_000
"""The most participants whose every number is explained in one answer."""


@dataclass(frozen=True)
class Limits:
    """What one request may cost."""

    participants: int = 5_000
    budget: float = 30.0
    """Seconds of work per request."""
    memory: int = 2 * 2**30
    """Bytes of address space per worker process."""


@dataclass(frozen=True)
class Answer:
    """A job's answer, as it crosses back from the worker."""

    status: int
    body: bytes
    media: str = "application/json"
    headers: dict[str, str] = field(default_factory=dict)
    value: Any = None
    """What the server goes on with, never sent (a saved event made, to be stored)."""
    seconds: float = 0.0
    """The worker's time on the job (wall clock), set as the answer leaves it."""

    def response(self) -> Response:
        return Response(self.body, status_code=self.status, media_type=self.media, headers=self.headers)


GONE = Answer(499, b"", "text/plain")
"""The answer to a client that went away (never sent)."""


class Refused(CrosstableError):
    """An input the server will not compute on (too large for its limits): 413."""


def error_body(error: CrosstableError) -> dict[str, Any]:
    """``detail`` (one line), and for an unreadable input its source and its problems
    (the first 100, then how many more)."""
    if isinstance(error, InputError):
        shown = error.problems[:100]
        problems = [{"line": p.line, "column": p.column, "message": p.message} for p in shown]
        if len(error.problems) > len(shown):
            more = len(error.problems) - len(shown)
            # TRANSLATORS: the last of the problems listed: how many more were found.
            message = _("and {count} more").format(count=integer_text(more))
            problems.append({"line": None, "column": None, "message": message})
        return {"detail": str(error), "source": error.source, "problems": problems}
    return {"detail": str(error), "problems": []}


def json_answer(data: Any, status: int = 200) -> Answer:
    return Answer(status, json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode())


def tournament_of(req: Any, limits: Limits) -> Tournament:
    """The tournament of a request: its ``content`` (a file's text) or ``tournament``
    (our JSON object), with its discipline file."""
    if (req.content is None) == (req.tournament is None):
        raise CrosstableError(_("give either content (a file's text) or tournament (our JSON object)"))
    if req.tournament is not None:
        text, fmt = json.dumps(req.tournament), "json"
    else:
        text, fmt = req.content, req.format
    t = read_text(text, source=req.filename or "input", fmt=fmt, scoring=req.scoring)
    if len(t.names) > limits.participants:
        raise Refused(
            ngettext(
                "{count} participant: this server ranks at most {most}",
                "{count} participants: this server ranks at most {most}",
                len(t.names),
            ).format(count=integer_text(len(t.names)), most=integer_text(limits.participants))
        )
    if req.discipline:
        ranked_by = criteria_for(t, getattr(req, "tiebreaks", None), getattr(req, "rules", None) or None)
        t = add_discipline(t, "discipline", text=req.discipline, ranked_by=ranked_by)
    return t


def _event_of(req: Any, limits: Limits) -> Tournament:
    """A standings request's tournament, after its round, with its rating for the
    unrated and its edition of C.07."""
    t = tournament_of(req, limits)
    if req.round is not None:
        t = t.after_round(req.round)
    if req.unrated is not None:
        t.unrated = req.unrated
    if req.fide_rules is not None:
        t.fide_rules = req.fide_rules
    return t


def ranked_of(req: Any, limits: Limits) -> Standings | Competition:
    """The standings of a request, or a competition's when the file has groups."""
    t = _event_of(req, limits)
    if t.groups is not None:
        return rank_competition(t, req.tiebreaks, rules=req.rules or None)
    return rank(t, req.tiebreaks, rules=req.rules or None)


def _guarded(job: Any, req: Any, limits: Limits) -> Answer:
    """A job's answer, its input errors turned into answers: 422 (unreadable), 413
    (too large, or more memory than a worker has)."""
    try:
        answer: Answer = job(req, limits)
        return answer
    except Refused as e:
        return json_answer(error_body(e), 413)
    except CrosstableError as e:
        return json_answer(error_body(e), 422)
    except MemoryError:
        detail = _("the computation needs more than {limit} bytes").format(limit=integer_text(limits.memory))
        return json_answer({"detail": detail, "problems": []}, 413)


def _competition(req: Any, c: Competition) -> Answer:
    """A competition's JSON (``standings -o json``), with explanations and HTML on request."""
    out = c.to_dict()
    if req.explain:
        explained(out, [r.name for g in c.groups for r in g.standings.rows], c.explain, competition=True)
    if req.potentials:
        out["warnings"].append(_("the potential is computed for one table, not for a competition in groups"))
    if req.html:
        out["html"] = {"standings": competition_fragment(c), "crosstable": ""}
    return json_answer(out)


def _standings(req: Any, limits: Limits) -> Answer:
    """The JSON of ``--output json``, with explanations, potentials and HTML tables on request."""
    s = ranked_of(req, limits)
    if isinstance(s, Competition):
        return _competition(req, s)
    out = s.to_dict()
    if req.explain:
        explained(out, [r.name for r in s.rows], s.explain)
    if req.potentials:
        result = potentials(s.tournament, analysis=s.analysis)
        shares = result.normalised("potential")
        out["potentials"] = [
            {"name": name, "potential": str(result.potential[k]), "share": float(shares[k])}
            for k, name in enumerate(s.tournament.names)
        ]
        out["warnings"] += list(result.warnings)
    if req.html:
        out["html"] = render_fragments(s)
    return json_answer(out)


def explained(out: dict[str, Any], names: list[str], explain: Callable[[str], str], competition: bool = False) -> None:
    """Every participant's explanation into ``out`` (``explanations``), or, beyond
    :data:`MAX_EXPLAINED` of them, a warning saying how to ask for one (the teams of a
    ``competition`` in groups, or the participants of an event)."""
    if len(names) > MAX_EXPLAINED:
        if competition:
            message = _(
                "explanations are given for up to {most} teams at once, this competition has {count}: "
                "crosstable standings FILE --explain NAME explains one"
            )
        else:
            message = _(
                "explanations are given for up to {most} participants at once, this event has {count}: "
                "crosstable standings FILE --explain NAME explains one"
            )
        out["warnings"].append(message.format(most=integer_text(MAX_EXPLAINED), count=integer_text(len(names))))
    else:
        out["explanations"] = {name: explain(name) for name in names}


MEDIA = {"csv": "text/csv", "json": "application/json", "html": "text/html", "trf": "text/plain"}
"""The media type of each download."""


def download(body: str, to: str, base: str, fallback: str = "standings") -> Answer:
    """A file to download, named ``base.to`` (in ASCII, and as written in UTF-8)."""
    ascii_name = "".join(ch if ch.isascii() and (ch.isalnum() or ch in "-_") else "_" for ch in base)[:60]
    utf8 = "".join(
        ch if ch.isascii() and (ch.isalnum() or ch in "-_") else "".join(f"%{b:02X}" for b in ch.encode())
        for ch in base[:60]
    )
    plain = f"{ascii_name or fallback}.{to}"
    disposition = f"attachment; filename=\"{plain}\"; filename*=UTF-8''{utf8}.{to}"
    return Answer(200, body.encode(), f"{MEDIA[to]}; charset=utf-8", {"Content-Disposition": disposition})


def _export(req: Any, limits: Limits) -> Answer:
    """The standings as a file (CSV, JSON, TRF, HTML); the JSON as ``--output json``
    writes it, the same in every language."""
    if req.to == "json" and language() != "en":
        with using("en"):
            return _export(req, limits)
    s = ranked_of(req, limits)
    base = (req.filename or "standings").rsplit("/", 1)[-1].rsplit(".", 1)[0] or "standings"
    if isinstance(s, Competition):
        if req.to == "trf":
            raise CrosstableError(_("a competition in groups has no TRF form: export it as CSV, JSON or HTML"))
        body = render_competition(s, req.to)
    elif req.to == "trf":
        body = write_trf(s.tournament)
    else:
        body = render(s, req.to)
    return download(body, req.to, base)


def _scenarios(req: Any, limits: Limits) -> Answer:
    """The scenario report of the games still to be played."""
    t = one_group(tournament_of(req, limits), req.group)
    report = run_scenarios(
        t,
        req.tiebreaks,
        rules=req.rules or None,
        scores=req.scores,
        limit=req.limit,
        samples=req.samples,
        seed=req.seed,
    )
    return json_answer(scenario_dict(report))


WITNESS_ROWS = 200_000
"""The most witness rows an outlook answer carries (participants × 2 × games left)."""


def _outlook(req: Any, limits: Limits) -> Answer:
    """The outlook of the games still to be played, every witness kept (the page shows
    them on click) up to :data:`WITNESS_ROWS` rows in all."""
    t = one_group(tournament_of(req, limits), req.group)
    left = int((t.status == PENDING).sum()) if t.status is not None else 0
    keep = ["*"] if 2 * len(t.names) * left <= WITNESS_ROWS else []
    report = run_outlook(
        t,
        req.tiebreaks,
        rules=req.rules or None,
        zones=req.zones,
        draws=req.draws,
        witnesses=keep,
        magic=req.magic,
        limit=req.limit,
    )
    return json_answer(outlook_dict(report))


def outlook_job(req: Any, limits: Limits) -> Answer:
    """``POST /api/outlook``, in a worker."""
    return _guarded(_outlook, req, limits)


def _check(req: Any, limits: Limits) -> Answer:
    """What the file prints against what its rules give (``crosstable check -o json``):
    the standings request's tournament, round, rating and edition, and criteria."""
    return json_answer(check(_event_of(req, limits), req.tiebreaks, rules=req.rules or None).to_dict())


def check_job(req: Any, limits: Limits) -> Answer:
    """``POST /api/check``, in a worker."""
    return _guarded(_check, req, limits)


def standings_job(req: Any, limits: Limits) -> Answer:
    """``POST /api/standings``, in a worker."""
    return _guarded(_standings, req, limits)


def export_job(req: Any, limits: Limits) -> Answer:
    """``POST /api/export``, in a worker."""
    return _guarded(_export, req, limits)


def scenarios_job(req: Any, limits: Limits) -> Answer:
    """``POST /api/scenarios``, in a worker."""
    return _guarded(_scenarios, req, limits)


@dataclass(frozen=True)
class EventRead:
    """A saved event's standings (after ``round``; with explanations and HTML tables:
    ``extras``) or its file (``to``: trf, json, csv, html), from the event as stored."""

    stored: Stored
    round: int | None = None
    extras: bool = False
    to: str | None = None


def _event_view(ranked: Standings, version: int, round_: int | None, extras: bool) -> dict[str, Any]:
    """A saved event's standings as its routes answer them: the JSON of ``--output
    json`` with the event's ``version`` and ``round``; explanations and HTML tables
    with ``extras`` (as its public page asks)."""
    out = ranked.to_dict()
    out["version"] = version
    out["round"] = round_
    if extras:
        explained(out, [r.name for r in ranked.rows], ranked.explain)
        out["html"] = render_fragments(ranked)
    return out


def _event_standings(req: EventRead, limits: Limits) -> Answer:
    """``GET /api/events/{id}/standings``."""
    settings = req.stored.settings
    t = req.stored.tournament()
    if req.round is not None:
        t = t.after_round(req.round)
    ranked = rank(t, settings["tiebreaks"], rules=settings["rules"])
    return json_answer(_event_view(ranked, settings["version"], req.round, req.extras))


def _event_export(req: EventRead, limits: Limits) -> Answer:
    """``GET /api/events/{id}/export``: the event as TRF or our JSON, its standings as CSV or HTML."""
    settings = req.stored.settings
    t = req.stored.tournament()
    if req.to == "trf":
        body = write_trf(t)
    elif req.to == "json":
        body = write_json(t)
    else:
        body = render(rank(t, settings["tiebreaks"], rules=settings["rules"]), str(req.to))
    return download(body, str(req.to), settings["name"], fallback="event")


def _event_create(spec: NewEvent, limits: Limits) -> Answer:
    """``POST /api/events``: the event made and checked (:func:`crosstable.events.prepared`:
    the file imported, the names seeded and paired, the event ranked once and its
    public page's standings made, with every explanation and the HTML tables), as the
    answer's ``value``, for the server to store."""
    return Answer(200, b"", value=prepared(spec, check=lambda ranked: _event_view(ranked, 1, None, True)))


@dataclass(frozen=True)
class EventPairing:
    """A Swiss event's round to pair: by the engine (``byes`` requested, ``again``: its
    last round anew), or by hand (``boards`` and ``byes`` by name, for round ``round``)."""

    stored: Stored
    byes: dict[str, str] = field(default_factory=dict)
    again: bool = False
    round: int | None = None
    boards: list[list[str]] | None = None


def _event_pair(req: EventPairing, limits: Limits) -> Answer:
    """``POST /api/events/{id}/rounds`` and ``PUT …/rounds/{k}``: the round planned
    (:class:`~crosstable.events.RoundPlan`) as the answer's value, for the server to store."""
    plan: RoundPlan
    if req.boards is not None and req.round is not None:
        plan = hand_round(req.stored, req.round, req.boards, req.byes)
    else:
        plan = paired_round(req.stored, req.byes, again=req.again)
    return Answer(200, b"", value=plan)


def event_pair_job(req: EventPairing, limits: Limits) -> Answer:
    """A Swiss event's round paired (or checked, paired by hand), in a worker."""
    return _guarded(_event_pair, req, limits)


@dataclass(frozen=True)
class EventPrizeGiving:
    """A saved event's prize-giving: its prizes (a prize list's CSV text, the sharing,
    cents), its rating changes (``k`` by default) or its title norms."""

    stored: Stored
    what: str
    prizes: str = ""
    sharing: str = "hort"
    cents: bool = False
    k: int = 20


def _event_prize_giving(req: EventPrizeGiving, limits: Limits) -> Answer:
    """``POST /api/events/{id}/prizes``, ``GET …/ratings``, ``GET …/norms``: the library's
    answers on the event as stored (its standings by its own criteria)."""
    settings = req.stored.settings
    t = req.stored.tournament()
    if req.what == "ratings":
        return json_answer(rating_changes(t, k=req.k).to_dict())
    if req.what == "norms":
        return json_answer(title_norms(t).to_dict())
    listed = read_prizes(req.prizes, source="prizes")
    ranked = rank(t, settings["tiebreaks"], rules=settings["rules"])
    given = award(ranked, listed, req.sharing, cents=req.cents)
    out = given.to_dict()
    out["explanations"] = {a.name: given.explain(a.name) for a in given.awards}
    return json_answer(out)


def event_prize_giving_job(req: EventPrizeGiving, limits: Limits) -> Answer:
    """A saved event's prizes, rating changes or title norms, in a worker."""
    return _guarded(_event_prize_giving, req, limits)


def event_standings_job(req: EventRead, limits: Limits) -> Answer:
    """A saved event's standings, in a worker."""
    return _guarded(_event_standings, req, limits)


def event_export_job(req: EventRead, limits: Limits) -> Answer:
    """A saved event's file, in a worker."""
    return _guarded(_event_export, req, limits)


def event_create_job(spec: NewEvent, limits: Limits) -> Answer:
    """A saved event's creation (everything but the database), in a worker."""
    return _guarded(_event_create, spec, limits)


def _in_language(lang: str, job: Any, req: Any, limits: Limits) -> Answer:
    """A job run in a worker process in the language of the request (a context
    variable does not cross into another process), its time measured."""
    start = time.perf_counter()
    with using(lang):
        answer: Answer = job(req, limits)
    return dataclasses.replace(answer, seconds=time.perf_counter() - start)


def _worker_limits(limit: int, niceness: int) -> None:
    """A worker's address space, so that a runaway job fails alone (MemoryError), and
    its priority: the heavy lane's workers yield the cores to the quick ones."""
    _soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    cap = limit if hard == resource.RLIM_INFINITY else min(limit, hard)
    resource.setrlimit(resource.RLIMIT_AS, (cap, hard))
    if niceness:
        os.nice(niceness)


class _Lane:
    """A pool of worker processes and the jobs it has accepted."""

    def __init__(self, limits: Limits, workers: int, queue: int, niceness: int = 0) -> None:
        self.limits, self.workers, self.queue, self.niceness = limits, workers, queue, niceness
        self.accepted = 0
        self._pool: ProcessPool | None = None

    @property
    def pool(self) -> ProcessPool:
        if self._pool is None:
            self._pool = ProcessPool(
                max_workers=self.workers,
                initializer=_worker_limits,
                initargs=(self.limits.memory, self.niceness),
                # Workers start from a clean server process, not forked from this one: a
                # fork would hold the clients' sockets open (a closed keep-alive connection
                # would never send its FIN).
                context=multiprocessing.get_context("forkserver"),
            )
        return self._pool

    def close(self) -> None:
        if self._pool is not None:
            self._pool.stop()  # type: ignore[no-untyped-call]
            self._pool.join()
            self._pool = None


class Jobs:
    """Two lanes of worker processes (see the module docstring): ``light`` for the
    standings and exports, bounded by the participants and quick, and ``heavy`` for
    the scenarios, which may run to the budget: a heavy job never holds up a light
    one."""

    def __init__(self, limits: Limits, workers: int | None = None, queue: int | None = None) -> None:
        self.limits = limits
        n = workers or max(1, os.cpu_count() or 1)
        self.lanes = {"light": _Lane(limits, n, queue or 256), "heavy": _Lane(limits, n, queue or 4 * n, niceness=15)}

    @property
    def accepted(self) -> int:
        return sum(lane.accepted for lane in self.lanes.values())

    def close(self) -> None:
        for lane in self.lanes.values():
            lane.close()

    async def run(self, request: Request, job: Any, req: Any, lane: str = "light") -> Response:
        """The job's answer; 429 when its lane has accepted too many already, 503 beyond
        the time budget, nothing (the client is gone) when the client disconnects."""
        return (await self.answer(request, job, req, lane)).response()

    async def answer(self, request: Request | None, job: Any, req: Any, lane: str = "light") -> Answer:
        """The job's :class:`Answer` (as :meth:`run`, for a route that goes on with it):
        429, 503, 499 when the client of ``request`` disconnects (``None``: no client
        waits for it, as a computation the standings cache starts for its next readers:
        it runs to its end or to the budget)."""
        chosen = self.lanes[lane]
        if chosen.accepted >= chosen.queue:
            detail = ngettext(
                "the server is busy ({count} computation): try again shortly",
                "the server is busy ({count} computations): try again shortly",
                chosen.accepted,
            ).format(count=chosen.accepted)
            body = {"detail": detail, "problems": []}
            busy = json_answer(body, 429)
            return Answer(busy.status, busy.body, busy.media, {"Retry-After": "2"})
        chosen.accepted += 1
        future = chosen.pool.schedule(
            _in_language, args=(language(), job, req, self.limits), timeout=self.limits.budget
        )
        try:
            waiting = asyncio.wrap_future(future)
            while True:
                done, _pending = await asyncio.wait({waiting}, timeout=0.2)
                if done:
                    break
                if request is not None and await request.is_disconnected():
                    future.cancel()  # type: ignore[no-untyped-call]  # pebble stops the worker running it
                    return GONE
            answer: Answer = waiting.result()
            return answer
        except FutureTimeout:
            detail = _(
                "the computation took longer than this server's budget of {seconds} s (the command line has none)"
            ).format(seconds=decimal_text(f"{self.limits.budget:g}"))
            return json_answer({"detail": detail, "problems": []}, 503)
        except ProcessExpired:
            detail = _("the computation's worker ended abruptly (more than {limit} bytes of memory?)").format(
                limit=integer_text(self.limits.memory)
            )
            return json_answer({"detail": detail, "problems": []}, 503)
        except (CancelledError, asyncio.CancelledError):
            return GONE
        finally:
            chosen.accepted -= 1


__all__ = [
    "GRID_LIMIT",
    "EventRead",
    "Jobs",
    "Limits",
    "event_create_job",
    "event_export_job",
    "event_standings_job",
    "export_job",
    "scenarios_job",
    "standings_job",
]
