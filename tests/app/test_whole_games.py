"""A few whole games through the keyboard only (Enter, the aiming bar, the
curtain), and every in-game key on every game screen, digital and table
mode. The many other whole games are the driver's (tests/test_driver.py)."""

from __future__ import annotations

import pytest
from castletui.rules import registry

from castletui import saves
from castletui.app import Start
from castletui.screens.dialogs import CurtainScreen
from castletui.screens.game import GameScreen
from castletui.screens.help import HelpScreen
from castletui.screens.menu import MenuScreen
from castletui.screens.result import ResultScreen
from castletui.screens.rules import RulesScreen
from castletui.screens.table_entry import CountsEntry, SetupForm
from castletui.session import Session
from tests.app.driving import StillApp, new_game, opening_then_the_driver, play_to_the_end, settle
from tests.hot_seat import played_to_its_last_move_by_a_person


def first_variant_and_players(game_id: str, bots: bool) -> tuple[str, list[saves.Player]]:
    """The game's first variant with as few players as it takes (at least
    two): Coco, then Wei, Milo... (bots if ``bots``)."""
    variant = registry.get(game_id).INFO.variants[0]
    names = ["Coco", "Wei", "Milo", "Juno"][: max(2, variant.min_seats)]
    players = [saves.Player(names[0])] + [
        saves.Player(name, "bot" if bots else "human") for name in names[1:]
    ]
    return variant.name, players


async def test_a_whole_two_player_hot_seat_game_through_the_keyboard(tmp_path):
    """The opening and the end through the keyboard, the turns between
    through the driver (tests/hot_seat.py: the same curtain, the same
    session guards, without a screen redrawn after every key)."""
    start = new_game("catapult-castle", "standard", [saves.Player("Coco"), saves.Player("Wei")], 21)
    app = StillApp(start, tmp_path)
    curtains = 0
    async with app.run_test(size=(80, 24)) as pilot:
        original = app.push_screen

        def counting(screen, *args, **kwargs):
            nonlocal curtains
            curtains += isinstance(screen, CurtainScreen)
            return original(screen, *args, **kwargs)

        app.push_screen = counting
        screen = await play_to_the_end(pilot, until=lambda _: curtains > 2)
        assert curtains > 2, "the curtain falls between the two people"
        path = screen.session.path
    session = played_to_its_last_move_by_a_person(Session.open(path))
    app = StillApp(save_dir=tmp_path, session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await play_to_the_end(pilot)
        session = screen.session
        result = session.result()
        assert result.finished and result.winners
        await settle(pilot)
        assert isinstance(app.screen, ResultScreen)
        # The finished game is on disk and replays to the same end.
        reloaded = saves.load(session.path)
        assert reloaded.finished and saves.replay(reloaded) == session.state


async def test_a_whole_solo_game_through_the_keyboard(tmp_path):
    start = Start(
        "play",
        new_game={
            "game_id": "catapult-castle",
            "variant": "solo",
            "players": [saves.Player("Coco")],
            "seed": 8,
        },
    )
    # The first three shots through the keyboard, the rest through the driver.
    session = await opening_then_the_driver(start, tmp_path, until=lambda screen: screen.session.ply > 12)
    app = StillApp(save_dir=tmp_path, session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await play_to_the_end(pilot)
        result = screen.session.result()
        assert result.finished and result.rating
        await settle(pilot)
        assert isinstance(app.screen, ResultScreen)
        assert result.rating in str(app.screen.query_one("#verdict").render())


@pytest.mark.slow
@pytest.mark.parametrize("game_id", registry.ids())
async def test_every_in_game_key_works_on_every_game_screen(tmp_path, game_id):
    from textual.screen import ModalScreen

    from castletui.screens.dialogs import SaveAsScreen

    variant, players = first_variant_and_players(game_id, bots=True)
    session = Session.new(game_id, variant, players, seed=5, path=tmp_path / "g.toml")
    app = StillApp(save_dir=tmp_path, session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        game = app.screen
        assert isinstance(game, GameScreen)
        # (a game may show its own score sheet: any modal screen will do for s)
        for key, expected in (("s", ModalScreen), ("f1", HelpScreen), ("r", RulesScreen)):
            await pilot.press(key)
            await settle(pilot)
            assert isinstance(app.screen, expected), key
            await pilot.press("escape")
            await settle(pilot)
            assert app.screen is game
        await pilot.press("enter")  # a first choice
        await settle(pilot)
        await pilot.press("u")
        await settle(pilot)
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert isinstance(app.screen, SaveAsScreen)
        app.screen.query_one("#save-name").value = ""
        await pilot.press(*"keeper", "enter")
        await settle(pilot)
        assert (tmp_path / "keeper.toml").exists()
        await pilot.resize_terminal(120, 40)
        await settle(pilot)
        await pilot.resize_terminal(60, 18)
        await settle(pilot)
        await pilot.resize_terminal(80, 24)
        await settle(pilot)
        await pilot.press("q")
        await settle(pilot)
        assert isinstance(app.screen, MenuScreen)
        assert saves.load(tmp_path / "keeper.toml").game == game_id


@pytest.mark.slow
@pytest.mark.parametrize("game_id", registry.ids())
async def test_table_mode_plays_on_every_game_screen(tmp_path, game_id):
    """Table mode through the keyboard, one question at a time: Escape on a
    set-up form or a counts line (answer one at a time instead), then Enter
    answers every 'what happened?' with the first possible outcome and
    takes the first choice on the board."""
    variant, players = first_variant_and_players(game_id, bots=False)
    start = new_game(game_id, variant, players, 3, mode="table")
    app = StillApp(start, tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(30):
            await pilot.pause()
            typed = isinstance(app.screen, (SetupForm, CountsEntry))
            await pilot.press("escape" if typed else "enter")
        await settle(pilot)
        game = next(s for s in app.screen_stack if isinstance(s, GameScreen))
        assert game.session.ply > 12
        assert any(entry.seat == -1 for entry in game.session.save.log)
