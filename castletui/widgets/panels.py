"""Widgets every game screen shares: the players panel (whose turn, scores),
the game log and the action bar."""

from __future__ import annotations

from typing import Any

from rich.cells import cell_len
from rich.color import Color
from rich.measure import measure_renderables
from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual.cache import LRUCache
from textual.content import Content
from textual.geometry import Region, Size
from textual.reactive import Reactive
from textual.scroll_view import ScrollView
from textual.scrollbar import ScrollBar, ScrollBarRender
from textual.strip import Strip
from textual.style import Style as VisualStyle
from textual.visual import Padding, Visual, visualize
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from castletui import sides
from castletui.textual_private import (
    drawing_of,
    keep_drawing,
    left_gutter_width,
    markup_of,
    option_divider,
    option_index,
    option_lines,
    option_render_cache,
    option_visual,
    scroll_update,
    set_option_visual,
    set_vertical_scrollbar,
    start_widget,
    update_option_lines,
    vertical_scrollbar_of,
)
from castletui.widgets.board import TextCells, fits
from castletui.widgets.plain import Plain

BAR_CELLS: LRUCache[tuple, tuple] = LRUCache(128)
"""``ScrollBarRender.render_bar``'s cells by what it was asked."""


class KeptScrollBar(ScrollBar):
    """A vertical scrollbar that draws itself again only when it looks
    different: the log's and the action bar's scrollbars are told a new
    length and place on every move, and Textual draws them anew each time
    (through Rich: a millisecond or so a move), though a long log's thumb
    mostly stays the same cell at its end. The bar's cells are Textual's
    own (``ScrollBarRender.render_bar``, cheap); the drawing, kept, is made
    again only when those cells, the size or the style differ."""

    _kept: tuple | None = None  # (what the drawing was made of, the drawing)

    def refresh(self, *regions: Region, repaint: bool = True, layout: bool = False, recompose: bool = False):
        # Told a new length or place (Textual's scroll update, each of the
        # bar's reactives) that shows as the same cells: nothing to repaint.
        unchanged = repaint and not (regions or layout or recompose) and self._kept is not None
        if unchanged and self.is_mounted and self._look() == self._kept[0]:  # type: ignore[index]
            return self
        return super().refresh(*regions, repaint=repaint, layout=layout, recompose=recompose)

    def _render_content(self) -> None:
        look = self._look()
        kept = self._kept
        if look is not None and kept is not None and kept[0] == look:
            keep_drawing(self, kept[1])
            return
        strips = self._drawn_straight(look)
        if strips is None:
            super()._render_content()
            drawing = drawing_of(self)  # what Textual drew
        else:
            drawing = keep_drawing(self, strips=strips)
        self._kept = (look, drawing) if look is not None else None

    def _drawn_straight(self, look: tuple | None) -> list[Strip] | None:
        """The cells as Textual draws a vertical bar's (Widget._render_content:
        the renderable in the widget's style, through Rich, a row a cell),
        without Rich: a row each, the widget's style under the cell's. None
        where that is not all it does (a horizontal bar, a cell of another width)."""
        if look is None:
            return None
        (segments, new_lines) = look[3]
        width, height = self.size
        if not (new_lines and self.vertical) or any(cell_len(text) != width for text, _, _ in segments):
            return None
        base = self.visual_style.rich_style
        return [
            Strip([Segment(text, base + style if base else style)], width) for text, style, _ in segments
        ][:height]

    def _look(self) -> tuple | None:
        """The cells the bar shows now, as ``ScrollBarRender`` makes them
        (None: a renderer of another kind, never kept)."""
        bar = self.render()
        if type(bar) is not ScrollBarRender or not isinstance(bar.style, Style):
            return None
        width, height = self.size
        size, thickness = (height, width) if bar.vertical else (width, height)
        back, ink = (
            bar.style.bgcolor or Color.parse("#555555"),
            bar.style.color or Color.parse("bright_magenta"),
        )
        asked = (size, bar.window_size, bar.virtual_size, bar.position, bar.vertical, thickness, back, ink)
        cells = BAR_CELLS.get(asked)
        if cells is None:  # (a new Style per cell run: not made again for every refresh)
            made = bar.render_bar(
                size=size,
                window_size=bar.window_size,
                virtual_size=bar.virtual_size,
                position=bar.position,
                vertical=bar.vertical,
                thickness=thickness,
                back_color=back,
                bar_color=ink,
            )
            cells = BAR_CELLS[asked] = (tuple(made.segments), made.new_lines)
        return (self.size, self.visual_style, bar.style, cells)


class SteadyScroll:
    """A scrolling widget of a size set by the screen (``1fr``, not
    ``auto``) whose content grows and shrinks on every move: the log a line
    longer, the action bar's lines another list. Textual lays the whole
    screen out again when a widget's virtual size changes, for the
    scrollbars; here only a scrollbar shown or hidden does that (Textual's
    ``show_vertical_scrollbar`` lays out as it changes), else the scrollbar
    is told the new length and the widget repaints itself. Its vertical
    scrollbar is drawn again only when it looks different (``KeptScrollBar``)."""

    virtual_size: Reactive[Size] = Reactive(Size(0, 0), layout=False)

    def watch_virtual_size(self, size: Size) -> None:
        if self.is_mounted and self.container_size:  # type: ignore[attr-defined]
            scroll_update(self, size)  # type: ignore[arg-type]

    @property
    def vertical_scrollbar(self) -> ScrollBar:
        """Textual's ``Widget.vertical_scrollbar``, made a ``KeptScrollBar``."""
        bar = vertical_scrollbar_of(self)  # type: ignore[arg-type]
        if bar is None:
            bar = KeptScrollBar(
                vertical=True,
                name="vertical",
                thickness=self.scrollbar_size_vertical,  # type: ignore[attr-defined]
            )
            set_vertical_scrollbar(self, bar)  # type: ignore[arg-type]
            bar.display = False
            start_widget(self.app, self, bar)  # type: ignore[attr-defined,arg-type]
        return bar


class StraightRows(TextCells, Plain):
    """A text widget redrawn after every move (the players panel, the
    prompt, the preview line): rows that fit are turned into cells as a
    board turns them (``TextCells``), not through Textual's Content
    pipeline, and a text changed at the same height repaints only the rows
    that changed (a road built changes three rows of the players panel's
    thirteen). Text that does not fit (Textual wraps it) goes through
    Textual, and is repainted whole."""

    _own: tuple | None = None  # (the text, the size, the style) the rows are of, and the rows

    def show_text(self, content: object, same_height: bool = False) -> None:
        if content == self.shown:
            return
        before = self._own_rows() if same_height and self.is_mounted else None
        if before is None:
            super().show_text(content, same_height)
            return
        self.shown = content
        after = self._own_rows()
        if after is None or len(after) != len(before):
            self.update(content, layout=False)  # type: ignore[arg-type]
            return
        self.keep_content(content)
        width = self.size.width
        changed = [
            Region(0, y, width, 1)
            for y, (old, new) in enumerate(zip(before, after, strict=True))
            if old != new
        ]
        if changed:  # (no region at all would repaint the whole widget)
            self.refresh(*changed)

    def render_line(self, y: int) -> Strip:
        rows = self._own_rows()
        if rows is None:
            return super().render_line(y)
        return rows[y] if y < len(rows) else Strip.blank(self.size.width, self.visual_style.rich_style)

    def _own_rows(self) -> list[Strip] | None:
        shown, size, style = self.shown, self.size, self.visual_style
        if self._own is not None and self._own[0] is shown and self._own[1:3] == (size, style):
            return self._own[3]
        rows = None
        text = Text(shown) if isinstance(shown, str) else shown
        if isinstance(text, Text) and size:
            rows = self._rows_made_straight(text.split("\n", allow_blank=True)[: size.height], size.width)
        self._own = (shown, size, style, rows)
        return rows


class PlayersPanel(StraightRows):
    """Each seat: a marker for whose turn it is, the name (and bot level) and
    the standing, as the game's side module (``side``, castletui/sides/)
    writes it from the frame."""

    def __init__(self, side: Any = None, **kwargs: Any) -> None:
        super().__init__("", **kwargs)
        self.side = side

    def show_frame(self, frame: Any) -> None:
        size = self.app.size
        text = self.side.text(frame, sides.Room(size.width, size.height, self.content_size.width))
        # As many lines, none wrapped: the panel keeps its height, the screen its layout.
        shown = self.shown
        same = isinstance(shown, Text) and shown.plain.count("\n") == text.plain.count("\n")
        if same and not text.no_wrap:  # (the turn's marker moves every move: the panel keeps its height)
            width = self.content_size.width
            same = bool(width) and all(fits(line, width) for line in (*shown.split("\n"), *text.split("\n")))
        self.show_text(text, same_height=same)


class GameLog(SteadyScroll, ScrollView, can_focus=True):
    """The game's story so far, one line per action, newest at the bottom,
    each wrapped to the log's width (again when the width changes).

    Drawn as Textual's RichLog draws wrapped text, by a widget of its own:
    RichLog imports ``rich.pretty`` (and ``attrs`` with it: some 10 ms of
    every start) for objects a game log never holds, and lays the screen
    out on every line written."""

    DEFAULT_CSS = """
    GameLog {
        background: $surface;
        color: $foreground;
        overflow-y: scroll;
        &:focus { background-tint: $foreground 5%; }
    }
    """
    KEPT = 500
    """Lines of the game kept (``show_all`` shows the last 200)."""
    MIN_WIDTH = 10

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.texts: list[str] = []
        """The lines as written, to wrap again at another width."""
        self.lines: list[Strip] = []
        """The rows they wrap to at ``wrapped_at`` columns."""
        self.wrapped_at = 0  # 0: the width is not known yet (not laid out)
        self._rows_of: list[int] = []  # each text's number of rows
        self._widest = 0
        # The rows as drawn, by (row of the log, scroll, width, style): a line
        # added scrolls every row shown up one, and all of them are drawn again.
        self._drawn: LRUCache[tuple, Strip] = LRUCache(256)
        self._row_style: Style | None = None  # the style of the rows being drawn (render_lines)
        # The rows as Textual finished them, by the log's line, while they look alike (_finished_rows).
        self._finished: LRUCache[tuple[int, int, int], Strip] = LRUCache(256)
        self._finished_look: tuple | None = None

    def show_all(self, lines: list[str]) -> None:
        self.texts = list(lines[-200:])
        self._wrap_all()
        self.scroll_end(animate=False, immediate=True, x_axis=False)
        self.refresh()

    def add(self, line: str) -> None:
        self.texts.append(line)
        if len(self.texts) > self.KEPT:
            del self.texts[0]
            if self._rows_of:
                del self.lines[: self._rows_of.pop(0)]
                self._drawn.clear()  # each row of the log is another now
                self._finished.clear()
        width = self._width()
        if width != self.wrapped_at:
            self._wrap_all()  # laid out since, or at another width
        elif width:  # (not laid out yet: wrapped once it is, on_resize)
            self._wrap(line)
            self._sized()
            if self._width() != self.wrapped_at:  # the scrollbar came with this line: narrower
                self._wrap_all()
        # To the end at once (a scroll put off to the next frame costs every
        # move a second redraw of the log).
        self.scroll_end(animate=False, immediate=True, x_axis=False)

    def on_resize(self) -> None:
        if self._width() != self.wrapped_at:
            at_end = not self.wrapped_at or self.scroll_y >= self.max_scroll_y
            self._wrap_all()
            if at_end:
                self.scroll_end(animate=False, immediate=True, x_axis=False)

    def _width(self) -> int:
        """The columns to wrap to (0 before the log is laid out)."""
        return self.scrollable_content_region.width if self.is_mounted else 0

    def _wrap_all(self) -> None:
        self.lines, self._rows_of, self._widest = [], [], 0
        self._drawn.clear()
        self._finished.clear()
        self.wrapped_at = self._width()
        if self.wrapped_at:
            for line in self.texts:
                self._wrap(line)
        self._sized()

    def _wrap(self, line: str) -> None:
        """One line's rows, as RichLog(wrap=True, min_width=10) writes a
        string: at its own width, or the log's if it is wider.

        A line of printable text that fits, with no space at either end (most
        of a game's), is one row of one unstyled run, as Rich renders it:
        made so without Rich's measuring and rendering (a tenth of a
        millisecond a line, one or two a move)."""
        columns = cell_len(line)
        if line and columns <= self.wrapped_at and line.isprintable() and line.strip() == line:
            self.lines.append(Strip([Segment(line)], columns))
            self._widest = max(self._widest, columns)
            self._rows_of.append(1)
            return
        text = Text(line)
        text.expand_tabs()
        console = self.app.console
        options = console.options
        width = max(
            min(measure_renderables(console, options, [text]).maximum, self.wrapped_at), self.MIN_WIDTH
        )
        rows = list(Segment.split_lines(console.render(text, options.update_width(width))))
        if rows:
            self.lines.extend(Strip.from_lines(rows))
            self._widest = max(self._widest, *(sum(segment.cell_length for segment in row) for row in rows))
        else:
            self.lines.append(Strip.blank(width))
            self._widest = max(self._widest, width)
        self._rows_of.append(max(len(rows), 1))

    def _sized(self) -> None:
        self.virtual_size = Size(self._widest, len(self.lines))

    def render_lines(self, crop: Region) -> list[Strip]:
        # Textual's rich_style walks every ancestor's styles: once for all the rows.
        self._row_style = self.rich_style
        try:
            return self._finished_rows(crop)
        finally:
            self._row_style = None

    def _finished_rows(self, crop: Region) -> list[Strip]:
        """The rows as Textual finishes them (the padding, the background,
        the filters: its styles cache), kept by the log's line they show: a
        line added scrolls every row up one, and only the new row and the
        border are finished again, not every row shown."""
        gutter, height = self.gutter, self.region.height
        scroll_x, scroll_y = self.scroll_offset
        look = (  # what Textual finishes a row with, besides the line it shows
            self.region.size,
            self.size,
            scroll_x,
            self._row_style,
            self.background_colors,
            gutter,
            self.opacity,
            self.app.ansi_theme,
            self.app.native_ansi_color,
            tuple(map(id, self.get_line_filters())),
        )
        if look != self._finished_look:
            self._finished_look = look
            self._finished.clear()
        rows: list[Strip | None] = []
        for y in crop.line_range:
            inside = gutter.top <= y < height - gutter.bottom
            rows.append(
                self._finished.get((scroll_y + y - gutter.top, crop.x, crop.width)) if inside else None
            )
        start = 0
        while start < len(rows):  # each run of rows not kept, finished by Textual at once
            if rows[start] is not None:
                start += 1
                continue
            end = start
            while end < len(rows) and rows[end] is None:
                end += 1
            made = super().render_lines(Region(crop.x, crop.y + start, crop.width, end - start))
            for offset, strip in enumerate(made):
                y = crop.y + start + offset
                rows[start + offset] = strip
                if gutter.top <= y < height - gutter.bottom and scroll_y + y - gutter.top < len(self.lines):
                    self._finished[scroll_y + y - gutter.top, crop.x, crop.width] = strip
            start = end
        return rows  # type: ignore[return-value]

    def render_line(self, y: int) -> Strip:
        scroll_x, scroll_y = self.scroll_offset
        width = self.scrollable_content_region.width
        index = scroll_y + y
        style = self._row_style or self.rich_style
        if index >= len(self.lines):
            return Strip.blank(width, style).apply_style(style)
        key = (index, scroll_x, width, style)
        strip = self._drawn.get(key)
        if strip is None:
            strip = self.lines[index].crop_extend(scroll_x, scroll_x + width, style).apply_style(style)
            self._drawn[key] = strip
        return strip


class ActionBar(SteadyScroll, OptionList):
    """What the person may do now, a line each (the game screen's ``#actions``).

    The bar gets new lines on most moves, mostly lines it had a move or two
    before ("Build...", "End turn"), often in another place: Textual draws
    each new option anew (a Content pipeline each, the costliest part of
    drawing the bar), so the drawings are kept by what they are drawn from
    (the text, its style, the width) and given each option's place (the
    mouse reads it) as they are used: OptionList._get_option_render, with
    the drawing kept across new lines. So is each line's text made into
    Textual's Content (``_get_visual``): every new option is measured for
    its height as the bar takes it, and a Content kept knows its height."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._drawn: LRUCache[tuple, tuple[list[Strip], list[Strip]]] = LRUCache(256)
        self._visuals: LRUCache[str, Visual] = LRUCache(256)

    _lines_known = False  # inside render_lines: the lines were brought up to date as it began

    def render_lines(self, crop: Region) -> list[Strip]:
        # OptionList brings its lines up to date (its width measured, its
        # virtual size compared) as it begins, and again for every row drawn:
        # nothing changes them in between.
        update_option_lines(self)
        self._lines_known = True
        try:
            return super(OptionList, self).render_lines(crop)
        finally:
            self._lines_known = False

    @property
    def _lines(self):
        if not self._lines_known:
            update_option_lines(self)
        return option_lines(self)

    def _get_visual(self, option: Option) -> Visual:
        prompt = option.prompt
        if option_visual(option) is None and isinstance(prompt, str):
            # A str's Content follows the bar's markup setting alone, and never changes.
            visual = self._visuals.get(prompt)
            if visual is None:
                visual = self._visuals[prompt] = visualize(self, prompt, markup=markup_of(self))
            set_option_visual(option, visual)
        return super()._get_visual(option)

    def _get_option_render(self, option: Option, style: VisualStyle) -> list[Strip]:
        prompt = option.prompt
        padding = self.get_component_styles("option-list--option").padding
        if not isinstance(prompt, str):
            return super()._get_option_render(option, style)
        cache = option_render_cache(self)
        if (strips := cache.get((option, style, padding))) is not None:
            return strips
        width = self.scrollable_content_region.width - left_gutter_width(self)
        divider = option_divider(option)
        key = (prompt, divider, style, padding, width)
        drawn = self._drawn.get(key)
        if drawn is None:
            visual = self._get_visual(option)
            lines = self._drawn_straight(visual, style, padding, width)
            if lines is None:
                if padding:
                    visual = Padding(visual, padding)
                lines = [
                    strip.extend_cell_length(width, style.rich_style)
                    for strip in visual.to_strips(self, visual, width, None, style)
                ]
            rule = []
            if divider:
                separator = self.get_visual_style("option-list--separator")
                rule = [Strip([Segment("\u2500" * width, separator.rich_style)], width)]
            drawn = self._drawn[key] = (lines, rule)
        lines, rule = drawn
        meta = {"option": option_index(self, option)}
        strips = [strip.apply_meta(meta) for strip in lines] + rule
        cache[(option, style, padding)] = strips
        return strips

    def _drawn_straight(self, visual: Visual, style: VisualStyle, padding, width: int) -> list[Strip] | None:
        """A line of plain text that fits on one row, drawn as Textual's
        Content, Padding and ``Visual.to_strips`` draw it (one run in the
        option's style, its first cell's offset in its meta, padded each side
        in the style), without wrapping it or dividing it into runs: a new
        line costs the bar a third of a millisecond through the pipeline,
        and a move brings two or three. None where the pipeline does more:
        spans, a tab, a line break, a row too narrow, the bar's text
        aligned, padded, or a selection showing."""
        top, right, bottom, left = padding
        inner = width - left - right
        if not isinstance(visual, Content) or visual.spans or top or bottom:
            return None
        text = visual.plain
        styles = self.styles
        if (
            not text
            or inner <= 0
            or "\t" in text
            or "\n" in text
            or max(len(text), cell_len(text)) > inner
            or styles.text_align not in ("left", "start")
            or styles.line_pad
            or styles.content_align != ("left", "top")
            or self.text_selection is not None
        ):
            return None
        run = Strip([Segment(text, (style + style).rich_style_with_offset(0, 0))], cell_len(text))
        rich_style = style.rich_style
        return [run.crop_pad(inner, left, right, rich_style).extend_cell_length(width, rich_style)]
