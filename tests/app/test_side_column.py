"""The game screen's side column (castletui/widgets/side_column.py) on its
own: as wide as the game's side says for the terminal, and the players
panel drawn again from the frame for the room it then has."""

from __future__ import annotations

from rich.text import Text
from textual.app import App

from castletui.sides import Side
from castletui.widgets.side_column import SideColumn
from tests.app.driving import wait_until


def rows(frame, room) -> Text:
    """A side that writes the frame it was given and the room the panel had."""
    return Text(f"{frame} in {room.panel}")


class OneColumn(App):
    def compose(self):
        self.column = SideColumn(Side(rows, widths=(24, 36)), id="side")
        with self.column:
            yield from self.column.parts()


async def test_the_column_fits_the_terminal_and_draws_the_frame_for_its_room():
    app = OneColumn()
    async with app.run_test(size=(80, 12)) as pilot:
        column = app.column
        column.fit()
        await wait_until(pilot, lambda: column.size.width == 24)
        column.show("frame 1")
        assert column.players.shown.plain == f"frame 1 in {column.players.content_size.width}"
        await pilot.resize_terminal(120, 12)
        column.fit("frame 1")  # as the screen does on a resize, with the frame shown
        await wait_until(pilot, lambda: column.size.width == 36)
        assert column.game_log.border_title and column.game_log in column.children
