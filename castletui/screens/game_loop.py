"""The game screen's loop (castletui/screens/game.py mixes it in): what the
driver says happens now, played on the screen. The game's draws at once,
a bot in a worker with a short visible pause, the hot-seat curtain when the
driver says it falls, a person's choice through the session's guards, each
move logged, and undo. Every redraw goes through the screen's
``refresh_table``; who has the keys after it, through its ``settle_keys``."""

from __future__ import annotations

import time
from typing import Any

from textual import work
from textual.message import Message

from castletui import saves
from castletui.driver import Bot, Entry, Over, Person
from castletui.later import loader
from castletui.rules.core import IllegalAction
from castletui.screens.dialogs import CurtainScreen
from castletui.widgets.panels import GameLog

LATER = {"result": "castletui.screens.result"}
"""The score sheet, loaded by name when it is first shown (its table widget
and the replay it offers cost a game's first frame some 15 ms): a declared
load (tests/test_imports.py follows it)."""
later = loader(LATER)


class GameLoop:
    """Moves the game on until a person must decide, and plays their choices."""

    def advance(self) -> None:
        """Move the game on until a person must decide; one redraw."""
        driver = self.driver
        keep = self.board_in_use if self.focused is self.board_in_use else None
        start = self.session.ply
        try:
            now = driver.run(bots=False)  # the digital draws; a bot thinks in a worker
        except saves.SaveError:  # another terminal drew first: the table is being reloaded
            self.call_later(self.table_changed)
            return
        finally:
            if self.session.ply != start:
                self._logged(None, self.session.lines_since(start))
        if isinstance(now, Person):
            if now.curtain == "look":
                self.lower_curtain(
                    now.looker, "See how your turn ended, then pass the device on.", to_look=True
                )
                return
            if now.curtain == "fall":
                self.lower_curtain(now.seat)
                return
            if now.curtain == "hand over":
                driver.handing_over(now.seat)
            else:
                driver.took_seat(now.seat)
        self.refresh_table()
        if isinstance(now, Over):
            self.show_result()
        elif isinstance(now, Entry):
            self.ask_chance(now)
        elif isinstance(now, Bot) and not self.bot_thinking:
            self.bot_thinking = True
            if self.is_mounted:
                self.bot_turn(self.session.ply)
            else:  # the game's first frame: the bot's thread starts once it is drawn
                self.call_after_refresh(self.bot_turn, self.session.ply)
        elif isinstance(now, Person):
            self.settle_keys(keep, to_bar=True)

    def lower_curtain(self, seat: int, note: str = "", to_look: bool = False) -> None:
        """Hide the table until ``seat``'s person says they are at the keyboard."""
        self.driver.curtain_falls()
        self.refresh_table()

        def raised(_: Any) -> None:
            self.driver.curtain_rose(seat, to_look)
            self.board_in_use = None  # another person: they start from the action bar
            self.settle_keys(to_bar=True)
            self.advance()

        self.app.push_screen(CurtainScreen(self.session.names[seat], note), raised)

    def do_pass(self, line: Any) -> None:
        """The "Pass to ..." line: the person here saw how their turn ended."""
        if self.handing_over is not None:
            self.lower_curtain(self.handing_over)

    class BotDecided(Message):
        """A bot's decision, from its worker thread to the screen."""

        def __init__(self, ply: int, action: Any) -> None:
            super().__init__()
            self.ply, self.action = ply, action

    @work(thread=True, exclusive=True, group="bot")
    def bot_turn(self, ply: int) -> None:
        # The worker never touches the screen: it posts the decision, handled
        # in the screen's own turn, or never if it is gone by then.
        started = time.monotonic()
        action = self.driver.bot_move(self.app.think_for)
        pause = self.app.bot_delay - (time.monotonic() - started)
        if pause > 0:
            time.sleep(pause)
        self.post_message(self.BotDecided(ply, action))

    def on_game_loop_bot_decided(self, message: BotDecided) -> None:
        self.bot_thinking = False
        if self.session.ply != message.ply or not self.is_attached:
            if self.shared and self.is_attached:
                self.advance()  # another terminal played this bot first: on to what comes next
            return  # the table changed (undo, back to menu) while the bot thought
        if self._played(lambda: self.driver.bot_plays(message.action), message.action):
            self.advance()

    def play(self, action: Any, advance: bool = True) -> bool:
        """Play the person's choice: every key, click, dialog and form comes
        here, and the session decides whether it is theirs (Session.may_act).
        A refusal is shown with its reason and changes nothing."""
        played = self._played(lambda: self.driver.person_acts(action), action)
        if played and advance:
            self.advance()
        return played

    def after_action(self, action: Any) -> None:
        """A game screen's hook after each move (e.g. clearing a selection);
        ``action`` is None for the game's own draw."""

    def _played(self, act: Any, action: Any) -> bool:
        """Run ``act`` (the session playing ``action``), then log it."""
        mover, start = self.session.to_move(), self.session.ply
        try:
            act()
        except saves.SaveError as error:  # a shared table: another terminal moved first
            if mover == self.viewer:
                self.notify(f"{error} Choose again.", title="Not played", severity="warning", timeout=8)
            self.call_later(self.table_changed)
            return False
        except IllegalAction as error:
            self.notify(error.reason, title="Not allowed", severity="warning", timeout=6)
            return False
        self._logged(action, self.session.lines_since(start))  # every action of a Move
        return True

    def _logged(self, action: Any, lines: list) -> None:
        """Show what was played in the log and start the menu afresh."""
        log = self.query_one(GameLog)
        for line in lines:
            log.add(line.text)
        self.menu_path = ()
        self.after_action(action)

    def show_result(self) -> None:
        if not self.result_shown:
            self.result_shown = True
            self.action_score()

    def action_score(self) -> None:
        result = later("result")
        self.app.push_screen(result.ResultScreen(self.session, self.viewer))

    def action_undo(self) -> None:
        try:
            message = self.driver.undo()  # a move the menu plays as one goes back whole
        except saves.SaveError as error:  # a shared table: somebody acted meanwhile
            self.notify(f"{error} Nothing was taken back.", title="Cannot undo", severity="warning")
            self.table_changed()
            return
        except IllegalAction as error:
            self.notify(error.reason, title="Cannot undo", severity="warning")
            return
        self.bot_thinking = self.result_shown = False
        self.menu_path = ()
        self.query_one(GameLog).show_all([line.text for line in self.session.log])
        self.notify(message, timeout=3)
        self.advance()
