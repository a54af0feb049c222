"""The command line never ends in a traceback, whatever its arguments and files.

Hypothesis drives ``crosstable`` (every command) with random arguments (valid values,
boundaries, wrong types, random text) and random input files (the bundled examples,
mutations of them, random bytes, an empty file, a directory, a missing path, standard
input) and checks the contract of ``crosstable.cli``:

- the exit status is 0 or 2 (``check``: 1 too, when a printed value differs), never
  another code, and no exception escapes;
- "Traceback (most recent call last)" appears in neither standard output nor error;
- on status 2: standard output is empty, standard error holds one error line (only
  lines starting with ``warning:`` may precede it), printable and shorter than 500
  characters (binary input is never echoed back);
- ``serve`` never starts a server here (``uvicorn`` is stubbed in the child) and must
  refuse an invalid ``--port``, ``--workers`` or ``--host`` before reaching it.

Each invocation runs in a forked child with a time limit and an address-space limit,
so a runaway command (``schedule 100000``) fails the test instead of freezing the
machine. Environment:

- ``CLI_FUZZ_EXAMPLES``: examples over all commands (default 300, about 10 s here);
- ``CLI_FUZZ_TIMEOUT``: seconds per invocation (default 5);
- ``CLI_FUZZ_MEMORY_MB``: address space a child may add to the parent's (default 1024);
- ``CLI_FUZZ_COLLECT``: a directory; every distinct failure is recorded there
  (``failures.json``, with the input files) and the run goes on instead of stopping
  at the first one.
"""

from __future__ import annotations

import contextlib
import dataclasses
import gc
import importlib
import json
import os
import pickle
import re
import select
import shlex
import shutil
import signal
import time
import traceback
import warnings
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import click
import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, note, settings
from hypothesis import strategies as st

from crosstable.cli import main
from tests.conftest import DATA, EXAMPLES

EXAMPLES_TOTAL = int(os.environ.get("CLI_FUZZ_EXAMPLES", "300"))
TIMEOUT = float(os.environ.get("CLI_FUZZ_TIMEOUT", "5"))
MEMORY = int(os.environ.get("CLI_FUZZ_MEMORY_MB", "1024")) * 2**20
COLLECT = os.environ.get("CLI_FUZZ_COLLECT")
TRACEBACK = "Traceback (most recent call last)"
MAX_MESSAGE = 500

# Share of the examples per command (percent).
WEIGHTS = {
    "standings": 23,
    "scenarios": 13,
    "outlook": 11,
    "schedule": 12,
    "rate": 8,
    "convert": 7,
    "serve": 6,
    "top": 5,
    "pair": 4,
    "prizes": 3,
    "ratings": 3,
    "norms": 2,
    "check": 3,
    "site": 3,
}

# Modules the commands import lazily: imported once here so that the children inherit them.
for _module in ("uvicorn", "uvicorn.main", "jinja2", "rich.console", "chess.pgn", "scipy.sparse.linalg"):
    with contextlib.suppress(ImportError):
        importlib.import_module(_module)

STATS: Counter[str] = Counter()
FAILURES: dict[str, dict[str, Any]] = {}
MESSAGES: Counter[str] = Counter()  # the error messages of status 2, grouped


# --- input files -------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class FileSpec:
    """An input file to write: ``kind`` says how it was made, ``content`` its bytes."""

    kind: str
    description: str
    content: bytes = b""
    suffix: str = ".txt"

    def __repr__(self) -> str:
        return f"<{self.kind}: {self.description} ({len(self.content)} bytes)>"


@dataclasses.dataclass(frozen=True)
class Ref:
    """An argument naming a file: ``prefix`` + the file's path (``--ranking FIFA=...``)."""

    spec: FileSpec
    prefix: str = ""

    def __repr__(self) -> str:
        return f"{self.prefix}FILE{self.spec!r}"


def _read(path: Path) -> bytes:
    return path.read_bytes()


PGN = b"".join(
    b'[Event "Fuzz"]\n[Round "%d"]\n[White "%s"]\n[Black "%s"]\n[Result "%s"]\n[WhiteElo "%d"]\n\n1. e4 e5 %s\n\n'
    % (r, w, b, res, 2400 - 10 * r, res)
    for r, w, b, res in (
        (1, b"Ann", b"Bob", b"1-0"),
        (1, b"Cid", b"Dan", b"1/2-1/2"),
        (2, b"Bob", b"Cid", b"0-1"),
        (2, b"Dan", b"Ann", b"1/2-1/2"),
        (3, b"Ann", b"Cid", b"*"),
        (3, b"Bob", b"BYE", b"1-0"),
    )
)


def _json_of(path: Path) -> bytes | None:
    """Our JSON format of a file, through the command line itself."""
    result = CliRunner().invoke(main, ["convert", str(path), "--to", "json"])
    return result.stdout_bytes if result.exit_code == 0 else None


def _standings_json(path: Path) -> bytes | None:
    result = CliRunner().invoke(main, ["standings", str(path), "-t", "SB", "-o", "json"])
    return result.stdout_bytes if result.exit_code == 0 else None


def _samples() -> dict[str, tuple[bytes, str]]:
    files = {
        "crosstable seed-7-players.tsv": EXAMPLES / "seed-7-players.tsv",
        "crosstable olympiad-1957-women-group-C.tsv": EXAMPLES / "olympiad-1957-women-group-C.tsv",
        "crosstable wccc-1975-80-final.as-printed.tsv": EXAMPLES / "wccc-1975-80-final.as-printed.tsv",
        "games worldcup-2018-group-H.csv": EXAMPLES / "worldcup-2018-group-H.csv",
        "games euro-2024-group-E.csv": EXAMPLES / "euro-2024-group-E.csv",
        "games seed-003-last-round.csv": EXAMPLES / "seed-003-last-round.csv",
        "trf fide/tournament.trf": DATA / "fide" / "tournament.trf",
        "trf fide/de-forfeit.trf": DATA / "fide" / "de-forfeit.trf",
        "trf fide/team-swiss-10x2-310.trf": DATA / "fide" / "team-swiss-10x2-310.trf",
    }
    out = {name: (_read(path), path.suffix) for name, path in files.items()}
    out["pgn 6 games, a bye, one pending"] = (PGN, ".pgn")
    for name, path in (
        ("seed-7-players", EXAMPLES / "seed-7-players.tsv"),
        ("seed-003", files["games seed-003-last-round.csv"]),
    ):
        data = _json_of(path)
        if data:
            out[f"json {name} (convert --to json)"] = (data, ".json")
    return out


SAMPLES = _samples()
PENDING = {k: v for k, v in SAMPLES.items() if "seed-003" in k or k.startswith("pgn")}  # games left to play
SIDE_SAMPLES = {
    "discipline worldcup-2018-group-H.fairplay.csv": (_read(EXAMPLES / "worldcup-2018-group-H.fairplay.csv"), ".csv"),
    "discipline with deductions": (
        b"team,yellow,indirect_red,direct_red,yellow_and_direct_red,deduction\n"
        b"Japan,4,0,0,0,1\nSenegal,6,0,0,0,0\nPoland,2,1,0,0,3\n",
        ".csv",
    ),
    "ranking team,value": (b"team,points\nColombia,1\nJapan,2\nSenegal,3\nPoland,4\n", ".csv"),
    "names Ann..Dan": (b"Ann\nBob\nCid\nDan\n", ".txt"),
}
PRIZE_SAMPLES = {
    "prizes places and categories": (
        b"prize,amount,condition\n1,1000\n2,500\n3,350\nBest woman,100,sex=F\nUnder 1800,50,rating<1800\n",
        ".csv",
    ),
    "prizes places only": (b"prize,amount\n1,100\n2,50.50\n", ".csv"),
}
_standings = _standings_json(EXAMPLES / "seed-7-players.tsv")
if _standings:
    SIDE_SAMPLES["standings json of seed-7-players"] = (_standings, ".json")

NASTY_TOKENS = [
    b"0", b"-1", b"99999999999999999999", b"1e308", b"nan", b"inf", "½".encode(), b"*", b"+", b"-", b"=",
    b"1-0", b"0-1", "½-½".encode(), b"1:0 awd", b"", b"x", "—".encode(), b"0000", b"9999", b"-9999", b"1/0",
    b"0/0", b"10000:0", b"+-", b"F", b"H", b"Z", b"U", b"0.5", b"3:1", b'"', b",", b";", b"\t", b"\\",
    b"1000000000", b"\xff", b"\x00", b"{", b"[", b"null", b"true", b"001", b"XXR 1000000", b"-0",
]  # fmt: skip
LONG = [b"x", b"9", b"\t", b"1-0 ", b"\xc2\xbd", b",", b"\x00"]
BAD_UTF8 = [b"\xff", b"\xc3\x28", b"\xed\xa0\x80", b"\xe2\x82", b"\xf4\x90\x80\x80", b"\xc0\xaf"]
TOKEN = re.compile(rb"[^\s,;|]+")


@st.composite
def mutated(draw: st.DrawFn, samples: dict[str, tuple[bytes, str]]) -> FileSpec:
    """A sample with one to five mutations."""
    name = draw(st.sampled_from(sorted(samples)))
    data, suffix = samples[name]
    done = []
    for _ in range(draw(st.integers(1, 5))):
        op = draw(
            st.sampled_from(
                [
                    "delete line", "duplicate line", "swap lines", "replace byte", "truncate", "insert bytes",
                    "insert NUL", "invalid UTF-8", "long line", "replace token", "delete column", "CRLF", "BOM",
                    "repeat all", "strip header", "JSON value", "JSON value",
                ]
            )
        )  # fmt: skip
        lines = data.splitlines(keepends=True) or [b""]
        i = draw(st.integers(0, len(lines) - 1))
        pos = draw(st.integers(0, len(data)))
        if op == "delete line":
            del lines[i]
            data, label = b"".join(lines), f"delete line {i + 1}"
        elif op == "duplicate line":
            lines.insert(i, lines[i])
            data, label = b"".join(lines), f"duplicate line {i + 1}"
        elif op == "swap lines":
            j = draw(st.integers(0, len(lines) - 1))
            lines[i], lines[j] = lines[j], lines[i]
            data, label = b"".join(lines), f"swap lines {i + 1} and {j + 1}"
        elif op == "replace byte":
            byte = draw(st.one_of(st.binary(min_size=1, max_size=1), st.sampled_from([b"1", b"0", b"-", b" ", b"\n"])))
            data, label = data[:pos] + byte + data[pos + 1 :], f"byte {pos} -> {byte!r}"
        elif op == "truncate":
            data, label = data[:pos], f"truncate at byte {pos}"
        elif op == "insert bytes":
            extra = draw(st.binary(min_size=1, max_size=20))
            data, label = data[:pos] + extra + data[pos:], f"insert {extra!r} at byte {pos}"
        elif op == "insert NUL":
            data, label = data[:pos] + b"\x00" + data[pos:], f"insert NUL at byte {pos}"
        elif op == "invalid UTF-8":
            bad = draw(st.sampled_from(BAD_UTF8))
            data, label = data[:pos] + bad + data[pos:], f"insert {bad!r} at byte {pos}"
        elif op == "long line":
            unit, count = draw(st.sampled_from(LONG)), draw(st.sampled_from([1000, 100_000]))
            data, label = data[:pos] + unit * count + data[pos:], f"insert {unit!r}*{count} at byte {pos}"
        elif op == "replace token":
            tokens = list(TOKEN.finditer(data))
            if not tokens:
                continue
            m = tokens[draw(st.integers(0, len(tokens) - 1))]
            new = draw(st.sampled_from(NASTY_TOKENS))
            data = data[: m.start()] + new + data[m.end() :]
            label = f"token {m.group()!r} at byte {m.start()} -> {new!r}"
        elif op == "delete column":
            sep = b"\t" if b"\t" in data else b","
            k = draw(st.integers(0, 6))
            data = b"".join(_drop_field(line, sep, k) for line in lines)
            label = f"delete column {k + 1} ({sep!r}-separated)"
        elif op == "CRLF":
            data, label = data.replace(b"\n", b"\r\n"), "CRLF line ends"
        elif op == "BOM":
            data, label = b"\xef\xbb\xbf" + data, "UTF-8 BOM"
        elif op == "repeat all":
            data, label = data + data, "whole file twice"
        elif op == "JSON value":
            try:
                doc = json.loads(data)
            except ValueError:
                continue
            nodes = list(_json_nodes(doc, ""))
            if not nodes:
                continue
            where, parent, key = nodes[draw(st.integers(0, len(nodes) - 1))]
            value = draw(st.sampled_from(JSON_VALUES))
            parent[key] = value
            data, label = json.dumps(doc).encode(), f"JSON {where} -> {json.dumps(value)}"
        else:
            data, label = b"".join(lines[1:]), "without its first line"
        done.append(label)
    return FileSpec("mutated", f"{name} with " + "; ".join(done or ["nothing"]), data, suffix)


JSON_VALUES: list[Any] = [
    None, True, -1, 0, 10**20, -(10**20), 1.5, 1e308, "", "x", "-1", "1/0", "½", [], {}, [None], {"x": 1},
    [[]], "9" * 400, 2**63, -0.0,
]  # fmt: skip


def _json_nodes(doc: Any, where: str) -> Iterator[tuple[str, Any, Any]]:
    """(path, container, key) of every value inside a JSON document."""
    items = doc.items() if isinstance(doc, dict) else enumerate(doc) if isinstance(doc, list) else ()
    for key, value in items:
        path = f"{where}/{key}"
        yield path, doc, key
        yield from _json_nodes(value, path)


def _drop_field(line: bytes, sep: bytes, k: int) -> bytes:
    end = b"\n" if line.endswith(b"\n") else b""
    cells = line.rstrip(b"\n").split(sep)
    if k < len(cells):
        del cells[k]
    return sep.join(cells) + end


ALPHABET = "0123456789 \t;,.:-+=½*xX—|\nABCabc#/()[]\"'"


@st.composite
def generated_games(draw: st.DrawFn) -> FileSpec:
    """A games list of n players with random (often pending) results: food for scenarios."""
    n = draw(st.integers(2, 24))
    results = ["1-0", "0-1", "½-½", "*", "", "2:1", "0:0", "+:-"]
    rows = ["round,white,black,result"]
    for i in range(n):
        for j in range(i + 1, n):
            rows.append(f"{(i + j) % max(n - 1, 1) + 1},P{i},P{j},{draw(st.sampled_from(results))}")
    text = "\n".join(rows) + "\n"
    return FileSpec("generated", f"games list of {n} players, {len(rows) - 1} games", text.encode(), ".csv")


def files(samples: dict[str, tuple[bytes, str]], *, generated: bool = False) -> st.SearchStrategy[FileSpec]:
    """Any input file for a FILE argument: mostly samples and mutations of them."""
    sample = st.sampled_from(sorted(samples)).map(lambda k: FileSpec("sample", k, *samples[k]))
    stdin = st.one_of(
        st.sampled_from(sorted(samples)).map(lambda k: FileSpec("stdin", f"'-' with stdin {k}", samples[k][0])),
        st.binary(max_size=200).map(lambda b: FileSpec("stdin", "'-' with random stdin", b)),
    )
    kinds = [  # (percent, strategy)
        (30, sample),
        (35, mutated(samples)),
        (8, generated_games() if generated else sample),
        (8, st.binary(max_size=2000).map(lambda b: FileSpec("random-bytes", "random bytes", b))),
        (6, st.text(alphabet=ALPHABET, max_size=300).map(lambda t: FileSpec("random-text", "random text", t.encode()))),
        (3, st.just(FileSpec("empty", "empty file"))),
        (3, st.just(FileSpec("directory", "a directory"))),
        (3, st.just(FileSpec("missing", "a path that does not exist"))),
        (4, stdin),
    ]
    table = [strategy for percent, strategy in kinds for _ in range(percent)]
    return st.integers(0, len(table) - 1).flatmap(lambda k: table[k])


def names_files() -> st.SearchStrategy[FileSpec]:
    """Files for schedule --names: a few names, many names, or any file."""
    many = st.sampled_from([1, 2, 3, 50, 5000, 100_000]).map(
        lambda n: FileSpec("generated", f"{n} names", b"".join(b"P%d\n" % i for i in range(n)))
    )
    return st.one_of(many, files(SIDE_SAMPLES))


# --- argument values ---------------------------------------------------------------

BOUNDARY_INTS = [
    "0", "-1", "-5", "1", "2", "3", "999", "1000", "100000", "1000000000", "2147483648", "9223372036854775808",
    "99999999999999999999999999999999", "-2147483649", "+3", " 7", "0x10", "1_000", "٣", "１２",
]  # fmt: skip
WRONG = ["abc", "", "½", "1e9", "1.5", "nan", "inf", "-0", "None", "--", "-", "=", " ", "\t", "0,5", "1/2"]
FLOATS = ["0", "0.3", "1", "0.0001", "-0.1", "1.5", "5", "1e-300", "1e309", "nan", "inf", "-inf", "1e9"]
JUNK = st.text(st.characters(exclude_categories=("Cs",), exclude_characters="\x00"), max_size=12)


def chance(draw: st.DrawFn, percent: int) -> bool:
    """True in about ``percent`` percent of the draws, and False for the simplest (zero) draw."""
    return 30 <= draw(st.integers(0, 99)) < 30 + percent


def mix(valid: st.SearchStrategy[str], invalid: st.SearchStrategy[str], bad: int) -> st.SearchStrategy[str]:
    """``invalid`` in ``bad`` percent of the draws, else ``valid`` (shrinks towards valid)."""
    return st.integers(0, 99).flatmap(lambda k: invalid if 30 <= k < 30 + bad else valid)


def ints(*valid: str, bad: int = 15) -> st.SearchStrategy[str]:
    """An integer option: ``valid`` (or small), else in ``bad`` percent a boundary, a wrong type or junk."""
    good = st.sampled_from(valid) if valid else st.integers(0, 40).map(str)
    return mix(good, mix(st.sampled_from(BOUNDARY_INTS), st.one_of(st.sampled_from(WRONG), JUNK), 30), bad)


def floats(bad: int = 15) -> st.SearchStrategy[str]:
    return mix(st.sampled_from(FLOATS), st.one_of(st.sampled_from(WRONG), JUNK), bad)


def choice(valid: list[str], *invalid: str, bad: int = 8) -> st.SearchStrategy[str]:
    wrong = st.one_of(st.sampled_from([*invalid, "", "XYZ", valid[0].upper() + " "]), JUNK)
    return mix(st.sampled_from(valid), wrong, bad)


CODES = [
    "ABH", "AFB", "AGF", "AOB", "APPO", "APRO", "ARO", "BBE", "BC", "BERGER", "BH", "BPG", "BUCHHOLZ", "BWG", "DE",
    "DIRECT", "DISC", "EDE", "EGGSB", "EMGSB", "ESB", "FB", "FIFA", "FLOW", "FP", "GA", "GD", "GE", "GELB", "GF",
    "GORIN", "GP", "GPTS", "H2H", "H2H1", "KB", "KOYA", "KS", "LOT", "MP", "MPTS", "NUM", "OB", "POINTS", "POT", "PS",
    "PSO", "PTP", "PTS", "QUAL", "REP", "RTNG", "SB", "SHM", "SSSC", "STD", "TBR", "TPN", "TPR", "VUR", "WIN", "WON",
    "ZB", "sb", "bh", "XYZ", "", "BH2", "S B",
]  # fmt: skip
NUMBERS = ["0", "1", "2", "-1", "-5", "+2", "+99", "-99", "99", "100", "101", "1000", "1001", "100000", "1000000000",
           "1.5", "½", "", "abc", "2.0", "9" * 30]  # fmt: skip
WEIGHT_ARGS = ["(2,1,0)", "(1,½,0)", "(1,1)", "(a,b,c)", "()", "(1,2,3,4)", "(1e999,0,0)", "(" + "9" * 30 + ",1,0)",
               "(-1,0,1)", "(0,0,0)", "("]  # fmt: skip
FLAGS = ["/P", "/R", "/F", "/X", "/S", "/D", "/N", "/Q", "/", "//", "/V0", "/V1", "/V2", "/V3", "/P1", "#P", "!R"]


@st.composite
def criterion(draw: st.DrawFn) -> str:
    text = draw(st.sampled_from(CODES))
    if not chance(draw, 60):
        return text
    if chance(draw, 10):
        text += draw(st.sampled_from(WEIGHT_ARGS))
    if chance(draw, 15):
        text += draw(st.sampled_from([":MP", ":GP", ":XX", ":MG", ":", "@2024", "@abcd"]))
    for _ in range(draw(st.integers(0, 3))):
        if draw(st.booleans()):
            text += "/" + draw(st.sampled_from("CMLKUcl")) + draw(st.sampled_from(NUMBERS))
        else:
            text += draw(st.sampled_from(FLAGS))
    return text


TIEBREAKS = mix(
    st.lists(st.one_of(st.sampled_from(CODES[:-4]), criterion()), min_size=1, max_size=5).map(",".join),
    st.one_of(st.lists(criterion(), max_size=3).map(lambda xs: " , ".join(xs) + ","), JUNK),
    15,
)
SCORING = mix(
    st.sampled_from(["chess", "draughts", "football", "team", "CHESS", "1:0.5:0", "3:1:0", "2-1-0", "1:½:0"]),
    st.one_of(
        st.sampled_from(["0:0:0", "1:2:3", "3:1", "a:b:c", "-1:-2:-3", "1e9:0:0", "9" * 30 + ":1:0", "1/2:1/4:0", ""]),
        JUNK,
    ),
    30,
)
RULES = choice(
    [
        "fifa-2018",
        "fifa-2022",
        "fifa-2026",
        "uefa-euro-2024",
        "premier-league",
        "FIFA-2018",
        "laliga",
        "uefa-club-2024",
    ],
    "fifa",
    bad=30,
)
FORMATS = choice(["auto", "crosstable", "games", "trf", "pgn", "json", "openfootball"], "xml")
SCORES = ["1:0,0:0,0:1", "2:0,1:0,0:0,0:1,0:2", "", ",", "a:b", "1:0,1:0", "9" * 20 + ":0", "-1:0", "1:0:0", "1",
          "½:½", "1-0", ":"]  # fmt: skip
PLACES = ["1-8", "9-16", "1-4", "2-3", "0-3", "3-1", "1-100000", "-1", "a-b", "", "1-", "-", "2", "1-2-3"]
PEOPLE = ["Mikhailov", "Zhelyazkov", "Petrov", "Japan", "England", "Ann", "P0", "nobody", "", "mikhailov"]


@dataclasses.dataclass(frozen=True)
class Invocation:
    command: str
    args: tuple[str | Ref, ...]

    def __repr__(self) -> str:
        shown = " ".join(shlex.quote(a) if isinstance(a, str) else repr(a) for a in self.args)
        return f"crosstable {shown}"


@st.composite
def command_line(draw: st.DrawFn, command: str, positional: list[Any], options: list[tuple[Any, ...]]) -> Invocation:
    """``command``, the positionals, and a random subset of the options (each ``(name, values[, percent])``,
    ``values`` None for a flag; included in ``percent`` of the draws, default 40) in a random order."""
    parts: list[list[str | Ref]] = []
    for name, values, *percent in options + _discovered(command, options):
        if not chance(draw, percent[0] if percent else 40):
            continue
        if values is None:  # a flag
            parts.append([name])
            continue
        value = draw(values)
        if isinstance(value, str) and name.startswith("--") and chance(draw, 10):
            parts.append([f"{name}={value}"])
        else:
            parts.append([name, value])
    for strategy in positional:
        if not chance(draw, 4):
            parts.append([draw(strategy)])
    if chance(draw, 3):
        parts.append([draw(st.sampled_from(["--bogus", "extra", "--", "-", "-x", "--help", "-h"]))])
    order = draw(st.permutations(parts))
    args: list[str | Ref] = [command] if command != "top" else []
    for part in order:
        args.extend(part)
    return Invocation(command, tuple(args))


def _discovered(command: str, options: list[tuple[Any, ...]]) -> list[tuple[Any, ...]]:
    """Generic values for the options of ``command`` that the lists here do not name yet (new ones)."""
    cmd = main.get_command(click.Context(main), command) if isinstance(main, click.Group) else None  # lazy ones too
    if cmd is None:
        return []
    named = {entry[0] for entry in options}
    extra: list[tuple[Any, ...]] = []
    for param in cmd.params:
        if not isinstance(param, click.Option) or named & {*param.opts, *param.secondary_opts}:
            continue
        name, kind = param.opts[-1], param.type
        if param.is_flag:
            extra.append((name, None))
        elif isinstance(kind, click.Choice):
            extra.append((name, choice([str(c) for c in kind.choices])))
        elif isinstance(kind, click.IntRange | click.types.IntParamType):
            low, high = getattr(kind, "min", None), getattr(kind, "max", None)
            extra.append((name, ints(*sorted({str(v) for v in (low, high, 1) if v is not None}), bad=20)))
        elif isinstance(kind, click.FloatRange | click.types.FloatParamType):
            extra.append((name, floats()))
        elif isinstance(kind, click.Path):
            extra.append((name, file_ref(files(SAMPLES)), 20))
        else:
            extra.append((name, st.one_of(st.sampled_from(["1", "0", "-1", "SB", "x"]), JUNK)))
    return extra


def file_ref(strategy: st.SearchStrategy[FileSpec], prefix: str = "") -> st.SearchStrategy[Ref]:
    return strategy.map(lambda spec: Ref(spec, prefix))


RANKING = st.one_of(
    st.tuples(st.sampled_from(["FIFA", "QUAL", "PSO", "fifa", "XYZ", ""]), files(SIDE_SAMPLES)).map(
        lambda t: Ref(t[1], t[0] + "=")
    ),
    st.sampled_from(["FIFA", "=x.csv", "FIFA=", "="]),
)

# ``site``: ``--output=`` and ``--db=`` drawn as positionals (one word each, so given in
# nearly every example): a new folder or an empty one under the example's own folder
# (never the working directory), else a file; a database an SQLite URL to one of the
# files, or a URL good or bad (never the default, ./crosstable.sqlite); ``--event`` ids.
SITE_FOLDER = file_ref(
    st.sampled_from(
        [FileSpec("missing", "a new folder")] * 4
        + [FileSpec("directory", "an empty folder")] * 2
        + [FileSpec("sample", k, *SIDE_SAMPLES[k]) for k in sorted(SIDE_SAMPLES)[:1]]  # a file (never '-')
    ),
    "--output=",
)
DATABASES = ["sqlite://", "sqlite:///:memory:", "mysql://u@h/d", "postgresql://", "nonsense", ""]
SITE_DATABASE = st.one_of(
    file_ref(files(SAMPLES), prefix="--db=sqlite:///"), st.sampled_from(DATABASES).map(lambda url: f"--db={url}")
)
EVENT_IDS = ["0b7f3c52-6f4c-4d3e-9a51-3d1f1f0f2a10", "0B7F3C52-6F4C-4D3E-9A51-3D1F1F0F2A10", "1", ""]

ZONES = ["title=1", "title=1,ucl=1-4,relegation=18-20", "top=1-3,bottom=5-6", "a=1,a=2", "x=0", "title=1-99", "=1"]

COMMANDS: dict[str, st.SearchStrategy[Invocation]] = {
    "standings": command_line(
        "standings",
        [file_ref(files(SAMPLES, generated=True))],
        [
            ("--from", FORMATS, 12),
            ("--scoring", SCORING, 25),
            ("-t", TIEBREAKS),
            ("--tiebreaks", TIEBREAKS),
            ("--rules", RULES, 25),
            ("--discipline", file_ref(files(SIDE_SAMPLES)), 15),
            ("--ranking", RANKING, 15),
            ("--lots-seed", ints("0", "1", "7", "12345", bad=40)),
            ("--round", ints("1", "2", "3", "999", bad=10)),
            ("--unrated", ints("0", "1400", "4000", bad=10)),
            ("--fide-rules", choice(["2023", "2024", "2026", "virtual"], "2025", "2009")),
            ("-o", choice(["text", "json", "csv", "md", "html"], "trf", "xml")),
            ("--fractions", None),
            ("--decimals", ints("0", "1", "2", "6", bad=15)),
            ("--crosstable", None),
            ("--csv-notes", None, 15),
            ("--explain", st.one_of(st.sampled_from(PEOPLE), JUNK)),
            ("--explain", st.sampled_from(PEOPLE)),
        ],
    ),
    "scenarios": command_line(
        "scenarios",
        [file_ref(st.one_of(files(PENDING, generated=True), files(SAMPLES, generated=True)))],
        [
            ("--from", FORMATS, 12),
            ("--scoring", SCORING, 25),
            ("-t", TIEBREAKS),
            ("--rules", RULES, 25),
            ("--scores", st.one_of(st.sampled_from(SCORES), JUNK)),
            ("--limit", ints("0", "1", "27", "1000", "4782969", bad=40)),
            ("--samples", ints("0", "1", "10", "1000", bad=40)),
            ("--seed", ints("0", "1", "42", bad=40)),
            ("--draw-rate", floats(bad=10)),
            ("-o", choice(["text", "json"], "csv")),
            ("-q", None),
        ],
    ),
    "outlook": command_line(
        "outlook",
        [file_ref(st.one_of(files(PENDING, generated=True), files(SAMPLES, generated=True)))],
        [
            ("--from", FORMATS, 12),
            ("--scoring", SCORING, 25),
            ("-t", TIEBREAKS),
            ("--rules", RULES, 25),
            ("--zones", st.one_of(st.sampled_from(ZONES), JUNK)),
            ("--no-draws", None),
            ("--no-magic", None),
            ("--witness", st.one_of(st.sampled_from(PEOPLE), JUNK)),
            ("-o", choice(["text", "json"], "csv")),
        ],
    ),
    "schedule": command_line(
        "schedule",
        [ints("2", "3", "4", "5", "6", "7", "8", "9", "10", "16", "30", bad=30)],
        [
            ("--double", None),
            ("--no-swap", None),
            ("--names", file_ref(names_files())),
            ("--seed-from", file_ref(st.one_of(files(SIDE_SAMPLES), files(SAMPLES)))),
            ("--places", st.one_of(st.sampled_from(PLACES), JUNK)),
            ("-t", TIEBREAKS),
            ("-o", choice(["text", "json", "csv", "games"], "md")),
        ],
    ),
    "rate": command_line(
        "rate",
        [file_ref(files(SAMPLES, generated=True))],
        [
            ("--from", FORMATS, 12),
            ("--scoring", SCORING, 25),
            ("--by", choice(["potential", "flow"])),
            ("--float", None),
            ("-o", choice(["text", "json"], "csv")),
        ],
    ),
    "convert": command_line(
        "convert",
        [file_ref(files(SAMPLES, generated=True))],
        [("--from", FORMATS, 12), ("--scoring", SCORING, 25), ("--to", choice(["json", "trf"], "csv", "pgn"))],
    ),
    "serve": command_line(
        "serve",
        [],
        [
            ("--port", ints("8000", "8080", "1", "65535", bad=60)),
            ("--workers", ints("1", "2", bad=60)),
            ("--host", st.sampled_from(["127.0.0.1", "localhost", "::1", "0.0.0.0", "", "not a host", "999.1.1.1"])),
        ],
    ),
    "pair": command_line(
        "pair",
        [file_ref(files(SAMPLES, generated=True))],
        [
            ("--from", FORMATS, 12),
            ("--round", ints("1", "2", "5", "999", bad=20)),
            ("--bye", st.one_of(st.sampled_from([f"{p}=H" for p in PEOPLE] + ["x=Z", "=H", "Ann"]), JUNK)),
            ("--withdraw", st.one_of(st.sampled_from(PEOPLE), JUNK)),
            ("-o", choice(["text", "json", "trf"], "csv")),
        ],
    ),
    "prizes": command_line(
        "prizes",
        [file_ref(files(SAMPLES, generated=True))],
        [
            ("--prizes", file_ref(files(PRIZE_SAMPLES)), 90),
            ("--sharing", choice(["hort", "equal", "none"], "half")),
            ("--cents", None),
            ("--prefer", st.one_of(st.sampled_from(["Best woman", "1"]), JUNK)),
            ("--explain", st.one_of(st.sampled_from(PEOPLE), JUNK)),
            ("-t", TIEBREAKS),
            ("-o", choice(["text", "json", "csv"], "md")),
        ],
    ),
    "ratings": command_line(
        "ratings",
        [file_ref(files(SAMPLES, generated=True))],
        [
            ("--k", ints("10", "20", "40", bad=20)),
            ("--k-of", st.one_of(st.sampled_from([f"{p}=40" for p in PEOPLE] + ["Ann=7", "=20", "Ann"]), JUNK)),
            ("--category", choice(["standard", "rapid", "blitz"], "bullet")),
            ("-o", choice(["text", "json"], "csv")),
        ],
    ),
    "norms": command_line(
        "norms",
        [file_ref(files(SAMPLES, generated=True))],
        [
            ("--all", None),
            ("--woman", st.one_of(st.sampled_from(PEOPLE), JUNK)),
            ("-o", choice(["text", "json"], "csv")),
        ],
    ),
    "check": command_line(
        "check",
        [file_ref(files(SAMPLES, generated=True))],
        [
            ("--from", FORMATS, 12),
            ("--scoring", SCORING, 25),
            ("-t", TIEBREAKS),
            ("--rules", st.one_of(st.sampled_from(["fide-swiss", "fifa-2026", "olympiad"]), JUNK)),
            ("-o", choice(["text", "json"], "csv")),
        ],
    ),
    "site": command_line(
        "site",
        [file_ref(files(SAMPLES, generated=True)), SITE_FOLDER, SITE_DATABASE],
        [
            ("--from", FORMATS, 12),
            ("--scoring", SCORING, 25),
            ("-t", TIEBREAKS),
            ("--rules", RULES, 25),
            ("--event", st.one_of(st.sampled_from(EVENT_IDS), JUNK), 15),
            ("--fractions", None),
        ],
    ),
    "top": st.one_of(
        st.sampled_from(
            [
                (),
                ("--version",),
                ("--help",),
                ("-h",),
                ("nonsense",),
                ("help",),
                ("--bogus",),
                ("standings",),
                ("schedule", "--help"),
                ("standings", "-h"),
            ]
        ).map(lambda a: Invocation("top", a)),
        JUNK.map(lambda a: Invocation("top", (a,))),
    ),
}


# --- running one invocation in a child -----------------------------------------------


def _materialize(inv: Invocation, where: Path) -> tuple[list[str], bytes | None, list[FileSpec]]:
    """The arguments with the files written under ``where``; standard input; the files."""
    args: list[str] = []
    stdin: bytes | None = None
    specs: list[FileSpec] = []
    for k, arg in enumerate(inv.args):
        if isinstance(arg, str):
            args.append(arg)
            continue
        spec = arg.spec
        specs.append(spec)
        path = where / f"f{k}{spec.suffix}"
        if spec.kind == "directory":
            path.mkdir()
        elif spec.kind == "missing":
            path = where / f"missing{k}{spec.suffix}"
        elif spec.kind == "stdin":
            stdin = spec.content if stdin is None else stdin
            args.append(arg.prefix + "-")
            continue
        else:
            path.write_bytes(spec.content)
        args.append(arg.prefix + str(path))
    return args, stdin, specs


def _vm_size() -> int | None:
    with contextlib.suppress(OSError, IndexError, ValueError):
        status = Path("/proc/self/status").read_text()
        return int(status.split("VmSize:")[1].split()[0]) * 1024
    return None


def _invoke(args: list[str], stdin: bytes | None) -> dict[str, Any]:
    """Run the command line in this process (the child) with uvicorn stubbed."""
    serve_calls: list[dict[str, Any]] = []
    with contextlib.suppress(ImportError):
        uvicorn = importlib.import_module("uvicorn")

        def fake_run(*a: Any, **k: Any) -> None:
            serve_calls.append({name: k.get(name) for name in ("host", "port", "workers")})

        def refuse(*a: Any, **k: Any) -> None:
            raise RuntimeError("the fuzz test never starts a server (uvicorn.Server stubbed)")

        uvicorn.run = fake_run
        importlib.import_module("uvicorn.main").run = fake_run
        uvicorn.Server.run = refuse  # type: ignore[method-assign]
        uvicorn.Server.serve = refuse  # type: ignore[method-assign]
    result = CliRunner().invoke(main, args, input=stdin, prog_name="crosstable")
    exception = None
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        assert result.exc_info is not None
        frames = traceback.extract_tb(result.exc_info[2])
        ours = [f for f in frames if "crosstable" in f.filename and "/tests/" not in f.filename] or frames
        last = ours[-1]
        where = f"{last.filename.split('src/')[-1]}:{last.lineno} in {last.name}"
        exception = {
            "type": type(result.exception).__name__,
            "message": str(result.exception)[:300],
            "where": where,
            "traceback": "".join(traceback.format_exception(*result.exc_info))[-3000:],
        }
    return {
        "exit_code": result.exit_code,
        "stdout": result.stdout[-20000:],
        "stderr": result.stderr[-20000:],
        "exception": exception,
        "serve_calls": serve_calls,
    }


def _run_isolated(args: list[str], stdin: bytes | None) -> dict[str, Any]:
    """``_invoke`` in a forked child with a time limit and a memory limit."""
    if not hasattr(os, "fork"):  # pragma: no cover - no isolation without fork
        return _invoke(args, stdin)
    read_end, write_end = os.pipe()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        pid = os.fork()
    if pid == 0:  # the child: never returns
        code = 0
        # The test process's whole heap is the child's too: the collector walking it would
        # copy every page (copy-on-write) and make a big command miss the time limit.
        gc.freeze()
        try:
            os.close(read_end)
            os.setpgid(0, 0)
            base = _vm_size()
            if base is not None:
                import resource  # noqa: PLC0415 - POSIX only, in the forked child

                _, hard = resource.getrlimit(resource.RLIMIT_AS)
                resource.setrlimit(resource.RLIMIT_AS, (base + MEMORY, hard))
            payload = pickle.dumps(_invoke(args, stdin))
        except BaseException as e:
            payload = pickle.dumps({"child_error": f"{type(e).__name__}: {e}"[:1000]})
            code = 3
        with contextlib.suppress(BaseException):
            view = memoryview(payload)
            while view:
                view = view[os.write(write_end, view) :]
        os._exit(code)
    os.close(write_end)
    chunks: list[bytes] = []
    deadline = time.monotonic() + TIMEOUT
    timed_out = False
    try:
        while True:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                timed_out = True
                break
            ready, _, _ = select.select([read_end], [], [], remaining)
            if ready:
                chunk = os.read(read_end, 1 << 16)
                if not chunk:
                    break
                chunks.append(chunk)
    finally:
        os.close(read_end)
        if timed_out:
            for kill in (lambda: os.killpg(pid, signal.SIGKILL), lambda: os.kill(pid, signal.SIGKILL)):
                with contextlib.suppress(ProcessLookupError, PermissionError):
                    kill()
        _, status = os.waitpid(pid, 0)
    if timed_out:
        return {"timeout": True}
    if os.WIFSIGNALED(status) or not chunks:
        return {"signal": os.WTERMSIG(status) if os.WIFSIGNALED(status) else None}
    return pickle.loads(b"".join(chunks))  # type: ignore[no-any-return]


# --- the contract --------------------------------------------------------------------


def _template(text: str) -> str:
    """A message with its particulars removed, to group failures."""
    text = re.sub(r"(/[^\s:'\"]+)+", "PATH", text)
    text = re.sub(r"'[^']*'|\"[^\"]*\"", "'…'", text)
    return re.sub(r"\d+", "N", text)[:90]


def violations(inv: Invocation, outcome: dict[str, Any], specs: list[FileSpec]) -> list[tuple[str, str]]:
    """(signature, detail) for each broken promise of the command line."""
    cmd = inv.command
    if outcome.get("timeout"):
        return [(f"{cmd}: no answer within {TIMEOUT:g} s (killed)", "")]
    if "signal" in outcome:
        return [(f"{cmd}: child died (signal {outcome['signal']})", "")]
    if "child_error" in outcome:
        return [(f"{cmd}: test harness error in the child", outcome["child_error"])]
    found: list[tuple[str, str]] = []
    exc = outcome["exception"]
    if exc is not None:
        if exc["type"] == "MemoryError":
            found.append((f"{cmd}: MemoryError (address space limited to +{MEMORY >> 20} MB)", exc["traceback"]))
        else:
            found.append((f"{cmd}: {exc['type']} at {exc['where']}", exc["traceback"]))
        return found
    code, out, err = outcome["exit_code"], outcome["stdout"], outcome["stderr"]
    if code not in ((0, 1, 2) if cmd == "check" else (0, 2)):  # check: 1 when a printed value differs
        found.append((f"{cmd}: exit status {code}", err[-500:]))
    if TRACEBACK in out or TRACEBACK in err:
        found.append((f"{cmd}: traceback printed", (err or out)[-1500:]))
    if code == 2:
        lines = [ln for ln in err.split("\n") if ln.strip()]
        rest = [ln for ln in lines if not ln.startswith("warning:")]
        if not lines:
            found.append((f"{cmd}: exit 2 with nothing on standard error", out[-300:]))
        elif len(rest) != 1 or lines[-1].startswith("warning:"):
            head = "click usage error" if lines[0].startswith("Usage:") else _template(rest[0] if rest else lines[0])
            found.append((f"{cmd}: exit 2 with a {len(rest)}-line message ({head})", err[-800:]))
        else:
            message = rest[0]
            kind = "with an '(also …)' list" if " (also " in message else _template(message)[:60]
            if len(message) >= MAX_MESSAGE:
                found.append((f"{cmd}: error message over {MAX_MESSAGE} characters ({kind})", message[:700]))
            if not message.isprintable():
                bad = sorted({c for c in message if not c.isprintable()})[:5]
                found.append(
                    (f"{cmd}: unprintable characters in the error message ({kind})", f"{bad!r} in {message!r}")
                )
            for spec in specs:
                chunk = _echoed(spec.content, message)
                if spec.kind in ("random-bytes", "mutated", "stdin") and chunk:
                    found.append((f"{cmd}: the error message echoes the input's bytes", repr(chunk)))
        if out:
            found.append((f"{cmd}: exit 2 with output on standard output", out[:300]))
    for call in outcome["serve_calls"]:
        port, workers, host = call["port"], call["workers"], call["host"]
        if not (isinstance(port, int) and 1 <= port <= 65535):
            shown = port if not isinstance(port, int) else "< 1" if port < 1 else "> 65535"
            found.append((f"serve: would start uvicorn with --port {shown}", repr(call)))
        if not (isinstance(workers, int) and 1 <= workers <= 1024):
            shown = workers if not isinstance(workers, int) else "< 1" if workers < 1 else "> 1024"
            found.append((f"serve: would start uvicorn with --workers {shown}", repr(call)))
        if not (isinstance(host, str) and host and host.strip() == host and " " not in host):
            found.append((f"serve: would start uvicorn with --host {host!r}", repr(call)))
    return found


def _echoed(content: bytes, message: str) -> str:
    """A run of 40+ characters of non-text input found verbatim in the message."""
    text = content.decode("latin-1")
    for k in range(0, max(len(text) - 40, 0), 20):
        piece = text[k : k + 40]
        if any(not c.isprintable() for c in piece) and piece in message:
            return piece
    return ""


def _record(inv: Invocation, args: list[str], specs: list[FileSpec], outcome: dict[str, Any], signature: str,
            detail: str) -> None:  # fmt: skip
    """Keep the smallest example of each distinct failure (and its files) in CLI_FUZZ_COLLECT."""
    assert COLLECT is not None
    size = len(" ".join(args)) + sum(len(s.content) for s in specs)
    entry = FAILURES.get(signature)
    if entry is not None:
        entry["count"] += 1
        if size >= entry["size"]:
            return
    out = Path(COLLECT)
    out.mkdir(parents=True, exist_ok=True)
    key = f"f{len(FAILURES) if entry is None else entry['id']:03d}"
    saved = []
    for k, spec in enumerate(specs):
        if spec.kind in ("directory", "missing"):
            saved.append(f"{spec!r}")
            continue
        path = out / f"{key}-{k}{spec.suffix}"
        path.write_bytes(spec.content)
        saved.append(f"{spec!r} saved as {path}")
    FAILURES[signature] = {
        "id": int(key[1:]),
        "signature": signature,
        "count": 1 if entry is None else entry["count"],
        "size": size,
        "command": repr(inv),
        "files": saved,
        "exit_code": outcome.get("exit_code"),
        "stderr": (outcome.get("stderr") or "")[-600:],
        "detail": detail[-2500:],
    }
    (out / "failures.json").write_text(json.dumps(list(FAILURES.values()), indent=1, ensure_ascii=False))


def _check(inv: Invocation, where: Path) -> None:
    where.mkdir()
    try:
        args, stdin, specs = _materialize(inv, where)
        outcome = _run_isolated(args, stdin)
        STATS["invocations"] += 1
        STATS[f"command {inv.command}"] += 1
        for spec in specs:
            STATS[f"file {spec.kind}"] += 1
        STATS[f"exit {outcome.get('exit_code', 'none')}"] += 1
        found = violations(inv, outcome, specs)
        if outcome.get("exit_code") == 2:
            lines = [ln for ln in outcome["stderr"].split("\n") if ln.strip() and not ln.startswith("warning:")]
            MESSAGES[_template(lines[-1] if lines else "")] += 1
        STATS["failing invocations"] += int(bool(found))
        if COLLECT:
            for signature, detail in found:
                _record(inv, args, specs, outcome, signature, detail)
            return
        assert not found, "\n".join(f"{s}\n{d}" for s, d in found) + f"\nstderr: {outcome.get('stderr', '')[-600:]}"
    finally:
        shutil.rmtree(where, ignore_errors=True)


@pytest.fixture(scope="module")
def fuzz_dir(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    yield tmp_path_factory.mktemp("cli-fuzz")


@pytest.mark.parametrize("command", list(WEIGHTS))
def test_cli_never_raises(command: str, fuzz_dir: Path) -> None:
    counter = iter(range(10**9))

    @settings(
        max_examples=max(5, EXAMPLES_TOTAL * WEIGHTS[command] // sum(WEIGHTS.values())),
        deadline=None,
        derandomize=True,
        database=None,
        suppress_health_check=list(HealthCheck),
    )
    @given(inv=COMMANDS[command])
    def run(inv: Invocation) -> None:
        note(f"command line: {inv!r}")  # Hypothesis's own printing of the example is empty for these objects
        _check(inv, fuzz_dir / f"{command}-{next(counter)}")

    run()


def test_zz_summary(capsys: pytest.CaptureFixture[str]) -> None:
    """Print what was tried (after the fuzz tests, which run first in this module)."""
    files = sum(n for k, n in STATS.items() if k.startswith("file "))
    line = (
        f"cli fuzz: {STATS['invocations']} invocations ({STATS['file mutated']} mutated files, {files} files in all), "
        f"{STATS['failing invocations']} failing, {len(FAILURES)} distinct failures recorded; "
        + ", ".join(f"{k}: {v}" for k, v in sorted(STATS.items()) if k.startswith(("exit", "file", "command")))
    )
    with capsys.disabled():
        print("\n" + line)
    if COLLECT:
        out = Path(COLLECT)
        out.mkdir(parents=True, exist_ok=True)
        (out / "summary.txt").write_text(line + "\n")
        (out / "messages.json").write_text(json.dumps(MESSAGES.most_common(), indent=1, ensure_ascii=False))
