"""The page of ``crosstable serve`` in a real headless Chromium (Debian's ``chromium``
package driven by Playwright; ``.ci/run`` installs both).

Sources of the values: the Bulgarian article's 7-player table (Zhelyazkov 3rd on SB 9, Angelov 4th
on 7.75: tests/data/seed-7-players.expected.json) and the 2018 World Cup group H with
FIFA's fair-play totals (Japan above Senegal on fair-play points: the Hungarian article). Each
test saves a screenshot under ``tests/artifacts/`` (not committed). The page must not
ask for anything outside the local server.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, Request

from crosstable.web.app import app
from tests.browser import served
from tests.conftest import DATA

ROOT = DATA.parent.parent
ARTEFACTS = ROOT / "tests" / "artifacts"
SEED = (ROOT / "examples" / "seed-7-players.tsv").read_text(encoding="utf-8")

pytest_plugins = ["tests.browser"]


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    with served(app) as address:
        yield address


@pytest.fixture
def page(browser: Browser, server: str) -> Iterator[Page]:
    pg = browser.new_page(viewport={"width": 1400, "height": 1000})
    outside: list[str] = []
    dialogs: list[str] = []

    def watch(request: Request) -> None:
        if not request.url.startswith(server) and not request.url.startswith(("blob:", "data:")):
            outside.append(request.url)

    pg.on("request", watch)
    pg.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    pg.goto(server)
    pg.wait_for_selector("body[data-ready='1']")
    yield pg
    pg.close()
    assert outside == [], f"the page asked the network for {outside}"
    assert dialogs == [], f"a script ran: {dialogs}"


def _shot(pg: Page, name: str) -> None:
    ARTEFACTS.mkdir(exist_ok=True)
    pg.screenshot(path=str(ARTEFACTS / f"{name}.png"), full_page=True)


def _compute(pg: Page, content: str, criteria: list[str]) -> None:
    pg.fill("#input", content)
    for code in criteria:
        pg.fill("#criterion", code)
        pg.click("#add")
    pg.click("#compute")


def _rows(pg: Page) -> list[list[str]]:
    pg.wait_for_selector(".standings tbody tr")
    return [[c.inner_text() for c in r.query_selector_all("td")] for r in pg.query_selector_all(".standings tbody tr")]


def test_seed_table_pasted(page: Page) -> None:
    _compute(page, SEED, ["SB"])
    rows = _rows(page)
    head = [h.inner_text() for h in page.query_selector_all(".standings thead th")]
    sb = head.index("SB")
    assert (rows[2][0], rows[2][1], rows[2][sb]) == ("3", "Zhelyazkov", "9.00")  # a column of 2 decimals
    assert (rows[3][0], rows[3][1], rows[3][sb]) == ("4", "Angelov", "7.75")
    assert page.is_visible(".crosstable td.w") and page.is_visible("#potentials .bar")
    _shot(page, "seed-7-players")


def test_world_cup_group_uploaded_with_its_discipline_file(page: Page) -> None:
    page.set_input_files("#file", str(ROOT / "examples" / "worldcup-2018-group-H.csv"))
    page.wait_for_function("document.getElementById('input').value.includes('Senegal')")
    page.set_input_files("#discipline-file", str(DATA / "worldcup-2018-group-H.fairplay.csv"))
    page.wait_for_function("document.getElementById('discipline-name').textContent !== ''")
    page.select_option("#preset", "fifa-2018")
    page.click("#compute")
    rows = _rows(page)
    names = [r[1] for r in rows]
    japan = names.index("Japan")
    assert names[japan + 1] == "Senegal"
    assert rows[japan][-1] == "ahead of Senegal on FP (fair-play points)"
    _shot(page, "worldcup-2018-group-H")


def test_a_whole_competition_uploaded_shows_every_group_the_thirds_and_the_bracket(page: Page) -> None:
    page.set_input_files("#file", str(ROOT / "examples" / "euro-2024-groups.csv"))
    page.wait_for_function("document.getElementById('input').value.includes('Slovenia')")
    page.select_option("#preset", "uefa-euro-2024")
    page.click("#compute")
    page.wait_for_selector("#results:not([hidden])")
    titles = [h.inner_text() for h in page.query_selector_all("#standings h2")]
    assert titles[:6] == [f"Group {g}" for g in "ABCDEF"]
    assert titles[6].startswith("Third-placed teams") and titles[7] == "Round of 16"
    page.click(".standings tbody tr[data-name='Romania']")
    page.wait_for_selector("#explanation:not([hidden])")
    assert "Group E. Romania: place 1" in page.inner_text("#explain-text")
    _shot(page, "euro-2024-competition")


def test_clicking_a_participant_explains_its_numbers(page: Page) -> None:
    _compute(page, SEED, ["SB", "SHM"])
    _rows(page)
    page.click(".standings tbody tr[data-name='Zhelyazkov']")
    page.wait_for_selector("#explanation:not([hidden])")
    text = page.inner_text("#explain-text")
    # the Bulgarian article: SB = 2.5 + 2.25 + 2 + 1.25 + 1 + 0 = 9
    assert "SB = 2.5 (½ of Mikhailov's 5) + 2.25 (½ of Alexandrov's 4½)" in text and text.count("\n") >= 2
    _shot(page, "explanation")


def test_an_input_error_shows_its_line_and_column(page: Page) -> None:
    bad = SEED.replace("\t½\t", "\tq\t", 1)
    line = next(k for k, ln in enumerate(bad.splitlines(), 1) if "\tq\t" in ln)
    _compute(page, bad, [])
    page.wait_for_selector("#errors:not([hidden])")
    text = page.inner_text("#errors")
    assert f"line {line}, column " in text and "'q' is not a result" in text
    assert page.is_hidden("#results")
    _shot(page, "input-error")


def test_a_name_that_is_a_script_is_shown_as_text(page: Page) -> None:
    evil = "<script>alert(1)</script>"
    _compute(page, SEED.replace("Getovski", evil), ["SB"])
    rows = _rows(page)
    assert rows[-1][1] == evil
    page.click(".standings tbody tr:last-child")
    page.wait_for_selector("#explanation:not([hidden])")
    assert page.inner_text("#explain-title") == evil
    assert page.evaluate("document.querySelectorAll('#results script').length") == 0
    _shot(page, "script-name")


def test_heat_map_and_downloads(page: Page) -> None:
    _compute(page, SEED, ["SB"])
    _rows(page)
    page.check("#heat")
    assert page.evaluate("document.querySelector('.crosstable').classList.contains('heat')")
    with page.expect_download() as info:
        page.click("#downloads button[data-to='csv']")
    csv_text = Path(info.value.path()).read_text(encoding="utf-8").replace("\r\n", "\n")
    assert csv_text.splitlines()[4] == "4,4,Angelov,4,7.75"  # after the header; the Bulgarian article
    with page.expect_download() as info:
        page.click("#downloads button[data-to='html']")
    assert '<table class="standings">' in Path(info.value.path()).read_text(encoding="utf-8")
    _shot(page, "heat-map")


def _liverpool_day() -> str:
    """The Premier League 2019/20 on the evening Liverpool became champions (25 June
    2020, openfootball): the 70 later matches not played yet."""
    lines = (DATA / "outlook" / "premier-league-2019-20.csv").read_text(encoding="utf-8").splitlines()
    later = [",".join(line.split(",")[:3]) + ",," for line in lines[1:] if line.split(",")[0] > "2020-06-25"]
    return "\n".join([lines[0], *[line for line in lines[1:] if line.split(",")[0] <= "2020-06-25"], *later]) + "\n"


def test_the_outlook_panel_colours_the_zones_and_shows_a_witness(page: Page) -> None:
    page.fill("#input", _liverpool_day())
    page.select_option("#preset", "premier-league")
    page.click("#compute")
    _rows(page)
    page.fill("#zones", "title=1,relegation=18-20")
    page.click("#outlook-button")
    page.wait_for_selector(".outlook tr[data-name='Liverpool FC']")
    liverpool = page.query_selector_all(".outlook tr[data-name='Liverpool FC'] td")
    assert liverpool[-2].inner_text() == "clinched" and "clinched" in (liverpool[-2].get_attribute("class") or "")
    assert liverpool[-1].inner_text() == "eliminated"
    page.click(".outlook tr[data-name='Norwich City'] button.best")
    page.wait_for_selector("#witness:not([hidden])")
    assert len(page.query_selector_all("#witness-games li")) == 70  # one completion of every game left
    assert page.inner_text("#witness-title").startswith("Norwich City: 12 (the best place proved so far)")
    _shot(page, "outlook")


def test_an_uploaded_file_is_checked_against_its_own_rules(page: Page) -> None:
    # The Open of Gros 2010 after round 4 (JaVaFo's sample) prints its ranks by another list than FIDE's default:
    # uploaded, the page offers the check, and it lists the 39 printed places that differ (crosstable check says
    # the same: tests/test_check.py), each with its line and column.
    assert page.locator("#check-panel").is_hidden()
    page.set_input_files("#file", str(DATA / "real" / "ejs_javafo_sample2.trf"))
    page.wait_for_selector("#check-panel:not([hidden])")
    page.click("#check-button")
    page.wait_for_selector("#check-differences li")
    summary = page.locator("#check-summary").inner_text()
    assert "Printed values compared: 98" in summary and "Differences: 39" in summary, summary
    first = page.locator("#check-differences li").first.inner_text()
    assert first.startswith("line 16, column 86: Hernandez Elvis's place is printed as 3, computed 4"), first
    _shot(page, "calculator-check")
