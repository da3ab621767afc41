"""The Textual application: which screen opens first, the keys that work
everywhere, and opening a game session on its game's screen."""

from __future__ import annotations

import asyncio
import contextlib
import datetime
import os
import signal
import sys
from collections.abc import Sequence
from pathlib import Path

import msgspec
from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.content import Content
from textual.css.query import NoMatches
from textual.driver import Driver
from textual.filter import LineFilter
from textual.screen import ModalScreen, Screen

from castletui import collector, games, saves, stylesheets
from castletui import settings as settings_file
from castletui.later import loader
from castletui.monochrome import readable_filters
from castletui.saves.store import save_dir as save_dir_of
from castletui.settings import Settings
from castletui.starting import Start
from castletui.terminal import MIN_SIZE, HangUpWatch, hung_up, silence_output
from castletui.textual_private import (
    WriterThread,
    close_messages_no_wait,
    is_exiting,
    replace_writer_thread,
    writer_thread_of,
)
from castletui.widgets.header import SteadyHeader

LATER = {
    "menu": "castletui.screens.menu",
    "wizard": "castletui.screens.wizard",
    "rules": "castletui.screens.rules",
    "helper": "castletui.screens.helper",
    "load": "castletui.screens.load",
    "replay": "castletui.screens.replay",
    "game": "castletui.screens.game",
    "help": "castletui.screens.help",
    "session": "castletui.session",
    "crash": "castletui.crash",
    "nudge": "castletui.nudge",
    "dialogs": "castletui.screens.dialogs",
}
"""What the app loads when it first opens it, not before the menu's first
frame: the other screens (each game's with its widgets), the session (the
driver, the replay) and the crash log. One table, read by :func:`later`
(importlib, by name): a declared load the import test follows
(tests/test_imports.py), not an import hidden in a function. The menu, made
first or when somebody first comes back to it under a game the command line
opened (some 2 ms a game's first frame does without); the saves and the
settings come first: the settings choose the theme of that frame. The
dialogs come when one is first shown (some 2 ms the lobby's first frame
does without: issue 46)."""


later = loader(LATER)
"""The module :data:`LATER` names, loaded the first time it is asked for."""


BOT_THINKING_TIME = 0.25
"""The least time, in seconds, a bot that searches (the hard bots) may think in
the app before it plays the best it has found. It gets the time its move is
shown for anyway (``bot_delay``, 0.6 s unless set), so a player waits no longer
than for any bot; this floor keeps a hard bot hard where the pause is set to
nothing (its move then comes this late). Tests and benchmarks give no limit
but a work budget, so a seeded game plays the same everywhere."""

WHILE_SHOWN = "bot_delay"
"""``CastleApp(think_for=WHILE_SHOWN)``: bots think for as long as a move is
shown (``bot_delay``), at least :data:`BOT_THINKING_TIME`."""


def remembered(driver_class: type[Driver]) -> type[Driver]:
    """``driver_class`` made to tell its app it was made: Textual keeps the
    driver it runs to itself, and the app reaches it this way only (the
    nudge writes through it; a dead terminal's output thread is replaced
    in it)."""

    class Remembered(driver_class):
        def __init__(self, app: App, **kwargs) -> None:
            super().__init__(app, **kwargs)
            app.terminal_driver = self

    Remembered.__name__ = Remembered.__qualname__ = driver_class.__name__
    return Remembered


def bot_delay_of(settings: Settings) -> float:
    """A bot's pause: ``$CASTLETUI_BOT_DELAY``, else the settings', else 0.6 s."""
    if os.environ.get("CASTLETUI_BOT_DELAY"):
        with contextlib.suppress(ValueError):
            return max(0.0, float(os.environ["CASTLETUI_BOT_DELAY"]))
    return settings.bot_delay if settings.bot_delay is not None else 0.6


TERMINAL_GONE = 129
"""The exit status when the terminal went away (128 + SIGHUP, as a shell says it)."""


def save_stamp() -> str:
    """When a game starts, as its file name says it (to the second: two
    games in one second get -2, -3... from saves.new_save_path)."""
    return datetime.datetime.now().strftime("%Y-%m-%d-%H%M%S")


class MenuToCome(Screen):
    """The menu's place under a game the command line opened straight away
    (``castletui new ... --players``, ``castletui resume``): the menu is made
    when somebody first comes back to it (Back from the game, or the game
    could not start), not before the game's first frame, which it would cost
    some 90 ms (its widgets, its Footer, its own first frame)."""

    def on_screen_resume(self) -> None:
        if self.app.screen is self and self.app.start_opened:
            self.app.push_screen(later("menu").MenuScreen())  # over it: Textual keeps its first screen


OPENED_OVER_NOTHING = ("play", "resume")
"""The starts whose first screen is a game's: the menu under it is a
:class:`MenuToCome` until somebody comes back to it."""


class CastleApp(App):
    """castletui's app: the menu, the wizard, the load and rules screens and
    one game screen per game, over the rules and saves layers."""

    TITLE = "castletui"
    # Absolute, so subclasses (benchmarks, tests) elsewhere find it too.
    CSS_PATH = [stylesheets.APP]
    """castletui's look. A game screen's own stylesheet (its rules all start
    with the screen's name) is added as that game first opens
    (:meth:`read_game_styles`), not as the app starts: each costs the first
    frame of every other game about 0.5-1 ms to parse."""
    ENABLE_COMMAND_PALETTE = True
    BINDINGS = [
        Binding("f1", "help", "Help", key_display="F1/?"),
        Binding("question_mark", "help", "Help", show=False),
        Binding("ctrl+q", "quit", "Quit", show=False, priority=True),
    ]

    def __init__(
        self,
        start: Start | None = None,
        *,
        save_dir: Path | str | None = None,
        bot_delay: float | None = None,
        think_for: float | str | None = WHILE_SHOWN,
        settings: Settings | None = None,
        settings_warning: str = "",
    ) -> None:
        super().__init__()
        collector.keep_out_of_rounds()
        if settings is None:
            settings, settings_warning = settings_file.load()
        self.settings = settings
        self.settings_warnings = [settings_warning] if settings_warning else []
        self.start = start or Start()
        self.save_dir = save_dir_of(
            save_dir or settings_file.folder_setting(None, "CASTLETUI_SAVE_DIR", settings.save_dir)
        )
        if bot_delay is None:
            bot_delay = bot_delay_of(settings)
        self.bot_delay = bot_delay
        self.apply_theme(settings.theme)
        self.think_for = max(bot_delay, BOT_THINKING_TIME) if think_for == WHILE_SHOWN else think_for
        self.still = False  # tests: no sweeping aim marker, no blinking cursors
        self.crash_log: Path | None = None
        self._crash: BaseException | None = None
        self.terminal_lost = False
        self.hang_up_watch: HangUpWatch | None = None
        self.start_opened = False  # what the command line asked for is open (MenuToCome)
        self.turn_follower = None  # castletui/nudge.py: started by the lobby or a shared table
        self.turn_line = ""  # the header's line about your other tables waiting for you
        self.terminal_driver = None  # the driver Textual made from get_driver_class (None: headless)

    def get_line_filters(self) -> Sequence[LineFilter]:
        """Textual's filters; NO_COLOR's greys keep every coloured ink readable."""
        filters = super().get_line_filters()
        return readable_filters(filters) if self.no_color else filters

    # --- the last word on an unexpected error -----------------------------

    def _handle_exception(self, error: Exception) -> None:
        if isinstance(error, NoMatches) and is_exiting(self):
            # Quitting while a screen opens: Textual tears the screen down
            # before its (and its Header's) pending callbacks run, so they
            # find their widgets gone. Nothing will be drawn again and every
            # move is already saved: that is no crash.
            return
        # Textual's own handler ends in _fatal_error (below), which needs the error.
        self._crash = error
        super()._handle_exception(error)

    def _fatal_error(self) -> None:
        """Textual would print the traceback with its local variables, which
        hold the whole save (every hand, the seed): write it to a crash log
        instead, and let the command line say where in one line."""
        if self._crash is not None and self.crash_log is None:
            self.crash_log = later("crash").write_crash_log(self._crash, self.crash_folder())
        self.bell()
        close_messages_no_wait(self)

    def crash_folder(self) -> Path | None:
        """Where this app's crash logs go; None: castletui's own folder."""
        return None

    def notify(self, message: str, *, title: str = "", markup: bool = False, **kwargs) -> None:
        """Notifications show their text as it is: a message may quote a
        player's name or a file, and ``[Team A]`` is a name, not markup."""
        super().notify(message, title=title, markup=False, **kwargs)

    def action_help_quit(self) -> None:
        """Ctrl+C says how to quit. Textual's own note is written in markup
        ("Press [b]ctrl+q[/b]"), which ``notify`` above shows as it is."""
        for key, active in self.active_bindings.items():
            if active.binding.action in ("quit", "app.quit"):
                self.notify(f"Press {key} to quit castletui.", title="Do you want to quit?")
                return

    # --- the nudge of your other tables (castletui/nudge.py) -------------------

    def get_driver_class(self):
        """Textual's driver, which tells the app it was made: the nudge writes
        its bell and desktop notification through it (Driver.write, as
        Textual's own bell)."""
        return remembered(super().get_driver_class())

    def ring_terminal(self, sequence: str) -> None:
        """Write the nudge's escape sequences (castletui.nudge.terminal_nudge)."""
        if self.terminal_driver is not None and not self.terminal_lost:
            self.terminal_driver.write(sequence)
            self.terminal_driver.flush()

    def show_turn_line(self, line: str) -> None:
        """The header of every screen says which other table waits for you."""
        if line == self.turn_line:
            return
        self.turn_line = line
        for screen in self.screen_stack:
            for header in screen.query(SteadyHeader):
                header.show_title()

    def format_title(self, title: str, sub_title: str) -> Content:
        content = super().format_title(title, sub_title)
        if not self.turn_line:
            return content
        # The news first: at 80 columns a game's title and file name filled the
        # header, and the turn line was cut to "| Yo...".
        return Content.assemble((self.turn_line, "bold"), " | ", content)

    # --- the terminal going away ----------------------------------------------

    def watch_terminal(self) -> None:
        """End the app, as after a quit, when its terminal goes away: stdin
        hung up (castletui/terminal.py), SIGHUP (the SSH connection dropped)
        or SIGTERM. Each reaches the app through its event loop, between two
        of its own steps, so a move being saved is written in full first."""
        if self.is_headless:
            return  # tests (Pilot) have no terminal to lose
        loop = asyncio.get_running_loop()

        def gone_from_thread() -> None:
            with contextlib.suppress(RuntimeError):  # the loop has already closed
                loop.call_soon_threadsafe(self.terminal_gone)

        self.hang_up_watch = HangUpWatch(gone_from_thread)
        with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
            loop.add_signal_handler(signal.SIGHUP, self.terminal_gone)
            loop.add_signal_handler(signal.SIGTERM, self.exit)

    def terminal_gone(self) -> None:
        if self.terminal_lost:
            return
        self.terminal_lost = True
        silence_output()
        self._replace_output_thread()
        self.exit(return_code=TERMINAL_GONE)

    def _replace_output_thread(self) -> None:
        """Textual's output thread dies on the first write to a dead
        terminal (EIO), maybe only after this runs; then its queue fills and
        blocks the app on its way out. So its place goes to a fresh one that
        writes to /dev/null through a file of its own (the old thread may
        hold stderr's lock while its last write fails)."""
        driver = self.terminal_driver
        if driver is None or writer_thread_of(driver) is None:
            return
        fresh = WriterThread(open(os.devnull, "w", encoding="utf-8"))  # noqa: SIM115 - the thread owns it
        fresh.start()
        replace_writer_thread(driver, fresh)  # (the old thread is told to end if it still runs)

    def panic(self, *renderables) -> None:
        # Textual panics when reading keys from a hung-up terminal fails (EIO).
        if not self.is_headless and hung_up():
            self.terminal_gone()
            return
        super().panic(*renderables)

    def on_unmount(self) -> None:
        self.first_frame_drawn()  # an app that ends before its first frame
        if self.turn_follower is not None:
            self.turn_follower.stop()
        if self.hang_up_watch is not None:
            self.hang_up_watch.stop()

    def on_load(self) -> None:
        collector.hold()  # until the first frame (the command line may hold it already)

    def first_frame_drawn(self) -> None:
        """The first screen is drawn (whichever it is): the cycle collector
        runs again (castletui/collector.py)."""
        collector.release()

    def get_default_screen(self):
        if self.start.kind in OPENED_OVER_NOTHING:
            return MenuToCome()
        return later("menu").MenuScreen()

    def on_resize(self, event) -> None:
        self.check_size(event.size.width, event.size.height)

    def check_size(self, width: int, height: int) -> None:
        """Cover the app with a note while the terminal is too small to play
        in; nothing underneath is lost, and it lifts once the terminal grows."""
        small = width < MIN_SIZE[0] or height < MIN_SIZE[1]
        # The dialogs not loaded yet: no screen can be their note (every resize asks, the first frame's too).
        dialogs = later("dialogs") if small else sys.modules.get(LATER["dialogs"])
        covered = dialogs is not None and isinstance(self.screen, dialogs.TooSmallScreen)
        if small and not covered:
            self.clear_notifications()  # a toast would lie over the note, on a screen with no room
            self.push_screen(dialogs.TooSmallScreen())
        elif not small and covered:
            self.pop_screen()
        elif small:
            self.screen.show_size(width, height)

    # --- the settings file (castletui/settings.py) -------------------------

    def apply_theme(self, name: str) -> None:
        """The theme the settings name, if there is such a theme."""
        if not name:
            return
        if name in self.available_themes:
            self.theme = name
        else:
            self.settings_warnings.append(f"There is no theme {name[:40]!r}: the default theme is used.")

    def watch_theme(self, theme: str) -> None:
        """A theme chosen in the command palette is kept for the next start."""
        if theme == self.settings.theme:
            return  # the one the settings gave (or already saved)
        self.settings = msgspec.structs.replace(self.settings, theme=theme)
        problem = settings_file.save(theme=theme)
        if problem:
            self.notify(
                f"The theme is used, but {problem}.", title="Settings", severity="warning", timeout=10
            )

    def on_mount(self) -> None:
        for warning in self.settings_warnings:
            self.notify(warning, title="Settings", severity="warning", timeout=10)
        if self.start.note:
            self.notify(self.start.note, timeout=8)
        self.watch_terminal()
        self.call_after_refresh(lambda: self.check_size(*self.size))
        if isinstance(self.screen, MenuToCome):
            # Before the first frame, which is then the game's.
            self.open_start()
            self.start_opened = True
            if isinstance(self.screen, MenuToCome):  # the game could not start (a notice says why)
                self.push_screen(later("menu").MenuScreen())
        else:
            # Once the menu is up, so that Back from any first screen lands on it.
            self.call_after_refresh(self.open_start_over_menu)
        # The first screen shown, once drawn (a game opened straight away: the game's).
        self.screen.call_after_refresh(self.first_frame_drawn)

    def open_start_over_menu(self) -> None:
        self.open_start()
        self.start_opened = True

    def open_start(self) -> None:
        start = self.start
        if start.kind == "wizard":
            self.open_wizard(start.game_id, start.new_game)
        elif start.kind == "play":
            self.start_game(**start.new_game)
        elif start.kind == "resume":
            self.resume(start.path)
        elif start.kind == "rules":
            self.open_rules(start.game_id)
        elif start.kind == "load":
            self.open_load()
        elif start.kind == "replay":
            self.open_replay(start.new_game["replay"])

    # --- navigation used by every screen ------------------------------------

    def open_wizard(self, game_id: str = "", preset: dict | None = None) -> None:
        self.push_screen(later("wizard").NewGameScreen(game_id, preset or {}))

    def open_rules(self, game_id: str = "") -> None:
        self.push_screen(later("rules").RulesScreen(game_id))

    def open_helper(self) -> None:
        self.push_screen(later("helper").RulesHelperScreen())

    def open_load(self) -> None:
        self.push_screen(later("load").LoadScreen())

    def open_replay(self, replay) -> None:
        """Watch a game again (castletui.replay.Replay) on the replay screen."""
        self.push_screen(later("replay").ReplayScreen(replay))

    def start_game(self, **new_game) -> None:
        """Start a new game from the wizard's (or command line's) choices."""
        try:
            new_game.setdefault("path", self.new_save_path(new_game["game_id"]))
            session = later("session").Session.new(**new_game)
        except saves.SaveError as error:  # e.g. a full disk
            self.notify(str(error), title="Cannot start that game", severity="error", timeout=8)
            self._drop_unused(new_game.get("path"))
            return
        self.open_session(session)

    def new_save_path(self, game_id: str) -> Path:
        """A new file for a new game, never one another game has."""
        return saves.new_save_path(self.save_dir, f"{game_id}-{save_stamp()}")

    @staticmethod
    def _drop_unused(path: Path | None) -> None:
        """Remove the empty file reserved for a game that did not start."""
        with contextlib.suppress(OSError):
            if path is not None and path.stat().st_size == 0:
                path.unlink()

    def resume(self, path: Path | None = None) -> None:
        """Open a save (the latest when no path is given), offering the last
        legal move of a damaged one."""
        sessions = later("session")
        if path is None:
            latest = saves.latest_save(self.save_dir)
            if latest is None:
                self.notify(f"No saved games in {self.save_dir} yet.", title="Nothing to continue")
                return
            path = Path(latest.path)
        try:
            session = sessions.Session.open(Path(path))
        except saves.SaveError as error:
            if error.partial is None:
                self.notify(str(error), title="Cannot open that save", severity="error", timeout=10)
                return
            partial = error.partial
            if isinstance(self.screen, MenuToCome):
                self.push_screen(later("menu").MenuScreen())  # the dialog shows over the menu

            def answer(open_partial: bool | None) -> None:
                if open_partial:
                    session = sessions.Session.from_save(partial, None)
                    session.path = self.new_save_path(partial.game)
                    session.write()
                    self.notify(f"Opened as a new save, {session.path.name}; the original file is unchanged.")
                    self.open_session(session, resumed=True)

            self.push_screen(
                later("dialogs").ConfirmScreen(
                    str(error),
                    "Open the game at that move?",
                    yes="Open there",
                    no="Cancel",
                ),
                answer,
            )
            return
        self.open_session(session, resumed=True)

    def open_session(self, session, resumed: bool = False) -> None:
        """Show a session's game screen straight over the menu, or over the
        lobby it was chosen from (the wizard or load screen it came from is
        closed), so that ``q`` goes back there. A game with hands hidden between
        people opens behind the curtain (a ``resumed`` one says it goes on):
        nobody has said yet who sits at the keyboard."""
        while len(self.screen_stack) > 1 and not getattr(self.screen, "GAMES_RETURN_HERE", False):
            self.pop_screen()
        self.read_game_styles(session.save.game)
        if session.shared:
            later("nudge").follow_turns(self)  # your other tables, while you play this one
        screen = later("game").screen_for(session)
        screen.resumed = resumed
        self.push_screen(screen)

    def read_game_styles(self, game_id: str) -> None:
        """Add the game screen's stylesheet (``games/<game>/style.tcss``, where the
        game has one) before its screen is made. Its rules apply only under
        that screen, so nothing shown already needs restyling: not as a
        screen's own CSS_PATH, which makes Textual parse every stylesheet of
        the app again and restyle every widget (some 7 ms)."""
        stylesheets.read(self, games.stylesheet(game_id))

    def push_screen(self, screen, *args, **kwargs):
        """Textual's; a modal screen's styles (dialogs.tcss) are read as the
        first one opens (castletui/stylesheets.py)."""
        if isinstance(screen, ModalScreen):
            stylesheets.read(self, stylesheets.DIALOGS)
        return super().push_screen(screen, *args, **kwargs)

    def get_system_commands(self, screen):
        """The command palette offers every key of the current screen too."""
        yield from super().get_system_commands(screen)
        seen = set()
        for active in screen.active_bindings.values():
            binding = active.binding
            if binding.show and binding.description and binding.action not in seen:
                seen.add(binding.action)
                key = binding.key_display or binding.key
                yield SystemCommand(binding.description, f"Key: {key}", self._runner(screen, binding.action))

    def _runner(self, screen, action: str):
        def run() -> None:
            self.call_later(screen.run_action, action)

        return run

    def action_help(self) -> None:
        help_screen = later("help").HelpScreen
        if not isinstance(self.screen, help_screen):
            self.push_screen(help_screen(self.screen))
