"""``crosstable serve`` started as a process for a test, the way every server test
starts it: a free port of 127.0.0.1, its output in a log file (not a pipe nobody
reads: a talkative server never blocks on it), waited for until it answers, stopped
at the end. The machine may be busy with other work: every wait is bounded by
:data:`PATIENCE`, never asserted as a duration."""

from __future__ import annotations

import contextlib
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path

import psutil
import pytest

PATIENCE = 60.0
"""Seconds any one wait may take on a loaded machine before the test gives up."""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@contextlib.contextmanager
def serving(
    folder: Path, *options: str, db: str | None = None, preexec_fn: Callable[[], None] | None = None
) -> Iterator[tuple[str, Path, subprocess.Popen[bytes]]]:
    """``crosstable serve --port P OPTIONS --db DB`` (an SQLite file in ``folder`` by
    default) running until the block ends: its base URL, its log and its process."""
    port = free_port()
    log = folder / "serve.log"
    command = [sys.executable, "-m", "crosstable.cli", "serve", "--port", str(port), *options]
    command += ["--db", db or f"sqlite:///{folder / 'events.sqlite'}"]
    with log.open("wb") as out:
        proc = subprocess.Popen(command, stdout=out, stderr=out, preexec_fn=preexec_fn)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + PATIENCE
        while True:
            try:
                urllib.request.urlopen(base + "/api/options", timeout=PATIENCE).read()
                break
            except OSError:
                if proc.poll() is not None or time.monotonic() > deadline:
                    pytest.fail(f"crosstable serve is not answering: {log.read_text(errors='replace')}")
                time.sleep(0.1)
        yield base, log, proc
    finally:
        proc.terminate()
        proc.wait(timeout=PATIENCE)


def memory(process: psutil.Process) -> int:
    """The resident memory of ``process`` and of every process it started (the server's
    workers), in bytes; a process ending meanwhile counts nothing."""
    total = 0
    for p in [process, *process.children(recursive=True)]:
        with contextlib.suppress(psutil.Error):
            total += p.memory_info().rss
    return total
