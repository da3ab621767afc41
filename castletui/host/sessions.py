"""A player's castletui in its own pseudo-terminal, as ``sshd`` would give it.

Each SSH session gets a child process running castletui.host.seat's main
with ``join --as=NAME --account=ID --table-dir=DIR`` (castletui join, after
making the pty its controlling terminal) in a new session and process
group, with the client's TERM and window size: forked by the zygote
(:meth:`Terminal.forked`, zygote.py) or, with ``--session-start spawn``, a
fresh ``python -m castletui.host.seat`` (:class:`Terminal`). Either way it
is this process's child, reaped here. Bytes go both ways through the pty's master side with
asyncio readers and writers (no polling); a resize sets the window size
(TIOCSWINSZ) and signals the group (SIGWINCH).

Ending one: :meth:`Terminal.hang_up` lets castletui leave the screen tidy
(SIGHUP while its output still flows to the player), :meth:`Terminal.close`
is for a player who is gone (the master closed first). Either way SIGHUP,
then SIGTERM, then SIGKILL to the whole process group after short grace
periods, and the child is reaped: no zombie and no process is left behind.
Its exit is seen through a pidfd (Linux 5.3+); elsewhere by looking every
half second while it is being ended.
"""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import os
import re
import signal
import struct
import subprocess
import sys
import termios
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from castletui.kept_settings import ACCOUNT_VARIABLE as SETTINGS_ACCOUNT_VARIABLE
from castletui.saves.stores import ENVIRONMENT_VARIABLE as STORE_VARIABLE
from castletui.saves.stores.relay import RELAY_VARIABLE

if TYPE_CHECKING:
    from castletui.host.forks import Zygote

GRACE_SECONDS = 2.0
"""How long castletui gets after SIGHUP (and again after SIGTERM) to leave by itself."""

MAX_COLUMNS, MAX_ROWS = 500, 200
"""A bigger window is shrunk to this: Textual draws every cell, and a client
asking for 4 billion columns must not make the host draw them."""

OUT_OF_MEMORY = 12
"""The exit status of a player's castletui that ran out of its memory
(ENOMEM's number; seat.py sets the cap and the status)."""

DEFAULT_SIZE = (80, 24)
MAX_PENDING_INPUT = 64 * 1024
"""Keys not yet taken by castletui beyond this pause the SSH channel."""

QUIET_DRIVER = "castletui.host.quiet_driver:QuietDriver"
"""The players' Textual driver (the name only: the server does not import Textual)."""

_TERM_PATTERN = re.compile(r"[A-Za-z0-9][A-Za-z0-9._+-]{0,63}")


def terminal_type(requested: str) -> str:
    """The client's TERM if it is a plain terminal name, else xterm-256color."""
    return requested if _TERM_PATTERN.fullmatch(requested or "") else "xterm-256color"


def clamp_size(columns: int, rows: int) -> tuple[int, int]:
    """A window size castletui can draw: 0 (unknown) is 80x24, too big is shrunk."""
    columns = columns if columns > 0 else DEFAULT_SIZE[0]
    rows = rows if rows > 0 else DEFAULT_SIZE[1]
    return min(columns, MAX_COLUMNS), min(rows, MAX_ROWS)


def seat_arguments(
    name: str, account: str, table_dir: Path, memory_mib: int = 0, *, plain: bool = False
) -> list[str]:
    """What seat.py is given: it plays as the account ``account`` (its
    id: its seats are the id's, saves.owners) and sits down as ``name``
    (``--as=NAME`` in one word: a name may start with a dash); seat.py caps
    its address space at ``memory_mib`` first. ``plain``: the player asked
    for plain lines (``ssh -t HOST plain``)."""
    return [
        f"--memory-mib={memory_mib}",
        "join",
        *(["--plain"] if plain else []),
        f"--as={name}",
        f"--account={account}",
        f"--table-dir={table_dir}",
    ]


def seat_command(
    name: str, account: str, table_dir: Path, memory_mib: int = 0, *, plain: bool = False
) -> list[str]:
    """The spawned child's command line (``--session-start spawn``)."""
    return [
        sys.executable,
        "-m",
        "castletui.host.seat",
        *seat_arguments(name, account, table_dir, memory_mib, plain=plain),
    ]


def child_environment(
    term: str, config_dir: Path | None = None, store: str = "", relay: str = ""
) -> dict[str, str]:
    """What the child sees: nothing the client sent (environment requests
    are refused), only what castletui needs from the host's own, its
    account's own settings folder (``config_dir``): a theme a player picks
    is theirs, never written into the host user's settings; and the
    host's PostgreSQL ``store``, where it has one (saves.stores), with the
    socket of the host's ``relay`` of its changes (saves.stores.relay)."""
    environment = {
        "PATH": os.environ.get("PATH", os.defpath),
        "HOME": os.environ.get("HOME", "/"),
        "TERM": term,
        "LANG": "C.UTF-8",
        # Its input thread sleeps until a key comes (quiet_driver.py): an idle player costs nothing.
        "TEXTUAL_DRIVER": QUIET_DRIVER,
    }
    for name, value in os.environ.items():
        if name.startswith("CASTLETUI_") or name in ("PYTHONPATH", "TZ"):
            environment[name] = value
    # Whose settings the store gives is the server's to say, per account (never the host's own).
    environment.pop(SETTINGS_ACCOUNT_VARIABLE, None)
    if config_dir is not None:
        environment["CASTLETUI_CONFIG_DIR"] = str(config_dir)
    if store:
        environment[STORE_VARIABLE] = store
    if relay:
        environment[RELAY_VARIABLE] = relay
    return environment


class Terminal:
    """One child castletui on a pseudo-terminal. ``on_output(bytes)`` gets
    what it draws; ``on_exit(status)`` is called once when it has ended
    by itself and every byte it wrote was passed on."""

    def __init__(
        self,
        argv: list[str],
        environment: dict[str, str],
        size: tuple[int, int],
        on_output: Callable[[bytes], None],
        on_exit: Callable[[int], None],
        *,
        on_input_paused: Callable[[bool], None] = lambda paused: None,
        cwd: Path | None = None,
    ) -> None:
        """A spawned castletui (``argv``: a whole command line)."""
        self.master, slave = self._open(on_output, on_exit, on_input_paused, size)
        try:
            process = subprocess.Popen(
                argv,
                stdin=slave,
                stdout=slave,
                stderr=slave,
                env=environment,
                cwd=cwd,
                start_new_session=True,  # its own session and process group
                close_fds=True,
            )
        except OSError:
            os.close(self.master)
            raise
        finally:
            os.close(slave)
        self._watch(process.pid, process.wait)

    @classmethod
    async def forked(
        cls,
        zygote: Zygote,
        arguments: list[str],
        environment: dict[str, str],
        size: tuple[int, int],
        on_output: Callable[[bytes], None],
        on_exit: Callable[[int], None],
        *,
        on_input_paused: Callable[[bool], None] = lambda paused: None,
        cwd: Path,
    ) -> Terminal:
        """A castletui forked by the zygote (zygote.py; ``arguments``:
        seat.py's), a child of this process as a spawned one is."""
        terminal = cls.__new__(cls)
        terminal.master, slave = terminal._open(on_output, on_exit, on_input_paused, size)
        try:
            pid = await zygote.fork(arguments, environment, str(cwd), slave)
        except BaseException:
            os.close(terminal.master)
            raise
        finally:
            os.close(slave)
        terminal._watch(pid, lambda: _reap(pid))
        return terminal

    def _open(
        self,
        on_output: Callable[[bytes], None],
        on_exit: Callable[[int], None],
        on_input_paused: Callable[[bool], None],
        size: tuple[int, int],
    ) -> tuple[int, int]:
        self.loop = asyncio.get_running_loop()
        self.on_output, self.on_exit, self.on_input_paused = on_output, on_exit, on_input_paused
        master, slave = os.openpty()  # both non-inheritable
        self.master = master
        self._set_size(*clamp_size(*size))
        return master, slave

    def _watch(self, pid: int, reap: Callable[[], int]) -> None:
        """Follow the child ``pid``; ``reap()`` waits for it and gives its status."""
        self.pid = pid
        self._reap = reap
        os.set_blocking(self.master, False)
        self.exited: asyncio.Future[int] = self.loop.create_future()
        self._pending = bytearray()
        self._reading = False
        self._master_open = True
        self._ended = False  # someone is ending it: on_exit is theirs to call
        self._pidfd = -1
        with contextlib.suppress(AttributeError, OSError):
            self._pidfd = os.pidfd_open(self.pid)
        if self._pidfd >= 0:
            self.loop.add_reader(self._pidfd, self._child_exited)
        else:
            self._poll_later()
        self.resume_output()

    # --- the window -------------------------------------------------------

    def _set_size(self, columns: int, rows: int) -> None:
        with contextlib.suppress(OSError):
            fcntl.ioctl(self.master, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))

    def resize(self, columns: int, rows: int) -> None:
        if not self._master_open:
            return
        self._set_size(*clamp_size(columns, rows))
        self._signal(signal.SIGWINCH)

    # --- bytes both ways --------------------------------------------------

    def pause_output(self) -> None:
        """The player's side is not taking more: stop reading, and castletui
        waits on a full pty instead of the host buffering without end."""
        if self._reading:
            self.loop.remove_reader(self.master)
            self._reading = False

    def resume_output(self) -> None:
        if not self._reading and self._master_open:
            self.loop.add_reader(self.master, self._readable)
            self._reading = True

    def _readable(self) -> None:
        try:
            data = os.read(self.master, 65536)
        except BlockingIOError:
            return
        except OSError:
            data = b""  # EIO: every process on the slave side has gone
        if data:
            self.on_output(data)
        else:
            self.pause_output()

    def write(self, data: bytes) -> None:
        """Keys from the player, in order; beyond MAX_PENDING_INPUT the channel is paused."""
        if not self._master_open:
            return
        if not self._pending:
            try:
                written = os.write(self.master, data)
            except BlockingIOError:
                written = 0
            except OSError:
                return
            data = data[written:]
            if not data:
                return
            self.loop.add_writer(self.master, self._writable)
        self._pending += data
        if len(self._pending) > MAX_PENDING_INPUT:
            self.on_input_paused(True)

    def _writable(self) -> None:
        try:
            written = os.write(self.master, self._pending)
        except BlockingIOError:
            return
        except OSError:
            written = len(self._pending)
        del self._pending[:written]
        if not self._pending:
            self.loop.remove_writer(self.master)
            self.on_input_paused(False)

    # --- its end ----------------------------------------------------------

    def _poll_later(self) -> None:
        self.loop.call_later(0.5, self._poll)

    def _poll(self) -> None:
        if self.exited.done():
            return
        if _has_exited(self.pid):
            self._child_exited()
        else:
            self._poll_later()

    def _child_exited(self) -> None:
        """The session leader has ended (a zombie until reaped): whatever is
        left of its group goes too, while the zombie still holds the group's
        id so no other process can have it, then it is reaped."""
        if self._pidfd >= 0:
            self.loop.remove_reader(self._pidfd)
            os.close(self._pidfd)
            self._pidfd = -1
        if self.exited.done():
            return
        self._signal(signal.SIGKILL)
        status = self._reap()
        self._drain()
        self._close_master()
        self.exited.set_result(status)
        if not self._ended:
            self.on_exit(status)

    def _drain(self) -> None:
        """Pass on what castletui wrote last (it restores the player's terminal)."""
        if not self._master_open or not self._reading:
            return
        for _ in range(64):
            try:
                data = os.read(self.master, 65536)
            except OSError:
                return
            if not data:
                return
            self.on_output(data)

    def _close_master(self) -> None:
        if not self._master_open:
            return
        self.pause_output()
        if self._pending:
            self.loop.remove_writer(self.master)
            self._pending.clear()
        self._master_open = False
        os.close(self.master)

    def _signal(self, number: int) -> None:
        if self.exited.done():
            return  # reaped: its group id may belong to someone else now
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(self.pid, number)

    async def close(self) -> int:
        """The player is gone: close the master, then end the group."""
        self._ended = True
        self._close_master()
        return await self._end()

    async def hang_up(self) -> int:
        """End castletui while its last output still reaches the player
        (a timeout, the server stopping); the master is closed after."""
        self._ended = True
        status = await self._end()
        self._close_master()
        return status

    async def _end(self) -> int:
        for number in (signal.SIGHUP, signal.SIGTERM, signal.SIGKILL):
            self._signal(number)
            with contextlib.suppress(asyncio.TimeoutError):
                return await asyncio.wait_for(asyncio.shield(self.exited), GRACE_SECONDS)
        return await self.exited  # SIGKILL cannot be refused


def _reap(pid: int) -> int:
    """Wait for the child ``pid`` (it has ended): its status as Popen.wait gives it."""
    while True:
        try:
            _, status = os.waitpid(pid, 0)
        except InterruptedError:
            continue
        except ChildProcessError:
            return -signal.SIGKILL  # reaped by someone else: it is gone, how is not known
        return os.waitstatus_to_exitcode(status)


def _has_exited(pid: int) -> bool:
    """Whether the child has ended, without reaping it (WNOWAIT)."""
    try:
        return os.waitid(os.P_PID, pid, os.WEXITED | os.WNOHANG | os.WNOWAIT) is not None
    except ChildProcessError:
        return True
