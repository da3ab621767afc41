"""Catapult Castle's screens pinned as pictures at 80x24 (the SSH default)
and 120x40: a turn about to be played (2 and 4 players, skilled with 3),
the cards menu and its roof level, the board cursor, a shot being aimed,
a hit to take or leave, where a captured tower goes, an extra shot to take
or let go, table mode, a solo turn with its corners and one corner chosen,
a solo rearrangement, and the ends of a standard and a solo game. Fixed seeds and save folders,
no bot pause; a save folder per size, so that sizes may run side by side
(pytest -n)."""

from __future__ import annotations

import pytest
from castletui.rules.catapult_castle.queries import CARDS
from castletui.rules.core.search import work_budget

from castletui import saves
from tests.app.catapult_castle.helpers import play_until, table_session, top
from tests.app.driving import StillApp, open_table, settle
from tests.app.snapshots import fixed_session, fresh_dir, pin_dates

SIZES = [pytest.param((80, 24), id="80x24"), pytest.param((120, 40), id="120x40")]


async def settled(pilot) -> None:
    await open_table(pilot)


def _app(folder, session) -> StillApp:
    return StillApp(save_dir=folder, session=session)


@pytest.mark.parametrize("size", SIZES)
def test_table(snap_compare, size):
    folder, session = table_session(f"table-{size[0]}")
    assert snap_compare(_app(folder, session), terminal_size=size, run_before=settled)


@pytest.mark.parametrize("size", SIZES)
def test_four_players(snap_compare, size):
    folder, session = table_session(f"four-{size[0]}", seats=4, seed=11)
    assert snap_compare(_app(folder, session), terminal_size=size, run_before=settled)


@pytest.mark.parametrize("size", SIZES)
def test_skilled_three_players(snap_compare, size):
    folder, session = table_session(f"skilled-{size[0]}", seats=3, seed=5, options={"skilled": True})
    assert snap_compare(_app(folder, session), terminal_size=size, run_before=settled)


@pytest.mark.parametrize("size", SIZES)
def test_cards_menu(snap_compare, size):
    folder, session = table_session(f"cards-{size[0]}", seed=1)
    app = _app(folder, session)

    async def open_cards(pilot):
        await open_table(pilot)
        app.screen.menu.open_group(CARDS)
        await settle(pilot)

    assert snap_compare(app, terminal_size=size, run_before=open_cards)


@pytest.mark.parametrize("size", SIZES)
def test_roof_on_a_tower(snap_compare, size):
    folder, session = table_session(f"roof-{size[0]}", seed=1)
    app = _app(folder, session)

    async def open_roofs(pilot):
        await open_table(pilot)
        screen = app.screen
        screen.menu.open_group(CARDS)
        roofs = next(c for c in screen.bar.lines if c.text.endswith("..."))
        screen.menu.run(roofs)
        await settle(pilot)

    assert snap_compare(app, terminal_size=size, run_before=open_roofs)


@pytest.mark.parametrize("size", SIZES)
def test_board_cursor(snap_compare, size):
    folder, session = table_session(f"cursor-{size[0]}")
    app = _app(folder, session)

    async def on_the_table(pilot):
        await open_table(pilot)
        await pilot.press("t", "right", "down")
        await settle(pilot)

    assert snap_compare(app, terminal_size=size, run_before=on_the_table)


@pytest.mark.parametrize("size", SIZES)
def test_mid_shot(snap_compare, size):
    folder, session = table_session(f"mid-shot-{size[0]}")
    app = _app(folder, session)

    async def aim(pilot):
        await open_table(pilot)
        await pilot.press("enter")
        bar = app.screen.query_one("#aim")
        bar.position = bar.centre - 4
        await settle(pilot)

    assert snap_compare(app, terminal_size=size, run_before=aim)


@pytest.mark.parametrize("size", SIZES)
def test_take_the_tower_or_leave_it(snap_compare, size):
    folder, session = table_session(f"take-{size[0]}", seed=3)
    play_until(session, lambda s: top(s).kind == "take" and top(s).seat == 0)
    pin_dates(session)
    assert snap_compare(_app(folder, session), terminal_size=size, run_before=settled)


@pytest.mark.parametrize("size", SIZES)
def test_place_the_captured_tower(snap_compare, size):
    folder, session = table_session(f"place-{size[0]}", seed=3)
    play_until(session, lambda s: top(s).kind == "place" and top(s).seat == 0)
    pin_dates(session)
    assert snap_compare(_app(folder, session), terminal_size=size, run_before=settled)


@pytest.mark.parametrize("size", SIZES)
def test_extra_shot(snap_compare, size):
    folder, session = table_session(f"extra-{size[0]}", seed=2)
    extra_shot = ("Extra Shot",)
    play_until(
        session, lambda s: s.state.shot_taken and top(s).kind == "turn" and top(s).seat == 0, extra_shot
    )
    assert snap_compare(_app(folder, session), terminal_size=size, run_before=settled)


@pytest.mark.parametrize("size", SIZES)
def test_table_mode(snap_compare, size):
    folder, session = table_session(f"table-mode-{size[0]}", seed=1, humans=2, mode="table")
    play_until(session, lambda s: s.to_move() == 0)
    pin_dates(session)
    assert snap_compare(_app(folder, session), terminal_size=size, run_before=settled)


@pytest.mark.parametrize("size", SIZES)
def test_solo_turn(snap_compare, size):
    folder, session = table_session(f"solo-{size[0]}", seats=1, seed=4, variant="solo")
    assert snap_compare(_app(folder, session), terminal_size=size, run_before=settled)


@pytest.mark.parametrize("size", SIZES)
def test_solo_corner_chosen(snap_compare, size):
    folder, session = table_session(f"solo-corner-{size[0]}", seats=1, seed=4, variant="solo")
    app = _app(folder, session)

    async def corner(pilot):
        await open_table(pilot)
        await pilot.press("enter")
        await settle(pilot)

    assert snap_compare(app, terminal_size=size, run_before=corner)


@pytest.mark.parametrize("size", SIZES)
def test_solo_rearranging(snap_compare, size):
    from castletui.rules.catapult_castle.state import Rearrange

    folder, session = table_session(f"solo-rearrange-{size[0]}", seats=1, seed=4, variant="solo")
    session.act(Rearrange())
    pin_dates(session)
    assert snap_compare(_app(folder, session), terminal_size=size, run_before=settled)


@pytest.mark.parametrize("size", SIZES)
def test_game_end(snap_compare, size):
    folder = fresh_dir(f"end-{size[0]}")
    session = fixed_session(
        folder,
        "catapult-castle",
        "standard",
        [saves.Player("Coco", "bot", "hard"), saves.Player("Wei", "bot", "easy")],
        6,
    )
    with work_budget(10):  # the hard bot searches a little: a test gives work, not time
        session.run_automatic()
    pin_dates(session)
    assert session.over
    assert snap_compare(_app(folder, session), terminal_size=size, run_before=settled)


@pytest.mark.parametrize("size", SIZES)
def test_solo_end_with_rating(snap_compare, size):
    folder = fresh_dir(f"solo-end-{size[0]}")
    session = fixed_session(folder, "catapult-castle", "solo", [saves.Player("Milo", "bot", "hard")], 2)
    session.run_automatic()
    pin_dates(session)
    assert snap_compare(_app(folder, session), terminal_size=size, run_before=settled)
