"""The game played as JSON lines: the headless driver's loop
(castletui/driver.py), with every person seat's decisions asked on one
output stream and answered on one input stream. The game's draws and the
bots (program seats among them: Session.bot_decision asks them) play by
themselves in between. An answer that is not one of the choices gets an
error message and the same decision again; nothing is played. At a shared
table only this terminal's seat is asked, and the other terminals' moves
are waited for (castletui/jsonlines/table.py watches the table). An
answer may ask to undo: the seat's last move is taken back as the
screen's undo takes it (Driver.undo, with its refusals)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, BinaryIO

from castletui.driver import Driver, Over, Person, Remote
from castletui.jsonlines import messages
from castletui.jsonlines.choices import menu_of
from castletui.jsonlines.news import News
from castletui.jsonlines.protocol import UNDO, Error, Log, Message, Undone, chosen, line
from castletui.rules.core import IllegalAction
from castletui.saves import SaveError


class Conversation:
    """The person seats of ``session`` speaking through ``reader`` and ``writer``."""

    def __init__(self, session: Any, reader: BinaryIO, writer: BinaryIO) -> None:
        self.session = session
        self.driver = Driver(session)
        self.reader, self.writer = reader, writer
        # At a shared table only this terminal's seat is asked here.
        self.people = (session.seat,) if session.shared else tuple(session.human_seats())
        self.wait_for_the_table: Callable[[], None] = lambda: None
        """Blocks until another terminal wrote the shared table (table.py)."""
        self.news = {seat: News(seat) for seat in self.people}

    def send(self, message: Message) -> None:
        self.writer.write(line(message))
        self.writer.flush()

    def play(self) -> bool:
        """Play until the end (True) or until the input ends (False: the
        game is saved where it stands)."""
        driver = self.driver
        self.send(messages.start(self.session, self.people))
        while True:
            try:
                now = driver.run()
            except SaveError:  # a shared table: another terminal drew or played the bot first
                self.take_in_the_table()
                continue
            if isinstance(now, Over) or self.session.abandoned:  # saves.clock: nobody moves any more
                self.tell_everyone()
                self.send(messages.end(self.session))
                return True
            if isinstance(now, Remote):  # another terminal's seat: wait for its move
                self.wait_for_the_table()
                self.take_in_the_table()
                continue
            if not isinstance(now, Person):  # table mode is refused before
                raise RuntimeError(f"JSON-lines play cannot go on at {now!r}")
            if now.curtain:  # no curtain here: whoever is owed a look has it at once
                look = now.curtain == "look"
                driver.curtain_rose(now.looker if look else now.seat, to_look=look)
                continue
            driver.took_seat(now.seat)
            if not self.ask(now.seat):
                return False

    def take_in_the_table(self) -> None:
        """What other terminals did to a shared table (told with the next decision)."""
        self.driver.take_in_table()

    def tell(self, seat: int) -> None:
        lines = self.news[seat].since(self.session)
        if lines:
            self.send(Log(seat, lines))

    def tell_everyone(self) -> None:
        for seat in self.people:
            self.tell(seat)

    def ask(self, seat: int) -> bool:
        """Ask ``seat`` until one of its choices is played; False when the input ended."""
        self.tell(seat)
        # The legal actions as the driver's frame lists them (Driver.frame's
        # menu), without the rest of the frame: its lines and panels cost a
        # third of a decision, and nobody reads them here.
        decision, by_id = messages.decision(self.session, seat, menu_of(self.session, seat))
        while True:
            self.send(decision)
            text = self.reader.readline()
            if not text:
                return False
            action, problem = chosen(text, by_id)
            if action is UNDO:
                problem = self.undo(seat)
                if not problem:
                    return True
            elif not problem:
                try:
                    self.driver.person_acts(action)
                    return True
                except IllegalAction as error:
                    problem = error.reason
                except SaveError:  # a shared table changed first: what is asked now may differ
                    self.take_in_the_table()
                    return True
            shown = text.decode(errors="replace").rstrip("\r\n")
            self.send(Error(seat, problem, shown if len(shown) <= 200 else shown[:197] + "..."))

    def undo(self, seat: int) -> str:
        """Take back ``seat``'s last move and say so (""), or say why not:
        the same decision is asked again."""
        try:
            message = self.driver.undo()
        except IllegalAction as error:
            return f"nothing was taken back: {error.reason}"
        except SaveError as error:  # a shared table changed first: what is asked now may differ
            self.take_in_the_table()
            self.send(Error(seat, f"nothing was taken back: {error}", '{"undo": true}'))
            return ""
        self.send(Undone(seat, self.session.ply, message))
        return ""
