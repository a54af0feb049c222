"""Each case of the reader and the criteria, ranked here and by the FIDE reference.

The cases (tests/data/reference: one TRF file each, written for this project to show
one feature: a phantom round, a withdrawal written as a short line or as blank fields,
one-sided results, forfeits without an opponent, 240 and 299 records, byes worth less
than a win, unrated players, a round robin without 092, direct encounter with players
who have not all met, team events with 310/013/320/330/362 records, the team
criteria) each have the reference's output beside them, made by ``regenerate.py``
with the command line in ``cases.tsv`` (gacrux 1.11.65, the FIDE Technical
Commission's checker). Every value and every rank must be the reference's.
"""

from __future__ import annotations

import shlex
from fractions import Fraction
from pathlib import Path

import pytest

import crosstable
from tests.conftest import DATA
from tests.differential.reference import parse_table

HERE = DATA / "reference"
CASES = [line.split("\t") for line in (HERE / "cases.tsv").read_text(encoding="utf-8").splitlines() if line.strip()]
RANK_VALUED = {"DE", "EDE", "EDEC", "EDET", "EDEB", "EDEBT", "EDEBB", "TBR", "BBE"}
DEVIATIONS = {
    # A documented decision (README, conformance): in a round robin the Koya limit is half the games (wins
    # and half the draws), which FIDE C.07 art. 9.2 reads under 1-½-0 and the Hungarian article uses under
    # 3-1-0; the reference compares points with half the maximum, which differs under 3-1-0 match points.
    ("team-round-robin-362", "KS"),
    # A documented decision: in standings after round K (the reference's -n, our --round) Fore Buchholz
    # takes round K as the last round; the reference keeps the event's last round (XXR), with no games.
    ("xxr-standings-after-round-4", "FB"),
}


def compare(
    path: Path,
    specs: list[str],
    expected: str,
    skip: frozenset[str] = frozenset(),
    after_round: int | None = None,
    unrated: int | None = None,
    date_read: bool = False,
    system: str | None = None,
) -> list[str]:
    """Every difference between our standings of ``path`` by ``specs`` (after round
    ``after_round``, the reference's ``-n``; unrated players at ``unrated``, its ``-u``)
    and the table. With ``date_read`` the reference's ``/V1`` columns (the edition it
    would have taken from a date it cannot read) are compared with ours without it:
    ours reads the date."""
    table = parse_table(expected, specs, [])
    t = crosstable.read(path)
    if after_round is not None:
        t = t.after_round(after_round)
    t.unrated = unrated
    if system is not None:  # the reference's -s (Swiss rules) or -p (pre-determined pairings): our --system
        t = t.with_system(system, f"--system {system}")
    ours = [spec.replace("/V1", "") for spec in specs] if date_read else specs
    # the list starts with the primary score, as the reference's do; every round the file announces
    # counted, as the reference counts them (our default: the standings after the last round with results)
    s = crosstable.rank(t, ours, announced_rounds=True)
    out = []
    labels = dict(zip(specs[1:], s.labels, strict=True))  # GPTS first: the later ones on game points
    for row in s.rows:
        number = row.index + 1
        if int(row.place.split("-")[0]) != table.ranks[number]:
            out.append(f"#{number} rank: ours {row.place}, reference {table.ranks[number]}")
        for spec in specs:
            base = spec.split("/")[0].split(":")[0].upper()
            if base in RANK_VALUED or spec in skip:
                continue
            mine: Fraction | None = row.points if spec == specs[0] else row.values[labels[spec]]
            if mine != table.rows[number][spec]:
                out.append(f"#{number} {spec}: ours {mine}, reference {table.rows[number][spec]}")
    return out


@pytest.mark.parametrize(("name", "file", "args"), CASES, ids=[c[0] for c in CASES])
def test_case_equals_the_reference(name: str, file: str, args: str) -> None:
    words = shlex.split(args)
    flags = {"-s": "swiss", "-p": "pre-determined"}  # the reference's switches of the system's rules
    system = next((flags[w] for w in words if w in flags), None)
    before = [w for w in words[: words.index("-t")] if w not in flags]
    options = dict(zip(before[::2], before[1::2], strict=True))
    specs = words[words.index("-t") + 1 :]
    skip = frozenset(spec for case, spec in DEVIATIONS if case == name)
    expected = (HERE / f"{name}.tsv").read_text(encoding="utf-8")
    after_round = int(options["-n"]) if "-n" in options else None
    unrated = int(options["-u"]) if "-u" in options else None
    differences = compare(HERE / file, specs, expected, skip, after_round, unrated, system=system)
    assert not differences, "\n".join(differences[:20])
