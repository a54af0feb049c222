"""Places in Roman numerals (``places="roman"``), as the seeds' tables number them:
the place column of text, Markdown and HTML shows ``I``, ``II`` … (a shared place
``III–IV``); CSV and JSON keep the numbers, and the default stays Arabic."""

from __future__ import annotations

import re

import crosstable
from crosstable.competition import rank_competition
from crosstable.i18n import using
from crosstable.io.writers import render, render_competition, to_markdown, to_text
from crosstable.report import place_text, standings_table
from tests.conftest import EXAMPLES

ROMAN = ["I", "II", "III", "IV", "V", "VI", "VII"]


def _seed() -> crosstable.Standings:
    return crosstable.rank(crosstable.read(EXAMPLES / "seed-7-players.tsv"), ["SB"])


def test_a_shared_place_in_roman_numerals() -> None:
    assert place_text("3-4", "roman") == "III–IV"
    assert place_text("12", "roman") == "XII"
    assert place_text("3-4") == "3-4"


def test_the_seed_table_places_i_to_vii() -> None:
    s = _seed()
    head, body = standings_table(s, places="roman")
    assert head[0] == "Place" and [row[0] for row in body] == ROMAN
    text = to_text(s, width=200, places="roman")
    assert [line.split()[0] for line in text.splitlines() if "│" in line] == ROMAN
    md = to_markdown(s, places="roman")
    assert [line.split("|")[1].strip() for line in md.splitlines()[-len(ROMAN) :]] == ROMAN
    html = render(s, "html", places="roman")
    assert re.findall(r'tabindex="0"><td>([^<]*)</td>', html) == ROMAN


def test_arabic_is_the_default_and_the_data_keep_numbers() -> None:
    s = _seed()
    assert render(s, "text", places="arabic") == render(s, "text")
    assert render(s, "csv", places="roman") == render(s, "csv")
    assert render(s, "json", places="roman") == render(s, "json")
    assert [row[0] for row in standings_table(s)[1]] == [str(k) for k in range(1, 8)]


def test_roman_places_in_another_language_and_in_a_competition() -> None:
    with using("bg"):
        text = to_text(_seed(), width=200, places="roman")
    assert [line.split()[0] for line in text.splitlines() if "│" in line] == ROMAN
    c = rank_competition(crosstable.read(EXAMPLES / "euro-2024-groups.csv"))
    md = render_competition(c, "md", places="roman")
    assert "| I |" in md and "| IV |" in md
    assert render_competition(c, "csv", places="roman") == render_competition(c, "csv")
