"""Longest Road and Largest Patrol: the length of a player's longest
unbroken road, and who holds each card as roads grow, get broken and
patrols are played.

A road is a trail: each segment used once, corners may repeat (a ring
counts whole). An opponent's settlement or keep on a corner breaks the road
there: a trail may end at that corner but not pass through it.

Who holds Longest Road follows classic Catan: the first to 5 segments takes
it; another player takes it over only with a strictly longer road. When a
road is broken, the holder keeps the card while still (even jointly) the
longest with 5 or more; otherwise a single longest road of 5 or more takes
it, and if several tie for longest (or none reaches 5) the card is set aside
until one road is strictly the longest.
"""

from __future__ import annotations

from .board import Board
from .edition import RULES


def road_length(board: Board, roads: tuple[int, ...], blocked: frozenset[int] | set[int]) -> int:
    """The longest trail over the edges ``roads``, not passing through a
    corner in ``blocked`` (opponents' buildings)."""
    if not roads:
        return 0
    own = set(roads)
    corner_edges = board.corner_edges
    edge_corners = board.edge_corners
    best = 0

    def walk(corner: int, used: int, length: int) -> None:
        nonlocal best
        if length > best:
            best = length
        if corner in blocked:
            return  # the road is broken here: it may end, not go on
        for edge in corner_edges[corner]:
            bit = 1 << edge
            if edge in own and not used & bit:
                a, b = edge_corners[edge]
                walk(b if a == corner else a, used | bit, length + 1)

    starts = {corner for edge in own for corner in edge_corners[edge]}
    for corner in starts:
        # A trail starting in the middle of a line is never the longest:
        # start only where it may end (an end, a fork, a break) unless the
        # network is all rings.
        degree = sum(1 for edge in corner_edges[corner] if edge in own)
        if degree == 2 and corner not in blocked:
            continue
        for edge in corner_edges[corner]:
            if edge in own:
                a, b = edge_corners[edge]
                walk(b if a == corner else a, 1 << edge, 1)
        if best == len(own):
            return best
    if best < len(own):
        # Rings, whose every corner has two own roads: try them all.
        for corner in starts:
            for edge in corner_edges[corner]:
                if edge in own:
                    a, b = edge_corners[edge]
                    walk(b if a == corner else a, 1 << edge, 1)
            if best == len(own):
                break
    return best


def blocked_for(corner_owner: tuple[int, ...], seat: int) -> set[int]:
    """The corners where others' buildings break ``seat``'s roads."""
    return {corner for corner, owner in enumerate(corner_owner) if owner >= 0 and owner != seat}


def longest_road_holder(
    lengths: list[int] | tuple[int, ...], holder: int, minimum: int = RULES.longest_road_minimum
) -> int:
    """Who holds Longest Road once the lengths are ``lengths`` (the card was
    with ``holder``, -1 if nobody): see the module's docstring. (Largest
    Patrol follows the same rule when a patrol is discarded: ``minimum`` 3.)"""
    best = max(lengths)
    if best < minimum:
        return -1
    if holder >= 0 and lengths[holder] == best:
        return holder
    leaders = [seat for seat, length in enumerate(lengths) if length == best]
    return leaders[0] if len(leaders) == 1 else -1


def largest_patrol_holder(patrols: list[int] | tuple[int, ...], holder: int) -> int:
    """Who holds Largest Patrol: the first with 3 played Ranger Patrols, then
    whoever has strictly more than the holder (patrols are never lost)."""
    best = max(patrols)
    if best < RULES.largest_patrol_minimum:
        return -1
    if holder >= 0 and patrols[holder] == best:
        return holder
    leaders = [seat for seat, count in enumerate(patrols) if count == best]
    return leaders[0] if len(leaders) == 1 else holder
