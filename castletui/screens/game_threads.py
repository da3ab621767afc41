"""The game screen's two threads (castletui/screens/game.py), each a small
object: a bot thinking over its move (:class:`BotTurn`, one at a time,
with a short visible pause), which the screen owns, and a shared table's
file watched for other terminals' moves (:class:`TableWatch`), which the
screen's shared table owns (game_table.py's ``SharedTable``, with the
table's clock). Neither touches the screen from its thread: each posts a
message (:class:`BotDecided`, :class:`TableChanged`), handled in the
screen's own turn, or never if the screen is gone by then."""

from __future__ import annotations

import time
from functools import partial
from typing import Any

from textual.message import Message
from textual.worker import get_current_worker

from castletui.later import loader

LATER = {"watch": "castletui.watch"}
"""A shared table's watcher, loaded by name when a game first needs it, not
before its first frame (watchfiles alone costs some 10 ms). A declared load
(tests/test_imports.py follows it)."""
later = loader(LATER)


class BotDecided(Message):
    """A bot's decision, from its worker thread to the screen."""

    def __init__(self, ply: int, action: Any) -> None:
        super().__init__()
        self.ply, self.action = ply, action


class TableChanged(Message):
    """The table file changed: another terminal moved (from the watcher)."""


class BotTurn:
    """The bot to move thinks in a worker thread of ``screen`` (its
    ``driver`` decides; the app's ``think_for`` and ``bot_delay``), one bot
    at a time: ``thinking`` until its decision is in."""

    def __init__(self, screen: Any) -> None:
        self.screen = screen
        self.thinking = False

    def start(self, ply: int) -> None:
        """The bot answers position ``ply``, unless one is thinking already.
        On the game's first frame its thread starts once the frame is drawn."""
        if self.thinking:
            return
        self.thinking = True
        screen = self.screen
        if screen.is_mounted:
            self.in_a_thread(ply)
        else:
            screen.call_after_refresh(lambda: screen.on_the_stack and self.in_a_thread(ply))

    def in_a_thread(self, ply: int) -> None:
        self.screen.run_worker(partial(self.think, ply), thread=True, exclusive=True, group="bot")

    def think(self, ply: int) -> None:
        """The worker: the bot's move, posted after at least the app's ``bot_delay``."""
        screen = self.screen
        started = time.monotonic()
        action = screen.driver.bot_move(screen.app.think_for)
        pause = screen.app.bot_delay - (time.monotonic() - started)
        if pause > 0:
            time.sleep(pause)  # a move too quick to see would look like no move at all
        screen.post_message(BotDecided(ply, action))

    def decided(self, message: BotDecided) -> bool:
        """The decision is in: whether it answers the position still shown
        (an undo, another terminal or the menu may have come first)."""
        self.thinking = False
        return self.screen.session.ply == message.ply and self.screen.is_attached

    def forget(self) -> None:
        """The position was taken back: the bot to move now thinks anew."""
        self.thinking = False

    def cancel(self) -> None:
        self.screen.workers.cancel_group(self.screen, "bot")


class TableWatch:
    """A shared table's file, watched from a worker thread of ``screen``
    until :meth:`stop`: each change a :class:`TableChanged` to the screen."""

    def __init__(self, screen: Any) -> None:
        self.screen = screen
        self.watcher: Any = None  # castletui/watch.py's, once started

    def start(self) -> None:
        table = self.screen.session.table
        self.watcher = later("watch").TableWatcher(table.path, table.known)
        self.screen.run_worker(self.watching, thread=True, exclusive=True, group="table")

    def watching(self) -> None:
        worker = get_current_worker()
        for _ in self.watcher.changes(lambda: worker.is_cancelled):
            self.screen.post_message(TableChanged())

    def stop(self) -> None:
        """Whatever removed the screen: its thread ends at its next look."""
        self.screen.workers.cancel_group(self.screen, "table")
        if self.watcher is not None:
            self.watcher.stop()
