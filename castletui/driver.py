"""The headless driver between a :class:`~castletui.session.Session` and
whoever shows it: one loop for the app, ``Session.run_automatic``, shared
tables and the tests. No textual here.

- :meth:`Driver.next` says what happens now, as a small typed value: the
  game is over (:class:`Over`), the game draws (:class:`Draw`), the people
  at a real table say what came up (:class:`Entry`: a set-up form, a line
  of counts or a picker), a bot plays (:class:`Bot`), another terminal of a
  shared table decides (:class:`Remote`), or a person decides
  (:class:`Person`, with whether the hot-seat curtain falls first).
- :meth:`Driver.frame` is what one seat sees at one level of the menu: one
  immutable :class:`Frame`, computed once per (position, viewer, menu path)
  and kept. Everything in it is computed from ``session.view(viewer)``;
  only the list of legal actions comes from the whole state, and only for
  the seat that decides, when it is the viewer. A game whose action bar
  reads differently from the rules' lines has its own menu and prompt in
  castletui/frames/ (no textual there either): the frame holds the final
  lines, and a screen only draws them.

The driver keeps the hot-seat bookkeeping (who sits at the keyboard, whether
they acted since it came to them, who is owed a look at how their turn
ended) so the curtain decision is made, and tested, without a screen
(:meth:`Driver.curtain` says which one a screen lowers). It acts only
through Session's guards: ``draw`` for the game's own rolls, ``bot_plays``
for a bot's move, ``person_acts`` for a person's; :meth:`Driver.acts` and
:meth:`Driver.takes_back` say what came of a move or an undo
(:class:`Played`: a refusal's reason, another terminal first), and
:meth:`Driver.escape` where Escape goes, so a screen only shows them.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, field
from typing import Any

import msgspec

from castletui import frames, games, saves
from castletui.frame import Frame, Line, SideRow
from castletui.frames import Move, StepBack
from castletui.rules.core import CHANCE, IllegalAction, label, name_seats, table_entry
from castletui.rules.core import screen as screen_api

STOOD_IN = "A bot plays your seat (your time ran out): press a key to take it back."
"""The bar's words to a player whose seat a bot plays (saves/clock.py): one
line at 80 columns, the prompt's room."""

# --- what happens now ------------------------------------------------------------


class Over(msgspec.Struct, frozen=True):
    """The game is over."""


class Draw(msgspec.Struct, frozen=True):
    """The game rolls or draws itself (digital play): :meth:`Driver.draw`."""


class Entry(msgspec.Struct, frozen=True):
    """Table mode: the people at the table say what came up, on the set-up
    ``form``, as one line of ``counts`` (pieces drawn together) or from a
    ``picker`` of the possible outcomes (``how``)."""

    how: str
    batches: tuple[table_entry.Batch, ...] = ()


class Bot(msgspec.Struct, frozen=True):
    """Seat ``seat`` is a bot: it plays its own move."""

    seat: int


class Remote(msgspec.Struct, frozen=True):
    """A shared table: ``seat`` decides at their own terminal."""

    seat: int


class Person(msgspec.Struct, frozen=True):
    """A person decides for ``seat``. ``curtain`` says what comes first in
    hot-seat play: "" (they are at the keyboard), "fall" (the curtain falls
    and rises for them), "hand over" (the person here first sees how their
    turn ended, then passes the device to them; a draw of ``seat``'s turn
    may wait until they are at the keyboard), "look" (the curtain falls
    for ``looker``, owed a look at how their turn ended while another
    person had the device)."""

    seat: int
    curtain: str = ""
    looker: int = -1


Next = Over | Draw | Entry | Bot | Remote | Person


class Shown(msgspec.Struct, frozen=True):
    """What a game screen shows now (:meth:`Driver.shown`): the viewer's
    ``frame`` at the open menu level, the action bar's ``lines`` and the
    places the boards ``offered``."""

    frame: Frame
    lines: tuple[Line, ...] = ()
    offered: frozenset = frozenset()


class TableNews(msgspec.Struct, frozen=True):
    """What other terminals did to a shared table since this one last looked
    (:meth:`Driver.take_in_table`): the log ``lines`` of their moves, whether
    moves seen here were taken back (``rewound``, by ``taker``), whether a
    player sat down (``renamed``: every log line names them)."""

    lines: tuple[Any, ...] = ()
    rewound: bool = False
    taker: str = ""
    renamed: bool = False
    watchers: bool = False
    """Someone came to watch the table, or left it (Session.watchers)."""
    unread: Notice | None = None
    """The table cannot be read: why (nothing else changed)."""

    @property
    def notice(self) -> Notice | None:
        """What to tell the person here: the table unread, or a move taken back."""
        if self.rewound and self.unread is None:
            return Notice(f"{self.taker} took back their last move.", timeout=5)
        return self.unread


class Notice(msgspec.Struct, frozen=True):
    """What a screen tells the player, as it is: a move refused, an undo
    done or refused, a shared table that changed under it."""

    text: str
    title: str = ""
    severity: str = "information"
    timeout: float | None = None


class Played(msgspec.Struct, frozen=True):
    """What came of a choice or an undo (:meth:`Driver.acts`,
    :meth:`Driver.takes_back`): whether it was ``done``, the log ``lines``
    it wrote, what to tell the player, and whether another terminal moved
    first so the table is to be read again (``reread``)."""

    done: bool
    lines: tuple[Any, ...] = ()
    notice: Notice | None = None
    reread: bool = False


class Curtain(msgspec.Struct, frozen=True):
    """Hot-seat: the curtain a screen lowers until ``seat``'s person is at
    the keyboard, with its ``note``; ``to_look``: they come to see how
    their turn ended (:meth:`Driver.curtain_rose`)."""

    seat: int
    note: str = ""
    to_look: bool = False


# --- the driver ----------------------------------------------------------------------------


@dataclass
class Driver:
    session: Any
    viewer: int = -1
    """The person at the keyboard (hot-seat: whom the curtain last rose for)."""
    viewer_acted: bool = False
    """They decided something since the device came to them."""
    owed_a_look: int | None = None
    """A person who passed the device mid-turn (another reacts) and has not
    yet seen how their turn ended."""
    passing_to: int | None = None
    """Hot-seat: the person the device goes to next, while the one here
    still sees how their move ended (the "Pass to ..." line)."""
    curtain_down: bool = False
    """Hot-seat: the curtain hides the table until the next person says
    they are at the keyboard."""
    form_declined: bool = False
    """Table mode: the players chose to answer the set-up draws one by one."""
    counts_declined_at: int = -1
    """Table mode: the ply at which they chose to answer a batch piece by piece."""
    path: tuple[str, ...] = ()
    """The open level of the game's menu at the keyboard (:meth:`open`):
    back to the top once a move is played, taken back or comes from
    another terminal."""
    told_unsaved: str = ""
    """The save error last told (:meth:`unsaved`)."""
    _frames: dict = field(default_factory=dict, repr=False)
    _menu: Any = field(default=None, repr=False)
    _game_menu: frames.Menu | None = field(default=None, repr=False)

    @property
    def game_menu(self) -> frames.Menu:
        """How the game's frame reads its menu (its package's ``menu.MENU``,
        castletui/games/), found once."""
        if self._game_menu is None:
            module = games.part(self.session.save.game, "menu")
            self._game_menu = module.MENU if module is not None else frames.Menu()
        return self._game_menu

    def __post_init__(self) -> None:
        if self.viewer < 0:
            self.viewer = self.first_viewer()

    def first_viewer(self) -> int:
        session = self.session
        if session.shared:
            return session.seat
        # The first to decide once the digital draws are played: a hot-seat
        # game opens behind the curtain before its deal, and the curtain
        # should rise for whoever goes first, not for seat 0 (issue #28).
        seat = session.to_move_after_draws()
        humans = session.human_seats()
        if seat is not None and seat >= 0 and seat in humans:
            return seat
        return humans[0] if humans else 0

    # --- what happens now ------------------------------------------------------------

    @property
    def no_curtain(self) -> bool:
        """A shared table has one person per terminal, and at a real table
        (table mode) the hands are in the players' own hands."""
        return self.session.shared or self.session.mode == "table"

    def hidden_between_people(self) -> bool:
        """Whether the people at this device may see different things: asked
        of the game, not of the moment (before the deal every view is alike,
        yet the first hand dealt must not show to whoever sits here)."""
        return not self.no_curtain and self.session.hides_between_people()

    def needs_curtain(self, seat: int) -> bool:
        session = self.session
        if self.no_curtain or seat == self.viewer or len(session.human_seats()) < 2:
            return False
        return session.views_differ(seat, self.viewer)

    def next(self) -> Next:
        """What happens now. Settles who is owed a look as it goes (the one
        piece of bookkeeping a question changes: a look owed to the person
        who now has the device is had)."""
        session = self.session
        seat = session.to_move()
        if seat is None:
            return Over()
        if session.watching or session.abandoned:
            return Remote(seat)  # a spectator never plays, nor anyone an abandoned game
        if seat == CHANCE:
            if session.mode == "table":
                return self._entry()
            waiting = self._draw_waits_for()
            if waiting is not None:
                return Person(waiting, "hand over")
            return Draw()
        if session.is_bot(seat):
            return Bot(seat)
        if session.shared and seat != self.viewer:
            return Remote(seat)
        owed = self.owed_a_look
        if owed is not None and owed == self.viewer:
            self.owed_a_look = None  # they have the device: they see for themselves
        elif owed is not None and session.turn_player() != owed:
            if owed != seat:
                return Person(seat, "look", owed)
            self.owed_a_look = None
        if self.needs_curtain(seat):
            return Person(seat, "hand over" if self.viewer_acted else "fall")
        return Person(seat)

    def _draw_waits_for(self) -> int | None:
        """The person whose turn the digital draw due now is in, when it
        waits for the curtain to rise for them; None: draw at once.

        Hot-seat, a draw in another person's turn (Castlecards' Village
        card at the start of a turn) waits until that person sits down, as
        at a real table. Until then the person here may take back the
        move they just made: undo never crosses a draw, and this one is
        not made yet. The draw is the same whenever it is made (seed and
        ply), so the save reads as if it had been made at once."""
        session = self.session
        if self.no_curtain or not self.viewer_acted:
            return None
        turn = session.turn_player()
        if turn is None or turn == self.viewer or turn not in session.human_seats():
            return None
        if not self.needs_curtain(turn) or session.to_move_after_draws() != turn:
            return None  # someone else decides after the draws: they come first
        return turn

    def _entry(self) -> Entry:
        session = self.session
        if not self.form_declined:
            fields = session.setup_form()
            if fields:
                return Entry("form", fields)
        batch = session.chance_batch()
        if batch is not None and batch.count > 1 and self.counts_declined_at != session.ply:
            return Entry("counts", (batch,))
        return Entry("picker")

    def declined(self, entry: Entry) -> None:
        """Table mode: the players put the set-up form or a line of counts
        aside, to answer piece by piece from the picker."""
        if entry.how == "form":
            self.form_declined = True
        else:
            self.counts_declined_at = self.session.ply

    # --- the hot-seat curtain -----------------------------------------------------------

    def handing_over(self, seat: int) -> None:
        """The person here passes the device to ``seat`` after seeing how
        their turn ended; another deciding during the viewer's own turn (a
        reaction) leaves the viewer owed a look at how it ends."""
        self.passing_to = seat
        if self.session.turn_player() == self.viewer != seat:
            self.owed_a_look = self.viewer

    def curtain_falls(self) -> None:
        """The table is hidden until the next person is at the keyboard."""
        self.passing_to = None
        self.curtain_down = True

    def curtain_rose(self, seat: int, to_look: bool = False) -> None:
        """``seat``'s person is at the keyboard (``to_look``: they came to see
        how their turn ended, and pass the device on themselves)."""
        if to_look:
            self.owed_a_look = None
        self.curtain_down = False
        self.viewer = seat
        self.viewer_acted = to_look

    def curtain(self, now: Next) -> Curtain | None:
        """The curtain a screen lowers before ``now`` (a fall, or a look owed);
        None when the table stays shown (:meth:`step` seated the person)."""
        if not isinstance(now, Person) or now.curtain not in ("look", "fall"):
            return None
        if now.curtain == "look":
            return Curtain(now.looker, "See how your turn ended, then pass the device on.", True)
        return Curtain(now.seat)

    def opening_curtain(self, resumed: bool) -> Curtain | None:
        """The curtain a hot-seat game opens behind, nobody having said who
        sits at the keyboard yet (no hand shows first); ``resumed``: from a save."""
        if not self.hidden_between_people():
            return None
        note = "The game goes on where it stopped. Everyone else, look away." if resumed else ""
        return Curtain(self.viewer, note)

    def took_seat(self, seat: int) -> None:
        """No curtain was needed: the person at the keyboard decides for ``seat``."""
        self.viewer = seat

    def step(self) -> Next:
        """Play the game's draws (:meth:`run`, a bot left to think in the
        app's worker), then what happens now; a person who needs no curtain
        (or is handed the device) is seated at once, so only a curtain that
        falls is the screen's to show."""
        start = self.session.ply
        try:
            now = self.run(bots=False)
        finally:
            if self.session.ply != start:  # the game drew: a new position, the menu from its top
                self.path = ()
        if isinstance(now, Person) and now.curtain == "hand over":
            self.handing_over(now.seat)
        elif isinstance(now, Person) and not now.curtain:
            self.took_seat(now.seat)
        return now

    # --- acting (only through Session's guards) ---------------------------------------

    def draw(self) -> Any:
        return self.session.draw()

    def bot_move(self, think_for: float | None = None) -> Any:
        """The bot's decision for this position (kept for :meth:`bot_plays`)."""
        return self.session.bot_decision(think_for)

    def bot_plays(self, action: Any) -> Any:
        return self.session.bot_plays(action)

    def person_acts(self, action: Any) -> Any:
        """The viewer's choice: refused (IllegalAction) unless theirs to make.
        A :class:`Move` is played whole or not at all."""
        if isinstance(action, Move):
            return self._person_moves(action)
        mover = self.session.to_move()
        state = self.session.person_acts(self.viewer, action)
        if mover == self.viewer:
            self.viewer_acted = True
        return state

    def _person_moves(self, move: Move) -> Any:
        start = self.session.ply
        try:
            for action in move.actions:
                state = self.person_acts(action)
        except Exception:
            while self.session.ply > start:  # a later part refused: the earlier ones go back too
                self.session.undo(self.viewer)
            raise
        return state

    def acts(self, action: Any, bot: bool = False) -> Played:
        """Play the person's choice (or, ``bot``, the bot's decision) and say
        what came of it: a refusal's reason, or another terminal that moved
        first on a shared table (told to the person here only when it was
        their move)."""
        session = self.session
        mover, start = session.to_move(), session.ply
        try:
            self.bot_plays(action) if bot else self.person_acts(action)
        except saves.SaveError as error:
            # A bot playing the viewer's seat (its time ran out) chose nothing of theirs.
            told = (
                Notice(f"{error} Choose again.", "Not played", "warning", 8)
                if mover == self.viewer and not bot
                else None
            )
            return Played(False, notice=told, reread=True)
        except IllegalAction as error:
            return Played(False, notice=Notice(error.reason, "Not allowed", "warning", 6))
        self.path = ()
        return Played(True, tuple(session.lines_since(start)))  # every action of a Move

    def run(self, limit: int = 100_000, think_for: float | None = None, bots: bool = True) -> Next:
        """Play the game's draws and (unless ``bots`` is False: the app lets
        a bot think in a worker) the bots until something else must happen
        (a person, a table entry, another terminal, the end)."""
        for _ in range(limit):
            now = self.next()
            if isinstance(now, Draw):
                self.draw()
            elif bots and isinstance(now, Bot):
                self.bot_plays(self.bot_move(think_for))
            else:
                return now
        return self.next()

    def asking(self) -> int | None:
        """Whose moves an undo may take back: the person here's, or anyone's
        in a one-person game (Session.undo_target)."""
        session = self.session
        return self.viewer if len(session.human_seats()) > 1 or session.shared else None

    def undo(self) -> str:
        """Take back the last move of the person here (any person's in a
        one-person game), and the rest of a :class:`Move` it was part of;
        raises IllegalAction (or SaveError on a shared table) and changes nothing
        when it cannot. Returns what to tell the player."""
        session = self.session
        asking = self.asking()
        message = session.undo(asking)
        whole = self.game_menu.undo_whole(self.frame())
        if whole:
            session.undo(asking)
            message = whole
        self.undone()
        return message

    def takes_back(self) -> Played:
        """:meth:`undo`, said as what came of it: what was taken back, or why nothing was."""
        try:
            message = self.undo()
        except saves.SaveError as error:  # a shared table: somebody acted meanwhile
            return Played(
                False,
                notice=Notice(f"{error} Nothing was taken back.", "Cannot undo", "warning"),
                reread=True,
            )
        except IllegalAction as error:
            return Played(False, notice=Notice(error.reason, "Cannot undo", "warning"))
        return Played(True, notice=Notice(message, timeout=3))

    @property
    def asks_the_table(self) -> bool:
        """Table mode waits on chance: the people at the table say what came up (``c``)."""
        return self.session.mode == "table" and self.session.to_move() == CHANCE

    def step_back(self, frame: Frame) -> StepBack | None:
        """Where Escape goes from ``frame`` when it takes back the step the
        person here is picking the parts of (the game's ``Menu.step_back``);
        None when it takes nothing back (not their step, or undo may not)."""
        if not frame.deciding or self.passing_to is not None:
            return None
        back = self.game_menu.step_back(frame.scene)
        if back is None or self.session.undo_target(self.asking())[0] < 0:
            return None
        return back

    def escape(self, frame: Frame | None, path: tuple[str, ...] | None = None) -> StepBack | None:
        """Where Escape goes from menu level ``path`` (the open one unless
        given): up one level, else out of a step of the person's own, taken
        back (:meth:`back_out`); None when it goes nowhere here (and nothing
        changed). Where it went is the open level after."""
        path = self.path if path is None else path
        back = StepBack(path[:-1]) if path else self.back_out(frame) if frame is not None else None
        if back is not None:
            self.path = back.path
        return back

    def may_escape(self, frame: Frame | None, path: tuple[str, ...] | None = None) -> bool:
        """Whether Escape goes anywhere now (the footer shows Back only then)."""
        path = self.path if path is None else path
        return bool(path) or (frame is not None and self.step_back(frame) is not None)

    def back_out(self, frame: Frame) -> StepBack | None:
        """Escape in a step of the person's own: its picks and the step are
        taken back, one undo each, until the scene shows no such step; where
        the menu goes back to, or None (and nothing changed) when Escape
        takes nothing back here."""
        back = self.step_back(frame)
        if back is None:
            return None
        session, menu, seat = self.session, self.game_menu, self.viewer
        while menu.step_back(screen_api.scene(session.game, session.view(seat), seat)) is not None:
            try:
                session.undo(self.asking())
            except IllegalAction:
                break
        return back

    def undone(self) -> None:
        """After an undo: nobody is owed a look, and whoever must decide now
        is at the keyboard if a person decides."""
        self.owed_a_look = self.passing_to = None
        self.path = ()
        if self.session.to_move() in self.session.human_seats():
            self.viewer = self.first_viewer()

    # --- a shared table and other files --------------------------------------------------

    def take_in_table(self) -> TableNews | None:
        """Take in other terminals' moves on a shared table (Session.sync);
        None when nothing a screen shows changed (this terminal's own move,
        come back to it); its ``unread`` says why when the table cannot be read."""
        session = self.session
        names, log_before, owners, seating = session.names, session.save.log, session.owners, session.seating
        try:
            lines, rewound = session.sync()
        except saves.SaveError as error:
            return TableNews(unread=Notice(str(error), "The table cannot be read", "error", 10))
        watchers = session.look_at_watchers()
        renamed = names != session.names
        if not (lines or rewound or renamed or watchers) and (owners, seating) == (
            session.owners,
            session.seating,
        ):
            return None  # (a seating changed: a bot stands in, or the game was abandoned: saves.clock)
        if lines or rewound:  # moves here or taken back: the menu from its top
            self.path = ()
        taker = log_before[-1].seat if rewound and log_before else -1
        who = names[taker] if 0 <= taker < len(names) else "Another terminal"
        return TableNews(tuple(lines), rewound, who if rewound else "", renamed, watchers)

    def unsaved(self) -> Notice | None:
        """The game could not be saved: why, told once per error (the
        autosave keeps trying; Session.last_save_error)."""
        error = self.session.last_save_error
        if not error or error == self.told_unsaved:
            return None
        self.told_unsaved = error
        return Notice(error, "Not saved", "error", 10)

    def other_game_at(self, path: Any) -> str:
        """What another game already saved at ``path`` is (a Save as there
        would replace it); "" when none, or this game itself."""
        session = self.session
        if path == session.path or not path.exists():
            return ""
        if saves.game_identity(path) == saves.identity_of(session.save):
            return ""
        try:
            other = saves.read(path)
        except saves.SaveError:
            return "a file castletui cannot read"
        players = ", ".join(player.name for player in other.players)
        return f"another game ({other.game}, {players}, {other.check.plies} moves)"

    # --- frames ---------------------------------------------------------------------------

    def frame(self, viewer: int | None = None, path: tuple[str, ...] = ()) -> Frame:
        """What ``viewer`` (default: the person at the keyboard) sees at menu
        level ``path``: computed once per position, viewer and path."""
        viewer = self.viewer if viewer is None else viewer
        session = self.session
        key = (
            session.save.check,
            tuple(session.names),
            tuple(session.owners),
            tuple(session.watchers),
            (tuple(session.stand_ins), session.abandoned),  # the clock's (saves.clock)
            viewer,
            tuple(path),
        )
        frame = self._frames.get(key)
        if frame is None:
            if len(self._frames) > 64:
                self._frames.clear()
            frame = self._frames[key] = self._frame(viewer, tuple(path))
        return frame

    def _menu_of(self, viewer: int, view: Any) -> list[tuple[Any, tuple[str, ...], Hashable | None]]:
        """Each legal action with its group path and spot, once per position."""
        session = self.session
        key = (session.save.check, viewer)
        if self._menu is None or self._menu[0] != key:
            game = session.game
            menu = [
                (action, screen_api.group(game, view, action), screen_api.spot(game, view, action))
                for action in session.legal_actions()
            ]
            self._menu = (key, menu)
        return self._menu[1]

    def _frame(self, viewer: int, path: tuple[str, ...]) -> Frame:
        session = self.session
        seat = session.to_move()
        view = reading = session.read_as(viewer)  # the hooks read the seat's view, in every mode
        deciding = seat is not None and seat >= 0 and not session.may_act(viewer)
        lines: list[Line] = []
        spots: dict[Hashable, tuple[tuple[str, ...], Any]] = {}
        menu: list = []
        game_menu = self.game_menu
        if deciding:
            menu = self._menu_of(viewer, reading)
            lines = screen_api.menu(
                session.game, reading, viewer, path, self._lines(reading, viewer, path, menu)
            )
            hidden = game_menu.hidden_groups
            for action, where, spot in menu if game_menu.cursor_opens_groups else ():
                if spot is None or (where[:1] and where[0] in hidden and where != path):
                    continue
                spots.setdefault(spot, (where, action))
        standing = session.standing(viewer, view)
        side = tuple(
            SideRow(
                player.name,
                session.bot_words(s),
                standing.scores[s] if s < len(standing.scores) else 0,
                s == seat,
                s == viewer,
            )
            for s, player in enumerate(session.players)
        )
        frame = Frame(
            ply=session.ply,
            viewer=viewer,
            path=path,
            names=tuple(session.names),
            seat=seat,
            deciding=deciding,
            view=view,
            scene=screen_api.scene(session.game, view, viewer),
            prompt=self._prompt(reading, viewer, seat, standing),
            lines=tuple(lines),
            spots=spots,
            offered=frozenset(),
            menu=tuple(menu),
            side=side,
            waiting=waiting_words(seat, session.mode, self._drawer(seat)),
            standing=standing,
            watchers=tuple(session.watchers),
        )
        return self._as_the_game_shows(frame)

    def _drawer(self, seat: int | None) -> str:
        """The name of the person whose turn a digital draw due now is in
        ("" for none): the draw may wait until they sit down."""
        session = self.session
        if seat != CHANCE or session.mode == "table":
            return ""
        turn = session.turn_player()
        return session.names[turn] if turn in session.human_seats() else ""

    def _as_the_game_shows(self, frame: Frame) -> Frame:
        """The frame with the game's own menu and prompt (castletui/frames/),
        the rules' "why not?" lines the menu does not grey itself at its
        foot, and the places the boards light."""
        game_menu = self.game_menu
        prompt = game_menu.prompt(frame)
        if not frame.deciding:
            return msgspec.structs.replace(frame, prompt=prompt)
        shown = list(game_menu.lines(frame))
        # A greyed line of the game's own hides the rules' line of its key.
        greyed = {line.key for line in shown if line.disabled and line.key}
        refusals = [line for line in frame.lines if line.why_not and line.key not in greyed]
        lines = tuple(shown + refusals)
        offered = set(frame.spots)
        offered.update(line.spot for line in lines if line.spot is not None and not line.disabled)
        return msgspec.structs.replace(frame, prompt=prompt, lines=lines, offered=frozenset(offered))

    def _lines(self, view: Any, viewer: int, path: tuple[str, ...], menu: list) -> list[Line]:
        """The actions of the open level, labelled by the rules and tied to
        their spot, and a line "NAME..." for each group below it, in the
        order the rules list them; at the top, the rules' "why not?"."""
        session = self.session
        game, names = session.game, session.names
        lines: list[Line] = []
        opened: set[str] = set()
        previews = screen_api.has_preview(game)
        for action, where, spot in menu:
            if where[: len(path)] != path:
                continue
            if len(where) == len(path):
                preview = screen_api.preview(game, view, action, viewer) if previews else ""
                lines.append(
                    Line(
                        name_seats(label(game, view, action), names),
                        action,
                        spot=spot,
                        preview=name_seats(preview, names),
                    )
                )
            elif where[len(path)] not in opened:
                name = where[len(path)]
                opened.add(name)
                lines.append(Line(f"{name}...", group=(*path, name), key=name))
        if not path:
            for refusal in screen_api.refusals(game, view, viewer):
                reason = name_seats(refusal.reason, names)
                key = refusal.key or refusal.label
                lines.append(
                    Line(f"✗ {refusal.label}: {reason}", why_not=reason, note=refusal.label, key=key)
                )
        return lines

    def _prompt(self, view: Any, viewer: int, seat: int | None, standing: Any) -> str:
        session = self.session
        names = session.names
        if session.abandoned:
            return "The game was ended as abandoned: no winner, a loss for nobody."
        if seat is None:
            if standing.lost:
                return "Game over: the game is lost. s shows the score sheet."
            winners = " and ".join(names[s] for s in standing.winners) or "nobody"
            decided = f" {standing.decided_words()}" if standing.decided_by else ""
            return f"Game over: {winners} won.{decided} s: score sheet."
        if seat == CHANCE:
            return "Table mode: say what happened." if session.mode == "table" else "Rolling..."
        if session.shared and viewer in session.stand_ins:
            # The header has no room for the way back (saves/clock.py): the bar says it.
            return STOOD_IN
        if seat in session.stand_ins:
            # Not Ann thinking: she is away, and her panel says "Ann (bot)".
            return f"A bot is thinking for {names[seat]}..."
        if session.is_bot(seat):
            return f"{names[seat]} is thinking..."
        if session.shared and seat != viewer:
            owners = session.owners
            owner = owners[seat] if seat < len(owners) else names[seat]  # as the table was last read
            watching = "You are watching. " if session.watching else ""
            if not owner:
                return f"{watching}Seat {seat + 1} is free: waiting for someone to take it from their lobby."
            return f"{watching}Waiting for {names[seat]} to decide at their terminal..."
        return name_seats(screen_api.prompt(session.game, view, seat), names)

    def open(self, path: tuple[str, ...]) -> None:
        """The person opened menu level ``path`` (a group's line, a place in it)."""
        self.path = tuple(path)

    def shown(self, path: tuple[str, ...] | None = None) -> Shown:
        """What the person at the keyboard sees at menu level ``path`` (the
        open one unless given): the frame's lines and places only while they
        choose (none under the curtain), the "Pass to ..." line while the
        device is handed over, and the top level again when ``path`` emptied
        (an undo). The level shown is the open one after."""
        shown = self._shown(self.path if path is None else path)
        self.path = shown.frame.path
        return shown

    def _shown(self, path: tuple[str, ...]) -> Shown:
        frame = self.frame(self.viewer, path)
        if self.passing_to is not None:
            names = self.session.names
            return Shown(frame, (Line(f"Pass to {names[self.passing_to]}", command="pass"),))
        if not frame.deciding or self.curtain_down:
            return Shown(frame)
        if not frame.lines and path:
            frame = self.frame(self.viewer, ())
        return Shown(frame, frame.lines, frame.offered)

    def prompt(self, frame: Frame) -> str:
        """The question over the action bar (the hand-over's while the device is passed)."""
        return frame.prompt if self.passing_to is None else self.hand_over_prompt(self.passing_to)

    def hand_over_prompt(self, seat: int) -> str:
        """The prompt while the person here sees how their turn ended before passing to ``seat``."""
        session = self.session
        viewer, next_person = session.names[self.viewer], session.names[seat]
        if session.turn_player() == self.viewer:  # another decides during the viewer's turn
            return f"{viewer}, {next_person} decides next; the device comes back to you. Enter passes it."
        return f"{viewer}, this is how your turn ended. Enter passes the device to {next_person}."

    def chance_question(self) -> tuple[str, list[tuple[str, Any]]]:
        """Table mode: the question and the possible outcomes, each named
        (a log line may keep a drawn card secret; the picker names it)."""
        return self.session.chance_question()


def waiting_words(seat: int | None, mode: str, drawer: str = "") -> str:
    """The side panel's line when no one is to move: the game is over, or
    chance decides (at a real table: the players say what came up; a draw
    in ``drawer``'s turn may wait for them: :meth:`Driver._draw_waits_for`)."""
    if seat == CHANCE:
        if mode == "table":
            return " Say what came up: c"
        return f" {drawer} draws next" if drawer else " Drawing..."
    if seat is None:
        return " Game over"
    return ""
