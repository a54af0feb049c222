"""Languages (issue #15): every message in every catalogue, the seeds' own words and
numbers in Bulgarian and Hungarian, numbers as each language writes them, and the
JSON output untouched by the language.

Sources: the Bulgarian encyclopedia article on the Sonneborn–Berger coefficient (its
7-player table, its worked sums for Zhelyazkov and Angelov and its column names;
``tests/data/seeds/bg-berger-worked-sums.txt`` quotes the sentences), and the
Hungarian article on the 2018 World Cup group H (Japan's and Senegal's Berger sums;
``tests/data/seeds/hu-worldcup-2018-berger.txt``). The catalogues' completeness is
checked against what Babel extracts from the source (``babel.cfg``), as
``pybabel extract`` does.
"""

from __future__ import annotations

import ast
import csv
import io
import json
import os
import re
import string
import subprocess
import sys
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.pofile import read_po
from click.testing import CliRunner
from fastapi.testclient import TestClient

from crosstable import i18n
from crosstable.cli import main
from crosstable.web.app import create_app
from tests.conftest import DATA, EXAMPLES

ROOT = DATA.parent.parent
SRC = ROOT / "src" / "crosstable"
TRANSLATED = [lang for lang in i18n.LANGUAGES if lang != "en"]
KEYWORDS = {
    "_": None,
    "N_": None,
    "ngettext": (1, 2),
    "pgettext": ((1, "c"), 2),
    "count": (2, 3),
    "criterion": (2,),
    "_t": None,
}
"""Babel's keywords, as in the extraction command of crosstable/i18n.py's docstring."""

SEED_NAMES = {
    "Mikhailov": "Михайлов",
    "Alexandrov": "Александров",
    "Zhelyazkov": "Желязков",
    "Angelov": "Ангелов",
    "Ganev": "Ганев",
    "Kalchev": "Калчев",
    "Getovski": "Гетовски",
}
"""The seven players as the Bulgarian article names them (the example file transliterates)."""
HU_TEAMS = {"Japan": "Japán", "Senegal": "Szenegál", "Colombia": "Kolumbia", "Poland": "Lengyelország"}
"""Group H's teams as the Hungarian article names them."""


@cache
def extracted() -> dict[str | tuple[str, str], list[tuple[str, int]]]:
    """Every message of the source (with its context, if any): where it is."""
    with (ROOT / "babel.cfg").open(encoding="utf-8") as f:
        method_map, options_map = parse_mapping_cfg(f)
    found: dict[str | tuple[str, str], list[tuple[str, int]]] = {}
    for filename, line, message, _comments, context in extract_from_dir(
        str(ROOT), method_map, options_map, keywords=KEYWORDS, comment_tags=("TRANSLATORS:",)
    ):
        msgid = message[0] if isinstance(message, tuple) else message
        key: str | tuple[str, str] = (context, msgid) if context else msgid
        found.setdefault(key, []).append((filename, line))
    return found


@cache
def catalogue(lang: str) -> Catalog:
    with (SRC / "locale" / lang / "LC_MESSAGES" / "crosstable.po").open("rb") as f:
        return read_po(f, locale=lang)


def fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def test_the_source_has_messages_to_translate() -> None:
    messages = extracted()
    assert len(messages) > 500  # the readers' errors, the explanations, the tables, the page
    assert "Place" in messages or ("column", "Place") in messages


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_message_of_the_source_is_translated_in_every_catalogue(lang: str) -> None:
    cat = catalogue(lang)
    missing = []
    for key in extracted():
        context, msgid = key if isinstance(key, tuple) else (None, key)
        entry = cat.get(msgid, context=context)
        strings = [] if entry is None else (entry.string if isinstance(entry.string, tuple) else (entry.string,))
        if entry is None or entry.fuzzy or not all(strings):
            missing.append(msgid)
    assert missing == [], f"{lang}: {len(missing)} messages without a translation, e.g. {missing[:5]}"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_translation_keeps_the_placeholders_of_its_message(lang: str) -> None:
    wrong = []
    for entry in catalogue(lang):
        if not entry.id or not entry.string:
            continue
        ids = entry.id if isinstance(entry.id, tuple) else (entry.id,)
        strings = entry.string if isinstance(entry.string, tuple) else (entry.string,)
        want = set().union(*(fields(x) for x in ids))
        wrong += [(entry.id, s) for s in strings if s and fields(s) != want]
    assert wrong == [], f"{lang}: placeholders differ: {wrong[:5]}"


def _english(node: ast.expr) -> str:
    """The words written in place in a message's expression: a literal, an f-string, a
    sum of them, or a literal's ``.format(...)`` (a gettext call gives none)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(v.value for v in node.values if isinstance(v, ast.Constant) and isinstance(v.value, str))
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        return _english(node.left) + " " + _english(node.right)
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "format":
        return _english(node.func.value)
    return ""


PROGRAMMER_ERRORS = ("ValueError", "TypeError", "KeyError", "AssertionError", "AttributeError")
"""Exceptions for programmers (a wrong argument, a name a module lacks), in English."""


def _sinks() -> Iterator[tuple[Path, int, str]]:
    """Calls that take a sentence for people whose argument is English written in place:
    problems, errors raised, warnings, notes and lines of a text (of any object). The
    quick path (``crosstable.quick``) is left out: it answers only when the language is
    English (any other goes to the command line), and its English words are the
    catalogue's own, checked byte for byte against the full path's output by
    ``tests/test_quick.py``."""
    for path in sorted(SRC.rglob("*.py")):
        if "migrations" in path.parts or "quick" in path.relative_to(SRC).parts:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call) or not node.args:
                continue
            f = node.func
            name = f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else ""
            owner = ""
            if isinstance(f, ast.Attribute):
                owner = f.value.id if isinstance(f.value, ast.Name) else getattr(f.value, "attr", "")
            sink = (
                name in ("Problem", "_fail", "warn", "fail")
                or (name.endswith("Error") and name not in PROGRAMMER_ERRORS)
                or (name in ("append", "extend") and owner in ("warnings", "notes", "lines", "problems"))
            )
            words = _english(node.args[0]) if sink else ""
            if re.search(r"[A-Za-z]{2,} [A-Za-z]{2,}", words):
                yield path.relative_to(ROOT), node.lineno, words


def test_no_sentence_goes_to_people_without_a_translation() -> None:
    """Errors, warnings and notes are made of catalogue messages, never English typed in place."""
    assert list(_sinks()) == []


def test_every_message_is_where_babel_finds_it() -> None:
    """Babel extracts a keyword's literal argument, but not inside an f-string (before
    Python 3.12) nor under another name: neither is allowed, the catalogues would miss
    the message silently."""
    keywords = {"_", "N_", "ngettext", "pgettext", "count", "criterion"}
    hidden = []
    for path in sorted(SRC.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module in ("crosstable.i18n", "crosstable.numbers"):
                hidden += [(path.name, node.lineno, a.name) for a in node.names if a.name in keywords and a.asname]
            if isinstance(node, ast.JoinedStr):
                for inner in ast.walk(node):
                    f = getattr(inner, "func", None)
                    literal = any(isinstance(x, ast.Constant) for x in getattr(inner, "args", []))
                    if isinstance(f, ast.Name) and f.id in keywords and literal:
                        hidden.append((path.name, inner.lineno, f.id))
    assert hidden == []


def _cli(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.stdout, result.stderr


def _english_left(text: str, lang: str) -> list[str]:
    """The English messages of the catalogue that appear in ``text`` although ``lang``
    writes them otherwise: every literal piece of the message found, in order."""
    left = []
    for entry in catalogue(lang):
        ids = entry.id if isinstance(entry.id, tuple) else (entry.id,)
        strings = entry.string if isinstance(entry.string, tuple) else (entry.string,)
        for msgid in ids:
            if not msgid or msgid in strings:
                continue
            pieces = [p for p, *_ in string.Formatter().parse(msgid) if re.search(r"[A-Za-z]{3,}", p)]
            if not pieces or (len(pieces) == 1 and " " not in pieces[0].strip()):
                continue  # one word alone: checked in the tables' headers
            pattern = ".*?".join(re.escape(p) for p in pieces)
            if re.search(pattern, text):
                left.append(msgid)
    return left


def _renamed(example: str, names: dict[str, str], tmp_path: Path) -> Path:
    """An example with its participants named as the source article names them."""
    text = (EXAMPLES / example).read_text(encoding="utf-8")
    for ours, theirs in names.items():
        text = text.replace(ours, theirs)
    path = tmp_path / example
    path.write_text(text, encoding="utf-8")
    return path


def _seed_terms(sentence: str) -> list[tuple[str, str]]:
    """The terms of a worked sum as the article writes them: ``2,5 (половината от точките на Михайлов)``."""
    return re.findall(r"(–?\d+(?:,\d+)?) \(([^()]*)\)", sentence)


def test_the_seed_table_in_bulgarian_has_the_articles_column_names_and_decimal_commas(tmp_path: Path) -> None:
    path = _renamed("seed-7-players.tsv", SEED_NAMES, tmp_path)
    code, out, _ = _cli("standings", str(path), "-t", "SB,SHM", "--lang", "bg")
    assert code == 0
    header = next(line for line in out.splitlines() if "┃" in line)
    cells = [c.strip() for c in re.split(r"[┃│|]", header) if c.strip()]
    article = (DATA / "seeds" / "bg-berger-worked-sums.txt").read_text(encoding="utf-8").splitlines()[4].split("\t")
    assert cells[0] == article[0] == "Място"  # the article's Olympiad table: "Място  Отбор  1 2 … Игрови точки"
    assert "11,75" in out and "7,75" in out and "–12,5" not in out and "-12,5" in out
    assert not re.search(r"\d\.\d", out)
    assert _english_left(out, "bg") == []
    assert not {"Place", "Name", "Points", "Decided"} & set(cells)


def test_explain_in_bulgarian_is_the_articles_worked_sum(tmp_path: Path) -> None:
    seed = (DATA / "seeds" / "bg-berger-worked-sums.txt").read_text(encoding="utf-8").splitlines()
    path = _renamed("seed-7-players.tsv", SEED_NAMES, tmp_path)
    code, out, _ = _cli(
        "standings", str(path), "-t", "SB", "--lang", "bg", "--explain", "Желязков", "--explain", "Ангелов"
    )
    assert code == 0
    sums = [line for line in out.splitlines() if line.startswith("SB = ")]
    assert len(sums) == 2
    for ours, theirs in zip(sums, (seed[1].split("КБ = ")[1], seed[2].split("следва: ")[1]), strict=True):
        mine = _seed_terms(ours)
        terms = _seed_terms(theirs.split(".")[0] if "=" in theirs.split(".")[0] else theirs)
        assert [v for v, _ in mine] == [v for v, _ in terms]
        for (_, our_words), (_, their_words) in zip(mine, terms, strict=True):
            assert our_words.startswith(their_words), (our_words, their_words)
    assert sums[0].endswith("= 9") and sums[1].endswith("= 7,75")
    assert "9 срещу 7,75" in seed[3] and "9 срещу 7,75" in out  # "…по-висок коефициент … (9 срещу 7,75)"
    assert _english_left(out, "bg") == []


def test_the_hungarian_world_cup_example_reads_in_hungarian(tmp_path: Path) -> None:
    path = _renamed("worldcup-2018-group-H.csv", HU_TEAMS, tmp_path)
    code, out, _ = _cli(
        "standings",
        str(path),
        "-t",
        "SB(1,0.5,0),SB(2,1,0)",
        "--lang",
        "hu",
        "--explain",
        "Japán",
        "--explain",
        "Szenegál",
    )
    assert code == 0
    seed = (DATA / "seeds" / "hu-worldcup-2018-berger.txt").read_text(encoding="utf-8")
    # "a japán Berger-együttható: 6 (Kolumbia 100%-a) + 2 (Szenegál 50%-a) + 0 (Lengyelország 0%-a) = 8"
    theirs = [re.findall(r"(\d+) \(([^()]*)\)", part) for part in re.findall(r"\d+ \([^=]*= \d+", seed)]
    ours = [_seed_terms(line) for line in out.splitlines() if line.startswith("SB(1,0.5,0) = ")]
    assert len(theirs) == 2 and len(ours) == 2
    for mine, seeds in zip(ours, theirs, strict=True):
        assert [v for v, _ in mine] == [v for v, _ in seeds]
        for (_, our_words), (_, their_words) in zip(mine, seeds, strict=True):
            team, share = their_words.split()[0], their_words.split()[-1]
            assert team in our_words
            if share != "0%-a":  # a loss is named as a loss ("vereség: …"), not as 0 % of the winner's points
                assert our_words.startswith(team) and our_words.endswith(share), (our_words, their_words)
    assert _english_left(out, "hu") == []


def test_json_of_standard_input_in_another_language() -> None:
    """The JSON is made in English from the input read once (standard input cannot be read twice)."""
    seed = (EXAMPLES / "seed-7-players.tsv").read_text(encoding="utf-8")
    runner = CliRunner()
    english = runner.invoke(main, ["standings", "-", "-o", "json"], input=seed)
    german = runner.invoke(main, ["standings", "-", "-o", "json", "--lang", "de"], input=seed)
    assert english.exit_code == german.exit_code == 0 and german.stdout == english.stdout
    assert german.stderr != english.stderr  # the printed places that differ, said in German


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_json_output_does_not_depend_on_the_language(lang: str) -> None:
    """Not even its sentences (the reasons, the warnings): the warnings of standard error are in the language."""
    for args in (
        ["standings", str(EXAMPLES / "seed-7-players.tsv")],
        ["outlook", str(EXAMPLES / "seed-003-last-round.csv")],
    ):
        assert _cli(*args, "-o", "json", "--lang", lang)[1] == _cli(*args, "-o", "json")[1]
    code, english, english_err = _cli("standings", str(EXAMPLES / "euro-2024-groups.csv"), "-o", "json")
    code_xx, out, err = _cli("standings", str(EXAMPLES / "euro-2024-groups.csv"), "-o", "json", "--lang", lang)
    assert code == code_xx == 0 and out == english
    assert "FIFA" in english_err and english_err != err and _english_left(err, lang) == []


@pytest.mark.parametrize(
    "args",
    [
        ["seed-7-players.tsv", "-t", "SB"],  # 11.75 for every program
        ["worldcup-2018-group-H.csv", "--discipline", str(EXAMPLES / "worldcup-2018-group-H.fairplay.csv")],  # Decided
    ],
)
def test_csv_headers_follow_the_language_and_its_data_stay_neutral(args: list[str]) -> None:
    command = ["standings", str(EXAMPLES / args[0]), *args[1:], "-o", "csv"]
    code, out, _ = _cli(*command, "--lang", "de")
    english = _cli(*command)[1]
    assert code == 0 and out.splitlines()[0] != english.splitlines()[0]
    header = english.splitlines()[0].split(",")
    words = [header.index("Decided")] if "Decided" in header else []  # a note for people: in the language

    def data(text: str) -> list[list[str]]:
        return [[c for k, c in enumerate(row) if k not in words] for row in csv.reader(io.StringIO(text))][1:]

    assert data(out) == data(english)


@pytest.mark.parametrize("lang", TRANSLATED)
def test_an_input_error_in_every_language_keeps_its_place(lang: str, tmp_path: Path) -> None:
    bad = tmp_path / "bad.tsv"
    bad.write_text((EXAMPLES / "seed-7-players.tsv").read_text(encoding="utf-8").replace("½", "q", 1), encoding="utf-8")
    code, _, err_en = _cli("standings", str(bad))
    code_xx, _, err = _cli("standings", str(bad), "--lang", lang)
    assert code == code_xx == 2
    place = re.match(r"crosstable: (\S+:\d+:\d+):", err_en)
    assert place is not None and place.group(1) in err and err != err_en
    assert _english_left(err, lang) == []


def test_the_default_language_is_the_environments() -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("CROSSTABLE_LANG", "LC_ALL", "LC_MESSAGES", "LANGUAGE")}
    env["LANG"] = "de_DE.UTF-8"
    command = [sys.executable, "-m", "crosstable.cli", "standings", str(EXAMPLES / "seed-7-players.tsv"), "-t", "SB"]
    german = subprocess.run(command, capture_output=True, text=True, env=env, check=True).stdout
    english = subprocess.run([*command, "--lang", "en"], capture_output=True, text=True, env=env, check=True).stdout
    assert "11,75" in german and "11.75" in english and german != english


def test_the_web_api_answers_in_the_language_asked() -> None:
    client = TestClient(create_app())
    seed = (EXAMPLES / "seed-7-players.tsv").read_text(encoding="utf-8")
    body = {"content": seed, "tiebreaks": ["SB"], "explain": True}
    en = client.post("/api/standings", json=body).json()
    bg = client.post("/api/standings?lang=bg", json=body).json()
    assert [r["tiebreaks"] for r in en["standings"]] == [r["tiebreaks"] for r in bg["standings"]]
    assert json.dumps(bg["explanations"], ensure_ascii=False) != json.dumps(en["explanations"], ensure_ascii=False)
    words = client.get("/api/messages", params={"lang": "hu"}).json()
    po = {e.id: e.string for e in catalogue("hu") if isinstance(e.id, str) and e.id and e.string and not e.context}
    assert words["number"] == "-1,5" and words["messages"] == po  # the .po as Babel reads it
    assert client.get("/api/messages", params={"lang": "xx"}).status_code == 422
    exported = [client.post(f"/api/export?lang={x}", json={**body, "to": "json"}).text for x in ("en", "ru")]
    command = _cli("standings", str(EXAMPLES / "seed-7-players.tsv"), "-t", "SB", "-o", "json")[1]
    assert exported[0] == exported[1] == command.replace(str(EXAMPLES / "seed-7-players.tsv"), "input")
    wanted = client.post("/api/standings", json=body, headers={"Accept-Language": "en;q=0.1, bg, de;q=0.5"}).json()
    assert wanted["explanations"] == bg["explanations"]  # the most wanted language, not the first listed


def test_the_readmes_example_in_bulgarian_and_hungarian_is_what_the_program_prints() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme[readme.index("### Languages") :]
    commands = re.search(r"```sh\n(.*?)```", section, re.S)
    shown = re.search(r"```\n(.*?)```", section, re.S)
    assert commands is not None and shown is not None
    printed = []
    for command in commands.group(1).splitlines():
        args = [a.strip('"') for a in command.split()[1:]]
        code, out, _ = _cli(*[str(ROOT / a) if a.startswith("examples/") else a for a in args])
        assert code == 0
        printed += out.splitlines()
    for line in filter(None, shown.group(1).splitlines()):
        head, _, tail = line.partition(" … ")
        assert any(p.startswith(head) and p.endswith(tail) for p in printed), line


def test_the_other_commands_writing_json_say_their_errors_and_warnings_in_the_language(tmp_path: Path) -> None:
    bad = tmp_path / "bad.tsv"
    bad.write_text((EXAMPLES / "seed-7-players.tsv").read_text(encoding="utf-8").replace("½", "q", 1), encoding="utf-8")
    for command in (["outlook", str(bad), "-o", "json"], ["convert", str(bad)]):
        code, out, err = _cli(*command, "--lang", "de")
        english = _cli(*command)
        assert code == english[0] == 2 and out == "" and err != english[2] and _english_left(err, "de") == []
    # rate warns about Kalchev's potential (a degenerate table): in German, the JSON in English
    rate = ["rate", str(EXAMPLES / "seed-7-players.tsv"), "-o", "json"]
    code, out, err = _cli(*rate, "--lang", "de")
    english = _cli(*rate)
    assert code == english[0] == 0 and out == english[1] and "Kalchev" in err and err != english[2]
    assert _english_left(err, "de") == []
