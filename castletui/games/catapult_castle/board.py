"""Catapult Castle's table as one board widget, its legend, and the aiming
mini-game.

``TableBoard`` draws the four mats around the table centre in one render
(no widget per square): a 4x4 grid of squares, the mats parted by double
lines where they meet at the centre. Each square shows its towers, a roof,
the ammo inside and its name (inner, left, right, outer: the prompts and the
action bar use those names); each mat's label sits on the table's edge by
its outer corner, where its owner's catapult stands (``*`` marks the one
that fires now). Every square and, in solo, every catapult corner is a spot
of the board cursor (``castletui.widgets.board.SpotBoard``), named as the
rules' ``spot()`` names them: the square number, or ("corner", mat).

Two scales fit the room there is: compact (two rows per square: towers and
ammo, then the name; 49x13 cells, for 80x24) and large (four rows: towers,
ammo, the cards face down in the stack, the name; 77x21 cells, for 120x40).

``TableLegend`` says what the glyphs mean. ``AimBar`` is the mini-game that
replaces the toy catapult: a marker sweeps a power bar, Space stops it; how
close it stops to the sweet spot is the shot's accuracy. The bar only
measures the player's timing: where the ammo lands is decided by the rules
from that accuracy.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable

import msgspec
from rich.style import Style
from rich.text import Text
from textual.binding import Binding
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from castletui.rules.catapult_castle import CatapultCastleScene, Square
from castletui.rules.core import name_seats
from castletui.widgets.board import SpotBoard

TOWER = "\u25b2"  # ▲
ROOF = "\u2302"  # ⌂
AMMO = "o"
EMPTY = "\u00b7"  # ·
CATAPULT = "*"
MOST_GLYPHS = 4
"""Taller stacks are written as a number ("▲x6"): a square is 11 cells wide at 80 columns."""

# Box drawing by what meets at a crossing: (up, down, left, right), each
# "" (nothing), "l" (a line between squares) or "d" (the double line between mats).
_JOINS = {
    ("", "l", "", "l"): "\u250c",
    ("", "l", "l", ""): "\u2510",
    ("l", "", "", "l"): "\u2514",
    ("l", "", "l", ""): "\u2518",
    ("", "l", "l", "l"): "\u252c",
    ("l", "", "l", "l"): "\u2534",
    ("l", "l", "", "l"): "\u251c",
    ("l", "l", "l", ""): "\u2524",
    ("l", "l", "l", "l"): "\u253c",
    ("", "d", "l", "l"): "\u2565",
    ("d", "", "l", "l"): "\u2568",
    ("d", "d", "l", "l"): "\u256b",
    ("l", "l", "", "d"): "\u255e",
    ("l", "l", "d", ""): "\u2561",
    ("l", "l", "d", "d"): "\u256a",
    ("d", "d", "d", "d"): "\u256c",
}
_LINES = {"l": ("\u2500", "\u2502"), "d": ("\u2550", "\u2551")}


class Scale(msgspec.Struct, frozen=True):
    width: int  # cells inside a square
    height: int  # rows inside a square


COMPACT = Scale(11, 2)
LARGE = Scale(18, 4)
LEGEND_ROWS = 1
"""The legend's line under the board (``TableLegend``)."""


def scale_for(width: int, height: int) -> Scale:
    """The largest scale whose grid (4 squares and 5 lines each way) fits."""
    if width >= 4 * LARGE.width + 5 and height >= 4 * LARGE.height + 5:
        return LARGE
    return Scale(max(6, min(COMPACT.width, (width - 5) // 4)), 2 if height >= 4 * 2 + 5 else 1)


class TableMarks(msgspec.Struct):
    """What the screen tells the board besides the scene: the people's
    names and the mat whose catapult fires (-1: none)."""

    names: list[str]
    catapult: int = -1


class TableBoard(SpotBoard):
    """The whole table in one render (see the module docstring)."""

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.scene: CatapultCastleScene | None = None
        self.table = TableMarks([])
        self.cells: dict[Hashable, tuple[int, int, int, int]] = {}
        """Each spot's whole area, (first row, last row, first column, last column), for clicks."""

    def show(self, scene: CatapultCastleScene, marks: TableMarks) -> None:
        self.scene, self.table = scene, marks
        self.refresh()

    def on_resize(self) -> None:
        self.refresh()

    def scale(self) -> Scale:
        return scale_for(self.size.width, self.size.height)

    def get_content_height(self, container, viewport, width: int) -> int:
        # As tall as the grid at the scale the room allows, so the legend sits right under it.
        room = container.height - LEGEND_ROWS
        return 4 * scale_for(width, room).height + 5

    # --- what tests and the frame's clicks ask -------------------------------

    @property
    def marks(self) -> TableMarks:
        """(Kept for tests written before the board cursor: lit and selected squares.)"""
        return _LitMarks(frozenset(self.selectable), self.cursor)

    @property
    def _regions(self) -> list[tuple[int, int, int, int, Hashable]]:
        """(Kept for tests written before the board cursor: (x0, y0, x1, y1, spot).)"""
        return [
            (left, top, right + 1, bottom + 1, spot)
            for spot, (top, bottom, left, right) in self.cells.items()
        ]

    def spot_at(self, column: int, row: int) -> Hashable | None:
        # A square answers to a click anywhere inside it, not only on its first row.
        for spot, (top, bottom, left, right) in self.cells.items():
            if top <= row <= bottom and left <= column <= right:
                return spot
        return None

    # --- drawing ---------------------------------------------------------------

    def render(self) -> Text:
        self.clear_spots()
        self.cells = {}
        scene = self.scene
        if scene is None:
            return Text("")
        scale = self.scale()
        w, h = scale.width, scale.height
        grid_width = 4 * w + 5
        shift = max(0, (self.size.width - grid_width) // 2)
        grid = {(square.column, square.row): square for square in scene.squares}
        rows: list[Text] = []
        for row in range(4):
            rows.append(self._border(scene, row, w, shift, len(rows)))
            for line in range(h):
                rows.append(self._square_line(grid, row, line, w, h, len(rows), shift))
        rows.append(self._border(scene, 4, w, shift, len(rows)))
        text = Text(no_wrap=True, overflow="crop")
        for index, line in enumerate(rows):
            if index:
                text.append("\n")
            text.append(" " * shift)
            text.append_text(line)
        return text

    def _line_kind(self, index: int) -> str:
        """The kind of the line after square ``index - 1`` (0..4): the table's
        edge and the lines between squares are light, the centre is double."""
        return "d" if index == 2 else "l"

    def _border(self, scene: CatapultCastleScene, row: int, w: int, shift: int, y: int) -> Text:
        """The horizontal line above square row ``row`` (4: the bottom edge),
        with the mats' labels on the table's top and bottom edges."""
        kind = self._line_kind(row)
        horizontal = _LINES[kind][0]
        chars: list[str] = []
        for column in range(5):
            up = "" if row == 0 else self._line_kind(column)
            down = "" if row == 4 else self._line_kind(column)
            left = "" if column == 0 else kind
            right = "" if column == 4 else kind
            chars.append(_JOINS[(up, down, left, right)])
            if column < 4:
                chars.extend(horizontal * w)
        styles: list[Style] = [FRAME] * len(chars)
        if row in (0, 4):
            self._labels(scene, chars, styles, (0, 1) if row == 0 else (3, 2), w, shift, y)
        text = Text()
        for char, style in zip(chars, styles, strict=True):
            text.append(char, style)
        return text

    def _labels(
        self,
        scene: CatapultCastleScene,
        chars: list[str],
        styles: list[Style],
        mats: tuple[int, int],
        w: int,
        shift: int,
        y: int,
    ) -> None:
        """Each mat's label by its outer corner (left mats from the left,
        right mats up to the right); the firing mat's corner holds the catapult."""
        for side, mat in enumerate(mats):
            if not scene.mats[mat].in_play:
                continue
            label = f" {name_seats(scene.mats[mat].title, self.table.names)} "[: 2 * w - 1]
            firing = mat == self.table.catapult
            corner = 0 if side == 0 else len(chars) - 1
            start = 1 if side == 0 else corner - len(label)
            spot = ("corner", mat)
            style = self._spot_style(spot, FIRING if firing else MAT)
            for offset, char in enumerate(label):
                chars[start + offset] = char
                styles[start + offset] = style
            if firing:
                chars[corner], styles[corner] = CATAPULT, FIRING
            first, last = min(start, corner), max(start + len(label) - 1, corner)
            self.place(spot, y, first + shift, last + shift)
            self.cells[spot] = (y, y, first + shift, last + shift)

    def _square_line(
        self, grid: dict[tuple[int, int], Square], row: int, line: int, w: int, h: int, y: int, shift: int
    ) -> Text:
        text = Text()
        for column in range(4):
            text.append(_LINES[self._line_kind(column)][1], FRAME)
            square = grid[(column, row)]
            spot = square.number
            x = len(text)
            content = self._square_text(square, line, w, h)
            text.append(content.ljust(w)[:w], self._spot_style(spot, self._square_style(square, line)))
            if line == 0:
                self.place(spot, y, x + shift, x + w - 1 + shift)
                self.cells[spot] = (y, y + h - 1, x + shift, x + w - 1 + shift)
        text.append(_LINES["l"][1], FRAME)
        return text

    def _square_text(self, square: Square, line: int, w: int, h: int) -> str:
        last = line == h - 1
        if not self.scene.mats[square.mat].in_play:
            return " no mat" if last else ""
        name = square.name
        if not square.on_table:
            return " no square" if last else ""
        height = square.towers
        towers = TOWER * height if height <= MOST_GLYPHS else f"{TOWER}x{height}"
        top = (towers or EMPTY) + (ROOF if square.roof else "")
        ammo = square.ammo
        if h >= 4:
            cards = square.cards_under
            under = f" {cards} card{'s' if cards > 1 else ''} under" if cards else ""
            lines = [f" {top}", f" ammo {ammo}" if ammo else "", under, f" {name}"]
            return lines[line] if line < 4 else ""
        if h == 3:
            return (f" {top}", f" ammo {ammo}" if ammo else "", f" {name}")[line]
        short_ammo = f" {AMMO}{ammo}" if ammo else ""
        if h == 2:
            return f" {top}{short_ammo}" if line == 0 else f" {name}"
        return f" {top}{short_ammo} {name}"

    def _square_style(self, square: Square, line: int) -> Style:
        if not self.scene.mats[square.mat].in_play or not square.on_table:
            return DIM
        height = self.scale().height
        # The towers (and, large, the ammo) stand out; names and cards under are quieter.
        return PIECES if line == 0 or (line == 1 and height >= 3) else NAME

    def _spot_style(self, spot: Hashable, base: Style) -> Style:
        if spot == self.cursor:
            return CURSOR
        if spot in self.selectable:
            return base + OFFERED
        return base


class _LitMarks:
    def __init__(self, lit: frozenset, selected: Hashable | None) -> None:
        self.lit, self.selected = lit, selected


class TableLegend(Widget):
    """What the board's glyphs mean: one line, in words as long as the room allows."""

    SHORT = f"{CATAPULT} catapult {TOWER} tower {ROOF} roof {AMMO}2 ammo inside {EMPTY} empty"
    LONG = (
        f"{CATAPULT} catapult (who shoots)  {TOWER} tower  {ROOF} Reinforced Roof  "
        f"{AMMO}2 ammo inside  {EMPTY} empty"
    )

    def render(self) -> Text:
        room = self.size.width
        return Text(self.LONG if len(self.LONG) <= room else self.SHORT, no_wrap=True, overflow="crop")


class AimBar(Widget, can_focus=True):
    """The aiming mini-game: Space stops the sweeping marker."""

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
        text = Text(no_wrap=True, overflow="ellipsis")
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
        text.append(self.odds(self.accuracy()), style="italic")
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


PIECES = Style(bold=True)
NAME = Style(color="#9a9a9a")
DIM = Style(dim=True)
FRAME = Style(color="#7a7a7a")
MAT = Style(color="#d8d8d8")
FIRING = Style(bold=True, color="#ffb347")
OFFERED = Style(underline=True, bold=True, color="#ffe066")
CURSOR = Style(reverse=True, bold=True, color="#ffe066")
