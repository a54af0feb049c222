"""Readers: the crosstable text format in its many typings, games lists, and their checks.

The data is the Bulgarian article's 7-player table, retyped in each format; the
expected values are the article's (SB 11.75, 10, 9, 7.75, 3, 0, 0).
"""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest

import crosstable
from crosstable.io.jsonfmt import write_json
from crosstable.model import FORFEIT, PENDING
from tests.conftest import DATA, EXAMPLES

SEED_SB = [Fraction(47, 4), Fraction(10), Fraction(9), Fraction(31, 4), Fraction(3), Fraction(0), Fraction(0)]
NAMES = ["Mikhailov", "Alexandrov", "Zhelyazkov", "Angelov", "Ganev", "Kalchev", "Getovski"]
GRID = [
    "- ½ ½ 1 1 1 1",
    "½ - ½ ½ 1 1 1",
    "½ ½ - ½ ½ 1 1",
    "0 ½ ½ - 1 1 1",
    "0 0 ½ 0 - 1 1",
    "0 0 0 0 0 - 1",
    "0 0 0 0 0 0 -",
]


def sb_of(t: crosstable.Tournament) -> list[Fraction]:
    s = crosstable.rank(t, ["SB"])
    return [s.row(n).values["SB"] for n in NAMES]


def table(sep: str, cell: dict[str, str] | None = None, numbered: bool = True) -> str:
    lines = []
    for k, (name, row) in enumerate(zip(NAMES, GRID, strict=True)):
        cells = [(cell or {}).get(c, c) for c in row.split()]
        lead = [str(k + 1)] if numbered else []
        lines.append(sep.join([*lead, name, *cells]))
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize(
    ("sep", "cells"),
    [
        ("\t", None),
        (";", {"½": "0,5"}),
        (",", {"½": "0.5"}),
        ("  ", {"½": "=", "-": "×"}),
        (" ", {"½": "1/2", "-": "x"}),
        ("\t", {"½": "0.5", "-": "—"}),
    ],
)
def test_same_values_whatever_the_typing(sep: str, cells: dict[str, str] | None) -> None:
    t = crosstable.read_text(table(sep, cells))
    assert t.names == NAMES
    assert sb_of(t) == SEED_SB


def test_without_number_column() -> None:
    assert sb_of(crosstable.read_text(table("\t", numbered=False))) == SEED_SB


def test_names_with_spaces_in_whitespace_tables() -> None:
    text = table(" ").replace("Mikhailov", "Ivan Mikhailov").replace("Ganev", "De Ganev")
    t = crosstable.read_text(text)
    assert t.names[0] == "Ivan Mikhailov" and t.names[4] == "De Ganev"


def test_rows_matched_to_columns_by_number() -> None:
    lines = table("\t").splitlines()
    shuffled = "\n".join([lines[3], lines[0], lines[6], lines[1], lines[5], lines[2], lines[4]])
    assert sb_of(crosstable.read_text(shuffled)) == SEED_SB


def test_games_list_gives_the_same_values() -> None:
    rows = ["white,black,result"]  # no round column: a player's games are in no particular round
    for i in range(7):
        for j in range(i + 1, 7):
            x = GRID[i].split()[j]
            y = GRID[j].split()[i]
            rows.append(f"{NAMES[i]},{NAMES[j]},{x}-{y}")
    t = crosstable.read_text("\n".join(rows))
    assert sb_of(t) == SEED_SB


def test_draughts_table_doubles_the_coefficient() -> None:
    # the Bulgarian article: in draughts (2-1-0) the Berger coefficient sums twice the points of the beaten
    # opponents plus the points of those drawn with: every value is four times the chess one.
    t = crosstable.read_text(table("\t", {"½": "1", "1": "2"}))
    assert t.scoring.name == "draughts"
    assert sb_of(t) == [4 * v for v in SEED_SB]
    chess_cells_as_draughts = crosstable.read_text(table("\t"), scoring="draughts")
    assert sb_of(chess_cells_as_draughts) == [4 * v for v in SEED_SB]


def test_double_round_robin_cells() -> None:
    text = "1\tA\t-\t1½\t10\n2\tB\t0½\t-\t==\n3\tC\t01\t==\t-\n"
    t = crosstable.read_text(text)
    assert len(t.white) == 6
    # A: 1 + ½ + 1 + 0; B: 0 + ½ + ½ + ½; C: 0 + 1 + ½ + ½
    assert t.scores() == [Fraction(5, 2), Fraction(3, 2), Fraction(2)]


def test_forfeits_and_pending_games() -> None:
    text = "1;A;-;+;1\n2;B;-;-;\n3;C;0;;-\n"
    t = crosstable.read_text(text)
    assert t.status is not None
    assert sorted(t.status.tolist()) == [0, FORFEIT, PENDING]
    assert [str(x) for x in t.scores()] == ["2", "0", "0"]


@pytest.mark.parametrize(
    ("text", "where", "words"),
    [
        (
            "1\tA\t-\t1\t1\n2\tB\t1\t-\t1\n3\tC\t0\t0\t-\n",
            ":1:7:",
            "A against B is 1 but B against A (line 2, column 5) is 1: they add up to 2, a game is worth 1",
        ),
        ("1\tA\t-\tq\n2\tB\t0\t-\n", ":1:7:", "'q' is not a result (A against B)"),
        ("1\tA\t-\t1\n2\tA\t0\t-\n", ":2:1:", "participant name 'A' appears twice"),
        ("1\tA\t-\t1\t0\n2\tB\t0\t-\t1\n3\tC\t1\n", ":3:", "C has 1 result column; the table has 3 participants"),
        ("1\tA\t1\t1\n2\tB\t0\t-\n", ":1:", "the diagonal cell of A must be empty or a dash"),
        ("1\tA\t-\t1\n2\tB\t\t-\n", ":1:", "a game not played yet must be empty on both sides"),
    ],
)
def test_bad_tables_name_the_place(text: str, where: str, words: str) -> None:
    with pytest.raises(crosstable.InputError) as err:
        crosstable.read_text(text, source="bad.tsv")
    assert str(err.value).startswith("bad.tsv" + where)
    assert words in str(err.value)


@pytest.mark.parametrize(
    ("text", "where", "words"),
    [
        ("round,white,black,result\n1,A,B,1-0\n2,B,C,x\n", ":3:7:", "'x' is not a result (B - C)"),
        ("round,white,black,result\n1,A,A,1-0\n", ":2:", "cannot play against itself"),
        ("round,white,black,result\n1,A,B\n", ":2:1:", "expected at least 4 columns"),
    ],
)
def test_bad_games_lists_name_the_place(text: str, where: str, words: str) -> None:
    with pytest.raises(crosstable.InputError) as err:
        crosstable.read_text(text, source="g.csv")
    assert str(err.value).startswith("g.csv" + where)
    assert words in str(err.value)


def test_latin1_file_is_read(tmp_path: object) -> None:

    p = Path(str(tmp_path)) / "latin1.tsv"
    p.write_bytes("1\tSzabó\t-\t1\n2\tKovács\t0\t-\n".encode("latin-1"))
    assert crosstable.read(p).names == ["Szabó", "Kovács"]


def test_example_files_read() -> None:
    t = crosstable.read(EXAMPLES / "seed-7-players.tsv")
    assert t.declared["SB"][2].value == 9 and t.declared["place"][3].value == 4


def test_ratings_are_read_from_a_rating_column_and_from_games_lists() -> None:
    text = "No\tName\t1\t2\tElo\tPts\n1\tA\t-\t1\t2410\t1\n2\tB\t0\t-\t2250\t0\n"
    t = crosstable.read_text(text)
    assert t.ratings == [2410, 2250] and "rating" not in t.declared
    games = "round,white,black,result,white_elo,black_elo\n1,A,B,1-0,2410,2250\n"
    assert crosstable.read_text(games).ratings == [2410, 2250]


def test_one_score_cell_in_a_result_table_is_reported_not_crashing() -> None:
    # Found by the robustness property: a "1-0" typed in a table of results made the reader
    # treat the table as scores and fail inside; it must name the cells that are not scores.
    text = (
        (EXAMPLES / "seed-7-players.tsv")
        .read_text(encoding="utf-8")
        .replace("½\t½\t—\t½\t½\t1\t1", "½\t½\t—\t½\t½\t1-0\t1")
    )
    with pytest.raises(crosstable.InputError) as err:
        crosstable.read_text(text, source="x.tsv")
    assert str(err.value).startswith("x.tsv:2:15: '½' is not a score")


@pytest.mark.parametrize("field", ["status", "white_counts_as"])
def test_our_json_with_an_object_where_a_word_goes_is_refused_with_its_place(field: str) -> None:
    """A hand-edited JSON export: ``"status": {"x": 1}`` is an input error (it was a TypeError)."""
    data = json.loads(write_json(crosstable.read(EXAMPLES / "seed-7-players.tsv")))
    data["games"][0][field] = {"x": 1}
    with pytest.raises(crosstable.InputError) as err:
        crosstable.read_text(json.dumps(data), source="edited.json")
    assert f"games[0].{field}" in str(err.value)


def test_a_colour_that_is_no_colour_is_refused_where_it_is() -> None:
    # A typo in a real export (the Open of Gros 2010, JaVaFo's sample): a game's colour written x. It was read,
    # the colour guessed from the opponent's line; now it is refused, naming the line and the column.
    path = DATA / "real" / "ejs_javafo_sample2.trf"
    lines = path.read_text(encoding="utf-8").splitlines()
    k = next(n for n, line in enumerate(lines) if line.startswith("001") and line[96] == "w")
    lines[k] = lines[k][:96] + "x" + lines[k][97:]
    with pytest.raises(crosstable.InputError) as refused:
        crosstable.read_text("\n".join(lines) + "\n", fmt="trf")
    assert f":{k + 1}:97: colour 'x' is not w (white), b (black) or - (none)" in str(refused.value)


def test_a_round_field_out_of_its_columns_is_refused() -> None:
    # The same export with one round field moved a column to the left (" 89 b 1  " for "  89 b 1 "): its
    # colour and result would be read from the wrong columns. Refused, naming the line and the field.
    path = DATA / "real" / "ejs_javafo_sample2.trf"
    lines = path.read_text(encoding="utf-8").splitlines()
    k = next(n for n, line in enumerate(lines) if line.startswith("001") and line[91:93] == "  " and line[95] == " ")
    lines[k] = lines[k][:91] + lines[k][92:101] + " " + lines[k][101:]
    with pytest.raises(crosstable.InputError) as refused:
        crosstable.read_text("\n".join(lines) + "\n", fmt="trf")
    assert f":{k + 1}:92: round 1's field" in str(refused.value) and "is not in its columns" in str(refused.value)


def test_results_that_do_not_add_up_are_counted_as_written_and_named() -> None:
    # The export with one winner's result changed to a draw (= against the loser's 0): an arbiter may rule so
    # (both lose, one draws), so it is read, each side with what its line says; a warning names the game.
    path = DATA / "real" / "ejs_javafo_sample2.trf"
    lines = path.read_text(encoding="utf-8").splitlines()
    k = next(n for n, line in enumerate(lines) if line.startswith("001") and line[95:99] == " w 1")
    lines[k] = lines[k][:98] + "=" + lines[k][99:]
    t = crosstable.read_text("\n".join(lines) + "\n", fmt="trf")
    number = int(lines[k][4:8])
    warned = [w for w in t.warnings if "do not add up" in w]
    assert len(warned) == 1 and f"line {k + 1}, round 1: player {number} has '='" in warned[0], warned
    before = crosstable.read(path)
    row = t.names.index(before.names[before.numbers.index(number)] if before.numbers else "")
    assert t.scores()[row] == before.scores()[row] - Fraction(1, 2)
