"""A widget that never scrolls, whose size the layout sets from its
content (a board part ``height: auto``, the board area): :class:`Unscrolled`."""

from __future__ import annotations

from textual.geometry import Size
from textual.reactive import Reactive


class Unscrolled:
    """Mixed into a widget with no scrollbars (overflow hidden). Textual
    lays the whole screen out again whenever a widget's virtual size
    changes, so that its scrollbars come or go: a Castlecards part one line
    taller costs every move a second layout of the screen (some 3 ms), for
    scrollbars it never shows, and then a repaint. The layout that changed
    the size has already placed and painted everything."""

    virtual_size: Reactive[Size] = Reactive(Size(0, 0), layout=False, repaint=False)
