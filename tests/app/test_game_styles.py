"""Each game screen's own stylesheet (castletui/styles/<game>.tcss) is read
as that game first opens, not as the app starts (castletui/app.py,
``read_game_styles``): sound only while every rule in it starts with the
name of its screen or of one of that game's own dialogs (CastleRaisers...),
so that adding it restyles nothing already shown."""

from __future__ import annotations

import importlib

import pytest
from castletui.rules import registry
from textual.app import App
from textual.css.stylesheet import Stylesheet

from castletui.app import STYLES, game_stylesheet
from tests.app.driving import StillApp, new_game, settle
from tests.app.test_first_frame import players_for

GAMES_WITH_STYLES = [game_id for game_id in registry.ids() if game_stylesheet(game_id).is_file()]


def test_every_stylesheet_but_the_apps_belongs_to_a_game():
    owned = {game_stylesheet(game_id) for game_id in GAMES_WITH_STYLES}
    assert set(STYLES.glob("*.tcss")) - owned == {STYLES / "app.tcss"}


@pytest.mark.parametrize("game_id", GAMES_WITH_STYLES)
def test_a_games_stylesheet_reaches_only_its_own_screen(game_id):
    screen_class = importlib.import_module(registry.screen_module(game_id)).SCREEN
    stylesheet = Stylesheet(variables=App().get_css_variables())
    stylesheet.read(game_stylesheet(game_id))
    game_name = screen_class.__name__.removesuffix("Screen")  # CastleRaisers: its screen and dialogs
    for rule in stylesheet.rules:
        for selectors in rule.selector_set:
            first = selectors.selectors[0]
            assert first.name.startswith(game_name), (
                f"{game_stylesheet(game_id).name}: a rule starts with {first.name!r}, not the "
                f"game's own {game_name}...: it would reach screens shown before the game opened"
            )


async def test_a_game_opened_reads_its_stylesheet_and_no_other_games(tmp_path):
    variant, players = players_for("castle-raisers")
    app = StillApp(new_game("castle-raisers", variant, players, 1), tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        read = {path for path, _ in app.stylesheet.source}
        assert str(game_stylesheet("castle-raisers")) in read
        assert not read & {
            str(game_stylesheet(other)) for other in GAMES_WITH_STYLES if other != "castle-raisers"
        }
        # Its rules are in force on its screen (castle_raisers.tcss: one scrollbar column).
        assert app.screen.query_one("#cr-boards").styles.scrollbar_size_vertical == 1
