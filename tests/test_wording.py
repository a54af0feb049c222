"""Issue #26: counts in sentences take the noun's right form ("1 participant", never
"1 participants"), and every negative number shown to people has one minus sign, the
one of :func:`crosstable.numbers.show_decimal` (``-``); the operators of a sum are
``+`` and ``−``."""

from __future__ import annotations

import re
from fractions import Fraction

from click.testing import CliRunner

import crosstable
from crosstable.cli import main
from crosstable.i18n import using
from crosstable.model import Tournament
from tests import naive
from tests.conftest import EXAMPLES


def test_a_cut_warning_counts_one_participant_in_the_singular() -> None:
    games = [("A", "B", "1-0"), ("A", "C", "½-½"), ("B", "C", "0-1"), ("A", "D", "1-0")]
    t = Tournament.from_games(["A", "B", "C", "D"], games)
    played = [len(g) for g in naive.results(t)]
    short = [t.names[i] for i, n in enumerate(played) if n <= 1]
    assert short == ["D"]  # D played once: BH/C1 leaves D nothing
    warnings = crosstable.rank(t, ["BH/C1"]).warnings
    assert "BH/C1 leaves out 1 value; 1 participant of 4 has no more than that: its BH/C1" in " ".join(warnings)
    two = [n for n in played if n <= 2]  # BH/C2: everybody with two games or fewer
    assert f"BH/C2 leaves out 2 values; {len(two)} participants of 4 have" in " ".join(
        crosstable.rank(t, ["BH/C2"]).warnings
    )


def test_the_study_counts_one_event_in_the_singular() -> None:
    result = CliRunner().invoke(main, ["study", "--events", "1", "--players", "2", "-q"])
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("1 event (rr, 2 players,")
    assert re.search(r"(?<![\d.])1 events", result.stdout) is None  # not "321 events/s", the speed


NEGATIVE = re.compile(r"(?:^|[=(,] )[−–]\s?\d")
"""A number shown with a sign other than ``-`` (a term or a total after ``=``, ``(``, ``,``)."""


def test_one_minus_sign_in_an_explanation() -> None:
    # the Bulgarian article's 7-player table: Ganev's simplified Berger, −12.5 (docs/sources.md)
    t = crosstable.read(EXAMPLES / "seed-7-players.tsv")
    s = crosstable.rank(t, ["SHM"])
    scores = dict(zip(t.names, naive.scores(t), strict=True))
    shm = naive.weighted(t, (Fraction(1), Fraction(0), Fraction(-1)))[t.index("Ganev")]
    for lang, point in (("en", "."), ("bg", ",")):
        with using(lang):
            line = s.explain("Ganev").splitlines()[1]
        first = f"-{scores['Mikhailov']}".replace(".", point).removesuffix(f"{point}0")
        assert line.startswith(f"SHM = {first} ("), line  # Ganev lost to Mikhailov: minus his score
        assert line.endswith(f"= -{str(float(-shm)).replace('.', point)}"), line
        assert not NEGATIVE.search(line), line
        assert " − " in line  # the sum's operator between terms
