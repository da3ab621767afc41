"""The menu and the new-game wizard: every game and variant starts, seats
people and bots (table mode says what a bot seat needs), and the options
follow the game and variant chosen."""

from __future__ import annotations

import pytest
from castletui.rules import registry
from textual.widgets import Select, Static

from castletui.app import Start
from castletui.screens.game import GameScreen
from castletui.screens.menu import MenuScreen
from castletui.screens.wizard import NewGameScreen
from tests.app.driving import StillApp, settle

WIZARD_CASES = [
    (game_id, variant.name) for game_id in registry.ids() for variant in registry.get(game_id).INFO.variants
]


async def test_menu_wizard_starts_a_catapult_castle_game(tmp_path):
    app = StillApp(save_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        assert isinstance(app.screen, MenuScreen)
        await pilot.press("n")
        assert isinstance(app.screen, NewGameScreen)
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)
        session = app.screen.session
        assert session.save.game == "catapult-castle"
        assert session.names == ["Coco", "Wei"] and session.players[1].is_bot
        assert list(tmp_path.glob("catapult-castle-*.toml"))
        await pilot.press("q")
        assert isinstance(app.screen, MenuScreen)


async def test_table_mode_seats_people_and_says_what_a_bot_seat_needs(tmp_path):
    """Issue 12, item 3: no bot seats by default at a real table; a bot is
    still offered, with a note that someone must move its pieces."""
    app = StillApp(save_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        wizard = app.screen
        assert isinstance(wizard, NewGameScreen)
        kind = wizard.query_one("#kind-1", Select)
        assert kind.value == "bot:normal"
        wizard.query_one("#mode", Select).value = "table"
        await pilot.pause()
        assert [wizard.query_one(f"#kind-{seat}", Select).value for seat in range(4)] == ["human"] * 4
        assert "moves its pieces" in str(wizard.query_one("#mode-help", Static).render())
        kind.value = "bot:hard"  # still offered
        await pilot.pause()
        wizard.query_one("#mode", Select).value = "digital"
        await pilot.pause()
        assert kind.value == "bot:normal"  # the seats as they were before table mode
        assert not wizard.query_one("#mode-help", Static).display
        wizard.query_one("#mode", Select).value = "table"
        await pilot.pause()
        await pilot.press("ctrl+s")
        await settle(pilot)
        game = next(s for s in app.screen_stack if isinstance(s, GameScreen))
        assert game.session.mode == "table" and game.session.human_seats() == [0, 1]


@pytest.mark.parametrize(("game_id", "variant"), WIZARD_CASES)
async def test_the_wizard_starts_every_game_and_variant(tmp_path, game_id, variant):
    app = StillApp(Start("wizard", game_id=game_id, new_game={"variant": variant}), tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, NewGameScreen)
        await pilot.press("ctrl+s")
        await settle(pilot)
        game = next(s for s in app.screen_stack if isinstance(s, GameScreen))
        assert (game.session.save.game, game.session.save.config.variant) == (game_id, variant)


async def test_switching_game_and_variant_in_the_wizard_rebuilds_its_options(tmp_path):
    from textual.widgets import Select

    app = StillApp(save_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await settle(pilot)
        wizard = app.screen
        wizard.query_one("#game", Select).value = "castle-raisers"
        await settle(pilot)
        wizard.query_one("#variant", Select).value = "cooperative"
        await settle(pilot)
        assert wizard.query("#option-threats_player_1")
        wizard.query_one("#option-threats_player_1", Select).value = 2
        await pilot.press("ctrl+s")
        await settle(pilot)
        game = next(s for s in app.screen_stack if isinstance(s, GameScreen))
        assert game.session.save.config.options["threats_player_1"] == 2
