"""The action bar (castletui/widgets/panels.py, ActionBar) keeps the
drawings of its lines across new lines (the bar gets new lines on most
moves, mostly ones it had before): what it shows must be what Textual's
OptionList shows for the same lines, each line's place in its cells
(a click reads it) included, however the lines move."""

from __future__ import annotations

from textual.app import App
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from castletui.widgets.panels import ActionBar

LONG = "✗ Settlement: A settlement needs 1 brick, 1 lumber, 1 wool and 1 grain; you have 1 brick."


def lines(*texts: str) -> list:
    return [Option(text, id=str(i), disabled=text.startswith("✗")) for i, text in enumerate(texts)]


class Both(App):
    AUTO_FOCUS = None
    CSS = "OptionList { height: 8; width: 40; padding: 0 1; }"

    def compose(self):
        yield ActionBar(markup=False)
        yield OptionList(markup=False)


def shown(bar: OptionList) -> list:
    return [bar.render_line(y) for y in range(bar.size.height)]


async def test_the_bar_shows_what_an_option_list_shows_as_its_lines_come_and_go():
    app = Both()
    async with app.run_test(size=(50, 20)) as pilot:
        bar, plain = app.query_one(ActionBar), app.query_one(OptionList)
        menus = [
            lines("End turn", "Build...", "Trade...", LONG),
            lines("Road", "Settlement", "Back"),
            lines("Roll", "End turn", "Build...", "Trade...", LONG),  # the same lines, elsewhere
            lines("End turn", "Build...", "Trade...", LONG),
        ]
        for menu, highlight in zip(menus, (0, 2, 1, 3), strict=True):
            bar.set_options(menu)
            plain.set_options(lines(*(option.prompt for option in menu)))
            bar.highlighted = plain.highlighted = highlight
            await pilot.pause()
            # The same cells, each with the same meta: which option a click is on.
            assert shown(bar) == shown(plain)
        assert len(bar._drawn) < sum(len(menu) for menu in menus), "lines seen before were not drawn again"
