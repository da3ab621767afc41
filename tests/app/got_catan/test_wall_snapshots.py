"""Brotherhood of the Watch pinned as pictures at 80x24 and 120x40: the
Wall and the north (on a small terminal after pressing w; under the Gift on
a large one) in mid-game with wildlings waiting and a guard to build, and
the hero display with the viewer's hero and the Hero menu open.

Deterministic: fixed seeds, the people's moves chosen by the seeded
planner bot, a fixed save path, no bot pause."""

from __future__ import annotations

import re

import pytest

from tests.app.driving import StillApp, open_table, screen_text, settle
from tests.app.got_catan.helpers import new_session, play_until, top
from tests.app.snapshots import fresh_dir


def wall_busy(session) -> bool:
    """Ann's turn after the roll, with wildlings in the camps and a clearing."""
    step = top(session)
    state = session.state
    return (
        step is not None
        and step.kind == "turn"
        and step.seat == 0
        and any(state.clearings)
        and sum(len(c) for c in state.camps) >= 3
    )


def make_app(moment: str, size: str) -> StillApp:
    folder = fresh_dir(f"got-catan-watch-{moment}-{size}")
    session = play_until(new_session(folder / "game.toml", 7, seats=4, variant="brotherhood"), wall_busy)
    return StillApp(save_dir=folder, session=session)


async def show_the_wall(pilot) -> None:
    await open_table(pilot)
    if pilot.app.size.height < 36:
        await pilot.press("w")
        await settle(pilot)


async def open_the_hero_menu(pilot) -> None:
    await open_table(pilot)
    screen = pilot.app.screen
    for index, choice in enumerate(screen.bar.lines):
        if choice.text.startswith("Hero"):
            await pilot.press(*(["down"] * index), "enter")
            break
    await settle(pilot)


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
@pytest.mark.parametrize("moment", ["wall", "hero"])
def test_brotherhood_screen(snap_compare, moment, size):
    app = make_app(moment, f"{size[0]}x{size[1]}")
    run_before = {"wall": show_the_wall, "hero": open_the_hero_menu}[moment]
    assert snap_compare(app, terminal_size=size, run_before=run_before)


async def test_the_wall_panel_shows_the_tokens_whole_at_120x40():
    """Issue 28, item 14: the tokens read "... 39 on card" at 120x40."""
    app = make_app("wall", "tokens")
    async with app.run_test(size=(120, 40)) as pilot:
        await show_the_wall(pilot)
        while "Frostfangs" not in screen_text(app):
            await pilot.pause()
        assert re.search(r"tokens: \d+ in the pool, \d+ on cards, \d+ spent", screen_text(app))
