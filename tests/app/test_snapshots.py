"""Every foundation screen, pinned at 80x24 (the SSH default) and 120x40.
Each game's own screens are pinned beside its app tests
(tests/app/<game>/test_snapshots.py)."""

from __future__ import annotations

import datetime
import os

import pytest

from castletui import saves
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
