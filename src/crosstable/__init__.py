"""crosstable: tournament results in, exact standings out.

>>> import crosstable
>>> t = crosstable.read("examples/seed-7-players.tsv")
>>> s = crosstable.rank(t, ["SB", "SHM"])
>>> [(r.place, r.name, str(r.values["SB"])) for r in s.rows[2:4]]
[('3', 'Zhelyazkov', '9'), ('4', 'Angelov', '31/4')]
"""

from crosstable.competition import Competition, rank_competition
from crosstable.errors import CriterionError, CrosstableError, InputError, Problem
from crosstable.io import read, read_text
from crosstable.model import Game, Scoring, Tournament
from crosstable.ranking import Row, Standings, rank
from crosstable.tiebreaks import REGISTRY, Spec, parse_list, parse_spec

__all__ = [
    "REGISTRY",
    "Competition",
    "CriterionError",
    "CrosstableError",
    "Game",
    "InputError",
    "Problem",
    "Row",
    "Scoring",
    "Spec",
    "Standings",
    "Tournament",
    "parse_list",
    "parse_spec",
    "rank",
    "rank_competition",
    "read",
    "read_text",
]
