"""The crosstable as old books and sites print it, and every number in it read by one reader.

Real tables (tests/data/SOURCES.md): AVRO 1938 and Zurich 1953 as chessgames.com prints
them, a header of numbers (``1 2 … Pts``, ``01 02 …``), ``1. Keres`` or ``=2 David
Bronstein`` before the name, ``**`` on the diagonal of a double round robin, each cell
two games written together (``1½``). Expected values: the points and ``+ − =`` the page
publishes for each player, and the tie-break Wikipedia states.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

import crosstable
from tests.conftest import DATA

AVRO = (DATA / "avro-1938.as-printed.txt").read_text(encoding="utf-8")
ZURICH = (DATA / "zurich-1953.as-printed.txt").read_text(encoding="utf-8")

# chessgames.com, tid=79229: name, points, won, lost, drawn
AVRO_PUBLISHED = [
    ("Keres", "8.5", 3, 0, 11),
    ("Fine", "8.5", 6, 3, 5),
    ("Botvinnik", "7.5", 3, 2, 9),
    ("Euwe", "7", 4, 4, 6),
    ("Reshevsky", "7", 3, 3, 8),
    ("Alekhine", "7", 3, 3, 8),
    ("Capablanca", "6", 2, 4, 8),
    ("Flohr", "4.5", 0, 5, 9),
]
# chessgames.com, tid=79420
ZURICH_PUBLISHED = [
    ("Vasily Smyslov", "18", 9, 1, 18),
    ("David Bronstein", "16", 6, 2, 20),
    ("Samuel Reshevsky", "16", 8, 4, 16),
    ("Paul Keres", "16", 8, 4, 16),
    ("Tigran Petrosian", "15", 6, 4, 18),
    ("Miguel Najdorf", "14.5", 5, 4, 19),
    ("Efim Geller", "14.5", 8, 7, 13),
    ("Alexander Kotov", "14", 8, 8, 12),
    ("Mark Taimanov", "14", 7, 7, 14),
    ("Yuri Averbakh", "13.5", 5, 6, 17),
    ("Isaac Boleslavsky", "13.5", 4, 5, 19),
    ("Laszlo Szabo", "13", 5, 7, 16),
    ("Svetozar Gligoric", "12.5", 5, 8, 15),
    ("Max Euwe", "11.5", 5, 10, 13),
    ("Gideon Stahlberg", "8", 3, 15, 10),
]


def published(t: crosstable.Tournament) -> list[tuple[str, str, int, int, int]]:
    """Each player's points, wins, losses and draws as the model counts them."""
    s = crosstable.rank(t, [])
    a = s.analysis
    return [
        (name, str(float(points)).removesuffix(".0"), int(a.wins[i]), int(a.losses[i]), int(a.draws[i]))
        for i, (name, points) in enumerate(zip(t.names, t.scores(), strict=True))
    ]


@pytest.mark.parametrize(("text", "expected"), [(AVRO, AVRO_PUBLISHED), (ZURICH, ZURICH_PUBLISHED)])
def test_books_layout_gives_the_published_scores(text: str, expected: list[tuple[str, str, int, int, int]]) -> None:
    t = crosstable.read_text(text, source="book.txt")
    assert sorted(published(t)) == sorted(expected)
    assert len(t.white) == len(t.names) * (len(t.names) - 1)  # two games a pair: a double round robin
    assert t.system == "round-robin" and t.scoring.name == "chess"
    assert crosstable.rank(t, []).warnings == []  # the printed Pts (and the =2 places) agree


def test_avro_keres_first_on_his_score_against_fine() -> None:
    # Wikipedia, "AVRO 1938 chess tournament": Keres and Fine tied, Keres first "by virtue of his
    # 1½-½ score in their individual games".
    s = crosstable.rank(crosstable.read_text(AVRO), ["DE"])
    assert [r.name for r in s.rows[:2]] == ["Keres", "Fine"]
    assert s.rows[0].values["DE"] > s.rows[1].values["DE"]


def test_numbers_before_the_names_are_not_part_of_them() -> None:
    t = crosstable.read_text(AVRO)
    assert t.names[:3] == ["Keres", "Fine", "Botvinnik"]
    z = crosstable.read_text(ZURICH)
    assert z.names[1] == "David Bronstein" and z.declared["place"][1].value == 2  # "=2": place 2, shared


def test_the_second_printing_shared_places_and_no_points_label() -> None:
    # The page's other printing: "=1 Keres", "=4 Alekhine", a header of numbers only; the last
    # column is then the points, as in a table without a header.
    leads = {"1.": "=1", "2.": "=1", "4.": "=4", "5.": "=4", "6.": "=4"}
    lines = AVRO.splitlines()
    rows = [leads.get(ln.split()[0], ln.split()[0].rstrip(".")) + ln[2:] for ln in lines[1:]]
    t = crosstable.read_text("\n".join([lines[0].replace("Pts", ""), *rows]), source="avro.txt")
    assert sorted(published(t)) == sorted(AVRO_PUBLISHED)
    assert t.declared["points"][7].value == Fraction(9, 2)
    retyped = "\n".join([lines[0].replace("Pts", ""), *rows]).replace("½1 ½1 7", "½1 ½1 7½")
    warnings = crosstable.rank(crosstable.read_text(retyped, source="avro.txt"), []).warnings
    assert warnings == ["avro.txt:5:39: Alekhine's points is printed as 7.5, computed 7"]


def test_the_same_table_typed_with_tabs() -> None:
    # "1. Keres" in one field, a tab between the cells, the diagonal "x x".
    rows = []
    for ln in AVRO.splitlines()[1:]:
        number, name, *cells = ln.split()
        rows.append("\t".join([f"{number} {name}", *("x x" if c == "**" else c for c in cells)]))
    header = "\t" + "\t".join(AVRO.splitlines()[0].split())
    t = crosstable.read_text("\n".join([header, *rows]))
    assert sorted(published(t)) == sorted(AVRO_PUBLISHED)


@pytest.mark.parametrize("marker", ["xx", "XX", "××", "——", "--", "*", "x"])
def test_every_diagonal_marker_of_a_double_round_robin(marker: str) -> None:
    t = crosstable.read_text(AVRO.replace("**", marker))
    assert sorted(published(t)) == sorted(AVRO_PUBLISHED)


def test_a_team_called_1_fc_is_not_numbered() -> None:
    # "1." is a number before a name only when every row starts with one.
    text = "1. FC Köln - 2:1 0:0\nBayern 1:2 - 3:0\nHertha 0:0 0:3 -\n"
    assert crosstable.read_text(text).names == ["1. FC Köln", "Bayern", "Hertha"]
    numbered = "1. 1. FC Köln - 2:1 0:0\n2. Bayern 1:2 - 3:0\n3. Hertha 0:0 0:3 -\n"
    assert crosstable.read_text(numbered).names == ["1. FC Köln", "Bayern", "Hertha"]


@pytest.mark.parametrize(
    ("old", "new", "where", "words"),
    [
        # a cell left out: the points are read in its place
        (
            "½½ 00 0½ ** 1½ ½½ ½1 ½1 7",
            "½½ 00 0½ ** 1½ ½½ ½1 7",
            ":5:36:",
            "Alekhine has 7 result columns; the table has 8",
        ),
        ("½½ 00 0½ ** 1½ ½½ ½1 ½1 7", "½½ 00 0½ 1½ ½½ ½1 ½1 7", ":5:36:", "Alekhine has 7 result columns"),
        (
            "½½ 00 0½ ** 1½ ½½ ½1 ½1 7",
            "½½ 00 0½ ½½ 1½ ½½ ½1 ½1 7",
            ":5:24:",
            "the diagonal cell of Alekhine must be empty",
        ),
        ("0½ ** 1½ 11 10", "0½ ** 1½ 11 11", ":3:27:", "Fine against Euwe is 1 but Euwe against Fine"),
    ],
)
def test_a_typo_in_a_book_table_is_refused_with_its_place(old: str, new: str, where: str, words: str) -> None:
    assert old in AVRO
    with pytest.raises(crosstable.InputError) as err:
        crosstable.read_text(AVRO.replace(old, new), source="avro.txt")
    assert str(err.value).startswith("avro.txt" + where)
    assert words in str(err.value)


# -- every number through crosstable.fields ------------------------------------------------

FOOTBALL = "1\tA\t-\t2:1\t0:0\n2\tB\t1:2\t-\t3:0\n3\tC\t0:0\t0:3\t-\n"
RATED = "No\tName\t1\t2\tElo\n1\tA\t-\t1\t{}\n2\tB\t0\t-\t2250\n"
COUNTED = "No\tName\t1\t2\t+\tPts\n1\tA\t-\t1\t{}\t1\n2\tB\t0\t-\t0\t0\n"
BIG = "18446744073709551616"  # 2**64


@pytest.mark.parametrize(
    ("text", "where", "words"),
    [
        (
            FOOTBALL.replace("\t2:1", "\t18446744073709551616:1"),
            ":1:7:",
            "'18446744073709551616' is not a number of goals from 0 to 1,000",
        ),
        (FOOTBALL.replace("\t2:1", "\t1001:1"), ":1:7:", "'1001' is not a number of goals from 0 to 1,000"),
        (FOOTBALL.replace("\t2:1", "\t" + "9" * 5000 + ":1"), ":1:7:", "is not a number of goals from 0 to 1,000"),
        (
            FOOTBALL.replace("\t2:1", "\t٢:1"),
            ":1:7:",
            "٢ (arabic-indic digit two) is not one of the digits 0 to 9; write 2",
        ),
        (FOOTBALL.replace("\t1:2", "\t1:²"), ":2:5:", "² (superscript two) is not one of the digits 0 to 9; write 2"),
        (f"1\tA\t-\t{BIG}\n2\tB\t0\t-\n", ":1:7:", "is not a number of points from 0 to 1,000"),
        ("1\tA\t-\t１\n2\tB\t0\t-\n", ":1:7:", "１ (fullwidth digit one) is not one of the digits 0 to 9; write 1"),
        ("1 Ann - ¹\n2 Bob 0 -\n", ":1:9:", "¹ (superscript one) is not one of the digits 0 to 9; write 1"),
        ("1\tA\t-\t0.0000000000000000001\n2\tB\t0.9999999999999999999\t-\n", ":1:7:", "common denominator"),
        ("٣\tA\t-\t1\n2\tB\t0\t-\n", ":1:1:", "٣ (arabic-indic digit three) is not one of the digits 0 to 9; write 3"),
        (
            "No\tName\t1\t2\tElo\n1\tA\t-\t1\t２４１０\n2\tB\t0\t-\t2250\n",
            ":2:9:",
            "２ (fullwidth digit two) is not one",
        ),
        (
            "No\tName\t1\t2\tElo\n1\tA\t-\t1\t99999\n2\tB\t0\t-\t2250\n",
            ":2:9:",
            "'99999' is not a rating from 0 to 4,000",
        ),
        (
            "No\tName\t1\t2\tElo\n1\tA\t-\t1\t2410.5\n2\tB\t0\t-\t2250\n",
            ":2:9:",
            "'2410.5' is not a rating from 0 to 4,000",
        ),
        (COUNTED.format("٣"), ":2:9:", "٣ (arabic-indic digit three)"),
        (
            "No\tName\t1\t2\t+\tPts\n1\tA\t-\t1\t" + "1" * 30 + "\t1\n2\tB\t0\t-\t0\t0\n",
            ":2:9:",
            "is not a number of games",
        ),
    ],
)
def test_numbers_are_read_by_the_one_reader(text: str, where: str, words: str) -> None:
    with pytest.raises(crosstable.InputError) as err:
        crosstable.read_text(text, source="t.tsv")
    assert str(err.value).startswith("t.tsv" + where), str(err.value)
    assert words in str(err.value)


def test_a_blank_or_dashed_rating_is_unrated() -> None:
    text = "No\tName\t1\t2\t3\tElo\n1\tA\t-\t1\t1\t–\n2\tB\t0\t-\t1\t\n3\tC\t0\t0\t-\t2250\n"
    assert crosstable.read_text(text).ratings == [None, None, 2250]
