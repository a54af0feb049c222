"""The registry: every criterion under its code and aliases, with how to compute it
and explain it, and the reading of a written criteria list against it.

A coefficient is a small function ``f(analysis, spec) -> Column`` registered under
its code with :func:`criterion` (a criterion computed only among tied participants,
like direct encounter, takes the tied group too).
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from crosstable.errors import CriterionError
from crosstable.fields import CRITERIA, is_whole, text_argument, texts_argument
from crosstable.i18n import N_, _, integer_text
from crosstable.numbers import parse_number, show_decimal
from crosstable.tiebreaks.analysis import Analysis
from crosstable.tiebreaks.columns import Column
from crosstable.tiebreaks.spec import EDITIONS, FLAGS, Spec

_PATTERN = re.compile(
    r"^\s*([A-Za-z][A-Za-z0-9_-]*)\s*(?:\(([^()]*)\))?\s*(?:@\s*(\w*)\s*)?(?::\s*([MG][PMG])\s*)?"
    r"((?:[/#!]\s*[A-Za-z%]\s*[+-]?\s*[\d.,½]*\s*)*)(?::\s*([MG][PMG]))?\s*$",
    re.IGNORECASE,
)
_UNIVERSAL = "RV"
"""Modifiers every criterion takes: ``/R`` (reverse the order), ``/V`` (an edition)."""
_MEANING = {
    # TRANSLATORS: what a modifier of a criterion means, listed when the modifier written
    # does not apply; keep the modifier itself (/Cn, /L±n, /U<rating>…) as it is: n is
    # the number written after it.
    "C": N_("/Cn cut the n lowest"),
    "M": N_("/Mn cut the n lowest and n highest"),
    "L": N_("/L±n Koya limit"),
    "K": N_("/Kn divisor"),
    "U": N_("/U<rating> for the unrated"),
    "P": N_("/P pairings predetermined"),
    "S": N_("/S Swiss treatment"),
    "D": N_("/D own results as draws"),
    "F": N_("/F fore (last round as draws)"),
    "X": N_("/X swap the scores"),
    "R": N_("/R reverse"),
    "V": N_("/V edition"),
}
"""What each modifier means (English; translated where shown)."""


def parse_spec(text: str) -> Spec:
    """A criterion as written (``bh/c1``, ``KB``, ``SB(2, 1, 0)``, ``BH:GP/C1``), read
    against the registry: aliases become the canonical code, and weights, modifiers
    and the ``:MP``/``:GP`` suffix are checked against what the criterion takes. The
    FIDE reference's whole syntax is read: ``#`` and ``!`` as separators, ``@YEAR``
    (ignored, as the reference ignores it), two-letter suffixes (``:MG`` the opponents'
    match points times the participant's game points), ``/L±n`` in half-points (``/L+2``
    raises the Koya limit by one point; ``/L+2.0`` by two) or ``/Ln`` as a percentage,
    ``/V0`` ``/V1`` ``/V2`` the edition of C.07, and the flags ``/P /S /D /F /R /X``.

    >>> parse_spec("bh/c1")
    Spec('BH/C1')
    >>> parse_spec("KB").code, parse_spec("SB(2, 1, 0)").args
    ('SB', (Fraction(2, 1), Fraction(1, 1), Fraction(0, 1)))
    >>> parse_spec("ks/l+2").modifier("L"), parse_spec("BH@2024#C1!P").label
    (Fraction(1, 1), 'BH/C1/P')
    """
    m = _PATTERN.match(text_argument(text, "text"))
    if not m:
        raise CriterionError(
            _("cannot read the criterion {text} (expected e.g. SB, BH/C1, KS/L+2, SB(2,1,0))").format(text=repr(text))
        )
    raw, args_text, year, basis_first, mods_text, basis_last = m.groups()
    if basis_first and basis_last:
        raise CriterionError(_("{text}: give :MP or :GP once").format(text=repr(text)))
    if year is not None and not is_whole(year):
        raise CriterionError(_("{text}: @{year} is not a year").format(text=repr(text), year=year))
    basis = (basis_first or basis_last or "").upper() or None
    basis = {"MM": "MP", "GG": "GP"}.get(basis or "", basis)
    code = ALIASES.get(raw.upper())
    if code is None:
        near = difflib.get_close_matches(raw.upper(), sorted(ALIASES), n=3, cutoff=0.6)
        if near:
            # TRANSLATORS: {near} are the codes spelled most like the one given (SB, SSB).
            raise CriterionError(
                _("unknown criterion {code}; did you mean {near}?").format(code=repr(raw), near=", ".join(near))
            )
        # one line of a readable length: the codes, and how many more the README's table of coefficients lists
        codes = sorted(REGISTRY)
        listed: list[str] = []
        for c in codes:
            if sum(len(x) + 1 for x in listed) + len(c) > 380:
                break
            listed.append(c)
        known = " ".join(listed)
        if len(listed) < len(codes):
            # TRANSLATORS: the end of a list of criteria codes cut short; the README has them all.
            known += " " + _("… and {n} more (the README's table of coefficients)").format(n=len(codes) - len(listed))
        raise CriterionError(_("unknown criterion {code}; known codes: {known}").format(code=repr(raw), known=known))
    crit = REGISTRY[code]
    args: tuple[Fraction, ...] | None = None
    if args_text is not None:
        if not crit.takes_args:
            raise CriterionError(_("{code} takes no weights in parentheses").format(code=code))
        values = [parse_number(x) for x in args_text.split(",")]
        if len(values) != 3 or any(v is None for v in values):
            raise CriterionError(
                _("{text}: give three weights (win, draw, loss), e.g. {code}(2,1,0)").format(text=repr(text), code=code)
            )
        args = tuple(v for v in values if v is not None)
    modifiers: list[tuple[str, Fraction]] = []
    edition = None
    allowed = crit.modifiers + _UNIVERSAL
    for part in filter(None, (p.strip() for p in re.split(r"[/#!]", mods_text))):
        letter, rest = part[0].upper(), part[1:].replace(" ", "")
        if letter == "N":
            raise CriterionError(
                _("{text}: /N (the FIDE reference's unpublished cut variant) is not supported").format(text=repr(text))
            )
        if letter not in allowed:
            shown = ", ".join(_(_MEANING[x]) if x in _MEANING else f"/{x}" for x in allowed)
            raise CriterionError(
                _("{text}: modifier /{letter} does not apply to {code} (allowed: {allowed})").format(
                    text=repr(text), letter=letter, code=code, allowed=shown
                )
            )
        if letter in FLAGS:
            if rest:
                raise CriterionError(_("{text}: /{letter} takes no number").format(text=repr(text), letter=letter))
            modifiers.append((letter, Fraction(1)))
            continue
        if letter == "V":
            if rest not in EDITIONS:
                raise CriterionError(
                    _("{text}: /V{number} is not an edition (/V0 2009-2022, /V1 2024, /V2 2026)").format(
                        text=repr(text), number=rest
                    )
                )
            edition = EDITIONS[rest]
            modifiers.append(("V", Fraction(0)))
            continue
        number = parse_number(rest or "1")
        if letter == "L" and number is not None and rest[:1] not in "+-":  # /L60: a percentage
            if number.denominator != 1 or not 0 < number <= 100:
                raise CriterionError(
                    _("{text}: /L{number} is not a percentage from 1 to 100").format(text=repr(text), number=rest)
                )
            modifiers.append(("%", number))
            continue
        if letter == "L" and number is not None and not re.search(r"[.,½]", rest):
            number = number / 2  # whole numbers count half-points, as in the FIDE reference
        if number is None or (letter in "CMKU" and (number < 0 or number.denominator != 1)):
            raise CriterionError(
                _("{text}: /{modifier} needs a whole number, e.g. /{letter}1").format(
                    text=repr(text), modifier=part, letter=letter
                )
            )
        if letter == "U" and number > 4000:
            raise CriterionError(
                _("{text}: /U{number} is not a rating (at most 4000)").format(text=repr(text), number=rest)
            )
        if letter in "CM" and number > 1000:
            raise CriterionError(
                _("{text}: /{modifier} cuts more than {limit} values").format(
                    text=repr(text), modifier=part, limit=integer_text(1000)
                )
            )
        if letter == "K" and number == 0:
            raise CriterionError(_("{text}: /K0 would divide by zero").format(text=repr(text)))
        if letter == "L" and abs(number) > 1000:
            raise CriterionError(
                _("{text}: /{modifier} moves the limit by more than {limit} points").format(
                    text=repr(text), modifier=part, limit=integer_text(1000)
                )
            )
        modifiers.append((letter, number))
    if basis is not None and not crit.takes_basis:
        raise CriterionError(_("{code} takes no :MP/:GP suffix").format(code=code))
    return Spec(code, args, tuple(modifiers), basis, edition)


def parse_list(text: str | Sequence[str]) -> list[Spec]:
    """A criteria list: a comma-separated string (commas inside parentheses belong to
    the weights) or a sequence of specs.

    >>> [s.label for s in parse_list("SB, BH/C1, SB(2,1,0)")]
    ['SB', 'BH/C1', 'SB(2,1,0)']
    """
    if isinstance(text, str):
        items: list[str] = []
        depth, start = 0, 0
        for k, ch in enumerate(text):
            depth += ch == "("
            depth -= ch == ")"
            if ch == "," and depth == 0:
                items.append(text[start:k])
                start = k + 1
        items.append(text[start:])
        parts = [s for s in (x.strip() for x in items) if s]
    else:
        parts = texts_argument(text, "text", CRITERIA)
    return [parse_spec(p) for p in parts]


ComputeFn = Callable[[Analysis, Spec], Column]
LocalFn = Callable[[Analysis, Spec, Sequence[int]], Column]
ExplainFn = Callable[[Analysis, Spec, int, Sequence[int]], str]


@dataclass
class Criterion:
    """A registered criterion: its code, its name and how to compute and explain it."""

    code: str
    name: str
    compute: ComputeFn | None = None
    local: LocalFn | None = None
    aliases: tuple[str, ...] = ()
    modifiers: str = ""
    takes_args: bool = False
    takes_basis: bool = False
    team: bool = False
    """A criterion of team events only (it needs match and game points, or boards)."""
    lower_is_better: bool = False
    """Ranked in ascending order (start number, goals conceded, disciplinary points…);
    an undefined value then comes first, as in the FIDE reference."""
    count: bool = False
    """Its values are counts (games, wins, rounds, boards, goals, cards) or sums and
    differences of counts: whole numbers, shown without decimals whatever the
    decimals asked for (``--decimals 2`` shows 4 wins as ``4``, not ``4.00``)."""
    explain_fn: ExplainFn | None = None
    local_display: Callable[[Analysis, Sequence[int], Spec], list[Fraction | None]] | None = None
    doc: str = ""

    @property
    def title(self) -> str:
        """The name in the current language (``name`` stays English: the catalogues'
        identifier, and the key of the JSON output)."""
        return _(self.name)

    @property
    def is_local(self) -> bool:
        """Computed among the participants still tied (like direct encounter)."""
        return self.local is not None

    def __call__(self, a: Analysis, spec: Spec) -> Column:
        """The values for every participant (criteria computed over the whole field)."""
        if self.compute is None:
            raise CriterionError(_("{code} is computed among tied participants only").format(code=self.code))
        return self.compute(a, spec)

    def explainer(self, fn: ExplainFn) -> ExplainFn:
        self.explain_fn = fn
        return fn


def explain_value(a: Analysis, spec: Spec, i: int, group: Sequence[int]) -> str:
    """The plain explanation of a value that is not a sum: ``CODE = value (its name)``."""
    crit = REGISTRY[spec.code]
    return f"{spec.label} = {show_decimal(crit(a, spec)[i])} ({crit.title})"


REGISTRY: dict[str, Criterion] = {}
ALIASES: dict[str, str] = {}


def criterion(
    code: str,
    name: str,
    *,
    aliases: Sequence[str] = (),
    modifiers: str = "",
    takes_args: bool = False,
    takes_basis: bool = False,
    local: bool = False,
    lower_is_better: bool = False,
    team: bool = False,
    count: bool = False,
) -> Callable[[Callable[..., Column]], Criterion]:
    """Register a coefficient function under ``code`` (and its aliases); ``count``:
    its values are counts, whole numbers (:attr:`Criterion.count`)."""

    def register(fn: Callable[..., Column]) -> Criterion:
        crit = Criterion(
            code=code,
            name=name,
            compute=None if local else fn,
            local=fn if local else None,
            aliases=tuple(aliases),
            modifiers=modifiers,
            takes_args=takes_args,
            takes_basis=takes_basis,
            lower_is_better=lower_is_better,
            team=team,
            count=count,
            doc=fn.__doc__ or "",
        )
        for key in (code, *aliases):
            if key.upper() in ALIASES:
                raise ValueError(f"criterion code {key} registered twice")
            ALIASES[key.upper()] = code
        REGISTRY[code] = crit
        return crit

    return register
