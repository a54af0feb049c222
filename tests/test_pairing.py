"""Swiss pairings through the adapter (crosstable.pairing), checked, not trusted.

- Events simulated here (random results, requested byes, forfeits, a withdrawal) are
  paired round by round through the adapter; the finished event, written as TRF by
  crosstable, is then judged round by round by gacrux's ``pairingchecker`` in check
  mode (it re-pairs every round from the file and compares), and the absolute
  criteria of C.04.3 (no rematch, one pairing-allocated bye at most, nobody paired
  who is absent) are checked on every round.
- Events made by gacrux's ``tournamentgenerator`` are re-paired round by round through
  the adapter, which must give the generator's rounds.
- A real Swiss TRF (the JaVaFo sample, Gros 2010, 4 of 9 rounds) is paired for round 5
  and compared with the checker's pairing of that round.
- With ``BBP_PAIRINGS`` set to a built bbpPairings.exe (the FIDE-endorsed engine, C++),
  its checker judges the same simulated events.
- The other engine (caissify-pairings' free pairings checker) judges the same
  simulated events; its agreement is counted, not asserted (it breaks C.04.3 art.
  5.2.5, see /tmp/h/pairing_report.md and bench/bench_pairing.py).
- Refusals: a file that cannot be paired gets a CrosstableError with the reason.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest

import crosstable
from crosstable.errors import CrosstableError
from crosstable.io.trf import write_trf
from crosstable.model import PLAYED, Bye, Tournament
from crosstable.pairing import ENGINE, Paired, initial_ranking, pair_next
from tests.conftest import DATA

REAL = DATA / "real"
BBP = os.environ.get("BBP_PAIRINGS")
POINTS = {"pab": Fraction(1), "half": Fraction(1, 2), "zero": Fraction(0)}


def _event(names: list[str], ratings: list[int], games: list[tuple[str, str, str, int]], byes: list[Bye], rounds: int):
    t = Tournament.from_games(names, games)
    t.ratings, t.rounds_total, t.byes, t.system = list(ratings), rounds, list(byes), "swiss"
    return t


def _twins() -> Tournament:
    """The Open of Gros 2010 after round 4 (JaVaFo's sample) with players 1 and 2 both named ``0``, as a
    lichess export names its anonymous players: the TRF reader tells them apart as ``0 (1)`` and ``0 (2)``."""
    lines = (DATA / "real" / "ejs_javafo_sample2.trf").read_text(encoding="utf-8").splitlines()
    lines = [f"{ln[:14]}{'0':<33}{ln[47:]}" if ln.startswith(("001    1 ", "001    2 ")) else ln for ln in lines]
    return crosstable.read_text("\n".join(lines) + "\n", fmt="trf")


def simulate(n: int, rounds: int, seed: int) -> tuple[Tournament, list[Paired], list[set[int]]]:
    """An event of ``n`` players paired round by round through the adapter, with random
    results (2 % forfeits), requested byes (5 %, none in the last round) and one
    withdrawal after round 3. Returns the event, each round's pairing and who was absent."""
    rng = random.Random(seed)
    names = [f"Player {k:03d}" for k in range(1, n + 1)]
    ratings = sorted((rng.randint(1400, 2600) for _ in names), reverse=True)
    games: list[tuple[str, str, str, int]] = []
    byes: list[Bye] = []
    withdrawn: set[str] = set()
    paired: list[Paired] = []
    absent: list[set[int]] = []
    for k in range(1, rounds + 1):
        if k == 4:
            withdrawn.add(rng.choice(names))
        asked = {
            name: rng.choice("HZ") for name in names if name not in withdrawn and k < rounds and rng.random() < 0.05
        }
        t = _event(names, ratings, games, byes, rounds)
        p = pair_next(t, byes=asked, withdrawn=sorted(withdrawn))
        assert p.round == k and p.engine == ENGINE
        paired.append(p)
        absent.append({names.index(w) for w in withdrawn} | {names.index(a) for a in asked})
        for _board, w, b in p.pairings:
            r = rng.random()
            result = "+-" if r < 0.01 else "-+" if r < 0.02 else rng.choice(["1-0", "1/2-1/2", "0-1"])
            games.append((names[w], names[b], result, k))
        byes += [Bye(i, k, kind, POINTS[kind]) for i, kind in p.byes]
    return _event(names, ratings, games, byes, rounds), paired, absent


def checker(text: str, tmp: Path) -> dict[str, object]:
    """gacrux's pairing checker on a TRF text (check mode: every round re-paired)."""
    src, out = tmp / "event.trf", tmp / "check.json"
    src.write_text(text, encoding="latin-1")
    run = [sys.executable, "-m", "gacrux.pairingchecker", "-i", str(src), "-c", "-o", str(out)]
    subprocess.run(run, check=True, capture_output=True, timeout=120)
    return json.loads(out.read_text(encoding="utf-8"))  # type: ignore[no-any-return]


EVENTS = [(10, 5, 1), (11, 5, 2), (14, 7, 3), (17, 7, 4), (20, 9, 5), (23, 9, 6), (30, 9, 7), (41, 9, 8)]


@pytest.mark.parametrize(("n", "rounds", "seed"), EVENTS)
def test_simulated_event_accepted_by_the_checker(n: int, rounds: int, seed: int, tmp_path: Path) -> None:
    t, paired, absent = simulate(n, rounds, seed)
    assert t.rounds is not None and t.status is not None
    games = list(zip(t.white.tolist(), t.black.tolist(), t.rounds.tolist(), t.status.tolist(), strict=True))
    met: set[frozenset[int]] = set()
    pab: set[int] = set()
    for p, away in zip(paired, absent, strict=True):
        on_boards = [i for _board, w, b in p.pairings for i in (w, b)]
        allocated = [i for i, kind in p.byes if kind == "pab"]
        assert len(set(on_boards + allocated)) == len(on_boards) + len(allocated)  # nobody twice
        assert set(on_boards + allocated) == set(range(n)) - away  # everybody present, nobody absent
        assert len(allocated) == (n - len(away)) % 2
        assert not pab & set(allocated)  # C.04.3 C2: one pairing-allocated bye at most
        pab |= set(allocated)
        for _board, w, b in p.pairings:
            assert frozenset((w, b)) not in met  # C.04.3 C1: no rematch (a forfeit is no game: C.04.1 art. 2)
        met |= {frozenset((w, b)) for w, b, r, st in games if r == p.round and st == PLAYED}
        assert [board for board, _w, _b in p.pairings] == list(range(1, len(p.pairings) + 1))
    report = checker(write_trf(t) + "152 W\n", tmp_path)
    verdicts = report["pairingResult"]["roundpairing"]  # type: ignore[index]
    assert [(v["round"], v["check"]) for v in verdicts] == [(k, True) for k in range(1, rounds + 1)]


@pytest.mark.skipif(not BBP, reason="bbpPairings not built (set BBP_PAIRINGS to its bbpPairings.exe)")
@pytest.mark.parametrize(("n", "rounds", "seed"), EVENTS)
def test_simulated_event_accepted_by_bbppairings(n: int, rounds: int, seed: int, tmp_path: Path) -> None:
    """bbpPairings (FIDE-endorsed, C++; built from its public repository) in check
    mode: every round of the event as it would pair it; a difference is listed under
    "Checker pairings"."""
    t, _paired, _absent = simulate(n, rounds, seed)
    path = tmp_path / "event.trf"
    path.write_text(write_trf(t) + "XXC white1\n", encoding="latin-1")
    done = subprocess.run([str(BBP), "--dutch", str(path), "-c"], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.count("Round #") == rounds
    assert "Checker pairings" not in done.stdout, done.stdout


def test_independent_engine_counted() -> None:
    """caissify-pairings' free pairings checker on the same events: counted and shown."""
    fpc = pytest.importorskip("caissify_pairings.fpc")
    differing = 0
    for n, rounds, seed in EVENTS[:4]:
        t, _paired, _absent = simulate(n, rounds, seed)
        summary = fpc.check_trf(write_trf(t))["summary"]
        assert summary["rounds_checked"] == rounds
        differing += summary["rounds_mismatched"] > 0
    print(f"caissify-pairings differs from {ENGINE} in {differing} of 4 events")


def _round_of_file(t: Tournament, k: int) -> tuple[set[tuple[int, int]], set[int], dict[str, str]]:
    """Round ``k`` as a file records it: the games (white, black), the pairing-allocated
    bye, the requested byes by name."""
    assert t.rounds is not None
    games = {(int(w), int(b)) for w, b, r in zip(t.white, t.black, t.rounds, strict=True) if r == k}
    pab = {b.participant for b in t.byes if b.round == k and b.kind == "pab"}
    asked = {
        t.names[b.participant]: "H" if b.kind == "half" else "Z"
        for b in t.byes
        if b.round == k and b.kind in ("half", "zero")
    }
    return games, pab, asked


def _before(t: Tournament, k: int) -> Tournament:
    if k == 1:
        out = t.select(list(range(len(t.names))), games=np.zeros(len(t.white), dtype=bool))
        out.byes = []
    else:
        out = t.after_round(k - 1)
    out.rounds_total = t.rounds_total
    return out


def test_generated_events_repaired_through_the_adapter(tmp_path: Path) -> None:
    """gacrux's tournament generator pairs with gacrux: the adapter, fed crosstable's
    reading of each file up to round k − 1, must pair round k as the file has it."""
    run = [sys.executable, "-m", "gacrux.tournamentgenerator", "-p", "15", "-n", "7", "-g", "0", "4"]
    subprocess.run([*run, "-o", str(tmp_path / "t%d.trf")], check=True, capture_output=True, timeout=120)
    files = sorted(tmp_path.glob("t*.trf"))
    assert len(files) == 4
    for path in files:
        text = path.read_text(encoding="latin-1")
        t = crosstable.read_text(text, fmt="trf")
        colour = "black" if "\n152 B" in text else "white"
        for k in range(1, 8):
            games, pab, asked = _round_of_file(t, k)
            p = pair_next(_before(t, k), byes=asked, initial_colour=colour)
            assert {(w, b) for _board, w, b in p.pairings} == games, (path.name, k)
            assert {i for i, kind in p.byes if kind == "pab"} == pab, (path.name, k)


@pytest.mark.parametrize("name", ["ejs_javafo_sample2.trf", "cch_testTrfFile.txt"])
def test_real_swiss_next_round(name: str, tmp_path: Path) -> None:
    """A real Swiss after 4 of 9 rounds (Gros 2010, the JaVaFo sample): round 5 as the
    checker pairs it from the file itself (``-p``: the next round's pairing)."""
    path = REAL / name
    out = tmp_path / "next.json"
    run = [sys.executable, "-m", "gacrux.pairingchecker", "-i", str(path), "-p", "-o", str(out)]
    subprocess.run(run, check=True, capture_output=True, timeout=120)
    expected = json.loads(out.read_text(encoding="utf-8"))["pairingResult"]
    t = crosstable.read(path)
    p = pair_next(t)
    assert t.numbers is not None and p.round == expected["round"]
    got = [[t.numbers[w], t.numbers[b]] for _board, w, b in p.pairings]
    got += [[t.numbers[i], 0] for i, kind in p.byes if kind == "pab"]
    assert got == expected["pairs"]
    requested = {(t.numbers[b.participant], b.kind) for b in t.byes if b.round == p.round}
    assert {(t.numbers[i], kind) for i, kind in p.byes if kind != "pab"} == requested


def test_initial_ranking_orders_the_pairing_numbers() -> None:
    names = ["Dan", "Ann", "Bob", "Cid"]
    t = _event(names, [2100, 2300, 2300, 2400], [], [], 3)
    t.titles = ["", "", "FM", ""]
    order = initial_ranking(t)
    assert [names[i] for i in order] == ["Cid", "Bob", "Ann", "Dan"]
    by_order = pair_next(t, ranking=order)
    moved = t.select(order)
    plain = pair_next(moved)
    assert [(b, order[w], order[x]) for b, w, x in plain.pairings] == by_order.pairings


def _small(pending: bool = False, rounds: int = 3) -> Tournament:
    games = [("A", "B", "*" if pending else "1-0", 1), ("C", "D", "1/2-1/2", 1)]
    return _event(["A", "B", "C", "D"], [2000, 1900, 1800, 1700], games, [], rounds)


@pytest.mark.parametrize(
    ("call", "words"),
    [
        (lambda: pair_next(_small(pending=True)), "round 1 has 1 game without a result"),
        (lambda: pair_next(_small(rounds=1)), "the event has 1 rounds and all of them are paired"),
        (lambda: pair_next(_small(), withdrawn=["A", "B", "C"]), "1 player is left to pair"),
        (lambda: pair_next(_small(), byes={"Zed": "H"}), "'Zed', who is not a participant"),
        (lambda: pair_next(_small(), byes={"A": "F"}), "a requested bye is H (half point) or Z"),
        (lambda: pair_next(_small(), byes={"A": "H"}, withdrawn=["A"]), "'A' is withdrawn and also asks for a bye"),
        (lambda: pair_next(_small(), withdrawn=["Zed"]), "'Zed' is withdrawn but is not a participant"),
        (lambda: pair_next(_small(), round_=1), "round 1 is already paired"),
        (lambda: pair_next(_small(), round_=3), "round 3 cannot be paired before round 2"),
        (lambda: pair_next(_small(), initial_colour="red"), "it is white or black"),
        (lambda: pair_next(_twins(), byes={"0": "H"}), "'0' is the name of 2 players: write one of 0 (1), 0 (2)"),
        (lambda: pair_next(_twins(), withdrawn=["0"]), "'0' is the name of 2 players: write one of 0 (1), 0 (2)"),
        (
            lambda: pair_next(crosstable.read(DATA / "reference" / "round-robin-092.trf").after_round(1)),
            'the event is a round robin (092 "Round Robin"): its rounds come from the Berger tables',
        ),
        (
            lambda: pair_next(_event(["A", "B"], [1, 1], [("A", "B", "1-0", 1)], [], 3)),
            "round 2 cannot be paired by the Dutch rules",
        ),
    ],
)
def test_refusals(call: object, words: str) -> None:
    with pytest.raises(CrosstableError) as caught:
        call()  # type: ignore[operator]
    assert words in str(caught.value)
