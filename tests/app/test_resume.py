"""Saves from the app: resume where it stopped, Continue, the load screen
(a damaged save named), and a save with a bad move opened at its last
legal one."""

from __future__ import annotations

from pathlib import Path

import msgspec

from castletui import saves
from castletui.app import Start
from castletui.screens.dialogs import ConfirmScreen
from castletui.screens.game import GameScreen
from castletui.screens.load import LoadScreen
from castletui.session import Session
from tests.app.driving import StillApp, settle


async def test_resume_continues_exactly_where_it_stopped(tmp_path):
    session = Session.new(
        "catapult-castle",
        "standard",
        [saves.Player("Coco"), saves.Player("Wei", "bot")],
        seed=5,
        path=tmp_path / "g.toml",
    )
    session.run_automatic()
    app = StillApp(Start("resume", path=tmp_path / "g.toml"), tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)
        assert app.screen.session.state == session.state
        assert app.screen.session.ply == session.ply


async def test_continue_opens_the_latest_save(tmp_path):
    session = Session.new(
        "catapult-castle", "solo", [saves.Player("Coco")], seed=5, path=tmp_path / "solo.toml"
    )
    app = StillApp(save_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("c")
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)
        assert app.screen.session.path == session.path


async def test_load_screen_lists_saves_and_names_a_damaged_one(tmp_path):
    Session.new("catapult-castle", "solo", [saves.Player("Coco")], seed=5, path=tmp_path / "solo.toml")
    (tmp_path / "broken.toml").write_text("format = 'castletui-save'\nversion = 1\ngame = ")
    app = StillApp(save_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("l")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, LoadScreen)
        names = {Path(row.path).name: row for row in screen.rows}
        assert names["broken.toml"].problem and not names["solo.toml"].problem
        index = [Path(row.path).name for row in screen.rows].index("broken.toml")
        screen.query_one("#saves").move_cursor(row=index)
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, LoadScreen), "a damaged save does not open"
        assert "broken.toml" in str(screen.query_one("#load-detail").render())


async def test_a_save_with_a_bad_move_opens_at_its_last_legal_move(tmp_path):
    session = Session.new(
        "catapult-castle",
        "standard",
        [saves.Player("A", "bot"), saves.Player("B", "bot")],
        seed=2,
        path=tmp_path / "g.toml",
    )
    for _ in range(12):
        session.act(session.digital_chance() if session.to_move() == -1 else session.bot_decision())
    bad = list(session.save.log)
    bad[8] = saves.LogEntry(seat=3, action=bad[8].action)
    saves.dump(msgspec.structs.replace(session.save, log=bad), tmp_path / "g.toml")
    app = StillApp(Start("resume", path=tmp_path / "g.toml"), tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, ConfirmScreen)
        assert "log entry 9" in app.screen.message
        await pilot.press("y")
        await settle(pilot)
        game = next(s for s in app.screen_stack if isinstance(s, GameScreen))  # the bots may have finished it
        assert game.session.save.log[:8] == session.save.log[:8]
        assert game.session.path != tmp_path / "g.toml", "the damaged file is left alone"
        assert saves.read(tmp_path / "g.toml").log == bad
