"""The number fuzz, longer than CI runs it: every reader's real file with its numbers
rewritten as users and attackers write them (tests/number_fuzz.py), read, ranked and
written by the library, and a share of the cases through the command line.

Usage::

    .venv/bin/python bench/bench_number_fuzz.py [--cases 20000] [--cli-share 10] [--seed 0]

Prints the cases tried per reader, what became of them (read, refused, ranking refused,
command line exit statuses) and the defects (any other exception, or a command line
that did not end in status 0 or 2 with one line), each with its case and the last lines
of its traceback, and the time. Exits 1 if there is a defect.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from click.testing import CliRunner  # noqa: E402
from hypothesis import HealthCheck, given, settings  # noqa: E402

from crosstable.cli import main  # noqa: E402
from tests.number_fuzz import Case, cases, outcome  # noqa: E402


def run(count: int, cli_share: int, seed: int) -> int:
    seen: Counter[str] = Counter()
    defects: list[tuple[Case, str]] = []
    pick = random.Random(seed)

    @settings(max_examples=count, deadline=None, database=None, suppress_health_check=list(HealthCheck))
    @given(case=cases())
    def one(case: Case) -> None:
        seen[f"reader {case.sample}"] += 1
        result = outcome(case)
        seen[f"library {result.split(chr(10))[0]}"] += 1
        if result.startswith("DEFECT"):
            defects.append((case, result))
        if pick.randrange(100) < cli_share:
            r = CliRunner().invoke(main, ["standings", "-", "--from", case.fmt], input=case.text.encode("utf-8"))
            seen[f"command line exit {r.exit_code}"] += 1
            errors = [ln for ln in r.stderr.splitlines() if not ln.startswith("warning:")]
            if r.exit_code not in (0, 2) or "Traceback" in r.output or (r.exit_code == 2 and len(errors) != 1):
                defects.append((case, f"command line exit {r.exit_code}: {r.stderr[-600:]}"))

    start = time.perf_counter()
    one()
    took = time.perf_counter() - start
    tried = sum(n for k, n in seen.items() if k.startswith("reader "))
    print(f"number fuzz: {tried} cases in {took:.1f} s ({tried / took:.0f} per second), {len(defects)} defects")
    for key, n in sorted(seen.items()):
        print(f"  {key}: {n}")
    for case, detail in defects[:20]:
        print(f"\nDEFECT: {case!r}\n" + "\n".join(detail.splitlines()[-8:]))
    return 1 if defects else 0


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cases", type=int, default=20_000)
    parser.add_argument("--cli-share", type=int, default=10, help="Percent of the cases also run on the command line.")
    parser.add_argument("--seed", type=int, default=0, help="Which cases go to the command line.")
    args = parser.parse_args()
    sys.exit(run(args.cases, args.cli_share, args.seed))
