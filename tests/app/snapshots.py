"""What snapshot tests share: fixed save folders (their names show on
screen, so never tmp_path) and sessions with fixed dates."""

from __future__ import annotations

import shutil
from pathlib import Path

import msgspec

from castletui import saves
from castletui.session import Session

SNAPSHOT_SAVES = Path("/tmp/castletui-snapshots")
FIXED_TIME = "2026-11-30T09:15:00+00:00"


def fresh_dir(name: str) -> Path:
    folder = SNAPSHOT_SAVES / name
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    return folder


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
