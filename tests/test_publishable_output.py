"""Output an arbiter can publish: tables that fit the terminal, the players' start
number, title, federation and rating, a fixed number of decimals per column, the
deciding criterion in text too, the round-by-round crosstable of a Swiss event, and
counts in good English.
"""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

import crosstable
from crosstable.cli import main
from crosstable.io.writers import to_html, to_text
from tests.conftest import EXAMPLES

REAL = Path(__file__).parent / "data" / "real"
FIDE = Path(__file__).parent / "data" / "fide"


def test_text_fits_the_terminal_and_never_cuts_a_name() -> None:
    s = crosstable.rank(crosstable.read(EXAMPLES / "seed-7-players.tsv"))
    for width in (60, 80, 120):
        text = to_text(s, width=width)
        assert max(len(line) for line in text.splitlines()) <= width
        assert all(r.name in text for r in s.rows)
    # too narrow for the Decided column: the note goes below the table, whole
    narrow = to_text(s, width=60)
    assert "Angelov: ahead of Zhelyazkov on WIN (number of wins)" in narrow
    result = CliRunner().invoke(main, ["standings", str(EXAMPLES / "seed-7-players.tsv")], env={"COLUMNS": "70"})
    assert max(len(line) for line in result.stdout.splitlines()) <= 70


def test_chess_standings_show_number_title_federation_rating() -> None:
    # JaVaFo's sample export (an open in Gros, 2010): GM Mirzoev Azer, AZE, 2527, start number 1
    s = crosstable.rank(crosstable.read(REAL / "ejs_javafo_sample2.trf"), ["BH/C1", "BH"])
    head, body = crosstable.report.standings_table(s)
    assert head[:6] == ["Place", "No", "Title", "Name", "Fed", "Rating"]
    assert body[0][:6] == ["1", "1", "GM", "Mirzoev Azer", "AZE", "2527"]
    # a crosstable without those columns has none of them
    plain, _ = crosstable.report.standings_table(
        crosstable.rank(crosstable.read(EXAMPLES / "seed-7-players.tsv"), ["SB"])
    )
    assert plain[:3] == ["Place", "Name", "Points"]


def test_a_fixed_number_of_decimals_per_column() -> None:
    s = crosstable.rank(crosstable.read(EXAMPLES / "seed-7-players.tsv"), ["SB", "SHM"])
    head, body = crosstable.report.standings_table(s)
    sb = [row[head.index("SB")] for row in body]
    assert sb == ["11.75", "10.00", "9.00", "7.75", "3.00", "0.00", "0.00"]  # the Bulgarian article's values
    assert [row[head.index("Points")] for row in body][:2] == ["5.0", "4.5"]
    _, one = crosstable.report.standings_table(s, decimals=1)
    assert one[0][head.index("SB")] == "11.8"  # rounded half up, for display only
    code = CliRunner().invoke(main, ["standings", str(EXAMPLES / "seed-7-players.tsv"), "--decimals", "9"]).exit_code
    assert code == 2


def test_decided_in_text_as_in_html() -> None:
    s = crosstable.rank(crosstable.read(EXAMPLES / "seed-7-players.tsv"), ["SB"])
    note = "ahead of Angelov on SB (Sonneborn–Berger)"
    assert note in to_text(s, width=200)
    assert note in to_html(s)


def test_a_swiss_crosstable_is_round_by_round() -> None:
    # The FIDE TEC tie-break exercise: player 4 (placed 3rd) beat the 11th-placed in round 1 with black,
    # took a half-point bye in round 2; player 12 had a pairing-allocated bye and zero-point byes.
    s = crosstable.rank(crosstable.read(FIDE / "tournament.trf"), ["BH"])
    head, grid = crosstable.report.crosstable_cells(s)
    assert head == ["#", "Name", "1", "2", "3", "4", "5", "Points"]
    rows = {row[1].text: [c.text for c in row[2:-1]] for row in grid}
    place = {r.name: k + 1 for k, r in enumerate(s.rows)}
    assert rows["Player 04"][0] == f"{place['Player 12']}b1" and rows["Player 04"][1] == "H"
    assert rows["Player 12"] == [f"{place['Player 04']}w0", "U", f"{place['Player 14']}w+", "Z", "Z"]
    # a round robin keeps the grid
    rr_head, _ = crosstable.report.crosstable_cells(crosstable.rank(crosstable.read(EXAMPLES / "seed-7-players.tsv")))
    assert rr_head[2:9] == [str(k) for k in range(1, 8)]


def test_the_2000_player_swiss_report_is_a_few_megabytes() -> None:
    s = crosstable.rank(crosstable.read(FIDE / "swiss-2000p-11r.trf"), ["BH/C1", "BH", "SB"])
    html = to_html(s)
    assert len(html.encode()) < 5_000_000
    assert html.count("<tr") == 2 * 2000 + 2  # the standings and the round-by-round table, each with a header


def test_counts_in_good_english() -> None:
    s = crosstable.rank(crosstable.read(EXAMPLES / "seed-7-players.tsv"), ["SB"])
    assert s.explain("Kalchev").splitlines()[0].startswith("Kalchev: place 6, 1 point (")
    assert s.explain("Ganev").splitlines()[0].startswith("Ganev: place 5, 2½ points (")
