"""The HTTP API of ``crosstable serve`` (issue: web page and HTTP API).

Values come from the same sources as the library's tests: the Bulgarian article's 7-player table
(tests/data/seed-7-players.expected.json), the 2018 World Cup group H with FIFA's
fair-play totals (tests/data/worldcup-2018-group-H.*), the FIDE Berger tables
(tests/data/berger_tables.json) and the Hungarian article's last round. The fuzz test drives every
endpoint from its OpenAPI schema (schemathesis): no input may give a server error or
an answer that contradicts the schema.
"""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path

import httpx
import pytest
import schemathesis
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, settings
from schemathesis.checks import (
    content_type_conformance,
    not_a_server_error,
    response_schema_conformance,
    status_code_conformance,
)

import crosstable
from crosstable import read
from crosstable.io.jsonfmt import to_dict
from crosstable.web.app import app, create_app
from tests.conftest import DATA

ROOT = DATA.parent.parent
SEED = (ROOT / "examples" / "seed-7-players.tsv").read_text(encoding="utf-8")
EXPECTED = json.loads((DATA / "seed-7-players.expected.json").read_text(encoding="utf-8"))
client = TestClient(app)


def test_standings_are_the_seeds() -> None:
    r = client.post("/api/standings", json={"content": SEED, "tiebreaks": ["SB", "SHM"]})
    assert r.status_code == 200
    got = r.json()["standings"]
    assert [(x["name"], x["points"], x["tiebreaks"]) for x in got] == [
        (x["name"], x["points"], x["tiebreaks"]) for x in EXPECTED["standings"]
    ]


def test_our_json_tournament_as_the_body() -> None:

    body = to_dict(read(ROOT / "examples" / "seed-7-players.tsv"))
    r = client.post("/api/standings", json={"tournament": body, "tiebreaks": ["SB"]})
    assert r.status_code == 200
    assert r.json()["standings"][3]["tiebreaks"]["SB"] == EXPECTED["standings"][3]["tiebreaks"]["SB"]


def test_explanations_potentials_and_tables_on_request() -> None:
    r = client.post(
        "/api/standings",
        json={"content": SEED, "tiebreaks": ["SB"], "explain": True, "potentials": True, "html": True},
    )
    data = r.json()
    # the Bulgarian article: SB of Zhelyazkov = 2.5 + 2.25 + 2 + 1.25 + 1 + 0 = 9
    assert "SB = 2.5 (½ of Mikhailov's 5) + 2.25" in data["explanations"]["Zhelyazkov"]
    assert {p["name"] for p in data["potentials"]} == {x["name"] for x in EXPECTED["standings"]}
    assert 'data-name="Zhelyazkov"' in data["html"]["standings"]
    assert "ahead of Angelov on SB (Sonneborn–Berger)" in data["html"]["standings"]
    assert 'class="crosstable"' in data["html"]["crosstable"]


def test_league_with_a_discipline_file() -> None:
    # The Hungarian article / FIFA: Japan above Senegal on fair-play points (−4 against −6).
    fixtures = (ROOT / "examples" / "worldcup-2018-group-H.csv").read_text(encoding="utf-8")
    cards = (DATA / "worldcup-2018-group-H.fairplay.csv").read_text(encoding="utf-8")
    r = client.post("/api/standings", json={"content": fixtures, "discipline": cards, "rules": "fifa-2018"})
    rows = r.json()["standings"]
    names = [x["name"] for x in rows]
    assert names.index("Japan") + 1 == names.index("Senegal")
    assert rows[names.index("Japan")]["decided_by"] == "FP"


def test_unreadable_input_names_line_and_column() -> None:
    bad = SEED.replace("\t½\t", "\tq\t", 1)
    r = client.post("/api/standings", json={"content": bad, "filename": "seed.tsv"})
    assert r.status_code == 422
    body = r.json()
    assert body["source"] == "seed.tsv"
    problem = body["problems"][0]
    assert problem["line"] is not None and problem["column"] is not None and "'q'" in problem["message"]


def test_limits_give_413() -> None:
    small = TestClient(create_app(max_bytes=2_000, max_participants=5))
    assert small.post("/api/standings", json={"content": SEED * 10}).status_code == 413
    r = small.post("/api/standings", json={"content": SEED})
    assert r.status_code == 413 and "7 participants" in r.json()["detail"]

    def chunks() -> Iterator[bytes]:  # no Content-Length: counted as it arrives
        yield b'{"content": "'
        yield from (b"x" * 500 for _ in range(10))
        yield b'"}'

    r = small.post("/api/standings", content=chunks(), headers={"Content-Type": "application/json"})
    assert r.status_code == 413


def test_csv_export_is_safe_from_formulas_and_html_is_escaped() -> None:
    evil = SEED.replace("Mikhailov", "=HYPERLINK(1)").replace("Getovski", "<script>alert(1)</script>")
    r = client.post("/api/export", json={"content": evil, "to": "csv"})
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/csv")
    assert "\n1,1,'=HYPERLINK(1),5," in r.text.replace("\r\n", "\n")
    r = client.post("/api/export", json={"content": evil, "to": "html"})
    assert "<script>alert" not in r.text and "&lt;script&gt;alert(1)&lt;/script&gt;" in r.text
    r = client.post("/api/standings", json={"content": evil, "html": True, "explain": True})
    assert "<script>alert" not in r.json()["html"]["standings"]


def test_trf_and_json_exports_read_back() -> None:

    for to in ("trf", "json"):
        r = client.post("/api/export", json={"content": SEED, "to": to, "filename": "seed-7-players.tsv"})
        assert r.status_code == 200
        disposition = f"attachment; filename=\"seed-7-players.{to}\"; filename*=UTF-8''seed-7-players.{to}"
        assert r.headers["content-disposition"] == disposition
        if to == "trf":
            assert crosstable.read_text(r.text).scores() == crosstable.read_text(SEED).scores()
        else:
            assert r.json()["standings"][0]["name"] == "Mikhailov"


def test_upload_decodes_latin_1_and_detects_the_format() -> None:
    text = (DATA / "fide" / "tournament.trf").read_text(encoding="utf-8").replace("Player 01", "Jörg Müller")
    r = client.post("/api/upload", files={"file": ("t.trf", text.encode("latin-1"), "application/octet-stream")})
    assert r.status_code == 200
    assert r.json()["format"] == "trf" and "Jörg Müller" in r.json()["content"]


def test_schedule_is_the_fide_berger_table() -> None:
    tables = json.loads((DATA / "berger_tables.json").read_text(encoding="utf-8"))
    r = client.post("/api/schedule", json={"n": 6})
    rounds = r.json()["rounds"]
    got = [[[p["white"], p["black"]] for p in rnd] for rnd in rounds]
    assert got == tables["6"]


def test_scenarios_of_seed_003() -> None:
    # The Hungarian article: before the last round Petrov (3 points, SB ahead) can finish 1st to 3rd.
    text = (ROOT / "examples" / "seed-003-last-round.csv").read_text(encoding="utf-8")
    r = client.post("/api/scenarios", json={"content": text, "tiebreaks": ["SB"]})
    assert r.status_code == 200
    petrov = next(p for p in r.json()["participants"] if p["name"] == "Petrov")
    assert (petrov["best"], petrov["worst"]) == (1, 3)
    assert sum(Fraction(str(v)) for v in petrov["places"].values()) == pytest.approx(1, abs=1e-5)


# with a database, so that the saved events' API answers too
schema = schemathesis.openapi.from_asgi(
    "/openapi.json", create_app(db=f"sqlite:///{Path(tempfile.mkdtemp()) / 'events.sqlite'}")
)
CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance, response_schema_conformance]


@schema.parametrize()
@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
def test_no_input_gives_a_server_error(case: schemathesis.Case) -> None:
    # No server error, and every answer (status, content type, body) as the schema documents it.
    # Not checked: "a schema-valid request is accepted" (a well-formed request whose content is not
    # a tournament is rightly refused, 422) and "a schema-violating request is refused" (a
    # multipart file is bytes whatever the generator meant them to be).
    case.call_and_validate(checks=CHECKS)


def test_serve_prints_its_address_and_serves_the_page(tmp_path: Path) -> None:

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    cmd = [sys.executable, "-m", "crosstable.cli", "serve", "--port", str(port)]
    # in a folder of its own: the default database (./crosstable.sqlite) is made where the server starts
    server = subprocess.Popen(cmd, stdout=subprocess.PIPE, text=True, cwd=tmp_path)
    try:
        assert server.stdout is not None
        assert f"http://127.0.0.1:{port}/" in server.stdout.readline()
        for _ in range(100):
            try:
                page = httpx.get(f"http://127.0.0.1:{port}/", timeout=2)
                break
            except httpx.HTTPError:
                time.sleep(0.1)
        assert page.status_code == 200 and '<textarea id="input"' in page.text
        assert (tmp_path / "crosstable.sqlite").is_file()  # the default database, where the server started
    finally:
        server.terminate()
        server.wait(timeout=20)


def test_potential_warnings_reach_the_answer() -> None:
    # As tests/test_potential.py: two groups that give no points to each other have no potential.
    text = "round,white,black,result\n1,A,B,1-0\n1,C,D,1-0\n"
    r = client.post("/api/standings", json={"content": text, "potentials": True})
    assert any("degenerate results table" in w for w in r.json()["warnings"])


def test_the_outlook_of_a_season() -> None:
    # the Premier League 2015/16 after 2 May 2016 (openfootball): Leicester champions, Aston Villa relegated
    lines = (DATA / "outlook" / "premier-league-2015-16.csv").read_text(encoding="utf-8").splitlines()
    rows = [lines[0]]
    rows += [line if line.split(",")[0] <= "2016-05-02" else ",".join(line.split(",")[:3]) + ",," for line in lines[1:]]
    body = {"content": "\n".join(rows), "rules": "premier-league", "zones": "title=1,relegation=18-20"}
    r = client.post("/api/outlook", json=body)
    assert r.status_code == 200, r.text
    data = r.json()
    leicester = next(p for p in data["participants"] if p["name"] == "Leicester City")
    villa = next(p for p in data["participants"] if p["name"] == "Aston Villa")
    assert leicester["zones"]["title"] == "clinched" and villa["zones"]["relegation"] == "clinched"
    assert len(leicester["witness"]["worst"]["games"]) == data["games_left"] == 24
    finished = client.post("/api/outlook", json={"content": SEED})
    assert finished.status_code == 422 and "no games are left" in finished.json()["detail"]
    wrong = client.post("/api/outlook", json={**body, "zones": "title=0"})
    assert wrong.status_code == 422 and "zone" in wrong.json()["detail"]
