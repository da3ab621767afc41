"""Who has the keyboard on a game screen and its boards in step with its
action bar: a collaborator the screen owns (castletui/screens/game.py).

After a dialog, a board switch, Escape or a redraw the keys are on something
that answers Enter (issue #28: Enter once did nothing until Tab was
pressed). A board the person chose with keeps them while it offers a place;
Escape on a board steps back a menu level or to the action bar. The board
cursor follows the highlighted line and the bar follows the cursor: moving
onto a place in a group not opened yet opens it (the frame's ``spots``), and
Enter or a click on a place takes the line about it (the screen's
``run_choice``). The rebuilt bar keeps its highlight where the person left it.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from castletui.frame import Line
from castletui.widgets.board import SpotBoard


class Keys:
    """The keyboard's one rule, the boards and the bar in step. Keeps the
    board the person chose with (it keeps the keyboard)."""

    def __init__(self, screen: Any) -> None:
        self.screen = screen
        self.board_in_use: SpotBoard | None = None

    @property
    def bar(self) -> Any:
        return self.screen.bar

    def cursor(self) -> Hashable | None:
        """Where the cursor of the focused board is (its line stays highlighted)."""
        focused = self.screen.focused
        return focused.cursor if isinstance(focused, SpotBoard) else None

    def settle(self, keep: SpotBoard | None = None, to_bar: bool = False) -> None:
        """Who has the keys after the table changed, decided here only:
        ``keep`` (the board the person chose with) while it has places to
        offer; else the action bar when a person decides anew (``to_bar``)
        or the focused board has nothing to choose."""
        if keep is not None and keep.selectable and keep.display and self.screen.driver.passing_to is None:
            keep.focus()
            return
        if to_bar:
            self.bar.focus()
        self.home()

    def use_board(self, board: SpotBoard) -> None:
        """The person turned to ``board``: it keeps the keyboard while they go
        on with it; one with no place to choose now keeps none."""
        if not (board.display and board.selectable):
            self.screen.notify(
                "Nothing to choose there now: the action bar lists what you may do.", timeout=3
            )
            self.home()
            return
        self.board_in_use = board
        board.focus()

    def home(self) -> None:
        """The keyboard is on something that answers Enter: a board while it
        shows a place to choose (the screen's ``keeps_keys``), a game's own
        part (Catapult Castle's aiming bar), else the action bar, on a line
        that may be chosen."""
        screen = self.screen
        focused = screen.focused
        if isinstance(focused, SpotBoard) and screen.keeps_keys(focused):
            return
        if (
            focused is not None
            and not isinstance(focused, SpotBoard)
            and focused.display
            and focused.id != "actions"
        ):
            return
        if not self.bar.lines:
            return  # nobody decides here now: nothing to answer Enter yet
        actions = self.bar
        actions.focus()
        highlighted = actions.highlighted
        if highlighted is None or self.bar.lines[highlighted].disabled:
            actions.highlighted = actions.kept_highlight(None, self.cursor())

    def board_left(self) -> None:
        """Escape on a board: back one level of the menu, or at its top back to the bar."""
        if self.screen.back_out():
            self.screen.refresh_table()
        else:
            self.board_in_use = None
            self.bar.focus()

    # --- the boards and the bar in step ------------------------------------------

    def boards(self) -> list[SpotBoard]:
        """The screen's boards, found by a walk of its widgets each time (70 us
        on GoT's screen, under 1% of a key: keeping them would take a private
        count of Textual's)."""
        return list(self.screen.query(SpotBoard))

    def point_boards_at(self, choice: Line | None) -> None:
        """The board cursor follows the action bar."""
        for board in self.boards():
            board.point_at(choice.spot if choice is not None else None)

    def cursor_moved(self, spot: Hashable) -> None:
        """The bar follows the board cursor, opening the group of a place not on this level."""
        if not self.bar.highlight(spot) and self.open_group_of(spot):
            self.bar.highlight(spot)

    def open_group_of(self, spot: Hashable) -> bool:
        screen = self.screen
        found = screen.frame.spots.get(spot) if screen.frame is not None else None
        if found is None or found[0] == screen.menu_path:
            return False
        screen.open_path(found[0])
        return True

    def spot_chosen(self, board: SpotBoard, spot: Hashable) -> None:
        """Enter or a click on a place: its line is taken (its group opened
        first); several there: the bar highlights them to pick from; none:
        the screen's ``refused_at`` says so."""
        self.board_in_use = board
        matching = self.bar.lines_at(spot)
        if not matching and self.open_group_of(spot):
            matching = self.bar.lines_at(spot)
        if not matching:
            self.screen.refused_at(spot)
            return
        self.bar.highlighted = matching[0]
        if len(matching) == 1:
            self.screen.run_choice(self.bar.lines[matching[0]])
        else:
            self.bar.focus()
            self.screen.notify(f"{len(matching)} choices there: pick one in the list.", timeout=3)
