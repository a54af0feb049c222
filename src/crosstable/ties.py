"""How a list of criteria splits the tied, in plain Python (no import but itertools):
the order keys of a criterion's values, the split of the tied groups by them, each
participant's group. :mod:`crosstable.ranking` and the quick path's ranking
(:mod:`crosstable.quick.standings`) rank with them."""

from __future__ import annotations

from itertools import pairwise

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Sequence
    from typing import Any


def order_keys(
    values: Sequence[int], missing: Sequence[bool] | None, ascending: bool, missing_first: bool
) -> list[int]:
    """Integers that order a criterion's values best first (higher first): the values,
    negated when lower ranks first (``ascending``); a missing (undefined) value just
    beyond the others, first or last.

    >>> order_keys([3, 1, 0], [False, False, True], False, False), order_keys([3, 1, 0], None, True, True)
    ([3, 1, 0], [-3, -1, 0])
    """
    keys = [-int(x) if ascending else int(x) for x in values]
    if missing is not None and any(missing):
        known = [k for k, m in zip(keys, missing, strict=True) if not m]
        top, bottom = (max(known) + 1, min(known) - 1) if known else (0, 0)
        keys = [(top if missing_first else bottom) if m else k for k, m in zip(keys, missing, strict=True)]
    return keys


def split(groups: list[list[int]], key: Any, held: set[int] | None = None) -> list[list[int]]:
    """Split every group by descending key (a list or an array, by participant),
    keeping the input order among equals (a group whose first member is in ``held``
    stays whole).

    >>> split([[0, 1, 2, 3]], [1, 2, 1, 0])
    [[1], [0, 2], [3]]
    """
    out: list[list[int]] = []
    for g in groups:
        if len(g) <= 1 or (held and g[0] in held):
            out.append(g)
            continue
        keys = [int(key[p]) for p in g]
        ordered = sorted(range(len(g)), key=lambda k: -keys[k])
        current = [g[ordered[0]]]
        for a, b in pairwise(ordered):
            if keys[a] == keys[b]:
                current.append(g[b])
            else:
                out.append(current)
                current = [g[b]]
        out.append(current)
    return out


def group_ids(groups: list[list[int]], n: int) -> list[int]:
    """Each of the n participants' group number (to find what separated two rows)."""
    ids = [0] * n
    for k, g in enumerate(groups):
        for p in g:
            ids[p] = k
    return ids
