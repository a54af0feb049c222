"""How two spellings of a name compare, in plain Python (the model, the readers' checks
and the quick path share it): case and spacing aside (:func:`name_key`), and one slip
apart (:func:`alike`: a letter added, left out or changed, two neighbours swapped).

The decisions are :mod:`crosstable.io.checks`'s (names written almost alike).
"""

from __future__ import annotations

from itertools import combinations

SHORTEST = 4
"""The shortest names compared: ``A`` and ``B``, ``Ann`` and ``Ana`` are too short to tell
a slip from another name."""
FAMILY = 32
"""The most names filed under one text that are compared with each other."""


def name_key(name: str) -> str:
    """A name as two spellings of it compare: case and spacing aside (``japan`` and
    ``Japan``, ``Côte d'Ivoire`` with one space or two, are one).

    >>> name_key("  Côte  d'Ivoire ") == name_key("côte d'ivoire")
    True
    """
    return " ".join(name.split()).casefold()


def one_slip(a: str, b: str) -> bool:
    """Whether one edit turns ``a`` into ``b``: a character added or left out, one
    changed, or two neighbours swapped.

    >>> one_slip("anna", "anan"), one_slip("anna", "ann"), one_slip("anna", "bnnb")
    (True, True, False)
    """
    if len(a) > len(b):
        a, b = b, a
    if len(b) - len(a) > 1 or a == b:
        return False
    start = next((k for k, (x, y) in enumerate(zip(a, b, strict=False)) if x != y), len(a))
    if len(a) < len(b):
        return a[start:] == b[start + 1 :]
    if a[start + 1 :] == b[start + 1 :]:
        return True
    return a[start + 2 :] == b[start + 2 :] and a[start : start + 2] == b[start : start + 2][::-1]


def _digits(text: str) -> str:
    return "".join(ch for ch in text if ch.isdigit())


def alike(names: list[str]) -> list[tuple[int, int]]:
    """The pairs of names (by index, ascending) one slip apart, case and spacing aside,
    both at least :data:`SHORTEST` characters long and their digits the same (``Team 1``
    and ``Team 2`` are numbered, not misspelt). Only the pairs one deletion apart are
    compared (each name filed under itself and under every text one character other than
    a digit shorter); a family of more than :data:`FAMILY` names filed together is a
    naming scheme (``Kim, A`` to ``Kim, Z``) and is not compared.

    >>> alike(["Anna", "Bob", "Anan", "Team 1", "Team 2", "Cid"])
    [(0, 2)]
    """
    keys = [name_key(x) for x in names]
    filed: dict[str, list[int]] = {}
    for i, key in enumerate(keys):
        if len(key) < SHORTEST:
            continue
        # a slip in a digit changes the name's digits, so only the other characters are left out
        for variant in {key, *(key[:p] + key[p + 1 :] for p, ch in enumerate(key) if not ch.isdigit())}:
            filed.setdefault(variant, []).append(i)
    found: set[tuple[int, int]] = set()
    for members in filed.values():
        if len(members) < 2 or len(members) > FAMILY:
            continue
        for i, j in combinations(sorted(members), 2):
            if (i, j) not in found and one_slip(keys[i], keys[j]) and _digits(keys[i]) == _digits(keys[j]):
                found.add((i, j))
    return sorted(found)
