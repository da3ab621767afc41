"""What a player's process on ``castletui host`` runs first: make its
pseudo-terminal the controlling terminal of its session (as ``sshd`` does,
so a resize or the player hanging up reaches castletui as SIGWINCH or
SIGHUP), make every file it creates private (umask 077: a new table is
0600), cap its memory, then ``castletui`` with the arguments it was
given (``join --as=NAME --table-dir=DIR``).

The server never forks itself: it runs threads (asyncio's resolver), and a
fork with threads running is only safe when the child execs at once. Its
single-threaded zygote (zygote.py, ``--session-start fork``, the default)
forks a session and calls :func:`main` in it; with ``--session-start
spawn`` the server starts ``python -m castletui.host.seat`` instead. Either
way the memory cap (``--memory-mib=N`` first, ``RLIMIT_AS``) is set here,
by the session itself. A session that runs out of it (a MemoryError, or
any error once its address space is at the cap: a forked session has
castletui loaded already, so the first thing to fail may be a thread's
stack) ends with status :data:`OUT_OF_MEMORY`, which the host logs and
tells the player."""

from __future__ import annotations

import contextlib
import fcntl
import os
import resource
import sys
import termios

from castletui.host.sessions import OUT_OF_MEMORY
from castletui.later import loader

# Loaded once the memory cap is set: running out while loading them is running out too.
LATER = {"cli": "castletui.cli", "app": "castletui.app", "textual_private": "castletui.textual_private"}
later = loader(LATER)


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    # What a player's castletui makes (a table, its lock) is the host user's alone,
    # whatever umask the host was started with; the table folder is 0700 anyway.
    os.umask(0o077)
    if argv and argv[0].startswith("--memory-mib="):
        _cap_memory(int(argv.pop(0).partition("=")[2]))
        if _at_the_cap():
            # A cap below what castletui has loaded already (a forked
            # session has all of it): it could not even start its threads.
            return OUT_OF_MEMORY
    with contextlib.suppress(OSError):
        fcntl.ioctl(sys.stdin.fileno(), termios.TIOCSCTTY, 0)
    ran_out = []
    try:
        app = later("app").CastleApp
        castletui_main = later("cli").main

        # Every error in the app goes through its handler, which ends it with
        # status 1: note the one that is running out of memory.
        def noted(error: Exception) -> None:
            if isinstance(error, MemoryError) or _at_the_cap():
                ran_out.append(error)

        later("textual_private").watch_errors(app, noted)
        status = castletui_main(argv)
    except MemoryError:
        os._exit(OUT_OF_MEMORY)  # nothing more can be done safely
    return OUT_OF_MEMORY if ran_out else status


def _at_the_cap() -> bool:
    """Whether the address space is within a thread's stack of its cap: an
    error then (a thread that could not start, in a session forked from
    the zygote with its modules already loaded) is running out of memory."""
    soft, _ = resource.getrlimit(resource.RLIMIT_AS)
    if soft == resource.RLIM_INFINITY:
        return False
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("VmSize:"):
                    return int(line.split()[1]) * 1024 + 16 * 2**20 > soft
    except MemoryError:
        return True
    except (OSError, ValueError, IndexError):
        pass
    return False


def _cap_memory(mib: int) -> None:
    if mib <= 0:
        return
    limit = mib * 1024 * 1024
    with contextlib.suppress(ValueError, OSError):
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))


if __name__ == "__main__":
    sys.exit(main())
