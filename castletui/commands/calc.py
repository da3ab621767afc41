"""``castletui calc GAME [HELPER]``: a rules helper on a line prompt
(castletui/calc.py), for a game on a real table; no textual."""

from __future__ import annotations

import argparse
import sys

from castletui import calc
from castletui.commands.base import Refused
from castletui.rules import registry


def run(args: argparse.Namespace) -> int:
    if args.game not in registry.ids():
        raise Refused(str(registry.UnknownGame(args.game)))
    argv = ["--list"] if args.list else [args.helper] if args.helper else []
    return calc.main(args.game, argv, sys.stdin, sys.stdout)
