"""A real PostgreSQL for the tests: started once per test run (per xdist
worker) in a temporary folder, ended with the run.

The server's programs come from the ``pgserver`` wheel (the test extra
brings it: a fresh machine needs nothing else), else from a PostgreSQL
installed on the machine (``initdb`` on PATH or in /usr/lib/postgresql).
castletui never starts a server for its users: their own is named with
``--store URL``. Only these tests do.

The server is this process's child, started with the run's mark (tests/
processes.py) and with a parent-death signal, so a test run killed mid-way
leaves no server; PostgreSQL refuses to run as root, so under root it runs
as ``nobody`` in a folder that user owns. No fsync: a test's data need not
survive a power cut, and the suite stays fast.
"""

from __future__ import annotations

import glob
import importlib.util
import os
import shutil
import signal
import subprocess
import tempfile
import time
import uuid
from pathlib import Path
from urllib.parse import quote

import pytest

try:
    import psycopg
except ImportError:  # the test extra brings it; without it the store tests say so (NoServer)
    psycopg = None

from tests import processes

START_SECONDS = 60.0


class NoServer(Exception):
    """No PostgreSQL programs on this machine."""


def programs() -> Path:
    """The folder of ``initdb`` and ``postgres``."""
    # Found, not imported: importing pgserver sets up its own server handling.
    spec = importlib.util.find_spec("pgserver")
    if spec is not None and spec.origin:
        folder = Path(spec.origin).parent / "pginstall" / "bin"
        if (folder / "postgres").exists():
            return folder
    found = shutil.which("initdb")
    if found:
        return Path(found).parent
    for folder in sorted(glob.glob("/usr/lib/postgresql/*/bin"), reverse=True):
        if os.path.exists(os.path.join(folder, "initdb")):
            return Path(folder)
    raise NoServer("no PostgreSQL: install castletui's test extra (pgserver), or the postgresql package")


def without_a_server(error: NoServer) -> None:
    """A test that needs PostgreSQL where none starts: skipped, but in CI
    (``CI=true``) failed, so the store tests never pass by not running."""
    if os.environ.get("CI") == "true":
        pytest.fail(f"CI needs a PostgreSQL for the store tests: {error}", pytrace=False)
    pytest.skip(str(error))


def _as_server_user() -> dict:
    """subprocess's ``user=``: PostgreSQL will not run as root."""
    return {"user": "nobody"} if os.geteuid() == 0 else {}


class Server:
    """One PostgreSQL with a folder of its own; ``url(schema)`` names a
    schema of its database (each test gets its own, so tests never see
    each other's tables or accounts)."""

    def __init__(self, *, durable: bool = False) -> None:
        if psycopg is None:
            raise NoServer("no psycopg: install castletui's test extra")
        self.bin = programs()
        # /tmp itself, not $TMPDIR: the server's socket path must stay short
        # (107 bytes), and under root ``nobody`` must reach the folder.
        top = "/tmp" if os.access("/tmp", os.W_OK | os.X_OK) else None
        self.folder = Path(tempfile.mkdtemp(prefix="castletui-pg-", dir=top))
        self.data = self.folder / "data"
        self.process: subprocess.Popen | None = None
        # durable: fsync at each commit, as a real server (benchmarks/stores.py).
        if os.geteuid() == 0:
            shutil.chown(self.folder, "nobody")
        subprocess.run(
            [
                self.bin / "initdb",
                "-D",
                self.data,
                "-U",
                "postgres",
                "--auth=trust",
                "-E",
                "UTF8",
                "--no-sync",
            ],
            check=True,
            capture_output=True,
            **_as_server_user(),
        )
        log = open(self.folder / "log", "wb")  # noqa: SIM115 - the server's: closed here once it has it
        self.process = subprocess.Popen(
            [
                self.bin / "postgres",
                "-D",
                self.data,
                "-k",
                self.folder,
                "-c",
                "listen_addresses=",
                *([] if durable else ["-F"]),  # no fsync (see the module's docstring)
            ],
            stdout=subprocess.DEVNULL,
            stderr=log,
            preexec_fn=processes.end_with_parent,
            **_as_server_user(),
        )
        log.close()
        self.base = f"postgresql://postgres@/postgres?host={quote(str(self.folder))}"
        self._wait_ready()

    def _wait_ready(self) -> None:
        deadline = time.monotonic() + START_SECONDS
        while True:
            try:
                psycopg.connect(self.base, connect_timeout=2).close()
                return
            except psycopg.OperationalError:
                if self.process.poll() is not None or time.monotonic() > deadline:
                    log = (self.folder / "log").read_text(errors="replace")[-2000:]
                    self.stop()
                    raise NoServer(f"PostgreSQL did not start: {log}") from None
                time.sleep(0.05)  # the server starting: looked at, bounded

    def url(self, schema: str = "") -> str:
        """The URL of a fresh schema (or of the database itself)."""
        if not schema:
            return self.base
        with psycopg.connect(self.base, autocommit=True) as connection:
            connection.execute(f'CREATE SCHEMA "{schema}"')
        return f"{self.base}&options={quote(f'-csearch_path={schema}')}"

    def fresh_database(self) -> str:
        """The URL of a database of its own (for pg_dump and pg_restore, whole)."""
        name = f"d{uuid.uuid4().hex[:12]}"
        with psycopg.connect(self.base, autocommit=True) as connection:
            connection.execute(f'CREATE DATABASE "{name}"')
        return f"postgresql://postgres@/{name}?host={quote(str(self.folder))}"

    def fresh_url(self) -> str:
        return self.url(f"t{uuid.uuid4().hex[:12]}")

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)  # fast shutdown: ends every session
            try:
                self.process.wait(30)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.process = None
        shutil.rmtree(self.folder, ignore_errors=True)
