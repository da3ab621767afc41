"""The game screen's routes off the board, each a collaborator the screen
owns (castletui/screens/game.py): table-mode entry of what came up at a
real table, a shared table's watcher, and Save as. The decisions are the
driver's (castletui/driver.py); these push the dialogs and play through the
screen's ``play`` (the session's guards)."""

from __future__ import annotations

from typing import Any

from textual.message import Message
from textual.worker import get_current_worker

from castletui import saves
from castletui.driver import Entry
from castletui.later import loader
from castletui.screens.dialogs import ChancePicker, ConfirmScreen, SaveAsScreen

LATER = {
    "table entry": "castletui.screens.table_entry",
    "watch": "castletui.watch",
}
"""Loaded by name when a game first needs them, not before its first frame:
table mode's forms, and a shared table's watcher (watchfiles alone costs
some 10 ms). A declared load (tests/test_imports.py follows it)."""


later = loader(LATER)
"""The module :data:`LATER` names, loaded the first time it is asked for."""


class TableEntry:
    """Table mode: the set-up on one form, pieces drawn together as one line
    of counts, anything else from a picker of the possible outcomes."""

    def __init__(self, screen: Any) -> None:
        self.screen = screen

    def ask(self, entry: Entry | None = None) -> None:
        """Ask the table what happened now (the driver says how)."""
        screen = self.screen
        entry = entry if entry is not None else screen.driver.next()
        if not isinstance(entry, Entry):
            return
        session, names = screen.session, screen.session.names
        check = lambda counts: session.batch_actions(entry.batches, counts)  # noqa: E731
        entered = lambda actions: self.entered(entry, actions)  # noqa: E731
        if entry.how == "form":
            title = f"Setting up {session.game.INFO.title}: what was dealt and turned up"
            screen.app.push_screen(
                later("table entry").SetupForm(title, entry.batches, names, check), entered
            )
        elif entry.how == "counts":
            screen.app.push_screen(later("table entry").CountsEntry(entry.batches[0], names, check), entered)
        else:
            screen.app.push_screen(ChancePicker(*session.chance_question()), self.picked)

    def picked(self, action: Any) -> None:
        if action is None:
            self.screen.notify("Press c when you know what happened.", timeout=4)
        else:
            self.screen.play(action)

    def entered(self, entry: Entry, actions: list[Any] | None) -> None:
        """The actions typed on the form or as counts, played one by one (one
        log line each; undo takes them back one at a time); None: the
        players answer piece by piece instead."""
        if actions is None:
            self.screen.driver.declined(entry)
            self.ask()
            return
        for action in actions:
            if not self.screen.play(action, advance=False):
                break
        self.screen.loop.advance()


class TableChanged(Message):
    """The table file changed: another terminal moved (from the watcher)."""


class TableWatch:
    """A shared table's file, watched from a thread (castletui/watch.py)
    until the screen goes: each change is a :class:`TableChanged` to it."""

    def __init__(self, screen: Any) -> None:
        self.screen = screen
        self.watcher: Any = None

    def start(self) -> None:
        table = self.screen.session.table
        self.watcher = later("watch").TableWatcher(table.path, table.known)
        self.screen.run_worker(self._watching, thread=True, exclusive=True, group="table")

    def _watching(self) -> None:
        worker = get_current_worker()
        for _ in self.watcher.changes(lambda: worker.is_cancelled):
            self.screen.post_message(TableChanged())

    def stop(self) -> None:
        if self.watcher is not None:
            self.watcher.stop()  # its thread ends at its next look, whatever removed the screen


class SaveAs:
    """ctrl+s: the game saved under a new name (a file of another game is
    replaced only when the player says so; its last copy is kept)."""

    def __init__(self, screen: Any) -> None:
        self.screen = screen

    def ask(self) -> None:
        session = self.screen.session
        suggestion = session.path.stem if session.path else session.save.game
        self.screen.app.push_screen(SaveAsScreen(suggestion), self.chosen)

    def chosen(self, name: str | None) -> None:
        screen = self.screen
        if not name:
            return
        try:
            path = saves.path_in(screen.app.save_dir, name)
        except saves.SaveError as error:
            screen.notify(str(error), title="Not saved", severity="error", timeout=8)
            return
        other = screen.driver.other_game_at(path)
        if not other:
            self.save(path)
            return
        confirm = ConfirmScreen(
            f"{path.name} already holds {other}.",
            "Replace it with this game? Its last copy is kept beside it as a backup (.bak).",
            yes="Replace",
            no="Cancel",
        )
        screen.app.push_screen(confirm, lambda replace: self.save(path, replace=True) if replace else None)

    def save(self, path: Any, replace: bool = False) -> None:
        screen = self.screen
        try:
            screen.session.save_as(path, replace=replace)
        except saves.SaveError as error:
            screen.notify(str(error), title="Not saved", severity="error", timeout=8)
            return
        screen.sub_title = path.name
        screen.notify(f"Saved as {path.name}; later moves are saved there too.")
