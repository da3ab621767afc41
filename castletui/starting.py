"""What the command line asks castletui to open first (:class:`Start`):
its own module, so the paths that never draw a screen (``--plain``,
``--json``) read it without importing the app and textual."""

from __future__ import annotations

from pathlib import Path

import msgspec


class Start(msgspec.Struct):
    """What the command line asked for: the menu, a new game (wizard or
    straight in), resuming a save, or a rules reference."""

    kind: str = "menu"  # menu | wizard | play | resume | rules | load | replay
    game_id: str = ""
    path: Path | None = None
    new_game: dict = msgspec.field(default_factory=dict)
    note: str = ""  # said once the app is up ("the multi-player variant, the one for 3 players")
