"""The number fuzz: what a user types where a number goes, in every reader's files.

One case is a real file of one reader (a crosstable, a games list, a football games
list with cards, a PGN, an individual and a team TRF, our JSON, an openfootball JSON, a Football.TXT)
with one to three of its numbers (each run of ASCII digits: a round, a rating, a start
number, a score, goals, cards, a JSON value) rewritten as users and attackers write
them: in another Unicode digit class (superscript, fullwidth, Arabic-Indic, Devanagari,
circled), as 2**31, 2**63, 10**4300, negative, fractional, with a thousands separator;
or a JSON value replaced by ``null``, a wrong type or deep nesting.

Each case is read (``crosstable.io.read_text``) and, when it is read, ranked and
written (text and JSON): the contract is that it either works or raises
:class:`crosstable.InputError` / :class:`crosstable.CrosstableError`; any other
exception is a defect, recorded with the case. ``tests/test_every_reader.py`` runs a
bounded number of cases in CI (through the library, the command line and the API);
``bench/bench_number_fuzz.py`` runs many and reports the counts.
"""

from __future__ import annotations

import json
import re
import traceback
from dataclasses import dataclass
from pathlib import Path

from hypothesis import strategies as st

import crosstable
from crosstable.errors import CrosstableError
from crosstable.io.writers import to_json, to_text
from tests.conftest import DATA, EXAMPLES

SAMPLES: dict[str, tuple[Path, str]] = {
    "crosstable": (EXAMPLES / "seed-7-players.tsv", "crosstable"),
    "team crosstable": (EXAMPLES / "olympiad-1957-women-group-C.tsv", "crosstable"),
    "games list": (EXAMPLES / "seed-003-last-round.csv", "games"),
    "football games list": (EXAMPLES / "worldcup-2018-group-H.csv", "games"),
    "TRF": (DATA / "fide" / "tournament.trf", "trf"),
    "team TRF": (DATA / "fide" / "team-swiss-10x2-310.trf", "trf"),
    "openfootball": (DATA / "openfootball" / "euro-2024.json", "openfootball"),
    "Football.TXT": (DATA / "openfootball" / "euro-2024.txt", "openfootball"),
}
CARDS_LIST = (
    "round,home,away,home_goals,away_goals,home_yellow,away_yellow,home_direct_red,away_direct_red\n"
    "1,Colombia,Japan,1,2,2,3,1,0\n1,Poland,Senegal,1,2,2,1,0,0\n2,Japan,Senegal,2,2,4,5,0,0\n"
)
PGN = "".join(
    f'[Event "Fuzz"]\n[White "{w}"]\n[Black "{b}"]\n[Round "{r}"]\n[Result "{res}"]\n'
    f'[WhiteElo "{we}"]\n[BlackElo "{be}"]\n\n1. e4 e5 {res}\n\n'
    for w, b, r, res, we, be in (
        ("Ann", "Bob", 1, "1-0", 2105, 1987), ("Cid", "Dan", 1, "1/2-1/2", 2250, 2012),
        ("Ann", "Cid", 2, "0-1", 2105, 2250), ("Bob", "Dan", 2, "*", 1987, 2012),
    )
)  # fmt: skip

DIGIT_CLASSES = {
    "superscript": "⁰¹²³⁴⁵⁶⁷⁸⁹",
    "fullwidth": "０１２３４５６７８９",
    "Arabic-Indic": "٠١٢٣٤٥٦٧٨٩",
    "Devanagari": "०१२३४५६७८९",
    "circled": "⓪①②③④⑤⑥⑦⑧⑨",
}
ODD_NUMBERS = [
    str(2**31), str(2**63), str(2**64), "1" + "0" * 4300, "9" * 5001, "-1", "-0", "1.5", "0.25", "1,000", "1e3", "+3",
    "007", "0",
]  # fmt: skip
JSON_ODD = ["null", "true", "[]", "{}", '"x"', '"²"', "1.5", "-1", "[" * 200 + "]" * 200, '{"a": {"b": [null]}}']
_DIGITS = re.compile(r"[0-9]+")


def samples() -> dict[str, tuple[str, str]]:
    """Each reader's real file: (text, format)."""
    out = {name: (path.read_text(encoding="utf-8"), fmt) for name, (path, fmt) in SAMPLES.items() if path.exists()}
    out["football cards"] = (CARDS_LIST, "games")
    out["PGN"] = (PGN, "pgn")
    out["our JSON"] = (crosstable.io.jsonfmt.write_json(crosstable.read(EXAMPLES / "seed-003-last-round.csv")), "json")
    return out


SAMPLE_TEXTS = samples()


@dataclass(frozen=True)
class Case:
    sample: str
    fmt: str
    text: str
    changes: tuple[str, ...]

    def __repr__(self) -> str:
        return f"{self.sample} with " + "; ".join(self.changes)


@st.composite
def cases(draw: st.DrawFn) -> Case:
    """A sample with one to three of its numbers rewritten."""
    name = draw(st.sampled_from(sorted(SAMPLE_TEXTS)))
    text, fmt = SAMPLE_TEXTS[name]
    changes = []
    for _ in range(draw(st.integers(1, 3))):
        runs = list(_DIGITS.finditer(text))
        if not runs:
            break
        m = runs[draw(st.integers(0, len(runs) - 1))]
        json_value = ["JSON value"] if fmt in ("json", "openfootball") else []
        kind = draw(st.sampled_from([*DIGIT_CLASSES, "odd number", "odd number", *json_value]))
        if kind in DIGIT_CLASSES:
            new = m.group().translate(str.maketrans("0123456789", DIGIT_CLASSES[kind]))
        elif kind == "odd number":
            new = draw(st.sampled_from(ODD_NUMBERS))
        else:
            new = draw(st.sampled_from(JSON_ODD))
        text = text[: m.start()] + new + text[m.end() :]
        changes.append(f"{m.group()!r} at {m.start()} -> {new[:30]!r}{'…' if len(new) > 30 else ''} ({kind})")
    return Case(name, fmt, text, tuple(changes))


def outcome(case: Case) -> str:
    """``read``, ``refused`` or ``rank refused`` when the contract holds; the traceback
    of a defect otherwise (the text starts with ``DEFECT``)."""
    try:
        t = crosstable.io.read_text(case.text, source="fuzz", fmt=case.fmt)
    except CrosstableError:
        return "refused"
    except Exception:  # a defect: said with its traceback
        return "DEFECT reading\n" + traceback.format_exc()
    try:
        standings = crosstable.rank(t)
        to_text(standings)
        json.loads(to_json(standings))
    except CrosstableError:
        return "rank refused"
    except Exception:
        return "DEFECT ranking\n" + traceback.format_exc()
    return "read"
