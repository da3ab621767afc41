"""Castlecards' players panel: the frame's rows (shields standing), and the
King's actions left when he gives more than one (from the frame's scene)."""

from __future__ import annotations

from rich.text import Text

from castletui.frame import Frame
from castletui.sides import Room, Side, players


def side(frame: Frame, room: Room) -> Text:
    lines = [" (scores: shields standing)"]
    actions = frame.scene.king_actions
    if actions:
        lines.append(f" King: {actions} actions left")
    return players(frame, room, lines)


SIDE = Side(side)
