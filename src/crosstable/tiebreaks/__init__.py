"""The tie-break coefficients, one module per family, registered by code.

>>> from crosstable.tiebreaks import REGISTRY
>>> REGISTRY["SB"].name, REGISTRY["KS"].name
('Sonneborn–Berger', 'Koya system')
"""

from crosstable.tiebreaks import basic, berger, buchholz, direct, fide, football, koya, potential, rating  # noqa: F401
from crosstable.tiebreaks.base import (
    ALIASES,
    REGISTRY,
    Analysis,
    Column,
    Criterion,
    Spec,
    criterion,
    parse_list,
)

__all__ = ["ALIASES", "REGISTRY", "Analysis", "Column", "Criterion", "Spec", "criterion", "parse_list"]
