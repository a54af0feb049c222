"""OpenGotha as an oracle: generated McMahon events (ranks, bar and floor, super-group
corrections, absences, byes, handicaps, jigo, default and unknown results, rounding
down on or off) saved as OpenGotha files, exported to the EGD's ``.h9`` by OpenGotha
itself, and every printed value compared with ours.

Runs when ``OPENGOTHA_JAR`` names OpenGotha's ``opengotha.jar`` (its repository's
``distribution/opengotha.jar``, with ``lib/jhall.jar`` beside it) and a Java compiler
is installed; skipped otherwise. Nothing of OpenGotha is in this repository: the small
Java driver below calls its own XML import and ``.h9`` export.

OpenGotha leaves SOS-1 and SOS-2 at 0 in events of one or two rounds (it stores
them from the third round on); those two columns are not compared there.
"""

from __future__ import annotations

import os
import random
import shutil
import subprocess
from fractions import Fraction
from pathlib import Path

import pytest

import crosstable
from crosstable.ranking import rank

JAR = os.environ.get("OPENGOTHA_JAR", "")
pytestmark = pytest.mark.skipif(
    not (JAR and Path(JAR).is_file() and shutil.which("javac")), reason="OPENGOTHA_JAR and a JDK are needed"
)
DATA = Path(__file__).parent / "data" / "go"
DRIVER = """
import info.vannier.gotha.*;
import java.io.File;
public class Oracle {
  public static void main(String[] args) throws Exception {
    for (int k = 0; k + 1 < args.length; k += 2) {
      Tournament t = new Tournament();
      ExternalDocument.importTournamentFromXMLFile(new File(args[k]), t, true, true, true, false, false);
      ExternalDocument.generateH9File(t, new File(args[k + 1]), true);
    }
    System.exit(0);
  }
}
"""


def run_opengotha(jar: Path, work: Path, files: list[str], timeout: float = 600) -> None:
    """OpenGotha itself, headless: each XML of ``files`` (pairs: tournament file, .h9 to
    write) imported and exported for the EGD (its placement), one JVM for them all; the
    small driver compiled in ``work``. The bench (``bench/bench_go.py``) times it too."""
    classpath = f"{jar}:{jar.parent / 'lib' / 'jhall.jar'}:{work}"
    if not (work / "Oracle.class").exists():
        (work / "Oracle.java").write_text(DRIVER, encoding="utf-8")
        subprocess.run(["javac", "-cp", classpath, str(work / "Oracle.java")], check=True, timeout=300)
    java = ["java", "-Djava.awt.headless=true", "-cp", classpath, "Oracle", *files]
    subprocess.run(java, check=True, timeout=timeout, capture_output=True)


RESULTS = [
    "RESULT_WHITEWINS",
    "RESULT_BLACKWINS",
    "RESULT_EQUAL",
    "RESULT_BOTHLOSE",
    "RESULT_BOTHWIN",
    "RESULT_UNKNOWN",
]
COLUMNS = {"MMS": None, "SOS": "SOS", "SOS-1": "SOS-1", "SOS-2": "SOS-2", "SOSOS": "SOSOS", "CUSS": "CUSS"}
COLUMNS |= {"SODOS": "SODOS"}


def _rank(v: int) -> str:
    return f"{-v}K" if v < 0 else f"{v + 1}D"


def _event(seed: int, criteria: list[str]) -> str:
    """A random McMahon event as an OpenGotha file, its other parameter sets Juvisy's."""
    rng = random.Random(seed)
    template = (DATA / "Tournoi de Juvisy.xml").read_text(encoding="utf-8")
    handicap = template[template.index("<HandicapParameterSet") : template.index("<PlacementParameterSet>")]
    rest = template[template.index("<PairingParameterSet") : template.index("</TournamentParameterSet>")]
    n, rounds = rng.randint(4, 40), rng.randint(1, 8)
    players = [
        (f"P{i:03d}", rng.randint(-30, 8), "".join("0" if rng.random() < 0.12 else "1" for _ in range(20)))
        for i in range(n)
    ]
    lines = [
        '<?xml version="1.0" encoding="UTF-8" standalone="no"?>',
        '<Tournament dataVersion="201" gothaMinorVersion="5" gothaVersion="348">',
        "<Players>",
    ]
    for name, r, present in players:
        lines.append(
            f'<Player agaExpirationDate="" agaId="" club="C{r % 7}" country="FR" egfPin="" ffgLicence="" '
            f'ffgLicenceStatus="" firstName="X" grade="{_rank(r)}" name="{name}" participating="{present}" '
            f'rank="{_rank(r)}" rating="{2500 + 50 * r}" ratingOrigin="MAN" registeringStatus="FIN" '
            f'smmsCorrection="{rng.choice([0, 0, 0, 0, 1, 2, -1])}"/>'
        )
    lines.append("</Players>\n<Games>")
    byes = []
    for rd in range(1, rounds + 1):
        here = [i for i in range(n) if players[i][2][rd - 1] == "1"]
        rng.shuffle(here)
        if len(here) % 2 and rng.random() < 0.7:
            byes.append((here.pop(), rd))
        while len(here) >= 2:
            a, b = here.pop(), here.pop()
            if rng.random() < 0.1:
                continue  # both present, neither paired
            result = rng.choices(RESULTS, [40, 40, 6, 2, 2, 2])[0]
            if result != "RESULT_UNKNOWN" and rng.random() < 0.08:
                result += "_BYDEF"
            lines.append(
                f'<Game blackPlayer="{players[b][0]}X" handicap="{rng.choice([0] * 6 + list(range(1, 10)))}" '
                f'knownColor="true" result="{result}" roundNumber="{rd}" tableNumber="{len(lines)}" '
                f'whitePlayer="{players[a][0]}X"/>'
            )
    lines.append("</Games>\n<ByePlayers>")
    lines += [f'<ByePlayer player="{players[p][0]}X" roundNumber="{rd}"/>' for p, rd in byes]
    bar = rng.randint(-10, 8)
    lines.append("</ByePlayers>\n<TournamentParameterSet>")
    lines.append(
        f'<GeneralParameterSet basicTime="60" beginDate="2020-01-01" canByoYomiTime="300" '
        f'complementaryTimeSystem="STDBYOYOMI" director="" endDate="2020-01-02" fischerTime="10" '
        f'genCountNotPlayedGamesAsHalfPoint="false" genMMBar="{_rank(bar)}" komi="7.5" location="X" '
        f'genNBW2ValueAbsent="0" genNBW2ValueBye="2" nbMovesCanTime="15" numberOfCategories="1" size="19" '
        f'stdByoYomiTime="30" '
        f'genMMFloor="{_rank(rng.randint(-30, bar))}" genMMS2ValueAbsent="{rng.choice([0, 1, 2])}" '
        f'genMMS2ValueBye="{rng.choice([0, 1, 2])}" genMMZero="30K" '
        f'genRoundDownNBWMMS="{rng.choice(["true", "false"])}" name="Gen{seed}" numberOfRounds="{rounds}" '
        f'shortName="Gen{seed}"/>'
    )
    lines.append(handicap.strip() + "\n<PlacementParameterSet>\n<PlacementCriteria>")
    lines += [f'<PlacementCriterion name="{c}" number="{k}"/>' for k, c in enumerate(criteria, 1)]
    lines.append("</PlacementCriteria>\n</PlacementParameterSet>\n" + rest.strip())
    lines.append("</TournamentParameterSet>\n</Tournament>")
    return "\n".join(lines) + "\n"


def _printed(value: Fraction, unit: int) -> str:
    """A value as OpenGotha prints it: whole part, ``?`` for a positive fraction (its
    ISO-8859-15 output has no ½, ¼, ¾), cut to four characters."""
    units = int(value * unit)
    whole = int(units / unit)
    return (str(whole) + ("?" if units - unit * whole > 0 else ""))[:4]


@pytest.mark.parametrize(
    "criteria", [["MMS", "SOSM", "SOSM-1", "SOSM-2", "SOSOSM", "CUSSM"], ["MMS", "SOSM", "SODOSM"]]
)
def test_generated_events_equal_opengotha_s_own_export(tmp_path: Path, criteria: list[str]) -> None:
    files = []
    for seed in range(60):
        xml = tmp_path / f"gen{seed:03d}.xml"
        xml.write_text(_event(seed, criteria), encoding="utf-8")
        files += [str(xml), str(xml.with_suffix(".h9"))]
    run_opengotha(Path(JAR), tmp_path, files)
    compared = 0
    for xml_name in files[::2]:
        h9 = Path(xml_name).with_suffix(".h9").read_text(encoding="latin-1").splitlines()
        header = next(line for line in h9 if line.startswith("; Pl Name"))
        names = [header[47 + 5 * k : 52 + 5 * k].strip() for k in range((len(header) - 47) // 5)]
        try:
            t = crosstable.read(xml_name)
        except crosstable.InputError:  # nobody paired: OpenGotha lists nobody either
            assert not [line for line in h9 if not line.startswith(";")]
            continue
        s = rank(t, announced_rounds=True)
        rows = {r.name: r for r in s.rows}
        short = (t.rounds_total or 0) <= 2
        place = ""
        for line in (line for line in h9 if not line.startswith(";")):
            place = line[:4].strip() or place
            row = rows[line[5:36].strip()]
            for name, text in zip(names, line[47:].split(), strict=False):
                if short and name in ("SOS-1", "SOS-2"):
                    continue
                code = COLUMNS[name]
                ours = row.points if code is None else row.values[code]
                assert ours is not None
                assert _printed(ours, 4 if name == "SODOS" else 2) == text, (xml_name, row.name, name)
                compared += 1
            if not short:
                lo, _dash, hi = row.place.partition("-")
                assert int(lo) <= int(place) <= int(hi or lo), (xml_name, row.name)
    assert compared > 1000
