"""The board area (castletui/widgets/board_area.py) on its own: a board
and an action bar kept in step, and who has the keys, with no game screen
forwarding the boards' messages (a stand-in screen records what the area
asks of it)."""

from __future__ import annotations

from rich.text import Text
from textual.app import App
from textual.screen import Screen

from castletui.frame import Line
from castletui.widgets.board import SpotBoard
from castletui.widgets.board_area import BoardArea
from castletui.widgets.choices import ChoiceBar
from tests.app.driving import wait_until


class Row(SpotBoard):
    """Three places in a row: a, b and c."""

    DEFAULT_CSS = "Row { width: 20; height: 1; }"

    def render(self) -> Text:
        self.clear_spots()
        for column, spot in enumerate("abc"):
            self.place(spot, 0, column * 2, column * 2)
        return Text("a b c")


LINES = (Line("Build on a", action="A", spot="a"), Line("Build on b", action="B", spot="b"))


class Table(Screen):
    def __init__(self) -> None:
        super().__init__()
        self.bar = ChoiceBar(id="actions")
        self.area = BoardArea(self.bar, id="board-area")
        self.chosen: list[Line] = []
        self.refused: list = []
        self.menu = self  # the game screen's menu (game_menu.py): this stand-in answers for it

    def compose(self):
        with self.area:
            yield Row()
        yield self.bar

    def on_mount(self) -> None:
        self.bar.show(LINES)
        self.area.show(["a", "b"])

    # What the area asks of a game screen and its menu:
    def open_group_of(self, spot) -> bool:
        return False

    def run(self, line: Line) -> None:
        self.chosen.append(line)

    def refused_at(self, spot) -> None:
        self.refused.append(spot)

    def back_out(self) -> bool:
        return False


class OneTable(App):
    def on_mount(self) -> None:
        self.push_screen(Table())


async def test_the_board_and_the_bar_keep_in_step_and_escape_gives_the_keys_back():
    app = OneTable()
    async with app.run_test(size=(40, 8)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, Table) and app.screen.bar.chosen is not None)
        table = app.screen
        board = table.query_one(Row)
        assert table.bar.chosen == LINES[0] and board.cursor == "a", "the cursor follows the bar"
        table.area.use(board)
        await pilot.press("right")
        assert board.cursor == "b" and table.bar.chosen == LINES[1], "the bar follows the cursor"
        await pilot.press("enter")
        assert table.chosen == [LINES[1]] and table.area.in_use is board
        await pilot.press("escape")  # at the menu's top: the keys go back to the bar
        assert table.focused is table.bar and table.area.in_use is None
        await pilot.click(Row, offset=(4, 0))  # c: nothing to do there
        assert table.refused == ["c"] and table.chosen == [LINES[1]]
