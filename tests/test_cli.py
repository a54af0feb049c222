"""The command line contract: JSON shape, outputs, errors with exit status 2."""

from __future__ import annotations

import importlib.metadata
import json
import subprocess
import sys
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

import crosstable
from crosstable.cli import LAZY, SUMMARIES, main
from tests.conftest import EXAMPLES, load_json

SEED = str(EXAMPLES / "seed-7-players.tsv")


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_json_has_the_public_shape_and_the_seed_values() -> None:
    code, out, err = run("standings", SEED, "--tiebreaks", "SB,SHM", "--output", "json")
    assert code == 0, err
    data = json.loads(out)
    # the public shape, and what every output says besides: the event, its format, system, rules and primary score
    assert list(data) == [
        "event", "format", "system", "rules", "scoring", "scoring_reason", "primary", "tiebreaks",
        "tiebreaks_source", "standings", "warnings",
    ]  # fmt: skip
    described = (data["format"], data["system"], data["rules"], data["primary"])
    assert described == ("crosstable", "round-robin", None, "points")
    assert data["scoring"] == {"win": 1, "draw": 0.5, "loss": 0}
    assert data["tiebreaks"] == ["SB", "SHM"]
    expected = load_json("seed-7-players.expected.json")["standings"]  # the Bulgarian article
    assert [{k: r[k] for k in ("rank", "place", "name", "points", "tiebreaks")} for r in expected] == data["standings"]
    assert data["warnings"] == []


def test_aliases_are_reported_under_their_code() -> None:
    code, out, _ = run("standings", SEED, "-t", "kb,ob", "-o", "json")
    assert code == 0 and json.loads(out)["tiebreaks"] == ["SB", "SHM"]


def test_text_csv_and_markdown() -> None:
    code, out, _ = run("standings", SEED, "-t", "SB", "--fractions", "--crosstable")
    assert code == 0
    assert "11¾" in out and "Zhelyazkov" in out and "Crosstable" in out
    code, out, _ = run("standings", SEED, "-t", "SB", "-o", "csv")
    assert out.splitlines()[0] == "rank,place,name,points,SB"
    assert out.splitlines()[4] == "4,4,Angelov,4,7.75"
    code, out, _ = run("standings", SEED, "-t", "SB", "-o", "md", "--fractions")
    assert "| 3 | Zhelyazkov | 4 | 9 |" in out and "| 4 | Angelov | 4 | 7¾ |" in out


def test_explain_prints_the_sums() -> None:
    code, out, _ = run("standings", SEED, "-t", "SB", "--explain", "Zhelyazkov")
    assert code == 0
    assert "SB = 2.5 (½ of Mikhailov's 5)" in out and out.rstrip().endswith("= 9")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["standings", str(EXAMPLES / "wccc-1975-80-final.as-printed.tsv")],
            "wccc-1975-80-final.as-printed.tsv:2:23: ",
        ),
        (["standings", SEED, "-t", "XYZ"], "unknown criterion 'XYZ'"),
        (["standings", SEED, "-t", "WIN/C1"], "modifier /C does not apply to WIN"),
        (["standings", SEED, "--scoring", "3:1"], "scoring '3:1'"),
        (["standings", "no-such-file.tsv"], "no-such-file.tsv: cannot read the file"),
        (["standings", SEED, "--explain", "Nobody"], "no participant named 'Nobody'"),
    ],
)
def test_bad_input_exits_2_with_one_line_and_no_output(args: list[str], message: str) -> None:
    code, out, err = run(*args)
    assert code == 2
    assert out == ""
    assert message in err
    assert len(err.strip().splitlines()) == 1
    assert "Traceback" not in err


def test_console_script_runs_as_a_process(tmp_path: Path) -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "crosstable.cli", "standings", SEED, "-t", "SB", "-o", "json"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["standings"][2]["name"] == "Zhelyazkov"


@pytest.mark.parametrize(
    ("file", "system", "heading"),
    [
        ("round-robin-inferred.trf", "swiss", "Swiss (--system swiss)"),
        (
            "swiss-092-with-round-robin-pairings.trf",
            "pre-determined",
            "pre-determined pairings (--system pre-determined)",
        ),
    ],
)
def test_the_system_switch_is_named_in_every_output(file: str, system: str, heading: str) -> None:
    # The FIDE reference's -s and -p (tests/data/reference/cases.tsv compares the values): the rules used are
    # named in the text, Markdown and CSV headings and in the JSON's "system".
    path = str(Path(__file__).parent / "data" / "reference" / file)
    for output in ("text", "md"):
        code, out, _err = run("standings", path, "--system", system, "-o", output)
        assert code == 0 and heading in out, out
    code, out, _err = run("standings", path, "--system", system, "-o", "csv", "--csv-notes")
    assert code == 0 and heading in out
    code, out, _err = run("standings", path, "--system", system, "-o", "json")
    assert code == 0 and json.loads(out)["system"] == system
    code, _out, err = run("standings", path, "--system", "knockout")
    assert code == 2 and "knockout" in err


def test_the_group_lists_the_commands_without_importing_them() -> None:
    # crosstable --version and --help import no command (issue #30: --version took 0.54 s, numpy 0.22 s of it):
    # each command is loaded by its name; the list of --help comes from cli.SUMMARIES, each the start of its
    # command's own help.
    probe = (
        "import sys; from crosstable.cli import main\n"
        "try:\n    main(['--help'])\nexcept SystemExit:\n    pass\n"
        "heavy = ('numpy', 'crosstable.cli_commands', 'crosstable.io', 'sqlalchemy')\n"
        "print(sorted(m for m in heavy if m in sys.modules))"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert done.stdout.strip().splitlines()[-1] == "[]", done.stdout
    assert sorted(SUMMARIES) == sorted(LAZY)
    for name in LAZY:
        command = main.get_command(click.Context(main), name)
        assert command is not None and " ".join((command.help or "").split()).startswith(SUMMARIES[name]), name


def test_the_version_is_the_installed_one_and_read_without_the_metadata() -> None:
    # The version printed is the package's constant, which pyproject.toml reads (one place for it); printing
    # it does not import importlib.metadata (20-30 ms of a 0.1 s start, issue #30).
    assert crosstable.__version__ == importlib.metadata.version("crosstable")
    probe = (
        "import sys; from crosstable.cli import main\n"
        "try:\n    main(['--version'], prog_name='crosstable')\nexcept SystemExit:\n    pass\n"
        "print('importlib.metadata' in sys.modules, 'numpy' in sys.modules)"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert done.stdout.splitlines() == [f"crosstable, version {crosstable.__version__}", "False False"], done.stdout
