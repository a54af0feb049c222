"""The command line, thin over the library; its commands and the JSON shape are a public interface.

Bad input ends with one line on standard error, ``FILE:LINE:COL: what is wrong``,
and exit status 2; nothing is written to standard output in that case. A FILE of
``-`` is read from standard input.

This module is the group and nothing more: every command is loaded by its name when it
is run (:data:`LAZY`, the way click's documentation gives for large command lines), so
that ``crosstable --version``, ``crosstable --help`` and each command import only what
they need (numpy, the readers, SQLAlchemy, uvicorn, the pairing engine). The commands
live in :mod:`crosstable.cli_commands`, :mod:`crosstable.cli_analysis`, :mod:`crosstable.cli_run` and
:mod:`crosstable.cli_site`, their shared
helpers in :mod:`crosstable.cli_common`; ``--help`` lists them from :data:`SUMMARIES`
(a test keeps it equal to each command's own help).
"""

from __future__ import annotations

import importlib
import os
import sys
import traceback
from pathlib import Path
from typing import Any, NoReturn

import click

from crosstable import __version__
from crosstable.errors import printable
from crosstable.i18n import _


def _fail(message: str) -> NoReturn:
    """One printable line of at most 480 characters on standard error, status 2."""
    # TRANSLATORS: the start of every error line of the command line; "crosstable" is the program's name.
    click.echo(_("crosstable: {message}").format(message=printable(" ".join(message.split()), 468)), err=True)
    sys.exit(2)


def _interrupted() -> NoReturn:
    click.echo(_("crosstable: interrupted"), err=True)
    sys.exit(130)


_COMMANDS = ("standings", "schedule", "convert", "serve")
LAZY = {
    **{name: f"crosstable.cli_commands:{name}" for name in _COMMANDS},
    "scenarios": "crosstable.cli_analysis:scenarios_command",
    "outlook": "crosstable.cli_analysis:outlook_command",
    "rate": "crosstable.cli_analysis:rate",
    "batch": "crosstable.cli_analysis:batch_command",
    "study": "crosstable.cli_analysis:study_command",
    **{name: f"crosstable.cli_run:{name}" for name in ("pair", "prizes", "ratings", "norms", "check")},
    "site": "crosstable.cli_site:site",
}
"""Every command, by name: the module and the object it is, imported when it is run."""

SUMMARIES = {
    "batch": "Rank every file of PATHS (files, directories, globs) into one output",
    "check": "Compare what FILE prints",
    "convert": "Write the tournament in FILE as our JSON format or as FIDE TRF-16.",
    "norms": "The title norms (GM, IM, WGM, WIM) the event of FILE gives",
    "outlook": "What can still happen, exactly, whatever the number of games left",
    "pair": "Pair the next round of the Swiss event in FILE by the FIDE Dutch system (C.04.3)",
    "prizes": "Hand out the prizes of PRIZES.csv",
    "rate": "Rate the participants of FILE by the Laplacian potential and flow.",
    "ratings": "Each rated player's FIDE rating change in the event of FILE",
    "scenarios": "What the games still to be played can change",
    "schedule": "Berger-table pairings for N participants (FIDE C.05 Annex 1), or for named ones.",
    "serve": "Start the local web page and HTTP API and print its address.",
    "site": (
        "Write the event of FILE (or the saved event --event ID) as a folder of static HTML pages, as "
        "organisers publish it."
    ),
    "standings": "Rank the participants of FILE by points and tie-break criteria.",
    "study": "Which coefficient orders players level on points as their true strengths?",
}
"""Each command's line in ``crosstable --help``: the start of its docstring, listed
without importing the commands (``tests/test_cli.py`` checks that each is how its
command's help begins)."""


class _Commands(click.Group):
    """The command group, with click's own errors (a bad option value, a missing
    argument) on one line like every other error: ``crosstable: …``, status 2; every
    command imported only when named (:data:`LAZY`), the list of ``--help`` made from
    :data:`SUMMARIES`."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(LAZY)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in LAZY:
            return None
        module, _sep, name = LAZY[cmd_name].partition(":")
        command: click.Command = getattr(importlib.import_module(module), name)
        return command

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        names = self.list_commands(ctx)
        limit = formatter.width - 6 - max(len(name) for name in names)  # as click's own listing
        # each line shortened as click shortens a command's own help (a stand-in command holds the summary)
        rows = [(name, click.Command(name, help=SUMMARIES.get(name, "")).get_short_help_str(limit)) for name in names]
        with formatter.section(_("Commands")):
            formatter.write_dl(rows)

    def main(self, *args: Any, **kwargs: Any) -> Any:
        kwargs["standalone_mode"] = False
        try:
            return super().main(*args, **kwargs)
        except click.exceptions.Exit as e:
            sys.exit(e.exit_code)
        except click.exceptions.NoArgsIsHelpError as e:  # bare `crosstable`: the help, as asked
            click.echo(e.ctx.get_help() if e.ctx is not None else "")
            sys.exit(0)
        except click.ClickException as e:
            ctx = e.ctx if isinstance(e, click.UsageError) else None
            command = ctx.command_path if ctx is not None else "crosstable"
            _fail(" ".join(e.format_message().split()) + f" (see {command} --help)")
        except click.exceptions.Abort:
            _interrupted()
        except BrokenPipeError:  # the reader of our output went away (| head)
            sys.exit(0)
        except Exception as e:  # the last resort: a defect is said in one line, never a traceback
            _defect(e)


DEFECT = 70
"""The exit status of a defect (``EX_SOFTWARE`` of BSD's sysexits): an exception that no
input should cause. Bad input is status 2."""


def _defect(error: Exception) -> NoReturn:
    """One line on standard error for an exception the program did not expect: what it
    was and where in crosstable, so that it can be reported; status 70."""
    frames = traceback.extract_tb(error.__traceback__)
    ours = [f for f in frames if f"{os.sep}crosstable{os.sep}" in f.filename] or frames
    where = f"{Path(ours[-1].filename).name}:{ours[-1].lineno}" if ours else "?"
    click.echo(
        # TRANSLATORS: {error} is the exception's type and message, {where} a source file and line of crosstable.
        _(
            "crosstable: internal error (a defect of crosstable, not of the input): {error} at {where}; "
            "please report it with this line, the command and its input to the crosstable issue tracker"
        ).format(error=printable(f"{type(error).__name__}: {error}", 200), where=where),
        err=True,
    )
    sys.exit(DEFECT)


@click.group(cls=_Commands, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, package_name="crosstable")
def main() -> None:
    """Tournament results in, standings with exact tie-break coefficients out."""


if __name__ == "__main__":  # pragma: no cover
    main()
