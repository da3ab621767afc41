"""The watchers (inotify underneath on Linux, else watchfiles): the table watcher sees another
terminal's write (a rename over the table file) and nothing else in the
folder, the folder watch sees a table folder made after it began, and both
stop when asked or when their worker is cancelled. Every wait has a
generous bound for a busy machine; no timings here
(benchmarks/shared_table.py measures them)."""

from __future__ import annotations

import os
import queue
import sys
import threading
import time
import types

import pytest
from castletui.saves.table import signature

from castletui import inotify, watch
from castletui.watch import FolderWatch, TableWatcher

BOUND = 30  # seconds: only a broken watcher takes this long


def write_over(path, text: str) -> None:
    temporary = path.with_name(f".{path.name}.tmp")
    temporary.write_text(text)
    os.replace(temporary, path)


def run(generator) -> tuple[threading.Thread, queue.Queue]:
    """Iterate ``generator`` in a thread, as a screen's worker does."""
    seen: queue.Queue = queue.Queue()

    def loop() -> None:
        for item in generator:
            seen.put(item)
        seen.put("ended")

    thread = threading.Thread(target=loop, daemon=True)
    thread.start()
    return thread, seen


def test_the_watcher_sees_a_table_replaced_by_another_terminal_and_stops_when_asked(tmp_path):
    table = tmp_path / "game.json"
    table.write_text("{}")
    watcher = TableWatcher(table)
    thread, seen = run(watcher.changes())
    write_over(table, '{"log": []}')
    assert seen.get(timeout=BOUND) is None  # one change
    (tmp_path / "other.json").write_text("{}")  # another table in the folder: not ours
    write_over(table, '{"log": [1]}')
    assert seen.get(timeout=BOUND) is None
    watcher.stop()
    assert seen.get(timeout=BOUND) == "ended"
    thread.join(BOUND)
    assert not thread.is_alive()


def test_a_change_made_before_the_watch_began_is_still_seen(tmp_path):
    """The screen read the table, then another terminal wrote it before the
    watch was in place: the watcher compares with what the screen read."""
    table = tmp_path / "game.json"
    table.write_text("{}")
    read = signature(table)
    write_over(table, '{"log": []}')
    watcher = TableWatcher(table, read)
    thread, seen = run(watcher.changes())
    assert seen.get(timeout=BOUND) is None
    watcher.stop()
    thread.join(BOUND)
    assert not thread.is_alive()


def test_the_folder_watch_names_only_the_files_it_wants(tmp_path):
    watch = FolderWatch(tmp_path, lambda name: name.endswith(".json") and not name.startswith("."))
    thread, seen = run(watch.changes())
    (tmp_path / ".lock").write_text("")
    (tmp_path / "notes.txt").write_text("")
    (tmp_path / "game.json").write_text("{}")
    names = seen.get(timeout=BOUND)
    assert names == {"game.json"}
    watch.stop()
    # A file made while the watch was being put in place may be told twice
    # (by the look that catches up, and by its event): never another name.
    while (names := seen.get(timeout=BOUND)) != "ended":
        assert names == {"game.json"}


def test_inotify_drops_the_events_of_files_not_wanted_as_it_reads_them(tmp_path):
    """Issue 45: every table's move wakes each terminal watching the folder;
    another table's events are dropped as they are read, with no wait for
    the rest of their burst and nothing handed on."""
    try:
        events = inotify.FolderEvents(tmp_path)
    except inotify.Unavailable:
        pytest.skip("no inotify here")
    stopped = threading.Event()
    thread, seen = run(events.batches(0.01, 0.05, 1.0, stopped.is_set, lambda name: name == "ours.json"))
    for move in range(5):
        (tmp_path / "theirs.json").write_text(str(move))
    (tmp_path / "ours.json").write_text("{}")
    assert seen.get(timeout=BOUND) == {"ours.json"}
    stopped.set()
    events.stop()
    assert seen.get(timeout=BOUND) == "ended"
    thread.join(BOUND)


def test_a_cancelled_worker_stops_the_watch(tmp_path, backend):
    cancelled = threading.Event()
    thread, seen = run(FolderWatch(tmp_path, bool).changes(cancelled.is_set))
    cancelled.set()
    assert seen.get(timeout=BOUND) == "ended"
    thread.join(BOUND)
    assert not thread.is_alive()


def test_a_table_folder_made_after_the_watch_began_is_watched(tmp_path, backend):
    folder = tmp_path / "data" / "tables"
    folder_watch = FolderWatch(folder, lambda name: name.endswith(".json"))
    thread, seen = run(folder_watch.changes())
    folder.mkdir(parents=True)
    while (names := seen.get(timeout=BOUND)) != set():
        pass  # the folder is there: a look at it
    (folder / "game.json").write_text("{}")
    while not (names := seen.get(timeout=BOUND)):
        pass  # (a catch-up look may come first)
    assert names == {"game.json"}
    folder_watch.stop()
    thread.join(BOUND)
    assert not thread.is_alive()


def test_the_c_library_is_looked_for_once_a_process(monkeypatch):
    """Issue 45: looking for it runs ldconfig, a process of its own; a
    second inotify instance (a session forked from the host's zygote
    makes its own) uses the library found before."""
    import ctypes.util

    looked = []
    real_find = ctypes.util.find_library

    def find_library(name):
        looked.append(name)
        return real_find(name)

    inotify._libc.cache_clear()
    monkeypatch.setattr(ctypes.util, "find_library", find_library)
    try:
        first, second = inotify.Instance(), inotify.Instance()
    except inotify.Unavailable:
        pytest.skip("no inotify here")
    finally:
        inotify._libc.cache_clear()
    for made in (first, second):
        os.close(made.fd)
    assert first.libc is second.libc
    assert looked == ["c"]


def test_a_table_folder_made_one_level_at_a_time_is_watched(tmp_path):
    """``data`` first, then ``tables`` in it: the watch on the folder above
    hears only ``data`` come, and must move down to hear ``tables``."""
    folder = tmp_path / "data" / "tables"
    folder_watch = FolderWatch(folder, lambda name: name.endswith(".json"))
    thread, seen = run(folder_watch.changes())
    deadline = time.monotonic() + BOUND

    def watching(path) -> bool:
        events = folder_watch._events
        return events is not None and events.folder == path

    while not watching(tmp_path):
        assert time.monotonic() < deadline, "the watch never began"
        time.sleep(0.01)
    (tmp_path / "data").mkdir()
    while not watching(tmp_path / "data"):
        assert time.monotonic() < deadline, "the watch stayed on the folder above"
        time.sleep(0.01)
    folder.mkdir()
    assert seen.get(timeout=BOUND) == set()  # the folder is there: a look at it
    folder_watch.stop()
    assert seen.get(timeout=BOUND) == "ended"
    thread.join(BOUND)


def no_instance_left(*args, **kwargs):
    """watchfiles where every inotify instance of the user is taken: it
    raises as the real one does (its Rust error is a RuntimeError)."""
    raise RuntimeError("Error creating recommended watcher: Too many open files (os error 24)")


@pytest.fixture(params=["inotify", "watchfiles", "looking"])
def backend(request, monkeypatch):
    """Each test below runs on all three: inotify where Linux has it,
    watchfiles as on macOS (inotify made unavailable), and looking at the
    folder when neither can watch it (all the user's inotify instances
    taken: a busy host, or other programs of the same user)."""
    if request.param in ("watchfiles", "looking"):

        def unavailable(folder, closely=None):
            raise inotify.Unavailable(24, "Too many open files")

        monkeypatch.setattr(inotify, "FolderEvents", unavailable)
        monkeypatch.setattr(watch, "_inotify_missing", False)
    if request.param == "looking":
        monkeypatch.setitem(
            sys.modules, "watchfiles_no_instance_left", types.SimpleNamespace(watch=no_instance_left)
        )
        monkeypatch.setattr(watch, "WATCHFILES", "watchfiles_no_instance_left")
        monkeypatch.setattr(watch, "POLL_S", 0.05)
    return request.param


def test_every_backend_sees_another_terminals_write_and_a_table_made_before_the_watch(tmp_path, backend):
    table = tmp_path / "game.json"
    table.write_text("{}")
    read = signature(table)
    write_over(table, '{"log": []}')  # before the watch: seen by its first look
    watcher = TableWatcher(table, read)
    thread, seen = run(watcher.changes())
    assert seen.get(timeout=BOUND) is None
    write_over(table, '{"log": [1]}')
    assert seen.get(timeout=BOUND) is None
    watcher.stop()
    assert seen.get(timeout=BOUND) == "ended"
    thread.join(BOUND)
    assert not thread.is_alive()


def test_an_idle_table_watch_sleeps_until_a_write_comes(tmp_path, monkeypatch):
    """Issue 43, item 10: the watch wakes for an event or stop(), never on a
    clock (watchfiles asked whether to stop every 25 ms: 40 times a second).
    Counted: the times it asks whether its worker was cancelled."""
    monkeypatch.setattr(watch, "HEARTBEAT_S", None, raising=False)
    table = tmp_path / "game.json"
    table.write_text("{}")
    asked = []
    watcher = TableWatcher(table)
    thread, seen = run(watcher.changes(lambda: asked.append(1) and False))
    write_over(table, '{"log": []}')
    assert seen.get(timeout=BOUND) is None
    before = len(asked)
    time.sleep(0.5)  # idle: 20 looks at 25 ms; none now (a straggler of the write's burst at most)
    assert len(asked) - before <= 2
    watcher.stop()  # wakes it at once: no heartbeat to wait for
    assert seen.get(timeout=BOUND) == "ended"
    thread.join(BOUND)
    assert not thread.is_alive()
    assert watcher.watch.wake_ups >= 1  # the stop at least (inotify's own count)


def test_a_folder_watch_stopped_before_it_began_ends_at_once(tmp_path, monkeypatch):
    monkeypatch.setattr(watch, "HEARTBEAT_S", None)
    folder_watch = FolderWatch(tmp_path, bool)
    folder_watch.stop()
    assert list(folder_watch.changes()) == []


def test_events_lost_by_the_kernel_count_as_a_change_to_every_file(tmp_path, monkeypatch):
    """inotify's queue overflowed: the write that came then has no event of
    its own, but the watcher still looks at the table."""
    table = tmp_path / "game.json"
    table.write_text("{}")

    def lost(self, settle, most, heartbeat, stopped, wanted=None):
        write_over(table, '{"log": [1]}')  # its events lost with the rest
        yield {inotify.OVERFLOW}
        while not stopped():
            time.sleep(0.01)
        self.close()

    monkeypatch.setattr(inotify.FolderEvents, "batches", lost)
    watcher = TableWatcher(table)
    thread, seen = run(watcher.changes())
    assert seen.get(timeout=BOUND) is None
    watcher.stop()
    assert seen.get(timeout=BOUND) == "ended"
    thread.join(BOUND)


def append(path, text: str) -> None:
    with path.open("a") as file:  # a move appended in place, as saves.store._append writes it
        file.write(text)


def folder_events(folder, closely=None) -> inotify.FolderEvents:
    try:
        return inotify.FolderEvents(folder, closely)
    except inotify.Unavailable:
        pytest.skip("no inotify here")


def test_a_close_watch_hears_its_own_files_writes_in_place_and_no_other(tmp_path):
    """Issue 45: twenty tables on one host each append a move a second to
    their file; a terminal wakes only for its own table's, however its
    file is written (appended to, or replaced by a rename), and for files
    made or removed. (Events come in order: one not heard would come first.)"""
    ours, theirs = tmp_path / "ours.json", tmp_path / "theirs.json"
    ours.write_text("{}")
    theirs.write_text("{}")
    events = folder_events(tmp_path, lambda name: name == "ours.json")
    batches = events.batches(0.01, 0.05, None, lambda: False)
    try:
        append(theirs, "1")
        append(ours, "1")
        assert next(batches) == {"ours.json"}
        write_over(ours, "{}")  # a new file by that name: its writes are heard too
        assert "ours.json" in next(batches)
        append(ours, "2")
        assert next(batches) == {"ours.json"}
        (tmp_path / "new.json").write_text("{}")  # a file made: heard, whatever its name
        assert next(batches) == {"new.json"}
        append(tmp_path / "new.json", "1")  # not watched closely
        append(ours, "3")
        assert next(batches) == {"ours.json"}
        events.watch_file("new.json")  # watched from now on
        append(tmp_path / "new.json", "2")
        assert next(batches) == {"new.json"}
    finally:
        batches.close()


def inotify_instances() -> int:
    return sum(
        os.readlink(f"/proc/self/fd/{fd}") == "anon_inode:inotify"
        for fd in os.listdir("/proc/self/fd")
        if os.path.exists(f"/proc/self/fd/{fd}")
    )


def test_the_watches_of_one_process_share_one_inotify_instance_and_each_hears_its_own(tmp_path):
    """Issue 45: a user has 128 inotify instances for all their processes
    (fs.inotify.max_user_instances); eighty players each watching their
    table and their turns took 160, and the rest looked every 25 ms
    instead. One instance a process; a watch still hears only what it
    asked for, and one closed leaves the others as they were."""
    ours, theirs = tmp_path / "ours.json", tmp_path / "theirs.json"
    ours.write_text("{}")
    theirs.write_text("{}")
    close = folder_events(tmp_path, lambda name: name == "ours.json")
    whole = folder_events(tmp_path)  # the lobby's: every file's writes
    assert inotify_instances() == 1
    close_batches = close.batches(0.01, 0.05, None, lambda: False)
    whole_batches = whole.batches(0.01, 0.05, None, lambda: False)
    try:
        append(theirs, "1")
        assert next(whole_batches) == {"theirs.json"}
        append(ours, "1")
        assert next(close_batches) == {"ours.json"}  # theirs, first, was not handed to it
        assert next(whole_batches) == {"ours.json"}
        whole_batches.close()  # closed: the folder's watch is narrowed to what the other asked
        append(theirs, "2")
        append(ours, "2")
        assert next(close_batches) == {"ours.json"}
    finally:
        close_batches.close()
        whole_batches.close()


def test_the_table_watcher_hears_a_move_appended_to_its_table(tmp_path):
    table, other = tmp_path / "game.json", tmp_path / "other.json"
    table.write_text("{}")
    other.write_text("{}")
    watcher = TableWatcher(table)
    thread, seen = run(watcher.changes())
    append(other, " ")
    append(table, " ")
    assert seen.get(timeout=BOUND) is None  # the move at its table, and only once
    watcher.stop()
    assert seen.get(timeout=BOUND) == "ended"
    thread.join(BOUND)
