"""The game log (castletui/widgets/panels.py, GameLog) is a widget of its
own, drawn as Textual's RichLog(wrap=True, min_width=10) drew it: the same
cells for the same lines, at the end after every line, wrapped to its
width, and wrapped again when that width changes."""

from __future__ import annotations

from textual.app import App
from textual.geometry import Region
from textual.widget import Widget
from textual.widgets import RichLog

from castletui.widgets.panels import GameLog
from tests.app.driving import wait_until

LINES = [
    "Ann rolled 8: everyone collects.",
    "Bran built a road on the coast between the hills and the forest, near the 3:1 trade route",
    "",
    "Cat\tpassed.",
    "[Team A] is a name, not markup",
    "supercalifragilisticexpialidocious-without-a-single-space-to-break-at",
    "城 a wide character",
    "Bran passed.",  # lines that fit: one row each, drawn without Rich (GameLog._wrap)
    "x",
    " a space first",
    "Cat's road: 5",
]


class Both(App):
    AUTO_FOCUS = None  # neither tinted by the keyboard
    CSS = "GameLog, RichLog { height: 8; width: 30; padding: 0 1; scrollbar-size-vertical: 1; }"

    def compose(self):
        yield GameLog()
        yield RichLog(wrap=True, markup=False, highlight=False, min_width=10)


def rows(widget) -> list:
    return [widget.render_line(y) for y in range(widget.size.height)]


async def test_the_log_draws_the_cells_richlog_drew_and_stays_at_its_end():
    app = Both()
    async with app.run_test(size=(70, 20)) as pilot:
        log, rich_log = app.query_one(GameLog), app.query_one(RichLog)
        await pilot.pause()
        for line in LINES:
            log.add(line)
            rich_log.write(line, scroll_end=False)
            rich_log.scroll_end(animate=False, immediate=True, x_axis=False)
            await pilot.pause()
            assert log.lines == rich_log.lines
            assert log.virtual_size == rich_log.virtual_size
            assert log.scroll_y == log.max_scroll_y == rich_log.scroll_y
            assert rows(log) == rows(rich_log)
            # Drawn as the screen draws them: the rows kept, the scrollbar kept while it looks the same.
            whole = Region(0, 0, *log.size)
            assert log.render_lines(whole) == rich_log.render_lines(whole)
            bar = Region(0, 0, *log.vertical_scrollbar.size)
            assert log.vertical_scrollbar.render_lines(bar) == rich_log.vertical_scrollbar.render_lines(bar)
        assert len(log.lines) > len(LINES), "the long lines wrapped"
        assert all(strip.cell_length <= log.scrollable_content_region.width for strip in log.lines)


async def test_show_all_draws_the_last_lines_at_the_end_and_the_log_keeps_the_last_500():
    app = Both()
    async with app.run_test(size=(70, 20)) as pilot:
        log = app.query_one(GameLog)
        log.show_all([f"move {n}" for n in range(300)])
        await pilot.pause()
        assert log.texts[0] == "move 100" and len(log.lines) == 200
        assert log.scroll_y == log.max_scroll_y
        assert log.render_line(log.size.height - 1).text.strip() == "move 299"
        for n in range(300, 620):
            log.add(f"move {n}")
        await pilot.pause()
        assert len(log.texts) == len(log.lines) == GameLog.KEPT and log.texts[-1] == "move 619"
        assert log.lines[0].text.strip() == "move 120"
        assert log.render_line(log.size.height - 1).text.strip() == "move 619"


async def test_a_log_written_before_it_is_laid_out_wraps_once_it_is_and_again_at_a_new_width():
    class Early(App):
        CSS = "GameLog { height: 6; width: 1fr; }"

        def compose(self):
            yield GameLog()

        def on_mount(self):
            self.query_one(GameLog).show_all(LINES)  # as the game screen does, before any size is known

    app = Early()
    async with app.run_test(size=(40, 10)) as pilot:
        log = app.query_one(GameLog)
        await pilot.pause()
        width = log.scrollable_content_region.width
        assert log.wrapped_at == width and log.lines
        # The unbroken word, folded at the width.
        assert max(strip.cell_length for strip in log.lines) == width
        narrow = len(log.lines)
        assert log.scroll_y == log.max_scroll_y
        await pilot.resize_terminal(70, 10)
        await wait_until(pilot, lambda: log.size.width > 40)
        assert log.wrapped_at == log.scrollable_content_region.width > width
        assert len(log.lines) < narrow, "wider: fewer rows"
        assert log.scroll_y == log.max_scroll_y


async def test_lines_added_before_the_log_is_laid_out_wrap_at_its_width_once_it_is():
    class Early(App):
        CSS = "GameLog { height: 6; width: 1fr; }"

        def compose(self):
            yield GameLog()

        def on_mount(self):
            log = self.query_one(GameLog)
            for line in LINES:
                log.add(line)

    app = Early()
    async with app.run_test(size=(40, 10)) as pilot:
        log = app.query_one(GameLog)
        await wait_until(pilot, lambda: log.wrapped_at > 0)
        assert log.wrapped_at == log.scrollable_content_region.width
        assert max(strip.cell_length for strip in log.lines) == log.wrapped_at
        assert log.texts == LINES


class AsInTheGame(App):
    AUTO_FOCUS = None
    CSS = "GameLog { height: 8; width: 30; padding: 0 1; border-top: solid red; scrollbar-size-vertical: 1; }"

    def compose(self):
        yield GameLog()


async def test_a_line_added_finishes_only_its_own_row_not_every_row_it_scrolls(monkeypatch):
    """A move's line scrolls the whole log up one row: the rows it moves
    were finished by Textual's styles before (issue 45, item 5: each row
    a watching terminal finishes again is its CPU per move), and the
    screen shows the same cells as when all are finished afresh."""
    asked: list[int] = []
    real = GameLog.render_line

    def render_line(self, y):
        asked.append(y)
        return real(self, y)

    monkeypatch.setattr(GameLog, "render_line", render_line)
    app = AsInTheGame()
    async with app.run_test(size=(70, 20)) as pilot:
        log = app.query_one(GameLog)
        log.show_all([f"move {n}" for n in range(30)])
        await pilot.pause()
        whole = Region(
            0, 0, *log.region.size
        )  # as the screen asks: the border and the scrollbar's column too
        for n in range(30, 34):
            asked.clear()
            log.add(f"move {n}")
            await pilot.pause()
            assert asked == [log.scrollable_content_region.height - 1], (
                "a row the log had finished was finished again"
            )
            kept = log.render_lines(whole)
            log._styles_cache.clear()  # every row finished afresh, as Textual finishes them
            assert kept == Widget.render_lines(log, whole)
