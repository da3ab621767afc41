"""The server's side of the session zygote (zygote.py): start it, ask it
for a session over a Unix socket (SOCK_SEQPACKET, the pty's slave side
passed with SCM_RIGHTS), start another if it dies. Only the standard
library: the server does not import castletui's app or Textual.

The zygote forks each session twice so that it is re-parented to the
server, which makes itself the subreaper of its descendants
(:func:`become_subreaper`): the server reaps each session, knows its exit
status and signals its process group exactly as for a spawned one."""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import json
import os
import socket
import subprocess
import sys
import time

PR_SET_PDEATHSIG = 1
PR_SET_NAME = 15
_PR_SET_CHILD_SUBREAPER = 36

ZYGOTE_NAME = b"castletui-fork"
"""The zygote's name in ps and /proc/PID/comm (15 bytes at most)."""

SESSION_NAME = b"castletui"
"""A forked session's name in ps and /proc/PID/comm."""

MAX_MESSAGE = 256 * 1024
"""The longest request or reply on the zygote's socket."""


def prctl(option: int, value: int | bytes) -> int:
    libc = ctypes.CDLL(None, use_errno=True)
    return libc.prctl(option, value, 0, 0, 0)


def become_subreaper() -> bool:
    """Make this process (the server) the parent of every orphaned descendant:
    the forked sessions. False where Linux does not have it."""
    try:
        return prctl(_PR_SET_CHILD_SUBREAPER, 1) == 0
    except (OSError, AttributeError):
        return False


class ZygoteGone(OSError):
    """The zygote ended before it answered."""


RESTARTS = 5
"""Zygotes started within RESTART_WINDOW seconds before the server stops
starting them and sessions are spawned instead (a zygote that cannot live)."""
RESTART_WINDOW = 60.0


class Zygote:
    """The server's handle on its zygote: :meth:`fork` asks it for a
    session's pid; if it dies it is started again (and a request it took
    with it is asked of the new one)."""

    def __init__(self, environment: dict[str, str], label: str = "") -> None:
        self.loop = asyncio.get_running_loop()
        self.environment = environment
        self.label = label
        self.process: subprocess.Popen | None = None
        self.control: socket.socket | None = None
        self._waiting: list = []  # futures, in the order of their requests
        self._starts: list[float] = []
        self.closed = False

    @property
    def pid(self) -> int:
        return self.process.pid if self.process is not None else 0

    @property
    def usable(self) -> bool:
        """False once it died too often: the server spawns sessions instead."""
        recent = [t for t in self._starts if time.monotonic() - t < RESTART_WINDOW]
        return not self.closed and len(recent) <= RESTARTS

    def start(self) -> None:
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        command = [sys.executable, "-m", "castletui.host.zygote", str(theirs.fileno()), str(os.getpid())]
        if self.label:
            command.append(self.label)
        try:
            self.process = subprocess.Popen(
                command,
                stdin=subprocess.DEVNULL,
                env=self.environment,
                pass_fds=[theirs.fileno()],
                start_new_session=True,  # a ctrl+c at the host's terminal is the server's to handle
                close_fds=True,
            )
        finally:
            theirs.close()
        self._starts.append(time.monotonic())
        ours.setblocking(False)
        self.control = ours
        self.loop.add_reader(ours, self._readable)

    async def fork(self, argv: list[str], environment: dict[str, str], cwd: str, slave: int) -> int:
        """A new session on the pty whose slave side is ``slave`` (the
        caller closes it): its pid, a child of this process."""
        request = json.dumps({"argv": argv, "environment": environment, "cwd": cwd}).encode()
        for _attempt in range(2):
            if self.control is None:
                if not self.usable:
                    break
                self.start()
            assert self.control is not None
            waiting = self.loop.create_future()
            self._waiting.append(waiting)
            try:
                socket.send_fds(self.control, [request], [slave])
            except OSError:
                self._waiting.remove(waiting)
                self._died()
                continue
            try:
                reply = await waiting
            except ZygoteGone:
                continue
            if "pid" in reply:
                return int(reply["pid"])
            raise OSError(f"the zygote could not fork: {reply.get('error')}")
        raise ZygoteGone("the zygote is not running")

    def _readable(self) -> None:
        assert self.control is not None
        try:
            message = self.control.recv(MAX_MESSAGE)
        except BlockingIOError:
            return
        except OSError:
            message = b""
        if not message:
            self._died()
            return
        reply = json.loads(message)
        if self._waiting:
            waiting = self._waiting.pop(0)
            if not waiting.done():
                waiting.set_result(reply)

    def _died(self) -> None:
        """Its socket closed: whoever waited is told, it is reaped, and the
        next request starts another."""
        if self.control is not None:
            self.loop.remove_reader(self.control)
            self.control.close()
            self.control = None
        waiting, self._waiting = self._waiting, []
        for future in waiting:
            if not future.done():
                future.set_exception(ZygoteGone("the zygote ended"))
        process, self.process = self.process, None
        if process is not None:
            self._reap(process)
        if not self.closed and self.usable:
            # At once, not at the next request: the new one imports while nobody waits.
            self.start()

    def _reap(self, process: subprocess.Popen) -> None:
        with contextlib.suppress(OSError):
            process.kill()  # its socket closed: it is on its way out, or must be
        if process.poll() is None:
            self.loop.call_later(0.05, self._reap, process)

    def close(self) -> None:
        """The server stops: the zygote ends (it reads the socket's end)."""
        self.closed = True
        self._died()
