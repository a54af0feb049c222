"""A criterion as written in a list: its code, optional weights, modifiers and the
point-system basis (``SB``, ``BH/C1``, ``KS/L+1``, ``SB(2,1,0)``, ``BH:GP/C1``). A
:class:`Spec` is plain data; :func:`crosstable.tiebreaks.registry.parse_spec` reads one
from text against the codes the registry knows.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property

from crosstable.numbers import fmt_decimal

FLAGS = "PSDFRX"
"""Modifiers that take no number: ``/P`` pairings predetermined (forfeits count as
played), ``/S`` Swiss treatment of a round robin, ``/D`` own results as draws (SB),
``/F`` the last round as draws (fore), ``/R`` reverse the order, ``/X`` swap the
primary and secondary scores."""

EDITIONS = {"0": "virtual", "2022": "virtual", "1": "2024", "2024": "2024", "2": "2026", "2026": "2026", "": "2026"}
"""``/V`` and its number: the edition of FIDE C.07 a criterion applies (``/V0`` the
2009-2022 rules, ``/V1`` 2024, ``/V2`` or ``/V`` 2026), as the FIDE reference writes it."""


@dataclass(frozen=True)
class Spec:
    """A criterion as written in a list: code, optional weights, modifiers, basis.

    ``SB``, ``BH/C1``, ``KS/L+2``, ``SB(2,1,0)``, ``SB:GP``, ``BH:GP/C1`` are all specs;
    the point-system suffix may also follow the modifiers (``BH/C1:GP``). The label is
    written as in the TRF-2026 ``202`` line: code, suffix, modifiers. ``basis`` is
    ``MP`` or ``GP`` (the score the criterion takes), or two letters, the opponents'
    score then the participant's own (``MG``: match points × game points).

    >>> Spec("BH", modifiers=(("C", Fraction(1)),))
    Spec('BH/C1')
    """

    code: str
    args: tuple[Fraction, ...] | None = None
    modifiers: tuple[tuple[str, Fraction], ...] = ()
    basis: str | None = None
    edition: str | None = None
    """The edition ``/V`` asks for (``virtual``, ``2024``, ``2026``), else ``None``."""

    @cached_property
    def label(self) -> str:
        """The canonical text of the spec (used as its key in every output)."""
        text = self.code
        if self.args is not None:
            text += "(" + ",".join(fmt_decimal(a) for a in self.args) + ")"
        if self.basis:
            text += f":{self.basis}"
        for letter, number in self.modifiers:
            if letter in FLAGS:
                text += f"/{letter}"
            elif letter == "L":  # written in half-points, as the FIDE reference writes it
                half = 2 * number
                shown = (
                    fmt_decimal(half)
                    if half.denominator == 1
                    else fmt_decimal(number) + ("" if "." in fmt_decimal(number) else ".0")
                )
                text += f"/L{'+' if number >= 0 else ''}{shown}"
            elif letter == "%":
                text += f"/L{fmt_decimal(number)}"
            elif letter == "V":
                text += "/V" + {"virtual": "0", "2024": "1", "2026": "2"}[self.edition or "2026"]
            else:
                text += f"/{letter}{fmt_decimal(number)}"
        return text

    @property
    def cuts(self) -> tuple[int, int]:
        """``(low, high)``: how many least and most significant values the modifiers
        remove: ``/Cn`` the n lowest, ``/Mn`` the n lowest and the n highest."""
        c = int(self.modifier("C", Fraction(0)) or 0)
        m = int(self.modifier("M", Fraction(0)) or 0)
        return c + m, m

    def modifier(self, letter: str, default: Fraction | None = None) -> Fraction | None:
        for lt, n in self.modifiers:
            if lt == letter:
                return n
        return default

    def has(self, letter: str) -> bool:
        """Whether the flag (``/P``, ``/S``, ``/F`` …) is given."""
        return any(lt == letter for lt, _ in self.modifiers)

    @property
    def opponents_basis(self) -> str | None:
        """The opponents' score the criterion takes: ``MP``, ``GP`` or ``None`` (points)."""
        if self.basis is None:
            return None
        return self.basis if len(self.basis) == 2 and self.basis[1] == "P" else self.basis[0] + "P"

    def __repr__(self) -> str:
        return f"Spec({self.label!r})"
