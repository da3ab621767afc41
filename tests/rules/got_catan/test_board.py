"""The Gift's geometry (spec "The Gift" [proposed layout]; research 2.3):
counts, stable ids, adjacency, borderlands and trade routes."""

import collections
import random

import castletui.rules.got_catan as game
import pytest
from castletui.rules.got_catan.board import BOARDS
from castletui.rules.got_catan.edition import LAYOUTS, RESOURCES
from castletui.rules.got_catan.text import edge_place
from msgspec.structs import replace

from .helpers import config, corner, edge


@pytest.mark.parametrize(("seats", "hexes", "corners", "edges"), [(4, 21, 62, 82), (3, 16, 48, 63)])
def test_the_gift_has_its_hexes_corners_and_edges(seats, hexes, corners, edges):
    board = BOARDS[seats]
    assert (board.hexes, board.corners, board.edges) == (hexes, corners, edges)


@pytest.mark.parametrize("seats", [3, 4])
def test_adjacency_is_symmetric_and_complete(seats):
    board = BOARDS[seats]
    for c in range(board.corners):
        assert 1 <= len(board.corner_hexes[c]) <= 3
        assert 2 <= len(board.corner_edges[c]) <= 3
        for other in board.corner_corners[c]:
            assert c in board.corner_corners[other]
        for e in board.corner_edges[c]:
            assert c in board.edge_corners[e]
    for e, (a, b) in enumerate(board.edge_corners):
        assert a < b and b in board.corner_corners[a]
        for other in board.edge_edges[e]:
            assert e in board.edge_edges[other]
            assert set(board.edge_corners[other]) & {a, b}
        assert 1 <= len(board.edge_hexes[e]) <= 2
    for h, corners in enumerate(board.hex_corners):
        assert len(set(corners)) == 6
        for c in corners:
            assert h in board.corner_hexes[c]


@pytest.mark.parametrize("seats", [3, 4])
def test_borderland_corners_touch_one_or_two_hexes_and_are_sites(seats):
    board = BOARDS[seats]
    border_corners = {c for e in board.border_edges for c in board.edge_corners[e]}
    assert border_corners
    assert all(len(board.corner_hexes[c]) <= 2 for c in border_corners)
    inner = set(range(board.corners)) - border_corners
    assert all(len(board.corner_hexes[c]) == 3 for c in inner)


def test_ids_are_stable_north_to_south_then_west_to_east():
    board = BOARDS[4]
    assert board.hex_names[0] == "r0c0" and board.hex_names[-1] == "r2c6"
    assert corner(4, "r0c0", "N") == 0  # the first corner is the top of the first hex
    ys = [y for _, y in board.corner_points]
    assert ys == sorted(ys)
    assert edge(4, "r0c0", "NW") == 0


@pytest.mark.parametrize("seats", [3, 4])
def test_trade_routes_lie_on_the_border_one_per_resource(seats):
    board = BOARDS[seats]
    assert sorted(resource for _, resource, _ in board.route_edges) == list(RESOURCES)
    assert all(rate == 2 for _, _, rate in board.route_edges)
    assert all(e in board.border_edges for e, _, _ in board.route_edges)
    route_corners = [c for e, _, _ in board.route_edges for c in board.edge_corners[e]]
    assert len(route_corners) == len(set(route_corners)) == 10


def test_number_tokens_and_terrain_are_as_proposed():
    four = LAYOUTS[4]
    numbers = sorted(h.number for h in four.hexes)
    assert numbers == [2, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 8, 8, 9, 9, 9, 10, 10, 11, 11, 12]
    assert collections.Counter(h.terrain for h in four.hexes) == {
        "forest": 5,
        "hills": 4,
        "pasture": 4,
        "fields": 4,
        "mountains": 4,
    }
    three = LAYOUTS[3]
    standard = [2, 3, 3, 4, 4, 5, 5, 6, 6, 8, 8, 9, 9, 10, 10, 11, 11, 12]
    standard.remove(3)
    standard.remove(11)
    assert sorted(h.number for h in three.hexes) == standard
    assert collections.Counter(h.terrain for h in three.hexes) == {
        "forest": 4,
        "hills": 3,
        "pasture": 3,
        "fields": 3,
        "mountains": 3,
    }


@pytest.mark.parametrize("seats", [3, 4])
@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_every_path_has_words_of_its_own(seats, seed):
    """A road's line says which path it is: between two hexes, or a border
    hex's side (issue 28: "path 30 (hills 4)" named any of a hex's border
    paths), also where two hexes read alike."""
    board = BOARDS[seats]
    terrain = list(board.beginner_terrain)
    random.Random(seed).shuffle(terrain)
    state = replace(game.setup(config(seats)), terrain=tuple(terrain))
    words = [edge_place(state, e) for e in range(board.edges)]
    assert len(set(words)) == len(words)
    assert all(w.startswith(("between ", "on the ")) for w in words)
    first = board.hex_names[0]
    assert edge_place(state, edge(seats, first, "NW")).startswith("on the NW side of ")
