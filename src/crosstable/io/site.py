"""An event as a site of static HTML pages, as organisers publish an event (the pages of
chess-results.com): one page linking the others (``index.html``), the starting list, each
round's pairings and results, the standings after each round, the crosstable and a card
per participant, with the one stylesheet of every table (``report.css``). The pages need
no server and no script: every link is relative, so that the folder reads the same from
disk, from any web host or from a USB stick (``crosstable site FILE -o DIR``).

:func:`site_pages` makes the pages (in memory: the event is ranked once per round, which
refuses bad input before anything is written), :func:`write_site` writes them into a
folder made next to DIR and renamed to DIR at the end, so that a failure leaves nothing
half-written and a reader of an older site never sees a mixture.
"""

from __future__ import annotations

import datetime
import importlib.resources
import os
import shutil
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any

from crosstable.competition import rank_competition
from crosstable.errors import CrosstableError
from crosstable.i18n import _, integer_text, pgettext
from crosstable.io.writers import competition_tables
from crosstable.model import FORFEIT, PENDING, WIN, Tournament
from crosstable.numbers import show_number, show_vulgar
from crosstable.ranking import Standings, rank
from crosstable.report import Section, column_title, event_state, standings_table, template_environment, view

GENERATOR = "crosstable site"
"""The ``generator`` of every page: a folder whose ``index.html`` says it is a site of
ours may be replaced by :func:`write_site`; any other folder that is not empty is kept."""


@dataclass
class Game:
    """One line of a round's pairings, or of a participant's card."""

    white: int
    black: int | None
    result: str
    """``1–0``, ``½–½``, ``+–−`` (a forfeit), ``2:1`` (goals), empty while not played."""
    kind: str = "game"
    """``game``, or the kind of a round without an opponent (``pab``, ``half``, ``absent`` …)."""


@dataclass
class Card:
    """A participant's rounds: round, colour (``w``/``b``, empty when unknown), opponent
    (an index, ``None`` for a bye or an absence), result text, points after the round."""

    rows: list[tuple[int, str, int | None, str, str]] = field(default_factory=list)


def _result_text(t: Tournament, ws: int, bs: int, status: int, wo: int, bo: int) -> str:
    if status == PENDING:
        return ""
    if status == FORFEIT and t.kind != "goals":
        return f"{'+' if wo == WIN else '−'}–{'+' if bo == WIN else '−'}"
    d = t.score_denominator
    if t.kind == "goals":
        return f"{show_vulgar(Fraction(ws, d))}:{show_vulgar(Fraction(bs, d))}"
    return f"{show_vulgar(Fraction(ws, d))}–{show_vulgar(Fraction(bs, d))}"


_BYE_NAMES = {
    # TRANSLATORS: a round without an opponent on a pairings page: the pairing-allocated bye.
    "pab": "bye",
    # TRANSLATORS: a round without an opponent: a full-point bye.
    "full": "full-point bye",
    # TRANSLATORS: a round without an opponent: a half-point bye.
    "half": "half-point bye",
    # TRANSLATORS: a round without an opponent: a zero-point bye.
    "zero": "zero-point bye",
    # TRANSLATORS: a round without an opponent: the participant was absent.
    "absent": "absent",
}


def _bye_name(kind: str) -> str:
    return pgettext("bye", _BYE_NAMES.get(kind, "absent"))


def _file_names(t: Tournament) -> list[str]:
    """Each participant's card, by start number when the numbers are unique, else by
    position in the file."""
    numbers = t.numbers if t.numbers is not None and len(set(t.numbers)) == len(t.numbers) else None
    return [f"player-{numbers[i] if numbers else i + 1}.html" for i in range(len(t.names))]


def _round_standings(
    t: Tournament, last: int, tiebreaks: Sequence[str] | str | None, rules: str | None
) -> list[Standings]:
    """The standings after each round 1…last (the last is the event's own)."""
    return [rank(t.after_round(k), tiebreaks, rules=rules) for k in range(1, last)]


def site_pages(
    t: Tournament,
    tiebreaks: Sequence[str] | str | None = None,
    *,
    rules: str | None = None,
    style: str = "decimal",
    written: datetime.date | None = None,
    source: str | None = None,
) -> dict[str, str]:
    """Every page of the event's site, by file name, and its stylesheet ``report.css``.
    The event is ranked as ``crosstable standings`` ranks it (after its last round with
    results), and after each earlier round; ``written`` is the day the pages say they
    were published (today by default); ``source`` what their footers name as the source
    (default: the event's file name). A competition in groups (football's group stage:
    the event has :attr:`~Tournament.groups`) is written by :func:`competition_pages`."""
    if t.groups is not None:
        return competition_pages(t, tiebreaks, rules=rules, style=style, written=written, source=source)
    final = rank(t, tiebreaks, rules=rules)
    live = final.tournament
    rounds = live.results_round if live.rounds is not None else 0
    after = [*_round_standings(t, rounds, tiebreaks, rules), final] if rounds else [final]
    files = _file_names(t)
    common = _common(t, final.heading()[0], written, source, event_state(live) if rounds else "")
    common |= {"rounds": list(range(1, rounds + 1)), "files": files}
    env = template_environment()

    def page(template: str, **values: Any) -> str:
        return env.get_template(template).render(**common, **values)

    pages: dict[str, str] = {}
    place = {r.index: r.place for r in final.rows}
    final_head, final_rows = standings_table(final, style)
    column = final_head.index("Pts" if "Pts" in final_head else "Points")
    points = {r.index: row[column] for r, row in zip(final.rows, final_rows, strict=True)}  # as the standings
    order = sorted(range(len(t.names)), key=lambda i: t.numbers[i] if t.numbers is not None else i)
    has = {
        "No": t.numbers is not None,
        "Title": t.titles is not None and any(t.titles),
        "Fed": t.federations is not None and any(t.federations),
        "Rating": t.ratings is not None and any(r is not None for r in t.ratings),
    }
    games_by_round, cards = _games(t, final)
    paired = sorted(k for k in games_by_round if k >= 1) if t.rounds is not None else []
    common["paired"] = paired
    for k in paired:
        before = {r.index: r.points for r in after[min(k - 2, len(after) - 1)].rows} if k > 1 else {}
        # a Swiss round's boards in order of the points before it (as pairing programs number
        # them: TRF keeps no board numbers); any other event's games in the file's order
        shown = sorted(
            games_by_round.get(k, []),
            key=lambda g: (
                (g.black is None,)
                if t.system != "swiss"
                else (
                    g.black is None,
                    -max(before.get(g.white, 0), before.get(g.black, 0) if g.black is not None else 0),
                    -(before.get(g.white, 0) + (before.get(g.black, 0) if g.black is not None else 0)),
                    min(_number(t, g.white), _number(t, g.black) if g.black is not None else 1 << 30),
                )
            ),
        )
        pages[f"round-{k}.html"] = page(
            "site-round.html",
            round=k,
            games=shown,
            t=t,
            before={i: show_number(p, style) for i, p in before.items()},
            board=column_title("Match") if t.kind == "goals" else _("Board"),
            bye_name=_bye_name,
        )
        if k > rounds:
            continue
        s = after[k - 1]
        head, rows = standings_table(s, style)
        table = Section(title="", head=head, rows=rows, names=[r.name for r in s.rows])
        pages[f"standings-{k}.html"] = page(
            "site-standings.html", round=k, table=table, links=[files[r.index] for r in s.rows]
        )
    if not rounds:
        table = Section(title="", head=final_head, rows=final_rows, names=[r.name for r in final.rows])
        pages["standings.html"] = page(
            "site-standings.html", round=None, table=table, links=[files[r.index] for r in final.rows]
        )
    pages["index.html"] = page("site-index.html", heading=final.heading()[1:], warnings=final.warnings)
    pages["players.html"] = page("site-players.html", order=order, has=has, t=t, place=place, points=points)
    pages["crosstable.html"] = page(
        "site-crosstable.html", v=view(final, style), links=[files[r.index] for r in final.rows]
    )
    for i in range(len(t.names)):
        pages[files[i]] = page(
            "site-card.html", i=i, t=t, has=has, place=place, points=points, card=cards[i], bye_name=_bye_name
        )
    pages["report.css"] = _stylesheet()
    return pages


def _common(t: Tournament, event: str, written: datetime.date | None, source: str | None, state: str) -> dict[str, Any]:
    """What every page of a site says in its footer: the event, how far it is
    (``state``, :func:`~crosstable.report.event_state`), its start, the day written and
    the source (the event's file name by default)."""
    return {
        "event": event,
        "state": state,
        "started": t.info.get("042") or t.start_date or "",
        "written": (written or datetime.datetime.now(datetime.UTC).date()).isoformat(),
        "source": source or (Path(t.source).name if t.source else None),
        "generator": GENERATOR,
    }


def _stylesheet() -> str:
    """The one stylesheet, written beside the pages."""
    return (importlib.resources.files("crosstable") / "templates" / "report.css").read_text(encoding="utf-8")


def group_file(label: str, what: str = "") -> str:
    """The file of a group's standings (``group-A.html``) or of its ``results``
    (``group-A-results.html``); a label that is not a plain name is written by its
    characters' code points, so that every label gives a file name of its own."""
    safe = label if label.isascii() and label.isalnum() else "-".join(f"{ord(c):x}" for c in label)
    return f"group-{safe}{'-' + what if what else ''}.html"


def matchdays(t: Tournament) -> list[list[int]]:
    """A group's games (indices of ``t``'s games) by matchday: by their round when the
    file gives more than one, else in the file's order, each game on the first matchday on which
    neither team has played yet (a group of four: two games a matchday)."""
    if t.rounds is not None and len(set(t.rounds.tolist())) > 1:
        days: dict[int, list[int]] = {}
        for k, rnd in enumerate(t.rounds.tolist()):
            days.setdefault(rnd, []).append(k)
        return [days[d] for d in sorted(days)]
    out: list[list[int]] = []
    busy: list[set[int]] = []
    for k, (w, b) in enumerate(zip(t.white.tolist(), t.black.tolist(), strict=True)):
        day = next((d for d, teams in enumerate(busy) if w not in teams and b not in teams), len(busy))
        if day == len(busy):
            busy.append(set())
            out.append([])
        busy[day] |= {w, b}
        out[day].append(k)
    return out


def competition_pages(
    t: Tournament,
    tiebreaks: Sequence[str] | str | None = None,
    *,
    rules: str | None = None,
    style: str = "decimal",
    written: datetime.date | None = None,
    source: str | None = None,
) -> dict[str, str]:
    """Every page of a competition in groups (``crosstable standings`` ranks it with
    :func:`~crosstable.competition.rank_competition`): ``index.html`` linking each
    group's standings (``group-A.html``) and results by matchday
    (``group-A-results.html``), the ranking across groups (``across.html``) and the
    knockout round (``knockout.html``) when the competition has them; the tables are
    those of ``crosstable standings -o html``."""
    c = rank_competition(t, tiebreaks, rules=rules)
    tables = competition_tables(c, style)
    groups = [
        (g.group, tables[k][0], group_file(g.group), group_file(g.group, "results")) for k, g in enumerate(c.groups)
    ]
    rest = iter(tables[len(c.groups) :])  # after the groups: the ranking across them, then the knockout round
    files = [name for name, has in (("across.html", c.across is not None), ("knockout.html", bool(c.knockout))) if has]
    extra = [(file, next(rest)) for file in files]
    heading = c.heading()
    common = _common(t, heading[0], written, source, event_state(t))
    common |= {"rounds": [], "paired": [], "files": [], "groups": groups}
    common["extra"] = [(file, table[0]) for file, table in extra]
    env = template_environment()

    def page(template: str, **values: Any) -> str:
        return env.get_template(template).render(**common, **values)

    pages: dict[str, str] = {}
    for k, g in enumerate(c.groups):
        _label, title, standings_file, results_file = groups[k]
        _title, head, rows = tables[k]
        table = Section(title="", head=head, rows=rows, names=[r.name for r in g.standings.rows])
        results = _("Results")
        pages[standings_file] = page(
            "site-sections.html", title=title, sections=[], table=table, other=(results_file, results)
        )
        pages[results_file] = page(
            "site-sections.html",
            title=f"{title}: {results}",
            sections=_fixtures(g.standings),
            table=None,
            other=(standings_file, _("Standings")),
        )
    for file, (title, head, rows) in extra:
        team = head.index("Team") if "Team" in head else None
        names = [row[team] if team is not None else "" for row in rows]
        table = Section(title="", head=head, rows=rows, names=names)
        pages[file] = page("site-sections.html", title=title, sections=[], table=table, other=None)
    pages["index.html"] = page("site-index.html", heading=heading[1:], warnings=list(c.warnings))
    pages["report.css"] = _stylesheet()
    return pages


def _fixtures(s: Standings) -> list[Section]:
    """A group's games by matchday, as tables of ``Match Home Score Away``."""
    t = s.tournament
    assert t.status is not None
    columns = (t.white, t.black, t.white_score, t.black_score, t.status, t.white_outcome, t.black_outcome)
    games = list(zip(*(c.tolist() for c in columns), strict=True))
    out = []
    number = 0
    for day, ks in enumerate(matchdays(t), start=1):
        rows = []
        for k in ks:
            number += 1
            w, b, ws, bs, st, wo, bo = games[k]
            rows.append([integer_text(number), t.names[w], _result_text(t, ws, bs, st, wo, bo) or "–", t.names[b]])
        # TRANSLATORS: a competition's fixtures: the games of matchday {day}.
        title = _("Matchday {day}").format(day=integer_text(day))
        out.append(Section(title=title, head=["Match", "Home", "Score", "Away"], rows=rows, names=[r[1] for r in rows]))
    return out


def _number(t: Tournament, i: int) -> int:
    return t.numbers[i] if t.numbers is not None else i + 1


def _games(t: Tournament, s: Standings) -> tuple[dict[int, list[Game]], list[Card]]:
    """Each round's games and byes, and each participant's card (its own score in each
    round, and its points after it), from the event and its standings."""
    by_round: dict[int, list[Game]] = {}
    lines: list[list[tuple[int, str, int | None, str, Fraction | None]]] = [[] for _ in t.names]
    assert t.status is not None
    d = t.score_denominator
    rounds_of = t.rounds.tolist() if t.rounds is not None else [0] * len(t.white)
    columns = (t.white, t.black, t.white_score, t.black_score, t.status, t.white_outcome, t.black_outcome)
    for w, b, ws, bs, st, wo, bo, rnd in zip(*(c.tolist() for c in columns), rounds_of, strict=True):
        by_round.setdefault(rnd, []).append(Game(w, b, _result_text(t, ws, bs, st, wo, bo)))
        for me, other, mine, theirs, outcome, colour in ((w, b, ws, bs, wo, "w"), (b, w, bs, ws, bo, "b")):
            if st == PENDING:
                lines[me].append((rnd, colour, other, "", None))
                continue
            if st == FORFEIT and t.kind != "goals":
                text = "+" if outcome == WIN else "−"
            elif t.kind == "goals":
                text = f"{show_vulgar(Fraction(mine, d))}:{show_vulgar(Fraction(theirs, d))}"
            else:
                text = show_vulgar(Fraction(mine, d))
            lines[me].append((rnd, colour, other, text, t.scoring.points(outcome)))
    for bye in s.analysis.byes:
        by_round.setdefault(bye.round, []).append(Game(bye.participant, None, show_vulgar(bye.points), bye.kind))
        lines[bye.participant].append((bye.round, "", None, _bye_name(bye.kind), bye.points))
    cards = []
    for mine_ in lines:
        card = Card()
        total = Fraction(0)
        for rnd, colour, other, text, got in sorted(mine_, key=lambda x: x[0]):
            if got is not None:
                total += got
            card.rows.append((rnd, colour, other, text, show_vulgar(total) if got is not None else ""))
        cards.append(card)
    return by_round, cards


def _ours(directory: Path) -> bool:
    """Whether ``directory`` holds a site this module wrote (its index says so)."""
    index = directory / "index.html"
    try:
        return f'<meta name="generator" content="{GENERATOR}">' in index.read_text(encoding="utf-8")[:2000]
    except (OSError, UnicodeDecodeError):
        return False


def write_site(pages: dict[str, str], directory: str | os.PathLike[str]) -> Path:
    """Write ``pages`` as the folder ``directory``: into a new folder beside it, renamed
    to it at the end. A ``directory`` that exists must be empty or a site written here
    before (which is replaced); anything else is refused and left untouched."""
    target = Path(directory)
    if target.exists() and not target.is_dir():
        raise CrosstableError(_("{path} exists and is not a folder").format(path=target))
    if target.is_dir() and any(target.iterdir()) and not _ours(target):
        raise CrosstableError(
            _("{path} is a folder that is not empty and not a site of crosstable: give a new folder").format(
                path=target
            )
        )
    parent = target.resolve().parent
    if not parent.is_dir():
        raise CrosstableError(_("{path}: no such folder").format(path=parent))
    try:
        _replace(pages, target, parent)
    except OSError as e:
        raise CrosstableError(
            _("{path}: cannot write the site: {error}").format(path=target, error=e.strerror or e)
        ) from None
    return target


def _replace(pages: dict[str, str], target: Path, parent: Path) -> None:
    fresh = Path(tempfile.mkdtemp(prefix=f".{target.name}.", dir=parent))
    try:
        for name, text in pages.items():
            (fresh / name).write_text(text, encoding="utf-8")
        fresh.chmod(0o755)
        if target.is_dir():
            old = Path(tempfile.mkdtemp(prefix=f".{target.name}.old.", dir=parent))
            target.rename(old / "site")
            fresh.rename(target)
            shutil.rmtree(old, ignore_errors=True)
        else:
            fresh.rename(target)
    except BaseException:
        shutil.rmtree(fresh, ignore_errors=True)
        raise
