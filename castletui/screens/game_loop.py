"""The game screen's loop, a collaborator it owns (castletui/screens/game.py):
what the driver says happens now (``Driver.step``), played on the screen.
The game's draws at once, a bot's turn started in its thread
(game_threads.py), the hot-seat curtain when the driver says it falls, a
person's choice through the session's guards, moves taken back (other
terminals' moves are the shared table's to take in: game_table.py). What came of each is told by the screen's
news (game_news.py); every redraw goes through the screen's
``refresh_table``; who has the keys after it, through its board area."""

from __future__ import annotations

from typing import Any

from castletui import saves
from castletui.driver import Bot, Entry, Over, Person
from castletui.later import loader
from castletui.screens.game_threads import BotDecided

LATER = {"table entry": "castletui.screens.table_entry"}
"""Table mode's forms, loaded by name when a game first needs them, not
before its first frame. A declared load (tests/test_imports.py follows it)."""
later = loader(LATER)


class GameLoop:
    """Moves the game on until a person must decide, and plays their choices."""

    def __init__(self, screen: Any) -> None:
        self.screen = screen
        self.news = screen.news

    def advance(self) -> None:
        """Move the game on until a person must decide; one redraw."""
        screen, session = self.screen, self.screen.session
        keep = screen.board_area.holding()
        start = session.ply
        try:
            now = screen.driver.step()  # the digital draws; a bot thinks in a worker
        except saves.SaveError:  # another terminal drew first: the table is being reloaded
            screen.call_later(screen.table_changed)
            return
        finally:
            if session.ply != start:
                self.news.logged(None, session.lines_since(start))
        curtain = screen.driver.curtain(now)
        if curtain is not None:
            self.news.lower_curtain(curtain, then=self.advance)
            return
        screen.refresh_table()
        if isinstance(now, Over):
            self.news.over()
        elif isinstance(now, Entry):
            later("table entry").ask(screen, now)
        elif isinstance(now, Bot):
            screen.bot_turn.start(session.ply)
        elif isinstance(now, Person):
            screen.board_area.settle(keep if screen.driver.passing_to is None else None, to_bar=True)

    def bot_decided(self, message: BotDecided) -> None:
        screen = self.screen
        if not screen.bot_turn.decided(message):
            if screen.session.shared and screen.is_attached:
                self.advance()  # another terminal played this bot first: on to what comes next
            return  # the table changed (undo, back to menu) while the bot thought
        if self.news.shown(screen.driver.acts(message.action, bot=True), message.action):
            self.advance()

    def play(self, action: Any, advance: bool = True) -> bool:
        """Play the person's choice (see ``GameScreen.play``)."""
        played = self.news.shown(self.screen.driver.acts(action), action)
        if played and advance:
            self.advance()
        return played

    def undo(self) -> None:
        """Take back the viewer's last move (the driver says how far)."""
        screen = self.screen
        played = screen.driver.takes_back()  # a move the menu plays as one goes back whole
        if not played.done:
            self.news.shown(played)
            return
        screen.bot_turn.forget()
        self.news.taken_back(played)
        self.advance()
