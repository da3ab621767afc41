"""Catapult Castle's action bar as the rules give it (the screen API's
``menu`` hook, rules/core/menu.py): one line per tower to aim at (the rules
list a few accuracies each; the accuracy comes from the screen's aiming
mini-game), group lines tied to their place on the table, and aiming first:
Enter on the first line is what a turn is for; letting an extra shot go
comes last.

Every line it makes or changes has a stable ``key``: ``aim Q`` for the
tower on square Q (``aim Q from M`` for a solo shot from mat M's corner),
and a group's name for a group line (the driver's key)."""

from __future__ import annotations

from collections.abc import Hashable

from castletui.rules.catapult_castle.edition import DECK_NAMES, SQUARE_COUNT, SQUARE_NAMES, square_index
from castletui.rules.catapult_castle.queries import corner_group, move_group
from castletui.rules.catapult_castle.state import Aim, Shoot, SkipExtraShot, State
from castletui.rules.core.menu import Line
from msgspec.structs import replace

CORNER_GROUPS = {corner_group(mat): mat for mat in range(len(DECK_NAMES))}
"""Solo: each corner's group of shots -> its mat."""
GROUP_SPOTS: dict[str, Hashable] = {
    **{name: ("corner", mat) for name, mat in CORNER_GROUPS.items()},
    **{move_group(q // 4, SQUARE_NAMES[q % 4]): q for q in range(SQUARE_COUNT)},
}
"""A top-level group's place on the table: a solo corner, or the square a solo move leaves."""

FIRST, MIDDLE, LAST, REFUSALS = range(4)


def aim_key(action: Aim) -> str:
    """The key of the line that aims at ``action``'s tower (any accuracy)."""
    q = square_index(action.mat, action.square)
    return f"aim {q}" if action.from_mat < 0 else f"aim {q} from {action.from_mat}"


def _rank(line: Line) -> int:
    if line.why_not:
        return REFUSALS
    if line.group is not None:
        return FIRST if line.group[-1] in CORNER_GROUPS else MIDDLE
    if isinstance(line.action, Aim | Shoot):
        return FIRST
    return LAST if isinstance(line.action, SkipExtraShot) else MIDDLE


def menu(view: State, seat: int, path: tuple[str, ...], lines: list[Line]) -> list[Line]:
    """The lines of menu level ``path``: the listed accuracies of a tower
    made one line, a group at the top tied to its place, aiming first."""
    shown: list[Line] = []
    seen: set[str] = set()
    for line in lines:
        if isinstance(line.action, Aim):
            key = aim_key(line.action)
            if key in seen:
                continue
            seen.add(key)
            line = replace(line, key=key)
        elif line.group is not None and not path:
            line = replace(line, spot=GROUP_SPOTS.get(line.group[-1]))
        shown.append(line)
    return sorted(shown, key=_rank)
