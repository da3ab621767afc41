"""Which game has its own action bar module in castletui/frames, loaded by
name when a session opens (the games' modules import the package's
:class:`~castletui.frames.Menu`, so the choosing lives beside it, not in it)."""

from __future__ import annotations

import importlib

from castletui.frames import Menu

MODULES = {
    "castle-raisers": "castletui.frames.castle_raisers",
    "castlecards": "castletui.frames.castlecards",
    "catapult-castle": "castletui.frames.catapult_castle",
    "got-catan": "castletui.frames.got_catan",
}
"""The games whose action bar reads differently from the rules' lines."""


def for_game(game_id: str) -> Menu:
    name = MODULES.get(game_id)
    return importlib.import_module(name).MENU if name else Menu()
