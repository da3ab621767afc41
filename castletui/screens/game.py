"""The game screen every game shares: a renderer of the driver's frames and
a router of keys. The board area is each game's (its module's
``compose_board`` and widgets); the players panel, the game log, the
prompt, the action bar and its preview line are drawn here from one
:class:`~castletui.driver.Frame` (what the viewer sees: their ``view`` and
their menu), computed once per position.

What happens next is the driver's to say (castletui/driver.py): the game's
draws are played at once, bots in a worker with a short visible pause,
table-mode entry asked on a form, a line of counts or a picker, and a
person decides, the hot-seat curtain falling first when the driver says
so. Every choice plays through the session's guards.

Written once here for every game: the board cursor reaches the places of
actions in groups not opened yet (moving there opens the group), a board
the person chose with keeps the keyboard while it has places to offer,
and each board is offered the places it draws (``SpotBoard.draws``).

On a shared table (each player at their own terminal) the screen shows its
own seat's view only, with no curtain, and redraws other terminals' moves
as the table watcher (castletui/watch.py) brings them.
"""

from __future__ import annotations

import importlib
import time
from collections.abc import Hashable
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

from castletui import saves
from castletui.driver import Bot, Driver, Entry, Frame, Line, Over, Person
from castletui.rules import registry
from castletui.rules.core import CHANCE, IllegalAction
from castletui.rules.core import screen as screen_api
from castletui.screens.dialogs import CurtainScreen
from castletui.screens.game_routes import SaveAs, SharedTableWatch, TableEntryRoute
from castletui.screens.log import LogScreen
from castletui.screens.result import ResultScreen
from castletui.session import Session
from castletui.widgets.board import SpotBoard
from castletui.widgets.footer import SteadyFooter, fit_footer
from castletui.widgets.header import SteadyHeader
from castletui.widgets.panels import GameLog, PlayersPanel
from castletui.widgets.plain import Plain


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
        self,
        text: str,
        action: Any = None,
        *,
        run: Any = None,
        disabled: bool = False,
        where: Any = None,
        preview: str | None = None,
    ) -> None:
        self.text, self.action, self.run, self.disabled = text, action, run, disabled
        self.where = where  # the board spot this choice is about, lit on the board
        self.preview = preview  # None: the frame's preview of ``action``


class GameScreen(TableEntryRoute, SharedTableWatch, SaveAs, Screen):
    """The frame; a game's screen subclasses it and gives ``compose_board``,
    ``update_board`` (from the view) and, where its menu reads differently
    from the rules' lines, ``menu``."""

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
        Binding("g", "log", "Log", show=False),
        Binding("s", "score", "Score"),
        Binding("q", "menu", "Menu"),
    ]
    AUTO_FOCUS = "#actions"
    """The action bar is the keyboard's home (Textual would give it to the first board)."""
    CURSOR_OPENS_GROUPS = True
    """The board cursor reaches the places of actions in every group, and
    moving onto one opens its group (False: only this level's places)."""
    HIDDEN_GROUPS: frozenset[str] = frozenset()
    """Groups whose places the boards offer only while the group is open."""

    def __init__(self, session: Session) -> None:
        super().__init__()
        self.session = session
        self.driver = Driver(session, hidden_groups=self.HIDDEN_GROUPS)
        self.frame: Frame | None = None
        self.choice_list: list[Choice] = []
        self.menu_path: tuple[str, ...] = ()  # the open level of the game's menu (screen API groups)
        self.bot_thinking = False
        self.result_shown = False
        self.shown_save_error = ""
        self.waiting_on_curtain = False
        self.handing_over: int | None = None  # the person the device goes to next
        self.board_in_use: SpotBoard | None = None  # the person chose with it: it keeps the keyboard
        self.resumed = False  # opened from a save (the curtain says the game goes on)
        # Set before mounting: the Header reads them as it mounts.
        self.title = session.game.INFO.title
        self.sub_title = session.path.name if session.path else ""

    @property
    def viewer(self) -> int:
        """The person at the keyboard (the driver keeps who it is)."""
        return self.driver.viewer

    @property
    def shared(self) -> bool:
        return self.session.shared

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
        """The game's own board widgets (default: the view as text)."""
        yield Plain("", id="text-board")

    def compose_action_extras(self) -> ComposeResult:
        """Widgets a game adds to the action area (e.g. an aiming bar)."""
        yield from ()

    def update_board(self, view: Any) -> None:
        """Draw the boards from the viewer's view (``self.frame`` has the rest)."""
        self.query_one("#text-board", Static).update(Text(repr(view)))

    def side_text(self, frame: Frame) -> Text | None:
        """The players panel, when a game draws its own (None: the frame's rows)."""
        return None

    def menu(self, frame: Frame) -> list[Choice]:
        """The action bar for the viewer: the frame's lines, a group line
        opening its level. A game whose menu reads differently overrides it
        (from ``frame`` only: the view and the rules' lines)."""
        return [self.choice_of(line) for line in frame.lines if not line.why_not]

    def choice_of(self, line: Line) -> Choice:
        if line.group is not None:
            return Choice(line.text, run=lambda path=line.group: self.open_path(path), where=line.spot)
        return Choice(line.text, line.action, disabled=line.disabled, where=line.spot, preview=line.preview)

    def prompt_text(self) -> str:
        if self.handing_over is not None:
            return self.driver.hand_over_prompt(self.handing_over)
        return self.frame.prompt if self.frame is not None else ""

    def on_mount(self) -> None:
        fit_footer(self)
        self.session.read_log_as(self.viewer)
        self.query_one(GameLog).show_all([line.text for line in self.session.log])
        if self.shared:
            self.watch_table()
        if self.driver.hidden_between_people():
            # Nobody has said who sits at the keyboard yet: no hand shows first.
            note = "The game goes on where it stopped. Everyone else, look away." if self.resumed else ""
            self.lower_curtain(self.viewer, note=note)
            return
        self.refresh_table()
        self.call_after_refresh(self.advance)

    def on_resize(self) -> None:
        # A game screen's own on_resize runs as well (Textual calls each class's handler).
        fit_footer(self)

    # --- showing the frame ---------------------------------------------------

    def refresh_table(self) -> None:
        session = self.session
        frame = self.frame = self.driver.frame(self.viewer, self.menu_path)
        if session.read_log_as(self.viewer):  # hot-seat: the log of whoever sits here now
            self.query_one(GameLog).show_all([line.text for line in session.log])
        self.update_board(frame.view)
        panel = self.query_one(PlayersPanel)
        side = self.side_text(frame)
        panel.show_frame(frame, self.side_lines()) if side is None else panel.update(side)
        # Nothing private is drawn while the curtain is down, not even under it.
        self.query_one("#board-area").display = not self.waiting_on_curtain
        choosing = frame.deciding and not self.waiting_on_curtain and self.handing_over is None
        was = self.highlighted_choice()  # (mapfix) kept highlighted below when still offered
        if self.handing_over is not None:
            seat = self.handing_over
            self.choice_list = [
                Choice(f"Pass to {session.names[seat]}", run=lambda: self.lower_curtain(seat))
            ]
        elif choosing:
            menu = self.menu(frame)
            if not menu and self.menu_path:  # the level emptied (an undo): back to the top
                self.menu_path = ()
                frame = self.frame = self.driver.frame(self.viewer, ())
                menu = self.menu(frame)
            self.choice_list = menu + self.why_not_choices(frame, menu)
        else:
            self.choice_list = []
        actions = self.query_one("#actions", OptionList)
        actions.clear_options()
        actions.add_options(
            [Option(c.text, id=str(i), disabled=c.disabled) for i, c in enumerate(self.choice_list)]
        )
        if self.choice_list:
            actions.highlighted = self.kept_highlight(was)
        # Every place an action is about, in any group, and this level's own.
        offered = set(frame.spots) if choosing and self.CURSOR_OPENS_GROUPS else set()
        offered |= {c.where for c in self.choice_list if not c.disabled and c.where is not None}
        for board in self.query(SpotBoard):
            board.offer(spot for spot in offered if board.draws(spot))
        self.point_boards_at(self.highlighted_choice())
        self.query_one("#prompt", Static).update(self.prompt_text())
        self.show_preview()
        self.keyboard_home()
        self.refresh_bindings()  # `c` and Back come and go with the step
        if session.last_save_error and session.last_save_error != self.shown_save_error:
            self.shown_save_error = session.last_save_error
            self.notify(session.last_save_error, title="Not saved", severity="error", timeout=10)

    def kept_highlight(self, was: Choice | None) -> int | None:
        """(mapfix) Which line the rebuilt action bar highlights: the one
        about the spot under the cursor of the board in use (moving there
        opened its group), else the same action as before while it is still
        offered (returning one ore after another on a 7), else the first
        that may be chosen."""
        board = self.focused if isinstance(self.focused, SpotBoard) else None
        open_lines = [(i, c) for i, c in enumerate(self.choice_list) if not c.disabled]
        if board is not None and board.cursor is not None:
            found = next((i for i, c in open_lines if c.where == board.cursor), None)
            if found is not None:
                return found
        if was is not None and was.action is not None:
            found = next((i for i, c in open_lines if c.action == was.action), None)
            if found is not None:
                return found
        return open_lines[0][0] if open_lines else None

    def side_lines(self) -> list[str]:
        """Extra lines under the frame's players rows (supplies, decks...)."""
        return []

    def why_not_choices(self, frame: Frame, menu: list[Choice]) -> list[Choice]:
        """The rules' "why not?" lines, greyed at the foot of the first
        level; a line the menu already greys with its reason is not repeated."""
        shown = {choice.text.split(":", 1)[0] for choice in menu if choice.disabled}
        return [
            Choice(line.text, disabled=True)
            for line in frame.lines
            if line.why_not and line.note not in shown
        ]

    def open_path(self, path: tuple[str, ...]) -> None:
        self.menu_path = tuple(path)
        self.refresh_table()

    def open_group(self, name: str) -> None:
        self.open_path((*self.menu_path, name))

    def show_preview(self) -> None:
        """The highlighted choice's preview under the action bar (games that preview)."""
        line = self.query_one("#preview", Static)
        line.display = screen_api.has_preview(self.session.game)
        if line.display:
            choice = self.highlighted_choice()
            line.update(self.preview_of(choice) if choice is not None else "")

    def preview_of(self, choice: Choice) -> str:
        if choice.preview is not None or choice.action is None or self.frame is None:
            return choice.preview or ""
        return next((line.preview for line in self.frame.lines if line.action == choice.action), "")

    def highlighted_choice(self) -> Choice | None:
        index = self.query_one("#actions", OptionList).highlighted
        return self.choice_list[index] if index is not None and index < len(self.choice_list) else None

    @on(OptionList.OptionHighlighted, "#actions")
    def choice_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self.show_preview()
        self.point_boards_at(self.highlighted_choice())
        self.show_why_not(event.option_list, event.option_index)

    def show_why_not(self, options: OptionList, index: int) -> None:
        """On the last line that may be chosen, the greyed why-not lines under
        it come into view (at 80x24 no key would show them otherwise)."""
        last = max((i for i, choice in enumerate(self.choice_list) if not choice.disabled), default=-1)
        if index == last and index + 1 < options.option_count:
            self.call_after_refresh(
                lambda: options.scroll_to(y=min(index, options.max_scroll_y), animate=False)
            )

    def point_boards_at(self, choice: Choice | None) -> None:
        """The board cursor follows the action bar."""
        for board in self.query(SpotBoard):
            board.point_at(choice.where if choice is not None else None)

    def highlight(self, where: Hashable) -> bool:
        for index, choice in enumerate(self.choice_list):
            if choice.where == where and not choice.disabled:
                self.query_one("#actions", OptionList).highlighted = index
                return True
        return False

    @on(SpotBoard.CursorMoved)
    def board_cursor_moved(self, event: SpotBoard.CursorMoved) -> None:
        """...and the action bar follows the board cursor, opening the group
        of a place not on this level."""
        if not self.highlight(event.spot) and self.open_group_of(event.spot):
            self.highlight(event.spot)

    def open_group_of(self, where: Hashable) -> bool:
        if not self.CURSOR_OPENS_GROUPS:
            return False
        found = self.frame.spots.get(where) if self.frame is not None else None
        if found is None or found[0] == self.menu_path:
            return False
        self.open_path(found[0])
        return True

    @on(SpotBoard.SpotChosen)
    def board_spot_chosen(self, event: SpotBoard.SpotChosen) -> None:
        self.board_in_use = event.board
        if not self.choose_at(event.spot):
            self.refused_at(event.spot)

    def refused_at(self, spot: Hashable) -> None:
        """Enter or a click where nothing may be done (a game may say why)."""
        self.notify("Nothing to do there right now.", timeout=3)

    def use_board(self, board: SpotBoard) -> None:
        """The person turned to ``board`` (a key of the game's, or a choice
        made on it): it keeps the keyboard while they go on with it. A board
        with no place to choose now keeps none: Enter would do nothing there."""
        if not (board.display and board.selectable):
            self.notify("Nothing to choose there now: the action bar lists what you may do.", timeout=3)
            self.keyboard_home()
            return
        self.board_in_use = board
        board.focus()

    def keyboard_home(self) -> None:
        """The one rule of the keyboard (call it after a dialog, a board
        switch, Escape or a redraw): it is on something that answers Enter.
        A board keeps it while it shows a place to choose; anything else
        (a hidden board, one with nothing to offer, no focus at all) gives
        it to the action bar, where the highlighted line is one that may be
        chosen."""
        focused = self.focused
        if isinstance(focused, SpotBoard) and focused.display and focused.selectable:
            return
        if (
            focused is not None
            and not isinstance(focused, SpotBoard)
            and focused.display
            and focused.id != "actions"
        ):
            return  # a game's own part that answers Enter (Catapult Castle's aiming bar)
        actions = self.query_one("#actions", OptionList)
        if not self.choice_list:
            return  # nobody decides here now: nothing to answer Enter yet
        actions.focus()
        highlighted = actions.highlighted
        if highlighted is None or self.choice_list[highlighted].disabled:
            actions.highlighted = next((i for i, c in enumerate(self.choice_list) if not c.disabled), None)

    @on(SpotBoard.Left)
    def board_left(self, event: SpotBoard.Left) -> None:
        """Escape on a board: back one level of the menu, or at its top back
        to the action bar."""
        if self.back_out():
            self.refresh_table()
        else:
            self.board_in_use = None
            self.query_one("#actions", OptionList).focus()

    def on_screen_resume(self) -> None:
        # A dialog (trade, help, score, log...) closed: the focus it gave back may be a board
        # that has nothing to offer any more.
        self.call_after_refresh(self.keyboard_home)

    def on_descendant_focus(self, event) -> None:
        if event.widget is self.query_one("#actions"):
            self.board_in_use = None

    def choose_at(self, where: Any) -> bool:
        """Take the choice about a board spot (Enter on the cursor or a click),
        its group opened first; several choices there: the bar highlights
        them to pick from. False when none is."""
        matching = [i for i, c in enumerate(self.choice_list) if c.where == where and not c.disabled]
        if not matching and self.open_group_of(where):
            matching = [i for i, c in enumerate(self.choice_list) if c.where == where and not c.disabled]
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

    # --- the game loop: what the driver says happens now ------------------------

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
                self.handing_over = now.seat
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
            self.bot_turn(self.session.ply)
        elif isinstance(now, Person):
            if keep is not None and keep.selectable and keep.display and self.handing_over is None:
                keep.focus()  # the board keeps the keyboard while its person goes on with it
            else:
                self.query_one("#actions", OptionList).focus()

    def lower_curtain(self, seat: int, note: str = "", to_look: bool = False) -> None:
        """Hide the table until ``seat``'s person says they are at the keyboard."""
        self.handing_over = None
        self.waiting_on_curtain = True
        self.refresh_table()

        def raised(_: Any) -> None:
            self.waiting_on_curtain = False
            self.board_in_use = None  # another person: they start from the action bar
            self.query_one("#actions", OptionList).focus()
            self.driver.curtain_rose(seat, to_look)
            self.advance()

        self.app.push_screen(CurtainScreen(self.session.names[seat], note), raised)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """``c`` only while table mode waits on chance, Back only while there
        is a step to go back, Save as never on a shared table (a copy would
        hold every hand)."""
        if action == "chance":
            return self.session.mode == "table" and self.session.to_move() == CHANCE
        if action == "back_out":
            return self.can_back_out()
        return not (action == "save_as" and self.shared)

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

    def on_game_screen_bot_decided(self, message: BotDecided) -> None:
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
        mover = self.session.to_move()
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
        self._logged(action, self.session.lines_of_last_move())
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

    # --- a shared table -----------------------------------------------------------
    # --- keys ------------------------------------------------------------------

    def back_out(self) -> bool:
        """Step back one level of the menu; True when there was one (a game
        with steps of its own extends this and ``can_back_out``)."""
        if self.menu_path:
            self.menu_path = self.menu_path[:-1]
            return True
        return False

    def can_back_out(self) -> bool:
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
        self.bot_thinking = self.result_shown = False
        self.handing_over = None
        self.menu_path = ()
        self.driver.undone()
        self.query_one(GameLog).show_all([line.text for line in self.session.log])
        self.notify(message, timeout=3)
        self.advance()

    def take_back(self, asking: int | None) -> str:
        """Undo one move of ``asking`` (a game screen that plays two rules
        actions as one choice takes both back)."""
        return self.session.undo(asking)

    def action_log(self) -> None:
        """The whole log over the game, what happened since the viewer's last turn marked."""
        lines = list(zip(self.session.log_turns(), (line.text for line in self.session.log), strict=True))
        self.app.push_screen(LogScreen(lines, self.viewer, self.session.names[self.viewer]))

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
