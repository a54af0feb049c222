"""The commands of the command line (:mod:`crosstable.cli` loads each by its name):
standings, schedule, convert, serve (the analyses are in :mod:`crosstable.cli_analysis`)."""

from __future__ import annotations

import os

import click

from crosstable.cli import _fail
from crosstable.cli_common import (
    MAX_SCHEDULE,
    _Command,
    _errors,
    _event_file,
    _is_host,
    _places,
    _read,
    _seed_order,
    _warning,
    _with_extras,
    creation_token,
)
from crosstable.competition import rank_competition
from crosstable.errors import CrosstableError, printable
from crosstable.i18n import (
    _,
    ngettext,
)
from crosstable.io import read_file
from crosstable.io.jsonfmt import write_json
from crosstable.io.trf import trf_warnings, write_trf
from crosstable.io.writers import (
    OUTPUTS,
    SCHEDULE_OUTPUTS,
    render,
    render_competition,
    render_schedule,
)
from crosstable.model import SYSTEMS as EVENT_SYSTEMS
from crosstable.ranking import rank
from crosstable.rules import PRESETS
from crosstable.schedule import Schedule


@click.command(cls=_Command)
@_event_file
@click.option("--tiebreaks", "-t", default=None, help="Criteria in order, e.g. 'SB,KS,BH/C1,SB(2,1,0)'.")
@click.option("--rules", default=None, help="A preset regulation: " + ", ".join(sorted(PRESETS)) + ".")
@click.option("--discipline", default=None, type=click.Path(dir_okay=False), help="Cards and deductions per team.")
@click.option("--ranking", "rankings", multiple=True, metavar="NAME=FILE", help="External ranking (FIFA, QUAL, PSO).")
@click.option(
    "--lots-seed", type=click.IntRange(0, 2**32 - 1), default=None, help="Seed of the drawing of lots (criterion LOT)."
)
@click.option("--round", "after_round", type=click.IntRange(1, 999), default=None, help="The standings after round K.")
@click.option(
    "--announced-rounds",
    is_flag=True,
    help="Count every round the file announces (TRF XXR), those not played yet as absences of everybody, as the "
    "FIDE reference does (default: the standings after the last round with results).",
)
@click.option(
    "--unrated",
    type=click.IntRange(0, 4000),
    default=None,
    help="Rating counted for unrated players in ARO, TPR, PTP, APRO, APPO, RTNG (default: those are undefined).",
)
@click.option(
    "--fide-rules",
    type=click.Choice(["2023", "2024", "2026", "virtual"]),
    default=None,
    help="Unplayed rounds: FIDE C.07 2023, 2024 or 2026 edition, or the virtual opponent of 2009-2022 "
    "(default: from the TRF start date, else 2026).",
)
@click.option(
    "--system",
    type=click.Choice(EVENT_SYSTEMS),
    default=None,
    help="Rank by the rules of this system, whatever the file says or its pairings suggest (default: the "
    "file's 092 record, else inferred: every pair met once is a round robin); pre-determined pairings are "
    "ranked as a round robin.",
)
@click.option("--output", "-o", type=click.Choice(OUTPUTS), default="text", show_default=True)
@click.option("--fractions", is_flag=True, help="Print ½ and ¼ instead of decimals (text, md).")
@click.option(
    "--decimals",
    type=click.IntRange(0, 6),
    default=None,
    help="Decimals of every number column (text, md, html; default: as many as each column needs).",
)
@click.option(
    "--places",
    type=click.Choice(["arabic", "roman"]),
    default="arabic",
    show_default=True,
    help="Places as 1, 2, 3 or as Roman numerals I, II, III, as in the source tables (text, md, html).",
)
@click.option("--crosstable", "show_grid", is_flag=True, help="Print the results grid too (text).")
@click.option(
    "--csv-notes",
    is_flag=True,
    help="CSV: the heading and the warnings first, as '#' comment lines (off: many readers choke).",
)
@click.option("--explain", "explain_names", multiple=True, metavar="NAME", help="Explain every number of NAME.")
@click.option(
    "--across",
    type=click.IntRange(1, 99),
    default=None,
    help="A competition in groups: rank the teams at place K of every group against each other "
    "(fifa-2026 and uefa-euro-2024 do it for K=3 by themselves).",
)
@click.option(
    "--qualify", type=click.IntRange(1, 999), default=None, help="With --across: how many of them go through."
)
def standings(
    file: str,
    fmt: str,
    scoring: str | None,
    tiebreaks: str | None,
    rules: str | None,
    discipline: str | None,
    rankings: tuple[str, ...],
    lots_seed: int | None,
    after_round: int | None,
    announced_rounds: bool,
    unrated: int | None,
    fide_rules: str | None,
    system: str | None,
    output: str,
    fractions: bool,
    decimals: int | None,
    places: str,
    show_grid: bool,
    csv_notes: bool,
    explain_names: tuple[str, ...],
    across: int | None,
    qualify: int | None,
) -> None:
    """Rank the participants of FILE by points and tie-break criteria.

    Without --tiebreaks or --rules, the file's own list (TRF-2026 202) is used, else the
    default of the event's kind: fide-swiss (BH/C1, BH, SB, PS, DE, WIN, BWG) for an
    individual Swiss, fide-rr (DE, WIN, SB, KS) for an individual round robin,
    fide-team-swiss and fide-team-rr for team events, fifa-2026 for football. Every
    output names the criteria used. Warnings go to standard error (and into JSON,
    HTML, Markdown, and CSV with --csv-notes).

    A file that announces more rounds than its results reach (a Swiss after 4 of 9
    rounds, TRF XXR 9) is ranked after its last round with results, and the heading
    and a warning say so; --announced-rounds counts the rounds not played yet as
    absences of everybody, as the FIDE reference does.
    """
    with _errors(file):
        t = _with_extras(_read(file, fmt=fmt, scoring=scoring), discipline, rankings, lots_seed, tiebreaks, rules)
        if after_round is not None:
            t = t.after_round(after_round)
        if unrated is not None:
            t.unrated = unrated
        if fide_rules is not None:
            t.fide_rules = fide_rules
            t.rules_reason = _("FIDE C.07 ({edition} edition): --fide-rules {edition}").format(edition=fide_rules)
        if system is not None:
            t = t.with_system(system, f"--system {system}")
        style = "fraction" if fractions else "decimal"
        if t.groups is not None:
            c = rank_competition(t, tiebreaks, rules=rules, across=across, qualify=qualify)
            text = render_competition(c, output, style, show_grid, csv_notes, decimals, places=places)
            explained = [c.explain(name) for name in explain_names]
            warnings = list(c.warnings)
            if output == "csv" and (c.across is not None or c.knockout):
                warnings.append(
                    _(
                        "CSV holds the group tables only: the ranking across groups and the knockout round "
                        "are in the text, JSON, Markdown and HTML outputs"
                    )
                )
        else:
            if across is not None or qualify is not None:
                raise CrosstableError(_("--across and --qualify need a competition in groups (a group column)"))
            s = rank(t, tiebreaks, rules=rules, announced_rounds=announced_rounds)
            text = render(s, output, style, show_grid, csv_notes, decimals, places=places)
            explained = [s.explain(name) for name in explain_names]
            warnings = s.warnings
    if explained and output == "text":
        text = text + "\n" + "\n\n".join(explained) + "\n"
    elif explained:
        click.echo("\n\n".join(explained), err=True)
    click.echo(text, nl=False)
    for w in warnings:
        click.echo(_warning(w), err=True)


@click.command(cls=_Command)
@click.argument("n", type=int, required=False)
@click.option("--double", is_flag=True, help="Double round robin (second cycle with colours reversed).")
@click.option("--no-swap", is_flag=True, help="Do not swap the last two rounds of the first cycle (--double).")
@click.option("--names", "names_file", type=click.Path(dir_okay=False), help="A file with one name per line.")
@click.option("--seed-from", "seed_file", type=click.Path(dir_okay=False), help="Number by the standings of this file.")
@click.option("--places", default=None, help="With --seed-from: which places, e.g. 1-8 or 9-16.")
@click.option("--tiebreaks", "-t", default=None, help="With --seed-from: the criteria that rank that file.")
@click.option("--output", "-o", type=click.Choice(SCHEDULE_OUTPUTS), default="text", show_default=True)
def schedule(
    n: int | None,
    double: bool,
    no_swap: bool,
    names_file: str | None,
    seed_file: str | None,
    places: str | None,
    tiebreaks: str | None,
    output: str,
) -> None:
    """Berger-table pairings for N participants (FIDE C.05 Annex 1), or for named ones.

    With --seed-from, participant number k is the one placed k-th in that file's
    standings (as when a league splits into a championship and a relegation group).
    """
    with _errors(None):
        if seed_file is not None:
            order = _seed_order(seed_file, tiebreaks)
            if places is None and n is not None:
                places = f"1-{n}"
            a, b = _places(places, len(order), seed_file)
            names = order[a - 1 : b]
        elif names_file is not None:
            lines = read_file(names_file).splitlines()
            names = [ln.strip() for ln in lines if ln.strip()]
            if len(names) > MAX_SCHEDULE:
                raise CrosstableError(
                    ngettext(
                        "{file} has {count} name; a schedule is made for at most {most}",
                        "{file} has {count} names; a schedule is made for at most {most}",
                        len(names),
                    ).format(file=names_file, count=len(names), most=MAX_SCHEDULE)
                )
            if n is not None and n != len(names):
                raise CrosstableError(
                    ngettext(
                        "{file} has {count} name, not {n}", "{file} has {count} names, not {n}", len(names)
                    ).format(file=names_file, count=len(names), n=n)
                )
        elif n is not None:
            if n > MAX_SCHEDULE:
                raise CrosstableError(_("a schedule is made for at most {most} participants").format(most=MAX_SCHEDULE))
            names = [str(k) for k in range(1, n + 1)]
        else:
            raise CrosstableError(_("give N, --names FILE or --seed-from FILE"))
        if len(names) < 2:
            raise CrosstableError(_("a round robin needs at least two participants"))
        text = render_schedule(Schedule.make(names, double=double, swap_last=not no_swap), output)
    click.echo(text, nl=False)


@click.command(cls=_Command)
@_event_file
@click.option("--to", "target", type=click.Choice(["json", "trf"]), default="json", show_default=True)
def convert(file: str, fmt: str, scoring: str | None, target: str) -> None:
    """Write the tournament in FILE as our JSON format or as FIDE TRF-16."""
    with _errors(file):
        t = _read(file, fmt=fmt, scoring=scoring)
        if t.groups is not None and target == "trf":
            raise CrosstableError(_("a competition in groups has no TRF form (TRF has no groups): convert it to json"))
        text = write_json(t) if target == "json" else write_trf(t)
    click.echo(text, nl=False)
    for w in [*t.warnings, *(trf_warnings(t) if target == "trf" else [])]:
        click.echo(_warning(w), err=True)


@click.command(cls=_Command)
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on (local only by default).")
@click.option("--port", type=click.IntRange(1, 65535), default=8000, show_default=True, help="Port to listen on.")
@click.option(
    "--workers",
    type=click.IntRange(1, 64),
    default=1,
    show_default=True,
    help="Server processes; each computes in a pool of one worker per core already (1 is best on one machine).",
)
@click.option(
    "--budget",
    type=click.IntRange(1, 3600),
    default=30,
    show_default=True,
    help="Seconds of computation per request (beyond: 503).",
)
@click.option(
    "--db",
    default="sqlite:///crosstable.sqlite",
    show_default=True,
    help="Where saved events are kept: sqlite:///PATH, or postgresql://USER@HOST/DB.",
)
@click.option(
    "--max-connections",
    type=click.IntRange(1, 100_000),
    default=1000,
    show_default=True,
    help="Connections served at once; beyond, 503 at once.",
)
@click.option(
    "--head-timeout",
    type=click.FloatRange(0.1, 3600),
    default=10.0,
    show_default=True,
    help="Seconds a connection has to send a whole request head; then it is closed.",
)
@click.option(
    "--organiser-token",
    envvar="CROSSTABLE_ORGANISER_TOKEN",
    default=None,
    metavar="TOKEN",
    help="Creating an event needs this token (Authorization: Bearer). "
    "Default: none on 127.0.0.1/::1/localhost; on any other address one is made and printed.",
)
@click.option(
    "--open-creation",
    is_flag=True,
    help="Anyone may create events, whatever the address (unsafe on a public server).",
)
@click.option(
    "--quota-events",
    type=click.IntRange(1, 10**6),
    default=20,
    show_default=True,
    help="Events one client address may create an hour.",
)
@click.option(
    "--quota-participants",
    type=click.IntRange(1, 10**8),
    default=5000,
    show_default=True,
    help="Participants, in all, of the events one client address may create an hour.",
)
@click.option(
    "--quota-bytes",
    type=click.IntRange(1, 10**12),
    default=20_000_000,
    show_default=True,
    help="Bytes of imported files, in all, one client address may send an hour to create events.",
)
def serve(
    host: str,
    port: int,
    workers: int,
    budget: int,
    db: str,
    max_connections: int,
    head_timeout: float,
    organiser_token: str | None,
    open_creation: bool,
    quota_events: int,
    quota_participants: int,
    quota_bytes: int,
) -> None:
    """Start the local web page and HTTP API and print its address. Saved events (the
    pages under /events) are kept in --db, an SQLite file in this folder by default.
    Bound to another address than this machine's loopback, creating an event needs an
    organiser token (--organiser-token, else one made and printed)."""
    if not _is_host(host):
        _fail(
            _("--host {host}: give an address (127.0.0.1, ::1, 0.0.0.0) or a host name").format(
                host=repr(printable(host, 60))
            )
        )
    from crosstable.events import EventStore, database_url  # noqa: PLC0415 - SQLAlchemy (~300 ms) only for serve

    try:
        db, shown_db = database_url(db)
    except CrosstableError as e:
        _fail(f"--db: {e}")
    try:
        EventStore(db).close()  # the schema made or upgraded once, before the server's processes start
    except Exception as e:
        message = str(e).replace(db, shown_db)
        _fail(
            _("--db {database}: cannot open the database: {reason}").format(
                database=printable(shown_db, 80), reason=printable(message, 200)
            )
        )
    from crosstable import serving  # noqa: PLC0415 - optional: uvicorn (~300 ms to import) only for serve

    shown = f"[{host}]" if ":" in host else host
    click.echo(
        _("crosstable: open {address} (API schema at /docs); Ctrl-C stops").format(address=f"http://{shown}:{port}/")
    )
    os.environ["CROSSTABLE_HOST"] = host  # the app answers only requests addressed to this host
    os.environ["CROSSTABLE_BUDGET"] = str(budget)
    os.environ["CROSSTABLE_DB"] = db
    token, made = creation_token(host, organiser_token, open_creation)
    if token is None:
        os.environ.pop("CROSSTABLE_ORGANISER_TOKEN", None)
    else:
        os.environ["CROSSTABLE_ORGANISER_TOKEN"] = token  # the servers' processes read it; never logged
    if made:
        click.echo(_("crosstable: organiser token: {token} (needed to create events)").format(token=token))
    os.environ["CROSSTABLE_QUOTA_EVENTS"] = str(quota_events)
    os.environ["CROSSTABLE_QUOTA_PARTICIPANTS"] = str(quota_participants)
    os.environ["CROSSTABLE_QUOTA_BYTES"] = str(quota_bytes)
    if host in ("0.0.0.0", "::"):
        click.echo(
            _(
                "crosstable: warning: listening on every interface: anyone on the network can read the events "
                "(writes need each event's editor secret)"
            ),
            err=True,
        )
    serving.run(host, port, workers, max_connections, head_timeout)
