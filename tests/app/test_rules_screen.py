"""The rules reference opened from a game (issue 28, item 8): it shows and
keeps that game's rules, whatever order the list's first events come in."""

from __future__ import annotations

from textual.app import App
from textual.widgets import OptionList

from castletui.screens.rules import RulesScreen


class RulesApp(App):
    def on_mount(self) -> None:
        self.push_screen(RulesScreen("got-catan"))


async def test_the_rules_opened_from_a_game_stay_on_that_game_when_the_lists_first_highlight_comes_late():
    app = RulesApp()
    async with app.run_test(size=(80, 24)) as pilot:
        while not isinstance(app.screen, RulesScreen):
            await pilot.pause()
        screen = app.screen
        games = screen.query_one("#rules-games", OptionList)
        while games.highlighted != 3:
            await pilot.pause()
        assert screen.game_id == "got-catan"
        # The list's own first highlight (of Catapult Castle), arriving late.
        screen.highlighted(OptionList.OptionHighlighted(games, games.get_option_at_index(0), 0))
        assert screen.game_id == "got-catan" and screen.sub_title == "A Game of Thrones Catan"
        games.focus()
        await pilot.press("up")
        while screen.game_id != "castlecards":  # choosing another game still switches
            await pilot.pause()
