"""The library's public functions refuse a wrong argument with the library's own error
(issue #32): every function exported by ``crosstable`` and ``crosstable.io``, and the
outlook, scenarios, schedule and potential entry points, called with a wrong type
(``None``, a ``str`` where a number goes, a list where a ``str`` goes, a dict, ``nan``,
``inf``, ``bool``), a huge number (``2**63``, ``10**400``), a negative one or an empty
input either works or raises :class:`~crosstable.errors.CrosstableError` with one
printable line saying what is wrong; never ``TypeError``, ``IndexError`` … from inside,
and never a hang (each call runs in a thread with a generous bound).

And one size limit for every input read: a file, ``/dev/zero``, a FIFO, standard input.
"""

from __future__ import annotations

import concurrent.futures
import io
import math
import os
import threading
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import crosstable
import crosstable.io
from crosstable import CrosstableError, Game, Scoring, Tournament, parse_list, parse_spec, rank
from crosstable.cli import main
from crosstable.competition import one_group, rank_competition
from crosstable.io import decode, detect_format, read, read_file, read_stream, read_text
from crosstable.outlook import Zone, outlook, parse_zones
from crosstable.scenarios import scenarios
from crosstable.schedule import Schedule, berger, berger_table, double_berger, double_table
from crosstable.tiebreaks.potential import potentials
from tests.conftest import EXAMPLES

BOUND = 20.0
"""Seconds a call may take before it counts as a hang (a bound, not a measure)."""

STORY = crosstable.read(EXAMPLES / "seed-003-last-round.csv")  # games left: outlook, scenarios
SEVEN = crosstable.read(EXAMPLES / "seed-7-players.tsv")
CUP = crosstable.read(EXAMPLES / "worldcup-2026.json")
STANDINGS = rank(SEVEN)
COMPETITION = rank_competition(CUP, rules="fifa-2026")
COLUMNS: list[list[int]] = [[0], [1], [2], [0], [1], [0]]


class _Odd:
    """An object whose ``repr`` fails: a message must still name it."""

    def __repr__(self) -> str:
        raise RuntimeError("no repr")


WRONG: list[Any] = [
    None,
    "x",
    "",
    "1-0",
    b"x",
    [],
    ["a"],
    [None],
    [5],
    [[0, 1]],
    (),
    ("A", "B"),
    {},
    {"a": 1},
    {1, 2},
    math.nan,
    math.inf,
    -math.inf,
    1.5,
    True,
    False,
    0,
    -1,
    1,
    5,
    2**63,
    -(2**63) - 1,
    10**400,
    -(10**400),
    Fraction(1, 10**30),
    Fraction(10**400),
    object(),
    _Odd(),
    Zone("title", 1, 1),
    Zone("title", "1", None),  # type: ignore[arg-type]
    Game(0, 1, Fraction(1), Fraction(0)),
    Game(0, 9, Fraction(1), Fraction(0)),
    Game(0, 1, 1.5, None),  # type: ignore[arg-type]
    SEVEN,
]
"""Values that are the wrong type, huge, negative or empty for some argument."""

values = st.one_of(
    st.sampled_from(WRONG),
    st.integers(),
    st.floats(),
    st.text(max_size=8),
    st.lists(st.one_of(st.none(), st.integers(), st.text(max_size=3)), max_size=4),
)


def _game(value: Any) -> list[Any]:
    return [("Ann", "Bob", value)]


ENTRIES: dict[str, Callable[[Any], object]] = {
    # crosstable / crosstable.io: reading
    "read_text(text)": lambda v: read_text(v),
    "read_text(fmt)": lambda v: read_text("A\tB\n", fmt=v),
    "read_text(scoring)": lambda v: read_text("Ann\tBob\n", scoring=v),
    "read_text(source)": lambda v: read_text("x y\n", source=v),
    "read(path)": lambda v: read(v),
    "read(fmt)": lambda v: read(EXAMPLES / "seed-7-players.tsv", fmt=v),
    "read_file(path)": lambda v: read_file(v),
    "read_stream(stream)": lambda v: read_stream(v, "<stdin>"),
    "decode(raw)": lambda v: decode(v),
    "detect_format(text)": lambda v: detect_format(v),
    # the model
    "Tournament.from_games(names)": lambda v: Tournament.from_games(v, []),
    "Tournament.from_games(names[0])": lambda v: Tournament.from_games([v, "Bob"], []),
    "Tournament.from_games(games)": lambda v: Tournament.from_games(["Ann", "Bob"], v),
    "Tournament.from_games(games[0])": lambda v: Tournament.from_games(["Ann", "Bob"], [v]),
    "Tournament.from_games(white)": lambda v: Tournament.from_games(["Ann", "Bob"], [(v, "Bob", "1-0")]),
    "Tournament.from_games(result)": lambda v: Tournament.from_games(["Ann", "Bob"], _game(v)),
    "Tournament.from_games(round)": lambda v: Tournament.from_games(["Ann", "Bob"], [("Ann", "Bob", "1-0", v)]),
    "Tournament.from_games(scoring)": lambda v: Tournament.from_games(["Ann", "Bob"], [], scoring=v),
    "Tournament.from_games(kind)": lambda v: Tournament.from_games(["Ann", "Bob"], _game("1-0"), kind=v),
    "Tournament.from_games(Game)": lambda v: Tournament.from_games(["Ann", "Bob"], [Game(0, 1, v, Fraction(0))]),
    "Tournament.from_games(Game round)": lambda v: Tournament.from_games(
        ["Ann", "Bob"], [Game(0, 1, Fraction(1), Fraction(0), v)]
    ),
    "Tournament.from_columns(names)": lambda v: Tournament.from_columns(v, COLUMNS),
    "Tournament.from_columns(columns)": lambda v: Tournament.from_columns(["A", "B"], v),
    **{
        f"Tournament.from_columns(columns[{k}])": (
            lambda v, k=k: Tournament.from_columns(["A", "B"], [v if j == k else c for j, c in enumerate(COLUMNS)])
        )
        for k in range(6)
    },
    **{
        f"Tournament.from_columns(columns[{k}][0])": (
            lambda v, k=k: Tournament.from_columns(["A", "B"], [[v] if j == k else c for j, c in enumerate(COLUMNS)])
        )
        for k in range(6)
    },
    "Tournament.from_columns(score_denominator)": lambda v: Tournament.from_columns(
        ["A", "B"], COLUMNS, score_denominator=v
    ),
    "Tournament.from_columns(scoring)": lambda v: Tournament.from_columns(["A", "B"], COLUMNS, scoring=v),
    "Tournament.from_columns(kind)": lambda v: Tournament.from_columns(["A", "B"], COLUMNS, kind=v),
    "Tournament.from_columns(outcome_override)": lambda v: Tournament.from_columns(
        ["A", "B"], COLUMNS, outcome_override=v
    ),
    "Tournament(names)": lambda v: Tournament(v, [], [], [], []),  # type: ignore[arg-type]
    "Tournament.after_round(k)": lambda v: SEVEN.after_round(v),
    "Tournament.index(name)": lambda v: SEVEN.index(v),
    "Tournament.select(members)": lambda v: SEVEN.select(v),
    "Tournament.group(label)": lambda v: CUP.group(v),
    "Scoring.parse(text)": lambda v: Scoring.parse(v),
    "Scoring(win)": lambda v: Scoring(v, Fraction(0), Fraction(0)),
    "Scoring(name)": lambda v: Scoring(Fraction(1), Fraction(0), Fraction(0), v),
    # criteria and ranking
    "parse_spec(text)": lambda v: parse_spec(v),
    "parse_list(text)": lambda v: parse_list(v),
    "rank(t)": lambda v: rank(v),
    "rank(tiebreaks)": lambda v: rank(SEVEN, v),
    "rank(rules)": lambda v: rank(SEVEN, rules=v),
    "rank(among)": lambda v: rank(SEVEN, among=v),
    "Standings.row(name)": lambda v: STANDINGS.row(v),
    "Standings.explain(name)": lambda v: STANDINGS.explain(v),
    "rank_competition(t)": lambda v: rank_competition(v),
    "rank_competition(tiebreaks)": lambda v: rank_competition(CUP, v),
    "rank_competition(rules)": lambda v: rank_competition(CUP, rules=v),
    "rank_competition(across)": lambda v: rank_competition(CUP, across=v),
    "rank_competition(qualify)": lambda v: rank_competition(CUP, across=3, qualify=v),
    "rank_competition(fifa, across)": lambda v: rank_competition(CUP, rules="fifa-2026", across=v),
    "Competition.explain(name)": lambda v: COMPETITION.explain(v),
    "Competition.group_of(name)": lambda v: COMPETITION.group_of(v),
    "one_group(group)": lambda v: one_group(CUP, v),
    # what can still happen
    "outlook(t)": lambda v: outlook(v, magic=False),
    "outlook(tiebreaks)": lambda v: outlook(STORY, v, magic=False),
    "outlook(rules)": lambda v: outlook(STORY, rules=v, magic=False),
    "outlook(zones)": lambda v: outlook(STORY, zones=v, magic=False),
    "outlook(zones[0])": lambda v: outlook(STORY, zones=[v], magic=False),
    "outlook(draws)": lambda v: outlook(STORY, draws=v, magic=False),
    "outlook(witnesses)": lambda v: outlook(STORY, witnesses=v, magic=False),
    "outlook(magic)": lambda v: outlook(STORY, magic=v),
    "outlook(progress)": lambda v: outlook(STORY, progress=v, magic=False),
    "outlook(limit)": lambda v: outlook(STORY, limit=v, magic=False),
    "parse_zones(text)": lambda v: parse_zones(v, 6),
    "scenarios(t)": lambda v: scenarios(v),
    "scenarios(tiebreaks)": lambda v: scenarios(STORY, v),
    "scenarios(rules)": lambda v: scenarios(STORY, rules=v),
    "scenarios(scores)": lambda v: scenarios(STORY, scores=v),
    "scenarios(limit)": lambda v: scenarios(STORY, limit=v),
    "scenarios(samples)": lambda v: scenarios(STORY, samples=v),
    "scenarios(seed)": lambda v: scenarios(STORY, seed=v),
    "scenarios(draw_rate)": lambda v: scenarios(STORY, draw_rate=v),
    "scenarios(progress)": lambda v: scenarios(STORY, progress=v),
    "scenarios(bulk)": lambda v: scenarios(STORY, bulk=v),
    # schedules
    "berger(n)": lambda v: berger(v),
    "double_berger(n)": lambda v: double_berger(v),
    "double_berger(swap_last)": lambda v: double_berger(4, v),
    "berger_table(n)": lambda v: berger_table(v),
    "double_table(n)": lambda v: double_table(v),
    "Schedule.make(names)": lambda v: Schedule.make(v),
    "Schedule.make(double)": lambda v: Schedule.make(["A", "B", "C"], double=v),
    "Schedule(names, table)": lambda v: Schedule(["A", "B"], v),
    # potentials
    "potentials(t)": lambda v: potentials(v),
    "potentials(exact)": lambda v: potentials(SEVEN, exact=v),
    "potentials(analysis)": lambda v: potentials(SEVEN, analysis=v),
}

_POOL = concurrent.futures.ThreadPoolExecutor(max_workers=1)


def refused_or_works(call: Callable[[], object]) -> str | None:
    """Run ``call`` with a bound; ``None`` when it works, its message when it is refused
    with the library's own error; any other exception fails the test."""
    future = _POOL.submit(call)
    try:
        future.result(timeout=BOUND)
    except CrosstableError as e:
        message = str(e)
        assert message and message.isprintable() and len(message) < 500, repr(message)
        return message
    except concurrent.futures.TimeoutError:
        pytest.fail(f"no answer within {BOUND} s")
    return None


@settings(
    max_examples=600, deadline=None, derandomize=True, database=None, suppress_health_check=[HealthCheck.too_slow]
)
@given(entry=st.sampled_from(sorted(ENTRIES)), value=values)
def test_a_wrong_argument_is_refused_by_the_library(entry: str, value: Any) -> None:
    refused_or_works(lambda: ENTRIES[entry](value))


@pytest.mark.parametrize("entry", sorted(ENTRIES))
@pytest.mark.parametrize("value", WRONG, ids=lambda v: type(v).__name__)
def test_every_entry_with_every_wrong_value(entry: str, value: Any) -> None:
    refused_or_works(lambda: ENTRIES[entry](value))


@pytest.mark.parametrize(
    ("call", "words"),
    [
        (lambda: read_text(None), "text must be a text (str), not None"),
        (lambda: rank(None), "t must be a tournament"),
        (lambda: rank(SEVEN, tiebreaks=5), "tiebreaks must be a text such as 'SB, BH/C1'"),
        (lambda: Tournament.from_games(["Ann", 5], []), "names must be a list of texts (str), not 5 (int)"),
        (lambda: Tournament.from_games(["Ann", "Bob"], ["Ann-Bob"]), "games[0] must be a game"),
        (lambda: Tournament.from_games(["A", "B"], [("A", "B", "1-0", 10**6)]), "not a round from 0 to 999"),
        (lambda: outlook(STORY, zones=7), "zones must be a text such as 'title=1"),
        (lambda: berger(10**9), "n: 1000000000 is not a number of participants from 2 to 2,000"),
        (lambda: Schedule.make([str(k) for k in range(2001)]), "from 2 to 2,000"),
        (lambda: SEVEN.after_round(10**9), "k: 1000000000 is not a round from 1 to 999"),
        (lambda: SEVEN.after_round(10**400), "a whole number of 401 digits"),
        (lambda: scenarios(STORY, seed=-1), "seed: -1 is not a seed"),
        (lambda: scenarios(STORY, draw_rate=math.nan), "draw_rate must be a number from 0 to 1, not nan"),
        (lambda: Tournament.from_columns(["A", "B"], [[0], [1], [2**63], [0], [1], [0]]), "white_score"),
        (
            lambda: Tournament.from_columns(["A", "B"], [[0], [7], [2], [0], [1], [0]]),
            "black[0]: 7 is not a participant",
        ),
        (lambda: rank_competition(CUP, across=0), "across: 0 is not a place"),
        (lambda: read(None), "path must be a file's path"),
        (lambda: parse_zones("title=" + "9" * 5000, 6), "places must run from 1 to 6"),
    ],
)
def test_the_refusal_says_what_is_wrong(call: Callable[[], object], words: str) -> None:
    message = refused_or_works(call)
    assert message is not None and words in message, message


def test_valid_calls_still_work() -> None:
    t = Tournament.from_games(["Ann", "Bob", "Cid"], [("Ann", "Bob", "1-0", 1), ("Bob", "Cid", "½-½", 2)])
    assert [str(x) for x in t.scores()] == ["1", "1/2", "1/2"]
    assert t.after_round(1).scores()[0] == 1
    assert Tournament.from_columns(("A", "B"), COLUMNS).names == ["A", "B"]  # type: ignore[arg-type]
    assert rank(SEVEN, ("SB", "DE"), among=range(7)).rows[0].name
    assert len(berger(2000)) == 1999
    assert Scoring(3, 1, 0).win == Fraction(3)  # type: ignore[arg-type]


# -- one size limit for every input -----------------------------------------------------


def test_a_stream_is_read_up_to_the_limit_and_no_further() -> None:
    class Endless(io.RawIOBase):
        served = 0

        def readable(self) -> bool:
            return True

        def readinto(self, b: Any) -> int:
            self.served += len(b)
            b[:] = b"\0" * len(b)
            return len(b)

    endless = Endless()
    with pytest.raises(crosstable.InputError, match=r"<stdin>: larger than 1 MiB"):
        read_stream(io.BufferedReader(endless), "<stdin>", limit=2**20)
    assert endless.served <= 2**20 + 2 * crosstable.io.CHUNK
    assert read_stream(io.BytesIO(b"x" * 2**20), "f", limit=2**20) == b"x" * 2**20  # the limit itself is read


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero")
def test_dev_zero_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(crosstable.io, "MAX_INPUT_BYTES", 2**20)
    with pytest.raises(crosstable.InputError, match=r"^/dev/zero: larger than 1 MiB"):
        read("/dev/zero")


def test_a_huge_file_is_refused_by_its_size(tmp_path: Path) -> None:
    huge = tmp_path / "huge.tsv"
    with open(huge, "wb") as f:
        f.truncate(crosstable.io.MAX_INPUT_BYTES + 1)  # sparse: nothing is written, nothing is read
    with pytest.raises(crosstable.InputError, match=r"larger than 256 MiB"):
        read(huge)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs")
def test_an_endless_fifo_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(crosstable.io, "MAX_INPUT_BYTES", 2**20)
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    stop = threading.Event()

    def writer() -> None:
        try:
            with open(fifo, "wb") as f:
                while not stop.is_set():
                    f.write(b"Ann\tBob\n" * 8192)
        except BrokenPipeError:
            pass

    thread = threading.Thread(target=writer, daemon=True)
    thread.start()
    with pytest.raises(crosstable.InputError, match=r"larger than 1 MiB"):
        read(fifo)
    stop.set()
    thread.join(BOUND)


def test_the_command_line_refuses_dev_zero_and_a_large_standard_input(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(crosstable.io, "MAX_INPUT_BYTES", 2**20)
    big = b"Ann\tBob\n" * (2**20 // 8 + 1)
    for args, stdin in (
        (["standings", "/dev/zero"], None),
        (["standings", "-"], big),
        (["standings", "-", "--output", "json", "--lang", "de"], big),
    ):
        if args[1] == "/dev/zero" and not Path("/dev/zero").exists():
            continue
        result = CliRunner().invoke(main, args, input=stdin)
        assert isinstance(result.exception, SystemExit), repr(result.exception)
        assert result.exit_code == 2, result.stderr
        assert "1 MiB" in result.stderr and result.stdout == "", result.stderr


def test_a_game_in_round_a_million_is_refused_at_once(tmp_path: Path) -> None:
    games = tmp_path / "games.tsv"
    games.write_text("round\twhite\tblack\tresult\n1\tAnn\tBob\t1-0\n1000000\tBob\tCid\t0-1\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["standings", str(games)])
    assert result.exit_code == 2, result.stdout + result.stderr
    assert "999" in result.stderr


def test_a_game_naming_an_unknown_participant_is_refused_with_a_printable_message() -> None:
    # found by the property test above when it was not derandomized: an unassigned code point (U+18CD6)
    with pytest.raises(CrosstableError) as refused:
        Tournament.from_games(["Ann", "Bob"], [("\U00018cd6", "Bob", "1-0")])
    assert str(refused.value).isprintable() and "is not a participant" in str(refused.value)
