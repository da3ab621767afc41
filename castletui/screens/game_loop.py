"""The game screen's loop, a collaborator it owns (castletui/screens/game.py):
what the driver says happens now (``Driver.step``), played on the screen.
The game's draws at once, a bot in a worker with a short visible pause, the
hot-seat curtain when the driver says it falls, a person's choice through
the session's guards, each move logged, a shared table's file watched for
other terminals' moves. It keeps the facts only it changes: whether a bot
is thinking, whether the score sheet was shown, the table's watcher.
Every redraw goes through the screen's ``refresh_table``; who has the keys
after it, through its ``keys``."""

from __future__ import annotations

import time
from functools import partial
from typing import Any

from textual.message import Message
from textual.worker import get_current_worker

from castletui import saves
from castletui.driver import Bot, Entry, Over, Person
from castletui.later import loader
from castletui.rules.core import IllegalAction
from castletui.screens.dialogs import CurtainScreen
from castletui.widgets.panels import GameLog

LATER = {"table entry": "castletui.screens.table_entry", "watch": "castletui.watch"}
"""Loaded by name when a game first needs them, not before its first frame:
table mode's forms, and a shared table's watcher (watchfiles alone costs
some 10 ms). A declared load (tests/test_imports.py follows it)."""
later = loader(LATER)


class BotDecided(Message):
    """A bot's decision, from its worker thread to the screen."""

    def __init__(self, ply: int, action: Any) -> None:
        super().__init__()
        self.ply, self.action = ply, action


class TableChanged(Message):
    """The table file changed: another terminal moved (from the watcher)."""


class GameLoop:
    """Moves the game on until a person must decide, and plays their choices."""

    def __init__(self, screen: Any) -> None:
        self.screen = screen
        self.bot_thinking = False
        self.result_shown = False
        self.watcher: Any = None  # a shared table's (castletui/watch.py)

    def advance(self) -> None:
        """Move the game on until a person must decide; one redraw."""
        screen, session = self.screen, self.screen.session
        board = screen.keys.board_in_use
        keep = board if screen.focused is board else None
        start = session.ply
        try:
            now = screen.driver.step()  # the digital draws; a bot thinks in a worker
        except saves.SaveError:  # another terminal drew first: the table is being reloaded
            screen.call_later(screen.table_changed)
            return
        finally:
            if session.ply != start:
                self.logged(None, session.lines_since(start))
        if isinstance(now, Person) and now.curtain in ("look", "fall"):
            look = now.curtain == "look"
            note = "See how your turn ended, then pass the device on." if look else ""
            self.lower_curtain(now.looker if look else now.seat, note, to_look=look)
            return
        screen.refresh_table()
        if isinstance(now, Over) and not self.result_shown:
            self.result_shown = True
            screen.action_score()
        elif isinstance(now, Entry):
            later("table entry").ask(screen, now)
        elif isinstance(now, Bot) and not self.bot_thinking:
            self.bot_thinking = True
            if screen.is_mounted:
                self.bot_turn(session.ply)
            else:  # the game's first frame: the bot's thread starts once it is drawn
                screen.call_after_refresh(lambda: screen.on_the_stack and self.bot_turn(session.ply))
        elif isinstance(now, Person):
            screen.keys.settle(keep, to_bar=True)

    def lower_curtain(self, seat: int, note: str = "", to_look: bool = False) -> None:
        """Hide the table until ``seat``'s person says they are at the keyboard."""
        screen = self.screen
        screen.driver.curtain_falls()
        screen.refresh_table()

        def raised(_: Any) -> None:
            screen.driver.curtain_rose(seat, to_look)
            screen.keys.board_in_use = None  # another person: they start from the action bar
            screen.keys.settle(to_bar=True)
            self.advance()

        screen.app.push_screen(CurtainScreen(screen.session.names[seat], note), raised)

    def bot_turn(self, ply: int) -> None:
        """The bot to move thinks in a thread (one at a time)."""
        self.screen.run_worker(partial(self._thinking, ply), thread=True, exclusive=True, group="bot")

    def _thinking(self, ply: int) -> None:
        # The worker never touches the screen: it posts the decision, handled
        # in the screen's own turn, or never if it is gone by then.
        screen = self.screen
        started = time.monotonic()
        action = screen.driver.bot_move(screen.app.think_for)
        pause = screen.app.bot_delay - (time.monotonic() - started)
        if pause > 0:
            time.sleep(pause)
        screen.post_message(BotDecided(ply, action))

    def bot_decided(self, message: BotDecided) -> None:
        screen = self.screen
        self.bot_thinking = False
        if screen.session.ply != message.ply or not screen.is_attached:
            if screen.session.shared and screen.is_attached:
                self.advance()  # another terminal played this bot first: on to what comes next
            return  # the table changed (undo, back to menu) while the bot thought
        if self.played(lambda: screen.driver.bot_plays(message.action), message.action):
            self.advance()

    def play(self, action: Any, advance: bool = True) -> bool:
        """Play the person's choice (see ``GameScreen.play``)."""
        played = self.played(lambda: self.screen.driver.person_acts(action), action)
        if played and advance:
            self.advance()
        return played

    def played(self, act: Any, action: Any) -> bool:
        """Run ``act`` (the session playing ``action``), then log it."""
        screen, session = self.screen, self.screen.session
        mover, start = session.to_move(), session.ply
        try:
            act()
        except saves.SaveError as error:  # a shared table: another terminal moved first
            if mover == screen.viewer:
                screen.notify(f"{error} Choose again.", title="Not played", severity="warning", timeout=8)
            screen.call_later(screen.table_changed)
            return False
        except IllegalAction as error:
            screen.notify(error.reason, title="Not allowed", severity="warning", timeout=6)
            return False
        self.logged(action, session.lines_since(start))  # every action of a Move
        return True

    def logged(self, action: Any, lines: list) -> None:
        """Show what was played in the log and start the menu afresh."""
        log = self.screen.query_one(GameLog)
        for line in lines:
            log.add(line.text)
        self.screen.menu_path = ()
        self.screen.after_action(action)

    def undo(self) -> None:
        """Take back the viewer's last move (the driver says how far)."""
        screen = self.screen
        try:
            message = screen.driver.undo()  # a move the menu plays as one goes back whole
        except saves.SaveError as error:  # a shared table: somebody acted meanwhile
            screen.notify(f"{error} Nothing was taken back.", title="Cannot undo", severity="warning")
            screen.table_changed()
            return
        except IllegalAction as error:
            screen.notify(error.reason, title="Cannot undo", severity="warning")
            return
        self.bot_thinking = self.result_shown = False
        screen.menu_path = ()
        screen.show_log()
        screen.notify(message, timeout=3)
        self.advance()

    def table_changed(self) -> None:
        """Take in other terminals' moves: log them here, redraw once, go on."""
        screen = self.screen
        try:
            news = screen.driver.take_in_table()
        except saves.SaveError as error:
            screen.notify(str(error), title="The table cannot be read", severity="error", timeout=10)
            return
        if news is None:
            return  # nothing this screen shows changed (our own move, come back)
        log = screen.query_one(GameLog)
        if news.rewound or news.renamed:  # an undo, or a player took a seat (their name)
            screen.show_log()
        else:
            for line in news.lines:
                log.add(line.text)
        if news.rewound:
            screen.notify(f"{news.taker} took back their last move.", timeout=5)
            self.result_shown = self.bot_thinking = False
        if news.lines or news.rewound:
            screen.menu_path = ()
        self.advance()

    def watch_table(self) -> None:
        """A shared table's file, watched from a thread until the screen goes:
        each change is a :class:`TableChanged` to the screen."""
        table = self.screen.session.table
        self.watcher = later("watch").TableWatcher(table.path, table.known)
        self.screen.run_worker(self._watching, thread=True, exclusive=True, group="table")

    def _watching(self) -> None:
        worker = get_current_worker()
        for _ in self.watcher.changes(lambda: worker.is_cancelled):
            self.screen.post_message(TableChanged())

    def stop_watching(self) -> None:
        if self.watcher is not None:
            self.watcher.stop()  # its thread ends at its next look, whatever removed the screen
