"""Building (spec "Base game": costs, distance rule, connections; pieces
per colour): every rule and every refusal in the player's words, and the
rulebook's road example (blocked by an opponent's settlement)."""

import castletui.rules.got_catan as game
import pytest
from castletui.rules.core import IllegalAction
from castletui.rules.got_catan import scoring
from castletui.rules.got_catan.board import BOARDS
from castletui.rules.got_catan.state import BuildKeep, BuildRoad, BuildSettlement, BuyDevelopment

from .helpers import check_counts, corner, path, run, table

ROAD = ["brick", "lumber"]
SETTLEMENT = ["brick", "lumber", "wool", "grain"]
KEEP = ["ore", "ore", "ore", "grain", "grain"]
BOARD = BOARDS[4]
HOME = corner(4, "r1c3", "N")


def _line(*corners):
    return path(4, *corners)


def _walk(start, steps):
    """Corners from ``start`` following the first neighbour not yet visited, ``steps`` times."""
    corners = [start]
    for _ in range(steps):
        corners.append(next(c for c in BOARD.corner_corners[corners[-1]] if c not in corners))
    return corners


def test_a_settlement_needs_its_cost_and_says_what_you_have():
    line = _walk(HOME, 2)
    state = table(settlements={0: [HOME]}, roads={0: _line(*line)}, hands={0: ["brick"]})
    with pytest.raises(IllegalAction) as refused:
        game.apply(state, BuildSettlement(line[2]))
    assert (
        refused.value.reason == "A settlement needs 1 brick, 1 lumber, 1 wool and 1 grain; you have 1 brick."
    )


def test_a_road_keep_and_development_card_name_their_costs():
    state = table(settlements={0: [HOME]})
    with pytest.raises(IllegalAction, match=r"^A road needs 1 brick and 1 lumber; you have none of them\.$"):
        game.apply(state, BuildRoad(BOARD.corner_edges[HOME][0]))
    with pytest.raises(IllegalAction, match=r"^A keep needs 3 ore and 2 grain; you have none of them\.$"):
        game.apply(state, BuildKeep(HOME))
    with pytest.raises(IllegalAction, match=r"^A development card needs 1 ore, 1 wool and 1 grain"):
        game.apply(state, BuyDevelopment())


def test_a_settlement_pays_and_stands_on_its_road():
    line = _walk(HOME, 2)
    state = table(settlements={0: [HOME]}, roads={0: _line(*line)}, hands={0: SETTLEMENT})
    assert BuildSettlement(line[2]) in game.legal_actions(state)
    state = run(state, BuildSettlement(line[2]))
    assert line[2] in state.players[0].settlements and state.players[0].hand == ()
    check_counts(state)


def test_too_close_a_settlement_may_not_stand_next_to_another():
    line = _walk(HOME, 2)
    state = table(settlements={0: [HOME]}, roads={0: _line(*line)}, hands={0: SETTLEMENT})
    with pytest.raises(IllegalAction) as refused:
        game.apply(state, BuildSettlement(line[1]))
    assert refused.value.reason == "Too close: a settlement may not stand next to another."


def test_a_settlement_must_touch_your_road():
    far = corner(4, "r2c6", "S")
    state = table(settlements={0: [HOME]}, hands={0: SETTLEMENT})
    with pytest.raises(IllegalAction, match="A settlement must touch one of your roads"):
        game.apply(state, BuildSettlement(far))


def test_a_taken_corner_is_refused():
    state = table(settlements={0: [HOME], 1: [corner(4, "r2c6", "S")]}, hands={0: SETTLEMENT})
    with pytest.raises(IllegalAction, match="That corner is taken: {P1} has built there"):
        game.apply(state, BuildSettlement(corner(4, "r2c6", "S")))
    with pytest.raises(IllegalAction, match="You already have a settlement there"):
        game.apply(state, BuildSettlement(HOME))


def test_a_road_must_join_your_network():
    far = BOARD.corner_edges[corner(4, "r2c6", "S")][0]
    state = table(settlements={0: [HOME]}, hands={0: ROAD})
    with pytest.raises(IllegalAction, match="A road must join one of your roads, settlements or keeps"):
        game.apply(state, BuildRoad(far))
    state = run(state, BuildRoad(BOARD.corner_edges[HOME][0]))
    with pytest.raises(IllegalAction, match="You already have a road there"):
        game.apply(state, BuildRoad(BOARD.corner_edges[HOME][0]))


def test_the_road_example_an_opponents_settlement_blocks_the_way():
    """Rulebook, road building example: Blue may not build on the path past
    Red's settlement, which blocks the way; the other paths are open."""
    line = _walk(HOME, 2)  # Blue's road HOME - a - b; Red settles on b
    blocked_end = line[2]
    beyond = next(e for e in BOARD.corner_edges[blocked_end] if e not in _line(*line))
    state = table(settlements={0: [HOME], 1: [blocked_end]}, roads={0: _line(*line)}, hands={0: ROAD * 2})
    with pytest.raises(IllegalAction) as refused:
        game.apply(state, BuildRoad(beyond))
    assert refused.value.reason == "{P1}'s settlement blocks the way: a road cannot go on through it."
    assert BuildRoad(beyond) not in game.legal_actions(state)
    open_paths = [e for e in BOARD.corner_edges[line[1]] if state.edge_owner[e] < 0]
    assert all(BuildRoad(e) in game.legal_actions(state) for e in open_paths)


def test_a_keep_replaces_a_settlement_which_returns_to_the_supply():
    state = table(settlements={0: [HOME]}, hands={0: KEEP})
    state = run(state, BuildKeep(HOME))
    player = state.players[0]
    assert player.keeps == (HOME,) and player.settlements == ()
    assert scoring.points(state, 0) == 2
    with pytest.raises(IllegalAction, match="That is a keep already"):
        game.apply(state, BuildKeep(HOME))
    with pytest.raises(IllegalAction, match="A keep replaces one of your settlements"):
        game.apply(state, BuildKeep(corner(4, "r2c6", "S")))


def test_piece_limits_five_settlements_four_keeps_fourteen_roads():
    sites = [corner(4, name, "S") for name in ("r2c1", "r2c3", "r2c5", "r0c1", "r0c4")]
    state = table(settlements={0: sites}, hands={0: SETTLEMENT})
    with pytest.raises(IllegalAction, match="You have no settlements left: all 5 are on the Gift"):
        game.apply(state, BuildSettlement(corner(4, "r0c7", "N")))
    keeps = table(keeps={0: sites[:4]}, settlements={0: sites[4:]}, hands={0: KEEP})
    with pytest.raises(IllegalAction, match="You have no keeps left: all 4 are on the Gift"):
        game.apply(keeps, BuildKeep(sites[4]))
    ring = _walk(HOME, 14)
    roads = table(settlements={0: [HOME]}, roads={0: _line(*ring)}, hands={0: ROAD})
    assert len(roads.players[0].roads) == 14
    with pytest.raises(IllegalAction, match="You have no roads left: all 14 are on the Gift"):
        game.apply(roads, BuildRoad(next(e for e in BOARD.corner_edges[ring[-1]] if roads.edge_owner[e] < 0)))
    fifteen = table(settlements={0: [HOME]}, roads={0: _line(*ring)}, hands={0: ROAD}, options={"roads": 15})
    free = next(e for e in BOARD.corner_edges[ring[-1]] if fifteen.edge_owner[e] < 0)
    assert len(run(fifteen, BuildRoad(free)).players[0].roads) == 15
