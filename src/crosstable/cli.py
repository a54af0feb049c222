"""The command line, thin over the library (SPEC §11).

Bad input ends with one line on standard error, ``FILE:LINE:COL: what is wrong``,
and exit status 2; nothing is written to standard output in that case.
"""

from __future__ import annotations

import sys

import click

from crosstable.errors import CrosstableError, InputError
from crosstable.io import FORMATS, read
from crosstable.io.writers import OUTPUTS, render
from crosstable.ranking import rank


def _fail(message: str) -> None:
    click.echo(f"crosstable: {message}", err=True)
    sys.exit(2)


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="crosstable")
def main() -> None:
    """Tournament results in, standings with exact tie-break coefficients out."""


@main.command()
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--from", "fmt", type=click.Choice(FORMATS), default="auto", show_default=True, help="Input format.")
@click.option("--scoring", default=None, help="chess | draughts | football | team | W:D:L (default: from the table).")
@click.option("--tiebreaks", "-t", default=None, help="Criteria in order, e.g. 'SB,KS,BH/C1,SB(2,1,0)'.")
@click.option("--output", "-o", type=click.Choice(OUTPUTS), default="text", show_default=True)
@click.option("--fractions", is_flag=True, help="Print ½ and ¼ instead of decimals (text, md).")
@click.option("--crosstable", "show_grid", is_flag=True, help="Print the results grid too (text).")
@click.option("--explain", "explain_names", multiple=True, metavar="NAME", help="Explain every number of NAME.")
def standings(
    file: str,
    fmt: str,
    scoring: str | None,
    tiebreaks: str | None,
    output: str,
    fractions: bool,
    show_grid: bool,
    explain_names: tuple[str, ...],
) -> None:
    """Rank the participants of FILE by points and tie-break criteria."""
    try:
        t = read(file, fmt=fmt, scoring=scoring)
        s = rank(t, tiebreaks)
        text = render(s, output, "fraction" if fractions else "decimal", show_grid)
        explained = [s.explain(name) for name in explain_names]
    except InputError as e:
        _fail(str(e))
        return
    except CrosstableError as e:
        _fail(f"{file}: {e}")
        return
    if explained and output == "text":
        text = text + "\n" + "\n\n".join(explained) + "\n"
    elif explained:
        click.echo("\n\n".join(explained), err=True)
    click.echo(text, nl=False)


if __name__ == "__main__":  # pragma: no cover
    main()
