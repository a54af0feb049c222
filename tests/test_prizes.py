"""Prize money (crosstable.prizes): the Hort system's published example, equal and
no sharing, category prizes going down the standings, refusals naming the line and the
column, a real TRF's sex and birth data, and the money paid adding up whatever the ties."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import crosstable
from crosstable.errors import InputError
from crosstable.fields import ArgumentError
from crosstable.prizes import Clause, Prize, award, parse_condition, read_prizes

REAL = Path(__file__).parent / "data" / "real"

HORT_PRIZES = "prize,amount\n1,1000\n2,500\n3,350\n4,200\n5,150\n6,100\n"


def scored(points: dict[str, int], extra: int = 0) -> crosstable.Standings:
    """Standings where each named player has the given points (wins over distinct
    fillers, who score nothing), in the dict's order among equals; ``extra`` more
    players with no points."""
    fillers = [f"X{k}" for k in range(1, max([*points.values(), 1]) + 1 + extra)]
    games = [(p, fillers[k], "1-0") for p, n in points.items() for k in range(n)]
    t = crosstable.Tournament.from_games([*points, *fillers], games)
    return crosstable.rank(t, ["SB"])


def paid(a: crosstable.prizes.Awards) -> dict[str, Fraction]:
    return {x.name: x.amount for x in a.awards}


# The German Wikipedia article "Hort-System" (its example: prizes 1,000/500/350/200/150/100,
# A and B level at the top, C alone, D, E and F level at fourth), in tie-break order.
HORT_FIELD = {"A": 8, "B": 8, "C": 7, "D": 6, "E": 6, "F": 6, "G": 2}


def test_hort_worked_example() -> None:
    a = award(scored(HORT_FIELD), read_prizes(HORT_PRIZES), "hort")
    assert paid(a) == {"A": 875, "B": 625, "C": 350, "D": 175, "E": 150, "F": 125}
    assert a.paid == a.announced == 2300 and not a.unpaid and not a.warnings
    assert [x.prize for x in a.awards] == ["1-2", "1-2", "3", "4-6", "4-6", "4-6"]
    assert "half of place 1's prize kept, 500; the other halves pooled, (500 + 250) / 2 = 375; 500 + 375 = 875" in (
        a.explain("A")
    )
    assert "(100 + 75 + 50) / 3 = 75; 50 + 75 = 125" in a.explain("F")
    assert a.explain("G") == "G: no prize"


def test_equal_and_none_on_the_same_example() -> None:
    s, prizes = scored(HORT_FIELD), read_prizes(HORT_PRIZES)
    equal = award(s, prizes, "equal")
    assert paid(equal) == {"A": 750, "B": 750, "C": 350, "D": 150, "E": 150, "F": 150}
    assert "(200 + 150 + 100) / 3 = 150" in equal.explain("E")
    none = award(s, prizes, "none")
    assert paid(none) == {"A": 1000, "B": 500, "C": 350, "D": 200, "E": 150, "F": 100}
    assert [x.prize for x in none.awards] == ["1", "2", "3", "4", "5", "6"]
    assert "the tie-break order decides" in none.explain("B")
    assert equal.paid == none.paid == 2300


def test_hort_rounding_goes_to_the_better_placed() -> None:
    """The article's earlier example (100/80/60/40/20/10): the pot of places 4-6 is 35,
    11.67 each; the article paid 12 each (71 of the 70 announced); rounded down with
    the remainder to the better placed it is 32, 22, 16."""
    prizes = read_prizes("prize,amount\n1,100\n2,80\n3,60\n4,40\n5,20\n6,10\n")
    a = award(scored(HORT_FIELD), prizes, "hort")
    assert paid(a) == {"A": 95, "B": 85, "C": 60, "D": 32, "E": 22, "F": 16}
    assert a.paid == a.announced == 310 and paid(a)["D"] + paid(a)["E"] + paid(a)["F"] == 70
    assert a.of("F") is not None and a.of("F").exact == Fraction(50, 3)  # type: ignore[union-attr]
    assert "rounded down to 31, and 1 of the remainder, which goes to the better placed: 32" in a.explain("D")
    assert "rounded down to 16" in a.explain("F")
    cents = award(scored(HORT_FIELD), prizes, "hort", cents=True)
    assert paid(cents)["D"] == Fraction("31.67") and paid(cents)["F"] == Fraction("16.66")
    assert paid(cents)["E"] == Fraction("21.67") and cents.paid == 310 and "cents" in cents.rounding


def test_a_tie_beyond_the_last_prize_shares_what_it_reaches() -> None:
    s = scored({"A": 5, "B": 4, "C": 4, "D": 4})
    prizes = read_prizes("prize,amount\n1,300\n2,100\n")
    assert paid(award(s, prizes, "equal")) == {"A": 300, "B": 34, "C": 33, "D": 33}
    assert paid(award(s, prizes, "hort")) == {"A": 300, "B": 67, "C": 17, "D": 16}
    assert paid(award(s, prizes, "none")) == {"A": 300, "B": 100}
    # the label is the places shared, as the explanation says, also where only the first of them has a prize
    shared = award(s, prizes, "equal")
    assert {a.prize for a in shared.awards if a.name != "A"} == {"2-4"}
    assert "places 2-4 shared" in shared.explanations["B"][0]


WOMEN = {"A": {"sex": "M"}, "B": {"sex": "F"}, "C": {"sex": "F"}, "D": {"sex": "M"}, "E": {"sex": "F"}}


def test_a_category_prize_goes_down_past_a_larger_winner() -> None:
    s = scored({"A": 5, "B": 4, "C": 3, "D": 2, "E": 1})
    prizes = read_prizes("prize,amount,condition\n1,500\n2,300\n3,100\nBest woman,150,sex=F\n")
    a = award(s, prizes, "none", participants=WOMEN)
    # B takes place 2 (300 > 150); C takes the best woman's 150 (more than place 3's 100);
    # place 3 goes down to D.
    assert paid(a) == {"A": 500, "B": 300, "C": 150, "D": 100}
    assert a.of("C").prize == "Best woman"  # type: ignore[union-attr]
    assert "it went down past B, who took another prize first" in a.explain("C")
    assert "position 3 among the players without a category prize" in a.explain("D")
    assert a.paid == a.announced


def test_the_choice_of_a_category_prize_weighs_the_share() -> None:
    """Three level at the top (900, 300, 0 to share), the woman third by tie-break: her
    share (400 equally, 250 by Hort) is more than the best woman's 100, which goes down
    to the next woman; without sharing her place prize is 0, and she takes the 100."""
    s = scored({"A": 5, "B": 5, "C": 5, "D": 4, "E": 3})
    prizes = read_prizes("prize,amount,condition\n1,900\n2,300\n3,0\nBest woman,100,sex=F\n")
    women = {"A": {"sex": "M"}, "B": {"sex": "M"}, "C": {"sex": "F"}, "D": {"sex": "M"}, "E": {"sex": "F"}}
    assert paid(award(s, prizes, "equal", participants=women)) == {"A": 400, "B": 400, "C": 400, "E": 100}
    assert paid(award(s, prizes, "hort", participants=women)) == {"A": 650, "B": 350, "C": 200, "E": 100}
    none = award(s, prizes, "none", participants=women)
    assert paid(none) == {"A": 900, "B": 300, "C": 100, "D": 0}
    assert none.of("D").prize == "3"  # type: ignore[union-attr]


def test_preference_puts_the_category_prize_first() -> None:
    s = scored({"A": 5, "B": 4, "C": 3, "D": 2, "E": 1})
    prizes = read_prizes("prize,amount,condition\n1,500\n2,300\n3,100\nBest woman,150,sex=F\n")
    a = award(s, prizes, "none", participants=WOMEN, preference=["Best woman"])
    assert paid(a) == {"A": 500, "B": 150, "C": 300, "D": 100}
    with pytest.raises(ArgumentError, match="preference"):
        award(s, prizes, preference=["Best man"])


def test_missing_data_and_a_prize_nobody_can_win() -> None:
    s = scored({"A": 3, "B": 2, "C": 1})
    prizes = read_prizes(
        "prize,amount,condition\n1,100\nBest junior,50,born>=2008\nBest senior,40,born<=1950\nClub,30,club=Ajax\n"
    )
    data: dict[str, dict[str, Any]] = {"A": {"born": 1990}, "B": {}, "C": {"born": 2010, "club": "ajax"}}
    a = award(s, prizes, "hort", participants=data)
    assert paid(a) == {"A": 100, "C": 50}
    assert [p.name for p in a.unpaid] == ["Best senior", "Club"]
    assert a.paid == a.announced - a.unpaid_total == 150
    assert (
        "Best junior (born>=2008): 1 player lacks the year of birth the condition needs and is not given it: B"
        in a.warnings
    )
    assert "Best senior (born<=1950): nobody can win it; it stays unpaid" in a.warnings
    # the club prize: C took the junior prize, B has no club, A none that matches
    assert "Club (club=Ajax): nobody can win it; it stays unpaid" in a.warnings
    out = a.to_dict()
    assert set(out) >= {"prizes", "sharing", "warnings"}
    assert out["prizes"][0] == {"name": "A", "place": "1", "prize": "1", "amount": 100}
    assert out["unpaid"] == [{"prize": "Best senior", "amount": 40}, {"prize": "Club", "amount": 30}]
    json.dumps(out)


def test_ratings_bands_and_unrated() -> None:
    s = scored({"A": 4, "B": 3, "C": 2, "D": 1})
    prizes = read_prizes(
        "prize,amount,condition\nBand,40,rating>=1800 and rating<2000\nUnrated,30,unrated\nUnder 1800,20,rating<1800\n"
    )
    data: dict[str, dict[str, Any]] = {
        "A": {"rating": 2100},
        "B": {"rating": 1850},
        "C": {"rating": None},
        "D": {"rating": 1700},
    }
    assert paid(award(s, prizes, participants=data)) == {"B": 40, "C": 30, "D": 20}
    assert parse_condition("rating>=1800 and rating<2000") == (
        Clause("rating", ">=", 1800),
        Clause("rating", "<", 2000),
    )


def test_places_beyond_the_players_stay_unpaid() -> None:
    t = crosstable.Tournament.from_games(["A", "B"], [("A", "B", "1-0")])
    a = award(crosstable.rank(t, ["SB"]), read_prizes("prize,amount\n1,10\n2,5\n3,2.50\n"), "equal")
    assert paid(a) == {"A": 10, "B": 5}
    assert a.unit == Fraction(1, 100) and "an amount of the list has decimals" in a.rounding
    assert a.to_dict()["unpaid"] == [{"prize": "3", "amount": 2.5}]
    assert "place prize 3: no player left to take it; it stays unpaid" in a.warnings


@pytest.mark.parametrize(
    ("text", "where", "message"),
    [
        ("prize,amount\n1,-500\n", "2:3", "'-500' is negative"),
        ("prize,amount,condition\n1,500\nBest,100,colour=white\n", "3:10", "'colour=white' is not a condition"),
        ("prize,amount,condition\nBest,100,rating<12000\n", "2:17", "'12000' is not a rating from 0 to 4,000"),
        ("prize,amount,condition\nBest,100,sex=F and born>=20O8\n", "2:26", "'20O8' is not a year"),
        ("prize,amount\n0,500\n", "2:1", "'0' is not a place from 1 to 9,999"),
        ("prize,amount\n1,500\n2,300\n2,200\n", "4:1", "place 2 has a prize already (line 3)"),
        ("prize,amount\n1,500\n3,300\n", "3:1", "place 3 has a prize and place 2 has none"),
        ("prize,amount\n1,500\n2,600\n", "3:3", "the prize of place 2 is larger than that of place 1"),
        ("prize,amount\n1,12.345\n", "2:3", "'12.345' is not an amount"),
        ("prize,amount\n1,lots\n", "2:3", "'lots' is not an amount"),
        ("prize,amount\n1,１００\n", "2:3", "is not one of the digits 0 to 9"),
        ("prize,amount,condition\nBest woman,100,\n", "2:16", "a category prize needs a condition"),
        ("prize,amount,condition\n1,100,sex=F\n", "2:7", "a place prize has no condition"),
        ("prize,amount,condition\nW,1,sex=F\nw,1,sex=F\n", "3:1", "'w' is a prize already (line 2)"),
        ("prize,amount\n1,5,x\n", "2:5", "more cells than the header's 2"),
        ("prize,money\n1,5\n", "1:7", "'money' is not a column of a prize list"),
        ("prize,amount\n,5\n", "2:1", "a prize needs a place"),
        ("prize,amount,condition\nW,1,federation=BULGARIA\n", "2:5", "is not a condition"),
        ("prize,amount\n1,5000000000\n", "2:3", "is not an amount from 0 to 1,000,000,000"),
        ("prize,amount\n", "1:1", "the prize list has no prize"),
    ],
)
def test_refusals_name_the_file_line_and_column(text: str, where: str, message: str) -> None:
    with pytest.raises(InputError) as e:
        read_prizes(text, source="prizes.csv")
    assert str(e.value).startswith(f"prizes.csv:{where}: "), str(e.value)
    assert message in str(e.value)


def test_a_prize_list_is_read_exactly() -> None:
    prizes = read_prizes(
        '\ufeffPrize,Amount,Condition\n# a comment\n\n1,1000\n2,62.50\n"Best woman, junior",10,"sex=w and born>=2008"\n'
    )
    assert [(p.name, p.amount, p.place) for p in prizes] == [
        ("1", 1000, 1),
        ("2", Fraction(125, 2), 2),
        ("Best woman, junior", 10, None),
    ]
    assert prizes[2].condition == (Clause("sex", "=", "F"), Clause("born", ">=", 2008))
    assert prizes[2].line == 6


def test_arguments_are_checked() -> None:
    s = scored({"A": 1})
    with pytest.raises(ArgumentError, match="sharing"):
        award(s, [], "half")
    with pytest.raises(ArgumentError, match="standings"):
        award(None, [])  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match="prizes"):
        award(s, "1,100")  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match="participants"):
        award(s, [], participants=["A"])  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match=r"participants\['A'\]\['born'\]"):
        award(s, [], participants={"A": {"born": "2008"}})
    with pytest.raises(ArgumentError, match="is not a rating from 0 to 4,000"):
        award(s, [], participants={"A": {"rating": 12000}})


def test_a_quoted_line_break_keeps_the_lines_apart() -> None:
    with pytest.raises(InputError) as e:
        read_prizes('prize,amount,condition\n"Best\nwoman",100,sex=F\n')
    assert str(e.value).startswith("PRIZES.csv:2:6: a prize needs an amount")


def test_the_trf_reader_gives_sex_and_birth_year() -> None:
    t = crosstable.read(REAL / "trk_tournament1.trf")
    assert t.sexes is not None and t.birth_years is not None
    women = [n for n, sex in zip(t.names, t.sexes, strict=True) if sex == "F"]
    assert women == ["Iglesias Gonzalez Veronica", "Gonzalez Pueyo Patricia"]
    assert t.birth_years[t.index("Mirzoev Azer")] == 1978
    assert t.birth_years[t.index("Martikorena Endara Patxi")] is None  # a blank birth date
    dotted = crosstable.read(REAL / "shc_example_trf16.trf")
    assert dotted.birth_years is not None and dotted.birth_years[0] == 1969  # 1969.12.06
    assert dotted.select([1, 0]).birth_years == [dotted.birth_years[1], 1969]


def test_category_prizes_on_a_real_swiss() -> None:
    """trk_tournament1.trf (tests/data/SOURCES.md): 52 players, two women, birth years."""
    s = crosstable.rank(crosstable.read(REAL / "trk_tournament1.trf"))
    prizes = read_prizes(
        "prize,amount,condition\n"
        + "".join(f"{k},{amount}\n" for k, amount in enumerate([600, 400, 300, 200, 150, 120, 100, 80, 60, 50], 1))
        + "Best woman,100,sex=F\nSecond woman,50,sex=F\nBest senior,90,born<=1950\n"
        + "Best junior,70,born>=1995\nUnrated,40,unrated\n"
    )
    a = award(s, prizes, "none")
    won = {x.prize: x.name for x in a.awards}
    # the women are 12th and 19th, beyond the place prizes
    assert won["Best woman"] == "Iglesias Gonzalez Veronica"
    assert won["Second woman"] == "Gonzalez Pueyo Patricia"
    # the best placed senior (Gorrochategui, 3rd, born 1950) takes place 3's 300, so the
    # senior prize goes down to Maruejols (8th, born 1948): its 90 is more than place 8's 80
    assert won["3"] == "Gorrochategui Torres, Eugenio"
    assert won["Best senior"] == "Maruejols Claude"
    # with Maruejols out of the place prizes, places 8-10 move up one: the 11th player takes place 10
    assert won["10"] == s.rows[10].name
    assert won["Best junior"] == "Jauregi Barandiaran Jon"  # 30th, born 1996
    assert won["Unrated"] == "Darbinyan Vigen"  # 13th: Gorrochategui, unrated too, took place 3
    assert a.paid == a.announced and not a.warnings
    hort = award(s, prizes, "hort")
    assert hort.paid == hort.announced
    # 3½ points: Gorrochategui and Hernandez share places 3-4 by Hort
    assert {x.name: x.amount for x in hort.awards}["Gorrochategui Torres, Eugenio"] == 150 + 125


CONDITIONS = ["sex=F", "born>=2005", "born<=1960", "rating<1800", "unrated", "rating>=1800 and rating<2000"]


@st.composite
def events(draw: st.DrawFn) -> tuple[crosstable.Standings, list[Prize], dict[str, dict[str, object]]]:
    n = draw(st.integers(2, 9))
    names = [f"P{k}" for k in range(n)]
    results = st.sampled_from(["1-0", "0-1", "½-½"])
    games = [(names[i], names[j], draw(results)) for i in range(n) for j in range(i + 1, n)]
    s = crosstable.rank(crosstable.Tournament.from_games(names, games), ["SB"])
    units = draw(st.booleans())
    money = st.integers(0, 5000).map(lambda c: Fraction(c) if units else Fraction(c, 100))
    amounts = sorted(draw(st.lists(money, max_size=8)), reverse=True)
    prizes = [Prize(str(k), a, k) for k, a in enumerate(amounts, 1)]
    for k, text in enumerate(draw(st.lists(st.sampled_from(CONDITIONS), max_size=4))):
        prizes.append(Prize(f"C{k}", draw(money), None, parse_condition(text), text))
    data: dict[str, dict[str, object]] = {}
    for name in names:
        data[name] = {
            "sex": draw(st.sampled_from(["M", "F", None])),
            "born": draw(st.sampled_from([1950, 1980, 2008, None])),
        }
        if draw(st.booleans()):
            data[name]["rating"] = draw(st.sampled_from([None, 1500, 1850, 2200]))
    return s, draw(st.permutations(prizes)), data


@settings(max_examples=150, deadline=None)
@given(events(), st.sampled_from(["hort", "equal", "none"]), st.booleans())
def test_the_money_paid_is_the_money_announced_less_the_unwinnable(
    event: tuple[crosstable.Standings, list[Prize], dict[str, dict[str, object]]], sharing: str, cents: bool
) -> None:
    s, prizes, data = event
    a = award(s, prizes, sharing, participants=data, cents=cents)
    assert a.paid == a.announced - a.unpaid_total
    names = [x.name for x in a.awards]
    assert len(names) == len(set(names))  # one prize a player
    assert all(x.amount >= 0 and (x.amount / a.unit).denominator == 1 for x in a.awards)
    by_name = {p.name: p for p in prizes}
    got = {x.name: x for x in a.awards}
    for x in a.awards:
        prize = by_name.get(x.prize)
        if prize is None or prize.place is not None:
            continue
        i = s.tournament.index(x.name)
        assert prize.eligible(crosstable.prizes.participant_data(s, i, data)) is True
        # the larger: everybody eligible above its winner took at least as much
        for row in s.rows[: x.rank - 1]:
            if prize.eligible(crosstable.prizes.participant_data(s, row.index, data)):
                assert row.name in got and got[row.name].exact >= prize.amount
    # nobody unpaid could have won a category prize: every eligible player holds a prize
    for p in a.unpaid:
        if p.place is None:
            for row in s.rows:
                if p.eligible(crosstable.prizes.participant_data(s, row.index, data)):
                    assert row.name in names
    json.dumps(a.to_dict())
