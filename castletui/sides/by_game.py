"""Which game has its own players panel module in castletui/sides, loaded by
name when a game screen opens (the games' modules import the package's
:class:`~castletui.sides.Side`, so the choosing lives beside it, not in it)."""

from __future__ import annotations

import importlib

from castletui.sides import Side

MODULES = {
    "castle-raisers": "castletui.sides.castle_raisers",
    "castlecards": "castletui.sides.castlecards",
    "catapult-castle": "castletui.sides.catapult_castle",
    "got-catan": "castletui.sides.got_catan",
}


def for_game(game_id: str) -> Side:
    name = MODULES.get(game_id)
    return importlib.import_module(name).SIDE if name else Side()
