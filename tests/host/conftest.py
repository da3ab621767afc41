"""A real ``castletui host`` on a free 127.0.0.1 port with a temporary data
folder, and real asyncssh clients with keys made for the test: what the
tests of tests/host share. Every wait is for a condition (a line in the
server's log, words on a player's screen), bounded generously."""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import signal
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import pytest

asyncssh = pytest.importorskip("asyncssh")

WAIT_SECONDS = 60.0

# What a terminal acts on rather than shows: CSI and OSC sequences, charset
# and keypad switches. What is left is the text Textual drew, in order.
_ESCAPES = re.compile(
    rb"\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(\x07|\x1b\\)|\x1bP[^\x1b]*\x1b\\|\x1b[()][0-9A-Za-z]|\x1b[=>78MDEc]"
)


def plain(data: bytes) -> str:
    return _ESCAPES.sub(b"", bytes(data)).decode("utf-8", "replace")


class RunningHost:
    """``castletui host`` in its own process; ``lines`` is its log so far."""

    def __init__(self, root: Path, *options: str, players: dict[str, object] | None = None) -> None:
        self.root = root
        self.data_dir = root / "data"
        self.table_dir = root / "tables"
        self.players_file = self.data_dir / "players.toml"
        environment = dict(os.environ)
        environment.update(
            CASTLETUI_DATA_DIR=str(root / "castletui-data"),
            CASTLETUI_SAVE_DIR=str(root / "saves"),
            CASTLETUI_BOT_DELAY="0",
        )
        environment.pop("CASTLETUI_TABLE_DIR", None)
        for name, key in (players or {}).items():
            self.add(name, key)
        command = [sys.executable, "-m", "castletui", "host", "--listen", "127.0.0.1", "--port", "0"]
        command += ["--data-dir", str(self.data_dir), "--table-dir", str(self.table_dir), *options]
        self.process = subprocess.Popen(
            command,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            env=environment,
            start_new_session=True,  # a ctrl+c in the terminal running pytest is not its
        )
        self.lines: list[str] = []
        self._changed = threading.Condition()
        threading.Thread(target=self._read, daemon=True).start()
        line = self.wait_line("port ")
        self.port = int(re.search(r"port (\d+)", line).group(1))

    def add(self, name: str, key, *more: str) -> None:
        from castletui.host.players import Players, parse_key

        Players(self.players_file).add(
            name, parse_key(key.export_public_key().decode()), also="--also" in more
        )

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            with self._changed:
                self.lines.append(line.rstrip("\n"))
                self._changed.notify_all()
        with self._changed:
            self.lines.append("<exited>")
            self._changed.notify_all()

    def wait_line(self, *words: str, timeout: float = WAIT_SECONDS, start: int = 0) -> str:
        """The first log line (from ``start``) with every one of ``words``."""
        deadline = time.monotonic() + timeout
        with self._changed:
            while True:
                for line in self.lines[start:]:
                    if all(word in line for word in words):
                        return line
                    if line == "<exited>":
                        raise AssertionError(f"castletui host exited; its log: {self.lines}")
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    raise AssertionError(f"no log line with {words} in {timeout} s; the log: {self.lines}")
                self._changed.wait(remaining)

    async def log_line(self, *words: str, start: int = 0) -> str:
        return await asyncio.to_thread(self.wait_line, *words, start=start)

    def children(self) -> list[int]:
        """The server's child processes (each player's castletui)."""
        return [pid for pid, parent in _processes() if parent == self.process.pid]

    def stop(self) -> int:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            try:
                self.process.wait(WAIT_SECONDS)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait()
        return self.process.returncode


def _processes() -> list[tuple[int, int]]:
    """(pid, parent pid) of every process, from /proc."""
    rows = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        with contextlib.suppress(OSError, IndexError, ValueError):
            stat = Path(f"/proc/{entry}/stat").read_text()
            fields = stat[stat.rindex(")") + 2 :].split()
            rows.append((int(entry), int(fields[1])))
    return rows


def process_group_members(group: int) -> list[int]:
    members = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        with contextlib.suppress(OSError, IndexError, ValueError):
            stat = Path(f"/proc/{entry}/stat").read_text()
            if int(stat[stat.rindex(")") + 2 :].split()[2]) == group:
                members.append(int(entry))
    return members


def exists(pid: int) -> bool:
    """Whether ``pid`` is still a process (a zombie counts: it was not reaped)."""
    return Path(f"/proc/{pid}").exists()


class Player:
    """One ssh client as a player: a connection, and a terminal whose bytes
    are kept to be read as text."""

    def __init__(self, connection, banner: list[str]) -> None:
        self.connection = connection
        self.banner = banner
        self.process = None
        self.data = bytearray()
        self._more = asyncio.Event()
        self._reader: asyncio.Task | None = None

    @classmethod
    async def connect(cls, port: int, key) -> Player:
        banner: list[str] = []

        class Client(asyncssh.SSHClient):
            def auth_banner_received(self, msg: str, lang: str) -> None:
                banner.append(msg)

        try:
            connection, _ = await asyncssh.create_connection(
                Client,
                "127.0.0.1",
                port,
                username="player",
                client_keys=[key],
                known_hosts=None,
                agent_path=None,
                config=None,
                password_auth=False,
                kbdint_auth=False,
            )
        except asyncssh.PermissionDenied as error:
            error.banner = banner
            raise
        return cls(connection, banner)

    async def open_terminal(self, size: tuple[int, int] = (80, 24)) -> None:
        self.process = await self.connection.create_process(
            term_type="xterm-256color", term_size=size, encoding=None
        )
        self._reader = asyncio.ensure_future(self._read())

    async def _read(self) -> None:
        while True:
            chunk = await self.process.stdout.read(65536)
            if not chunk:
                break
            self.data += chunk
            self._more.set()
        self._more.set()

    def mark(self) -> int:
        return len(self.data)

    def text(self, since: int = 0) -> str:
        return plain(self.data[since:])

    async def wait_for(
        self, *words: str, since: int = 0, timeout: float = WAIT_SECONDS, width: int = 0
    ) -> str:
        """The screen text from ``since`` once every one of ``words`` is in
        it (with ``width``: on one line at least that wide, a frame drawn at
        that width, not one already on its way when the size changed)."""
        deadline = asyncio.get_running_loop().time() + timeout
        while True:
            text = self.text(since)
            if width:
                lines = [line for line in text.splitlines() if len(line) >= width]
                if all(any(word in line for line in lines) for word in words):
                    return text
            elif all(word in text for word in words):
                return text
            if self._reader is not None and self._reader.done():
                raise AssertionError(f"the session ended before {words} showed; it showed: {text[-2000:]!r}")
            remaining = deadline - asyncio.get_running_loop().time()
            if remaining <= 0:
                raise AssertionError(f"{words} did not show in {timeout} s; it showed: {text[-2000:]!r}")
            self._more.clear()
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(self._more.wait(), remaining)

    def send(self, data: bytes) -> None:
        self.process.stdin.write(data)

    async def ended(self) -> int | None:
        await asyncio.wait_for(self.process.wait_closed(), WAIT_SECONDS)
        return self.process.exit_status

    async def close(self) -> None:
        self.connection.close()
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self.connection.wait_closed(), WAIT_SECONDS)
        if self._reader is not None:
            self._reader.cancel()


@pytest.fixture(scope="session")
def keys():
    """Client keys made for the tests: alice, bob, carol, stranger."""
    return {
        name: asyncssh.generate_private_key("ssh-ed25519", comment=name)
        for name in ("alice", "bob", "carol", "stranger")
    }


@pytest.fixture
def start_host():
    """Start ``castletui host`` with the given options (stopped after the
    test). Its folders are in a short temporary path: the lobby's title names
    the table folder, and pytest's own paths under xdist are long enough to
    wrap it at 80 columns, splitting the words the tests wait for."""
    hosts: list[RunningHost] = []
    with tempfile.TemporaryDirectory(prefix="cth-") as short:

        def start(*options: str, players: dict | None = None, root: Path | None = None) -> RunningHost:
            host = RunningHost(root or Path(short) / f"h{len(hosts)}", *options, players=players)
            hosts.append(host)
            return host

        yield start
        for host in hosts:
            host.stop()
