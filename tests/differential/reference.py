"""The FIDE reference checker, ``gacrux.tiebreakchecker`` (a test dependency), run as a
subprocess on a TRF file, its tab-separated table read back.

The table (``-d T``) has a header ``StartNo Rank <spec> …`` and one row per competitor
(team numbers in team events) in start-number order. Values are Python ``Decimal``
texts (``2.5``, ``6.50``, ``1633``), an undefined value is ``-0``; an error is
``### Error <code>`` followed by its message (docs/reference.md).
"""

from __future__ import annotations

import subprocess
import sys
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from fractions import Fraction
from pathlib import Path

Value = Fraction | None
"""A reference value: exact, or ``None`` for undefined (printed ``-0``)."""


class ReferenceError(Exception):
    """The reference refused the file or failed (the generator wrote something it cannot read)."""

    def __init__(self, message: str, output: str, command: list[str]) -> None:
        super().__init__(message)
        self.output = output
        self.command = command


@dataclass
class ReferenceTable:
    """The reference's answer: per competitor number, its rank and every value."""

    rows: dict[int, dict[str, Value]]
    ranks: dict[int, int]
    specs: list[str]
    output: str
    command: list[str]


def command(path: Path | str, specs: list[str], python: str | None = None) -> list[str]:
    """The command line that ranks ``path`` by ``specs``."""
    return [python or sys.executable, "-m", "gacrux.tiebreakchecker", "-i", str(path), "-d", "T", "-t", *specs]


def parse_value(text: str) -> Value:
    """``-0`` is undefined; anything else a decimal, exactly.

    >>> parse_value("6.50"), parse_value("-0"), parse_value("1633")
    (Fraction(13, 2), None, Fraction(1633, 1))
    """
    text = text.strip()
    if text == "-0":
        return None
    try:
        return Fraction(Decimal(text))
    except (InvalidOperation, ValueError) as e:
        raise ValueError(f"not a reference value: {text!r}") from e


def parse_table(output: str, specs: list[str], cmd: list[str]) -> ReferenceTable:
    """Read the ``-d T`` table; an error report or a header that does not name the
    specs raises :class:`ReferenceError`."""
    if output.lstrip().startswith("### Error"):
        message = " ".join(line.strip() for line in output.splitlines() if line.strip())
        raise ReferenceError(message, output, cmd)
    lines = [line for line in output.split("\n") if line.strip()]
    if not lines:
        raise ReferenceError("no output", output, cmd)
    header = lines[0].rstrip("\r").split("\t")
    if header[:2] != ["StartNo", "Rank"] or header[2:] != specs:
        raise ReferenceError(f"unexpected header {header!r}", output, cmd)
    rows: dict[int, dict[str, Value]] = {}
    ranks: dict[int, int] = {}
    for line in lines[1:]:
        cells = line.rstrip("\r").split("\t")
        if len(cells) != len(header):
            raise ReferenceError(f"row with {len(cells)} cells, header has {len(header)}: {line!r}", output, cmd)
        number = int(cells[0])
        ranks[number] = int(cells[1])
        rows[number] = {spec: parse_value(cell) for spec, cell in zip(specs, cells[2:], strict=True)}
    return ReferenceTable(rows, ranks, specs, output, cmd)


def run_reference(path: Path | str, specs: list[str], timeout: float = 120) -> ReferenceTable:
    """Rank the TRF file ``path`` by ``specs`` with the reference."""
    cmd = command(path, specs)
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, check=False)
    output = proc.stdout
    if proc.returncode != 0 and not output.lstrip().startswith("### Error"):
        raise ReferenceError(f"exit status {proc.returncode}: {proc.stderr.strip()[-2000:]}", output, cmd)
    return parse_table(output, specs, cmd)
