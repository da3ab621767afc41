"""Who is watching a shared table: one small file per spectator beside the
table, ``.NAME.watcher.TOKEN``, holding the spectator's name and locked by
their castletui for as long as it watches.

Why a file beside the table, not the game record: watching is no move, so
it never touches the table's journal (its checks, its undo, its replay);
and why a lock, not a line in a shared list: a castletui killed with its
SSH connection leaves its file unlocked (the kernel drops an ``flock`` with
its process), so a stale watcher is told from a live one by trying its
lock, and whoever finds it unlocked removes it. Its file closing as
the process ends is itself an event the players' watch wakes for
(inotify's close after writing), so they look at once. Nothing here needs the host
server's memory: every player's castletui (each its own process) sees the
same folder, and the players' table watch (castletui/watch.py) wakes when a
watcher's file comes or goes.

A file is made under a temporary name, locked, filled and only then renamed
into place: nobody ever sees an unlocked watcher's file that is still live.
Names are no secret among those who may read the table folder; the files
are never followed through a symbolic link.
"""

from __future__ import annotations

import atexit
import contextlib
import os
import secrets
from pathlib import Path

from castletui.saves.names import name_problem

WATCHER = ".watcher."
"""Between a table's name and a watcher's token in its file's name."""
ARRIVING = ".arriving."
"""The same, for a watcher's file being made (never listed)."""
NAME_BYTES = 200
"""The most of a watcher's file read: a name is short."""


def watcher_prefix(table: Path) -> str:
    return f".{Path(table).name}{WATCHER}"


def is_watcher_of(table: Path, file_name: str) -> bool:
    """Whether ``file_name`` (in the table's folder) is a watcher's file of ``table``."""
    return file_name.startswith(watcher_prefix(table))


class Presence:
    """This castletui watching ``table`` as ``name``: its file, locked until
    :meth:`leave` (or the process's end)."""

    def __init__(self, table: Path, name: str) -> None:
        import fcntl  # POSIX only, as every shared table (saves.table.posix_problem)

        table = Path(table)
        token = secrets.token_hex(8)
        arriving = table.with_name(f".{table.name}{ARRIVING}{token}")
        self.path = table.with_name(f"{watcher_prefix(table)}{token}")
        flags = os.O_RDWR | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC | os.O_NOFOLLOW
        self._handle: int | None = os.open(arriving, flags, 0o644)
        try:
            fcntl.flock(self._handle, fcntl.LOCK_SH)
            os.write(self._handle, name.encode()[:NAME_BYTES])
            os.replace(arriving, self.path)
            atexit.register(self.leave)  # a castletui that quits while watching leaves at once
        except BaseException:
            os.close(self._handle)
            self._handle = None
            with contextlib.suppress(OSError):
                os.unlink(arriving)
            raise

    def leave(self) -> None:
        """No longer watching: the file goes, then its lock."""
        if self._handle is None:
            return
        atexit.unregister(self.leave)
        with contextlib.suppress(OSError):
            os.unlink(self.path)
        os.close(self._handle)
        self._handle = None


def watch_as(table: Path, name: str) -> Presence | None:
    """Say that ``name`` watches ``table``; None when the folder will not
    take the file (the spectator watches all the same, unnamed)."""
    try:
        return Presence(table, name)
    except OSError:
        return None


def watchers(table: Path) -> list[str]:
    """The names of those watching ``table`` now, sorted; the files of
    watchers that are gone (their lock free) are removed on the way."""
    import fcntl  # POSIX only, as every shared table (saves.table.posix_problem)

    table = Path(table)
    prefix = watcher_prefix(table)
    names = []
    try:
        entries = [entry for entry in os.scandir(table.parent) if entry.name.startswith(prefix)]
    except OSError:
        return []
    for entry in entries:
        try:
            handle = os.open(entry.path, os.O_RDONLY | os.O_CLOEXEC | os.O_NOFOLLOW | os.O_NONBLOCK)
        except OSError:
            continue  # gone meanwhile, or not for us to read
        try:
            try:
                fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError:  # locked: its castletui is watching
                name = os.read(handle, NAME_BYTES).decode(errors="replace").strip()
                if name and not name_problem(name):
                    names.append(name)
                continue
            with contextlib.suppress(OSError):
                os.unlink(entry.path)  # its castletui is gone
        finally:
            os.close(handle)
    return sorted(names, key=str.casefold)
