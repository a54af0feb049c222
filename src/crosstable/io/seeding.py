"""Seeding by a standings: the order of names that a schedule (``crosstable schedule
--seed-from``) or a saved event takes from a previous event's standings."""

from __future__ import annotations

import json

from crosstable.io import read_text
from crosstable.ranking import rank


def standings_order(text: str, source: str | None = None, tiebreaks: str | None = None) -> list[str]:
    """Names in the order of a standings: our ``--output json`` (its rows by rank), or
    any tournament file, ranked here (``tiebreaks``, else its default criteria)."""
    try:
        data = json.loads(text)
    except ValueError:
        data = None
    if isinstance(data, dict) and isinstance(data.get("standings"), list):
        rows = sorted(data["standings"], key=lambda r: r.get("rank", 0) if isinstance(r, dict) else 0)
        return [str(r.get("name")) for r in rows if isinstance(r, dict)]
    return [r.name for r in rank(read_text(text, source=source), tiebreaks).rows]
