"""The app: ``castletui`` (the menu), ``new``, ``resume``, ``rules`` and
``replay`` without ``--text`` (a shared table's ``new --shared`` and
``join`` are ``play_shared``'s). Every argument is checked, then the
terminal, then the app runs; what it ends with is one line."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from pathlib import Path
from typing import Any

from castletui import terminal
from castletui.app import CastleApp, Start
from castletui.commands.base import Refused, fail
from castletui.commands.folders import save_folder, settings_of
from castletui.commands.start import start_from
from castletui.rules import registry


def run(args: argparse.Namespace) -> int:
    return run_app(
        args,
        lambda: None,
        lambda start, save_dir, _: CastleApp(start, save_dir=save_dir, **app_settings(args)),
    )


def run_app(
    args: argparse.Namespace,
    prepare: Callable[[], Any],
    make_app: Callable[[Start, Path, Any], CastleApp],
) -> int:
    """Check the arguments (``prepare``: a command's own, after the save
    folder's), then the terminal, then run the app ``make_app(start,
    save_dir, prepared)`` makes, and say in one line how it ended."""
    start = start_from(args, registry)
    if isinstance(start, int):
        return start
    save_dir = save_folder(args)
    prepared = prepare()
    check_terminal()  # after every argument's own check: those say more
    app = make_app(start, save_dir, prepared)
    app.run()
    if app.terminal_lost:
        return app.return_code or 1  # nobody is left to read a message
    if app.crash_log is not None:
        return fail(
            f"castletui stopped on an unexpected error; the details are in {app.crash_log}. "
            "Every move up to the last one was saved.",
            status=1,
        )
    return app.return_code or 0


def app_settings(args: argparse.Namespace) -> dict:
    """The settings for the app, which shows a broken file's warning itself."""
    return {"settings": settings_of(args), "settings_warning": args.settings_warning}


def check_terminal() -> None:
    """The app needs a terminal to draw on and read keys from. Without one
    (``ssh host 'a command'``, sftp or scp through a game account's forced
    command, a pipe) nobody would ever see it or quit it: refuse at once."""
    if not terminal.has_terminal():
        raise Refused(
            "a terminal is needed to play (over SSH: ssh -t); list, rules --print and calc work without one."
        )
