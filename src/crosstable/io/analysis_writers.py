"""The writers of the analyses: the scenarios of the games left (:mod:`crosstable.scenarios`),
the outlook (:mod:`crosstable.outlook`) and the potentials
(:mod:`crosstable.tiebreaks.potential`), each rendered as text or JSON. Apart from
:mod:`crosstable.io.writers` so that the standings' commands do not load the analyses.
"""

from __future__ import annotations

import io
import json
from fractions import Fraction
from typing import Any

from crosstable.i18n import _, decimal_text, integer_text, pgettext
from crosstable.io.writers import natural_widths, print_fitted, terminal_width
from crosstable.numbers import json_number, show_decimal, show_number, show_vulgar
from crosstable.outlook import RESULT_WORDS, OutlookReport, Prospect, Witness
from crosstable.report import column_title
from crosstable.scenarios import OUTCOME_WORDS, ScenarioReport
from crosstable.tiebreaks.potential import Potentials

SCENARIO_OUTPUTS = ("text", "json")


def _ordinal(p: int) -> str:
    """A place as an ordinal number: ``1st``, ``12th``, ``22nd``."""
    n = integer_text(p)
    if 10 <= p % 100 <= 20 or p % 10 not in (1, 2, 3):
        # TRANSLATORS: a place as an ordinal number (4th, 11th, 25th); {n} is the number. The
        # four messages "{n}st", "{n}nd", "{n}rd", "{n}th" are English's endings: write each as
        # your language writes an ordinal place (often the same for all four, e.g. "{n}.").
        return pgettext("ordinal", "{n}th").format(n=n)
    if p % 10 == 1:
        # TRANSLATORS: a place as an ordinal number (1st, 21st); see "{n}th".
        return pgettext("ordinal", "{n}st").format(n=n)
    if p % 10 == 2:
        # TRANSLATORS: a place as an ordinal number (2nd, 22nd); see "{n}th".
        return pgettext("ordinal", "{n}nd").format(n=n)
    # TRANSLATORS: a place as an ordinal number (3rd, 23rd); see "{n}th".
    return pgettext("ordinal", "{n}rd").format(n=n)


def _ranges(places: list[int]) -> str:
    """``[1, 2, 3, 5]`` → ``"1-3, 5"``."""
    parts: list[str] = []
    start = prev = places[0]
    for p in [*places[1:], None]:
        if p is not None and p == prev + 1:
            prev = p
            continue
        parts.append(str(start) if start == prev else f"{start}-{prev}")
        if p is not None:
            start = prev = p
    return ", ".join(parts)


def scenario_dict(r: ScenarioReport) -> dict[str, Any]:
    return {
        "criteria": r.criteria,
        "method": r.method,
        "combinations": r.combinations,
        "evaluated": r.evaluated,
        "pending": [{"white": w, "black": b} for w, b in r.pending],
        "participants": [
            {
                "name": p.name,
                "points": json_number(p.points),
                "best": p.best,
                "worst": p.worst,
                "places": {str(k): round(v, 6) for k, v in sorted(p.probabilities.items())},
                "next_game": None
                if p.next_game is None
                else {
                    "opponent": p.next_game.opponent,
                    "results": [
                        {"result": res, "places": places, "conditions": {str(k): v for k, v in cond.items()}}
                        for res, places, cond in p.next_game.results
                    ],
                },
            }
            for p in r.participants
        ],
        "warnings": r.warnings,
    }


def render_scenarios(r: ScenarioReport, output: str, width: int | None = None) -> str:
    """The scenario report as ``text`` (a table and one line per next game, within
    ``width`` columns, by default the terminal's: :func:`terminal_width`) or ``json``."""
    if output == "json":
        return json.dumps(scenario_dict(r), ensure_ascii=False, indent=2) + "\n"
    from rich.console import Console  # noqa: PLC0415 - optional: rich (~20 ms to import) only for text
    from rich.table import Table  # noqa: PLC0415 - optional: rich only for text

    width = terminal_width() if width is None else width
    console = Console(file=io.StringIO(), width=width, color_system=None, legacy_windows=False)
    n = len(r.participants)
    # TRANSLATORS: the scenarios' title: {method} says how the combinations were counted, {criteria} lists codes.
    title = _("{method}; criteria {criteria}").format(method=r.method, criteria=", ".join(r.criteria))
    head = ["Name", "Points", "Best", "Worst", *[str(p) for p in range(1, n + 1)]]
    body = [
        [
            p.name,
            show_vulgar(p.points),
            integer_text(p.best),
            integer_text(p.worst),
            *(
                decimal_text(f"{100 * p.probabilities[k]:.1f}") + "%" if k in p.probabilities else ""
                for k in range(1, n + 1)
            ),
        ]
        for p in r.participants
    ]

    def build(columns: list[int], first: bool) -> Table:
        table = Table(title=title if first else None, show_edge=False, header_style="bold")
        for k in columns:
            table.add_column(column_title(head[k]), justify="left" if k == 0 else "right", no_wrap=True)
        for row in body:
            table.add_row(*(row[k] for k in columns))
        return table

    titles = [column_title(h) for h in head]
    print_fitted(console, build, list(range(len(head))), [0], width, natural_widths(titles, body))
    # TRANSLATORS: joins the conditions on other games: "Ivanov beats Pupkin and Petrov and Sidorov draw".
    and_ = " " + pgettext("conjunction", "and") + " "
    for p in r.participants:
        if p.next_game is None:
            continue
        parts = []
        for res, places, cond in p.next_game.results:
            text = f"{_result_words(res)} → {_ranges(places)}"
            notes = [
                # TRANSLATORS: {place} is an ordinal place (2nd), {conditions} what the other games must give.
                _("{place} only if {conditions}").format(place=_ordinal(k), conditions=and_.join(v))
                for k, v in sorted(cond.items())
            ]
            if notes:
                text += " (" + "; ".join(notes) + ")"
            parts.append(text)
        # TRANSLATORS: {results} lists each result of the next game and the places it leaves possible.
        line = _("{name}, next against {opponent}: {results}").format(
            name=p.name, opponent=p.next_game.opponent, results="; ".join(parts)
        )
        console.print(line, markup=False, highlight=False)
    out = console.file  # the warnings go to standard error (the command line), as for the standings
    assert isinstance(out, io.StringIO)
    return out.getvalue()


def _result_words(res: str) -> str:
    """A result of the scenarios (``win``, ``draw 1:1``: English in the JSON output) as
    the current language says it."""
    word, sep, score = res.partition(" ")
    return (_(word) if word in OUTCOME_WORDS.values() else word) + sep + score


def outlook_dict(r: OutlookReport) -> dict[str, Any]:
    """The outlook as JSON: places, zones, magic numbers, what stays open, witnesses."""

    def witness(w: Witness | None) -> dict[str, Any] | None:
        if w is None:
            return None
        games = [{"round": rnd, "white": a, "black": b, "result": res} for rnd, a, b, res in w.games]
        return {"place": w.place, "games": games}

    def one(p: Prospect) -> dict[str, Any]:
        out: dict[str, Any] = {
            "name": p.name,
            "points": json_number(p.points),
            "games_left": p.left,
            "most": json_number(p.most),
            "best": p.best,
            "worst": p.worst,
            "best_exact": p.best_exact,
            "worst_exact": p.worst_exact,
            "zones": p.zones,
            "magic": {k: json_number(v) for k, v in p.magic.items()},
            "need": {k: json_number(v) for k, v in p.need.items()},
            "unsettled": None
            if p.unsettled is None
            else {
                "criterion": p.unsettled.criterion,
                "reason": p.unsettled.reason,
                "best": p.unsettled.best,
                "worst": p.unsettled.worst,
            },
        }
        if p.witness_best is not None:
            out["witness"] = {"best": witness(p.witness_best), "worst": witness(p.witness_worst)}
        return out

    return {
        "criteria": r.criteria,
        "zones": [{"name": z.name, "first": z.first, "last": z.last} for z in r.zones],
        "games_left": r.games_left,
        "method": r.method,
        "programs": r.programs,
        "participants": [one(p) for p in r.participants],
        "warnings": r.warnings,
    }


def render_outlook(r: OutlookReport, output: str, width: int | None = None) -> str:
    """The outlook as ``text`` (a table, then what the tie-breaks leave open and the
    witnesses asked for, within ``width`` columns, by default the terminal's:
    :func:`terminal_width`) or ``json``."""
    if output == "json":
        return json.dumps(outlook_dict(r), ensure_ascii=False, indent=2) + "\n"
    from rich.console import Console  # noqa: PLC0415 - optional: rich (~20 ms to import) only for text
    from rich.table import Table  # noqa: PLC0415 - optional: rich only for text

    width = terminal_width() if width is None else width
    console = Console(file=io.StringIO(), width=width, color_system=None, legacy_windows=False)
    zones = ", ".join(str(z) for z in r.zones)
    # TRANSLATORS: the outlook's title: {method} says how it was computed, {criteria} lists codes,
    # {zones} the zones asked for as written (title=1, relegation=18-20).
    title = _("{method}; criteria {criteria}; zones {zones}").format(
        method=r.method, criteria=", ".join(r.criteria) or _("points only"), zones=zones
    )
    head = [*(column_title(h) for h in ("Name", "Points", "Left", "Most", "Best", "Worst"))]
    head += [z.name for z in r.zones]  # the zones' names as the user wrote them
    status_words = {
        # TRANSLATORS: a zone (title, relegation…) is certain whatever the games left give.
        "clinched": pgettext("zone", "clinched"),
        # TRANSLATORS: a zone (title, relegation…) is out of reach whatever the games left give.
        "eliminated": pgettext("zone", "eliminated"),
        # TRANSLATORS: a zone (title, relegation…) can still be reached or missed.
        "possible": pgettext("zone", "possible"),
        # TRANSLATORS: a zone (title, relegation…) not decided by what could be proven: neither certain nor
        # out of reach was shown, nor a completion reaching it and one missing it.
        "open": pgettext("zone", "open"),
    }

    def zone_cell(p: Prospect, name: str) -> str:
        status, magic, need = p.zones[name], p.magic[name], p.need[name]
        if status != "possible":
            return status_words.get(status, status)
        if magic is None and need is None:
            return status_words["possible"]
        # TRANSLATORS: a zone still possible: {magic} points from its own games make it certain
        # (the magic number), with fewer than {need} it is out of reach.
        return _("possible (magic {magic}, need {need})").format(
            magic=show_decimal(magic) if magic is not None else "–", need=show_decimal(need)
        )

    body = [
        [
            p.name,
            show_decimal(p.points),
            integer_text(p.left),
            show_decimal(p.most),
            integer_text(p.best),
            integer_text(p.worst),
            *[zone_cell(p, z.name) for z in r.zones],
        ]
        for p in r.participants
    ]

    def build(columns: list[int], first: bool) -> Table:
        table = Table(title=title if first else None, show_edge=False, header_style="bold")
        for k in columns:
            table.add_column(head[k], justify="left" if k == 0 else "right", no_wrap=True)
        for row in body:
            table.add_row(*(row[k] for k in columns))
        return table

    print_fitted(console, build, list(range(len(head))), [0], width, natural_widths(head, body))
    for p in r.participants:
        notes = []
        if p.best_exact is not None and p.best_exact != p.best:
            # TRANSLATORS: {place} is an ordinal place (2nd): the best place once the tie-breaks count.
            notes.append(_("best {place} once the tie-breaks are counted").format(place=_ordinal(p.best_exact)))
        if p.worst_exact is not None and p.worst_exact != p.worst:
            # TRANSLATORS: {place} is an ordinal place (9th): the worst place once the tie-breaks count.
            notes.append(_("worst {place} once the tie-breaks are counted").format(place=_ordinal(p.worst_exact)))
        u = p.unsettled
        if u is not None:
            if u.reason == "score lines":
                # TRANSLATORS: {criterion} is a criterion's code (GD): the place depends on the games' scores.
                why = _("depends on the score lines ({criterion})").format(criterion=u.criterion)
            elif u.reason == "other games":
                why = _("depends on {criterion}").format(criterion=u.criterion)
            elif u.reason == "search limit":
                why = _("depends on {criterion} (the search stopped)").format(criterion=u.criterion)
            else:
                why = _("left open (a completion did not confirm the program)")
            if u.best is not None:
                notes.append(
                    # TRANSLATORS: {reached} and {bound} are ordinal places (3rd, 2nd); {why} says why the
                    # better one is still open ("depends on the score lines (GD)").
                    _("{reached} reachable, {bound} {why}").format(
                        reached=_ordinal(u.best[1]), bound=_ordinal(u.best[0]), why=why
                    )
                )
            if u.worst is not None:
                notes.append(
                    # TRANSLATORS: {reached} and {bound} are ordinal places (8th, 9th); {why} says why the
                    # worse one is still open ("depends on the score lines (GD)").
                    _("{reached} possible, {bound} {why}").format(
                        reached=_ordinal(u.worst[0]), bound=_ordinal(u.worst[1]), why=why
                    )
                )
        if notes:
            console.print(f"{p.name}: " + "; ".join(notes), markup=False, highlight=False)
    for p in r.participants:
        for best, w, exact in ((True, p.witness_best, p.best_exact), (False, p.witness_worst, p.worst_exact)):
            if w is None:
                continue
            if best:
                proved = _("the best place") if exact == w.place else _("the best place proved so far")
            else:
                proved = _("the worst place") if exact == w.place else _("the worst place proved so far")
            # TRANSLATORS: a completion of the games left follows: {place} is an ordinal place (2nd),
            # {which} "the best place" or "the best place proved so far".
            line = _("{name} {place} ({which}) when:").format(name=p.name, place=_ordinal(w.place), which=proved)
            console.print(line, markup=False, highlight=False)
            for rnd, a, b, res in w.games:
                # TRANSLATORS: a game of the completion: {white} - {black} and its {result} (1-0, home win).
                game = _("round {round}: {white} - {black} {result}").format(
                    round=integer_text(rnd), white=a, black=b, result=_(res) if res in RESULT_WORDS.values() else res
                )
                console.print("  " + game, markup=False, highlight=False)
    out = console.file  # the warnings go to standard error (the command line), as for the standings
    assert isinstance(out, io.StringIO)
    return out.getvalue()


def render_potentials(names: list[str], result: Potentials, by: str, output: str) -> str:
    """Participants ordered by potential (or flow), with both and their shares, as an
    aligned ``text`` table or ``json``."""
    key = result.potential if by == "potential" else result.flow
    order = sorted(range(len(names)), key=lambda i: (-key[i], i))
    pot_share, flow_share = result.normalised("potential"), result.normalised("flow")

    def exact_or_float(x: Fraction | float) -> int | float | None:
        return json_number(x) if isinstance(x, Fraction) else float(x)

    if output == "json":
        rows = [
            {
                "rank": k + 1,
                "name": names[i],
                "potential": exact_or_float(result.potential[i]),
                "flow": exact_or_float(result.flow[i]),
                "potential_share": float(pot_share[i]),
                "flow_share": float(flow_share[i]),
            }
            for k, i in enumerate(order)
        ]
        data = {"by": by, "exact": result.exact, "ratings": rows, "warnings": result.warnings}
        return json.dumps(data, ensure_ascii=False, indent=2) + "\n"

    def show(x: Fraction | float) -> str:
        return show_number(x) if isinstance(x, Fraction) else decimal_text(f"{float(x):.6g}")

    def share(x: Fraction | float) -> str:
        return decimal_text(f"{100 * x:.2f}") + "%"

    head = ["#", *(column_title(h) for h in ("Name", "Potential", "Flow", "Pot %", "Flow %"))]
    body = [
        [
            str(k + 1),
            names[i],
            show(result.potential[i]),
            show(result.flow[i]),
            share(pot_share[i]),
            share(flow_share[i]),
        ]
        for k, i in enumerate(order)
    ]
    # every column as wide as its widest cell (at least as in English): nothing cut, whatever the number
    wide = [max(least, *(len(row[c]) for row in [head, *body])) for c, least in enumerate((4, 24, 14, 14, 7, 7))]

    def line(row: list[str]) -> str:
        number, name, *values = row
        rest = " ".join(f"{v:>{w}}" for v, w in zip(values, wide[2:], strict=True))
        return f"{number:>{wide[0]}}  {name:<{wide[1]}} {rest}"

    return "\n".join(line(row) for row in [head, *body]) + "\n"
