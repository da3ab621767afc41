"""Castlecards attacks: the rulebook's worked examples (Figure 2, the 2+1+1
Wall), every Academy reaction, Night attacks and bluffs, which cards reach a
Castle, and support with 3-4 players."""

import castletui.rules.castlecards as game
import pytest
from castletui.rules.castlecards.edition import HIDDEN
from castletui.rules.castlecards.fortress import attack_total, card_shields, defence_total
from castletui.rules.castlecards.queries import refusal
from castletui.rules.castlecards.state import Attack, Confirm, NightAttack, Pick, Station
from castletui.rules.core import CHANCE, IllegalAction, name_seats

from tests.rules.castlecards.helpers import run, table


def _attack(state, target, slot, cards, garrison=False):
    state = run(state, Attack(target, slot, garrison))
    return run(state, *(Pick(card) for card in cards))


def test_figure_2_a_trap_turns_4_swords_against_3_shields_into_a_failure():
    """Rulebook Figure 2: (1) the attacked card has 3 shields, (2) 4 swords
    attack, (3) the defender plays a Trap (-2 swords), (4) 2 swords fail."""
    state = table(2, hands={0: ["soldiers-red-2", "soldiers-blue-2"], 1: ["trap"]}, walls={1: 0})
    state = _attack(state, 1, 0, ["soldiers-red-2", "soldiers-blue-2"])
    assert defence_total(state) == 3
    assert attack_total(state) == 4
    state = run(state, Confirm())
    assert game.to_move(state) == 1  # the defender's reaction step
    state = run(state, Pick("trap"))
    assert attack_total(state) == 2  # the panel totals the reaction live
    state = run(state, Confirm())
    assert state.assault.outcome == "failure"
    assert (state.assault.swords, state.assault.shields) == (2, 3)
    assert not state.players[1].out and state.players[1].fortress[0].standing
    assert {"soldiers-red-2", "soldiers-blue-2", "trap"} <= set(state.discard)
    assert state.turn == 1 and game.to_move(state) == CHANCE  # the defender's turn draw


def test_figure_2_without_the_trap_4_swords_beat_3_shields_and_win():
    state = table(2, hands={0: ["soldiers-red-2", "soldiers-blue-2"], 1: ["trap"]}, walls={1: 0})
    state = _attack(state, 1, 0, ["soldiers-red-2", "soldiers-blue-2"])
    state = run(state, Confirm(), Confirm())  # no reaction
    assert state.assault.outcome == "success"
    assert game.to_move(state) is None
    assert game.result(state).winners == (0,)
    assert game.result(state).decided_by == "The last castle standing."


def test_a_tie_fails():
    state = table(2, hands={0: ["soldiers-red-2"]})
    state = run(state, *[Attack(1, 1), Pick("soldiers-red-2"), Confirm()])
    assert state.assault.outcome == "failure"
    assert state.players[1].fortress[1].standing


def test_the_2_plus_1_plus_1_wall_and_its_garrison_of_2():
    """Rulebook, Attack: a Wall with 2 Bowmen is 2 + 1 + 1 = 4 shields; its
    units alone are 1 + 1 = 2."""
    state = table(2, stationed={(1, 1): ["bowmen-blue", "bowmen-blue"]})
    wall = state.players[1].fortress[1]
    assert card_shields(wall) == 4
    assert card_shields(wall, garrison=True) == 2
    assert Attack(1, 1, True) in game.legal_actions(
        table(2, hands={0: ["catapult"]}, stationed={(1, 1): ["bowmen-blue"]})
    )


def test_attacking_the_garrison_discards_the_units_and_earns_no_loot():
    state = table(
        2, hands={0: ["soldiers-red-2", "bowmen-red"]}, stationed={(1, 1): ["bowmen-blue", "bowmen-blue"]}
    )
    state = _attack(state, 1, 1, ["soldiers-red-2", "bowmen-red"], garrison=True)
    assert defence_total(state) == 2 and attack_total(state) == 3
    state = run(state, Confirm())
    assert state.assault.outcome == "success"
    wall = state.players[1].fortress[1]
    assert wall.standing and wall.stationed == ()
    assert state.discard.count("bowmen-blue") == 2
    assert state.players[0].hand == ()  # no loot
    assert state.pending[-1].target == 1  # straight on to the next turn's draw


def test_the_whole_wall_needs_more_than_4_and_gives_loot():
    stationed = {(1, 1): ["bowmen-blue", "bowmen-blue"]}
    state = table(2, hands={0: ["soldiers-red-2", "soldiers-red-1", "bowmen-red"]}, stationed=stationed)
    state = run(
        state, Attack(1, 1), Pick("soldiers-red-2"), Pick("soldiers-red-1"), Pick("bowmen-red"), Confirm()
    )
    assert state.assault.outcome == "failure"  # 4 against 4

    state = table(2, hands={0: ["catapult", "soldiers-red-2"]}, stationed=stationed)
    state = run(state, Attack(1, 1), Pick("catapult"), Pick("soldiers-red-2"), Confirm())
    assert state.assault.outcome == "success"
    wall = state.players[1].fortress[1]
    assert not wall.standing and wall.stationed == ()
    assert state.discard.count("bowmen-blue") == 2  # its defenders are discarded
    top = state.pending[-1]
    assert (top.kind, top.source, top.dest, top.target) == ("draw", "village", "hand", 0)  # loot, 2 players
    state = run(state, "gold")
    assert state.players[0].hand == ("gold",)


def test_shield_wall_adds_2_shields():
    state = table(2, hands={0: ["catapult", "bowmen-red"], 1: ["shield-wall"]})
    state = _attack(state, 1, 1, ["catapult", "bowmen-red"])
    state = run(state, Confirm(), Pick("shield-wall"))
    assert defence_total(state) == 4
    state = run(state, Confirm())
    assert state.assault.outcome == "failure"  # 4 against 2 + 2
    assert "shield-wall" in state.discard


def test_sabotage_discards_the_strongest_siege_weapon_of_the_attack():
    state = table(2, hands={0: ["catapult", "soldiers-red-1"], 1: ["sabotage"]})
    state = _attack(state, 1, 1, ["catapult", "soldiers-red-1"])
    state = run(state, Confirm(), Pick("sabotage"))
    assert attack_total(state) == 1
    state = run(state, Confirm())
    assert state.assault.outcome == "failure"
    assert "catapult" in state.discard


def test_boiling_oil_discards_the_strongest_soldiers_or_bowmen_of_the_attack():
    state = table(2, hands={0: ["soldiers-red-2", "bowmen-red", "siege-tower"], 1: ["boiling-oil"]})
    state = _attack(state, 1, 1, ["soldiers-red-2", "bowmen-red"])
    state = run(state, Confirm(), Pick("boiling-oil"))
    assert attack_total(state) == 1
    state = run(state, Confirm())
    assert state.assault.outcome == "failure"


def test_several_academy_cards_at_once():
    state = table(2, hands={0: ["trebuchet", "catapult"], 1: ["trap", "shield-wall", "sabotage"]})
    state = _attack(state, 1, 1, ["trebuchet", "catapult"])  # 7 swords
    state = run(state, Confirm(), Pick("trap"), Pick("shield-wall"))
    assert (attack_total(state), defence_total(state)) == (5, 4)
    state = run(state, Pick("sabotage"))  # the Trebuchet goes: 3 - 2 = 1
    assert attack_total(state) == 1
    state = run(state, Confirm())
    assert state.assault.outcome == "failure"
    assert {"trap", "shield-wall", "sabotage"} <= set(state.discard)
    assert state.players[1].hand == ()


def test_with_ask_everyone_off_the_defender_is_not_asked_without_academy_cards():
    state = table(2, hands={0: ["catapult"], 1: ["gold"]}, ask_everyone=False)
    state = _attack(state, 1, 1, ["catapult"])
    state = run(state, Confirm())
    assert state.assault.outcome == "success"


def test_night_attack_cards_stay_hidden_and_the_defender_reacts_blind():
    state = table(2, hands={0: ["night", "catapult", "bowmen-red"], 1: ["trap"]})
    state = run(state, NightAttack(1, 1), Pick("catapult"), Confirm())
    assert "night" in state.discard
    assert game.to_move(state) == 1
    assert attack_total(game.view(state, 1)) == 0  # the defender sees nothing
    state = run(state, Pick("trap"), Confirm())
    assert state.assault.revealed
    assert state.assault.outcome == "failure"  # 3 - 2 = 1 against 2


def test_a_night_bluff_with_no_cards_wastes_the_defenders_trap():
    """A Night card with nothing under it (castletui's reading: a bluff)."""
    state = table(2, hands={0: ["night"], 1: ["trap"]})
    assert NightAttack(1, 1) in game.legal_actions(state)
    state = run(state, NightAttack(1, 1))
    assert Confirm() in game.legal_actions(state)  # no card needed at night
    state = run(state, Confirm())
    assert game.to_move(state) == 1
    state = run(state, Pick("trap"), Confirm())
    assert state.assault.outcome == "failure" and state.assault.swords == 0
    assert "trap" in state.discard and state.players[1].hand == ()
    assert game.describe(table(2, hands={0: ["night"]}), NightAttack(1, 1)).endswith("in the dark.")


def test_a_day_attack_needs_at_least_one_card():
    state = table(2, hands={0: ["catapult"]})
    state = run(state, Attack(1, 1))
    assert Confirm() not in game.legal_actions(state)
    with pytest.raises(IllegalAction, match="at least one card"):
        game.apply(state, Confirm())


def test_the_castle_is_out_of_reach_behind_walls():
    state = table(2, hands={0: ["catapult", "battering-ram"]})
    assert Attack(1, 0) not in game.legal_actions(state)
    with pytest.raises(IllegalAction, match="Siege Tower"):
        game.apply(state, Attack(1, 0))


def test_the_battering_ram_passes_only_the_last_wall():
    state = table(2, hands={0: ["battering-ram", "catapult"]}, walls={1: 1})
    assert Attack(1, 0) in game.legal_actions(state)
    state = run(state, Attack(1, 0), Pick("catapult"))
    assert Confirm() not in game.legal_actions(state)  # the Ram has to be in the attack
    with pytest.raises(IllegalAction, match="Battering Ram"):
        game.apply(state, Confirm())
    state = run(state, Pick("battering-ram"), Confirm())
    assert state.assault.outcome == "success" and game.result(state).winners == (0,)


def test_the_siege_tower_passes_every_wall():
    state = table(2, hands={0: ["siege-tower", "catapult"]})
    assert Attack(1, 0) in game.legal_actions(state)
    state = run(state, Attack(1, 0), Pick("siege-tower"), Pick("catapult"), Confirm())
    assert (state.assault.swords, state.assault.shields) == (4, 3)
    assert state.assault.outcome == "success"
    assert game.result(state).winners == (0,)


def test_sabotaging_the_siege_tower_leaves_the_castle_out_of_reach():
    """Rulebook (seeds/003_fe56a2aaebf453b7.txt): assault weapons "allow to
    directly attack the Castle, although it has walls", and the Academy
    removes "siege weapons". With its only Siege Tower sabotaged nothing
    carries the attack past the Walls: it fails, whatever its swords. The
    defender would sabotage the Tower rather than the stronger Catapult."""
    hands = {0: ["siege-tower", "catapult", "soldiers-red-2"], 1: ["sabotage"]}
    state = table(2, hands=hands)
    state = _attack(state, 1, 0, ["siege-tower", "catapult", "soldiers-red-2"])
    state = run(state, Confirm())
    assert attack_total(state) == 6
    assert attack_total(run(state, Pick("sabotage"))) == 0  # the panel shows it before confirming
    state = run(state, Pick("sabotage"), Confirm())
    assert state.assault.outcome == "failure" and state.assault.swords == 0
    (weighed,) = [event for event in state.events if event.kind == "attack-weighed"]
    _, _, _, _, _, success, cut, *_ = weighed.detail
    assert cut and not success  # the log's verdict says the way past the Walls was cut
    assert state.players[1].fortress[0].standing


def test_one_sabotage_cannot_stop_two_weapons_that_pass_the_last_wall():
    """Rulebook: "The Battering Ram can pass only 1 wall (the last one)" and
    "The Siege Tower can pass all the walls": with one Wall left both carry
    the attack, so one Sabotage cannot cut the way; it takes the strongest
    weapon and the attack goes ahead against the Castle."""
    hands = {0: ["siege-tower", "battering-ram", "catapult"], 1: ["sabotage"]}
    state = _attack(table(2, hands=hands, walls={1: 1}), 1, 0, ["siege-tower", "battering-ram", "catapult"])
    state = run(state, Confirm(), Pick("sabotage"), Confirm())
    assert state.assault.swords == 3 and state.assault.outcome == "failure"  # 1 + 2 against 3
    both = {0: ["siege-tower", "battering-ram", "catapult"], 1: ["sabotage", "sabotage"]}
    state = _attack(table(2, hands=both, walls={1: 1}), 1, 0, ["siege-tower", "battering-ram", "catapult"])
    state = run(state, Confirm(), Pick("sabotage"), Pick("sabotage"), Confirm())
    assert state.assault.swords == 0  # two Sabotages take both: out of reach


def test_you_cannot_attack_a_fallen_card_or_yourself():
    state = table(2, hands={0: ["catapult"]}, walls={1: 2})
    with pytest.raises(IllegalAction, match="already fallen"):
        game.apply(state, Attack(1, 3))
    with pytest.raises(IllegalAction, match="own fortress"):
        game.apply(state, Attack(0, 1))
    with pytest.raises(IllegalAction, match="No units"):
        game.apply(state, Attack(1, 1, True))


def test_support_with_three_players_asks_the_others_in_turn_order():
    state = table(3, hands={0: ["bowmen-red"], 2: ["catapult"], 1: ["trap"]})
    state = run(state, Attack(1, 1), Pick("bowmen-red"), Confirm())
    assert game.to_move(state) == 2 and state.pending[-1].purpose == "support"
    state = run(state, Pick("catapult"))
    assert attack_total(state) == 4
    state = run(state, Confirm())
    assert game.to_move(state) == 1 and state.pending[-1].purpose == "react"
    state = run(state, Confirm())
    assert state.assault.outcome == "success"
    top = state.pending[-1]
    assert (top.source, top.dest, top.target) == ("village", "loot", 0)  # the attacker gets the loot


def test_a_card_sent_in_support_reads_so_in_the_log():
    """Issue 43, item 9: the log read "Milo sends in support a card."."""
    state = table(3, hands={0: ["bowmen-red"], 2: ["catapult"], 1: ["trap"]})
    state = run(state, Attack(1, 1), Pick("bowmen-red"), Confirm())
    names = ["Ann", "Bo", "Milo"]
    assert name_seats(game.describe(state, Pick("catapult")), names) == "Milo sends Catapult in support."
    assert name_seats(game.describe(state, Pick(HIDDEN)), names) == "Milo sends a card in support."


def test_support_order_with_four_players_and_declining():
    state = table(4, hands={0: ["bowmen-red"], 1: ["catapult"], 3: ["soldiers-yellow-2"]})
    state = run(state, Attack(2, 1), Pick("bowmen-red"), Confirm())
    assert game.to_move(state) == 1
    state = run(state, Confirm())  # declines
    assert game.to_move(state) == 3
    state = run(state, Pick("soldiers-yellow-2"), Confirm())
    assert state.assault.outcome == "success"  # 1 + 2 against 2


def test_no_support_with_two_players():
    state = table(2, hands={0: ["bowmen-red"]})
    state = run(state, Attack(1, 1), Pick("bowmen-red"), Confirm())
    assert state.assault.outcome == "failure"


def test_a_station_then_the_shields_grow():
    state = table(2, hands={0: ["bowmen-red"]})
    state = run(state, Station("bowmen-red", 2))
    assert card_shields(state.players[0].fortress[2]) == 3


def test_refusal_explains_a_confirm_that_cannot_be_made_yet():
    state = run(
        table(2, hands={0: ["battering-ram", "catapult"]}, walls={1: 1}), Attack(1, 0), Pick("catapult")
    )
    assert "Battering Ram" in refusal(state, Confirm())
    assert refusal(state, Pick("battering-ram")) == ""
