"""The table watcher sees another terminal's write (a rename over the table
file), with inotify and by polling alike, and says nothing when nothing
changed. No timings here: benchmarks/shared_table.py measures them."""

from __future__ import annotations

import os
import threading
import time

import pytest

from castletui.shared import TableWatcher


def write_over(path, text: str) -> None:
    temporary = path.with_name(f".{path.name}.tmp")
    temporary.write_text(text)
    os.replace(temporary, path)


@pytest.mark.parametrize("inotify", [True, False], ids=["inotify", "polling"])
def test_the_watcher_sees_a_table_replaced_by_another_terminal(tmp_path, inotify):
    table = tmp_path / "game.json"
    table.write_text("{}")
    watcher = TableWatcher(table, use_inotify=inotify)
    try:
        if inotify:
            assert watcher.uses_inotify  # Linux: no polling needed
        assert not watcher.wait(0.01)  # nothing changed yet
        writer = threading.Timer(0.05, write_over, (table, '{"log": []}'))
        writer.start()
        deadline = time.monotonic() + 30  # generous: a busy machine
        seen = False
        while not seen and time.monotonic() < deadline:
            seen = watcher.wait(0.2)
        writer.join()
        assert seen
        (tmp_path / "other.json").write_text("{}")  # another table in the folder
        assert not watcher.wait(0.05)
    finally:
        watcher.close()
