"""Castle Raisers' action bar: the rules' menu (rules/castle_raisers/menu.py
makes every line, keyed, with what a player needs to choose well), and
what the screen adds to it. Placing a Wall tile is two steps on screen,
the tile (a level of the menu named by the tile) and then its slot: a
slot line there takes the tile and places it (one ``frames.Move`` of the
two rules actions, undone as one), and a last line goes back to the tiles."""

from __future__ import annotations

import msgspec

from castletui.frame import Frame, Line
from castletui.frames import Menu, Move
from castletui.games.castle_raisers.ink import tile_shown
from castletui.rules.castle_raisers import DraftTile, PlaceTile

BACK = "back"


def picked_tile(frame: Frame) -> str:
    """The tile taken on screen, its slot still to choose (the menu level it opened)."""
    return frame.path[0] if frame.path else ""


def lines(frame: Frame) -> list[Line]:
    shown = [line for line in frame.lines if not line.why_not]
    if not picked_tile(frame) or not shown:
        return shown
    placing = [
        msgspec.structs.replace(line, action=Move((line.action, PlaceTile(*line.spot[1:]))))
        if isinstance(line.action, DraftTile)
        else line
        for line in shown
    ]
    return [*placing, Line("Choose another tile", command=BACK, key=BACK)]


def undo_whole(frame: Frame) -> str:
    """Undo took back the placing of a tile taken on screen: the taking goes too."""
    top = frame.scene.asking
    return "Took back the tile and where it went." if top is not None and top.tile is not None else ""


def prompt(frame: Frame) -> str:
    tile = picked_tile(frame)
    face = tile_shown(frame.scene, tile) if tile else None
    if face is not None and frame.deciding:
        return f"{frame.names[frame.viewer]}, where does {face.text} go? (Esc: another tile)"
    return frame.prompt


MENU = Menu(lines=lines, prompt=prompt, undo_whole=undo_whole, cursor_opens_groups=False)
"""No groups of the rules: a picked tile's slots replace the rules' lines."""
