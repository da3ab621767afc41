"""The base of every board widget: the places on it that actions are about
(spots: a square, a slot, a hex, a corner, an edge), a cursor that the
arrows or hjkl move from spot to spot, Enter or a click to choose the spot
under it, and the frame told which spot was chosen. A board subclass draws
itself in one render and says where each spot is drawn (``place``); the
frame keeps the cursor and the action bar in step (castletui/screens/game.py)."""

from __future__ import annotations

from collections.abc import Hashable, Iterable

from textual.binding import Binding
from textual.message import Message
from textual.widget import Widget


class SpotBoard(Widget, can_focus=True):
    BINDINGS = [
        Binding("up,k", "move(0, -1)", "Up", show=False),
        Binding("down,j", "move(0, 1)", "Down", show=False),
        Binding("left,h", "move(-1, 0)", "Left", show=False),
        Binding("right,l", "move(1, 0)", "Right", show=False),
        Binding("enter,space", "choose", "Choose", show=False),
        Binding("escape", "leave", "Back", show=False),
    ]

    class SpotChosen(Message):
        """A spot was chosen on the board (Enter on the cursor, or a click)."""

        def __init__(self, board: SpotBoard, spot: Hashable) -> None:
            super().__init__()
            self.board, self.spot = board, spot

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.spot_cells: dict[Hashable, tuple[int, int, int]] = {}
        """Where each spot is drawn: (row, first column, last column)."""
        self.selectable: frozenset[Hashable] = frozenset()
        """The spots some action is about now: the cursor stops only there."""
        self.cursor: Hashable | None = None

    # --- what a subclass says while drawing ---------------------------------

    def clear_spots(self) -> None:
        self.spot_cells = {}

    def place(self, spot: Hashable, row: int, first: int, last: int) -> None:
        """Spot ``spot`` is drawn on ``row`` from column ``first`` to ``last``."""
        self.spot_cells[spot] = (row, first, last)

    # --- what the frame says ------------------------------------------------

    def draws(self, spot: Hashable) -> bool:
        """Whether ``spot`` is a place on this board: the frame offers each
        board only its own (a game with several boards says which)."""
        return True

    def offer(self, spots: Iterable[Hashable]) -> None:
        """The spots actions are about now; the cursor stays on one of them."""
        self.selectable = frozenset(spot for spot in spots if spot is not None)
        if self.cursor not in self.selectable:
            self.cursor = None
        self.refresh()

    def point_at(self, spot: Hashable | None) -> None:
        """Put the cursor on ``spot`` (the action bar's highlighted choice)."""
        if spot != self.cursor:
            self.cursor = spot
            self.refresh()

    # --- moving and choosing ------------------------------------------------

    def spot_at(self, column: int, row: int) -> Hashable | None:
        for spot, (spot_row, first, last) in self.spot_cells.items():
            if spot_row == row and first <= column <= last:
                return spot
        return None

    def _centre(self, spot: Hashable) -> tuple[float, float]:
        row, first, last = self.spot_cells[spot]
        # A terminal cell is about twice as tall as it is wide.
        return ((first + last) / 2, row * 2.0)

    def nearest(self, dx: int, dy: int) -> Hashable | None:
        """The spot the cursor moves to in direction (dx, dy): the closest
        one in that half-plane, preferring those straight ahead."""
        candidates = [s for s in (self.selectable or self.spot_cells) if s in self.spot_cells]
        if not candidates:
            return None
        if self.cursor not in self.spot_cells:
            return min(candidates, key=lambda spot: (self._centre(spot)[1], self._centre(spot)[0]))
        x0, y0 = self._centre(self.cursor)
        best, best_cost = None, float("inf")
        for spot in candidates:
            x, y = self._centre(spot)
            along = (x - x0) * dx + (y - y0) * dy
            if spot == self.cursor or along <= 0:
                continue
            across = abs((x - x0) * dy) + abs((y - y0) * dx)
            cost = along + 2 * across
            if cost < best_cost:
                best, best_cost = spot, cost
        return best

    class Left(Message):
        """Escape on the board: the frame steps back (a menu level, or to the action bar)."""

        def __init__(self, board: SpotBoard) -> None:
            super().__init__()
            self.board = board

    def action_leave(self) -> None:
        self.post_message(self.Left(self))

    def on_focus(self) -> None:
        # Given the keyboard with no place under the cursor, Enter would do
        # nothing: the cursor starts on the first place offered (top left),
        # once drawn (a board just shown has not said where its places are).
        self.call_after_refresh(self._cursor_on_a_place)

    def _cursor_on_a_place(self) -> None:
        if self.has_focus and self.cursor not in self.selectable and self.selectable:
            spot = self.nearest(0, 1)
            if spot is not None:
                self.point_at(spot)
                self.post_message(self.CursorMoved(self, spot))

    def action_move(self, dx: int, dy: int) -> None:
        spot = self.nearest(dx, dy)
        if spot is not None:
            self.point_at(spot)
            self.post_message(self.CursorMoved(self, spot))

    def action_choose(self) -> None:
        if self.cursor is not None:
            self.post_message(self.SpotChosen(self, self.cursor))

    def on_click(self, event) -> None:
        spot = self.spot_at(event.x, event.y)
        if spot is not None:
            self.point_at(spot)
            self.post_message(self.SpotChosen(self, spot))

    class CursorMoved(Message):
        """The cursor moved to ``spot`` (the frame highlights its choice)."""

        def __init__(self, board: SpotBoard, spot: Hashable) -> None:
            super().__init__()
            self.board, self.spot = board, spot
