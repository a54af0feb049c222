"""The checks after every reader (crosstable.io.checks): a name misspelt in a few lines, a
game listed twice.

The data is real: the Bulgarian article's 7-player round robin (examples/seed-7-players.tsv)
retyped as a games list, with and without the rounds of FIDE's Berger table (Handbook
C.05, tests/data/berger_tables.json), one name misspelt or one game copied; AVRO 1938 as
chessgames.com prints it (tests/data/SOURCES.md) for a double round robin listed without
rounds; the FIDE 2,000-player Swiss for the size.
"""

from __future__ import annotations

import json
from fractions import Fraction

import numpy as np
import pytest

import crosstable
from crosstable.io import checks
from crosstable.io.jsonfmt import write_json
from tests.conftest import DATA, EXAMPLES
from tests.test_readers import GRID, NAMES, SEED_SB, sb_of


def games(rounds: bool = False) -> list[tuple[int, str, str, str]]:
    """The seed table's 21 games, each with its round in FIDE's Berger table for 8 (player 8
    the bye) when ``rounds``, else 0."""
    berger = json.loads((DATA / "berger_tables.json").read_text(encoding="utf-8"))["8"]
    out = []
    for r, pairings in enumerate(berger, start=1):
        for a, b in pairings:
            if 8 in (a, b):
                continue
            i, j = a - 1, b - 1
            out.append((r if rounds else 0, NAMES[i], NAMES[j], f"{GRID[i].split()[j]}-{GRID[j].split()[i]}"))
    return out


def games_list(rows: list[tuple[int, str, str, str]]) -> str:
    if rows and rows[0][0]:
        return "\n".join(["round,white,black,result", *(f"{r},{w},{b},{x}" for r, w, b, x in rows)]) + "\n"
    return "\n".join(["white,black,result", *(f"{w},{b},{x}" for _r, w, b, x in rows)]) + "\n"


def misspelt(rows: list[tuple[int, str, str, str]], k: int) -> list[tuple[int, str, str, str]]:
    """Zhelyazkov written Zhelyaskov in his last k games."""
    mine = [n for n, g in enumerate(rows) if "Zhelyazkov" in g[1:3]][-k:]
    return [
        (r, w.replace("Zhelyazkov", "Zhelyaskov"), b.replace("Zhelyazkov", "Zhelyaskov"), x)
        if n in mine
        else (r, w, b, x)
        for n, (r, w, b, x) in enumerate(rows)
    ]


def first_line(text: str, name: str) -> int:
    return next(k for k, line in enumerate(text.splitlines(), start=1) if name in line.split(","))


def test_the_games_lists_as_typed_give_the_article_values_and_no_warning() -> None:
    for rounds in (False, True):
        t = crosstable.read_text(games_list(games(rounds)))
        assert sb_of(t) == SEED_SB and t.warnings == [] and t.system == "round-robin"


def test_a_name_misspelt_in_a_list_without_rounds_is_named_with_its_first_lines() -> None:
    text = games_list(misspelt(games(), 2))
    t = crosstable.read_text(text, source="seed.csv")
    assert len(t.names) == 8  # the misread: one player more
    assert t.warnings == [
        f"'Zhelyazkov' (line {first_line(text, 'Zhelyazkov')}) and 'Zhelyaskov' (line "
        f"{first_line(text, 'Zhelyaskov')}) are written almost alike and never play each other: "
        "if they are one participant, write the name one way"
    ]


def test_a_name_misspelt_in_its_last_rounds_is_named() -> None:
    t = crosstable.read_text(games_list(misspelt(games(rounds=True), 2)), source="seed.csv")
    assert t.system == "swiss"  # 8 names who did not all meet: the round robin read as a Swiss event
    assert len(t.warnings) == 1
    assert "'Zhelyazkov' (line" in t.warnings[0] and "'Zhelyaskov' (line" in t.warnings[0]
    assert "never play each other nor in the same round" in t.warnings[0]


def test_near_names_who_play_each_other_are_not_named() -> None:
    # Kalchev renamed Ganeva: one letter from Ganev, but they meet (as Polgar, J and Polgar, S do).
    rows = [(r, w.replace("Kalchev", "Ganeva"), b.replace("Kalchev", "Ganeva"), x) for r, w, b, x in games(True)]
    assert crosstable.read_text(games_list(rows)).warnings == []


def test_near_names_who_play_in_the_same_rounds_are_not_named() -> None:
    # Two players of the 2,000-player Swiss who never met, renamed one letter apart: they play
    # every round, and together have more games than anyone.
    text = (DATA / "fide" / "swiss-2000p-11r.trf").read_text(encoding="utf-8")
    t = crosstable.read_text(text)
    met = {(int(a), int(b)) for a, b in zip(t.white, t.black, strict=True)}
    other = next(j for j in range(1, len(t.names)) if (0, j) not in met and (j, 0) not in met)
    renamed = text.replace(t.names[0], "Novak, Jan".ljust(len(t.names[0]))[: len(t.names[0])], 1)
    renamed = renamed.replace(t.names[other], "Novak, Jon".ljust(len(t.names[other]))[: len(t.names[other])], 1)
    r = crosstable.read_text(renamed)
    assert {r.names[0], r.names[other]} == {"Novak, Jan", "Novak, Jon"}
    assert not [w for w in r.warnings if "almost alike" in w]
    r.rounds = np.zeros_like(r.rounds)  # without rounds, their games are still too many for one player
    r.byes = []
    assert checks.near_names(r) == []


def test_which_names_are_alike() -> None:
    names = ["Anna", "Anan", "Ann", "Ana", "Ivanov", "Ivanova", "Team 1", "Team 2", "Polgar, J", "Polgar, S", "A", "B"]
    pairs = {(names[i], names[j]) for i, j in checks.alike(names)}
    assert pairs == {("Anna", "Anan"), ("Ivanov", "Ivanova"), ("Polgar, J", "Polgar, S")}


def test_a_game_copied_in_a_games_list_is_said_once_and_the_event_is_no_round_robin() -> None:
    rows = games()
    text = games_list([*rows, rows[3]])
    t = crosstable.read_text(text, source="seed.csv")
    game = f"{rows[3][1]} - {rows[3][2]} {rows[3][3]}"
    assert [w for w in t.warnings if "listed twice" in w and game in w] == t.warnings and len(t.warnings) == 1
    assert t.system == "swiss"


def test_a_game_copied_in_a_pgn_without_rounds_is_named() -> None:
    pgn = []
    for _r, w, b, x in [*games(), games()[5]]:
        result = x.replace("½", "1/2")
        pgn.append(f'[Event "seed"]\n[Round "?"]\n[White "{w}"]\n[Black "{b}"]\n[Result "{result}"]\n\n{result}\n')
    t = crosstable.read_text("\n".join(pgn), source="seed.pgn", fmt="pgn")
    _r, w, b, x = games()[5]
    assert [m for m in t.warnings if "listed twice" in m] == [
        f"{w} - {b} {x} is listed twice while every other pair is listed once: it counts twice; "
        "if it is one game, delete one"
    ]
    assert t.system == "swiss"


def test_a_game_copied_in_our_json_without_rounds_is_named_and_the_system_inferred() -> None:
    data = json.loads(write_json(crosstable.read(EXAMPLES / "seed-7-players.tsv")))
    assert all(not g.get("round") for g in data["games"])
    game = data["games"][0]
    turned = {"white": game["black"], "black": game["white"]}
    turned |= {"white_score": game["black_score"], "black_score": game["white_score"]}
    data["games"].append(game | turned)
    t = crosstable.read_text(json.dumps(data), source="seed.json")
    assert len([w for w in t.warnings if "listed twice" in w]) == 1  # the same game written from the other side
    assert t.system == "swiss" and t.system_reason == "not every pair met once"
    assert sum(t.scores()) == 22  # counted twice, as the warning says


def test_a_double_round_robin_listed_without_rounds_is_no_copy() -> None:
    t = crosstable.read_text((DATA / "avro-1938.as-printed.txt").read_text(encoding="utf-8"))
    d = t.score_denominator
    rows = [
        f"{t.names[int(w)]},{t.names[int(b)]},{Fraction(int(x), d)}-{Fraction(int(y), d)}"
        for w, b, x, y in zip(t.white, t.black, t.white_score, t.black_score, strict=True)
    ]
    listed = crosstable.read_text("white,black,result\n" + "\n".join(rows).replace("1/2", "½"), fmt="games")
    assert listed.warnings == [] and listed.scores() == t.scores()


@pytest.mark.parametrize("fmt", ["crosstable", "trf"])
def test_the_books_tables_and_real_files_give_no_warning(fmt: str) -> None:
    for path in (
        [DATA / "avro-1938.as-printed.txt", DATA / "zurich-1953.as-printed.txt", EXAMPLES / "seed-7-players.tsv"]
        if fmt == "crosstable"
        else sorted((DATA / "fide").glob("*.trf"))
    ):
        assert checks.check(crosstable.read(path)) == [], path


def test_the_checks_find_nothing_on_2000_players() -> None:
    # No time is asserted (12-18 ms on this Swiss when measured: tests pass on a loaded machine).
    text = (DATA / "fide" / "swiss-2000p-11r.trf").read_text(encoding="utf-8")
    assert checks.check(crosstable.read_text(text), text) == []
