"""One listening connection per host: the host hears the store's changes
and passes them to its players' castletuis over a Unix socket.

Why: each player's castletui is a process of its own (castletui/host/
zygote.py forks them), and a PostgreSQL LISTEN is a connection of its own;
with one each, the database's connections ran out at half its
``max_connections`` in players. The host's :class:`Relay` holds the one
LISTEN (a thread) and a Unix socket in a folder only its user can open
(another thread accepts); a castletui that the host started finds it in
``$CASTLETUI_STORE_RELAY`` and reads lines from it (:class:`RelayListener`,
the store's ``listener()``), as it would read notifications.

A castletui says first what it watches, a line: ``*`` (every table: the
lobby's watch) or ``=TABLE`` (one table: the game screen's, which is then
not woken by the other tables' moves). What goes down the socket, a line
each: ``+`` once the castletui is heard for (it looks at its table after that, so nothing falls between), ``TABLE
PLY`` for each change, and ``*`` when changes may have been missed (the
host's connection was lost and is back): every watcher then looks again at
its table from the last ply it knew. A castletui that is dropped (it read
too slowly, or the relay restarted) connects again and looks again the
same way. Nothing of the game goes through the socket: a table's id and
ply, as the notification itself.
"""

from __future__ import annotations

import contextlib
import os
import re
import select
import shutil
import socket
import stat
import tempfile
import threading
import time
from collections.abc import Callable
from typing import Any

from castletui.saves.stores.protocol import StoreError

RELAY_VARIABLE = "CASTLETUI_STORE_RELAY"
"""The relay's socket, as the host gives it to each player's castletui."""
READY, EVERY = b"+", b"*"
"""The relay's lines: heard from now on; look again at every table."""
ANY_TABLE = None
"""A change heard of no one table: ``*``."""
HEARTBEAT_S = 1.0
"""How often the relay's threads wake to ask whether to stop."""
RETRY_S = (0.05, 0.2, 1.0, 2.0)
"""The relay's waits before connecting again to a store it lost (the last repeats)."""
HELLO_S = 5.0
"""How long a castletui waits for the relay's ``+``."""
MAX_LINE = 1024
OPEN_FILES = 65536
"""What a host asks of its open-files limit: a player costs it a pty, an
SSH socket, a pidfd and up to three relay sockets, and a common soft
limit of 1024 would refuse players past some 170."""


def enough_open_files(wanted: int = OPEN_FILES) -> int:
    """Raise this process's soft limit of open files towards ``wanted``
    (never past the hard limit, never lower): the limit now."""
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
    if soft != resource.RLIM_INFINITY and soft < target:
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
    return resource.getrlimit(resource.RLIMIT_NOFILE)[0]


FOLDER_PREFIX = "castletui-relay-"
"""The relay's folder in the temporary directory: ``castletui-relay-PID-XXXXXXXX``."""
OWN_FOLDER = re.compile(rf"{FOLDER_PREFIX}(\d+)-[A-Za-z0-9_]+")
OLDER_FOLDER = re.compile(rf"{FOLDER_PREFIX}[A-Za-z0-9_]{{8}}")
"""A folder an older castletui made, without its host's process id."""
OLDER_GRACE_S = 60.0
"""An older castletui's empty folder this old is no host's: one binds its socket at once."""


def clean_stale_folders(temporary: str | None = None) -> int:
    """Remove the relay folders of this user's hosts that are gone (killed
    with SIGKILL, nothing ran to remove them): how many went. A folder is
    another user's, or its host's process still runs, or it holds more
    than its socket: it stays. An older castletui's folder names no
    process: it goes only when empty and older than OLDER_GRACE_S."""
    temporary = temporary or tempfile.gettempdir()
    removed = 0
    try:
        entries = list(os.scandir(temporary))
    except OSError:
        return 0
    for entry in entries:
        own = OWN_FOLDER.fullmatch(entry.name)
        if own is None and OLDER_FOLDER.fullmatch(entry.name) is None:
            continue
        try:
            status = entry.stat(follow_symlinks=False)
            if not stat.S_ISDIR(status.st_mode) or status.st_uid != os.getuid():
                continue  # a link, a file, or another user's: never ours to remove
            inside = os.listdir(entry.path)
            if own is not None:
                if _running(int(own.group(1))) or set(inside) - {"socket"}:
                    continue
            elif inside or time.time() - status.st_mtime < OLDER_GRACE_S:
                continue
            for name in inside:
                os.unlink(os.path.join(entry.path, name))
            os.rmdir(entry.path)
            removed += 1
        except OSError:
            continue  # gone meanwhile, or not ours to touch
    return removed


def _running(pid: int) -> bool:
    """Whether process ``pid`` exists (another user's counts: not ours to judge)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True
    return True


def _lines(notices: list[tuple[str | None, int]]) -> bytes:
    """Notifications as the relay's lines (an id that would break a line is ``*``)."""
    out = []
    for table, ply in notices:
        out.append(EVERY if table is None or "\n" in table or table == "*" else f"{table} {ply}".encode())
    return b"".join(line + b"\n" for line in out)


def _watched(client: socket.socket) -> str | None:
    """The castletui's first line: the table it watches (None: every one)."""
    client.settimeout(HELLO_S)
    line = b""
    while not line.endswith(b"\n"):
        chunk = client.recv(MAX_LINE)
        if not chunk or len(line) > MAX_LINE:
            raise OSError("not a castletui")
        line += chunk
    if line.startswith(b"="):
        return line[1:-1].decode(errors="replace")
    return None


class Relay:
    """A host's one listener: ``hearing()`` makes the store's listener (a
    connection of its own with ``heard(timeout)`` and ``close()``), made
    again when lost; what it hears goes to every castletui connected to
    ``path``."""

    def __init__(self, hearing: Callable[[], Any]) -> None:
        self._hearing = hearing
        clean_stale_folders()  # a host killed before: its folder is left in the temporary directory
        # 0700: the host user's only; named by this process, so a later host can tell it is gone.
        self._folder = tempfile.mkdtemp(prefix=f"{FOLDER_PREFIX}{os.getpid()}-")
        self.path = os.path.join(self._folder, "socket")
        self._server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self._server.bind(self.path)
        self._server.listen(128)
        self._clients: list[tuple[socket.socket, str | None]] = []
        """Each castletui's socket and the table it watches (None: every one)."""
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._threads: list[threading.Thread] = []
        self.connected = threading.Event()
        """Set while the store's listener is in place (for tests and the log)."""
        self.reconnects = 0

    def start(self) -> None:
        for target, name in ((self._accept, "relay-accept"), (self._listen, "relay-listen")):
            thread = threading.Thread(target=target, name=f"castletui-{name}", daemon=True)
            thread.start()
            self._threads.append(thread)

    def stop(self) -> None:
        """Stop passing changes on. The listening thread ends at its next
        heartbeat (its connection is its own to close), not waited for."""
        self._stop.set()
        with contextlib.suppress(OSError), socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as waking:
            waking.connect(self.path)  # the accepting thread wakes, and sees it is to stop
        for thread in self._threads[:1]:
            thread.join(HEARTBEAT_S * 3)
        with contextlib.suppress(OSError):
            self._server.close()
        with self._lock:
            for client, _ in self._clients:
                with contextlib.suppress(OSError):
                    client.close()
            self._clients.clear()
        shutil.rmtree(self._folder, ignore_errors=True)

    def listeners(self) -> int:
        with self._lock:
            return len(self._clients)

    def _accept(self) -> None:
        while not self._stop.is_set():
            try:
                client, _ = self._server.accept()
            except OSError:
                return  # closed: stopping
            if self._stop.is_set():
                client.close()
                return
            try:
                table = _watched(client)
            except OSError:
                client.close()
                continue
            client.setblocking(False)
            with self._lock:
                # Under the lock: no change is passed on between ``+`` and the client being listed.
                if self._send(client, READY + b"\n"):
                    self._clients.append((client, table))

    def _listen(self) -> None:
        failures = 0
        while not self._stop.is_set():
            try:
                listener = self._hearing()
            except StoreError:
                self._stop.wait(RETRY_S[min(failures, len(RETRY_S) - 1)])
                failures += 1
                continue
            # What changed before this LISTEN (at start, or while it was lost) was not heard.
            self._broadcast([(ANY_TABLE, -1)])
            self.connected.set()
            failures = 0
            try:
                while not self._stop.is_set():
                    heard = listener.heard(HEARTBEAT_S)
                    if heard:
                        self._broadcast(heard)
            except StoreError:
                self.connected.clear()
                self.reconnects += 1
            finally:
                listener.close()

    def _broadcast(self, heard: list[tuple[str | None, int]]) -> None:
        """Every change to every castletui that watches every table; to
        one that watches one table, its changes (and ``*``)."""
        every = _lines(heard)
        one: dict[str, bytes] = {}
        with self._lock:
            kept = []
            for client, table in self._clients:
                if table is None:
                    data = every
                elif table in one:
                    data = one[table]
                else:
                    data = one[table] = _lines([(t, ply) for t, ply in heard if t in (table, ANY_TABLE)])
                if not data or self._send(client, data):
                    kept.append((client, table))
            self._clients = kept

    @staticmethod
    def _send(client: socket.socket, data: bytes) -> bool:
        """Whether ``data`` went whole; a castletui gone, or reading too
        slowly for its socket's buffer, is dropped (it connects again and
        looks again)."""
        try:
            if client.send(data) == len(data):
                return True
        except OSError:
            pass
        with contextlib.suppress(OSError):
            client.close()
        return False


class RelayListener:
    """A player's castletui hearing the store's changes through its host's
    relay at ``path``: a store listener's ``heard``, ``plies`` (asked of
    the store itself: ``plies(table)``) and ``close``."""

    def __init__(self, path: str, plies: Callable[[str], int | None], table: str | None = None) -> None:
        self.path, self.plies, self.table = path, plies, table
        self._buffer = b""
        self._socket = self._connect()

    def _connect(self) -> socket.socket:
        connection = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            connection.settimeout(HELLO_S)
            connection.connect(self.path)
            watched = self.table is not None and "\n" not in self.table
            connection.sendall(b"=" + self.table.encode() + b"\n" if watched else EVERY + b"\n")
            hello = b""
            while not hello.endswith(b"\n"):
                chunk = connection.recv(2)
                if not chunk:
                    raise OSError("the relay closed")
                hello += chunk
            if hello != READY + b"\n":
                raise OSError("not the relay")
            connection.setblocking(False)
        except OSError as error:
            connection.close()
            raise StoreError(f"Cannot hear the table store through the host: {error}") from None
        return connection

    def heard(self, timeout: float) -> list[tuple[str | None, int]]:
        """The changes (table, ply) heard within ``timeout`` seconds: at
        once those already come, else the first to come; [] if none. A
        table of None: any table may have changed (look again)."""
        deadline = time.monotonic() + max(timeout, 0)
        while b"\n" not in self._buffer:
            left = deadline - time.monotonic()
            readable, _, _ = select.select([self._socket], [], [], max(left, 0))
            if not readable:
                return []
            try:
                data = self._socket.recv(65536)
            except BlockingIOError:
                continue
            except OSError:
                data = b""
            if not data:
                # Dropped (too slow) or the relay restarted: back, and look again.
                self._socket.close()
                self._buffer = b""
                self._socket = self._connect()
                return [(ANY_TABLE, -1)]
            self._buffer += data
            if len(self._buffer) > 64 * MAX_LINE and b"\n" not in self._buffer:
                raise StoreError("The host's relay sent what is not a change.")
        complete, _, self._buffer = self._buffer.rpartition(b"\n")
        heard: list[tuple[str | None, int]] = []
        for line in complete.split(b"\n"):
            if line == EVERY:
                heard.append((ANY_TABLE, -1))
                continue
            table, _, ply = line.decode(errors="replace").rpartition(" ")
            with contextlib.suppress(ValueError):
                heard.append((table, int(ply)))
        return heard

    def close(self) -> None:
        with contextlib.suppress(OSError):
            self._socket.close()
