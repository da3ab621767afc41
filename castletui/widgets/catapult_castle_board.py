"""Catapult Castle's table and aiming widgets.

``TableBoard`` draws the four mats around the table centre in one render
(no widget per square): each square shows its towers, a roof, the ammo
inside; the mats show whose they are and where the catapult stands. Squares
the player may choose now are lit, the highlighted one reversed; a click on a
square says which one.

``AimBar`` is the mini-game that replaces the toy catapult: a marker sweeps
a power bar, Space stops it; how close it stops to the sweet spot is the
shot's accuracy. The bar only measures the player's timing: where the ammo
lands is decided by the rules from that accuracy.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from rules.catapult_castle import DECK_NAMES, SQUARE_NAMES, State, square_point

TOWER = "\u25b2"  # ▲
ROOF = "\u2302"  # ⌂
AMMO = "o"


def grid_cell(square: int) -> tuple[int, int]:
    """(column, row) of a square on the 4x4 table grid."""
    x, y = square_point(square)
    return int(x + 2), int(y + 2)


@dataclass
class TableMarks:
    """What the screen wants lit on the table."""

    lit: frozenset[int] = frozenset()
    selected: int = -1
    shooter_mat: int = -1


class TableBoard(Widget):
    """The whole table in one render."""

    DEFAULT_CSS = """
    TableBoard { width: 1fr; height: 1fr; padding: 0 1; }
    """

    class SquareClicked(Message):
        def __init__(self, square: int) -> None:
            super().__init__()
            self.square = square

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.state: State | None = None
        self.names: list[str] = []
        self.marks = TableMarks()
        self._regions: list[tuple[int, int, int, int, int]] = []

    def show(self, state: State, names: list[str], marks: TableMarks) -> None:
        self.state, self.names, self.marks = state, names, marks
        self.refresh()

    # --- drawing -------------------------------------------------------------

    def _cell_size(self) -> tuple[int, int]:
        width, height = self.size.width - 2, self.size.height
        cell_width = max(7, min(16, (width - 7) // 4))
        cell_height = max(1, min(3, (height - 6) // 4))
        return cell_width, cell_height

    def _mat_label(self, mat: int) -> str:
        state = self.state
        owner = state.mat_owner[mat]
        if owner >= 0:
            who = self.names[owner] if owner < len(self.names) else f"Player {owner + 1}"
        elif owner == -1:
            who = ""
        else:
            return ""
        catapult = "* " if mat == self.marks.shooter_mat else ""
        if not who:
            return f" {catapult}{DECK_NAMES[mat]} mat "
        return f" {catapult}{who} ({DECK_NAMES[mat]}) "

    def _square_lines(self, square: int, width: int, height: int) -> list[str]:
        state = self.state
        stack = state.stacks[square]
        if square not in state.squares:
            return [" " * width] * height
        towers = len(stack.towers)
        ammo = sum(stack.towers)
        top = (TOWER * towers or "\u00b7") + (ROOF if stack.roof >= 0 else "")
        ammo_text = f"{AMMO}{ammo}" if ammo else ""
        if height == 1:
            lines = [f"{top} {ammo_text}".rstrip()]
        else:
            lines = [top, f"ammo {ammo}" if ammo else ""]
            if height >= 3:
                lines.append(SQUARE_NAMES[square % 4])
        return [f" {line}"[:width].ljust(width) for line in lines[:height]]

    def render(self) -> Text:
        text = Text()
        self._regions = []
        if self.state is None:
            return text
        cell_width, cell_height = self._cell_size()
        grid: dict[tuple[int, int], int] = {grid_cell(q): q for q in range(16)}
        state = self.state
        y = 0
        for mat_row in (0, 1):
            mats = (0, 1) if mat_row == 0 else (3, 2)
            present = [state.mat_owner[m] != -2 for m in mats]
            # top border with each mat's label
            for index, mat in enumerate(mats):
                if index:
                    text.append(" ")
                text.append(self._border("top", mat, cell_width, present[index]), style=self._mat_style(mat))
            text.append("\n")
            y += 1
            for inner_row in (0, 1):
                row = mat_row * 2 + inner_row
                for line in range(cell_height):
                    x = 1
                    for index, mat in enumerate(mats):
                        if index:
                            text.append(" ")
                            x += 1
                        border = "\u2502" if present[index] else " "
                        text.append(border, style=self._mat_style(mat))
                        x += 1
                        for column_in_mat in (0, 1):
                            column = index * 2 + column_in_mat
                            square = grid[(column, row)]
                            content = self._square_lines(square, cell_width, cell_height)[line]
                            text.append(content, style=self._square_style(square))
                            if line == 0:
                                self._regions.append((x, y, x + cell_width, y + cell_height, square))
                            x += cell_width
                            text.append(border, style=self._mat_style(mat))
                            x += 1
                    text.append("\n")
                    y += 1
                if inner_row == 0:
                    for index, mat in enumerate(mats):
                        if index:
                            text.append(" ")
                        text.append(
                            self._border("middle", mat, cell_width, present[index]),
                            style=self._mat_style(mat),
                        )
                    text.append("\n")
                    y += 1
            for index, mat in enumerate(mats):
                if index:
                    text.append(" ")
                text.append(
                    self._border("bottom", mat, cell_width, present[index]), style=self._mat_style(mat)
                )
            text.append("\n")
            y += 1
        return text

    def _border(self, where: str, mat: int, cell_width: int, present: bool) -> str:
        width = 2 * cell_width + 3
        if not present:
            return " " * width
        left, middle, right = {
            "top": "\u250c\u252c\u2510",
            "middle": "\u251c\u253c\u2524",
            "bottom": "\u2514\u2534\u2518",
        }[where]
        line = left + "\u2500" * cell_width + middle + "\u2500" * cell_width + right
        if where == "top":
            label = self._mat_label(mat)[: width - 3]
            line = line[0] + label + line[1 + len(label) :]
        return line

    def _mat_style(self, mat: int) -> str:
        return "bold" if mat == self.marks.shooter_mat else "dim"

    def _square_style(self, square: int) -> str:
        if square == self.marks.selected:
            return "reverse bold"
        if square in self.marks.lit:
            return "bold underline"
        return ""

    def on_click(self, event: events.Click) -> None:
        for x0, y0, x1, y1, square in self._regions:
            if x0 <= event.x < x1 and y0 <= event.y < y1:
                self.post_message(self.SquareClicked(square))
                return


class AimBar(Widget, can_focus=True):
    """The aiming mini-game: Space stops the sweeping marker."""

    DEFAULT_CSS = """
    AimBar { height: 1fr; padding: 0 1; display: none; }
    AimBar:focus { background: $boost; }
    """
    BINDINGS = [
        Binding("space,enter", "stop", "Shoot!"),
        Binding("escape", "cancel", "Back"),
    ]
    BAR = 50

    position: reactive[float] = reactive(0.0)

    class Stopped(Message):
        def __init__(self, accuracy: int) -> None:
            super().__init__()
            self.accuracy = accuracy

    class Cancelled(Message):
        pass

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.target_text = ""
        self.odds: Callable[[int], str] = lambda accuracy: ""
        self.centre = 50.0
        self.spot_width = 30
        self.direction = 1.0
        self.speed = 2.2  # bar percent per tick: about 1.5 s for a sweep
        self.moving = False
        self._timer = None

    def begin(
        self,
        target_text: str,
        centre: float,
        spot_width: int,
        odds: Callable[[int], str],
        moving: bool = True,
    ) -> None:
        """Show the bar for a new shot; ``odds`` says (from the rules) where an
        ammo shot with a given accuracy would land."""
        self.target_text, self.centre, self.spot_width, self.odds = target_text, centre, spot_width, odds
        self.position, self.direction = 0.0, 1.0
        self.display = True
        self.moving = moving
        if moving and self._timer is None:
            self._timer = self.set_interval(1 / 30, self._tick)
        self.focus()
        self.refresh()

    def end(self) -> None:
        self.moving = False
        if self._timer is not None:
            self._timer.stop()
            self._timer = None
        self.display = False

    def _tick(self) -> None:
        if not self.moving:
            return
        position = self.position + self.direction * self.speed
        if position >= 100 or position <= 0:
            self.direction = -self.direction
            position = max(0.0, min(100.0, position))
        self.position = position

    def accuracy(self) -> int:
        """100 at the centre of the sweet spot, 80 at its edge, falling to 0
        a little beyond it."""
        distance = abs(self.position - self.centre)
        half = self.spot_width / 2
        if distance <= half:
            return round(100 - 20 * distance / half)
        return max(0, round(80 - 80 * (distance - half) / 30))

    def render(self) -> Text:
        text = Text()
        text.append(self.target_text + "\n", style="bold")
        bar = self.BAR
        low = (self.centre - self.spot_width / 2) / 100 * bar
        high = (self.centre + self.spot_width / 2) / 100 * bar
        marker = min(bar - 1, int(self.position / 100 * bar))
        text.append("[")
        for cell in range(bar):
            in_spot = low <= cell + 0.5 <= high
            if cell == marker:
                text.append("|", style="bold reverse")
            else:
                text.append("=" if in_spot else "-", style="bold green" if in_spot else "dim")
        text.append("]")
        text.append(f" {self.accuracy():>3}%\n")
        text.append(self.odds(self.accuracy()) + "\n", style="italic")
        text.append("Space: shoot   Esc: choose another target", style="dim")
        return text

    def action_stop(self) -> None:
        if not self.display:
            return
        accuracy = self.accuracy()
        self.end()
        self.post_message(self.Stopped(accuracy))

    def action_cancel(self) -> None:
        self.end()
        self.post_message(self.Cancelled())
