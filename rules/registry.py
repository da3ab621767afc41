"""Game id -> game module. The only place that knows which games exist."""

from __future__ import annotations

import importlib
from types import ModuleType

# Module paths, imported on first use so `castletui list` stays quick.
_MODULES: dict[str, str] = {
    "catapult-castle": "rules.catapult_castle",
    "castle-raisers": "rules.castle_raisers",
    "castlecards": "rules.castlecards",
}


class UnknownGame(KeyError):
    def __init__(self, game_id: str) -> None:
        super().__init__(game_id)
        self.game_id = game_id

    def __str__(self) -> str:
        return f"Unknown game {self.game_id!r}; castletui knows: {', '.join(_MODULES)}."


class _Games(dict):
    """A dict of game modules that imports each one when first asked for."""

    def __missing__(self, game_id: str) -> ModuleType:
        if game_id not in _MODULES:
            raise UnknownGame(game_id)
        module = importlib.import_module(_MODULES[game_id])
        self[game_id] = module
        return module

    def __iter__(self):
        return iter(_MODULES)

    def __len__(self) -> int:
        return len(_MODULES)

    def __contains__(self, game_id: object) -> bool:
        return game_id in _MODULES

    def keys(self):
        return list(_MODULES)

    def items(self):
        return [(game_id, self[game_id]) for game_id in _MODULES]

    def values(self):
        return [self[game_id] for game_id in _MODULES]


GAMES: dict[str, ModuleType] = _Games()


def get(game_id: str) -> ModuleType:
    """The game module for ``game_id``; raises UnknownGame."""
    return GAMES[game_id]


def register(game_id: str, module_path: str) -> None:
    """Add a game (tests use this for their toy game)."""
    _MODULES[game_id] = module_path
    GAMES.pop(game_id, None)


def ids() -> list[str]:
    return list(_MODULES)
