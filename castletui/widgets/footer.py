"""One Footer rule for every screen with many keys: below 100 columns the
Footer leaves out the command palette's hint (ctrl+p still opens it) and
packs the keys one space closer, so F1 Help stays in sight at 80x24."""

from __future__ import annotations

from textual.screen import Screen
from textual.widgets import Footer

NARROW_BELOW = 100


def fit_footer(screen: Screen) -> None:
    footer = screen.query_one(Footer)
    narrow = screen.app.size.width < NARROW_BELOW
    footer.show_command_palette = not narrow
    footer.compact = narrow
