"""Linux's file events (inotify) for one folder, waited for without a
clock: the thread that waits sleeps in ``poll`` until the kernel has an
event for the folder or someone asks it to stop. castletui/watch.py uses
it where the system has it; elsewhere it falls back to watchfiles, which
looks at its queue of events every few milliseconds.

Only the standard library (ctypes on the C library's three inotify
calls); nothing here reads a watched file.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import errno
import os
import select
import struct
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

IN_MODIFY = 0x002
IN_ATTRIB = 0x004
IN_CLOSE_WRITE = 0x008
IN_MOVED_FROM = 0x040
IN_MOVED_TO = 0x080
IN_CREATE = 0x100
IN_DELETE = 0x200
IN_DELETE_SELF = 0x400
IN_MOVE_SELF = 0x800
IN_Q_OVERFLOW = 0x4000
IN_IGNORED = 0x8000
IN_ONLYDIR = 0x01000000
IN_NONBLOCK = 0o4000
IN_CLOEXEC = 0o2000000

CHANGES = IN_CLOSE_WRITE | IN_MOVED_FROM | IN_MOVED_TO | IN_CREATE | IN_DELETE | IN_ATTRIB
"""A file made, written (closed after writing: a write in progress is not
a change yet), renamed in or out, removed, or its mode changed."""
GONE = IN_DELETE_SELF | IN_MOVE_SELF | IN_IGNORED
"""The folder itself removed or renamed: nothing left to watch."""
HEADER = struct.Struct("iIII")  # wd, mask, cookie, len; the name follows
OVERFLOW = ""
"""The name reported when the kernel's queue overflowed and events were
lost: no file has it, and anything may have changed."""


class Unavailable(OSError):
    """The system has no inotify (not Linux, or none left to this user)."""


def _libc() -> ctypes.CDLL:
    name = ctypes.util.find_library("c")
    try:
        libc = ctypes.CDLL(name, use_errno=True)
        libc.inotify_init1  # noqa: B018 -- the lookup is the test
        libc.inotify_add_watch  # noqa: B018
    except (OSError, AttributeError) as error:
        raise Unavailable(errno.ENOSYS, "no inotify here") from error
    return libc


class FolderEvents:
    """The kernel's events for the files of ``folder``, read by one thread
    with :meth:`batches`, ended from any thread with :meth:`stop`.
    ``Unavailable`` where there is no inotify, ``OSError`` when the folder
    cannot be watched."""

    def __init__(self, folder: Path) -> None:
        libc = _libc()
        self.fd = libc.inotify_init1(IN_NONBLOCK | IN_CLOEXEC)
        if self.fd < 0:
            number = ctypes.get_errno()
            raise Unavailable(number, os.strerror(number))
        if libc.inotify_add_watch(self.fd, os.fsencode(folder), CHANGES | GONE | IN_ONLYDIR) < 0:
            number = ctypes.get_errno()
            os.close(self.fd)
            raise OSError(number, os.strerror(number), str(folder))
        self._wake, self._woken = os.pipe()  # stop() writes a byte: the poll returns
        self._lock = threading.Lock()
        self._closed = False
        self.waits = 0
        """How many times the waiting thread woke up (for the tests)."""

    def stop(self) -> None:
        with self._lock:
            if not self._closed:
                os.write(self._woken, b"x")

    def close(self) -> None:
        with self._lock:
            if not self._closed:
                self._closed = True
                for fd in (self.fd, self._wake, self._woken):
                    os.close(fd)

    def batches(
        self,
        settle: float,
        most: float,
        heartbeat: float | None,
        stopped: Callable[[], bool],
        wanted: Callable[[str], bool] | None = None,
    ) -> Iterator[set[str] | None]:
        """Each burst of events as the names it touched (a write is a
        temporary made, written, renamed: events ``settle`` seconds apart
        or less are one burst, for ``most`` seconds at most; ``OVERFLOW``
        among them when events were lost); None when the folder went. Between events
        the thread sleeps: it wakes only for one, for :meth:`stop`, or
        every ``heartbeat`` seconds (None: never) to ask ``stopped``.
        With ``wanted``, only the names it accepts count: events of other
        files (another table's move, twenty a second on a busy host) are
        read and dropped at once, with no wait for the rest of their burst."""
        poller = select.poll()  # not select(): a host's descriptors may pass 1024
        poller.register(self.fd, select.POLLIN)
        poller.register(self._wake, select.POLLIN)
        forever = None if heartbeat is None else int(heartbeat * 1000)
        try:
            while not stopped():
                self.waits += 1
                ready = {fd for fd, _ in poller.poll(forever)}
                if self._wake in ready or stopped():
                    return
                if not ready:
                    continue  # the heartbeat: stopped() was asked above
                names, gone = self._read(wanted)
                if not (names or gone):
                    continue  # only files nobody asked about
                deadline = time.monotonic() + most
                while not gone and (left := deadline - time.monotonic()) > 0:
                    more = {fd for fd, _ in poller.poll(max(1, int(1000 * min(settle, left))))}
                    if self.fd not in more:
                        break
                    extra, gone = self._read(wanted)
                    names |= extra
                if names:
                    yield names
                if gone:
                    yield None
                    return
        finally:
            self.close()

    def _read(self, wanted: Callable[[str], bool] | None = None) -> tuple[set[str], bool]:
        names: set[str] = set()
        gone = False
        try:
            data = os.read(self.fd, 64 * 1024)
        except BlockingIOError:
            return names, gone
        offset = 0
        while offset + HEADER.size <= len(data):
            _, mask, _, length = HEADER.unpack_from(data, offset)
            offset += HEADER.size
            name = data[offset : offset + length].split(b"\0", 1)[0]
            offset += length
            if mask & IN_Q_OVERFLOW:
                names.add(OVERFLOW)
            elif mask & GONE:
                gone = True
            elif name:
                decoded = os.fsdecode(name)
                if wanted is None or wanted(decoded):
                    names.add(decoded)
        return names, gone
