"""The game screen's board area (its ``#board-area``,
castletui/screens/game.py): the game's boards kept in step with the action
bar, and who has the keyboard between them.

After a dialog, a board switch, Escape or a redraw the keys are on something
that answers Enter (issue #28: Enter once did nothing until Tab was
pressed). A board the person chose with keeps them while it offers a place;
Escape on a board steps back a menu level or to the action bar. The board
cursor follows the highlighted line and the bar follows the cursor: moving
onto a place in a group not opened yet opens it, and Enter or a click on a
place takes the line about it. The boards' messages stop here; what only
the screen knows, the area asks of it: its menu's ``open_group_of`` (the
open menu level), ``run`` and ``back_out`` (castletui/screens/game_menu.py),
and its ``refused_at`` (a game may say why)."""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from typing import Any

from textual.containers import Vertical

from castletui.frame import Line
from castletui.widgets.board import SpotBoard
from castletui.widgets.choices import ChoiceBar
from castletui.widgets.steady import Unscrolled


class BoardArea(Unscrolled, Vertical):
    """The boards and the keyboard's one rule. Keeps the board the person
    chose with (``in_use``: it keeps the keyboard)."""

    def __init__(self, bar: ChoiceBar, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.bar = bar
        self.in_use: SpotBoard | None = None

    def boards(self) -> list[SpotBoard]:
        """The game's boards, found by a walk of the area's widgets each time
        (some 70 us on GoT's screen, under 1% of a key: keeping them would
        take a private count of Textual's)."""
        return list(self.query(SpotBoard))

    def cursor(self) -> Hashable | None:
        """Where the cursor of the focused board is (its line stays highlighted)."""
        focused = self.screen.focused
        return focused.cursor if isinstance(focused, SpotBoard) else None

    def show(self, offered: Iterable[Hashable]) -> None:
        """Each board lights its own of the places ``offered``, its cursor on the bar's line."""
        offered = tuple(offered)
        for board in self.boards():
            board.offer(spot for spot in offered if board.draws(spot))
        self.point_at(self.bar.chosen)

    def point_at(self, choice: Line | None) -> None:
        """The board cursor follows the action bar."""
        for board in self.boards():
            board.point_at(choice.spot if choice is not None else None)

    # --- who has the keys ---------------------------------------------------------

    def holding(self) -> SpotBoard | None:
        """The board in use while it has the keys."""
        return self.in_use if self.in_use is not None and self.screen.focused is self.in_use else None

    def settle(self, keep: SpotBoard | None = None, to_bar: bool = False) -> None:
        """Who has the keys after the table changed, decided here only:
        ``keep`` (the board the person chose with) while it has places to
        offer; else the action bar when a person decides anew (``to_bar``)
        or the focused board has nothing to choose."""
        if keep is not None and keep.selectable and keep.display:
            keep.focus()
            return
        if to_bar:
            self.bar.focus()
        self.home()

    def to_bar(self) -> None:
        """Another person at the keyboard: they start from the action bar."""
        self.in_use = None
        self.settle(to_bar=True)

    def use(self, board: SpotBoard) -> None:
        """The person turned to ``board``: it keeps the keyboard while they go
        on with it; one with no place to choose now keeps none."""
        if not (board.display and board.selectable):
            self.notify("Nothing to choose there now: the action bar lists what you may do.", timeout=3)
            self.home()
            return
        self.in_use = board
        board.focus()

    def home(self) -> None:
        """The keyboard is on something that answers Enter: a board while it
        shows a place to choose (its ``keeps_keys``), a game's own part
        (Catapult Castle's aiming bar), else the action bar, on a line that
        may be chosen."""
        focused, bar = self.screen.focused, self.bar
        if isinstance(focused, SpotBoard) and (focused.keeps_keys() or not bar.lines):
            return
        if (
            focused is not None
            and not isinstance(focused, SpotBoard)
            and focused.display
            and focused is not bar
        ):
            return
        if not bar.lines:
            return  # nobody decides here now: nothing to answer Enter yet
        bar.focus()
        highlighted = bar.highlighted
        if highlighted is None or bar.lines[highlighted].disabled:
            bar.highlighted = bar.kept_highlight(None, self.cursor())

    # --- the boards' keys -----------------------------------------------------------

    def on_spot_board_left(self, event: SpotBoard.Left) -> None:
        """Escape on a board: back one level of the menu, or at its top back to the bar."""
        event.stop()
        if self.screen.menu.back_out():
            self.screen.refresh_table()
        else:
            self.in_use = None
            self.bar.focus()

    def on_spot_board_cursor_moved(self, event: SpotBoard.CursorMoved) -> None:
        """The bar follows the board cursor, opening the group of a place not on this level."""
        event.stop()
        if not self.bar.highlight(event.spot) and self.screen.menu.open_group_of(event.spot):
            self.bar.highlight(event.spot)

    def on_spot_board_spot_chosen(self, event: SpotBoard.SpotChosen) -> None:
        """Enter or a click on a place: its line is taken (its group opened
        first); several there: the bar highlights them to pick from; none:
        the screen's ``refused_at`` says so."""
        event.stop()
        screen, bar, spot = self.screen, self.bar, event.spot
        self.in_use = event.board
        matching = bar.lines_at(spot)
        if not matching and screen.menu.open_group_of(spot):
            matching = bar.lines_at(spot)
        if not matching:
            screen.refused_at(spot)
            return
        bar.highlighted = matching[0]
        if len(matching) == 1:
            screen.menu.run(bar.lines[matching[0]])
        else:
            bar.focus()
            self.notify(f"{len(matching)} choices there: pick one in the list.", timeout=3)
