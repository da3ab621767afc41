"""JSON-lines play at a shared table: ``castletui join TABLE --json`` and
``castletui new GAME --shared --json``. The seat is taken and the table
made as the app does it (castletui/tables.py, given a stand-in for the
app: who sits down, where the tables are, what to say), and the other
terminals' moves are waited for by watching the table (castletui/watch.py)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from typing import Any

from castletui.commands.base import Refused
from castletui.commands.folders import player_identity, table_folder
from castletui.saves.names import normal_name
from castletui.saves.owners import owner_field
from castletui.tables import join_table, start_shared_game
from castletui.watch import TableWatcher


class Sitting:
    """What castletui/tables.py asks of an app: who plays (``who``, an
    owner field) and sits down as (``who_name``), the table folder, where
    a notification goes (an error is the refusal; anything else a line on
    stderr) and the game it opens."""

    def __init__(self, who: str, who_name: str, table_dir: Any) -> None:
        self.who, self.who_name, self.table_dir = who, who_name, table_dir
        self.session: Any = None
        self.refusal = ""

    def notify(self, message: str, title: str = "", severity: str = "information", **_: Any) -> None:
        if severity == "error":
            self.refusal = message
        else:
            print(f"castletui: {message}", file=sys.stderr)

    def open_session(self, session: Any, resumed: bool = False) -> None:
        self.session = session


def seated(args: argparse.Namespace, start: Any) -> Any:
    """The session at the table ``start`` names (joined) or makes (new --shared)."""
    account = getattr(args, "account", None)
    who_name = normal_name(args.as_name) if account else ""  # as castletui/commands/play_shared.py
    sitting = Sitting(owner_field(player_identity(args)), who_name, table_folder(args))
    if start.kind == "join":
        if start.path is None:
            raise Refused(
                "join --json takes a table: castletui join TABLE --json (castletui join lists them)."
            )
        join_table(sitting, start.path, start.new_game.get("seat"))
    else:
        start_shared_game(sitting, **start.new_game)
    if sitting.session is None:
        raise Refused(sitting.refusal or "that table cannot be opened.")
    return sitting.session


def watching(session: Any) -> tuple[Callable[[], None], Callable[[], None]]:
    """Wait for the table to change (blocks), and stop watching it."""
    watcher = TableWatcher(session.table.path, session.synced)
    changes = watcher.changes()
    return (lambda: next(changes, None)), watcher.stop
