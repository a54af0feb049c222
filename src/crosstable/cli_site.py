"""The ``site`` command: an event as a folder of static HTML pages (:mod:`crosstable.io.site`),
from a file or from an event saved by ``crosstable serve`` (``--event ID --db URL``)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click

from crosstable.cli import _fail
from crosstable.cli_common import _Command, _criteria, _errors, _read
from crosstable.errors import CrosstableError
from crosstable.i18n import _, integer_text, ngettext
from crosstable.io import FORMATS
from crosstable.io.site import site_pages, write_site
from crosstable.model import Tournament


@click.command("site", cls=_Command)
@click.argument("file", required=False, type=click.Path(dir_okay=False, allow_dash=True))
@click.option("--from", "fmt", type=click.Choice(FORMATS), default="auto", show_default=True, help="Input format.")
@click.option("--scoring", default=None, help="chess | draughts | football | team | W:D:L (default: from the table).")
@click.option(
    "--event", "event_id", default=None, metavar="ID", help="A saved event (crosstable serve) instead of FILE."
)
@click.option(
    "--db",
    default="sqlite:///crosstable.sqlite",
    show_default=True,
    help="Where the saved event is kept (as for serve): sqlite:///PATH, or postgresql://USER@HOST/DB.",
)
@_criteria
@click.option(
    "--output",
    "-o",
    "directory",
    required=True,
    type=click.Path(file_okay=False),
    help="The folder to write (new, empty, or a site written here before, which is replaced).",
)
@click.option("--fractions", is_flag=True, help="Print ½ and ¼ instead of decimals.")
def site(
    file: str | None,
    fmt: str,
    scoring: str | None,
    event_id: str | None,
    db: str,
    tiebreaks: str | None,
    rules: str | None,
    directory: str,
    fractions: bool,
) -> None:
    """Write the event of FILE (or the saved event --event ID) as a folder of static HTML
    pages, as organisers publish it.

    The folder holds index.html, which links the starting list, each round's pairings
    and results, the standings after each round, the crosstable and a card for each
    participant; every link is relative and no page needs a script, so that any web
    host, or the folder opened from disk, serves it. The pages are written into a new
    folder beside DIR and renamed to DIR at the end: bad input writes nothing. A saved
    event is ranked by its own criteria and rules unless --tiebreaks or --rules is given.
    A competition in groups (a World Cup's group stage) gets a page per group's
    standings and per group's results by matchday, and its ranking across groups and
    knockout round when it has them.
    """
    style = "fraction" if fractions else "decimal"
    if (file is None) == (event_id is None):
        _fail(_("give either FILE or --event ID (a saved event)"))
    if event_id is not None:
        if fmt != "auto" or scoring is not None:
            _fail(_("--from and --scoring read a file: a saved event has its own scoring"))
        with _errors():
            t, settings = _saved(event_id, db)
            pages = site_pages(
                t,
                tiebreaks if tiebreaks is not None else settings["tiebreaks"],
                rules=rules if rules is not None or tiebreaks is not None else settings["rules"],
                style=style,
                # TRANSLATORS: the source of a site written from a saved event: {id} is the event's id.
                source=_("saved event {id}").format(id=settings["id"]),
            )
            write_site(pages, directory)
    else:
        assert file is not None
        with _errors(file):
            pages = site_pages(_read(file, fmt, scoring), tiebreaks, rules=rules, style=style)
            write_site(pages, directory)
    html = sum(1 for name in pages if name.endswith(".html"))
    # TRANSLATORS: what `crosstable site` wrote: {count} pages into the folder {folder}.
    click.echo(
        ngettext("{count} page written to {folder}", "{count} pages written to {folder}", html).format(
            count=integer_text(html), folder=directory
        )
    )


def _saved(event_id: str, db: str) -> tuple[Tournament, dict[str, Any]]:
    """A saved event as a tournament and its settings, read from ``db`` as ``serve``
    opens it; an SQLite file that does not exist is refused (not made)."""
    from sqlalchemy.engine import make_url  # noqa: PLC0415 - SQLAlchemy (~300 ms) only for a saved event
    from sqlalchemy.exc import SQLAlchemyError  # noqa: PLC0415

    from crosstable.events import EventStore, database_url, known_id  # noqa: PLC0415

    known_id(event_id)
    url, shown = database_url(db)
    database = make_url(url).database
    if url.startswith("sqlite") and database and not Path(database).is_file():
        raise CrosstableError(_("--db {database}: no such file").format(database=shown))
    try:
        store = EventStore(url)
        try:
            return store.tournament(event_id)
        finally:
            store.close()
    except SQLAlchemyError as e:
        orig = getattr(e, "orig", None)
        reason = (str(orig if orig is not None else e).replace(url, shown).splitlines() or [""])[0]
        raise CrosstableError(
            _("--db {database}: cannot read the database: {reason}").format(database=shown, reason=reason[:200])
        ) from None
