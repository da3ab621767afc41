"""What snapshot tests share: fixed save folders (their names show on
screen, so never tmp_path) and sessions with fixed dates."""

from __future__ import annotations

import os
import shutil

try:
    import fcntl
except ImportError:  # not POSIX: one suite at a time
    fcntl = None
from pathlib import Path

import msgspec

from castletui import saves
from castletui.session import Session

SNAPSHOT_SAVES = Path("/tmp/castletui-snapshots")
FIXED_TIME = "2026-11-30T09:15:00+00:00"


_HELD: dict[str, int] = {}
"""The folder locks this test holds, by name (released by release_snapshot_dirs)."""


def fresh_dir(name: str) -> Path:
    """An empty folder at a fixed path (its name shows on some screens),
    this test's alone until it ends: two suites run at once on one machine
    use the same path, so a test holds an exclusive lock on the folder's
    lock file beside it, waiting while the other suite's test of the same
    name finishes, and tests/conftest.py releases it after the test."""
    SNAPSHOT_SAVES.mkdir(parents=True, exist_ok=True)
    if name not in _HELD:  # a second flock of this process on the same file would wait on itself
        handle = os.open(SNAPSHOT_SAVES / f".{name}.lock", os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o666)
        if fcntl is not None:
            fcntl.flock(handle, fcntl.LOCK_EX)
        _HELD[name] = handle
    folder = SNAPSHOT_SAVES / name
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def release_snapshot_dirs() -> None:
    """Let the other suite's tests have the folders this test held."""
    while _HELD:
        os.close(_HELD.popitem()[1])  # closing drops the lock


def fixed_session(
    folder: Path, game_id: str, variant: str, players: list[saves.Player], seed: int, **kwargs
) -> Session:
    """A new session saved as folder/game.toml with fixed dates."""
    # Dated before the first write: a save's creation time is part of which
    # game it is, and a file is never written over by another game.
    session = Session.new(game_id, variant, players, seed=seed, path=None, **kwargs)
    session.save = msgspec.structs.replace(session.save, created=FIXED_TIME, updated=FIXED_TIME)
    session.path = folder / "game.toml"
    session.write()
    return session


def pin_dates(session: Session) -> None:
    """Rewrite the session's save with fixed dates (after playing on)."""
    session.save = msgspec.structs.replace(session.save, created=FIXED_TIME, updated=FIXED_TIME)
    session.write()
    session.save = msgspec.structs.replace(session.save, updated=FIXED_TIME)
    saves.dump(session.save, session.path)
