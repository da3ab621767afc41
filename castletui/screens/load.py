"""The load screen: every save in the save directory, newest first, with its
game and way of playing it (variant, table mode), players, when it was last
played and where it stands, and its name where the player or a replay gave
it one. Each row takes two lines so that all of it fits 80 columns; the
line under the table says the highlighted save in full. A damaged save is
listed with what is wrong, never hidden."""

from __future__ import annotations

import textwrap
from pathlib import Path

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import DataTable, Static

from castletui import saves, stylesheets
from castletui.listing import game_title, moves, own_name, way_of_play, when_played, where_it_stands
from castletui.replay import Replay
from castletui.screens.dialogs import ConfirmScreen
from castletui.stylesheets import ReadsStylesheet
from castletui.widgets.footer import SteadyFooter
from castletui.widgets.header import SteadyHeader
from castletui.widgets.plain import Plain


class SaveTable(DataTable):
    """The saves, with Enter named in the footer: the table takes Enter
    before the screen does, so the screen's own Open binding never shows."""

    BINDINGS = [Binding("enter", "select_cursor", "Open")]


class LoadScreen(ReadsStylesheet, Screen):
    STYLESHEET = stylesheets.MENUS
    HELP = (
        "Enter opens the highlighted save; r watches it again step by step (replay); d deletes it "
        "(after asking). Saves live in the folder shown."
    )
    BINDINGS = [
        Binding("escape", "back", "Back"),
        Binding("r", "replay", "Replay"),
        Binding("d", "delete", "Delete"),
    ]

    def compose(self) -> ComposeResult:
        yield SteadyHeader()
        yield Plain("", id="load-title", classes="title")
        yield SaveTable(id="saves", cursor_type="row", zebra_stripes=True)
        yield Plain("", id="load-detail", classes="help")
        yield SteadyFooter()

    def on_mount(self) -> None:
        self.rows: list[saves.SaveSummary] = []
        self.reload()

    def on_resize(self) -> None:
        # Column widths follow the terminal: re-lay the rows out for the new width.
        if self.rows:
            self.reload(keep_cursor=True)

    def column_widths(self) -> tuple[int, int, int, int]:
        """Game, Players, Played, Status: the fixed columns get what they
        need (Played its longest line: "09:15, 143 moves") and the status
        takes what is left (each cell has a space of padding on either
        side, and the scroll bar needs two)."""
        game = 24
        played = max([15, *(len(line) for row in self.rows for line in self.played(row).splitlines())])
        room = max(self.size.width, 60) - 2 - 4 * 2 - game - played
        players = max(12, min(24, room // 2))
        return game, players, played, max(14, room - players)

    def reload(self, keep_cursor: bool = False) -> None:
        table = self.query_one(DataTable)
        cursor = table.cursor_row if keep_cursor else 0
        table.clear(columns=True)
        self.rows = saves.list_saves(self.app.save_dir)
        widths = self.column_widths()
        for label, width in zip(("Game", "Players", "Played", "Status"), widths, strict=True):
            table.add_column(label, width=width)
        for row in self.rows:
            # Text, not str: a DataTable reads a str cell as markup, and these
            # cells quote names and files.
            table.add_row(*(Text(cell) for cell in self.cells(row, widths)), height=2, key=row.path)
        count = len(self.rows)
        self.query_one("#load-title", Static).update(
            f"Saved games: {count} in {self.app.save_dir}"
            if count
            else f"No saved games in {self.app.save_dir}"
        )
        if self.rows:
            table.move_cursor(row=min(cursor, len(self.rows) - 1))
        table.focus()
        self.show_detail()

    @staticmethod
    def played(row: saves.SaveSummary) -> str:
        day, time = when_played(row.updated)
        return f"{day}\n{time}, {moves(row.plies)}"

    @classmethod
    def cells(cls, row: saves.SaveSummary, widths: tuple[int, ...]) -> tuple[str, ...]:
        """The two lines of each cell, each cut to its column."""
        played = cls.played(row)
        if row.problem:
            return ("(damaged)", _two_lines(row.name, widths[1]), played, _two_lines(row.problem, widths[3]))
        status = where_it_stands(row)
        name = own_name(row)
        # A game played on from a replay reads apart from its original ("from turn 12").
        status = (
            f"{_cut(status, widths[3])}\n{_cut(name, widths[3])}" if name else _two_lines(status, widths[3])
        )
        return (
            f"{_cut(game_title(row.game), widths[0])}\n{_cut(way_of_play(row), widths[0])}",
            _two_lines(", ".join(row.players), widths[1]),
            played,
            status,
        )

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
            text = row.problem or self.in_full(row)
        self.query_one("#load-detail", Static).update(text)

    @staticmethod
    def in_full(row: saves.SaveSummary) -> str:
        """The highlighted save with nothing cut: file, game, players, status."""
        game = game_title(row.game)
        way = way_of_play(row)
        return (
            f"{Path(row.path).name}: {game}{f' ({way})' if way else ''} with {', '.join(row.players)}; "
            f"{where_it_stands(row)}, after {moves(row.plies)}."
        )

    @on(DataTable.RowSelected)
    def action_open(self) -> None:
        row = self.selected()
        if row is not None:
            self.app.resume(Path(row.path))

    def action_replay(self) -> None:
        """Watch the highlighted save again (castletui/screens/replay.py)."""
        row = self.selected()
        if row is None:
            return
        try:
            replay = Replay.open(Path(row.path))
        except saves.SaveError as error:
            self.notify(str(error), title="Cannot replay that save", severity="error", timeout=10)
            return
        self.app.open_replay(replay)

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


def _cut(text: str, width: int) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"


def _two_lines(text: str, width: int) -> str:
    """``text`` wrapped into at most two lines of ``width``, the second cut
    with an ellipsis when it does not fit (the line under the table has it
    all)."""
    lines = textwrap.wrap(text, width) or [""]
    if len(lines) > 2:
        lines = [lines[0], _cut(" ".join(lines[1:]), width)]
    return "\n".join(lines)
