"""The rules reference: each game's rules in our own words (the game
package's rules_text.md), with a list of games to switch between.

The text is Rich's Markdown in one Static: Textual's Markdown widget makes
a widget per block and took about two seconds to show a game's rules; this
draws them in a few tens of milliseconds."""

from __future__ import annotations

from importlib import resources

from rich.markdown import Markdown
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from castletui import stylesheets
from castletui.rules import registry
from castletui.stylesheets import ReadsStylesheet
from castletui.widgets.footer import SteadyFooter
from castletui.widgets.header import SteadyHeader


def rules_text(game_id: str) -> str:
    """The game's rules reference as Markdown."""
    game = registry.get(game_id)
    try:
        return (resources.files(game.__name__) / "rules_text.md").read_text(encoding="utf-8")
    except (FileNotFoundError, OSError):
        return f"# {game.INFO.title}\n\n{game.INFO.summary}"


class RulesScreen(ReadsStylesheet, Screen):
    STYLESHEET = stylesheets.MENUS
    HELP = "Up and down choose a game; Tab moves to the text, which scrolls with the arrows and Page keys."
    BINDINGS = [Binding("escape,q", "back", "Back")]

    def __init__(self, game_id: str = "") -> None:
        super().__init__()
        self.game_id = game_id or registry.ids()[0]

    def compose(self) -> ComposeResult:
        yield SteadyHeader()
        with Horizontal():
            yield OptionList(
                *[Option(registry.get(game_id).INFO.title, id=game_id) for game_id in registry.ids()],
                id="rules-games",
                markup=False,
            )
            with VerticalScroll(id="rules-scroll"):
                yield Static("", id="rules-text")
        yield SteadyFooter()

    def on_mount(self) -> None:
        games = self.query_one("#rules-games", OptionList)
        games.highlighted = registry.ids().index(self.game_id)
        self.show(self.game_id)
        self.query_one("#rules-scroll").focus()

    def show(self, game_id: str) -> None:
        self.game_id = game_id
        self.sub_title = registry.get(game_id).INFO.title
        self.query_one("#rules-text", Static).update(Markdown(rules_text(game_id)))
        self.query_one("#rules-scroll").scroll_home(animate=False)

    @on(OptionList.OptionHighlighted, "#rules-games")
    def highlighted(self, event: OptionList.OptionHighlighted) -> None:
        # Only the highlight as it is now: the list's own first highlight
        # (of the first game) can arrive after on_mount moved it to the game
        # being played, and would switch to another game's rules.
        if event.option_index != event.option_list.highlighted:
            return
        if event.option.id and event.option.id != self.game_id:
            self.show(event.option.id)

    def action_back(self) -> None:
        self.app.pop_screen()
