"""How ``crosstable serve`` runs uvicorn for a server anyone may reach: connections
bounded, a deadline for a request's head, open files as many as the system allows, and
a log that a flood cannot fill.

Decisions written down here:

- **A deadline for the head** (:data:`HEAD_TIMEOUT`, ``--head-timeout``): a connection
  that has not sent a whole request head within 10 seconds is closed. uvicorn closes an
  idle connection only between requests (its keep-alive timeout, kept at 5 s), so a
  client that opens connections and writes a request slowly, or never finishes it
  ("slowloris"), would hold a file descriptor each for ever: 1,100 of them under the
  common limit of 1,024 open files stopped every other client.
- **Connections bounded** (``--max-connections``, 1,000 by default): beyond, uvicorn
  answers 503 at once instead of letting the server run out of descriptors; and the
  soft limit of open files is raised to the hard limit (at most 65,536) at start, so
  that the bound, not the system's default of 1,024, is what counts. Where the system
  allows fewer files than the bound and :data:`RESERVED_FILES` (the server's own: its
  database, its workers' pipes; and a burst of connections accepted at once, the
  :data:`BACKLOG`, which asyncio accepts in one go), the bound is lowered to fit, and
  said: 768 connections under 1,024 files. A
  connection beyond the bound is answered 503 and closed as soon as it is accepted
  (:class:`HeadDeadline`), not when its request is complete: half-written requests
  beyond the bound held their descriptors until their deadline, and the server, out
  of files, could not open its own page (a 500). The connections already served keep
  being served at the bound (uvicorn's own bound, which refused every request once the
  connections reached it, is set one above).
- **The log rate-limited** (:class:`RateLimited`): each kind of message (its logger and
  its format) is written at most :data:`BURST` times per :data:`PERIOD` seconds; the
  next one written says how many like it were left out. A flood of failing
  connections wrote 61 MB of log in 25 s; now a few lines a minute.
- A server for the public is run behind a reverse proxy (nginx, Caddy), which buffers
  slow clients and limits rates per address: the README's deployment section shows the
  settings. These limits are the server's own last line.
"""

from __future__ import annotations

import asyncio
import copy
import logging
import os
import resource
import sys
import time
from typing import Any

import uvicorn
from uvicorn.config import LOGGING_CONFIG
from uvicorn.protocols.http.h11_impl import H11Protocol

from crosstable.i18n import _, integer_text

HEAD_TIMEOUT = 10.0
"""Seconds a connection has to send a whole request head (``CROSSTABLE_HEAD_TIMEOUT``)."""
MAX_CONNECTIONS = 1000
"""Connections served at once by default; beyond, 503."""
BURST = 10
"""Messages of one kind written per :data:`PERIOD`."""
PERIOD = 60.0
"""Seconds over which :data:`BURST` messages of one kind are written."""
MOST_OPEN_FILES = 65536
"""The open files the server asks for at most (the soft limit raised up to the hard one)."""
RESERVED_FILES = 256
"""Open files kept beyond the connections (at most a quarter of those the system allows):
the server's own (its database, its workers' pipes) and a burst of connections accepted
at once (:data:`BACKLOG`) and not yet closed."""
BACKLOG = 128
"""Connections waiting to be accepted, and so accepted in one go (at most an eighth of the
open files): asyncio accepts the whole backlog at once, each accepted connection holding
a descriptor until it is closed, even one shed at the bound (uvicorn's default is 2,048)."""
BUSY = b"HTTP/1.1 503 Service Unavailable\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
"""The answer to a connection beyond the bound."""


def _most_connections() -> int | None:
    try:
        return max(1, int(os.environ["CROSSTABLE_MOST_CONNECTIONS"]))
    except (KeyError, ValueError):
        return None


def _head_timeout() -> float:
    try:
        return max(0.1, float(os.environ.get("CROSSTABLE_HEAD_TIMEOUT", HEAD_TIMEOUT)))
    except ValueError:
        return HEAD_TIMEOUT


class HeadDeadline(H11Protocol):
    """uvicorn's HTTP/1.1 protocol, closing a connection whose first request head is not
    complete within the head timeout (:data:`HEAD_TIMEOUT`)."""

    timeout = _head_timeout()
    most = _most_connections()
    """Connections open at once; one more is answered 503 and closed at once (None: no bound)."""

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._deadline: asyncio.TimerHandle | None = None
        if self.most is not None and len(self.connections) > self.most:
            # not counted from now on: uvicorn's own bound, checked as each request of the
            # connections served arrives, must not see the ones being shed before they are gone
            self.connections.discard(self)
            transport.write(BUSY)
            transport.close()
            return
        self._deadline = self.loop.call_later(self.timeout, self._late)

    def _late(self) -> None:
        self._deadline = None
        if self.cycle is None and not self.transport.is_closing():
            self.transport.close()

    def handle_events(self) -> None:
        super().handle_events()
        if self.cycle is not None and self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def connection_lost(self, exc: Exception | None) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None
        super().connection_lost(exc)


class RateLimited(logging.Filter):
    """At most :data:`BURST` records of one kind (logger and format) per :data:`PERIOD`
    seconds; the first record after a gap says how many were left out.

    >>> f = RateLimited()
    >>> records = [logging.LogRecord("x", logging.ERROR, "", 0, "accept failed: %s", ("EMFILE",), None)
    ...            for _ in range(BURST + 5)]
    >>> sum(f.filter(r) for r in records)
    10
    """

    def __init__(self, name: str = "") -> None:
        super().__init__(name)
        self._seen: dict[tuple[str, str], tuple[float, int, int]] = {}  # kind -> (start, written, left out)

    def filter(self, record: logging.LogRecord) -> bool:
        kind = (record.name, str(record.msg)[:200])
        now = time.monotonic()
        start, written, left = self._seen.get(kind, (now, 0, 0))
        if now - start > PERIOD:
            start, written = now, 0
        if written >= BURST:
            self._seen[kind] = (start, written, left + 1)
            return False
        if left:
            record.msg = f"{record.msg} ({left} like it left out)"
        if len(self._seen) > 1000:  # bounded: the oldest kinds forgotten
            for old in sorted(self._seen, key=lambda k: self._seen[k][0])[:500]:
                del self._seen[old]
        self._seen[kind] = (start, written + 1, 0)
        return True


def log_config() -> dict[str, Any]:
    """uvicorn's logging configuration with every handler rate-limited, and asyncio's
    messages (a failing ``accept``) through the same handler."""
    config = copy.deepcopy(LOGGING_CONFIG)
    config.setdefault("filters", {})["rate_limited"] = {"()": RateLimited}
    for handler in config["handlers"].values():
        handler.setdefault("filters", []).append("rate_limited")
    config["loggers"]["asyncio"] = {"handlers": ["default"], "level": "WARNING", "propagate": False}
    return config


def more_open_files() -> int:
    """The soft limit of open files raised to the hard limit (at most :data:`MOST_OPEN_FILES`):
    the open files the server may have."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = MOST_OPEN_FILES if hard == resource.RLIM_INFINITY else min(hard, MOST_OPEN_FILES)
    if soft != resource.RLIM_INFINITY and soft < wanted:
        resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
        return wanted
    return MOST_OPEN_FILES if soft == resource.RLIM_INFINITY else soft


def reserved_files(files: int) -> int:
    """The open files kept beyond the connections: :data:`RESERVED_FILES`, at most a quarter."""
    return min(RESERVED_FILES, files // 4)


def backlog(files: int) -> int:
    """The connections accepted in one go: :data:`BACKLOG`, at most an eighth of the open files."""
    return max(1, min(BACKLOG, files // 8))


def connections_allowed(wanted: int, files: int) -> int:
    """The connections served at once: ``wanted``, or fewer where ``files`` open files
    would not hold them and the files kept (:func:`reserved_files`).

    >>> connections_allowed(1000, 65536), connections_allowed(1000, 1024), connections_allowed(100, 256)
    (1000, 768, 100)
    """
    return max(1, min(wanted, files - reserved_files(files)))


def run(host: str, port: int, workers: int, max_connections: int, head_timeout: float) -> None:
    """Serve the application (``crosstable.web.app:serving_app``) with the limits above."""
    files = more_open_files()
    allowed = connections_allowed(max_connections, files)
    if allowed < max_connections:
        print(
            _(
                "crosstable: --max-connections {wanted} lowered to {allowed}: the system allows {files} open "
                "files, and the server keeps {reserved} for its own use"
            ).format(
                wanted=integer_text(max_connections),
                allowed=integer_text(allowed),
                files=integer_text(files),
                reserved=integer_text(reserved_files(files)),
            ),
            file=sys.stderr,
        )
    max_connections = allowed
    os.environ["CROSSTABLE_HEAD_TIMEOUT"] = str(head_timeout)  # the workers' processes read them at import
    os.environ["CROSSTABLE_MOST_CONNECTIONS"] = str(max_connections)
    HeadDeadline.timeout, HeadDeadline.most = head_timeout, max_connections
    uvicorn.run(
        "crosstable.web.app:serving_app",
        factory=True,
        host=host,
        port=port,
        workers=workers,
        log_level="warning",
        log_config=log_config(),
        http=HeadDeadline,
        # the connections are bounded by HeadDeadline when accepted; uvicorn's own bound, checked when a request
        # is complete, one above it, so that it never refuses the requests of a connection already served
        limit_concurrency=max_connections + 1,
        backlog=backlog(files),
        timeout_keep_alive=5,
    )
