"""Castlecards screens pinned as pictures at 80x24 and 120x40: the table in
mid-game, an attack being picked, the defender's reaction step and the end.

Deterministic: fixed seeds, the people's moves chosen by the seeded normal
bot, a fixed save path (its name is in the header), no bot pause."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.app.castlecards.test_screens import at_action, is_reacting, new_session, play_until, top
from tests.app.driving import StillApp, settle

SNAP_DIR = Path("/tmp/castletui-snapshots")


def picking_attack(session) -> bool:
    pending = top(session)
    return (
        pending is not None
        and pending.kind == "select"
        and pending.purpose == "attack"
        and pending.seat == 0
        and len(pending.selected) >= 2
    )


MOMENTS = {
    "table": (3, lambda s: at_action(s) and s.ply > 120),
    "attack": (3, picking_attack),
    "reaction": (4, is_reacting),
    "end": (3, lambda s: False),
}


def make_app(moment: str, size: str) -> StillApp:
    folder = SNAP_DIR / f"castlecards-{moment}-{size}"
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    seed, stop = MOMENTS[moment]
    session = play_until(new_session(folder / "game.toml", seed), stop)
    return StillApp(save_dir=folder, session=session)


async def settle_run_before(pilot) -> None:
    await settle(pilot)


async def close_the_score_sheet(pilot) -> None:
    await settle(pilot)
    await pilot.press("escape")  # the score sheet opens by itself at the end
    await settle(pilot)


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
@pytest.mark.parametrize("moment", ["table", "attack", "reaction", "end"])
def test_castlecards_screen(snap_compare, moment, size):
    app = make_app(moment, f"{size[0]}x{size[1]}")
    run_before = close_the_score_sheet if moment == "end" else settle_run_before
    assert snap_compare(app, terminal_size=size, run_before=run_before)
