"""Our own JSON format for a tournament: everything the model holds, exact, round-tripping.

::

    {
      "format": "crosstable-tournament", "version": 1,
      "kind": "result" | "game_points" | "goals",
      "system": "round-robin" | "swiss", "fide_rules": "2026", "rounds": 11, "start_date": null,
      "scoring": {"name": "chess", "win": "1", "draw": "1/2", "loss": "0"},
      "participants": [{"name": "Ann", "rating": 2400, "group": "A"}, ...],
      "games": [{"round": 1, "white": 1, "black": 2, "white_score": "1", "black_score": "0",
                 "status": "played" | "forfeit" | "pending"}, ...],
      "byes": [{"participant": 3, "round": 2, "kind": "pab" | "full" | "half" | "zero" | "absent",
                "points": "1/2", "game_points": "2", "counts_as": "draw"}, ...],
      "adjustments": [{"participant": 3, "points": "-3", "round": 0, "final": false}, ...],
      "cards": {"3": [yellow, indirect_red, direct_red, yellow_and_direct_red]},
      "rankings": {"FIFA": {"3": "27"}},
      "lots_seed": null,
      "handicaps": [{"round": 2, "white": 5, "black": 9, "stones": 3}, ...],
      "playoffs": [{"winner": 17, "loser": 18, "score": "3-1", "date": "2023-06-11"}, ...]
    }

A game's ``white_counts_as`` / ``black_counts_as`` (``win``, ``draw``, ``loss``) give a
side's result where it is not what the scores say (an arbiter's one-sided decision:
both lost, ``=`` against ``0``). A bye's ``game_points`` (a team's bye: the boards it is credited with) and
``counts_as`` (``win``, ``draw``, ``loss``: the result it counts as when not its
kind's, a team's bye counting as a drawn match) are optional. A participant's ``group`` (optional; given for
one, given for all) makes the event a competition in groups, every game inside one
group. A go event's participants may have ``go_rank`` (``5k``, ``1d``), ``club`` and
``mcmahon_start`` (the start McMahon score, an exact number; given for one, given for
all), and its games ``handicaps`` (stones, by round and players); ``playoffs`` are the
deciding matches of a league (criterion ``PO``). Participants are
numbered from 1 in the order listed. Scores and points are strings
holding exact fractions (``"1/2"``) or integers, so nothing is rounded. Readers
report a missing or ill-typed field with its JSON path.

The document is loaded by :func:`crosstable.fields.load_json` (nesting deeper than 64
levels and integers of more than 40 digits refused) and every number is checked by
:func:`crosstable.fields.json_whole` against its field's range (a round 0 to 999, 0 for
none; a rating 0 to 4,000; cards 0 to 1,000). An optional field that is ``null`` is
absent (``"games": null`` is an event without games); a field of the wrong type
(``"games": {}``, ``"name": 7``) is refused with its path.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterator, Sequence
from fractions import Fraction
from typing import Any

import numpy as np

from crosstable.errors import CrosstableError, InputError, Problem, printable
from crosstable.fields import FieldError, Range, is_whole, json_whole, load_json
from crosstable.i18n import N_, _
from crosstable.model import BYE_KINDS, STATUS_NAMES, Adjustment, Bye, Cards, Playoff, Scoring, Tournament

FORMAT = "crosstable-tournament"
_OUTCOMES = ["loss", "draw", "win"]  # indexed by the outcome codes LOSS, DRAW, WIN
_STATUS = {name: code for code, name in STATUS_NAMES.items()}


def looks_like_json(text: str) -> bool:
    return text.lstrip("\ufeff").lstrip().startswith("{") and FORMAT in text[:500]


def to_dict(t: Tournament) -> dict[str, Any]:
    """The tournament as our JSON object."""
    d = t.score_denominator
    assert t.rounds is not None and t.status is not None
    return {
        "format": FORMAT,
        "version": 1,
        "kind": t.kind,
        "system": t.system,
        "fide_rules": t.fide_rules,
        "rounds": t.rounds_total,
        "start_date": t.start_date,
        "scoring": {"name": t.scoring.name, **{k: str(v) for k, v in t.scoring.as_dict().items()}},
        "participants": [
            {
                "name": name,
                "rating": t.ratings[k] if t.ratings else None,
                **({"group": t.groups[k]} if t.groups else {}),
                **({"go_rank": t.go_ranks[k]} if t.go_ranks else {}),
                **({"mcmahon_start": str(t.mcmahon_start[k])} if t.mcmahon_start else {}),
                **({"club": t.clubs[k]} if t.clubs else {}),
            }
            for k, name in enumerate(t.names)
        ],
        "games": [
            {
                "round": int(r),
                "white": int(w) + 1,
                "black": int(b) + 1,
                "white_score": str(Fraction(int(ws), d)),
                "black_score": str(Fraction(int(bs), d)),
                "status": STATUS_NAMES[int(st)],
                **_counts_as(t, k),
            }
            for k, (w, b, ws, bs, r, st) in enumerate(
                zip(t.white, t.black, t.white_score, t.black_score, t.rounds, t.status, strict=True)
            )
        ],
        "byes": [
            {
                "participant": b.participant + 1,
                "round": b.round,
                "kind": b.kind,
                "points": str(b.points),
                **({"game_points": str(b.game_points)} if b.game_points else {}),
                **({"counts_as": _OUTCOMES[b.result]} if b.result is not None else {}),
            }
            for b in t.byes
        ],
        "adjustments": [
            {"participant": a.participant + 1, "points": str(a.points), "round": a.round, "final": a.final}
            for a in t.adjustments
        ],
        "cards": {
            str(i + 1): [c.yellow, c.indirect_red, c.direct_red, c.yellow_and_direct_red] for i, c in t.cards.items()
        },
        "rankings": {name: {str(i + 1): str(v) for i, v in values.items()} for name, values in t.rankings.items()},
        "lots_seed": t.lots_seed,
        "criteria": t.criteria,
        **(
            {
                "handicaps": [
                    {"round": r, "white": w + 1, "black": b + 1, "stones": stones}
                    for (r, w, b), stones in sorted(t.handicaps.items())
                ]
            }
            if t.handicaps
            else {}
        ),
        **(
            {
                "playoffs": [
                    {"winner": p.winner + 1, "loser": p.loser + 1, "score": p.score, "date": p.date} for p in t.playoffs
                ]
            }
            if t.playoffs
            else {}
        ),
    }


def _counts_as(t: Tournament, k: int) -> dict[str, str]:
    """A game's one-sided results (``white_counts_as``, ``black_counts_as``), if any."""
    if t.outcome_override is None:
        return {}
    over = t.outcome_override[k]
    return {f"{side}_counts_as": _OUTCOMES[int(o)] for side, o in zip(("white", "black"), over, strict=True) if o >= 0}


def write_json(t: Tournament) -> str:
    return json.dumps(to_dict(t), ensure_ascii=False, indent=1) + "\n"


def _located(path: str, message: str) -> str:
    """A problem of a JSON file: where (a path such as ``games[3].white``) and what."""
    # TRANSLATORS: {path} is a place in a JSON file (games[3].white), {message} what is wrong there
    return _("{path}: {message}").format(path=path, message=message)


class _Reader:
    def __init__(self, source: str | None) -> None:
        self.source = source
        self.problems: list[Problem] = []

    def fail(self, path: str, message: str) -> None:
        self.problems.append(Problem(_located(path, message)))

    def fraction(self, value: Any, path: str) -> Fraction:
        try:
            if isinstance(value, bool) or not isinstance(value, str | int) or len(str(value)) > 40:
                raise ValueError
            number = Fraction(value)
            if abs(number) > 10**6 or number.denominator > 10**6:
                raise ValueError
            return number
        except (ValueError, ZeroDivisionError):
            # TRANSLATORS: "1/2" and 0.5 are JSON values, written as they are
            message = _('{value} is not an exact number up to a million (write "1/2" or 0.5 as a string)')
            self.fail(path, message.format(value=repr(value)))
            return Fraction(0)

    def choice(self, value: Any, path: str, allowed: Sequence[str], default: str) -> str:
        if value is None:
            return default
        if value not in allowed:
            self.fail(path, _("{value} is not one of {choices}").format(value=repr(value), choices=", ".join(allowed)))
            return default
        return str(value)

    def participant_map(self, value: Any, path: str, n: int) -> dict[int, Any]:
        """``{"3": …}``: values by start number (1 to n)."""
        if value is None:
            return {}
        if not isinstance(value, dict):
            self.fail(path, _("an object of start numbers is required"))
            return {}
        out = {}
        for key, item in value.items():
            if not (is_whole(key) and len(key) < 10 and 1 <= int(key) <= n):
                self.fail(f"{path}.{printable(str(key), 24)}", _("not a start number from 1 to {n}").format(n=n))
                continue
            out[int(key) - 1] = item
        return out

    def integer(self, value: Any, path: str, low: int = 0, high: int = 999) -> int:
        try:
            return json_whole(value, Range(low, high, _WHOLE))
        except FieldError as e:
            self.fail(path, e.message)
            return low

    def objects(self, data: dict[str, Any], key: str) -> Iterator[tuple[str, dict[str, Any]]]:
        """The objects of an optional list, each with its path (``games[3]``); an item
        that is not an object is a problem, passed over."""
        for k, item in enumerate(self.items(data, key)):
            if isinstance(item, dict):
                yield f"{key}[{k}]", item
            else:
                self.fail(f"{key}[{k}]", _("not an object"))

    def items(self, data: dict[str, Any], key: str) -> list[Any]:
        """An optional list (``null`` or absent: none)."""
        value = data.get(key)
        if value is None:
            return []
        if not isinstance(value, list):
            self.fail(key, _("a list is required"))
            return []
        return value


_WHOLE = N_("{cell} is not a whole number from {low} to {high}")


def _texts(r: _Reader, people: list[Any], key: str) -> list[str] | None:
    """An optional text of every participant (``go_rank``, ``club``): ``None`` when no
    participant has it; one that has none has the empty text."""
    values = [p.get(key) if isinstance(p, dict) else None for p in people]
    if all(v is None for v in values):
        return None
    for k, v in enumerate(values):
        if v is not None and not isinstance(v, str):
            r.fail(f"participants[{k}].{key}", _("a text is required"))
    return [v if isinstance(v, str) else "" for v in values]


def _adjustments(r: _Reader, value: Any, n: int) -> list[Adjustment]:
    """The adjustments: a list of objects, or the older mapping participant → points."""
    if isinstance(value, dict):  # the first version of the format: {"3": "-3"}
        value = [{"participant": int(k) if is_whole(k) and len(k) < 10 else k, "points": v} for k, v in value.items()]
    if not isinstance(value, list):
        # TRANSLATORS: {keys} are the JSON keys of an adjustment
        r.fail("adjustments", _("a list of {keys} is required").format(keys="{participant, points, round, final}"))
        return []
    out = []
    for k, item in enumerate(value):
        path = f"adjustments[{k}]"
        if not isinstance(item, dict):
            r.fail(path, _("not an object"))
            continue
        who = r.integer(item.get("participant"), f"{path}.participant", 1, n) - 1
        points = r.fraction(item.get("points"), f"{path}.points")
        rnd = r.integer(item.get("round", 0), f"{path}.round")
        final = item.get("final", False)
        if not isinstance(final, bool):
            # TRANSLATORS: true and false are the JSON values, written as they are
            r.fail(f"{path}.final", _("{value} is not true or false").format(value=repr(final)))
            final = False
        out.append(Adjustment(who, points, rnd, final))
    return out


def read_json(text: str, source: str | None = None, scoring: Scoring | None = None) -> Tournament:
    """Read our JSON format (see the module docstring)."""
    try:
        data = load_json(text.lstrip("\ufeff"))
    except json.JSONDecodeError as e:
        raise InputError(
            source, [Problem(_("not valid JSON: {reason}").format(reason=e.msg), e.lineno, e.colno)]
        ) from None
    except FieldError as e:
        raise InputError(source, [Problem(e.message, e.line, e.column)]) from None
    r = _Reader(source)
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        # TRANSLATORS: "format" is a JSON key and {name} its value, written as they are
        message = _('not a crosstable tournament (expected "format": "{name}")').format(name=FORMAT)
        raise InputError(source, [Problem(message, 1, 1)])
    people = data.get("participants")
    if not isinstance(people, list) or not people:
        message = _located("participants", _("a non-empty list is required"))
        raise InputError(source, [Problem(message, 1, 1)])
    given = [p.get("name") if isinstance(p, dict) else None for p in people]
    names = [name if isinstance(name, str) else "" for name in given]
    for k, name in enumerate(given):
        if not isinstance(name, str) or not name.strip():
            # TRANSLATORS: said of a participant's name in a JSON file
            r.fail(f"participants[{k}].name", _("missing") if name in (None, "") else _("a text is required"))
    n = len(names)
    ratings = [p.get("rating") if isinstance(p, dict) else None for p in people]
    groups = [p.get("group") if isinstance(p, dict) else None for p in people]
    if any(g is not None for g in groups):
        for k, g in enumerate(groups):
            if not (isinstance(g, str) and g.strip()):
                r.fail(f"participants[{k}].group", _("every participant needs a group when one has one"))
    go_ranks = _texts(r, people, "go_rank")
    clubs = _texts(r, people, "club")
    starts = [p.get("mcmahon_start") if isinstance(p, dict) else None for p in people]
    mcmahon_start = None
    if any(x is not None for x in starts):
        mcmahon_start = [r.fraction(x, f"participants[{k}].mcmahon_start") for k, x in enumerate(starts)]
    cols: list[list[int]] = [[], [], [], [], [], []]
    scores: list[tuple[Fraction, Fraction]] = []
    overrides: list[int] = []
    for path, g in r.objects(data, "games"):
        w = r.integer(g.get("white"), f"{path}.white", 1, n) - 1
        b = r.integer(g.get("black"), f"{path}.black", 1, n) - 1
        status = g.get("status", "played")
        if not isinstance(status, str) or status not in _STATUS:  # an object or list is not a status either
            # TRANSLATORS: played, forfeit and pending are the JSON values, written as they are
            r.fail(f"{path}.status", _("{value} is not played, forfeit or pending").format(value=repr(status)))
            status = "played"
        for side in ("white", "black"):
            counts = g.get(f"{side}_counts_as")
            if counts is not None and counts not in _OUTCOMES:
                message = _("{value} is not one of {choices}").format(value=repr(counts), choices=", ".join(_OUTCOMES))
                r.fail(f"{path}.{side}_counts_as", message)
            overrides.append(_OUTCOMES.index(counts) if counts in _OUTCOMES else -1)
        white_score = r.fraction(g.get("white_score"), f"{path}.white_score")
        black_score = r.fraction(g.get("black_score"), f"{path}.black_score")
        scores.append((white_score, black_score))
        rnd = r.integer(g.get("round", 0), f"{path}.round")
        for col, item in zip(cols, (w, b, 0, 0, rnd, _STATUS[status]), strict=True):
            col.append(item)
    byes = []
    for k, b in enumerate(r.items(data, "byes")):
        path = f"byes[{k}]"
        kind = b.get("kind") if isinstance(b, dict) else None
        if kind not in BYE_KINDS:
            r.fail(
                f"{path}.kind",
                _("{value} is not one of {choices}").format(value=repr(kind), choices=", ".join(BYE_KINDS)),
            )
            continue
        who = r.integer(b.get("participant"), f"{path}.participant", 1, n) - 1
        rnd = r.integer(b.get("round"), f"{path}.round")
        points = r.fraction(b.get("points"), f"{path}.points")
        game_points = r.fraction(b.get("game_points", "0"), f"{path}.game_points")
        counts_as = b.get("counts_as")
        if counts_as is not None and counts_as not in _OUTCOMES:
            message = _("{value} is not one of {choices}").format(value=repr(counts_as), choices=", ".join(_OUTCOMES))
            r.fail(f"{path}.counts_as", message)
            counts_as = None
        result = _OUTCOMES.index(counts_as) if counts_as is not None else None
        byes.append(Bye(who, rnd, kind, points, game_points=game_points, result=result))
    handicaps: dict[tuple[int, int, int], int] = {}
    for path, h in r.objects(data, "handicaps"):
        key = (
            r.integer(h.get("round"), f"{path}.round"),
            r.integer(h.get("white"), f"{path}.white", 1, n) - 1,
            r.integer(h.get("black"), f"{path}.black", 1, n) - 1,
        )
        handicaps[key] = r.integer(h.get("stones"), f"{path}.stones", 0, 99)
    playoffs = []
    for path, po in r.objects(data, "playoffs"):
        winner = r.integer(po.get("winner"), f"{path}.winner", 1, n) - 1
        loser = r.integer(po.get("loser"), f"{path}.loser", 1, n) - 1
        score, date = po.get("score", ""), po.get("date", "")
        if not isinstance(score, str) or not isinstance(date, str):
            r.fail(path, _("a text is required"))
            continue
        playoffs.append(Playoff(winner, loser, score, date))
    sc = data.get("scoring") or {}
    try:
        table = scoring or Scoring(
            Fraction(sc["win"]), Fraction(sc["draw"]), Fraction(sc["loss"]), str(sc.get("name", "custom"))
        )
    except CrosstableError as e:  # the values' order or range
        r.fail("scoring", str(e))
        table = Scoring.parse("chess")
    except (KeyError, TypeError, ValueError):
        # TRANSLATORS: win, draw and loss are the JSON keys of the scoring, written as they are
        r.fail("scoring", _("needs win, draw and loss, each a number from -1000 to 1000"))
        table = Scoring.parse("chess")
    adjustments = _adjustments(r, data.get("adjustments") or [], n)
    rounds_total = None if data.get("rounds") is None else r.integer(data.get("rounds"), "rounds", 0, 999)
    for k, rating in enumerate(ratings):
        if rating is not None:
            ratings[k] = r.integer(rating, f"participants[{k}].rating", 0, 4000)
    kind = r.choice(data.get("kind"), "kind", ("result", "game_points", "goals"), "result")
    system = r.choice(data.get("system"), "system", ("round-robin", "swiss"), "round-robin")
    fide_rules = r.choice(data.get("fide_rules"), "fide_rules", ("2023", "2024", "2026", "virtual"), "2026")
    cards = {}
    for i, counts in r.participant_map(data.get("cards"), "cards", n).items():
        if not (isinstance(counts, list) and len(counts) == 4):
            message = _("four numbers are required: yellow, indirect red, direct red, yellow and red")
            r.fail(f"cards.{i + 1}", message)
            continue
        cards[i] = Cards(*(r.integer(c, f"cards.{i + 1}", 0, 1000) for c in counts))
    rankings: dict[str, dict[int, Fraction]] = {}
    raw_rankings = data.get("rankings") or {}
    if not isinstance(raw_rankings, dict):
        r.fail("rankings", _("an object of rankings is required"))
        raw_rankings = {}
    for name, values in raw_rankings.items():
        by_number = r.participant_map(values, f"rankings.{name}", n)
        rankings[str(name).upper()[:20]] = {i: r.fraction(v, f"rankings.{name}.{i + 1}") for i, v in by_number.items()}
    lots_seed = None if data.get("lots_seed") is None else r.integer(data.get("lots_seed"), "lots_seed", 0, 2**32 - 1)
    criteria = data.get("criteria")
    if criteria is not None and not (isinstance(criteria, list) and all(isinstance(c, str) for c in criteria)):
        r.fail("criteria", _("a list of criteria codes is required"))
        criteria = None
    start = data.get("start_date")
    if start is not None and not isinstance(start, str):
        r.fail("start_date", _("{value} is not a date").format(value=repr(start)))
        start = None
    grouped = all(isinstance(g, str) and g.strip() for g in groups) and groups[0] is not None
    for k, (w, b) in enumerate(zip(cols[0], cols[1], strict=True)) if grouped else ():
        if 0 <= w < n and 0 <= b < n and groups[w] != groups[b]:
            message = _("a game between groups {group} and {other}: every game is inside one group").format(
                group=groups[w], other=groups[b]
            )
            r.fail(f"games[{k}]", message)
    if r.problems:
        raise InputError(source, r.problems)
    den = math.lcm(1, *(x.denominator for pair in scores for x in pair))
    arrays = [np.array(c, dtype=np.int64) for c in cols]
    t = Tournament(
        names=names,
        white=arrays[0],
        black=arrays[1],
        white_score=np.array([int(a * den) for a, _ in scores], dtype=np.int64),
        black_score=np.array([int(b * den) for _, b in scores], dtype=np.int64),
        score_denominator=den,
        rounds=arrays[4],
        status=arrays[5],
        kind=kind,  # type: ignore[arg-type]
        scoring=table,
        source=source,
        ratings=ratings if any(x is not None for x in ratings) else None,
        outcome_override=np.array(overrides, dtype=np.int64).reshape(-1, 2)
        if max(overrides, default=-1) >= 0
        else None,
    )
    t.byes = byes
    t.system = system
    t.fide_rules = fide_rules
    t.rounds_total = rounds_total
    t.start_date = start
    t.adjustments = adjustments
    t.cards = cards
    t.rankings = rankings
    t.lots_seed = lots_seed
    t.criteria = criteria
    t.go_ranks, t.clubs, t.mcmahon_start = go_ranks, clubs, mcmahon_start
    t.handicaps = handicaps
    t.playoffs = playoffs
    if grouped:
        t.groups = [str(g).strip() for g in groups]
    return t
