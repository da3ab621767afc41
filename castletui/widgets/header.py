"""The Header of every screen: Textual's, with a title that follows the
screen's through a plain function.

Textual's own Header schedules a coroutine for each change of title. When
castletui quits while a screen opens (ctrl+q as a game starts), the screen
is torn down before those coroutines run: one finds its title widget gone
(NoMatches, which stopped castletui with "an unexpected error"), the others
are never run and Python prints "coroutine ... was never awaited" on the
player's terminal after the app has closed."""

from __future__ import annotations

import contextlib

from textual.css.query import NoMatches
from textual.dom import NoScreen
from textual.events import Mount
from textual.widget import Widget
from textual.widgets import Header
from textual.widgets._header import HeaderTitle


class SteadyHeader(Header):
    """Textual's Header; its title is updated at once, and not at all once
    the screen is going away."""

    def _on_mount(self, event: Mount) -> None:
        # Textual's Header._on_mount would add the coroutine watchers: it is
        # the default action that prevent_default skips (Widget's own is kept).
        event.prevent_default()
        Widget._on_mount(self, event)
        self.watch(self.app, "title", self.show_title)
        self.watch(self.app, "sub_title", self.show_title)
        self.watch(self.screen, "title", self.show_title)
        self.watch(self.screen, "sub_title", self.show_title)

    def show_title(self) -> None:
        if not self.is_attached:
            return  # the app is quitting: nothing will be drawn again
        with contextlib.suppress(NoMatches, NoScreen):  # the screen is being torn down
            self.query_one(HeaderTitle).update(self.format_title())
