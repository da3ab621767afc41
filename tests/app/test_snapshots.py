"""Every foundation screen and the Catapult Castle table, pinned at 80x24
(the SSH default) and 120x40."""

from __future__ import annotations

import datetime
import os

import pytest

import saves
from castletui.app import Start
from tests.app.driving import StillApp, settle
from tests.app.snapshots import fixed_session, fresh_dir, pin_dates

SIZES = [pytest.param((80, 24), id="80x24"), pytest.param((120, 40), id="120x40")]


async def settled(pilot) -> None:
    await settle(pilot)


@pytest.mark.parametrize("size", SIZES)
def test_menu(snap_compare, size):
    app = StillApp(save_dir=fresh_dir("menu"))
    assert snap_compare(app, terminal_size=size, run_before=settled)


@pytest.mark.parametrize("size", SIZES)
def test_wizard(snap_compare, size):
    app = StillApp(save_dir=fresh_dir("wizard"))

    async def open_wizard(pilot):
        await pilot.press("n")
        await settle(pilot)

    assert snap_compare(app, terminal_size=size, run_before=open_wizard)


@pytest.mark.parametrize("size", SIZES)
def test_wizard_solo_with_options(snap_compare, size):
    app = StillApp(
        Start("wizard", game_id="catapult-castle", new_game={"variant": "solo"}), fresh_dir("wizard-solo")
    )
    assert snap_compare(app, terminal_size=size, run_before=settled)


def _saved_games(name: str):
    folder = fresh_dir(name)
    first = fixed_session(
        folder, "catapult-castle", "standard", [saves.Player("Coco"), saves.Player("Wei", "bot")], 3
    )
    first.run_automatic()
    pin_dates(first)
    first.path.rename(folder / "coco-and-wei.toml")
    solo = fixed_session(folder, "catapult-castle", "solo", [saves.Player("Milo")], 4)
    pin_dates(solo)
    (folder / "game.toml").rename(folder / "milo-solo.toml")
    damaged = folder / "spilled-tea.toml"
    damaged.write_text("format = 'castletui-save'\nversion = 1\ngame = ")
    stamp = datetime.datetime(2026, 11, 29, 20, 0, tzinfo=datetime.UTC).timestamp()
    os.utime(damaged, (stamp, stamp))
    return folder


@pytest.mark.parametrize("size", SIZES)
def test_load_screen(snap_compare, size):
    app = StillApp(save_dir=_saved_games("load"))

    async def open_load(pilot):
        await pilot.press("l")
        await settle(pilot)

    assert snap_compare(app, terminal_size=size, run_before=open_load)


@pytest.mark.parametrize("size", SIZES)
def test_help_over_the_menu(snap_compare, size):
    app = StillApp(save_dir=fresh_dir("help"))

    async def open_help(pilot):
        await settle(pilot)
        await pilot.press("f1")
        await settle(pilot)

    assert snap_compare(app, terminal_size=size, run_before=open_help)


@pytest.mark.parametrize("size", SIZES)
def test_rules_reference(snap_compare, size):
    app = StillApp(Start("rules", game_id="catapult-castle"), fresh_dir("rules"))
    assert snap_compare(app, terminal_size=size, run_before=settled)


def _table_session(name: str, seed: int = 3):
    folder = fresh_dir(name)
    session = fixed_session(
        folder, "catapult-castle", "standard", [saves.Player("Coco"), saves.Player("Wei", "bot")], seed
    )
    session.run_automatic()
    pin_dates(session)
    return folder, session


@pytest.mark.parametrize("size", SIZES)
def test_catapult_table(snap_compare, size):
    folder, session = _table_session("table")
    app = StillApp(save_dir=folder, session=session)
    assert snap_compare(app, terminal_size=size, run_before=settled)


@pytest.mark.parametrize("size", SIZES)
def test_catapult_mid_shot(snap_compare, size):
    folder, session = _table_session("mid-shot")
    app = StillApp(save_dir=folder, session=session)

    async def aim(pilot):
        await settle(pilot)
        screen = app.screen
        first_aim = next(i for i, c in enumerate(screen.choice_list) if c.run is not None)
        screen.query_one("#actions").highlighted = first_aim
        await pilot.press("enter")
        bar = screen.query_one("#aim")
        bar.position = bar.centre - 4
        await settle(pilot)

    assert snap_compare(app, terminal_size=size, run_before=aim)


@pytest.mark.parametrize("size", SIZES)
def test_catapult_game_end(snap_compare, size):
    folder = fresh_dir("end")
    session = fixed_session(
        folder,
        "catapult-castle",
        "standard",
        [saves.Player("Coco", "bot", "hard"), saves.Player("Wei", "bot", "easy")],
        6,
    )
    session.run_automatic()
    pin_dates(session)
    assert session.over
    app = StillApp(save_dir=folder, session=session)
    assert snap_compare(app, terminal_size=size, run_before=settled)


@pytest.mark.parametrize("size", SIZES)
def test_catapult_solo_end_with_rating(snap_compare, size):
    folder = fresh_dir("solo-end")
    session = fixed_session(folder, "catapult-castle", "solo", [saves.Player("Milo", "bot", "hard")], 2)
    session.run_automatic()
    pin_dates(session)
    app = StillApp(save_dir=folder, session=session)
    assert snap_compare(app, terminal_size=size, run_before=settled)
