"""Catapult Castle's action bar: one line per tower to aim at (the rules
list a few accuracies each; the accuracy comes from the mini-game, which
the line opens), group lines tied to their place on the table, and aiming
first: Enter on the first line is what a turn is for."""

from __future__ import annotations

from typing import Any

from msgspec.structs import replace

from castletui.frame import Frame, Line
from castletui.frames import Menu, rules_lines
from castletui.rules.catapult_castle import Aim, Shoot, SkipExtraShot, group_spot, tower_name
from castletui.rules.core import name_seats

AIM = "aim"
"""The command of a tower's line: the screen's aiming mini-game, at ``action``."""


def lines(frame: Frame) -> list[Line]:
    view = frame.view
    level = len(frame.path)
    first_in_group: dict[str, Any] = {}
    for action, path, _ in frame.menu:
        if len(path) > level and path[:level] == frame.path:
            first_in_group.setdefault(path[level], action)
    ranked: list[tuple[int, Line]] = []
    seen: set[tuple[int, str, int]] = set()
    for line in rules_lines(frame):
        action = line.action
        if isinstance(action, Aim):
            key = (action.mat, action.square, action.from_mat)
            if key in seen:
                continue
            seen.add(key)
            target = name_seats(tower_name(view, action.mat, action.square), frame.names)
            # The action stays for the preview line; choosing it opens the mini-game.
            ranked.append((0, replace(line, text=f"Aim at {target}", command=AIM)))
            continue
        if action is None and line.group is not None:
            first = first_in_group.get(line.group[-1])
            if first is not None:
                line = replace(line, spot=group_spot(view, first, level))
                action = first
        rank = 0 if isinstance(action, Aim | Shoot) else 2 if isinstance(action, SkipExtraShot) else 1
        ranked.append((rank, line))
    return [line for _, line in sorted(ranked, key=lambda item: item[0])]


def corner(frame: Frame) -> int:
    """Solo: the corner whose targets the action bar lists (-1: none)."""
    if not frame.deciding:
        return -1
    return next((a.from_mat for a, path, _ in frame.menu if isinstance(a, Aim) and path == frame.path), -1)


MENU = Menu(lines=lines, cursor_opens_groups=False)
"""A tower is a target and a roof's place: the board offers only this level's places."""
