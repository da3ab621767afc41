"""The load screen: every save in the save directory, newest first, with its
game, players, moves and when it was last played. A damaged save is listed
with what is wrong, never hidden."""

from __future__ import annotations

from pathlib import Path

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Header, Static

import saves
from castletui.screens.dialogs import ConfirmScreen
from castletui.screens.menu import game_title
from castletui.widgets.plain import Plain


class LoadScreen(Screen):
    HELP = "Enter opens the highlighted save; d deletes it (after asking). Saves live in the folder shown."
    BINDINGS = [
        Binding("escape", "back", "Back"),
        Binding("enter", "open", "Open", show=True),
        Binding("d", "delete", "Delete"),
    ]

    def compose(self) -> ComposeResult:
        yield Header()
        yield Plain("", id="load-title", classes="title")
        yield DataTable(id="saves", cursor_type="row", zebra_stripes=True)
        yield Plain("", id="load-detail", classes="help")
        yield Footer()

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        table.add_columns("Game", "Players", "Moves", "Last played", "Status")
        self.reload()

    def reload(self) -> None:
        table = self.query_one(DataTable)
        table.clear()
        self.rows = saves.list_saves(self.app.save_dir)
        for row in self.rows:
            status = "damaged" if row.problem else (row.status or "")
            # Text, not str: a DataTable reads a str cell as markup, and these
            # cells quote names and files.
            cells = (
                "(damaged)" if row.problem else game_title(row.game),
                ", ".join(row.players) or row.name,
                str(row.plies),
                row.updated.replace("T", " ")[:16],
                status,
            )
            table.add_row(*(Text(cell) for cell in cells), key=row.path)
        count = len(self.rows)
        self.query_one("#load-title", Static).update(
            f"Saved games: {count} in {self.app.save_dir}"
            if count
            else f"No saved games in {self.app.save_dir}"
        )
        table.focus()
        self.show_detail()

    def selected(self) -> saves.SaveSummary | None:
        table = self.query_one(DataTable)
        if not self.rows or table.cursor_row is None or table.cursor_row >= len(self.rows):
            return None
        return self.rows[table.cursor_row]

    @on(DataTable.RowHighlighted)
    def show_detail(self) -> None:
        row = self.selected()
        text = ""
        if row is not None:
            text = row.problem or f"{Path(row.path).name}"
        self.query_one("#load-detail", Static).update(text)

    @on(DataTable.RowSelected)
    def action_open(self) -> None:
        row = self.selected()
        if row is not None:
            self.app.resume(Path(row.path))

    def action_delete(self) -> None:
        row = self.selected()
        if row is None:
            return

        def answer(yes: bool | None) -> None:
            if yes:
                try:
                    Path(row.path).unlink()
                except OSError as error:
                    self.notify(f"Could not delete it: {error.strerror}", severity="error")
                self.reload()

        self.app.push_screen(
            ConfirmScreen(f"Delete {Path(row.path).name}?", "This cannot be undone.", "Delete", "Keep"),
            answer,
        )

    def action_back(self) -> None:
        self.app.pop_screen()
