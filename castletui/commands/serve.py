"""``castletui serve``: the lobby of shared tables in a web browser.
textual-serve runs ``castletui join`` for each visitor, as the Unix user
running this (or ``--as NAME``). The command line loads this module only
once textual-serve is known to be there (castletui/cli.py, ``NEEDS``)."""

from __future__ import annotations

import argparse
import shlex
import sys

from textual_serve import server as textual_serve

from castletui.commands.base import printable
from castletui.commands.folders import player_identity, table_folder
from castletui.saves.owners import owner_label


def run(args: argparse.Namespace) -> int:
    server = textual_serve.Server(serve_command_line(args), host=args.host, port=args.port, title="castletui")
    print(
        f"castletui: serving the lobby of {printable(str(table_folder(args)))} on http://{args.host}:{args.port}"
    )
    server.serve()
    return 0


def serve_command_line(args: argparse.Namespace) -> str:
    """The command textual-serve starts for each browser: the lobby, as
    this player, over the same table folder."""
    command = [sys.executable, "-m", "castletui", "join", "--table-dir", str(table_folder(args))]
    who = player_identity(args)
    if getattr(args, "as_name", None) is not None:
        # Without --as each visitor's castletui is this Unix user's, as is its folder check.
        command += ["--as", owner_label(who)]
    if getattr(args, "save_dir", None):
        command += ["--save-dir", str(args.save_dir)]
    return shlex.join(command)
