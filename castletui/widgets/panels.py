"""Widgets every game screen shares: the players panel (whose turn, scores)
and the game log."""

from __future__ import annotations

from textual.widgets import RichLog

from castletui.widgets.plain import Plain


class PlayersPanel(Plain):
    """Each seat: a marker for whose turn it is, the name (and bot level) and
    the standing, as the game's side module writes it from the frame
    (castletui/sides/)."""


class GameLog(RichLog):
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
