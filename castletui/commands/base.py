"""What the command line and every command share, loading nothing: the
refusal that becomes one line on stderr, and how a file name is shown."""

from __future__ import annotations

import argparse
import sys


class Refused(Exception):
    """What the command line cannot do, as one line for the player."""


def fail(message: str, status: int = 2) -> int:
    print(f"castletui: {message}", file=sys.stderr)
    return status


def printable(text: str) -> str:
    """``text`` with anything a terminal would act on (escapes, line breaks)
    shown as ``?``: file names in a save folder can hold anything."""
    return "".join(character if character.isprintable() else "?" for character in text)


def is_shared(args: argparse.Namespace) -> bool:
    return args.command == "join" or (args.command == "new" and args.shared)
