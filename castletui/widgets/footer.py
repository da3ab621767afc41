"""The Footer of every screen: redrawn only when what it shows changes, and
one rule for screens with many keys: below 100 columns it leaves out the
command palette's hint (ctrl+p still opens it) and packs the keys one space
closer, so F1 Help stays in sight at 80x24. It shows its keys from the first
frame, also in a browser page that has not been clicked yet."""

from __future__ import annotations

from textual.screen import Screen
from textual.widgets import Footer

NARROW_BELOW = 100


class SteadyFooter(Footer):
    """Textual's Footer, rebuilt only when its keys change.

    Textual's rebuilds itself (every key a new widget, styled anew) whenever
    the screen's keys may have changed: each change of focus, a screen coming
    back from under a dialog, a refresh of the bindings. In a hot-seat game
    that is five times a move, mostly to show the same keys again; each time
    costs a redraw of the whole screen over SSH."""

    _shown: tuple | None = None

    def bindings_changed(self, screen: Screen) -> None:
        """Textual's Footer draws no keys while the app lacks focus, and in a
        browser (``castletui serve``) the page starts without it: the Footer
        stayed empty until the first click. This one draws the keys it has
        never drawn even then; afterwards it keeps Textual's rule (the keys
        as they were while the page is in the background)."""
        current = self.is_attached and screen is self.screen
        if current and (screen.app.app_focus or self._shown is None):
            shown = self._keys_shown(screen)
            self._bindings_ready = True
            if shown != self._shown:
                self._shown = shown
                self.call_after_refresh(self.recompose)
            return
        super().bindings_changed(screen)

    def _keys_shown(self, screen: Screen) -> tuple:
        """Everything of the screen's keys that the Footer draws."""
        display = screen.app.get_key_display
        return (
            self.compact,
            self.show_command_palette,
            tuple(
                (
                    binding.key,
                    display(binding),
                    binding.description,
                    binding.action,
                    binding.group,
                    enabled,
                    tooltip,
                )
                for _, binding, enabled, tooltip in screen.active_bindings.values()
            ),
        )


def fit_footer(screen: Screen) -> None:
    footer = screen.query_one(Footer)
    narrow = screen.app.size.width < NARROW_BELOW
    footer.show_command_palette = not narrow
    footer.compact = narrow
