"""A printed page (A4) says at its head the event, how far it is, the day it was made and
the source, and prints no control: the ``-o html`` page (and the web's printable report,
the same template) of a real Swiss cut at round 3 of 9 (tests/data/real/
ejs_javafo_sample2.trf, the Open Internacional de Gros 2010, TRF ``XXR 9``), a
competition's page, and the site's pages. The browser's view of a printed page is in
tests/test_publish_browser.py."""

from __future__ import annotations

import datetime
import re
from html.parser import HTMLParser
from pathlib import Path

from click.testing import CliRunner

from crosstable.cli import main
from crosstable.io import read
from crosstable.ranking import rank
from crosstable.report import event_state, print_line, render_report
from tests.conftest import DATA

GROS = DATA / "real" / "ejs_javafo_sample2.trf"
WORLD_CUP = DATA / "competitions" / "wc2018_group_stage.csv"


class _PrintOnly(HTMLParser):
    """The text inside the elements of class ``print-only`` (shown in print only)."""

    def __init__(self) -> None:
        super().__init__()
        self.depth = 0
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        classes = (dict(attrs).get("class") or "").split()
        if self.depth or "print-only" in classes:
            self.depth += 1

    def handle_endtag(self, tag: str) -> None:
        if self.depth:
            self.depth -= 1

    def handle_data(self, data: str) -> None:
        if self.depth:
            self.text.append(data)


def _printed(html: str) -> str:
    parser = _PrintOnly()
    parser.feed(html)
    return "".join(parser.text)


def _print_css(html: str) -> str:
    match = re.search(r"@media print \{(.*?)\n\}", html, re.S)
    assert match, "no @media print"
    return match.group(1)


def test_the_printed_report_says_the_event_the_round_the_day_and_the_source() -> None:
    result = CliRunner().invoke(main, ["standings", str(GROS), "--round", "3", "-o", "html"])
    assert result.exit_code == 0, result.output
    printed = _printed(result.stdout)
    today = datetime.datetime.now(datetime.UTC).date().isoformat()
    assert "Open Internacional de Gros" in printed
    assert "after round 3 of 9" in printed
    assert f"published {today}" in printed
    assert "source: ejs_javafo_sample2.trf" in printed


def test_the_print_css_hides_the_controls_and_sets_a4() -> None:
    html = render_report(rank(read(GROS)), written=datetime.date(2026, 1, 2))
    css = _print_css(html)
    assert "@page { size: A4" in css
    hidden = re.search(r"([^{}]*)\{ display: none !important; \}", css)
    assert hidden, css
    for control in (".no-print", ".site-nav", "button", "select", "input", "textarea", "#explanation", ".explain"):
        assert control in hidden.group(1).split(", ") or control in hidden.group(1), control
    assert ".print-only { display: block; }" in css
    assert "published 2026-01-02" in _printed(html)


def test_the_state_of_an_event_finished_running_and_without_rounds() -> None:
    t = read(GROS)
    assert event_state(t) == "after round 4 of 9"
    assert event_state(t.after_round(2)) == "after round 2 of 9"
    robin = read(DATA / "zurich-1953.as-printed.txt")
    assert event_state(robin).startswith("final")
    line = print_line("X", t, datetime.date(2026, 5, 1), "saved event 7")
    assert (line.state, line.written, line.source) == ("after round 4 of 9", "2026-05-01", "saved event 7")


def test_a_competitions_printed_page_and_the_sites_pages_say_the_event(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["standings", str(WORLD_CUP), "--rules", "fifa-2018", "-o", "html"])
    assert result.exit_code == 0, result.output
    printed = _printed(result.stdout)
    assert "wc2018_group_stage.csv" in printed
    assert "published " in printed
    assert ".print-only { display: block; }" in _print_css(result.stdout)
    site = tmp_path / "gros"
    result = CliRunner().invoke(main, ["site", str(GROS), "-o", str(site)])
    assert result.exit_code == 0, result.output
    for name in ("index.html", "standings-4.html", "round-4.html", "player-1.html"):
        footer = re.search(
            r'<footer class="site-footer">(.*?)</footer>', (site / name).read_text(encoding="utf-8"), re.S
        )
        assert footer, name
        for text in (
            "Open Internacional de Gros",
            "after round 4 of 9",
            "published ",
            "source: ejs_javafo_sample2.trf",
        ):
            assert text in footer.group(1), (name, text)
