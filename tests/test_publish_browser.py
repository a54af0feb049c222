"""Issue #29: the pages as organisers publish an event, in headless Chromium at a phone's
width (390 px) and a desktop's (1,280 px), on a 2,000-player Swiss, a 20-team league and a
10-player double round robin: the calculator, the saved event's public page and editor
(on a real 112-player Swiss, a saved event holding at most 1,000), and the static site of
``crosstable site``. On every page at both widths the page is no
wider than the window (a wide table scrolls inside its box), on a desktop no name is
wrapped, and axe-core finds no serious or critical violation (WCAG 2.1 AA). A screenshot
of each is saved under ``tests/artifacts/`` (not committed).

axe-core comes from the npm registry: ``.ci/run`` installs it into
``.venv/axe/node_modules/axe-core`` (``CROSSTABLE_AXE`` may name another ``axe.min.js``);
without it these tests fail under CI and are skipped elsewhere, as Chromium is."""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from click.testing import CliRunner
from playwright.sync_api import Browser, Page

from crosstable.cli import main
from crosstable.web.app import create_app
from tests.browser import served, wait_for

pytest_plugins = ["tests.browser"]

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "data"
ARTEFACTS = ROOT / "tests" / "artifacts"
SWISS = DATA / "fide" / "swiss-2000p-11r.trf"
LEAGUE = DATA / "openfootball" / "en-1-2023-24.json"
REAL_SWISS = DATA / "real" / "cch_testLargeFile.trf"  # lichess Swiss j8rtJ5GL: 112 players, 20 rounds
WIDTHS = (390, 1280)
PATIENCE = 300.0
AXE = Path(os.environ.get("CROSSTABLE_AXE") or ROOT / ".venv" / "axe" / "node_modules" / "axe-core" / "axe.min.js")


@pytest.fixture(scope="module")
def axe() -> str:
    if not AXE.is_file():
        message = f"axe-core is not installed at {AXE} (.ci/run installs it: npm install --prefix .venv/axe axe-core@4)"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    return AXE.read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    db = tmp_path_factory.mktemp("events") / "events.sqlite"
    with served(create_app(db=f"sqlite:///{db}", budget=PATIENCE)) as address:
        wait_for(f"{address}/events", PATIENCE)
        yield address


def _round_robin_results(http: httpx.Client, server: str, event: str, secret: str) -> None:
    """Every game of the double round robin but the last round's: a pattern of wins,
    draws and losses (a layout test: no value of it is asserted), so that cells hold
    ``½ ½`` and mixed ``1 ½``."""
    view = http.get(f"{server}/api/events/{event}").json()
    version = view["version"]
    for r in view["rounds"][:-1]:
        for k, g in enumerate(r["games"]):
            answer = http.put(
                f"{server}/api/events/{event}/games/{g['id']}",
                json={"result": ("1", "=", "0", "=")[(r["round"] + k) % 4], "version": version},
                headers={"Authorization": f"Bearer {secret}"},
            )
            answer.raise_for_status()
            version = answer.json()["version"]


@pytest.fixture(scope="module")
def events(server: str) -> dict[str, tuple[str, str]]:
    """The three events saved on the server: name → (id, editor secret). A saved event
    holds at most 1,000 participants: the saved Swiss is the real 112-player one, the
    2,000-player Swiss is checked on the calculator and as a site."""
    made = {}
    with httpx.Client(timeout=PATIENCE) as http:
        for name, body in (
            ("swiss", {"name": "Lichess Swiss j8rtJ5GL", "content": REAL_SWISS.read_text(encoding="utf-8")}),
            ("league", {"name": "Premier League 2023/24", "content": LEAGUE.read_text(encoding="utf-8")}),
            (
                "round-robin",
                {
                    "name": "Club round robin",
                    "participants": [f"Player {k} Longname" for k in range(1, 11)],
                    "schedule": "double",
                },
            ),
        ):
            r = http.post(f"{server}/api/events", json=body)
            assert r.status_code == 201, r.text
            made[name] = (r.json()["id"], r.json()["editor_secret"])
        _round_robin_results(http, server, *made["round-robin"])
    return made


def _check(page: Page, axe: str, name: str, width: int, *, names: str = "td.name") -> None:
    """The checks of every page: a screenshot, no sideways scrolling of the page, no name
    on two lines on a desktop, no serious or critical axe violation."""
    ARTEFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTEFACTS / f"publish-{name}-{width}.png"), full_page=width < 1000)
    sizes = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert sizes[0] == sizes[1] == width, f"{name} at {width} px: the page is {sizes[0]} px wide"
    if width >= 1000:
        wrapped = page.evaluate(
            """(sel) => [...document.querySelectorAll(sel)].slice(0, 300).filter((td) => {
                const range = document.createRange();
                range.selectNodeContents(td);
                const lines = [...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.bottom));
                return new Set(lines).size > 1;
            }).map((td) => td.textContent)""",
            names,
        )
        assert wrapped == [], f"{name}: names on more than one line: {wrapped[:5]}"
    page.add_script_tag(content=axe)
    result: dict[str, Any] = page.evaluate(
        "axe.run(document, {runOnly: {type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', "
        "'best-practice']}, resultTypes: ['violations']})"
    )
    bad = [
        f"{v['id']} ({v['impact']}): {v['help']}: {[n['target'] for n in v['nodes'][:3]]}"
        for v in result["violations"]
        if v["impact"] in ("serious", "critical")
    ]
    assert bad == [], f"{name} at {width} px: {bad}"


def _page(browser: Browser, width: int) -> Page:
    context = browser.new_context(viewport={"width": width, "height": 900})
    context.set_default_timeout(PATIENCE * 1000)
    return context.new_page()


@pytest.mark.parametrize("which", ["swiss", "league", "round-robin"])
@pytest.mark.parametrize("width", WIDTHS)
def test_the_public_page_and_the_editor_fit_and_are_accessible(
    browser: Browser, axe: str, server: str, events: dict[str, tuple[str, str]], which: str, width: int
) -> None:
    event, secret = events[which]
    page = _page(browser, width)
    page.goto(f"{server}/events/{event}")
    page.wait_for_selector("#standings table")
    if which == "round-robin":  # a double round robin's cells: both games on one line, a mixed cell coloured
        cells = page.query_selector_all("#crosstable td.d, #crosstable td.mixed")
        assert any("½ ½" in c.inner_text() for c in cells)
        heights = page.evaluate("[...document.querySelectorAll('#crosstable td.d')].map((td) => td.clientHeight)")
        assert max(heights) < 2 * min(heights)
        mixed = page.query_selector("#crosstable td.mixed")
        assert mixed is not None
        colour = page.evaluate("(td) => getComputedStyle(td).backgroundColor", mixed)
        assert colour not in ("rgba(0, 0, 0, 0)", "rgb(255, 255, 255)")
    if which != "league":
        assert page.is_visible("#outlook-section") == (which == "round-robin")  # the Swiss is finished
    _check(page, axe, f"event-{which}", width)
    page.goto(f"{server}/events/{event}/edit#secret={secret}")
    page.wait_for_selector("#standings table")
    if which == "round-robin":
        page.wait_for_selector("#games input.result")
        small = page.evaluate(
            """[...document.querySelectorAll('#editor button, #editor select, #editor input, #editor a')]
               .filter((e) => e.offsetParent !== null)
               .map((e) => e.getBoundingClientRect()).filter((r) => r.width < 44 || r.height < 44).length"""
        )
        assert small == 0, f"{small} controls of the editor are smaller than 44 px"
    _check(page, axe, f"editor-{which}", width)
    page.context.close()


@pytest.mark.parametrize("width", WIDTHS)
def test_the_calculator_fits_the_league_and_the_swiss(browser: Browser, axe: str, server: str, width: int) -> None:
    page = _page(browser, width)
    for name, path in (("league", LEAGUE), ("swiss", SWISS)):
        page.goto(server)
        page.wait_for_selector("body[data-ready='1']")
        page.set_input_files("#file", str(path))
        page.wait_for_function("document.getElementById('input').value.length > 1000")
        page.click("#compute")
        page.wait_for_selector("#results:not([hidden]) .standings tbody tr")
        assert page.is_hidden("#outlook-section")  # both events are finished
        _check(page, axe, f"calculator-{name}", width)
    page.context.close()


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    directory = tmp_path_factory.mktemp("site") / "j8rtJ5GL"
    result = CliRunner().invoke(main, ["site", str(REAL_SWISS), "-o", str(directory)])
    assert result.exit_code == 0, result.output
    return directory


def test_the_site_opens_from_disk_and_every_link_resolves(browser: Browser, site: Path) -> None:
    page = _page(browser, 1280)
    seen: set[str] = set()
    todo = [(site / "index.html").as_uri()]
    failed: list[str] = []
    page.on("requestfailed", lambda r: failed.append(r.url))
    while todo:
        url = todo.pop()
        if url in seen:
            continue
        seen.add(url)
        assert page.goto(url) is not None
        assert page.title(), url
        links: list[str] = page.evaluate("[...document.querySelectorAll('a[href]')].map((a) => a.href)")
        for link in links:
            assert link.startswith("file://"), (url, link)
            target = link.split("#")[0]
            assert Path(httpx.URL(target).path).is_file(), (url, link)
            todo.append(target)
        assert page.evaluate("document.scripts.length") == 0
    pages = {p.name for p in site.glob("*.html")}
    assert {Path(httpx.URL(u).path).name for u in seen} == pages  # every page is reached from the index
    assert failed == []
    page.context.close()


@pytest.mark.parametrize("width", WIDTHS)
def test_the_sites_pages_fit_and_are_accessible(browser: Browser, axe: str, site: Path, width: int) -> None:
    page = _page(browser, width)
    for name in ("index", "players", "round-20", "standings-20", "crosstable", "player-1"):
        page.goto((site / f"{name}.html").as_uri())
        _check(page, axe, f"site-{name}", width)
    page.context.close()


def test_the_site_of_the_large_swiss_fits_and_is_accessible(browser: Browser, axe: str, tmp_path: Path) -> None:
    directory = tmp_path / "swiss"
    result = CliRunner().invoke(main, ["site", str(SWISS), "-o", str(directory)])
    assert result.exit_code == 0, result.output
    for width in WIDTHS:
        page = _page(browser, width)
        for name in ("index", "standings-11", "crosstable", "round-11", "player-1"):
            page.goto((directory / f"{name}.html").as_uri())
            _check(page, axe, f"site-2000-{name}", width)
        page.context.close()


def test_a_printed_public_page_says_the_round_and_shows_no_control(
    browser: Browser, server: str, events: dict[str, tuple[str, str]]
) -> None:
    event, _secret = events["round-robin"]
    page = _page(browser, 1280)
    page.goto(f"{server}/events/{event}")
    page.wait_for_selector("#standings table")
    page.emulate_media(media="print")
    line = page.inner_text("#print-line")
    assert re.match(r"after round 17 of 18 · \d{4}-\d\d-\d\d · http://", line), line
    shown = page.evaluate(
        "[...document.querySelectorAll('select, button, input, textarea')]"
        ".filter((e) => e.offsetParent !== null).length"
    )
    assert shown == 0
    pdf = page.pdf(format="A4")
    assert pdf.startswith(b"%PDF")
    ARTEFACTS.mkdir(exist_ok=True)
    (ARTEFACTS / "publish-event-print.pdf").write_bytes(pdf)
    page.context.close()


def test_a_printed_report_and_site_page_say_the_event_and_show_no_control(browser: Browser, tmp_path: Path) -> None:
    """Printed (A4), the ``-o html`` page of a real Swiss cut at round 3 of 9 shows its
    header (event, round, day, source) and the site's pages hide their links' bar."""
    gros = DATA / "real" / "ejs_javafo_sample2.trf"
    result = CliRunner().invoke(main, ["standings", str(gros), "--round", "3", "-o", "html"])
    assert result.exit_code == 0, result.output
    report = tmp_path / "report.html"
    report.write_text(result.stdout, encoding="utf-8")
    page = _page(browser, 1280)
    page.goto(report.as_uri())
    assert not page.is_visible(".print-header")  # on screen: the page's own heading
    page.emulate_media(media="print")
    header = page.inner_text(".print-header")
    assert page.is_visible(".print-header")
    assert re.match(
        r"XX Open Internacional de Gros · after round 3 of 9 · published \d{4}-\d\d-\d\d · source: ", header
    )
    assert page.pdf(format="A4").startswith(b"%PDF")
    site = tmp_path / "site"
    result = CliRunner().invoke(main, ["site", str(gros), "-o", str(site)])
    assert result.exit_code == 0, result.output
    page.emulate_media(media="screen")
    page.goto((site / "standings-4.html").as_uri())
    assert page.is_visible(".site-nav")
    page.emulate_media(media="print")
    assert not page.is_visible(".site-nav")
    assert page.is_visible(".site-footer")
    assert "after round 4 of 9" in page.inner_text(".site-footer")
    page.context.close()
