"""FIDE rating changes (crosstable.ratings) against the FIDE Rating Regulations and gacrux.

Sources:

- [B02-2024] FIDE Rating Regulations effective from 1 March 2024,
  https://handbook.fide.com/chapter/B022024: table 8.1.1 (p → dp) and table 8.1.2
  (D → PD), typed below row by row; 8.3.1 (the 400-point rule, amended from 1 October
  2025), 8.3.3 (K, the 700 rule) and 8.3.4 (rounding).
- [B02-2022] the archived edition effective from 1 January 2022 till 29 February 2024,
  https://handbook.fide.com/chapter/B022022: 8.3.1 ("only one upgrade").
- [gacrux] the FIDE tie-break checker gacrux installed in the venv (Otto Milvang):
  ``gacrux.rating.ComputeExpectedScore`` (its own copy of table 8.1.2) and
  ``ComputeTournamentPerformanceRating``, used as an independent program on real TRF
  files (tests/data/real, tests/data/SOURCES.md; /work/shared/inputs when present).

The Rating Regulations print no worked example in articles 7 and 8: the table and the
independent program are the oracles.
"""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

import crosstable
from crosstable.fields import ArgumentError
from crosstable.model import PLAYED, Tournament
from crosstable.ratings import (
    EDITIONS,
    PD_TABLE,
    counted_difference,
    development_coefficient,
    edition_of,
    expected_score,
    fide_round,
    rating_changes,
    score_probability,
)
from crosstable.tiebreaks.rating import dp
from tests.conftest import rated_trf_files

gacrux_rating = pytest.importorskip("gacrux.rating")

# [B02-2024] table 8.1.2, as printed: "D (Rtg Dif)", "PD H", "PD L" (the last row "> 735").
TABLE_8_1_2 = """
0-3 .50 .50 | 4-10 .51 .49 | 11-17 .52 .48 | 18-25 .53 .47 | 26-32 .54 .46 | 33-39 .55 .45
40-46 .56 .44 | 47-53 .57 .43 | 54-61 .58 .42 | 62-68 .59 .41 | 69-76 .60 .40 | 77-83 .61 .39
84-91 .62 .38 | 92-98 .63 .37 | 99-106 .64 .36 | 107-113 .65 .35 | 114-121 .66 .34 | 122-129 .67 .33
130-137 .68 .32 | 138-145 .69 .31 | 146-153 .70 .30 | 154-162 .71 .29 | 163-170 .72 .28
171-179 .73 .27 | 180-188 .74 .26 | 189-197 .75 .25 | 198-206 .76 .24 | 207-215 .77 .23
216-225 .78 .22 | 226-235 .79 .21 | 236-245 .80 .20 | 246-256 .81 .19 | 257-267 .82 .18
268-278 .83 .17 | 279-290 .84 .16 | 291-302 .85 .15 | 303-315 .86 .14 | 316-328 .87 .13
329-344 .88 .12 | 345-357 .89 .11 | 358-374 .90 .10 | 375-391 .91 .09 | 392-411 .92 .08
412-432 .93 .07 | 433-456 .94 .06 | 457-484 .95 .05 | 485-517 .96 .04 | 518-559 .97 .03
560-619 .98 .02 | 620-735 .99 .01 | 736-800 1.0 .00
"""

# [B02-2024] table 8.1.1, as printed: p, dp (p from 1.0 down to .00).
TABLE_8_1_1 = """
1.0 800 .99 677 .98 589 .97 538 .96 501 .95 470 .94 444 .93 422 .92 401 .91 383 .90 366
.89 351 .88 336 .87 322 .86 309 .85 296 .84 284 .83 273 .82 262 .81 251 .80 240 .79 230
.78 220 .77 211 .76 202 .75 193 .74 184 .73 175 .72 166 .71 158 .70 149 .69 141 .68 133
.67 125 .66 117 .65 110 .64 102 .63 95 .62 87 .61 80 .60 72 .59 65 .58 57 .57 50 .56 43
.55 36 .54 29 .53 21 .52 14 .51 7 .50 0 .49 -7 .48 -14 .47 -21 .46 -29 .45 -36 .44 -43
.43 -50 .42 -57 .41 -65 .40 -72 .39 -80 .38 -87 .37 -95 .36 -102 .35 -110 .34 -117 .33 -125
.32 -133 .31 -141 .30 -149 .29 -158 .28 -166 .27 -175 .26 -184 .25 -193 .24 -202 .23 -211
.22 -220 .21 -230 .20 -240 .19 -251 .18 -262 .17 -273 .16 -284 .15 -296 .14 -309 .13 -322
.12 -336 .11 -351 .10 -366 .09 -383 .08 -401 .07 -422 .06 -444 .05 -470 .04 -501 .03 -538
.02 -589 .01 -677 .00 -800
"""


def _rows_8_1_2() -> list[tuple[int, int, Fraction, Fraction]]:
    rows = []
    for cell in TABLE_8_1_2.replace("\n", " | ").split("|"):
        if cell.strip():
            span, high, low = cell.split()
            a, b = span.split("-")
            rows.append((int(a), int(b), Fraction(high), Fraction(low)))
    return rows


ROWS = _rows_8_1_2()


def test_table_8_1_2_has_every_row() -> None:
    assert len(ROWS) == 51
    assert [(a, b, int(h * 100)) for a, b, h, _l in ROWS[:-1]] == [(a, b, p) for a, b, p in PD_TABLE[:-1]]
    assert PD_TABLE[-1][0] == 736 and PD_TABLE[-1][1] is None and PD_TABLE[-1][2] == 100


@pytest.mark.parametrize(("low", "high", "pd_h", "pd_l"), ROWS, ids=[f"{a}-{b}" for a, b, _h, _l in ROWS])
def test_every_row_of_table_8_1_2(low: int, high: int, pd_h: Fraction, pd_l: Fraction) -> None:
    for d in range(low, high + 1):
        assert score_probability(d) == pd_h
        assert score_probability(-d) == (pd_l if d else pd_h)
    assert pd_h + pd_l == 1


def test_every_row_of_table_8_1_1() -> None:
    cells = TABLE_8_1_1.split()
    pairs = [(Fraction(cells[i]), int(cells[i + 1])) for i in range(0, len(cells), 2)]
    assert len(pairs) == 101
    for p, value in pairs:
        assert dp(int(p * 100)) == value


def test_the_table_against_gacrux() -> None:
    """[gacrux] its table 8.1.2, every difference from −800 to 800 (a player rated 2650
    or more uses the actual difference from 1 October 2025, so the whole table counts)."""
    for d in range(-800, 801):
        ours = expected_score(2800, 2800 - d, "2025")
        assert Decimal(ours.numerator) / ours.denominator == gacrux_rating.ComputeExpectedScore(2800, 2800 - d)


def test_the_400_point_rule() -> None:
    """[B02-2024] 8.3.1: over 400 counts as 400; from 1 October 2025 not for a player
    rated 2650 or more (2813 against 2400: D 413, PD .93 in table 8.1.2; the opponent
    rated 2400 counts 400, PD .08)."""
    assert expected_score(2813, 2400, "2025") == Fraction("0.93")
    assert expected_score(2400, 2813, "2025") == Fraction("0.08")
    assert expected_score(2813, 2400, "2024") == Fraction("0.92")
    assert expected_score(1000, 2000, "2024") == Fraction("0.08")


def test_one_upgrade_per_tournament_2022() -> None:
    """[B02-2022] 8.3.1: one upgrade, for the game with the greatest difference."""
    names = ["A", "B", "C", "D"]
    t = Tournament.from_games(names, [("A", "B", "1-0", 1), ("C", "A", "0-1", 2), ("A", "D", "1-0", 3)])
    t.ratings = [2200, 1700, 1750, 1600]
    r = rating_changes(t, edition="2022")
    a = r.player("A")
    assert [g.difference for g in a.games] == [500, 450, 400]
    assert [g.expected for g in a.games] == [Fraction("0.96"), Fraction("0.94"), Fraction("0.92")]
    assert [g.difference for g in r.player("B").games] == [-400]


def test_editions_by_date() -> None:
    """The editions' dates: [B02-2022] until 29 February 2024, [B02-2024] from 1 March
    2024, its 8.3.1 amendment from 1 October 2025."""
    assert edition_of("2024/02/29")[0].code == "2022"
    assert edition_of("2024-03-01")[0].code == "2024"
    assert edition_of("30.09.2025")[0].code == "2024"
    assert edition_of("2025/10/01")[0].code == "2025"
    assert edition_of(None)[0].code == "2025"
    assert "not implemented" in edition_of("2019-01-01")[1]
    assert edition_of("2024-11-30", "rapid")[0].code == "rapid-2024"


def test_k_of_8_3_3() -> None:
    """[B02-2024] 8.3.3: 40 until 30 games; 40 for a junior under 2300; 20 under 2400; 10 from 2400."""
    assert development_coefficient(1800, games_before=29) == 40
    assert development_coefficient(2250, games_before=100, birth_year=2010, year=2028) == 40
    assert development_coefficient(2300, games_before=100, birth_year=2010, year=2028) == 20
    assert development_coefficient(2399, games_before=30, birth_year=1990, year=2026) == 20
    assert development_coefficient(2400) == 10
    assert development_coefficient(2300, reached_2400=True) == 10
    assert development_coefficient(2000) is None


def _star(k_games: int) -> Tournament:
    names = ["P"] + [f"O{j}" for j in range(k_games)]
    games = [("P", f"O{j}", "1-0", j + 1) for j in range(k_games)]
    t = Tournament.from_games(names, games)
    ratings: list[int | None] = [2000] * (k_games + 1)
    t.ratings = ratings
    return t


def test_k_times_games_at_most_700() -> None:
    """[B02-2024] 8.3.3: K × n may not exceed 700: K 40 over 19 games is 36 (36 × 19 = 684)."""
    r = rating_changes(_star(19), k_of={"P": 40}, edition="2024")
    p = r.player("P")
    assert p.k == 36 and p.counted == 19
    assert r.to_dict()["players"][0]["k"] == 36  # type: ignore[index]
    assert p.change == 36 * (19 - 19 * Fraction(1, 2))
    assert rating_changes(_star(17), k_of={"P": 40}, edition="2024").player("P").k == 40


def test_rounding_8_3_4() -> None:
    """[B02-2024] 8.3.4: to the nearest whole number, 0.5 away from zero."""
    assert [fide_round(Fraction(x)) for x in ("2.5", "-2.5", "2.49", "-2.51", "0")] == [3, -3, 2, -3, 0]


def test_unrated_opponents_and_forfeits_not_counted() -> None:
    t = Tournament.from_games(["A", "B", "C"], [("A", "B", "1-0", 1), ("A", "C", "1-0", 2)])
    t.ratings = [2000, None, 2000]
    assert t.status is not None
    t.status[1] = 1  # the second game a forfeit
    t.refresh()
    r = rating_changes(t, edition="2024")
    assert r.player("A").counted == 0 and r.player("A").change == 0
    assert [u.name for u in r.unrated] == ["B"]


def test_arguments_refused() -> None:
    t = _star(2)
    with pytest.raises(ArgumentError):
        rating_changes(t, k=0)
    with pytest.raises(ArgumentError):
        rating_changes(t, k_of={"nobody": 20})
    with pytest.raises(ArgumentError):
        rating_changes(t, k_of=[("P", 20)])  # type: ignore[arg-type]
    with pytest.raises(ArgumentError):
        rating_changes(t, edition="1999")
    with pytest.raises(ArgumentError):
        rating_changes(t, category="bullet")
    with pytest.raises(ArgumentError):
        expected_score(12000, 2000)


RATINGS = st.integers(min_value=1000, max_value=2649)


@given(RATINGS, RATINGS, st.sampled_from([Fraction(0), Fraction(1, 2), Fraction(1)]), st.sampled_from([10, 20, 40]))
def test_one_game_sums_to_zero(a: int, b: int, score: Fraction, k: int) -> None:
    """Both K equal and both under 2650: what one wins the other loses (8.1.2 is a mirror)."""
    for code in EDITIONS:
        e = EDITIONS[code]
        pa = score_probability(counted_difference(a, b, e))
        pb = score_probability(counted_difference(b, a, e))
        assert k * (score - pa) + k * ((1 - score) - pb) == 0


@given(RATINGS, RATINGS)
def test_expected_score_grows_with_the_rating(a: int, b: int) -> None:
    lo, hi = min(a, b), max(a, b)
    assert expected_score(lo, 2000, "2024") <= expected_score(hi, 2000, "2024")


@given(st.fractions(max_denominator=200))
def test_rounding_is_symmetric(x: Fraction) -> None:
    assert fide_round(-x) == -fide_round(x)
    assert abs(fide_round(x) - x) <= Fraction(1, 2)


REAL = rated_trf_files(every=False)


@pytest.mark.parametrize("path", REAL, ids=[p.name for p in REAL])
def test_real_files_against_gacrux(path: Path) -> None:
    """[gacrux] per player: the expected score summed over the games against rated
    opponents (the opponent's rating clipped to 400 from the player's: the 2024
    edition's rule), K × (score − expected) rounded half away from zero with Decimal;
    and the initial ratings of the unrated as gacrux computes a performance with two
    drawn opponents rated 1800, at most 2200 ([B02-2024] 8.2)."""
    t = crosstable.read(str(path))
    r = rating_changes(t, edition="2024", k=20)
    ratings = t.ratings or []
    per: dict[int, list[tuple[int, Decimal]]] = {}
    for g in t.games:
        if g.status != PLAYED:
            continue
        per.setdefault(g.white, []).append((g.black, Decimal(g.white_score.numerator) / g.white_score.denominator))
        per.setdefault(g.black, []).append((g.white, Decimal(g.black_score.numerator) / g.black_score.denominator))
    checked = 0
    for i, name in enumerate(t.names):
        own = ratings[i]
        rated = [(o, s) for o, s in per.get(i, []) if ratings[o]]
        if own:
            ours = r.player(name)
            clipped = [max(own - 400, min(own + 400, ratings[o] or 0)) for o, _s in rated]
            expected = sum((gacrux_rating.ComputeExpectedScore(own, c) for c in clipped), Decimal(0))
            score = sum((s for _o, s in rated), Decimal(0))
            assert Decimal(ours.expected.numerator) / ours.expected.denominator == expected
            delta = ((score - expected) * ours.k).quantize(Decimal("0"), rounding=ROUND_HALF_UP)
            assert ours.rounded == int(delta)
            checked += 1
        else:
            u = next(x for x in r.unrated if x.name == name)
            if u.rating is not None:
                score = sum((s for _o, s in rated), Decimal(0)) + 1
                opps = [ratings[o] or 0 for o, _s in rated] + [1800, 1800]
                assert u.rating == min(gacrux_rating.ComputeTournamentPerformanceRating(score, opps), 2200)
                checked += 1
    assert checked


def test_an_event_before_every_edition_here_is_warned_about() -> None:
    # The Karl Mala memorial, Frankfurt 2005: rated by the 2022 edition (the earliest implemented), which the
    # report names and a warning repeats (the 2005 rules had K 15 below 2400: FIDE's figures were others).
    t = crosstable.read(Path(__file__).parent / "data" / "real" / "skl_example1.trf")
    report = rating_changes(t)
    assert report.edition.code == "2022"
    assert "the event started on 2005-07-28, before it" in report.edition_reason
    assert report.edition_reason in report.warnings
