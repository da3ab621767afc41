"""Set-up (spec "Base game": set-up; "The Gift": variable set-up): the
terrain shuffled hex by hex as chance (numbers stay printed) or the fixed
set-up, the snake order of settlements and roads, the second settlement's
cards."""

import collections
import math

import castletui.rules.got_catan as game
import pytest
from castletui.rules.core import CHANCE, IllegalAction
from castletui.rules.got_catan.board import BOARDS
from castletui.rules.got_catan.state import BuildRoad, BuildSettlement, PlaceTerrain

from .helpers import config, corner, run


@pytest.mark.parametrize("seats", [3, 4])
def test_variable_set_up_draws_each_hex_from_the_terrain_left(seats):
    state = game.setup(config(seats))
    board = BOARDS[seats]
    bag = collections.Counter(board.beginner_terrain)
    for hex_id in range(board.hexes):
        assert game.to_move(state) == CHANCE
        outcomes = game.chance_outcomes(state)
        assert math.isclose(sum(p for _, p in outcomes), 1.0)
        left = sum(bag.values())
        assert {a.terrain: p for a, p in outcomes} == {t: n / left for t, n in bag.items() if n}
        choice = outcomes[hex_id % len(outcomes)][0]
        state = game.apply(state, choice)
        bag[choice.terrain] -= 1
        assert state.terrain[hex_id] == choice.terrain
    assert collections.Counter(state.terrain) == collections.Counter(board.beginner_terrain)
    assert game.to_move(state) == 0


def test_a_terrain_no_longer_in_the_bag_is_refused():
    state = game.setup(config(3))
    for _ in range(3):  # the three-player Gift has 3 hills
        state = game.apply(state, PlaceTerrain("hills"))
    with pytest.raises(IllegalAction, match="No hills hex is left"):
        game.apply(state, PlaceTerrain("hills"))


def test_the_fixed_set_up_lays_every_hex_as_printed():
    state = game.setup(config(4, board="beginner"))
    assert state.terrain == BOARDS[4].beginner_terrain
    assert game.to_move(state) == 0


def _place_all(state, seats):
    """Each set-up placement on the first free site and its first road."""
    order = []
    while state.turn < 0:
        seat = game.to_move(state)
        order.append(seat)
        state = game.apply(state, game.legal_actions(state)[0])
        assert game.to_move(state) == seat
        state = game.apply(state, game.legal_actions(state)[0])
    return state, order


@pytest.mark.parametrize("seats", [3, 4])
def test_set_up_is_two_rounds_in_snake_order(seats):
    state, order = _place_all(game.setup(config(seats, board="beginner")), seats)
    assert order == list(range(seats)) + list(reversed(range(seats)))
    for player in state.players:
        assert len(player.settlements) == 2 and len(player.roads) == 2
    assert state.turn == 0 and state.pending[-1].kind == "start"


def test_the_second_settlement_pays_one_card_per_hex_the_first_nothing():
    state = game.setup(config(4, board="beginner"))
    first = corner(4, "r0c3", "S")  # r0c3 pasture, r1c2 forest, r1c3 fields
    state = run(state, BuildSettlement(first))
    assert state.players[0].hand == ()
    state = run(state, game.legal_actions(state)[0])
    seats_left = [1, 2, 3, 3, 2, 1]
    sites = [corner(4, "r0c0", "N"), corner(4, "r0c7", "N"), corner(4, "r2c6", "S"), corner(4, "r2c1", "S")]
    sites += [corner(4, "r1c5", "S"), corner(4, "r0c5", "N")]
    for seat, site in zip(seats_left, sites, strict=True):
        assert game.to_move(state) == seat
        state = run(state, BuildSettlement(site))
        state = run(state, game.legal_actions(state)[0])
    second = corner(4, "r1c0", "SE")  # r1c0 mountains, r1c1 pasture, r2c1 forest
    state = run(state, BuildSettlement(second))
    assert state.players[0].hand == ("lumber", "ore", "wool")
    assert any("second settlement brings" in line for line in game.effects(None, None, state))


def test_set_up_settlements_keep_the_distance_rule_and_need_no_road():
    state = game.setup(config(4, board="beginner"))
    site = corner(4, "r1c3", "N")
    state = run(state, BuildSettlement(site))
    state = run(state, game.legal_actions(state)[0])
    neighbour = BOARDS[4].corner_corners[site][0]
    with pytest.raises(IllegalAction, match="Too close: a settlement may not stand next to another"):
        game.apply(state, BuildSettlement(neighbour))
    assert BuildSettlement(neighbour) not in game.legal_actions(state)


def test_the_set_up_road_must_start_at_the_new_settlement():
    state = game.setup(config(4, board="beginner"))
    site = corner(4, "r1c3", "N")
    state = run(state, BuildSettlement(site))
    board = BOARDS[4]
    assert {a.edge for a in game.legal_actions(state)} == set(board.corner_edges[site])
    far = next(e for e in range(board.edges) if site not in board.edge_corners[e])
    with pytest.raises(IllegalAction, match="must start at the settlement you just placed"):
        game.apply(state, BuildRoad(far))
