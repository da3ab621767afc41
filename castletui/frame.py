"""What one seat sees at one level of the menu, as the driver computes it
once per position (castletui/driver.py) and every screen draws it: the
:class:`Frame`, its menu :class:`Line` s and its players' :class:`SideRow` s.
Plain immutable data, below the driver and the games' frame and side
modules (castletui/frames, castletui/sides) that fill and read it."""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from typing import Any

import msgspec

from castletui.rules.core.menu import Line
from castletui.rules.core.scene import Scene


class SideRow(msgspec.Struct, frozen=True):
    """A seat on the players panel."""

    name: str
    bot: str
    """How the panels name a bot seat ("bot", "hard bot"); "" for a person."""
    score: float
    to_move: bool
    viewer: bool


class Frame(msgspec.Struct, frozen=True):
    """What ``viewer`` sees at menu level ``path`` in one position."""

    ply: int
    viewer: int
    path: tuple[str, ...]
    names: tuple[str, ...]
    """The seats' names as the table reads them now."""
    seat: int | None
    """Who decides (CHANCE for a roll or draw, None once the game is over)."""
    deciding: bool
    """Whether the viewer decides now (Session.may_act agrees)."""
    view: Any
    """``view(state, viewer)``: everything below is computed from it (the
    driver's own; a screen draws ``scene``)."""
    scene: Scene
    """What the viewer's screen draws (rules/core/scene.py)."""
    prompt: str
    lines: tuple[Line, ...]
    """The action bar: the game's menu at this level (castletui/frames/),
    then at the top the rules' "why not?" lines it does not grey itself."""
    spots: Mapping[Hashable, tuple[tuple[str, ...], Any]]
    """Every board place a legal action is about, in any group, with the
    group path it is in and the first action about it (empty for a game
    whose board offers only this level's places: ``frames.Menu.cursor_opens_groups``)."""
    offered: frozenset
    """The places the boards light: ``spots`` and this level's lines' own."""
    menu: tuple[tuple[Any, tuple[str, ...], Hashable | None], ...]
    """Every legal action with its group path and spot, in the rules'
    order (empty unless the viewer decides)."""
    side: tuple[SideRow, ...]
    waiting: str
    """The side panel's line under the seats ("Drawing...", "Game over")."""
    standing: Any
    """The score as the viewer may know it (Session.standing)."""
    watchers: tuple[str, ...] = ()
    """Who watches this shared table from no seat (saves.watchers): the
    players and the spectators see their names."""

    def line_at(self, spot: Hashable) -> int | None:
        """The first line that may be chosen about ``spot``."""
        return next((i for i, line in enumerate(self.lines) if line.spot == spot and not line.disabled), None)
