"""Issue 44, item 8: every touch of Textual's and Rich's private API is in
castletui/textual_private.py, and each has a test here that fails with its
name when an upgrade changes it (a renamed attribute, a method that takes
other arguments), not somewhere deep in a screen at run time."""

from __future__ import annotations

import ast
import importlib
import inspect
import io
import re
from importlib.metadata import version
from pathlib import Path
from pickle import dumps

import pytest
import textual
from rich.style import Style as RichStyle
from textual.app import App
from textual.drivers.linux_driver import LinuxDriver
from textual.strip import Strip
from textual.widget import Widget
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from castletui import textual_private as private
from tests.python_source import parse as parse_python

ROOT = Path(__file__).parents[2] / "castletui"
UPGRADE = (
    f"Textual {textual.__version__} / Rich {version('rich')}: a private name castletui "
    "uses changed (castletui/textual_private.py says what it buys): "
)


def params(function) -> list[str]:
    return list(inspect.signature(function).parameters)


def check_watch_errors():
    assert params(App._handle_exception) == ["self", "error"]
    handled = []

    class Watched(App):
        def _handle_exception(self, error: Exception) -> None:  # Textual's, as it is called
            handled.append(error)

    seen = []
    private.watch_errors(Watched, seen.append)
    error = ValueError("x")
    Watched()._handle_exception(error)
    assert seen == handled == [error]


def check_key_parser():
    assert "self._debug = debug" in inspect.getsource(LinuxDriver.__mro__[1].__init__)  # Driver keeps it
    driver = LinuxDriver.__new__(LinuxDriver)  # no event loop here: only what the parser is given
    driver._debug = False
    parser = private.key_parser(driver)
    keys = [event.key for event in parser.feed("a") if hasattr(event, "key")]
    assert keys == ["a"]


def check_with_meta():
    style = private.with_meta(RichStyle(bold=True).copy(), dumps({"offset": (3, 4)}))
    assert style.meta == {"offset": (3, 4)} and style.bold
    assert hash(style) != hash(RichStyle(bold=True)), "the hash follows the new meta"


def check_selector_names():
    assert {"Widget", "#x", ".c"} <= private.selector_names(Widget(id="x", classes="c"))


def check_start_widget():
    assert params(App._start_widget) == ["self", "parent", "widget"]


def check_vertical_scrollbar():
    widget = Widget()
    assert private.vertical_scrollbar_of(widget) is None
    private.set_vertical_scrollbar(widget, "bar")
    assert private.vertical_scrollbar_of(widget) == "bar"


def check_scroll_update():
    assert params(Widget._scroll_update) == ["self", "virtual_size"]


def check_drawing():
    widget = Widget()
    kept = private.keep_drawing(widget, strips=[Strip.blank(2)])
    assert private.drawing_of(widget) is kept and kept.lines == [Strip.blank(2)]
    assert private.keep_drawing(widget, kept) is kept and not widget._dirty_regions


def check_style_getter():
    assert params(private.style_getter(Static())) == ["style"]


def check_option_list():
    option = Option("Build...")
    assert private.option_visual(option) is None and private.option_divider(option) is False
    private.set_option_visual(option, "drawn")
    assert private.option_visual(option) == "drawn"
    options = OptionList(option, "End turn")
    assert private.option_index(options, option) == 0
    assert private.option_render_cache(options).get(("nothing",)) is None
    assert private.markup_of(options) is True
    assert private.option_lines(options) == []
    assert params(OptionList._update_lines) == ["self"] and params(OptionList._get_left_gutter_width) == [
        "self"
    ]


def check_writer_thread():
    assert "self._writer_thread" in inspect.getsource(LinuxDriver), "the driver keeps its writer thread"

    class Driver:
        pass

    driver = Driver()
    assert private.writer_thread_of(driver) is None
    old = private.WriterThread(io.StringIO())
    driver._writer_thread = old
    fresh = private.WriterThread(io.StringIO())
    private.replace_writer_thread(driver, fresh)
    assert private.writer_thread_of(driver) is fresh and old._queue.get_nowait() is None


def check_app_exit():
    app = App()
    assert private.is_exiting(app) is False
    assert params(App._close_messages_no_wait) == ["self"]


def check_get_box():
    assert params(private.get_box) == ["name", "inner_style", "outer_style", "style"]


CHECKS = {
    "with_meta (Style._meta, Style._hash)": check_with_meta,
    "selector_names (DOMNode._selector_names)": check_selector_names,
    "start_widget (App._start_widget)": check_start_widget,
    "vertical_scrollbar_of / set_vertical_scrollbar (Widget._vertical_scrollbar)": check_vertical_scrollbar,
    "scroll_update (Widget._scroll_update)": check_scroll_update,
    "drawing_of / keep_drawing (Widget._render_cache, _dirty_regions, _RenderCache)": check_drawing,
    "style_getter (Widget._get_style)": check_style_getter,
    (
        "option_visual / set_option_visual / option_divider / option_render_cache / option_index / "
        "left_gutter_width / option_lines / update_option_lines / markup_of (Option._visual, "
        "Option._divider, OptionList._option_render_cache, _option_to_index, _get_left_gutter_width, "
        "_line_cache, _update_lines, _markup)"
    ): check_option_list,
    "writer_thread_of / replace_writer_thread (WriterThread._queue)": (check_writer_thread),
    "is_exiting / close_messages_no_wait (App._exit, App._close_messages_no_wait)": check_app_exit,
    "get_box (textual._border.get_box)": check_get_box,
    "key_parser (textual._xterm_parser.XTermParser, Driver._debug)": check_key_parser,
    "watch_errors (App._handle_exception)": check_watch_errors,
}


@pytest.mark.parametrize("touch", list(CHECKS))
def test_each_private_touch_still_works(touch):
    try:
        CHECKS[touch]()
    except (AttributeError, AssertionError, ImportError, KeyError, TypeError, ValueError) as error:
        pytest.fail(f"{UPGRADE}{touch}: {type(error).__name__}: {error}")


def test_every_function_of_the_module_has_its_check():
    named = " ".join(CHECKS)
    assert [name for name in private.__all__ if name not in named and name != "OVERRIDDEN"] == []


@pytest.mark.parametrize("method", list(private.OVERRIDDEN))
def test_each_overridden_private_method_is_still_there_called_alike(method):
    module, owner, name = method.rsplit(".", 2)
    base = getattr(importlib.import_module(module), owner)
    user_module, user = private.OVERRIDDEN[method].rsplit(".", 1)
    ours = getattr(importlib.import_module(user_module), user)
    assert issubclass(ours, base)
    theirs = inspect.getattr_static(base, name, None)
    assert theirs is not None, f"{UPGRADE}{method} is gone: {user} overrides it for nothing"
    mine = inspect.getattr_static(ours, name)
    if callable(theirs) and callable(mine):
        assert params(mine) == params(theirs), f"{UPGRADE}{method} is called otherwise now"
    else:
        assert type(mine) is type(theirs), f"{UPGRADE}{method} changed its kind"


def private_names_touched() -> set[str]:
    """The private names castletui/textual_private.py reaches (``x._name``)."""
    tree = parse_python((ROOT / "textual_private.py").read_text())
    return {node.attr for node in ast.walk(tree) if isinstance(node, ast.Attribute) and node.attr[:1] == "_"}


def reaches(source: str, names: set[str]) -> list[str]:
    """Where ``source`` imports a private module or name of Textual or Rich,
    or reads one of ``names`` (``super()._x`` aside: an override calling its base)."""
    found = []
    for node in ast.walk(parse_python(source)):
        line = getattr(node, "lineno", 0)
        if isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] in ("textual", "rich"):
            if any(part.startswith("_") for part in node.module.split(".")):
                found.append(f"{line}: from {node.module}")
            found += [f"{line}: import {alias.name}" for alias in node.names if alias.name.startswith("_")]
        elif isinstance(node, ast.Attribute) and node.attr in names:
            value = node.value
            calls_super = isinstance(value, ast.Call) and getattr(value.func, "id", "") == "super"
            if not calls_super and getattr(value, "id", "") != "os":  # (os._exit is no Textual's)
                found.append(f"{line}: .{node.attr}")
    return found


def test_the_scan_sees_a_reach():
    source = "from textual._border import get_box\nstyle._meta = b''\nsuper()._meta\n"
    assert reaches(source, {"_meta"}) == ["1: from textual._border", "2: ._meta"]


def test_no_module_but_textual_private_reaches_textual_privately():
    """No module of the app imports a private module or name of Textual or
    Rich, or reads a private name this module wraps (an override calling
    its base aside)."""
    names = private_names_touched()
    assert {"_meta", "_writer_thread", "_start_widget", "_visual"} <= names
    found = [
        f"{path.relative_to(ROOT)}:{where}"
        for path in sorted(ROOT.rglob("*.py"))
        if path.name != "textual_private.py"
        for where in reaches(path.read_text(), names)
    ]
    assert found == [], "reach Textual's private API through castletui/textual_private.py"


PRIVATE_DEF = re.compile(r"^\s+(?:async\s+)?def _[a-z]", re.MULTILINE)


def private_methods_defined() -> list[tuple[str, str, str]]:
    """(module, class, method) for each method named ``_x`` a class of the app defines."""
    found = []
    for path in sorted(ROOT.rglob("*.py")):
        source = path.read_text()
        if not PRIVATE_DEF.search(source) or not ("textual" in source or "rich" in source):
            continue  # no private method, or no class of Textual's or Rich's to take one from
        module = "castletui." + ".".join(path.relative_to(ROOT).with_suffix("").parts)
        for node in ast.walk(parse_python(source)):
            if isinstance(node, ast.ClassDef):
                for item in node.body:
                    is_method = isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef))
                    if is_method and item.name.startswith("_") and not item.name.startswith("__"):
                        found.append((module.removesuffix(".__init__"), node.name, item.name))
    return found


def test_every_private_method_of_textual_overridden_is_listed():
    """An override of a private method of Textual's or Rich's (Textual calls
    it, by a name it may change) is in ``OVERRIDDEN``, so that the test above
    checks it at each upgrade."""
    overridden = []
    for module, owner, name in private_methods_defined():
        cls = getattr(importlib.import_module(module), owner, None)
        for base in cls.__mro__[1:] if isinstance(cls, type) else ():
            if base.__module__.split(".")[0] in ("textual", "rich") and name in vars(base):
                overridden.append((name, f"{module}.{owner}"))
                break
    listed = {(method.rsplit(".", 1)[1], user) for method, user in private.OVERRIDDEN.items()}
    assert ("_on_blur", "castletui.widgets.board.SpotBoard") in overridden
    assert [found for found in overridden if found not in listed] == []
