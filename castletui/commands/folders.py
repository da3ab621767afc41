"""Where a command finds things: the settings file, the save folder, the
table folder, who plays shared tables from here, and a save or a table
named on the command line."""

from __future__ import annotations

import argparse
import contextlib
import sys
from pathlib import Path

from castletui import saves, settings
from castletui.commands.base import Refused, printable
from castletui.commands.checks import check_folder
from castletui.saves.table import ENVIRONMENT_VARIABLE, as_name_problem, identity, table_dir
from castletui.settings import folder_setting


def settings_of(args: argparse.Namespace):
    """The settings file's settings (castletui/settings.py), read once per
    command; a broken file's one-line warning waits in
    ``args.settings_warning`` for whoever shows it (stderr, or the app)."""
    if not hasattr(args, "settings"):
        args.settings, args.settings_warning = settings.load()
    return args.settings


def warn_about_settings(args: argparse.Namespace) -> None:
    """A broken settings file, in one line on stderr (commands without the app)."""
    settings_of(args)
    if args.settings_warning:
        print(f"castletui: {args.settings_warning}", file=sys.stderr)


def check_is_folder(path: Path, option: str) -> Path:
    """``path`` (a save or table folder) unless it, or a folder above it,
    is a file: then nothing could ever be saved there, so say so now."""
    for place in (path, *path.parents):
        try:
            if place.is_dir():
                return path
            if place.exists():
                shown = printable(str(place))
                where = "" if place == path else f" (for {printable(str(path))})"
                raise Refused(f"{option}: {shown} is a file, not a folder{where}.")
        except OSError:
            return path  # unreadable: the save or the table says why when used
    return path


def table_folder(args: argparse.Namespace) -> Path:
    """--table-dir, else $CASTLETUI_TABLE_DIR, else the settings', else the data folder's."""
    text = folder_setting(getattr(args, "table_dir", None), ENVIRONMENT_VARIABLE, settings_of(args).table_dir)
    if text:
        check_folder(text)
    return check_is_folder(table_dir(text), "--table-dir" if text else "the table folder")


def player_identity(args: argparse.Namespace) -> str:
    """Who plays shared tables from this castletui, as an owner field
    (saves.owners): ``--account`` (castletui host's, named by ``--as``),
    else ``--as``, else the Unix user. ``--as`` is the forced command of a
    game account: it is honoured only over a table folder of the Unix user
    running castletui."""
    as_name, account = getattr(args, "as_name", None), getattr(args, "account", None)
    try:
        who = identity(as_name, account)
    except saves.SaveError as error:
        raise Refused(f"{'--account' if account is not None else '--as'}: {error}") from None
    if as_name is not None:
        problem = as_name_problem(table_folder(args))
        if problem:
            raise Refused(problem)
    return who


def save_folder(args: argparse.Namespace) -> Path:
    """--save-dir, else $CASTLETUI_SAVE_DIR, else the settings', else the data folder's."""
    text = getattr(args, "save_dir", None)
    given = folder_setting(text, saves.store.ENVIRONMENT_VARIABLE, settings_of(args).save_dir)
    try:
        directory = saves.save_dir(given)
    except saves.SaveError as error:
        raise Refused(str(error)) from None
    return check_is_folder(directory, "--save-dir" if text else "the save folder")


def find_save(text: str, directory: Path) -> Path:
    """A save named on the command line: a path, or a name as `castletui
    list` prints it (found in the save folder, with or without .toml)."""
    path = Path(text)
    candidates = [path]
    if path.parent == Path("."):
        candidates += [directory / text, directory / f"{text}.toml", directory / f"{text}.json"]
    for candidate in candidates:
        with contextlib.suppress(OSError):
            if candidate.exists():
                return candidate
    raise Refused(f"there is no save at {text} (nor in {directory}); see: castletui list")


def find_table(text: str, directory: Path) -> Path:
    """A shared table named on the command line: a path, or its name in
    the table folder (with or without .json)."""
    path = Path(text)
    candidates = [path]
    if path.parent == Path("."):
        candidates += [directory / text, directory / f"{text}.json"]
    for candidate in candidates:
        with contextlib.suppress(OSError):
            if candidate.is_file():
                return candidate
    raise Refused(f"there is no table at {text} (nor in {directory}); see: castletui join")
