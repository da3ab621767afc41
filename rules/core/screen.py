"""The screen API: what the app asks a game so that one frame can show any
game. Each is an optional hook of a game's face; these functions give the
app the game's answer or a sensible default, so a game adds them one at a
time.

- ``prompt(state, seat) -> str``: the question shown to the person to move
  ("{P0}, choose a target:"; seats as ``seat_ref``).
- ``spot(state, action) -> Hashable | None``: the board place an action is
  about (a square, a slot, a hex, a corner, an edge), as the game's board
  widget names its places; the board cursor and clicks find actions by it.
- ``group(state, action) -> tuple[str, ...]``: where the action sits in a
  menu of several steps, e.g. ("Build", "Road") above "Road on edge 12";
  () puts it at the top level. The frame opens one level at a time and
  Escape steps back one.
- ``preview(state, action, seat) -> str``: what choosing the action would
  do, as that seat may know it ("3 swords against 2 shields: wins").
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from rules.core.protocol import Game
from rules.core.seats import seat_ref


def prompt(game: Game, state: Any, seat: int) -> str:
    hook = getattr(game, "prompt", None)
    return hook(state, seat) if hook is not None else f"{seat_ref(seat)}, choose:"


def spot(game: Game, state: Any, action: Any) -> Hashable | None:
    hook = getattr(game, "spot", None)
    return hook(state, action) if hook is not None else None


def group(game: Game, state: Any, action: Any) -> tuple[str, ...]:
    hook = getattr(game, "group", None)
    return tuple(hook(state, action)) if hook is not None else ()


def preview(game: Game, state: Any, action: Any, seat: int) -> str:
    hook = getattr(game, "preview", None)
    return hook(state, action, seat) if hook is not None else ""


def has_preview(game: Game) -> bool:
    return getattr(game, "preview", None) is not None
