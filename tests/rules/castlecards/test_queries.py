"""The screen's questions about an attack in progress (queries): live
totals while cards are picked, the outlook with a tie, hidden Night cards,
and the torches of Explorers being chosen."""

import castletui.rules.castlecards as game
from castletui.rules.castlecards.queries import (
    Outlook,
    attack_outlook,
    explore_succeeds,
    explore_torches,
    pick_outlook,
)
from castletui.rules.castlecards.state import Attack, Confirm, Explore, NightAttack, Pick

from tests.rules.castlecards.helpers import run, table


def test_no_attack_no_outlook():
    state = table(2, hands={0: ["soldiers-red-2"]})
    assert attack_outlook(state) is None
    assert pick_outlook(state, "soldiers-red-2") is None


def test_the_outlook_totals_the_picks_live_and_a_tie_fails():
    """The 2+1+1 Wall: 4 shields; 2 + 2 swords tie and fail, a third card wins."""
    state = table(
        2,
        hands={0: ["soldiers-red-2", "soldiers-blue-2", "bowmen-green"]},
        stationed={(1, 1): ["bowmen-blue", "bowmen-blue"]},
    )
    state = run(state, Attack(1, 1))
    assert attack_outlook(state) == Outlook(0, 4, 0, False)
    preview = pick_outlook(state, "soldiers-red-2")
    assert (preview.swords, preview.shields, preview.succeeds) == (2, 4, False)
    state = run(state, Pick("soldiers-red-2"), Pick("soldiers-blue-2"))
    assert attack_outlook(state) == Outlook(4, 4, 0, False)
    assert pick_outlook(state, "bowmen-green").succeeds
    assert pick_outlook(state, "gold") is None  # refused: not an attack card


def test_a_reaction_being_picked_changes_the_outlook():
    """Figure 2: 4 swords against 3 shields, a Trap being picked makes it fail."""
    state = table(
        2, hands={0: ["soldiers-red-2", "soldiers-blue-2"], 1: ["trap", "shield-wall"]}, walls={1: 0}
    )
    state = run(state, Attack(1, 0), Pick("soldiers-red-2"), Pick("soldiers-blue-2"), Confirm())
    assert attack_outlook(state).succeeds
    assert pick_outlook(state, "trap") == Outlook(2, 3, 0, False)
    assert pick_outlook(state, "shield-wall") == Outlook(4, 5, 0, False)


def test_night_cards_are_hidden_from_the_defender_view():
    state = table(2, hands={0: ["night", "catapult"], 1: ["trap"]})
    state = run(state, NightAttack(1, 2), Pick("catapult"), Confirm())
    defender = game.view(state, 1)
    outlook = attack_outlook(defender)
    assert (outlook.swords, outlook.hidden) == (0, 1)
    assert attack_outlook(state) == Outlook(3, 2, 0, True)
    assert pick_outlook(defender, "trap").hidden == 1


def test_explorers_torches_are_totalled():
    state = table(2, hands={0: ["explorers-1", "explorers-2"]})
    state = run(state, Explore(), Pick("explorers-2"))
    assert explore_torches(state) == 2
    state = run(state, Pick("explorers-1"))
    assert explore_torches(state) == 3
    assert explore_succeeds(3, 2) and not explore_succeeds(2, 2)
