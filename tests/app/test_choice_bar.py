"""The game screen's action bar keeps the lines it shows
(castletui/widgets/choices.py): which line stays highlighted when they
change, and which lines are about a board place."""

from __future__ import annotations

from castletui.frame import Line
from castletui.widgets.choices import ChoiceBar


def bar_of(*lines: Line) -> ChoiceBar:
    bar = ChoiceBar()
    bar.lines = lines
    return bar


def test_the_highlight_follows_the_cursor_then_the_same_action_then_the_first_open_line():
    why_not = Line("✗ Build: no wood", why_not="no wood")
    ore, wood = (
        Line("Return ore", action="ore", spot="hills"),
        Line("Return wood", action="wood", spot="forest"),
    )
    bar = bar_of(why_not, ore, wood)
    assert bar.kept_highlight(None, cursor="forest") == 2
    assert bar.kept_highlight(Line("Return wood", action="wood"), cursor=None) == 2
    assert bar.kept_highlight(Line("Gone", action="gone"), cursor="sea") == 1
    assert bar_of(why_not).kept_highlight(None) is None


def test_the_lines_about_a_place_leave_out_the_greyed_ones():
    bar = bar_of(
        Line("Road here", action="road", spot=(1, 2)),
        Line("✗ City here", spot=(1, 2), why_not="no ore"),
        Line("Road there", action="road2", spot=(3, 4)),
    )
    assert bar.lines_at((1, 2)) == [0] and bar.lines_at((9, 9)) == []
