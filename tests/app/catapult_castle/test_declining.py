"""Declining a hit in the app (issue 43 item 3): after a hit the action
bar asks the shooter to take the tower or leave it standing, the board
points at the tower, Enter takes it, and the keyboard declines it: the
tower stays with the ammo inside, and the log says so."""

from __future__ import annotations

from castletui.rules.catapult_castle.state import LeaveTower, TakeTower

from castletui.games.catapult_castle.board import TableBoard
from tests.app.catapult_castle.helpers import new_session, play_until, top
from tests.app.driving import StillApp, open_table, screen_text, settle


def texts(screen) -> list[str]:
    return [choice.text for choice in screen.bar.lines]


def at_the_choice(tmp_path, seed: int = 3):
    """Coco (seat 0, against a bot) has just hit a tower; her mat is full."""
    session = new_session(tmp_path / "g.toml", seed=seed)
    play_until(session, lambda s: top(s).kind == "take" and top(s).seat == 0)
    return session


async def test_a_hit_is_declined_through_the_keyboard_at_80x24(tmp_path):
    session = at_the_choice(tmp_path)
    square = top(session).square
    before = session.state
    ply = session.ply
    app = StillApp(save_dir=tmp_path, session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_table(pilot)
        screen = app.screen
        assert texts(screen) == ["Take the tower", "Leave it standing"]
        shown = screen_text(app)
        assert "Coco, your ammo is in the Queen mat's inner tower: take it or leave it?" in shown
        assert "Your mat is full: it is stacked, a card under it." in shown
        assert screen.bar.chosen.spot == square, "the board points at the tower hit"
        assert square in screen.query_one(TableBoard).selectable
        await pilot.press("down")
        await settle(pilot)
        assert "It stays where it stands, your ammo inside." in screen_text(app)
        await pilot.press("enter")
        await settle(pilot)
        assert session.action_at(ply) == LeaveTower()
        after = session.states[ply + 1]
        assert after.stacks[square].towers == (
            *before.stacks[square].towers[:-1],
            before.stacks[square].towers[-1] + 1,
        )
        assert after.hands == before.hands and after.supply == before.supply - 1
        assert after.turn_seat == 1, "the turn has passed"
        assert any(
            " leaves " in line.text and "standing, the ammo inside it" in line.text for line in session.log
        )


async def test_enter_takes_the_tower(tmp_path):
    session = at_the_choice(tmp_path)
    ply = session.ply
    app = StillApp(save_dir=tmp_path, session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_table(pilot)
        await pilot.press("enter")
        await settle(pilot)
        assert session.action_at(ply) == TakeTower()
        assert "stack the captured tower" in screen_text(app)
