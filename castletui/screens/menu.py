"""The main menu: Continue, New game, Load game, Rules, Rules helper, Quit."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Vertical
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from castletui import saves, stylesheets
from castletui.listing import game_title, where_it_stands
from castletui.stylesheets import ReadsStylesheet
from castletui.widgets.banner import BANNER
from castletui.widgets.footer import SteadyFooter, fit_footer
from castletui.widgets.header import SteadyHeader
from castletui.widgets.plain import Plain


class MenuScreen(ReadsStylesheet, Screen):
    """Where castletui starts and where every game returns to."""

    STYLESHEET = stylesheets.MENUS

    HELP = "Choose with the arrows and Enter, or press the highlighted letter."
    GAMES_RETURN_HERE = True
    """A game opened from the menu goes back to it (castletui/app.py:
    ``open_session``); it is the first screen, except under a game the
    command line opened straight away (app.MenuToCome)."""
    BINDINGS = [
        Binding("c", "choose('continue')", "Continue"),
        Binding("n", "choose('new')", "New game"),
        Binding("l", "choose('load')", "Load"),
        Binding("r", "choose('rules')", "Rules"),
        Binding("h", "choose('helper')", "Helper"),
        Binding("q", "choose('quit')", "Quit"),
    ]

    def compose(self) -> ComposeResult:
        yield SteadyHeader()
        with Vertical(id="menu-box"):
            yield Plain(BANNER, id="banner")
            yield Plain("", id="continue-note")
            with Center():
                yield OptionList(
                    Option("Continue", id="continue", disabled=True),
                    Option("New game", id="new"),
                    Option("Load game", id="load"),
                    Option("Rules", id="rules"),
                    Option("Rules helper", id="helper"),
                    Option("Quit", id="quit"),
                    id="menu",
                    markup=False,
                )
        yield SteadyFooter()

    def on_mount(self) -> None:
        fit_footer(self)

    def on_resize(self) -> None:
        fit_footer(self)

    def on_screen_resume(self) -> None:
        # After the first frame: reading the saves never delays the menu.
        self.call_after_refresh(self.refresh_menu)

    def refresh_menu(self) -> None:
        """Offer Continue when there is a save to continue."""
        latest = saves.latest_save(self.app.save_dir)
        menu = self.query_one("#menu", OptionList)
        highlighted = menu.highlighted
        if latest is None:
            menu.disable_option("continue")
        else:
            menu.enable_option("continue")
        if latest is not None:
            title = game_title(latest.game)
            note = f"Continue: {title} with {', '.join(latest.players)} ({where_it_stands(latest) or f'move {latest.plies}'})"
        else:
            note = "No saved games yet: start a new one."
        self.query_one("#continue-note", Static).update(note)
        menu.highlighted = highlighted if highlighted is not None else (0 if latest else 1)
        menu.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.action_choose(event.option.id or "")

    def action_choose(self, choice: str) -> None:
        app = self.app
        if choice == "continue":
            app.resume()
        elif choice == "new":
            app.open_wizard()
        elif choice == "load":
            app.open_load()
        elif choice == "rules":
            app.open_rules()
        elif choice == "helper":
            app.open_helper()
        elif choice == "quit":
            app.exit()
