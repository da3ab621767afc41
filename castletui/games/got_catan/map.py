"""The Gift of A Game of Thrones Catan as one board widget, drawn in one
render: hexes with their resource, number token and odds (pips), the
corners (settlements, keeps) and paths (roads) between them, Tormund,
the trade routes on the coast, and a legend.

Every corner, path and hex is a spot of the board cursor, named as the
rules' ``spot()`` names them: ("corner", id), ("edge", id), ("hex", id).

Owners are told apart twice over, so play without colour (NO_COLOR) reads
the same: by colour and by letter (a settlement is the owner's capital
letter, a keep the same letter twice, a road the owner's small letter
along the path). Only box drawing and plain symbols are used.

It draws the scene's Gift (``rules.got_catan.scene.Gift``) and reads
nothing else of the game.

Two scales fit the room there is: compact (3 columns and 1 row per grid
unit of the layout (the scene's ``GiftLayout``): the 4-player Gift in 51x12 cells, for
80x24) and large (4 columns and 2 rows per unit, for 120x40). The
geometry of each scale is worked out once per layout.

No row is ever wider than the board (Textual would wrap it into the next
and draw the board whole at every step): the legend's entries flow into
its rows and leave out what fits nowhere; a map larger than the board
shows the part around the cursor, an arrow at each side where more is cut
off, and the legend (its first rows) only under a whole map.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import groupby
from typing import Any

from rich.cells import cell_len
from rich.style import Style
from rich.text import Span, Text
from textual.cache import LRUCache

from castletui.widgets.board import SpotBoard

PLAYER_INK = ("#ff6b6b", "#6cb6ff", "#ffb347", "#e8e8e8")
"""Seat colours (red, blue, orange, white, as the box's pieces)."""

TERRAIN_INK = {
    "hills": "#e07050",
    "forest": "#4fbf5f",
    "pasture": "#b0e070",
    "fields": "#f0d040",
    "mountains": "#a8a8c0",
}
"""A colour per terrain for the hex's resource word."""

SHORT_RESOURCE = {"brick": "bri", "grain": "gra", "lumber": "lum", "ore": "ore", "wool": "woo"}
"""Three letters per resource where a hex has only three columns."""

PIP = "\u2022"  # •

EMPTY_CORNER = "\u00b7"  # ·
DIAGONAL_DOWN = "\u2572"  # ╲
DIAGONAL_UP = "\u2571"  # ╱
UPRIGHT = "\u2502"  # │
HEAVY = {UPRIGHT: "\u2503"}  # ┃: a road on an upright path (no heavy diagonals exist)
MORE_LEFT, MORE_RIGHT, MORE_UP, MORE_DOWN = "\u2190", "\u2192", "\u2191", "\u2193"  # ← → ↑ ↓: more that way


def keep_letters(letter: str) -> str:
    """A keep is its owner's letter twice, "SS" (it collects double): told
    from a settlement's "S" without colour and not by reverse video, which
    is the cursor's. The second letter covers the first cell of the path
    east of the corner, never the cell of a road's letter."""
    return letter * 2


@dataclass(frozen=True)
class Scale:
    name: str
    across: int  # columns per grid unit (X)
    down: int  # rows per grid unit (Y)
    number_row: int  # rows below a hex's north corner
    pips_row: int
    resource_row: int
    tormund_row: int
    legend_rows: int


COMPACT = Scale("compact", 3, 1, number_row=1, pips_row=2, resource_row=3, tormund_row=2, legend_rows=2)
LARGE = Scale("large", 4, 2, number_row=2, pips_row=3, resource_row=4, tormund_row=5, legend_rows=3)


@dataclass
class Geometry:
    """Where everything of one layout is drawn at one scale (cells are
    (row, column) from the widget's top left)."""

    width: int = 0
    height: int = 0  # the map without the legend
    corner_cells: list[tuple[int, int]] = field(default_factory=list)
    edge_cells: list[list[tuple[int, int, str]]] = field(default_factory=list)
    edge_spot: list[tuple[int, int]] = field(default_factory=list)
    hex_north: list[tuple[int, int]] = field(default_factory=list)  # (row of the N corner, centre column)
    hex_inside: list[list[tuple[int, int, int]]] = field(default_factory=list)  # (row, first, last)
    labels: list[tuple[int, int, str]] = field(default_factory=list)  # trade routes: (row, column, text)


def _diagonal_cells(start: tuple[int, int], end: tuple[int, int], scale: Scale) -> list[tuple[int, int, str]]:
    """The cells between two corners one grid unit apart across and down."""
    (r1, c1), (r2, c2) = start, end
    if c2 < c1:  # always draw west to east
        (r1, c1), (r2, c2) = (r2, c2), (r1, c1)
    step = 1 if r2 > r1 else -1
    glyph = DIAGONAL_DOWN if step > 0 else DIAGONAL_UP
    cells = []
    inner = scale.across - 1
    for k in range(1, scale.across):
        # Spread the rows evenly over the columns between the two corners.
        offset = round((k - 1) * scale.down / max(inner - 1, 1))
        cells.append((r1 + step * offset, c1 + k, glyph))
    return cells


GEOMETRIES: dict[tuple[int, str], Geometry] = {}
"""Each layout's geometry at each scale, worked out once (by the layout's seats)."""


def geometry(layout, scale: Scale) -> Geometry:
    """Where everything of ``layout`` (the scene's ``GiftLayout``) is drawn at ``scale``."""
    key = (layout.seats, scale.name)
    shape = GEOMETRIES.get(key)
    if shape is None:
        shape = GEOMETRIES[key] = _geometry(layout, scale)
    return shape


def _geometry(board, scale: Scale) -> Geometry:
    xs = [x for x, _ in board.corner_points]
    ys = [y for _, y in board.corner_points]
    x0, y0 = min(xs), min(ys)

    def cell(point: tuple[int, int]) -> tuple[int, int]:
        return (scale.down * (point[1] - y0), scale.across * (point[0] - x0))

    corners = [cell(point) for point in board.corner_points]
    edges: list[list[tuple[int, int, str]]] = []
    for a, b in board.edge_corners:
        (ra, ca), (rb, cb) = corners[a], corners[b]
        if ca == cb:
            top, bottom = min(ra, rb), max(ra, rb)
            edges.append([(row, ca, UPRIGHT) for row in range(top + 1, bottom)])
        else:
            edges.append(_diagonal_cells((ra, ca), (rb, cb), scale))
    norths, insides = [], []
    for hex_id, hex_corners in enumerate(board.hex_corners):
        north, south = corners[hex_corners[0]], corners[hex_corners[3]]
        norths.append(north)
        border: dict[int, list[int]] = {}
        for edge in board.hex_edges[hex_id]:
            for row, column, _ in edges[edge]:
                border.setdefault(row, []).append(column)
        for corner in hex_corners:
            row, column = corners[corner]
            border.setdefault(row, []).append(column)
        rows = []
        for row in range(north[0] + 1, south[0]):
            columns = border.get(row, [north[1]])
            rows.append((row, min(columns) + 1, max(columns) - 1))
        insides.append(rows)
    labels = _route_labels(board, corners, norths, scale)
    # Shift everything right and down so labels left of or above the map fit.
    left = -min([column for _, column, _ in labels] + [0])
    top = -min([row for row, _, _ in labels] + [0])

    def moved(row: int, column: int) -> tuple[int, int]:
        return row + top, column + left

    shape = Geometry()
    shape.corner_cells = [moved(*c) for c in corners]
    shape.edge_cells = [[(*moved(r, c), g) for r, c, g in cells] for cells in edges]
    shape.edge_spot = [(cells[len(cells) // 2][0], cells[len(cells) // 2][1]) for cells in shape.edge_cells]
    shape.hex_north = [moved(*n) for n in norths]
    shape.hex_inside = [[(r + top, a + left, b + left) for r, a, b in rows] for rows in insides]
    shape.labels = [(r + top, c + left, text) for r, c, text in labels]
    cells = [*shape.corner_cells, *[(r, c + len(t) - 1) for r, c, t in shape.labels]]
    shape.width = max(c for _, c in cells) + 1
    shape.height = max(r for r, _ in cells) + 1
    return shape


def spot_cells(layout, scale: Scale) -> dict[tuple[str, int], tuple[int, int]]:
    """Where each place is drawn on the whole map: (row, column) of its
    mark (a hex's number, a corner, a path's middle): the part of a map
    larger than the board that is shown follows the cursor by these."""
    key = (layout.seats, scale.name)
    cells = SPOT_CELLS.get(key)
    if cells is None:
        cells = SPOT_CELLS[key] = _spot_cells(scale, geometry(layout, scale))
    return cells


SPOT_CELLS: dict[tuple[int, str], dict[tuple[str, int], tuple[int, int]]] = {}


def _spot_cells(scale: Scale, shape: Geometry) -> dict[tuple[str, int], tuple[int, int]]:
    cells: dict[tuple[str, int], tuple[int, int]] = {}
    for hex_id, (north_row, centre) in enumerate(shape.hex_north):
        cells[("hex", hex_id)] = (north_row + scale.number_row, centre)
    for edge, cell in enumerate(shape.edge_spot):
        cells[("edge", edge)] = cell
    for corner, cell in enumerate(shape.corner_cells):
        cells[("corner", corner)] = cell
    return cells


def _follow(start: int, shown: int, whole: int, at: int | None) -> int:
    """The first of ``shown`` rows (or columns) of ``whole`` to show so
    that ``at`` stands clear of the arrows at both ends, moved as little
    as it takes from ``start``: the view stays put while the cursor moves
    inside it."""
    if shown >= whole:
        return 0
    if at is not None:
        margin = min(3, max(1, (shown - 1) // 4))  # a little of what lies beyond the cursor
        start = min(start, at - margin)
        start = max(start, at + margin + 1 - shown)
    return max(0, min(start, whole - shown))


def _route_labels(board, corners, norths, scale: Scale) -> list[tuple[int, int, str]]:
    """Each trade route's label outside the coast by its path: "2:1" and
    the resource, beside a side path or under (over) a bottom (top) one."""
    labels = []
    for edge, resource, rate in board.route_edges:
        a, b = board.edge_corners[edge]
        (ra, ca), (rb, cb) = corners[a], corners[b]
        hex_id = board.edge_hexes[edge][0]
        centre_row = norths[hex_id][0] + 2 * scale.down
        centre_column = norths[hex_id][1]
        rate_text = f"{rate}:1"
        name = resource or "any"
        if ca == cb:  # an upright side: beside it, the rate over the resource
            if scale is COMPACT:
                name = SHORT_RESOURCE.get(name, name)
            mid = (ra + rb) // 2
            if ca < centre_column:
                labels += [(mid, ca - 1 - len(rate_text), rate_text), (mid + 1, ca - 1 - len(name), name)]
            else:
                labels += [(mid, ca + 2, rate_text), (mid + 1, ca + 2, name)]
        else:
            text = f"{rate_text} {SHORT_RESOURCE.get(name, name) if scale is COMPACT else name}"
            row = max(ra, rb) + 1 if min(ra, rb) >= centre_row else min(ra, rb) - 1
            middle = (ca + cb) // 2
            labels.append((row, middle - len(text) // 2, text))
    return labels


def seat_letters(names: list[str]) -> list[str]:
    """One letter per seat: the names' initials when they differ, else A, B, C, D."""
    initials = [name[:1].upper() for name in names]
    if all(initial.isalpha() for initial in initials) and len(set(initials)) == len(initials):
        return initials
    return [chr(ord("A") + seat) for seat in range(len(names))]


@dataclass
class MapMarks:
    """What the screen tells the map besides the scene: the people's names."""

    names: list[str] = field(default_factory=list)


class GotCatanMap(SpotBoard):
    """The Gift in one render (see the module docstring)."""

    DEFAULT_CSS = """
    GotCatanMap { width: 1fr; height: 1fr; }
    """

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.gift: Any = None  # the scene's Gift (rules/got_catan/scene.py); None before the first
        self.marks = MapMarks()
        self.shift = 0  # columns left blank to centre the map (less than 0: the map's left is cut off)
        self.lift = 0  # rows of the map's top cut off (a map taller than the board)
        self._placed: tuple | None = None  # the layout the spots were placed for: (seats, scale, shift, lift)
        self._placing = True  # this render places the spots (the layout changed)

    def place(self, spot, row: int, first: int, last: int) -> None:
        if self._placing:
            super().place(spot, row - self.lift, first + self.shift, last + self.shift)

    def also_at(self, spot, row: int, first: int, last: int) -> None:
        if self._placing:
            super().also_at(spot, row - self.lift, first + self.shift, last + self.shift)

    def draws(self, spot) -> bool:
        """Every place but the Wall's sections (the Wall board draws those)."""
        return isinstance(spot, tuple) and spot[0] != "section"

    def show(self, gift: Any, marks: MapMarks) -> None:
        self.gift, self.marks = gift, marks
        self.redraw()

    def on_resize(self) -> None:
        # The scale and the centring follow the size: draw again at the new one.
        self.refresh()

    def scale(self) -> Scale:
        if self.gift is None:
            return COMPACT
        large = geometry(self.gift.layout, LARGE)
        fits = self.size.width >= large.width and self.size.height >= large.height + LARGE.legend_rows + 1
        return LARGE if fits else COMPACT

    # --- drawing ---------------------------------------------------------------

    def render(self) -> Text:
        return Text("\n").join(self.render_rows())

    def render_rows(self) -> list[Text]:
        """The map's rows, each made as one Text (a cursor step draws the
        whole map again, and the board turns only the rows that changed
        into cells)."""
        gift = self.gift
        if gift is None:
            self.clear_spots()
            self._placed = None
            return [Text("")]
        scale = self.scale()
        layout = gift.layout
        seats = layout.seats
        shape = geometry(layout, scale)
        chars = [[" "] * shape.width for _ in range(shape.height)]
        styles: list[list[Style | None]] = [[None] * shape.width for _ in range(shape.height)]
        letters = seat_letters(self.marks.names or [f"P{s + 1}" for s in range(seats)])

        # The room there is (none yet before the first layout: the whole map).
        width = self.size.width or shape.width
        height = self.size.height or shape.height + scale.legend_rows
        legend = self._legend(scale, letters, gift, width)
        legend = legend[: max(0, height - shape.height)]  # the map first: the legend under a whole map
        left, top = self._view(layout, scale, shape, width, height - len(legend))
        # Centred in the room there is (spots are placed where they are drawn).
        self.shift = max(0, (width - shape.width) // 2) - left
        self.lift = top
        # Where each place is drawn follows the layout alone, not the game: placed
        # again only when the layout changes (a cursor step draws the map again).
        placed = (seats, scale, self.shift, self.lift)
        self._placing = placed != self._placed
        if self._placing:
            self.clear_spots()
        self._placed = placed

        def put(row: int, column: int, text: str, style: Style | None) -> None:
            for offset, char in enumerate(text):
                if 0 <= row < shape.height and 0 <= column + offset < shape.width:
                    chars[row][column + offset] = char
                    styles[row][column + offset] = style

        self._draw_hexes(gift, scale, shape, put)
        self._draw_edges(gift, shape, put, letters)
        self._draw_corners(gift, shape, put, letters)
        for row, column, text in shape.labels:
            put(row, column, text, ROUTE)
        if (left, top) != (0, 0) or shape.width > width or shape.height > height:
            chars, styles = _cut(chars, styles, left, top, width, height - len(legend))
        rows = [*_map_rows(chars, styles, " " * max(0, self.shift)), *legend] or [Text("")]
        while len(rows) > 1 and not rows[-1].plain.strip():  # no blank rows at the end (no names yet)
            rows.pop()
        rows[-1] = rows[-1].copy()  # (a map row is kept for the next drawing: not cut in place)
        rows[-1].rstrip()
        return rows

    def _view(self, layout, scale: Scale, shape: Geometry, width: int, height: int) -> tuple[int, int]:
        """The first column and row of the map shown: (0, 0) when it fits,
        else where the cursor stays in view (the view kept while it does)."""
        seats = layout.seats
        at = spot_cells(layout, scale).get(self.cursor) if isinstance(self.cursor, tuple) else None
        was_left = -min(0, self.shift) if self._placed and self._placed[:2] == (seats, scale) else 0
        was_top = self.lift if self._placed and self._placed[:2] == (seats, scale) else 0
        if at is None and shape.width > width and not self._placed:
            was_left = (shape.width - width) // 2  # the middle of the Gift, until a cursor says where
        left = _follow(was_left, width, shape.width, None if at is None else at[1])
        top = _follow(was_top, height, shape.height, None if at is None else at[0])
        return left, top

    def _spot_style(self, spot, base: Style | None) -> Style | None:
        if spot == self.cursor:
            return CURSOR
        if spot in self.selectable:
            return (base or Style()) + OFFERED
        return base

    def _draw_hexes(self, gift: Any, scale: Scale, shape: Geometry, put) -> None:
        layout = gift.layout
        for hex_id, number in enumerate(layout.hex_numbers):
            terrain = gift.terrain[hex_id]
            north_row, centre = shape.hex_north[hex_id]
            pips = layout.hex_pips[hex_id]
            spot = ("hex", hex_id)
            number_style = BEST_NUMBER if pips == 5 else NUMBER
            number_text = f"{number:>2}" if number >= 10 else f" {number} "
            number_column = centre - 1
            put(
                north_row + scale.number_row, number_column, number_text, self._spot_style(spot, number_style)
            )
            self.place(spot, north_row + scale.number_row, number_column, number_column + 2)
            for row, first, last in shape.hex_inside[hex_id] if self._placing else ():
                self.also_at(spot, row, first, last)  # a click inside the hex (its paths are claimed later)
            if hex_id == gift.tormund:
                word = "[T]" if scale is COMPACT else "TORMUND"
                put(north_row + scale.tormund_row, centre - len(word) // 2, word, TORMUND)
            if hex_id != gift.tormund or scale.tormund_row != scale.pips_row:
                # (Compact: the hex produces nothing while he stands there, so he takes the odds' place.)
                put(north_row + scale.pips_row, centre - pips // 2, PIP * pips, PIPS_STYLE)
            resource = gift.resources[hex_id] or "?"
            word = SHORT_RESOURCE.get(resource, resource) if scale is COMPACT else resource
            ink = TERRAIN_STYLE[terrain] if terrain else WORDS
            wildling = gift.blocked[hex_id] if gift.blocked else ""
            if wildling and scale is COMPACT:
                # Brotherhood: a wildling blocks the hex; it produces nothing, so its mark
                # takes the resource's place.
                word, ink = f"W:{WILDLING_LETTER[wildling]}", WILDLING
            put(north_row + scale.resource_row, centre - len(word) // 2, word, ink)
            if wildling and scale is LARGE:
                mark = f"W:{wildling}"
                put(north_row + scale.tormund_row + 1, centre - len(mark) // 2, mark, WILDLING)

    def _draw_edges(self, gift: Any, shape: Geometry, put, letters: list[str]) -> None:
        for edge, cells in enumerate(shape.edge_cells):
            owner = gift.edge_owner[edge]
            spot = ("edge", edge)
            row, column = shape.edge_spot[edge]
            if owner >= 0:
                # The owner's letter once, mid-path, and the path drawn heavy in their colour.
                style = self._spot_style(spot, PLAYER_STYLE[owner])
                for cell_row, cell_column, glyph in cells:
                    mark = letters[owner].lower() if (cell_row, cell_column) == (row, column) else glyph
                    put(cell_row, cell_column, HEAVY.get(mark, mark), style)
            else:
                style = self._spot_style(spot, PATH)
                for cell_row, cell_column, glyph in cells:
                    put(cell_row, cell_column, glyph, style)
            self.place(spot, row, column, column)
            for cell_row, cell_column, _ in cells if self._placing else ():
                self.also_at(spot, cell_row, cell_column, cell_column)  # a click anywhere on the path

    def _draw_corners(self, gift: Any, shape: Geometry, put, letters: list[str]) -> None:
        keeps = gift.keeps
        for corner, (row, column) in enumerate(shape.corner_cells):
            owner = gift.corner_owner[corner]
            spot = ("corner", corner)
            if owner < 0:
                glyph, style = EMPTY_CORNER, CORNER
            elif corner in keeps:
                glyph, style = keep_letters(letters[owner]), PLAYER_STYLE[owner]
            else:
                glyph, style = letters[owner], PLAYER_STYLE[owner]
            if spot in self.selectable and owner < 0:
                glyph = "+"
            put(row, column, glyph, self._spot_style(spot, style))
            self.place(spot, row, column, column)

    def _legend(self, scale: Scale, letters: list[str], gift: Any, width: int) -> list[Text]:
        """The legend's entries flowed into its rows of ``width`` columns,
        each on the first row with room for it, in the order given (what
        matters most first); an entry with no room anywhere is left out."""
        ink = PLAYER_STYLE
        compact = scale is COMPACT
        entries: list[list[tuple[str, Style | None]]] = [
            [("S", ink[0]), (" settlement", None)],
            [(keep_letters("S"), ink[0]), (" keep", None)],
            [("s", ink[0]), (" road", None)],
            [("+", OFFERED), (" free", None)],
            [("[T]" if compact else "TORMUND", TORMUND), (" Tormund", None)],
        ]
        if gift.blocked:
            entries.append([("W:r" if compact else "W:regular", WILDLING), (" wildling", None)])
        entries.append([(PIP * 3, PIPS_STYLE), (" odds", None)])
        if compact:
            # The words whose first three letters name a hex's resource.
            words: list[tuple[str, Style | None]] = []
            for resource, short in SHORT_RESOURCE.items():
                if short != resource:
                    words += [
                        (" " if words else "", None),
                        (short, SHORT_WORD),
                        (resource[len(short) :], None),
                    ]
            entries.append(words)
        else:
            entries.append([("(dots: rolls of 36 that bring the number)", None)])
            entries.append([("2:1", ROUTE), (" trade route", None)])
        rows = [Text(no_wrap=True, overflow="crop") for _ in range(2)]
        for entry in entries:
            size = sum(cell_len(text) for text, _ in entry)
            for row in rows:
                gap = 1 if row.plain else 0
                if cell_len(row.plain) + gap + size <= width:
                    row.append(" " * gap)
                    for text, style in entry:
                        row.append(text, style)
                    break
        if scale is LARGE:
            owners = Text(no_wrap=True, overflow="crop")
            for seat, name in enumerate(self.marks.names):
                owners.append(letters[seat], ink[seat]).append(f" {name}  ")
            owners.truncate(width)
            rows.append(owners)
        return rows


MAP_ROWS: LRUCache[tuple, Text] = LRUCache(512)
"""The map's rows made, by their cells (the characters, each cell's style
object): a cursor step or a road built changes two or three rows of the
map's fifteen to thirty, and the rest are the Texts made before. A row
kept holds a span of each style it has, so no style's ``id`` in its key
is another style's while it is kept. The board only reads these Texts."""


def _cut(
    chars: list[list[str]], styles: list[list[Style | None]], left: int, top: int, width: int, height: int
) -> tuple[list[list[str]], list[list[Style | None]]]:
    """The part of the map shown, ``width`` by ``height`` from (``top``,
    ``left``), an arrow at each side where more of the map is cut off: on
    each row with more beyond it, near the middle of the top and bottom rows."""
    whole_width, whole_height = len(chars[0]), len(chars)
    width, height = min(width, whole_width), max(0, min(height, whole_height))
    shown_chars = [row[left : left + width] for row in chars[top : top + height]]
    shown_styles = [row[left : left + width] for row in styles[top : top + height]]
    for index, row in enumerate(shown_chars):
        whole = chars[top + index]
        if left > 0 and "".join(whole[:left]).strip():
            row[0], shown_styles[index][0] = MORE_LEFT, MORE
        if left + width < whole_width and "".join(whole[left + width :]).strip():
            row[-1], shown_styles[index][-1] = MORE_RIGHT, MORE
    for row, more, arrow in ((0, top > 0, MORE_UP), (-1, top + height < whole_height, MORE_DOWN)):
        if shown_chars and more:
            column = _blank_near_middle(shown_chars[row])
            shown_chars[row][column], shown_styles[row][column] = arrow, MORE
    return shown_chars, shown_styles


def _blank_near_middle(row: list[str]) -> int:
    """The blank cell of ``row`` nearest its middle (an arrow there hides
    nothing), else the middle."""
    middle = len(row) // 2
    blanks = [column for column, char in enumerate(row) if char == " "]
    return min(blanks, key=lambda column: (abs(column - middle), column)) if blanks else middle


def _map_rows(chars: list[list[str]], styles: list[list[Style | None]], margin: str) -> list[Text]:
    """The map's rows, a Text each, every run of one style a span: built
    in one go, as a cursor step draws the whole map again (``Text.append``
    per run cost more than the drawing). A run is cells of the same style
    object (``groupby`` by identity: comparing styles costs more than the
    rest): the map's styles are made once (or cached), so equal styles
    are the same object."""
    rows = []
    for row_chars, row_styles in zip(chars, styles, strict=True):
        key = (margin, "".join(row_chars), tuple(map(id, row_styles)))
        kept = MAP_ROWS.get(key)
        if kept is not None:
            rows.append(kept)
            continue
        spans: list[Span] = []
        at = len(margin)
        for _, run in groupby(row_styles, key=id):
            cells = list(run)
            end = at + len(cells)
            if cells[0] is not None:
                spans.append(Span(at, end, cells[0]))
            at = end
        row = MAP_ROWS[key] = Text(margin + key[1], spans=spans, no_wrap=True, overflow="crop")
        rows.append(row)
    return rows


PLAYER_STYLE = [Style(color=ink, bold=True) for ink in PLAYER_INK]
TERRAIN_STYLE = {terrain: Style(color=ink) for terrain, ink in TERRAIN_INK.items()}
PATH = Style(color="#7a7a7a")
CORNER = Style(color="#9a9a9a")
NUMBER = Style(bold=True, color="#f0f0f0")
BEST_NUMBER = Style(bold=True, color="#ff7b72")  # 6 and 8, as the red tokens in the box
PIPS_STYLE = Style(color="#f0e0a0")
WORDS = Style(color="#d8d8d8")
ROUTE = Style(color="#7fd0ff", italic=True)
TORMUND = Style(bold=True, reverse=True)
WILDLING = Style(bold=True, color="#1a1a1a", bgcolor="#ff9f43")
WILDLING_LETTER = {"regular": "r", "climber": "c", "giant": "G"}
OFFERED = Style(underline=True, bold=True, color="#ffe066")
CURSOR = Style(reverse=True, bold=True, color="#ffe066")
MORE = Style(bold=True, color="#ffe066")
SHORT_WORD = Style(color="#d8d8d8", underline=True)  # a resource's letters a hex shows
