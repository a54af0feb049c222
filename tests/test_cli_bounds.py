"""Every argument and file the command-line fuzz test (tests/test_cli_never_raises.py)
or the issue found ending in a traceback, a hang or an unbounded answer: each now
ends with exit status 0 or 2 and one printable line naming the problem (and the bound
where there is one).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from crosstable.cli import main
from tests.conftest import EXAMPLES

SEED = str(EXAMPLES / "seed-7-players.tsv")
STORY = str(EXAMPLES / "seed-003-last-round.csv")


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    return result.exit_code, result.stdout, result.stderr


def one_line(err: str) -> str:
    lines = [line for line in err.splitlines() if line and not line.startswith("warning:")]
    assert len(lines) == 1, err
    assert len(lines[0]) < 500 and lines[0].isprintable()
    return lines[0]


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["schedule", "100000"], "at most 1000"),
        (["standings", SEED, "--lots-seed", "-1"], "'--lots-seed': -1 is not in the range"),
        (["scenarios", STORY, "--seed", "-1"], "'--seed': -1 is not in the range"),
        (["scenarios", STORY, "--samples", "-5"], "'--samples': -5 is not in the range 1<=x<=10000000"),
        (["scenarios", STORY, "--draw-rate", "2"], "'--draw-rate': 2.0 is not in the range 0<=x<=1"),
        (["scenarios", STORY, "--limit", "-5"], "'--limit': -5 is not in the range 1<=x<=10000000"),
        (["scenarios", STORY, "--scores", "99999999999999999999:0"], "at most 1000 a side"),
        (["standings", SEED, "--scoring", "99999999999999999999:1:0"], "from -1000 to 1000"),
        (["standings", SEED, "--decimals", "9"], "'--decimals': 9 is not in the range 0<=x<=6"),
        (["serve", "--port", "99999"], "'--port': 99999 is not in the range 1<=x<=65535"),
        (["serve", "--workers", "0"], "'--workers': 0 is not in the range"),
        (["serve", "--host", ""], "--host '': give an address"),
        (["serve", "--host", "not a host"], "give an address"),
        (["standings"], "Missing argument 'FILE'"),
    ],
)
def test_bad_arguments_are_one_line_with_the_bound(args: list[str], words: str) -> None:
    code, out, err = run(*args)
    assert code == 2 and out == ""
    assert words in one_line(err)


def test_bare_command_prints_the_help() -> None:
    code, out, _ = run()
    assert code == 0 and "Usage:" in out and "standings" in out


def test_a_cut_larger_than_the_rounds_is_warned() -> None:
    code, _, err = run("standings", SEED, "-t", "BH/C9")
    assert code == 0
    assert "warning: BH/C9 leaves out 9 values; 7 participants of 7 have no more than that" in err


@pytest.mark.parametrize(
    ("name", "content", "words"),
    [
        ("binary.dat", bytes(range(256)) * 20, "not a text file (it holds NUL bytes)"),
        ("header-only.tsv", b"No\tName\t1\t2\n", "a crosstable needs at least two participants"),
        ("huge-round.json", None, "games[0].round: 100000000000000000000 is not a whole number"),
        (
            "long-field.csv",
            b"round,white,black,result\n1,A,B,1-0\n1,C,D," + b"x" * 200_000 + b"\n",
            "longer than 65,536",
        ),
        ("long-row.tsv", b"1\tA\t-\t1\n2\tB\t0\t-" + b"\t1" * 100_000 + b"\n", "a crosstable row has at most 65,536"),
    ],
)
def test_bad_files_are_one_line(tmp_path: Path, name: str, content: bytes | None, words: str) -> None:
    path = tmp_path / name
    if content is None:  # our JSON with a round number beyond any event
        data = json.loads(run("convert", SEED, "--to", "json")[1])
        for g in data["games"]:
            g["round"] = 10**20
        content = json.dumps(data).encode()
    path.write_bytes(content)
    for command in ("standings", "convert", "rate"):
        code, out, err = run(command, str(path))
        assert code == 2 and out == ""
        assert words in one_line(err)


def test_a_names_file_in_latin_1(tmp_path: Path) -> None:
    names = tmp_path / "names.txt"
    names.write_bytes("Žigić\nNémeth\nÅberg\nMüller\n".encode("latin-1", errors="replace"))
    code, out, _ = run("schedule", "--names", str(names))
    assert code == 0 and "Németh" in out and "Müller" in out


def test_a_team_crosstable_is_not_converted_to_trf_with_made_up_boards() -> None:
    # The 1957 Olympiad table has match scores only: TRF would need each board's game, and made-up
    # players and games would then decide BC and the team tie-breaks. Refused, naming json instead.
    code, out, err = run("convert", str(EXAMPLES / "olympiad-1957-women-group-C.tsv"), "--to", "trf")
    assert code == 2 and out == ""
    assert "the boards' games of this team event are not known (only its match scores)" in err
    assert "convert it to json" in err
    code, out, err = run("convert", str(EXAMPLES / "olympiad-1957-women-group-C.tsv"), "--to", "json")
    assert code == 0 and '"kind": "game_points"' in out


def test_fewer_outcomes_than_samples_are_all_counted() -> None:
    # three games left (27 outcomes): with --limit 1 and the default 100,000 samples, counting all 27 is exact
    code, out, err = run("scenarios", STORY, "--limit", "1", "-o", "json")
    assert code == 0, err
    assert json.loads(out)["method"].startswith("all 27 combinations")
