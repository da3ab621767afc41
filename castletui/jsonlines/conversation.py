"""The game played as JSON lines: the headless driver's loop
(castletui/driver.py), with every person seat's decisions asked on one
output stream and answered on one input stream. The game's draws and the
bots (program seats among them: Session.bot_decision asks them) play by
themselves in between. An answer that is not one of the choices gets an
error message and the same decision again; nothing is played."""

from __future__ import annotations

from typing import Any, BinaryIO

from castletui.driver import Driver, Over, Person
from castletui.jsonlines import messages
from castletui.jsonlines.choices import menu_of
from castletui.jsonlines.news import News
from castletui.jsonlines.protocol import Error, Log, Message, chosen, line
from castletui.rules.core import IllegalAction


class Conversation:
    """The person seats of ``session`` speaking through ``reader`` and ``writer``."""

    def __init__(self, session: Any, reader: BinaryIO, writer: BinaryIO) -> None:
        self.session = session
        self.driver = Driver(session)
        self.reader, self.writer = reader, writer
        self.people = tuple(session.human_seats())
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
            now = driver.run()
            if isinstance(now, Over):
                self.tell_everyone()
                self.send(messages.end(self.session))
                return True
            if not isinstance(now, Person):  # table mode and shared tables are refused before
                raise RuntimeError(f"JSON-lines play cannot go on at {now!r}")
            if now.curtain:  # no curtain here: whoever is owed a look has it at once
                look = now.curtain == "look"
                driver.curtain_rose(now.looker if look else now.seat, to_look=look)
                continue
            driver.took_seat(now.seat)
            if not self.ask(now.seat):
                return False

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
            if not problem:
                try:
                    self.driver.person_acts(action)
                    return True
                except IllegalAction as error:
                    problem = error.reason
            shown = text.decode(errors="replace").rstrip("\r\n")
            self.send(Error(seat, problem, shown if len(shown) <= 200 else shown[:197] + "..."))
