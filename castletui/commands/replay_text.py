"""``castletui replay FILE --text``: the game as text (castletui/replay.py);
no textual. :func:`open_replay` is also how ``castletui replay FILE`` opens
the replay it shows in the app."""

from __future__ import annotations

import argparse

from castletui import saves
from castletui.commands.base import Refused, printable
from castletui.commands.folders import find_save, save_folder, warn_about_settings
from castletui.replay import Replay
from castletui.rules.core import IllegalAction
from castletui.saves.table import as_name_problem, identity, is_table


def open_replay(args: argparse.Namespace) -> Replay:
    """The replay of the FILE given to ``castletui replay``: a save seen by
    ``--as`` (any seat, or all, once the game is over), or a shared table
    seen by whoever runs this (``--as`` is then who they are, as for
    ``join``: honoured only over a folder of their own Unix user's)."""
    path = find_save(args.file, save_folder(args))
    try:
        if is_table(path):
            try:
                who = identity(args.as_name)
            except saves.SaveError as error:
                raise Refused(f"--as: {error}") from None
            if args.as_name is not None:
                problem = as_name_problem(path.parent)
                if problem:
                    raise Refused(problem)
            return Replay.of_table(path, who)
        return Replay.open(path, args.as_name)
    except (saves.SaveError, IllegalAction) as error:
        raise Refused(printable(str(error))) from None


def run(args: argparse.Namespace) -> int:
    if not args.file:
        raise Refused("replay --text needs a FILE (see: castletui list).")
    warn_about_settings(args)
    replay = open_replay(args)
    for line in replay.text().splitlines():
        print(printable(line))
    return 0
