"""The 7 and Tormund (spec "Base game": a 7): discards of half (rounded
down) above 7 cards, each player's own decision; Tormund moves to another
hex; a random card is stolen from a chosen adjacent opponent (a chance
decision over the victim's hand) and named to nobody else."""

import math

import castletui.rules.got_catan as game
import pytest
from castletui.rules.core import CHANCE, IllegalAction, log_lines
from castletui.rules.got_catan.state import Decline, Dice, Discard, MoveTormund, Rob, Roll, Steal
from msgspec.structs import replace

from .helpers import check_counts, corner, hex_id, run, table

HEX = "r1c2"  # forest 9


def _seven(hands, **kwargs):
    state = table(hands=hands, rolled=False, **kwargs)
    return run(state, Roll(), Dice(7))


def test_a_7_makes_everyone_above_7_cards_return_half_rounded_down_in_turn_from_the_roller():
    state = _seven({0: ["ore"] * 8, 1: ["brick"] * 9, 2: ["wool"] * 7, 3: ["grain"] * 3})
    lines = game.effects(None, None, state)
    assert "{P0} holds 8 cards and must return 4 to the supply." in lines
    assert "{P1} holds 9 cards and must return 4 to the supply." in lines
    assert not any("{P2}" in line for line in lines)
    assert game.to_move(state) == 0
    assert game.legal_actions(state) == [Discard("ore")]
    with pytest.raises(IllegalAction, match="You have no brick to return"):
        game.apply(state, Discard("brick"))
    for _ in range(4):
        state = run(state, Discard("ore"))
    assert game.to_move(state) == 1
    for _ in range(4):
        state = run(state, Discard("brick"))
    assert state.pending[-1].kind == "tormund" and game.to_move(state) == 0
    assert len(state.players[0].hand) == 4 and len(state.players[1].hand) == 5
    check_counts(state)


def test_a_7_produces_nothing():
    state = _seven({}, settlements={0: [corner(4, "r1c2", "N")]})
    assert all(not player.hand for player in state.players)


def test_tormund_must_move_to_another_hex():
    state = _seven({})
    state = run(state, MoveTormund(hex_id(4, HEX)))
    state = replace(state, pending=state.pending + (state.pending[-1].__class__("tormund", seat=0),))
    assert MoveTormund(hex_id(4, HEX)) not in game.legal_actions(state)
    with pytest.raises(IllegalAction, match="Tormund must move to another hex"):
        game.apply(state, MoveTormund(hex_id(4, HEX)))


def test_with_nobody_to_rob_the_turn_goes_on():
    state = run(_seven({1: ["ore"]}), MoveTormund(hex_id(4, HEX)))
    assert "Nobody by Tormund has a card to steal." in game.effects(None, None, state)
    assert state.pending[-1].kind == "turn"


def test_one_opponent_by_tormund_is_robbed_without_a_choice():
    state = _seven({1: ["ore", "ore", "brick"]}, settlements={1: [corner(4, HEX, "N")]})
    state = run(state, MoveTormund(hex_id(4, HEX)))
    assert game.to_move(state) == CHANCE
    odds = {a.resource: p for a, p in game.chance_outcomes(state)}
    assert math.isclose(odds["ore"], 2 / 3) and math.isclose(odds["brick"], 1 / 3)
    after = run(state, Steal("ore"))
    # The thief and the victim read which card; the others a card (issue 28.6).
    told = {seat: log_lines(game, state, Steal("ore"), after, seat)[0] for seat in (0, 1, 2, 3, CHANCE)}
    assert told[0] == told[1] == "{P0} steals 1 ore from {P1}."
    assert told[2] == told[3] == told[CHANCE] == "{P0} steals a card from {P1}."
    state = after
    assert state.players[0].hand == ("ore",) and state.players[1].hand == ("brick", "ore")
    assert not any("ore" in line for line in game.effects(None, None, state))
    check_counts(state)


def test_the_roller_chooses_among_opponents_with_cards_and_never_robs_themselves():
    state = _seven(
        {0: ["wool"], 1: ["ore"], 2: ["grain"], 3: []},
        settlements={
            0: [corner(4, HEX, "S")],
            1: [corner(4, HEX, "N")],
            2: [corner(4, HEX, "SW")],
            3: [corner(4, HEX, "NE")],
        },
    )
    state = run(state, MoveTormund(hex_id(4, HEX)))
    assert game.legal_actions(state) == [Rob(1), Rob(2)]
    with pytest.raises(IllegalAction, match="Steal from an opponent"):
        game.apply(state, Rob(3))
    state = run(state, Rob(2))
    assert game.chance_outcomes(state) == [(Steal("grain"), 1.0)]
    assert (
        "steals a card from {P2}" in log_lines(game, state, Steal("grain"), run(state, Steal("grain")), 1)[0]
    )


def test_the_steal_is_hidden_from_the_others():
    state = _seven({1: ["ore"]}, settlements={1: [corner(4, HEX, "N")]})
    state = run(state, MoveTormund(hex_id(4, HEX)), Steal("ore"))
    for seat in (2, 3):
        seen = game.view(state, seat)
        assert "ore" not in seen.players[0].hand and len(seen.players[0].hand) == 1
    assert game.view(state, 0).players[0].hand == ("ore",)


def test_a_decision_of_another_kind_is_refused_while_discarding():
    state = _seven({0: ["ore"] * 8})
    with pytest.raises(IllegalAction, match="Return 4 more card"):
        game.apply(state, Decline())
