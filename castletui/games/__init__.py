"""Each game's app side, one package per game: ``castletui/games/<game>/``
for the game whose registry id is ``<game>`` with dashes as underscores
(a game ``tower-builders`` would live in ``castletui/games/tower_builders/``).

A game's package may hold, each found here by its name alone:

- ``screen.py``: its ``SCREEN``, the game screen (else the frame's own);
- ``menu.py``: its ``MENU``, how its action bar reads the rules' menu;
- ``side.py``: its ``SIDE``, its players panel;
- ``replay.py``: its ``BOARDS``, the boards the replay screen shows;
- ``style.tcss``: its stylesheet, read as its screen is first made;
- ``words.py``: ``board``, ``hand`` and ``score``, the seat's scene as
  sentences for the plain mode (built from ``sentences.py``, here);
- its board widgets, under whatever names they have.

The registry (rules/registry.py) is the only list of games; nothing in
castletui names one outside its own package (tests/test_layers.py checks
it). A game without a package, or without one of these parts, gets the
frame's defaults: the text board, the rules' lines, the seats' rows.
"""

from __future__ import annotations

import importlib
import importlib.util
from pathlib import Path
from types import ModuleType

HERE = Path(__file__).parent


def package(game_id: str) -> str:
    """The dotted name of ``game_id``'s app package (it may not exist)."""
    return f"{__name__}.{game_id.replace('-', '_')}"


def part(game_id: str, name: str) -> ModuleType | None:
    """The module ``name`` of ``game_id``'s package, or None where the game
    has no such part (imported on first use: the app starts without them)."""
    dotted = f"{package(game_id)}.{name}"
    try:
        if importlib.util.find_spec(dotted) is None:
            return None
    except ModuleNotFoundError:  # no package for the game at all
        return None
    return importlib.import_module(dotted)


def stylesheet(game_id: str) -> Path:
    """Where the game screen's own stylesheet is (it may not exist)."""
    return HERE / game_id.replace("-", "_") / "style.tcss"
