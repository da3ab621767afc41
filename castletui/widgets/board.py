"""The base of every board widget: the places on it that actions are about
(spots: a square, a slot, a hex, a corner, an edge), a cursor that the
arrows or hjkl move from spot to spot, Enter or a click to choose the spot
under it, and the frame told which spot was chosen. A board subclass draws
itself in one render and says where each spot is drawn (``place``); the
frame keeps the cursor and the action bar in step (castletui/screens/game.py).

A board is drawn again row by row (:meth:`SpotBoard.redraw`): a cursor
step or a road built changes two or three rows of a map of thirty, and
turning a row of text into cells for the terminal (styles, colours) is
most of what a redraw costs, so only the rows that changed are turned and
sent."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Iterator
from contextlib import contextmanager
from pickle import dumps

from rich.cells import cell_len
from rich.segment import Segment
from rich.style import Style as RichStyle
from rich.text import Span, Text
from textual import events
from textual.binding import Binding
from textual.cache import LRUCache
from textual.geometry import Region, Size
from textual.message import Message
from textual.strip import Strip
from textual.style import Style as VisualStyle
from textual.visual import Visual, visualize
from textual.widget import Widget

from castletui.textual_private import selector_names, with_meta


class TextCells:
    """A widget that turns rows of text into cells itself (``_cells_maker``):
    the board, and the players panel."""

    _cells_base: VisualStyle | None = None  # the widget style the runs' styles were made over
    _cells_styles: dict | None = None  # a run's spans' styles (or a span's style) -> its style over the base

    def _cells_maker(self) -> Callable[[Text, int], Strip | None] | None:
        """A maker of a row's cells straight from its text: the same segments
        Textual's Content pipeline makes of a row that fits (the widget's
        style under each run, each cell's offset for the mouse), without the
        pipeline (visualize, wrap, format), which costs a map row a
        millisecond. None where that pipeline does more than this (content
        aligned, text aligned or padded, a selection showing); the maker
        itself gives None for a row it does not draw (a link, a style with
        meta, a row style named in text), left to the pipeline. A row it is
        given fits the board (no tab, no wider than it: see ``_draw``)."""
        styles = self.styles  # type: ignore[attr-defined]
        if (
            styles.content_align != ("left", "top")
            or styles.text_align not in ("left", "start")
            or styles.line_pad
            or self.text_selection is not None
        ):
            return None
        base = self.visual_style
        if self._cells_base != base or self._cells_styles is None:
            self._cells_base, self._cells_styles = base, {}
        combined = self._cells_styles
        app = self.app

        def style_of(stack: tuple) -> RunStyle | None:
            style = combined.get(stack)
            if style is None:
                parts = [base]
                for span_style in stack:
                    if isinstance(span_style, str):
                        span_style = app.console.get_style(span_style)
                    parts.append(VisualStyle.from_rich_style(span_style, app.ansi_theme))
                # As Content.render and to_strip: the base under the runs' styles, in span order.
                style = combined[stack] = RunStyle(base + VisualStyle.combine(parts))
            return style if style.plain else None

        def disjoint(plain: str, spans: list[Span], row: int) -> Strip | None:
            """``cells`` for spans in order, none empty, none over another (a
            map's runs): each span a run, each gap between them another."""
            gap = style_of(())
            if gap is None:
                return None
            segments = []
            at = 0
            for start, end, span_style in spans:
                if start > at:
                    segments.append(Segment(plain[at:start], gap.at(at, row)))
                style = combined.get(span_style)  # a span's style alone (the other keys are tuples)
                if style is None:
                    style = combined[span_style] = style_of((span_style,))
                if style is None:
                    return None  # a link, a click's meta: Textual's way
                segments.append(Segment(plain[start:end], style.at(start, row)))
                at = end
            if at < len(plain):
                segments.append(Segment(plain[at:], gap.at(at, row)))
            return Strip(segments, cell_len(plain))

        def cells(line: Text, row: int) -> Strip | None:
            plain = line.plain
            if line.style and isinstance(line.style, str):
                return None
            spans = list(line.spans)
            if line.style and plain:
                spans.insert(0, Span(0, len(plain), line.style))
            if not spans:
                style = style_of(())
                return None if style is None else Strip([Segment(plain, style.at(0, row))], cell_len(plain))
            end = 0
            for span in spans:
                if span.start < end or span.end <= span.start:
                    break
                end = span.end
            else:
                if end <= len(plain):
                    return disjoint(plain, spans, row)
            # Content.render: the runs between every place a span starts or ends,
            # each in the spans open over it (in the spans' order).
            edges = [(0, False, 0), (len(plain), True, 0)]
            for index, span in enumerate(spans, 1):
                edges.append((span.start, False, index))
                edges.append((span.end, True, index))
            edges.sort(key=lambda edge: (edge[0], edge[1]))
            stack: list[int] = []
            segments = []
            for (offset, leaving, index), (next_offset, _, _) in zip(edges, edges[1:], strict=False):
                if leaving:
                    stack.remove(index)
                else:
                    stack.append(index)
                if next_offset > offset:
                    style = style_of(tuple(spans[i - 1].style for i in sorted(stack) if i))
                    if style is None:
                        return None  # a link, a click's meta: Textual's way
                    segments.append(Segment(plain[offset:next_offset], style.at(offset, row)))
            return Strip(segments, cell_len(plain))

        return cells

    def _rows_made_straight(self, lines: list[Text], width: int) -> list[Strip] | None:
        """Every row's cells from :meth:`_cells_maker`, or None where Textual
        must draw them: a row with a tab or wider than ``width`` (Textual
        wraps it, moving the rows under it), a row the maker does not draw,
        a widget style the maker does not cover."""
        cells = self._cells_maker()
        if cells is None or not all(fits(line, width) for line in lines):
            return None
        rows = [cells(line, row) for row, line in enumerate(lines)]
        return None if None in rows else rows


def fits(line: Text, width: int) -> bool:
    """Whether ``line`` stands in ``width`` columns as it is (no tab to expand)."""
    return "\t" not in line.plain and cell_len(line.plain) <= width


class SpotBoard(TextCells, Widget, can_focus=True):
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
        self.hit_cells: dict[tuple[int, int], Hashable] = {}
        """More cells a click chooses a spot by: (row, column) -> spot."""
        self.goal: float | None = None
        """The column Up and Down aim at (see ``nearest``)."""
        self.trail: list[tuple[Hashable, tuple[int, int], Hashable, float | None]] = []
        """The arrow steps since the cursor was last put anywhere: (from,
        direction, to, the goal before), so that a step back retraces the
        last one."""
        self._rows: list[Strip] | None = None  # the drawing, a row each (None: draw it all)
        self._row_marks: list[tuple] = []  # each row's text and styles, to see which changed
        self._rows_size = Size(0, 0)
        # Rows' cells made by ``cells``, by row and characters: each (its text and
        # styles, the widget's style, the cells), the latest first. A cursor step
        # makes the row it leaves look as it did before.
        self._rows_made: LRUCache[tuple, list[tuple]] = LRUCache(256)
        # (the stylesheet's rules, this board's names, whether a rule styles it by focus)
        self._focus_rules_seen: tuple | None = None
        self._held = False  # inside drawn_once: redraws wait for its end
        self._redraw_due = False

    # --- drawing row by row -------------------------------------------------

    def refresh(self, *regions: Region, repaint: bool = True, layout: bool = False, recompose: bool = False):
        if repaint and not regions:  # the whole board (a resize, a style, a new state): every row anew
            self._rows = None
        return super().refresh(*regions, repaint=repaint, layout=layout, recompose=recompose)

    def redraw(self) -> None:
        """Draw the board again, repainting only the rows that changed
        (everything when it has not been drawn at this size yet).

        At once, in the handler that changed the board: a redraw put off
        to after it could lose the race with the next frame, which would
        then show rows drawn before the change (another person's, as a
        hot-seat curtain rises)."""
        if self._held:
            self._redraw_due = True  # once, as the hold ends (drawn_once)
            return
        if self._rows is None or self._rows_size != self.size or not self.is_mounted:
            self.refresh()
            return
        changed = self._draw()
        if changed is None:
            super().refresh()  # drawn whole just now: every row repainted
        elif changed:
            width = self.size.width
            super().refresh(*(Region(0, row, width, 1) for row in changed))

    def render_line(self, y: int) -> Strip:
        if self._rows is None or self._rows_size != self.size:
            self._draw()
        rows = self._rows or []
        return rows[y] if y < len(rows) else Strip.blank(self.size.width, self.visual_style.rich_style)

    def render_rows(self) -> list[Text]:
        """The board's render, a Text per row (a board that makes its rows
        one by one may give them so, saving the split of one Text); the
        same rows as ``render()``, which stays the board drawn whole."""
        text = self.render()
        if not isinstance(text, Text):
            text = Text(str(text))
        return text.split("\n", allow_blank=True)

    def _draw(self) -> list[int] | None:
        """Render, and turn into cells the rows that changed; their numbers
        (None when the number of rows changed: the board is drawn whole)."""
        lines = self.render_rows()
        marks = [(line.plain, tuple(line.spans), line.style) for line in lines]
        width, height = self.size
        shown = lines[:height]
        whole = self._rows is None or self._rows_size != self.size or len(marks) != len(self._row_marks)
        cells = None if whole else self._cells_maker()
        if cells is None or not all(fits(line, width) for line in shown):
            rows = self._rows_made_straight(shown, width)
            if rows is not None:  # each row kept, for when it looks so again
                for row, strip in enumerate(rows):
                    self._keep_row(row, marks[row], strip)
            else:  # a row the shortcut does not draw: Textual's way, whole
                rows = Visual.to_strips(
                    self, visualize(self, Text("\n").join(lines)), width, height, self.visual_style
                )
                if not all(fits(line, width) for line in shown):
                    # Textual wrapped a row: the rows drawn are not the rows of
                    # text, so none is compared with them: drawn whole next time too.
                    marks = []
            self._rows, self._row_marks, self._rows_size = rows, marks, self.size
            return None
        changed = [row for row, mark in enumerate(marks) if row < height and mark != self._row_marks[row]]
        made, base = self._rows_made, self._cells_base
        for row in changed:
            # A row as it was drawn before (the cursor gone from it again): its
            # cells kept, found by its row and characters, then compared (a
            # row's spans compare by their styles' identity first: cheaper
            # than hashing them, which a row drawn anew would pay for nothing).
            mark = marks[row]
            seen = made.get((row, mark[0]))
            strip = None
            for kept_mark, kept_base, kept in seen or ():
                if (kept_base is base or kept_base == base) and kept_mark == mark:
                    strip = kept
                    break
            if strip is None:
                strip = cells(lines[row], row)
                if strip is not None:
                    self._keep_row(row, mark, strip)
            if strip is None:  # a link, a click: Textual's way, this row alone
                strip = Visual.to_strips(self, visualize(self, lines[row]), width, 1, self.visual_style)
                # Each cell says where it is in the board (Textual's mouse and
                # text selection read it): a row drawn alone starts at row 0.
                strip = strip[0].apply_offsets(0, row) if strip else None
            self._rows[row] = strip or Strip.blank(width, self.visual_style.rich_style)
        self._row_marks = marks
        return changed

    def _keep_row(self, row: int, mark: tuple, strip: Strip) -> None:
        """Keep a row's cells made by ``cells`` (see ``_rows_made``)."""
        seen = self._rows_made.get((row, mark[0]))
        if seen is None:
            seen = self._rows_made[(row, mark[0])] = []
        seen[:] = [(mark, self._cells_base, strip), *seen[:7]]

    # --- what a subclass says while drawing ---------------------------------

    def clear_spots(self) -> None:
        self.spot_cells = {}
        self.hit_cells = {}

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
        selectable = frozenset(spot for spot in spots if spot is not None)
        if selectable != self.selectable:
            self.trail = []  # the way back ran over the places of the last decision
        self.selectable = selectable
        if self.cursor not in self.selectable:
            self.cursor = None
        self.redraw()

    def keeps_keys(self) -> bool:
        """Whether the board, focused, keeps the keys after a redraw: it shows a place to choose."""
        return bool(self.display and self.selectable)

    def point_at(self, spot: Hashable | None) -> None:
        """Put the cursor on ``spot`` (the action bar's highlighted choice,
        a click): the arrows start afresh from a new place."""
        if spot != self.cursor:
            self.cursor = spot
            self.trail, self.goal = [], None
            self.redraw()

    # --- moving and choosing ------------------------------------------------

    def spot_at(self, column: int, row: int) -> Hashable | None:
        """The spot drawn at a cell, or whose ``also_at`` cells hold it."""
        for spot, (spot_row, first, last) in self.spot_cells.items():
            if spot_row == row and first <= column <= last:
                return spot
        return self.hit_cells.get((row, column))

    def also_at(self, spot: Hashable, row: int, first: int, last: int) -> None:
        """A click on these cells chooses ``spot`` too (a path drawn over
        several cells is chosen by a click on any of them); where two
        spots claim a cell, the later claim wins (draw the finer last)."""
        for column in range(first, last + 1):
            self.hit_cells[(row, column)] = spot

    def _centre(self, spot: Hashable) -> tuple[float, float]:
        row, first, last = self.spot_cells[spot]
        # A terminal cell is about twice as tall as it is wide.
        return ((first + last) / 2, row * 2.0)

    def nearest(self, dx: int, dy: int) -> Hashable | None:
        """The spot the cursor moves to in direction (dx, dy), by geometry
        alone (``action_move`` adds the way back).

        Left and right: the closest spot whose centre lies that way,
        preferring those on the same row. Up and down: the closest spot on
        a row that way, aimed at the goal column (where the last sideways
        move, click or choice left the cursor), as a text editor does, so
        that Up Up Up goes straight up a hex map instead of drifting. Ties
        go to the spot further up, then further left: the same every time."""
        candidates = [s for s in (self.selectable or self.spot_cells) if s in self.spot_cells]
        if not candidates:
            return None
        if self.cursor not in self.spot_cells:
            return min(candidates, key=lambda spot: (self._centre(spot)[1], self._centre(spot)[0]))
        x0, y0 = self._centre(self.cursor)
        aim = x0 if dx or self.goal is None else self.goal
        best, best_cost = None, None
        for spot in candidates:
            x, y = self._centre(spot)
            along = (x - x0) * dx + (y - y0) * dy
            if spot == self.cursor or along <= 0:
                continue
            across = abs(x - aim) if dy else abs(y - y0)
            cost = (along + 2 * across, y, x)
            if best_cost is None or cost < best_cost:
                best, best_cost = spot, cost
        return best

    class Left(Message):
        """Escape on the board: the frame steps back (a menu level, or to the action bar)."""

        def __init__(self, board: SpotBoard) -> None:
            super().__init__()
            self.board = board

    def action_leave(self) -> None:
        self.post_message(self.Left(self))

    def _on_blur(self, event: events.Blur) -> None:
        # Textual's own handler repaints the whole widget in case it looks
        # different without the keyboard; a board's rows do not (a :focus
        # style still repaints it, through the stylesheet), and the keys
        # leave a board on every choice made with it.
        event.prevent_default()
        self.has_focus = False
        if self.parent is not None:
            self.parent.post_message(events.DescendantBlur(self))

    def watch_has_focus(self, has_focus: bool) -> None:
        # Textual restyles a widget whenever the keys come or go, for the
        # rules that say :focus; the keys leave a board on most moves, and
        # most boards have no such rule: then there is nothing to restyle.
        if self._styled_by_focus():
            super().watch_has_focus(has_focus)

    def _styled_by_focus(self) -> bool:
        """Whether a rule of the stylesheet that could style this board says
        :focus, :blur or :focus-within (anywhere in its selector)."""
        rules_map = self.app.stylesheet.rules_map
        names = frozenset(rules_map.keys() & selector_names(self))
        if self._focus_rules_seen is None or self._focus_rules_seen[:2] != (rules_map, names):
            styled = any(
                not rule.pseudo_classes.isdisjoint(("focus", "blur", "focus-within"))
                for name in names
                for rule in rules_map[name]
            )
            self._focus_rules_seen = (rules_map, names, styled)
        return self._focus_rules_seen[2]

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
        """Move the cursor one step. A step against the last one goes back
        where that one started (Up then Down returns, on any layout), however
        the geometry would have it; other steps follow ``nearest``."""
        cursor, goal = self.cursor, self.goal
        if self.trail and self.trail[-1][1] == (-dx, -dy) and self.trail[-1][2] == cursor:
            spot, _, _, goal = self.trail.pop()
        else:
            spot = self.nearest(dx, dy)
            if spot is None:
                return
            if cursor in self.spot_cells:
                self.trail = [*self.trail[-63:], (cursor, (dx, dy), spot, goal)]
            if dx or goal is None:
                # Sideways, or the first step from where a click or a choice put
                # it: Up and Down aim from here on.
                goal = self._centre(spot if dx or cursor not in self.spot_cells else cursor)[0]
        self.cursor, self.goal = spot, goal
        self.redraw()
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


class RunStyle:
    """The style of a run of cells, as Textual's Content gives each cell of
    it: the Rich style of ``style`` with the cell's offset in its meta
    (``Style.rich_style_with_offset``), made by copying one made once, a
    fifth of the cost (a map has some 300 runs)."""

    __slots__ = ("meta", "plain", "template")

    def __init__(self, style: VisualStyle) -> None:
        self.template = style.rich_style_with_offset(0, 0)
        self.meta = dict(style.meta)
        self.plain = not (self.template.link or self.meta)
        """No link, no meta of its own (a click): the copy is exact."""

    def at(self, x: int, y: int) -> RichStyle:
        return with_meta(self.template.copy(), dumps({**self.meta, "offset": (x, y)}))


@contextmanager
def drawn_once(boards: Iterable[SpotBoard]) -> Iterator[None]:
    """The boards are redrawn once at the end, however often they are
    changed inside (a move changes the state, the places offered and the
    cursor in turn): still in the same handler, before any frame."""
    held = list(boards)
    for board in held:
        board._held = True
    try:
        yield
    finally:
        for board in held:
            board._held = False
            if board._redraw_due:
                board._redraw_due = False
                board.redraw()
