"""The session zygote of ``castletui host --session-start fork``: one
process that has imported castletui, Textual and every game's rules once,
and forks a player's castletui from itself (copy-on-write) instead of the
server starting Python and importing them again for every session.

The server runs threads (asyncio's resolver, asyncssh), and a process with
threads may not fork and go on running Python. So the zygote is a process
of its own, started by the server, single-threaded (it checks), and the
server asks it over a Unix socket (SOCK_SEQPACKET: one message, one
request) for a session, passing the pty's slave side with SCM_RIGHTS. The
zygote forks twice: the middle process exits at once, so the session is
re-parented to the server, which is the children's subreaper
(PR_SET_CHILD_SUBREAPER). The server is then the session's parent exactly
as with a spawned one: it reaps it, knows its exit status, signals its
process group with no risk of the id being reused, and a session lives on
if the zygote dies (the server starts another).

In the session, before castletui runs (:func:`_become_session`): its own
session and process group with the pty as controlling terminal, only fds
0-2 open (the pty), the default signal handlers, the environment the
server gave (the account's settings folder: sessions.child_environment),
its folder, fresh standard streams, ``random`` re-seeded and no logging
handler of the zygote's; then seat.py as a spawned session runs it (umask
077, RLIMIT_AS, the exit status when out of memory). It gets SIGHUP when
the server dies (PR_SET_PDEATHSIG, set once it is the server's child, and
the pty's hang-up), and the zygote gets SIGKILL when the server dies.
"""

from __future__ import annotations

import contextlib
import ctypes
import gc
import importlib
import io
import json
import os
import pkgutil
import signal
import socket
import subprocess
import sys
import threading
import time

_PR_SET_PDEATHSIG = 1
_PR_SET_NAME = 15
_PR_SET_CHILD_SUBREAPER = 36

ZYGOTE_NAME = b"castletui-fork"
"""The zygote's name in ps and /proc/PID/comm (15 bytes at most)."""

SESSION_NAME = b"castletui"
"""A forked session's name in ps and /proc/PID/comm."""

MAX_MESSAGE = 256 * 1024
PRELOADED = ("castletui", "rules")
"""The packages the zygote imports whole before it forks anything."""

SKIPPED = ("castletui.__main__", "castletui.host.server", "castletui.host.zygote")
"""Modules not imported: one runs the command line, one brings asyncssh."""

_kept_streams: list[io.IOBase] = []
"""The zygote's standard streams, kept so that collecting them never closes fd 0-2 in a session."""


def _prctl(option: int, value: int | bytes) -> int:
    libc = ctypes.CDLL(None, use_errno=True)
    return libc.prctl(option, value, 0, 0, 0)


def become_subreaper() -> bool:
    """Make this process (the server) the parent of every orphaned descendant:
    the forked sessions. False where Linux does not have it."""
    try:
        return _prctl(_PR_SET_CHILD_SUBREAPER, 1) == 0
    except (OSError, AttributeError):
        return False


# --- the server's side ------------------------------------------------------------


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
        import asyncio

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


# --- the zygote process ----------------------------------------------------------


def preload() -> list[str]:
    """Import every module of castletui and of the rules; those that fail
    (an optional dependency not installed) are left for the session to
    fail on as a spawned one would. Returns their names."""
    failed = []
    for package_name in PRELOADED:
        package = importlib.import_module(package_name)
        for module in pkgutil.walk_packages(package.__path__, f"{package_name}."):
            if module.name in SKIPPED or module.name.startswith("castletui.commands.host"):
                continue
            try:
                importlib.import_module(module.name)
            except Exception:  # noqa: BLE001 - any import error is the session's to meet
                failed.append(module.name)
    # Textual's own pieces a session loads when it starts.
    for name in ("textual.drivers.linux_driver", "textual._xterm_parser", "asyncio.unix_events"):
        with contextlib.suppress(ImportError):
            importlib.import_module(name)
    return failed


def warm_up() -> bool:
    """Show an empty lobby once, headless, in a folder of its own: what
    Textual and castletui compute once per process on the way to a first
    frame (caches, lazily made tables) is then the zygote's, shared,
    rather than each session's (a forked lobby comes ~15 % sooner). No
    table is read: nothing of any game is in the zygote. False if it
    failed (the zygote forks without it)."""
    import asyncio
    import tempfile
    from pathlib import Path

    saved = dict(os.environ)
    try:
        with tempfile.TemporaryDirectory(prefix="castletui-warm-") as folder:
            root = Path(folder)
            tables = root / "tables"
            tables.mkdir(mode=0o700)
            os.environ.update(
                CASTLETUI_CONFIG_DIR=str(root / "config"),
                CASTLETUI_DATA_DIR=str(root / "data"),
                CASTLETUI_SAVE_DIR=str(root / "saves"),
            )
            from castletui.app import Start
            from castletui.shared import SharedApp

            app = SharedApp(
                Start("join"), who="zygote", table_dir=tables, bot_delay=0, save_dir=root / "saves"
            )

            async def show() -> None:
                async with app.run_test(size=(80, 24)) as pilot:
                    await pilot.pause()

            asyncio.run(show())
        return True
    except Exception:  # noqa: BLE001 - a zygote without it still forks sessions
        return False
    finally:
        os.environ.clear()
        os.environ.update(saved)
        asyncio.set_event_loop_policy(None)


def main(argv: list[str] | None = None) -> int:
    """``python -m castletui.host.zygote FD SERVER_PID [LABEL]``: serve
    the server's requests on the socket ``FD`` until it closes. LABEL (the
    table folder) is only there to be seen in ps."""
    argv = list(sys.argv[1:] if argv is None else argv)
    control = socket.socket(fileno=int(argv[0]))
    server = int(argv[1])
    with contextlib.suppress(OSError, AttributeError):
        _prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)
        _prctl(_PR_SET_NAME, ZYGOTE_NAME)
    if os.getppid() != server:
        return 1  # the server died before the line above: so does its zygote
    preload()
    warm_up()
    if threading.active_count() != 1:
        print("castletui zygote: an import started a thread; it cannot fork safely", file=sys.stderr)
        return 1
    # What exists now is shared by every session: the collector must not
    # touch (and so copy) it in each of them.
    gc.collect()
    gc.freeze()
    for stream in (sys.stdout, sys.stderr):
        stream.flush()
    _kept_streams.extend((sys.stdin, sys.stdout, sys.stderr))
    while True:
        try:
            message, fds, _flags, _address = socket.recv_fds(control, MAX_MESSAGE, 1)
        except InterruptedError:
            continue
        if not message:
            return 0  # the server closed its side
        reply: dict[str, object]
        try:
            request = json.loads(message)
            if len(fds) != 1:
                raise ValueError("a request without its terminal")
            reply = {"pid": _fork_session(request, fds[0], control, server)}
        except (OSError, ValueError, KeyError, TypeError) as error:
            reply = {"error": str(error) or type(error).__name__}
        finally:
            for fd in fds:
                os.close(fd)
        control.send(json.dumps(reply).encode())


def _fork_session(request: dict, slave: int, control: socket.socket, server: int) -> int:
    """Fork the middle process, which forks the session and exits: the
    session's pid, which the middle one wrote on a pipe."""
    read_end, write_end = os.pipe()
    middle = os.fork()
    if middle == 0:
        try:
            os.close(read_end)
            control.close()
            me = os.getpid()  # not the session's getppid(): this process may have exited by then
            session = os.fork()
            if session == 0:
                os.close(write_end)
                _run_session(request, slave, server, me)
            os.write(write_end, str(session).encode())
        finally:
            os._exit(0)
    os.close(write_end)
    data = b""
    while chunk := os.read(read_end, 64):
        data += chunk
    os.close(read_end)
    os.waitpid(middle, 0)
    if not data:
        raise OSError("the session could not be forked")
    return int(data)


def _run_session(request: dict, slave: int, server: int, middle: int) -> None:
    """The session: never returns."""
    status = 1
    try:
        _become_session(request, slave, server, middle)
        from castletui.host import seat

        status = seat.main(list(request["argv"]))
    except MemoryError:
        from castletui.host.sessions import OUT_OF_MEMORY

        status = OUT_OF_MEMORY
    except SystemExit as leaving:
        status = leaving.code if isinstance(leaving.code, int) else 1
    except BaseException:  # noqa: BLE001 - whatever it was, the session must end here
        with contextlib.suppress(BaseException):
            import traceback

            traceback.print_exc()
    finally:
        for stream in (sys.stdout, sys.stderr):
            with contextlib.suppress(BaseException):
                stream.flush()
        os._exit(status)


def _become_session(request: dict, slave: int, server: int, middle: int) -> None:
    # Wait to be the server's child (the middle process exits at once): a
    # parent-death signal set before would fire when the middle one exits.
    while os.getppid() == middle:
        time.sleep(0.0005)
    with contextlib.suppress(OSError, AttributeError):
        _prctl(_PR_SET_PDEATHSIG, signal.SIGHUP)
        _prctl(_PR_SET_NAME, SESSION_NAME)
    if os.getppid() != server:
        os._exit(1)  # the server is gone already
    os.setsid()  # its own session and process group, as start_new_session
    for fd in (0, 1, 2):
        os.dup2(slave, fd)
    if slave > 2:
        os.close(slave)
    os.closerange(3, os.sysconf("SC_OPEN_MAX"))  # the zygote's socket, and anything an import opened
    for number in (signal.SIGCHLD, signal.SIGHUP, signal.SIGTERM, signal.SIGWINCH, signal.SIGQUIT):
        signal.signal(number, signal.SIG_DFL)
    signal.signal(signal.SIGINT, signal.default_int_handler)  # as at a fresh start
    signal.set_wakeup_fd(-1)
    os.environ.clear()
    os.environ.update(request["environment"])
    os.chdir(request["cwd"])
    sys.argv = ["castletui", *request["argv"]]
    # Import-time state of the zygote's that must be the session's own.
    import random

    random.seed()
    import logging

    for handler in list(logging.root.handlers):
        logging.root.removeHandler(handler)
    # Standard streams as Python makes them on a terminal (line-buffered).
    sys.stdin = sys.__stdin__ = open(0, encoding="utf-8", errors="surrogateescape", closefd=False)  # noqa: SIM115
    sys.stdout = sys.__stdout__ = open(  # noqa: SIM115
        1, "w", encoding="utf-8", errors="surrogateescape", buffering=1, closefd=False
    )
    sys.stderr = sys.__stderr__ = open(  # noqa: SIM115
        2, "w", encoding="utf-8", errors="backslashreplace", buffering=1, closefd=False
    )


if __name__ == "__main__":
    sys.exit(main())
