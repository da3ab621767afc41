"""The ring wall of a Castle board: slots, support, covering, heights, and
which icons are still visible. Pure functions over ``Castle.wall``.

The foundation (level 0) is a closed ring of ``PORTIONS`` printed portions,
portion ``i`` over half-columns ``2i`` and ``2i+1``. Slot ``(L, i)`` of level
``L >= 1`` covers half-columns ``(2i+L)`` and ``(2i+L+1)`` (modulo the ring), so
each level is offset by half a tile from the one below (the brick pattern): it
lies on ``(L-1, i)`` and ``(L-1, i+1)``, covering the right half of the first
and the left half of the second.
"""

from __future__ import annotations

from functools import lru_cache

from castletui.rules.castle_raisers.edition import COLUMN_SECTION, COLUMNS, FOUNDATION, PORTIONS, TILES
from castletui.rules.castle_raisers.state import FORTIFICATION


def slot_columns(level: int, slot: int) -> tuple[int, int]:
    """The two half-columns a tile at ``(level, slot)`` sits over (left, right)."""
    return ((2 * slot + level) % COLUMNS, (2 * slot + level + 1) % COLUMNS)


def filled(wall: tuple[str, ...], level: int, slot: int) -> bool:
    """Whether ``(level, slot)`` holds a tile (the foundation is always there)."""
    if level == 0:
        return True
    index = (level - 1) * PORTIONS + slot % PORTIONS
    return index < len(wall) and wall[index] != ""


def piece_at(wall: tuple[str, ...], level: int, slot: int) -> str:
    """The tile id at ``(level, slot)``, ``"F"`` for a Fortification tile, "" if empty."""
    index = (level - 1) * PORTIONS + slot % PORTIONS
    return wall[index] if 0 <= index < len(wall) else ""


def levels(wall: tuple[str, ...]) -> int:
    """How many levels the stored wall spans (some may be partly empty)."""
    return len(wall) // PORTIONS


@lru_cache(maxsize=4096)
def legal_slots(wall: tuple[str, ...]) -> tuple[tuple[int, int], ...]:
    """Every ``(level, slot)`` where a tile may go: empty, and for level 2 and
    up lying flat on the two tiles below it. Never empty: the level above a
    full level is all legal."""
    # as :func:`filled` reads it, by index: the bots ask this for every wall they try
    result = []
    size = len(wall)
    for level in range(1, levels(wall) + 2):
        row = (level - 1) * PORTIONS
        below = row - PORTIONS  # level - 1, always stored whole
        for slot in range(PORTIONS):
            index = row + slot
            if index < size and wall[index] != "":
                continue
            if level == 1 or (wall[below + slot] != "" and wall[below + (slot + 1) % PORTIONS] != ""):
                result.append((level, slot))
    return tuple(result)


def why_not_legal(wall: tuple[str, ...], level: int, slot: int) -> str:
    """The reason a player cannot place at ``(level, slot)``, or "" if they can."""
    if level < 1 or not 0 <= slot < PORTIONS:
        return f"There is no slot {slot} on level {level}: levels start at 1, slots run 0-{PORTIONS - 1}."
    if filled(wall, level, slot):
        return f"Slot {slot} of level {level} already holds a tile."
    if level > 1 and not (filled(wall, level - 1, slot) and filled(wall, level - 1, slot + 1)):
        return f"That slot is not supported: level {level} needs both tiles below it on level {level - 1}."
    return ""


def put(wall: tuple[str, ...], level: int, slot: int, piece: str) -> tuple[str, ...]:
    """A new wall with ``piece`` at ``(level, slot)`` (the wall grows a level as needed)."""
    index = (level - 1) * PORTIONS + slot
    if index >= len(wall):
        wall = wall + ("",) * (level * PORTIONS - len(wall))
    return wall[:index] + (piece,) + wall[index + 1 :]


@lru_cache(maxsize=64)
def _wall_layout(size: int) -> tuple[tuple[int, int, int, int, int, int, int], ...]:
    """Per index of a stored wall of ``size`` entries, what never changes there:
    (level, left half-column, its section, index of the slot covering it,
    right half-column, its section, index of the slot covering it). The bots
    read walls hundreds of thousands of times a decision; this saves working
    out the ring's arithmetic again each time."""
    layout = []
    for index in range(size):
        level = index // PORTIONS + 1
        slot = index % PORTIONS
        left_column, right_column = slot_columns(level, slot)
        layout.append(
            (
                level,
                left_column,
                COLUMN_SECTION[left_column],
                level * PORTIONS + (slot - 1) % PORTIONS,  # (level + 1, slot - 1) covers the left half
                right_column,
                COLUMN_SECTION[right_column],
                level * PORTIONS + slot,  # (level + 1, slot) covers the right half
            )
        )
    return tuple(layout)


@lru_cache(maxsize=4096)
def section_heights(wall: tuple[str, ...]) -> tuple[int, int, int]:
    """The highest level over each section; a tile over a section border counts for both."""
    heights = [0, 0, 0]
    layout = _wall_layout(len(wall))
    for index, piece in enumerate(wall):
        if piece:
            level, _, left_section, _, _, right_section, _ = layout[index]
            if heights[left_section] < level:
                heights[left_section] = level
            if heights[right_section] < level:
                heights[right_section] = level
    return (heights[0], heights[1], heights[2])


def half_icon(board: str, wall: tuple[str, ...], level: int, slot: int, right: bool) -> str:
    """The icon on one half of the tile at ``(level, slot)`` (level 0: the foundation)."""
    if level == 0:
        return FOUNDATION[board][(2 * slot + (1 if right else 0)) % COLUMNS]
    piece = piece_at(wall, level, slot)
    if not piece or piece == FORTIFICATION:
        return ""
    tile = TILES[piece]
    return tile.right if right else tile.left


def covered_icons(board: str, wall: tuple[str, ...], level: int, slot: int) -> tuple[tuple[str, int], ...]:
    """The (ability, section) pairs a Wall tile placed at ``(level, slot)`` covers,
    left half first: the right half of ``(level-1, slot)`` and the left half of
    ``(level-1, slot+1)``."""
    left_column, right_column = slot_columns(level, slot)
    found = []
    icon = half_icon(board, wall, level - 1, slot, right=True)
    if icon:
        found.append((icon, COLUMN_SECTION[left_column]))
    icon = half_icon(board, wall, level - 1, (slot + 1) % PORTIONS, right=False)
    if icon:
        found.append((icon, COLUMN_SECTION[right_column]))
    return tuple(found)


@lru_cache(maxsize=16384)
def visible_wall_icons(
    board: str, wall: tuple[str, ...], fortified_visible: bool = True
) -> tuple[tuple[str, int, int, int], ...]:
    """Every icon on a Wall tile that no Wall tile covers: (ability, section, level, column).

    The left half of ``(L, i)`` lies under ``(L+1, i-1)``, the right half under
    ``(L+1, i)``. A Fortification tile does not cover; with
    ``fortified_visible`` False it hides the icon anyway.
    """
    found = []
    size = len(wall)
    layout = _wall_layout(size)
    # a covering slot is read only on the levels the wall stores whole (as ``levels`` counts them)
    whole = levels(wall) * PORTIONS
    for index, piece in enumerate(wall):
        if not piece or piece == FORTIFICATION:
            continue
        tile = TILES[piece]
        level, left_column, left_section, left_above, right_column, right_section, right_above = layout[index]
        if tile.left:
            above = wall[left_above] if left_above < whole else ""
            if above == "" or (above == FORTIFICATION and fortified_visible):
                found.append((tile.left, left_section, level, left_column))
        if tile.right:
            above = wall[right_above] if right_above < whole else ""
            if above == "" or (above == FORTIFICATION and fortified_visible):
                found.append((tile.right, right_section, level, right_column))
    return tuple(found)


def visible_defenders(board: str, wall: tuple[str, ...], fortified_visible: bool = True) -> tuple[int, ...]:
    """The section of each visible Defender icon on Wall tiles (End of Age)."""
    return tuple(
        section
        for ability, section, _, _ in visible_wall_icons(board, wall, fortified_visible)
        if ability == "DEF"
    )


def visible_starting_icons(board: str, wall: tuple[str, ...]) -> tuple[tuple[str, int], ...]:
    """The foundation icons no Wall tile covers (Fortification tiles never cover): (ability, column)."""
    found = []
    for column, ability in enumerate(FOUNDATION[board]):
        if not ability:
            continue
        # the level-1 slot over this half-column
        slot = ((column - 1) % COLUMNS) // 2
        above = piece_at(wall, 1, slot)
        if above == "" or above == FORTIFICATION:
            found.append((ability, column))
    return tuple(found)
