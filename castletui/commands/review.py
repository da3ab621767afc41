"""``castletui review FILE [--as SEAT] [--text]``: the review of a saved
game (castletui/review.py) printed as text; no textual. Whose eyes are the
replay's (``open_replay``): an unfinished game or a shared table is
reviewed only for the viewer's seat. A line on standard error tells how
far the work is while it runs on a terminal."""

from __future__ import annotations

import argparse
import sys

from castletui import review
from castletui.commands.base import Refused, printable
from castletui.commands.folders import warn_about_settings
from castletui.commands.replay_text import open_replay
from castletui.rules.core.review import DEFAULT_BUDGET


def run(args: argparse.Namespace) -> int:
    warn_about_settings(args)
    budget = DEFAULT_BUDGET if args.budget is None else args.budget
    if budget < 1:
        raise Refused("--budget: at least 1 round a decision.")
    replay = open_replay(args)
    loud = sys.stderr.isatty()

    def progress(done: int, total: int) -> None:
        if loud:
            print(f"\rReviewing: {done}/{total}", end="", file=sys.stderr, flush=True)

    report = review.analyse(replay, budget, workers=args.workers, progress=progress)
    if loud:
        print(file=sys.stderr)
    assert report is not None  # nothing cancels it here
    for line in review.text(replay, report).splitlines():
        print(printable(line))
    return 0
