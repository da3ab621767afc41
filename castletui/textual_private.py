"""Every touch of Textual's and Rich's private API castletui makes, in one
place (issue 44, item 8).

Textual keeps these names private: any release may rename, move or drop
them, and castletui would then break at run time, far from here. So the
app reaches them only through this module, each touch named after what it
does, with what it buys; tests/app/test_textual_private.py has a test per
touch that fails with the touch's name when an upgrade changes it, and a
scan that fails when a module outside this one reaches a private name.
Written against Textual 8.2 and Rich 15.

A few widgets also override a private method of their Textual base
(``OVERRIDDEN``): the override must stay in the subclass, so this module
only lists it, and the tests check the base still has it, called alike.

What each touch buys (measured with Textual 8.2.8; the users' docstrings
say more). A touch that bought less than it cost went: the game screen
kept its boards by Textual's private count of DOM changes
(``_nodes._updates``) to save a walk of the screen, 70 us once a cursor
move and three times a build, under 1% of either key
(widgets/board_area.py).

- ``with_meta``: a board's cell runs carry their offset for clicks; a
  copied Rich Style given its meta costs 0.9 us, Textual's public
  ``rich_style_with_offset`` 4.2 us: a millisecond a map of 300 runs
  (widgets/board.py).
- ``selector_names``: a board skips Textual's restyle when the keys come
  or go and no rule of the stylesheet says :focus for it: 1.6 us to ask,
  230 us skipped, on most moves (widgets/board.py).
- ``start_widget``, ``vertical_scrollbar_of``, ``set_vertical_scrollbar``,
  ``scroll_update``, ``drawing_of``, ``keep_drawing``: the log's and the
  action bar's scrollbar drawn again only when it looks different, and no
  relayout of the screen for a log a line longer (widgets/panels.py).
- ``option_visual``, ``set_option_visual``, ``option_divider``,
  ``option_render_cache``, ``option_index``, ``left_gutter_width``,
  ``option_lines``, ``update_option_lines``, ``markup_of``: the action bar
  keeps each line's drawing across moves (widgets/panels.py).
- ``style_getter``: the header's title and the footer's keys drawn as
  Textual draws a Static, without a Static each (widgets/header.py,
  widgets/footer.py); ``get_box``: the palette key's border (footer).
- ``writer_thread_of``, ``replace_writer_thread``, ``WriterThread``: a
  dead terminal's output thread replaced, so the app can still end
  (app.py; the driver itself it knows from ``get_driver_class``).
- ``watch_errors``: a host session notes the error that ends its app
  when it is running out of memory (host/seat.py), through Textual's
  one handler of every error in an app (App._handle_exception).
- ``key_parser``: a host session's input thread (host/quiet_driver.py)
  sleeps until a key comes instead of waking ten times a second, and
  reads the keys with Textual's own parser, as its driver does.
- ``Screen._on_screen_resume`` (overridden): the game screen is not
  restyled when first shown, its widgets styled as they mounted, some
  7 ms of a game's first frame (screens/game.py).
- ``Widget._on_blur`` (overridden): a board the keys leave is not
  repainted whole, on most moves (widgets/board.py); ``Widget._on_click``
  (overridden): a click on the header's icon opens the command palette
  and leaves the header as it is (widgets/header.py).
- ``is_exiting``, ``close_messages_no_wait``: no crash report for a screen
  torn down while quitting; a crash ends the app without Textual's
  traceback of locals, which hold the whole save (app.py).
"""

from __future__ import annotations

import contextlib
from typing import Any

from rich.style import Style as RichStyle
from textual._border import get_box
from textual._xterm_parser import XTermParser
from textual.app import App
from textual.drivers._writer_thread import WriterThread
from textual.geometry import Size
from textual.strip import Strip
from textual.widget import Widget, _RenderCache
from textual.widgets import OptionList
from textual.widgets.option_list import Option

__all__ = [
    "OVERRIDDEN",
    "WriterThread",
    "close_messages_no_wait",
    "drawing_of",
    "get_box",
    "is_exiting",
    "key_parser",
    "watch_errors",
    "keep_drawing",
    "left_gutter_width",
    "markup_of",
    "option_divider",
    "option_index",
    "option_lines",
    "option_render_cache",
    "option_visual",
    "replace_writer_thread",
    "scroll_update",
    "selector_names",
    "set_option_visual",
    "set_vertical_scrollbar",
    "start_widget",
    "style_getter",
    "update_option_lines",
    "vertical_scrollbar_of",
    "with_meta",
    "writer_thread_of",
]

OVERRIDDEN = {
    "textual.widget.Widget._render_content": "castletui.widgets.panels.KeptScrollBar",
    "textual.widgets.OptionList._get_visual": "castletui.widgets.panels.ActionBar",
    "textual.widgets.OptionList._get_option_render": "castletui.widgets.panels.ActionBar",
    "textual.widgets.OptionList._lines": "castletui.widgets.panels.ActionBar",
    "textual.app.App._handle_exception": "castletui.app.CastleApp",
    "textual.app.App._fatal_error": "castletui.app.CastleApp",
    "textual.screen.Screen._on_screen_resume": "castletui.screens.game.GameScreen",
    "textual.widget.Widget._on_blur": "castletui.widgets.board.SpotBoard",
    "textual.widget.Widget._on_click": "castletui.widgets.header.SteadyHeader",
}
"""Private methods of Textual's a castletui class overrides: the method -> the class."""


# --- Rich ---------------------------------------------------------------------------


def with_meta(style: RichStyle, meta: bytes) -> RichStyle:
    """``style`` (a fresh copy) given ``meta`` (pickled, as Rich keeps it) in place."""
    style._meta = meta
    style._hash = None  # Rich caches the hash of the style with its old meta
    return style


# --- widgets ------------------------------------------------------------------------


def selector_names(widget: Widget) -> set[str]:
    """The names the stylesheet may select ``widget`` by (its types, id, classes)."""
    return widget._selector_names


def start_widget(app: App, parent: Widget, widget: Widget) -> None:
    """Mount ``widget`` as a part of ``parent`` drawn by it (a scrollbar)."""
    app._start_widget(parent, widget)


def vertical_scrollbar_of(widget: Widget) -> Any:
    """The widget's vertical scrollbar if made yet (None: not yet)."""
    return widget._vertical_scrollbar


def set_vertical_scrollbar(widget: Widget, bar: Any) -> None:
    widget._vertical_scrollbar = bar


def scroll_update(widget: Widget, size: Size) -> None:
    """Tell the widget's scrollbars its new virtual size (no relayout)."""
    widget._scroll_update(size)


def drawing_of(widget: Widget) -> Any:
    """The widget's drawing as Textual last made it."""
    return widget._render_cache


def keep_drawing(widget: Widget, drawing: Any | None = None, strips: list[Strip] | None = None) -> Any:
    """The widget's drawing made ``drawing`` (one kept from before) or of
    ``strips`` (a new one), and nothing left to draw again; returns it."""
    if drawing is None:
        drawing = _RenderCache(widget.size, strips or [])
    widget._render_cache = drawing
    widget._dirty_regions.clear()
    return drawing


def style_getter(widget: Widget) -> Any:
    """What Textual's ``RenderOptions`` asks a widget's styles with."""
    return widget._get_style


# --- the option list --------------------------------------------------------------


def option_visual(option: Option) -> Any:
    return option._visual


def set_option_visual(option: Option, visual: Any) -> None:
    option._visual = visual


def option_divider(option: Option) -> bool:
    return option._divider


def option_render_cache(options: OptionList) -> Any:
    """The list's drawings by (option, style, padding)."""
    return options._option_render_cache


def option_index(options: OptionList, option: Option) -> int:
    return options._option_to_index[option]


def left_gutter_width(options: OptionList) -> int:
    return options._get_left_gutter_width()


def update_option_lines(options: OptionList) -> None:
    """Bring the list's lines up to date (its width, its virtual size)."""
    options._update_lines()


def option_lines(options: OptionList) -> Any:
    """The list's lines as last brought up to date."""
    return options._line_cache.lines


def markup_of(options: OptionList) -> bool:
    """Whether the list reads its str prompts as markup."""
    return options._markup


# --- the app ------------------------------------------------------------------------


def writer_thread_of(driver: Any) -> WriterThread | None:
    """The thread that writes the driver's output (None: a driver without one)."""
    return getattr(driver, "_writer_thread", None)


def replace_writer_thread(driver: Any, fresh: WriterThread) -> None:
    """``fresh`` writes the driver's output from now on; the old thread is
    told to end, if it still runs."""
    old = driver._writer_thread
    driver._writer_thread = fresh
    with contextlib.suppress(Exception):
        old._queue.put_nowait(None)


def is_exiting(app: App) -> bool:
    """Whether the app is on its way out (``exit`` was called)."""
    return app._exit


def close_messages_no_wait(app: App) -> None:
    """End the app's message loop at once (Textual's own last step on a crash)."""
    app._close_messages_no_wait()


def key_parser(driver: Any) -> XTermParser:
    """Textual's parser of a terminal's keys, as ``driver`` makes its own
    (its debug switch: Driver._debug)."""
    return XTermParser(driver._debug)


def watch_errors(app_class: type[App], note: Any) -> None:
    """``note(error)`` is told of every error that ends an app of
    ``app_class``, before Textual handles it as before."""
    handle = app_class._handle_exception

    def noted(app: App, error: Exception) -> None:
        note(error)
        handle(app, error)

    app_class._handle_exception = noted
