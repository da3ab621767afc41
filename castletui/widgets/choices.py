"""The game screen's action bar with the lines it shows (its ``#actions``,
castletui/screens/game.py): rebuilt only when the lines change, the
highlight kept where the person left it, the lines about a board place
found for the board cursor, and the greyed why-not lines brought into view,
each marked ✗ (never told apart by its grey alone: NO_COLOR)."""

from __future__ import annotations

from collections.abc import Hashable

from textual.widgets import OptionList
from textual.widgets.option_list import Option

from castletui.frame import Line
from castletui.widgets.panels import ActionBar

NOT_NOW = "✗ "
"""Before a line that may not be chosen: greyed alone, it would be told apart by colour only."""


def shown_text(line: Line) -> str:
    """A line's words as the bar shows them: a line that may not be chosen marked ✗."""
    if line.disabled and not line.text.startswith(NOT_NOW):
        return NOT_NOW + line.text
    return line.text


class ChoiceBar(ActionBar):
    """The action bar, keeping the frame's lines it shows (``lines``)."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.lines: tuple[Line, ...] = ()

    def show(self, lines: tuple[Line, ...], was: Line | None = None, cursor: Hashable | None = None) -> None:
        """The bar's lines, rebuilt only when they changed (in place, one pass);
        the highlight as :meth:`kept_highlight` says."""
        if lines != self.lines:
            self.lines = lines
            if lines:
                self.set_options(
                    Option(shown_text(line), id=str(i), disabled=line.disabled)
                    for i, line in enumerate(lines)
                )
            else:
                self.clear_options()
        if lines:
            self.highlighted = self.kept_highlight(was, cursor)

    @property
    def chosen(self) -> Line | None:
        """The highlighted line."""
        index = self.highlighted
        return self.lines[index] if index is not None and index < len(self.lines) else None

    def kept_highlight(self, was: Line | None, cursor: Hashable | None = None) -> int | None:
        """The line about the spot under the cursor of the board in use
        (moving there opened its group), else the same action as before while
        it is still offered (returning one ore after another on a 7), else the
        first that may be chosen."""
        open_lines = [(i, line) for i, line in enumerate(self.lines) if not line.disabled]
        if cursor is not None:
            found = next((i for i, line in open_lines if line.spot == cursor), None)
            if found is not None:
                return found
        if was is not None and was.action is not None:
            found = next((i for i, line in open_lines if line.action == was.action), None)
            if found is not None:
                return found
        return open_lines[0][0] if open_lines else None

    def lines_at(self, spot: Hashable) -> list[int]:
        """The lines about ``spot`` that may be chosen."""
        return [i for i, line in enumerate(self.lines) if line.spot == spot and not line.disabled]

    def highlight(self, spot: Hashable) -> bool:
        """Highlight the first line about ``spot``; False when none is."""
        found = self.lines_at(spot)
        if found:
            self.highlighted = found[0]
        return bool(found)

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        # On the last line that may be chosen, the greyed why-not lines under
        # it come into view (at 80x24 no key would show them otherwise).
        index = event.option_index
        last = max((i for i, line in enumerate(self.lines) if not line.disabled), default=-1)
        if index == last and index + 1 < self.option_count:
            self.call_after_refresh(lambda: self.scroll_to(y=min(index, self.max_scroll_y), animate=False))
