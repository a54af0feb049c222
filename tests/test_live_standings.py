"""Live standings: an event that announces more rounds than its results reach (a Swiss
after 4 of 9 rounds, TRF ``XXR 9``) is ranked after its last round with results, and
says so, everywhere (the library, ``crosstable standings``, the web calculator); the
FIDE reference's reading (the rounds not played yet counted as absences of everybody)
only with ``announced_rounds`` / ``--announced-rounds``.

Checked against the reference (``gacrux.tiebreakchecker``) on real finished Swiss
events cut to 4 rounds, their ``XXR`` kept at the full number: our default equals the
reference given the cut file with ``XXR 4``; ``announced_rounds`` equals the reference
given the cut file as it is. The files of ``/work/shared/inputs`` are used when present.
"""

from __future__ import annotations

import json
import re
from fractions import Fraction
from pathlib import Path

import pytest
from click.testing import CliRunner
from fastapi.testclient import TestClient

import crosstable
from crosstable.cli import main
from crosstable.web.app import create_app
from tests.conftest import DATA
from tests.differential.reference import run_reference

REAL = DATA / "real"
SHARED = Path("/work/shared/inputs")
SWISSES = [
    REAL / "ejs_javafo_sample2.trf",  # 52 players, published after round 4 of 9
    REAL / "skl_2021_03.trf",  # 9 players, 9 rounds
    REAL / "skl_2020_06.trf",  # 13 players, 10 rounds
    # published after round 8 of 9 (its name says r09: the round to pair)
    SHARED / "fresh-chess" / "trf" / "cr-budapest-spring-festival-2026-group-b-2250-r09.trf",
    SHARED / "fresh-chess" / "trf" / "osp-lichess_swiss_2024.10.13_hId1KZmF_rapid.trf",
    SHARED / "fresh-chess" / "trf" / "pgn-grand-swiss-2021-riga.trf",
]
IN_PROGRESS = REAL / "trk_tournament1.trf"
"""The XX Open of Gros 2010 as its TRF was published after round 4 of 9 (XXR 9), with
three half-point byes requested for round 5 already on their lines."""
SPECS = ["PTS", "BH/C1", "BH", "SB", "AOB", "PS", "ARO", "VUR"]
AFTER = 4


def cut(text: str, k: int) -> str:
    """A TRF's text after round ``k``: each player line's first ``k`` round fields,
    its points (columns 81-84) those of those rounds; ``XXR`` as it was; without its
    start date (``042``: the reference cannot read some, ``Jun 26, 2020``, and takes
    another edition of C.07; without it both take the 2026 edition)."""
    lines = []
    for line in text.splitlines():
        if line.startswith("042"):
            continue
        if line.startswith("001"):
            fields = line[91 : 91 + 10 * k].rstrip()
            points = Fraction(0)
            for f in range(0, len(fields), 10):
                result = fields[f + 8 : f + 9]
                points += {"1": 1, "+": 1, "W": 1, "F": 1, "U": 1, "=": Fraction(1, 2), "D": Fraction(1, 2)}.get(
                    result, Fraction(0)
                )
                points += Fraction(1, 2) if result == "H" else 0
            shown = f"{float(points):4.1f}"
            line = (line[:80] + shown + line[84:91] + fields).rstrip()
        lines.append(line)
    return "\n".join(lines) + "\n"


def with_xxr(text: str, rounds: int) -> str:
    return re.sub(r"^XXR\s+\d+", f"XXR {rounds}", text, count=1, flags=re.MULTILINE)


def differences(s: crosstable.Standings, path: Path) -> list[str]:
    """Where our standings ``s`` (ranked by :data:`SPECS`) and the reference's on ``path`` differ."""
    table = run_reference(path, SPECS)
    out = []
    labels = dict(zip(SPECS[1:], s.labels, strict=True))
    for row in s.rows:
        number = (s.tournament.numbers or [])[row.index] if s.tournament.numbers else row.index + 1
        reference = table.rows[number]
        if row.points != reference["PTS"]:
            out.append(f"#{number} PTS: ours {row.points}, reference {reference['PTS']}")
        for spec in SPECS[1:]:
            if row.values[labels[spec]] != reference[spec]:
                out.append(f"#{number} {spec}: ours {row.values[labels[spec]]}, reference {reference[spec]}")
        if "-" not in row.place and int(row.place) != table.ranks[number]:
            out.append(f"#{number} rank: ours {row.place}, reference {table.ranks[number]}")
    return out


def present(paths: list[Path]) -> list[Path]:
    return [p for p in paths if p.exists()]


def _ids(paths: list[Path]) -> list[str]:
    return [p.stem[:40] for p in paths]


@pytest.fixture(params=SWISSES, ids=_ids(SWISSES))
def swiss(request: pytest.FixtureRequest) -> Path:
    path: Path = request.param
    if not path.exists():
        pytest.skip(f"{path} is not on this machine")
    return path


def test_a_cut_swiss_ranks_as_the_reference_does_the_file_cut_to_its_last_round(swiss: Path, tmp_path: Path) -> None:
    text = swiss.read_text(encoding="utf-8", errors="replace")
    rounds = crosstable.io.read_text(text, fmt="trf").rounds_total
    assert rounds is not None and rounds > AFTER
    announced = cut(text, AFTER)
    short = tmp_path / "short.trf"
    short.write_text(with_xxr(announced, AFTER), encoding="utf-8")
    s = crosstable.rank(crosstable.io.read_text(announced, fmt="trf", source="cut.trf"), SPECS)
    assert not differences(s, short), "\n".join(differences(s, short)[:20])
    note = f"standings after round {AFTER} of {rounds}, the last round with results"
    assert any(w.startswith(note) for w in s.warnings), s.warnings
    assert f"standings after round {AFTER} of {rounds}" in s.heading()
    assert s.to_dict()["rounds"] == {"after": AFTER, "with_results": AFTER, "announced": rounds}


def test_announced_rounds_ranks_as_the_reference_does_the_file_as_it_is(swiss: Path, tmp_path: Path) -> None:
    text = swiss.read_text(encoding="utf-8", errors="replace")
    announced = cut(text, AFTER)
    path = tmp_path / "announced.trf"
    path.write_text(announced, encoding="utf-8")
    t = crosstable.io.read_text(announced, fmt="trf", source="cut.trf")
    s = crosstable.rank(t, SPECS, announced_rounds=True)
    assert not differences(s, path), "\n".join(differences(s, path)[:20])
    assert any("everybody counts as absent, as the FIDE reference reads it" in w for w in s.warnings)
    assert not any(w.startswith("standings after round") for w in s.warnings)
    live = crosstable.rank(t, SPECS)
    assert [r.values for r in live.rows] != [r.values for r in s.rows]  # the two readings differ


@pytest.mark.parametrize("path", [*SWISSES, IN_PROGRESS], ids=_ids([*SWISSES, IN_PROGRESS]))
def test_the_live_default_is_the_reference_on_the_file_with_xxr_its_last_round_with_results(
    path: Path, tmp_path: Path
) -> None:
    # Real files as published, uncut: finished ones (the live standings are the standings), and those
    # published before their last round (the Gros open after round 4 of 9, the javafo sample after round 4
    # of 9, Budapest group B after round 8 of 9)
    if not path.exists():
        pytest.skip(f"{path} is not on this machine")
    text = "".join(line for line in path.read_text(encoding="utf-8", errors="replace").splitlines(True)
                   if not line.startswith("042"))  # fmt: skip
    t = crosstable.io.read_text(text, fmt="trf", source=path.name)
    s = crosstable.rank(t, SPECS)
    last = t.results_round
    reference = tmp_path / "xxr-last.trf"
    reference.write_text(with_xxr(text, last), encoding="utf-8")
    assert not differences(s, reference), "\n".join(differences(s, reference)[:20])
    if last == t.rounds_total:
        assert t.rounds_ahead() is None and t.live() is t
        assert s.to_dict()["rounds"] == {"after": last, "with_results": last, "announced": last}
        assert not any("standings after round" in line for line in [*s.warnings, *s.heading()])
    else:
        assert t.rounds_ahead() == (last, t.rounds_total)
        assert f"standings after round {last} of {t.rounds_total}" in s.heading()


def test_a_file_published_after_round_4_of_9(tmp_path: Path) -> None:
    # The published file: requested byes of round 5 already on three lines. Live: the standings after
    # round 4, those byes left out, as the reference counts the file with XXR 4.
    text = IN_PROGRESS.read_text(encoding="utf-8")
    short = tmp_path / "xxr4.trf"
    short.write_text(with_xxr(text, 4), encoding="utf-8")
    t = crosstable.read(IN_PROGRESS)
    assert (t.results_round, t.announced_rounds, t.rounds_ahead()) == (4, 9, (4, 9))
    s = crosstable.rank(t, SPECS)
    assert not differences(s, short), "\n".join(differences(s, short)[:20])
    assert s.row("Gallas Gautier").points == Fraction(1, 2)  # his round-5 bye is not a result yet
    reference = crosstable.rank(t, SPECS, announced_rounds=True)
    assert not differences(reference, IN_PROGRESS)
    assert reference.row("Gallas Gautier").points == 1
    leader = reference.rows[0].name
    assert (reference.row(leader).values["BH"], s.row(leader).values["BH"]) == (40, 10)  # the example


def test_after_round_then_live_says_after_which_round_of_how_many() -> None:
    t = crosstable.read(IN_PROGRESS)
    s = crosstable.rank(t.after_round(2), ["BH"])
    assert "standings after round 2 of 9" in s.heading()
    assert s.to_dict()["rounds"] == {"after": 2, "with_results": 4, "announced": 9}
    assert not any(w.startswith("standings after round") for w in s.warnings)  # asked for: no note
    beyond = crosstable.rank(t.after_round(6), ["BH"])  # rounds 5 and 6 have no results: after round 4
    assert beyond.to_dict()["rounds"] == {"after": 4, "with_results": 4, "announced": 9}
    assert any(w.startswith("standings after round 4 of 9") for w in beyond.warnings)


def test_rounds_whose_games_are_all_to_be_played_change_nothing() -> None:
    # a round robin's schedule, a league's fixtures: the standings as they are, no note
    names = ["A", "B", "C", "D"]
    games = [("A", "B", "1-0", 1), ("C", "D", "½-½", 1), ("A", "C", "*", 2), ("B", "D", "*", 2)]
    t = crosstable.Tournament.from_games(names, games)
    t.rounds_total = 2
    assert t.rounds_ahead() is None
    s = crosstable.rank(t)
    assert not any("standings after round" in w for w in s.warnings)
    t.system = "swiss"
    t.rounds_total = 3  # a round not paired yet: everybody would be absent in it
    assert t.rounds_ahead() == (2, 3)
    live = t.live()
    assert live.rounds_total == 2 and len(live.white) == 4  # round 2 paired: its games stay, not played
    assert live.warnings[-1].startswith("standings after round 1 of 3, the last round with results")
    assert crosstable.rank(t).to_dict()["rounds"] == {"after": 1, "with_results": 1, "announced": 3}


def test_a_round_paired_counts_its_byes_and_a_round_not_paired_does_not() -> None:
    # Round 2 paired (its games to be played) and E's bye in it entered: the standings count the bye,
    # the ranking of every completion of round 2 counts it too (the outlook compares the two). A bye
    # requested for round 3, not paired yet, does not count.
    names = ["A", "B", "C", "D", "E"]
    games = [("A", "B", "1-0", 1), ("C", "D", "½-½", 1), ("A", "C", "*", 2), ("B", "D", "*", 2)]
    t = crosstable.Tournament.from_games(names, games)
    t.system, t.rounds_total = "swiss", 2
    t.byes = [crosstable.model.Bye(4, 1, "pab", Fraction(1)), crosstable.model.Bye(4, 2, "pab", Fraction(1))]
    assert t.rounds_ahead() is None and crosstable.rank(t).row("E").points == 2
    # that round is counted in part, and the standings say so
    assert "round 2 is paired and has no result yet: its 1 bye counts, its games do not" in crosstable.rank(t).warnings
    t.rounds_total = 3
    t.byes.append(crosstable.model.Bye(4, 3, "half", Fraction(1, 2)))
    assert t.rounds_ahead() == (2, 3)
    assert crosstable.rank(t).row("E").points == 2
    assert crosstable.rank(t, announced_rounds=True).row("E").points == Fraction(5, 2)


def test_the_command_line_says_after_which_round(tmp_path: Path) -> None:
    runner = CliRunner()
    result = runner.invoke(main, ["standings", str(IN_PROGRESS), "-t", "BH"])
    assert result.exit_code == 0, result.output
    assert "standings after round 4 of 9" in result.stdout
    assert "warning: standings after round 4 of 9, the last round with results" in result.stderr
    asked = runner.invoke(main, ["standings", str(IN_PROGRESS), "-t", "BH", "--announced-rounds", "-o", "json"])
    assert asked.exit_code == 0, asked.output
    data = json.loads(asked.stdout)
    assert data["standings"][0]["tiebreaks"]["BH"] == 40
    assert any("as the FIDE reference reads it" in w for w in data["warnings"])
    live = json.loads(runner.invoke(main, ["standings", str(IN_PROGRESS), "-t", "BH", "-o", "json"]).stdout)
    assert live["standings"][0]["tiebreaks"]["BH"] == 10 and live["rounds"]["after"] == 4
    round_two = runner.invoke(main, ["standings", str(IN_PROGRESS), "-t", "BH", "--round", "2"])
    assert round_two.exit_code == 0 and "standings after round 2 of 9" in round_two.stdout


def test_the_calculator_gives_the_live_standings_and_offers_the_rounds() -> None:
    with TestClient(create_app()) as client:
        content = IN_PROGRESS.read_text(encoding="utf-8")
        r = client.post("/api/standings", json={"content": content, "tiebreaks": ["BH"], "html": True})
        assert r.status_code == 200, r.text
        data = r.json()
        assert data["standings"][0]["tiebreaks"]["BH"] == 10
        assert data["rounds"] == {"after": 4, "with_results": 4, "announced": 9}
        assert any(w.startswith("standings after round 4 of 9") for w in data["warnings"])
        assert not any("--" in w for w in data["warnings"])  # no command-line flag told to a web user
        assert data["html"]["standings"]
        two = client.post("/api/standings", json={"content": content, "tiebreaks": ["BH"], "round": 2}).json()
        assert two["rounds"] == {"after": 2, "with_results": 4, "announced": 9}
        page = client.get("/").text
        assert 'id="after-round"' in page
