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
  that the bound, not the system's default of 1,024, is what counts.
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
import time
from typing import Any

import uvicorn
from uvicorn.config import LOGGING_CONFIG
from uvicorn.protocols.http.h11_impl import H11Protocol

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


def _head_timeout() -> float:
    try:
        return max(0.1, float(os.environ.get("CROSSTABLE_HEAD_TIMEOUT", HEAD_TIMEOUT)))
    except ValueError:
        return HEAD_TIMEOUT


class HeadDeadline(H11Protocol):
    """uvicorn's HTTP/1.1 protocol, closing a connection whose first request head is not
    complete within the head timeout (:data:`HEAD_TIMEOUT`)."""

    timeout = _head_timeout()

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._deadline: asyncio.TimerHandle | None = self.loop.call_later(self.timeout, self._late)

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


def more_open_files() -> None:
    """The soft limit of open files raised to the hard limit (at most :data:`MOST_OPEN_FILES`)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = MOST_OPEN_FILES if hard == resource.RLIM_INFINITY else min(hard, MOST_OPEN_FILES)
    if soft != resource.RLIM_INFINITY and soft < wanted:
        resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))


def run(host: str, port: int, workers: int, max_connections: int, head_timeout: float) -> None:
    """Serve the application (``crosstable.web.app:serving_app``) with the limits above."""
    more_open_files()
    os.environ["CROSSTABLE_HEAD_TIMEOUT"] = str(head_timeout)  # the workers' processes read it at import
    HeadDeadline.timeout = head_timeout
    uvicorn.run(
        "crosstable.web.app:serving_app",
        factory=True,
        host=host,
        port=port,
        workers=workers,
        log_level="warning",
        log_config=log_config(),
        http=HeadDeadline,
        limit_concurrency=max_connections,
        timeout_keep_alive=5,
    )
