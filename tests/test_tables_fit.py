"""Issue #26: every command's text table fits ``COLUMNS`` and cuts no cell: a table
wider than the terminal is printed in blocks of columns, each repeating the name."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

import crosstable
from crosstable.cli import main
from crosstable.io.writers import to_text
from tests.conftest import EXAMPLES

LEAGUE = EXAMPLES / "premier-league-2015-16-on-2016-05-02.csv"  # 20 clubs, 25 games left
REAL = Path(__file__).parent / "data" / "real"


def _scenarios(columns: int, *more: str) -> str:
    args = ["scenarios", str(LEAGUE), "--samples", "2000", "-q", *more]
    result = CliRunner().invoke(main, args, env={"COLUMNS": str(columns)})
    assert result.exit_code == 0, result.output
    return result.stdout


def test_scenarios_follow_columns_and_cut_no_percentage() -> None:
    data = json.loads(_scenarios(100, "-o", "json"))
    for columns in (100, 1000):
        text = _scenarios(columns)
        lines = text.splitlines()
        assert "…" not in text
        assert max(len(line) for line in lines) <= columns
        # every probability of the JSON report is in the text, whole, on its club's lines
        for p in data["participants"]:
            mine = " ".join(line for line in lines if line.startswith(f" {p['name']} "))
            for share in p["places"].values():
                shown = {f"{100 * share + e:.1f}%" for e in (-1e-6, 1e-6)}  # a half rounded either way
                assert any(x in mine for x in shown), (p["name"], share)
        blocks = sum(1 for line in lines if line.lstrip().startswith("Name "))
        assert (blocks == 1) == (columns == 1000)  # 20 places do not fit 100 columns: blocks of them


def test_outlook_follows_columns() -> None:
    args = ["outlook", str(LEAGUE), "--rules", "premier-league", "--zones", "title=1,relegation=18-20"]
    for columns in (60, 120):
        result = CliRunner().invoke(main, args, env={"COLUMNS": str(columns)})
        assert result.exit_code == 0, result.output
        assert "…" not in result.stdout
        assert max(len(line) for line in result.stdout.splitlines()) <= columns
        assert "possible (magic 2, need 0)" in result.stdout  # Leicester's title cell, whole


def test_a_wide_standings_is_cut_in_blocks_not_in_cells() -> None:
    # JaVaFo's sample export: start number, title, federation, rating and nine criteria
    s = crosstable.rank(
        crosstable.read(REAL / "ejs_javafo_sample2.trf"), ["BH/C1", "BH", "SB", "PS", "ARO", "TPR", "WIN", "BPG"]
    )
    _head, body = crosstable.report.standings_table(s)
    for width in (60, 80):
        text = to_text(s, width=width, heading=False)
        assert "…" not in text
        assert max(len(line) for line in text.splitlines()) <= width
        words = " ".join(text.split())  # the Decided notes go below the table, wrapped at the width
        for row in body:  # every cell of every row is printed whole
            for cell in row:
                assert cell in words
