"""A webhook receiver on 127.0.0.1 for the notification tests: a threaded
http.server that keeps every body POSTed to it. It answers 204, or 500
(``failing``), or holds each request until the test ends (``slow``: longer
than any timeout the tests give the host). Started by the test, stopped by
the fixture on every path."""

from __future__ import annotations

import contextlib
import http.server
import json
import threading
from collections.abc import Iterator

import pytest

WAIT_SECONDS = 60.0


class Receiver(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self, mode: str) -> None:
        super().__init__(("127.0.0.1", 0), _Handler)
        self.mode = mode
        self.bodies: list[dict] = []
        self.paths: list[str] = []
        """Each request's target (path and query) as it came, in order."""
        self.requests = 0
        self.released = threading.Event()  # a slow receiver answers once the test lets it
        self.heard = threading.Condition()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server_address[1]}/hook"

    def wait_for(self, count: int, timeout: float = WAIT_SECONDS) -> list[dict]:
        """The bodies, once ``count`` requests came (bounded)."""
        with self.heard:
            if not self.heard.wait_for(lambda: self.requests >= count, timeout):
                raise AssertionError(f"{count} requests did not come in {timeout} s: {self.bodies}")
            return list(self.bodies)


class _Handler(http.server.BaseHTTPRequestHandler):
    server: Receiver

    def do_POST(self) -> None:  # noqa: N802 -- http.server's name
        length = int(self.headers.get("Content-Length", "0"))
        body = json.loads(self.rfile.read(length))
        with self.server.heard:
            self.server.requests += 1
            self.server.paths.append(self.path)
            if self.server.mode == "ok":
                self.server.bodies.append(body)
            self.server.heard.notify_all()
        if self.server.mode == "slow":
            self.server.released.wait(WAIT_SECONDS)
        status = 500 if self.server.mode == "failing" else 204
        with contextlib.suppress(OSError):  # the host gave up on a slow answer
            self.send_response(status)
            self.send_header("Content-Length", "0")
            self.end_headers()

    def log_message(self, format: str, *args) -> None:
        pass  # quiet: the tests read what came, not a log


@pytest.fixture
def receivers() -> Iterator:
    """``receivers(mode)`` starts one; every one is stopped after the test."""
    started: list[Receiver] = []

    def start(mode: str = "ok") -> Receiver:
        receiver = Receiver(mode)
        started.append(receiver)
        threading.Thread(target=receiver.serve_forever, name="receiver", daemon=True).start()
        return receiver

    try:
        yield start
    finally:
        for receiver in started:
            receiver.released.set()
            receiver.shutdown()
            receiver.server_close()
