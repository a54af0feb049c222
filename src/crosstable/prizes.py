"""Prize money: who takes which prize, and how much when places are shared.

A prize list is a CSV text (:func:`read_prizes`) with the header ``prize,amount`` and
an optional ``condition`` column::

    prize,amount,condition
    1,1000
    2,500
    3,350
    Best woman,100,sex=F
    Best junior,80,born>=2008
    Under 1800,60,rating<1800
    Band 1800-1999,60,rating>=1800 and rating<2000

A place prize's ``prize`` is a place (``1``, ``2`` …, from 1 without a gap, none
larger than the place before it); a category prize has a name and a condition on the
participant's data, clauses joined by ``and``: ``sex=F`` (or ``M``), ``born>=2008``,
``born<=1961`` (``=``, ``<``, ``<=``, ``>``, ``>=`` on the year of birth), ``rating<1800``
(the same five on the rating, 0 to 4,000; an unrated player meets no rating clause),
``unrated``, ``federation=BUL``, ``club=NAME``. Amounts are whole units or decimals of
at most two places, never negative, read exactly. Every number is read through
:mod:`crosstable.fields`; a wrong line is refused with an
:class:`~crosstable.errors.InputError` naming the file, the line and the column.

:func:`award` gives the prizes of a :class:`~crosstable.ranking.Standings`. Decisions
written down here:

- **One prize a player, the larger.** The category prizes are handed out largest
  first (an organiser's ``preference``, a list of prize names, puts those first, in its
  order, place prizes among them); each goes down the standings to the first player
  who meets its condition, has no category prize yet and would take less as place
  money: his share of the place prizes, as ``sharing`` gives it among the players
  left without a category prize, is smaller than the category prize (on equal amounts
  he keeps the place money). A player who takes a category prize leaves the place
  prizes, and everybody below him moves up one place. As that only raises the others'
  shares, nobody who keeps his place money could have taken a larger category prize.
  (A category winner is not asked again when later, smaller category prizes move him
  up: his choice is made when his prize is handed out.)
- **Shared places.** The place prizes go, in place order, to the players without a
  category prize, in the standings' order; among those level on points (a group of
  them) ``sharing`` decides: ``none`` each takes the prize of his position in the
  tie-break order (what most regulations say); ``equal`` the prizes of the group's
  positions are pooled and split equally; ``hort`` (the Hort system) each keeps half
  of the prize of his position and the other halves are pooled and split equally. A
  group reaching beyond the last place prize shares the prizes it reaches (the
  positions beyond count as 0). A place prize beyond the players left stays unpaid.
- **Rounding.** Money is paid in whole units (``cents=True``, or any amount with
  decimals: in cents). A share is rounded down to the unit and what the rounding of a
  group leaves goes one unit at a time to the better placed of the group; a group pays
  exactly the prizes it shares. :attr:`Awards.rounding` says so in words.
- **Missing data.** The participants' sex, year of birth, rating, federation and club
  come from the tournament (TRF ``001``: sex, birth date, rating, federation) and from
  ``participants`` (a mapping name → ``{"sex", "born", "rating", "federation",
  "club"}``, which wins). A player a condition cannot be decided for is not given that
  prize, and a warning names him; a prize nobody can win stays unpaid, and a warning
  says so.
- **JSON.** :meth:`Awards.to_dict` gives the command line's object
  ``{"prizes": [{"name", "place", "prize", "amount"}], "sharing", "warnings"}`` (SPEC
  §11), with ``"unpaid"`` (``[{"prize", "amount"}]``) and ``"rounding"`` (the sentence)
  beside; an amount is a JSON number: an integer when whole, else the number of its
  two decimals (``62.5``, ``33.33``). ``"prize"`` is the prize's name (a place prize's
  is its place, ``"2"``), or the places shared (``"4-6"``).

>>> import crosstable
>>> t = crosstable.Tournament.from_games(["Ann", "Bob", "Cid"], [
...     ("Ann", "Bob", "1-0"), ("Cid", "Ann", "0-1"), ("Bob", "Cid", "½-½")])
>>> a = award(crosstable.rank(t, ["SB"]), read_prizes("prize,amount\\n1,100\\n2,50\\n3,25\\n"), "hort")
>>> [(p.name, p.prize, str(p.amount)) for p in a.awards]
[('Ann', '1', '100'), ('Bob', '2-3', '44'), ('Cid', '2-3', '31')]
>>> print(a.explain("Cid"))  # doctest: +NORMALIZE_WHITESPACE
Cid:
places 2-3 shared by the Hort system among 2 players level on ½ points: half of place 3's prize kept, 12.5;
 the other halves pooled, (25 + 12.5) / 2 = 18.75; 12.5 + 18.75 = 31.25
rounded down to 31
"""

from __future__ import annotations

import csv
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from crosstable.errors import InputError, Problem, quoted
from crosstable.fields import (
    A_TEXT,
    RATING,
    YEAR,
    FieldError,
    Range,
    argument_error,
    bool_argument,
    check_type,
    foreign_digit,
    text_argument,
    texts_argument,
    whole,
    whole_argument,
)
from crosstable.i18n import N_, _, integer_text, ngettext
from crosstable.numbers import count, json_number, show_decimal, show_fixed
from crosstable.ranking import Row, Standings

PLACE = Range(1, 9999, N_("{cell} is not a place from {low} to {high}"))
"""A place prize's place."""
AMOUNT = Range(0, 10**9, N_("{cell} is not an amount from {low} to {high}"))
"""A prize's whole units (its decimals are read apart)."""
SHARINGS = ("hort", "equal", "none")
"""The ways of sharing the place prizes of players level on points."""
COLUMNS = ("prize", "amount", "condition")

A_SHARING = N_("one of 'hort', 'equal', 'none'")
A_STANDINGS = N_("standings (crosstable.rank's result)")
PRIZES = N_("a list of prizes (read_prizes's result)")
A_MAPPING = N_("a mapping of names to dicts of sex, born, rating, federation, club")
A_PREFERENCE = N_("a list of the prize list's names")
CONDITION_HINT = N_(
    "{cell} is not a condition: write sex=F, born>=2008, born<=1961, rating<1800, unrated, federation=BUL or "
    "club=NAME, joined by 'and'"
)
_FIELD_WORDS = {
    "sex": N_("sex"),
    "born": N_("year of birth"),
    "rating": N_("rating"),
    "federation": N_("federation"),
    "club": N_("club"),
}
_CLAUSE = re.compile(r"\s*([A-Za-z_]+)\s*(<=|>=|=|<|>)?\s*(.*?)\s*")
_AND = re.compile(r"\s+and\s+", re.IGNORECASE)
_AMOUNT_TEXT = re.compile(r"([0-9]+)(?:\.([0-9]+))?")
_COMPARE = {
    "=": lambda a, b: a == b,
    "<": lambda a, b: a < b,
    "<=": lambda a, b: a <= b,
    ">": lambda a, b: a > b,
    ">=": lambda a, b: a >= b,
}


@dataclass(frozen=True)
class Clause:
    """One clause of a condition: ``rating<1800`` is ``Clause("rating", "<", 1800)``."""

    field: str
    """``sex``, ``born``, ``rating``, ``unrated``, ``federation`` or ``club``."""
    op: str = ""
    value: str | int = ""

    def test(self, data: Mapping[str, Any]) -> bool | None:
        """Whether a participant's data (:func:`participant_data`) meets the clause;
        ``None`` when the data lacks what it needs."""
        if self.field in ("rating", "unrated"):
            if not data.get("rated_known"):
                return None
            rating = data.get("rating")
            if self.field == "unrated":
                return rating is None
            return rating is not None and bool(_COMPARE[self.op](rating, self.value))
        value = data.get(self.field)
        if value is None:
            return None
        if self.field == "born":
            return bool(_COMPARE[self.op](value, self.value))
        return str(value).casefold() == str(self.value).casefold()


@dataclass(frozen=True)
class Prize:
    """A prize of the list: a place prize (``place``) or a category prize (``condition``)."""

    name: str
    """A place prize's place as written (``"1"``), a category prize's name."""
    amount: Fraction
    place: int | None = None
    condition: tuple[Clause, ...] = ()
    condition_text: str = ""
    """The condition as the list writes it (``born>=2008``)."""
    line: int | None = None
    """The line of the prize list (``None`` for a prize built in Python)."""

    @property
    def label(self) -> str:
        """The prize in a sentence: ``2`` or ``Best woman (sex=F)``."""
        return self.name if self.place is not None else f"{self.name} ({self.condition_text})"

    def eligible(self, data: Mapping[str, Any]) -> bool | None:
        """Whether a participant may win it (a place prize: anybody); ``None`` when the
        data lacks what its condition needs."""
        results = [c.test(data) for c in self.condition]
        if False in results:
            return False
        return None if None in results else True


def _amount(text: str) -> Fraction:
    """An amount: whole units, or at most two decimals; a :class:`FieldError` otherwise.

    >>> _amount("1000"), _amount("62.5"), _amount("0.05")
    (Fraction(1000, 1), Fraction(125, 2), Fraction(1, 20))
    """
    t = text.strip()
    if not t:
        raise FieldError(_("a prize needs an amount"))
    problem = foreign_digit(t)
    if problem:
        raise FieldError(problem)
    if t.startswith("-") and _AMOUNT_TEXT.fullmatch(t[1:].strip()):
        # TRANSLATORS: {cell} is an amount of a prize list, as written
        raise FieldError(_("{cell} is negative: a prize is 0 or more").format(cell=quoted(t)))
    found = _AMOUNT_TEXT.fullmatch(t)
    if found is None or len(found.group(2) or "") > 2:
        raise FieldError(
            # TRANSLATORS: {cell} is an amount of a prize list, as written
            _("{cell} is not an amount: write whole units (500) or at most two decimals (62.50)").format(cell=quoted(t))
        )
    units = whole(found.group(1), AMOUNT)
    cents = found.group(2) or ""
    return units + Fraction(int(cents or "0"), 10 ** len(cents))


def _clause(text: str) -> Clause:
    """One clause of a condition; a :class:`FieldError` when it is none."""
    found = _CLAUSE.fullmatch(text)
    refused = FieldError(_(CONDITION_HINT).format(cell=quoted(text)))
    if found is None:
        raise refused
    name, op, value = found.group(1).lower(), found.group(2) or "", found.group(3)
    if name == "unrated" and not op and not value:
        return Clause("unrated")
    if not op or not value:
        raise refused
    if name in ("born", "rating"):
        try:
            return Clause(name, op, whole(value, YEAR if name == "born" else RATING))
        except FieldError as e:  # the refusal's column: the number's, in the clause
            raise FieldError(e.message, None, found.start(3)) from None
    if op != "=":
        raise refused
    if name == "sex" and value.upper() in ("M", "F", "W"):
        return Clause("sex", "=", "F" if value.upper() == "W" else value.upper())
    if name == "federation" and re.fullmatch(r"[A-Za-z]{3}", value):
        return Clause("federation", "=", value.upper())
    if name == "club":
        return Clause("club", "=", value)
    raise refused


def parse_condition(text: str) -> tuple[Clause, ...]:
    """A condition's clauses (:class:`Clause`), joined by ``and``.

    >>> parse_condition("rating>=1800 and rating<2000")
    (Clause(field='rating', op='>=', value=1800), Clause(field='rating', op='<', value=2000))
    """
    return _condition(text_argument(text, "text"))


def _condition(text: str) -> tuple[Clause, ...]:
    """The clauses of ``text``; a refusal carries, as its ``column``, the offset of the clause refused."""
    out: list[Clause] = []
    start = 0
    pieces: list[tuple[int, str]] = []
    for m in _AND.finditer(text):
        pieces.append((start, text[start : m.start()]))
        start = m.end()
    pieces.append((start, text[start:]))
    for offset, piece in pieces:
        try:
            out.append(_clause(piece))
        except FieldError as e:
            within = e.column if e.column is not None else len(piece) - len(piece.lstrip())
            raise FieldError(e.message, None, offset + within) from None
    return tuple(out)


def _columns(raw: str, cells: Sequence[str]) -> list[int]:
    """The 1-based column where each cell of a CSV line starts in its text."""
    out, pos = [], 0
    for cell in cells:
        stripped = cell.strip()
        at = raw.find(stripped, pos) if stripped else -1
        if at < 0:
            at = pos
        out.append(at + 1)
        pos = at + len(stripped)
        comma = raw.find(",", pos)
        pos = comma + 1 if comma >= 0 else pos
    return out


def read_prizes(text: str, source: str = "PRIZES.csv") -> list[Prize]:
    """The prizes of a CSV text (see the module's docstring); every problem refused at
    once in an :class:`~crosstable.errors.InputError` naming ``source``, each line and
    column.

    >>> read_prizes("prize,amount,condition\\n1,500\\nBest woman,100,sex=F\\n")[1].label
    'Best woman (sex=F)'
    >>> read_prizes("prize,amount\\n1,-5\\n")
    Traceback (most recent call last):
    crosstable.errors.InputError: PRIZES.csv:2:3: '-5' is negative: a prize is 0 or more
    """
    text = text_argument(text, "text").lstrip("\ufeff")
    source = text_argument(source, "source")
    problems: list[Problem] = []
    raws = text.splitlines()
    header: list[str] | None = None
    prizes: list[Prize] = []
    places: dict[int, Prize] = {}
    names: dict[str, Prize] = {}
    amount_columns: dict[int, int] = {}
    for lineno, raw in enumerate(raws, 1):
        if not raw.strip() or raw.lstrip().startswith("#"):
            continue
        try:
            cells = next(csv.reader([raw]))  # one line, one row: a line's place stays its own
        except csv.Error as e:
            # TRANSLATORS: {reason} is the CSV reader's own (English) reason
            problems.append(Problem(_("not a CSV line: {reason}").format(reason=e), lineno, 1))
            continue
        cols = _columns(raw, cells)
        if header is None:
            header = [c.strip().lower() for c in cells]
            for k, name in enumerate(header):
                if name not in COLUMNS or name in header[:k]:
                    problems.append(
                        Problem(
                            # TRANSLATORS: {cell} is a column of a prize list's header; keep prize, amount, condition
                            _(
                                "{cell} is not a column of a prize list: its header is prize,amount (and condition)"
                            ).format(cell=quoted(cells[k])),
                            lineno,
                            cols[k],
                        )
                    )
            if "prize" not in header or "amount" not in header:
                problems.append(Problem(_("the first line must be the header prize,amount (and condition)"), lineno, 1))
                break
            continue
        if len(cells) > len(header) and any(c.strip() for c in cells[len(header) :]):
            k = len(header)
            problems.append(
                # TRANSLATORS: {n} is the number of columns of a prize list's header
                Problem(
                    ngettext("more cells than the header's {n}", "more cells than the header's {n}", k).format(
                        n=integer_text(k)
                    ),
                    lineno,
                    cols[k],
                )
            )
            continue
        row = {
            name: (cells[k].strip() if k < len(cells) else "", cols[k] if k < len(cols) else len(raw) + 1)
            for k, name in enumerate(header)
        }
        prize = _prize_line(row, lineno, places, names, problems)
        if prize is not None:
            prizes.append(prize)
            amount_columns[lineno] = row["amount"][1]
            if prize.place is not None:
                places[prize.place] = prize
            else:
                names[prize.name.casefold()] = prize
    if header is None:
        problems.append(Problem(_("the first line must be the header prize,amount (and condition)"), 1, 1))
    elif not prizes and not problems:
        problems.append(Problem(_("the prize list has no prize: a line per prize follows the header"), 1, 1))
    for k, place in enumerate(sorted(places), 1):
        prize = places[place]
        if place != k:
            problems.append(
                # TRANSLATORS: place prizes are numbered 1, 2, 3 …; {place} is one given, {missing} one not
                Problem(
                    _("place {place} has a prize and place {missing} has none: place prizes go 1, 2, 3 …").format(
                        place=integer_text(place), missing=integer_text(k)
                    ),
                    prize.line,
                    1,
                )
            )
            break
        before = places.get(place - 1)
        if before is not None and prize.amount > before.amount:
            problems.append(
                Problem(
                    # TRANSLATORS: {place} is a place of a prize list, {before} the place above it
                    _("the prize of place {place} is larger than that of place {before}").format(
                        place=integer_text(place), before=integer_text(place - 1)
                    ),
                    prize.line,
                    amount_columns.get(prize.line or 0, 1),
                )
            )
    if problems:
        raise InputError(source, problems)
    return prizes


def _prize_line(
    row: dict[str, tuple[str, int]],
    lineno: int,
    places: dict[int, Prize],
    names: dict[str, Prize],
    problems: list[Problem],
) -> Prize | None:
    """The prize of one line of the list, or ``None`` with its problems added."""
    (name, name_col), (amount_text, amount_col) = row["prize"], row["amount"]
    condition_text, condition_col = row.get("condition", ("", 1))
    found = len(problems)
    amount = Fraction(0)
    try:
        amount = _amount(amount_text)
    except FieldError as e:
        problems.append(Problem(e.message, lineno, amount_col))
    place: int | None = None
    clauses: tuple[Clause, ...] = ()
    if not name:
        problems.append(Problem(_("a prize needs a place (1, 2 …) or a name"), lineno, name_col))
    elif name.isdigit() or foreign_digit(name):
        try:
            place = whole(name, PLACE)
        except FieldError as e:
            problems.append(Problem(e.message, lineno, name_col))
        if place is not None and place in places:
            problems.append(
                Problem(
                    # TRANSLATORS: {place} is a place of a prize list, {line} the line that gave it first
                    _("place {place} has a prize already (line {line})").format(
                        place=integer_text(place), line=integer_text(places[place].line or 0)
                    ),
                    lineno,
                    name_col,
                )
            )
        if condition_text:
            problems.append(
                Problem(
                    _("a place prize has no condition: give a category prize a name"),
                    lineno,
                    condition_col,
                )
            )
    else:
        if name.casefold() in names:
            problems.append(
                Problem(
                    # TRANSLATORS: {name} is a prize's name, {line} the line that gave it first
                    _("{name} is a prize already (line {line})").format(
                        name=quoted(name), line=integer_text(names[name.casefold()].line or 0)
                    ),
                    lineno,
                    name_col,
                )
            )
        if not condition_text:
            problems.append(
                Problem(
                    # TRANSLATORS: keep "condition" (the column's name)
                    _("a category prize needs a condition (sex=F, born>=2008, rating<1800 …)"),
                    lineno,
                    condition_col,
                )
            )
        else:
            try:
                clauses = _condition(condition_text)
            except FieldError as e:
                problems.append(Problem(e.message, lineno, condition_col + (e.column or 0)))
    if len(problems) > found:
        return None
    return Prize(name, amount, place, clauses, condition_text, lineno)


def _check_participant(name: object, value: object) -> None:
    """One entry of ``participants``: a name and a mapping of the data conditions read,
    each of its type and range (a year 1000 to 9999, a rating 0 to 4,000 or ``None``)."""
    check_type(name, str, "participants", A_MAPPING)
    entry = check_type(value, Mapping, "participants", A_MAPPING)
    where = f"participants[{name!r}]"
    for key in ("sex", "federation", "club"):
        if entry.get(key) is not None:
            check_type(entry[key], str, f"{where}[{key!r}]", A_TEXT)
    for key in ("born", "birth_year"):
        if entry.get(key) is not None:
            whole_argument(entry[key], YEAR, f"{where}[{key!r}]")
    if entry.get("rating") is not None:
        whole_argument(entry["rating"], RATING, f"{where}['rating']")


def participant_data(
    standings: Standings, i: int, participants: Mapping[str, Mapping[str, Any]] | None = None
) -> dict[str, Any]:
    """Participant ``i``'s data for the conditions: ``sex`` (``M``/``F``), ``born`` (a
    year), ``rating`` (``None``: unrated), ``rated_known`` (whether the rating is known),
    ``federation``, ``club``; ``None`` for what neither the tournament nor
    ``participants`` gives."""
    t = standings.tournament

    def given(values: Sequence[Any] | None) -> Any:
        value = None if values is None else values[i]
        return None if value in ("", None) else value

    data: dict[str, Any] = {
        "sex": given(t.sexes),
        "born": given(t.birth_years),
        "rating": given(t.ratings),
        "rated_known": t.ratings is not None,
        "federation": given(t.federations),
        "club": None,
    }
    extra = (participants or {}).get(t.names[i])
    if extra:
        for key in ("sex", "born", "federation", "club"):
            if extra.get(key) not in (None, ""):
                data[key] = extra[key]
        if "birth_year" in extra and extra["birth_year"] is not None:
            data["born"] = extra["birth_year"]
        if "rating" in extra:
            data["rating"], data["rated_known"] = extra["rating"] or None, True
        if isinstance(data["sex"], str):
            data["sex"] = "F" if data["sex"].upper() in ("W", "F") else data["sex"].upper()
    return data


@dataclass
class Award:
    """A prize paid to a player."""

    name: str
    place: str
    """The player's place in the standings (``3`` or ``3-4``)."""
    rank: int
    prize: str
    """The prize's name (a place prize's place), or the places shared (``4-6``)."""
    amount: Fraction
    """What is paid, rounded to the unit."""
    exact: Fraction
    """The share before rounding (the amount itself for a prize not shared)."""


@dataclass
class Awards:
    """The prizes of the standings: who is paid what, what stays unpaid, and why."""

    standings: Standings
    prizes: list[Prize]
    sharing: str
    unit: Fraction
    awards: list[Award] = field(default_factory=list)
    unpaid: list[Prize] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    rounding: str = ""
    """How the shares are rounded and where the remainder goes, in words."""
    explanations: dict[str, list[str]] = field(default_factory=dict)

    @property
    def announced(self) -> Fraction:
        """The money of the prize list."""
        return sum((p.amount for p in self.prizes), Fraction(0))

    @property
    def paid(self) -> Fraction:
        """The money paid: the announced less the unpaid."""
        return sum((a.amount for a in self.awards), Fraction(0))

    @property
    def unpaid_total(self) -> Fraction:
        return sum((p.amount for p in self.unpaid), Fraction(0))

    def of(self, name: str) -> Award | None:
        """The award of a player (``None``: no prize)."""
        player = self.standings.tournament.names[self.standings.tournament.index(name)]
        return next((a for a in self.awards if a.name == player), None)

    def explain(self, name: str) -> str:
        """The arithmetic of a player's prize, in words (or why there is none)."""
        player = self.standings.tournament.names[self.standings.tournament.index(name)]
        lines = self.explanations.get(player)
        if not lines:
            # TRANSLATORS: said of a player without a prize
            return _("{name}: no prize").format(name=player)
        return "\n".join([f"{player}:", *lines])

    def to_dict(self) -> dict[str, Any]:
        """The command line's JSON object (see the module's docstring)."""
        return {
            "prizes": [
                {"name": a.name, "place": a.place, "prize": a.prize, "amount": json_number(a.amount)}
                for a in self.awards
            ],
            "sharing": self.sharing,
            "warnings": list(self.warnings),
            "unpaid": [{"prize": p.name, "amount": json_number(p.amount)} for p in self.unpaid],
            "rounding": self.rounding,
        }


def _money(x: Fraction, unit: Fraction) -> str:
    return show_fixed(x, 2) if unit < 1 else show_decimal(x)


def _names_text(names: Sequence[str], most: int = 5) -> str:
    shown = ", ".join(names[:most])
    if len(names) > most:
        rest = len(names) - most
        # TRANSLATORS: {names} is a list of players' names, {n} how many more there are
        shown = ngettext("{names} and {n} more", "{names} and {n} more", rest).format(names=shown, n=integer_text(rest))
    return shown


_Key = tuple[int, Fraction, bool, int]


def _keys(prizes: Sequence[Prize], preference: Sequence[str] | None) -> dict[int, _Key]:
    """Each prize's place in the order of handing out (by ``id``): the preferred first in
    their order, then the larger first, a place prize before a category prize of the
    same amount, then the list's order."""
    ranked = {name.casefold(): k for k, name in enumerate(preference or [])}
    last = len(ranked)
    return {id(p): (ranked.get(p.name.casefold(), last), -p.amount, p.place is None, k) for k, p in enumerate(prizes)}


@dataclass
class _Group:
    """Players level on points among those without a category prize, at positions
    ``start`` … of that list, with the place prizes of their positions and their shares."""

    start: int
    members: list[int]
    """Positions in the standings' rows."""
    shared: list[Fraction]
    """The prize of each member's position (0 beyond the last place prize)."""
    exact: list[Fraction]


def _groups(rows: list[Row], taken: Mapping[int, Prize], amounts: list[Fraction], sharing: str) -> list[_Group]:
    """The groups of the players without a category prize (``taken``) that reach a place
    prize, each member's share computed as ``sharing`` says (before rounding)."""
    field_ = [k for k in range(len(rows)) if k not in taken]
    m = len(amounts)
    out: list[_Group] = []
    start = 0
    while start < min(m, len(field_)):
        end = start
        while end + 1 < len(field_) and rows[field_[end + 1]].points == rows[field_[start]].points:
            end += 1
        shared = [amounts[j] if j < m else Fraction(0) for j in range(start, end + 1)]
        total, size = sum(shared, Fraction(0)), end + 1 - start
        if sharing == "none" or size == 1:
            exact = list(shared)
        elif sharing == "equal":
            exact = [total / size] * size
        else:
            exact = [a / 2 + total / 2 / size for a in shared]
        out.append(_Group(start, field_[start : end + 1], shared, exact))
        start = end + 1
    return out


def _standing(groups: list[_Group]) -> dict[int, tuple[int, Fraction]]:
    """Each player's position among those without a category prize and his share."""
    return {k: (g.start + j, g.exact[j]) for g in groups for j, k in enumerate(g.members)}


def award(
    standings: Standings,
    prizes: Sequence[Prize],
    sharing: str = "hort",
    participants: Mapping[str, Mapping[str, Any]] | None = None,
    preference: Sequence[str] | None = None,
    *,
    cents: bool = False,
) -> Awards:
    """The prizes of ``standings`` (see the module's docstring for the decisions).

    ``sharing``: ``hort``, ``equal`` or ``none``; ``participants``: data for the
    conditions by name; ``preference``: prize names handed out first, in that order;
    ``cents``: pay in hundredths (also when an amount has decimals). The arguments are
    checked first (an :class:`~crosstable.fields.ArgumentError`)."""
    check_type(standings, Standings, "standings", A_STANDINGS)
    if isinstance(prizes, str) or not isinstance(prizes, Sequence):
        raise argument_error("prizes", _(PRIZES), prizes)
    for p in prizes:
        check_type(p, Prize, "prizes", PRIZES)
    if sharing not in SHARINGS:
        raise argument_error("sharing", _(A_SHARING), sharing)
    if participants is not None and not isinstance(participants, Mapping):
        raise argument_error("participants", _(A_MAPPING), participants)
    for name, value in (participants or {}).items():
        _check_participant(name, value)
    known = {p.name.casefold() for p in prizes}
    if preference is not None:
        for name in texts_argument(preference, "preference", A_PREFERENCE):
            if name.casefold() not in known:
                raise argument_error("preference", _(A_PREFERENCE), name)
    cents = bool_argument(cents, "cents")
    exact_units = all(p.amount.denominator == 1 for p in prizes)
    unit = Fraction(1) if exact_units and not cents else Fraction(1, 100)
    result = Awards(standings, list(prizes), sharing, unit)
    result.rounding = _rounding_text(unit, cents)
    rows = standings.rows
    data = [participant_data(standings, r.index, participants) for r in rows]
    key = _keys(prizes, preference)
    places = sorted((p for p in prizes if p.place is not None), key=lambda p: p.place or 0)
    amounts = [p.amount for p in places]
    taken: dict[int, Prize] = {}  # position in rows -> the category prize taken
    passed: dict[int, list[str]] = {}  # a category prize's id -> the names it went down past
    where = _standing(_groups(rows, taken, amounts, sharing))
    for prize in sorted((p for p in prizes if p.place is None), key=lambda p: key[id(p)]):
        winner: int | None = None
        missing: list[str] = []
        above: list[str] = []
        for k, row in enumerate(rows):
            verdict = prize.eligible(data[k])
            if verdict is None and k not in taken:
                missing.append(row.name)
            if not verdict:
                continue
            if k in taken or not _takes(prize, where.get(k), places, key, len(preference or [])):
                above.append(row.name)
                continue
            winner = k
            break
        if missing:
            result.warnings.append(_missing_text(prize, missing))
        if winner is None:
            result.unpaid.append(prize)
            result.warnings.append(_unpaid_text(prize))
            continue
        taken[winner] = prize
        passed[id(prize)] = above
        where = _standing(_groups(rows, taken, amounts, sharing))
    awards: dict[int, Award] = {}
    for k, prize in taken.items():
        row = rows[k]
        awards[k] = Award(row.name, row.place, row.rank, prize.name, prize.amount, prize.amount)
        # TRANSLATORS: {prize} is a category prize with its condition, {amount} its money
        lines = [_("{prize}: {amount}").format(prize=prize.label, amount=_money(prize.amount, unit))]
        if passed[id(prize)]:
            lines.append(
                # TRANSLATORS: a category prize went down the standings past players who had a prize already
                # (a larger one, or one the organiser prefers)
                _("it went down past {names}, who took another prize first (a larger one, or one preferred)").format(
                    names=_names_text(passed[id(prize)])
                )
            )
        result.explanations[row.name] = lines
    _share_places(result, rows, taken, places, awards)
    result.awards = [awards[k] for k in sorted(awards)]
    return result


def _takes(
    prize: Prize, standing: tuple[int, Fraction] | None, places: list[Prize], key: Mapping[int, _Key], last: int
) -> bool:
    """Whether a player eligible for category ``prize`` takes it rather than his place
    money (``standing``: his position among those without a category prize, and his
    share there; ``None``: beyond the place prizes): the prize handed out first wins,
    his share standing for his place prize's amount (``last``: the order of a prize
    the organiser does not prefer)."""
    if standing is None:
        return True
    position, share = standing
    if position >= len(places):
        return share == 0 or key[id(prize)] < (last, -share, False, -1)
    own = key[id(places[position])]
    return key[id(prize)] < (own[0], -share, own[2], own[3])


def _share_places(
    result: Awards, rows: list[Row], taken: dict[int, Prize], places: list[Prize], awards: dict[int, Award]
) -> None:
    """The place prizes, shared among the players level on points as ``result.sharing``
    says, each share rounded; a place prize beyond the players left stays unpaid."""
    unit, sharing = result.unit, result.sharing
    amounts = [p.amount for p in places]
    m = len(amounts)
    left_over = len(rows) - len(taken)
    for prize in places[left_over:]:
        result.unpaid.append(prize)
        result.warnings.append(_unpaid_text(prize))
    for g in _groups(rows, taken, amounts, sharing):
        total, size = sum(g.shared, Fraction(0)), len(g.members)
        paid = [(x // unit) * unit for x in g.exact]
        for j in range(int((total - sum(paid, Fraction(0))) / unit)):
            paid[j] += unit
        # the places the group shares (as its explanation says), also where only the first of them has a prize
        label = str(g.start + 1) if size == 1 else f"{g.start + 1}-{g.start + size}"
        for j, k in enumerate(g.members):
            if g.start + j >= m and g.exact[j] == 0:
                continue  # beyond the last place prize, and no share of the others
            row = rows[k]
            name = places[g.start + j].name if sharing == "none" or size == 1 else label
            awards[k] = Award(row.name, row.place, row.rank, name, paid[j], g.exact[j])
            result.explanations[row.name] = _share_lines(result, rows, g.members, j, g.start, g.shared, g.exact, paid)


def _share_lines(
    result: Awards,
    rows: list[Row],
    group: list[int],
    j: int,
    start: int,
    shared: list[Fraction],
    exact: list[Fraction],
    paid: list[Fraction],
) -> list[str]:
    """The arithmetic of the ``j``-th share of a group, in words."""
    unit, sharing = result.unit, result.sharing
    row = rows[group[j]]
    size = len(group)
    lines: list[str] = []
    position = start + j + 1
    if position != row.rank:
        lines.append(
            # TRANSLATORS: {position} is a player's position among those who took no category prize
            _("position {position} among the players without a category prize").format(position=integer_text(position))
        )
    money = [_money(a, unit) for a in shared]
    total = sum(shared, Fraction(0))
    points = count(row.points, "{n} point", "{n} points")
    if sharing == "none" or size == 1:
        if size > 1:
            lines.append(
                # TRANSLATORS: {n} players level on {points} ("4½ points"), not shared: the tie-break order decides
                ngettext(
                    "{n} player level on {points}; the tie-break order decides (no sharing)",
                    "{n} players level on {points}; the tie-break order decides (no sharing)",
                    size,
                ).format(n=integer_text(size), points=points)
            )
        lines.append(
            # TRANSLATORS: {place} is a place prize's place, {amount} its money
            _("place prize {place}: {amount}").format(place=integer_text(position), amount=money[j])
        )
    elif sharing == "equal":
        lines.append(
            # TRANSLATORS: {places} are places (4-6), {n} the players level on {points}, {terms} the
            # prizes added ("200 + 150 + 100"), {share} each one's share
            ngettext(
                "places {places} shared equally by {n} player level on {points}: ({terms}) / {n} = {share}",
                "places {places} shared equally by {n} players level on {points}: ({terms}) / {n} = {share}",
                size,
            ).format(
                places=f"{start + 1}-{start + size}",
                n=integer_text(size),
                points=points,
                terms=" + ".join(money),
                share=show_decimal(exact[j]),
            )
        )
    else:
        halves = " + ".join(show_decimal(a / 2) for a in shared)
        pool_share = total / 2 / size
        lines.append(
            # TRANSLATORS: the Hort system: {places} are places (1-2), {n} the players level on {points};
            # {kept} half of the prize of the player's own position {position}, {halves} the other halves
            # added ("500 + 250"), {pool} each one's share of them, {share} the two added
            ngettext(
                "places {places} shared by the Hort system among {n} player level on {points}: half of place "
                "{position}'s prize kept, {kept}; the other halves pooled, ({halves}) / {n} = {pool}; "
                "{kept} + {pool} = {share}",
                "places {places} shared by the Hort system among {n} players level on {points}: half of place "
                "{position}'s prize kept, {kept}; the other halves pooled, ({halves}) / {n} = {pool}; "
                "{kept} + {pool} = {share}",
                size,
            ).format(
                places=f"{start + 1}-{start + size}",
                n=integer_text(size),
                points=points,
                position=integer_text(position),
                kept=show_decimal(shared[j] / 2),
                halves=halves,
                pool=show_decimal(pool_share),
                share=show_decimal(exact[j]),
            )
        )
    if paid[j] != exact[j]:
        down = (exact[j] // unit) * unit
        if paid[j] == down:
            # TRANSLATORS: {amount} is a share rounded down to the unit of money
            lines.append(_("rounded down to {amount}").format(amount=_money(paid[j], unit)))
        else:
            lines.append(
                # TRANSLATORS: a share rounded down ({down}), plus one unit ({unit}) of what the rounding
                # of the group left, which goes to the better placed: {amount} paid
                _(
                    "rounded down to {down}, and {unit} of the remainder, which goes to the better placed: {amount}"
                ).format(down=_money(down, unit), unit=_money(unit, unit), amount=_money(paid[j], unit))
            )
    return lines


def _rounding_text(unit: Fraction, cents: bool) -> str:
    if unit == 1:
        # TRANSLATORS: how prize money is rounded
        return _(
            "amounts in whole units: a share is rounded down to a unit, and what the rounding of a group of "
            "shares leaves goes one unit at a time to the better placed"
        )
    return _(
        "amounts in cents: a share is rounded down to a cent, and what the rounding of a group of shares "
        "leaves goes one cent at a time to the better placed"
    ) + ("" if cents else " " + _("(an amount of the list has decimals)"))


def _missing_text(prize: Prize, names: list[str]) -> str:
    wanted = dict.fromkeys(_FIELD_WORDS.get(c.field, _FIELD_WORDS["rating"]) for c in prize.condition)
    words = ", ".join(_(w) for w in wanted)
    # TRANSLATORS: {prize} is a category prize with its condition, {what} the data it needs (sex, year of
    # birth …), {names} the players without it, {n} how many
    return ngettext(
        "{prize}: {n} player lacks the {what} the condition needs and is not given it: {names}",
        "{prize}: {n} players lack the {what} the condition needs and are not given it: {names}",
        len(names),
    ).format(prize=prize.label, n=integer_text(len(names)), what=words, names=_names_text(names))


def _unpaid_text(prize: Prize) -> str:
    if prize.place is not None:
        # TRANSLATORS: {place} is a place prize's place; there are fewer players than prizes
        return _("place prize {place}: no player left to take it; it stays unpaid").format(
            place=integer_text(prize.place)
        )
    # TRANSLATORS: {prize} is a category prize with its condition
    return _("{prize}: nobody can win it; it stays unpaid").format(prize=prize.label)


__all__ = [
    "AMOUNT",
    "PLACE",
    "SHARINGS",
    "Award",
    "Awards",
    "Clause",
    "Prize",
    "award",
    "parse_condition",
    "participant_data",
    "read_prizes",
]
