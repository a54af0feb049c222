"""The ``site`` command: an event as a folder of static HTML pages (:mod:`crosstable.io.site`)."""

from __future__ import annotations

import click

from crosstable.cli_common import _Command, _criteria, _errors, _event_file, _read
from crosstable.i18n import integer_text, ngettext
from crosstable.io.site import site_pages, write_site


@click.command("site", cls=_Command)
@_event_file
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
    file: str,
    fmt: str,
    scoring: str | None,
    tiebreaks: str | None,
    rules: str | None,
    directory: str,
    fractions: bool,
) -> None:
    """Write the event of FILE as a folder of static HTML pages, as organisers publish it.

    The folder holds index.html, which links the starting list, each round's pairings
    and results, the standings after each round, the crosstable and a card for each
    participant; every link is relative and no page needs a script, so that any web
    host, or the folder opened from disk, serves it. The pages are written into a new
    folder beside DIR and renamed to DIR at the end: bad input writes nothing.
    """
    with _errors(file):
        t = _read(file, fmt, scoring)
        pages = site_pages(t, tiebreaks, rules=rules, style="fraction" if fractions else "decimal")
        write_site(pages, directory)
    html = sum(1 for name in pages if name.endswith(".html"))
    # TRANSLATORS: what `crosstable site` wrote: {count} pages into the folder {folder}.
    click.echo(
        ngettext("{count} page written to {folder}", "{count} pages written to {folder}", html).format(
            count=integer_text(html), folder=directory
        )
    )
