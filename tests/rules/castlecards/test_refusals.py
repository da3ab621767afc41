"""Castlecards "why not?" (the screen API's ``refusals`` hook): the turn's
actions a player may not take now, a choice of cards not complete and a
Thief not held, each with the reason ``apply`` refuses it with (rulebook
seeds/003_fe56a2aaebf453b7.txt: Actions, Attack, Defense, Thief)."""

from __future__ import annotations

import castletui.rules.castlecards as game
import pytest
from castletui.rules.castlecards.state import (
    Academy,
    Attack,
    Build,
    Buy,
    Confirm,
    DrawVillage,
    Explore,
    King,
    NightAttack,
    Pending,
    Pick,
    PlayThief,
    Station,
)
from castletui.rules.core import IllegalAction, screen
from msgspec.structs import replace

from tests.rules.castlecards.helpers import run, table


def reasons(state, seat=0):
    return dict(game.refusals(state, seat))


def refused_as_apply_says(state, action, label, seat=0):
    with pytest.raises(IllegalAction) as refused:
        game.apply(state, action)
    assert reasons(state, seat)[label] == refused.value.reason
    return refused.value.reason


@pytest.mark.parametrize(
    ("hand", "action", "label", "reason"),
    [
        ([], Buy(), "Buy", "Buying takes a Gold card."),
        ([], Explore(), "Explore", "Exploring takes Explorers."),
        ([], Build(), "Build", "Building takes at least one Builders card."),
        (["builders", "gold"], Build(), "Build", "Building takes 4 cards of Builders and Gold."),
        ([], Academy(), "Academy", "The Academy takes a Duke."),
        (["duke", "gold"], Academy(), "Academy", "The Academy takes a Duke and 2 Gold."),
        ([], King(), "King", "You have no King."),
        ([], NightAttack(1, 1), "Night attack", "A Night attack takes a Night card."),
        (["gold"], Attack(1, 1), "Attack", "Attacking takes Soldiers, Bowmen or siege weapons."),
    ],
)
def test_each_turn_action_not_possible_says_why(hand, action, label, reason):
    """Actions: Buy (a Gold), Explore (Explorers), Build (4 Builders and Gold, one
    a Builder), Academy (a Duke and 2 Gold), King, Night attack, Attack."""
    state = table(2, hands={0: hand})
    assert refused_as_apply_says(state, action, label) == reason


def test_empty_decks_say_so():
    state = table(2, hands={0: ["explorers-1", "builders"] + ["gold"] * 3 + ["duke"]})
    state = replace(state, dungeon_deck=(), siege_deck=(), academy_deck=())
    assert refused_as_apply_says(state, Explore(), "Explore") == "The Dungeon deck is empty."
    assert refused_as_apply_says(state, Build(), "Build") == "The Siege deck is empty."
    assert refused_as_apply_says(state, Academy(), "Academy") == "The Academy deck is empty."


def test_drawing_as_an_action_is_listed_only_with_a_kings_actions():
    """King: two more actions, drawing a Village card counting as one."""
    assert "Draw a Village card" not in reasons(table(2, hands={0: ["gold"]}))
    state = run(table(2, hands={0: ["king"]}), King())
    state = replace(state, village_deck=(), discard=())
    assert refused_as_apply_says(state, DrawVillage(), "Draw a Village card") == (
        "The Village deck and its discards are empty."
    )


def test_one_defender_a_turn():
    """Defense: only one card is put under the fortress in each turn."""
    state = table(2, hands={0: ["bowmen-red", "bowmen-red"]}, turn=0)
    state = replace(state, stationed_this_turn=True)
    assert "already stationed" in reasons(state)["Defend"]
    with pytest.raises(IllegalAction, match="already stationed a defender this turn"):
        game.apply(state, Station("bowmen-red", 1))


def test_a_choice_of_cards_not_complete():
    """Attack: show one or several cards (only a Night attack may be a bluff);
    the Castle behind Walls only with an assault weapon."""
    state = run(table(2, hands={0: ["catapult"]}), Attack(1, 1))
    assert refused_as_apply_says(state, Confirm(), "Confirm") == (
        "Choose at least one card to attack with (only a Night attack may be a bluff)."
    )
    state = run(table(2, hands={0: ["battering-ram", "catapult"]}, walls={1: 1}), Attack(1, 0))
    state = run(state, Pick("catapult"))  # the Catapult alone cannot pass the Wall
    assert refused_as_apply_says(state, Confirm(), "Confirm") == (
        "A Wall still stands: only a Battering Ram or a Siege Tower reaches the Castle."
    )


def test_a_thief_not_held():
    """Thief: when anyone spends Gold, the holder of a Thief may take it. Everyone
    holding cards is asked (ask_everyone), so being asked tells nothing."""
    state = table(3, hands={0: ["gold"], 1: ["duke"], 2: ["thief"]})
    state = run(state, Buy())
    step = state.pending[-1]
    assert (step.kind, step.seat) == ("thief", 1)
    with pytest.raises(IllegalAction, match="You have no Thief."):
        game.apply(state, PlayThief())
    # Not listed as well: the seat's one line, its Pass, already says why.
    assert game.refusals(state, 1) == []
    assert "no Thief" in game.label(state, game.legal_actions(state)[0])


def test_nothing_is_refused_to_a_player_not_deciding():
    state = table(2, hands={0: []})
    assert game.refusals(state, 1) == []
    assert screen.refusals(game, state, 0)[0][:2] == ("Buy", "Buying takes a Gold card.")
    assert game.refusals(replace(state, pending=(Pending("end-action"),)), 0) == []
