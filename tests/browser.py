"""What the browser tests share: an application served by uvicorn in a thread of the
test process (:func:`served`), and Debian's Chromium driven by Playwright (the
``browser`` fixture). A browser test module loads it with ``pytest_plugins =
["tests.browser"]``."""

from __future__ import annotations

import contextlib
import shutil
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
import uvicorn
from fastapi import FastAPI
from playwright.sync_api import Browser, sync_playwright

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"


@contextlib.contextmanager
def served(app: FastAPI) -> Iterator[str]:
    """``app`` served on a free local port for the time of the block: its address."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    srv = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    for _ in range(200):
        if srv.started:
            break
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    srv.should_exit = True
    thread.join(timeout=10)


def wait_for(url: str, patience: float) -> None:
    """Until ``url`` answers (:func:`served` waits a while for the server; a busy
    machine may need longer): at most ``patience`` seconds, then the error."""
    deadline = time.monotonic() + patience
    while True:
        try:
            httpx.get(url, timeout=patience).raise_for_status()
            return
        except httpx.TransportError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.1)


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    if not Path(CHROMIUM).exists():
        pytest.fail("Debian's chromium is not installed (apt-get install chromium; .ci/run does it)")
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=["--no-sandbox"])
        yield b
        b.close()
