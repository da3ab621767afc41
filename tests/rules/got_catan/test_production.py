"""A roll and production (spec "Base game": turn; shortage [proposed,
classic Catan]), with the rulebook's examples of a 6 and a 4."""

import math

import castletui.rules.got_catan as game
from castletui.rules.core import CHANCE
from castletui.rules.got_catan.edition import RESOURCE_INDEX
from castletui.rules.got_catan.state import Dice, Roll
from msgspec.structs import replace

from .helpers import check_counts, corner, hex_id, run, table

RED, BLUE = 0, 1


def test_the_roll_is_one_chance_decision_over_the_sums_2_to_12():
    state = run(table(rolled=False), Roll())
    assert game.to_move(state) == CHANCE
    outcomes = dict((a.total, p) for a, p in game.chance_outcomes(state))
    assert sorted(outcomes) == list(range(2, 13))
    assert math.isclose(outcomes[7], 6 / 36) and math.isclose(outcomes[2], 1 / 36)
    assert math.isclose(sum(outcomes.values()), 1.0)


def test_table_mode_asks_for_the_sum():
    state = run(table(rolled=False, mode="table"), Roll())
    assert "sum of the two dice" in game.chance_prompt(state)
    assert game.label(state, Dice(8)) == "8"


def test_a_6_gives_two_brick_for_two_settlements_and_one_for_blue():
    """Rulebook, "Producing Resources": rolling a 6, I get 2 brick for my 2
    settlements and Blue 1 brick for his 1 settlement."""
    state = table(
        terrain={"r0c1": "hills"},  # the hills under the 6
        settlements={RED: [corner(4, "r0c1", "N"), corner(4, "r0c1", "SE")], BLUE: [corner(4, "r0c1", "SW")]},
        rolled=False,
    )
    state = run(state, Roll(), Dice(6))
    assert state.players[RED].hand == ("brick", "brick")
    assert state.players[BLUE].hand == ("brick",)
    assert "{P0} collects 2 brick." in game.effects(None, None, state)
    check_counts(state)


def test_a_4_gives_blue_one_grain_or_two_with_a_keep():
    """Rulebook: on a 4 Blue gets 1 grain; with a keep instead, 2 grain."""
    site = corner(4, "r2c1", "S")  # r2c1 (the 4) only: a borderland corner
    settlement = table(terrain={"r2c1": "fields"}, settlements={BLUE: [site]}, rolled=False)
    assert run(settlement, Roll(), Dice(4)).players[BLUE].hand == ("grain",)
    keep = table(terrain={"r2c1": "fields"}, keeps={BLUE: [site]}, rolled=False)
    assert run(keep, Roll(), Dice(4)).players[BLUE].hand == ("grain", "grain")


def test_tormund_keeps_his_hex_from_producing():
    site = corner(4, "r2c1", "S")
    state = table(settlements={BLUE: [site]}, rolled=False)
    state = replace(state, tormund=hex_id(4, "r2c1"))
    state = run(state, Roll(), Dice(4))
    assert state.players[BLUE].hand == ()
    assert any("Tormund keeps" in line for line in game.effects(None, None, state))


def _short(state, resource, left):
    supply = list(state.supply)
    supply[RESOURCE_INDEX[resource]] = left
    return replace(state, supply=tuple(supply))


def test_shortage_nobody_gets_a_resource_the_supply_cannot_pay_in_full():
    state = table(
        terrain={"r0c1": "hills"},
        settlements={RED: [corner(4, "r0c1", "N"), corner(4, "r0c1", "SE")], BLUE: [corner(4, "r0c1", "SW")]},
        rolled=False,
    )
    state = run(_short(state, "brick", 2), Roll(), Dice(6))
    assert state.players[RED].hand == () and state.players[BLUE].hand == ()
    assert state.supply[0] == 2
    assert "The supply has 2 brick for 3 owed: nobody gets brick." in game.effects(None, None, state)


def test_shortage_a_single_player_owed_takes_what_is_left():
    state = table(
        terrain={"r0c1": "hills"},
        keeps={RED: [corner(4, "r0c1", "N"), corner(4, "r0c1", "SE")]},
        rolled=False,
    )
    state = run(_short(state, "brick", 3), Roll(), Dice(6))
    assert state.players[RED].hand == ("brick",) * 3
    assert state.supply[0] == 0
    assert any("takes what is left" in line for line in game.effects(None, None, state))


def test_a_roll_nobody_collects_on_is_told():
    state = run(table(rolled=False), Roll(), Dice(12))
    assert game.effects(None, None, state) == ["A 12: nobody collects anything."]
    assert state.pending[-1].kind == "turn"


# --- the review's luck ledger: ``produced`` (issue 47.3) -------------------------------


def _rulebooks_6(hand_of_red=()):
    """The rulebook's 6 (see above), waiting for the dice: Red 2 settlements
    on the hills under the 6, Blue 1."""
    state = table(
        terrain={"r0c1": "hills"},
        settlements={RED: [corner(4, "r0c1", "N"), corner(4, "r0c1", "SE")], BLUE: [corner(4, "r0c1", "SW")]},
        hands={RED: list(hand_of_red)},
        rolled=False,
    )
    return run(state, Roll())


def test_produced_counts_the_cards_a_roll_gives_as_production_pays_them():
    """Rulebook, "Producing Resources": each settlement on a hex showing the
    roll collects one card of its resource (a keep two)."""
    waiting = _rulebooks_6()
    assert game.produced(waiting, Dice(6), RED) == 2 == len(run(waiting, Dice(6)).players[RED].hand)
    assert game.produced(waiting, Dice(6), BLUE) == 1
    assert game.produced(waiting, Dice(5), RED) == 0
    assert game.produced(_short(waiting, "brick", 2), Dice(6), RED) == 0  # the shortage rule
    assert game.produced(replace(waiting, tormund=hex_id(4, "r0c1")), Dice(6), RED) == 0
    assert game.produced(table(), Dice(6), RED) == 0  # not waiting for the dice


def test_produced_on_a_7_is_the_cards_given_back():
    """Rulebook: on a 7 whoever holds more than 7 cards returns half, rounded down."""
    waiting = _rulebooks_6(hand_of_red=["ore"] * 5 + ["wool"] * 4)
    assert game.produced(waiting, Dice(7), RED) == -4
    assert game.produced(waiting, Dice(7), BLUE) == 0


def test_produced_reads_only_what_every_seat_sees():
    waiting = _rulebooks_6(hand_of_red=["ore"] * 9)
    for seat in (RED, BLUE, 2):
        seen = game.view(waiting, seat)
        for total in range(2, 13):
            for whose in (RED, BLUE):
                assert game.produced(seen, Dice(total), whose) == game.produced(waiting, Dice(total), whose)
