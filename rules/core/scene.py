"""A seat's scene: what its screen draws, as plain typed data.

Each game's face gives ``scene(view, seat) -> Scene``: frozen msgspec
Structs (a subclass of :class:`Scene`) holding exactly what its boards,
players panel and replay boards draw for ``seat``, computed from that
seat's view alone. The app draws the scene and nothing else: no widget,
panel, menu or replay board reads a rules state or a view's fields, so a
field renamed in ``rules/<game>/state.py`` breaks ``scene`` (and its
tests), never a screen. The scene is the contract between the two.

A game without its own ``scene`` gets :class:`TextScene`, its view as text,
which the frame's text board shows. ``rules.core.screen.scene`` asks a game.
"""

from __future__ import annotations

import msgspec


class Scene(msgspec.Struct, frozen=True, kw_only=True):
    """The base of every game's scene: what one seat's screen draws."""


class TextScene(Scene, frozen=True, kw_only=True):
    """The kit's scene for a game without its own: the view, as text."""

    text: str
