"""The ``crosstable`` program's entry point: the quick path first, else the command line.

A small chess event's ``standings ... -o json`` (or ``csv``) is answered by
:mod:`crosstable.quick` without importing numpy, click or rich; every other command
line, and every case the quick path does not take, goes to :func:`crosstable.cli.main`
(imported by name, when needed), which answers it as it always did. Both give the same
output byte for byte (``tests/test_quick.py``).
"""

from __future__ import annotations

import importlib
import os
import sys

from crosstable.quick.command import run


def main() -> None:
    """Run the command line of ``sys.argv``."""
    try:
        status = run(sys.argv[1:])
    except BrokenPipeError:  # the reader of our output went away: status 1, as click ends the command line
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # nothing more to flush at exit
        sys.exit(1)
    except KeyboardInterrupt:  # as crosstable.cli says it (the quick path writes English only)
        sys.stderr.write("crosstable: interrupted\n")
        sys.exit(130)
    if status is not None:
        sys.exit(status)
    importlib.import_module("crosstable.cli").main()
