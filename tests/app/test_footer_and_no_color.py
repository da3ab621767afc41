"""The keys footer in a page that has not been clicked yet (issue 31,
item 7): textual-serve's page starts without the app's focus (its driver
sends AppBlur at once), and Textual's Footer draws no keys until the app
has focus, so ``castletui serve`` showed an empty footer until the first
click. Here the app starts without focus, as in the browser, and is never
clicked. And what NO_COLOR gives, as the README says it."""

from __future__ import annotations

from pathlib import Path

from textual.app import App
from textual.filter import Monochrome

from castletui.app import Start
from castletui.screens.join import JoinScreen
from castletui.screens.menu import MenuScreen
from castletui.shared import SharedApp
from castletui.widgets.footer import SteadyFooter


def keys_shown(app) -> list[str]:
    footer = app.screen.query_one(SteadyFooter)
    return [key.description for key in footer.keys_shown()]


async def wait_for_keys(pilot) -> list[str]:
    """The footer's keys once it has drawn any (a few frames at most)."""
    for _ in range(20):
        shown = keys_shown(pilot.app)
        if shown:
            return shown
        await pilot.pause()
    return keys_shown(pilot.app)


def unfocused(app: SharedApp) -> SharedApp:
    app.set_reactive(App.app_focus, False)  # as the browser page starts
    return app


async def test_the_lobby_shows_its_keys_before_the_page_is_clicked(tmp_path):
    app = unfocused(SharedApp(Start("join"), who="ann", table_dir=tmp_path, lobby_only=True))
    async with app.run_test(size=(100, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, JoinScreen) and not app.app_focus
        assert "New game" in await wait_for_keys(pilot)


async def test_the_menu_and_the_lobby_over_it_show_their_keys_unclicked(tmp_path):
    app = unfocused(SharedApp(Start("join"), who="ann", table_dir=tmp_path))
    async with app.run_test(size=(100, 24)) as pilot:
        for _ in range(20):
            if isinstance(app.screen, JoinScreen):
                break
            await pilot.pause()
        assert isinstance(app.screen, JoinScreen) and not app.app_focus
        assert "New game" in await wait_for_keys(pilot)
        await pilot.press("escape")  # a key gives the app focus: the menu as usual
        assert isinstance(app.screen, MenuScreen)
        assert "New game" in await wait_for_keys(pilot)


async def test_the_lobby_at_a_host_shows_f1_help_whole_at_80_columns(tmp_path, monkeypatch):
    """At 80x24 the host's lobby footer was cut after "esc Back  F": the
    one key a newcomer needs, F1 Help, was not there to read."""
    monkeypatch.setenv("CASTLETUI_NOTIFY", "webhook")  # as castletui host sets it: m Notify me shows
    app = SharedApp(Start("join"), who="ann", table_dir=tmp_path, lobby_only=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, JoinScreen)
        shown = await wait_for_keys(pilot)
        assert "Notify me" in shown and "Help" in shown
        assert "Leave" in shown and "Back" not in shown  # Escape ends the session: nothing to go back to
        footer = app.screen.query_one(SteadyFooter)
        *keys, palette = footer.places
        help_key = next(place for place in keys if place.key.description == "Help")
        assert help_key.end - help_key.start >= len("F1/? Help") and help_key.end <= palette.start
        await pilot.press("escape")
        assert app._exit


async def test_q_leaves_the_lobby_at_a_host_as_escape_does(tmp_path):
    """Escape's Leave at a host came with q bound only to the Back that a
    host's lobby turns off: q, the key a player quits with, did nothing
    (the correspondence test's log-out hung on it)."""
    app = SharedApp(Start("join"), who="ann", table_dir=tmp_path, lobby_only=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, JoinScreen)
        await pilot.press("q")
        assert app._exit


async def test_no_color_is_shades_of_grey_as_the_readme_says(tmp_path, monkeypatch):
    """Issue 31, item 7: the README promised a colourless screen; Textual's
    filter for NO_COLOR (without ANSI colours) is greyscale, as it now says."""
    monkeypatch.setenv("NO_COLOR", "1")
    app = SharedApp(Start("join"), who="ann", table_dir=tmp_path, lobby_only=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.no_color and any(isinstance(f, Monochrome) for f in app._filters)
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text()
    assert "`NO_COLOR=1` shows the screen in shades of grey" in readme


async def test_a_game_opened_from_the_lobby_says_q_goes_back_to_the_lobby(tmp_path):
    """q from a game opened in the lobby goes back to the lobby, yet the
    footer said "q Menu" (at a host, where no menu is)."""
    from castletui.screens.game import GameScreen
    from tests.app.driving import wait_until
    from tests.shared.lobby_tables import seated_table

    directory = tmp_path / "tables"
    table = seated_table(directory, ["user:ann", "user:bo"], "monday", seed=4)
    app = SharedApp(Start("join"), who="user:ann", table_dir=directory, lobby_only=True, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, JoinScreen) and app.screen.seats)
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen))
        shown = await wait_for_keys(pilot)
        assert "Lobby" in shown and "Menu" not in shown
        await pilot.press("q")
        await wait_until(pilot, lambda: isinstance(app.screen, JoinScreen))
    assert table.path.exists()
