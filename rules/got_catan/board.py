"""The Gift's geometry, computed once per layout at import: hexes, corners
(where settlements and keeps stand) and edges (where roads run), each with
a stable id, and the adjacency tables the rules read on every action.

Coordinates: pointy-top hexes in rows, row 0 against the Wall, odd rows
shifted half a hex east. On an integer grid a hex of row ``r``, column
``c`` has its centre at ``X = 2c + (r odd)``, ``Y = 3r`` and its six
corners at (X, Y-2) N, (X+1, Y-1) NE, (X+1, Y+1) SE, (X, Y+2) S,
(X-1, Y+1) SW and (X-1, Y-1) NW, so neighbouring hexes share corners
exactly. Ids: hexes in row then column order; corners by (Y, X), north to
south then west to east; edges by their two corner ids. Corners on the
outer border (the borderlands) are sites like any other.
"""

from __future__ import annotations

import msgspec

from .edition import LAYOUTS, TERRAIN_RESOURCE, LayoutData

CORNER_NAMES = ("N", "NE", "SE", "S", "SW", "NW")
SIDE_NAMES = ("NE", "E", "SE", "SW", "W", "NW")
"""A hex's sides in order: side i runs from corner i to corner i+1."""
_CORNER_OFFSETS = ((0, -2), (1, -1), (1, 1), (0, 2), (-1, 1), (-1, -1))

NO_ROUTE = ("", 0)


class Board(msgspec.Struct, frozen=True):
    """One layout of the Gift, its places numbered and linked."""

    seats: int
    hex_names: tuple[str, ...]  # "r0c3"
    hex_places: tuple[str, ...]  # "hex 4 of row 1": where a player finds it on the map (from the top left)
    hex_rows: tuple[int, ...]
    hex_numbers: tuple[int, ...]  # the printed number token of each hex
    beginner_terrain: tuple[str, ...]  # the fixed set-up's terrain of each hex
    hex_centres: tuple[tuple[int, int], ...]  # (X, Y) on the grid above
    hex_corners: tuple[tuple[int, ...], ...]  # N, NE, SE, S, SW, NW
    hex_edges: tuple[tuple[int, ...], ...]  # sides NE, E, SE, SW, W, NW
    corner_points: tuple[tuple[int, int], ...]  # (X, Y)
    corner_hexes: tuple[tuple[int, ...], ...]
    corner_corners: tuple[tuple[int, ...], ...]
    corner_edges: tuple[tuple[int, ...], ...]
    edge_corners: tuple[tuple[int, int], ...]
    edge_edges: tuple[tuple[int, ...], ...]
    edge_hexes: tuple[tuple[int, ...], ...]
    border_edges: frozenset[int]  # edges of one hex only: the borderlands
    number_hexes: dict[int, tuple[int, ...]]  # dice total -> hexes with that token
    corner_routes: tuple[tuple[str, int], ...]  # (resource or "" for any, rate); NO_ROUTE
    route_edges: tuple[tuple[int, str, int], ...]  # (edge, resource, rate) of each trade route
    hex_index: dict[str, int]
    lanes: tuple[tuple[int, ...], ...]  # Brotherhood: each wall section's lane, first blocked first
    block_order: tuple[tuple[int, ...], ...]  # per section: the lane, then the others nearest its first hex

    @property
    def hexes(self) -> int:
        return len(self.hex_names)

    @property
    def corners(self) -> int:
        return len(self.corner_points)

    @property
    def edges(self) -> int:
        return len(self.edge_corners)


def build_board(layout: LayoutData) -> Board:
    """Number and link the places of ``layout`` (once, at import)."""
    places = [(r, c) for r, (first, last) in enumerate(layout.rows) for c in range(first, last + 1)]
    data = {hex_data.at: hex_data for hex_data in layout.hexes}
    names = [f"r{r}c{c}" for r, c in places]
    if sorted(names) != sorted(data):
        raise ValueError(
            f"layout for {layout.seats} players: hexes {sorted(data)} do not fill rows {layout.rows}"
        )
    centres = [(2 * c + (r & 1), 3 * r) for r, c in places]
    hex_points = [[(x + dx, y + dy) for dx, dy in _CORNER_OFFSETS] for x, y in centres]
    points = sorted({point for corners in hex_points for point in corners}, key=lambda p: (p[1], p[0]))
    corner_id = {point: index for index, point in enumerate(points)}
    hex_corners = [tuple(corner_id[p] for p in corners) for corners in hex_points]
    pairs = sorted(
        {tuple(sorted((corners[i], corners[(i + 1) % 6]))) for corners in hex_corners for i in range(6)}
    )
    edge_id = {pair: index for index, pair in enumerate(pairs)}
    hex_edges = [
        tuple(edge_id[tuple(sorted((corners[i], corners[(i + 1) % 6])))] for i in range(6))
        for corners in hex_corners
    ]
    corner_hexes: list[list[int]] = [[] for _ in points]
    for hex_id, corners in enumerate(hex_corners):
        for corner in corners:
            corner_hexes[corner].append(hex_id)
    corner_edges: list[list[int]] = [[] for _ in points]
    corner_corners: list[list[int]] = [[] for _ in points]
    for edge, (a, b) in enumerate(pairs):
        corner_edges[a].append(edge)
        corner_edges[b].append(edge)
        corner_corners[a].append(b)
        corner_corners[b].append(a)
    edge_edges = [
        tuple(sorted({other for corner in pair for other in corner_edges[corner] if other != edge}))
        for edge, pair in enumerate(pairs)
    ]
    edge_hexes: list[list[int]] = [[] for _ in pairs]
    for hex_id, edges in enumerate(hex_edges):
        for edge in edges:
            edge_hexes[edge].append(hex_id)
    numbers: dict[int, list[int]] = {}
    for hex_id, name in enumerate(names):
        numbers.setdefault(data[name].number, []).append(hex_id)
    hex_index = {name: index for index, name in enumerate(names)}
    corner_routes = [NO_ROUTE] * len(points)
    route_edges = []
    for route in layout.trade_routes:
        if route.resource and route.resource not in TERRAIN_RESOURCE.values():
            raise ValueError(f"trade route of unknown resource {route.resource!r}")
        edge = hex_edges[hex_index[route.hex]][SIDE_NAMES.index(route.side)]
        route_edges.append((edge, route.resource, route.rate))
        for corner in pairs[edge]:
            corner_routes[corner] = (route.resource, route.rate)
    lanes = tuple(tuple(hex_index[name] for name in lane) for lane in layout.lanes)
    return Board(
        seats=layout.seats,
        hex_names=tuple(names),
        hex_places=tuple(f"hex {c - layout.rows[r][0] + 1} of row {r + 1}" for r, c in places),
        hex_rows=tuple(r for r, _ in places),
        hex_numbers=tuple(data[name].number for name in names),
        beginner_terrain=tuple(data[name].terrain for name in names),
        hex_centres=tuple(centres),
        hex_corners=tuple(hex_corners),
        hex_edges=tuple(hex_edges),
        corner_points=tuple(points),
        corner_hexes=tuple(tuple(h) for h in corner_hexes),
        corner_corners=tuple(tuple(sorted(c)) for c in corner_corners),
        corner_edges=tuple(tuple(sorted(e)) for e in corner_edges),
        edge_corners=tuple(pairs),
        edge_edges=tuple(edge_edges),
        edge_hexes=tuple(tuple(h) for h in edge_hexes),
        border_edges=frozenset(edge for edge, hexes in enumerate(edge_hexes) if len(hexes) == 1),
        number_hexes={number: tuple(hexes) for number, hexes in numbers.items()},
        corner_routes=tuple(corner_routes),
        route_edges=tuple(route_edges),
        hex_index=hex_index,
        lanes=lanes,
        block_order=tuple(_block_order(lane, centres) for lane in lanes),
    )


def _hex_distance(a: tuple[int, int], b: tuple[int, int]) -> int:
    """Steps between two hex centres on the grid (X = 2c + odd row, Y = 3r)."""
    rows = abs(a[1] - b[1]) // 3
    across = abs(a[0] - b[0])
    return rows + max(0, (across - rows) // 2)


def _block_order(lane: tuple[int, ...], centres: list[tuple[int, int]]) -> tuple[int, ...]:
    """Where the wildlings crossing a section go: its lane in order; once the
    lane is full, the free hex nearest the lane's first hex, ties to the west
    [proposed]."""
    first = centres[lane[0]]
    rest = sorted(
        (hex_id for hex_id in range(len(centres)) if hex_id not in lane),
        key=lambda hex_id: (_hex_distance(first, centres[hex_id]), centres[hex_id][0], centres[hex_id][1]),
    )
    return tuple(lane) + tuple(rest)


BOARDS: dict[int, Board] = {seats: build_board(layout) for seats, layout in LAYOUTS.items()}
"""The Gift for each player count (3 and 4), built once."""
