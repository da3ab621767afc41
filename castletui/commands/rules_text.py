"""``castletui rules GAME --print``: a game's rules reference as text."""

from __future__ import annotations

import argparse
import sys
from importlib import resources

from castletui.rules import registry


def run(args: argparse.Namespace) -> int:
    game_id = args.game
    if not game_id:
        print("castletui rules GAME --print; games: " + ", ".join(registry.ids()))
        return 2
    try:
        game = registry.get(game_id)
    except registry.UnknownGame as error:
        print(f"castletui: {error}", file=sys.stderr)
        return 2
    print((resources.files(game.__name__) / "rules_text.md").read_text(encoding="utf-8"))
    return 0
