"""A host's relay folder in the temporary directory (saves.stores.relay):
a host killed with SIGKILL leaves its folder behind, and the next host
removes it; a folder whose host still runs, or another user's, stays."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import tempfile
from pathlib import Path

from castletui.saves.stores.relay import FOLDER_PREFIX, Relay, clean_stale_folders

from tests.processes import end_with_parent

KILLED_HOST = """
import sys
from castletui.saves.stores.relay import Relay
relay = Relay(lambda: None)
print(relay.path, flush=True)
sys.stdin.read()
"""


def test_a_killed_hosts_relay_folder_is_removed_by_the_next_host_and_no_other(monkeypatch):
    # A short folder: a Unix socket's path has at most 107 bytes, and
    # pytest's tmp_path under xdist is longer than that leaves room for.
    with tempfile.TemporaryDirectory(prefix="ctrf-", dir="/tmp") as short:
        _killed_and_cleaned(Path(short), monkeypatch)


def _killed_and_cleaned(temporary: Path, monkeypatch) -> None:
    host = subprocess.Popen(
        [sys.executable, "-c", KILLED_HOST],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, "TMPDIR": str(temporary)},
        preexec_fn=end_with_parent,
    )
    try:
        killed_folder = os.path.dirname(host.stdout.readline().strip())
    finally:
        host.send_signal(signal.SIGKILL)
        host.communicate()  # reaps it and closes its pipes
    assert os.path.isdir(killed_folder)  # nothing ran to remove it
    running = temporary / f"{FOLDER_PREFIX}{os.getpid()}-live0001"  # this process's: still running
    running.mkdir(mode=0o700)
    (running / "socket").touch()
    older = temporary / f"{FOLDER_PREFIX}abcd1234"  # an older castletui's, empty: killed long ago
    older.mkdir(mode=0o700)
    os.utime(older, (0, 0))
    fresh = temporary / f"{FOLDER_PREFIX}efgh5678"  # an older castletui's host binding its socket now
    fresh.mkdir(mode=0o700)
    others = [fresh]
    if os.getuid() == 0:  # only root can make another user's folder
        other = temporary / f"{FOLDER_PREFIX}{host.pid}-other001"
        other.mkdir(mode=0o700)
        os.chown(other, 4242, 4242)
        others.append(other)
    monkeypatch.setattr(tempfile, "tempdir", str(temporary))
    relay = Relay(lambda: None)  # the next host
    try:
        assert not os.path.exists(killed_folder) and not older.exists()
        assert running.is_dir() and all(other.is_dir() for other in others)
        assert os.path.dirname(relay.path).startswith(str(temporary / f"{FOLDER_PREFIX}{os.getpid()}-"))
    finally:
        relay.stop()
    assert clean_stale_folders(str(temporary)) == 0  # a stopped relay takes its own folder away
