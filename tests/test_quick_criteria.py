"""Differential tests of the quick path's criteria and standings against the full path.

:mod:`crosstable.quick.criteria` and :mod:`crosstable.quick.standings` are a second
implementation, in plain Python, of what :func:`crosstable.rank` computes with numpy.
For every TRF file the full path reads under ``tests/data`` and for generated events
(``tests/differential/events.py``, individual ones, a fixed range of seeds), both rank the
event on the FIDE lists of ``tests/data/real/cases.tsv`` and on others (cuts, medians,
flags, editions, unrated fallbacks): every rank, place, name, points, value (``None``
where undefined), the criterion that separated neighbours, and the warnings must be the
same. The quick path may refuse a case (:class:`Unsupported`): those are counted and
reported, and on the real files of ``cases.tsv`` it must not refuse.
"""

from __future__ import annotations

import dataclasses
import os
import subprocess
import sys
import warnings
from fractions import Fraction
from pathlib import Path

import pytest

import crosstable
from crosstable.errors import CrosstableError
from crosstable.io import read_text
from crosstable.quick.criteria import parse
from crosstable.quick.event import Unsupported
from crosstable.quick.standings import rank_event
from crosstable.tiebreaks import parse_spec
from tests.differential.events import Features, random_event, to_trf
from tests.quick_adapter import rank_inputs
from tests.real_cases import cases

DATA = Path(__file__).resolve().parent / "data"
REAL = DATA / "real"
SHARED_TRF = Path("/work/shared/inputs/real-world/trf")
"""More real TRF files, when this machine has them (as tests/conftest.py)."""
SEEDS = range(int(os.environ.get("QUICK_SEEDS", "300")))
"""The seeds of the generated events (``QUICK_SEEDS`` to change how many)."""
INDIVIDUAL = Features(team_swiss=False, team_round_robin=False, scoring_3_1_0=False, scoring_2_1_0=False)


CASES = cases()
FIDE_LISTS = list(dict.fromkeys(tuple(codes) for _n, _f, codes in CASES if codes[0] == "PTS"))
"""The individual lists of cases.tsv (those that start with the points)."""
OTHER_LISTS = [
    ("BH/C1", "BH", "SB", "PS", "DE", "WIN", "BWG"),
    ("DE", "WIN", "SB", "KS"),
    ("BH/M1", "SB/C1", "SB/M1", "BH/C2", "PS/C1", "ARO/C1", "TPR/M1", "PTP/C1", "AOB/C1"),
    ("PTS", "BH/C1/V0", "BH/V0", "SB/V0", "AOB/V0", "FB/V0", "ARO/C1/V0", "TPR/C2/V0", "SB/C1/V0"),
    ("BH/C1/V2", "SB/C1/V2", "BH/V1", "FB/C1", "AOB/F", "BH/F/C1", "SB/F", "SB/D", "SB/P", "BH/P", "BH/S"),
    ("DE/P", "DE/S", "VUR/R", "WIN/R", "ARO/U1000", "TPR/U1000", "APRO/U1500", "PTP/U1000/C1", "NUM", "GE"),
    ("VUR", "REP", "DE", "BH/M2/P", "SB/M1/S", "BH/C1/S"),
]
"""Other lists: the modifiers, the editions, the unrated fallbacks, lower-first and reversed codes."""
LISTS = [*FIDE_LISTS, *OTHER_LISTS]

TALLY = {"files": 0, "events": 0, "rankings": 0, "values": 0, "unsupported": 0, "skipped": 0}
REASONS: dict[str, int] = {}


def _trf_files() -> list[Path]:
    """Every file under tests/data that may be a TRF (the test skips those that are not),
    and the real TRF files of :data:`SHARED_TRF` when this machine has them."""
    files: list[Path] = []
    for pattern in ("**/*.trf", "**/*.trfx", "**/*.txt", "**/*.input"):
        files += DATA.glob(pattern)
    if SHARED_TRF.is_dir():
        files += SHARED_TRF.glob("*.trf")
    return sorted(set(files))


def _name(path: Path) -> str:
    """A file's name in the test ids and messages."""
    return str(path.relative_to(DATA)) if path.is_relative_to(DATA) else f"shared/{path.name}"


def _compare(t: crosstable.Tournament, codes: tuple[str, ...], what: str) -> str | None:
    """Rank ``t`` on ``codes`` both ways and assert the same result; the reason the quick
    path refused, if it did (``None``: compared)."""
    full = crosstable.rank(t, list(codes))
    try:
        event, kwargs = rank_inputs(t)
        quick = rank_event(event, list(codes), **kwargs)
    except Unsupported as e:
        TALLY["unsupported"] += 1
        REASONS[str(e)] = REASONS.get(str(e), 0) + 1
        return str(e)
    where = f"{what} ranked on {','.join(codes)}"
    assert quick.labels == full.labels, where
    assert len(quick.rows) == len(full.rows), where
    for mine, theirs in zip(quick.rows, full.rows, strict=True):
        row = f"{where}: row {theirs.rank} ({theirs.name})"
        assert (mine.rank, mine.place, mine.index, mine.name) == (
            theirs.rank,
            theirs.place,
            theirs.index,
            theirs.name,
        ), row
        assert Fraction(*mine.points) == theirs.points, row
        assert list(mine.values) == list(theirs.values), row
        for label, value in theirs.values.items():
            pair = mine.values[label]
            got = None if pair is None else Fraction(*pair)  # the quick path's exact (numerator, denominator)
            assert got == value and (got is None) == (value is None), f"{row}: {label} {got} != {value}"
            TALLY["values"] += 1
        assert mine.ahead_on == theirs.ahead_on, row
    assert quick.warnings == full.warnings, where
    TALLY["rankings"] += 1
    return None


@pytest.mark.parametrize("path", _trf_files(), ids=_name)
def test_same_standings_on_every_trf_file(path: Path) -> None:
    """Every TRF under tests/data the full path reads (individual, 1-½-0): same standings."""
    try:
        t = crosstable.read(str(path))
    except CrosstableError:
        pytest.skip("the full path does not read it")
    if t.format != "trf":
        pytest.skip("not a TRF file")
    try:
        rank_inputs(t)
    except Unsupported as e:
        TALLY["skipped"] += 1
        REASONS[f"adapter: {e}"] = REASONS.get(f"adapter: {e}", 0) + 1
        pytest.skip(f"the adapter does not take it: {e}")
    TALLY["files"] += 1
    for codes in LISTS:
        _compare(t, codes, _name(path))


@pytest.mark.parametrize("case", CASES, ids=[c[0] for c in CASES])
def test_real_cases_take_the_quick_path(case: tuple[str, str, list[str]]) -> None:
    """The real files of cases.tsv with an individual list: compared, and never refused."""
    _name, file, codes = case
    if codes[0] != "PTS":
        pytest.skip("a team list (match and game points)")
    t = crosstable.read(str(REAL / file))
    reason = _compare(t, tuple(codes), file)
    assert reason is None, f"{file}: the quick path refused: {reason}"


@pytest.mark.parametrize("seed", SEEDS)
def test_same_standings_on_generated_events(seed: int) -> None:
    """Generated individual events (every bye kind, forfeits, withdrawals, late entries,
    unrated players, both editions, Swiss and round robin): same standings."""
    text = to_trf(random_event(seed, INDIVIDUAL))
    t = read_text(text, source=f"seed-{seed}.trf")
    try:
        rank_inputs(t)
    except Unsupported as e:
        TALLY["skipped"] += 1
        REASONS[f"adapter: {e}"] = REASONS.get(f"adapter: {e}", 0) + 1
        pytest.skip(f"the adapter does not take it: {e}")
    TALLY["events"] += 1
    for codes in LISTS:
        _compare(t, codes, f"seed {seed}")


@pytest.mark.parametrize("seed", SEEDS[::2])
def test_same_standings_under_the_2009_2022_rules(seed: int) -> None:
    """The generated events as events of the 2009-2022 rules (the virtual opponent:
    no file of the tests has that edition), and every third one with pre-determined
    pairings (ranked as a round robin): same standings."""
    t = read_text(to_trf(random_event(seed, INDIVIDUAL)), source=f"seed-{seed}.trf")
    variants = [("virtual", dataclasses.replace(t, fide_rules="virtual"))]
    if seed % 3 == 0:
        variants.append(("pre-determined", dataclasses.replace(t, system="pre-determined")))
    for what, variant in variants:
        try:
            rank_inputs(variant)
        except Unsupported as e:
            TALLY["skipped"] += 1
            pytest.skip(f"the adapter does not take it: {e}")
        TALLY["events"] += 1
        for codes in LISTS:
            _compare(variant, codes, f"seed {seed} ({what})")


@pytest.mark.parametrize(
    "text",
    ["bh/c01", "KB", "BUCHHOLZ", "SB(2,1,0)", "KS/L+2", "BH:GP", "BH/V", "BH/C01", "BH/C1/C1", "ARO/P", "STD", "TB"],
)
def test_what_is_not_ported_is_refused(text: str) -> None:
    """A spelling, alias, weight or modifier the quick path does not take is refused,
    never guessed (the full path may well read it)."""
    with pytest.raises(Unsupported):
        parse(text)


def test_labels_are_the_full_paths() -> None:
    """The labels the quick path takes are the full path's own spellings."""
    for codes in LISTS:
        for code in codes:
            assert parse(code).label == parse_spec(code).label == code


def test_lowercase_codes_are_read_as_the_full_path_reads_them() -> None:
    """``bh/c1`` is ``BH/C1`` on both paths (labels and values)."""
    t = crosstable.read(str(REAL / "trk_tournament1.trf"))
    assert _compare(t, ("pts", "bh/c1", "Sb", "de", "aro/u1000", "bh/v1"), "trk_tournament1.trf") is None


def test_a_listed_twice_criterion_is_refused() -> None:
    """A list with a criterion twice (an error of the full path) is left to the full path."""
    t = crosstable.read(str(REAL / "trk_tournament1.trf"))
    event, kwargs = rank_inputs(t)
    with pytest.raises(Unsupported):
        rank_event(event, ["BH", "SB", "BH"], **kwargs)


def test_the_quick_modules_import_no_heavy_module() -> None:
    """The quick path imports neither numpy nor typing, dataclasses or another crosstable module."""
    code = "import sys; import crosstable.quick.standings; print(' '.join(sorted(sys.modules)))"
    loaded = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split()
    for heavy in ("numpy", "typing", "dataclasses", "crosstable.tiebreaks", "crosstable.i18n", "crosstable.model"):
        assert heavy not in loaded, heavy


def test_counts_are_reported() -> None:
    """After the tests above (pytest runs them in this order): what was compared, and
    every reason the quick path refused, named in a warning."""
    if not TALLY["rankings"]:
        pytest.skip("the comparisons did not run here (deselected)")
    reasons = "; ".join(f"{why} ×{k}" for why, k in sorted(REASONS.items())) or "none"
    warnings.warn(
        f"quick path: {TALLY['files']} files and {TALLY['events']} generated events compared, "
        f"{TALLY['rankings']} rankings, {TALLY['values']} values; {TALLY['unsupported']} rankings refused, "
        f"{TALLY['skipped']} inputs the adapter does not take; reasons: {reasons}",
        UserWarning,
        stacklevel=1,
    )
    assert TALLY["values"] > 0
