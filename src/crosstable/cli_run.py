"""The commands that run an event and end it: ``pair`` (the next round of a Swiss, by the
FIDE Dutch system) and the prize-giving's ``prizes`` (prize money with shared places),
``ratings`` (FIDE rating changes) and ``norms`` (title norms). They live apart from
:mod:`crosstable.cli` and are loaded by name when asked for
(:data:`crosstable.cli.LAZY`), so that the pairing engine's imports (gacrux, networkx:
0.15 s) are paid only by the command that needs them.

Decisions written down here:

- ``pair FILE`` pairs round ``--round`` (default: the round after the last one with
  games, whose results must all be in) of the Swiss event in FILE (a TRF, or any file
  crosstable reads). The pairing numbers are the file's start numbers, as TRF
  defines them (the initial ranking). ``--bye NAME=H|Z`` asks a half- or zero-point
  bye for that round (also read from the file's TRF-2026 ``240`` records),
  ``--withdraw NAME`` leaves a player out from it. The file's ``152`` (the initial
  colour), ``250`` (accelerated rounds, Baku) and ``260`` (prohibited pairings: the same
  club or family) records go to the engine as written, and stay in ``-o trf``. ``-o trf`` writes the file back
  with the round paired (opponent and colour, no result), as TRF.
- ``prizes FILE --prizes PRIZES.csv`` ranks FILE (``--tiebreaks``/``--rules`` as
  ``standings``) and hands out the prizes (:mod:`crosstable.prizes`): ``--sharing``
  ``hort`` (default), ``equal`` or ``none``; ``--cents`` for amounts in cents;
  ``--prefer PRIZE`` an organiser's order of preference; ``--explain NAME`` the
  arithmetic of a player's prize. CSV output: ``place,name,prize,amount``.
- ``ratings FILE`` and ``norms FILE`` print what :mod:`crosstable.ratings` and
  :mod:`crosstable.norms` compute, under the regulations' edition in force at the
  event's start date (named in the output).
- ``check FILE`` compares what FILE prints (TRF ``001`` points and ranks, ``310`` match
  points, game points and ranks, a crosstable's trailing columns) with the standings by
  its own rules (``--tiebreaks``/``--rules`` as ``standings``; :mod:`crosstable.check`):
  a heading, one ``FILE:LINE:COL: …`` line per difference, a summary; exit status 1
  when any value differs, 0 when none, 2 on bad input.
"""

from __future__ import annotations

import csv
import dataclasses
import io
import json
import sys
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

import click
import numpy as np

from crosstable.check import check as check_file
from crosstable.cli import _fail
from crosstable.cli_common import _Command, _criteria, _errors, _event_file, _read, _text, _warning
from crosstable.i18n import _, integer_text, ngettext
from crosstable.io.trf import write_trf
from crosstable.model import PENDING, Bye, Tournament
from crosstable.norms import title_norms
from crosstable.numbers import fmt_decimal
from crosstable.pairing import Paired, pair_next
from crosstable.prizes import SHARINGS, award, read_prizes
from crosstable.ranking import rank
from crosstable.ratings import rating_changes

BYE_POINTS = {"pab": None, "half": Fraction(1, 2), "zero": Fraction(0)}


def _requests(values: tuple[str, ...]) -> dict[str, str]:
    """``NAME=H`` options as a mapping, each checked for its ``=``."""
    asked: dict[str, str] = {}
    for value in values:
        name, sep, kind = value.rpartition("=")
        if not sep or not name.strip():
            _fail(_("--bye {value}: give NAME=H (half point) or NAME=Z (zero point)").format(value=repr(value)))
        before = asked.get(name.strip())
        if before is not None and before.upper() != kind.strip().upper():
            _fail(
                _("--bye: {name} asks for two byes, {first} and {second}; give one").format(
                    name=repr(name.strip()), first=before, second=kind.strip()
                )
            )
        asked[name.strip()] = kind.strip()
    return asked


def with_round(t: Tournament, p: Paired, withdrawn: Sequence[int] = ()) -> Tournament:
    """The event with round ``p.round`` paired: its games pending, its byes given, and
    the ``withdrawn`` players (indices) absent from it (a zero-point round, ``0000 - Z``
    in TRF: the program that pairs the next round from the written file knows they left)."""
    assert t.rounds is not None and t.status is not None
    n = len(p.pairings)
    white = np.array([w for _b, w, _bl in p.pairings], dtype=np.int64)
    black = np.array([bl for _b, _w, bl in p.pairings], dtype=np.int64)
    zeros = np.zeros(n, dtype=np.int64)
    override = t.outcome_override
    if override is not None:
        override = np.concatenate([override, np.full((n, 2), -1, dtype=override.dtype)])
    byes = [
        Bye(i, p.round, kind, t.scoring.win if kind == "pab" else BYE_POINTS[kind] or Fraction(0)) for i, kind in p.byes
    ]
    byes += [Bye(i, p.round, "zero", Fraction(0)) for i in withdrawn if all(b.participant != i for b in byes)]
    return dataclasses.replace(
        t,
        white=np.concatenate([t.white, white]),
        black=np.concatenate([t.black, black]),
        white_score=np.concatenate([t.white_score, zeros]),
        black_score=np.concatenate([t.black_score, zeros]),
        rounds=np.concatenate([t.rounds, np.full(n, p.round, dtype=np.int64)]),
        status=np.concatenate([t.status, np.full(n, PENDING, dtype=np.int64)]),
        outcome_override=override,
        byes=[b for b in t.byes if b.round != p.round] + byes,
        rounds_total=max(t.rounds_total or 0, p.round),
    )


def _pair_dict(t: Tournament, p: Paired) -> dict[str, Any]:
    number = t.numbers or list(range(1, len(t.names) + 1))
    return {
        "round": p.round,
        "engine": p.engine,
        "pairings": [
            {"board": b, "white": t.names[w], "white_no": number[w], "black": t.names[bl], "black_no": number[bl]}
            for b, w, bl in p.pairings
        ],
        "byes": [{"name": t.names[i], "no": number[i], "kind": kind} for i, kind in p.byes],
        "warnings": list(p.warnings),
    }


def _pair_text(t: Tournament, p: Paired) -> str:
    number = t.numbers or list(range(1, len(t.names) + 1))
    points = _points(t)
    lines = [_("Round {round} (paired by {engine})").format(round=p.round, engine=p.engine)]
    width = max((len(t.names[i]) for _b, w, bl in p.pairings for i in (w, bl)), default=4)
    for b, w, bl in p.pairings:
        lines.append(
            f"{b:>4}  {number[w]:>4} {t.names[w]:<{width}} {fmt_decimal(points[w]):>4}"
            f"  –  {fmt_decimal(points[bl]):>4}  {number[bl]:>4} {t.names[bl]}"
        )
    kinds = {"pab": _("pairing-allocated bye"), "half": _("half-point bye"), "zero": _("zero-point bye")}
    for i, kind in p.byes:
        lines.append(f"      {number[i]:>4} {t.names[i]} ({fmt_decimal(points[i])}): {kinds[kind]}")
    return "\n".join(lines)


def _points(t: Tournament) -> list[Fraction]:
    """Each participant's game points so far (games with results, byes)."""
    assert t.status is not None
    d = t.score_denominator
    points = [Fraction(0)] * len(t.names)
    for g in range(len(t.white)):
        if t.status[g] != PENDING:
            points[int(t.white[g])] += Fraction(int(t.white_score[g]), d)
            points[int(t.black[g])] += Fraction(int(t.black_score[g]), d)
    for bye in t.byes:
        points[bye.participant] += bye.points
    return points


@click.command("pair", cls=_Command)
@_event_file
@click.option("--round", "round_", type=click.IntRange(1, 999), default=None, help="The round to pair.")
@click.option(
    "--engine",
    type=click.Choice(["gacrux"]),
    default="gacrux",
    show_default=True,
    help="The pairing engine (the FIDE Technical Commission's, MIT).",
)
@click.option("--bye", "byes", multiple=True, metavar="NAME=H|Z", help="A bye asked for the round: half or zero point.")
@click.option("--withdraw", "withdrawn", multiple=True, metavar="NAME", help="A player not paired from this round.")
@click.option("--output", "-o", type=click.Choice(["text", "json", "trf"]), default="text", show_default=True)
def pair(
    file: str,
    fmt: str,
    scoring: str | None,
    round_: int | None,
    engine: str,
    byes: tuple[str, ...],
    withdrawn: tuple[str, ...],
    output: str,
) -> None:
    """Pair the next round of the Swiss event in FILE by the FIDE Dutch system (C.04.3),
    through the engine named. Refused, with the reason, when the round cannot be paired
    (results of the round before missing, too few players left)."""
    asked = _requests(byes)
    with _errors(file):
        t = _read(file, fmt, scoring)
        colour = {"B": "black"}.get(t.info.get("152", "W").strip()[:1].upper(), "white")  # TRF 152, the lot's
        p = pair_next(t, round_, asked, list(withdrawn), initial_colour=colour)
    for warning in p.warnings:
        click.echo(_warning(warning), err=True)
    if output == "json":
        click.echo(json.dumps(_pair_dict(t, p), ensure_ascii=False, indent=2))
    elif output == "trf":
        with _errors(file):
            gone = [t.index(name) for name in withdrawn]
            click.echo(write_trf(with_round(t, p, gone)), nl=False)
    else:
        click.echo(_pair_text(t, p))


@click.command("ratings", cls=_Command)
@_event_file
@click.option(
    "--k", "k", type=click.IntRange(10, 40), default=20, show_default=True, help="K when the file does not decide it."
)
@click.option("--k-of", "k_of", multiple=True, metavar="NAME=K", help="A player's development coefficient K.")
@click.option("--category", type=click.Choice(["standard", "rapid", "blitz"]), default="standard", show_default=True)
@click.option("--output", "-o", type=click.Choice(["text", "json"]), default="text", show_default=True)
def ratings(
    file: str, fmt: str, scoring: str | None, k: int, k_of: tuple[str, ...], category: str, output: str
) -> None:
    """Each rated player's FIDE rating change in the event of FILE (the FIDE Rating
    Regulations in force at its start date: the conversion table, the 400-point rule,
    K), per game and in all; unrated players' first ratings where the event gives one."""
    given: dict[str, int] = {}
    for value in k_of:
        name, sep, number = value.rpartition("=")
        if not sep or not number.strip().isdigit() or not name.strip():
            _fail(_("--k-of {value}: give NAME=K, K a whole number (10, 20 or 40)").format(value=repr(value)))
        given[name.strip()] = int(number.strip())
    with _errors(file):
        t = _read(file, fmt, scoring)
        report = rating_changes(t, k=k, k_of=given, category=category)
    for warning in report.warnings:
        click.echo(_warning(warning), err=True)
    if output == "json":
        click.echo(json.dumps(report.to_dict(), ensure_ascii=False, indent=2))
        return
    click.echo(report.edition_reason)
    rows = [[_("Name"), _("Rating"), "K", _("Games"), _("Score"), _("Expected"), _("Change")]]
    for p in report.players:
        rows.append(
            [
                p.name,
                str(p.rating),
                str(p.k),
                str(p.counted),
                fmt_decimal(p.score),
                fmt_decimal(p.expected),
                f"{fmt_decimal(p.change)} ({p.rounded:+d})",
            ]
        )
    click.echo(_table(rows))


@click.command("norms", cls=_Command)
@_event_file
@click.option("--all", "everyone", is_flag=True, help="Every player's checks, not only the norms made.")
@click.option("--woman", "women", multiple=True, metavar="NAME", help="A player for whom WGM and WIM norms count.")
@click.option("--output", "-o", type=click.Choice(["text", "json"]), default="text", show_default=True)
def norms(file: str, fmt: str, scoring: str | None, everyone: bool, women: tuple[str, ...], output: str) -> None:
    """The title norms (GM, IM, WGM, WIM) the event of FILE gives under the FIDE Title
    Regulations in force: games, opponents' titles and federations, the rating floor,
    the average and the performance needed; in an event still running, the score the
    rounds left need (the opponents to come averaging as those met)."""
    with _errors(file):
        t = _read(file, fmt, scoring)
        report = title_norms(t, women=list(women) or None)
    for warning in report.warnings:
        click.echo(_warning(warning), err=True)
    if output == "json":
        click.echo(json.dumps(report.to_dict(), ensure_ascii=False, indent=2))
        return
    click.echo(report.edition)
    shown = 0
    for p in report.players:
        for norm, check in p.checks.items():
            if not (check.made or everyone):
                continue
            shown += 1
            verdict = _("made") if check.made else "; ".join(check.failures)
            if check.remaining and check.needed_remaining is not None:
                # TRANSLATORS: {score} a score (4½), {n} the rounds left of an event still running
                verdict += "; " + ngettext(
                    "{score} in the {n} round left makes its performance",
                    "{score} in the {n} rounds left makes its performance",
                    check.remaining,
                ).format(score=fmt_decimal(check.needed_remaining), n=check.remaining)
            elif check.remaining:
                verdict += "; " + _("no score in the rounds left makes its performance")
            click.echo(
                _(
                    "{name}: {norm} norm: {verdict} (performance {performance}, average {average}, {games} games)"
                ).format(
                    name=p.name,
                    norm=norm,
                    verdict=verdict,
                    performance=check.performance,
                    average=check.average,
                    games=check.games,
                )
            )
    if not shown:
        click.echo(_("no norm is made in this event"))


@click.command("prizes", cls=_Command)
@_event_file
@_criteria
@click.option("--prizes", "prize_file", required=True, type=click.Path(dir_okay=False), help="The prize list (CSV).")
@click.option("--sharing", type=click.Choice(SHARINGS), default="hort", show_default=True, help="Shared places.")
@click.option("--cents", is_flag=True, help="Amounts in cents (default: whole units).")
@click.option("--prefer", "preference", multiple=True, metavar="PRIZE", help="A prize handed out first (in order).")
@click.option("--explain", "explain_names", multiple=True, metavar="NAME", help="The arithmetic of NAME's prize.")
@click.option("--output", "-o", type=click.Choice(["text", "json", "csv"]), default="text", show_default=True)
def prizes(
    file: str,
    fmt: str,
    scoring: str | None,
    tiebreaks: str | None,
    rules: str | None,
    prize_file: str,
    sharing: str,
    cents: bool,
    preference: tuple[str, ...],
    explain_names: tuple[str, ...],
    output: str,
) -> None:
    """Hand out the prizes of PRIZES.csv (header prize,amount and an optional condition:
    places 1, 2, … and category prizes) by the standings of FILE: one prize a player
    (the larger), shared places by the Hort system, equally, or by the tie-break order."""
    with _errors(prize_file):
        listed = read_prizes(_text(prize_file), source=prize_file)
    names = {p.name.casefold() for p in listed}
    for wanted in preference:
        if wanted.casefold() not in names:
            # TRANSLATORS: {name} is the value of --prefer; {names} the prizes of the list
            message = _("--prefer {name}: the prize list has no prize of that name (its prizes: {names})")
            _fail(message.format(name=repr(wanted), names=", ".join(p.name for p in listed)))
    with _errors(file):
        t = _read(file, fmt, scoring)
        ranked = rank(t, tiebreaks, rules=rules)
        given = award(ranked, listed, sharing, preference=list(preference) or None, cents=cents)
        explained = [given.explain(name) for name in explain_names]
    for warning in [*ranked.warnings, *given.warnings]:
        click.echo(_warning(warning), err=True)
    data = given.to_dict()
    if output == "json":
        click.echo(json.dumps(data, ensure_ascii=False, indent=2))
    elif output == "csv":
        buffer = io.StringIO()
        writer = csv.writer(buffer, lineterminator="\n")
        writer.writerow(["place", "name", "prize", "amount"])
        writer.writerows([p["place"], p["name"], p["prize"], p["amount"]] for p in data["prizes"])
        click.echo(buffer.getvalue(), nl=False)
    else:
        rows = [[_("Place"), _("Name"), _("Prize"), _("Amount")]]
        rows += [[str(p["place"]), p["name"], str(p["prize"]), str(p["amount"])] for p in data["prizes"]]
        click.echo(_table(rows))
        click.echo(data["rounding"])
    for text in explained:
        click.echo(text)


@click.command("check", cls=_Command)
@_event_file
@_criteria
@click.option("--output", "-o", type=click.Choice(["text", "json"]), default="text", show_default=True)
def check(file: str, fmt: str, scoring: str | None, tiebreaks: str | None, rules: str | None, output: str) -> None:
    """Compare what FILE prints (TRF points and ranks, a team's 310 match points, game
    points and rank, a crosstable's points and coefficient columns) with the standings
    by its own rules (its TRF-2026 202 list, else the default of its kind, or
    --tiebreaks / --rules): every difference with its line and column. Exit status 1
    when a printed value differs, 0 when none does, 2 on bad input."""
    with _errors(file):
        t = _read(file, fmt, scoring)
        result = check_file(t, tiebreaks, rules=rules)
    for warning in result.warnings:
        click.echo(_warning(warning), err=True)
    if output == "json":
        click.echo(json.dumps(result.to_dict(), ensure_ascii=False, indent=2))
    else:
        criteria = ", ".join(result.criteria) or _("the points alone")
        # TRANSLATORS: {file} the file checked, {n} how many values it prints, {criteria} the criteria
        # ranked by (BH/C1, BH, SB), {source} where they come from ("the file's list (TRF 202)").
        heading = ngettext(
            "{file}: {n} printed value compared with the standings by {criteria} ({source})",
            "{file}: {n} printed values compared with the standings by {criteria} ({source})",
            result.compared,
        )
        source = result.source or "<input>"
        click.echo(
            heading.format(
                file=source, n=integer_text(result.compared), criteria=criteria, source=result.criteria_source
            )
        )
        for line in result.lines():
            click.echo(line)
        if not result.compared:
            click.echo(_("the file prints no standings to compare (points, places, coefficients)"))
        elif result.ok:
            click.echo(_("no difference: the file prints what its rules give"))
        else:
            n = len(result.differences)
            click.echo(ngettext("{n} difference", "{n} differences", n).format(n=integer_text(n)))
    if not result.ok:
        sys.exit(1)


def _table(rows: list[list[str]]) -> str:
    widths = [max(len(r[c]) for r in rows) for c in range(len(rows[0]))]
    return "\n".join(
        "  ".join(
            cell.ljust(w) if c == 0 else cell.rjust(w) for c, (cell, w) in enumerate(zip(row, widths, strict=True))
        )
        for row in rows
    )
