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

FLAGS = "P"
"""Modifiers that take no number: ``/P`` (DE: pairings predetermined, forfeits count)."""


@dataclass(frozen=True)
class Spec:
    """A criterion as written in a list: code, optional weights, modifiers, basis.

    ``SB``, ``BH/C1``, ``KS/L+1``, ``SB(2,1,0)``, ``SB:GP``, ``BH:GP/C1`` are all specs;
    the point-system suffix may also follow the modifiers (``BH/C1:GP``). The label is
    written as in the TRF-2026 ``202`` line: code, suffix, modifiers.

    >>> Spec("BH", modifiers=(("C", Fraction(1)),))
    Spec('BH/C1')
    """

    code: str
    args: tuple[Fraction, ...] | None = None
    modifiers: tuple[tuple[str, Fraction], ...] = ()
    basis: str | None = None

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
                continue
            sign = "+" if letter == "L" and number >= 0 else ""
            text += f"/{letter}{sign}{fmt_decimal(number)}"
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

    def __repr__(self) -> str:
        return f"Spec({self.label!r})"
