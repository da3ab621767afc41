"""What a key redraws (issue 27, the cost of an Enter): a board repaints
only the rows of it that changed, and those rows are the same as a board
drawn whole; the Footer's keys come and go in place instead of the Footer
being built again; moving the keys from a board to the action bar does not
send the whole screen to the terminal again. Counted, never timed."""

from __future__ import annotations

from textual.visual import Visual, visualize

from castletui.games.got_catan.map import GotCatanMap
from castletui.widgets.board import SpotBoard
from castletui.widgets.footer import SteadyFooter
from tests.app.castlecards.test_screens import footer_keys, may_attack
from tests.app.castlecards.test_screens import new_session as new_castlecards
from tests.app.castlecards.test_screens import play_until as play_castlecards_until
from tests.app.driving import StillApp, open_table, settle
from tests.app.got_catan.helpers import map_at, new_session, play_until, turn_with_two_roads


def drawn_whole(board: SpotBoard) -> list:
    """The board's rows as Textual draws a widget's render in one piece."""
    width, height = board.size
    return Visual.to_strips(board, visualize(board, board.render()), width, height, board.visual_style)


def rows_drawn(monkeypatch) -> list:
    """Each time a board turns its render into rows: the rows it repainted
    (None: all of them)."""
    drawn: list = []
    real = SpotBoard._draw

    def draw(self):
        rows = real(self)
        drawn.append(rows)
        return rows

    monkeypatch.setattr(SpotBoard, "_draw", draw)
    return drawn


async def test_a_cursor_step_and_a_road_built_repaint_only_the_rows_that_changed(tmp_path, monkeypatch):
    async with map_at(tmp_path, turn_with_two_roads) as (pilot, screen, gift):
        session = screen.session
        await pilot.press("m")
        await settle(pilot)
        assert gift.has_focus and gift.cursor is not None
        drawn = rows_drawn(monkeypatch)
        await pilot.press("right")
        await settle(pilot)
        assert drawn and all(rows is not None for rows in drawn), drawn
        # A step moves the cursor's mark off one place and onto another: a row or two each.
        assert 0 < len(drawn[-1]) <= 4, drawn
        assert gift._rows == drawn_whole(gift)
        drawn.clear()
        ply = session.ply
        await pilot.press("enter")
        await settle(pilot)
        assert session.ply == ply + 1
        # The road, and the marks of the places no longer offered: some rows, not the map.
        assert drawn and all(rows is not None for rows in drawn), drawn
        assert len({row for rows in drawn for row in rows}) < len(gift._rows)
        assert gift._rows == drawn_whole(gift)


async def test_a_resized_board_is_drawn_whole_at_its_new_size(tmp_path):
    session = play_until(new_session(tmp_path / "g.toml", seed=2), turn_with_two_roads)
    app = StillApp(save_dir=tmp_path, session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_table(pilot)
        gift = app.screen.query_one(GotCatanMap)
        before = gift.size
        await pilot.resize_terminal(120, 40)
        await settle(pilot)
        await pilot.press("m", "right")
        await settle(pilot)
        assert gift.size != before
        assert gift._rows == drawn_whole(gift)
        # The places are where the map at its new size draws them (placed again
        # only when the layout changes, GotCatanMap.render_rows).
        placed, hits = dict(gift.spot_cells), dict(gift.hit_cells)
        gift._placed = None
        gift.render()
        assert (gift.spot_cells, gift.hit_cells) == (placed, hits)


def shown_keys(footer: SteadyFooter) -> list[str]:
    return [key.description for key in footer.keys_shown()]


async def test_back_comes_and_goes_in_the_footer_without_building_it_again(tmp_path, monkeypatch):
    session = play_castlecards_until(
        new_castlecards(tmp_path / "g.toml", 3),
        may_attack,
    )
    rebuilt: list[int] = []
    real = SteadyFooter.recompose

    async def recompose(self):
        rebuilt.append(1)
        return await real(self)

    monkeypatch.setattr(SteadyFooter, "recompose", recompose)
    app = StillApp(save_dir=tmp_path, session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        footer = app.screen.query_one(SteadyFooter)
        assert "Back" not in shown_keys(footer)
        await pilot.press("enter")  # Attack...: a menu level Escape leaves
        await settle(pilot)
        assert "Back" in shown_keys(footer)
        await pilot.press("escape")
        await settle(pilot)
        assert "Back" not in shown_keys(footer)
        rebuilt.clear()
        for _ in range(2):
            await pilot.press("enter")
            await settle(pilot)
            assert "Back" in shown_keys(footer)
            await pilot.press("escape")
            await settle(pilot)
            assert "Back" not in shown_keys(footer)
        assert rebuilt == [], "a key comes and goes in place"
        assert not footer.children, "one widget draws the keys"
        # What shows is what Textual's Footer would show: the screen's keys, in order.
        assert set(shown_keys(footer)) == footer_keys(app)


async def test_every_frame_of_a_hot_seat_game_shows_each_board_as_drawn_whole(tmp_path, monkeypatch):
    """Row by row never means stale: in every frame drawn while three people
    pass the device (curtains falling and rising, the map hidden and shown,
    places offered and taken), each board shown holds the rows of its own
    render now, never rows drawn before a change (another person's)."""
    from textual.screen import Screen

    session = new_session(tmp_path / "g.toml", seed=7)
    app = StillApp(save_dir=tmp_path, session=session)
    stale: list[str] = []
    frames = [0]
    real = Screen._compositor_refresh

    def checked(screen):
        for board in screen.query(SpotBoard):
            if board.display and board._rows is not None and board._rows_size == board.size and board.size:
                frames[0] += 1
                if board._rows != drawn_whole(board):
                    stale.append(f"{type(board).__name__} at ply {session.ply}")
        return real(screen)

    monkeypatch.setattr(Screen, "_compositor_refresh", checked)
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(40):  # the curtains, the set-up by the bar and the map, the first rolls
            await pilot.press("enter")
            await settle(pilot)
            if session.ply > 4 and _ % 5 == 0:
                await pilot.press("m", "right", "left")
        assert session.ply > 10
    assert frames[0] > 20
    assert stale == []
