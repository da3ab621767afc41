"""Text cursors held still when the app is told to be (``app.still``: the
tests and their snapshots), so a picture never depends on the moment a
cursor blinked."""

from __future__ import annotations

from textual.screen import Screen
from textual.widgets import Input


def hold_cursors_still(screen: Screen) -> None:
    if getattr(screen.app, "still", False):
        for field in screen.query(Input):
            field.cursor_blink = False
