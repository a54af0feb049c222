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
from crosstable.tiebreaks.spec import Spec

_PATTERN = re.compile(
    r"^\s*([A-Za-z][A-Za-z0-9_-]*)\s*(?:\(([^()]*)\))?\s*(?::\s*(MP|GP)\s*)?"
    r"((?:/\s*[A-Za-z]\s*[+-]?\s*[\d.,½]*\s*)*)(?::\s*(MP|GP))?\s*$",
    re.IGNORECASE,
)


def parse_spec(text: str) -> Spec:
    """A criterion as written (``bh/c1``, ``KB``, ``SB(2, 1, 0)``, ``BH:GP/C1``), read
    against the registry: aliases become the canonical code, and weights, modifiers
    and the ``:MP``/``:GP`` suffix are checked against what the criterion takes.

    >>> parse_spec("bh/c1")
    Spec('BH/C1')
    >>> parse_spec("KB").code, parse_spec("SB(2, 1, 0)").args
    ('SB', (Fraction(2, 1), Fraction(1, 1), Fraction(0, 1)))
    """
    m = _PATTERN.match(text)
    if not m:
        raise CriterionError(f"cannot read the criterion {text!r} (expected e.g. SB, BH/C1, KS/L+1, SB(2,1,0))")
    raw, args_text, basis_first, mods_text, basis_last = m.groups()
    if basis_first and basis_last:
        raise CriterionError(f"{text!r}: give :MP or :GP once")
    basis = basis_first or basis_last
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
    for part in filter(None, (p.strip() for p in mods_text.split("/"))):
        letter = part[0].upper()
        if letter not in crit.modifiers:
            allowed = ", ".join(f"/{x}n" for x in crit.modifiers) or "none"
            raise CriterionError(f"{text!r}: modifier /{letter} does not apply to {code} (allowed: {allowed})")
        number = parse_number(part[1:].replace(" ", "") or "1")
        if number is None or (letter in "CM" and (number < 0 or number.denominator != 1)):
            raise CriterionError(f"{text!r}: /{part} needs a whole number, e.g. /{letter}1")
        modifiers.append((letter, number))
    if basis is not None and not crit.takes_basis:
        raise CriterionError(f"{code} takes no :MP/:GP suffix")
    return Spec(code, args, tuple(modifiers), basis.upper() if basis else None)


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
    explain_fn: ExplainFn | None = None
    local_display: Callable[[Analysis, Sequence[int], Spec], list[Fraction]] | None = None
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
            doc=fn.__doc__ or "",
        )
        for key in (code, *aliases):
            if key.upper() in ALIASES:
                raise ValueError(f"criterion code {key} registered twice")
            ALIASES[key.upper()] = code
        REGISTRY[code] = crit
        return crit

    return register
