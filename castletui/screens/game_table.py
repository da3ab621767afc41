"""A shared table on the game screen, a collaborator the screen owns
(castletui/screens/game.py): the table's file watched for other
terminals' moves (game_threads.py's :class:`TableWatch`), its clock in the
header (game_clock.py), and what another terminal did taken in: shown by
the screen's news (game_news.py), then the game goes on from there (the
screen's loop, game_loop.py). A game saved to a file of its own is no
shared table: nothing is watched and no clock runs, but a table reloaded
after a failed write is taken in alike.

Of the screen it asks ``session``, ``driver``, ``is_attached``, its news,
its loop and its bot's turn (forgotten when moves seen here were taken
back): tests/app/test_game_table.py drives it headless with a stand-in."""

from __future__ import annotations

from typing import Any

from castletui.screens.game_clock import TableClock
from castletui.screens.game_threads import TableWatch


class SharedTable:
    """Other terminals' moves, watched for (``watch``) and taken in; the table's ``clock``."""

    def __init__(self, screen: Any) -> None:
        self.screen = screen
        self.watch, self.clock = TableWatch(screen), TableClock(screen)

    def start(self) -> None:
        """Watch the table and run its clock (a shared table only)."""
        if self.screen.session.shared:
            self.watch.start()
            self.clock.start()

    def stop(self) -> None:
        """The screen is left or removed: its watch ends at its next look."""
        self.watch.stop()

    def show(self) -> None:
        """After a redraw: the time left in the header (a shared table only)."""
        if self.screen.session.shared:
            self.clock.show()

    def changed(self) -> None:
        """Another terminal wrote the table: log its moves here (or the whole
        log again after an undo), redraw once, go on from there."""
        screen = self.screen
        if not screen.is_attached:
            return
        news = screen.driver.take_in_table()
        if not screen.news.taken_in(news):
            return  # nothing this screen shows changed (our own move, come back), or unread
        if news.rewound:
            screen.bot_turn.forget()
        screen.loop.advance()
