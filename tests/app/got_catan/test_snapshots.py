"""A Game of Thrones Catan screens pinned as pictures at 80x24 and 120x40:
the Gift in mid-game, the trade dialog, a 7's discard step and the end.

Deterministic: fixed seeds, the people's moves chosen by the seeded
planner bot, a fixed save path (its name is in the header), no bot pause."""

from __future__ import annotations

import pytest

from tests.app.driving import StillApp, open_table, settle
from tests.app.got_catan.helpers import at, new_session, play_until, top
from tests.app.snapshots import fresh_dir


def mid_game(session) -> bool:
    step = top(session)
    return step is not None and step.kind == "turn" and step.seat == 0 and session.ply > 250


MOMENTS = {
    "map": (2, mid_game),
    "trade": (2, mid_game),
    "discard": (1, at("discard")),
    "end": (2, lambda session: False),
}


def make_app(moment: str, size: str) -> StillApp:
    folder = fresh_dir(f"got-catan-{moment}-{size}")
    seed, stop = MOMENTS[moment]
    session = play_until(new_session(folder / "game.toml", seed), stop)
    return StillApp(save_dir=folder, session=session)


async def open_the_trade_dialog(pilot) -> None:
    await open_table(pilot)
    await pilot.press("t")
    await settle(pilot)
    await pilot.press("2", "down", "down", "right", "1")  # 2 brick for 1 lumber
    await settle(pilot)


async def close_the_score_sheet(pilot) -> None:
    await open_table(pilot)
    await pilot.press("escape")  # the score sheet opens by itself at the end
    await settle(pilot)
    # The log lays out its long history lazily: let it finish before the picture.
    await pilot.wait_for_scheduled_animations()
    await pilot.pause()


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
@pytest.mark.parametrize("moment", list(MOMENTS))
def test_got_catan_screen(snap_compare, moment, size):
    app = make_app(moment, f"{size[0]}x{size[1]}")
    run_before = {"trade": open_the_trade_dialog, "end": close_the_score_sheet}.get(moment, open_table)
    assert snap_compare(app, terminal_size=size, run_before=run_before)
