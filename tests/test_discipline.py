"""A discipline file (``--discipline``) that leaves teams out: refused when a criterion
counting cards ranks the event and a team left out is level on points with another,
warned of otherwise (the decision is in
:mod:`crosstable.io.sidecar`'s docstring); its numbers and a ranking's read by
:mod:`crosstable.fields`."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest
from click.testing import CliRunner

from crosstable.cli import main
from crosstable.errors import InputError
from crosstable.io import read
from crosstable.io.sidecar import add_discipline, add_ranking
from crosstable.model import Cards, Tournament
from crosstable.ranking import criteria_for
from crosstable.tiebreaks import parse_list
from tests.conftest import EXAMPLES

GROUP_H = EXAMPLES / "worldcup-2018-group-H.csv"
FAIRPLAY = EXAMPLES / "worldcup-2018-group-H.fairplay.csv"
HEADER = "team,yellow,indirect_red,direct_red,yellow_and_direct_red"


def group_h() -> Tournament:
    return read(GROUP_H)


def without(team: str, tmp_path: Path) -> Path:
    """The real fair-play file with ``team``'s line taken out."""
    lines = FAIRPLAY.read_text(encoding="utf-8").splitlines(keepends=True)
    kept = [line for line in lines if not line.startswith(f"{team},")]
    assert len(kept) == len(lines) - 1
    path = tmp_path / "fairplay.csv"
    path.write_text("".join(kept), encoding="utf-8")
    return path


def test_a_team_left_out_is_refused_when_fair_play_ranks(tmp_path: Path) -> None:
    t = group_h()
    path = without("Senegal", tmp_path)
    with pytest.raises(InputError) as refused:
        add_discipline(t, path, ranked_by=criteria_for(t, None, "fifa-2018"))
    # (the real file lists only the two teams FP separated, Japan and Senegal, level on 4 points)
    assert str(refused.value) == (
        f"{path}:1:1: no cards for Senegal, level on points with another team: FP may rank it by its cards; "
        "add a line for it (0 for none)"
    )


def test_the_real_file_listing_the_teams_level_on_points_is_taken_with_a_warning() -> None:
    t = group_h()
    added = add_discipline(t, FAIRPLAY, ranked_by=criteria_for(t, None, "fifa-2018"))
    assert added.warnings == [f"{FAIRPLAY}: Colombia, Poland not listed: counted as having no cards"]
    result = CliRunner().invoke(
        main, ["standings", str(GROUP_H), "--rules", "fifa-2018", "--discipline", str(FAIRPLAY)]
    )
    assert result.exit_code == 0, result.stderr
    places = [line.split("│")[1].strip() for line in result.stdout.splitlines() if "│" in line]
    assert places == ["Colombia", "Japan", "Senegal", "Poland"]  # the final table of group H, Japan ahead on fair play


@pytest.mark.parametrize("criteria", ["GD, GF, DISC", "FP", "AFCDISC", "GD, RC", "YC"])
def test_every_criterion_counting_cards_asks_for_the_teams_level_on_points(criteria: str) -> None:
    text = f"{HEADER}\nSenegal,6,0,0,0\nColombia,3,0,1,0\nPoland,5,0,0,0\n"
    with pytest.raises(InputError) as refused:
        add_discipline(group_h(), "fp.csv", text, ranked_by=parse_list(criteria))
    message = refused.value.problems[0].message
    assert message.startswith("no cards for Japan, level on points with another team: ")
    assert message.endswith("add a line for it (0 for none)")


def test_a_file_listing_every_team_is_taken_as_it_is() -> None:
    text = f"{HEADER}\nJapan,4,0,0,0\nSenegal,6,0,0,0\nColombia,0,0,0,0\nPoland,0,0,0,0\n"  # zeros: a made-up record
    t = add_discipline(group_h(), "fp.csv", text, ranked_by=parse_list("GD, GF, FP"))
    assert t.warnings == []
    assert t.cards[t.names.index("Senegal")] == Cards(6, 0, 0, 0)


def test_a_team_left_out_is_warned_of_when_no_criterion_counts_cards(tmp_path: Path) -> None:
    t = group_h()
    path = without("Senegal", tmp_path)
    for ranked_by in (parse_list("GD, GF, H2H"), None):  # None: the caller did not say
        added = add_discipline(t, path, ranked_by=ranked_by)
        assert added.warnings == [f"{path}: Colombia, Poland, Senegal not listed: counted as having no cards"]
        assert added.cards == {t.names.index("Japan"): Cards(4, 0, 0, 0)}


def test_deductions_alone_and_cards_added_to_the_fixtures_need_no_line_per_team() -> None:
    t = group_h()
    deducted = add_discipline(t, "deductions.csv", "team,deduction\nPoland,6\n", ranked_by=parse_list("FP"))
    assert deducted.warnings == [] and deducted.cards == {}
    with_cards = Tournament.from_games(t.names, [])
    with_cards.cards = {0: Cards(1, 0, 0, 0)}  # cards the fixtures listed
    added = add_discipline(with_cards, "extra.csv", f"{HEADER}\nJapan,1,0,0,0\n", ranked_by=parse_list("FP"))
    assert added.warnings == [] and added.cards[added.names.index("Japan")] == Cards(1, 0, 0, 0)


def test_the_command_line_warns_of_a_team_left_out(tmp_path: Path) -> None:
    path = without("Senegal", tmp_path)
    result = CliRunner().invoke(main, ["standings", str(GROUP_H), "-t", "GD,GF", "--discipline", str(path)])
    assert result.exit_code == 0, result.stderr
    assert f"warning: {path}: Colombia, Poland, Senegal not listed: counted as having no cards" in result.stderr


def test_the_command_line_refuses_a_team_left_out_when_fair_play_ranks(tmp_path: Path) -> None:
    path = without("Senegal", tmp_path)
    args = ["standings", str(GROUP_H), "--rules", "fifa-2018", "--discipline", str(path)]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 2 and result.stdout == ""
    assert f"{path}:1:1: no cards for Senegal, level on points with another team: FP may rank it" in result.stderr


@pytest.mark.parametrize(
    ("cell", "message"),
    [
        ("²", "'²' is not a number: ² (superscript two) is not one of the digits 0 to 9; write 2"),
        ("1000", "'1000' is not a number of cards from 0 to 999"),
        ("-1", "'-1' is not a number of cards from 0 to 999"),
        ("１", "'１' is not a number: １ (fullwidth digit one) is not one of the digits 0 to 9; write 1"),
    ],
)
def test_a_card_count_is_read_by_the_fields_reader(cell: str, message: str) -> None:
    text = f"{HEADER}\nJapan,4,0,0,0\nSenegal,6,{cell},0,0\nColombia,0,0,0,0\nPoland,0,0,0,0\n"
    with pytest.raises(InputError) as refused:
        add_discipline(group_h(), "fp.csv", text)
    assert str(refused.value) == f"fp.csv:3:3: {message}"


def test_points_deducted_refuse_another_digit() -> None:
    with pytest.raises(InputError) as refused:
        add_discipline(group_h(), "d.csv", "team,deduction\nPoland,٦\n")
    assert str(refused.value).startswith("d.csv:2:2: '٦' is not a number: ٦ (arabic-indic digit six)")
    (adjustment,) = add_discipline(group_h(), "d.csv", "team,deduction\nPoland,1.5\n").adjustments
    assert adjustment.points == Fraction(-3, 2)


def test_a_ranking_position_is_read_by_the_fields_reader_and_a_coefficient_may_have_decimals(tmp_path: Path) -> None:
    t = group_h()
    path = tmp_path / "fifa.csv"
    path.write_text("team,position\nJapan,61\nSenegal,27\nColombia,16\nPoland,²\n", encoding="utf-8")
    with pytest.raises(InputError) as refused:
        add_ranking(t, "FIFA", path)
    assert str(refused.value).startswith(f"{path}:5:8: '²' is not a number: ² (superscript two)")
    path.write_text("Japan,61\nSenegal,27\nColombia,16\nPoland,0\n", encoding="utf-8")
    with pytest.raises(InputError) as refused:
        add_ranking(t, "FIFA", path)
    assert str(refused.value).startswith(f"{path}:4:8: '0' is not a ranking position from 1 to 9,999")
    path.write_text("team,coefficient\nJapan,61.5\nSenegal,27\nColombia,16.25\nPoland,8\n", encoding="utf-8")
    assert add_ranking(t, "CLUB", path).rankings["CLUB"][t.names.index("Colombia")] == Fraction(65, 4)
