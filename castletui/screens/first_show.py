"""A screen styled once when it is first shown, not twice.

Textual styles every widget as it is mounted, then restyles the whole screen
(every widget again) when the screen is first shown (``ScreenResume`` with
``refresh_styles``). For a screen just made that second pass finds nothing
to change: its widgets were styled moments before, with the same stylesheet.
On a game screen it was some 7 ms of the first frame. A screen shown again
(a dialog closed over it, the theme changed while it was hidden) is
restyled as Textual does."""

from __future__ import annotations

from textual.events import ScreenResume


class StyledOnFirstShow:
    """Mixed into a Screen, before it: its first showing skips Textual's restyle."""

    _shown_before = False

    def _on_screen_resume(self, event: ScreenResume) -> None:
        # Runs before Screen's own handler (Textual calls each class's handler
        # along the MRO), which then restyles only a screen shown before.
        if not self._shown_before:
            self._shown_before = True
            event.refresh_styles = False
