"""Development cards (spec "Base game": the 23-card base deck, Ranger
Patrol, Road Building, Winter is Coming, Victory Points; one a turn, never
one bought this turn): buying is a chance draw private to the buyer."""

import collections

import castletui.rules.got_catan as game
import pytest
from castletui.rules.core import CHANCE, IllegalAction
from castletui.rules.got_catan import scoring
from castletui.rules.got_catan.board import BOARDS
from castletui.rules.got_catan.edition import development_deck
from castletui.rules.got_catan.state import (
    BuildRoad,
    BuyDevelopment,
    Dice,
    DrawDevelopment,
    EndTurn,
    MoveTormund,
    PlayDevelopment,
    Roll,
    TakeResource,
)
from msgspec.structs import replace

from .helpers import check_counts, corner, hex_id, run, table

BUY = ["ore", "wool", "grain"]
HOME = corner(4, "r1c3", "N")


def test_the_base_deck_holds_23_cards_without_new_recruits():
    assert collections.Counter(development_deck("base")) == {
        "ranger-patrol": 14,
        "victory-point": 5,
        "road-building": 2,
        "winter-is-coming": 2,
    }


def test_buying_pays_and_draws_a_card_by_chance_seen_only_by_the_buyer():
    state = run(table(hands={0: BUY}), BuyDevelopment())
    assert game.to_move(state) == CHANCE
    odds = dict((a.card, p) for a, p in game.chance_outcomes(state))
    assert odds["ranger-patrol"] == pytest.approx(14 / 23)
    assert game.describe(state, DrawDevelopment("victory-point")) == "{P0} draws a development card."
    state = run(state, DrawDevelopment("road-building"))
    assert state.players[0].development == ("road-building",)
    assert game.view(state, 1).players[0].development == ("hidden",)
    assert len(game.view(state, 1).development_deck) == 22
    check_counts(state)


def test_an_empty_deck_cannot_be_bought_from():
    state = replace(table(hands={0: BUY}), development_deck=())
    with pytest.raises(IllegalAction, match="The development deck is empty"):
        game.apply(state, BuyDevelopment())


def test_a_card_bought_this_turn_waits_for_the_next_turn():
    state = run(
        table(hands={0: BUY}, settlements={0: [HOME]}), BuyDevelopment(), DrawDevelopment("winter-is-coming")
    )
    assert PlayDevelopment("winter-is-coming") not in game.legal_actions(state)
    with pytest.raises(IllegalAction, match="You bought that Winter is Coming this turn"):
        game.apply(state, PlayDevelopment("winter-is-coming"))
    state = run(state, EndTurn())
    assert state.players[0].bought == ()


def test_one_development_card_a_turn_even_before_the_roll():
    state = table(development={0: ["winter-is-coming", "ranger-patrol"]}, rolled=False)
    assert PlayDevelopment("winter-is-coming") in game.legal_actions(state)
    state = run(state, PlayDevelopment("winter-is-coming"), TakeResource("ore"), TakeResource("brick"))
    assert state.players[0].hand == ("brick", "ore")
    assert game.legal_actions(state) == [Roll()]
    state = run(state, Roll(), Dice(12))
    with pytest.raises(IllegalAction, match="already played a development card this turn"):
        game.apply(state, PlayDevelopment("ranger-patrol"))


def test_victory_point_cards_count_at_once_stay_hidden_and_are_never_played():
    state = table(development={0: ["victory-point"]})
    assert scoring.points(state, 0) == 1 and scoring.public_points(state, 0) == 0
    assert game.result(game.view(state, 1)).scores[0] == 0
    with pytest.raises(IllegalAction, match="Victory Point cards count by themselves"):
        game.apply(state, PlayDevelopment("victory-point"))


def test_a_victory_point_card_bought_on_the_ninth_point_wins_at_once():
    sites = [corner(4, name, "S") for name in ("r2c1", "r2c3", "r2c5", "r0c1")]
    state = table(keeps={0: sites}, settlements={0: [corner(4, "r0c4", "S")]}, hands={0: BUY})
    assert scoring.points(state, 0) == 9
    state = run(state, BuyDevelopment(), DrawDevelopment("victory-point"))
    assert state.winner == 0 and game.to_move(state) is None
    result = game.result(state)
    assert result.finished and result.winners == (0,)
    assert sum(line.points[0] for line in result.lines) == result.scores[0] == 10


def test_ranger_patrol_moves_tormund_and_counts_toward_largest_patrol():
    state = table(
        development={0: ["ranger-patrol"]}, hands={1: ["ore"]}, settlements={1: [corner(4, "r1c2", "N")]}
    )
    state = replace(
        state, players=tuple(replace(p, patrols=2) if s == 0 else p for s, p in enumerate(state.players))
    )
    state = run(state, PlayDevelopment("ranger-patrol"))
    assert state.largest_patrol == 0
    assert "{P0} takes Largest Patrol with 3 Ranger Patrols." in game.effects(None, None, state)
    assert state.pending[-1].kind == "tormund"
    state = run(state, MoveTormund(hex_id(4, "r1c2")))
    assert game.to_move(state) == CHANCE
    assert scoring.points(state, 0) == 2


def test_road_building_places_two_free_roads_as_far_as_pieces_allow():
    state = table(settlements={0: [HOME]}, development={0: ["road-building"]})
    state = run(state, PlayDevelopment("road-building"))
    first = game.legal_actions(state)[0]
    state = run(state, first)
    assert state.pending[-1].kind == "free-road" and state.pending[-1].count == 1
    state = run(state, game.legal_actions(state)[0])
    assert len(state.players[0].roads) == 2 and state.players[0].hand == ()
    assert state.pending[-1].kind == "turn"
    check_counts(state)


def test_road_building_with_one_road_piece_left_gives_one():
    board = BOARDS[4]
    state = table(settlements={0: [HOME]}, development={0: ["road-building"]}, options={"roads": 14})
    state = replace(state, road_limit=1)
    state = run(state, PlayDevelopment("road-building"), BuildRoad(board.corner_edges[HOME][0]))
    assert state.pending[-1].kind == "turn"
    assert "{P0} has no road pieces left: 1 free road(s) lost." in game.effects(None, None, state)


def test_winter_is_coming_takes_what_the_supply_has():
    state = table(development={0: ["winter-is-coming"]})
    state = replace(state, supply=(0, 0, 0, 1, 0))
    state = run(state, PlayDevelopment("winter-is-coming"))
    assert game.legal_actions(state) == [TakeResource("ore")]
    state = run(state, TakeResource("ore"))
    assert "The supply is empty: {P0} takes nothing more." in game.effects(None, None, state)
    assert state.pending[-1].kind == "turn"
