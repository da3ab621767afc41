"""The settings file (castletui/settings.py; issue 31, item 3): the theme
chosen in the palette sticks, the bot pause, the save and table folders and
the player's name come from it, a broken file is a one-line warning and the
defaults, and a file that cannot be written is a warning, never a crash."""

from __future__ import annotations

import os
import tomllib

import pytest
from castletui.rules import registry

from castletui import cli, kept_settings, settings
from castletui.app import CastleApp, Start
from castletui.commands.folders import save_folder, table_folder
from castletui.commands.start import start_from
from castletui.screens.menu import MenuScreen
from castletui.shared import SharedApp
from castletui.widgets.footer import SteadyFooter


@pytest.fixture
def config(tmp_path):
    """The settings folder the suite's conftest points $CASTLETUI_CONFIG_DIR at."""
    folder = tmp_path / "config"
    folder.mkdir()
    return folder


def write(config, text: str) -> None:
    (config / "settings.toml").write_text(text, encoding="utf-8")


def test_no_file_is_the_defaults_without_a_word():
    assert settings.load() == (settings.Settings(), "")


def test_every_setting_is_read(config):
    write(
        config,
        'theme = "nord"\nbot_delay = 0.2\nsave_dir = "~/s"\ntable_dir = "/srv/t"\nplayer_name = " Ann "\n',
    )
    loaded, warning = settings.load()
    assert warning == ""
    assert loaded == settings.Settings("nord", 0.2, "~/s", "/srv/t", "Ann")


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("theme = nord\n", "Invalid value"),  # not TOML
        ('theem = "nord"\n', "unknown field `theem`"),
        ('bot_delay = "slow"\n', "Expected `float | null`, got `str`"),
        ("bot_delay = -1\n", ">= 0"),
        ('player_name = "[/]\\u001b"\n', "player_name"),
        ("\xff\xfe", "codec"),
    ],
)
def test_a_broken_file_is_one_line_of_warning_and_the_defaults(config, text, why):
    (config / "settings.toml").write_bytes(text.encode("latin-1"))
    loaded, warning = settings.load()
    assert loaded == settings.Settings()
    assert "\n" not in warning and str(config / "settings.toml") in warning and why in warning


def test_a_folder_where_the_file_should_be_is_a_warning(config):
    (config / "settings.toml").mkdir()
    loaded, warning = settings.load()
    assert loaded == settings.Settings() and "ignoring" in warning


def test_saving_the_theme_keeps_the_rest_of_the_file_and_leaves_no_temporary(config):
    write(config, 'bot_delay = 0.3\nplayer_name = "Ann"\n')
    assert settings.save(theme="gruvbox") == ""
    assert tomllib.loads((config / "settings.toml").read_text()) == {
        "bot_delay": 0.3,
        "player_name": "Ann",
        "theme": "gruvbox",
    }
    assert [path.name for path in config.iterdir()] == ["settings.toml"]


def test_a_broken_file_is_never_written_over(config):
    write(config, "theme = nord\nbot_delay = 0.3\n")
    problem = settings.save(theme="gruvbox")
    assert "not saved" in problem and "does not write over it" in problem
    assert (config / "settings.toml").read_text() == "theme = nord\nbot_delay = 0.3\n"


def read_only(monkeypatch) -> None:
    """A folder castletui may not write in (as root the suite could write in any)."""

    def refused(*args, **kwargs):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(kept_settings.tempfile, "mkstemp", refused)


def test_a_read_only_folder_is_a_warning(config, monkeypatch):
    read_only(monkeypatch)
    assert "could not save the settings" in settings.save(theme="nord")
    assert "Permission denied" in settings.save(theme="nord")


def test_a_failed_write_is_a_warning_and_the_old_file_stays(config, monkeypatch):
    write(config, 'theme = "nord"\n')

    def full_disk(*args):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", full_disk)
    assert "No space left on device" in settings.save(theme="gruvbox")
    assert (config / "settings.toml").read_text() == 'theme = "nord"\n'
    assert [path.name for path in config.iterdir()] == ["settings.toml"]


def test_the_players_name_comes_first_and_never_twice():
    assert settings.default_names("") == ["Coco", "Wei", "Milo", "Juno"]
    assert settings.default_names("wei")[:4] == ["wei", "Coco", "Milo", "Juno"]


# --- the command line ----------------------------------------------------------


def test_help_says_where_the_settings_file_is(config, capsys):
    with pytest.raises(SystemExit):
        cli.main(["--help"])
    out = capsys.readouterr().out
    assert "Settings:" in out and "settings.toml" in out and "CASTLETUI_CONFIG_DIR" in out
    assert str(config).replace("\n", "")[:30] in out.replace("\n", "")


def test_the_settings_folders_and_name_are_used_and_the_environment_wins(config, tmp_path, monkeypatch):
    write(
        config,
        f'save_dir = "{tmp_path / "my-saves"}"\ntable_dir = "{tmp_path / "my-tables"}"\nplayer_name = "Ann"\n',
    )
    monkeypatch.delenv("CASTLETUI_SAVE_DIR")
    monkeypatch.delenv("CASTLETUI_TABLE_DIR", raising=False)
    args = cli.build_parser().parse_args(["new", "castlecards", "--players", "2"])
    assert save_folder(args) == tmp_path / "my-saves"
    assert table_folder(args) == tmp_path / "my-tables"
    start = start_from(args, registry)
    assert [player.name for player in start.new_game["players"]] == ["Ann", "Coco"]
    monkeypatch.setenv("CASTLETUI_SAVE_DIR", str(tmp_path / "from-env"))
    assert save_folder(cli.build_parser().parse_args(["list"])) == tmp_path / "from-env"
    given = cli.build_parser().parse_args(["list", "--save-dir", str(tmp_path / "given")])
    assert save_folder(given) == tmp_path / "given"


def test_list_with_a_broken_settings_file_warns_in_one_line_and_goes_on(config, capsys):
    write(config, "theme = nord\n")
    assert cli.main(["list"]) == 0
    out, err = capsys.readouterr()
    assert "No saved games" in out
    assert err.count("\n") == 1 and err.startswith("castletui: ignoring the settings")


def test_the_bot_pause_comes_from_the_settings_unless_the_environment_says(config, monkeypatch):
    write(config, "bot_delay = 1.5\n")
    monkeypatch.delenv("CASTLETUI_BOT_DELAY")
    assert CastleApp().bot_delay == 1.5
    monkeypatch.setenv("CASTLETUI_BOT_DELAY", "0")
    assert CastleApp().bot_delay == 0


# --- the app -------------------------------------------------------------------


async def test_a_theme_chosen_in_the_app_is_there_at_the_next_start(config):
    app = CastleApp()
    async with app.run_test(size=(80, 24)) as pilot:
        assert app.theme == "textual-dark"
        app.theme = "nord"
        await pilot.pause()
    assert tomllib.loads((config / "settings.toml").read_text()) == {"theme": "nord"}
    again = CastleApp()
    async with again.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert again.theme == "nord" and again.current_theme.name == "nord"
        assert isinstance(again.screen, MenuScreen)


async def test_the_lobby_of_castletui_join_and_serve_starts_in_the_saved_theme(config, tmp_path):
    write(config, 'theme = "gruvbox"\n')
    app = SharedApp(Start("join"), who="ann", table_dir=tmp_path / "tables", lobby_only=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.current_theme.name == "gruvbox"


async def test_a_broken_file_or_unknown_theme_is_a_notice_in_the_app(config):
    write(config, 'theme = "no-such-theme"\n')
    app = CastleApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.theme == "textual-dark"
        assert any("no-such-theme" in str(n.message) for n in app._notifications)
    write(config, "theme = [\n")
    app = CastleApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert any("ignoring the settings" in str(n.message) for n in app._notifications)
        assert app.screen.query_one(SteadyFooter)  # the app runs on


async def test_a_theme_that_cannot_be_saved_is_a_notice_not_a_crash(config, monkeypatch):
    read_only(monkeypatch)
    app = CastleApp()
    async with app.run_test(size=(80, 24)) as pilot:
        app.theme = "nord"
        await pilot.pause()
        assert app.theme == "nord"
        assert any("could not save the settings" in str(n.message) for n in app._notifications)
        assert isinstance(app.screen, MenuScreen)
