"""Issues #26 and #27: points deductions show in every output: an ``Adj`` column in
text, Markdown, HTML and CSV, marked ``*`` on a row with points deducted (not in CSV,
whose cells stay numbers), a note per deducted team below the table (the warnings:
``Everton FC: 8 points deducted (48 from the results, 40 in the table)``), in each row
of the standings JSON ``adjustment`` (signed, what the points include: ``-8``) and
``deduction`` (the points deducted: ``8``; 0 for none), and a line of the explanation
(``Points = 48 (from the results) − 8 (deducted) = 40``).

The season is the Premier League 2023/24 (openfootball, results only) with the
league's deductions of that season (Everton 6 + 2, Nottingham Forest 4; typed from the
league's announcements, tests/data/competitions/SOURCES.tsv); Ligue 1 2023/24's
(Montpellier 1) is in tests/test_presets.py."""

from __future__ import annotations

import csv
import io
import json
from fractions import Fraction
from pathlib import Path

from click.testing import CliRunner

import crosstable
from crosstable.cli import main
from crosstable.io.sidecar import add_discipline
from crosstable.io.writers import to_csv, to_html, to_json, to_markdown
from crosstable.model import PENDING
from crosstable.report import standings_table

DATA = Path(__file__).parent / "data"
SEASON = DATA / "openfootball" / "en-1-2023-24.json"  # Premier League 2023/24, results only
DEDUCTIONS = DATA / "competitions" / "premier-league-2023-24.deductions.csv"  # Everton 8, Forest 4


def _deducted() -> dict[str, Fraction]:
    with DEDUCTIONS.open(encoding="utf-8") as f:
        return {row["team"]: Fraction(row["deduction"]) for row in csv.DictReader(f)}


def _from_the_games(t: crosstable.Tournament) -> dict[str, Fraction]:
    won = {name: Fraction(0) for name in t.names}
    for g in t.games:
        if g.status == PENDING:
            continue
        home, away = t.names[g.white], t.names[g.black]
        if g.white_score == g.black_score:
            won[home] += 1
            won[away] += 1
        else:
            won[home if g.white_score > g.black_score else away] += 3
    return won


def test_a_deduction_shows_in_every_format() -> None:
    t = add_discipline(crosstable.read(SEASON), DEDUCTIONS)
    s = crosstable.rank(t, rules="premier-league")
    deducted, games = _deducted(), _from_the_games(t)
    assert set(deducted) == {"Everton FC", "Nottingham Forest FC"}
    head, body = standings_table(s)
    assert head.index("Adj") == head.index("Pts") - 1
    rows = {row[1]: row for row in body}
    data = {r["name"]: r for r in json.loads(to_json(s))["standings"]}
    spreadsheet = {r["Team"]: r for r in csv.DictReader(io.StringIO(to_csv(s)))}
    markdown, html = to_markdown(s), to_html(s)
    assert "Adj" in markdown and "Adj" in html
    for name in t.names:
        minus = deducted.get(name, Fraction(0))
        points = games[name] - minus
        assert s.row(name).points == points
        shown = "0" if not minus else f"-{minus}"
        assert rows[name][head.index("Adj")] == (f"{shown}*" if minus else shown)  # the mark of a deduction
        assert rows[name][head.index("Pts")] == str(points)
        assert data[name]["adjustment"] == -minus and data[name]["points"] == points
        assert data[name]["deduction"] == minus
        assert spreadsheet[name]["Adj"] == shown  # no mark in CSV: a number
    notes = [w for w in s.warnings if "deducted" in w]
    assert notes == [
        f"Everton FC: 8 points deducted ({games['Everton FC']} from the results, "
        f"{games['Everton FC'] - 8} in the table)",
        f"Nottingham Forest FC: 4 points deducted ({games['Nottingham Forest FC']} from the results, "
        f"{games['Nottingham Forest FC'] - 4} in the table)",
    ]  # in the order of the table: Everton 15th, Forest 17th
    assert all(f"**Note:** {note}" in markdown and note in html for note in notes)
    assert set(notes) <= set(json.loads(to_json(s))["warnings"])
    everton = s.explain("Everton FC").splitlines()[1]
    assert everton == f"Points = {games['Everton FC']} (from the results) − 8 (deducted) = {games['Everton FC'] - 8}"
    assert "(deducted)" not in s.explain("Arsenal FC")


def test_the_command_line_shows_the_deduction() -> None:
    args = ["standings", str(SEASON), "--discipline", str(DEDUCTIONS), "--rules", "premier-league"]
    text = CliRunner().invoke(main, [*args, "--explain", "Nottingham Forest FC"], env={"COLUMNS": "200"})
    assert text.exit_code == 0, text.output
    forest = next(line for line in text.stdout.splitlines() if " Nottingham Forest FC " in line)
    assert "│ -4* │  32 │" in forest
    assert "− 4 (deducted) = 32" in text.stdout
    assert "Nottingham Forest FC: 4 points deducted (36 from the results, 32 in the table)" in text.stderr


def test_no_adjustment_no_column_and_the_json_unchanged() -> None:
    s = crosstable.rank(crosstable.read(SEASON), rules="premier-league")
    assert "Adj" not in standings_table(s)[0]
    assert all("adjustment" not in r and "deduction" not in r for r in json.loads(to_json(s))["standings"])
    assert not any("deducted" in w for w in s.warnings)


def test_points_added_are_shown_but_are_no_deduction() -> None:
    t = add_discipline(crosstable.read(SEASON), "awarded.csv", "team,deduction\nArsenal FC,-2\nEverton FC,8\n")
    s = crosstable.rank(t, rules="premier-league")
    head, body = standings_table(s)
    rows = {row[1]: row for row in body}
    assert rows["Arsenal FC"][head.index("Adj")] == "+2" and rows["Everton FC"][head.index("Adj")] == "-8*"
    data = {r["name"]: r for r in json.loads(to_json(s))["standings"]}
    assert (data["Arsenal FC"]["adjustment"], data["Arsenal FC"]["deduction"]) == (2, 0)
    assert (data["Everton FC"]["adjustment"], data["Everton FC"]["deduction"]) == (-8, 8)
    assert [w for w in s.warnings if "deducted" in w] == [
        f"Everton FC: 8 points deducted ({_from_the_games(t)['Everton FC']} from the results, "
        f"{_from_the_games(t)['Everton FC'] - 8} in the table)"
    ]
    assert "+ 2 (added)" in s.explain("Arsenal FC")
