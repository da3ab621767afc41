"""The lobby's "Notify me" dialog (m): over castletui host (which says
what it offers in $CASTLETUI_NOTIFY), a player sets what the host sends
them while they are away, kept in their own settings folder; a URL that
cannot be a webhook is refused with a reason, and nothing is written.
Without a host there is no such key."""

from __future__ import annotations

import msgspec
import pytest

from castletui import notify_me
from castletui.app import Start
from castletui.notify_me import NotifyMe
from castletui.screens.join import JoinScreen
from castletui.screens.notify_dialog import NotifyScreen
from tests.app.driving import screen_text, type_keys, wait_until
from tests.shared.lobby_tables import seated_table
from tests.shared.test_apps import Terminal

pytestmark = pytest.mark.filterwarnings("ignore::pytest.PytestUnraisableExceptionWarning")


@pytest.fixture
def settings_folder(tmp_path, monkeypatch):
    folder = tmp_path / "account"
    monkeypatch.setenv("CASTLETUI_CONFIG_DIR", str(folder))
    return folder


def bos_lobby(tmp_path) -> Terminal:
    """Bo's lobby, at a table he shares with Ann."""
    seated_table(tmp_path / "tables", ["user:ann", "user:bo"], "evening")
    return Terminal(tmp_path / "tables", "bo", Start("join"))


async def opened_dialog(pilot) -> None:
    """From the lobby, m: the Notify me dialog on top."""
    await in_the_lobby(pilot)
    await pilot.press("m")
    await wait_until(pilot, lambda: isinstance(pilot.app.screen, NotifyScreen))


async def in_the_lobby(pilot) -> None:
    await wait_until(pilot, lambda: isinstance(pilot.app.screen, JoinScreen) and pilot.app.screen.lines)


async def test_a_player_sets_a_webhook_for_each_turn(tmp_path, settings_folder, monkeypatch):
    monkeypatch.setenv(notify_me.OFFERED_VARIABLE, "webhook")
    app = bos_lobby(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await in_the_lobby(pilot)
        assert "Notify me" in screen_text(app)  # the footer offers it
        await pilot.press("m")
        await wait_until(pilot, lambda: isinstance(app.screen, NotifyScreen))
        for key in ("down", "space", "tab"):  # by the keyboard: "Each turn", then the URL
            await pilot.press(key)
        await type_keys(pilot, *"ftp://x", "enter")
        await wait_until(pilot, lambda: "must start with https://" in screen_text(app))
        assert not notify_me.path(settings_folder).exists()
        app.screen.query_one("#notify-webhook").value = ""
        await type_keys(pilot, *"https://hooks.example.org/castle", "enter")
        await wait_until(pilot, lambda: isinstance(app.screen, JoinScreen))
    data = notify_me.path(settings_folder).read_bytes()
    assert msgspec.toml.decode(data, type=NotifyMe) == NotifyMe("turn", "https://hooks.example.org/castle")
    assert notify_me.load(settings_folder) == (NotifyMe("turn", "https://hooks.example.org/castle"), "")


async def test_without_a_host_there_is_nothing_to_set(tmp_path, settings_folder, monkeypatch):
    monkeypatch.delenv(notify_me.OFFERED_VARIABLE, raising=False)
    app = bos_lobby(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await in_the_lobby(pilot)
        assert "Notify me" not in screen_text(app)
        await pilot.press("m")
        await pilot.pause()
        assert isinstance(app.screen, JoinScreen)
    assert not notify_me.path(settings_folder).exists()


async def test_every_choice_is_read_whole_at_80_columns(tmp_path, settings_folder, monkeypatch):
    # "Each turn: one message per table when it comes to wait fo…" was cut at 80x24.
    from textual.widgets import RadioButton

    monkeypatch.setenv(notify_me.OFFERED_VARIABLE, "webhook")
    app = bos_lobby(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await opened_dialog(pilot)
        for button in app.screen.query(RadioButton):
            label = str(button.label)
            assert label in screen_text(app), label


async def test_the_dialogs_footer_shows_its_own_keys_not_the_lobbys(tmp_path, settings_folder, monkeypatch):
    # At 80x24 the lobby's n/s/m showed under the dialog, where they do nothing.
    from castletui.widgets.footer import SteadyFooter

    monkeypatch.setenv(notify_me.OFFERED_VARIABLE, "webhook")
    app = bos_lobby(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await opened_dialog(pilot)
        footer = app.screen.query_one(SteadyFooter)
        await wait_until(pilot, lambda: footer.keys_shown())
        assert [key.action for key in footer.keys_shown()] == ["cancel", "save"]
        await pilot.press("down", "space")  # Each turn
        app.screen.query_one("#notify-webhook").value = "https://hooks.example.org/castle"
        await pilot.press("ctrl+s")
        await wait_until(pilot, lambda: isinstance(app.screen, JoinScreen))
    assert notify_me.load(settings_folder) == (NotifyMe("turn", "https://hooks.example.org/castle"), "")
