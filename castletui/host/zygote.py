"""The session zygote of ``castletui host --session-start fork``: one
process that has imported castletui, Textual and every game's rules once,
and forks a player's castletui from itself (copy-on-write) instead of the
server starting Python and importing them again for every session.

The server runs threads (asyncio's resolver, asyncssh), and a process with
threads may not fork and go on running Python. So the zygote is a process
of its own, started by the server, single-threaded (it checks), and the
server asks it over a Unix socket (SOCK_SEQPACKET: one message, one
request) for a session, passing the pty's slave side with SCM_RIGHTS (the
server's side is forks.py; this module runs only in the zygote). The
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

import asyncio
import contextlib
import gc
import importlib
import io
import json
import logging
import os
import pkgutil
import random
import signal
import socket
import sys
import tempfile
import threading
import time
import traceback
from pathlib import Path

from castletui.host.forks import MAX_MESSAGE, PR_SET_NAME, PR_SET_PDEATHSIG, SESSION_NAME, ZYGOTE_NAME, prctl
from castletui.host.sessions import OUT_OF_MEMORY, seat_arguments
from castletui.later import loader

# Loaded by the zygote itself, never by the server that imports this module's names.
LATER = {
    "app": "castletui.app",
    "cli": "castletui.cli",
    "shared": "castletui.shared",
    "seat": "castletui.host.seat",
}
later = loader(LATER)

PRELOADED = ("castletui", "castletui.rules", "castletui.saves")
"""The packages the zygote imports whole before it forks anything, by the
names a session imports them by (the rules/ and saves/ folders are
castletui.rules and castletui.saves wherever castletui is installed: a
bare ``rules`` is found only from a checkout's own folder)."""

SKIPPED = frozenset({"castletui.__main__", "castletui.host.server", "castletui.host.zygote"})
"""Modules not imported: one runs the command line, one brings asyncssh, one is this."""

_kept_streams: list[io.IOBase] = []
"""The zygote's standard streams, kept so that collecting them never closes fd 0-2 in a session."""


# --- the zygote process ----------------------------------------------------------


def preload() -> list[str]:
    """Import every module of castletui and of the rules; those that fail
    (an optional dependency not installed) are left for the session to
    fail on as a spawned one would. Returns their names."""
    failed = []
    for package_name in PRELOADED:
        try:
            package = importlib.import_module(package_name)
        except Exception:  # noqa: BLE001 - as any module's import error
            failed.append(package_name)
            continue
        for module in pkgutil.walk_packages(package.__path__, f"{package_name}."):
            if module.name in SKIPPED or module.name.startswith("castletui.commands.host"):
                continue
            try:
                importlib.import_module(module.name)
            except Exception:  # noqa: BLE001 - any import error is the session's to meet
                failed.append(module.name)
    # Textual's own pieces a session loads when it starts, and the account
    # database's module (a session finds its home: an import at its start).
    for name in ("textual.drivers.linux_driver", "textual._xterm_parser", "asyncio.unix_events", "pwd"):
        with contextlib.suppress(ImportError):
            importlib.import_module(name)
    return failed


def warm_up() -> bool:
    """Show an empty lobby once, headless, in a folder of its own: what
    Textual and castletui compute once per process on the way to a first
    frame (caches, lazily made tables) is then the zygote's, shared,
    rather than each session's (a forked lobby comes ~15 % sooner), the C
    library inotify calls among them (castletui/inotify.py); then builds
    the command line's parser a session parses its arguments with
    (cli.prebuild_parser). No table is read: nothing of any game is in
    the zygote, nor anything of a player's. False if it failed (the zygote
    forks without it)."""
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
            start, shared_app = later("app").Start, later("shared").SharedApp
            app = shared_app(
                start("join"), who="zygote", table_dir=tables, bot_delay=0, save_dir=root / "saves"
            )

            async def show() -> None:
                async with app.run_test(size=(80, 24)) as pilot:
                    await pilot.pause()

            asyncio.run(show())
        # A session's first step: its command line, parsed by the zygote's parser.
        example = seat_arguments("zygote", "0" * 16, tables)[1:]  # seat.py takes the cap off
        later("cli").prebuild_parser(example)
        return True
    except (Exception, SystemExit):  # noqa: BLE001 - a zygote without it still forks sessions
        return False
    finally:
        os.environ.clear()
        os.environ.update(saved)
        asyncio.set_event_loop_policy(None)


def free_blocks() -> dict[int, int]:
    """Python's small-object allocator's free blocks in the pools it has
    in use, by block size (CPython's ``sys._debugmallocstats``, which
    writes to the C stderr); empty where it is not there to ask."""
    if not hasattr(sys, "_debugmallocstats"):
        return {}
    with tempfile.TemporaryFile("w+", encoding="ascii", errors="replace") as written:
        sys.stderr.flush()
        stderr = os.dup(2)
        try:
            os.dup2(written.fileno(), 2)
            sys._debugmallocstats()
        finally:
            os.dup2(stderr, 2)
            os.close(stderr)
        written.seek(0)
        lines = written.read().splitlines()
    free = {}
    for line in lines:
        # class, size, pools, blocks in use, free blocks: the table's rows
        fields = line.split()
        if len(fields) == 5 and all(field.isdigit() for field in fields):
            free[int(fields[1])] = int(fields[4])
    return free


_taken_blocks: list[object] = []
"""The free blocks the zygote took before forking, kept for its life."""


def take_free_blocks() -> int:
    """Fill the free blocks of the allocator's pools in use (left by what
    the imports and the warm-up made and dropped): a session's first
    objects would go into them, and each one copies a page it shares with
    the zygote. Taken by the zygote, they leave a session's new objects
    to pages of its own (issue 45: a session's memory of its own). Each
    size's blocks are taken by bytes objects of that size (33 bytes of
    header); the smallest by floats (24 bytes, in 32). How many were
    taken."""
    taken = 0
    for size, free in free_blocks().items():
        if size >= 48:
            _taken_blocks.extend(bytes(size - 33) for _ in range(free))
        elif size == 32:
            _taken_blocks.extend(float(number) + 0.5 for number in range(free))
        else:
            continue
        taken += free
    return taken


def main(argv: list[str] | None = None) -> int:
    """``python -m castletui.host.zygote FD SERVER_PID [LABEL]``: serve
    the server's requests on the socket ``FD`` until it closes. LABEL (the
    table folder) is only there to be seen in ps."""
    argv = list(sys.argv[1:] if argv is None else argv)
    control = socket.socket(fileno=int(argv[0]))
    server = int(argv[1])
    with contextlib.suppress(OSError, AttributeError):
        prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
        prctl(PR_SET_NAME, ZYGOTE_NAME)
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
    take_free_blocks()
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
        status = later("seat").main(list(request["argv"]))
    except MemoryError:
        status = OUT_OF_MEMORY
    except SystemExit as leaving:
        status = leaving.code if isinstance(leaving.code, int) else 1
    except BaseException:  # noqa: BLE001 - whatever it was, the session must end here
        with contextlib.suppress(BaseException):
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
        prctl(PR_SET_PDEATHSIG, signal.SIGHUP)
        prctl(PR_SET_NAME, SESSION_NAME)
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
    random.seed()
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
