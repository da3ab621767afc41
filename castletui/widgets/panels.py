"""Widgets every game screen shares: the players panel (whose turn, scores),
the game log and the action bar."""

from __future__ import annotations

from textual.geometry import Size
from textual.reactive import Reactive
from textual.widgets import OptionList, RichLog

from castletui.widgets.plain import Plain


class SteadyScroll:
    """A scrolling widget of a size set by the screen (``1fr``, not
    ``auto``) whose content grows and shrinks on every move: the log a line
    longer, the action bar's lines another list. Textual lays the whole
    screen out again when a widget's virtual size changes, for the
    scrollbars; here only a scrollbar shown or hidden does that (Textual's
    ``show_vertical_scrollbar`` lays out as it changes), else the scrollbar
    is told the new length and the widget repaints itself."""

    virtual_size: Reactive[Size] = Reactive(Size(0, 0), layout=False)

    def watch_virtual_size(self, size: Size) -> None:
        if self.is_mounted and self.container_size:  # type: ignore[attr-defined]
            self._scroll_update(size)  # type: ignore[attr-defined]


class PlayersPanel(Plain):
    """Each seat: a marker for whose turn it is, the name (and bot level) and
    the standing, as the game's side module writes it from the frame
    (castletui/sides/)."""


class GameLog(SteadyScroll, RichLog):
    """The game's story so far, one line per action, newest at the bottom."""

    def __init__(self, **kwargs) -> None:
        super().__init__(wrap=True, markup=False, highlight=False, max_lines=500, min_width=10, **kwargs)

    def show_all(self, lines: list[str]) -> None:
        self.clear()
        for line in lines[-200:]:
            self.write(line)

    def add(self, line: str) -> None:
        # To the end at once: RichLog's own scroll waits for the next frame
        # and so costs every move a second redraw of the log.
        self.write(line, scroll_end=False)
        self.scroll_end(animate=False, immediate=True, x_axis=False)


class ActionBar(SteadyScroll, OptionList):
    """What the person may do now, a line each (the game screen's ``#actions``)."""
