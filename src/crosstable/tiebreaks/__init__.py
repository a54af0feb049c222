"""The tie-break coefficients, one module per family, registered by code.

The machinery every family shares: :mod:`~crosstable.tiebreaks.columns` (exact
values per participant), :mod:`~crosstable.tiebreaks.analysis` (what every
coefficient reads, unplayed rounds included), :mod:`~crosstable.tiebreaks.cuts` (the
cut and median modifiers), :mod:`~crosstable.tiebreaks.spec` (a criterion as
written), :mod:`~crosstable.tiebreaks.registry` (the codes, and reading a list
against them) and :mod:`~crosstable.tiebreaks.words` (sums in words). The families:
``basic``, ``berger``, ``buchholz``, ``koya``, ``direct``, ``fide``, ``rating``,
``football``, ``confederations``, ``potential``, ``team``; importing this package registers them all.

>>> from crosstable.tiebreaks import REGISTRY
>>> REGISTRY["SB"].name, REGISTRY["KS"].name
('Sonneborn–Berger', 'Koya system')
"""

from crosstable.tiebreaks import (  # noqa: F401 - importing a family registers its criteria
    basic,
    berger,
    buchholz,
    confederations,
    direct,
    fide,
    football,
    go,
    koya,
    potential,
    rating,
    team,
)
from crosstable.tiebreaks.analysis import Analysis
from crosstable.tiebreaks.columns import Column
from crosstable.tiebreaks.registry import ALIASES, REGISTRY, Criterion, criterion, parse_list, parse_spec
from crosstable.tiebreaks.spec import Spec

__all__ = [
    "ALIASES",
    "REGISTRY",
    "Analysis",
    "Column",
    "Criterion",
    "Spec",
    "criterion",
    "parse_list",
    "parse_spec",
]
