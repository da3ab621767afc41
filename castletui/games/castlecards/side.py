"""Castlecards' players panel: the frame's rows (shields standing), and the
King's actions left when he gives more than one."""

from __future__ import annotations

from rich.text import Text

from castletui.frame import Frame
from castletui.sides import Room, Side, players


def side(frame: Frame, room: Room) -> Text:
    view = frame.view
    lines = [" (scores: shields standing)"]
    if view.actions_left > 1 and not view.ended_by:
        lines.append(f" King: {view.actions_left} actions left")
    return players(frame, room, lines)


SIDE = Side(side)
