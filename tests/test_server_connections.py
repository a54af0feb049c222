"""Connections a hostile client opens and never finishes (``crosstable serve``'s limits,
:mod:`crosstable.serving`): the server, started as a process with 256 open files at
most, gets 300 connections that write half a request head and wait. Each is closed by
the server at its head deadline, the page answers meanwhile or right after, and the
log stays small. Bounds are generous (a loaded machine); nothing asserts a duration.
"""

from __future__ import annotations

import contextlib
import logging
import resource
import select
import socket
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from crosstable.serving import RateLimited
from tests.servers import PATIENCE, serving

HEAD_TIMEOUT = 2
OPEN_FILES = 256
SLOW = 300


def _few_open_files() -> None:  # in the server's process, before it starts
    resource.setrlimit(resource.RLIMIT_NOFILE, (OPEN_FILES, OPEN_FILES))


def _answer(base: str) -> int:
    try:
        with urllib.request.urlopen(base + "/api/options", timeout=PATIENCE) as r:
            status: int = r.status
            return status
    except urllib.error.HTTPError as e:
        return e.code


@pytest.fixture
def server(tmp_path: Path) -> Iterator[tuple[str, Path]]:
    options = ["--max-connections", "100", "--head-timeout", str(HEAD_TIMEOUT)]
    with serving(tmp_path, *options, preexec_fn=_few_open_files) as (base, log, _proc):
        yield base, log


def test_half_written_requests_are_closed_at_the_head_deadline_and_the_page_answers(
    server: tuple[str, Path],
) -> None:
    base, log = server
    port = int(base.rsplit(":", 1)[1])
    slow = []
    for _ in range(SLOW):  # more than the server's open files: it must shed them to answer anyone
        s = socket.create_connection(("127.0.0.1", port), timeout=PATIENCE)
        s.sendall(b"GET /api/options HTTP/1.1\r\nHost: 127.0.0.1\r\n")  # the head never ends
        slow.append(s)
    # every one of them is closed by the server (end of file, or a reset) once its deadline has passed
    deadline = time.monotonic() + PATIENCE
    open_ = list(slow)
    while open_ and time.monotonic() < deadline:
        readable, _, _ = select.select(open_, [], [], 1.0)
        for s in readable:
            with contextlib.suppress(OSError):
                s.recv(4096)
            open_.remove(s)
    assert not open_, f"{len(open_)} of {SLOW} half-written connections still open after {PATIENCE} s"
    assert _answer(base) == 200
    for s in slow:
        s.close()
    assert log.stat().st_size < 50_000, log.read_text(errors="replace")[-2000:]


def test_a_finished_request_is_not_cut_by_the_head_deadline(server: tuple[str, Path]) -> None:
    base, _ = server
    port = int(base.rsplit(":", 1)[1])
    with socket.create_connection(("127.0.0.1", port), timeout=PATIENCE) as s:
        s.sendall(b"GET /api/options HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        s.settimeout(PATIENCE)
        first = s.recv(65536)
        assert first.startswith(b"HTTP/1.1 200")


def test_the_log_filter_writes_a_few_of_each_kind_and_says_how_many_it_left_out() -> None:
    f = RateLimited()
    kinds = [("asyncio", "socket.accept() out of system resource"), ("uvicorn.error", "Invalid HTTP request")]
    written = {name: 0 for name, _ in kinds}
    for _ in range(1000):
        for name, message in kinds:
            record = logging.LogRecord(name, logging.ERROR, "", 0, message, None, None)
            written[name] += f.filter(record)
    assert written == {"asyncio": 10, "uvicorn.error": 10}
