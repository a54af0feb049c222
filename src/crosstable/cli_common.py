"""What the commands of the command line share: reading FILE, the one-line errors,
``--lang``, the options every event command has (:mod:`crosstable.cli`)."""

from __future__ import annotations

import contextlib
import io
import ipaddress
import os
import re
import secrets
import sys
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import click

from crosstable.cli import _fail, _interrupted
from crosstable.errors import CrosstableError, InputError
from crosstable.i18n import (
    LANGUAGES,
    _,
    default_language,
    pgettext,
    using,
)
from crosstable.io import FORMATS, decode, read_file, read_stream, read_text
from crosstable.io.seeding import standings_order
from crosstable.io.sidecar import add_discipline, add_ranking
from crosstable.model import Tournament
from crosstable.ranking import criteria_for


@contextlib.contextmanager
def _errors(file: str | None = None) -> Iterator[None]:
    """Bad input becomes one line on standard error and exit status 2."""
    try:
        yield
    except InputError as e:
        _fail(str(e))
    except CrosstableError as e:
        _fail(f"{file}: {e}" if file else str(e))
    except ModuleNotFoundError as e:  # an optional dependency (dask, pyarrow, matplotlib)
        _fail(_("{module} is not installed: pip install 'crosstable[batch]'").format(module=e.name))


def _read(file: str, fmt: str = "auto", scoring: str | None = None) -> Tournament:
    """A tournament file, or standard input for ``-``."""
    return read_text(_text(file), source="<stdin>" if file == "-" else file, fmt=fmt, scoring=scoring)


def _text(file: str) -> str:
    """A file's text, or standard input's for ``-``; either is read up to the one size
    limit (:data:`crosstable.io.MAX_INPUT_BYTES`), beyond which it is refused (status 2)."""
    return decode(read_stream(sys.stdin.buffer, "<stdin>")) if file == "-" else read_file(file)


class _Command(click.Command):
    """A command with ``--lang``: its output, warnings and errors in that language
    (default: ``CROSSTABLE_LANG``, else the environment's locale, else English)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.params.append(
            click.Option(
                ["--lang"],
                type=click.Choice(LANGUAGES, case_sensitive=False),
                default=None,
                help="Language of the output: " + ", ".join(LANGUAGES) + " (default: the environment's locale).",
            )
        )

    def invoke(self, ctx: click.Context) -> Any:
        lang = ctx.params.pop("lang", None) or default_language()
        if lang == "en" or "json" not in (ctx.params.get("output"), ctx.params.get("target")):
            return self._run(ctx, lang)
        # A JSON document never depends on --lang: made in English; what standard error
        # says (an error, warnings) is said again in the language asked, by a second run
        # whose standard output is dropped (only then: most runs have nothing to say).
        data = None
        if ctx.params.get("file") == "-":
            with using(lang), _errors():  # refused beyond the size limit, in the language asked
                data = read_stream(sys.stdin.buffer, "<stdin>")
        said = io.StringIO()
        try:
            with contextlib.redirect_stderr(said):
                self._stdin(data)
                result = self._run(ctx, "en")
        except SystemExit:
            if not said.getvalue():
                raise
            self._stdin(data)
            self._run(ctx, lang)  # stops again, its message in the language (nothing was written to stdout)
            raise
        if said.getvalue():
            self._stdin(data)
            with contextlib.redirect_stdout(io.StringIO()):
                self._run(ctx, lang)
        return result

    @staticmethod
    def _stdin(data: bytes | None) -> None:
        """Standard input read once, given again to each run."""
        if data is not None:
            sys.stdin = io.TextIOWrapper(io.BytesIO(data), encoding="utf-8")

    def _run(self, ctx: click.Context, lang: str) -> Any:
        with using(lang):
            try:
                return super().invoke(ctx)
            except KeyboardInterrupt:  # said here, in the command's language (as click and _Commands would)
                click.echo(err=True)
                _interrupted()


def _event_file(command: Callable[..., Any]) -> Callable[..., Any]:
    """FILE (or ``-``), ``--from`` and ``--scoring``: how every command that reads an
    event is told what to read."""
    command = click.option(
        "--scoring", default=None, help="chess | draughts | football | team | W:D:L (default: from the table)."
    )(command)
    command = click.option(
        "--from", "fmt", type=click.Choice(FORMATS), default="auto", show_default=True, help="Input format."
    )(command)
    return click.argument("file", type=click.Path(dir_okay=False, allow_dash=True))(command)


def _criteria(command: Callable[..., Any]) -> Callable[..., Any]:
    """``--tiebreaks`` and ``--rules``, for the commands that rank as ``standings`` does."""
    command = click.option("--rules", default=None, help="A preset regulation, as for standings.")(command)
    return click.option("--tiebreaks", "-t", default=None, help="Criteria in order, as for standings.")(command)


def _warning(message: str) -> str:
    """A warning's line on standard error."""
    # TRANSLATORS: the start of a warning's line on standard error.
    return _("warning: {message}").format(message=message)


def _with_extras(
    t: Tournament,
    discipline: str | None,
    rankings: Sequence[str],
    lots_seed: int | None,
    tiebreaks: str | None,
    rules: str | None,
) -> Tournament:
    """The tournament with the side files of the command line added (the criteria it
    will be ranked by tell the discipline file whether its teams' cards may decide)."""
    if discipline is not None:
        t = add_discipline(t, discipline, ranked_by=criteria_for(t, tiebreaks, rules))
    for item in rankings:
        name, sep, path = item.partition("=")
        if not sep or not name or not path:
            raise CrosstableError(
                _("--ranking {item}: write NAME=FILE, e.g. FIFA=fifa-ranking.csv").format(item=repr(item))
            )
        t = add_ranking(t, name, path)
    if lots_seed is not None:
        t.lots_seed = lots_seed
    return t


def _seed_order(path: str, tiebreaks: str | None) -> list[str]:
    """Names in the order of a standings: our JSON output, or any tournament file ranked here."""
    return standings_order(_text(path), source=path, tiebreaks=tiebreaks)


def _places(text: str | None, total: int, path: str) -> tuple[int, int]:
    if text is None:
        return 1, total
    lo, _sep, hi = text.partition("-")
    try:
        a, b = int(lo), int(hi or lo)
    except ValueError:
        raise CrosstableError(_("--places {range}: give a range like 1-8").format(range=repr(text))) from None
    if not 1 <= a <= b <= total:
        raise CrosstableError(
            _("--places {range}: {file} has places 1-{last}").format(range=text, file=path, last=total)
        )
    return a, b


MAX_SCHEDULE = 1000
"""The most participants a schedule is printed for (499,500 pairings)."""


@contextlib.contextmanager
def _quiet_stdout() -> Iterator[None]:
    """Standard output closed at the file-descriptor level while the solver runs: HiGHS
    prints some internal lines there itself (``transformNewIntegerFeasibleSolution``),
    which would corrupt a JSON answer. The command line runs one outlook at a time, so
    swapping the process's descriptor here is safe (the library never does it)."""
    sys.stdout.flush()
    try:
        saved = os.dup(1)
    except OSError:  # no standard output at all: nothing to protect
        yield
        return
    try:
        with open(os.devnull, "wb") as null:
            os.dup2(null.fileno(), 1)
            yield
    finally:
        os.dup2(saved, 1)
        os.close(saved)


@contextlib.contextmanager
def _progress(quiet: bool, what: str | None = None) -> Iterator[Callable[[int, int], None] | None]:
    """A progress bar on standard error for long runs (not when quiet or not a terminal),
    labelled ``what`` (combinations by default)."""
    if quiet or not sys.stderr.isatty():
        yield None
        return
    if what is None:
        what = pgettext("progress", "combinations")
    from rich.progress import Progress  # noqa: PLC0415 - optional: rich only on a terminal

    with Progress(transient=True) as bar:
        task = bar.add_task(what, total=None)

        def advance(done: int, total: int) -> None:
            bar.update(task, completed=done, total=total)

        yield advance


def _is_host(host: str) -> bool:
    """An IP address, or a host name (letters, digits, hyphens, dots)."""
    try:
        ipaddress.ip_address(host)
        return True
    except ValueError:
        labels = host.split(".")
        return (
            bool(host)
            and len(host) <= 253
            and not host.replace(".", "").isdigit()
            and all(re.fullmatch(r"[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?", label) for label in labels)
        )


def is_loopback(host: str) -> bool:
    """Whether ``host`` is this machine's loopback (``127.0.0.1``, ``::1``, ``localhost``)."""
    if host.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def creation_token(
    host: str, token: str | None, open_creation: bool, generate: Callable[[], str] = lambda: secrets.token_urlsafe(24)
) -> tuple[str | None, bool]:
    """The organiser token ``serve`` requires to create events, and whether it made it:
    the one given; none with ``--open-creation`` or on a loopback address; else a new one."""
    if open_creation:
        return None, False
    if token:
        return token, False
    if is_loopback(host):
        return None, False
    return generate(), True
