"""The commands of the command line that analyse an event or many (:mod:`crosstable.cli` loads each by
its name): scenarios, outlook, rate, batch, study. Apart from :mod:`crosstable.cli_commands` so that
``crosstable standings`` imports neither the study's nor the batch's modules."""

from __future__ import annotations

import contextlib
import dataclasses
import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import click

from crosstable.batch import connect, local_cluster, run_batch
from crosstable.cli_common import (
    _Command,
    _criteria,
    _errors,
    _event_file,
    _progress,
    _quiet_stdout,
    _read,
    _warning,
)
from crosstable.competition import one_group
from crosstable.errors import CrosstableError
from crosstable.i18n import (
    _,
    decimal_text,
    integer_text,
    pgettext,
)
from crosstable.io.analysis_writers import (
    SCENARIO_OUTPUTS,
    render_outlook,
    render_potentials,
    render_scenarios,
)
from crosstable.numbers import count
from crosstable.outlook import outlook
from crosstable.scenarios import DEFAULT_LIMIT, DEFAULT_SAMPLES, MAX_LIMIT, MAX_SAMPLES, parse_scores, scenarios
from crosstable.study import MODELS, SYSTEMS, Design, plot, run_study
from crosstable.tiebreaks.potential import potentials


@contextlib.contextmanager
def _dask(workers: int, scheduler: str | None) -> Iterator[Any]:
    """A Dask client: to ``scheduler``, or to a local cluster of ``workers`` processes;
    ``None`` (this process) with neither."""
    if scheduler is None and workers == 0:
        yield None
        return
    from distributed import Client  # noqa: PLC0415 - optional: dask, only when asked

    if scheduler is not None:
        with connect(scheduler) as client:
            yield client
        return
    with local_cluster(workers) as cluster, Client(cluster) as client:
        yield client


@click.command("scenarios", cls=_Command)
@_event_file
@_criteria
@click.option("--scores", default=None, help="Score lines a pending game can end with, e.g. '2:0,1:0,0:0,0:1,0:2'.")
@click.option(
    "--limit",
    type=click.IntRange(1, MAX_LIMIT),
    default=DEFAULT_LIMIT,
    show_default=True,
    help="Enumerate all combinations up to this many.",
)
@click.option(
    "--samples",
    type=click.IntRange(1, MAX_SAMPLES),
    default=DEFAULT_SAMPLES,
    show_default=True,
    help="Monte Carlo samples beyond the limit.",
)
@click.option("--seed", type=click.IntRange(0, 2**32 - 1), default=0, show_default=True, help="Random seed.")
@click.option(
    "--draw-rate", type=click.FloatRange(0, 1), default=0.3, show_default=True, help="Draw probability with ratings."
)
@click.option("--group", default=None, metavar="LABEL", help="A competition in groups: the group to look at.")
@click.option("--output", "-o", type=click.Choice(SCENARIO_OUTPUTS), default="text", show_default=True)
@click.option("--quiet", "-q", is_flag=True, help="No progress bar.")
def scenarios_command(
    file: str,
    fmt: str,
    scoring: str | None,
    tiebreaks: str | None,
    rules: str | None,
    scores: str | None,
    limit: int,
    samples: int,
    seed: int,
    draw_rate: float,
    group: str | None,
    output: str,
    quiet: bool,
) -> None:
    """What the games still to be played can change: best and worst places, their
    probabilities, and what each result of one's next game keeps possible."""
    with _errors(file):
        t = one_group(_read(file, fmt=fmt, scoring=scoring), group)
        with _progress(quiet) as advance:
            report = scenarios(
                t,
                tiebreaks,
                rules=rules,
                scores=parse_scores(scores),
                limit=limit,
                samples=samples,
                seed=seed,
                draw_rate=draw_rate,
                progress=advance,
            )
        text = render_scenarios(report, output)
    click.echo(text, nl=False)
    for w in report.warnings:
        click.echo(_warning(w), err=True)


@click.command("outlook", cls=_Command)
@_event_file
@_criteria
@click.option("--zones", default=None, help="Named places, e.g. 'title=1,ucl=1-4,relegation=18-20' (default title=1).")
@click.option("--no-draws", is_flag=True, help="A game left can only be won or lost (baseball, basketball).")
@click.option("--no-magic", is_flag=True, help="Leave out the magic numbers (the slowest part).")
@click.option(
    "--witness",
    "witnesses",
    multiple=True,
    metavar="NAME",
    help="Print the completions behind NAME's places.",
)
@click.option("--group", default=None, metavar="LABEL", help="A competition in groups: the group to look at.")
@click.option("--output", "-o", type=click.Choice(SCENARIO_OUTPUTS), default="text", show_default=True)
@click.option("--quiet", "-q", is_flag=True, help="No progress bar.")
def outlook_command(
    file: str,
    fmt: str,
    scoring: str | None,
    tiebreaks: str | None,
    rules: str | None,
    zones: str | None,
    no_draws: bool,
    no_magic: bool,
    witnesses: tuple[str, ...],
    group: str | None,
    output: str,
    quiet: bool,
) -> None:
    """What can still happen, exactly, whatever the number of games left: each
    participant's best and worst place, each zone clinched, possible or eliminated,
    and the magic numbers (integer programming, no sampling)."""
    with _errors(file):
        t = one_group(_read(file, fmt=fmt, scoring=scoring), group)
        with _progress(quiet, pgettext("progress", "participants")) as advance, _quiet_stdout():
            report = outlook(
                t,
                tiebreaks,
                rules=rules,
                zones=zones,
                draws=not no_draws,
                witnesses=witnesses,
                magic=not no_magic,
                progress=advance,
            )
        text = render_outlook(report, output)
    click.echo(text, nl=False)
    for w in report.warnings:
        click.echo(_warning(w), err=True)


@click.command(cls=_Command)
@_event_file
@click.option("--by", type=click.Choice(["potential", "flow"]), default="potential", show_default=True)
@click.option("--float", "floating", is_flag=True, help="Normalised floats even for small events.")
@click.option("--group", default=None, metavar="LABEL", help="A competition in groups: the group to rate.")
@click.option("--output", "-o", type=click.Choice(["text", "json"]), default="text", show_default=True)
def rate(file: str, fmt: str, scoring: str | None, by: str, floating: bool, group: str | None, output: str) -> None:
    """Rate the participants of FILE by the Laplacian potential and flow.

    Exact integers (fractions) for up to 60 participants, normalised shares beyond."""
    with _errors(file):
        t = one_group(_read(file, fmt=fmt, scoring=scoring), group)
        result = potentials(t, exact=False if floating else None)
        text = render_potentials(t.names, result, by, output)
    click.echo(text, nl=False)
    for w in result.warnings:
        click.echo(_warning(w), err=True)


@click.command("batch", cls=_Command)
@click.argument("paths", nargs=-1, required=True)
@click.option("--tiebreaks", "-t", default=None, help="Criteria in order (default: each file's own or its kind's).")
@click.option("--rules", default=None, help="A preset regulation, as for standings.")
@click.option("--output", "-o", "out", required=True, help="out.jsonl, out.csv or out.parquet.")
@click.option("--check", is_flag=True, help="Write only where a file's printed values differ from ours.")
@click.option("--resume", is_flag=True, help="Skip the files the output already holds, and append.")
@click.option(
    "--workers",
    type=click.IntRange(0, 256),
    default=None,
    help="Local Dask workers (0: no Dask; default: in this process below 32 MB of files, else the machine's cores).",
)
@click.option("--scheduler", default=None, metavar="ADDRESS", help="A running Dask scheduler, e.g. tcp://host:8786.")
@click.option("--quiet", "-q", is_flag=True, help="No progress bar.")
def batch_command(
    paths: tuple[str, ...],
    tiebreaks: str | None,
    rules: str | None,
    out: str,
    check: bool,
    resume: bool,
    workers: int | None,
    scheduler: str | None,
    quiet: bool,
) -> None:
    """Rank every file of PATHS (files, directories, globs) into one output: a JSON
    object per file (.jsonl) or a row per participant (.csv, .parquet); a file that
    cannot be read gives an error record and the batch goes on (exit status 1)."""
    with _errors(), _progress(quiet, pgettext("progress", "files")) as advance:
        summary = run_batch(
            paths,
            out,
            tiebreaks=tiebreaks,
            rules=rules,
            check=check,
            resume=resume,
            workers=workers,
            scheduler=scheduler,
            progress=advance,
        )
    files = count(summary.files, "{n} file", "{n} files")
    seconds = decimal_text(f"{summary.seconds:.1f}")
    ranked = summary.files - summary.errors
    if summary.workers:
        workers_text = count(summary.workers, "{n} Dask worker", "{n} Dask workers")
        line = _("{files} in {seconds} s on {workers}: {ranked} ranked").format(
            files=files, seconds=seconds, workers=workers_text, ranked=ranked
        )
    else:
        line = _("{files} in {seconds} s in this process: {ranked} ranked").format(
            files=files, seconds=seconds, ranked=ranked
        )
    if summary.errors:
        line += ", " + _("{errors} could not be read (error records in {output})").format(
            errors=summary.errors, output=out
        )
    if summary.skipped:
        line += "; " + _("{skipped} done before (--resume)").format(skipped=summary.skipped)
    if check:
        line += "; " + count(summary.disagreements, "{n} printed value differs", "{n} printed values differ")
    click.echo(line, err=True)
    if summary.errors:  # this run's files; a resumed output may hold earlier error records too
        sys.exit(1)


@click.command("study", cls=_Command)
@click.option(
    "--system", type=click.Choice(SYSTEMS), default="rr", show_default=True, help="Round robin, double, Swiss."
)
@click.option("--players", type=click.IntRange(2, 64), default=10, show_default=True)
@click.option("--rounds", type=click.IntRange(1, 63), default=9, show_default=True, help="Rounds of a Swiss event.")
@click.option("--events", type=click.IntRange(1, 10**9), default=100_000, show_default=True)
@click.option("--model", type=click.Choice(MODELS), default="elo", show_default=True, help="Elo or Bradley-Terry.")
@click.option("--spread", type=click.FloatRange(0, 2000), default=200.0, show_default=True, help="Rating spread (SD).")
@click.option("--draw-rate", type=click.FloatRange(0, 0.99), default=0.3, show_default=True)
@click.option("--tiebreaks", "-t", default=None, help="The coefficients to measure (default: all that apply).")
@click.option("--seed", type=click.IntRange(0, 2**32 - 1), default=0, show_default=True)
@click.option("--plot", "plots", multiple=True, metavar="FILE", help="Save a plot (.png, .svg); repeatable.")
@click.option("--workers", type=click.IntRange(0, 256), default=0, show_default=True, help="Local Dask workers.")
@click.option("--scheduler", default=None, metavar="ADDRESS", help="A running Dask scheduler.")
@click.option("--output", "-o", type=click.Choice(["text", "json"]), default="text", show_default=True)
@click.option("--quiet", "-q", is_flag=True, help="No progress bar.")
def study_command(
    system: str,
    players: int,
    rounds: int,
    events: int,
    model: str,
    spread: float,
    draw_rate: float,
    tiebreaks: str | None,
    seed: int,
    plots: tuple[str, ...],
    workers: int,
    scheduler: str | None,
    output: str,
    quiet: bool,
) -> None:
    """Which coefficient orders players level on points as their true strengths?
    Simulate events and count, with 95 % intervals."""
    with _errors():
        criteria = tuple(s.strip() for s in tiebreaks.split(",") if s.strip()) if tiebreaks else ()
        design = Design(system, players, rounds, model, spread, draw_rate, criteria)
        design.check()
        for path in plots:
            if Path(path).suffix.lower() not in (".png", ".svg", ".pdf"):
                raise CrosstableError(_("--plot {file}: write .png, .svg or .pdf").format(file=path))
            if not Path(path).resolve().parent.is_dir():
                raise CrosstableError(_("--plot {file}: no such folder").format(file=path))
        with _progress(quiet, pgettext("progress", "events")) as advance, _dask(workers, scheduler) as client:
            result = run_study(design, events, seed=seed, client=client, progress=advance)
        if plots and not plot(result, plots):
            click.echo(_warning(_("no coefficient decided any pair: no plot written")), err=True)
    rows = result.rows()
    if output == "json":
        data = {
            "design": dataclasses.asdict(design) | {"criteria": design.labels()},
            "events": result.events,
            "level_pairs": result.pairs,
            "seconds": round(result.seconds, 3),
            "workers": result.workers,
            "seed": seed,
            "coefficients": rows,
        }
        click.echo(json.dumps(data, indent=2))
        return
    click.echo(
        # TRANSLATORS: {events} is "100,000 events", {players} "10 players", {pairs} "1,234 pairs level on points".
        _(
            "{events} ({system}, {players}, {model}, spread {spread}, draw rate {draw_rate}, "
            "seed {seed}): {pairs}; {seconds} s ({speed} events/s)"
        ).format(
            events=count(result.events, "{n} event", "{n} events"),
            system=design.system,
            players=count(design.players, "{n} player", "{n} players"),
            model=design.model,
            spread=decimal_text(f"{design.spread:g}"),
            draw_rate=decimal_text(f"{design.draw_rate:g}"),
            seed=seed,
            pairs=count(result.pairs, "{n} pair level on points", "{n} pairs level on points"),
            seconds=decimal_text(f"{result.seconds:.1f}"),
            speed=integer_text(round(result.events / max(result.seconds, 1e-9))),
        )
    )
    coefficient = pgettext("study column", "coefficient")
    # TRANSLATORS: the share of the level pairs a coefficient ordered as the true strengths.
    right = pgettext("study column", "right")
    # TRANSLATORS: a column of the study's table: {share} is "95%", the confidence interval's level.
    interval = _("{share} interval").format(share="95%")
    # TRANSLATORS: the share of the pairs level on points that a coefficient leaves level too.
    level_heading = pgettext("study column", "level")
    # TRANSLATORS: the study's last column: how many pairs the coefficient ordered right, wrong, or left level.
    counts = pgettext("study column", "right / wrong / level")
    # each column as wide as its heading in the language and its widest cell, at least as wide as in English
    longest = max((len(r["criterion"]) for r in rows), default=0)
    w = [max(12, len(coefficient), longest), max(8, len(right)), max(17, len(interval)), max(7, len(level_heading))]
    click.echo(f"{coefficient:<{w[0]}} {right:>{w[1]}} {interval:>{w[2]}} {level_heading:>{w[3]}}   {counts}")
    for r in rows:
        share = "   –" if r["share"] is None else decimal_text(f"{100 * r['share']:7.2f}%")
        ci = "" if r["low"] is None else decimal_text(f"{100 * r['low']:.2f}–{100 * r['high']:.2f}%")
        level = "" if r["level_share"] is None else decimal_text(f"{100 * r['level_share']:.1f}%")
        click.echo(
            f"{r['criterion']:<{w[0]}} {share:>{w[1]}} {ci:>{w[2]}} {level:>{w[3]}}   "
            f"{r['agree']} / {r['disagree']} / {r['level']}"
        )
