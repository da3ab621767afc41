"""The game screen's boards and its action bar in step (castletui/screens/game.py
mixes it in): the board cursor follows the highlighted line and the bar
follows the cursor, moving onto a place in a group not opened yet opens it
(the frame's ``spots``), and Enter or a click on a place takes the line
about it. Reads the frame and the lines shown; plays through ``run_choice``."""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from textual.widgets import OptionList

from castletui.driver import Line
from castletui.widgets.board import SpotBoard


class BoardsInStep:
    """The board cursor and the action bar, each following the other."""

    def boards(self) -> list[SpotBoard]:
        """The screen's boards: found by a walk of every widget on it, each
        time (70 us on GoT's screen, once for a cursor move and three times
        for a build, under 1% of either key: keeping them would take a
        private count of Textual's, castletui/textual_private.py)."""
        return list(self.query(SpotBoard))  # type: ignore[attr-defined]

    def point_boards_at(self, choice: Line | None) -> None:
        """The board cursor follows the action bar."""
        for board in self.boards():
            board.point_at(choice.spot if choice is not None else None)

    def lines_at(self, spot: Hashable) -> list[int]:
        return [i for i, line in enumerate(self.choice_list) if line.spot == spot and not line.disabled]

    def highlight(self, spot: Hashable) -> bool:
        found = self.lines_at(spot)
        if found:
            self.query_one("#actions", OptionList).highlighted = found[0]
        return bool(found)

    def on_spot_board_cursor_moved(self, event: SpotBoard.CursorMoved) -> None:
        """...and the action bar follows the board cursor, opening the group
        of a place not on this level."""
        if not self.highlight(event.spot) and self.open_group_of(event.spot):
            self.highlight(event.spot)

    def open_group_of(self, spot: Hashable) -> bool:
        found = self.frame.spots.get(spot) if self.frame is not None else None
        if found is None or found[0] == self.menu_path:
            return False
        self.open_path(found[0])
        return True

    def on_spot_board_spot_chosen(self, event: SpotBoard.SpotChosen) -> None:
        self.board_in_use = event.board
        if not self.choose_at(event.spot):
            self.refused_at(event.spot)

    def refused_at(self, spot: Hashable) -> None:
        """Enter or a click where nothing may be done (a game may say why)."""
        self.notify("Nothing to do there right now.", timeout=3)

    def choose_at(self, spot: Any) -> bool:
        """Take the choice about a board spot (Enter on the cursor or a click),
        its group opened first; several choices there: the bar highlights
        them to pick from. False when none is."""
        matching = self.lines_at(spot)
        if not matching and self.open_group_of(spot):
            matching = self.lines_at(spot)
        if not matching:
            return False
        actions = self.query_one("#actions", OptionList)
        actions.highlighted = matching[0]
        if len(matching) == 1:
            self.run_choice(self.choice_list[matching[0]])
        else:
            actions.focus()
            self.notify(f"{len(matching)} choices there: pick one in the list.", timeout=3)
        return True
