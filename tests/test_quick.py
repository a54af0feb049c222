"""The quick path (``crosstable.quick``) against the full command line, byte for byte.

For every TRF file of the tests (and of the shared held-out inputs, when present) and
for generated events (``tests/differential/events.py``, the generator of the
differential test against the FIDE reference), ``crosstable standings FILE -t LIST
-o json`` is answered twice: by :func:`crosstable.quick.command.run` and by the full
command line (:func:`crosstable.cli.main`). Where the quick path answers, its standard
output, standard error and status must be the full path's exactly; where it does not,
it must have written nothing. The real files the startup benchmark times
(``tests/data/real/cases.tsv``) must take the quick path, and a whole process on it
must not import numpy, click or rich.
"""

from __future__ import annotations

import os
import random
import shlex
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from crosstable.cli import main
from crosstable.quick import standings
from crosstable.quick.command import DEFAULTS, run
from crosstable.rules import preset
from tests.differential.events import Features, random_event, to_trf
from tests.real_cases import cases

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "data"
REAL = DATA / "real"
SHARED = Path("/work/shared/inputs")
"""The shared held-out inputs, when this machine has them (as tests/conftest.py)."""
FIDE = "BH/C1,BH,SB,DE,WIN,WON,BPG,BWG,GE,REP,VUR,NUM,PS,KS,ARO,TPR,AOB,FB,APRO,PTP"
LISTS = (
    FIDE,
    FIDE.replace("BH/C1,BH,SB", "BH/C1/V1,BH/V1,SB/V1").replace("AOB,FB", "AOB/V1,FB/V1"),
    "BH/C1,BH,SB,PS,DE,WIN,BWG",
    "DE,WIN,SB,KS",
    "BH/M1,BH/C2,SB/C1,ARO/C1,TPR,PTP",
    "BH/V0,SB/V0,BH/C1/V0,AOB/V0",
)
ENGLISH = {"LANG": "C.UTF-8", "LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": "", "CROSSTABLE_LANG": ""}


def _trf_files() -> list[Path]:
    found = [p for p in sorted(DATA.rglob("*")) if p.suffix in (".trf", ".trfx", ".input") or p.name.endswith(".txt")]
    if SHARED.is_dir():
        found += [p for p in sorted(SHARED.rglob("*")) if p.suffix.lower() in (".trf", ".trfx", ".txt")]
    return [p for p in found if p.is_file() and p.stat().st_size < 2_000_000 and b"\n001 " in p.read_bytes()]


def full(args: list[str]) -> tuple[int, str, str]:
    result = CliRunner(env=ENGLISH).invoke(main, args)
    return result.exit_code, result.stdout, result.stderr


def quick(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int | None, str, str]:
    capsys.readouterr()
    status = run(args, ENGLISH, strict=True)
    out, err = capsys.readouterr()
    return status, out, err


def compare(args: list[str], capsys: pytest.CaptureFixture[str]) -> bool:
    """Whether the quick path answered; when it did, its answer is the full path's."""
    status, out, err = quick(args, capsys)
    if status is None:
        assert (out, err) == ("", ""), f"the quick path wrote before giving up: {shlex.join(args)}"
        return False
    assert (status, out, err) == full(args), f"the two paths differ: crosstable {shlex.join(args)}"
    return True


@pytest.mark.parametrize("path", _trf_files(), ids=lambda p: str(p.relative_to(p.parents[1])))
def test_every_trf_file_gives_the_full_paths_answer(path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for listed in LISTS:
        for output in ("json", "csv"):
            compare(["standings", str(path), "-t", listed, "-o", output], capsys)
    compare(["standings", str(path), "-o", "json"], capsys)  # the default list of the event's system


def test_generated_events_give_the_full_paths_answer(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Individual events of every shape the generator draws (forfeits, every bye,
    withdrawals, late entries, unrated players, Swiss and round robin): most take the
    quick path, and each of those is answered as the full path answers it."""
    features = Features.parse("-scoring_3_1_0,-scoring_2_1_0,-team_swiss,-team_round_robin")  # 1-½-0 only
    answered = tried = 0
    for seed in range(int(os.environ.get("QUICK_EXAMPLES", "120"))):
        event = random_event(seed, features)
        if event.kind != "individual":
            continue
        file = tmp_path / f"event-{seed}.trf"
        file.write_text(to_trf(event), encoding="utf-8")
        for listed in LISTS[:2] + LISTS[4:]:
            tried += 1
            answered += compare(["standings", str(file), "-t", listed, "-o", "json"], capsys)
    assert tried and answered > tried // 2, f"the quick path answered {answered} of {tried} generated cases"


MUTANT_CHARACTERS = "0123456789 .-+=WDLHFUZwbB\t,x/:"
"""What a slip of the hand puts into a TRF line: digits, blanks, tabs, result and colour codes."""


def _mutant(text: str, rng: random.Random) -> str:
    """A TRF text with one to three slips: a character changed, left out or added, a line
    emptied or one line copied over another."""
    lines = text.split("\n")
    players = [k for k, line in enumerate(lines) if line.startswith("001") and len(line) > 95]
    for _ in range(rng.randint(1, 3)):
        i = rng.randrange(len(lines))
        line, op = lines[i], rng.random()
        j = rng.randrange(len(line) + 1)
        if players and rng.random() < 0.5 and len(lines[k := rng.choice(players)]) > 92:
            i, line = k, lines[k]  # half the slips fall in a round's field of a player line
            j = rng.randrange(91, len(line))
        if op < 0.6 and line:
            line = line[: min(j, len(line) - 1)] + rng.choice(MUTANT_CHARACTERS) + line[min(j, len(line) - 1) + 1 :]
        elif op < 0.75 and line:
            line = line[: min(j, len(line) - 1)] + line[min(j, len(line) - 1) + 1 :]
        elif op < 0.85:
            line = line[:j] + rng.choice(MUTANT_CHARACTERS) + line[j:]
        elif op < 0.93:
            line = ""
        else:
            line = lines[rng.randrange(len(lines))]
        lines[i] = line
    return "\n".join(lines)


def test_files_with_slips_give_the_full_paths_answer(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The real files with typing slips (a tab in a round's field, a digit lost from a start
    number, a result code changed): whatever the quick path answers is the full path's
    answer (most slips it gives to the full path, which refuses or warns)."""
    files = [p for p in _trf_files() if p.is_relative_to(REAL)]
    rng = random.Random(2026)
    answered = 0
    for k in range(int(os.environ.get("QUICK_MUTANTS", "150"))):
        file = tmp_path / f"mutant-{k}.trf"
        file.write_text(_mutant(rng.choice(files).read_text(encoding="utf-8", errors="replace"), rng), encoding="utf-8")
        answered += compare(["standings", str(file), "-t", FIDE, "-o", "json"], capsys)
    assert answered, "the quick path answered none of the files with slips"


def _bench_cases() -> list[tuple[str, str, str]]:
    """The individual cases of ``cases.tsv`` (lists that start with the points): the files
    the startup benchmark times, with their lists after the points."""
    return [(name, file, ",".join(codes[1:])) for name, file, codes in cases() if codes[0] == "PTS"]


@pytest.mark.parametrize(("name", "file", "listed"), _bench_cases(), ids=lambda x: x if "," not in x else "")
def test_the_benchmarks_files_take_the_quick_path(
    name: str, file: str, listed: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert compare(["standings", str(REAL / file), "-t", listed, "-o", "json"], capsys), (
        f"{name}: the quick path gave it to the full command line"
    )


def test_a_whole_process_on_the_quick_path_imports_no_numpy_click_or_rich() -> None:
    file = REAL / "shc_2021_03.trf"
    probe = (
        "import sys; from crosstable.quick.command import run; "
        f"status = run(['standings', {str(file)!r}, '-t', 'BH/C1,BH,SB', '-o', 'json']); "
        "print(status, sorted(m for m in ('numpy', 'click', 'rich', 'typing') if m in sys.modules), file=sys.stderr)"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, env={**os.environ, **ENGLISH}, timeout=120
    )
    assert done.stderr.splitlines()[-1] == "0 []", done.stderr
    program = subprocess.run(
        [sys.executable, "-m", "crosstable", "standings", str(file), "-t", FIDE, "-o", "json"],
        capture_output=True,
        text=True,
        env={**os.environ, **ENGLISH},
        timeout=120,
    )
    assert (program.returncode, program.stdout, program.stderr) == full(
        ["standings", str(file), "-t", FIDE, "-o", "json"]
    )


@pytest.mark.parametrize("listed", ["", "PTS", "PTS,BH", "bh/c1,sb", "BH,BH", "XYZ", "BH/C9", "BH,,SB", " BH , SB "])
def test_lists_written_otherwise_give_the_full_paths_answer(listed: str, capsys: pytest.CaptureFixture[str]) -> None:
    compare(["standings", str(REAL / "skl_2020_06.trf"), "-t", listed, "-o", "json"], capsys)


def test_the_default_lists_are_the_presets() -> None:
    for system, preset_name in (("swiss", "fide-swiss"), ("round-robin", "fide-rr")):
        listed, source = DEFAULTS[system]
        assert listed.split(",") == preset(preset_name) and source.endswith(f"preset {preset_name}")


def test_a_defect_of_the_quick_path_goes_to_the_command_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """An exception the quick path did not expect: nothing written, the full path answers
    (in the program, never a traceback); ``strict`` (the tests) lets it through."""

    def broken(*args: object, **kwargs: object) -> None:
        raise IndexError("a defect")

    monkeypatch.setattr(standings, "rank_event", broken)
    args = ["standings", str(REAL / "shc_2021_03.trf"), "-t", "BH", "-o", "json"]
    assert run(args, ENGLISH) is None
    assert capsys.readouterr() == ("", "")
    with pytest.raises(IndexError):
        run(args, ENGLISH, strict=True)


def _with_names(tmp_path: Path, *names: str) -> Path:
    """vga_Sample_Tournament with its first players renamed (the name's 33 columns)."""
    lines = (REAL / "vga_Sample_Tournament.trfx").read_text(encoding="utf-8").split("\n")
    players = [k for k, line in enumerate(lines) if line.startswith("001")]
    for k, name in zip(players, names, strict=False):
        lines[k] = lines[k][:14] + name.ljust(33)[:33] + lines[k][47:]
    path = tmp_path / "renamed.trfx"
    path.write_text("\n".join(lines), encoding="utf-8")
    return path


@pytest.mark.parametrize(
    "names",
    [
        ("Alpha\u00a0One",),  # a no-break space, which the model turns into a space with a warning
        ("Alpha\u00adOne",),  # a soft hyphen
        ("Alpha\u2028One",),  # a line separator: a CSV row in two lines
        ("Alpha\u00a0One", "Alpha One"),  # the same name, once cleaned: refused
        ("Same Name (2)", "Same Name", "Same Name"),  # a numbered twin meets a name of the file
        ("Müller, Jörg", "Ødegaard", "Łukasz Żółw"),
        ("=1+2", "@SUM(A1)", "-Bob"),  # text a spreadsheet would run
        ('Smith, "Jo"', "O'Neil, Ann"),
    ],
)
def test_names_give_the_full_paths_answer(
    names: tuple[str, ...], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _with_names(tmp_path, *names)
    for output in ("json", "csv"):
        compare(["standings", str(path), "-t", "BH,SB", "-o", output], capsys)


def test_a_named_pipe_is_left_to_the_command_line(tmp_path: Path) -> None:
    """Opening a FIFO would wait for a writer (or take its data from the full path)."""
    fifo = tmp_path / "pipe.trf"
    os.mkfifo(fifo)
    assert run(["standings", str(fifo), "-o", "json"], ENGLISH) is None


@pytest.mark.parametrize(
    ("shell", "variables"),
    [
        ("", {"PYTHONIOENCODING": "ascii"}),  # click re-wraps an ASCII stream as UTF-8
        ("", {"PYTHONIOENCODING": "latin-1"}),
        (">&-", {}),  # standard output closed
        ("2>&-", {}),  # standard error closed
        ("| (exec 0<&-; sleep 0.5)", {}),  # the reader went away: status 1
        ("> /dev/full", {}),  # a disk full
    ],
)
def test_the_program_ends_as_the_command_line_with_odd_streams(
    shell: str, variables: dict[str, str], tmp_path: Path
) -> None:
    """Whole processes, the program (``python -m crosstable``: the quick path first)
    against the command line alone (``python -m crosstable.cli``), on a file with
    warnings: the same status and the same bytes on both streams."""
    file = shlex.quote(str(REAL / "cch_testLargeFile.trf"))
    environ = {**os.environ, **ENGLISH, **variables}
    results = []
    for module in ("crosstable", "crosstable.cli"):
        status = tmp_path / f"{module}.status"
        command = f"{shlex.quote(sys.executable)} -m {module} standings {file} -o json {shell}"
        done = subprocess.run(
            ["bash", "-c", f'{command}; echo "${{PIPESTATUS[0]}}" > {shlex.quote(str(status))}'],
            capture_output=True,
            env=environ,
            timeout=120,
        )
        results.append((int(status.read_text()), done.stdout, done.stderr))
    assert results[0] == results[1]


def test_what_the_quick_path_does_not_take_goes_to_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    """Another language, option, output or format: nothing written, the full path answers."""
    file = str(REAL / "shc_2021_03.trf")
    assert run(["standings", file, "-t", "BH", "-o", "json"], {"LANG": "de_DE.UTF-8"}) is None
    assert run(["standings", file, "-t", "BH", "-o", "text"], ENGLISH) is None
    assert run(["standings", file, "-t", "BH", "-o", "json", "--round", "2"], ENGLISH) is None
    assert run(["standings", str(ROOT / "examples" / "seed-7-players.tsv"), "-t", "SB", "-o", "json"], ENGLISH) is None
    assert run(["standings", file + ".missing", "-t", "BH", "-o", "json"], ENGLISH) is None
    assert capsys.readouterr() == ("", "")
