"""``castletui verify FILE``: check a save or a shared table afterwards.
Its record's checks (every line against the one before it, the header
too), its replay, and every draw and roll against its seed: a table's
once the game ended and revealed the seed it committed to (saves.seal).
No textual."""

from __future__ import annotations

import argparse
from pathlib import Path

from castletui import saves
from castletui.commands.base import printable
from castletui.commands.folders import find_save, save_folder
from castletui.saves.seal import audit


def run(args: argparse.Namespace) -> int:
    """Print what holds, one finding a line; 0 when all of it does, 1 when
    something does not (the first finding that fails is the last line)."""
    path = Path(find_save(args.file, save_folder(args)))
    try:
        save = saves.read(path)
    except saves.SaveError as error:
        print(printable(str(error)))
        return 1
    found = audit(save, path.name)
    for line in found.lines:
        print(printable(line))
    return 0 if found.holds else 1
