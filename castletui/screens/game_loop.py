"""The game screen's loop, a collaborator it owns (castletui/screens/game.py):
what the driver says happens now (``Driver.step``), played on the screen.
The game's draws at once, a bot's turn started in its thread
(game_threads.py), the hot-seat curtain when the driver says it falls, a
person's choice through the session's guards, each move logged, other
terminals' moves taken in. It keeps the one fact only it changes: whether
the score sheet was shown. Every redraw goes through the screen's
``refresh_table``; who has the keys after it, through its board area."""

from __future__ import annotations

from typing import Any

from castletui import saves
from castletui.driver import Bot, Curtain, Entry, Notice, Over, Person, Played
from castletui.later import loader
from castletui.screens.dialogs import CurtainScreen
from castletui.screens.game_threads import BotDecided
from castletui.widgets.panels import GameLog

LATER = {"table entry": "castletui.screens.table_entry"}
"""Table mode's forms, loaded by name when a game first needs them, not
before its first frame. A declared load (tests/test_imports.py follows it)."""
later = loader(LATER)


class GameLoop:
    """Moves the game on until a person must decide, and plays their choices."""

    def __init__(self, screen: Any) -> None:
        self.screen = screen
        self.result_shown = False

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
                self.logged(None, session.lines_since(start))
        curtain = screen.driver.curtain(now)
        if curtain is not None:
            self.lower_curtain(curtain)
            return
        screen.refresh_table()
        if isinstance(now, Over) and not self.result_shown:
            self.result_shown = True
            screen.action_score()
        elif isinstance(now, Entry):
            later("table entry").ask(screen, now)
        elif isinstance(now, Bot):
            screen.bot_turn.start(session.ply)
        elif isinstance(now, Person):
            screen.board_area.settle(keep if screen.driver.passing_to is None else None, to_bar=True)

    def lower_curtain(self, curtain: Curtain) -> None:
        """Hide the table until the ``curtain``'s person says they are at the keyboard."""
        screen, seat = self.screen, curtain.seat
        screen.driver.curtain_falls()
        screen.refresh_table()

        def raised(_: Any) -> None:
            screen.driver.curtain_rose(seat, curtain.to_look)
            screen.board_area.to_bar()  # another person: they start from the action bar
            self.advance()

        screen.app.push_screen(CurtainScreen(screen.session.names[seat], curtain.note), raised)

    def bot_decided(self, message: BotDecided) -> None:
        screen = self.screen
        if not screen.bot_turn.decided(message):
            if screen.session.shared and screen.is_attached:
                self.advance()  # another terminal played this bot first: on to what comes next
            return  # the table changed (undo, back to menu) while the bot thought
        if self.shown(screen.driver.acts(message.action, bot=True), message.action):
            self.advance()

    def play(self, action: Any, advance: bool = True) -> bool:
        """Play the person's choice (see ``GameScreen.play``)."""
        played = self.shown(self.screen.driver.acts(action), action)
        if played and advance:
            self.advance()
        return played

    def shown(self, played: Played, action: Any = None) -> bool:
        """Show what came of a move or an undo (the driver's :class:`Played`):
        its notice, the table read again when another terminal moved first,
        a move's log lines."""
        screen = self.screen
        self.tell(played.notice)
        if played.reread:
            screen.call_later(screen.table_changed)
        if played.done:
            self.logged(action, played.lines)
        return played.done

    def tell(self, notice: Notice | None) -> None:
        if notice is not None:
            self.screen.notify(
                notice.text, title=notice.title, severity=notice.severity, timeout=notice.timeout
            )

    def logged(self, action: Any, lines: list) -> None:
        """Show what was played in the log (the driver starts the menu afresh)."""
        log = self.screen.query_one(GameLog)
        for line in lines:
            log.add(line.text)
        self.screen.after_action(action)

    def undo(self) -> None:
        """Take back the viewer's last move (the driver says how far)."""
        screen = self.screen
        played = screen.driver.takes_back()  # a move the menu plays as one goes back whole
        if not played.done:
            self.shown(played)
            return
        self.result_shown = False
        screen.bot_turn.forget()
        screen.show_log()
        self.tell(played.notice)
        self.advance()

    def table_changed(self) -> None:
        """Take in other terminals' moves: log them here, redraw once, go on."""
        screen = self.screen
        news = screen.driver.take_in_table()
        if news is None or news.unread is not None:
            self.tell(news and news.notice)
            return  # nothing this screen shows changed (our own move, come back), or unread
        log = screen.query_one(GameLog)
        if news.rewound or news.renamed:  # an undo, or a player took a seat (their name)
            screen.show_log()
        else:
            for line in news.lines:
                log.add(line.text)
        self.tell(news.notice)
        if news.rewound:
            self.result_shown = False
            screen.bot_turn.forget()
        self.advance()
