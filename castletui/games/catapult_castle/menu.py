"""Catapult Castle's action bar: the rules' lines (one per tower to aim at,
group lines tied to their place on the table, aiming first: the ``menu``
hook of rules/catapult_castle/menu.py), each tower's line opening the
screen's aiming mini-game, which sets the accuracy."""

from __future__ import annotations

from msgspec.structs import replace

from castletui.frame import Frame, Line
from castletui.frames import Menu, rules_lines
from castletui.rules.catapult_castle import Aim

AIM = "aim"
"""The command of a tower's line: the screen's aiming mini-game, at ``action``."""


def lines(frame: Frame) -> list[Line]:
    # The action stays for the preview line; choosing the line opens the mini-game.
    return [
        replace(line, command=AIM) if isinstance(line.action, Aim) else line for line in rules_lines(frame)
    ]


def corner(frame: Frame) -> int:
    """Solo: the corner whose targets the action bar lists (-1: none)."""
    if not frame.deciding:
        return -1
    return next((a.from_mat for a, path, _ in frame.menu if isinstance(a, Aim) and path == frame.path), -1)


MENU = Menu(lines=lines, cursor_opens_groups=False)
"""A tower is a target and a roof's place: the board offers only this level's places."""
