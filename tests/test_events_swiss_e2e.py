"""A Swiss event run in a browser (headless Chromium; issue #24): an organiser creates a
15-player, 5-round Swiss from names and ratings on the events page, and on the editor
pairs every round with the page's button, enters every result from the keyboard, adds
a late entry before round 2, withdraws a player after round 3, asks a half-point bye
for round 4 and enters a forfeit. Every round is accepted by gacrux's pairing checker
(check mode: it re-pairs each round from the exported TRF and compares); the export is
ranked by ``crosstable standings`` and by the FIDE reference identically (every value of
the individual criteria list, tests/differential); a player's phone (a second browser
context) shows each round's pairing list and the standings after it, updating itself.
Bounds as tests/test_events_e2e.py (:data:`PATIENCE`)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from click.testing import CliRunner
from playwright.sync_api import Browser, Page

from crosstable.cli import main
from tests.differential.compare import compare_text, specs_for
from tests.test_events_e2e import ARTEFACTS, PATIENCE, _context, _version, server  # noqa: F401 - the fixture
from tests.test_events_swiss import LATE, PLAYERS, checker

pytest_plugins = ["tests.browser"]

RATING = dict([*PLAYERS, LATE])


@pytest.fixture
def http() -> Iterator[httpx.Client]:
    with httpx.Client(timeout=PATIENCE) as client:
        yield client


def _results(page: Page, version: int, forfeit_board: int | None = None) -> int:
    """The shown round's results typed from the keyboard: the higher-rated player wins,
    every third board is drawn, ``forfeit_board`` is a forfeit win for White."""
    rows = page.query_selector_all("#games tbody tr")
    plan = []
    for row in rows:
        board, white, _input, black = [c.inner_text() for c in row.query_selector_all("td")]
        if int(board) == forfeit_board:
            plan.append("+")
        elif int(board) % 3 == 0:
            plan.append("=")
        else:
            plan.append("1" if RATING[white] > RATING[black] else "0")
    page.focus("#games input.result")
    for typed in plan:
        page.keyboard.type(typed)
        page.keyboard.press("Enter")
        version += 1
        _version(page, version)
    return version


def _pair(page: Page, version: int, k: int) -> int:
    page.click("#pair")
    version += 1
    page.wait_for_function(
        f"document.getElementById('status').textContent.endsWith('version {version}')"
        " || !document.getElementById('conflict').hidden"
    )
    assert page.is_hidden("#conflict"), page.inner_text("#conflict")
    page.wait_for_function(f"document.getElementById('round-entry').value === '{k}'")
    page.wait_for_selector("#games tbody tr >> nth=0")
    return version


def test_a_swiss_run_from_the_page(browser: Browser, server: str, http: httpx.Client, tmp_path: Path) -> None:  # noqa: F811
    organiser = _context(browser, viewport={"width": 1300, "height": 1000})
    page = organiser.new_page()
    page.goto(f"{server}/events")
    page.fill("#name", "Club Swiss")
    page.select_option("#schedule", "swiss")
    page.fill("#rounds", "5")  # the field shows only for a Swiss
    page.fill("#names", "\n".join(f"{name} {rating}" for name, rating in PLAYERS))
    page.click("#create")
    page.wait_for_selector("#created:not([hidden])")
    edit = page.get_attribute("#edit-link", "href")
    assert edit is not None
    event_id = edit.split("/events/")[1].split("/")[0]
    view = http.get(f"{server}/api/events/{event_id}").json()
    assert view["schedule"] == "swiss" and view["rounds_total"] == 5
    assert {(p["name"], p["rating"]) for p in view["players"]} == set(PLAYERS)

    phone = _context(browser, viewport={"width": 400, "height": 800})
    public = phone.new_page()
    public.goto(f"{server}/events/{event_id}")
    public.wait_for_selector("#status")
    assert public.is_hidden("#swiss") and public.is_hidden("#editor")

    page.goto(edit)
    page.wait_for_selector("#swiss:not([hidden])")
    version = _pair(page, 1, 1)
    version = _results(page, version)
    page.fill("#late-name", LATE[0])
    page.fill("#late-rating", str(LATE[1]))
    page.click("#enter-late")
    version += 1
    _version(page, version)
    for k in (2, 3):
        version = _pair(page, version, k)
        if k == 2:  # the arbiter swaps two Blacks by hand: flagged; then the round is paired again
            page.click("#by-hand summary")
            page.wait_for_function("document.getElementById('hand-pairings').value.includes(' - ')")
            lines = page.input_value("#hand-pairings").splitlines()
            (w1, b1), (w2, b2) = (line.split(" - ") for line in lines[:2])
            page.fill("#hand-pairings", "\n".join([f"{w1} - {b2}", f"{w2} - {b1}", *lines[2:]]))
            page.click("#save-pairings")
            version += 1
            _version(page, version)
            assert "not the Dutch system's pairing" in page.inner_text("#pair-notes")
            swapped = http.get(f"{server}/api/events/{event_id}/rounds/2").json()["boards"][0]
            assert (swapped["white"], swapped["black"]) == (w1, b2)
            page.click("#pair-again")
            version += 1
            _version(page, version)
        version = _results(page, version, forfeit_board=2 if k == 3 else None)
        # the phone shows the round's pairing list and the standings after it
        _version(public, version)
        public.wait_for_function(f"document.getElementById('list-round').value === '{k}'")
        public.wait_for_selector(f"#standings[data-version='{version}']")
        shown = [c.inner_text() for c in public.query_selector_all("#pairing-list tbody tr td:nth-child(2)")]
        listed = http.get(f"{server}/api/events/{event_id}/rounds/{k}").json()
        assert shown == [b["white"] for b in listed["boards"]]
    page.select_option("#withdraw-name", "Jobava")
    page.click("#withdraw")
    version += 1
    _version(page, version)
    page.fill("#requested-byes", "Leko=H")
    version = _pair(page, version, 4)
    version = _results(page, version)
    version = _pair(page, version, 5)
    version = _results(page, version)
    assert page.is_disabled("#pair")  # every round paired

    view = http.get(f"{server}/api/events/{event_id}").json()
    assert {"name": "Leko", "kind": "half"} in view["rounds"][3]["byes"]
    assert all("Jobava" not in (g["white"], g["black"]) for r in view["rounds"][3:] for g in r["games"])
    assert any(g["result"] == "+-" for g in view["rounds"][2]["games"])
    trf = http.get(f"{server}/api/events/{event_id}/export?to=trf").text
    assert checker(trf, tmp_path) == [(k, True) for k in range(1, 6)]
    outcome = compare_text(trf, specs_for(trf), tmp_path)
    assert outcome.compared and not outcome.differences, outcome.differences
    (tmp_path / "final.trf").write_text(trf, encoding="utf-8")
    cli = CliRunner().invoke(main, ["standings", str(tmp_path / "final.trf"), "-o", "json"])
    assert cli.exit_code == 0, cli.output
    ours = http.get(f"{server}/api/events/{event_id}/standings").json()
    assert json.loads(cli.stdout)["standings"] == ours["standings"]

    # a player's card on the public page
    _version(public, version)
    public.click("#pairing-list tbody tr >> nth=0 >> td >> nth=1 >> button")
    public.wait_for_selector("#card:not([hidden]) #card-table tbody tr")
    assert len(public.query_selector_all("#card-table tbody tr")) == 5
    # the prize-giving panel: the prizes of the default list, as the API gives them
    public.click("#prizes-panel summary")
    public.click("#compute-prizes")
    public.wait_for_selector("#prize-table:not([hidden]) tbody tr")
    listed = public.input_value("#prize-list")
    expected = http.post(f"{server}/api/events/{event_id}/prizes", json={"prizes": listed}).json()["prizes"]
    shown = [
        [c.inner_text() for c in r.query_selector_all("td")] for r in public.query_selector_all("#prize-table tbody tr")
    ]
    assert [row[1] for row in shown] == [p["name"] for p in expected]
    public.click("#ratings-panel summary")
    public.click("#compute-ratings")
    public.wait_for_selector("#rating-table:not([hidden]) tbody tr")
    assert "FIDE Rating Regulations" in public.inner_text("#rating-edition")
    ARTEFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTEFACTS / "swiss-editor.png"), full_page=True)
    public.screenshot(path=str(ARTEFACTS / "swiss-public.png"), full_page=True)
    organiser.close()
    phone.close()
