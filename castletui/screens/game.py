"""The game screen every game shares: it draws what the driver says is shown
(castletui/driver.py, headless: one :class:`~castletui.driver.Frame` per
position, its lines final, the hot-seat curtain). The boards are each
game's (``compose_board``, ``update_board``), kept in step with the bar in
the board area, which says who has the keys (castletui/widgets/board_area.py);
the prompt, the bar and its preview are the action area's
(widgets/action_area.py), the players panel and the log the side column's
(widgets/side_column.py). The loop moves the game on (game_loop.py); the
rest are collaborators with their own state: the bar's choosing, the
menu's levels and Escape (game_menu.py), what the screen tells of the game
(game_news.py: the log, toasts, the score sheet, the curtain), the bot's
thread (game_threads.py), a shared table's watch and clock (game_table.py).
Table entry and Save as are their dialogs' routes (table_entry.py,
dialogs.py). A game's screen overrides the hooks here (``after_action``,
``refused_at``, ``open_path``, ``action_back_out``, ``do_<command>``...)."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.events import ScreenResume
from textual.reactive import Reactive
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import OptionList, Static

from castletui import games
from castletui.driver import Driver, Frame
from castletui.later import loader
from castletui.rules.core import screen as screen_api
from castletui.screens.dialogs import save_as
from castletui.screens.game_loop import GameLoop
from castletui.screens.game_menu import BarMenu
from castletui.screens.game_news import GameNews
from castletui.screens.game_table import SharedTable
from castletui.screens.game_threads import BotDecided, BotTurn
from castletui.screens.log import LogScreen
from castletui.screens.while_shown import WhileShown
from castletui.session import Session
from castletui.sides import Side
from castletui.widgets.action_area import ActionArea
from castletui.widgets.board import drawn_once
from castletui.widgets.board_area import BoardArea
from castletui.widgets.choices import ChoiceBar
from castletui.widgets.footer import SteadyFooter, fit_footer
from castletui.widgets.header import SteadyHeader
from castletui.widgets.plain import Plain
from castletui.widgets.side_column import SideColumn

LATER = {"result": "castletui.screens.result", "table entry": "castletui.screens.table_entry"}
"""The score sheet and table mode's forms, loaded by name when first shown
(some 15 ms of a game's first frame otherwise): a declared load
(tests/test_imports.py follows it)."""
later = loader(LATER)


def screen_for(session: Session) -> GameScreen:
    """The game's own screen (its package's ``screen.SCREEN``, castletui/games/), or the frame."""
    module = games.part(session.save.game, "screen")
    return GameScreen(session) if module is None else module.SCREEN(session)


class GameScreen(WhileShown, Screen):
    """The frame; a game's screen subclasses it and gives ``compose_board``
    and ``update_board``, and a ``do_<command>`` for each command its lines name."""

    HELP = (
        "The action bar lists what you may do now: arrows and Enter choose. The log on the right tells "
        "what happened. The game is saved after every move; q goes back to the menu."
    )
    BINDINGS = [
        Binding("escape", "back_out", "Back"),
        Binding("c", "chance", "What happened?"),
        Binding("u", "undo", "Undo"),
        # A spectator's u: not offered (no Footer line, no Help row), but it says why when pressed.
        Binding("u", "watching_undo", "", show=False),
        # The rarer keys stay (Help and the README list them) but leave the
        # Footer, so that a game's own keys, Back and F1 Help fit at 80 columns.
        Binding("ctrl+s", "save_as", "Save as", show=False),
        Binding("r", "rules", "Rules", show=False),
        Binding("g", "log", "Log", show=False),
        Binding("s", "score", "Score"),
        Binding("q", "menu", "Menu"),
        Binding("q", "lobby", "Lobby"),  # q over the lobby (check_action), back to it as to the menu
    ]
    focused: Reactive[Widget | None] = Reactive(None, repaint=False)
    """The keys move on most moves (a board, then the bar) and the two widgets
    repaint their own focus styles: the rest of the screen is not sent again."""
    AUTO_FOCUS = "#actions"
    """The action bar is the keyboard's home (Textual would give it to the first board)."""

    def __init__(self, session: Session) -> None:
        super().__init__()
        self.session = session
        self.driver = Driver(session)
        self.frame: Frame | None = None
        self.bar = ChoiceBar(id="actions", markup=False)  # it keeps the lines it shows
        self.resumed = False  # opened from a save (the curtain says the game goes on)
        self.shown_before = False  # _on_screen_resume
        self.board_area = BoardArea(self.bar, id="board-area")  # the boards, and who has the keys
        self.action_area = ActionArea(self.bar, screen_api.has_preview(session.game), id="action-area")
        side = games.part(session.save.game, "side")
        self.side = SideColumn(side.SIDE if side is not None else Side(), id="side")  # players, log
        self.news = GameNews(self, self.side.game_log)  # the log, toasts, the score sheet, the curtain
        self.loop, self.menu = GameLoop(self), BarMenu(self)  # the menu: the bar's choosing, Escape
        self.bot_turn, self.table = BotTurn(self), SharedTable(self)  # the table: its watch and clock
        # Set before mounting: the Header reads them as it mounts.
        self.title = session.game.INFO.title
        self.sub_title = session.path.name if session.path else ""

    @property
    def viewer(self) -> int:
        """The person at the keyboard (the driver keeps who it is, and the curtain)."""
        return self.driver.viewer

    @property
    def menu_path(self) -> tuple[str, ...]:
        """The open level of the game's menu (the driver keeps it, and closes it after a move)."""
        return self.driver.path

    def play(self, action: Any, advance: bool = True) -> bool:
        """Play the person's choice: every key, click, dialog and form comes
        here, and the session decides whether it is theirs (Session.may_act).
        A refusal is shown with its reason and changes nothing."""
        return self.loop.play(action, advance)

    # --- hooks of a game's screen -----------------------------------------------------

    def compose_board(self) -> ComposeResult:
        """The game's own board widgets (default: the view as text)."""
        yield Plain("", id="text-board")

    def compose_action_extras(self) -> ComposeResult:
        """Widgets a game adds to the action area (e.g. an aiming bar)."""
        yield from ()

    def update_board(self, scene: Any) -> None:
        """Draw the boards from the viewer's scene (rules/core/scene.py;
        ``self.frame`` has the rest). The frame's own: the kit's text scene."""
        self.query_one("#text-board", Static).update(Text(getattr(scene, "text", repr(scene))))

    def after_action(self, action: Any) -> None:
        """After each move (e.g. clearing a selection); None for the game's own draw."""

    def refused_at(self, spot: Any) -> None:
        """Enter or a click where nothing may be done (a game may say why)."""
        self.notify("Nothing to do there right now.", timeout=3)

    def prompt_text(self) -> str:
        return self.driver.prompt(self.frame) if self.frame is not None else ""

    # --- layout and events --------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield SteadyHeader()
        with Horizontal(id="game-main"):
            with self.board_area:
                yield from self.compose_board()
            with self.side:
                yield from self.side.parts()
        with self.action_area:
            yield from self.action_area.parts()
            yield from self.compose_action_extras()
        footer = SteadyFooter()
        fit_footer(self, footer)  # its keys then come in the first frame
        yield footer

    def on_mount(self) -> None:
        self.side.fit()
        self.news.seated(first=True)
        self.table.start()
        curtain = self.driver.opening_curtain(self.resumed)
        if curtain is not None:  # nobody has said who sits at the keyboard yet
            self.news.lower_curtain(curtain, then=self.loop.advance)
            return
        # The set-up's draws (a new game's deal) come before the first frame:
        # one table and one drawing of the screen, the game as dealt.
        self.loop.advance()

    def on_resize(self) -> None:
        # A game screen's own on_resize runs as well (Textual calls each class's handler).
        fit_footer(self)
        self.side.fit(self.frame)

    def _on_screen_resume(self, event: ScreenResume) -> None:
        # Textual restyles a screen when it is first shown, though its widgets
        # were styled as they mounted (some 7 ms of the first frame). This runs
        # before Screen's own handler: only a screen shown before is restyled.
        if not self.shown_before:
            self.shown_before = True
            event.refresh_styles = False

    def on_screen_resume(self) -> None:
        # A dialog closed: the focus it gave back may be a board with nothing to offer.
        self.call_after_refresh(lambda: self.on_the_stack and self.board_area.home())

    def on_unmount(self) -> None:
        self.table.stop()  # whatever removed the screen

    def on_bot_decided(self, message: BotDecided) -> None:
        self.loop.bot_decided(message)

    def on_table_changed(self) -> None:
        self.table_changed()

    def table_changed(self) -> None:
        """Another terminal wrote the shared table (or this one failed to)."""
        self.table.changed()

    def on_descendant_focus(self, event) -> None:
        if event.widget is self.query_one("#actions"):
            self.board_area.in_use = None  # the person turned to the bar

    # --- showing what the driver says is shown --------------------------------------

    def refresh_table(self) -> None:
        shown = self.driver.shown()  # the top level again when the open one emptied (an undo)
        frame = self.frame = shown.frame
        self.news.seated()  # hot-seat: the log of whoever sits here now
        area = self.board_area
        with drawn_once(area.boards()):  # the state, the places offered, the cursor: one redraw each
            self.update_board(frame.scene)
            self.side.show(frame)
            # Nothing private is drawn while the curtain is down, not even under it.
            area.display = not self.driver.curtain_down
            self.bar.show(shown.lines, self.bar.chosen, area.cursor())
            area.show(shown.offered)
        self.action_area.show(self.prompt_text())
        area.settle()
        self.refresh_bindings()  # `c` and Back come and go with the step
        self.table.show()
        self.news.tell(self.driver.unsaved())

    @on(OptionList.OptionHighlighted, "#actions")
    def choice_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self.board_area.point_at(self.bar.chosen)  # the action area shows its preview

    # --- choosing: the bar's menu (game_menu.py) -----------------------------------

    @on(OptionList.OptionSelected, "#actions")
    def action_chosen(self, event: OptionList.OptionSelected) -> None:
        self.menu.chosen(int(event.option.id or 0))

    def open_path(self, path: tuple[str, ...]) -> None:
        """Show menu level ``path``: every level opened comes here (a game may add to it)."""
        self.menu.open(path)

    # --- keys ---------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """``c`` only while table mode waits on chance, Back only while there
        is a step to go back, Save as never on a shared table (a copy would
        hold every hand). A spectator is offered no undo."""
        if action in ("undo", "watching_undo"):
            return self.session.watching == (action == "watching_undo")
        if action == "chance":
            return self.driver.asks_the_table
        if action == "back_out":
            return self.driver.may_escape(self.frame)
        if action in ("menu", "lobby"):  # q goes back to what is under the game: say which
            stack = self.app.screen_stack
            under = stack[stack.index(self) - 1] if self in stack[1:] else None
            return getattr(under, "IS_LOBBY", False) == (action == "lobby")
        return not (action == "save_as" and self.session.shared)

    def action_back_out(self) -> None:
        self.menu.escape()

    def action_chance(self) -> None:
        if self.check_action("chance", ()):
            later("table entry").ask(self)

    def action_undo(self) -> None:
        self.loop.undo()

    def action_watching_undo(self) -> None:
        self.loop.undo()  # refused, saying why (Session.may_act)

    def action_score(self) -> None:
        self.app.push_screen(later("result").ResultScreen(self.session, self.viewer))

    def action_log(self) -> None:
        """The whole log over the game, what happened since the viewer's last turn marked."""
        self.app.push_screen(LogScreen.of(self.session, self.viewer))

    def action_save_as(self) -> None:
        save_as(self)

    def action_rules(self) -> None:
        self.app.open_rules(self.session.save.game)

    def action_lobby(self) -> None:
        self.action_menu()

    def action_menu(self) -> None:
        self.bot_turn.cancel()
        self.table.stop()
        self.app.pop_screen()
        if self.session.path is not None and not self.session.last_save_error:
            self.app.notify(f"Saved as {self.session.path.name}.", timeout=3)
