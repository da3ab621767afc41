"""The game screen's side column (its ``#side``, castletui/screens/game.py):
the players panel over the game log. It keeps the game's side (the panel's
rows and widths, castletui/sides/) and fits itself to the terminal: the
column as wide as the side says for this width, and the panel drawn again
from the frame for its new room. What the log shows is the screen's news
(castletui/screens/game_news.py)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from textual.containers import Vertical
from textual.widget import Widget

from castletui.frame import Frame
from castletui.sides import WIDE
from castletui.widgets.panels import GameLog, PlayersPanel


class SideColumn(Vertical):
    """The ``players`` panel, as the game's ``side`` writes it, over the ``game_log``."""

    def __init__(self, side: Any, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.players = PlayersPanel(side, id="players")
        self.game_log = GameLog(id="log")
        self.game_log.border_title = "log · g: all"  # since your last turn marked (80x24 shows a few lines)

    def parts(self) -> Iterator[Widget]:
        """The column's own widgets, composed into it by the screen."""
        yield from (self.players, self.game_log)

    def fit(self, frame: Frame | None = None) -> None:
        """As wide as the side says for the terminal's width; the panel
        drawn again from ``frame`` (the one shown) for its new room."""
        # Set at once: a breakpoint's class may come a frame late (after a modal).
        widths = self.players.side.widths
        if widths is not None:  # (None: the stylesheet's)
            self.styles.width = widths[self.app.size.width >= WIDE]
        if frame is not None:
            self.players.show_frame(frame)

    def show(self, frame: Frame) -> None:
        """The players' rows of ``frame``."""
        self.players.show_frame(frame)
