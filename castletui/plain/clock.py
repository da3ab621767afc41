"""A shared table's clock in plain lines (saves.clock), as the game
screen's TimeOutOffer offers it: once the seat to move is out of time,
a player who may choose (the table says who: never a spectator, never
the seat's owner) hears it in one line while they wait, with three
numbered choices, Wait more on Enter alone. The table judges the
answer, and refuses a stale one with its reason. After Wait more the
offer comes back by itself once another period of the table's time per
move has passed. Also the news of the others' choice of a bot for a
seat (an abandoned game's end says itself: PlainGame.game_over)."""

from __future__ import annotations

import datetime
from typing import Any

from castletui import saves
from castletui.frame import Line
from castletui.plain import choices
from castletui.saves import clock
from castletui.saves.owners import owner_field

WAIT = "wait"
"""The third choice: nothing is done, the offer comes back after another period."""


class PlainClock:
    """The clock of one plain game's shared table, for the player at this terminal."""

    def __init__(self, game: Any) -> None:
        self.game = game
        self.offered: tuple[int, int] | None = None
        """The (ply, seat) last offered: once a position, until the wait chosen there is over."""
        self.wait_ends: datetime.datetime | None = None
        self.open: list[choices.Choice] = []
        """The choices said and not yet answered (empty: no offer open)."""

    @property
    def session(self) -> Any:
        return self.game.session

    def now(self) -> datetime.datetime:
        return self.session.table.clock()  # the time the table judges the choice by

    def late_seat(self) -> int | None:
        """The seat whose time is out, when this player may choose about it now."""
        session = self.session
        if not session.shared or session.watching or session.seating is None:
            return None
        # The table's own rule: not out yet, a spectator, your own seat, a bot already there...
        return clock.late_seat(
            session.save, session.seating, session.to_move(), owner_field(session.who), self.now()
        )

    def offer(self) -> None:
        """Say the choice if it is due (saves.clock.offer_due), once a position."""
        session, seat = self.session, self.late_seat()
        position = None if seat is None else (session.ply, seat)
        if self.open and self.offered and position != self.offered:
            self.open = []  # the late seat moved meanwhile: an answer now would be stale
            name = session.names[self.offered[1]]
            self.game.talk.say(f"Nothing to choose about {name}'s time any more: the table moved on.")
        if position is None or self.open:
            return
        if not clock.offer_due(self.offered, self.wait_ends, position, self.now()):
            return
        self.offered, self.wait_ends = position, None
        name, per_move = session.names[seat], session.seating.per_move
        late_by = -clock.time_left(session.save, session.seating, seat, self.now())
        self.open = choices.numbered(
            [
                Line(f"Let a bot play {name}'s seat until they come back", clock.BOT),
                Line("End the game as abandoned (nobody wins or loses)", clock.ABANDON),
                Line("Wait more (Enter alone)", WAIT),
            ]
        )
        talk = self.game.talk
        talk.say(f"{name}'s time is out: you may choose what becomes of their seat.")
        talk.say(
            f"{name} had {clock.per_move_words(per_move)} for this move "
            f"and is {clock.lateness_words(late_by)}. Nobody loses to the clock."
        )
        talk.say_all(choice.shown() for choice in self.open)

    def answer(self, text: str) -> bool:
        """The player's line read as an answer to the open offer; False
        when no offer is open (or the line is not one: its reason is said)."""
        if not self.open:
            return False
        if not text:
            self.chosen(WAIT)
            return True
        said = choices.understand(text, self.open, False)
        if said.message:
            self.game.talk.say_all(said.message)
            self.game.talk.say("Enter alone waits more.")
            return True
        self.chosen(said.choice.line.action)
        return True

    def chosen(self, choice: str) -> None:
        """Put the choice to the table (Table.time_out, the game screen's path)."""
        game, session = self.game, self.session
        self.open = []
        seat = self.offered[1] if self.offered else None
        if choice == WAIT or seat is None:
            self.wait_ends = clock.wait_more(session.seating, self.now())
            game.talk.say(f"You wait more: asked again in {clock.per_move_words(session.seating.per_move)}.")
            return
        try:
            session.table.time_out(seat, session.who, choice)
        except saves.SaveError as error:
            game.talk.say(f"Not done: {error}")
            return
        game.table_changed()  # the news says what the table now is

    def news(self, seating_before: Any) -> list[str]:
        """What the others chose since ``seating_before``: a bot now plays a seat."""
        session, seating = self.session, self.session.seating
        if seating is None or seating_before is None:
            return []
        said = []
        before = {stand_in.seat for stand_in in seating_before.stand_ins}
        for stand_in in seating.stand_ins:
            if stand_in.seat not in before and stand_in.seat != session.seat:
                name = session.names[stand_in.seat]
                by = stand_in.by or "Another player"
                said.append(f"{by} let a bot play {name}'s seat until they come back.")
        if said or seating.abandoned:  # (the end of an abandoned game says so itself)
            self.open = []
        return said
