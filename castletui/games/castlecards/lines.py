"""What the Castlecards widgets share: a board line built from styled pieces,
lines flowed to a width, the fortress colours, glyphs and card styles, and
the base of a part of the table that draws itself in one render.

Each part (fortresses, piles, attack panel, hand) builds its lines for a
width at a level of detail the screen chose so the whole table fits the
board area; its height is the number of those lines.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text

from castletui.rules.castlecards import Card, CastlecardsScene
from castletui.rules.core import name_seats
from castletui.widgets.steady import Unscrolled

SHIELD = "\u25c6"  # ◆
ARROW = "\u2192"  # →
FACE_DOWN = "\u2592"  # ▒ the back of a card
SEPARATOR = " \u00b7 "  # ·

# The fortress colours as text on a dark card face; plain terminals (NO_COLOR)
# drop them and the names still say it.
INK = {"red": "#ff6e6e", "blue": "#78a8ff", "green": "#6fd98a", "yellow": "#f0d060"}
FACE = {"red": "on #3a1c1c", "blue": "on #1c263f", "green": "on #1b3522", "yellow": "on #3a3519"}

DETAILS = ("roomy", "block", "inline", "line")
"""Levels of detail, richest first: boxed cards (120x40), card blocks
(80x24), a line of cards under each fortress's name (3-4 players at 80x24),
each fortress on its name line (4 players attacked at 80x24)."""


def card_style(card: Card) -> str:
    if card.colour:
        return f"bold {INK[card.colour]}"
    return {"siege": "bold", "academy": "italic"}.get(card.deck, "")


def grouped(cards: tuple[Card, ...]) -> list[tuple[Card, int]]:
    """Cards with how many of each, in first-seen order."""
    counts: dict[Card, int] = {}
    for card in cards:
        counts[card] = counts.get(card, 0) + 1
    return list(counts.items())


def count_words(number: int, one: str, many: str) -> str:
    """ "1 sword", "2 swords": a number with its noun in the right number."""
    return f"{number} {one if number == 1 else many}"


def slot_title(slot: int, short: bool = False) -> str:
    if slot == 0:
        return "C" if short else "Castle"
    return f"W{slot}" if short else f"Wall {slot}"


class Line:
    """One line of the board, built from styled pieces."""

    def __init__(self, piece: str = "", style: str = "") -> None:
        self.text = Text()
        if piece:
            self.text.append(piece, style=style)

    def add(self, piece: str, style: str = "") -> Line:
        self.text.append(piece, style=style)
        return self

    def join(self, other: Line) -> Line:
        self.text.append_text(other.text)
        return self

    def __len__(self) -> int:
        return self.text.cell_len


def flow(
    pieces: list[tuple[str, str]], width: int, separator: str, indent: str = "", first: Line | None = None
) -> list[Line]:
    """Pieces laid out left to right after ``first`` (a head, no separator
    after it), wrapping to the width; a piece wider than a line is cut there."""
    lines = [first if first is not None else Line(indent)]
    start = len(lines[0])
    for piece, style in pieces:
        line = lines[-1]
        gap = separator if len(line) > start else ""
        if len(line) + len(gap) + len(piece) > width and len(line) > len(indent):
            line = Line(" " * len(indent))
            lines.append(line)
            start = len(indent)
            gap = ""
        line.add(gap, "dim").add(piece, style)
    return lines


class TablePart(Unscrolled):
    """A part of the Castlecards table (mixed into a Widget or a SpotBoard):
    it draws the viewer's ``scene`` (rules/castlecards/scene.py) in one
    render, at the level of detail the screen set, as tall as its lines.
    While building its lines a part notes where its spots are (``found``);
    the render hands them to the board."""

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.found: dict[Any, tuple[int, int, int]] = {}
        self.scene: CastlecardsScene | None = None
        self.viewer = 0
        self.names: list[str] = []
        self.detail = "block"
        # kept_lines: each (lines, spots) by what they are drawn from.
        self._kept: dict[tuple, tuple[list[Line], dict]] = {}
        self._drawn: tuple | None = None  # (width, look) of the last render: what the terminal shows

    def show(self, scene: CastlecardsScene, viewer: int, names: list[str], detail: str) -> None:
        """Draw ``scene``: nothing again when the part looks as it does now
        (most moves change one or two parts of four), its rows again when
        they are as many, the screen laid out again only when its height
        changed."""
        self.scene, self.viewer, self.names, self.detail = scene, viewer, names, detail
        drawn, width = self._drawn, self.size.width
        if drawn is None or not self.is_mounted or drawn[0] != max(10, width) or not width:
            self.refresh(layout=True)
            return
        look = self.look(drawn[0])
        if look == drawn[1]:
            return
        if len(look[0]) != len(drawn[1][0]):
            self.refresh(layout=True)
        elif hasattr(self, "redraw"):  # a SpotBoard: only the rows that changed
            self.redraw()
        else:
            self.refresh()

    def marks(self) -> tuple:
        """What the lines are drawn from besides the scene, viewer, names,
        width and detail: a board's cursor and the spots offered, the
        attack panel's choice of the last attack (a part with more adds it)."""
        return (
            getattr(self, "cursor", None),
            getattr(self, "selectable", None),
            getattr(self, "show_last", None),
        )

    def drawn_from(self) -> Any:
        """The part of the scene the lines are drawn from (a part that reads
        less than all of it says which: its lines are kept across moves
        that leave that part as it was)."""
        return self.scene

    def kept_lines(self, width: int, detail: str | None = None) -> tuple[list[Line], dict]:
        """``lines`` and the spots they placed, made once for what they are
        drawn from: the screen measures each part at every level of detail
        to fit the table, the layout asks its height and the render its
        rows, and most moves leave most parts as they were. Never change
        the lines given."""
        key = (self.drawn_from(), width, detail or self.detail, self.viewer, tuple(self.names), self.marks())
        kept = self._kept.get(key)
        if kept is None:
            found, self.found = self.found, {}
            try:
                kept = (self.lines(width, detail), self.found)
            finally:
                self.found = found
            if len(self._kept) >= 32:
                self._kept.clear()
            self._kept[key] = kept
        return kept

    def shown_lines(self, width: int, detail: str | None = None) -> list[Line]:
        """The lines at ``width`` (and ``detail``, or its own), kept (see ``kept_lines``)."""
        return self.kept_lines(width, detail)[0]

    def look(self, width: int) -> tuple:
        """What the part draws at ``width``: each line's text and styles, and its spots."""
        lines, found = self.kept_lines(width)
        return tuple((line.text.plain, tuple(line.text.spans)) for line in lines), tuple(found.items())

    def note_spot(self, spot: Any, row: int, first: int, last: int) -> None:
        self.found[spot] = (row, first, last)

    def seat_name(self, seat: int) -> str:
        return self.names[seat] if 0 <= seat < len(self.names) else f"Player {seat + 1}"

    def seated(self, text: str) -> str:
        return name_seats(text, self.names)

    def lines(self, width: int, detail: str | None = None) -> list[Line]:
        """The part's lines at ``width`` (and ``detail``, or its own)."""
        raise NotImplementedError

    def get_content_height(self, container: Any, viewport: Any, width: int) -> int:
        if self.scene is None:
            return 0
        return len(self.shown_lines(width))

    def render(self) -> Text:
        if self.scene is None:
            self._drawn = None
            return Text()
        width = max(10, self.size.width)
        text = Text(no_wrap=True, overflow="crop")
        lines, self.found = self.kept_lines(width)
        self._drawn = (width, self.look(width))
        if hasattr(self, "place"):  # a SpotBoard: where each spot was drawn
            self.clear_spots()
            for spot, (row, first, last) in self.found.items():
                self.place(spot, row, first, last)
        for index, line in enumerate(lines):
            if index:
                text.append("\n")
            piece = line.text.copy()
            piece.truncate(width)
            text.append_text(piece)
        return text
