"""Quitting and the rough edges around it (issue 25, item 6; issue 32,
item 4): ctrl+c says how to quit in plain words, ctrl+q while a game
screen opens ends cleanly in any order of events, and a seed too long for
a save is refused with a sentence in the wizard.

The autouse fixture in conftest.py fails a test whenever the app raised."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from textual.widgets import Input, Static

from castletui import saves
from castletui.app import CastleApp, Start
from castletui.screens.game import GameScreen
from castletui.screens.wizard import NewGameScreen
from castletui.session import Session
from tests.app.driving import StillApp, settle

GAMES = [
    ("castlecards", "two-player", 2),
    ("castle-raisers", "competitive", 2),
    ("catapult-castle", "standard", 2),
    ("got-catan", "base", 3),
]


async def test_ctrl_c_says_how_to_quit_without_markup(tmp_path):
    app = StillApp(save_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("ctrl+c")
        await pilot.pause()
        (note,) = app._notifications
        assert note.message == "Press ctrl+q to quit castletui."
        assert "[" not in note.message and not note.markup


def new_session(tmp_path: Path, game_id: str, variant: str, seats: int) -> Session:
    players = [saves.Player(f"P{seat + 1}") for seat in range(seats - 1)] + [
        saves.Player("Milo", "bot", "random")
    ]
    return Session.new(
        game_id=game_id, variant=variant, players=players, seed=3, path=tmp_path / f"{game_id}.toml"
    )


ORDERS = ["open-then-quit", "quit-then-open", "open-yield-quit", "open-retitle-quit", "press-ctrl-q"]


@pytest.mark.parametrize("order", ORDERS)
@pytest.mark.parametrize(("game_id", "variant", "seats"), GAMES, ids=[game[0] for game in GAMES])
async def test_quitting_while_a_game_screen_opens_ends_cleanly(tmp_path, game_id, variant, seats, order):
    """Issue 32, item 4: before, "open-then-quit" stopped castletui on
    NoMatches in the game screen's on_mount (its widgets were never
    composed) and "open-yield-quit" on NoMatches in Textual's Header (its
    title was gone before its own callback ran)."""
    session = new_session(tmp_path, game_id, variant, seats)
    app = CastleApp(Start(), save_dir=tmp_path, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        if order == "open-then-quit":
            app.open_session(session)
            app.exit()
        elif order == "quit-then-open":
            app.exit()
            app.open_session(session)
        elif order == "open-yield-quit":
            app.open_session(session)
            await asyncio.sleep(0)
            app.exit()
        elif order == "open-retitle-quit":
            app.open_session(session)
            app.screen.sub_title = "renamed"
            app.exit()
        else:
            app.open_session(session)
            await pilot.press("ctrl+q")
    assert app.return_code == 0 and app.crash_log is None
    assert saves.read(session.path).game == game_id  # the game's file is whole


async def test_quitting_from_the_command_line_start_at_every_step(tmp_path):
    """`castletui new GAME --players ...` and ctrl+q after 0, 1, 2... steps
    of the app's own loop: every one ends cleanly."""
    players = [saves.Player("Ann"), saves.Player("Milo", "bot", "normal")]
    for steps in range(8):
        start = Start(
            "play",
            new_game={"game_id": "castlecards", "variant": "two-player", "players": players, "seed": 5},
        )
        app = CastleApp(start, save_dir=tmp_path, bot_delay=0)
        async with app.run_test(size=(80, 24)):
            for _ in range(steps):
                await asyncio.sleep(0)
            app.exit()
        assert app.return_code == 0 and app.crash_log is None


async def test_the_wizard_refuses_a_seed_no_save_can_hold(tmp_path):
    """Issue 25, item 6: 6,000 digits gave Python's "Exceeds the limit (4300
    digits) for integer string conversion"."""
    app = StillApp(Start("wizard", game_id="castlecards"), save_dir=tmp_path)
    async with app.run_test(size=(100, 40)) as pilot:
        await settle(pilot)
        wizard = app.screen
        assert isinstance(wizard, NewGameScreen)
        wizard.query_one("#seed", Input).value = "7" * 6000
        await pilot.press("ctrl+s")
        await pilot.pause()
        error = str(wizard.query_one("#wizard-error", Static).render())
        assert "A seed is a whole number of 1 to 18 digits" in error and "limit" not in error
        assert app.screen is wizard and not list(tmp_path.glob("*.toml"))
        wizard.query_one("#seed", Input).value = "4242"
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert isinstance(app.screen, GameScreen) and app.screen.session.save.seed == 4242
