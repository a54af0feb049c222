"""The arithmetic behind each number, in the words an arbiter uses.

``SB = 2.5 (½ of Mikhailov's 5) + 2.25 (½ of Alexandrov's 4½) + … = 9`` — the style
of the seeds' worked examples: every term, what it is made of, and the total.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from crosstable.numbers import fmt_vulgar
from crosstable.tiebreaks import REGISTRY

if TYPE_CHECKING:
    from crosstable.ranking import Standings


def explain(s: Standings, i: int) -> str:
    """Every criterion of the standings for participant ``i``, one line each,
    after a first line with the participant's place, points and record."""
    a = s.analysis
    row = next(r for r in s.rows if r.index == i)
    w, d, lo = int(a.wins[i]), int(a.draws[i]), int(a.losses[i])
    lines = [
        f"{row.name}: place {row.place}, {fmt_vulgar(row.points)} points "
        f"({w} won, {d} drawn, {lo} lost)" + (f", ahead of the next on {row.ahead_on}" if row.ahead_on else "")
    ]
    for spec in s.criteria:
        crit = REGISTRY[spec.code]
        group = s.groups.get((spec.label, i), [i])
        if crit.explain_fn is None:
            lines.append(f"{spec.label} = {fmt_vulgar(row.values[spec.label])}")
        else:
            lines.append(crit.explain_fn(a, spec, i, group))
    return "\n".join(lines)
