"""What Castle Raisers' boards share: the base of the three board widgets
(castle, Village, Piggy), how each thing is inked, the short names a small
terminal shows with the legend that explains them, and a row written cell
by cell.

Every board is a ``SpotBoard``: it draws itself in one render from the
scene it was given (the rules' ``scene``: rules/castle_raisers/scene.py),
and says where each spot is (``place``), so the frame's cursor, Enter and
clicks work on it. Rows are never wrapped: a board
measures its own height (``get_content_height``) and the screen scrolls
what does not fit.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

import msgspec
from rich.text import Text

from castletui.widgets.board import SpotBoard

ICON_TINY = {"VIL": "Vi", "PRE": "Pr", "FOR": "Fo", "DIS": "Di", "DEF": "De"}
"""Two letters where a half tile has only two cells (terminals under 80 columns)."""
ICON_STYLE = {
    "VIL": "bold green",
    "PRE": "bold magenta",
    "FOR": "bold cyan",
    "DIS": "bold red",
    "DEF": "bold blue",
}
MATERIAL_STYLE = {"straw": "yellow", "wood": "dark_orange3", "stone": "grey70"}
MATERIAL_EDGES = {"straw": "()", "wood": "[]", "stone": "{}"}
"""A Wall tile's edges by its material: the shape says it where colour cannot (NO_COLOR)."""
MATERIAL_LEGEND = "(straw) [wood] {stone}"
COLOUR_STYLE = {"yellow": "bold yellow", "blue": "bold blue", "red": "bold red", "green": "bold green"}
LIT = "bold underline green"
CURSOR = "bold reverse"
ROMAN = ("", "I", "II", "III", "IV")


def wolves_legend(scene: Any) -> str:
    letters = scene.glossary.wolf_letters
    return "Wolves: " + ", ".join(f"{letter} {kind}" for kind, letter in letters.items())


def icon_short(scene: Any, icon: str) -> str:
    """An icon's three letters (``Pre``), "" for none."""
    return scene.glossary.icon_short.get(icon, "")


def tile_shown(scene: Any, tile: str) -> Any:
    """The face of Wall tile ``tile`` among those face up (None if not there)."""
    return next((face for face in scene.revealed if face.tile == tile), None)


def edges(material: str) -> str:
    """The two edge characters of a tile of ``material`` (an empty slot's: ``[]``)."""
    return MATERIAL_EDGES.get(material, "[]")


def framed(face: str, material: str) -> str:
    """A tile's face (``[Pre|For]``) between its material's edges (``(Pre|For)`` for straw)."""
    left, right = edges(material)
    return f"{left}{face[1:-1]}{right}" if len(face) >= 2 else face


def wrap(text: str, width: int, style: str = "dim") -> list[Text]:
    """``text`` broken into rows of at most ``width`` cells, at spaces."""
    rows: list[Text] = []
    line = ""
    for word in text.split(" "):
        if line and len(line) + 1 + len(word) > width:
            rows.append(Text(line, style=style))
            line = word
        else:
            line = f"{line} {word}" if line else word
    if line:
        rows.append(Text(line[:width], style=style))
    return rows


class Marks(msgspec.Struct):
    """What the screen says besides the scene: the players' names, the tile
    being placed (drawn under the cursor: its id and face, or a
    Fortification tile), whose castle the castle spots belong to now, and
    who is to move."""

    names: list[str] = msgspec.field(default_factory=list)
    tile: str = ""
    face: Any = None
    """The scene's ``TileFace`` of ``tile``."""
    fortification: bool = False
    owner: int = -1
    to_move: int | None = None

    def name(self, seat: int) -> str:
        return self.names[seat] if 0 <= seat < len(self.names) else f"Player {seat + 1}"


class Row(msgspec.Struct):
    """One row of fixed width, written cell by cell (a style per cell)."""

    width: int
    chars: list[str] = msgspec.field(default_factory=list)
    styles: list[str] = msgspec.field(default_factory=list)

    def __post_init__(self) -> None:
        self.chars = [" "] * self.width
        self.styles = [""] * self.width

    def put(self, x: int, text: str, style: str = "") -> None:
        for offset, char in enumerate(text):
            if 0 <= x + offset < self.width:
                self.chars[x + offset] = char
                self.styles[x + offset] = style

    def text(self) -> Text:
        out = Text()
        start = 0
        for index in range(1, self.width + 1):
            if index == self.width or self.styles[index] != self.styles[start]:
                out.append("".join(self.chars[start:index]), style=self.styles[start] or None)
                start = index
        return out


class RaisersBoard(SpotBoard):
    """One of Castle Raisers' boards: ``rows(width)`` draws it (calling
    ``place`` for its spots), the base joins the rows without wrapping."""

    DEFAULT_CSS = """
    RaisersBoard { height: auto; width: 1fr; }
    """

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.scene: Any = None
        """The rules' scene (rules/castle_raisers/scene.py): all a board draws."""
        self.marks = Marks()
        self.roomy = False
        """A tall board area: the three boards shown at once."""

    def keeps_keys(self) -> bool:
        """The board keeps the keys while some choice now is about a spot drawn
        on it (else, or put away, they go back to the action bar)."""
        self.render()  # where its spots are, as drawn for the view just shown
        return self.display and any(spot in self.spot_cells for spot in self.selectable)

    def show(self, scene: Any, marks: Marks, roomy: bool = False) -> None:
        self.scene, self.marks, self.roomy = scene, marks, roomy
        self.refresh(layout=True)

    def spot_style(self, spot: Hashable, base: str = "") -> str:
        """The cursor's spot reversed, the spots actions are about lit."""
        if spot is not None and spot == self.cursor:
            return CURSOR
        if spot in self.selectable:
            return LIT
        return base

    def rows(self, width: int) -> list[Text]:
        raise NotImplementedError

    def _drawn(self, width: int) -> list[Text]:
        self.clear_spots()
        if self.scene is None or not self.scene.castles:
            return []
        rows = self.rows(max(20, width))
        for row in rows:
            row.no_wrap = True
            row.truncate(width)
        return rows

    def render(self) -> Text:
        return Text("\n").join(self._drawn(self.size.width))

    def get_content_height(self, container, viewport, width: int) -> int:
        return max(1, len(self._drawn(width)))
