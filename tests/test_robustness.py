"""Bad input never ends in a traceback: every reader answers a Tournament or an
InputError/CrosstableError with a message (the CLI's contract)."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import crosstable
from crosstable.errors import CrosstableError
from tests.conftest import DATA, EXAMPLES

SAMPLES = [
    (EXAMPLES / "seed-7-players.tsv").read_text(encoding="utf-8"),
    (EXAMPLES / "worldcup-2018-group-H.csv").read_text(encoding="utf-8"),
    (DATA / "fide" / "tournament.trf").read_text(encoding="utf-8"),
    (DATA / "fide" / "exercise-trf2026.trf").read_text(encoding="utf-8")
    + "299          -1.0    5    7\n299 H         1.0  000\n",
    (DATA / "fide" / "team-swiss-10x2-310.trf").read_text(encoding="utf-8"),
]
ALPHABET = "0123456789 \t;,.:-+=½*xX—|\nABCabc#"


@st.composite
def damaged(draw: st.DrawFn) -> str:
    text = draw(st.sampled_from(SAMPLES))
    for _ in range(draw(st.integers(1, 6))):
        k = draw(st.integers(0, len(text)))
        cut = draw(st.integers(0, 8))
        text = text[:k] + draw(st.text(alphabet=ALPHABET, max_size=6)) + text[k + cut :]
    return text


@settings(max_examples=500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(damaged(), st.text(alphabet=ALPHABET, max_size=300)))
def test_damaged_files_give_a_message_or_a_tournament(text: str) -> None:
    try:
        t = crosstable.read_text(text, source="x")
    except CrosstableError as e:
        assert str(e)
        return
    s = crosstable.rank(t)
    assert len(s.rows) == len(t.names)
