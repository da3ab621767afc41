"""Shared tables in the app: :class:`SharedApp`, castletui as ``castletui
join`` (and ``serve``, ``host``) runs it, with the lobby as its first
screen. What the app does at a table (make one, take a seat, open it) is
castletui/tables.py, which the wizard and the lobby use without importing
the app; watching the table folder for other terminals' moves and tables
is castletui/watch.py; the table file itself is saves/table.py.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from castletui.app import CastleApp, Start
from castletui.saves.owners import owner_field, owner_label
from castletui.screens.join import JoinScreen
from castletui.tables import (
    create_table,
    is_lobby_only,
    join_table,
    name_of,
    start_shared_game,
    table_dir_of,
    who_of,
)

# The table functions are castletui/tables.py's; tests and benchmarks read them from here too.
__all__ = [
    "SharedApp",
    "create_table",
    "is_lobby_only",
    "join_table",
    "name_of",
    "start_shared_game",
    "table_dir_of",
    "who_of",
]


class SharedApp(CastleApp):
    """castletui as ``castletui join`` (and ``serve``) run it: the lobby is
    its first screen, it plays as ``who`` (an owner field: saves.owners; a
    bare name is a ``user:`` owner) and sits down as ``who_name`` (an
    account's name; a ``user:`` owner's is its own), and with
    ``lobby_only`` (the forced command of a game account, castletui host)
    there is no main menu to reach other files from; leaving the lobby quits."""

    def __init__(
        self,
        start: Start | None = None,
        *,
        who: str,
        who_name: str = "",
        table_dir: Path,
        lobby_only: bool = False,
        **kwargs: Any,
    ) -> None:
        super().__init__(start, **kwargs)
        self.who = owner_field(who)
        self.who_name = who_name or owner_label(self.who)
        self.table_dir = table_dir
        self.lobby_only = lobby_only

    def get_default_screen(self):
        if self.lobby_only:
            return JoinScreen()
        return super().get_default_screen()

    def open_start(self) -> None:
        start = self.start
        if start.kind == "join" and start.path is not None:
            joined = join_table(self, start.path, start.new_game.get("seat"))
            if not joined and not self.lobby_only:
                self.open_lobby()
        elif start.kind == "join":
            if not self.lobby_only:
                self.open_lobby()
        elif start.kind == "shared":
            start_shared_game(self, **start.new_game)
        else:
            super().open_start()

    def open_lobby(self) -> None:
        self.push_screen(JoinScreen())

    # --- lobby only: nothing is written outside the table folder ----------------

    def get_system_commands(self, screen):
        """The command palette, without Screenshot in lobby-only mode: over
        ``castletui host`` or a game account the player is not the host's
        Unix user, and it would write an SVG into that user's Downloads."""
        for command in super().get_system_commands(screen):
            if not (self.lobby_only and command.title == "Screenshot"):
                yield command

    def deliver_text(self, *args: Any, **kwargs: Any) -> str | None:
        # Where Textual writes a screenshot (or any file it delivers).
        if self.lobby_only:
            self.notify("Nothing is saved outside the table folder here.", severity="warning")
            return None
        return super().deliver_text(*args, **kwargs)

    def deliver_binary(self, *args: Any, **kwargs: Any) -> str | None:
        if self.lobby_only:
            self.notify("Nothing is saved outside the table folder here.", severity="warning")
            return None
        return super().deliver_binary(*args, **kwargs)

    def save_screenshot(self, *args: Any, **kwargs: Any) -> str:
        if self.lobby_only:
            raise PermissionError("castletui writes nothing outside the table folder in lobby-only mode")
        return super().save_screenshot(*args, **kwargs)

    def crash_folder(self) -> Path | None:
        """A game account's crash logs stay beside its tables: through its
        forced command, castletui writes nowhere else."""
        return self.table_dir / "crash-logs" if self.lobby_only else None
