"""Issue #29: ``crosstable site FILE -o DIR``, an event as a folder of static pages (the
browser's view of them is in tests/test_publish_browser.py). On a real lichess Swiss
(tests/data/real/skl_2020_06.trf, lichess.org/swiss/FaLp5fSD: 13 players, 10 rounds,
the points printed by lichess in each 001 line): a page per round's pairings and per
round's standings, a card per player, the points of each as lichess printed them, the
games of round 1 as the file has them, every link relative and resolving, no script;
bad input writes nothing."""

from __future__ import annotations

import re
from fractions import Fraction
from html.parser import HTMLParser
from pathlib import Path

import pytest
from click.testing import CliRunner

from crosstable.cli import main
from crosstable.competition import one_group
from crosstable.io import read
from crosstable.ranking import rank
from tests.conftest import DATA

LICHESS = DATA / "real" / "skl_2020_06.trf"
ROUND_ROBIN = DATA / "zurich-1953.as-printed.txt"


class _Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.links: list[str] = []
        self.scripts = 0
        self.cells: list[list[str]] = []
        self._row: list[str] | None = None
        self._cell: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        href = values.get("href")
        if tag in ("a", "link") and href and not href.startswith("data:"):  # the favicon is inline
            self.links.append(href)
        if tag == "script":
            self.scripts += 1
        if tag == "tr":
            self._row = []
        if tag in ("td", "th") and self._row is not None:
            self._cell = []

    def handle_endtag(self, tag: str) -> None:
        if tag in ("td", "th") and self._row is not None and self._cell is not None:
            self._row.append("".join(self._cell).strip())
            self._cell = None
        if tag == "tr" and self._row is not None:
            self.cells.append(self._row)
            self._row = None

    def handle_data(self, data: str) -> None:
        if self._cell is not None:
            self._cell.append(data)


def _parsed(path: Path) -> _Links:
    parser = _Links()
    parser.feed(path.read_text(encoding="utf-8"))
    return parser


def _site(source: Path, directory: Path, *more: str) -> None:
    result = CliRunner().invoke(main, ["site", str(source), "-o", str(directory), *more])
    assert result.exit_code == 0, result.output
    assert result.stdout.endswith(f"pages written to {directory}\n")


def _lichess_lines() -> list[tuple[int, str, str, list[str]]]:
    """Each 001 line of the lichess file: start number, name, the points lichess printed
    (TRF-16 columns 15-47 and 81-84) and the round fields (from column 92, 10 wide)."""
    rows = []
    for line in LICHESS.read_text(encoding="utf-8").splitlines():
        if line.startswith("001"):
            fields = [line[k : k + 10] for k in range(91, len(line), 10)]
            rows.append((int(line[4:8]), line[14:47].strip(), line[80:84].strip(), fields))
    return rows


@pytest.fixture(scope="module")
def lichess(tmp_path_factory: pytest.TempPathFactory) -> Path:
    directory = tmp_path_factory.mktemp("site") / "FaLp5fSD"
    _site(LICHESS, directory)
    return directory


def test_every_page_of_the_event_is_written(lichess: Path) -> None:
    players = _lichess_lines()
    expected = {"index.html", "players.html", "crosstable.html", "report.css"}
    expected |= {f"round-{k}.html" for k in range(1, 11)} | {f"standings-{k}.html" for k in range(1, 11)}
    expected |= {f"player-{number}.html" for number, *_rest in players}
    assert {p.name for p in lichess.iterdir()} == expected


def test_every_link_is_relative_and_resolves_and_no_page_has_a_script(lichess: Path) -> None:
    reached = {"index.html"}
    for page in lichess.glob("*.html"):
        parsed = _parsed(page)
        assert parsed.scripts == 0, page.name
        for link in parsed.links:
            assert not re.match(r"^([a-z]+:|/)", link), (page.name, link)  # relative: any host, or the disk
            assert (lichess / link.split("#")[0]).is_file(), (page.name, link)
            reached.add(link.split("#")[0])
    assert reached == {p.name for p in lichess.iterdir()}  # every page is linked from another


def test_the_points_are_those_lichess_printed(lichess: Path) -> None:
    players = _lichess_lines()
    rows = _parsed(lichess / "players.html").cells
    head, body = rows[0], rows[1:]
    points = {row[head.index("Name")]: row[head.index("Points")] for row in body}
    assert points == {name: printed for _number, name, printed, _fields in players}
    for number, _name, printed, _fields in players:
        card = _parsed(lichess / f"player-{number}.html").cells
        assert Fraction(card[-1][-1].replace("½", ".5") or "0") == Fraction(printed)  # after the last round


def test_the_games_of_round_one_are_those_of_the_file(lichess: Path) -> None:
    players = _lichess_lines()
    name = {number: n for number, n, _points, _fields in players}
    table = _parsed(lichess / "round-1.html").cells
    where = [table[0].index(h) for h in ("White / home", "Result", "Black / away")]
    games = set()
    for number, _n, _points, fields in players:
        opponent, colour, result = fields[0].split() if len(fields[0].split()) == 3 else ("", "", "")
        if colour == "w":  # one line per game: White's
            text = {"1": "1–0", "0": "0–1", "=": "½–½"}[result]
            games.add((name[number], text, name[int(opponent)]))
    assert games and {tuple(row[k] for k in where) for row in table[1:]} == games


def test_a_round_robin_without_rounds_has_its_standings_and_crosstable(tmp_path: Path) -> None:
    directory = tmp_path / "zurich"
    _site(ROUND_ROBIN, directory)
    names = {p.name for p in directory.iterdir()}
    assert {"index.html", "players.html", "standings.html", "crosstable.html"} <= names
    assert not any(n.startswith("round-") for n in names)
    assert sum(n.startswith("player-") for n in names) == 15  # Zurich 1953: 15 players
    for page in directory.glob("*.html"):
        for link in _parsed(page).links:
            assert (directory / link).is_file(), (page.name, link)


def test_bad_input_writes_nothing(tmp_path: Path) -> None:
    bad = tmp_path / "bad.trf"
    bad.write_text("001    1      Somebody                          2000 XXX\n001 oops\n", encoding="utf-8")
    before = set(tmp_path.iterdir())
    result = CliRunner().invoke(main, ["site", str(bad), "-o", str(tmp_path / "out")])
    assert result.exit_code == 2
    assert result.stdout == "" and len(result.stderr.splitlines()) == 1
    assert set(tmp_path.iterdir()) == before  # no folder, no temporary folder left


def test_a_folder_that_is_not_a_site_is_kept_and_a_site_is_replaced(tmp_path: Path) -> None:
    other = tmp_path / "mine"
    other.mkdir()
    (other / "notes.txt").write_text("keep me", encoding="utf-8")
    result = CliRunner().invoke(main, ["site", str(LICHESS), "-o", str(other)])
    assert result.exit_code == 2 and "not a site of crosstable" in result.stderr
    assert [p.name for p in other.iterdir()] == ["notes.txt"]
    site = tmp_path / "site"
    _site(LICHESS, site)
    (site / "stale.html").write_text("an old page", encoding="utf-8")
    _site(LICHESS, site)  # written again: the old site replaced whole
    assert not (site / "stale.html").exists() and (site / "index.html").is_file()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["mine", "site"]


def test_a_saved_event_is_written_from_its_database(tmp_path: Path) -> None:
    """An event saved as ``crosstable serve`` saves it (created through the library, two
    of its three rounds' results entered as an editor enters them), written by ``site
    --event ID --db URL``: its pages, the points of the results entered, the third
    round's pairings without results, every link resolving. The pairings are the Berger
    table for four players (FIDE Handbook C.05, Annex 1: 1-4 2-3, 4-3 1-2, 2-4 3-1)."""
    from crosstable.events import EventStore, NewEvent  # noqa: PLC0415 - SQLAlchemy only for this test

    url = f"sqlite:///{tmp_path / 'events.sqlite'}"
    store = EventStore(url)
    event, secret = store.create(NewEvent(name="Club championship", participants=["Ann", "Bob", "Cid", "Dan"]))
    view = store.view(event)
    pairs = [[(g["white"], g["black"]) for g in r["games"]] for r in view["rounds"]]
    assert pairs == [
        [("Ann", "Dan"), ("Bob", "Cid")],
        [("Dan", "Cid"), ("Ann", "Bob")],
        [("Bob", "Dan"), ("Cid", "Ann")],
    ]
    version = view["version"]
    entered = {("Ann", "Dan"): "1-0", ("Bob", "Cid"): "½-½", ("Dan", "Cid"): "0-1", ("Ann", "Bob"): "½-½"}
    for r in view["rounds"][:2]:
        for g in r["games"]:
            version = store.set_result(event, g["id"], entered[g["white"], g["black"]], version, secret, "test")
    store.close()
    directory = tmp_path / "club"
    result = CliRunner().invoke(main, ["site", "--event", event, "--db", url, "-o", str(directory)])
    assert result.exit_code == 0, result.output
    names = {p.name for p in directory.iterdir()}
    assert names == {
        "index.html", "players.html", "crosstable.html", "report.css", "round-1.html", "round-2.html",
        "round-3.html", "standings-1.html", "standings-2.html",
        "player-1.html", "player-2.html", "player-3.html", "player-4.html",
    }  # fmt: skip
    rows = _parsed(directory / "players.html").cells
    points = {row[rows[0].index("Name")]: row[rows[0].index("Points")] for row in rows[1:]}
    assert points == {"Ann": "1.5", "Bob": "1.0", "Cid": "1.5", "Dan": "0.0"}  # 1 + ½, ½ + ½, ½ + 1, 0 + 0
    third = _parsed(directory / "round-3.html").cells
    where = [third[0].index(h) for h in ("White / home", "Result", "Black / away")]
    assert [tuple(row[k] for k in where) for row in third[1:]] == [
        ("Bob", "–", "Dan"),
        ("Cid", "–", "Ann"),
    ]  # not played yet
    index = (directory / "index.html").read_text(encoding="utf-8")
    assert "after round 2 of 3" in index and f"saved event {event}" in index
    for page in directory.glob("*.html"):
        for link in _parsed(page).links:
            assert (directory / link.split("#")[0]).is_file(), (page.name, link)


def test_a_saved_event_that_is_not_there_writes_nothing(tmp_path: Path) -> None:
    missing = f"sqlite:///{tmp_path / 'none.sqlite'}"
    some = "0b7f3c52-6f4c-4d3e-9a51-3d1f1f0f2a10"
    for args, said in (
        (["--event", some, "--db", missing], "no such file"),
        (["--event", "not-an-id", "--db", missing], "no event"),
        ([str(LICHESS), "--event", some], "either FILE or --event"),
        ([], "either FILE or --event"),
        (["--event", some, "--db", f"sqlite:///{LICHESS}"], "cannot read the database"),
    ):
        result = CliRunner().invoke(main, ["site", *args, "-o", str(tmp_path / "out")])
        assert result.exit_code == 2 and said in result.stderr, (args, result.output)
        assert len(result.stderr.splitlines()) == 1
    assert sorted(p.name for p in tmp_path.iterdir()) == []  # no database made, no folder


WORLD_CUP = DATA / "competitions" / "wc2018_group_stage.csv"


@pytest.fixture(scope="module")
def world_cup(tmp_path_factory: pytest.TempPathFactory) -> Path:
    directory = tmp_path_factory.mktemp("site") / "wc2018"
    _site(WORLD_CUP, directory, "--rules", "fifa-2018")
    return directory


def test_a_competition_in_groups_has_a_page_per_groups_standings_and_results(world_cup: Path) -> None:
    groups = "ABCDEFGH"
    expected = {"index.html", "report.css", "knockout.html"}
    expected |= {f"group-{g}.html" for g in groups} | {f"group-{g}-results.html" for g in groups}
    assert {p.name for p in world_cup.iterdir()} == expected
    index = _parsed(world_cup / "index.html")
    for g in groups:
        assert f"group-{g}.html" in index.links and f"group-{g}-results.html" in index.links
    assert "knockout.html" in index.links
    results = _parsed(world_cup / "group-A-results.html")
    games = [row for row in results.cells if len(row) == 4 and row[0].isdigit()]
    assert len(games) == 6  # a group of four: six games, two a matchday
    assert results.cells.count(["Match", "Home", "Score", "Away"]) == 3
    assert games[0] == ["1", "Russia", "5:0", "Saudi Arabia"]


def test_each_groups_order_is_the_librarys_ranking(world_cup: Path) -> None:
    t = read(WORLD_CUP)
    for g in "ABCDEFGH":
        ranked = [r.name for r in rank(one_group(t, g), rules="fifa-2018").rows]
        rows = _parsed(world_cup / f"group-{g}.html").cells[1:]
        assert [row[1] for row in rows] == ranked, g


def test_every_link_of_the_competitions_site_resolves(world_cup: Path) -> None:
    reached = {"index.html"}
    for page in world_cup.glob("*.html"):
        parsed = _parsed(page)
        assert parsed.scripts == 0, page.name
        for link in parsed.links:
            assert not re.match(r"^([a-z]+:|/)", link), (page.name, link)
            assert (world_cup / link.split("#")[0]).is_file(), (page.name, link)
            reached.add(link.split("#")[0])
    assert reached == {p.name for p in world_cup.iterdir()}


def test_a_football_txt_competition_is_written_with_its_matchdays(tmp_path: Path) -> None:
    source = DATA / "openfootball" / "euro-2024.txt"
    directory = tmp_path / "euro"
    _site(source, directory, "--rules", "uefa-euro-2024")
    names = {p.name for p in directory.iterdir()}
    assert {"index.html", "group-A.html", "group-F-results.html", "across.html", "knockout.html"} <= names
    assert "final, 3 rounds" in (directory / "index.html").read_text(encoding="utf-8")
    assert _parsed(directory / "group-A-results.html").cells.count(["Match", "Home", "Score", "Away"]) == 3
    for page in directory.glob("*.html"):
        for link in _parsed(page).links:
            assert (directory / link).is_file(), (page.name, link)
