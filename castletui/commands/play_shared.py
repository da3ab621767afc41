"""The app on shared tables: ``castletui new GAME --shared`` and ``castletui
join`` (the lobby, or a seat at a table), as :class:`castletui.shared.SharedApp`.
Its own module so that a local game never loads the lobby."""

from __future__ import annotations

import argparse

from castletui.commands.folders import player_identity, table_folder
from castletui.commands.play import app_settings, run_app
from castletui.saves.names import normal_name
from castletui.shared import SharedApp


def run(args: argparse.Namespace) -> int:
    return run_app(
        args,
        lambda: table_folder(args),
        lambda start, save_dir, tables: SharedApp(
            start,
            save_dir=save_dir,
            who=player_identity(args),
            # An account (castletui host) sits down under its name; a user's name is its identity.
            who_name=normal_name(args.as_name) if getattr(args, "account", None) else "",
            table_dir=tables,
            lobby_only=args.command == "join" and args.as_name is not None,
            **app_settings(args),
        ),
    )
