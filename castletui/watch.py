"""Watching the table folder for other terminals' writes: watchfiles'
(the operating system's file events: inotify, FSEvents,
ReadDirectoryChangesW), in a thread that sleeps between events; nothing
here reads a file to find out whether it changed. No app here: the game
screen (castletui/screens/game.py) watches its table file, the lobby
(castletui/screens/join.py) its folder, and castletui/tables.py starts
tables, without one importing the other.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from pathlib import Path

import watchfiles

from castletui.saves.table import Signature, signature

DEBOUNCE_MS = 50
"""The longest watchfiles gathers a burst of events (a table write is a
temporary made, written, renamed) before it reports them."""
STEP_MS = 25
"""How often watchfiles' thread looks at the events the system queued: a
change is reported 25 to 50 ms after it lands. Each look is a wake-up of
an idle castletui (about 0.1% of a CPU at 25 ms; 10 ms cost 0.4%)."""
CATCH_UP_MS = 500
"""Once the watch is in place, this long after it began: one look at
whatever changed before it was (a table written while the screen opened)."""


class FolderWatch:
    """Changes to the files of one folder whose names ``wanted`` accepts.
    ``changes()`` runs in a worker thread and yields the names changed, once
    early with none (see CATCH_UP_MS), until ``stop()`` or ``cancelled()``.
    A folder that does not exist yet is waited for: the names yielded when
    it appears are empty, and its files are watched from then on."""

    def __init__(self, folder: Path, wanted: Callable[[str], bool]) -> None:
        self.folder = Path(folder)
        self.wanted = wanted
        self._stop = threading.Event()
        self._cancelled: Callable[[], bool] = lambda: False

    def is_set(self) -> bool:
        """watchfiles' stop event: asked at each of its looks."""
        return self._stop.is_set() or self._cancelled()

    def stop(self) -> None:
        self._stop.set()

    def changes(self, cancelled: Callable[[], bool] | None = None) -> Iterator[set[str]]:
        if cancelled is not None:
            self._cancelled = cancelled
        caught_up = False
        while not self.is_set():
            present = self.folder.is_dir()
            watched, wanted = self.folder, self.wanted
            if not present:  # watch the nearest folder there is for the next one down
                watched = next(folder for folder in self.folder.parents if folder.is_dir())
                wanted = self.folder.relative_to(watched).parts[0].__eq__
            try:
                for events in watchfiles.watch(
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
                    if present and (events or not caught_up):
                        caught_up = True
                        yield {Path(path).name for _, path in events}
                    elif not present and self.folder.is_dir():
                        # It is there now: watch it, and look once that watch
                        # is in place (a file made before it would be missed).
                        caught_up = False
                        break
            except (OSError, RuntimeError):  # watchfiles' own errors are RuntimeErrors
                if present:
                    return  # the folder cannot be watched (gone, or no permission)
                self._stop.wait(CATCH_UP_MS / 1000)  # nor the one above it, for now
            if present:
                return  # stopped


class TableWatcher:
    """Says when the table file at ``path`` was replaced by another write:
    ``changes()`` yields each time its signature is not the one seen last
    (``last``: as the session read it), until ``stop()``."""

    def __init__(self, path: Path, last: Signature | None = None) -> None:
        self.path = Path(path)
        self.last = signature(self.path) if last is None else last
        self.watch = FolderWatch(self.path.parent, self.path.name.__eq__)

    def changes(self, cancelled: Callable[[], bool] | None = None) -> Iterator[None]:
        for _ in self.watch.changes(cancelled):
            now = signature(self.path)
            if now != self.last:
                self.last = now
                yield

    def stop(self) -> None:
        self.watch.stop()
