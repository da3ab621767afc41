"""What a player's screen offers at a shared table (issue #25): no Seed in
the wizard when the game is shared, no seat in the lobby that the table
would refuse, and the table's seed on no screen."""

from __future__ import annotations

from unittest import mock

import pytest
from castletui.rules.core import PUBLIC
from castletui.saves.table import Table
from textual.widgets import Input, Select

from castletui import saves
from castletui.app import Start
from castletui.screens.join import JoinScreen
from castletui.screens.wizard import NewGameScreen
from castletui.shared import create_table
from tests.app.driving import screen_text
from tests.shared.test_apps import Terminal, game_screen, settle

pytestmark = pytest.mark.filterwarnings("ignore::pytest.PytestUnraisableExceptionWarning")


async def test_the_wizard_offers_no_seed_for_a_shared_table(tmp_path):
    directory = tmp_path / "tables"
    directory.mkdir(mode=0o700)
    app = Terminal(directory, "ann", Start("wizard", game_id="castlecards", new_game={"shared": True}))
    async with app.run_test(size=(100, 40)) as pilot:
        await settle(pilot)
        wizard = app.screen
        assert isinstance(wizard, NewGameScreen)
        assert not wizard.query_one("#seed-field").display and "Seed" not in screen_text(app)
        wizard.query_one("#where", Select).value = "here"
        await settle(pilot)
        assert wizard.query_one("#seed-field").display  # a hot-seat game may be seeded
        wizard.query_one("#seed", Input).value = "4242"
        wizard.query_one("#where", Select).value = "shared"
        await settle(pilot)
        assert wizard.query_one("#seed", Input).value == ""  # what was typed is gone with the field
        wizard.query_one("#seed", Input).value = "4242"  # and were it there still, it is refused
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert "draws its own seed" in screen_text(app)
        assert not list(directory.glob("*.json"))


async def test_the_lobby_offers_no_second_seat_and_no_name_alike_but_for_capitals(tmp_path):
    directory = tmp_path / "tables"
    directory.mkdir(mode=0o700)
    players = [saves.Player("Seat 1"), saves.Player("Seat 2"), saves.Player("Seat 3")]
    create_table(directory, "bo", "castlecards", "multi-player", players)
    (table, _, _) = create_table(directory, "Ann", "castlecards", "multi-player", players)
    app = Terminal(directory, "ann", Start("join"))
    async with app.run_test(size=(120, 30)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, JoinScreen)
        # Not Ann's table (ann would pass for Ann there), only bo's two free seats
        # (and a line to watch each game, which takes no seat: issue 46.4).
        seats = [(path, seat) for path, seat in app.screen.seats if seat != PUBLIC]
        assert len(seats) == 2
        assert all(path != str(table.path) for path, _ in seats)


async def test_the_tables_seed_is_on_no_screen(tmp_path):
    directory = tmp_path / "tables"
    directory.mkdir(mode=0o700)
    seed = 7_318_842_906_155_427_301
    with mock.patch("castletui.saves.table.new_seed", return_value=seed):
        table, _, _ = create_table(
            directory, "ann", "castlecards", "two-player", [saves.Player("A"), saves.Player("B")]
        )
    assert Table(table.path).read()[0].seed == seed
    app = Terminal(directory, "bo", Start("join", path=table.path))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = game_screen(app)
        assert screen is not None
        shown = [screen_text(app), *(note.message for note in app._notifications)]
        shown += [line.text for line in screen.session.log]
        assert not any(str(seed) in text or str(seed)[:9] in text for text in shown)
