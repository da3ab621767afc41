"""The game screen's action area (its ``#action-area``,
castletui/screens/game.py): the prompt over the action bar, the bar, and
under it the highlighted line's preview in a game whose rules preview
(each line's ``preview``); a game's own parts (Catapult Castle's aiming
bar) come after them. The preview follows the bar's highlight by itself."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from textual.containers import Vertical
from textual.widget import Widget
from textual.widgets import OptionList

from castletui.widgets.choices import ChoiceBar
from castletui.widgets.panels import StraightRows


class ActionArea(Vertical):
    """The prompt, the action bar (``bar``) and its preview (``previews``: the game previews)."""

    def __init__(self, bar: ChoiceBar, previews: bool, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.bar, self.previews = bar, previews
        self.prompt = StraightRows("", id="prompt")
        self.preview = StraightRows("", id="preview")

    def parts(self) -> Iterator[Widget]:
        """The area's own widgets, composed into it by the screen (before a game's)."""
        yield from (self.prompt, self.bar, self.preview)

    def show(self, prompt: str) -> None:
        """The question over the bar; the preview of the line it highlights."""
        self.prompt.show_text(prompt, same_height=True)
        self.show_preview()

    def show_preview(self) -> None:
        self.preview.display = self.previews
        if self.previews:
            choice = self.bar.chosen
            self.preview.show_text(choice.preview if choice is not None else "", same_height=True)

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        # Not stopped: the screen points the boards at the line too.
        if event.option_list is self.bar:
            self.show_preview()
