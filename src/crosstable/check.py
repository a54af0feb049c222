"""What a file prints against what its own rules give: ``crosstable check``.

A tournament file often carries the standings of the program that wrote it: a TRF
``001`` line its points and rank, a TRF-2026 ``310`` team line its match points, game
points and rank, a crosstable text its trailing columns (points, place, ``+ = −``, a
coefficient column such as ``SB``). The readers keep those printed values
(:attr:`Tournament.declared <crosstable.model.Tournament.declared>`); :func:`check`
ranks the event by its own rules (its TRF-2026 ``202`` list, else the default of its
kind, or the criteria given, as ``standings`` does) and lists every printed value that
differs from the computed one, with its line and column. FIDE's endorsement process
for tie-break software asks that standings which break their tie-break list be
reported: this is that report, for any program's output.

Decisions written down here:

- Everything the reader kept is compared (:func:`crosstable.ranking.disagreements`
  with ``every=True``), TRF ranks and team totals included; ``standings`` warns only
  about a TRF's printed ``001`` points and a crosstable text's columns, since a rank
  printed by another program under another list is not worth a warning on every run.
- A printed place agrees with any place of a shared range (printed 3, computed
  ``3-4``); a place nobody is ranked at (``among``) is not compared.
- ``compared`` counts the printed values compared: those of a column that is no value
  we compute (an unknown code, or ``DE``, computed among the tied only) are left out.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from crosstable.errors import CrosstableError
from crosstable.i18n import _
from crosstable.model import Tournament
from crosstable.ranking import Disagreement, computed_values, disagreement_text, disagreements, rank


@dataclass
class CheckResult:
    """The printed values of a file compared with the computed ones (:func:`check`)."""

    source: str | None
    """The file, as the tournament names it (``None``: not said)."""
    criteria: list[str]
    """The criteria ranked by, after the points (their labels: ``BH/C1``, ``SB``)."""
    criteria_source: str
    """Where the criteria come from, in words (the file's list, a preset, as given)."""
    compared: int
    """How many printed values were compared."""
    differences: list[Disagreement] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    """The ranking's warnings, without the differences (which are listed apart)."""

    @property
    def ok(self) -> bool:
        """Whether the file prints what its rules give."""
        return not self.differences

    def lines(self) -> list[str]:
        """Each difference as a sentence, ``FILE:LINE:COL: NAME's place is printed as 3, computed 4``."""
        return [disagreement_text(d, self.source) for d in self.differences]

    def to_dict(self) -> dict[str, object]:
        """A JSON-ready dictionary: the values as the file prints them and as computed (text)."""
        return {
            "file": self.source,
            "criteria": list(self.criteria),
            "criteria_source": self.criteria_source,
            "compared": self.compared,
            "differences": [
                {
                    "participant": d.participant,
                    "what": d.what,
                    "printed": d.printed,
                    "computed": d.computed,
                    "line": d.line,
                    "column": d.column,
                }
                for d in self.differences
            ],
            "warnings": list(self.warnings),
        }


def check(
    t: Tournament,
    criteria: Sequence[str] | str | None = None,
    *,
    rules: str | None = None,
    announced_rounds: bool = False,
) -> CheckResult:
    """Rank ``t`` (by ``criteria``, else the preset ``rules``, else the file's own list or
    the default of its kind: :func:`crosstable.rank`) and compare every value the file
    prints with the computed one.

    >>> t = Tournament.from_games(["A", "B"], [("A", "B", "1-0")])
    >>> check(t).compared
    0
    """
    if t.groups is not None:
        raise CrosstableError(_("check compares one table: this event is played in groups"))
    s = rank(t, criteria, rules=rules, announced_rounds=announced_rounds)
    computed = computed_values(s, every=True)
    found = sorted(disagreements(s, every=True, computed=computed), key=lambda d: (d.line, d.column))
    declared = s.tournament.declared
    compared = 0
    for key, have in computed.items():
        compared += sum(1 for i in declared.get(key, {}) if key != "place" or have[i])
    shown = {disagreement_text(d, s.tournament.source) for d in found}
    warnings = [w for w in s.warnings if w not in shown]
    return CheckResult(s.tournament.source, s.labels, s.criteria_source, compared, found, warnings)


__all__ = ["CheckResult", "check"]
