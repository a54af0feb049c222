"""Issue #26: a count (wins, games, goals) is never shown with decimals, whatever
``--decimals`` says; being a count is a property of the criterion
(:attr:`crosstable.tiebreaks.registry.Criterion.count`), not a list in a writer."""

from __future__ import annotations

from fractions import Fraction

import crosstable
from crosstable.io.writers import to_html, to_markdown
from crosstable.model import PENDING
from crosstable.report import standings_table
from crosstable.tiebreaks import REGISTRY
from tests import naive
from tests.conftest import EXAMPLES


def test_counts_are_a_property_of_the_criterion() -> None:
    assert all(REGISTRY[code].count for code in ("WIN", "WON", "BPG", "BWG", "GE", "REP", "VUR", "NUM", "GF", "GA"))
    assert not any(REGISTRY[code].count for code in ("PTS", "SB", "BH", "KS", "DE", "ARO", "GPTS", "MPVGP", "GAV"))


def test_wins_and_games_print_whole_with_two_decimals() -> None:
    # the Bulgarian article's 7-player round robin
    t = crosstable.read(EXAMPLES / "seed-7-players.tsv")
    s = crosstable.rank(t, ["SB", "WIN", "NUM"])
    wins, games = naive.wins(t), [len(g) for g in naive.results(t)]
    head, body = standings_table(s, decimals=2)
    for row, r in zip(body, s.rows, strict=True):
        assert row[head.index("WIN")] == str(wins[r.index])
        assert row[head.index("NUM")] == str(games[r.index])
        assert row[head.index("SB")].count(".") == 1 and len(row[head.index("SB")].split(".")[1]) == 2
        assert row[head.index("Points")].endswith((".00", ".50"))  # points are not counts
    markdown, html = to_markdown(s, decimals=2), to_html(s, decimals=2)
    mikhailov = next(r for r in s.rows if r.name == "Mikhailov")
    assert f"| {wins[mikhailov.index]} | {games[mikhailov.index]} |" in markdown
    assert f"{wins[mikhailov.index]}.00" not in " ".join(c for row in body for c in row[3:])
    assert "<td" in html and f">{games[mikhailov.index]}.00<" not in html


def test_goals_conceded_print_whole_in_a_league_table() -> None:
    t = crosstable.read(EXAMPLES / "worldcup-2018-group-H.csv")
    s = crosstable.rank(t, ["GD", "GF", "GA", "AW"])
    conceded = [Fraction(0)] * len(t.names)
    for g in t.games:
        if g.status != PENDING:
            conceded[g.white] += g.black_score
            conceded[g.black] += g.white_score
    head, body = standings_table(s, decimals=3)
    for row, r in zip(body, s.rows, strict=True):
        assert row[head.index("GA")] == str(conceded[r.index])
        assert "." not in row[head.index("AW")]
