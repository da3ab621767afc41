"""The checks the command line makes before any command runs: a save
folder no file system takes, and shared tables where they cannot work."""

from __future__ import annotations

import argparse

from castletui.commands.base import Refused, is_shared
from castletui.saves import SaveError, store
from castletui.saves.table import posix_problem


def check_folder(text: str) -> None:
    """Refuse a save folder no file system takes, before anything uses it."""
    try:
        store.check_folder_name(text)
    except SaveError as error:
        raise Refused(str(error)) from None


def check_posix(args: argparse.Namespace) -> None:
    """Shared tables (join, new --shared, serve, host) lock their file with
    flock and know players by their Unix user: where there is neither
    (Windows), say so in one line before anything starts. Local play needs
    neither (saves.table.posix_problem)."""
    if is_shared(args) or args.command in ("serve", "host"):
        problem = posix_problem()
        if problem:
            raise Refused(problem + ".")


def run(args: argparse.Namespace) -> None:
    """Both checks, as ``castletui.cli.run`` makes them first."""
    if getattr(args, "save_dir", None):
        check_folder(args.save_dir)
    check_posix(args)
