"""A real ``castletui host`` on a free 127.0.0.1 port with a temporary data
folder, and real asyncssh clients with keys made for the test: what the
tests of tests/host share. Every wait is for a condition (an event in the
host's events file, words on a player's screen), bounded generously."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import re
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

from castletui.host.forks import SESSION_NAME
from tests import processes

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
    """``castletui host`` in its own process group. The test learns where it
    listens from its ready file and what it did from its events file (both
    made for programs: castletui/host/events.py), never from its log, which
    is for people and goes to ``log_path``."""

    def __init__(self, root: Path, *options: str, players: dict[str, object] | None = None) -> None:
        self.root = root
        self.data_dir = root / "data"
        self.table_dir = root / "tables"
        self.players_file = self.data_dir / "players.toml"
        self.ready_path = root / "ready.json"
        self.events_path = root / "events.jsonl"
        self.log_path = root / "host.log"
        self.config_dir = root / "config"  # the host user's own settings
        root.mkdir(parents=True, exist_ok=True)
        environment = dict(os.environ)
        environment.update(
            CASTLETUI_DATA_DIR=str(root / "castletui-data"),
            CASTLETUI_SAVE_DIR=str(root / "saves"),
            CASTLETUI_BOT_DELAY="0",
            CASTLETUI_CONFIG_DIR=str(self.config_dir),
        )
        environment.pop("CASTLETUI_TABLE_DIR", None)
        for name, key in (players or {}).items():
            self.add(name, key)
        command = [sys.executable, "-m", "castletui", "host", "--listen", "127.0.0.1", "--port", "0"]
        command += ["--data-dir", str(self.data_dir), "--table-dir", str(self.table_dir)]
        command += ["--ready-file", str(self.ready_path), "--events-file", str(self.events_path), *options]
        with open(self.log_path, "wb") as log:
            self.process = subprocess.Popen(
                command,
                stdin=subprocess.DEVNULL,
                stdout=log,
                stderr=subprocess.STDOUT,
                env=environment,
                cwd=root,  # as a player's host runs: anywhere but castletui's checkout
                # Its own group: a ctrl+c in the terminal running pytest is not
                # its, and the group is ended as one (processes.end_tree).
                start_new_session=True,
                preexec_fn=processes.end_with_parent,
            )
        self.port = 0

    def wait_ready(self) -> None:
        """Wait for the ready file, then know the port."""
        self.port = self._ready().port

    def _ready(self):
        from castletui.host.events import read_ready_file

        deadline = time.monotonic() + WAIT_SECONDS
        while True:
            with contextlib.suppress(OSError):
                return read_ready_file(self.ready_path)  # written whole, then renamed
            if self.process.poll() is not None:
                raise AssertionError(f"castletui host exited ({self.process.returncode}): {self.log()}")
            if time.monotonic() > deadline:
                raise AssertionError(f"castletui host was not ready in {WAIT_SECONDS} s: {self.log()}")
            time.sleep(0.02)  # another process's file: looked at, bounded

    def log(self) -> str:
        """The host's log, for a failure's message (never read for facts)."""
        with contextlib.suppress(OSError):
            return self.log_path.read_text(errors="replace")[-4000:]
        return ""

    def add(self, name: str, key, *more: str) -> None:
        from castletui.host.players import Players, parse_key

        Players(self.players_file).add(
            name, parse_key(key.export_public_key().decode()), also="--also" in more
        )

    def events(self) -> list[dict]:
        """Every event the host has written so far, oldest first."""
        with contextlib.suppress(FileNotFoundError):
            data = self.events_path.read_bytes()
            return [json.loads(line) for line in data.splitlines(keepends=True) if line.endswith(b"\n")]
        return []

    def wait_event_blocking(self, start: int = 0, timeout: float = WAIT_SECONDS, **fields: str) -> dict:
        """The first event (from index ``start``) whose fields have these values."""
        deadline = time.monotonic() + timeout
        while True:
            for event in self.events()[start:]:
                if all(event.get(name, "") == value for name, value in fields.items()):
                    return event
            if self.process.poll() is not None:
                raise AssertionError(f"castletui host exited; events: {self.events()}; log: {self.log()}")
            if time.monotonic() > deadline:
                raise AssertionError(f"no event {fields} in {timeout} s; events: {self.events()}")
            time.sleep(0.02)  # another process's file: looked at, bounded

    async def event(self, start: int = 0, **fields: str) -> dict:
        return await asyncio.to_thread(self.wait_event_blocking, start, **fields)

    def children(self) -> list[int]:
        """The server's child processes that are players' castletuis (not its zygote)."""
        return [pid for pid, parent in _processes() if parent == self.process.pid and not _is_zygote(pid)]

    def zygote(self) -> int | None:
        """The server's zygote (castletui/host/zygote.py), if it runs one."""
        for pid, parent in _processes():
            if parent == self.process.pid and _is_zygote(pid):
                return pid
        return None

    def stop(self) -> int:
        """SIGINT, as ctrl+c would; past the wait, the whole tree is killed.
        Either way no process it started is left."""
        tree = processes.descendants(self.process.pid)
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            try:
                self.process.wait(WAIT_SECONDS)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait()
        processes.end_tree(tree)
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


def _is_zygote(pid: int) -> bool:
    """The zygote runs castletui.host.zygote (from its start, before it names
    itself); a session it forked has its command line but names itself."""
    try:
        command = Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return False
    return b"castletui.host.zygote" in command and command_name(pid) != SESSION_NAME.decode()


def command_name(pid: int) -> str:
    """What ps calls ``pid`` (/proc/PID/comm)."""
    with contextlib.suppress(OSError):
        return Path(f"/proc/{pid}/comm").read_text().strip()
    return ""


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
    async def connect(cls, port: int, key, *, source: str = "") -> Player:
        """Log in with ``key`` (from the loopback address ``source``, as 127.0.0.2,
        to be another machine than the other players)."""
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
                local_addr=(source, 0) if source else None,
            )
        except asyncssh.PermissionDenied as error:
            error.banner = banner
            raise
        return cls(connection, banner)

    async def open_terminal(self, size: tuple[int, int] = (80, 24), command: str | None = None) -> None:
        """A terminal (``ssh -t``), running ``command`` where one is given."""
        self.process = await self.connection.create_process(
            command, term_type="xterm-256color", term_size=size, encoding=None
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

    async def open_bare_session(self):
        """A session channel that asks for nothing, not even a terminal."""
        channel = asyncssh.channel.SSHClientChannel(
            self.connection, asyncio.get_running_loop(), "strict", None, "strict", 2**20, 32768
        )
        await channel._open(b"session")
        return channel

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

    async def wait_for_one_of(self, *options: str, since: int = 0, timeout: float = WAIT_SECONDS) -> str:
        """Whichever of ``options`` shows first in the screen text from ``since``."""
        deadline = asyncio.get_running_loop().time() + timeout
        while True:
            text = self.text(since)
            found = [option for option in options if option in text]
            if found:
                return min(found, key=text.index)
            if self._reader is not None and self._reader.done():
                raise AssertionError(f"the session ended before any of {options} showed: {text[-2000:]!r}")
            remaining = deadline - asyncio.get_running_loop().time()
            if remaining <= 0:
                raise AssertionError(f"none of {options} showed in {timeout} s; it showed: {text[-2000:]!r}")
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

        def start(
            *options: str, players: dict | None = None, root: Path | None = None, wait: bool = True
        ) -> RunningHost:
            """``wait=False``: do not wait for it to be ready (it may refuse to start)."""
            host = RunningHost(root or Path(short) / f"h{len(hosts)}", *options, players=players)
            hosts.append(host)  # stopped after the test, even if it never gets ready
            if wait:
                host.wait_ready()
            return host

        try:
            yield start
        finally:
            for host in hosts:
                host.stop()
