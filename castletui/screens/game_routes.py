"""The game screen's routes that lead off the board (castletui/screens/game.py
mixes them in): table-mode entry of what came up at a real table, a shared
table's watcher bringing other terminals' moves, and Save as. Each asks the
screen's driver and session only, and plays through the screen's ``play``
(the session's guards)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.message import Message
from textual.worker import get_current_worker

from castletui import saves
from castletui.driver import Entry
from castletui.later import loader
from castletui.screens.dialogs import ChancePicker, ConfirmScreen, SaveAsScreen
from castletui.widgets.panels import GameLog

LATER = {
    "table entry": "castletui.screens.table_entry",
    "watch": "castletui.watch",
}
"""Loaded by name when a game first needs them, not before its first frame:
table mode's forms, and a shared table's watcher (watchfiles alone costs
some 10 ms). A declared load (tests/test_imports.py follows it)."""


later = loader(LATER)
"""The module :data:`LATER` names, loaded the first time it is asked for."""


class TableEntryRoute:
    """Table mode: the set-up on one form, pieces drawn together as one line
    of counts, anything else from a picker of the possible outcomes."""

    def ask_chance(self, entry: Entry | None = None) -> None:
        """Ask the table what happened: the set-up on one form, pieces drawn
        together as one line of counts, anything else from a picker."""
        entry = entry if entry is not None else self.driver.next()
        session, names = self.session, self.session.names
        if not isinstance(entry, Entry):
            return
        check = lambda counts: session.batch_actions(entry.batches, counts)  # noqa: E731
        if entry.how == "form":
            title = f"Setting up {session.game.INFO.title}: what was dealt and turned up"
            form = later("table entry").SetupForm(title, entry.batches, names, check)
            self.app.push_screen(form, self.entered_form)
        elif entry.how == "counts":
            counts = later("table entry").CountsEntry(entry.batches[0], names, check)
            self.app.push_screen(counts, self.entered_counts)
        else:
            question, outcomes = session.chance_question()
            self.app.push_screen(ChancePicker(question, outcomes), self.picked)

    def picked(self, action: Any) -> None:
        if action is None:
            self.notify("Press c when you know what happened.", timeout=4)
        else:
            self.play(action)

    def entered_form(self, actions: list[Any] | None) -> None:
        if actions is None:
            self.driver.form_declined = True
            self.ask_chance()
        else:
            self.entered(actions)

    def entered_counts(self, actions: list[Any] | None) -> None:
        if actions is None:
            self.driver.counts_declined_at = self.session.ply
            self.ask_chance()
        else:
            self.entered(actions)

    def entered(self, actions: list[Any]) -> None:
        """The actions typed on the form or as counts, played one by one (one
        log line each; undo takes them back one at a time)."""
        for action in actions:
            if not self.play(action, advance=False):
                break
        self.advance()

    def action_chance(self) -> None:
        if self.check_action("chance", ()):
            self.ask_chance()


class SharedTableWatch:
    """A shared table: the table file watched from a thread (castletui/watch.py)
    until the screen goes; other terminals' moves logged and played on."""

    class TableChanged(Message):
        """The table file changed: another terminal moved (from the watcher)."""

    def watch_table(self) -> None:
        """Watch the table file from a thread until this screen goes."""
        self.table_watcher = later("watch").TableWatcher(self.session.table.path, self.session.table.known)
        self.run_worker(self._watching_table, thread=True, exclusive=True, group="table")

    def _watching_table(self) -> None:
        worker = get_current_worker()
        for _ in self.table_watcher.changes(lambda: worker.is_cancelled):
            self.post_message(self.TableChanged())

    def on_unmount(self) -> None:
        watcher = getattr(self, "table_watcher", None)
        if watcher is not None:
            watcher.stop()  # its thread ends at its next look, whatever removed the screen

    def on_shared_table_watch_table_changed(self, message: TableChanged) -> None:
        self.table_changed()

    def table_changed(self) -> None:
        """Take in other terminals' moves: log them here, redraw once, go on."""
        if not self.is_attached:
            return
        session = self.session
        names, log_before, owners = session.names, session.save.log, session.owners
        try:
            lines, rewound = session.sync()
        except saves.SaveError as error:
            self.notify(str(error), title="The table cannot be read", severity="error", timeout=10)
            return
        if not (lines or rewound) and names == session.names and owners == session.owners:
            return  # nothing this screen shows changed (our own move, come back)
        log = self.query_one(GameLog)
        if rewound or names != session.names:  # an undo, or a player took a seat (their name)
            log.show_all([line.text for line in session.log])
        if rewound:
            taker = log_before[-1].seat if log_before else -1
            who = names[taker] if 0 <= taker < len(names) else "Another terminal"
            self.notify(f"{who} took back their last move.", timeout=5)
            self.result_shown = False
        else:
            for line in lines:
                log.add(line.text)
        if lines or rewound:
            self.menu_path = ()
            self.bot_thinking = self.bot_thinking and not rewound
        self.advance()


class SaveAs:
    """ctrl+s: the game saved under a new name (a file of another game is
    replaced only when the player says so; its last copy is kept)."""

    def action_save_as(self) -> None:
        suggestion = self.session.path.stem if self.session.path else self.session.save.game

        def chosen(name: str | None) -> None:
            if not name:
                return
            try:
                path = saves.path_in(self.app.save_dir, name)
            except saves.SaveError as error:
                self.notify(str(error), title="Not saved", severity="error", timeout=8)
                return
            other = self.other_game_in(path)
            if not other:
                self.save_as(path)
                return
            self.app.push_screen(
                ConfirmScreen(
                    f"{path.name} already holds {other}.",
                    "Replace it with this game? Its last copy is kept beside it as a backup (.bak).",
                    yes="Replace",
                    no="Cancel",
                ),
                lambda replace: self.save_as(path, replace=True) if replace else None,
            )

        self.app.push_screen(SaveAsScreen(suggestion), chosen)

    def other_game_in(self, path: Path) -> str:
        """What another game already saved at ``path`` is; "" when none (or this one)."""
        if path == self.session.path or not path.exists():
            return ""
        if saves.game_identity(path) == saves.identity_of(self.session.save):
            return ""
        try:
            other = saves.read(path)
        except saves.SaveError:
            return "a file castletui cannot read"
        players = ", ".join(player.name for player in other.players)
        return f"another game ({other.game}, {players}, {other.check.plies} moves)"

    def save_as(self, path: Path, replace: bool = False) -> None:
        try:
            self.session.save_as(path, replace=replace)
        except saves.SaveError as error:
            self.notify(str(error), title="Not saved", severity="error", timeout=8)
            return
        self.sub_title = path.name
        self.notify(f"Saved as {path.name}; later moves are saved there too.")
