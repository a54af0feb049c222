"""The registry: every criterion under its code and aliases, with how to compute it
and explain it, and the reading of a written criteria list against it.

A coefficient is a small function ``f(analysis, spec) -> Column`` registered under
its code with :func:`criterion` (a criterion computed only among tied participants,
like direct encounter, takes the tied group too).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from crosstable.errors import CriterionError
from crosstable.numbers import fmt_decimal, parse_number
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
    "C": "/Cn cut the n lowest", "M": "/Mn cut the n lowest and n highest", "L": "/L±n Koya limit",
    "K": "/Kn divisor", "U": "/U<rating> for the unrated", "P": "/P pairings predetermined",
    "S": "/S Swiss treatment", "D": "/D own results as draws", "F": "/F fore (last round as draws)",
    "X": "/X swap the scores", "R": "/R reverse", "V": "/V edition",
}  # fmt: skip


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
    m = _PATTERN.match(text)
    if not m:
        raise CriterionError(f"cannot read the criterion {text!r} (expected e.g. SB, BH/C1, KS/L+2, SB(2,1,0))")
    raw, args_text, year, basis_first, mods_text, basis_last = m.groups()
    if basis_first and basis_last:
        raise CriterionError(f"{text!r}: give :MP or :GP once")
    if year is not None and not year.isdigit():
        raise CriterionError(f"{text!r}: @{year} is not a year")
    basis = (basis_first or basis_last or "").upper() or None
    basis = {"MM": "MP", "GG": "GP"}.get(basis or "", basis)
    code = ALIASES.get(raw.upper())
    if code is None:
        known = ", ".join(sorted(REGISTRY))
        raise CriterionError(f"unknown criterion {raw!r}; known codes: {known}")
    crit = REGISTRY[code]
    args: tuple[Fraction, ...] | None = None
    if args_text is not None:
        if not crit.takes_args:
            raise CriterionError(f"{code} takes no weights in parentheses")
        values = [parse_number(x) for x in args_text.split(",")]
        if len(values) != 3 or any(v is None for v in values):
            raise CriterionError(f"{text!r}: give three weights (win, draw, loss), e.g. {code}(2,1,0)")
        args = tuple(v for v in values if v is not None)
    modifiers: list[tuple[str, Fraction]] = []
    edition = None
    allowed = crit.modifiers + _UNIVERSAL
    for part in filter(None, (p.strip() for p in re.split(r"[/#!]", mods_text))):
        letter, rest = part[0].upper(), part[1:].replace(" ", "")
        if letter == "N":
            raise CriterionError(f"{text!r}: /N (the FIDE reference's unpublished cut variant) is not supported")
        if letter not in allowed:
            shown = ", ".join(_MEANING.get(x, f"/{x}") for x in allowed)
            raise CriterionError(f"{text!r}: modifier /{letter} does not apply to {code} (allowed: {shown})")
        if letter in FLAGS:
            if rest:
                raise CriterionError(f"{text!r}: /{letter} takes no number")
            modifiers.append((letter, Fraction(1)))
            continue
        if letter == "V":
            if rest not in EDITIONS:
                raise CriterionError(f"{text!r}: /V{rest} is not an edition (/V0 2009-2022, /V1 2024, /V2 2026)")
            edition = EDITIONS[rest]
            modifiers.append(("V", Fraction(0)))
            continue
        number = parse_number(rest or "1")
        if letter == "L" and number is not None and rest[:1] not in "+-":  # /L60: a percentage
            if number.denominator != 1 or not 0 < number <= 100:
                raise CriterionError(f"{text!r}: /L{rest} is not a percentage from 1 to 100")
            modifiers.append(("%", number))
            continue
        if letter == "L" and number is not None and not re.search(r"[.,½]", rest):
            number = number / 2  # whole numbers count half-points, as in the FIDE reference
        if number is None or (letter in "CMKU" and (number < 0 or number.denominator != 1)):
            raise CriterionError(f"{text!r}: /{part} needs a whole number, e.g. /{letter}1")
        if letter == "U" and number > 4000:
            raise CriterionError(f"{text!r}: /U{rest} is not a rating (at most 4000)")
        if letter in "CM" and number > 1000:
            raise CriterionError(f"{text!r}: /{part} cuts more than 1,000 values")
        if letter == "K" and number == 0:
            raise CriterionError(f"{text!r}: /K0 would divide by zero")
        if letter == "L" and abs(number) > 1000:
            raise CriterionError(f"{text!r}: /{part} moves the limit by more than 1,000 points")
        modifiers.append((letter, number))
    if basis is not None and not crit.takes_basis:
        raise CriterionError(f"{code} takes no :MP/:GP suffix")
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
        parts = list(text)
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
    explain_fn: ExplainFn | None = None
    local_display: Callable[[Analysis, Sequence[int], Spec], list[Fraction | None]] | None = None
    doc: str = ""

    @property
    def is_local(self) -> bool:
        """Computed among the participants still tied (like direct encounter)."""
        return self.local is not None

    def __call__(self, a: Analysis, spec: Spec) -> Column:
        """The values for every participant (criteria computed over the whole field)."""
        if self.compute is None:
            raise CriterionError(f"{self.code} is computed among tied participants only")
        return self.compute(a, spec)

    def explainer(self, fn: ExplainFn) -> ExplainFn:
        self.explain_fn = fn
        return fn


def explain_value(a: Analysis, spec: Spec, i: int, group: Sequence[int]) -> str:
    """The plain explanation of a value that is not a sum: ``CODE = value (its name)``."""
    crit = REGISTRY[spec.code]
    return f"{spec.label} = {fmt_decimal(crit(a, spec)[i])} ({crit.name})"


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
) -> Callable[[Callable[..., Column]], Criterion]:
    """Register a coefficient function under ``code`` (and its aliases)."""

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
            doc=fn.__doc__ or "",
        )
        for key in (code, *aliases):
            if key.upper() in ALIASES:
                raise ValueError(f"criterion code {key} registered twice")
            ALIASES[key.upper()] = code
        REGISTRY[code] = crit
        return crit

    return register
