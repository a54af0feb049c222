"""Saved events in a browser (headless Chromium, as tests/test_web_e2e.py): an
organizer creates a 6-player round robin from names, enters all five rounds from the
keyboard, corrects a round-2 result, and sees the standings and every SB equal to
``crosstable standings`` on the exported file; a player's phone (a second browser
context) shows the public page and sees it update.

The machine may be busy with other work: the server is waited for until it accepts
connections, and every request and every wait of the browser has a generous bound
(:data:`PATIENCE`) instead of httpx's and Playwright's defaults."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from click.testing import CliRunner
from playwright.sync_api import Browser, BrowserContext, Page, ViewportSize

from crosstable.cli import main
from crosstable.web.app import create_app
from tests.browser import served, wait_for
from tests.conftest import DATA

pytest_plugins = ["tests.browser"]

ARTEFACTS = DATA.parent.parent / "tests" / "artifacts"
NAMES = ["Mikhailov", "Alexandrov", "Zhelyazkov", "Angelov", "Ganev", "Kalchev"]
TYPED = [["1", "=", "0"], ["=", "1", "0"], ["1", "=", "+"], ["0", "1", "="], ["=", "1", "1"]]
PATIENCE = 120.0
"""Seconds any one request or wait may take on a loaded machine before the test gives up."""
HEAVY_PATIENCE = 600.0
"""The same for the outlook: the server computes it in its heavy lane, whose workers run
at ``nice`` 15 and get a few percent of a core beside other work (the server's budget,
30 s by default, is raised to this here, the test being no test of the budget)."""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    db = tmp_path_factory.mktemp("events") / "events.sqlite"
    with served(create_app(db=f"sqlite:///{db}", budget=HEAVY_PATIENCE)) as address:
        wait_for(f"{address}/events", PATIENCE)
        yield address


@pytest.fixture
def http() -> Iterator[httpx.Client]:
    """A client with a generous timeout (httpx's default is 5 s)."""
    with httpx.Client(timeout=PATIENCE) as client:
        yield client


def _context(browser: Browser, viewport: ViewportSize | None = None) -> BrowserContext:
    """A browser context whose waits are bounded by :data:`PATIENCE` (Playwright's default is 30 s)."""
    context = browser.new_context(viewport=viewport)
    context.set_default_timeout(PATIENCE * 1000)
    context.set_default_navigation_timeout(PATIENCE * 1000)
    return context


def _version(page: Page, n: int) -> None:
    page.wait_for_function(f"document.getElementById('status').textContent.endsWith('version {n}')")


def _sb_of_page(page: Page, version: int) -> dict[str, str]:
    page.wait_for_selector(f"#standings[data-version='{version}'] tbody tr")
    head = [h.inner_text() for h in page.query_selector_all("#standings thead th")]
    rows = [
        [c.inner_text() for c in r.query_selector_all("td")] for r in page.query_selector_all("#standings tbody tr")
    ]
    name, sb = head.index("Name"), head.index("SB")
    return {row[name]: row[sb] for row in rows}


def test_an_event_run_from_the_keyboard_to_the_standings(
    browser: Browser, server: str, http: httpx.Client, tmp_path: Path
) -> None:
    organizer = _context(browser, viewport={"width": 1300, "height": 1000})
    page = organizer.new_page()
    page.goto(f"{server}/events")
    page.fill("#name", "Club round robin")
    page.fill("#names", "\n".join(NAMES))
    page.fill("#tiebreaks", "SB")
    page.click("#create")
    page.wait_for_selector("#created:not([hidden])")
    edit = page.get_attribute("#edit-link", "href")
    assert edit is not None and "#secret=" in edit
    event_id = edit.split("/events/")[1].split("/")[0]

    phone = _context(browser, viewport={"width": 400, "height": 800})  # a player's phone
    public = phone.new_page()
    public.goto(f"{server}/events/{event_id}")
    public.wait_for_selector("#next tbody tr")
    assert public.is_hidden("#editor") and public.query_selector("input.result") is None

    page.goto(edit)
    page.wait_for_selector("#games input.result")
    assert "secret" not in page.url  # the secret left the address bar for the browser's storage
    page.focus("#games input.result")
    version = 1
    for results in TYPED:
        for result in results:
            page.keyboard.type(result)
            page.keyboard.press("Enter")
            version += 1
            _version(page, version)
    # the public page refreshes by itself
    _version(public, version)
    assert public.is_hidden("#next-section")  # every game played

    # a correction of round 2, board 1 (a draw that was a win for White)
    page.select_option("#round-entry", "2")
    first = page.query_selector("#games input.result")
    assert first is not None and first.input_value() == "½-½"
    first.fill("1")
    first.press("Enter")
    version += 1
    _version(page, version)

    exported = tmp_path / "event.trf"
    exported.write_text(http.get(f"{server}/api/events/{event_id}/export?to=trf").text, encoding="utf-8")
    cli = CliRunner().invoke(main, ["standings", str(exported), "-t", "SB", "-o", "json"])
    assert cli.exit_code == 0, cli.stderr
    expected = json.loads(cli.stdout)["standings"]
    shown = _sb_of_page(page, version)
    assert {r["name"] for r in expected} == set(shown)
    for row in expected:
        assert float(shown[row["name"]]) == row["tiebreaks"]["SB"], row["name"]
    assert _sb_of_page(public, version) == shown
    ARTEFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTEFACTS / "event-editor.png"), full_page=True)
    public.screenshot(path=str(ARTEFACTS / "event-public.png"), full_page=True)
    organizer.close()
    phone.close()


def test_a_stale_entry_shows_the_other_arbiters_change(browser: Browser, server: str, http: httpx.Client) -> None:
    r = http.post(f"{server}/api/events", json={"name": "Two arbiters", "participants": NAMES[:4]})
    event_id, secret = r.json()["id"], r.json()["editor_secret"]
    context = _context(browser)
    page = context.new_page()
    page.goto(f"{server}/events/{event_id}/edit#secret={secret}")
    page.wait_for_selector("#games input.result")
    game = http.get(f"{server}/api/events/{event_id}").json()["rounds"][0]["games"][0]
    other = http.put(
        f"{server}/api/events/{event_id}/games/{game['id']}",
        json={"result": "0", "version": 1},
        headers={"Authorization": f"Bearer {secret}"},
    )
    assert other.status_code == 200  # the other arbiter was first
    page.fill("#games input.result", "1")
    page.press("#games input.result", "Enter")
    page.wait_for_selector("#conflict:not([hidden])")
    assert "Another arbiter changed the event" in page.inner_text("#conflict")
    assert page.input_value("#games input.result") == "0-1"  # the other's change is shown, not lost
    context.close()


def test_before_the_last_round_the_outlook_panel_says_what_can_still_happen(
    browser: Browser, server: str, http: httpx.Client, tmp_path: Path
) -> None:
    r = http.post(f"{server}/api/events", json={"name": "Last round", "participants": NAMES[:4], "tiebreaks": ["SB"]})
    event_id, secret = r.json()["id"], r.json()["editor_secret"]
    view = http.get(f"{server}/api/events/{event_id}").json()
    version = 1
    for rnd in view["rounds"][:2]:  # rounds 1 and 2 of 3: White wins every game
        for game in rnd["games"]:
            answer = http.put(
                f"{server}/api/events/{event_id}/games/{game['id']}",
                json={"result": "1", "version": version},
                headers={"Authorization": f"Bearer {secret}"},
            )
            version = answer.json()["version"]
    exported = tmp_path / "event.json"
    exported.write_text(http.get(f"{server}/api/events/{event_id}/export?to=json").text, encoding="utf-8")
    cli = CliRunner().invoke(main, ["outlook", str(exported), "-t", "SB", "-o", "json"])  # here, not in the server
    assert cli.exit_code == 0, cli.stderr
    expected = json.loads(cli.stdout)
    context = _context(browser)
    page = context.new_page()
    page.goto(f"{server}/events/{event_id}")  # the public page has it too
    page.wait_for_selector("#outlook-section:not([hidden])")
    page.click("#outlook-button")
    page.wait_for_selector("#outlook tr td, #outlook-errors:not([hidden])", timeout=HEAVY_PATIENCE * 1000)
    assert page.is_hidden("#outlook-errors"), page.inner_text("#outlook-errors")
    rows = [[c.inner_text() for c in r.query_selector_all("td")] for r in page.query_selector_all("#outlook tr")[1:]]
    shown = {row[0]: (int(row[3]), int(row[4])) for row in rows}
    assert shown == {
        p["name"]: (p["best_exact"] or p["best"], p["worst_exact"] or p["worst"]) for p in expected["participants"]
    }
    context.close()
