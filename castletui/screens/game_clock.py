"""A shared table's clock on the game screen (saves/clock.py), a collaborator
of the screen's shared table (game_table.py): the time left to the seat to move in the header,
looked at again every half minute, and, once that seat's time ran out,
the offer to the other players at the table: let a bot play the seat
until its owner comes back, end the game as abandoned, or wait more. The
table judges the choice (a spectator, or a time not out yet, is refused
with its reason); the screen then reads the table as another terminal's
move. An owner still at the table when a bot was given their seat is
asked to press a key: whoever does has returned, and has the seat back at
once with what the bot played (castletui/seat_back.py)."""

from __future__ import annotations

import datetime
from typing import Any

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Button

from castletui import saves, seat_back
from castletui.saves.clock import (
    ABANDON,
    BOT,
    StandIn,
    duration_words,
    late_seat,
    lateness_words,
    offer_due,
    per_move_words,
    time_left,
    utc_now,
    wait_more,
)
from castletui.saves.owners import owner_field
from castletui.widgets.plain import Plain, plain

LOOK_EVERY_S = 30.0
"""How often the time left is looked at again while nothing moves."""


class TimeOutOffer(ModalScreen[str | None]):
    """What the others may do about a seat whose time ran out: dismisses
    with BOT, ABANDON, or None (wait more)."""

    DEFAULT_CSS = """
    TimeOutOffer .time-out-choices { height: auto; }
    TimeOutOffer .time-out-choices Button { width: 100%; margin-bottom: 0; }
    """
    BINDINGS = [Binding("escape", "wait_more", "Wait more")]

    def __init__(self, name: str, per_move: int, late_by: float) -> None:
        super().__init__()
        self.player_name, self.per_move, self.late_by = name, per_move, late_by

    def compose(self) -> ComposeResult:
        name = self.player_name
        with Vertical(classes="dialog"):
            yield Plain(
                f"{name} had {per_move_words(self.per_move)} for this move and is "
                f"{lateness_words(self.late_by)}. Nobody loses to the clock.",
                classes="dialog-message",
            )
            # A question over the choices, as every dialog has (plain lines say the same).
            yield Plain(f"{name}'s time is out: what becomes of their seat?", classes="dialog-question")
            with Vertical(classes="time-out-choices"):
                yield Button(plain(f"Let a bot play {name}'s seat until they come back"), id=BOT)
                yield Button(plain("End the game as abandoned (nobody wins or loses)"), id=ABANDON)
                yield Button("Wait more", variant="primary", id="wait")

    def on_mount(self) -> None:
        self.query_one("#wait", Button).focus()

    @on(Button.Pressed)
    def pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id if event.button.id in (BOT, ABANDON) else None)

    def action_wait_more(self) -> None:
        self.dismiss(None)


class SeatStoodIn(ModalScreen[bool]):
    """Told to an owner still at the table once a bot plays their seat:
    any key (or the button) dismisses it with True, they are back."""

    DEFAULT_CSS = """
    SeatStoodIn Button { width: 100%; }
    """

    def __init__(self, stand_in: StandIn) -> None:
        super().__init__()
        self.stand_in = stand_in

    def compose(self) -> ComposeResult:
        by = self.stand_in.by or "Another player"
        with Vertical(classes="dialog"):
            yield Plain(
                f"Your time ran out, and {by} let a bot play your seat until you come back. "
                "It plays your moves while you are away.",
                classes="dialog-message",
            )
            yield Plain("Press any key to take your seat back", classes="dialog-question")
            yield Button("Take my seat back", variant="primary", id="back")

    def on_mount(self) -> None:
        self.query_one("#back", Button).focus()

    def on_key(self, event: Any) -> None:
        event.stop()  # any key at all: the owner is here
        self.dismiss(True)

    @on(Button.Pressed)
    def pressed(self) -> None:
        self.dismiss(True)


class TableClock:
    """The clock of the game screen's shared table."""

    def __init__(self, screen: Any) -> None:
        self.screen = screen
        self.offered: tuple[int, int] | None = None
        """The (ply, seat) last offered: once a position, until the table moves or the wait is over."""
        self.wait_ends: datetime.datetime | None = None
        """When "Wait more" for the position offered is over (None: no wait chosen):
        another period of the table's time per move, what the late seat had for the move."""
        self.asked_back: StandIn | None = None
        """The stand-in whose owner (this terminal's) was last asked to press a key."""

    def start(self) -> None:
        """Look at the time now and every LOOK_EVERY_S (a shared table with a clock only)."""
        session = self.screen.session
        if session.shared and session.seating is not None and session.seating.per_move:
            self.screen.set_interval(LOOK_EVERY_S, self.show)

    def left(self) -> float | None:
        """Seconds left to the seat to move (negative: past it); None: no clock runs."""
        session = self.screen.session
        if not session.shared or session.seating is None:
            return None
        return time_left(session.save, session.seating, session.to_move(), self.now())

    def late_seat(self) -> int | None:
        """The seat whose time is out, when this terminal's player may choose
        about it now: the table's own rule (saves.clock.late_seat), so the
        offer is never one the table then refuses."""
        session = self.screen.session
        if not session.shared or session.seating is None:
            return None
        who = owner_field(session.who)
        return late_seat(session.save, session.seating, session.to_move(), who, self.now())

    def now(self) -> datetime.datetime:
        # The app's clock if it has one (castletui/tables.py's now_of: tests set it), read here
        # without importing the lobby's modules into every game's first frame.
        clock = getattr(self.screen.app, "clock", None) or utc_now
        return clock()

    def words(self) -> str:
        """The header's words: "Bo: 5 h left", "Bo's time is out"; "" without a clock."""
        session = self.screen.session
        if session.over:
            return ""  # nobody's time runs, nobody's seat is played any more
        if session.seat in session.stand_ins:
            return "a bot plays your seat: press a key"
        left = self.left()
        if left is None:
            return ""
        name = session.names[session.to_move()]
        return f"{name}: {duration_words(left)} left" if left > 0 else f"{name}'s time is out"

    def show(self) -> None:
        """The time left in the header, and the offer once the time is out."""
        screen, session = self.screen, self.screen.session
        if not screen.is_attached:
            return
        words = self.words()
        name = session.path.name if session.path else ""
        screen.sub_title = (
            f"{words} · {name}" if words else name
        )  # the time first: a narrow header cuts the end
        stand_in = seat_back.stood_in(session)
        if stand_in is not None and stand_in != self.asked_back and screen.app.screen is screen:
            self.asked_back = stand_in
            screen.app.push_screen(SeatStoodIn(stand_in), lambda _: self.came_back())
        mover = self.late_seat()
        if mover is None:
            return
        if screen.app.screen is not screen:
            return  # a dialog is up: the next look offers it
        if not offer_due(self.offered, self.wait_ends, (session.ply, mover), self.now()):
            return  # offered here already, and the wait chosen is not over
        self.offered, self.wait_ends = (session.ply, mover), None
        late_by = -time_left(session.save, session.seating, mover, self.now())
        screen.app.push_screen(
            TimeOutOffer(session.names[mover], session.seating.per_move, late_by),
            lambda choice: self.chosen(mover, choice),
        )

    def chosen(self, seat: int, choice: str | None) -> None:
        """Put the choice to the table; a refusal is told with its reason."""
        screen, session = self.screen, self.screen.session
        if choice is None:
            # Wait more: as long again as the seat had for the move, then asked again (or on reopening).
            self.wait_ends = wait_more(session.seating, self.now())
            words, name = per_move_words(session.seating.per_move), session.names[seat]
            screen.notify(f"Asked again in {words} if {name} has not moved by then.", timeout=8)
            return
        try:
            session.table.time_out(seat, session.who, choice)
        except saves.SaveError as error:
            screen.notify(str(error), title="Not done", severity="warning", timeout=10)
            return
        if choice == BOT:
            screen.notify(f"A bot plays {session.names[seat]}'s seat until they come back.", timeout=8)
        screen.table_changed()  # read as another terminal's change: the bot moves, or the game ends

    def came_back(self) -> None:
        """The owner pressed a key: their seat again, and what the bot played told."""
        screen, session = self.screen, self.screen.session
        try:
            stand_in = seat_back.take_seat_back(session)
        except saves.SaveError as error:
            self.asked_back = None  # asked again at the next look
            screen.notify(str(error), title="Not done", severity="warning", timeout=10)
            return
        screen.table_changed()  # the seating changed: this terminal decides for its seat again
        if stand_in is not None:
            screen.notify(
                seat_back.welcome_back(session, stand_in), title=seat_back.WELCOME_TITLE, timeout=30
            )
