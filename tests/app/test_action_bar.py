"""The action bar (castletui/widgets/panels.py, ActionBar) keeps the
drawings of its lines across new lines (the bar gets new lines on most
moves, mostly ones it had before): what it shows must be what Textual's
OptionList shows for the same lines, each line's place in its cells
(a click reads it) included, however the lines move."""

from __future__ import annotations

import pytest
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
        yield ActionBar(markup=False, id="bar")
        yield OptionList(markup=False, id="plain")


def shown(bar: OptionList) -> list:
    return [bar.render_line(y) for y in range(bar.size.height)]


async def test_the_bar_shows_what_an_option_list_shows_as_its_lines_come_and_go():
    app = Both()
    async with app.run_test(size=(50, 20)) as pilot:
        # (by id: an ActionBar is an OptionList too)
        bar, plain = app.query_one("#bar", ActionBar), app.query_one("#plain", OptionList)
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


class PaddedLines(Both):
    """Lines padded, and the game's underline for the highlight without the keys."""

    CSS = (
        Both.CSS
        + """
    OptionList > .option-list--option { padding: 0 2; }
    OptionList:blur > .option-list--option-highlighted { background: transparent; text-style: underline; }
    """
    )


@pytest.mark.parametrize("app_class", [Both, PaddedLines])
async def test_a_line_drawn_straight_is_the_option_lists_with_the_keys_and_without(app_class):
    """A plain line that fits is drawn without Textual's Content pipeline
    (``ActionBar._drawn_straight``): the same cells, each style and offset,
    highlighted, greyed, with the keys or not, wide characters too."""
    app = app_class()
    async with app.run_test(size=(50, 20)) as pilot:
        # (by id: an ActionBar is an OptionList too)
        bar, plain = app.query_one("#bar", ActionBar), app.query_one("#plain", OptionList)
        texts = ("End turn", "✗ Road: no brick", "Wall 城 guard", "x" * 36, LONG)
        for highlight in (0, 1, 2, 3):
            bar.set_options(lines(*texts))
            plain.set_options(lines(*texts))
            for focused in (bar, plain):
                focused.focus()
                bar.highlighted = plain.highlighted = highlight
                await pilot.pause()
                bar_rows = shown(bar)
                plain.focus() if focused is bar else bar.focus()
                await pilot.pause()
                assert bar_rows == shown(plain), (highlight, focused)
        width = bar.scrollable_content_region.width
        assert any(
            bar._drawn_straight(
                bar._get_visual(option),
                bar.get_visual_style("option-list--option"),
                bar.get_component_styles("option-list--option").padding,
                width,
            )
            for option in bar.options
        ), "no line was drawn straight"
