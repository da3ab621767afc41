"""Linux's file events (inotify) for one folder, waited for without a
clock: the thread that waits sleeps in ``poll`` until the kernel has an
event for the folder or someone asks it to stop. castletui/watch.py uses
it where the system has it; elsewhere it falls back to watchfiles, which
looks at its queue of events every few milliseconds.

Only the standard library (ctypes on the C library's three inotify
calls); nothing here reads a watched file.
"""

from __future__ import annotations

import contextlib
import ctypes
import ctypes.util
import errno
import functools
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
COMINGS_AND_GOINGS = IN_MOVED_FROM | IN_MOVED_TO | IN_CREATE | IN_DELETE
"""A file made, renamed in or out, removed: the folder's events when its
files are watched closely (a write in place is then heard only from the
files watched, each by a watch of its own)."""
WRITTEN = IN_CLOSE_WRITE | IN_ATTRIB
"""A file watched closely: written (closed after writing), or its mode changed."""
IN_DONT_FOLLOW = 0x02000000
HEADER = struct.Struct("iIII")  # wd, mask, cookie, len; the name follows
OVERFLOW = ""
"""The name reported when the kernel's queue overflowed and events were
lost: no file has it, and anything may have changed."""


class Unavailable(OSError):
    """The system has no inotify (not Linux, or none left to this user)."""


@functools.cache
def _libc() -> ctypes.CDLL:
    """The C library, looked for once per process: ``find_library`` runs
    ``ldconfig``, a process of its own, and a session forked from the host's
    zygote finds it loaded already (a failure is not kept: looked for again)."""
    name = ctypes.util.find_library("c")
    try:
        libc = ctypes.CDLL(name, use_errno=True)
        libc.inotify_init1  # noqa: B018 -- the lookup is the test
        libc.inotify_add_watch  # noqa: B018
    except (OSError, AttributeError) as error:
        raise Unavailable(errno.ENOSYS, "no inotify here") from error
    return libc


IN_MASK_ADD = 0x20000000


class Instance:
    """The process's one inotify instance, which every FolderEvents
    shares: the user's instances are few (fs.inotify.max_user_instances,
    128 by default, for all of their processes: a host's eighty players,
    each watching its table and its turns, would pass it). No thread of
    its own (a zygote must not have one to fork): whichever watch's thread
    finds it readable reads it (:meth:`read`) and hands each event to the
    watches that asked for that kernel watch and that kind of event."""

    def __init__(self) -> None:
        self.libc = _libc()
        self.pid = os.getpid()
        self.fd = self.libc.inotify_init1(IN_NONBLOCK | IN_CLOEXEC)
        if self.fd < 0:
            number = ctypes.get_errno()
            raise Unavailable(number, os.strerror(number))
        self.lock = threading.Lock()
        self.asked: dict[int, dict[FolderEvents, int]] = {}
        """Each kernel watch: the FolderEvents that asked for it, and for which events."""
        self.paths: dict[int, bytes] = {}

    def add(self, events: FolderEvents, path: Path, mask: int) -> int:
        """A kernel watch of ``path`` for ``events`` (its events in
        ``mask``): the watch, or -1 with errno set."""
        encoded = os.fsencode(path)
        with self.lock:
            watch = self.libc.inotify_add_watch(self.fd, encoded, mask | IN_MASK_ADD)
            if watch >= 0:
                asked = self.asked.setdefault(watch, {})
                asked[events] = asked.get(events, 0) | mask
                self.paths[watch] = encoded
            return watch

    def remove(self, events: FolderEvents) -> None:
        """``events`` is closed: the kernel watches nobody else asked for
        go, and those others did are narrowed to what they asked."""
        with self.lock:
            for watch in [watch for watch, asked in self.asked.items() if events in asked]:
                asked = self.asked[watch]
                del asked[events]
                if not asked:
                    del self.asked[watch]
                    self.paths.pop(watch, None)
                    self.libc.inotify_rm_watch(self.fd, watch)
                    continue
                mask = 0
                for wanted in asked.values():
                    mask |= wanted
                again = self.libc.inotify_add_watch(self.fd, self.paths[watch], mask)
                if again >= 0 and again != watch:  # the path is another file now: not that one
                    self.libc.inotify_rm_watch(self.fd, again)

    def read(self) -> None:
        """Read what the kernel queued and hand it on (nothing if another
        thread read it first)."""
        told: dict[FolderEvents, list[tuple[int, int, bytes]]] = {}
        with self.lock:
            try:
                data = os.read(self.fd, 64 * 1024)
            except (BlockingIOError, OSError):
                return
            offset = 0
            while offset + HEADER.size <= len(data):
                watch, mask, _, length = HEADER.unpack_from(data, offset)
                offset += HEADER.size
                name = data[offset : offset + length].split(b"\0", 1)[0]
                offset += length
                if mask & IN_Q_OVERFLOW:  # events lost: any watch's may be among them
                    for asked in self.asked.values():
                        for events in asked:
                            told.setdefault(events, []).append((watch, mask, name))
                    continue
                for events, wanted in self.asked.get(watch, {}).items():
                    if mask & (wanted | IN_IGNORED):
                        told.setdefault(events, []).append((watch, mask, name))
                if mask & IN_IGNORED:  # the kernel ended that watch
                    self.asked.pop(watch, None)
                    self.paths.pop(watch, None)
        for events, heard in told.items():
            events.hear(heard)


_instance: Instance | None = None
_instance_lock = threading.Lock()


def instance() -> Instance:
    """This process's inotify instance (a forked process makes its own:
    a session forked by the zygote closes what it inherited)."""
    global _instance
    with _instance_lock:
        if _instance is None or _instance.pid != os.getpid():
            _instance = Instance()
        return _instance


class FolderEvents:
    """The kernel's events for the files of ``folder``, read by one thread
    with :meth:`batches`, ended from any thread with :meth:`stop`.
    ``Unavailable`` where there is no inotify, ``OSError`` when the folder
    cannot be watched.

    ``closely``: a file written in place is heard only if ``closely``
    accepts its name (the files there when the watch began, and each made
    or renamed in since) or it was named to :meth:`watch_file` (any
    thread, any time): each such file has a watch of its own, and the
    folder's tells only files made, renamed and removed. On a host of
    twenty tables, each appending a move a second to its file, a terminal
    then wakes for its own tables' moves only, not for every table's
    (issue 45)."""

    def __init__(self, folder: Path, closely: Callable[[str], bool] | None = None) -> None:
        self._instance = instance()
        self.folder = Path(folder)
        self.closely = closely
        self._lock = threading.Lock()
        self._closed = False
        self._heard: list[tuple[int, int, bytes]] = []
        """Events the instance handed on, not read yet."""
        self._reader: int | None = None
        """The thread that runs :meth:`batches`."""
        # A byte on the first pipe: another thread read events for this watch; on the second: stop().
        self.fd, self._told = os.pipe()
        self._wake, self._woken = os.pipe()
        for fd in (self.fd, self._told, self._wake, self._woken):
            os.set_blocking(fd, False)
        heard = CHANGES if closely is None else COMINGS_AND_GOINGS
        self._folder_watch = self._instance.add(self, self.folder, heard | GONE | IN_ONLYDIR)
        if self._folder_watch < 0:
            number = ctypes.get_errno()
            self.close()
            raise OSError(number, os.strerror(number), str(folder))
        self._watched: dict[str, int] = {}
        """Each file watched closely, by name: its watch (-1: not there when asked)."""
        self._names: dict[int, str] = {}
        """The same, by watch."""
        self.waits = 0
        """How many times the waiting thread woke up (for the tests)."""
        if closely is not None:
            with contextlib.suppress(OSError):  # (the folder gone: its own event says so)
                for entry in os.scandir(self.folder):
                    if closely(entry.name):
                        self.watch_file(entry.name)

    def watch_file(self, name: str) -> None:
        """Hear ``name``'s writes in place (``closely`` only): from now on,
        and again whenever a file of that name is made or renamed in."""
        with self._lock:
            if self._closed or self.closely is None:
                return
            watch = self._instance.add(self, self.folder / name, WRITTEN | IN_DONT_FOLLOW)
            self._watched[name] = watch  # -1: not there now; its coming is a folder event
            if watch >= 0:
                self._names[watch] = name

    def hear(self, heard: list[tuple[int, int, bytes]]) -> None:
        """Events for this watch, read by whichever thread read the
        instance: its own (it takes them next) or another's (a byte wakes it)."""
        with self._lock:
            if self._closed:
                return
            self._heard.extend(heard)
            if threading.get_ident() != self._reader:
                with contextlib.suppress(BlockingIOError):
                    os.write(self._told, b"x")

    def stop(self) -> None:
        with self._lock:
            if not self._closed:
                with contextlib.suppress(BlockingIOError):
                    os.write(self._woken, b"x")

    def close(self) -> None:
        with self._lock:
            if self._closed:
                return
            self._closed = True
            for fd in (self.fd, self._told, self._wake, self._woken):
                os.close(fd)
        self._instance.remove(self)

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
        self._reader = threading.get_ident()
        poller = select.poll()  # not select(): a host's descriptors may pass 1024
        shared = self._instance.fd
        poller.register(shared, select.POLLIN)  # the kernel's events, any watch's of this process
        poller.register(self.fd, select.POLLIN)  # events another thread read for this one
        poller.register(self._wake, select.POLLIN)
        forever = None if heartbeat is None else int(heartbeat * 1000)
        try:
            while not stopped():
                self.waits += 1
                # Events handed on by this very thread (reading for another watch) need no wait.
                if not self._heard:
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
                    if not self._heard:
                        more = {fd for fd, _ in poller.poll(max(1, int(1000 * min(settle, left))))}
                        if not more & {shared, self.fd}:
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
        self._instance.read()  # what the kernel has, handed on to each watch it is for
        with contextlib.suppress(BlockingIOError):
            os.read(self.fd, 4096)  # bytes of other threads' hand-ons: each said events came
        with self._lock:
            heard, self._heard = self._heard, []
        for watch, mask, name in heard:
            if mask & IN_Q_OVERFLOW:
                names.add(OVERFLOW)
            elif watch != self._folder_watch:
                decoded = self._file_event(watch, mask)  # a file watched closely
                if decoded is not None and (wanted is None or wanted(decoded)):
                    names.add(decoded)
            elif mask & GONE:
                gone = True
            elif name:
                decoded = os.fsdecode(name)
                if mask & (IN_CREATE | IN_MOVED_TO) and (
                    decoded in self._watched or (self.closely is not None and self.closely(decoded))
                ):
                    self.watch_file(decoded)  # a new file by that name: its writes are heard too
                if wanted is None or wanted(decoded):
                    names.add(decoded)
        return names, gone

    def _file_event(self, watch: int, mask: int) -> str | None:
        """The name a closely watched file's event is about; None when
        its watch ended (the file removed or replaced: the folder's own
        event tells that)."""
        with self._lock:
            name = self._names.get(watch)
            if mask & IN_IGNORED:
                self._names.pop(watch, None)
                if name is not None and self._watched.get(name) == watch:
                    self._watched[name] = -1
                return None
        return name
