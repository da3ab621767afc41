"""``castletui list``: the saved games in the save folder, one line each."""

from __future__ import annotations

import argparse
from pathlib import Path

from castletui import saves
from castletui.commands.base import printable
from castletui.commands.folders import save_folder, warn_about_settings
from castletui.listing import where_it_stands


def run(args: argparse.Namespace) -> int:
    warn_about_settings(args)
    directory = save_folder(args)
    rows = saves.list_saves(directory)
    if not rows:
        print(f"No saved games in {directory}.")
        return 0
    print(f"{len(rows)} saved game{'s' if len(rows) != 1 else ''} in {printable(str(directory))}:")
    for row in rows:
        name = printable(Path(row.path).name)
        if row.problem:
            print(f"  {name:<40} damaged: {printable(row.problem)}")
            continue
        game = row.game + (
            f" ({row.variant}{', table' if row.mode == 'table' else ''})" if row.variant else ""
        )
        players = ", ".join(row.players)
        when = row.updated[:16].replace("T", " ")
        print(f"  {name:<40} {game:<36} {players:<28} {row.plies:>5} moves  {when}  {where_it_stands(row)}")
    return 0
