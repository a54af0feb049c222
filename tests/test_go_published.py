"""OpenGotha's published standings of two European Go Congresses against ours.

OpenGotha's repository (lucvannier/opengotha) holds the congresses' main tournaments
as it saved them (``egc2011.xml``: Bordeaux 2011, 760 players; ``egc2013.xml``:
Olsztyn 2013, 594 players) and the HTML standings it published after some rounds
(``egc2011_StandingsR1/R3/R4.html``, ``egc2013_StandingsR2.html``). The files are
read from the shared inputs folder beside the project (its ``SOURCES.md`` names each
file's commit); the test skips when that folder is absent. Every printed MMS, SOS,
SOS-1 and SOS-2, and every place (the HTML prints a shared place once, on its first
row), must equal ours after the same round. And OpenGotha's export of a club
championship ranked by SDC and rating keeps the places it prints.
"""

from __future__ import annotations

import html
import re
from fractions import Fraction
from pathlib import Path

import pytest

import crosstable

GO = Path("/work/shared/inputs/go")
CASES = [("egc2011-bordeaux/egc2011.xml", "egc2011-bordeaux/egc2011_StandingsR{k}.html", k) for k in (1, 3, 4)] + [
    ("egc2013-olsztyn/egc2013.xml", "egc2013-olsztyn/egc2013_StandingsR{k}.html", 2)
]


def _cells(row: str, tag: str) -> list[str]:
    found = re.findall(rf"<{tag}[^>]*>(.*?)</{tag}>", row, re.S)
    return [html.unescape(re.sub("<[^>]+>", "", c)).replace("\xa0", " ").strip() for c in found]


def published(path: Path) -> tuple[list[str], list[dict[str, str]]]:
    """The HTML table's columns and rows, a shared place carried down to each of its rows."""
    text = path.read_text(encoding="utf-8", errors="replace")
    heads = _cells(text, "th")
    rows, place = [], ""
    for row in re.findall(r"<tr[^>]*>(.*?)</tr>", text, re.S):
        cells = _cells(row, "td")
        if len(cells) == len(heads):
            record = dict(zip(heads, cells, strict=True))
            place = record["Pl"] or place
            rows.append({**record, "Pl": place})
    return heads, rows


def number(text: str) -> Fraction:
    """A printed value: ``34½`` is 34 and a half."""
    whole = text.replace("½", "")
    return Fraction(whole or 0) + (Fraction(1, 2) if "½" in text else 0)


@pytest.mark.parametrize(("xml", "page", "k"), CASES, ids=[f"{c[0].split('/')[0]}-R{c[2]}" for c in CASES])
def test_opengothas_published_standings_equal_ours(xml: str, page: str, k: int) -> None:
    if not (GO / xml).is_file():
        pytest.skip(f"{GO / xml} is not here (the shared inputs)")
    heads, rows = published(GO / page.format(k=k))
    columns = [c for c in heads if c in ("MMS", "SOS", "SOS-1", "SOS-2", "SOSOS")]
    assert len(rows) > 500 and {"MMS", "SOS"} <= set(columns)
    t = crosstable.read(GO / xml).after_round(k)
    ours = {r["name"]: r for r in crosstable.rank(t).to_dict()["standings"]}
    assert len(ours) == len(rows)
    for r in rows:
        o = ours[r["Name"]]
        assert str(o["place"]).split("-")[0] == r["Pl"], r["Name"]
        for c in columns:
            assert Fraction(str(o["tiebreaks"][c])) == number(r[c]), (r["Name"], c)


def test_an_export_ranked_by_sdc_and_rating_keeps_its_printed_places() -> None:
    # OpenGotha's export of the Levallois club championship 2018 (a Swiss: NBW, then SDC, then Rating)
    path = GO / "other-real" / "Championnat_Levallois_2018 - Resultats.h9"
    if not path.is_file():
        pytest.skip(f"{path} is not here (the shared inputs)")
    t = crosstable.read(path)
    s = crosstable.rank(t)
    assert [c.code for c in s.criteria] == ["SDC", "RTNG"] and not s.warnings
    printed = {i: int(d.value) for i, d in t.declared["place"].items()}
    assert [printed[row.index] for row in s.rows] == [int(str(row.place).split("-")[0]) for row in s.rows]
    assert len({row.place for row in s.rows}) == len(s.rows)  # every place decided, as printed
