"""The Header of every screen: Textual's row (icon, title, the clock's
space) drawn by one widget, with a title that follows the screen's through
a plain function.

Textual's Header is four widgets, each mounted, styled and laid out before
a screen's first frame; this one draws the same cells itself. And Textual's
schedules a coroutine for each change of title: when castletui quits while
a screen opens (ctrl+q as a game starts), the screen is torn down before
those coroutines run: one found its title widget gone (NoMatches, which
stopped castletui with "an unexpected error"), the others were never run
and Python printed "coroutine ... was never awaited" on the player's
terminal after the app had closed."""

from __future__ import annotations

from rich.segment import Segment
from textual import events
from textual.color import Color
from textual.content import Content
from textual.css.types import AlignHorizontal
from textual.dom import NoScreen
from textual.geometry import Region
from textual.reactive import Reactive
from textual.strip import Strip
from textual.style import Style
from textual.visual import RenderOptions
from textual.widget import Widget

from castletui.textual_private import style_getter

ICON_WIDTH = 8
"""Textual's HeaderIcon: docked left, 8 wide, padded one space each side."""
CLOCK_WIDTH = 10
"""Textual's HeaderClockSpace: docked right, 10 wide."""
ONE_LINE = {"text_wrap": "nowrap", "text_overflow": "ellipsis"}
"""HeaderTitle's rules: one line, cut with an ellipsis."""


def filtered(widget: Widget, strip: Strip, background: Color) -> Strip:
    """The app's line filters (dim as a colour, NO_COLOR's greys) on a strip
    a widget draws itself, with the background Textual would filter it on
    (the Header's and the Footer's, which draw Textual's cells themselves)."""
    for line_filter in widget.get_line_filters():
        strip = strip.apply_filter(line_filter, background)
    return strip


class SteadyHeader(Widget):
    """Textual's Header as one widget; its title is updated at once, and not
    at all once the screen is going away. It draws the clock's space, never
    a clock. A Widget, not a subclass of Textual's Header: that module and
    its four widgets' styles cost every first frame some 2 ms to load; what
    castletui uses of it (the look, the icon, tall on a click, the title) is
    here."""

    COMPONENT_CLASSES = {"header--icon-hover"}
    DEFAULT_CSS = """
    SteadyHeader {
        dock: top;
        width: 100%;
        background: $panel;
        color: $foreground;
        height: 1;
        &.-tall {
            height: 3;
        }
        .header--icon-hover {
            background: $foreground 10%;
        }
    }
    """

    tall: Reactive[bool] = Reactive(False)
    """Three rows instead of one (a click on the Header toggles it, as Textual's)."""

    icon: Reactive[str] = Reactive("\u2b58")
    """The character at the top left (Textual's: ⭘)."""

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.title_shown = Content("")
        self._icon_hovered = False
        self._drawn: tuple[tuple, list[Strip]] | None = None  # the row as last drawn, and what it showed

    def compose(self):
        return ()  # the row is drawn, not made of widgets

    def on_mount(self, event: events.Mount) -> None:
        # Watchers that update the title at once (Textual's Header schedules a
        # coroutine per change: see the module docstring).
        self.watch(self.app, "title", self.show_title)
        self.watch(self.app, "sub_title", self.show_title)
        self.watch(self.screen, "title", self.show_title)
        self.watch(self.screen, "sub_title", self.show_title)

    def watch_tall(self, tall: bool) -> None:
        self.set_class(tall, "-tall")

    def format_title(self) -> Content:
        """The title and sub-title as the app formats them (Textual's Header does the same)."""
        screen = self.screen
        title = screen.title if screen.title is not None else self.app.title
        sub_title = screen.sub_title if screen.sub_title is not None else self.app.sub_title
        return self.app.format_title(title, sub_title)

    def show_title(self) -> None:
        if not self.is_attached:
            return  # the app is quitting: nothing will be drawn again
        try:
            title = self.format_title()
        except NoScreen:  # the screen is being torn down
            return
        if title != self.title_shown:
            self.title_shown = title
            self.refresh()

    def render_lines(self, crop: Region) -> list[Strip]:
        """HeaderIcon, HeaderTitle and HeaderClockSpace side by side, cell
        for cell (and segment for segment, so screenshots stay the same) as
        Textual draws the three widgets: the icon left in its 8 columns, the
        title centred between, cut with an ellipsis when too long, both in
        the middle row when the Header is tall."""
        drawing = (self.title_shown, self._icon_hovered, self.size, self.icon, self.background_colors)
        if self._drawn is None or self._drawn[0] != drawing:
            self._drawn = (drawing, self._drawn_lines())
        return [line.crop(crop.x, crop.right) for line in self._drawn[1][crop.y : crop.bottom]]

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._drawn = None  # a theme, a class (-tall): the styles may be others now

    def _drawn_lines(self) -> list[Strip]:
        width, height = self.size
        style = self.visual_style
        background = self.background_colors[1]
        icon_style = style
        if self._icon_hovered:
            hover = self.get_component_styles("header--icon-hover").background
            icon_style = style + Style(background=background + hover)
        icon = self._part(Content(self.icon), ICON_WIDTH, height, icon_style, "left")
        title = self._part(
            self.title_shown, max(0, width - ICON_WIDTH - CLOCK_WIDTH), height, style, "center"
        )
        pad = Style(background=background).rich_style
        # The clock's space: its one (empty) line of content, then blank
        # (Textual's HeaderClockSpace draws its other rows as its blank lines).
        clock = [
            Strip([Segment(" ", pad), Segment("", style.rich_style), Segment(" " * (CLOCK_WIDTH - 1), pad)])
        ]
        clock += [
            Strip([Segment(" ", pad), Segment(" " * (CLOCK_WIDTH - 2), style.rich_style), Segment(" ", pad)])
        ] * (height - 1)
        rest = [filtered(self, Strip.join([title[y], clock[y]]), background) for y in range(height)]
        return [Strip.join([icon[y], rest[y]]) for y in range(height)]

    def _part(
        self, content: Content, width: int, height: int, style: Style, align: AlignHorizontal
    ) -> list[Strip]:
        """A one-line Static of ``width`` padded 1 each side (the icon), or
        not (the title), as Textual draws it: the line in the middle row."""
        padded = align == "left"
        inner = width - 2 if padded else width
        fill = (style + Style(reverse=False)).rich_style
        if inner <= 0:
            return [Strip.blank(width, fill)] * height
        line = content.render_strips(inner, 1, style, RenderOptions(style_getter(self), ONE_LINE))[0]
        lines = list(Strip.align([line], fill, inner, height, align, "middle"))
        if padded:
            pad = Style(background=style.background).rich_style
            lines = [
                Strip.join([Strip([Segment(" ", pad)]), line, Strip([Segment(" ", pad)])]) for line in lines
            ]
        return lines

    # --- the icon: the command palette, as Textual's HeaderIcon ---------------

    def on_mouse_move(self, event: events.MouseMove) -> None:
        self._hover_icon(event.x < ICON_WIDTH)

    def on_leave(self, event: events.Leave) -> None:
        self._hover_icon(False)

    def _hover_icon(self, over: bool) -> None:
        over = over and self.app.ENABLE_COMMAND_PALETTE
        if over == self._icon_hovered:
            return
        self._icon_hovered = over
        self.tooltip = "Open the command palette" if over else None
        self.refresh()

    async def _on_click(self, event: events.Click) -> None:
        # A click on the icon is the icon's alone (the command palette), as with
        # Textual's HeaderIcon; elsewhere it makes the Header tall, or short
        # again, as Textual's Header does (Widget's own handler runs after this).
        if event.x < ICON_WIDTH:
            event.prevent_default()
            event.stop()
            if self.app.ENABLE_COMMAND_PALETTE:
                await self.run_action("app.command_palette")
        else:
            self.toggle_class("-tall")
