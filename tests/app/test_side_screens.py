"""Screens around the game: rules and help, a terminal too small, and
NO_COLOR."""

from __future__ import annotations

from castletui.screens.help import HelpScreen
from castletui.screens.menu import MenuScreen
from castletui.screens.rules import RulesScreen
from tests.app.driving import StillApp, settle


async def test_rules_and_help_screens(tmp_path):
    app = StillApp(save_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("r")
        assert isinstance(app.screen, RulesScreen)
        assert "Catapult Castle" in app.screen.sub_title
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("escape")
        await pilot.press("escape")
        assert isinstance(app.screen, MenuScreen)
        await pilot.press("f1")
        assert isinstance(app.screen, HelpScreen)


async def test_a_tiny_terminal_is_told_what_size_it_needs(tmp_path):
    app = StillApp(save_dir=tmp_path)
    async with app.run_test(size=(50, 14)) as pilot:
        await pilot.pause()
        assert "at least" in str(app.screen.query_one("#too-small").render())
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)


async def test_the_size_note_fits_a_tiny_terminal_and_no_toast_covers_it(tmp_path):
    # At 40x12 the note was cut after "at least 7" and a toast lay over it.
    app = StillApp(save_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        app.notify("A toast from before the terminal shrank.")
        await pilot.resize_terminal(40, 12)
        await pilot.pause()
        note = str(app.screen.query_one("#too-small").render())
        assert "70x20" in note and max(len(line) for line in note.splitlines()) <= 40
        assert not app._notifications


async def test_no_color_is_respected(tmp_path, monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    app = StillApp(save_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert app.no_color
        assert isinstance(app.screen, MenuScreen)
