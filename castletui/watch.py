"""Watching the table folder for other terminals' writes: the operating
system's file events, in a thread that sleeps until one comes. On Linux
that is inotify itself (castletui/inotify.py): an idle terminal's watch
does not wake at all between events but for a rare heartbeat, nor for
another table's move: a watch hears the writes in place of the files it
names closely (the game's table, the tables you sit at) and the folder's
files made, renamed in or removed, through its process's one inotify
instance. Elsewhere (macOS) watchfiles, whose thread looks at the events
queued every ``STEP_MS``. Where neither can put a watch on the folder (all
the user's inotify instances taken), the folder is looked at every
``POLL_S``: slower, never silent. Nothing here reads a file to find out whether it changed. No
app here: the game screen (castletui/screens/game.py) watches its table
file, the lobby (castletui/screens/join.py) its folder, and
castletui/tables.py starts tables, without one importing the other. A
PostgreSQL store's tables are watched through the store (StoreWatch):
its notifications, not the file system.
"""

from __future__ import annotations

import importlib
import os
import threading
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

from castletui import inotify
from castletui.saves.stores import StoreError
from castletui.saves.stores.shared import StorePath
from castletui.saves.table import Signature, is_table_name, signature
from castletui.saves.watchers import is_watcher_of

DEBOUNCE_MS = 50
"""The longest a burst of events (a table write is a temporary made,
written, renamed) is gathered before it is reported."""
SETTLE_MS = 10
"""inotify: a burst ends when no event came for this long."""
HEARTBEAT_S: float | None = 1.0
"""inotify: how often a watch with nothing to report wakes to ask whether
its worker was cancelled (``stop()`` wakes it at once; this is for a
worker cancelled without it)."""
STEP_MS = 25
"""watchfiles (no inotify): how often its thread looks at the events the
system queued: a change is reported 25 to 50 ms after it lands. Each look
is a wake-up of an idle castletui (40 a second)."""
CATCH_UP_MS = 500
"""watchfiles: once the watch is in place, this long after it began: one
look at whatever changed before it was (a table written while the screen
opened). inotify's watch is in place when it is made: that look is at once."""

POLL_S = 1.0
"""No file events to be had (the user's inotify instances all taken by
other programs, or a folder no watch can be put on): how often the folder
is looked at instead. Slower to tell than an event, never silent."""

WATCHFILES = "watchfiles"
"""Loaded by name where inotify is missing: on Linux the lobby never waits for it."""

_inotify_missing = False
"""Set once inotify proved unavailable: watchfiles from then on."""


class FolderWatch:
    """Changes to the files of one folder whose names ``wanted`` accepts.
    ``changes()`` runs in a worker thread and yields the names changed
    (first, once the watch is in place, those that changed since the
    caller looked: see CATCH_UP_MS), until ``stop()`` or ``cancelled()``. A folder that does not exist yet is
    waited for: the names yielded when it appears are empty, and its files
    are watched from then on."""

    def __init__(
        self,
        folder: Path,
        wanted: Callable[[str], bool],
        seen: dict[str, Signature | None] | None = None,
        closely: Callable[[str], bool] | None = None,
    ) -> None:
        self.folder = Path(folder)
        self.wanted = wanted
        self.closely = closely
        """With inotify: the files whose writes in place are heard, by
        name (a watch each; more with :meth:`watch_closely`); files made,
        renamed in or removed are heard whatever their name. None: every
        file's writes (each wakes the watch, wanted or not)."""
        self._stop = threading.Event()
        self._cancelled: Callable[[], bool] = lambda: False
        self._lock = threading.Lock()
        self._events: inotify.FolderEvents | None = None
        self._seen = self._look() if seen is None else seen
        """The wanted files as the caller last saw them (``seen``, else now:
        it looked, then made this watch), for the first look once the watch
        is in place."""
        self.wake_ups = 0
        """Times the watching thread woke while waiting (inotify only): an
        event, ``stop()`` or the heartbeat."""

    def is_set(self) -> bool:
        """Whether to stop: asked at each wake-up."""
        return self._stop.is_set() or self._cancelled()

    def stop(self) -> None:
        self._stop.set()
        with self._lock:
            if self._events is not None:
                self._events.stop()

    def watch_closely(self, names: Iterable[str]) -> None:
        """Hear these files' writes in place too, from now on (a write
        between the caller's look and this call is the caller's to find;
        ``closely`` should accept them from now on, for the next watch
        after the folder is made again)."""
        with self._lock:
            if self._events is not None:
                for name in names:
                    self._events.watch_file(name)

    def changes(self, cancelled: Callable[[], bool] | None = None) -> Iterator[set[str]]:
        global _inotify_missing
        if cancelled is not None:
            self._cancelled = cancelled
        if not _inotify_missing:
            try:
                yield from self._by_inotify()
                return
            except inotify.Unavailable:
                _inotify_missing = True
        yield from self._by_watchfiles()

    def _look(self) -> dict[str, Signature | None] | None:
        """Each wanted file's signature (None: no folder)."""
        try:
            names = [entry.name for entry in os.scandir(self.folder) if self.wanted(entry.name)]
        except OSError:
            return None
        return {name: signature(self.folder / name) for name in names}

    def _caught_up(self) -> set[str] | None:
        """The wanted names that changed between the caller's look and the
        watch being in place (None: none; an empty set: the folder came)."""
        now, seen = self._look(), self._seen
        self._seen = None
        if seen is None:
            return set()
        changed = {
            name for name in seen.keys() | (now or {}).keys() if seen.get(name) != (now or {}).get(name)
        }
        return changed or None

    def _watched(self) -> tuple[bool, Path, Callable[[str], bool]]:
        """Whether the folder is there, the folder to watch and the names
        wanted in it: the nearest folder there is, for the next one down."""
        if self.folder.is_dir():
            return True, self.folder, self.wanted
        watched = next(folder for folder in self.folder.parents if folder.is_dir())
        return False, watched, self.folder.relative_to(watched).parts[0].__eq__

    def _nearer(self, watched: Path) -> bool:
        """Whether the folder, or one on the way to it below ``watched``,
        is there now: ``data/tables`` made at once makes ``data`` first,
        and a watch on the folder above hears nothing of ``tables``."""
        return self.folder.is_dir() or self._watched()[1] != watched

    def _by_inotify(self) -> Iterator[set[str]]:
        while not self.is_set():
            present, watched, wanted = self._watched()
            try:
                events = inotify.FolderEvents(watched, self.closely if present else None)
            except inotify.Unavailable:
                raise
            except OSError:
                if present:  # no watch on it (no permission, or the system's limit): look instead
                    yield from self._by_polling()
                    return
                self._stop.wait(CATCH_UP_MS / 1000)  # nor the one above it, for now
                continue
            with self._lock:
                self._events = events
            if self._stop.is_set():  # stopped before the watch was there to wake
                events.close()
                return
            if not present and self._nearer(watched):
                events.close()  # it (or a folder on the way) came while the watch was made
                continue
            if present and (changed := self._caught_up()) is not None:
                yield changed  # the watch is in place: what came before it
            # Not wanted: events of other files are dropped as they are read (the folder's
            # own going is still told). Before the folder is there, every name counts.
            batches = events.batches(
                SETTLE_MS / 1000, DEBOUNCE_MS / 1000, HEARTBEAT_S, self.is_set, wanted if present else None
            )
            try:
                for names in batches:
                    if names is None:  # the folder itself went
                        break
                    if present:
                        if inotify.OVERFLOW in names:  # events were lost: any file may have changed
                            names = set((self._look() or {}).keys())
                        names = {name for name in names if wanted(name)}
                        if names:
                            yield names
                    elif self._nearer(watched):
                        break  # it is there now, or a folder on the way: watch that
            finally:
                self.wake_ups += events.waits
                batches.close()
                events.close()
                with self._lock:
                    self._events = None
            if present:
                return  # stopped, or the folder went

    def _by_watchfiles(self) -> Iterator[set[str]]:
        caught_up = False
        while not self.is_set():
            present, watched, wanted = self._watched()
            try:
                for events in importlib.import_module(WATCHFILES).watch(
                    watched,
                    watch_filter=lambda _, path, wanted=wanted: wanted(Path(path).name),
                    debounce=DEBOUNCE_MS,
                    step=STEP_MS,
                    stop_event=self,
                    rust_timeout=CATCH_UP_MS,
                    yield_on_timeout=True,
                    recursive=False,
                    raise_interrupt=False,
                ):
                    if present and not caught_up:
                        caught_up = True  # the watch is in place: what came before it
                        if (changed := self._caught_up()) is not None:
                            yield changed | {Path(path).name for _, path in events}
                        elif events:
                            yield {Path(path).name for _, path in events}
                    elif present and events:
                        yield {Path(path).name for _, path in events}
                    elif not present and self._nearer(watched):
                        # It is there now: watch it, and look once that watch
                        # is in place (a file made before it would be missed).
                        caught_up, self._seen = False, None
                        break
            except (OSError, RuntimeError):  # watchfiles' own errors are RuntimeErrors
                if present:  # e.g. "Too many open files": inotify's instances are all taken
                    yield from self._by_polling()
                    return
                self._stop.wait(CATCH_UP_MS / 1000)  # nor the one above it, for now
            if present:
                return  # stopped

    def _by_polling(self) -> Iterator[set[str]]:
        """The folder looked at every ``POLL_S`` until stopped, first
        against the caller's look: each look yields the wanted names whose
        signature changed (an empty set: the folder came, look at all). A
        watch that could not be put in place never just ends: the lobby
        would stop following its tables without a word."""
        seen, now = self._seen, self._look()
        self._seen = None
        while not self.is_set():
            came = now is not None and seen is None
            before, after = seen or {}, now or {}
            changed = {name for name in before.keys() | after.keys() if before.get(name) != after.get(name)}
            if changed or came:
                yield changed
            seen = now
            self._stop.wait(POLL_S)
            now = self._look()


class StoreWatch:
    """A store's tables watched through the store (a PostgreSQL store's
    LISTEN/NOTIFY: on a host, through the host's one listening connection,
    saves.stores.relay; else on a connection of the watch's own): ``changes()`` yields
    each time ``table`` changed (None: any table, the lobby's), first at
    once when it moved past ``after`` (a watcher catches up from the last
    ply it knew), until ``stop()`` or ``cancelled()``: both are asked at
    every wake-up, an event or the heartbeat."""

    def __init__(self, store: Any, table: str | None = None, after: int | None = None) -> None:
        self.store, self.table, self.after = store, table, after
        self._stop = threading.Event()
        self.wake_ups = 0
        self.listening = threading.Event()
        """Set once the store's notifications are heard (tests wait for it)."""

    def stop(self) -> None:
        self._stop.set()

    def changes(self, cancelled: Callable[[], bool] | None = None) -> Iterator[set[str] | None]:
        """Watching one table: None at each change. Every table (the
        lobby's): the ids of the tables that changed, as a folder's watch
        gives the names of its files; None when which is not known (what
        came before the watch, or changes the host's listener missed)."""
        cancelled = cancelled or (lambda: False)
        try:
            listener = self.store.listener(self.table)
        except StoreError:
            return  # no store to hear: the screen's refresh still reads it
        self.listening.set()
        try:
            if self.table is None or self.after is None or listener.plies(self.table) != self.after:
                yield  # what changed before the watch was in place
            while not (self._stop.is_set() or cancelled()):
                heard = listener.heard(HEARTBEAT_S or 1.0)
                self.wake_ups += 1
                # A table of None: changes may have been missed (the host's
                # listener came back): look again, from the last ply known.
                if not heard:
                    continue
                if self.table is None:
                    tables = {table for table, _ in heard}
                    yield None if None in tables else tables
                elif any(table in (self.table, None) for table, _ in heard):
                    yield None
        except StoreError:
            return  # the store went away: the screen's refresh says so
        finally:
            listener.close()


def watch_tables(
    folder: Path,
    store: Any = None,
    seen: dict[str, Signature | None] | None = None,
    closely: Callable[[str], bool] | None = None,
) -> FolderWatch | StoreWatch:
    """The lobby's watch: the table folder's files (``seen``: as the
    caller's look found them, saves.table.TableListing.seen; else as they
    are now; ``closely``: see FolderWatch), or a store's tables."""
    return FolderWatch(folder, is_table_name, seen, closely) if store is None else StoreWatch(store)


class TableWatcher:
    """Says when the table file at ``path`` was replaced by another write:
    ``changes()`` yields each time its signature is not the one seen last
    (``last``: as the session read it), and each time a spectator's file
    beside it (saves.watchers) came or went, until ``stop()``. A store's
    table (its path a StorePath) is watched through its store instead."""

    def __init__(self, path: Path, last: Any = None) -> None:
        self.path = path
        self.store_watch = None
        if isinstance(path, StorePath) and path.store_table is not None:
            table = path.store_table
            self.store_watch = StoreWatch(table.store, table.address, last[0] if last else None)
            return
        self.path = Path(path)
        self.last = signature(self.path) if last is None else last
        name = self.path.name
        wanted = lambda file: file == name or is_watcher_of(self.path, file)  # noqa: E731
        # Closely: another table's move (its file appended to) does not wake this watch.
        self.watch = FolderWatch(self.path.parent, wanted, {name: self.last}, closely=wanted)

    def changes(self, cancelled: Callable[[], bool] | None = None) -> Iterator[None]:
        if self.store_watch is not None:
            yield from self.store_watch.changes(cancelled)
            return
        for names in self.watch.changes(cancelled):
            now = signature(self.path)
            if now != self.last:
                self.last = now
                yield
            elif names != {self.path.name}:  # a spectator came or went
                yield

    def stop(self) -> None:
        if self.store_watch is not None:
            self.store_watch.stop()
        else:
            self.watch.stop()
