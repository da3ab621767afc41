"""The game screen frame shared by every game: the board area (each game's
module fills it), the players panel, the game log and the action bar.

The frame runs the game loop: chance is drawn (digital) or asked for (table
mode), bots play in a worker with a short visible pause, people choose from
the legal actions the rules list, the curtain falls between people when the
next view differs, and every action is saved at once.

On a shared table (each player at their own terminal: castletui/shared.py)
the screen shows its own seat's view only, with no curtain; it offers
choices only on that seat's decisions, plays bots and chance when it sees
them first, and redraws and logs other terminals' moves as they land.
"""

from __future__ import annotations

import importlib
import time
from pathlib import Path
from typing import Any

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option
from textual.worker import get_current_worker

import saves
from castletui.screens.dialogs import ChancePicker, ConfirmScreen, CurtainScreen, SaveAsScreen
from castletui.screens.result import ResultScreen
from castletui.screens.table_entry import CountsEntry, SetupForm
from castletui.session import Session
from castletui.watch import TableWatcher
from castletui.widgets.board import SpotBoard
from castletui.widgets.footer import SteadyFooter, fit_footer
from castletui.widgets.header import SteadyHeader
from castletui.widgets.panels import GameLog, PlayersPanel
from castletui.widgets.plain import Plain
from rules import registry
from rules.core import CHANCE, IllegalAction, name_seats, table_entry
from rules.core import screen as screen_api


def screen_for(session: Session) -> GameScreen:
    """The game's own screen (the registry names its module), or the frame."""
    module_name = registry.screen_module(session.save.game)
    if not module_name:
        return GameScreen(session)
    return importlib.import_module(module_name).SCREEN(session)


class Choice:
    """One line of the action bar: its text and what choosing it does (an
    action for the rules, or a callable for a screen's own step)."""

    def __init__(
        self, text: str, action: Any = None, *, run: Any = None, disabled: bool = False, where: Any = None
    ) -> None:
        self.text, self.action, self.run, self.disabled = text, action, run, disabled
        self.where = where  # the board spot this choice is about, lit on the board


class GameScreen(Screen):
    """The frame; a game's screen subclasses it and overrides
    ``compose_board``, ``update_board`` and, for multi-step choices made on
    the board, ``choices``."""

    HELP = (
        "The action bar lists what you may do now: arrows and Enter choose. The log on the right tells "
        "what happened. The game is saved after every move; q goes back to the menu."
    )
    BINDINGS = [
        Binding("escape", "back_out", "Back"),
        Binding("c", "chance", "What happened?"),
        Binding("u", "undo", "Undo"),
        # The rarer keys stay (Help and the README list them) but leave the
        # Footer, so that a game's own keys, Back and F1 Help fit at 80 columns.
        Binding("ctrl+s", "save_as", "Save as", show=False),
        Binding("r", "rules", "Rules", show=False),
        Binding("s", "score", "Score"),
        Binding("q", "menu", "Menu"),
    ]

    def __init__(self, session: Session) -> None:
        super().__init__()
        self.session = session
        self.viewer = self._first_viewer()
        self.choice_list: list[Choice] = []
        self.bot_thinking = False
        self.result_shown = False
        self.shown_save_error = ""
        self.waiting_on_curtain = False
        self.handing_over: int | None = None  # the person the device goes to next
        self.viewer_acted = False  # the person at the keyboard decided something since it came to them
        # A person who passed the device mid-turn (another may react) and has
        # not yet seen how their turn ended (what a Buy drew, an Explore found).
        self.owed_a_look: int | None = None
        self.resumed = False  # opened from a save (the curtain says the game goes on)
        self.setup_form_declined = False
        self.batch_declined_at = -1
        """Table mode: the ply at which the players chose to answer a batch
        one piece at a time (Escape on the counts line)."""
        self.menu_path: tuple[str, ...] = ()  # the open level of the game's menu (screen API groups)
        # Set before mounting: the Header reads them as it mounts.
        self.title = session.game.INFO.title
        self.sub_title = session.path.name if session.path else ""

    @property
    def shared(self) -> bool:
        """Whether this is one terminal of a shared table."""
        return self.session.shared

    def _first_viewer(self) -> int:
        if self.session.shared:
            return self.session.seat
        seat = self.session.to_move()
        humans = self.session.human_seats()
        if seat is not None and seat >= 0 and seat in humans:
            return seat
        return humans[0] if humans else 0

    # --- layout -------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield SteadyHeader()
        with Horizontal(id="game-main"):
            with Vertical(id="board-area"):
                yield from self.compose_board()
            with Vertical(id="side"):
                yield PlayersPanel(id="players")
                yield GameLog(id="log")
        with Vertical(id="action-area"):
            yield Plain("", id="prompt")
            yield OptionList(id="actions", markup=False)
            yield Plain("", id="preview")
            yield from self.compose_action_extras()
        yield SteadyFooter()

    def compose_board(self) -> ComposeResult:
        """The game's own board widgets. The frame's default shows the
        viewer's state as text (for a game still without its own board)."""
        yield Plain("", id="text-board")

    def compose_action_extras(self) -> ComposeResult:
        """Widgets a game adds to the action area (e.g. an aiming bar)."""
        yield from ()

    def update_board(self, view: Any) -> None:
        self.query_one("#text-board", Static).update(Text(repr(view)))

    def on_mount(self) -> None:
        self.fit_footer()
        self.session.read_log_as(self.viewer)
        self.query_one(GameLog).show_all([line.text for line in self.session.log])
        if self.shared:
            self.watch_table()
        if self.hidden_between_people():
            # Nobody has said who sits at the keyboard yet: no hand shows first.
            note = "The game goes on where it stopped. Everyone else, look away." if self.resumed else ""
            self.lower_curtain(self.viewer, note=note)
            return
        self.refresh_table()
        self.call_after_refresh(self.advance)

    def on_resize(self) -> None:
        # A game screen's own on_resize runs as well (Textual calls each class's handler).
        self.fit_footer()

    def fit_footer(self) -> None:
        """F1 Help stays in sight beside a game's own keys, Back and c."""
        fit_footer(self)

    # --- showing the table ---------------------------------------------------

    def refresh_table(self) -> None:
        session = self.session
        if session.read_log_as(self.viewer):  # hot-seat: the log of whoever sits here now
            self.query_one(GameLog).show_all([line.text for line in session.log])
        self.update_board(session.view(self.viewer))
        self.query_one(PlayersPanel).show(session, self.viewer, self.side_lines())
        # Nothing private is drawn while the curtain is down, not even under it.
        self.query_one("#board-area").display = not self.waiting_on_curtain
        seat = session.to_move()
        if self.handing_over is not None:
            self.choice_list = [self.hand_over_choice(self.handing_over)]
        elif self.deciding():
            choices = self.choices()
            self.choice_list = choices + self.why_not_choices(seat, choices)
        else:
            self.choice_list = []
        actions = self.query_one("#actions", OptionList)
        actions.clear_options()
        actions.add_options(
            [
                Option(choice.text, id=str(index), disabled=choice.disabled)
                for index, choice in enumerate(self.choice_list)
            ]
        )
        if self.choice_list:
            actions.highlighted = next((i for i, c in enumerate(self.choice_list) if not c.disabled), None)
        for board in self.query(SpotBoard):
            board.offer(choice.where for choice in self.choice_list if not choice.disabled)
        self.point_boards_at(self.highlighted_choice())
        self.query_one("#prompt", Static).update(self.prompt_text())
        self.show_preview()
        # `c` and Back come and go with the step (the Footer redraws only if its keys changed)
        self.refresh_bindings()
        if session.last_save_error and session.last_save_error != self.shown_save_error:
            self.shown_save_error = session.last_save_error
            self.notify(session.last_save_error, title="Not saved", severity="error", timeout=10)

    def deciding(self) -> bool:
        """Whether the person at the keyboard has a decision of their own
        seat to make now: the session's guard (Session.may_act) agrees, and
        no curtain or hand-over stands between. The action bar and the
        boards offer choices only then."""
        seat = self.session.to_move()
        return (
            seat is not None
            and seat >= 0
            and not self.waiting_on_curtain
            and self.handing_over is None
            and not self.session.may_act(self.viewer)
        )

    def side_lines(self) -> list[str]:
        """Extra lines for the players panel (supplies, decks...)."""
        return []

    def prompt_text(self) -> str:
        session = self.session
        seat = session.to_move()
        if seat is None:
            result = session.result()
            if result.lost:
                return "Game over: the game is lost. s shows the score sheet."
            winners = " and ".join(session.names[s] for s in result.winners) or "nobody"
            decided = f" ({result.decided_by.rstrip('.')})" if result.decided_by else ""
            return f"Game over: {winners} won{decided}. s: score sheet."
        if seat == CHANCE:
            return "Table mode: say what happened." if session.mode == "table" else "Rolling..."
        name = session.names[seat]
        if session.is_bot(seat):
            return f"{name} is thinking..."
        if self.shared and seat != self.viewer:
            return self.waiting_prompt(seat)
        if self.handing_over is not None:
            viewer, next_person = session.names[self.viewer], session.names[self.handing_over]
            if session.turn_player() == self.viewer:  # another decides during the viewer's turn
                return f"{viewer}, {next_person} decides next; the device comes back to you. Enter passes it."
            return f"{viewer}, this is how your turn ended. Enter passes the device to {next_person}."
        return self.turn_prompt(name)

    def waiting_prompt(self, seat: int) -> str:
        """What a shared table's terminal says while another seat decides."""
        name = self.session.names[seat]
        owners = self.session.owners
        owner = owners[seat] if seat < len(owners) else name  # as the table was last read
        if not owner:
            return f"Seat {seat + 1} is free: waiting for someone to take it (castletui join)."
        return f"Waiting for {name} to decide at their terminal..."

    def turn_prompt(self, name: str) -> str:
        """The question for the person to move: the game's ``prompt`` (the
        screen API), or "NAME, choose:"."""
        session = self.session
        seat = session.to_move()
        return name_seats(screen_api.prompt(session.game, session.state, seat), session.names)

    def choices(self) -> list[Choice]:
        """The action bar for the person to move, one level of the game's
        menu at a time (the screen API's ``group``): the actions of the open
        level, each labelled by the rules and tied to its board ``spot``, and
        a line "NAME..." for each group below it, in the order the rules list
        them. Escape steps back one level."""
        session = self.session
        game, state = session.game, session.state
        level = self.menu_path
        choices: list[Choice] = []
        opened: set[str] = set()
        for action in session.legal_actions():
            path = screen_api.group(game, state, action)
            if path[: len(level)] != level:
                continue
            if len(path) == len(level):
                choices.append(
                    Choice(session.label(action), action, where=screen_api.spot(game, state, action))
                )
            elif path[len(level)] not in opened:
                name = path[len(level)]
                opened.add(name)
                choices.append(Choice(f"{name}...", run=lambda name=name: self.open_group(name)))
        if not choices and level:  # the level emptied (an undo): back to the top
            self.menu_path = ()
            return self.choices()
        return choices

    def why_not_choices(self, seat: int, choices: list[Choice]) -> list[Choice]:
        """What the player might expect to do but may not now, greyed at the
        foot of the action bar's first level, each with the rules' own
        reason (the screen API's ``refusals``): "Defend: a vicious wolf
        needs two cauldrons from one pouring". A line the screen already
        greys with its reason is not repeated."""
        if self.menu_path:
            return []
        session = self.session
        shown = {choice.text.split(":", 1)[0] for choice in choices if choice.disabled}
        lines = []
        for refusal in screen_api.refusals(session.game, session.state, seat):
            if refusal.label in shown:
                continue
            reason = name_seats(refusal.reason, session.names)
            lines.append(Choice(f"✗ {refusal.label}: {reason}", disabled=True))
        return lines

    def open_group(self, name: str) -> None:
        self.menu_path = (*self.menu_path, name)
        self.refresh_table()

    def show_preview(self) -> None:
        """The game's ``preview`` of the highlighted choice, on the line
        under the action bar (only for games that preview)."""
        line = self.query_one("#preview", Static)
        session = self.session
        line.display = screen_api.has_preview(session.game)
        if not line.display:
            return
        choice = self.highlighted_choice()
        text = ""
        if choice is not None and choice.action is not None:
            text = screen_api.preview(session.game, session.state, choice.action, self.viewer)
        line.update(name_seats(text, session.names))

    def highlighted_choice(self) -> Choice | None:
        index = self.query_one("#actions", OptionList).highlighted
        return self.choice_list[index] if index is not None and index < len(self.choice_list) else None

    @on(OptionList.OptionHighlighted, "#actions")
    def choice_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self.show_preview()
        self.point_boards_at(self.highlighted_choice())
        self.show_why_not(event.option_list, event.option_index)

    def show_why_not(self, options: OptionList, index: int) -> None:
        """On the last line that may be chosen (End, or Down to it), the
        greyed why-not lines under it come into view: the action bar is a
        few lines tall at 80x24 and a turn may list many actions before
        them, so without this no key would ever show a reason."""
        last = max((i for i, choice in enumerate(self.choice_list) if not choice.disabled), default=-1)
        if index == last and index + 1 < options.option_count:
            # The highlighted line stays in view: the list scrolls at most to put it on top.
            self.call_after_refresh(
                lambda: options.scroll_to(y=min(index, options.max_scroll_y), animate=False)
            )

    def point_boards_at(self, choice: Choice | None) -> None:
        """The board cursor follows the action bar: it sits on the spot the
        highlighted choice is about."""
        for board in self.query(SpotBoard):
            board.point_at(choice.where if choice is not None else None)

    @on(SpotBoard.CursorMoved)
    def board_cursor_moved(self, event: SpotBoard.CursorMoved) -> None:
        """...and the action bar follows the board cursor."""
        for index, choice in enumerate(self.choice_list):
            if choice.where == event.spot and not choice.disabled:
                self.query_one("#actions", OptionList).highlighted = index
                return

    @on(SpotBoard.SpotChosen)
    def board_spot_chosen(self, event: SpotBoard.SpotChosen) -> None:
        if not self.choose_at(event.spot):
            self.notify("Nothing to do there right now.", timeout=3)

    # --- the game loop ---------------------------------------------------------

    def advance(self) -> None:
        """Move the game on until a person must decide."""
        session = self.session
        for _ in range(1000):
            seat = session.to_move()
            if seat is None:
                self.refresh_table()
                self.show_result()
                return
            if seat == CHANCE:
                if session.mode == "table":
                    self.refresh_table()
                    self.ask_chance()
                    return
                if not self._played(session.digital_chance(), session.draw, advance=False) and self.shared:
                    return  # another terminal drew it first: the table is being reloaded
                continue
            if self.shared and not session.is_bot(seat) and seat != self.viewer:
                self.refresh_table()  # their terminal decides; the watcher brings it here
                return
            if session.is_bot(seat):
                self.refresh_table()
                if not self.bot_thinking:
                    self.bot_thinking = True
                    self.bot_turn(session.ply)
                return
            owed = self.owed_a_look
            if owed is not None and owed == self.viewer:
                self.owed_a_look = None  # they have the device: they see for themselves
            elif owed is not None and session.turn_player() != owed:
                # Their turn ended while another person had the device.
                self.owed_a_look = None
                if owed != seat:
                    self.lower_curtain(
                        owed, note="See how your turn ended, then pass the device on.", to_look=True
                    )
                    return
            if self.needs_curtain(seat):
                if self.viewer_acted:
                    self.hand_over(seat)
                else:  # the viewer only looked: no turn of theirs to see end
                    self.lower_curtain(seat)
                return
            self.viewer = seat
            self.refresh_table()
            self.query_one("#actions", OptionList).focus()
            return

    def needs_curtain(self, seat: int) -> bool:
        session = self.session
        if self.no_curtain or seat == self.viewer or len(session.human_seats()) < 2:
            return False
        return session.view(seat) != session.view(self.viewer)

    def hidden_between_people(self) -> bool:
        """Whether the people at this device may see different things
        (hands). Asked of the game, not of this moment: before the deal
        every view is alike, yet the first hand dealt must not show to
        whoever happens to sit at the keyboard; a game that hides anything
        from a seat (a hand, a deck) will hide it between people."""
        session = self.session
        humans = session.human_seats()
        if self.no_curtain:
            return False
        return len(humans) > 1 and any(session.view(seat) != session.state for seat in humans)

    @property
    def no_curtain(self) -> bool:
        """A shared table has one person per terminal, and at a real table
        (table mode) the hands are in the players' own hands: nothing on
        this screen is secret from the one at the keyboard."""
        return self.shared or self.session.mode == "table"

    def hand_over(self, seat: int) -> None:
        """Before the curtain falls, the person who just played sees how their
        turn ended (what a Buy drew, what an Explore found), then passes."""
        self.handing_over = seat
        if self.session.turn_player() == self.viewer != seat:
            # Another person decides during the viewer's turn (a reaction):
            # the viewer is owed a look at how the turn ends.
            self.owed_a_look = self.viewer
        self.refresh_table()
        self.query_one("#actions", OptionList).focus()

    def hand_over_choice(self, seat: int) -> Choice:
        return Choice(f"Pass to {self.session.names[seat]}", run=lambda: self.lower_curtain(seat))

    def lower_curtain(self, seat: int, note: str = "", to_look: bool = False) -> None:
        """Hide the table until ``seat``'s person says they are at the
        keyboard; ``to_look``: they come to see how their turn ended, so
        they pass the device on themselves afterwards."""
        self.handing_over = None
        self.waiting_on_curtain = True
        self.refresh_table()

        def raised(_: Any) -> None:
            self.waiting_on_curtain = False
            self.viewer = seat
            self.viewer_acted = to_look
            self.refresh_table()
            self.advance()

        self.app.push_screen(CurtainScreen(self.session.names[seat], note), raised)

    def ask_chance(self) -> None:
        """Ask the table what happened: the set-up on one form, pieces drawn
        together as one line of counts, anything else from a picker."""
        session = self.session
        game, state, names = session.game, session.state, session.names
        if not self.setup_form_declined:
            fields = table_entry.setup_form(game, state)
            if fields:
                title = f"Setting up {session.game.INFO.title}: what was dealt and turned up"
                self.app.push_screen(
                    SetupForm(title, fields, names, self.entry_check(fields)), self.entered_form
                )
                return
        batch = table_entry.chance_batch(game, state)
        if batch is not None and batch.count > 1 and self.batch_declined_at != session.ply:
            self.app.push_screen(CountsEntry(batch, names, self.entry_check((batch,))), self.entered_counts)
            return
        self.pick_chance()

    def entry_check(self, batches: tuple[table_entry.Batch, ...]) -> Any:
        session = self.session
        return lambda counts: table_entry.batch_actions(session.game, session.state, batches, counts)

    def entered_form(self, actions: list[Any] | None) -> None:
        if actions is None:
            self.setup_form_declined = True
            self.ask_chance()
            return
        self.entered(actions)

    def entered_counts(self, actions: list[Any] | None) -> None:
        if actions is None:
            self.batch_declined_at = self.session.ply
            self.pick_chance()
            return
        self.entered(actions)

    def entered(self, actions: list[Any]) -> None:
        """The actions typed on the set-up form or as counts, played one by
        one: each is its own line in the log, and undo takes them back one
        at a time."""
        for action in actions:
            if not self.play(action, advance=False):
                break
        self.refresh_table()
        self.advance()

    def pick_chance(self) -> None:
        session = self.session
        # Labels name each outcome (a log line may keep a drawn card secret).
        outcomes = [(session.label(action), action) for action, _ in session.chance_outcomes()]
        prompt = getattr(session.game, "chance_prompt", None)
        question = (
            name_seats(prompt(session.state), session.names) if prompt else "What happened at the table?"
        )

        def answered(action: Any) -> None:
            if action is None:
                self.notify("Press c when you know what happened.", timeout=4)
                return
            self.play(action)

        self.app.push_screen(ChancePicker(question, outcomes), answered)

    def action_chance(self) -> None:
        if self.check_action("chance", ()):
            self.ask_chance()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """``c`` (say what happened) only shows while table mode waits on
        chance, and Back only while there is a step to go back."""
        if action == "chance":
            return self.session.mode == "table" and self.session.to_move() == CHANCE
        if action == "back_out":
            return self.can_back_out()
        # Save as is off on a shared table: the table file is the game, and a
        # copy would hold every hand.
        return not (action == "save_as" and self.shared)

    class BotDecided(Message):
        """A bot's decision, from its worker thread to the screen."""

        def __init__(self, ply: int, action: Any) -> None:
            super().__init__()
            self.ply, self.action = ply, action

    @work(thread=True, exclusive=True, group="bot")
    def bot_turn(self, ply: int) -> None:
        # The worker never touches the screen: it posts the decision, which
        # the screen handles in its own turn, or never if it is gone by then
        # (back to the menu, the app closing, a slow SSH host).
        started = time.monotonic()
        action = self.session.bot_decision(self.app.think_for)
        pause = self.app.bot_delay - (time.monotonic() - started)
        if pause > 0:
            time.sleep(pause)
        self.post_message(self.BotDecided(ply, action))

    def on_game_screen_bot_decided(self, message: BotDecided) -> None:
        self.bot_done(message.ply, message.action)

    def bot_done(self, ply: int, action: Any) -> None:
        self.bot_thinking = False
        if self.session.ply != ply or not self.is_attached:
            if self.shared and self.is_attached:
                self.advance()  # another terminal played this bot first: on to what comes next
            return  # the table changed (undo, back to menu) while the bot thought
        self._played(action, lambda: self.session.bot_plays(action))

    def play(self, action: Any, advance: bool = True) -> bool:
        """Play an action the person at the keyboard chose: every key, click,
        dialog and table-entry form of every game screen comes here, and the
        session decides whether it is theirs to choose (Session.may_act: never
        a bot's move, a digital draw or another person's). A refusal is shown
        with its reason and changes nothing."""
        return self._played(action, lambda: self.session.person_acts(self.viewer, action), advance)

    def _played(self, action: Any, act: Any, advance: bool = True) -> bool:
        """Run ``act`` (the session playing ``action``), then log and redraw."""
        mover = self.session.to_move()
        try:
            act()
        except saves.SaveError as error:  # a shared table: another terminal moved first (saves.table)
            if mover == self.viewer:
                self.notify(f"{error} Choose again.", title="Not played", severity="warning", timeout=8)
            self.call_later(self.table_changed)
            return False
        except IllegalAction as error:
            self.notify(error.reason, title="Not allowed", severity="warning", timeout=6)
            return False
        if mover == self.viewer:
            self.viewer_acted = True
        log = self.query_one(GameLog)
        for line in self.session.lines_of_last_move():
            log.add(line.text)
        self.menu_path = ()
        self.after_action(action)
        if advance:
            self.refresh_table()
            self.advance()
        return True

    # --- a shared table -----------------------------------------------------------

    class TableChanged(Message):
        """The table file changed: another terminal moved (from the watcher)."""

    def watch_table(self) -> None:
        """Watch the table file from a thread (castletui/shared.py) until
        this screen goes: from the file as the session read it."""
        self.table_watcher = TableWatcher(self.session.table.path, self.session.table.known)
        self.run_worker(self._watching_table, thread=True, exclusive=True, group="table")

    def _watching_table(self) -> None:
        worker = get_current_worker()
        for _ in self.table_watcher.changes(lambda: worker.is_cancelled):
            self.post_message(self.TableChanged())

    def on_unmount(self) -> None:
        watcher = getattr(self, "table_watcher", None)
        if watcher is not None:
            watcher.stop()  # its thread ends at its next look, whatever removed the screen

    def on_game_screen_table_changed(self, message: TableChanged) -> None:
        self.table_changed()

    def table_changed(self) -> None:
        """Take in other terminals' moves: log them in this terminal's
        words, redraw once, and go on (a bot or a draw may be next)."""
        if not self.is_attached:
            return
        session = self.session
        names, log_before, owners = session.names, session.save.log, session.owners
        try:
            lines, rewound = session.sync()
        except saves.SaveError as error:
            self.notify(str(error), title="The table cannot be read", severity="error", timeout=10)
            return
        if not (lines or rewound) and names == session.names and owners == session.owners:
            return  # nothing this screen shows changed (our own move, come back)
        log = self.query_one(GameLog)
        if rewound or names != self.session.names:  # an undo, or a player took a seat (their name)
            log.show_all([line.text for line in self.session.log])
        if rewound:
            taker = log_before[-1].seat if log_before else -1
            who = names[taker] if 0 <= taker < len(names) else "Another terminal"
            self.notify(f"{who} took back their last move.", timeout=5)
            self.result_shown = False
        else:
            for line in lines:
                log.add(line.text)
        if lines or rewound:
            self.menu_path = ()
            self.bot_thinking = self.bot_thinking and not rewound
        self.advance()  # it redraws the table once, wherever it stops

    def after_action(self, action: Any) -> None:
        """A game screen's hook after each action (e.g. clearing a selection)."""

    @on(OptionList.OptionSelected, "#actions")
    def action_chosen(self, event: OptionList.OptionSelected) -> None:
        index = int(event.option.id or 0)
        if index < len(self.choice_list):
            self.run_choice(self.choice_list[index])

    def run_choice(self, choice: Choice) -> None:
        if choice.run is not None:
            choice.run()
        elif choice.action is not None:
            self.play(choice.action)

    def choose_at(self, where: Any) -> bool:
        """Take the choice about a board spot (Enter on the board cursor, or
        a click); when several choices are about it, the action bar shows
        them highlighted to pick from. False when none is."""
        matching = [
            i for i, choice in enumerate(self.choice_list) if choice.where == where and not choice.disabled
        ]
        if not matching:
            return False
        actions = self.query_one("#actions", OptionList)
        actions.highlighted = matching[0]
        if len(matching) == 1:
            self.run_choice(self.choice_list[matching[0]])
        else:
            actions.focus()
            self.notify(f"{len(matching)} choices there: pick one in the list.", timeout=3)
        return True

    def show_result(self) -> None:
        if not self.result_shown:
            self.result_shown = True
            self.action_score()

    # --- keys ------------------------------------------------------------------

    def back_out(self) -> bool:
        """Step back one level of a multi-step choice; True when there was
        one. A game screen with steps of its own extends this (and
        ``can_back_out``)."""
        if self.menu_path:
            self.menu_path = self.menu_path[:-1]
            return True
        return False

    def can_back_out(self) -> bool:
        """Whether Escape has a step to go back (the Footer shows Back only then)."""
        return bool(self.menu_path)

    def action_back_out(self) -> None:
        if self.back_out():
            self.refresh_table()

    def action_undo(self) -> None:
        try:
            asking = self.viewer if len(self.session.human_seats()) > 1 or self.shared else None
            message = self.take_back(asking)
        except saves.SaveError as error:  # a shared table: somebody acted meanwhile
            self.notify(f"{error} Nothing was taken back.", title="Cannot undo", severity="warning")
            self.table_changed()
            return
        except IllegalAction as error:
            self.notify(error.reason, title="Cannot undo", severity="warning")
            return
        self.bot_thinking = False
        self.result_shown = False
        self.handing_over = self.owed_a_look = None
        self.menu_path = ()
        self.query_one(GameLog).show_all([line.text for line in self.session.log])
        self.notify(message, timeout=3)
        self.viewer = (
            self._first_viewer() if self.session.to_move() in self.session.human_seats() else self.viewer
        )
        self.refresh_table()
        self.advance()

    def take_back(self, asking: int | None) -> str:
        """Undo one move of ``asking`` (None: whoever sits here); a game
        screen that plays two rules actions as one choice takes both back."""
        return self.session.undo(asking)

    def action_save_as(self) -> None:
        suggestion = self.session.path.stem if self.session.path else self.session.save.game

        def chosen(name: str | None) -> None:
            if not name:
                return
            try:
                path = saves.path_in(self.app.save_dir, name)
            except saves.SaveError as error:
                self.notify(str(error), title="Not saved", severity="error", timeout=8)
                return
            other = self.other_game_in(path)
            if not other:
                self.save_as(path)
                return
            self.app.push_screen(
                ConfirmScreen(
                    f"{path.name} already holds {other}.",
                    "Replace it with this game? Its last copy is kept beside it as a backup (.bak).",
                    yes="Replace",
                    no="Cancel",
                ),
                lambda replace: self.save_as(path, replace=True) if replace else None,
            )

        self.app.push_screen(SaveAsScreen(suggestion), chosen)

    def other_game_in(self, path: Path) -> str:
        """What another game already saved at ``path`` is, in words; "" when
        there is none (or it is this very game)."""
        if path == self.session.path or not path.exists():
            return ""
        if saves.game_identity(path) == saves.identity_of(self.session.save):
            return ""
        try:
            other = saves.read(path)
        except saves.SaveError:
            return "a file castletui cannot read"
        players = ", ".join(player.name for player in other.players)
        return f"another game ({other.game}, {players}, {other.check.plies} moves)"

    def save_as(self, path: Path, replace: bool = False) -> None:
        try:
            self.session.save_as(path, replace=replace)
        except saves.SaveError as error:
            self.notify(str(error), title="Not saved", severity="error", timeout=8)
            return
        self.sub_title = path.name
        self.notify(f"Saved as {path.name}; later moves are saved there too.")

    def action_rules(self) -> None:
        self.app.open_rules(self.session.save.game)

    def action_score(self) -> None:
        self.app.push_screen(ResultScreen(self.session, self.viewer))

    def action_menu(self) -> None:
        self.workers.cancel_group(self, "bot")
        self.workers.cancel_group(self, "table")
        self.app.pop_screen()
        if self.session.path is not None and not self.session.last_save_error:
            self.app.notify(f"Saved as {self.session.path.name}.", timeout=3)
