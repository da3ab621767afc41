"""A screen for the toy game (Pig), as small as a game screen can be: a
board with two spots, the die and the bank, for testing the frame's board
cursor apart from any real game."""

from __future__ import annotations

from rich.text import Text

from castletui.screens.game import GameScreen
from castletui.widgets.board import SpotBoard


class PigBoard(SpotBoard):
    DEFAULT_CSS = "PigBoard { height: 3; }"

    def render(self) -> Text:
        self.clear_spots()
        text = Text()
        for spot, first in (("die", 2), ("bank", 14)):
            self.place(spot, 1, first, first + 7)
        line = Text("\n  ")
        for spot in ("die", "bank"):
            style = "reverse" if spot == self.cursor else ("bold" if spot in self.selectable else "dim")
            line.append(f"[ {spot:<4} ]", style)
            line.append("    ")
        text.append(line)
        return text


class PigScreen(GameScreen):
    def compose_board(self):
        yield PigBoard(id="pig-board")

    def update_board(self, view) -> None:
        self.query_one(PigBoard).refresh()


SCREEN = PigScreen
