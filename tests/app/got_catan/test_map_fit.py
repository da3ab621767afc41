"""Issue 43, item 8: Brotherhood's Gift for four fits the board. At 80x24
no row is wider than the board (a wider one made Textual draw the board
whole at every cursor step); at 60x20 the map shows the part around the
cursor, which follows it, and no row wraps into the next."""

from __future__ import annotations

import pytest

from castletui.games.got_catan.map import GotCatanMap
from castletui.widgets.board import fits
from tests.app.driving import StillApp, open_table, settle
from tests.app.got_catan.helpers import new_session, play_until, turn_with_two_roads
from tests.app.snapshots import fresh_dir
from tests.app.test_redraw import drawn_whole, rows_drawn


def brotherhood_app(tmp_path) -> StillApp:
    session = new_session(tmp_path / "g.toml", 3, seats=4, variant="brotherhood")
    return StillApp(save_dir=tmp_path, session=play_until(session, turn_with_two_roads))


def assert_rows_fit(gift: GotCatanMap) -> None:
    width, height = gift.size
    rows = gift.render_rows()
    assert len(rows) <= height, (len(rows), height)
    wide = [row.plain for row in rows if not fits(row, width)]
    assert not wide, f"rows wider than the board's {width} columns: {wide}"


def cursor_in_view(gift: GotCatanMap) -> bool:
    row, first, last = gift.spot_cells[gift.cursor]
    width, height = gift.size
    return 0 <= row < height and first >= 0 and last < width


async def test_the_brotherhood_map_fits_80x24_and_a_step_repaints_only_rows(tmp_path, monkeypatch):
    app = brotherhood_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_table(pilot)
        gift = app.screen.query_one(GotCatanMap)
        assert gift.display
        assert_rows_fit(gift)
        assert (gift.shift, gift.lift) == (0, 0), "the whole map is shown"
        await pilot.press("m")
        await settle(pilot)
        drawn = rows_drawn(monkeypatch)
        await pilot.press("right")
        await settle(pilot)
        assert drawn and all(rows is not None for rows in drawn), drawn
        assert gift._rows == drawn_whole(gift)


async def test_at_60x20_the_map_shows_the_part_around_the_cursor(tmp_path):
    app = brotherhood_app(tmp_path)
    async with app.run_test(size=(60, 20)) as pilot:
        await open_table(pilot)
        gift = app.screen.query_one(GotCatanMap)
        assert gift.display
        assert_rows_fit(gift)
        await pilot.press("m")
        await settle(pilot)
        assert gift.has_focus and cursor_in_view(gift)
        views = {(gift.shift, gift.lift)}
        for key in ["right"] * 12 + ["down"] * 4 + ["left"] * 12 + ["up"] * 4:
            await pilot.press(key)
            await settle(pilot)
            assert cursor_in_view(gift), (key, gift.cursor, gift.spot_cells[gift.cursor], gift.size)
            assert_rows_fit(gift)
            views.add((gift.shift, gift.lift))
        assert len(views) > 1, "the part shown followed the cursor"
        assert gift._rows == drawn_whole(gift)


async def show_the_map_with_the_cursor_east(pilot) -> None:
    await open_table(pilot)
    await pilot.press("m", *["right"] * 8)
    await settle(pilot)


@pytest.mark.parametrize("size", [(80, 24), (60, 20)], ids=["80x24", "60x20"])
def test_brotherhood_map_snapshot(snap_compare, size):
    folder = fresh_dir(f"got-catan-map-fit-{size[0]}x{size[1]}")
    app = brotherhood_app(folder)
    assert snap_compare(app, terminal_size=size, run_before=show_the_map_with_the_cursor_east)
