"""Castlecards screens pinned as pictures at 80x24 and 120x40: every step a
player meets (the table, the targets of an attack, an attack and a Night
attack being picked, a reaction, Explorers, a build, a Thief, support in a
3-player game, a fallen player's gifts, four players, a 4-player Night
attack with face-down support) and the end of a 2- and a 3-player game.

Deterministic: fixed seeds, the people's moves chosen by the seeded normal
bot, a fixed save path (its name is in the header), no bot pause."""

from __future__ import annotations

import pytest

from tests.app.castlecards.test_screens import (
    at_action,
    is_reacting,
    new_session,
    play_until,
    supported_at_night,
    top,
)
from tests.app.driving import StillApp, open_table, settle
from tests.app.snapshots import fresh_dir


def picking_attack(session) -> bool:
    pending = top(session)
    return (
        pending is not None
        and pending.kind == "select"
        and pending.purpose == "attack"
        and pending.seat == 0
        and len(pending.selected) >= 2
    )


def selecting(purpose: str, night: bool = False):
    def stop(session) -> bool:
        pending = top(session)
        return (
            pending is not None
            and pending.kind == "select"
            and pending.purpose == purpose
            and pending.seat == 0
            and session.state.assault.night == night
        )

    return stop


def asked(kind: str):
    def stop(session) -> bool:
        pending = top(session)
        return pending is not None and pending.kind == kind and pending.seat == 0

    return stop


# moment: (seed, seats, mode, stop, keys pressed before the picture)
MOMENTS = {
    "table": (3, 2, "digital", lambda s: at_action(s) and s.ply > 120, ()),
    "targets": (3, 2, "digital", lambda s: at_action(s) and s.ply > 120, ("enter",)),
    "attack": (3, 2, "digital", picking_attack, ()),
    "night": (1, 2, "digital", selecting("attack", night=True), ()),
    "reaction": (4, 2, "digital", is_reacting, ()),
    "explore": (1, 2, "digital", selecting("explore"), ()),
    "build": (1, 2, "digital", selecting("build"), ()),
    "thief": (1, 2, "digital", asked("thief"), ()),
    "support": (1, 3, "digital", selecting("support"), ()),
    "give": (11, 3, "digital", asked("give"), ()),
    "four-players": (4, 4, "digital", lambda s: at_action(s) and s.ply > 60, ()),
    "end": (3, 2, "digital", lambda s: False, ("escape",)),
    "three-player-end": (11, 3, "digital", lambda s: False, ("escape",)),
}


def make_app(moment: str, size: str) -> StillApp:
    folder = fresh_dir(f"castlecards-{moment}-{size}")
    seed, seats, mode, stop, _ = MOMENTS[moment]
    session = play_until(new_session(folder / "game.toml", seed, seats=seats, mode=mode), stop, limit=2000)
    return StillApp(save_dir=folder, session=session)


def pressing(keys):
    async def run_before(pilot) -> None:
        await settle(pilot)
        for key in keys:
            await pilot.press(key)  # the end: the score sheet opens by itself, Escape closes it
            await settle(pilot)

    return run_before


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
@pytest.mark.parametrize("moment", list(MOMENTS))
def test_castlecards_screen(snap_compare, moment, size):
    app = make_app(moment, f"{size[0]}x{size[1]}")
    assert snap_compare(app, terminal_size=size, run_before=pressing(MOMENTS[moment][4]))


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
def test_castlecards_night_attack_with_face_down_support(snap_compare, size):
    """Four people at one device; Coco is asked to react to Bo's Night attack
    that Wei and Ada each slipped a card under: the whole hand shows at 80x24."""
    folder = fresh_dir(f"castlecards-night-supported-{size[0]}x{size[1]}")
    session = supported_at_night(new_session(folder / "game.toml", 1, bot=False, seats=4), "react")
    app = StillApp(save_dir=folder, session=session)

    async def run_before(pilot) -> None:
        await open_table(pilot)  # the hot-seat curtain: Coco says it is them
        await settle(pilot)

    assert snap_compare(app, terminal_size=size, run_before=run_before)
