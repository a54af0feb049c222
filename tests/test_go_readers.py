"""The go readers' refusals and the hand-typed EGD tables, from the real files of
tests/data/go/ (SOURCES.md) with a defect typed in."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from crosstable.cli import main
from crosstable.errors import InputError
from crosstable.io import detect_format, read_text
from crosstable.ranking import rank

DATA = Path(__file__).parent / "data" / "go"
TEXT = (DATA / "TestPartEtLic.h9").read_text(encoding="utf-8")
LINES = TEXT.splitlines()
CHAUVIN = 12  # the file line of the first player, Chauvin Robin


def _with(line: int, old: str, new: str) -> tuple[str, int]:
    """The file with ``old`` replaced by ``new`` on ``line`` (1-based), and the column of ``new``."""
    lines = list(LINES)
    col = lines[line - 1].index(old) + 1
    lines[line - 1] = lines[line - 1].replace(old, new, 1)
    return "\n".join(lines) + "\n", col


def _refused(text: str) -> InputError:
    with pytest.raises(InputError) as e:
        read_text(text, source="t.h9", fmt="egd")
    return e.value


@pytest.mark.parametrize(
    ("old", "new", "words"),
    [
        ("2D FR", "2DD FR", "not a go rank"),
        ("2D FR", "50K FR", "not a go rank"),
        ("  31  567", "  3l  567", "not a number"),
        ("  567 1120", "  5x7 1120", "not a number"),
    ],
)
def test_a_typo_in_a_rank_or_a_printed_value_is_refused_naming_its_cell(old: str, new: str, words: str) -> None:
    text, col = _with(CHAUVIN, old, new)
    col += len(new) - len(new.lstrip())
    e = _refused(text)
    assert (e.problems[0].line, e.problems[0].column) == (CHAUVIN, col)
    assert words in e.problems[0].message
    assert str(e).startswith(f"t.h9:{CHAUVIN}:{col}:")


@pytest.mark.parametrize(("new", "words"), [("3x/b0", "not a result"), ("99+/b0", "names no other player")])
def test_a_bad_result_cell_is_blamed_on_its_own_line_and_column(new: str, words: str) -> None:
    text, col = _with(CHAUVIN, " 3+/b0", " " + new)
    e = _refused(text)
    assert (e.problems[0].line, e.problems[0].column) == (CHAUVIN, col + 1)
    assert words in e.problems[0].message


def test_two_players_of_one_name_are_told_apart_by_their_numbers_with_a_warning() -> None:
    # each line of an EGD file is a player of its own, and the games name players by number (OpenGotha's own
    # export of its "Tournoi chinois" has a dozen players written '? ?'): both are kept, the warning names the lines
    text, _col = _with(CHAUVIN + 1, "Godivier Vincent", "Chauvin Robin   ")
    t = read_text(text, source="t.h9", fmt="egd")
    original = read_text(TEXT, source="t.h9", fmt="egd")
    assert t.names[:2] == ["Chauvin Robin (#1)", "Chauvin Robin (#2)"] and t.names[2:] == original.names[2:]
    assert any(f"lines {CHAUVIN}, {CHAUVIN + 1}" in w for w in t.warnings)
    ours = rank(t).to_dict()["standings"]
    theirs = rank(original).to_dict()["standings"]
    assert [(r["points"], r["tiebreaks"]) for r in ours] == [(r["points"], r["tiebreaks"]) for r in theirs]


@pytest.mark.parametrize("name", ["TestPartEtLic.h9", "TestPartEtLic.xml"])
def test_convert_to_trf_refuses_a_go_event(tmp_path: Path, name: str) -> None:
    result = CliRunner().invoke(main, ["convert", str(DATA / name), "--to", "trf"])
    assert result.exit_code == 2
    assert result.stdout == ""
    assert "no TRF form" in result.stderr
    assert CliRunner().invoke(main, ["convert", str(DATA / name)]).exit_code == 0


def _retyped(lines: list[str]) -> str:
    """The player lines typed by hand: tabs and irregular spaces, the unplayed last
    rounds (``0-``) left out, one line without its club."""
    out = []
    for k, line in enumerate(lines):
        if line.startswith(";"):
            out.append(line)
            continue
        tokens = line.split()
        while tokens[-1] == "0-":
            tokens.pop()
        if k == CHAUVIN + 2:
            tokens.remove("69Ly")
        sep = "\t" if k % 2 else "   "
        out.append(sep.join(tokens) if k % 3 else " ".join(tokens[:3]) + "\t" + "  ".join(tokens[3:]))
    return "\n".join(out) + "\n"


def test_a_hand_typed_table_is_read_as_the_file_it_retypes() -> None:
    typed = _retyped(LINES)
    assert "\t" in typed and detect_format(typed) == "egd"
    original = rank(read_text(TEXT, fmt="egd"), ["SOS", "SOSOS"], announced_rounds=False)
    t = read_text(typed, source="typed.h9")
    assert t.clubs is not None and t.clubs[3] == "" and t.federations is not None and t.federations[3] == "FR"
    again = rank(t, ["SOS", "SOSOS"], announced_rounds=False)
    assert [(r.name, r.points, r.values["SOS"], r.values["SOSOS"]) for r in again.rows] == [
        (r.name, r.points, r.values["SOS"], r.values["SOSOS"]) for r in original.rows
    ]
    assert any("fewer results" in w for w in t.warnings)


def test_a_typo_in_a_hand_typed_table_is_refused_naming_line_and_column() -> None:
    typed = _retyped(LINES).splitlines()
    typed[CHAUVIN] = typed[CHAUVIN].replace("6-/w0", "6-w/0")
    col = typed[CHAUVIN].index("6-w/0") + 1
    e = _refused("\n".join(typed) + "\n")
    assert (e.problems[0].line, e.problems[0].column) == (CHAUVIN + 1, col)


def test_a_typo_in_an_opengotha_rank_is_refused_at_its_player() -> None:
    # before, a rank OpenGotha's XML does not spell as a rank gave a start score of 0 without a word
    xml = (DATA / "Tournoi de Juvisy.xml").read_text(encoding="utf-8")
    line = next(k for k, text in enumerate(xml.splitlines(), 1) if 'rank="3D"' in text)
    with pytest.raises(InputError) as e:
        read_text(xml.replace('rank="3D"', 'rank="3DD"', 1), source="j.xml")
    assert e.value.problems[0].line == line and "'3DD' is not a go rank" in e.value.problems[0].message
