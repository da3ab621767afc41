"""Who has the keyboard on a game screen (castletui/screens/game.py mixes
it in), decided in one place: after a dialog, a board switch, Escape or a
redraw the keys are on something that answers Enter (issue #28: Enter once
did nothing until Tab was pressed). A board keeps them while it offers a
place, Escape on a board steps back a menu level or to the action bar, and
the rebuilt action bar keeps its highlight where the person left it."""

from __future__ import annotations

from textual.widgets import OptionList

from castletui.frame import Line
from castletui.widgets.board import SpotBoard


class KeyboardHome:
    """The keyboard's one rule, and the action bar's kept highlight."""

    def settle_keys(self, keep: SpotBoard | None = None, to_bar: bool = False) -> None:
        """Who has the keys after the table changed, decided here only:
        ``keep`` (the board the person chose with) while it has places to
        offer; else the action bar when a person decides anew (``to_bar``)
        or the focused board has nothing to choose."""
        if keep is not None and keep.selectable and keep.display and self.handing_over is None:
            keep.focus()
            return
        if to_bar:
            self.query_one("#actions", OptionList).focus()
        self.keyboard_home()

    def keeps_keys(self, board: SpotBoard) -> bool:
        """Whether the focused ``board`` keeps the keys after a redraw."""
        return not self.choice_list or bool(board.display and board.selectable)

    def use_board(self, board: SpotBoard) -> None:
        """The person turned to ``board`` (a key of the game's, or a choice
        made on it): it keeps the keyboard while they go on with it. A board
        with no place to choose now keeps none: Enter would do nothing there."""
        if not (board.display and board.selectable):
            self.notify("Nothing to choose there now: the action bar lists what you may do.", timeout=3)
            self.keyboard_home()
            return
        self.board_in_use = board
        board.focus()

    def keyboard_home(self) -> None:
        """The one rule of the keyboard (call it after a dialog, a board
        switch, Escape or a redraw): it is on something that answers Enter.
        A board keeps it while it shows a place to choose; anything else
        (a hidden board, one with nothing to offer, no focus at all) gives
        it to the action bar, where the highlighted line is one that may be
        chosen."""
        focused = self.focused
        if isinstance(focused, SpotBoard) and self.keeps_keys(focused):
            return
        if (
            focused is not None
            and not isinstance(focused, SpotBoard)
            and focused.display
            and focused.id != "actions"
        ):
            return  # a game's own part that answers Enter (Catapult Castle's aiming bar)
        actions = self.query_one("#actions", OptionList)
        if not self.choice_list:
            return  # nobody decides here now: nothing to answer Enter yet
        actions.focus()
        highlighted = actions.highlighted
        if highlighted is None or self.choice_list[highlighted].disabled:
            actions.highlighted = self.kept_highlight(None)

    def on_spot_board_left(self, event: SpotBoard.Left) -> None:
        """Escape on a board: back one level of the menu, or at its top back
        to the action bar."""
        if self.back_out():
            self.refresh_table()
        else:
            self.board_in_use = None
            self.query_one("#actions", OptionList).focus()

    def on_screen_resume(self) -> None:
        # A dialog (trade, help, score, log...) closed: the focus it gave back may be a board
        # that has nothing to offer any more.
        self.call_after_refresh(self.keyboard_home)

    def on_descendant_focus(self, event) -> None:
        if event.widget is self.query_one("#actions"):
            self.board_in_use = None

    def kept_highlight(self, was: Line | None) -> int | None:
        """Which line the rebuilt action bar highlights: the one about the
        spot under the cursor of the board in use (moving there opened its
        group), else the same action as before while it is still offered
        (returning one ore after another on a 7), else the first that may
        be chosen."""
        board = self.focused if isinstance(self.focused, SpotBoard) else None
        open_lines = [(i, line) for i, line in enumerate(self.choice_list) if not line.disabled]
        if board is not None and board.cursor is not None:
            found = next((i for i, line in open_lines if line.spot == board.cursor), None)
            if found is not None:
                return found
        if was is not None and was.action is not None:
            found = next((i for i, line in open_lines if line.action == was.action), None)
            if found is not None:
                return found
        return open_lines[0][0] if open_lines else None
