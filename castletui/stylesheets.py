"""castletui's stylesheets (castletui/styles) and when each is read.

Textual parses a stylesheet's every token in Python (app.tcss: some 9 ms of
each start), so only what the first screen needs is read as the app starts:
``app.tcss``, the look of every screen and the game frame. The others are
added to the app's stylesheet as the first screen that needs them is made:
``menus.tcss`` (the menu, the new-game wizard, the load, rules and helper
screens), ``dialogs.tcss`` (every modal screen, as the first opens) and each
game's own ``style.tcss`` (castletui/games/<game>/). Their rules name only what those screens hold
(their ids, modal screens, a game's screen and dialogs), so adding them
restyles nothing already shown; a screen's own CSS_PATH instead makes
Textual parse every stylesheet again and restyle every widget (some 7 ms).
tests/app/test_game_styles.py checks both."""

from __future__ import annotations

from pathlib import Path

from textual.app import App

STYLES = Path(__file__).parent / "styles"

APP = STYLES / "app.tcss"
"""Read as the app starts (``CastleApp.CSS_PATH``)."""

MENUS = STYLES / "menus.tcss"
"""The menu's, the new-game wizard's, the load, rules and rules-helper screens'."""


DIALOGS = STYLES / "dialogs.tcss"
"""Every modal screen's: questions, the hot-seat curtain, table mode's forms."""


def read(app: App, path: Path) -> None:
    """Add ``path`` to the app's stylesheet unless it is there (or missing:
    a game without a stylesheet of its own)."""
    if path.is_file() and not app.stylesheet.has_source(str(path), ""):
        app.stylesheet.read(path)


class ReadsStylesheet:
    """Mixed into a Screen (before it): its ``STYLESHEET`` is read as the
    screen is made, before the screen and its widgets are styled."""

    STYLESHEET: Path

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        read(self.app, self.STYLESHEET)
