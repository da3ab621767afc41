"""The one place that knows which games exist: each game's id and its
rules package. Adding a game is one line here (see README, "Adding a
game"); nothing else lists the games. A game's app side is found from its
id alone (castletui/games/<game>/, castletui/games/__init__.py), so the
rules never name a module of the app.

Modules are named, not imported: ``castletui list`` stays quick.
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import NamedTuple


class Entry(NamedTuple):
    rules: str
    """The game's package, whose face is the protocol of rules.core."""


ENTRIES: dict[str, Entry] = {
    "catapult-castle": Entry("castletui.rules.catapult_castle"),
    "castle-raisers": Entry("castletui.rules.castle_raisers"),
    "castlecards": Entry("castletui.rules.castlecards"),
    "got-catan": Entry("castletui.rules.got_catan"),
}


class UnknownGame(KeyError):
    def __init__(self, game_id: str) -> None:
        super().__init__(game_id)
        self.game_id = game_id

    def __str__(self) -> str:
        return f"Unknown game {self.game_id!r}; castletui knows: {', '.join(ENTRIES)}."


_loaded: dict[str, ModuleType] = {}


def get(game_id: str) -> ModuleType:
    """The game module for ``game_id`` (imported when first asked for);
    raises UnknownGame."""
    module = _loaded.get(game_id)
    if module is None:
        if game_id not in ENTRIES:
            raise UnknownGame(game_id)
        module = _loaded[game_id] = importlib.import_module(ENTRIES[game_id].rules)
    return module


def ids() -> list[str]:
    return list(ENTRIES)


def forget(game_id: str) -> None:
    """Drop a loaded module (tests register and unregister their toy game)."""
    _loaded.pop(game_id, None)
