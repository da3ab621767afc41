"""Catapult Castle's table pinned as pictures at 80x24 (the SSH default) and
120x40: a turn about to be played, a shot being aimed, and the ends of a
standard and a solo game. Fixed seeds and save folders, no bot pause."""

from __future__ import annotations

import pytest

import saves
from tests.app.driving import StillApp, settle
from tests.app.snapshots import fixed_session, fresh_dir, pin_dates

SIZES = [pytest.param((80, 24), id="80x24"), pytest.param((120, 40), id="120x40")]


async def settled(pilot) -> None:
    await settle(pilot)


def _table_session(name: str, seed: int = 3):
    folder = fresh_dir(name)
    session = fixed_session(
        folder, "catapult-castle", "standard", [saves.Player("Coco"), saves.Player("Wei", "bot")], seed
    )
    session.run_automatic()
    pin_dates(session)
    return folder, session


@pytest.mark.parametrize("size", SIZES)
def test_table(snap_compare, size):
    folder, session = _table_session("table")
    app = StillApp(save_dir=folder, session=session)
    assert snap_compare(app, terminal_size=size, run_before=settled)


@pytest.mark.parametrize("size", SIZES)
def test_mid_shot(snap_compare, size):
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
def test_game_end(snap_compare, size):
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
def test_solo_end_with_rating(snap_compare, size):
    folder = fresh_dir("solo-end")
    session = fixed_session(folder, "catapult-castle", "solo", [saves.Player("Milo", "bot", "hard")], 2)
    session.run_automatic()
    pin_dates(session)
    app = StillApp(save_dir=folder, session=session)
    assert snap_compare(app, terminal_size=size, run_before=settled)
