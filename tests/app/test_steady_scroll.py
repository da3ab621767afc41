"""The log and the action bar change length on every move without laying
the screen out again (castletui/widgets/panels.py, SteadyScroll): their
size is the screen's, so only a scrollbar shown or hidden needs a layout.
What shows must be as before: the scrollbar comes when the lines outgrow
the window and tells their length, the log stays at its end, the bar
scrolls to its highlight."""

from __future__ import annotations

from textual.app import App
from textual.screen import Screen
from textual.widgets.option_list import Option

from castletui.widgets.panels import ActionBar, GameLog
from tests.app.driving import settle
from tests.app.got_catan.helpers import map_at, turn_with_two_roads


class Panels(App):
    # The game's log always shows its scrollbar (RichLog's overflow-y: scroll): here it comes and goes.
    CSS = "GameLog { height: 6; overflow-y: auto; scrollbar-size-vertical: 1; } ActionBar { height: 4; }"

    def compose(self):
        yield GameLog()
        yield ActionBar()


def layouts(monkeypatch) -> list[int]:
    laid: list[int] = []
    real = Screen._refresh_layout

    def counted(self, *args, **kwargs):
        laid.append(1)
        return real(self, *args, **kwargs)

    monkeypatch.setattr(Screen, "_refresh_layout", counted)
    return laid


async def test_the_log_grows_scrolled_to_its_end_and_lays_out_only_for_its_scrollbar(monkeypatch):
    app = Panels()
    async with app.run_test(size=(40, 12)) as pilot:
        log = app.query_one(GameLog)
        await pilot.pause()
        laid = layouts(monkeypatch)
        for n in range(3):
            log.add(f"line {n}")
            await pilot.pause()
        assert laid == [], "lines that fit the window: no layout"
        assert not log.show_vertical_scrollbar
        for n in range(3, 12):
            log.add(f"line {n}")
            await pilot.pause()
        # Past the window: the scrollbar came (that once lays the screen out), at the end.
        assert log.show_vertical_scrollbar and laid
        assert log.vertical_scrollbar.window_virtual_size == log.virtual_size.height == 12
        assert log.scroll_y == log.max_scroll_y > 0
        laid.clear()
        log.add("a longer line that the log wraps to its width, over two rows or more")
        await pilot.pause()
        assert laid == []
        assert log.vertical_scrollbar.window_virtual_size == log.virtual_size.height > 13
        assert log.scroll_y == log.max_scroll_y
        lines = [strip.text.rstrip() for strip in log.lines]
        assert lines[-1] and all(len(line) <= log.scrollable_content_region.width for line in lines)


async def test_the_action_bar_takes_new_lines_and_lays_out_only_for_its_scrollbar(monkeypatch):
    app = Panels()
    async with app.run_test(size=(40, 12)) as pilot:
        bar = app.query_one(ActionBar)
        bar.set_options([Option("one"), Option("two")])
        await pilot.pause()
        laid = layouts(monkeypatch)
        bar.set_options([Option("three")])
        await pilot.pause()
        assert laid == [] and not bar.show_vertical_scrollbar
        bar.set_options([Option(f"choice {n}") for n in range(9)])
        await pilot.pause()
        assert bar.show_vertical_scrollbar and laid
        laid.clear()
        bar.set_options([Option(f"other {n}") for n in range(7)])
        bar.highlighted = 6
        await pilot.pause()
        assert laid == []
        assert bar.vertical_scrollbar.window_virtual_size == 7
        assert bar.scroll_y == bar.max_scroll_y  # the highlight in view


async def test_an_enter_that_builds_a_road_does_not_lay_the_screen_out(tmp_path, monkeypatch):
    async with map_at(tmp_path, turn_with_two_roads) as (pilot, screen, gift):
        session = screen.session
        await pilot.press("m", "right")
        await settle(pilot)
        log = screen.query_one(GameLog)
        lines = len(log.lines)
        laid = layouts(monkeypatch)
        ply = session.ply
        await pilot.press("enter")
        await settle(pilot)
        assert session.ply == ply + 1 and len(log.lines) > lines
        assert laid == [], "the log a line longer, the bar's new lines: no layout"
        assert log.scroll_y == log.max_scroll_y
        assert not gift.has_focus
