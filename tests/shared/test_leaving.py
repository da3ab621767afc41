"""Leaving a shared table's game, and what the lobby-only mode (a game
account's forced command, ``join --as``) may write (issue 25, items 6 and
7): q from a game goes back to the lobby it came from; in lobby-only mode
the command palette has no Screenshot, no file is delivered outside the
table folder, and crash logs stay in it."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from textual.widgets import Select

from castletui import saves
from castletui.app import Start
from castletui.screens.game import GameScreen
from castletui.screens.join import JoinScreen
from castletui.screens.menu import MenuScreen
from castletui.shared import SharedApp, create_table
from tests.app.driving import screen_text, wait_until


class Terminal(SharedApp):
    def __init__(
        self, table_dir: Path, who: str, start: Start | None = None, lobby_only: bool = False
    ) -> None:
        super().__init__(
            start, who=who, table_dir=table_dir, lobby_only=lobby_only, bot_delay=0, save_dir=table_dir / "x"
        )
        self.still = True


def folder_with_a_free_seat(tmp_path: Path) -> Path:
    directory = tmp_path / "tables"
    directory.mkdir(mode=0o700)
    players = [saves.Player("Seat 1"), saves.Player("Seat 2")]
    create_table(directory, "ann", "castlecards", "two-player", players)
    return directory


async def settle(pilot) -> None:
    for _ in range(5):
        await pilot.pause()
        await asyncio.sleep(0.01)


async def test_q_from_a_game_goes_back_to_the_lobby_it_came_from(tmp_path):
    """Plain `castletui join`: the lobby over the menu; before, q from the
    game landed on the menu (opening the game closed the lobby)."""
    directory = folder_with_a_free_seat(tmp_path)
    app = Terminal(directory, "bo", Start("join"))
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, JoinScreen)
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)
        await pilot.press("q")
        await settle(pilot)
        assert isinstance(app.screen, JoinScreen)
        assert "Castlecards with ann: " in screen_text(app)  # your table now, first
        await pilot.press("escape")  # and the lobby's Back goes on to the menu
        await settle(pilot)
        assert isinstance(app.screen, MenuScreen)


async def test_a_new_shared_game_from_the_lobby_goes_back_to_it_too(tmp_path):
    directory = tmp_path / "tables"
    directory.mkdir(mode=0o700)
    app = Terminal(directory, "ann", Start("join"))
    async with app.run_test(size=(100, 40)) as pilot:
        await settle(pilot)
        await pilot.press("s")  # the wizard, Shared
        await settle(pilot)
        app.screen.query_one("#kind-1", Select).value = "human"  # a free seat (a bot's needs nobody)
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert isinstance(app.screen, GameScreen) and app.screen.session.shared
        await pilot.press("q")
        await settle(pilot)
        assert isinstance(app.screen, JoinScreen)


async def test_lobby_only_offers_no_screenshot_and_delivers_no_file(tmp_path, monkeypatch):
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("HOME", str(home))
    directory = folder_with_a_free_seat(tmp_path)
    app = Terminal(directory, "bo", Start("join"), lobby_only=True)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        titles = [command.title for command in app.get_system_commands(app.screen)]
        assert "Screenshot" not in titles and "Quit" in titles
        assert app.deliver_screenshot() is None  # the action behind it, should anything call it
        await pilot.press("enter")  # at the table too
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)
        assert "Screenshot" not in [command.title for command in app.get_system_commands(app.screen)]
        assert app.deliver_screenshot() is None
    assert list(home.rglob("*")) == []
    assert app.crash_folder() == directory / "crash-logs"


async def test_the_lobby_with_a_menu_keeps_its_screenshot(tmp_path):
    """Only the game account's lobby-only mode loses it."""
    directory = folder_with_a_free_seat(tmp_path)
    app = Terminal(directory, "bo", Start("join"))
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        assert "Screenshot" in [command.title for command in app.get_system_commands(app.screen)]
    assert app.crash_folder() is None


@pytest.mark.parametrize(
    ("lobby_only", "said"), [(True, "free seats from their lobby"), (False, "castletui join")]
)
async def test_over_the_host_a_new_table_says_others_join_from_the_lobby(tmp_path, lobby_only, said):
    """Players of `castletui host` or a game account have no command line:
    the notice names the lobby, not `castletui join`."""
    directory = tmp_path / "tables"
    directory.mkdir(mode=0o700)
    app = Terminal(directory, "ann", Start("join"), lobby_only=lobby_only)
    notices: list[str] = []
    notify = app.notify

    def noted(message, *args, **kwargs):
        notices.append(str(message))
        return notify(message, *args, **kwargs)

    app.notify = noted
    async with app.run_test(size=(100, 40)) as pilot:
        await settle(pilot)
        await pilot.press("s")  # the wizard, Shared
        await settle(pilot)
        app.screen.query_one("#kind-1", Select).value = "human"  # a free seat (a bot's needs nobody)
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)
    assert any(said in notice for notice in notices), notices


@pytest.mark.parametrize("lobby_only", [True, False])
async def test_over_the_host_the_lobby_title_names_no_folder(tmp_path, lobby_only):
    """A host's player never sees where the operator keeps the tables; a
    castletui of one's own still says which folder its lobby lists."""
    directory = folder_with_a_free_seat(tmp_path)
    app = Terminal(directory, "bo", Start("join"), lobby_only=lobby_only)
    async with app.run_test(size=(100, 30)) as pilot:

        def title() -> str:
            return (
                str(app.screen.query_one("#lobby-title").render())
                if isinstance(app.screen, JoinScreen)
                else ""
            )

        await wait_until(pilot, lambda: "you play as" in title())
        if lobby_only:
            assert str(directory) not in title() and str(tmp_path) not in title(), title()
            assert title().startswith("Shared tables at this host")
        else:
            assert str(directory) in title()


async def test_a_lobby_that_cannot_list_its_tables_says_why(tmp_path):
    """A table folder that cannot be read (here a file stands in its place)
    is said in the lobby's note, not shown as an empty lobby."""
    directory = tmp_path / "tables"
    directory.write_text("not a folder")
    app = Terminal(directory, "bo", Start("join"))
    async with app.run_test(size=(80, 24)) as pilot:

        def note() -> str:
            return (
                str(app.screen.query_one("#lobby-note").render())
                if isinstance(app.screen, JoinScreen)
                else ""
            )

        await wait_until(
            pilot, lambda: isinstance(app.screen, JoinScreen) and app.screen.listing.problem != ""
        )
        await wait_until(pilot, lambda: app.screen.listing.problem in note())
