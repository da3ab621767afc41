"""The game screen frame shared by every game: the board area (each game's
module fills it), the players panel, the game log and the action bar.

The frame runs the game loop: chance is drawn (digital) or asked for (table
mode), bots play in a worker with a short visible pause, people choose from
the legal actions the rules list, the curtain falls between people when the
next view differs, and every action is saved at once.
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
from textual.widgets import Footer, Header, OptionList, Static
from textual.widgets.option_list import Option

import saves
from castletui.screens.dialogs import ChancePicker, ConfirmScreen, CurtainScreen, SaveAsScreen
from castletui.screens.result import ResultScreen
from castletui.session import Session
from castletui.widgets.panels import GameLog, PlayersPanel
from castletui.widgets.plain import Plain
from rules import registry
from rules.core import CHANCE, IllegalAction, name_seats


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
        Binding("escape", "back_out", "Back", show=False),
        Binding("c", "chance", "What happened?"),
        Binding("u", "undo", "Undo"),
        Binding("ctrl+s", "save_as", "Save as"),
        Binding("r", "rules", "Rules"),
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
        # A person who passed the device mid-turn (another may react) and has
        # not yet seen how their turn ended (what a Buy drew, an Explore found).
        self.owed_a_look: int | None = None
        self.resumed = False  # opened from a save: who is at the keyboard is not known
        self.asking_chance = False
        # Set before mounting: the Header reads them as it mounts.
        self.title = session.game.INFO.title
        self.sub_title = session.path.name if session.path else ""

    def _first_viewer(self) -> int:
        seat = self.session.to_move()
        humans = self.session.human_seats()
        if seat is not None and seat >= 0 and seat in humans:
            return seat
        return humans[0] if humans else 0

    # --- layout -------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="game-main"):
            with Vertical(id="board-area"):
                yield from self.compose_board()
            with Vertical(id="side"):
                yield PlayersPanel(id="players")
                yield GameLog(id="log")
        with Vertical(id="action-area"):
            yield Plain("", id="prompt")
            yield OptionList(id="actions", markup=False)
            yield from self.compose_action_extras()
        yield Footer()

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
        self.query_one(GameLog).show_all([line.text for line in self.session.log])
        if self.resumed and self.hidden_between_people():
            self.lower_curtain(
                self.viewer, note="The game goes on where it stopped. Everyone else, look away."
            )
            return
        self.refresh_table()
        self.call_after_refresh(self.advance)

    # --- showing the table ---------------------------------------------------

    def refresh_table(self) -> None:
        session = self.session
        self.update_board(session.view(self.viewer))
        self.query_one(PlayersPanel).show(session, self.viewer, self.side_lines())
        # Nothing private is drawn while the curtain is down, not even under it.
        self.query_one("#board-area").display = not self.waiting_on_curtain
        seat = session.to_move()
        human_turn = seat is not None and seat >= 0 and not session.is_bot(seat)
        if self.handing_over is not None:
            self.choice_list = [self.hand_over_choice(self.handing_over)]
        else:
            self.choice_list = self.choices() if human_turn and not self.waiting_on_curtain else []
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
        self.query_one("#prompt", Static).update(self.prompt_text())
        asking = self.check_action("chance", ())
        if asking != self.asking_chance:  # the Footer redraws whole: only when `c` comes or goes
            self.asking_chance = asking
            self.refresh_bindings()
        if session.last_save_error and session.last_save_error != self.shown_save_error:
            self.shown_save_error = session.last_save_error
            self.notify(session.last_save_error, title="Not saved", severity="error", timeout=10)

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
        if self.handing_over is not None:
            return (
                f"{session.names[self.viewer]}, this is how your turn ended. "
                f"Enter passes the device to {session.names[self.handing_over]}."
            )
        return self.turn_prompt(name)

    def turn_prompt(self, name: str) -> str:
        return f"{name}, choose:"

    def choices(self) -> list[Choice]:
        """The action bar for the person to move: by default one line per
        legal action, labelled by the rules."""
        session = self.session
        return [Choice(session.label(action), action) for action in session.legal_actions()]

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
                self.play(session.digital_chance(), advance=False)
                continue
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
                    self.lower_curtain(owed, note="See how your turn ended, then pass the device on.")
                    return
            if self.needs_curtain(seat):
                self.hand_over(seat)
                return
            self.viewer = seat
            self.refresh_table()
            self.query_one("#actions", OptionList).focus()
            return

    def needs_curtain(self, seat: int) -> bool:
        session = self.session
        if seat == self.viewer or len(session.human_seats()) < 2:
            return False
        return session.view(seat) != session.view(self.viewer)

    def hidden_between_people(self) -> bool:
        """Whether the people at this device see different things (hands)."""
        humans = self.session.human_seats()
        return len(humans) > 1 and any(
            self.session.view(seat) != self.session.view(humans[0]) for seat in humans[1:]
        )

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

    def lower_curtain(self, seat: int, note: str = "") -> None:
        self.handing_over = None
        self.waiting_on_curtain = True
        self.refresh_table()

        def raised(_: Any) -> None:
            self.waiting_on_curtain = False
            self.viewer = seat
            self.refresh_table()
            self.advance()

        self.app.push_screen(CurtainScreen(self.session.names[seat], note), raised)

    def ask_chance(self) -> None:
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
        """``c`` (say what happened) only shows while table mode waits on chance."""
        if action == "chance":
            return self.session.mode == "table" and self.session.to_move() == CHANCE
        return True

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
        action = self.session.bot_decision()
        pause = self.app.bot_delay - (time.monotonic() - started)
        if pause > 0:
            time.sleep(pause)
        self.post_message(self.BotDecided(ply, action))

    def on_game_screen_bot_decided(self, message: BotDecided) -> None:
        self.bot_done(message.ply, message.action)

    def bot_done(self, ply: int, action: Any) -> None:
        self.bot_thinking = False
        if self.session.ply != ply or not self.is_attached:
            return  # the table changed (undo, back to menu) while the bot thought
        self.play(action)

    def play(self, action: Any, advance: bool = True) -> bool:
        """Apply an action for whoever is to move; a refusal is shown with
        the rule's reason and changes nothing."""
        try:
            self.session.act(action)
        except IllegalAction as error:
            self.notify(error.reason, title="Not allowed", severity="warning", timeout=6)
            return False
        log = self.query_one(GameLog)
        for line in self.session.lines_of_last_move():
            log.add(line.text)
        self.after_action(action)
        if advance:
            self.refresh_table()
            self.advance()
        return True

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
        """Take the choice about a board spot (a click on the board); False
        when nothing on offer is about that spot."""
        for index, choice in enumerate(self.choice_list):
            if choice.where == where and not choice.disabled:
                self.query_one("#actions", OptionList).highlighted = index
                self.run_choice(choice)
                return True
        return False

    def show_result(self) -> None:
        if not self.result_shown:
            self.result_shown = True
            self.action_score()

    # --- keys ------------------------------------------------------------------

    def back_out(self) -> bool:
        """Undo a screen-side step of a multi-step choice (a game screen's
        hook); True when there was one."""
        return False

    def action_back_out(self) -> None:
        if self.back_out():
            self.refresh_table()

    def action_undo(self) -> None:
        try:
            asking = self.viewer if len(self.session.human_seats()) > 1 else None
            message = self.session.undo(asking)
        except IllegalAction as error:
            self.notify(error.reason, title="Cannot undo", severity="warning")
            return
        self.bot_thinking = False
        self.result_shown = False
        self.handing_over = self.owed_a_look = None
        self.query_one(GameLog).show_all([line.text for line in self.session.log])
        self.notify(message, timeout=3)
        self.viewer = (
            self._first_viewer() if self.session.to_move() in self.session.human_seats() else self.viewer
        )
        self.refresh_table()
        self.advance()

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
        self.app.push_screen(ResultScreen(self.session))

    def action_menu(self) -> None:
        self.workers.cancel_group(self, "bot")
        self.app.pop_screen()
        if self.session.path is not None and not self.session.last_save_error:
            self.app.notify(f"Saved as {self.session.path.name}.", timeout=3)
